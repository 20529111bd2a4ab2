"""Small timing helpers shared by the benchmarks: every report is a ratio against a
baseline measured in the same run, never a bare time."""

from __future__ import annotations

from dataclasses import dataclass

from magiclib.timing import format_seconds, median_time

__all__ = ["Row", "median_time", "fmt_seconds", "print_report"]


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


fmt_seconds = format_seconds


def print_report(rows: list[Row]) -> None:
    """Print rows as an aligned table."""
    header = ("topic", "work", "baseline", "baseline time", "fast", "fast time", "ratio", "target", "note")
    table = [header] + [
        (
            r.topic,
            r.work,
            r.baseline,
            fmt_seconds(r.baseline_s),
            r.fast,
            fmt_seconds(r.fast_s),
            f"{r.ratio:,.1f}x",
            r.target,
            r.note,
        )
        for r in rows
    ]
    widths = [max(len(str(row[i])) for row in table) for i in range(len(header))]
    for k, row in enumerate(table):
        print("  ".join(str(v).ljust(w) for v, w in zip(row, widths, strict=False)).rstrip())
        if k == 0:
            print("  ".join("-" * w for w in widths))
