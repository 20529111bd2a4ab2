"""Counting 5x5 magic squares (notebook 06): the compiled search against the readable one.

Rows:

1. the JIT: compiling the numba kernels from scratch (an empty cache directory,
   in a fresh interpreter) against loading them from numba's cache;
2. the same sample of canonical pairs of diagonals (centre 7), readable Python
   (``count_completions``) against the compiled kernel;
3. the full count, 275,305,224 squares up to symmetry (target: under 30 s wall on
   2 cores), against the readable search on all 8.18 million pairs of diagonals,
   estimated from its measured time per pair in row 2. The compile time is not
   included (it is row 1). The note gives the CPU time too (both threads), and
   how many pairs the count searches (centre 13 is halved by the complement).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _timing import Row, median_time  # noqa: E402

from magiclib import order5  # noqa: E402

_WARM = (
    "import time; t=time.perf_counter(); from magiclib import order5; order5.warm_up(); "
    "print(time.perf_counter()-t)"
)


def _warm_up_seconds(cache_dir: str) -> float:
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    out = subprocess.run([sys.executable, "-c", _WARM], env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def run() -> list[Row]:
    with tempfile.TemporaryDirectory() as cache:
        compile_s = _warm_up_seconds(cache)  # empty cache: compiles
        cached_s = _warm_up_seconds(cache)  # same cache: loads
    order5.warm_up()
    pairs = order5.diagonal_pairs(7)
    sample = pairs[:: len(pairs) // 300]
    readable_s = median_time(lambda: [order5.count_completions(p) for p in sample], repeat=1)
    compiled_s = median_time(lambda: order5.count_diagonal_pairs(sample), repeat=5, min_time=0.05)
    n_pairs = sum(len(order5.diagonal_pairs(c)) for c in range(1, 14))
    n_searched = n_pairs - int((order5.complement_weights(order5.diagonal_pairs(13)) == 0).sum())
    t0, cpu0 = time.perf_counter(), time.process_time()
    total = order5.count_order5()
    full_s, full_cpu = time.perf_counter() - t0, time.process_time() - cpu0
    assert total == 275_305_224, total
    return [
        Row(
            "order5",
            "load the numba kernels",
            "compile (empty cache)",
            compile_s,
            "load from cache",
            cached_s,
            note="JIT compile time, kept out of the other rows",
        ),
        Row(
            "order5",
            f"{len(sample)} pairs of diagonals, centre 7",
            "readable Python",
            readable_s,
            "numba, parallel",
            compiled_s,
        ),
        Row(
            "order5",
            "all 5x5 squares: 275,305,224 up to symmetry",
            "readable (estimated)",
            readable_s / len(sample) * n_pairs,
            "count_order5()",
            full_s,
            target="< 30 s wall",
            note=f"{n_pairs:,} pairs of diagonals ({n_searched:,} searched); "
            f"{os.cpu_count()} cores, {full_cpu:.0f} s CPU; baseline = time per pair x pairs",
        ),
    ]


if __name__ == "__main__":
    from _timing import print_report

    print_report(run())
