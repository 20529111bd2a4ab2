"""Notebook 04 in a real browser: the "Fill the free cells" widget, in JupyterLab. (The same fill in
Voilà, with the network refused and the code hidden, is test_08_delivery.test_hexagon_widget_in_voila.)

Selectors (the same in JupyterLab and Voilà; see magiclib/widgets/hexagon.py):

- free-value inputs: ``.magiclib-hexagon-x10 input`` ... ``.magiclib-hexagon-x19 input``
  (labels "x10" ... "x19"); type a number and press Enter;
- line-sum input: ``.magiclib-hexagon-total input`` (label "line sum");
- the drawing: ``.magiclib-hexagon-board``; each of the 15 line sums is an SVG
  ``text.line-sum`` (``data-line`` 0..14) reading e.g. "38 ✓ ←" (an arrow points at its line);
  each cell value a
  ``text.cell`` with ``data-cell`` 1..19;
- the verdict: ``.magiclib-hexagon-verdict``, starting "✓ A magic hexagon" or "✗ Not magic yet".
"""

from __future__ import annotations

from magiclib import hexagon

from .harness import errors_on_page, open_notebook, run_all, screenshot

NOTEBOOK = "04_magic_hexagon_linear_algebra.ipynb"
ADAMS_FREE = {k: hexagon.MAGIC_HEXAGON[k - 1] for k in hexagon.free_variables()}


def _enter_free_values(page, values: dict[int, int]) -> None:
    for k, v in values.items():
        box = page.locator(f".magiclib-hexagon-x{k} input").first
        box.fill(str(v))
        box.press("Enter")


def _check_magic(page, name: str) -> None:
    verdict = page.locator(".magiclib-hexagon-verdict").first
    verdict.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => { const v = document.querySelector('.magiclib-hexagon-verdict');"
        " return v && v.textContent.includes('A magic hexagon'); }",
        timeout=30_000,
    )
    sums = page.locator(".magiclib-hexagon-board text.line-sum").all_text_contents()
    assert [s.rsplit(" ", 1)[0] for s in sums] == ["38 ✓"] * 15  # each ends with an arrow to its line
    cells = page.locator(".magiclib-hexagon-board text.cell").all_text_contents()
    assert [int(c) for c in cells] == list(hexagon.MAGIC_HEXAGON)
    page.locator(".magiclib-hexagon").first.screenshot(
        path=str(screenshot(page, name).with_name(f"{name}-widget.png"))
    )


def test_fill_the_free_cells_in_lab(lab_server, page):
    open_notebook(page, lab_server, NOTEBOOK)
    run_all(page)
    assert errors_on_page(page) == []
    verdict = page.locator(".magiclib-hexagon-verdict").first
    verdict.wait_for(state="attached")
    assert "Not magic yet" in verdict.inner_text()
    # every line already sums to 38 before the right values are in: that is B·f + p
    sums = page.locator(".magiclib-hexagon-board text.line-sum").all_text_contents()
    assert [s.rsplit(" ", 1)[0] for s in sums] == ["38 ✓"] * 15
    _enter_free_values(page, ADAMS_FREE)
    _check_magic(page, "04_hexagon_lab")
