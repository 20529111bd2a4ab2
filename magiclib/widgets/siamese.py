"""The Siamese walk as a player: Play/Pause, step buttons, a slider and a choice of odd n.

The frames come from ``magiclib.show.siamese_frames`` (HTML, precomputed), so
playing and sliding run in the browser through ``jslink``, without a kernel
(Voilà, exported HTML). Only choosing another n rebuilds the frames in Python.
"""

from __future__ import annotations

import ipywidgets as widgets

from .._check import as_order
from ..i18n import _
from ..show.walk import siamese_frames
from ._front import NeedsPython
from ._player import FramePlayer

__all__ = ["SiamesePlayer", "siamese_player"]

#: The orders offered by the player's menu.
ORDERS = tuple(range(3, 16, 2))


class SiamesePlayer(FramePlayer):
    """A ``FramePlayer`` over the walk's frames with a menu of odd orders above it.

    ``order`` is the menu (a Dropdown); the slider's value is how many numbers
    are placed. The root element has the CSS class ``magiclib-siamese``.
    """

    def __init__(self, n: int = 5, *, interval_ms: int = 700):
        n = as_order(n, minimum=ORDERS[0], maximum=ORDERS[-1], what=_("an odd integer"))
        if n % 2 == 0:
            raise ValueError(
                _(
                    "n must be an odd integer between {minimum} and {maximum}, got {n}",
                    minimum=ORDERS[0],
                    maximum=ORDERS[-1],
                    n=n,
                )
            )
        self.order = widgets.Dropdown(
            options=list(ORDERS), value=n, description=_("order n"), layout=widgets.Layout(width="180px")
        )
        self.needs_python = NeedsPython(_("needs Python: run the cell to change the order"))
        header = widgets.HBox([self.order, self.needs_python], layout=widgets.Layout(align_items="center"))
        super().__init__(
            siamese_frames(n), interval_ms=interval_ms, label=_("placed"), name="siamese", header=header
        )
        self.n = n
        self.order.observe(self._on_order, names="value")

    def _on_order(self, change) -> None:
        """Rebuild the frames for the newly chosen order (this part needs the kernel)."""
        n = int(change["new"])
        self.set_frames(siamese_frames(n))
        self.n = n

    def __repr__(self) -> str:
        return f"SiamesePlayer(n={self.n}, frames={len(self.frames)})"


def siamese_player(n: int = 5, **kwargs) -> SiamesePlayer:
    """A player that animates the Siamese walk of odd order n (3 to 15), step by step.

    >>> siamese_player(3)
    SiamesePlayer(n=3, frames=10)
    """
    return SiamesePlayer(n, **kwargs)
