"""A progress bar for long counts, driven by the library's ``progress(done, total)`` callback.

The library never prints; a long count (``magiclib.order5.count_order5``) calls
``progress(done, total)`` between batches of work. ``CountProgress`` is such a
callable that is also a widget: a wide bar with large text under it, so it reads
on a projector, and the text says the same as the bar (never colour alone).
"""

from __future__ import annotations

import html
import time

import ipywidgets as widgets

from .._check import as_text
from ..i18n import _
from ..show.look import COLORS, css_font

__all__ = ["CountProgress", "count_progress"]


class CountProgress(widgets.VBox):
    """A bar and a large label; call it as ``progress(done, total)``.

    >>> bar = CountProgress("Counting")
    >>> bar(3, 12)
    >>> bar.bar.value, bar.bar.max, bar.text
    (3, 12, 'Counting: 3 of 12 batches (25%)')
    """

    def __init__(self, description: str | None = None, unit: str | None = None):
        description = as_text(description, name="description") or _("Counting")
        unit = as_text(unit, name="unit") or _("batches")
        self.description = description
        self.unit = unit
        self.done = 0
        self.total = 0
        self._start: float | None = None
        self.bar = widgets.IntProgress(
            value=0, min=0, max=1, bar_style="info", layout=widgets.Layout(width="640px", height="36px")
        )
        self.label = widgets.HTML(value=self._html(_("waiting to start")))
        super().__init__([self.bar, self.label])
        self.add_class("magiclib-progress")
        self.text = _("{description}: waiting to start", description=description)

    def _html(self, text: str) -> str:
        return f'<span style="{css_font(22)};color:{COLORS["grid"]}">{html.escape(text)}</span>'

    def __call__(self, done: int, total: int) -> None:
        if self._start is None or done == 0:
            self._start = time.perf_counter()
        self.done, self.total = int(done), int(total)
        self.bar.max = max(1, self.total)
        self.bar.value = min(self.done, self.bar.max)
        percent = 100 * self.done // max(1, self.total)
        finished = self.total > 0 and self.done >= self.total
        values = dict(description=self.description, done=self.done, total=self.total, unit=self.unit)
        if finished:
            self.text = _(
                "{description}: {done} of {total} {unit} ({percent}%) - done", percent=percent, **values
            )
        else:
            self.text = _("{description}: {done} of {total} {unit} ({percent}%)", percent=percent, **values)
        self.bar.bar_style = "success" if finished else "info"
        self.label.value = self._html(self.text)

    def elapsed(self) -> float:
        """Seconds since the first call (0.0 before it)."""
        return 0.0 if self._start is None else time.perf_counter() - self._start

    def __repr__(self) -> str:
        return f"CountProgress({self.description!r})"


def count_progress(description: str | None = None, unit: str | None = None) -> CountProgress:
    """A new ``CountProgress`` bar: display it, then pass it as ``progress=``.

    >>> count_progress("Counting 5x5 squares")
    CountProgress('Counting 5x5 squares')
    """
    return CountProgress(description, unit)
