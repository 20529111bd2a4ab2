"""One edition page per language, from disk, in headless Chromium with the network refused.

Notebook 00 in English, Ukrainian, Spanish and Chinese is exported by ``scripts/export_html.py`` into
a temporary folder (an edition from ``notebooks/<lang>/`` when executed there, else generated from its
catalogue: see tests/test_editions_delivery.py). Each page must say its language, ask nothing of the
network, axe must find no serious or critical violation, and its language switch must lead to the
same page in another language. On the Chinese page the bundled web font must have loaded and drawn the
heading, bold text, body text and code (Chromium's own record of the fonts it used for a node), and a
picture's own font list (``look.css_font``) must draw Chinese from it and Cyrillic from DejaVu Sans, so
Chinese shows on a machine without any CJK font installed.
Screenshots: test-artifacts/screenshots/editions_*.png.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from .harness import ROOT, axe_serious, screenshot
from .test_09_accessible_pages import open_offline

sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "scripts"))
import export_html  # noqa: E402
from test_editions_delivery import EDITIONS, NB, TAGS, edition_notebook  # noqa: E402

PAGE = NB.replace(".ipynb", ".html")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("editions")
    notebooks = [ROOT / "notebooks" / NB] + [edition_notebook(lang, folder) for lang in EDITIONS]
    out = tmp_path_factory.mktemp("html")
    assert export_html.main(["--strict", "--out", str(out), *map(str, notebooks)]) == 0
    return out


def _fonts_of(page, selector: str) -> list[str]:
    """The fonts Chromium really drew the first ``selector`` element's text with."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": -1})["root"]["nodeId"]
    node = cdp.send("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    return [f["familyName"] for f in cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]]


@pytest.mark.parametrize("lang", ["en", *EDITIONS])
def test_edition_page_offline_with_its_language_and_switch(browser, site, axe_js, lang):
    path = site / PAGE if lang == "en" else site / lang / PAGE
    page, refused = open_offline(browser, path)
    try:
        assert page.evaluate("document.documentElement.lang") == TAGS[lang]
        bad = axe_serious(page, axe_js)  # the switch and the frame's words keep the page accessible
        assert bad == [], f"{lang}: axe reports\n" + "\n".join(map(str, bad))
        links = page.locator(".magiclib-languages a[hreflang]")
        assert links.count() == len(TAGS)
        other = next(t for t in TAGS.values() if t != TAGS[lang])
        page.evaluate("document.fonts.ready")
        screenshot(page, f"editions_{lang}_00")
        page.locator(f".magiclib-languages a[hreflang='{other}']").click()
        page.wait_for_load_state("load")
        assert page.evaluate("document.documentElement.lang") == other
        assert Path(page.url.removeprefix("file://")).name == PAGE
        assert refused == [], f"{lang}: the page asked the network for {refused}"
    finally:
        page.context.close()


def test_chinese_page_draws_with_the_bundled_font(browser, site):
    page, refused = open_offline(browser, site / "zh" / PAGE)
    try:
        loaded = page.evaluate(
            "document.fonts.ready.then(() => [...document.fonts].filter(f => f.status === 'loaded')"
            ".map(f => f.family))"
        )
        assert "magiclib Noto Sans CJK SC" in loaded, loaded
        marked = page.evaluate(
            "() => { const c = [...document.querySelectorAll('.jp-InputArea .highlight pre span')]"
            ".find(e => /[\\u4e00-\\u9fff]/.test(e.textContent)); if (c) c.id = 'magiclib-code-probe';"
            " return !!c; }"
        )
        assert marked, "no Chinese in the page's code (comments, strings)"
        for selector in (
            "h1",
            ".jp-RenderedMarkdown strong",
            ".jp-RenderedMarkdown li",
            "#magiclib-code-probe",
        ):
            fonts = _fonts_of(page, selector)
            assert any("Noto Sans CJK SC" in f for f in fonts), f"{selector} drawn with {fonts}"
        # A picture's HTML (a player frame, the hexagon SVG) names the fonts itself (look.css_font):
        # Chinese must come from the web font, Cyrillic and Latin from DejaVu Sans.
        from magiclib.show import look

        page.evaluate(
            "(css) => { const d = document.createElement('div'); d.id = 'magiclib-frame-probe';"
            " d.setAttribute('style', css); d.textContent = '什么是幻方？ 4 / 9 Київ ñ';"
            " document.body.prepend(d); }",
            look.css_font(20, weight="bold"),
        )
        page.evaluate("document.fonts.ready")
        fonts = _fonts_of(page, "#magiclib-frame-probe")
        assert any("Noto Sans CJK SC" in f for f in fonts) and "DejaVu Sans" in fonts, fonts
        screenshot(page, "editions_zh_fonts")
        assert refused == []
    finally:
        page.context.close()
