"""The browser-side controls of the widgets (``magiclib.widgets._front``, anywidget) and how the
frame player wires them. The keys themselves are driven in a real browser by
tests/browser/test_10_widget_keys.py; here: the Python side, the links and the front-end contract."""

from __future__ import annotations

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget import _instances
from ipywidgets.widgets.widget_link import Link

from magiclib.show.player import frame_caption
from magiclib.show.walk import siamese_frames
from magiclib.widgets import (
    NeedsPython,
    PlayerKeys,
    StepButton,
    backtrack_player,
    frame_player,
    siamese_player,
    square_browser,
)


def links_of(target) -> set[tuple[str, str, str]]:
    """The (source attribute, target attribute, target class) of every jslink touching ``target``."""
    found = set()
    for w in list(_instances.values()):
        if isinstance(w, Link) and target in (w.source[0], w.target[0]):
            other = w.target if w.source[0] is target else w.source
            mine = w.source if w.source[0] is target else w.target
            found.add((mine[1], other[1], type(other[0]).__name__))
    return found


def test_every_step_control_is_linked_in_the_browser():
    player = frame_player([f"<p>{i}</p>" for i in range(5)], name="demo")
    links = links_of(player.slider)
    for part in (player.first, player.back, player.forward, player.last, player.keyboard):
        name = type(part).__name__
        assert ("value", "value", name) in links and ("max", "max", name) in links, name
    assert {("playing", "playing", "StepButton"), ("playing", "playing", "PlayerKeys")} <= links_of(
        player.play
    )
    assert [b.delta for b in (player.first, player.back, player.forward, player.last)] == [-5, -1, 1, 5]
    assert all(part.max == 4 for part in (player.first, player.last, player.keyboard))


def test_step_buttons_also_work_from_python():
    player = frame_player(["<p>a</p>", "<p>b</p>", "<p>c</p>"], name="demo")
    player.forward.click()
    player.forward.click()
    player.forward.click()
    assert player.slider.value == 2
    player.back.click()
    assert player.slider.value == 1
    player.first.click()
    assert player.slider.value == 0
    player.last.click()
    assert player.slider.value == 2


def test_the_player_says_each_step_in_words():
    frames = siamese_frames(3)
    player = frame_player(frames, name="siamese", label="placed")
    keys = player.keyboard
    assert keys.captions == [frame_caption(f) for f in frames] and len(keys.captions) == 10
    assert all(keys.captions), "every Siamese frame has a caption to read out"
    keys.value = 4
    words = keys.words()
    assert words.startswith("placed 4 of 9: 4 ") and "Step 4" not in words
    assert "rule occupied" in words
    keys.value = 9
    assert keys.words().startswith("placed 9 of 9: Done")


def test_a_new_order_updates_every_control():
    player = siamese_player(3)
    player.order.value = 5
    assert player.keyboard.max == player.forward.max == player.slider.max == 25
    assert player.last.delta == 26 and len(player.keyboard.captions) == 26
    assert player.keyboard.value == 0 and player.slider.value == 0


def test_the_key_handler_knows_the_classroom_keys():
    esm = PlayerKeys._esm.default_value
    for key in ('" "', '"ArrowRight"', '"ArrowLeft"', '"Home"', '"End"'):
        assert f"e.key === {key}" in esm, key
    assert "tabIndex = 0" in esm and '"aria-live", "polite"' in esm
    assert "outline: 3px solid #0072B2" in PlayerKeys._css.default_value
    assert 'model.set("value"' in StepButton._esm.default_value


@pytest.mark.parametrize(
    "make, attribute",
    [
        (lambda: siamese_player(3), "order"),
        (lambda: backtrack_player(4), "size"),
        (lambda: square_browser(), "filter"),
    ],
)
def test_controls_that_need_python_say_so(make, attribute):
    widget = make()
    note = widget.needs_python
    assert isinstance(note, NeedsPython) and note.text.startswith("needs Python: run the cell")
    # The note sits in the same row as the control it speaks for.
    rows = [w for w in _instances.values() if isinstance(w, widgets.HBox) and note in w.children]
    assert any(getattr(widget, attribute) in row.children for row in rows)


def test_the_python_note_goes_when_python_answers():
    note = NeedsPython("needs Python: run the cell to change the order")
    sent = []
    note.send = sent.append
    note._answer(note, {"type": "ping"}, [])
    assert sent == [{"type": "live"}]
    note._answer(note, {"type": "something else"}, [])
    assert sent == [{"type": "live"}]
    esm = NeedsPython._esm.default_value
    assert 'model.send({ type: "ping" })' in esm and 'msg.type === "live"' in esm and "note.remove()" in esm


def test_the_python_note_refuses_a_non_text():
    with pytest.raises(TypeError):
        NeedsPython(3)
