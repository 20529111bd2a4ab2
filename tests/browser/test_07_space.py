"""Notebook 07 in a real browser: the nearest-magic-matrix widget.

Selectors (see magiclib/widgets/space.py):

- the inputs of X: ``.magiclib-space-cell-R-C input`` (R, C from 1; hidden label "row R-1, column C-1",
  counted from 0 as in the notebook);
  type a number and press Enter;
- the tables: ``.magiclib-space-m``, ``.magiclib-space-p`` (the projection ΠX) and
  ``.magiclib-space-r`` (the residual), one ``td`` per entry, e.g. "-1/18";
- the line sums of ΠX: ``.magiclib-space-sums`` ("✓ all 8 lines of ΠX sum to 15");
- the norms: ``.magiclib-space-norms``.
"""

from __future__ import annotations

from fractions import Fraction

from magiclib.matrices import nearest_magic

from .harness import errors_on_page, open_notebook, run_all, screenshot

NOTEBOOK = "07_the_space_of_magic_matrices.ipynb"
START = [[8, 1, 6], [3, 5, 7], [4, 9, 3]]  # the widget's default: magic(3) with 2 -> 3


def _projection_shown(page) -> list[list[Fraction]]:
    texts = page.locator(".magiclib-space-p td").all_text_contents()
    assert len(texts) == 9, texts
    values = [Fraction(t.strip()) for t in texts]
    return [values[0:3], values[3:6], values[6:9]]


def _is_magic(p: list[list[Fraction]]) -> bool:
    n = len(p)
    sums = {sum(row) for row in p} | {sum(p[i][j] for i in range(n)) for j in range(n)}
    sums |= {sum(p[i][i] for i in range(n)), sum(p[i][n - 1 - i] for i in range(n))}
    return len(sums) == 1


def _expected(m) -> list[list[Fraction]]:
    p = nearest_magic(m)
    return [[Fraction(int(x.p), int(x.q)) for x in row] for row in p.tolist()]


def test_nearest_magic_widget_in_lab(lab_server, page):
    open_notebook(page, lab_server, NOTEBOOK)
    run_all(page)
    assert errors_on_page(page) == []
    widget = page.locator(".magiclib-space").first
    widget.wait_for(state="attached")
    widget.scroll_into_view_if_needed()
    # the hidden labels name each input for screen readers
    labels = page.locator(".magiclib-space-cell .widget-label").all_text_contents()
    assert labels[:3] == ["row 0, column 0", "row 0, column 1", "row 0, column 2"]
    before = _projection_shown(page)
    assert before == _expected(START) and _is_magic(before)
    assert "lines of ΠX sum to" in page.locator(".magiclib-space-sums").first.inner_text()

    # change the top-left cell: 8 -> 20, press Enter; ΠX must change and stay magic
    box = page.locator(".magiclib-space-cell-1-1 input").first
    box.fill("20")
    box.press("Enter")
    edited = [[20, 1, 6], [3, 5, 7], [4, 9, 3]]
    want = _expected(edited)
    page.wait_for_function(
        "(first) => { const td = document.querySelector('.magiclib-space-p td');"
        " return td && td.textContent.trim() === first; }",
        arg=str(want[0][0]),
        timeout=30_000,
    )
    after = _projection_shown(page)
    assert after == want and after != before and _is_magic(after)
    sums = page.locator(".magiclib-space-sums").first.inner_text()
    total = sum(after[0])
    assert f"all 8 lines of ΠX sum to {total}" in sums.replace("\u2009", " ")
    assert "✓" in page.locator(".magiclib-space-norms").first.inner_text()
    widget.screenshot(path=str(screenshot(page, "07_space_lab").with_name("07_space_lab-widget.png")))
