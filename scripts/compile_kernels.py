"""Compile magiclib's numba kernels once (or load them from numba's cache), before the tests that use them.

`make test` and `make unit` run this first: with the unit tests spread over two processes, each process
met the kernels cold and compiled them again (numba compiles on one core, about half a minute for
order5's and as long again for the estimator's two on two idle cores). Here the two modules compile
side by side, one process each, and every later process loads them from the cache on disk.

Usage: python scripts/compile_kernels.py
"""

from __future__ import annotations

import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor


def order5() -> float:
    """The 5x5 counter's kernels (``order5.warm_up`` compiles every one of them)."""
    from magiclib import order5

    return order5.warm_up()


def estimate() -> float:
    """The estimator's kernel (chains on numba's threads) and its twin for an executor's tasks."""
    from magiclib.estimate import estimate_magic_squares

    t0 = time.perf_counter()
    estimate_magic_squares(3, sweeps=50, chains=3)
    with ThreadPoolExecutor(1) as pool:
        estimate_magic_squares(3, sweeps=50, chains=3, executor=pool)
    return time.perf_counter() - t0


def main() -> int:
    t0 = time.perf_counter()
    jobs = {"order5": order5, "estimate": estimate}
    with ProcessPoolExecutor(len(jobs), mp_context=multiprocessing.get_context("spawn")) as pool:
        futures = {name: pool.submit(job) for name, job in jobs.items()}
        said = [f"{name} {future.result():.1f} s" for name, future in futures.items()]
    total = time.perf_counter() - t0
    print(f"numba kernels compiled or loaded from the cache: {', '.join(said)} ({total:.1f} s in all)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
