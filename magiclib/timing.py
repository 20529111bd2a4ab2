"""Timing helpers shared by the notebooks' timing cells and by ``benchmarks/``.

A notebook prints a time only in a cell tagged ``nbval-ignore-output`` (a time never
repeats); a benchmark reports a ratio against a baseline measured in the same run.

>>> seconds = median_time(lambda: sum(range(1000)), repeat=3)
>>> 0 < seconds < 1
True
>>> format_seconds(0.0123), format_seconds(2.5), format_seconds(125)
('12.30 ms', '2.50 s', '125 s')
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import TypeVar

from ._check import as_order
from .i18n import _

__all__ = ["median_time", "timed", "format_seconds"]

T = TypeVar("T")


def median_time(fn: Callable[[], object], repeat: int = 5, min_time: float = 0.0) -> float:
    """Median wall time of ``fn()`` in seconds over ``repeat`` runs (each run repeated
    until it lasts at least ``min_time`` seconds, for very fast functions)."""
    _callable(fn)
    repeat = as_order(repeat, name="repeat", maximum=1000, what=_("a whole number of runs"))
    if isinstance(min_time, bool) or not isinstance(min_time, (int, float)) or not 0 <= min_time <= 60:
        raise ValueError(
            _("min_time must be a number of seconds between 0 and 60, got {value!r}", value=min_time)
        )
    times = []
    for _run in range(repeat):
        loops, start = 0, time.perf_counter()
        while True:
            fn()
            loops += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_time:
                break
        times.append(elapsed / loops)
    return statistics.median(times)


def timed(fn: Callable[[], T]) -> tuple[T, float]:
    """Run ``fn()`` once and return ``(its result, the wall time in seconds)``."""
    _callable(fn)
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def _callable(fn: object) -> None:
    if not callable(fn):
        raise TypeError(_("fn must be a callable taking no arguments, got {kind}", kind=type(fn).__name__))


def format_seconds(s: float) -> str:
    """A time for people: ``'125 s'``, ``'2.50 s'``, ``'12.30 ms'`` or ``'45.0 µs'``."""
    if s >= 100:
        return f"{s:,.0f} s"
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} µs"
