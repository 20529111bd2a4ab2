"""Every notebook as a teacher first meets it: opened in a fresh JupyterLab profile (as `make lab`
serves it: trusted, nothing run), looked at and closed untouched.

For each notebook, once its kernel is idle and every stored widget view shows:

1. the widget output areas pass axe-core: every control of the suite's widgets has an accessible
   name in JupyterLab itself (ipywidgets 8.1 names neither slider handles nor Play's icon buttons;
   the suite's front ends do), and no other serious or critical violation;
2. the notebook is not marked as modified (JupyterLab rewrites metadata it disagrees with, such as a
   kernelspec whose display name is not the running kernel's: `make notebook` stores the right one);
3. closing it asks nothing (no "save your work?" dialog), and afterwards no file of the served folder
   has changed and none has appeared but JupyterLab's checkpoint, a byte-for-byte copy of the notebook.

The same page, at a projector's 1280x800, before it closes (each notebook is opened once for all of it):

4. the saved widgets show as widgets, not as their text fallback ("SiamesePlayer(n=3, frames=10)", which
   an untrusted notebook shows), in 01, 03 and 04;
5. the matrix A and its rref (04) and the property tables (00, 02) have no text under 12 pt (16 px) as
   JupyterLab draws them, and each fits the width of its output.
"""

from __future__ import annotations

import hashlib
import re

import pytest

from .harness import NOTEBOOKS, Server, axe_serious, lab_page, open_notebook, screenshot, widget_views
from .test_10_widget_keys import SIZE  # the projector's 1280x800

#: A widget shown as its text fallback instead of the widget (an untrusted notebook or missing state).
REPR = re.compile(r"\b(SiamesePlayer|HexagonFiller|BacktrackPlayer|QueensOverSquare|SquareBrowser)\(")
#: The saved widget each of these notebooks shows before anything runs.
SAVED_WIDGET = {
    "01_siamese_walk.ipynb": ".magiclib-siamese",
    "03_queens_in_a_magic_square.ipynb": ".widget-play",
    "04_magic_hexagon_linear_algebra.ipynb": ".magiclib-hexagon",
}
#: The tables a class must read from the back of the room: CSS selector and how many.
TABLES = {
    "00_what_is_a_magic_square.ipynb": (".magiclib-data", 1),
    "02_summand_enumeration.ipynb": (".magiclib-data", 1),
    "04_magic_hexagon_linear_algebra.ipynb": (".magiclib-matrix", 4),  # A, the rref, Y and B
}

TABLE_LOOK = """(t) => {
  const sizes = [...t.querySelectorAll('td, th')].filter(c => c.textContent.trim())
    .map(c => parseFloat(getComputedStyle(c).fontSize));
  const box = t.closest('.jp-OutputArea-output') || t.parentElement;
  return {min: Math.min(...sizes), cells: sizes.length, width: t.getBoundingClientRect().width,
          room: box.getBoundingClientRect().width};
}"""

#: The open notebook, settled: its kernel's spec has arrived (JupyterLab writes it into the metadata
#: as soon as it has), then whether the document is marked as modified and what its kernelspec says.
SETTLED_STATE = """async () => {
  const w = window.jupyterapp.shell.currentWidget;
  await w.sessionContext.session.kernel.spec;
  await new Promise(done => requestAnimationFrame(() => done()));
  return {dirty: w.context.model.dirty, kernelspec: w.context.model.getMetadata('kernelspec')};
}"""

#: Close the current tab as a reader would (File > Close Tab) and report whether it went or asked.
CLOSE = """async () => {
  const app = window.jupyterapp, w = app.shell.currentWidget;
  app.commands.execute('application:close');
  for (let i = 0; i < 600; i++) {
    if (w.isDisposed) return 'closed';
    const dialog = document.querySelector('.jp-Dialog');
    if (dialog) return 'asked: ' + dialog.textContent;
    await new Promise(done => requestAnimationFrame(() => done()));
  }
  return 'still open';
}"""

MARK_WIDGET_OUTPUTS = """() => {
  const WV = 'application/vnd.jupyter.widget-view+json';
  let n = 0;
  for (const cell of window.jupyterapp.shell.currentWidget.content.widgets)
    if (cell.model.type === 'code' && cell.outputArea)
      for (const child of cell.outputArea.widgets)
        for (const r of Array.from(child.children ? child.children() : []))
          if (r.mimeType === WV) { r.node.setAttribute('data-widget-output', String(n)); n++; }
  return n;
}"""


def notebooks() -> list[str]:
    return [p.name for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))]


def hashes(root) -> dict[str, str]:
    """Every file below ``root`` (hidden ones too, e.g. .ipynb_checkpoints) and its SHA-256."""
    return {
        str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def fresh_lab():
    """A JupyterLab of its own, in a new temporary HOME: nothing opened before in this profile."""
    server = Server("lab")
    yield server
    server.close()


@pytest.mark.parametrize("notebook", notebooks())
def test_opens_clean_with_named_controls(fresh_lab, browser, axe_js, notebook):
    before = hashes(fresh_lab.root)
    with lab_page(browser, SIZE) as page:
        open_notebook(page, fresh_lab, notebook)  # kernel idle, every stored widget view shown
        if notebook in SAVED_WIDGET:
            page.locator(SAVED_WIDGET[notebook]).first.wait_for(state="attached", timeout=60_000)
            outputs = " ".join(page.locator(".jp-OutputArea-output").all_inner_texts())
            assert not REPR.search(outputs), (
                f"{notebook}: a widget shows as text (untrusted, or no saved state)"
            )
            screenshot(page, f"saved-{notebook[:2]}")
        if notebook in TABLES:
            selector, count = TABLES[notebook]
            tables = page.locator(selector)
            tables.first.wait_for(timeout=60_000)
            assert tables.count() == count
            for k in range(count):
                look = tables.nth(k).evaluate(TABLE_LOOK)
                assert look["min"] >= 16, f"{notebook} table {k}: text at {look['min']} px"
                assert look["width"] <= look["room"] + 1, (
                    f"{notebook} table {k} is wider than its output: {look}"
                )
                tables.nth(k).scroll_into_view_if_needed()
                screenshot(page, f"10_lab_table_{notebook[:2]}_{k}")
        views = widget_views(page)
        if views["stored"]:
            assert page.evaluate(MARK_WIDGET_OUTPUTS) == views["stored"]
            bad = axe_serious(page, axe_js, context="[data-widget-output]")
            assert bad == [], f"{notebook}: axe on the widget outputs in JupyterLab reports\n" + "\n".join(
                map(str, bad)
            )
        state = page.evaluate(SETTLED_STATE)
        assert not state["dirty"], f"{notebook} opens as modified (its kernelspec now: {state['kernelspec']})"
        closed = page.evaluate(CLOSE)
        assert closed == "closed", f"{notebook}: closing it untouched {closed}"
    after = hashes(fresh_lab.root)
    # JupyterLab keeps a copy of a file as it was opened, for File > Revert to checkpoint
    # (.ipynb_checkpoints/, git-ignored): it must be the untouched notebook, byte for byte.
    checkpoint = f".ipynb_checkpoints/{notebook[: -len('.ipynb')]}-checkpoint.ipynb"
    assert after.pop(checkpoint, before[notebook]) == before[notebook], f"{checkpoint} is not {notebook}"
    before.pop(checkpoint, None)
    changed = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    assert changed == [], f"opening and closing {notebook} changed or added {changed}"
