"""A step-by-step player for precomputed frames that animates without a kernel.

The frames (HTML strings) go into an ``ipywidgets.Stack``; a ``Play`` widget, an
``IntSlider``, the four step buttons and the keyboard stop are linked to it with
``jslink``, which runs in the browser. The animation therefore plays and steps in
JupyterLab, in Voilà and in any page that carries the saved widget state, even
after the kernel is gone. The step buttons and the keyboard stop (``PlayerKeys``:
Space, arrows, Home/End, the step said in words) are small anywidget front ends
from ``magiclib.widgets._front``.

It follows the frame conventions of ``magiclib.show.player``, like the kernel-free
``magiclib.show.html_animation``: the same frame list (``as_frames``), each frame
wrapped by ``frame_markup`` (``div.mlanim-frame`` with ``data-step``), and buttons
labelled from ``CONTROLS``, so both players show identical frames and controls.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

from .._check import as_order, as_text
from ..i18n import N_, _
from ..show.player import CONTROLS, as_frames, frame_caption, frame_markup
from ._front import PlayerKeys, StepButton

#: How the suite's players are named to a reader (a screen reader says "Siamese walk player"); the
#: ``name`` itself is a CSS class and stays as given. Any other name is said as it is.
SAID_NAMES = {"siamese": N_("Siamese walk"), "backtrack": N_("backtracking")}

__all__ = ["FramePlayer", "frame_player"]


class FramePlayer(widgets.VBox):
    """A VBox of controls (Play, step buttons, slider, speed), a keyboard stop, and a Stack of frames.

    Attributes ``play``, ``slider``, ``speed`` (milliseconds per step), ``stack``, ``first``,
    ``back``, ``forward``, ``last`` and ``keyboard`` (the keyboard stop) give the parts; ``frames``
    the HTML strings. Everything but Python-side calls (``_move``, ``set_frames``) runs in the
    browser. Its repr is short and stable, so a notebook cell that shows it re-runs identically
    under nbval.
    """

    def __init__(
        self,
        frames: Sequence[str],
        *,
        interval_ms: int = 600,
        label: str | None = None,
        name: str = "player",
        header: widgets.Widget | None = None,
    ):
        self.frames = as_frames(frames)
        interval_ms = as_order(
            interval_ms, name="interval_ms", minimum=10, maximum=60_000, what=_("a duration in ms")
        )
        label = as_text(label, name="label") or _("step")
        name = as_text(name, name="name") or "player"
        if header is not None and not isinstance(header, widgets.Widget):
            raise TypeError(
                _("header must be an ipywidgets Widget or None, got {kind}", kind=type(header).__name__)
            )
        self.name = name
        labels = {key: (_(text), _(tip)) for key, text, tip in CONTROLS}
        last = len(self.frames) - 1
        self.play = widgets.Play(
            value=0, min=0, max=last, step=1, interval=interval_ms, description=_("Play"), show_repeat=False
        )
        self.slider = widgets.IntSlider(
            value=0,
            min=0,
            max=last,
            description=label,
            continuous_update=True,
            layout=widgets.Layout(width="420px"),
        )
        steps = {"back": -1, "forward": +1}  # first and last: set by _fit_to, from the frame count
        self.first, self.back, self.forward, self.last = (
            StepButton(
                key=key, description=labels[key][0], tooltip=labels[key][1], delta=steps.get(key, 0), max=last
            )
            for key in ("first", "back", "forward", "last")
        )
        for button in (self.first, self.back, self.forward, self.last):
            button.on_click(lambda b: self._move(b.delta))
        self.keyboard = PlayerKeys(
            max=last,
            word=label,
            label=_(
                "{name} player", name=_(SAID_NAMES[name]) if name in SAID_NAMES else name.replace("-", " ")
            ),
        )
        self._fit_to(self.frames)
        # Speed: milliseconds per step, linked in the browser to Play's interval (no kernel needed).
        self.speed = widgets.IntSlider(
            value=interval_ms,
            min=min(100, interval_ms),
            max=max(2000, interval_ms),
            step=50,
            description=_("ms per step"),
            continuous_update=True,
            style={"description_width": "initial"},
            layout=widgets.Layout(width="300px"),
        )
        self.speed.add_class("magiclib-speed")
        self.stack = widgets.Stack(self.frame_widgets(self.frames), selected_index=0)
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        widgets.jslink((self.slider, "value"), (self.stack, "selected_index"))
        widgets.jslink((self.speed, "value"), (self.play, "interval"))
        for part in (self.first, self.back, self.forward, self.last, self.keyboard):
            widgets.jslink((self.slider, "value"), (part, "value"))
            widgets.jslink((self.slider, "max"), (part, "max"))
            widgets.jslink((self.play, "playing"), (part, "playing"))
        controls = widgets.HBox(
            [self.play, self.first, self.back, self.forward, self.last, self.slider, self.speed],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        children = ([header] if header is not None else []) + [controls, self.keyboard, self.stack]
        super().__init__(children)
        self.add_class(f"magiclib-{name}")

    @staticmethod
    def frame_widgets(frames: Sequence[str]) -> list[widgets.HTML]:
        """One HTML widget per frame, holding the frame as ``frame_markup`` wraps it."""
        return [widgets.HTML(value=frame_markup(i, f)) for i, f in enumerate(frames)]

    def _move(self, delta: int) -> None:
        self.slider.value = min(max(self.slider.value + delta, 0), self.slider.max)

    def set_frames(self, frames: Sequence[str]) -> None:
        """Show new frames (from Python): back to frame 0, every control's range updated."""
        frames = as_frames(frames)
        last = len(frames) - 1
        self.play.playing = False
        self.slider.value = self.play.value = 0
        self.stack.selected_index = 0
        self.stack.children = self.frame_widgets(frames)
        self.slider.max = self.play.max = last
        for part in (self.first, self.back, self.forward, self.last, self.keyboard):
            part.value, part.max = 0, last
        self._fit_to(frames)
        self.frames = frames

    def _fit_to(self, frames: list[str]) -> None:
        """What depends on the frames beyond their count: the jumps of first and last, the spoken captions."""
        self.first.delta, self.last.delta = -len(frames), len(frames)
        self.keyboard.captions = [frame_caption(f) for f in frames]

    def __repr__(self) -> str:
        return f"FramePlayer({self.name!r}, frames={len(self.frames)})"


def frame_player(frames: Sequence[str], **kwargs) -> FramePlayer:
    """A ``FramePlayer`` over ``frames`` (HTML strings), starting at frame 0.

    >>> frame_player(["<b>1</b>", "<b>2</b>"], name="demo")
    FramePlayer('demo', frames=2)
    """
    return FramePlayer(frames, **kwargs)
