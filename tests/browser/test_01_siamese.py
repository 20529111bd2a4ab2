"""Notebook 01 in JupyterLab (headless Chromium), in one page as a class meets it (1280x800).

1. Nothing run (saved widget state only): Play plays; Tab reaches the player's keyboard stop, which
   shows a focus ring; Space plays and pauses, the arrows step, Home and End jump; the step is said in
   words in a polite live region ("placed 4 of 9: ..."); the step buttons move the frames; the order
   menu, which needs Python, says so on itself. Screenshots of the first, middle and last frame.
2. Run All: the note goes; step the Siamese player to 4 (the article's cells, the occupied rule), then
   play to the end (the finished square with its line sums); the kernel-free HTML animation steps too."""

from __future__ import annotations

from magiclib.walk import siamese, siamese_steps

from .harness import errors_on_page, fastest, lab_page, open_notebook, poll, run_all, screenshot
from .test_10_widget_keys import SIZE, check_keys, last_step, readout, tab_to

NOTEBOOK = "01_siamese_walk.ipynb"
PLAYER = ".magiclib-siamese"
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


def test_saved_player_keys_then_run_step_and_play(lab_server, browser):
    with lab_page(browser, SIZE) as page:
        open_notebook(page, lab_server, NOTEBOOK)
        player = page.locator(PLAYER).first
        keys = player.locator(".mlfront-keys")
        keys.wait_for(timeout=60_000)
        player.scroll_into_view_if_needed()
        # Play works before anything runs: the saved state alone moves the frames (then pause it again).
        play = player.locator(".widget-play button").first
        before = readout(player)
        play.click()
        page.wait_for_function(
            "([el, b]) => el.textContent.trim() !== b",
            arg=[player.locator(".widget-readout").first.element_handle(), before],
            timeout=15_000,
        )
        screenshot(page, "saved-01-playing")
        play.click()
        page.wait_for_function("(el) => el.dataset.playing === '0'", arg=keys.element_handle(), timeout=5_000)
        last = last_step(player)
        assert last == N * N  # nine numbers placed
        # The order menu needs Python and says so on itself (nothing has run).
        note = player.locator(".mlfront-needs")
        assert note.is_visible() and "needs Python" in note.inner_text() and "order" in note.inner_text()
        # Tab reaches the keyboard stop from the order menu; it shows a focus ring.
        assert tab_to(page, keys, player.locator("select").first), "Tab does not reach the player's keys"
        ring = keys.evaluate(
            "(el) => { const s = getComputedStyle(el); return [s.outlineStyle, s.outlineWidth]; }"
        )
        assert ring == ["solid", "3px"], ring
        label = keys.get_attribute("aria-label")
        assert "Space" in label and "arrows" in label
        check_keys(page, player, last, shots="10_lab_siamese_saved")
        # Once the cells run, the Python side answers and the note goes.
        run_all(page)
        player = page.locator(PLAYER).first
        player.locator(".mlfront-keys").wait_for(timeout=60_000)
        page.wait_for_function(
            "(el) => el.querySelectorAll('.mlfront-needs').length === 0",
            arg=player.element_handle(),
            timeout=30_000,
        )
        assert player.locator("select").first.is_enabled()
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
        fastest(player)
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
