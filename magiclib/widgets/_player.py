"""A step-by-step player for precomputed frames that animates without a kernel.

The frames (HTML strings) go into an ``ipywidgets.Stack``; a ``Play`` widget and
an ``IntSlider`` are linked to it with ``jslink``, which runs in the browser. The
animation therefore plays in JupyterLab, in Voilà and in any page that carries
the saved widget state, even after the kernel is gone. The step buttons are a
convenience that needs the kernel; the slider's arrow keys do the same without.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets

__all__ = ["FramePlayer", "frame_player"]


class FramePlayer(widgets.VBox):
    """A VBox of controls (Play, step buttons, slider) above a Stack of frames.

    Attributes ``play``, ``slider``, ``stack``, ``back`` and ``forward`` give
    the parts; ``frames`` the HTML strings. Its repr is short and stable, so a
    notebook cell that shows it re-runs identically under nbval.
    """

    def __init__(self, frames: Sequence[str], *, interval_ms: int = 600, label: str = "step",
                 name: str = "player", header: widgets.Widget | None = None):
        if len(frames) == 0:
            raise ValueError("a player needs at least one frame")
        self.frames = list(frames)
        self.name = name
        last = len(self.frames) - 1
        self.play = widgets.Play(value=0, min=0, max=last, step=1, interval=interval_ms,
                                 description="Play", show_repeat=False)
        self.slider = widgets.IntSlider(value=0, min=0, max=last, description=label,
                                        continuous_update=True,
                                        layout=widgets.Layout(width="420px"))
        self.back = widgets.Button(description="◀ step back", tooltip="previous step",
                                   layout=widgets.Layout(width="110px"))
        self.forward = widgets.Button(description="step forward ▶", tooltip="next step",
                                      layout=widgets.Layout(width="130px"))
        self.back.on_click(lambda _: self._move(-1))
        self.forward.on_click(lambda _: self._move(+1))
        self.stack = widgets.Stack([widgets.HTML(value=f) for f in self.frames], selected_index=0)
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        widgets.jslink((self.slider, "value"), (self.stack, "selected_index"))
        controls = widgets.HBox([self.play, self.back, self.forward, self.slider])
        children = ([header] if header is not None else []) + [controls, self.stack]
        super().__init__(children)
        self.add_class(f"magiclib-{name}")

    def _move(self, delta: int) -> None:
        self.slider.value = min(max(self.slider.value + delta, 0), self.slider.max)

    def __repr__(self) -> str:
        return f"FramePlayer({self.name!r}, frames={len(self.frames)})"


def frame_player(frames: Sequence[str], **kwargs) -> FramePlayer:
    """A ``FramePlayer`` over ``frames`` (HTML strings), starting at frame 0.

    >>> frame_player(["<b>1</b>", "<b>2</b>"], name="demo")
    FramePlayer('demo', frames=2)
    """
    return FramePlayer(frames, **kwargs)
