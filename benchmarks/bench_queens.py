"""n queens: ``count_queens`` (bitmasks, numpy, mirror symmetry) against the blog post's way of
searching, a row-by-row backtracking that scans every queen placed so far for each cell.

Targets: count_queens(12) under 0.5 s; count_queens(14) reported. The baseline runs
once per n (it takes seconds to minutes); the fast method is the median of several runs.
Set QUEENS_BENCH_QUICK=1 to stop at n = 12 (the n = 14 baseline alone takes minutes).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from _timing import Row, median_time

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from readable import list_scan_count  # noqa: E402  (the one copy, shared with the tests)

from magiclib.nqueens import count_queens, queens


def _once(fn) -> tuple[float, object]:
    start = time.perf_counter()
    value = fn()
    return time.perf_counter() - start, value


def run() -> list[Row]:
    rows = []
    sizes = [8, 10, 12] if os.environ.get("QUEENS_BENCH_QUICK") else [8, 10, 12, 14]
    for n in sizes:
        base_s, base_count = _once(lambda n=n: list_scan_count(n))
        fast_s = median_time(lambda n=n: count_queens(n), repeat=5 if n < 14 else 3)
        assert base_count == count_queens(n), (n, base_count)
        target = {12: "fast < 0.5 s", 14: "reported"}.get(n, "")
        note = f"{base_count:,} solutions"
        if n == 12:
            note += "; met" if fast_s < 0.5 else "; MISSED"
        rows.append(
            Row(
                "queens",
                f"count all n-queens solutions, n={n}",
                "list scan (as in the blog post)",
                base_s,
                "count_queens (bitmasks+numpy)",
                fast_s,
                target,
                note,
            )
        )
    # The readable listing (sets instead of scans) against the same list-scan baseline.
    n = 10
    base_s, _ = _once(lambda n=n: list_scan_count(n))
    rows.append(
        Row(
            "queens",
            f"list all solutions, n={n}",
            "list scan (as in the blog post)",
            base_s,
            "queens(n) (sets, readable)",
            median_time(lambda: queens(n), repeat=3),
            "",
            "listing, not only counting",
        )
    )
    return rows


if __name__ == "__main__":
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _timing import print_report

    print_report(run())
