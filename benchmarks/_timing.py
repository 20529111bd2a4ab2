"""Small timing helpers shared by the benchmarks: every report is a ratio against a
baseline measured in the same run, never a bare time."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


def median_time(fn: Callable[[], object], repeat: int = 5, min_time: float = 0.0) -> float:
    """Median wall time of ``fn()`` in seconds over ``repeat`` runs (each run repeated
    until it lasts at least ``min_time``, for very fast functions)."""
    times = []
    for _ in range(repeat):
        loops, start = 0, time.perf_counter()
        while True:
            fn()
            loops += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_time:
                break
        times.append(elapsed / loops)
    return statistics.median(times)


@dataclass
class Row:
    """One line of a benchmark report: the fast method against its baseline on the same work."""

    topic: str
    work: str
    baseline: str
    baseline_s: float
    fast: str
    fast_s: float
    target: str = ""
    note: str = ""

    @property
    def ratio(self) -> float:
        return self.baseline_s / self.fast_s if self.fast_s > 0 else float("inf")


def fmt_seconds(s: float) -> str:
    if s >= 100:
        return f"{s:,.0f} s"
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} µs"


def print_report(rows: list[Row]) -> None:
    """Print rows as an aligned table."""
    header = ("topic", "work", "baseline", "baseline time", "fast", "fast time", "ratio", "target", "note")
    table = [header] + [(r.topic, r.work, r.baseline, fmt_seconds(r.baseline_s), r.fast,
                         fmt_seconds(r.fast_s), f"{r.ratio:,.1f}x", r.target, r.note) for r in rows]
    widths = [max(len(str(row[i])) for row in table) for i in range(len(header))]
    for k, row in enumerate(table):
        print("  ".join(str(v).ljust(w) for v, w in zip(row, widths)).rstrip())
        if k == 0:
            print("  ".join("-" * w for w in widths))
