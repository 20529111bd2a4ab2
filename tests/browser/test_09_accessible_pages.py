"""Accessible, projector-ready pages: every `make html` page, from disk, with the network refused.

1. Each exported page (every notebook, the index, the teachers' page) passes axe-core
   (npm ``axe-core``, pinned below, installed with npm into ``build/npm/``, git-ignored)
   with no serious or critical violation (colour contrast of the code highlighting
   included); every picture has a text alternative; nothing is asked of the network.
2. Every frame player of notebooks 01 and 03 (the self-contained animations and the
   widget players the export rebuilds as such) is in the page: no widget note stands
   in for it. Each is one keyboard stop: Tab reaches it, Space plays and pauses, the
   arrows step, Home and End jump, the step text is a live region; the Play button,
   reached with Tab, plays with Enter. Screenshots of each player's first, middle and
   last frame at 1280x800 go to test-artifacts/screenshots/09_<page>_<player>_<frame>.png.

The export runs once for the module (about 6 s); npm is asked only when the pinned
axe-core is not installed yet.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .harness import NOTEBOOKS, axe_serious, next_frame, refuse_network, screenshot

PLAYER_PAGES = ("01_siamese_walk", "03_queens_in_a_magic_square")
VIEWPORT = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def site(english_site) -> Path:
    """The whole suite exported by scripts/export_html.py into a temporary folder."""
    return english_site[0]


def pages_to_check() -> list[str]:
    stems = [p.stem for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))]
    return stems + ["index", "teachers"]


def open_offline(browser, path: Path):
    """The page at ``path`` (file://) in a context that refuses every other request."""
    context = browser.new_context(viewport=VIEWPORT)
    refused = refuse_network(context, ("file://", "data:", "about:", "blob:"))
    page = context.new_page()
    page.set_default_timeout(30_000)
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page, refused


def wait_mathjax(page) -> None:
    """Let the local MathJax finish typesetting (when the page has any) before looking."""
    page.wait_for_function(
        "() => !window.MathJax || !MathJax.Hub"
        " || MathJax.Hub.queue.pending === 0 && MathJax.Hub.queue.running === 0",
        timeout=60_000,
    )


@pytest.mark.parametrize("stem", pages_to_check())
def test_page_passes_axe_offline(browser, site, axe_js, stem):
    path = site / f"{stem}.html"
    if not path.is_file():
        pytest.skip(f"{path.name} was not exported")
    page, refused = open_offline(browser, path)
    try:
        wait_mathjax(page)
        # Every picture has a text alternative (from its title or caption).
        missing = page.eval_on_selector_all(
            "img",
            "els => els.filter(e => { const a = (e.getAttribute('alt') || '').trim();"
            " return !a || a.startsWith('No description'); }).length",
        )
        assert missing == 0, f"{stem}: {missing} picture(s) without alt text"
        bad = axe_serious(page, axe_js)
        assert bad == [], f"{stem}: axe reports\n" + "\n".join(map(str, bad))
        assert refused == [], f"{stem} asked the network for {refused}"
    finally:
        page.context.close()


def players_of(page):
    return page.locator(".mlanim")


@pytest.mark.parametrize("stem", PLAYER_PAGES)
def test_every_player_plays_from_the_keyboard(browser, site, stem):
    path = site / f"{stem}.html"
    if not path.is_file():
        pytest.skip(f"{path.name} was not exported")
    if stem.startswith("01"):  # its only widget is the Siamese player: no note may stand in for it
        assert "magiclib-widget-note" not in path.read_text(encoding="utf-8"), "a player became a note"
    page, refused = open_offline(browser, path)
    try:
        players = players_of(page)
        count = players.count()
        assert count >= 2, f"{stem}: expected the animation and the widget player, found {count} player(s)"
        for k in range(count):
            anim = players.nth(k)
            name = (anim.get_attribute("class") or "").split()[-1].removeprefix("mlanim-")
            last = anim.locator(".mlanim-frame").count() - 1
            # Tab from just before the player lands on the player itself.
            page.evaluate(
                "(el) => { const b = document.createElement('button'); b.textContent = 'before';"
                " b.className = 'tab-probe'; el.parentNode.insertBefore(b, el); b.focus(); }",
                anim.element_handle(),
            )
            page.keyboard.press("Tab")
            assert page.evaluate("(el) => document.activeElement === el", anim.element_handle()), (
                f"{stem}/{name}: Tab does not reach the player"
            )
            page.evaluate("() => document.querySelectorAll('.tab-probe').forEach(b => b.remove())")
            label = anim.locator(".mlanim-label")
            assert label.get_attribute("aria-live") == "polite"
            anim.scroll_into_view_if_needed()
            screenshot(page, f"09_{stem[:2]}_{name}_{k}_first")
            # Space plays; the step text follows.
            page.keyboard.press("Space")
            page.wait_for_function(
                "(el) => +el.dataset.frame >= 2", arg=anim.element_handle(), timeout=20_000
            )
            page.keyboard.press("Space")  # pause
            # The player clears its timer and marks Play as not pressed in one step (stop()).
            page.wait_for_function(
                "(el) => el.querySelector('.mlanim-play').getAttribute('aria-pressed') === 'false'",
                arg=anim.element_handle(),
                timeout=5_000,
            )
            paused = anim.get_attribute("data-frame")
            next_frame(page)
            assert anim.get_attribute("data-frame") == paused, f"{stem}/{name}: Space did not pause"
            assert label.inner_text().endswith(f"{paused} / {last}")
            page.keyboard.press("Home")
            assert anim.get_attribute("data-frame") == "0"
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowRight")
            page.keyboard.press("ArrowLeft")
            assert anim.get_attribute("data-frame") == "1"
            page.evaluate(
                "([el, i]) => { const s = el.querySelector('.mlanim-slider'); s.value = i;"
                " s.dispatchEvent(new Event('input')); }",
                [anim.element_handle(), last // 2],
            )
            anim.scroll_into_view_if_needed()
            screenshot(page, f"09_{stem[:2]}_{name}_{k}_middle")
            anim.focus()
            page.keyboard.press("End")
            assert anim.get_attribute("data-frame") == str(last)
            anim.scroll_into_view_if_needed()
            screenshot(page, f"09_{stem[:2]}_{name}_{k}_last")
            # The Play button is the next keyboard stops away (first, back come before it).
            page.keyboard.press("Home")
            play = anim.locator(".mlanim-play")
            for _ in range(4):
                page.keyboard.press("Tab")
                if page.evaluate("(el) => document.activeElement === el", play.element_handle()):
                    break
            assert page.evaluate("(el) => document.activeElement === el", play.element_handle()), (
                f"{stem}/{name}: Play is not reachable with Tab"
            )
            page.keyboard.press("Enter")
            page.wait_for_function(
                "(el) => +el.dataset.frame >= 1", arg=anim.element_handle(), timeout=20_000
            )
            play.click()  # pause again
        assert refused == [], f"{stem} asked the network for {refused}"
    finally:
        page.context.close()
