"""`make slides`: a deck opens from file:// with the network blocked, arrow keys move, the animation plays."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import make_slides  # noqa: E402

NOTEBOOK = ROOT / "notebooks" / "01_siamese_walk.ipynb"
VISIBLE_FRAME = ".mlanim-frame[style*='display:block'], .mlanim-frame[style*='display: block']"


@pytest.fixture(scope="module")
def deck(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("slides")
    (target,) = make_slides.build([NOTEBOOK], out)
    return target


def test_deck_offline_arrow_keys_and_animation(browser, deck):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(20_000)
    left: list[str] = []

    def route(r):
        url = r.request.url
        if url.startswith(("file:", "data:", "blob:", "about:")):
            r.continue_()
        else:
            left.append(url)
            r.abort()

    page.route("**/*", route)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(deck.as_uri())
        page.wait_for_function("window.Reveal && Reveal.isReady()")
        assert page.evaluate("Reveal.getTotalSlides()") >= 5
        assert page.evaluate("Reveal.getIndices().h") == 0
        page.keyboard.press("ArrowRight")
        page.wait_for_function("Reveal.getIndices().h === 1")
        page.keyboard.press("ArrowLeft")
        page.wait_for_function("Reveal.getIndices().h === 0")

        # walk with the arrow keys to the slide that holds the kernel-free player
        # (a Predict opens a vertical slide of its own: the player may sit below its section's first slide)
        where = page.evaluate("Reveal.getIndices(document.querySelector('.mlanim').closest('section'))")
        h, v = where["h"], where.get("v") or 0
        for _ in range(h):
            page.keyboard.press("ArrowRight")
        for _ in range(v):
            page.keyboard.press("ArrowDown")
        page.wait_for_function(f"Reveal.getIndices().h === {h} && (Reveal.getIndices().v || 0) === {v}")
        anim = page.locator("section.present > .mlanim, section.present:not(.stack) .mlanim").first
        assert anim.locator(VISIBLE_FRAME).first.get_attribute("data-step") == "0"
        anim.locator(".mlanim-play").click()
        page.wait_for_function(
            "document.querySelector('section.present .mlanim .mlanim-slider').value >= 3", timeout=15_000
        )
        assert int(anim.locator(VISIBLE_FRAME).first.get_attribute("data-step")) >= 3
        assert not errors, errors
        assert left == [], f"requests left the machine: {left}"
    finally:
        context.close()
