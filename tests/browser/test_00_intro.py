"""Notebook 00 in a real JupyterLab, run by Chromium: every cell runs and its outputs show."""

from __future__ import annotations

from .harness import errors_on_page, open_notebook, run_all, screenshot

NOTEBOOK = "00_what_is_a_magic_square.ipynb"


def test_notebook_00_runs_in_jupyterlab_and_shows_its_results(lab_server, page):
    open_notebook(page, lab_server, NOTEBOOK)
    run_all(page)
    assert errors_on_page(page) == []
    outputs = page.locator(".jp-OutputArea-output")
    text = "\n".join(outputs.all_inner_texts())
    # The printed results of the notebook, as a reader sees them.
    assert "362,880 arrangements, 8 magic squares" in text
    assert "24 arrangements of 1..4, 0 of them magic" in text
    assert "260" in text and "505" in text
    # The figures were drawn as images in the page, not only stored.
    # Lo Shu, the kinds, the parity classes and the wrapped blocks (going further), the symmetries
    assert page.locator(".jp-RenderedImage img").count() == 5
    page.locator(".jp-RenderedImage img").first.scroll_into_view_if_needed()
    screenshot(page, "00_intro_lo_shu")
    page.get_by_text("Lo Shu under the 8 symmetries").first.scroll_into_view_if_needed()
    screenshot(page, "00_intro_symmetries")
