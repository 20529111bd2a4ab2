"""Magic hexagon: the pruned search against the article's brute force over the free values.

The brute force tries all 19·18·…·13 = 253,955,520 choices of the 7 free cells;
it is far too slow to run in full, so its rate is measured on a sample in the
same run and extrapolated. Target: ``solutions(38)`` under 0.5 s.
"""

from __future__ import annotations

from _timing import Row, median_time

from magiclib import hexagon

SAMPLE = 50_000


def run() -> list[Row]:
    hexagon.solutions(38)  # build the cached schedule and B, b
    assert len(hexagon.solutions(38)) == 12
    sample_s = median_time(lambda: hexagon.brute_force(limit=SAMPLE), repeat=3)
    brute_s = sample_s / SAMPLE * hexagon.BRUTE_FORCE_TRIES
    fast_s = median_time(lambda: hexagon.solutions(38), repeat=5)
    return [
        Row(
            topic="hexagon",
            work="all 12 magic hexagons of order 3",
            baseline=f"brute force, {hexagon.BRUTE_FORCE_TRIES:,} tries (extrapolated)",
            baseline_s=brute_s,
            fast="hexagon.solutions(38)",
            fast_s=fast_s,
            target="fast < 0.5 s",
            note=f"brute force rate from {SAMPLE:,} tries: {SAMPLE / sample_s:,.0f}/s; "
            f"fast {'meets' if fast_s < 0.5 else 'MISSES'} target",
        )
    ]
