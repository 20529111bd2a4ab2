"""Notebook 01 in JupyterLab (headless Chromium): step the Siamese player to 4, then play to the end."""

from __future__ import annotations

from magiclib.walk import siamese, siamese_steps

from .harness import errors_on_page, open_notebook, poll, run_all, screenshot

NOTEBOOK = "01_siamese_walk.ipynb"
N = 3  # the notebook's player starts at n = 3, the walk the tutorial traces by hand

# JavaScript: the cell texts of the frame the player shows now (row-major), and its caption.
VISIBLE_FRAME = """(root) => {
  const frames = [...root.querySelectorAll('.siamese-frame')].filter(f => f.offsetParent !== null);
  if (frames.length !== 1) return null;
  // Every frame has the same table: the grid inside a margin (left and right columns, a row
  // below) where the last frame writes the sums. cells = the grid, all = every cell.
  const rows = [...frames[0].querySelectorAll('tr')].map(
    tr => [...tr.querySelectorAll('td')].map(td => td.textContent.trim()));
  const cells = rows.slice(0, -1).flatMap(r => r.slice(1, -1));
  const caption = frames[0].querySelector('.siamese-caption').textContent;
  return {cells, caption, all: rows.flat()};
}"""


def visible_frame(player) -> dict | None:
    return player.evaluate(VISIBLE_FRAME)


def wait_frame(player, predicate, timeout: float = 30.0) -> dict:
    """Read the shown frame once per drawn frame until ``predicate(frame)`` holds; return it
    (or fail with the last one)."""
    what = "the player never showed the expected frame"
    return poll(player.page, lambda: visible_frame(player), predicate, timeout, what)


def test_step_to_four_then_play(lab_server, page):
    open_notebook(page, lab_server, NOTEBOOK)
    run_all(page)
    assert errors_on_page(page) == []

    player = page.locator(".magiclib-siamese").first
    player.scroll_into_view_if_needed()
    first = wait_frame(player, lambda f: f["cells"] == [""] * (N * N))
    assert "empty" in first["caption"]

    # Step forward until 4 is placed: 1..4 must sit at the article's cells, and 4 names the occupied rule.
    steps = siamese_steps(N)
    forward = player.get_by_role("button", name="step forward")
    for k in range(1, 5):
        forward.click()
        frame = wait_frame(player, lambda f, k=k: f["caption"].startswith(f"Step {k}:"))
    for s in steps[:4]:
        assert frame["cells"][s.row * N + s.col] == str(s.number), (s, frame["cells"])
    assert sum(1 for c in frame["cells"] if c) == 4
    assert [(s.row, s.col) for s in steps[:4]] == [(1, 2), (0, 0), (2, 1), (2, 0)]  # the article's trace
    assert "rule occupied" in frame["caption"] and "down one, left two" in frame["caption"]
    shot = screenshot(page, "01_siamese_step4")
    assert shot.exists()

    # Play: the finished square appears, with its line sums.
    player.locator(".widget-play button").first.click()
    done = wait_frame(player, lambda f: f["caption"].startswith("Done"), timeout=60)
    square = siamese(N)
    numbers = [c for c in done["cells"] if c.isdigit()]
    assert numbers == [str(int(v)) for v in square.ravel()]
    assert done["all"].count("→ 15") == N and done["all"].count("↓ 15") == N
    assert "↘ 15" in done["all"] and "↙ 15" in done["all"]
    screenshot(page, "01_siamese_done")

    # The kernel-free HTML animation of the same notebook steps too.
    anim = page.locator(".mlanim-siamese").first
    anim.scroll_into_view_if_needed()
    before = anim.get_attribute("data-frame")
    anim.locator(".mlanim-forward").click()
    page.wait_for_function("(el) => el.dataset.frame === '1'", arg=anim.element_handle(), timeout=10_000)
    assert before == "0"
    shown = anim.locator(".mlanim-frame[data-step='1']")
    assert shown.is_visible() and "Step 1:" in shown.inner_text()
    screenshot(page, "01_siamese_html_animation")
