"""Widgets from their saved state: a freshly opened notebook shows its players and fillers
before any cell runs (the notebooks are trusted, so JupyterLab renders the stored widget
views instead of their text fallback), and Play works without Python."""

from __future__ import annotations

import re

import pytest

from .harness import open_notebook, screenshot

REPR = re.compile(r"\b(SiamesePlayer|HexagonFiller|BacktrackPlayer|QueensOverSquare|SquareBrowser)\(")


@pytest.mark.parametrize(
    "notebook, widget",
    [
        ("01_siamese_walk.ipynb", ".magiclib-siamese"),
        ("03_queens_in_a_magic_square.ipynb", ".widget-play"),
        ("04_magic_hexagon_linear_algebra.ipynb", ".magiclib-hexagon"),
    ],
)
def test_saved_widgets_show_without_running(lab_server, page, notebook, widget):
    open_notebook(page, lab_server, notebook)
    page.locator(widget).first.wait_for(state="attached", timeout=60_000)
    outputs = " ".join(page.locator(".jp-OutputArea-output").all_inner_texts())
    assert not REPR.search(outputs), (
        "a widget shows as text: the notebook is not trusted or its state is missing"
    )
    screenshot(page, f"saved-{notebook[:2]}")


def test_play_works_before_anything_runs(lab_server, page):
    open_notebook(page, lab_server, "01_siamese_walk.ipynb")
    player = page.locator(".magiclib-siamese").first
    player.wait_for(state="attached", timeout=60_000)
    player.scroll_into_view_if_needed()
    readout = player.locator(".widget-readout").first
    before = readout.inner_text()
    player.locator(".widget-play button").first.click()
    page.wait_for_function(
        "([el, b]) => el.textContent.trim() !== b", arg=[readout.element_handle(), before], timeout=15_000
    )
    screenshot(page, "saved-01-playing")
