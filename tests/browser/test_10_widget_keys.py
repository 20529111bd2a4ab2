"""The widget player (``magiclib.widgets.FramePlayer``) for a classroom, in JupyterLab and Voilà.

1. The keys of a player, checked by ``check_keys`` (Tab, Space, arrows, Home, End, the words said in a
   polite live region, the step buttons): notebook 01's Siamese player with nothing run is driven by
   them in ``test_01_siamese.py`` (one page for the saved state and the run; notebook 03's backtracking
   player, nothing run, by the arrows and Home and End in ``test_03_queens.py``).
2. The same Siamese player in Voilà (``make app``: code hidden, network refused): no note (the kernel
   runs), the keys work, nothing leaves the machine.
3. Every page of the Voilà app passes axe-core: no serious or critical violation.
"""

from __future__ import annotations

import re

import pytest

from magiclib.widgets._front import _WATCH_JS

from .harness import (
    NOTEBOOKS,
    Server,
    axe_serious,
    next_frame,
    refuse_network,
    screenshot,
    wait_dom_widget_views,
)

NB01 = "01_siamese_walk.ipynb"
SIZE = {"width": 1280, "height": 800}
PLAYER = ".magiclib-siamese"


def step_of(keys) -> int:
    return int(keys.get_attribute("data-step"))


def last_step(player) -> int:
    """The last step, as the player's words say it ("placed 0 of 9")."""
    words = player.locator(".mlfront-keys [role=status]").inner_text()
    return int(re.match(r"\w+ \d+ of (\d+)", words).group(1))


def readout(player) -> str:
    return player.locator(".widget-readout").first.inner_text().strip()


def tab_to(page, target, start, limit: int = 12) -> bool:
    """Focus ``start``, then press Tab until ``target`` has the focus (at most ``limit`` times)."""
    start.focus()
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(el) => el === document.activeElement", target.element_handle()):
            return True
    return False


def check_keys(page, player, last: int, shots: str | None = None) -> None:
    """Drive the player's keyboard stop (already focused) and check the frames and the words."""
    keys = player.locator(".mlfront-keys")
    status = keys.locator("[role=status]")
    assert status.get_attribute("aria-live") == "polite"
    page.keyboard.press("Home")
    assert step_of(keys) == 0 and readout(player) == "0"
    assert status.inner_text().startswith(f"placed 0 of {last}")
    if shots:
        player.scroll_into_view_if_needed()
        screenshot(page, f"{shots}_first")
    for key in ("ArrowRight", "ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft", "ArrowRight"):
        page.keyboard.press(key)
    assert step_of(keys) == 4 and readout(player) == "4"
    # The words come from the frame's own caption, without its "Step 4:" prefix.
    shown = player.locator(".mlanim-frame[data-step='4']")
    assert shown.is_visible()
    words = status.inner_text()
    assert words.startswith(f"placed 4 of {last}: 4 ") and "Step 4" not in words, words
    assert words.split(": ", 1)[1] in shown.inner_text().replace("\n", " ")
    if shots:
        page.keyboard.press("Home")
        for _ in range(last // 2):
            page.keyboard.press("ArrowRight")
        screenshot(page, f"{shots}_middle")
    page.keyboard.press("End")
    assert step_of(keys) == last and readout(player) == str(last)
    assert status.inner_text().startswith(f"placed {last} of {last}: Done")
    if shots:
        screenshot(page, f"{shots}_last")
    # Space plays from the start (the player was at the end) and pauses again.
    page.keyboard.press("Space")
    page.wait_for_function(
        "(el) => +el.dataset.step >= 2 && el.dataset.playing === '1'",
        arg=keys.element_handle(),
        timeout=20_000,
    )
    page.keyboard.press("Space")
    page.wait_for_function("(el) => el.dataset.playing === '0'", arg=keys.element_handle(), timeout=5_000)
    # Paused means the stock Play has stopped its timer: its button shows "play" again, not "pause".
    page.wait_for_function(
        "(el) => el.querySelector('.widget-play i.fa-play') && !el.querySelector('.widget-play i.fa-pause')",
        arg=player.element_handle(),
        timeout=5_000,
    )
    paused = step_of(keys)
    next_frame(page)
    assert step_of(keys) == paused, "Space did not pause the player"
    # The step buttons work in the browser too.
    page.keyboard.press("Home")
    player.get_by_role("button", name="step forward").click()
    player.get_by_role("button", name="step forward").click()
    page.wait_for_function("(el) => el.dataset.step === '2'", arg=keys.element_handle(), timeout=5_000)
    player.get_by_role("button", name="last step").click()
    page.wait_for_function(f"(el) => el.dataset.step === '{last}'", arg=keys.element_handle(), timeout=5_000)


def open_app_page(browser, server: Server, notebook: str):
    context = browser.new_context(viewport=SIZE)
    refused = refuse_network(context, (f"http://127.0.0.1:{server.port}/", "data:", "blob:"))
    page = context.new_page()
    page.set_default_timeout(30_000)
    # Voilà shows the page once every cell has run (06 counts every 5x5 square: 80 s on one numba thread,
    # more beside the other browser worker); the spinner goes.
    page.goto(server.url(notebook), timeout=360_000)
    page.wait_for_function(
        "() => !document.querySelector('#loading') || getComputedStyle(document.querySelector('#loading'))"
        ".display === 'none'",
        timeout=360_000,
    )
    return context, page, refused


def test_player_keys_in_voila(app_server, browser):
    context, page, refused = open_app_page(browser, app_server, NB01)
    try:
        player = page.locator(PLAYER).first
        keys = player.locator(".mlfront-keys")
        keys.wait_for(timeout=120_000)
        # The kernel runs behind a Voilà page: the order menu needs no note.
        page.wait_for_function(
            "(el) => el.querySelectorAll('.mlfront-needs').length === 0",
            arg=player.element_handle(),
            timeout=30_000,
        )
        assert tab_to(page, keys, player.locator("select").first), "Tab does not reach the player's keys"
        check_keys(page, player, last_step(player), shots="10_voila_siamese")
        assert refused == [], f"the Voilà page asked the network for {refused}"
    finally:
        page.goto("about:blank")
        context.close()


def app_pages() -> list[str]:
    return [p.name for p in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))]


#: A Play button added to the page has its name before any other script can see it: the page's
#: observer names controls in its own microtask, which runs before this one resumes.
NAMED_AT_ONCE = """async () => {
  const box = document.createElement("div"), button = document.createElement("button");
  box.className = "widget-play";
  button.innerHTML = '<i class="fa fa-play"></i>';
  box.appendChild(button);
  document.body.appendChild(box);
  await Promise.resolve();
  const name = button.getAttribute("aria-label");
  box.remove();
  return name;
}"""


@pytest.mark.parametrize("notebook", app_pages())
def test_app_page_passes_axe(app_server, browser, axe_js, notebook):
    context, page, refused = open_app_page(browser, app_server, notebook)
    try:
        wait_dom_widget_views(page)
        # The page names what appears at once (controls) or by the next frame (figures' alt text).
        named = page.evaluate(NAMED_AT_ONCE)
        assert named == "play or pause", f"{notebook}: a new Play button waits for a name ({named})"
        next_frame(page)
        bad = axe_serious(page, axe_js)
        assert bad == [], f"{notebook} in Voilà: axe reports\n" + "\n".join(map(str, bad))
        errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        assert errors.count() == 0, f"{notebook}: an error shows in Voilà: {errors.first.inner_text()[:300]}"
        assert refused == [], f"{notebook} asked the network for {refused}"
        screenshot(page, f"10_app_{re.sub(r'[^0-9]', '', notebook[:2])}")
    finally:
        page.goto("about:blank")
        context.close()


#: A Box view renders a child before it attaches it: the child's element has no parent yet. The
#: stock controls beside it must have their names in the microtask of the attachment, not later.
NAMED_ON_ATTACH = """async () => {
  const box = document.createElement("div"), el = document.createElement("div");
  box.innerHTML = '<div class="widget-play"><button><i class="fa fa-play"></i></button></div>'
    + '<div class="widget-slider"><div class="widget-label">step</div>'
    + '<div class="noUi-handle" role="slider"></div></div>';
  const unwatch = watchControls(el, { play: "play it" });
  document.body.appendChild(box);
  await new Promise(done => setTimeout(done, 0));
  const before = box.querySelector("button").getAttribute("aria-label");
  box.appendChild(el);
  await Promise.resolve();
  const names = [before, box.querySelector("button").getAttribute("aria-label"),
                 box.querySelector(".noUi-handle").getAttribute("aria-label")];
  unwatch();
  return names;
}"""


def test_the_keys_name_their_neighbours_as_they_attach(browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content("<!doctype html><html><body></body></html>")
        page.add_script_tag(content=_WATCH_JS)
        # Nothing is named while the keys' element waits outside the box; all is named once it is in.
        assert page.evaluate(NAMED_ON_ATTACH) == [None, "play it", "step"]
    finally:
        context.close()
