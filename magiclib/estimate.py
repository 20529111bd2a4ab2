"""Estimating how many n x n magic squares exist, by sampling (parallel tempering).

Counting stops at order 5 (275,305,224 squares up to symmetry); the number of
6x6 squares is about 1.8e19. This module estimates such counts from random
samples, with a 95% confidence interval, in seconds to minutes.

The method, in five steps:

1. **Energy.** Fill the n x n grid with a permutation of 1..n^2 and score it by
   ``E = sum over the 2n + 2 lines of (line sum - M)^2`` with M = n(n^2 + 1)/2.
   The magic squares are exactly the fillings with E = 0.
2. **Temperatures.** For an inverse temperature beta, weigh each filling by
   ``exp(-beta * E)``. The total weight ``Z(beta)`` is known at beta = 0: every
   one of the (n^2)! fillings weighs 1. At a large beta (the cold end, beta = 3)
   the fillings with E = 0 carry a good share of Z, and
   ``count = Z(beta_cold) * P_cold(E = 0)``.
3. **A ladder of ratios.** Z(beta_cold) / Z(0) is a product of ratios
   Z(beta_{k+1}) / Z(beta_k) between 17 (order 3) to 32 (order 8) temperatures. Each ratio
   is estimated by Bennett's acceptance ratio from samples at both temperatures.
4. **Sampling.** One Metropolis chain per temperature (a move swaps two cells:
   in turn two random cells, and the cells holding the values u and u + d for a small
   d, which stays useful when cold), with swaps of fillings between neighbouring
   temperatures (parallel tempering) so that the cold chains do not get stuck.
   Only the lines through the two swapped cells are re-added.
5. **An interval.** Several independent runs ("chains", each a whole ladder with
   its own random-number stream) give independent estimates of ln(count); a
   Student t interval on their mean gives the 95% interval.

The count is reported up to the 8 rotations and reflections (as OEIS A006052):
the number of all normal magic squares divided by 8.

Budgets: ``sweeps=`` fixes the work (a sweep is n^2 attempted moves at every
temperature, then one round of swaps between temperatures), and the result then
repeats exactly for a given ``seed`` whatever the number of cores or the scheduling of
the threads, since each chain draws from its own generator seeded by (seed, chain index)
(on another platform a different ``exp`` could, rarely, flip one decision).
``seconds=`` instead fixes the wall-clock time: the speed is measured on the first
few per cent of the budget, the number of sweeps is set from it, and the run is then
the same as ``sweeps=result.sweeps``; pass that to repeat it exactly (the same
``seconds`` on another run or machine gives a slightly different sweep count, so a
seconds-budget result repeats only approximately).

The sampler is compiled with numba and runs the chains in parallel on all cores;
the notebook ``08_estimating_the_6x6_count`` shows a readable pure-Python version
of the same idea.
"""

from __future__ import annotations

import json
import math
import numbers
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from numba import njit, prange

from ._check import as_order, as_real

__all__ = [
    "Estimate",
    "estimate_magic_squares",
    "temperature_ladder",
    "EXACT_UP_TO_SYMMETRY",
    "recorded_runs",
    "RECORD",
    "MIN_ORDER",
    "MAX_ORDER",
]

MIN_ORDER = 3
MAX_ORDER = 8

#: Known counts up to the 8 symmetries (OEIS A006052), for comparison only: never used
#: by the estimator. Order 6 was found exactly by H. Mino in 2024.
EXACT_UP_TO_SYMMETRY = {3: 1, 4: 880, 5: 275_305_224, 6: 17_753_889_197_660_635_632}

#: The reference runs and interval coverage measured by `make bench` (benchmarks/bench_estimate.py).
RECORD = Path(__file__).resolve().parent / "data" / "estimate_record.json"


def recorded_runs() -> dict[str, Any]:
    """The measurements that `make bench` recorded: date, machine, load, the ``seconds=60``
    (order 5) and ``seconds=120`` (order 6) runs, and the coverage of the interval over many
    seeds on orders 4 and 5. A record of past runs, not a live computation.

    >>> record = recorded_runs()
    >>> [run["n"] for run in record["runs"]], [c["n"] for c in record["coverage"]]
    ([5, 6], [4, 5])
    """
    return json.loads(RECORD.read_text(encoding="utf-8"))


#: The cold end of the ladder.
BETA_COLD = 3.0
#: Ratio between neighbouring inverse temperatures (after the first step up from 0).
BETA_RATIO = 1.5

# Two-sided 97.5% quantiles of Student's t distribution for 1..30 degrees of freedom.
_T975 = (
    12.706,
    4.303,
    3.182,
    2.776,
    2.571,
    2.447,
    2.365,
    2.306,
    2.262,
    2.228,
    2.201,
    2.179,
    2.160,
    2.145,
    2.131,
    2.120,
    2.110,
    2.101,
    2.093,
    2.086,
    2.080,
    2.074,
    2.069,
    2.064,
    2.060,
    2.056,
    2.052,
    2.048,
    2.045,
    2.042,
)


class Estimate(NamedTuple):
    """An estimated count of n x n magic squares up to symmetry, with its 95% interval."""

    n: int
    estimate: float
    low: float
    high: float
    chains: int
    sweeps: int
    seconds: float
    method: str
    seed: int
    log_estimates: tuple[float, ...]

    @property
    def half_width(self) -> float:
        """Half the width of the 95% interval, relative to the estimate (0.01 = 1%)."""
        return (self.high - self.low) / 2 / self.estimate

    def covers(self, value: float) -> bool:
        """True if ``value`` lies inside the 95% interval."""
        return self.low <= value <= self.high

    def __repr__(self) -> str:
        return (
            f"Estimate(n={self.n}, estimate={self.estimate:.4g}, low={self.low:.4g}, "
            f"high={self.high:.4g}, chains={self.chains}, sweeps={self.sweeps}, "
            f"method={self.method!r})"
        )


def _t975(df: int) -> float:
    return _T975[df - 1] if df <= len(_T975) else 1.96 + 2.4 / df


def temperature_ladder(n: int, beta_cold: float = BETA_COLD, ratio: float = BETA_RATIO) -> np.ndarray:
    """The inverse temperatures used for order n: 0, then geometric up to ``beta_cold``.

    The first step up from 0 is 1 / (mean energy of a random filling), so that the
    two hottest temperatures see overlapping energies; then each beta is ``ratio``
    times the one before, until ``beta_cold``.

    >>> betas = temperature_ladder(6)
    >>> len(betas), float(betas[0]), float(betas[-1])
    (27, 0.0, 3.0)
    """
    n = as_order(n, minimum=MIN_ORDER, maximum=MAX_ORDER, what="a magic-square order")
    beta_cold = as_real(beta_cold, name="beta_cold", minimum=0.1, maximum=20.0)
    ratio = as_real(ratio, name="ratio", minimum=1.05, maximum=10.0)
    big = n * n
    # Variance of a sum of n values drawn without replacement from 1..n^2.
    var_line = n * (big * big - 1) / 12 * (big - n) / (big - 1)
    mean_energy = (2 * n + 2) * var_line
    beta_hot = 1.0 / mean_energy
    steps = math.ceil(math.log(beta_cold / beta_hot) / math.log(ratio))
    return np.concatenate(([0.0], np.geomspace(beta_hot, beta_cold, steps + 1)))


# ---------------------------------------------------------------- the compiled sampler

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@njit(inline="always")
def _mix(z):
    """splitmix64's output function: a 64-bit random number from the counter z.

    Each chain keeps its counter in a local variable and adds ``_GOLDEN`` before each
    draw; the counter is stored back once per chunk, so the two threads never write
    to the same cache line.
    """
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(inline="always")
def _unit(z):
    """A float in [0, 1) from a 64-bit random number."""
    return float(z >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def _line_tables(n):
    """For each cell: its row line, its column line, and whether it is on each diagonal."""
    big = n * n
    row = np.empty(big, np.int64)
    col = np.empty(big, np.int64)
    main = np.zeros(big, np.int64)
    anti = np.zeros(big, np.int64)
    for cell in range(big):
        r, c = cell // n, cell % n
        row[cell] = r
        col[cell] = n + c
        if r == c:
            main[cell] = 1
        if r + c == n - 1:
            anti[cell] = 1
    return row, col, main, anti


@njit(inline="always")
def _delta_energy(dev, n, a, b, delta, row, col, main, anti):
    """Change of E when cell a gains delta and cell b loses it (a != b)."""
    de = 0
    ra, rb, ca, cb = row[a], row[b], col[a], col[b]
    if ra != rb:
        de += 2 * delta * (dev[ra] - dev[rb]) + 2 * delta * delta
    if ca != cb:
        de += 2 * delta * (dev[ca] - dev[cb]) + 2 * delta * delta
    dm = main[a] - main[b]
    if dm != 0:
        x = dm * delta
        de += 2 * x * dev[2 * n] + x * x
    da = anti[a] - anti[b]
    if da != 0:
        x = da * delta
        de += 2 * x * dev[2 * n + 1] + x * x
    return de


@njit(inline="always")
def _apply(dev, n, a, b, delta, row, col, main, anti):
    dev[row[a]] += delta
    dev[row[b]] -= delta
    dev[col[a]] += delta
    dev[col[b]] -= delta
    dev[2 * n] += (main[a] - main[b]) * delta
    dev[2 * n + 1] += (anti[a] - anti[b]) * delta


@njit(cache=True, parallel=True)
def _run_chunk(
    n,
    betas,
    dmax,
    boltzmann,
    sweeps,
    start,
    phase,
    bar_c,
    grid,
    pos,
    dev,
    energy,
    slot,
    rng,
    sum_e,
    fwd,
    bwd,
    zero_hits,
    swaps_tried,
    swaps_done,
):
    """Run ``sweeps`` sweeps of every chain, from sweep number ``start``.

    phase 0: burn-in, nothing recorded; phase 1: burn-in, energies summed
    (for Bennett's constants); phase 2: production, Bennett sums and E = 0 hits.
    All state lives in the arrays, so a run cut into chunks equals one long chunk.
    Moves alternate: odd ones swap the cells of two close values (where ``dmax`` > 0),
    even ones two random cells. ``boltzmann[k, de]`` = exp(-betas[k] * de) for the
    small energy changes, so that most acceptance tests need no ``exp``.
    """
    chains, temps, big = grid.shape
    row, col, main, anti = _line_tables(n)
    for c in prange(chains):
        g = grid[c]
        p = pos[c]
        d = dev[c]
        e = energy[c]
        s = slot[c]
        st = rng[c]
        for sweep in range(start, start + sweeps):
            for k in range(temps):
                r = s[k]
                beta = betas[k]
                dm = dmax[k]
                gr = g[r]
                pr = p[r]
                dr = d[r]
                er = e[r]
                table = boltzmann[k]
                size = table.shape[0]
                hits = 0
                for i in range(big):
                    st += _GOLDEN
                    z1 = _mix(st)
                    st += _GOLDEN
                    z2 = _mix(st)
                    if dm > 0 and i & 1:
                        # swap the cells of two random values u and u + step
                        step = 1 + int(_unit(z1) * dm)
                        u = 1 + int(_unit(z2) * (big - step))
                        a = pr[u]
                        b = pr[u + step]
                    else:
                        a = int(_unit(z1) * big)
                        b = int(_unit(z2) * (big - 1))
                        if b >= a:
                            b += 1
                    x = gr[a]
                    y = gr[b]
                    delta = y - x
                    de = _delta_energy(dr, n, a, b, delta, row, col, main, anti)
                    accept = de <= 0
                    if not accept:
                        if de < size:
                            chance = table[de]
                        elif beta * de < 50.0:
                            chance = math.exp(-beta * de)
                        else:
                            chance = 0.0
                        st += _GOLDEN
                        accept = _unit(_mix(st)) < chance
                    if accept:
                        _apply(dr, n, a, b, delta, row, col, main, anti)
                        gr[a] = y
                        gr[b] = x
                        pr[y] = a
                        pr[x] = b
                        er += de
                    if er == 0:
                        hits += 1
                e[r] = er
                if phase == 1:
                    sum_e[c, k] += er
                elif phase == 2:
                    if k + 1 < temps:
                        fwd[c, k] += 1.0 / (1.0 + math.exp(min((betas[k + 1] - beta) * er - bar_c[k], 700.0)))
                    if k > 0:
                        bwd[c, k - 1] += 1.0 / (
                            1.0 + math.exp(min(bar_c[k - 1] - (beta - betas[k - 1]) * er, 700.0))
                        )
                    if k == temps - 1:
                        zero_hits[c] += hits
            # swaps between neighbouring temperatures, even pairs then odd pairs in turn
            for k in range(sweep % 2, temps - 1, 2):
                ra = s[k]
                rb = s[k + 1]
                x = (betas[k + 1] - betas[k]) * (e[rb] - e[ra])
                swaps_tried[c, k] += 1
                st += _GOLDEN
                if x >= 0 or _unit(_mix(st)) < math.exp(x):
                    s[k] = rb
                    s[k + 1] = ra
                    swaps_done[c, k] += 1
        rng[c] = st


def _chain_state(n: int, temps: int, seed: int, chain: int) -> tuple[np.ndarray, ...]:
    """Random starting fillings and the generator state of one chain, from (seed, chain)."""
    rng = np.random.default_rng([seed, chain])
    big = n * n
    magic = n * (big + 1) // 2
    grid = np.empty((temps, big), np.int64)
    pos = np.zeros((temps, big + 1), np.int64)
    dev = np.empty((temps, 2 * n + 2), np.int64)
    energy = np.empty(temps, np.int64)
    for r in range(temps):
        g = rng.permutation(np.arange(1, big + 1, dtype=np.int64))
        grid[r] = g
        pos[r, g] = np.arange(big)
        sq = g.reshape(n, n)
        sums = np.concatenate((sq.sum(axis=1), sq.sum(axis=0), [np.trace(sq), np.trace(sq[:, ::-1])]))
        dev[r] = sums - magic
        energy[r] = int((dev[r] ** 2).sum())
    word = np.uint64(int(rng.integers(0, 2**63, dtype=np.int64)))
    return grid, pos, dev, energy, word


def _check_seconds(seconds: Any) -> float:
    if isinstance(seconds, (bool, np.bool_)) or not isinstance(seconds, numbers.Real):
        raise TypeError(f"seconds must be a positive number, got {type(seconds).__name__} {seconds!r}")
    seconds = float(seconds)
    if not (seconds > 0 and math.isfinite(seconds)):
        raise ValueError(f"seconds must be a positive finite number, got {seconds!r}")
    if seconds > 86_400:
        raise ValueError(f"seconds must be at most 86400 (one day), got {seconds!r}")
    return seconds


def _check_seed(seed: Any) -> int:
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"seed must be an integer, got {type(seed).__name__} {seed!r}")
    seed = int(seed)
    if seed < 0:
        raise ValueError(f"seed must be a non-negative integer, got {seed}")
    return seed


_MIN_SWEEPS = 50
#: Energy changes below this use a table of exp(-beta * dE) instead of calling exp.
_TABLE = 2048


def estimate_magic_squares(
    n: int,
    seconds: float | None = None,
    *,
    sweeps: int | None = None,
    seed: int = 0,
    chains: int = 16,
    progress: Callable[[int, int], Any] | None = None,
    _pairs_only: bool = False,
) -> Estimate:
    """Estimate the number of n x n magic squares up to symmetry, with a 95% interval.

    Give either ``seconds`` (wall-clock budget for the sampling, default 10 s when
    neither is given) or ``sweeps`` (a fixed amount of work per chain, so that the
    result repeats exactly for a given ``seed``). ``chains`` independent runs
    (at least 3) give the interval: a Student t interval on the mean of their
    ln(count). ``progress(done, total)`` is called between chunks of sweeps.
    Orders 3 to 8; the first 20% of the sweeps are burn-in. Compiling the sampler
    (once, then cached on disk) is not counted in ``seconds``. See the module
    docstring for the method.

    >>> r = estimate_magic_squares(3, sweeps=200, seed=1)
    >>> r.low <= 1 <= r.high, r.method
    (True, 'parallel tempering + Bennett acceptance ratio')
    """
    n = as_order(n, minimum=MIN_ORDER, maximum=MAX_ORDER, what="a magic-square order")
    seed = _check_seed(seed)
    chains = as_order(chains, name="chains", minimum=3, maximum=256, what="a number of chains")
    if sweeps is not None and seconds is not None:
        raise ValueError("give either seconds= or sweeps=, not both")
    if sweeps is not None:
        sweeps = as_order(
            sweeps, name="sweeps", minimum=_MIN_SWEEPS, maximum=10**9, what="a number of sweeps"
        )
    else:
        seconds = _check_seconds(10.0 if seconds is None else seconds)
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a callable progress(done, total), got {type(progress).__name__}")

    betas = temperature_ladder(n, BETA_COLD, BETA_RATIO)
    temps = len(betas)
    big = n * n
    # Largest value step d of a move at each temperature: about 2 / sqrt(beta), so that cold moves stay small.
    dmax = np.array(
        [big - 1 if b == 0 else max(1, min(big - 1, int(2.0 / math.sqrt(b)))) for b in betas], dtype=np.int64
    )
    if _pairs_only:  # the benchmark's baseline: random pairs of cells only
        dmax[:] = 0
    states = [_chain_state(n, temps, seed, c) for c in range(chains)]
    grid = np.stack([s[0] for s in states])
    pos = np.stack([s[1] for s in states])
    dev = np.stack([s[2] for s in states])
    energy = np.stack([s[3] for s in states])
    rng = np.array([s[4] for s in states], dtype=np.uint64)
    slot = np.tile(np.arange(temps, dtype=np.int64), (chains, 1))
    sum_e = np.zeros((chains, temps))
    fwd = np.zeros((chains, temps - 1))
    bwd = np.zeros((chains, temps - 1))
    zero_hits = np.zeros(chains, np.int64)
    tried = np.zeros((chains, temps - 1), np.int64)
    done_swaps = np.zeros((chains, temps - 1), np.int64)
    bar_c = np.zeros(temps - 1)
    arrays = (grid, pos, dev, energy, slot, rng, sum_e, fwd, bwd, zero_hits, tried, done_swaps)

    boltzmann = np.exp(-np.outer(betas, np.arange(_TABLE)))

    def run(count: int, start: int, phase: int) -> None:
        _run_chunk(n, betas, dmax, boltzmann, count, start, phase, bar_c, *arrays)

    run(1, 0, 0)  # compiles (or loads from the cache) before the clock starts
    # The warm-up sweep is part of every run, so both budgets do the same work.
    t0 = time.perf_counter()
    done = 1
    if sweeps is None:
        # Calibrate on about 4% of the budget, then fix the number of sweeps.
        chunk = 1
        while True:
            run(chunk, done, 0)
            done += chunk
            elapsed = time.perf_counter() - t0
            if elapsed >= 0.04 * seconds:
                break
            chunk = max(1, min(2 * chunk, int(chunk * 0.04 * seconds / max(elapsed, 1e-6))))
        sweeps = max(_MIN_SWEEPS, int(seconds * (done - 1) / elapsed))
        sweeps = max(sweeps, 10 * done)
    burn = sweeps // 5
    half = burn // 2
    n_chunks = 100
    step = max(1, sweeps // n_chunks)
    while done < sweeps:
        if done < half:
            stop, phase = half, 0
        elif done < burn:
            stop, phase = burn, 1
        else:
            stop, phase = sweeps, 2
        count = min(step, stop - done)
        run(count, done, phase)
        done += count
        if done == burn and burn > half:
            mean_e = sum_e.sum(axis=0) / (chains * (burn - half))
            bar_c[:] = np.diff(betas) * (mean_e[:-1] + mean_e[1:]) / 2
        if progress is not None:
            progress(done, sweeps)
    used = time.perf_counter() - t0

    production = sweeps - burn
    if np.any(zero_hits == 0):
        raise RuntimeError(
            f"budget too small for order {n}: a chain never reached a magic square at the "
            f"cold end; give more sweeps or seconds (this run: {sweeps} sweeps)"
        )
    # Bennett: ln Z_{k+1}/Z_k = ln <f(dU - C)>_k - ln <f(C - dU)>_{k+1} - C, with equal sample sizes.
    log_ratios = np.log(fwd / production) - np.log(bwd / production) - bar_c
    log_cold_zero = np.log(zero_hits / (production * big))
    log_counts = math.lgamma(big + 1) + log_ratios.sum(axis=1) + log_cold_zero - math.log(8)
    mean = float(log_counts.mean())
    half_width = _t975(chains - 1) * float(log_counts.std(ddof=1)) / math.sqrt(chains)
    return Estimate(
        n=n,
        estimate=math.exp(mean),
        low=math.exp(mean - half_width),
        high=math.exp(mean + half_width),
        chains=chains,
        sweeps=sweeps,
        seconds=used,
        method="parallel tempering + Bennett acceptance ratio",
        seed=seed,
        log_estimates=tuple(float(x) for x in log_counts),
    )
