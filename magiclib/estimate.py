"""Estimating how many n x n magic squares exist, by sampling (parallel tempering).

A count in seconds stops at order 5 (275,305,224 squares up to symmetry); the
6x6 count, about 1.8e19, took a large computation (Mino, 2024), and orders 7 and
up are not known exactly. This module estimates such counts from random samples,
with a 95% confidence interval, in seconds to minutes.

The method, in five steps:

1. **Energy.** Fill the n x n grid with a permutation of 1..n^2 and score it by
   ``E = sum over the 2n + 2 lines of (line sum - M)^2`` with M = n(n^2 + 1)/2.
   The magic squares are exactly the fillings with E = 0.
2. **Temperatures.** For an inverse temperature beta, weigh each filling by
   ``exp(-beta * E)``. The total weight ``Z(beta)`` is known at beta = 0: every
   one of the (n^2)! fillings weighs 1. At a large beta (the cold end, beta = 2)
   the fillings with E = 0 carry a good share of Z, and
   ``count = Z(beta_cold) * P_cold(E = 0)``.
3. **A ladder of ratios.** Z(beta_cold) / Z(0) is a product of ratios
   Z(beta_{k+1}) / Z(beta_k) between 23 (order 3) to 41 (order 10) temperatures: each beta
   at most 1.5 times the one before, and from beta = 0.25 on, where the variance comes from, at
   most 1.2 times. Each ratio is estimated by Bennett's acceptance ratio from samples at both
   temperatures.
4. **Sampling.** One Metropolis chain per temperature (a move swaps two cells:
   in turn two random cells, and the cells holding the values u and u + d for a small
   d, which stays useful when cold), with exchanges of fillings between neighbouring
   temperatures (parallel tempering) so that the cold chains do not get stuck: four rounds
   of them a sweep. Only the lines through the two swapped cells are re-added. Most of the
   variance comes from the cold end (beta >= 0.5), where a chain enters and leaves E = 0
   rarely, so those temperatures make twice the moves, only close-value ones where d <= 2.
5. **An interval.** Several independent runs ("chains", 32 by default, each a whole ladder with
   its own random-number stream and its own Bennett constants, taken from its own
   burn-in: nothing is pooled across chains) give independent estimates of ln(count); a
   Student t interval on their mean gives the 95% interval.

``mode="semi-magic"`` leaves the diagonals out of the energy and so counts the semi-magic
squares (rows and columns add up to M), as OEIS A271103. Since the chains share nothing,
``executor=`` can run each one as a task on any ``concurrent.futures.Executor`` (a Dask
cluster, say) with exactly the local result.

The count is reported up to the 8 rotations and reflections (as OEIS A006052):
the number of all normal magic squares divided by 8.

Budgets: ``sweeps=`` fixes the work (a sweep is n^2 attempted moves at every
temperature, 2 n^2 where beta >= 0.5, in four rounds, each followed by a round of exchanges
between neighbouring temperatures), and the result then
repeats exactly for a given ``seed`` whatever the number of cores, the scheduling of
the threads or the executor, since each chain draws from its own generator seeded by (seed, chain index)
(on another platform a different ``exp`` could, rarely, flip one decision).
``seconds=`` instead fixes the wall-clock time: a throwaway run of the same chains
measures the speed on the first 2.5% of the budget, the number of sweeps is set from it
to fill the rest, and the run is then the same as ``sweeps=result.sweeps``; pass that to
repeat it exactly (the same
``seconds`` on another run or machine gives a slightly different sweep count, so a
seconds-budget result repeats only approximately).

The sampler is compiled with numba and runs the chains in parallel on all cores;
the notebook ``08_estimating_the_6x6_count`` shows a readable pure-Python version
of the same idea, whose samples ``toy_energies`` draws.
"""

from __future__ import annotations

import json
import math
import numbers
import random
import time
import types
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, wait
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from numba import njit, prange

from ._check import as_order, as_real
from .i18n import _
from .squares import magic_constant

__all__ = [
    "Estimate",
    "estimate_magic_squares",
    "temperature_ladder",
    "toy_energies",
    "EXACT_UP_TO_SYMMETRY",
    "EXACT_SEMI_MAGIC_UP_TO_SYMMETRY",
    "PUBLISHED_ESTIMATES",
    "MODES",
    "recorded_runs",
    "RECORD",
    "MIN_ORDER",
    "MAX_ORDER",
    "CHAINS",
]

MIN_ORDER = 3
#: The largest order accepted. Nothing in the arithmetic stops at 10: line sums and energies are
#: int64 (at most about n^7, far from 2^63), the tables grow as n^2 per temperature, and ln(count) is
#: a float whose exponential (the estimate) overflows only near order 15 (about 10^308). What limits
#: it is time: the ladder and the burn-in grow with n, and orders above 8 have not been run to an
#: interval here; 10 is where Walter Trump's published estimates stop.
MAX_ORDER = 10

#: The chains a run uses unless told otherwise. At order 6 with ``seconds=120`` 16 chains and 32
#: reach about the same half-width on average (the work is the same; t for 31 degrees of freedom,
#: 2.04, is a little smaller than for 15, 2.13), but one 16-chain half-width, itself estimated from
#: 16 values, scatters more: seeds 1 and 11 gave 0.70% and 0.73% with 16, 0.65% and 0.66% with 32
#: (`make bench`'s seeds6 on 2026-12-05: seeds 1-11 from 0.50% to 0.73%, median of 1-10 0.64%).
#: Each chain burns in its own start, so many more, shorter chains would each waste a larger share
#: on forgetting it.
CHAINS = 32

#: What is counted: "magic" (rows, columns and both diagonals add up to M) or "semi-magic"
#: (rows and columns only; the diagonals are free, so the magic squares are among them).
MODES = ("magic", "semi-magic")

#: Known counts up to the 8 symmetries (OEIS A006052), for comparison only: never used
#: by the estimator. Order 6 was found exactly by H. Mino in 2024.
EXACT_UP_TO_SYMMETRY = {3: 1, 4: 880, 5: 275_305_224, 6: 17_753_889_197_660_635_632}

#: Known counts of semi-magic squares (magic ones included) up to rotations and reflections,
#: OEIS A271103 and its convention; order 6 by A. Ripatti, "On the number of semi-magic squares
#: of order 6", arXiv:1807.02983 (2018). For comparison only: never used by the estimator.
EXACT_SEMI_MAGIC_UP_TO_SYMMETRY = {3: 9, 4: 68_688, 5: 579_043_051_200, 6: 94_590_660_245_399_996_601_600}

#: Published estimates of the number of magic squares up to symmetry, for comparison only:
#: source -> {order: (value, the error as published)}. Walter Trump's errors are 99% intervals
#: (trump.de/magic-squares/howmany.html); K. Pinn and C. Wieczerkowski, "Number of magic squares
#: from parallel tempering Monte Carlo", Int. J. Mod. Phys. C 9 (1998), and A. Kitajima and
#: M. Kikuchi, "Numerous but rare: an exploration of magic squares", PLoS ONE 10(5) e0125062
#: (2015, Table 1), print the error in the last digits in brackets, e.g. 3.760(52)e34.
PUBLISHED_ESTIMATES = {
    "Pinn and Wieczerkowski 1998": {6: (1.7745e19, 0.0016e19), 7: (3.760e34, 0.052e34)},
    "Trump": {6: (1.775399e19, 0.000042e19), 7: (3.79809e34, 0.00050e34), 8: (5.2225e54, 0.0018e54)},
    "Kitajima and Kikuchi 2015": {
        6: (1.77543e19, 0.00073e19),
        7: (3.7983e34, 0.0070e34),
        8: (5.223e54, 0.014e54),
    },
}

#: The reference runs and interval coverage measured by `make bench` (benchmarks/bench_estimate.py).
RECORD = Path(__file__).resolve().parent / "data" / "estimate_record.json"


def recorded_runs() -> dict[str, Any]:
    """The measurements that `make bench` recorded: date, machine (``cores``, ``architecture``,
    ``python``), load, the ``seconds=60`` (order 5) and ``seconds=120`` (order 6) runs
    (``"runs"``), the coverage of the interval over
    many seeds on orders 4 and 5 (``"coverage"``), on order 6 (``"coverage_order6"``) and for
    semi-magic squares of order 6 (``"coverage_semi_magic"``), and orders 7 and 8 against Walter
    Trump's published estimates (``"beyond"``); each entry says its order ``n`` (and the newer
    ones their ``mode`` and load). A record of past runs, not a live computation.

    >>> record = recorded_runs()
    >>> [run["n"] for run in record["runs"]], [c["n"] for c in record["coverage"]]
    ([5, 6], [4, 5])
    """
    return json.loads(RECORD.read_text(encoding="utf-8"))


#: The cold end of ``temperature_ladder`` (and of notebook 08's readable toy).
BETA_COLD = 3.0
#: Ratio between neighbouring inverse temperatures (after the first step up from 0).
BETA_RATIO = 1.5
#: The estimator's ladder (since 2026-12-04) ends at ESTIMATOR_BETA_COLD and is finer from BETA_FINE on,
#: where the variance comes from: there each beta is at most COLD_RATIO times the one before. Measured at
#: order 6 (benchmarks/estimate_variance.py): with a cold end at 2 the same variance takes about 80% of
#: the time it takes at 3 (at order 8 about 120%: see the record's orders 7 and 8).
ESTIMATOR_BETA_COLD = 2.0
BETA_FINE = 0.25
COLD_RATIO = 1.2

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
    mode: str = "magic"

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
            f"method={self.method!r}, mode={self.mode!r})"
        )


def _t975(df: int) -> float:
    """Student's t, 97.5% point: the table up to 30 degrees of freedom, then the Cornish-Fisher
    expansion about the normal's 1.959964 (Abramowitz and Stegun 26.7.5), within 1e-5 from 31 on."""
    if df <= len(_T975):
        return _T975[df - 1]
    z = 1.959963984540054
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


def temperature_ladder(
    n: int,
    beta_cold: float = BETA_COLD,
    ratio: float = BETA_RATIO,
    *,
    mode: str = "magic",
    cold_ratio: float | None = None,
) -> np.ndarray:
    """The inverse temperatures used for order n: 0, then geometric up to ``beta_cold``.

    The first step up from 0 is 1 / (mean energy of a random filling), so that the
    two hottest temperatures see overlapping energies (the energy of ``mode="semi-magic"``
    has 2n lines instead of 2n + 2); then each beta is ``ratio``
    times the one before, until ``beta_cold``. With ``cold_ratio`` (the estimator's ladder:
    ``ESTIMATOR_BETA_COLD`` and ``COLD_RATIO``), each beta from ``BETA_FINE`` up is ``cold_ratio`` times
    the one before or a little less.

    >>> betas = temperature_ladder(6)
    >>> len(betas), float(betas[0]), float(betas[-1])
    (27, 0.0, 3.0)
    >>> len(temperature_ladder(6, ESTIMATOR_BETA_COLD, cold_ratio=COLD_RATIO))  # the estimator's
    33
    """
    n = as_order(n, minimum=MIN_ORDER, maximum=MAX_ORDER, what=_("a magic-square order"))
    beta_cold = as_real(beta_cold, name="beta_cold", minimum=0.1, maximum=20.0)
    ratio = as_real(ratio, name="ratio", minimum=1.05, maximum=10.0)
    if cold_ratio is not None:
        cold_ratio = as_real(cold_ratio, name="cold_ratio", minimum=1.05, maximum=10.0)
    lines = 2 * n + 2 if _check_mode(mode) == "magic" else 2 * n
    big = n * n
    # Variance of a sum of n values drawn without replacement from 1..n^2.
    var_line = n * (big * big - 1) / 12 * (big - n) / (big - 1)
    mean_energy = lines * var_line
    beta_hot = 1.0 / mean_energy
    fine = BETA_FINE if cold_ratio is not None and beta_hot < BETA_FINE < beta_cold else beta_cold
    steps = math.ceil(math.log(fine / beta_hot) / math.log(ratio))
    betas = [[0.0], np.geomspace(beta_hot, fine, steps + 1)]
    if fine < beta_cold:
        cold_steps = math.ceil(math.log(beta_cold / fine) / math.log(cold_ratio))
        betas.append(np.geomspace(fine, beta_cold, cold_steps + 1)[1:])
    return np.concatenate(betas)


# ---------------------------------------------------------------- the readable toy (notebook 08)

#: The largest order the readable toy accepts: it is pure Python, about a second for order 4.
TOY_MAX_ORDER = 4


def _toy_energy(grid: list[int], n: int, m: int) -> int:
    """The energy of a filling given row by row: the sum over its 2n + 2 lines of (line sum - m)^2,
    m the magic constant."""
    lines = [grid[r * n : (r + 1) * n] for r in range(n)] + [grid[c::n] for c in range(n)]
    lines += [grid[:: n + 1], grid[n - 1 : n * n - 1 : n - 1]]
    return sum((sum(line) - m) ** 2 for line in lines)


def toy_energies(n: int = 3, sweeps: int = 600, seed: int = 0) -> list[list[int]]:
    """The energies that a readable parallel tempering run sees at each beta of ``temperature_ladder(n)``
    after its burn-in (the first 20% of the sweeps): one list per beta, hottest first.

    Notebook 08's toy, in pure Python: each sweep tries n^2 swaps of two random cells at every
    temperature (Metropolis: a swap is kept if the energy goes down, else with probability
    exp(-beta * dE)), then offers each pair of neighbouring temperatures to exchange their fillings.
    Every line sum is recomputed at every move, so it is slow: orders 3 and 4 only. The notebook's
    going-further part writes the same walk out function by function and checks that it draws the same
    samples.

    >>> energies = toy_energies(3, sweeps=50, seed=1)
    >>> len(energies), len(energies[0]), min(min(e) for e in energies) >= 0
    (17, 40, True)
    """
    why = _("the toy is pure Python and slow")
    n = as_order(n, minimum=MIN_ORDER, maximum=TOY_MAX_ORDER, what=_("a magic-square order"), why=why)
    sweeps = as_order(sweeps, name="sweeps", minimum=5, maximum=10_000, what=_("a number of sweeps"))
    seed = _check_seed(seed)
    betas = [float(b) for b in temperature_ladder(n)]
    big, m = n * n, magic_constant(n)
    rng = random.Random(seed)
    replicas = [rng.sample(range(1, big + 1), big) for _ in betas]
    energies: list[list[int]] = [[] for _ in betas]
    for sweep in range(sweeps):
        current = []
        for grid, beta in zip(replicas, betas, strict=True):
            e = _toy_energy(grid, n, m)
            for _move in range(big):
                a, b = rng.sample(range(big), 2)
                grid[a], grid[b] = grid[b], grid[a]
                new = _toy_energy(grid, n, m)
                if new <= e or rng.random() < math.exp(-beta * (new - e)):
                    e = new
                else:
                    grid[a], grid[b] = grid[b], grid[a]  # undo the swap
            current.append(e)
        if sweep >= sweeps // 5:  # the first 20% are burn-in
            for k, e in enumerate(current):
                energies[k].append(e)
        for k in range(len(betas) - 1):  # neighbouring temperatures exchange their fillings
            x = (betas[k + 1] - betas[k]) * (current[k + 1] - current[k])
            if x >= 0 or rng.random() < math.exp(x):
                replicas[k], replicas[k + 1] = replicas[k + 1], replicas[k]
                current[k], current[k + 1] = current[k + 1], current[k]
    return energies


# ---------------------------------------------------------------- the compiled sampler

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_LOW = np.uint64(0xFFFFFFFF)


@njit(inline="always")
def _mix(z):
    """splitmix64's output function: a 64-bit random number from the counter z.

    Each chain keeps its counter in a local variable and adds ``_GOLDEN`` before each
    draw; the counter is stored back once per chunk, so the two threads never write
    to the same cache line. A move takes one draw for its two cells (the two 32-bit halves)
    and, when it raises the energy, one more for the acceptance test.
    """
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(inline="always")
def _unit(z):
    """A float in [0, 1) from a 64-bit random number."""
    return float(z >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(inline="always")
def _below(bits, m):
    """An integer in 0..m-1 from 32 random bits (m < 2^32): ``bits * m >> 32``, integer arithmetic only.

    Its small unevenness (some results come once more in 2^32 / m) does not bias the sampler: the
    chance of proposing a move does not depend on the filling, and a move and its reverse (the same two
    cells, or the same two values) are proposed equally often, which is all Metropolis needs."""
    return np.int64((bits * np.uint64(m)) >> np.uint64(32))


@njit(cache=True)
def _line_tables(n, diagonals):
    """For each cell: its row line, its column line (unsigned, as indices: see ``_at``), and whether it is on
    each diagonal (never, when ``diagonals`` is False: the semi-magic energy counts rows and columns only)."""
    big = n * n
    row = np.empty(big, np.uint64)
    col = np.empty(big, np.uint64)
    main = np.zeros(big, np.int64)
    anti = np.zeros(big, np.int64)
    for cell in range(big):
        r, c = cell // n, cell % n
        row[cell] = r
        col[cell] = n + c
        if diagonals and r == c:
            main[cell] = 1
        if diagonals and r + c == n - 1:
            anti[cell] = 1
    return row, col, main, anti


@njit(inline="always")
def _at(i):
    """An index for the sampler's arrays, unsigned. Numba lets a signed index count from the end (Python's
    ``a[-1]``), so it tests every signed index for a negative value; the sampler's indices never are, and
    without those tests it runs in about 70% of the time (measured 2026-12-04, the same results)."""
    return np.uint64(i)


@njit(inline="always")
def _delta_energy(dev, n, a, b, delta, row, col, main, anti):
    """Change of E when cell a gains delta and cell b loses it (a != b).

    Each line through a gains delta and each line through b loses it: a line with deviation d then adds
    2 delta d + delta^2 to E. Written without branches, since which lines two random cells share is
    what a processor cannot guess: for two cells of one row the row's two terms cancel and ``apart``
    drops its delta^2 (the same for a column); a cell off a diagonal has ``main`` (``anti``) 0.
    """
    a, b = _at(a), _at(b)
    ra, rb, ca, cb = row[a], row[b], col[a], col[b]
    xm = (main[a] - main[b]) * delta
    xa = (anti[a] - anti[b]) * delta
    apart = np.int64(ra != rb) + np.int64(ca != cb)
    return (
        2 * delta * (dev[ra] - dev[rb] + dev[ca] - dev[cb])
        + 2 * delta * delta * apart
        + xm * (2 * dev[_at(2 * n)] + xm)
        + xa * (2 * dev[_at(2 * n + 1)] + xa)
    )


@njit(inline="always")
def _apply(dev, n, a, b, delta, row, col, main, anti):
    a, b = _at(a), _at(b)
    dev[row[a]] += delta
    dev[row[b]] -= delta
    dev[col[a]] += delta
    dev[col[b]] -= delta
    dev[_at(2 * n)] += (main[a] - main[b]) * delta
    dev[_at(2 * n + 1)] += (anti[a] - anti[b]) * delta


@njit(cache=True, parallel=True)
def _run_chunk(
    n,
    betas,
    dmax,
    moves,
    close_only,
    boltzmann,
    rounds,
    sweeps,
    start,
    phase,
    bar_c,
    diagonals,
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

    phase 0: burn-in, Bennett's sums taken but thrown away later (so that a sweep costs what it costs
    in production, which is what a ``seconds=`` budget's calibration measures); phase 1: burn-in,
    energies summed (for Bennett's constants ``bar_c[c]``, one row per chain: nothing is shared
    between chains); phase 2: production, Bennett's sums and E = 0 hits. Energies are summed and
    Bennett's sums taken once a round.
    All state lives in the arrays, one row per chain, so a run cut into chunks equals one
    long chunk, and a chain does the same whichever chains run beside it.
    A sweep is ``rounds`` rounds; in each, temperature k makes its share of ``moves[k]`` moves (the
    sweep's moves split as evenly as whole numbers allow), then neighbouring temperatures are offered
    an exchange of their fillings. Moves alternate: odd ones swap the
    cells of two close values (where ``dmax`` > 0), even ones two random cells, except where
    ``close_only[k]``: there every move swaps close values. ``boltzmann[k, de]`` = exp(-betas[k] * de) for the
    small energy changes, so that most acceptance tests need no ``exp``.
    """
    chains, temps, big = grid.shape
    row, col, main, anti = _line_tables(n, diagonals)
    for c in prange(chains):
        g = grid[c]
        p = pos[c]
        d = dev[c]
        e = energy[c]
        s = slot[c]
        st = rng[c]
        for turn in range(start * rounds, (start + sweeps) * rounds):
            j = turn % rounds
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
                close = close_only[k]
                hits = 0
                for i in range((moves[k] * (j + 1)) // rounds - (moves[k] * j) // rounds):
                    # one 64-bit draw, split in two halves, picks the pair of cells
                    st += _GOLDEN
                    z = _mix(st)
                    high = z >> np.uint64(32)
                    low = z & _LOW
                    if dm > 0 and (i & 1 or close):
                        # swap the cells of two random values u and u + step
                        step = 1 + _below(high, dm)
                        u = 1 + _below(low, big - step)
                        a = pr[_at(u)]
                        b = pr[_at(u + step)]
                    else:
                        a = _below(high, big)
                        b = _below(low, big - 1)
                        if b >= a:
                            b += 1
                    x = gr[_at(a)]
                    y = gr[_at(b)]
                    delta = y - x
                    de = _delta_energy(dr, n, a, b, delta, row, col, main, anti)
                    accept = de <= 0
                    if not accept:
                        if de < size:
                            chance = table[_at(de)]
                        elif beta * de < 50.0:
                            chance = math.exp(-beta * de)
                        else:
                            chance = 0.0
                        st += _GOLDEN
                        accept = _unit(_mix(st)) < chance
                    if accept:
                        _apply(dr, n, a, b, delta, row, col, main, anti)
                        gr[_at(a)] = y
                        gr[_at(b)] = x
                        pr[_at(y)] = a
                        pr[_at(x)] = b
                        er += de
                    if er == 0:
                        hits += 1
                e[r] = er
                if phase == 1:
                    sum_e[c, k] += er
                else:
                    if k + 1 < temps:
                        fwd[c, k] += 1.0 / (
                            1.0 + math.exp(min((betas[k + 1] - beta) * er - bar_c[c, k], 700.0))
                        )
                    if k > 0:
                        bwd[c, k - 1] += 1.0 / (
                            1.0 + math.exp(min(bar_c[c, k - 1] - (beta - betas[k - 1]) * er, 700.0))
                        )
                    if phase == 2 and k == temps - 1:
                        zero_hits[c] += hits
            # swaps between neighbouring temperatures, even pairs then odd pairs in turn
            for k in range(turn % 2, temps - 1, 2):
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


def _renamed(func: Callable, name: str) -> Callable:
    """A copy of ``func`` under another name: numba keys its on-disk cache by a function's name and
    code, not by the compile options, so a second compilation of the same code needs a name of its own."""
    twin = types.FunctionType(func.__code__, func.__globals__, name, func.__defaults__, func.__closure__)
    twin.__qualname__ = name
    twin.__doc__ = func.__doc__
    return twin


#: The same kernel without numba's threads (``prange`` runs as ``range``), for a task on an executor.
#: A forked worker must not start GNU OpenMP's threads when the process it was forked from had
#: them running ("fork() called from a process already using GNU OpenMP" and the pool breaks), and
#: a task runs one chain, so threads would gain nothing there. ``nogil``: a ThreadPoolExecutor's
#: tasks run side by side. Same arithmetic, same order, so each chain gives the same result.
_run_chunk_serial = njit(cache=True, nogil=True)(_renamed(_run_chunk.py_func, "_run_chunk_serial"))


def _chain_state(n: int, temps: int, seed: int, chain: int, diagonals: bool) -> tuple[np.ndarray, ...]:
    """Random starting fillings and the generator state of one chain, from (seed, chain)."""
    rng = np.random.default_rng([seed, chain])
    big = n * n
    magic = n * (big + 1) // 2
    grid = np.empty((temps, big), np.int64)
    pos = np.zeros((temps, big + 1), np.int64)
    dev = np.zeros((temps, 2 * n + 2), np.int64)
    energy = np.empty(temps, np.int64)
    for r in range(temps):
        g = rng.permutation(np.arange(1, big + 1, dtype=np.int64))
        grid[r] = g
        pos[r, g] = np.arange(big)
        sq = g.reshape(n, n)
        dev[r, :n] = sq.sum(axis=1) - magic
        dev[r, n : 2 * n] = sq.sum(axis=0) - magic
        if diagonals:
            dev[r, 2 * n :] = (np.trace(sq) - magic, np.trace(sq[:, ::-1]) - magic)
        energy[r] = int((dev[r] ** 2).sum())
    word = np.uint64(int(rng.integers(0, 2**63, dtype=np.int64)))
    return grid, pos, dev, energy, word


def _check_seconds(seconds: Any) -> float:
    if isinstance(seconds, (bool, np.bool_)) or not isinstance(seconds, numbers.Real):
        raise TypeError(
            _(
                "seconds must be a positive number, got {kind} {value!r}",
                kind=type(seconds).__name__,
                value=seconds,
            )
        )
    seconds = float(seconds)
    if not (seconds > 0 and math.isfinite(seconds)):
        raise ValueError(_("seconds must be a positive finite number, got {value!r}", value=seconds))
    if seconds > 86_400:
        raise ValueError(_("seconds must be at most 86400 (one day), got {value!r}", value=seconds))
    return seconds


def _check_seed(seed: Any) -> int:
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, numbers.Integral):
        raise TypeError(
            _("seed must be an integer, got {kind} {value!r}", kind=type(seed).__name__, value=seed)
        )
    seed = int(seed)
    if seed < 0:
        raise ValueError(_("seed must be a non-negative integer, got {value}", value=seed))
    return seed


def _check_mode(mode: Any) -> str:
    if not isinstance(mode, str):
        raise TypeError(
            _(
                "mode must be one of {modes}, got {kind} {value!r}",
                modes=MODES,
                kind=type(mode).__name__,
                value=mode,
            )
        )
    if mode not in MODES:
        raise ValueError(_("mode must be one of {modes}, got {value!r}", modes=MODES, value=mode))
    return mode


def _check_executor(executor: Any) -> Executor | None:
    if executor is not None and not isinstance(executor, Executor):
        raise TypeError(
            _(
                "executor must be a concurrent.futures.Executor (a ProcessPoolExecutor, or "
                "distributed.Client(...).get_executor()), got {kind}",
                kind=type(executor).__name__,
            )
        )
    return executor


_MIN_SWEEPS = 50
#: The first sweeps // BURN_IN sweeps are burn-in (the first half of them recording nothing, the second
#: half each chain's mean energies for its Bennett constants). Measured from the energy trace
#: (2026-12-01, 16 chains from random fillings): the mean energy at every temperature settles within
#: about 500 sweeps at order 6 and 1,000 at order 8, far less than a tenth of the budgets run (10,000
#: sweeps and more), so a fifth (the rule before) only left less for production. For the same reason the
#: burn-in stops at BURN_IN_MAX sweeps (since 2026-12-04): a two-minute run at order 6 makes over
#: 500,000, and keeps 98% of them instead of 90%.
BURN_IN = 10
BURN_IN_MAX = 10_000


def _burn_in(sweeps: int) -> int:
    """How many of ``sweeps`` sweeps are burn-in: a tenth, at most ``BURN_IN_MAX``."""
    return min(sweeps // BURN_IN, BURN_IN_MAX)


#: The temperatures with beta at least this get COLD_MOVES times n^2 moves a sweep.
COLD_BETA = 0.5
COLD_MOVES = 2
#: A sweep's moves are made in this many rounds, each followed by a round of exchanges.
ROUNDS = 4
#: The samplers, as (the ladder's beta_cold and cold_ratio, COLD_MOVES, ROUNDS): "fine" (the estimator's,
#: since 2026-12-04) and "cold" (the one before, kept for the benchmark: from 0 to 3 with one ratio 1.5,
#: 8 n^2 moves a sweep at the cold end, one round of exchanges a sweep).
_SAMPLERS = {
    "fine": (ESTIMATOR_BETA_COLD, COLD_RATIO, COLD_MOVES, ROUNDS),
    "cold": (BETA_COLD, None, 8, 1),
}
#: Energy changes below this use a table of exp(-beta * dE) instead of calling exp.
_TABLE = 2048
#: How many times a chain that failed on an executor is submitted again before the run fails.
RETRIES = 2


class _Chains:
    """Some chains of one run, with all their state: chain c starts from (seed, c) and has its
    own ladder of fillings, generator and Bennett constants, so it does the same whichever
    chains run beside it, in this process or in another."""

    def __init__(
        self,
        n: int,
        mode: str,
        seed: int,
        ids: range | list[int],
        sampler: str = "fine",
        threads: bool = True,
    ):
        self.n = n
        # numba's threads over the chains here; none in an executor's task (see _run_chunk_serial)
        self.kernel = _run_chunk if threads else _run_chunk_serial
        self.diagonals = mode == "magic"
        beta_cold, cold_ratio, cold_moves, self.rounds = _SAMPLERS[sampler]
        self.betas = temperature_ladder(n, beta_cold, mode=mode, cold_ratio=cold_ratio)
        temps = len(self.betas)
        big = n * n
        # Largest value step d of a move at each temperature: about 2 / sqrt(beta), so that cold
        # moves stay small.
        self.dmax = np.array(
            [big - 1 if b == 0 else max(1, min(big - 1, int(2.0 / math.sqrt(b)))) for b in self.betas],
            dtype=np.int64,
        )
        # The cold end (beta >= COLD_BETA) is where the variance comes from: the chains there leave
        # and re-enter E = 0 rarely. It gets more moves a sweep, and where d is at most 2 only
        # close-value moves (two random cells almost never keep E small there).
        cold = self.betas >= COLD_BETA
        self.moves = big * np.where(cold, cold_moves, 1).astype(np.int64)
        self.close_only = (cold & (self.dmax <= 2)).astype(np.int64)
        states = [_chain_state(n, temps, seed, c, self.diagonals) for c in ids]
        count = len(states)
        self.sum_e = np.zeros((count, temps))
        self.fwd = np.zeros((count, temps - 1))
        self.bwd = np.zeros((count, temps - 1))
        self.zero_hits = np.zeros(count, np.int64)
        self.bar_c = np.zeros((count, temps - 1))
        self.arrays = (
            np.stack([s[0] for s in states]),
            np.stack([s[1] for s in states]),
            np.stack([s[2] for s in states]),
            np.stack([s[3] for s in states]),
            np.tile(np.arange(temps, dtype=np.int64), (count, 1)),
            np.array([s[4] for s in states], dtype=np.uint64),
            self.sum_e,
            self.fwd,
            self.bwd,
            self.zero_hits,
            np.zeros((count, temps - 1), np.int64),
            np.zeros((count, temps - 1), np.int64),
        )
        self.boltzmann = np.exp(-np.outer(self.betas, np.arange(_TABLE)))
        self.done = 0

    def run(self, count: int, phase: int = 0) -> None:
        """``count`` more sweeps (phase 0: burn-in, as before the budget is known)."""
        kernel_args = (self.n, self.betas, self.dmax, self.moves, self.close_only, self.boltzmann)
        kernel_args += (self.rounds, count, self.done, phase)
        self.kernel(*kernel_args, self.bar_c, self.diagonals, *self.arrays)
        self.done += count

    def finish(self, sweeps: int, progress: Callable[[int, int], Any] | None = None) -> tuple[list, list]:
        """Run on to ``sweeps`` sweeps (the first 10% burn-in, at most 10,000); each chain's ln(count) and
        E = 0 hits."""
        burn = _burn_in(sweeps)
        half = burn // 2
        step = max(1, sweeps // 100)
        while self.done < sweeps:
            stop, phase = (half, 0) if self.done < half else (burn, 1) if self.done < burn else (sweeps, 2)
            self.run(min(step, stop - self.done), phase)
            if self.done == burn:
                self.fwd[:] = self.bwd[:] = 0.0  # the first half of the burn-in's sums
                if burn > half:
                    # each chain's own mean energies during the second half of its burn-in (once a round)
                    mean_e = self.sum_e / ((burn - half) * self.rounds)
                    self.bar_c[:] = np.diff(self.betas) * (mean_e[:, :-1] + mean_e[:, 1:]) / 2
            if progress is not None:
                progress(self.done, sweeps)
        production = sweeps - burn
        samples = production * self.rounds  # Bennett's sums take one sample a round
        # Bennett: ln Z_{k+1}/Z_k = ln <f(dU - C)>_k - ln <f(C - dU)>_{k+1} - C, with equal sample sizes.
        log_ratios = np.log(self.fwd / samples) - np.log(self.bwd / samples) - self.bar_c
        self.log_ratios = log_ratios  # one row per chain (benchmarks/estimate_variance.py reads them)
        big = self.n * self.n
        start = math.lgamma(big + 1) - math.log(8)
        cold_moves = production * int(self.moves[-1])  # the coldest temperature's moves, each one a look at E
        logs = [
            start + math.fsum(row) + (math.log(hits / cold_moves) if hits else -math.inf)
            for row, hits in zip(log_ratios.tolist(), self.zero_hits.tolist(), strict=True)
        ]
        return logs, self.zero_hits.tolist()


def _run_chains(n: int, mode: str, seed: int, ids: list[int], sweeps: int, sampler: str) -> tuple:
    """The task sent to an executor: chains ``ids`` of a run, from scratch to ``sweeps`` sweeps, on the
    calling thread alone (any executor: forked or spawned processes, threads, a Dask cluster)."""
    return _Chains(n, mode, seed, ids, sampler, threads=False).finish(sweeps)


def _on_executor(
    executor: Executor, args: tuple, chains: int, sweeps: int, progress: Callable[[int, int], Any] | None
) -> tuple[list, list]:
    """One task per chain on ``executor``; a failed task is submitted again up to ``RETRIES`` times,
    then the run fails: no chain is ever dropped from the interval."""
    n, mode, seed, sampler = args
    futures = {
        executor.submit(_run_chains, n, mode, seed, [c], sweeps, sampler): (c, 0) for c in range(chains)
    }
    logs: dict[int, float] = {}
    hits: dict[int, int] = {}
    while futures:
        finished, _pending = wait(futures, return_when=FIRST_COMPLETED)
        for future in finished:
            c, tries = futures.pop(future)
            try:
                (log,), (hit,) = future.result()
            except Exception as exc:
                message = _(
                    "chain {c} of {chains} failed {times} times on the executor ({error!r}); "
                    "no interval is given without it",
                    c=c,
                    chains=chains,
                    times=tries + 1,
                    error=exc,
                )
                if tries < RETRIES:
                    try:
                        retry = executor.submit(_run_chains, n, mode, seed, [c], sweeps, sampler)
                    except Exception as refused:  # a process pool whose worker died takes no more tasks
                        message = _(
                            "chain {c} of {chains} failed on the executor ({error!r}), which then refused "
                            "it again ({refused!r}); no interval is given without it",
                            c=c,
                            chains=chains,
                            error=exc,
                            refused=refused,
                        )
                    else:
                        futures[retry] = (c, tries + 1)
                        continue
                for other in futures:
                    other.cancel()
                raise RuntimeError(message) from exc
            logs[c], hits[c] = log, hit
            if progress is not None:
                progress(sweeps * len(logs) // chains, sweeps)
    return [logs[c] for c in range(chains)], [hits[c] for c in range(chains)]


def _too_small(n: int, mode: str, sweeps: int) -> str:
    """Why a run gives no estimate: some chain never reached a square of ``mode`` at the cold end."""
    if mode == "semi-magic":
        return _(
            "budget too small for order {n}: a chain never reached a semi-magic square at the "
            "cold end; give more sweeps or seconds (this run: {sweeps} sweeps)",
            n=n,
            sweeps=sweeps,
        )
    return _(
        "budget too small for order {n}: a chain never reached a magic square at the "
        "cold end; give more sweeps or seconds (this run: {sweeps} sweeps)",
        n=n,
        sweeps=sweeps,
    )


def estimate_magic_squares(
    n: int,
    seconds: float | None = None,
    *,
    sweeps: int | None = None,
    seed: int = 0,
    chains: int = CHAINS,
    mode: str = "magic",
    executor: Executor | None = None,
    progress: Callable[[int, int], Any] | None = None,
    _sampler: str = "fine",
) -> Estimate:
    """Estimate the number of n x n magic squares up to symmetry, with a 95% interval.

    Give either ``seconds`` (wall-clock budget for the sampling, default 10 s when
    neither is given) or ``sweeps`` (a fixed amount of work per chain, so that the
    result repeats exactly for a given ``seed``). ``chains`` independent runs
    (at least 3; ``CHAINS`` = 32 by default) give the interval: a Student t interval on the mean of their
    ln(count). ``progress(done, total)`` is called between chunks of sweeps.
    Orders 3 to 10 (see ``MAX_ORDER``); the first 10% of the sweeps (at most 10,000) are burn-in. Compiling
    the sampler (once, then cached on disk) is not counted in ``seconds``. See the module
    docstring for the method.

    ``mode="semi-magic"`` counts the squares whose rows and columns add up to M (diagonals
    free; the magic squares among them), up to the 8 rotations and reflections, as OEIS
    A271103. ``executor`` (any ``concurrent.futures.Executor``, e.g.
    ``distributed.Client(...).get_executor()``) runs each chain as a task there; it needs
    ``sweeps=`` and gives exactly the local result for the same ``seed``. A chain whose task
    fails is submitted again (up to ``RETRIES`` times), then the run fails with a RuntimeError.

    >>> r = estimate_magic_squares(3, sweeps=200, seed=1)
    >>> r.low <= 1 <= r.high, r.method
    (True, 'parallel tempering + Bennett acceptance ratio')
    """
    n = as_order(n, minimum=MIN_ORDER, maximum=MAX_ORDER, what=_("a magic-square order"))
    seed = _check_seed(seed)
    chains = as_order(chains, name="chains", minimum=3, maximum=256, what=_("a number of chains"))
    mode = _check_mode(mode)
    executor = _check_executor(executor)
    if _sampler not in _SAMPLERS:
        raise ValueError(
            _("_sampler must be one of {samplers}, got {value!r}", samplers=tuple(_SAMPLERS), value=_sampler)
        )
    if sweeps is not None and seconds is not None:
        raise ValueError(_("give either seconds= or sweeps=, not both"))
    if sweeps is not None:
        sweeps = as_order(
            sweeps, name="sweeps", minimum=_MIN_SWEEPS, maximum=10**9, what=_("a number of sweeps")
        )
    elif executor is not None:
        raise ValueError(_("executor= needs a sweeps= budget (the speed of its workers is not known here)"))
    else:
        seconds = _check_seconds(10.0 if seconds is None else seconds)
    if progress is not None and not callable(progress):
        raise TypeError(
            _("progress must be a callable progress(done, total), got {kind}", kind=type(progress).__name__)
        )

    if executor is not None:
        t0 = time.perf_counter()
        logs, hits = _on_executor(executor, (n, mode, seed, _sampler), chains, sweeps, progress)
    else:
        run = _Chains(n, mode, seed, range(chains), _sampler)
        run.run(1)  # compiles (or loads from the cache) before the clock starts
        # The warm-up sweep is part of every run, so both budgets (and an executor) do the same work.
        t0 = time.perf_counter()
        if sweeps is None:
            # Calibrate: a throwaway run of the same chains for about 2.5% of the budget measures the
            # speed; the rest of the budget then fixes the number of sweeps, and the run is exactly the
            # run of sweeps= that many.
            probe = _Chains(n, mode, seed, range(chains), _sampler)
            start = time.perf_counter()
            chunk = 1
            while True:
                probe.run(chunk)
                elapsed = time.perf_counter() - start
                if time.perf_counter() - t0 >= 0.025 * seconds:
                    break
                chunk = max(1, min(2 * chunk, int(chunk * 0.025 * seconds / max(elapsed, 1e-6))))
            left = seconds - (time.perf_counter() - t0)
            sweeps = max(_MIN_SWEEPS, int(left * probe.done / elapsed))
        logs, hits = run.finish(sweeps, progress)
    used = time.perf_counter() - t0
    if 0 in hits:
        raise RuntimeError(_too_small(n, mode, sweeps))
    log_counts = np.array(logs)
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
        log_estimates=tuple(logs),
        mode=mode,
    )
