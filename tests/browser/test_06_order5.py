"""Notebook 06 in JupyterLab: the progress bar of the 5x5 count shows, in large text and as
a bar, what the library's progress callback reports. The count itself takes most of a minute
(nbval and the Voilà page run it), so the test runs the imports and the lines of the count's cell
that make and show the bar, then drives the bar the way ``count_order5_by_center(progress=bar)``
does, from the kernel."""

from __future__ import annotations

from playwright.sync_api import expect

from .harness import errors_on_page, open_notebook, screenshot

NOTEBOOK = "06_counting_5x5_magic_squares.ipynb"

# The page functions start a command and return at once (a promise the page never settles
# must not hang the test); the test then waits for the cell's execution count.
RUN_CELL = """(text) => {
  const app = window.jupyterapp;
  const nb = app.shell.currentWidget.content;
  const i = nb.widgets.findIndex(c => c.model.sharedModel.getSource().includes(text));
  if (i < 0) return i;
  nb.widgets[i].model.executionCount = null;
  nb.activeCellIndex = i;
  app.commands.execute('notebook:run-cell');
  return i;
}"""

ADD_AND_RUN = """(source) => {
  const app = window.jupyterapp;
  const nb = app.shell.currentWidget.content;
  app.commands.execute('notebook:insert-cell-below');
  nb.activeCell.model.sharedModel.setSource(source);
  const i = nb.activeCellIndex;
  app.commands.execute('notebook:run-cell');
  return i;
}"""

SOURCE = """(text) => {
  const nb = window.jupyterapp.shell.currentWidget.content;
  const cell = nb.widgets.find(c => c.model.sharedModel.getSource().includes(text));
  return cell ? cell.model.sharedModel.getSource() : null;
}"""

# Marks cell i, so that the test finds the bar it made (the saved run's own bar is further down).
MARK = """(i) => {
  window.jupyterapp.shell.currentWidget.content.widgets[i].node.setAttribute('data-test-cell', 'bar');
}"""

RAN = """(i) => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  return w.content.widgets[i].model.executionCount !== null && k && k.status === 'idle';
}"""


def run(page, script: str, arg: str) -> int:
    """Run one cell through the page and wait until it has run; return its index."""
    index = page.evaluate(script, arg)
    assert index >= 0, f"no cell for {arg!r}"
    page.wait_for_function(RAN, arg=index, timeout=120_000, polling=250)
    return index


def test_count_progress_bar_follows_the_callback(lab_server, page):
    open_notebook(page, lab_server, NOTEBOOK)
    run(page, RUN_CELL, "from magiclib.widgets import count_progress")
    # the count's cell makes and shows the bar, then counts with it: run its lines up to the count
    source = page.evaluate(SOURCE, "bar = count_progress(")
    assert source and "count_order5_by_center(progress=bar)" in source
    lines = source.splitlines()
    shown = lines.index("display(bar)")
    assert lines[0].startswith("bar = count_progress(") and shown < len(lines) - 1
    index = run(page, ADD_AND_RUN, "\n".join(lines[: shown + 1]) + "\nbar(0, 208); bar(104, 208)")
    page.evaluate(MARK, index)

    bar = page.locator("[data-test-cell='bar'] .magiclib-progress")
    expect(bar).to_have_count(1, timeout=30_000)
    bar.scroll_into_view_if_needed()
    # the text says what the bar shows (not colour alone), in large type
    expect(bar).to_contain_text("104 of 208 batches (50%)")
    size = bar.locator(".widget-html span").first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 20
    screenshot(page, "06_count_progress_half", full_page=False)

    run(page, ADD_AND_RUN, "bar(208, 208)")
    expect(bar).to_contain_text("208 of 208 batches (100%) - done")
    screenshot(page, "06_count_progress_done", full_page=False)
    assert errors_on_page(page) == []
