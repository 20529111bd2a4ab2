"""Interval estimates as a picture: ``draw_intervals``, one horizontal line per run against the true value
(notebook 08's test of what "95%" promises). A miss is dashed, thicker and marked X, so colour is never the
only signal. At most ``MAX_INTERVALS`` intervals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._check import as_items, as_real, as_text
from ..i18n import _
from .look import COLORS, MIN_PT

__all__ = ["MAX_INTERVALS", "draw_intervals"]

#: Most intervals in one chart (one line each).
MAX_INTERVALS = 400
_BIG = 1e300
_TEXT = max(MIN_PT, 13)


def draw_intervals(
    intervals: Sequence[Any],
    truth: float,
    *,
    xlabel: str | None = None,
    ylabel: str | None = None,
    title: str | None = None,
):
    """Draw (low, estimate, high) triples as horizontal lines, the first at the bottom, and the true value
    as a vertical line; return the Figure. An interval that contains ``truth`` is solid, in the accent
    colour, with a dot at its estimate; one that misses is dashed, black and thicker, with an X.

    >>> fig = draw_intervals([(1, 2, 3), (4, 5, 6)], truth=2.5)
    >>> len(fig.axes[0].lines)  # 2 intervals, 2 estimates and the true value
    5
    """
    import matplotlib.pyplot as plt

    items = as_items(intervals, name="intervals", maximum=MAX_INTERVALS)
    truth = as_real(truth, name="truth", minimum=-_BIG, maximum=_BIG)
    rows = []
    for item in items:
        if isinstance(item, (str, bytes)) or not hasattr(item, "__len__") or len(item) != 3:
            raise TypeError(
                _("each interval must be a (low, estimate, high) triple, got {item!r}", item=item)
            )
        name = _("an interval's end or estimate")
        low, mid, high = (as_real(x, name=name, minimum=-_BIG, maximum=_BIG) for x in item)
        if not low <= high:
            raise ValueError(_("an interval's low end must not exceed its high end, got {item!r}", item=item))
        rows.append((low, mid, high))
    fig, ax = plt.subplots(figsize=(9, 6))
    for i, (low, mid, high) in enumerate(rows):
        ok = low <= truth <= high
        colour = COLORS["accent"] if ok else "black"
        ax.plot([low, high], [i, i], color=colour, lw=2 if ok else 3, ls="-" if ok else "--")
        ax.plot(mid, i, "o" if ok else "X", color=colour, ms=6 if ok else 10)
    ax.axvline(truth, color="black", lw=1)
    ax.tick_params(labelsize=_TEXT)
    ax.set_xlabel(as_text(xlabel, name="xlabel") or "", fontsize=_TEXT)
    ax.set_ylabel(as_text(ylabel, name="ylabel") or "", fontsize=_TEXT)
    ax.set_title(as_text(title, name="title") or "", fontsize=_TEXT + 1)
    return fig
