"""Browse a list of squares, filtered by property: by default the 880 essentially
different magic squares of order 4 in Frénicle's standard form (notebook 02).

The filter and the index slider call back into the kernel, which redraws the
square as an HTML table with large digits; the text under it says which
properties hold, so nothing is told by colour alone.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import numpy as np

from .._check import as_items, as_order, as_square, as_text
from ..allsquares import frenicle_squares
from ..i18n import _
from ..show.board import MAX_DRAWN_ORDER, square_html
from ..show.look import COLORS, css_font
from ..squares import PROPERTY_NAMES, line_sums, properties
from ..squares import reader_name as _property
from ._front import NeedsPython

__all__ = ["SquareBrowser", "square_browser"]


class SquareBrowser(widgets.VBox):
    """A property filter (Dropdown), an index slider, a caption and the square.

    Attributes: ``squares`` (the int64 arrays), ``filter`` (Dropdown whose value is
    ``"all"`` or a name from ``PROPERTY_NAMES``), ``slider`` (position within the
    filtered list, counted from 1), ``caption`` and ``view`` (HTML), ``selection`` (indices into
    ``squares`` that pass the filter). The repr is short and stable.
    """

    def __init__(self, squares: Sequence[Any], *, cell_px: int = 64, name: str = "browser"):
        each = _("each square")
        arrays = [as_square(s, name=each) for s in as_items(squares, name="squares", maximum=100_000)]
        if max(a.shape[0] for a in arrays) > MAX_DRAWN_ORDER:
            raise ValueError(
                _("each square must have order at most {maximum} to be shown", maximum=MAX_DRAWN_ORDER)
            )
        cell_px = as_order(cell_px, name="cell_px", minimum=10, maximum=200, what=_("a cell size in pixels"))
        name = as_text(name, name="name") or "browser"
        orders = {a.shape[0] for a in arrays}
        if len(orders) > 1:
            raise ValueError(
                _("the squares must all have the same order, got orders {orders}", orders=sorted(orders))
            )
        self.squares = arrays
        self.name = name
        self.cell_px = int(cell_px)
        self.props = [properties(a) for a in arrays]
        counts = {p: sum(p in found for found in self.props) for p in PROPERTY_NAMES}
        options = [(_("all ({count})", count=len(arrays)), "all")]
        # Offer only the properties that split the list: one that every square has (all 880 are
        # normal, semi-magic and magic) would show the same list again.
        options += [
            (_("{property} ({count})", property=_property(p), count=counts[p]), p)
            for p in PROPERTY_NAMES
            if 0 < counts[p] < len(arrays)
        ]
        self.filter = widgets.Dropdown(
            options=options, value="all", description=_("show"), layout=widgets.Layout(width="260px")
        )
        self.slider = widgets.IntSlider(
            value=1,
            min=1,
            max=len(arrays),
            description=_("square"),
            continuous_update=True,
            layout=widgets.Layout(width="420px"),
        )
        self.caption = widgets.HTML()
        self.view = widgets.HTML()
        self.selection = list(range(len(arrays)))
        self.filter.observe(self._on_filter, names="value")
        self.slider.observe(lambda _: self._redraw(), names="value")
        self._redraw()
        self.needs_python = NeedsPython(_("needs Python: run the cell to browse the squares"))
        super().__init__(
            [widgets.HBox([self.filter, self.slider, self.needs_python]), self.caption, self.view]
        )
        self.add_class(f"magiclib-{name}")

    @property
    def current(self) -> np.ndarray:
        """The square shown now (a copy)."""
        return self.squares[self.selection[self.slider.value - 1]].copy()

    def _on_filter(self, change: dict) -> None:
        wanted = change["new"]
        self.selection = [i for i, found in enumerate(self.props) if wanted == "all" or wanted in found]
        with self.hold_trait_notifications():
            self.slider.value = 1
            self.slider.max = max(len(self.selection), 1)
        self._redraw()

    def _redraw(self) -> None:
        k = self.selection[min(self.slider.value, len(self.selection)) - 1]
        square = self.squares[k]
        n = square.shape[0]
        sums = line_sums(square)
        every = sums["rows"] + sums["columns"] + sums["diagonal"] + sums["anti-diagonal"]
        names = [_property(p) for p in PROPERTY_NAMES if p in self.props[k]]
        shown = self.filter.value
        if len(set(every)) == 1:
            lines = _("Order {n}: every row, column and diagonal adds up to {sum}.", n=n, sum=every[0])
        else:
            lines = _(
                "Order {n}: line sums: rows {rows}, columns {columns}, diagonals {diagonals}.",
                n=n,
                rows=sums["rows"],
                columns=sums["columns"],
                diagonals=sums["diagonal"] + sums["anti-diagonal"],
            )
        where = dict(k=self.slider.value, count=len(self.selection), number=k + 1, total=len(self.squares))
        if shown == "all":
            rest = _("(all squares; number {number} of {total} in the full list)", **where)
        else:
            rest = _(
                "({property} only; number {number} of {total} in the full list)",
                property=_property(shown),
                **where,
            )
        self.caption.value = (
            f'<div style="{css_font(18)};color:{COLORS["grid"]}">'
            f"<b>{html.escape(_('square {k} of {count}', **where))}</b> {html.escape(rest)}</div>"
        )
        self.view.value = (
            square_html(square, blank=None, cell_px=self.cell_px)
            + f'<div class="magiclib-browser-info" style="{css_font(18)};'
            f'color:{COLORS["grid"]};max-width:{max(420, self.cell_px * n + 40)}px">'
            f"{html.escape(lines)}<br>{html.escape(_('Properties:'))} "
            f"<b>{html.escape(', '.join(names))}</b></div>"
        )

    def __repr__(self) -> str:
        order = self.squares[0].shape[0]
        return f"SquareBrowser({self.name!r}, squares={len(self.squares)}, order={order})"


def square_browser(squares: Sequence[Any] | None = None, **kwargs) -> SquareBrowser:
    """A ``SquareBrowser`` over ``squares`` (default: the 880 essentially different
    magic squares of order 4, in Frénicle's standard form), showing the first one.

    >>> square_browser()
    SquareBrowser('browser', squares=880, order=4)
    """
    if squares is None:
        squares = list(frenicle_squares(4))
    return SquareBrowser(squares, **kwargs)
