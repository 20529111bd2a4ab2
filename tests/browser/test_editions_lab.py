"""Each published edition as `make lab EDITION=xx` and `make app EDITION=xx` serve it.

For every language in ``scripts/editions.py``'s ``EDITIONS`` (none yet: then these tests are skipped,
saying so), notebook 01 of the edition, nothing run:

1. in JupyterLab, in the interface language of the edition's pinned language pack (a settings folder
   of the run, written by ``scripts/configure_jupyter.py --lab-settings``, as `make lab EDITION=xx`
   does), one server per language: every stored widget view shows; the main menu is in that language
   (the pack's own translations of "File", "Help"...); the page's ``lang`` is the language; the Siamese
   player, played from the keyboard (focus its keyboard stop, Space), shows the library's captions in
   the edition's words (``magiclib.po``: the same frames computed here in that language), and its live
   region says the step in them; axe-core finds no serious or critical violation in the widget outputs;
2. in Voilà (one server for every edition, as `make app` serves each folder): the page says its
   language (``<html lang="uk">``, ``zh-Hans`` for Chinese) and its title is the notebook's heading; the
   player plays from the keyboard in the edition's words; axe finds nothing serious on the page; nothing
   is asked of the network.

``MAGICLIB_TEST_EDITIONS=uk,es,zh`` runs them for languages not yet published (to develop against a
locally generated and executed edition: `scripts/editions.py generate --lang uk`, then
`make notebook NB=notebooks/uk/01_siamese_walk.ipynb`).
Screenshots: test-artifacts/screenshots/editions_lab_*.png and editions_app_*.png.
"""

from __future__ import annotations

import html
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from magiclib.i18n import _, current_language, use_language
from magiclib.show.walk import siamese_frames

from .harness import (
    ROOT,
    Server,
    axe_serious,
    fastest,
    lab_page,
    open_notebook,
    screenshot,
    wait_dom_widget_views,
    widget_views,
)
from .test_10_widget_keys import open_app_page
from .test_editions_pages import _fonts_of
from .test_lab_fresh_profile import MARK_WIDGET_OUTPUTS

sys.path.insert(0, str(ROOT / "scripts"))
import configure_jupyter  # noqa: E402
import editions  # noqa: E402

NB = "01_siamese_walk.ipynb"
N = 3  # the notebook's player: n = 3, nine numbers placed
PLAYER = ".magiclib-siamese"
#: The published editions (or, for development, the languages named in MAGICLIB_TEST_EDITIONS).
LANGS = [x for x in os.environ.get("MAGICLIB_TEST_EDITIONS", "").split(",") if x] or sorted(editions.EDITIONS)
NONE_YET = "no edition is published yet (scripts/editions.py: EDITIONS is empty)"
PARAMS = LANGS or [pytest.param(None, marks=pytest.mark.skip(reason=NONE_YET))]
#: The menus whose names the language pack must translate (JupyterLab's main menu bar).
MENUS = ("File", "Edit", "View", "Run", "Kernel", "Help")


def pack_words(lang: str) -> dict[str, str]:
    """JupyterLab's own words in ``lang``: the pinned language pack's translations of ``MENUS``."""
    locale = configure_jupyter.LAB_LOCALES[lang]
    module = __import__(f"jupyterlab_language_pack_{locale}")
    catalogue = Path(module.__file__).parent / "locale" / locale / "LC_MESSAGES" / "jupyterlab.json"
    data = json.loads(catalogue.read_text(encoding="utf-8"))
    messages = data.get("locale_data", {}).get("jupyterlab", data)
    # The menu bar's titles are messages in the context "menu" (gettext's context separator, U+0004).
    return {m: messages[f"menu\x04{m}"][0] for m in MENUS if messages.get(f"menu\x04{m}")}


def library_words(lang: str) -> dict:
    """What the player says in ``lang``, computed here by the library: each frame's caption, and the
    live region's words for the last step up to its caption ("placed 9 of 9: ")."""
    before = current_language()
    use_language(lang)
    try:
        frames = siamese_frames(N)
        said = _("{word} {step} of {last}: {caption}")
        word = _("placed")
    finally:
        use_language(before)
    captions = [
        " ".join(html.unescape(re.sub(r"<[^>]+>", "", m)).split())
        for m in (re.search(r'class="siamese-caption"[^>]*>(.*?)</div>', f, re.S).group(1) for f in frames)
    ]
    last = N * N
    return {
        "captions": captions,
        "said_last": said.split("{caption}")[0].format(word=word, step=last, last=last),
    }


#: The caption of the frame the player shows now (one frame is visible at a time).
SHOWN_CAPTION = """(root) => {
  const f = [...root.querySelectorAll('.siamese-frame')].filter(f => f.offsetParent !== null);
  if (f.length !== 1) return null;
  return f[0].querySelector('.siamese-caption').textContent.replace(/\\s+/g, ' ').trim();
}"""


def check_cjk_font(page, lang: str, selectors: tuple[str, ...]) -> None:
    """For Chinese: the first element each selector picks is drawn (Chromium's own record) with the CJK web
    font the page loads, so it shows on a machine with no CJK font installed (this one has none)."""
    if lang not in configure_jupyter.CJK_EDITIONS:
        return
    page.evaluate("document.fonts.ready")
    for selector in selectors:
        fonts = _fonts_of(page, selector)
        assert any("Noto Sans CJK SC" in f for f in fonts), f"{selector} drawn with {fonts}"


#: Marks the caption the player shows now (for `check_cjk_font`).
MARK_CAPTION = """(root) => {
  const f = [...root.querySelectorAll('.siamese-frame')].filter(f => f.offsetParent !== null);
  f[0].querySelector('.siamese-caption').id = 'magiclib-caption-probe';
}"""


def play_from_keys(page, lang: str) -> None:
    """Focus the player's keyboard stop, go to the first step, press Space: it plays to the end, and the
    captions and the live region's words are the library's, in ``lang`` (not English)."""
    words, english = library_words(lang), library_words("en")
    player = page.locator(PLAYER).first
    keys = player.locator(".mlfront-keys")
    keys.wait_for(timeout=60_000)
    player.scroll_into_view_if_needed()
    fastest(player)
    keys.focus()
    page.keyboard.press("Home")
    page.wait_for_function("(el) => el.dataset.step === '0'", arg=keys.element_handle(), timeout=10_000)
    first = player.evaluate(SHOWN_CAPTION)
    assert first == words["captions"][0] and first != english["captions"][0], first
    page.keyboard.press("Space")
    last = N * N
    page.wait_for_function(
        f"(el) => el.dataset.step === '{last}'", arg=keys.element_handle(), timeout=60_000, polling=100
    )
    done = player.evaluate(SHOWN_CAPTION)
    assert done == words["captions"][last] and done != english["captions"][last], done
    status = keys.locator("[role=status]").inner_text()
    assert status.startswith(words["said_last"]) and not status.startswith(english["said_last"]), status
    player.evaluate(MARK_CAPTION)


@pytest.fixture(scope="module", params=PARAMS)
def edition_lab(request, tmp_path_factory):
    """What `make lab EDITION=lang` serves: the edition's notebooks, trusted, in a JupyterLab whose settings
    folder of this run (its configuration found through ``JUPYTER_CONFIG_PATH``, as in the Makefile) sets
    the interface language, and for Chinese serves the CJK web font; the harness's temporary HOME,
    loopback, autosave off."""
    lang = request.param
    folder = tmp_path_factory.mktemp(f"lab-{lang}")
    venv = Path(sys.executable).parent.parent
    settings = configure_jupyter.lab_settings(str(venv), lang, str(folder / "lab-settings"))
    saved = os.environ.get("JUPYTER_CONFIG_PATH")
    os.environ["JUPYTER_CONFIG_PATH"] = os.pathsep.join([str(settings), *([saved] if saved else [])])
    try:
        server = Server("lab")
    finally:
        if saved is None:
            del os.environ["JUPYTER_CONFIG_PATH"]
        else:
            os.environ["JUPYTER_CONFIG_PATH"] = saved
    try:
        # As `make lab EDITION=lang` does: sign the edition's notebooks (the harness signs the English).
        bindir = Path(sys.executable).parent
        notebooks = sorted((server.root / lang).glob("*.ipynb"))
        subprocess.run([str(bindir / "jupyter"), "trust", *map(str, notebooks)], env=server.env, check=True)
        server.lang = lang
        yield server
    finally:
        server.close()


def test_edition_in_jupyterlab_in_its_language(edition_lab, browser, axe_js):
    lang = edition_lab.lang
    with lab_page(browser, {"width": 1280, "height": 800}) as page:
        open_notebook(page, edition_lab, f"{lang}/{NB}")  # kernel idle, every stored widget view shown
        views = widget_views(page)
        assert views["stored"] > 0 and views["shown"] == views["stored"], views
        # JupyterLab itself speaks the edition's language (the language pack), and says so.
        # (A pack translates what its volunteers have: Spanish 4.5.post3 leaves "Run", "Kernel" and "Tabs"
        # in English; every menu title it does translate must show translated.)
        expected = pack_words(lang)
        assert {"File", "Help"} <= set(expected), f"the {lang} pack translates only {sorted(expected)}"
        menus = page.locator("#jp-MainMenu .lm-MenuBar-itemLabel").all_inner_texts()
        for english, words in expected.items():
            assert words in menus and english not in menus, (english, words, menus)
        page_lang = page.evaluate("document.documentElement.lang")
        assert page_lang.split("-")[0] == lang, page_lang
        screenshot(page, f"editions_lab_{lang}_opened")
        play_from_keys(page, lang)
        check_cjk_font(page, lang, ("#jp-MainMenu .lm-MenuBar-itemLabel", "#magiclib-caption-probe"))
        screenshot(page, f"editions_lab_{lang}_played")
        assert page.evaluate(MARK_WIDGET_OUTPUTS) == views["stored"]
        bad = axe_serious(page, axe_js, context="[data-widget-output]")
        assert bad == [], f"{lang}: axe on the widget outputs in JupyterLab reports\n" + "\n".join(
            map(str, bad)
        )


@pytest.mark.parametrize("lang", PARAMS)
def test_edition_in_voila_says_its_language(app_server, browser, axe_js, lang):
    context, page, refused = open_app_page(browser, app_server, f"{lang}/{NB}")
    try:
        wait_dom_widget_views(page)
        assert page.evaluate("document.documentElement.lang") == configure_jupyter.PAGE_LANGS[lang]
        heading = page.locator("h1").first.inner_text().replace("¶", "").strip()
        assert page.title() == heading, (page.title(), heading)
        play_from_keys(page, lang)
        check_cjk_font(page, lang, ("h1", "#magiclib-caption-probe"))
        screenshot(page, f"editions_app_{lang}")
        bad = axe_serious(page, axe_js)
        assert bad == [], f"{lang} in Voilà: axe reports\n" + "\n".join(map(str, bad))
        assert refused == [], f"{lang}: the Voilà page asked the network for {refused}"
    finally:
        page.goto("about:blank")
        context.close()
