"""Classroom delivery: the offline HTML pages and the Voilà app, in headless Chromium.

1. ``scripts/export_html.py`` exports the suite (as committed, not re-run) to a temporary
   folder; notebook 01's page is opened from disk (file://) with every non-file
   request aborted and recorded; Play on the self-contained Siamese animation must
   change the grid, MathJax must come from the local copy, and nothing external
   may have been asked for. The same for the queens backtracking of notebook 03.
   A third test reads the whole export: every page written, in order in the index,
   no network script or linked picture, and less than 20 MB in all.
2. Notebook 04 in Voilà (code hidden, live kernel, network refused): the seven
   free cells of the hexagon widget are filled with the values of the magic
   hexagon; every line sum must read 38, the cells hold 1..19 and the verdict
   says it is magic.

A test skips only when its notebook file does not exist yet. Screenshots go to
test-artifacts/screenshots/08_*.png.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from .harness import NOTEBOOKS, refuse_network, screenshot

NB01 = "01_siamese_walk.ipynb"
NB03 = "03_queens_in_a_magic_square.ipynb"
NB04 = "04_magic_hexagon_linear_algebra.ipynb"
MAIL_LIMIT_MB = 20

# Selectors of the self-contained animation (magiclib.show.html_animation).
ANIMATION = ".mlanim"
VISIBLE_FRAME = ".mlanim-frame[style*='display:block'], .mlanim-frame[style*='display: block']"

# Selectors of the hexagon widget (documented in magiclib/widgets/hexagon.py): the whole widget
# has the class magiclib-hexagon; the free inputs magiclib-hexagon-x10 ... (labels "x10" ...);
# every line sum is an SVG text with class line-sum; the verdict magiclib-hexagon-verdict.
WIDGET = ".magiclib-hexagon"
LINE_SUM = ".magiclib-hexagon-board .line-sum"
VERDICT = ".magiclib-hexagon-verdict"


def need(notebook: str) -> Path:
    """The notebook's path, or a skip saying which file is missing."""
    path = NOTEBOOKS / notebook
    if not path.is_file():
        pytest.skip(f"notebooks/{notebook} does not exist yet (written by its own issue)")
    return path


def first_code_line(notebook: Path) -> str:
    """The first non-blank line of the notebook's first code cell."""
    nb = nbformat.read(notebook, as_version=4)
    code = next(c.source for c in nb.cells if c.cell_type == "code" and c.source.strip())
    return next(line for line in code.splitlines() if line.strip())


def has_maths(notebook: Path) -> bool:
    """True when a markdown cell of the notebook holds TeX between dollars."""
    nb = nbformat.read(notebook, as_version=4)
    return any(re.search(r"\$[^$\n]+\$", c.source) for c in nb.cells if c.cell_type == "markdown")


def offline_page(browser):
    """A page in a context that serves file:// only; returns (page, list of refused URLs)."""
    refused: list[str] = []
    context = browser.new_context(viewport={"width": 1400, "height": 1000})

    def route(r):
        if r.request.url.startswith(("file://", "data:", "about:")):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.set_default_timeout(30_000)
    return page, refused


@pytest.mark.parametrize("notebook, name", [(NB01, "siamese"), (NB03, "queens")])
def test_exported_animation_plays_offline(browser, english_site, notebook, name):
    path = need(notebook)
    site = english_site[0]
    html_file = site / (path.stem + ".html")
    text = html_file.read_text(encoding="utf-8")
    assert not re.search(r"<script[^>]+src=[\"']?(https?:)?//", text), "a script is loaded from the network"
    assert (site / "mathjax" / "MathJax.js").is_file()

    page, refused = offline_page(browser)
    try:
        page.goto(html_file.as_uri())
        page.wait_for_load_state("load")
        animations = page.locator(f"{ANIMATION}-{name}")
        assert animations.count() >= 1, (
            f"{notebook} shows no self-contained animation named {name!r} (magiclib.show.html_animation)"
        )
        anim = animations.first
        anim.scroll_into_view_if_needed()
        before_step = anim.get_attribute("data-frame")
        before = anim.locator(VISIBLE_FRAME).first.inner_text()
        screenshot(page, f"08_offline_{name}_before")

        anim.locator(".mlanim-play").click()
        page.wait_for_function(
            "([el, step]) => el.dataset.frame !== step && +el.dataset.frame >= 2",
            arg=[anim.element_handle(), before_step],
            timeout=20_000,
        )
        after = anim.locator(VISIBLE_FRAME).first.inner_text()
        assert after != before, "Play was pressed but the grid did not change"
        anim.scroll_into_view_if_needed()
        screenshot(page, f"08_offline_{name}_playing")

        # Maths are typeset by the local copy of MathJax (when the page has any maths).
        if has_maths(path):
            page.wait_for_function(
                "() => window.MathJax && document.querySelector('.MathJax, .MathJax_Display')", timeout=30_000
            )
        assert refused == [], f"the offline page asked the network for {refused}"
    finally:
        page.context.close()


def test_whole_suite_export_is_small_and_self_contained(english_site):
    notebooks = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    site, printed = english_site
    index = (site / "index.html").read_text(encoding="utf-8")
    positions = []
    for nb in notebooks:
        page = site / (nb.stem + ".html")
        assert page.is_file(), f"{page.name} was not written"
        positions.append(index.index(f'href="{page.name}"'))
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"<(script|link)[^>]+(src|href)=[\"']?(https?:)?//", text), page.name
        assert not re.search(r"<img[^>]+src\s*=\s*[\"'](?!data:)", text), f"{page.name} links a picture"
    assert positions == sorted(positions), "index.html does not list the notebooks in order"
    size_mb = sum(f.stat().st_size for f in site.rglob("*") if f.is_file()) / 1e6
    assert size_mb < MAIL_LIMIT_MB, f"the export is {size_mb:.1f} MB:\n{printed}"


def test_hexagon_widget_in_voila(voila_server, page):
    nb04 = need(NB04)
    from magiclib import hexagon

    free = hexagon.free_variables()
    values = {f"x{i}": hexagon.MAGIC_HEXAGON[i - 1] for i in free}
    server = voila_server(NB04)
    # The classroom may be offline: refuse everything that is not this server, and record it.
    refused = refuse_network(page.context, (f"http://127.0.0.1:{server.port}/", "data:", "blob:"))
    try:
        page.goto(server.url(NB04), timeout=180_000)
        widget = page.locator(WIDGET).first
        widget.locator(f".magiclib-hexagon-x{free[0]} input").wait_for(timeout=180_000)
        body = page.inner_text("body")
        assert first_code_line(nb04) not in body, "Voilà shows the notebook's code"
        verdict = widget.locator(VERDICT)
        assert "A magic hexagon" not in verdict.inner_text()  # the widget starts from another fill
        for label, value in values.items():
            box = widget.locator(f".magiclib-hexagon-{label} input")
            box.fill(str(value))
            box.press("Enter")
        verdict.scroll_into_view_if_needed()
        page.wait_for_function(
            "(el) => el.textContent.includes('A magic hexagon')", arg=verdict.element_handle(), timeout=30_000
        )
        assert "all 15 lines sum to 38" in verdict.inner_text()
        sums = widget.locator(LINE_SUM).all_text_contents()  # SVG text: no innerText
        assert len(sums) == 15 and all(s.split()[0] == "38" for s in sums), sums
        cells = {
            int(c.get_attribute("data-cell")): int(c.text_content())
            for c in widget.locator(".magiclib-hexagon-board .cell").all()
        }
        assert sorted(cells.values()) == list(range(1, 20))
        widget.scroll_into_view_if_needed()
        screenshot(page, "08_voila_hexagon")
        # Nothing may go out, not even the Font Awesome style sheets of Voilà's stock template
        # (`make setup` installs the `magiclib` template without them: scripts/configure_jupyter.py).
        assert refused == [], f"the Voilà page asked the network for {refused}"
    finally:
        page.goto("about:blank")
