"""Widgets for the queens notebook: browse the solutions over a square, and watch the search.

- ``QueensOverSquare``: step through every n-queens solution drawn over a
  square's numbers, with the running sum of the queens' cells row by row and
  the hidden solutions (sum = magic constant) marked in colour *and* text.
  Moving the slider redraws in the kernel.
- ``BacktrackPlayer``: the backtracking search as precomputed HTML frames in a
  ``FramePlayer``, so Play and the slider work without a kernel; only
  changing the board size (4 to 8) needs the kernel.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from .._check import as_order, as_square
from ..i18n import _
from ..nqueens import MAX_LISTED, hidden_queens, queens
from ..show.look import css_font
from ..show.queens import backtrack_search_frames, queens_over_square_html
from ._front import NeedsPython
from ._player import FramePlayer

__all__ = ["QueensOverSquare", "queens_over_square", "BacktrackPlayer", "backtrack_player"]


def _px(cell_px: Any) -> int:
    return as_order(cell_px, name="cell_px", minimum=10, maximum=200, what=_("a cell size in pixels"))


def _ms(interval_ms: Any) -> int:
    return as_order(interval_ms, name="interval_ms", minimum=10, maximum=60_000, what=_("a duration in ms"))


class QueensOverSquare(widgets.VBox):
    """Step through the n-queens solutions drawn over ``square`` (kernel redraws).

    A toggle chooses all solutions or only the hidden ones; the slider and the
    Play button pick the solution. ``frame`` is the HTML widget shown.
    """

    def __init__(self, square: Any, *, cell_px: int = 50, interval_ms: int = 900):
        self.square = as_square(square)
        n = as_order(
            self.square.shape[0],
            name=_("the order of {name}", name="square"),
            maximum=MAX_LISTED,
            what=_("an order (every solution is listed)"),
        )
        self.cell_px = _px(cell_px)
        interval_ms = _ms(interval_ms)
        self.all = queens(n)
        if not self.all:
            raise ValueError(
                _(
                    "square must have an order with an n-queens solution (1, or 4 to {maximum}), "
                    "but the {n} x {n} board has none to show",
                    maximum=MAX_LISTED,
                    n=n,
                )
            )
        self.hidden = hidden_queens(self.square)
        self.target = sum(int(x) for x in self.square.ravel()) // n
        self.which = widgets.ToggleButtons(
            # the values stay English (code compares them); the labels are the reader's
            options=[
                (_("all {count}", count=len(self.all)), f"all {len(self.all)}"),
                (_("hidden {count}", count=len(self.hidden)), f"hidden {len(self.hidden)}"),
            ],
            value=f"all {len(self.all)}",
            description=_("show"),
            style={"button_width": "110px"},
        )
        if not self.hidden:
            self.which.disabled = True
        self.slider = widgets.IntSlider(
            value=1, min=1, max=len(self.all), description=_("solution"), layout=widgets.Layout(width="420px")
        )
        self.play = widgets.Play(
            value=1, min=1, max=len(self.all), interval=interval_ms, description=_("Play"), show_repeat=False
        )
        widgets.jslink((self.play, "value"), (self.slider, "value"))
        self.frame = widgets.HTML()
        self.slider.observe(lambda _: self._draw(), names="value")
        self.which.observe(lambda _: self._switch(), names="value")
        self._draw()
        self.needs_python = NeedsPython(_("needs Python: run the cell to step through the solutions"))
        super().__init__([self.which, widgets.HBox([self.play, self.slider, self.needs_python]), self.frame])
        self.add_class("magiclib-queens-over-square")

    @property
    def shown(self) -> list[tuple[int, ...]]:
        """The solutions the slider runs over (all, or the hidden ones)."""
        return self.hidden if self.which.value.startswith("hidden") else self.all

    def _switch(self) -> None:
        count = len(self.shown)
        self.slider.value = 1
        self.slider.max = self.play.max = count
        self._draw()

    def _draw(self) -> None:
        k = self.slider.value
        solution = self.shown[k - 1]
        index = self.all.index(solution) + 1
        if self.shown is self.hidden:
            caption = _(
                "hidden solution {k} of {count}: columns {solution} "
                "(number {index} of {total} in search order)",
                k=k,
                count=len(self.shown),
                solution=solution,
                index=index,
                total=len(self.all),
            )
        else:
            caption = _(
                "solution {k} of {count}: columns {solution}", k=k, count=len(self.shown), solution=solution
            )
        self.frame.value = queens_over_square_html(
            self.square, solution, target=self.target, cell_px=self.cell_px, caption=caption
        )

    def __repr__(self) -> str:
        n = self.square.shape[0]
        return f"QueensOverSquare(n={n}, solutions={len(self.all)}, hidden={len(self.hidden)})"


def queens_over_square(square: Any, **kwargs) -> QueensOverSquare:
    """A ``QueensOverSquare`` browser for ``square``.

    >>> queens_over_square([[16, 3, 2, 13], [5, 10, 11, 8], [9, 6, 7, 12], [4, 15, 14, 1]])
    QueensOverSquare(n=4, solutions=2, hidden=2)
    """
    return QueensOverSquare(square, **kwargs)


class BacktrackPlayer(widgets.VBox):
    """A board-size slider (4 to 8) above a ``FramePlayer`` of the backtracking search.

    The frames are precomputed, so playing needs no kernel; a new size builds
    new frames in the kernel. Large boards stop after ``max_frames`` frames.
    """

    def __init__(self, n: int = 5, *, max_frames: int = 300, interval_ms: int = 500, cell_px: int = 50):
        self.n = as_order(n, minimum=4, maximum=8, what=_("a board size"))
        self.max_frames = as_order(
            max_frames, name="max_frames", minimum=2, maximum=2000, what=_("a number of frames")
        )
        self.interval_ms = _ms(interval_ms)
        self.cell_px = _px(cell_px)
        self.size = widgets.IntSlider(
            value=self.n,
            min=4,
            max=8,
            description=_("board size"),
            continuous_update=False,
            layout=widgets.Layout(width="300px"),
        )
        self.note = widgets.HTML()
        self.player = self._make_player()
        self.size.observe(lambda change: self._resize(change["new"]), names="value")
        self.needs_python = NeedsPython(_("needs Python: run the cell to change the board size"))
        super().__init__([widgets.HBox([self.size, self.needs_python, self.note]), self.player])
        self.add_class("magiclib-backtrack")

    def _make_player(self) -> FramePlayer:
        frames, complete = backtrack_search_frames(self.n, max_frames=self.max_frames, cell_px=self.cell_px)
        if complete:
            note = _("{count} frames (the whole search)", count=len(frames))
        else:
            note = _(
                "{count} frames (the search continues after frame {frame})",
                count=len(frames),
                frame=len(frames) - 2,
            )
        self.note.value = f'<span style="{css_font(15)}">{html.escape(note)}</span>'
        return FramePlayer(frames, interval_ms=self.interval_ms, name="backtrack", label=_("step"))

    def _resize(self, n: int) -> None:
        self.n = n
        self.player = self._make_player()
        self.children = [self.children[0], self.player]

    def __repr__(self) -> str:
        return f"BacktrackPlayer(n={self.n}, frames={len(self.player.frames)})"


def backtrack_player(n: int = 5, **kwargs) -> BacktrackPlayer:
    """A ``BacktrackPlayer`` starting on an n x n board (4 <= n <= 8).

    >>> backtrack_player(4)
    BacktrackPlayer(n=4, frames=37)
    """
    return BacktrackPlayer(n, **kwargs)
