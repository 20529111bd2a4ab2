"""Summand enumeration (notebook 02): summand enumeration against the pairing method.

Both are timed on the same sub-problem, the order-4 squares whose first row is
Dürer's (16, 3, 2, 13) or its mirror image (20 squares; summand enumeration checks
1,824,768 full squares for it). A second row times the pairing method on all
7040 squares of order 4 (target: under 1 s median) against summand enumeration
on the whole problem, estimated from the sub-problem's measured time per square
checked (the full run, 1.56 billion squares, would take about an hour in Python).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import Row, median_time  # noqa: E402

from magiclib import allsquares as en  # noqa: E402

DURER_ROW = (16, 3, 2, 13)


def _all_squares_uncached():
    """The pairing method from scratch: the caches of partitions and pairs are cleared first."""
    for cached in (
        en._series,
        en._partition_masks,
        en._incidence,
        en._orthogonal_pairs,
        en._permutations,
        en._all_magic,
    ):
        cached.cache_clear()
    return en.magic_square_array(4)


def run() -> list[Row]:
    summand_s = median_time(lambda: list(en.summand_squares(4, first_row=DURER_ROW)), repeat=3)
    en.magic_square_array(4)  # warm the caches the sub-problem shares with the full run
    fast_s = median_time(lambda: en.magic_square_array(4, first_row=DURER_ROW), repeat=7)
    leaves = sum(set(DURER_ROW) in map(set, p) for p in en.series_partitions(4)) * 6 * 24**3
    per_leaf = summand_s / leaves
    all_s = median_time(_all_squares_uncached, repeat=5)
    return [
        Row(
            "allsquares",
            f"4x4 squares with first row {DURER_ROW} or mirror (20)",
            "summand enumeration",
            summand_s,
            "pairing method",
            fast_s,
            note=f"it checks {leaves:,} full squares",
        ),
        Row(
            "allsquares",
            "all 7040 4x4 squares",
            "summand enumeration (estimated)",
            per_leaf * en.summand_leaves(4),
            "pairing method, no cache",
            all_s,
            target="< 1 s",
            note="baseline = measured time per square checked x 1,560,674,304",
        ),
    ]


if __name__ == "__main__":
    from _timing import print_report

    print_report(run())
