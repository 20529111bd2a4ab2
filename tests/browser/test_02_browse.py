"""Notebook 02 in JupyterLab: the browser of the 880 order-4 squares reacts to its slider and filter."""

from __future__ import annotations

from playwright.sync_api import expect

from .harness import errors_on_page, open_notebook, run_all, screenshot

NOTEBOOK = "02_summand_enumeration.ipynb"


def test_square_browser_follows_slider_and_filter(lab_server, page):
    open_notebook(page, lab_server, NOTEBOOK)
    run_all(page)
    assert errors_on_page(page) == []

    browser = page.locator(".magiclib-browser")
    expect(browser).to_have_count(1, timeout=30_000)
    browser.scroll_into_view_if_needed()
    caption = browser.locator(".widget-html").first
    square = browser.locator("table")
    info = browser.locator(".magiclib-browser-info")
    expect(caption).to_contain_text("square 1 of 880")
    expect(info).to_contain_text("adds up to 34")
    first = square.inner_text()

    # the slider: one step to the right shows the next square
    handle = browser.locator(".widget-slider .noUi-handle")
    handle.focus()
    page.keyboard.press("ArrowRight")
    expect(caption).to_contain_text("square 2 of 880")
    assert square.inner_text() != first
    second = square.inner_text()

    # the filter: only the 48 pandiagonal squares, and the text says so
    browser.locator(".widget-dropdown select").select_option(label="pandiagonal (48)")
    expect(caption).to_contain_text("square 1 of 48")
    expect(info).to_contain_text("pandiagonal")
    expect(info).to_contain_text("most-perfect")
    assert square.inner_text() not in (first, second)
    screenshot(page, "02_browse_pandiagonal", full_page=False)

    browser.locator(".widget-dropdown select").select_option(label="associative (48)")
    expect(caption).to_contain_text("square 1 of 48")
    expect(info).to_contain_text("associative")
    assert errors_on_page(page) == []
