"""Classroom delivery: the offline HTML pages and the Voilà app, in headless Chromium.

1. ``scripts/export_html.py`` exports notebook 01 (as committed, not re-run) to a
   temporary folder; the page is opened from disk (file://) with every non-file
   request aborted and recorded; Play on the self-contained Siamese animation must
   change the grid, MathJax must come from the local copy, and nothing external
   may have been asked for.
2. Notebook 04 in Voilà (code hidden, live kernel): the seven free cells of the
   hexagon widget are filled with the values of the magic hexagon and every line
   sum must read 38.

A test skips only when its notebook file does not exist yet. Screenshots go to
test-artifacts/screenshots/08_*.png.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from .harness import NOTEBOOKS, ROOT, screenshot

EXPORT = ROOT / "scripts" / "export_html.py"
NB01 = "01_siamese_walk.ipynb"
NB04 = "04_magic_hexagon_linear_algebra.ipynb"
MAIL_LIMIT_MB = 20

# Selectors of the self-contained animation (magiclib.animate.html_animation).
ANIMATION = ".mlanim"
VISIBLE_FRAME = ".mlanim-frame[style*='display:block'], .mlanim-frame[style*='display: block']"

# Selectors of the hexagon widget (magiclib.widgets.hexagon), as documented at the top of
# tests/browser/test_04_hexagon.py: each free cell is an input described "x10", "x11", ...;
# the verdict is an element with the CSS class magiclib-hexagon-verdict.
VERDICT = ".magiclib-hexagon-verdict"


def need(notebook: str) -> Path:
    """The notebook's path, or a skip saying which file is missing."""
    path = NOTEBOOKS / notebook
    if not path.is_file():
        pytest.skip(f"notebooks/{notebook} does not exist yet (written by its own issue)")
    return path


def export(out: Path, *notebooks: Path) -> str:
    """Run the export script into ``out``; return what it printed."""
    result = subprocess.run([sys.executable, str(EXPORT), "--out", str(out), *map(str, notebooks)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, f"export failed:\n{result.stdout}\n{result.stderr}"
    return result.stdout


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


def test_exported_siamese_animation_plays_offline(browser, tmp_path):
    nb01 = need(NB01)
    export(tmp_path, nb01)
    html_file = tmp_path / (nb01.stem + ".html")
    text = html_file.read_text(encoding="utf-8")
    assert not re.search(r"<script[^>]+src=[\"']?(https?:)?//", text), "a script is loaded from the network"
    assert (tmp_path / "mathjax" / "MathJax.js").is_file()

    page, refused = offline_page(browser)
    try:
        page.goto(html_file.as_uri())
        page.wait_for_load_state("load")
        animations = page.locator(ANIMATION)
        assert animations.count() >= 1, "notebook 01 shows no self-contained animation (magiclib.animate)"
        siamese = page.locator(".mlanim-siamese")
        anim = siamese.first if siamese.count() else animations.first
        anim.scroll_into_view_if_needed()
        frame = anim.locator(VISIBLE_FRAME)
        before_step = anim.get_attribute("data-frame")
        before = frame.first.inner_text()
        screenshot(page, "08_offline_siamese_before")

        anim.locator(".mlanim-play").click()
        page.wait_for_function(
            "([el, step]) => el.dataset.frame !== step && +el.dataset.frame >= 2",
            arg=[anim.element_handle(), before_step], timeout=20_000)
        after = anim.locator(VISIBLE_FRAME).first.inner_text()
        assert after != before, "Play was pressed but the grid did not change"
        anim.scroll_into_view_if_needed()
        screenshot(page, "08_offline_siamese_playing")

        # Maths are typeset by the local MathJax (if the page has any maths).
        if "$" in text:
            page.wait_for_function("() => window.MathJax && document.querySelector('.MathJax, .MathJax_Display')",
                                   timeout=30_000)
        assert refused == [], f"the offline page asked the network for {refused}"
    finally:
        page.context.close()


def test_whole_suite_export_is_small_and_self_contained(tmp_path):
    notebooks = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if not notebooks:
        pytest.skip("no notebooks yet")
    printed = export(tmp_path, *notebooks)
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    positions = []
    for nb in notebooks:
        page = tmp_path / (nb.stem + ".html")
        assert page.is_file(), f"{page.name} was not written"
        positions.append(index.index(f'href="{page.name}"'))
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"<(script|link)[^>]+(src|href)=[\"']?(https?:)?//", text), page.name
        assert not re.search(r"<img[^>]+src\s*=\s*[\"'](?!data:)", text), f"{page.name} links a picture"
    assert positions == sorted(positions), "index.html does not list the notebooks in order"
    size_mb = sum(f.stat().st_size for f in tmp_path.rglob("*") if f.is_file()) / 1e6
    assert size_mb < MAIL_LIMIT_MB, f"the export is {size_mb:.1f} MB:\n{printed}"


def test_hexagon_widget_in_voila(voila_server, page):
    need(NB04)
    from magiclib import hexagon

    free = hexagon.free_variables()
    values = {f"x{i}": hexagon.MAGIC_HEXAGON[i - 1] for i in free}
    server = voila_server(NB04)
    try:
        page.goto(server.url(NB04), timeout=180_000)
        first = f"x{free[0]}"
        page.get_by_label(first, exact=True).first.wait_for(timeout=180_000)
        assert page.locator(".jp-InputArea, .jp-CodeCell .cm-editor").count() == 0, "Voilà shows code"
        for label, value in values.items():
            box = page.get_by_label(label, exact=True).first
            box.fill(str(value))
            box.press("Enter")
        verdict = page.locator(VERDICT).first
        verdict.scroll_into_view_if_needed()
        page.wait_for_function(
            """(sel) => { const v = document.querySelector(sel);
                          return v && /magic/i.test(v.textContent) && !/not/i.test(v.textContent); }""",
            arg=VERDICT, timeout=30_000)
        widget_text = page.locator(".widget-vbox, .widget-box").first.inner_text()
        sums = [int(s) for s in re.findall(r"\b(\d+)\b", verdict.inner_text())]
        screenshot(page, "08_voila_hexagon")
        assert "38" in widget_text or 38 in sums
    finally:
        page.goto("about:blank")
