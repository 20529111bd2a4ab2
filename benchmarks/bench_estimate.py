"""Estimating the number of 5x5 and 6x6 magic squares (notebook 08): how fast the 95% interval narrows.

Each row compares the same estimator with two move sets, run for the same kind of
wall-clock budget in the same process: the baseline swaps two random cells only; the
fast sampler also swaps the cells of two close values (u and u + d, d small when cold),
which keeps moving when the chains are cold. Both use numba on all cores, 16 chains,
parallel tempering and Bennett's acceptance ratio.

The times in a row are the seconds each would need for a 1% half-width, extrapolated
from the half-width h reached in t seconds as t * (h / 1%)^2 (the half-width shrinks as
1 / sqrt(time)); the ratio is how many times faster the fast sampler gets there. The
note gives the half-widths themselves, the half-width per second of sampling, and
whether the interval covers the exact count (OEIS A006052; order 6 by H. Mino, 2024).
Targets: order 5 within 3% in 60 s, order 6 within 3% in 120 s.

The full run then measures the coverage of the interval where the exact count is
known: 200 seeds on order 4 (2,000 sweeps each) and 40 seeds on order 5 (20,000 sweeps
each), about 4 minutes. The fast runs and the coverage are written to
``magiclib/data/estimate_record.json`` (with the date, the machine and its load): the
reference measurement that notebook 08 quotes through ``magiclib.estimate.recorded_runs()``.
``ESTIMATE_BENCH_QUICK=1`` runs 10 s budgets instead (about 1 min) and writes nothing.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import Row  # noqa: E402

from magiclib.estimate import EXACT_UP_TO_SYMMETRY, RECORD, estimate_magic_squares  # noqa: E402


def _for_one_percent(r) -> float:
    return r.seconds * (r.half_width / 0.01) ** 2


def _record(r, budget: float) -> dict:
    exact = EXACT_UP_TO_SYMMETRY[r.n]
    return {
        "n": r.n,
        "call": f"estimate_magic_squares({r.n}, seconds={budget:g}, seed={r.seed})",
        "estimate": r.estimate,
        "low": r.low,
        "high": r.high,
        "half_width": r.half_width,
        "seconds": round(r.seconds, 1),
        "sweeps": r.sweeps,
        "chains": r.chains,
        "exact": exact,
        "covers": r.covers(exact),
    }


def _row(n: int, seconds: float, baseline_seconds: float, target: str, records: list) -> Row:
    base = estimate_magic_squares(n, baseline_seconds, seed=1, _pairs_only=True)
    fast = estimate_magic_squares(n, seconds, seed=1)
    records.append(_record(fast, seconds))
    exact = EXACT_UP_TO_SYMMETRY[n]
    note = (
        f"fast: {fast.half_width:.2%} in {fast.seconds:.0f} s ({fast.sweeps:,} sweeps), "
        f"{fast.half_width * fast.seconds**0.5:.1%} x sqrt(s), "
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


def _coverage(n: int, sweeps: int, seeds: int) -> dict:
    exact = EXACT_UP_TO_SYMMETRY[n]
    runs = [estimate_magic_squares(n, sweeps=sweeps, seed=s) for s in range(seeds)]
    covered = sum(r.covers(exact) for r in runs)
    print(f"   coverage, order {n}: {covered} of {seeds} intervals contain {exact:,}", flush=True)
    return {
        "n": n,
        "sweeps": sweeps,
        "chains": runs[0].chains,
        "seeds": f"0..{seeds - 1}",
        "runs": seeds,
        "covered": covered,
        "exact": exact,
        "median_half_width": sorted(r.half_width for r in runs)[seeds // 2],
    }


def _load() -> float | None:
    return round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None


def _write(records: list, coverage: list, load_before: float | None) -> None:
    data = {
        "what": "reference runs of magiclib.estimate_magic_squares, written by `make bench`",
        "date": datetime.date.today().isoformat(),
        "machine": f"{os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}",
        "load_average": {"before": load_before, "after": _load()},
        "runs": records,
        "coverage": coverage,
    }
    RECORD.write_text(json.dumps(data, indent=1) + "\n")


def run() -> list[Row]:
    quick = bool(os.environ.get("ESTIMATE_BENCH_QUICK"))
    estimate_magic_squares(3, sweeps=100)  # compile (or load the cache) first
    records: list = []
    if quick:
        return [_row(5, 10, 10, "< 3% in 60 s", records), _row(6, 10, 10, "< 3% in 120 s", records)]
    load_before = _load()
    rows = [_row(5, 60, 30, "< 3% in 60 s", records), _row(6, 120, 60, "< 3% in 120 s", records)]
    coverage = [_coverage(4, 2000, 200), _coverage(5, 20_000, 40)]
    _write(records, coverage, load_before)
    return rows


if __name__ == "__main__":
    from _timing import print_report

    print_report(run())
