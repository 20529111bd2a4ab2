"""Notebook 03 in JupyterLab (headless Chromium), in one page (1280x800): first with nothing run, the
backtracking player's keys step it (the last frame lists the solutions found) and the board size, which
needs Python, says so; then, all cells run, step the player, play it to the end, and step the kernel-free
HTML animation too."""

from __future__ import annotations

from magiclib.nqueens import QUEEN, backtrack_stats
from magiclib.show import backtrack_frames

from .harness import errors_on_page, fastest, lab_page, open_notebook, poll, run_all, screenshot
from .test_10_widget_keys import SIZE, last_step, step_of

NOTEBOOK = "03_queens_in_a_magic_square.ipynb"
N = 4  # the notebook's widget player starts on a 4 x 4 board

# JavaScript: the queens and the caption of the board the element shows now.
VISIBLE_BOARD = """(root) => {
  const boards = [...root.querySelectorAll('.queens-board')].filter(b => b.offsetParent !== null);
  if (boards.length !== 1) return null;
  const cells = [...boards[0].querySelectorAll('td')].map(td => td.textContent.trim());
  const caption = boards[0].querySelector('.queens-caption').textContent;
  return {cells, caption};
}"""


def wait_board(root, predicate, timeout: float = 40.0) -> dict:
    """Read the shown board once per drawn frame until ``predicate(board)`` holds; return it
    (or fail with the last one)."""
    what = "the expected board never showed"
    return poll(root.page, lambda: root.evaluate(VISIBLE_BOARD), predicate, timeout, what)


def queens_in(board: dict) -> list[int]:
    """Indices (row-major) of the cells that show a queen."""
    return [i for i, text in enumerate(board["cells"]) if QUEEN in text]


def test_backtracking_player_keys_unrun_then_steps_and_plays(lab_server, browser):
    with lab_page(browser, SIZE) as page:
        open_notebook(page, lab_server, NOTEBOOK)
        player = page.locator(".magiclib-backtrack").first
        keys = player.locator(".mlfront-keys")
        keys.wait_for(timeout=60_000)
        assert "board size" in player.locator(".mlfront-needs").inner_text()
        saved_last = last_step(player)
        keys.focus()
        status = keys.locator("[role=status]")
        page.keyboard.press("Home")
        assert status.inner_text().startswith(f"step 0 of {saved_last}")
        player.scroll_into_view_if_needed()
        screenshot(page, "10_lab_backtrack_saved_first")
        for _ in range(saved_last // 2):
            page.keyboard.press("ArrowRight")
        assert step_of(keys) == saved_last // 2
        screenshot(page, "10_lab_backtrack_saved_middle")
        page.keyboard.press("End")
        assert step_of(keys) == saved_last
        assert "The search is complete" in status.inner_text(), status.inner_text()
        screenshot(page, "10_lab_backtrack_saved_last")

        run_all(page)
        assert errors_on_page(page) == []

        frames = backtrack_frames(N)
        last = len(frames) - 1
        player = page.locator(".magiclib-backtrack").first
        player.scroll_into_view_if_needed()
        first = wait_board(player, lambda b: b["caption"].startswith("Start"))
        assert len(first["cells"]) == N * N and queens_in(first) == []

        # Three steps forward: queen on (0, 0), queen on (1, 2), then row 2 is a dead end.
        forward = player.get_by_role("button", name="step forward")
        for k in range(1, 4):
            forward.click()
            board = wait_board(player, lambda b, k=k: b["caption"].startswith(f"Step {k}:"))
        assert queens_in(board) == [0 * N + 0, 1 * N + 2]
        assert "dead end" in board["caption"]
        screenshot(page, "03_queens_backtrack_step3")

        # Play to the end without touching the kernel: the last frame shows the solutions found,
        # the one before it reports the whole search.
        stats = backtrack_stats(N)
        fastest(player)
        player.locator(".widget-play button").first.click()
        closing = player.locator(".queens-solutions").filter(has_text="The search is complete")
        closing.wait_for(state="visible", timeout=60_000)
        assert f"complete: {stats['solutions']} solutions" in closing.inner_text()
        assert closing.locator(".queens-board").count() == stats["solutions"]
        player.get_by_role("button", name="step back").click()
        end = wait_board(player, lambda b: b["caption"].startswith(f"Step {last - 1}:"), timeout=30)
        assert f"solutions {stats['solutions']}" in end["caption"]
        assert f"queens placed {stats['nodes']}" in end["caption"]
        assert f"dead ends {stats['dead_ends']}" in end["caption"]
        screenshot(page, "03_queens_backtrack_end")

        # The self-contained HTML animation (5 x 5) steps with its own buttons.
        anim = page.locator(".mlanim-queens").first
        anim.scroll_into_view_if_needed()
        wait_board(anim, lambda b: b["caption"].startswith("Start"))
        anim.locator(".mlanim-forward").click()
        step1 = wait_board(anim, lambda b: b["caption"].startswith("Step 1:"))
        assert queens_in(step1) == [0]
        assert errors_on_page(page) == []
