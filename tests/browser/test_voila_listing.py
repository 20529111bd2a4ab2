"""Voilà's listing page (`make app`: ``/``; an edition's folder: ``/voila/tree/uk``) in its own language.

The suite's Voilà template (scripts/configure_jupyter.py, ``LISTING``) replaces Voilà's listing (JupyterLab's
file browser: English words, Font Awesome from a CDN) with a page of its own: ``<html lang>`` of the
folder's language, the offline index's heading, every notebook by its title in that language, the
editions' folders by their languages' names. Nothing is fetched from outside the server; an edition's
listing shows no English word of the English listing (the link back names English in English: a name).
The page for `make app EDITION=uk` (the folder itself served) is checked by rendering the template.
A notebook's page there carries no ``title="null"`` (ipywidgets' unset tooltip on a slider's label).
Screenshots: test-artifacts/screenshots/voila_listing_*.png.
"""

from __future__ import annotations

import re
import sys

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from .harness import ROOT, Server, refuse_network, screenshot, wait_dom_widget_views
from .test_10_widget_keys import open_app_page

sys.path.insert(0, str(ROOT / "scripts"))
import configure_jupyter  # noqa: E402

SIZE = {"width": 1200, "height": 900}
WORDS = configure_jupyter.listing_words()
EDITIONS = [lang for lang in WORDS if lang != "en" and (ROOT / "notebooks" / lang).is_dir()]
#: Words an edition writes as English does (not English left over).
SAME_WORD = {"es": {"matrices"}}


def open_listing(browser, server: Server, path: str):
    context = browser.new_context(viewport=SIZE)
    refused = refuse_network(context, (f"http://127.0.0.1:{server.port}/", "data:", "blob:"))
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{server.port}/{path}", timeout=60_000)
    page.wait_for_load_state("load")
    return context, page, refused


def links(page) -> dict[str, str]:
    return {a.inner_text().strip(): a.get_attribute("href") for a in page.locator("main a").all()}


def english_words() -> set[str]:
    en = WORDS["en"]
    text = " ".join([en["title"], en["notebooks"], en["languages"], *en["titles"].values()])
    return {w.lower() for w in re.findall(r"[A-Za-z]{3,}", text)}


def test_the_english_listing_names_the_notebooks_and_the_editions(app_server, browser):
    context, page, refused = open_listing(browser, app_server, "")
    try:
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.locator("h1").inner_text() == WORDS["en"]["title"]
        found = links(page)
        for name, title in WORDS["en"]["titles"].items():
            assert found.get(title, "").endswith(f"/voila/render/{name}"), (title, found)
        for lang in EDITIONS:
            assert found.get(WORDS[lang]["name"], "").endswith(f"/voila/tree/{lang}"), (lang, found)
        assert page.locator("i.fa, link[href*='fontawesome'], link[href*='font-awesome']").count() == 0
        screenshot(page, "voila_listing_en")
        assert refused == [], f"the listing page asked the network for {refused}"
    finally:
        context.close()


@pytest.mark.parametrize("lang", EDITIONS)
def test_an_edition_listing_speaks_its_language(app_server, browser, lang):
    context, page, refused = open_listing(browser, app_server, f"voila/tree/{lang}")
    try:
        assert page.evaluate("document.documentElement.lang") == WORDS[lang]["lang"]
        assert page.title() == WORDS[lang]["title"]
        found = links(page)
        for name, title in WORDS[lang]["titles"].items():
            assert found.get(title, "").endswith(f"/voila/render/{lang}/{name}"), (title, found)
        up = f"↑ {WORDS['en']['name']}"
        assert up in found, found
        text = page.locator("main").inner_text().replace(up, " ")
        left = {w for w in re.findall(r"[A-Za-z]{3,}", text) if w.lower() in english_words()}
        assert left <= SAME_WORD.get(lang, set()), f"{lang} listing shows English: {sorted(left)}"
        # A notebook opens from it: the link leads to that edition's page.
        first = next(iter(WORDS[lang]["titles"].values()))
        assert page.locator("main a", has_text=first).get_attribute("target") is None
        screenshot(page, f"voila_listing_{lang}")
        assert refused == [], f"the {lang} listing page asked the network for {refused}"
    finally:
        context.close()


def test_the_listing_of_make_app_edition_is_in_the_edition_language():
    """`make app EDITION=uk` serves notebooks/uk itself: the folder's name says the language."""
    import jinja2

    template = configure_jupyter.LISTING.replace("__WORDS__", repr(WORDS)).replace("__FONTS__", "")
    page = jinja2.Environment().from_string(template)
    for lang in EDITIONS:
        name = next(iter(WORDS[lang]["titles"]))
        html = page.render(
            server_root=f"/somewhere/notebooks/{lang}",
            notebook_path="",
            contents={"content": [{"type": "notebook", "name": name, "path": name}]},
            breadcrumbs=[("/voila/tree", "")],
            base_url="/",
            query="",
        )
        assert f'<html lang="{WORDS[lang]["lang"]}">' in html
        assert WORDS[lang]["titles"][name] in html and "http" not in html


def test_a_notebook_page_has_no_null_tooltip(app_server, browser):
    context, page, refused = open_app_page(browser, app_server, "01_siamese_walk.ipynb")
    try:
        wait_dom_widget_views(page)
        # The template's script names the controls on the next frame after a change: on a busy machine that
        # frame can come after a fixed wait (the clean-clone run of 245d4c4 saw 3 left after 500 ms), so wait
        # up to 5 s for it; the assert below still requires none left.
        try:
            page.wait_for_function("document.querySelectorAll(\"[title='null']\").length === 0", timeout=5000)
        except PlaywrightTimeoutError:
            pass
        assert page.locator("[title='null']").count() == 0
        # ipywidgets may write the "null" tooltip into a label already on the page (an attribute change,
        # no new node): it is dropped in the observer's microtask, which runs before the one queued after
        # it, not left for a later frame or change to sweep (the clean-clone run of 4121582 saw 3 left).
        left = page.evaluate(
            """() => {
                const label = document.querySelector(".widget-label") || document.querySelector("label");
                label.setAttribute("title", "null");
                return Promise.resolve().then(() => document.querySelectorAll("[title='null']").length);
            }"""
        )
        assert left == 0
        assert refused == [], f"the Voilà page asked the network for {refused}"
    finally:
        page.goto("about:blank")
        context.close()
