"""Estimating the number of 5x5 and 6x6 magic squares (notebook 08): how fast the 95% interval narrows.

Each row compares the same estimator with two move sets, run for the same wall-clock
budget in the same process: the baseline swaps two random cells only; the fast sampler
also swaps the cells of two close values (u and u + d, d small when cold), which keeps
moving when the chains are cold. Both use numba on all cores, 8 chains, parallel
tempering and Bennett's acceptance ratio.

The times in a row are the seconds each would need for a 1% half-width, extrapolated
from the half-width h reached in t seconds as t * (h / 1%)^2 (the half-width shrinks as
1 / sqrt(time)); the ratio is how many times faster the fast sampler gets there. The
note gives the half-widths themselves and whether the interval covers the exact count
(OEIS A006052; order 6 by H. Mino, 2024). Targets: order 5 within 3% in 60 s, order 6
within 3% in 120 s. ``ESTIMATE_BENCH_QUICK=1`` runs 10 s budgets instead (about 1 min).
The machine is shared, so the sampling time is wall time of a possibly busy 2-core box.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import Row  # noqa: E402

from magiclib.estimate import EXACT_UP_TO_SYMMETRY, estimate_magic_squares  # noqa: E402


def _for_one_percent(r) -> float:
    return r.seconds * (r.half_width / 0.01) ** 2


def _row(n: int, seconds: float, baseline_seconds: float, target: str) -> Row:
    base = estimate_magic_squares(n, baseline_seconds, seed=1, _pairs_only=True)
    fast = estimate_magic_squares(n, seconds, seed=1)
    exact = EXACT_UP_TO_SYMMETRY[n]
    note = (
        f"fast: {fast.half_width:.2%} in {fast.seconds:.0f} s ({fast.sweeps:,} sweeps), "
        f"{'covers' if fast.covers(exact) else 'MISSES'} {exact:.4g}; "
        f"baseline: {base.half_width:.2%} in {base.seconds:.0f} s, "
        f"{'covers' if base.covers(exact) else 'misses'}"
    )
    return Row(
        "estimate",
        f"order {n}: seconds for a 1% interval",
        "random pairs only",
        _for_one_percent(base),
        "pairs + close values",
        _for_one_percent(fast),
        target=target,
        note=note,
    )


def run() -> list[Row]:
    quick = bool(os.environ.get("ESTIMATE_BENCH_QUICK"))
    estimate_magic_squares(3, sweeps=100)  # compile (or load the cache) first
    if quick:
        return [_row(5, 10, 10, "< 3% in 60 s"), _row(6, 10, 10, "< 3% in 120 s")]
    return [_row(5, 60, 30, "< 3% in 60 s"), _row(6, 120, 60, "< 3% in 120 s")]


if __name__ == "__main__":
    from _timing import print_report

    print_report(run())
