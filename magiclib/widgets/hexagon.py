""" "Fill the free cells": type the 7 free values, see the other 12 cells follow.

The other cells are computed from x = B·f + p (``magiclib.hexagon.fill``), so
every line always sums to the chosen total; the question the widget answers is
whether the 19 values are 1..19, once each: then it is a true magic hexagon.

Selectors for browser tests (JupyterLab and Voilà): the free inputs carry the
classes ``magiclib-hexagon-x10`` ... ``magiclib-hexagon-x19`` (their labels read
"x10" ...), the total input ``magiclib-hexagon-total``, the drawing
``magiclib-hexagon-board`` (every line sum is an SVG text with class
``line-sum`` and ``data-line``), and the verdict ``magiclib-hexagon-verdict``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from .. import hexagon
from .._check import as_order
from ..i18n import _
from ..show.hexagon import hexagon_svg, hexagon_verdict_html
from ._front import NeedsPython

__all__ = ["HexagonFiller", "hexagon_filler"]

#: Largest size of a free value or of the line sum the inputs accept.
LIMIT = 10**6
# Large digits in the inputs, for a projector (scoped to this widget's class).
_STYLE = (
    "<style>.magiclib-hexagon input{font-size:20px !important;height:34px !important}"
    ".magiclib-hexagon .widget-label{font-size:18px !important}</style>"
)


class HexagonFiller(widgets.VBox):
    """Seven integer inputs for the free cells, the live hexagon, and a verdict.

    Attributes: ``inputs`` (dict cell -> IntText), ``total`` (IntText),
    ``board`` and ``verdict`` (HTML); ``values`` is the current fill.
    """

    def __init__(self, free: Sequence[int] = (1, 2, 3, 4, 5, 6, 7), total: int = 38):
        if isinstance(free, (str, bytes)) or not hasattr(free, "__len__"):
            raise TypeError(
                _(
                    "free must be a sequence of 7 integers (cells 10, 11, 14, 15, 16, 18, 19), got {kind}",
                    kind=type(free).__name__,
                )
            )
        if len(free) != 7:
            raise ValueError(_("free must be a sequence of 7 integers, got {size} values", size=len(free)))
        what = _("an integer", context="what a value must be")  # not the exercises' "an integer"
        free = [
            as_order(v, name=f"free[{i}]", minimum=-LIMIT, maximum=LIMIT, what=what)
            for i, v in enumerate(free)
        ]
        total = as_order(
            total,
            name="total",
            minimum=-LIMIT,
            maximum=LIMIT,
            what=_("an integer line sum (the inputs hold whole numbers)"),
        )
        start = hexagon.fill(free, total)
        cells = hexagon.free_variables()
        self.inputs: dict[int, widgets.IntText] = {}
        for k in cells:
            box = widgets.IntText(
                value=start[k - 1],
                description=f"x{k}",
                layout=widgets.Layout(width="140px", height="36px"),
                style={"description_width": "42px"},
            )
            box.add_class(f"magiclib-hexagon-x{k}")
            self.inputs[k] = box
        self.total = widgets.IntText(
            value=int(total),
            description=_("line sum"),
            layout=widgets.Layout(width="190px", height="36px"),
            style={"description_width": "80px"},
        )
        self.total.add_class("magiclib-hexagon-total")
        self.board = widgets.HTML()
        self.board.add_class("magiclib-hexagon-board")
        self.verdict = widgets.HTML()
        self.verdict.add_class("magiclib-hexagon-verdict")
        title = widgets.HTML(
            _STYLE
            + "<b style='font-size:17px'>"
            + html.escape(
                _(
                    "Fill the free cells: type the 7 yellow values (press Enter); "
                    "the other 12 follow from x = B·f + p."
                )
            )
            + "</b>"
        )
        for box in list(self.inputs.values()) + [self.total]:
            box.observe(self._update, names="value")
        row = widgets.HBox(
            list(self.inputs.values()) + [self.total], layout=widgets.Layout(flex_flow="row wrap")
        )
        self.needs_python = NeedsPython(_("needs Python: run the cell, then type values to check them"))
        super().__init__([title, self.needs_python, row, self.board, self.verdict])
        self.add_class("magiclib-hexagon")
        self._update()

    @property
    def free_values(self) -> tuple[int, ...]:
        return tuple(int(box.value) for box in self.inputs.values())

    @property
    def values(self) -> tuple:
        return hexagon.fill(self.free_values, int(self.total.value))

    def _update(self, change: Any = None) -> None:
        x, total = self.values, int(self.total.value)
        self.board.value = hexagon_svg(x, total)
        self.verdict.value = hexagon_verdict_html(x, total)

    def is_magic(self) -> bool:
        """True when the current fill holds 1..19 once each (all lines equal the total)."""
        return hexagon.is_magic(self.values, int(self.total.value))

    def __repr__(self) -> str:
        return f"HexagonFiller(total={int(self.total.value)}, free={self.free_values})"


def hexagon_filler(free: Sequence[int] = (1, 2, 3, 4, 5, 6, 7), total: int = 38) -> HexagonFiller:
    """The "Fill the free cells" widget, starting from these 7 free values (cells 10, 11, 14,
    15, 16, 18, 19) and line sum.

    >>> w = hexagon_filler()
    >>> w
    HexagonFiller(total=38, free=(1, 2, 3, 4, 5, 6, 7))
    >>> w.is_magic()
    False
    """
    return HexagonFiller(free, total)
