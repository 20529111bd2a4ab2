"""Where the variance of the order-6 estimate comes from (a diagnostic for improving the estimator).

``python benchmarks/estimate_variance.py [chains] [sweeps] [seed]`` (default 64 chains of 7,000 sweeps,
seed 0: about 7 s on two cores) runs the estimator's chains and splits the variance of one chain's
ln(count) = ln(36!/8) + (sum of the ladder's ln Z ratios) + ln P_cold(E = 0) into its parts: the ratios
at the hot end (beta < 0.025), in the middle, at the cold end (beta >= 1), and the E = 0 fraction at the
coldest temperature, with the covariances (the parts move together). It also prints the figure of merit
that the issue's goal is about: variance x seconds / chains, and the half-width a 16-chain run would
reach in 120 s with it (with the sampler before 2026-12-04: about 1% with the kernel before its unsigned
indices, about 0.8% since, at the median of ten seeds; with the sampler "fine" since then, 0.60%; the goal
is 0.7%). The paragraphs below are a log, oldest first: "today's" in each means the sampler of its day.

Measured on 2026-12-04 (64 chains, 7,000 sweeps, seed 0, 12 s): the cold end carries about three
quarters of the variance (the ratios from beta 1 on 53%, the E = 0 fraction 25%, moving together), the
middle of the ladder 15%, the hot end 6%; a 16-chain run of 120 s would reach about 0.96%. Eight times
n^2 moves a sweep at the cold end are enough (sixteen change nothing); what is left is how often the
coldest temperatures sit at E = 0, which forgets itself in about 20 sweeps. Nothing is recorded: it prints.

One ratio at a time (2026-12-04, 96 chains x 7,000 sweeps, seed 0): the last ratio (beta 2 -> 3) and
ln P(E = 0) at beta 3 carry about 60% of the variance with their covariance, the ratio 1.34 -> 2 about
14%, no other ratio more than 3%. The integrated autocorrelation of [E = 0] is about 26 sweeps at beta 3
and 11 at beta 2, under 2 from beta 1.34 up: the two coldest temperatures change almost only by exchange.

The settings reach a plateau (2026-12-04, with the kernel before its unsigned indices, 96 chains, seeds 1,
2 and 3, on a copy of the module with the settings as parameters; the figure of merit in units of 1e-3, the
mean of the three seeds; one trial's noise is about 25%):

- today's settings (n^2 moves a sweep, 8 n^2 at the cold end): 2.86, a 120 s half-width of about 1.0%;
- n^2 / 4 and n^2 moves, four times the sweeps: 2.52;
- the same with a cold ladder of ratio 1.2 from beta 0.27 (35 temperatures): 2.15; with n^2 / 2 cold moves:
  2.06; with n^2 / 8 and n^2 / 2 moves and eight times the sweeps: 2.33;
- cold moves of up to two values apart (d = 2 instead of 1 from beta 1.34 on): 3.8; up to three: 7.4.

Pooling the E = 0 hits of the five coldest temperatures takes 3-11% off any of them. So the best settings
are about 1.4 times better in variance x time than today's: not, on their own, the 2 the goal needed then.

Then the kernel's indices became unsigned (``_at`` in magiclib/estimate.py): the same samples to the last
digit in about 70% of the time. This diagnostic (defaults) went from 9.7 s to 6.6 s the same day, its
predicted 120 s half-width from 0.85% to 0.70% (seed 0). ``estimate_magic_squares(6, seconds=120, seed=s)``
with it, machine idle, 400,000-520,000 sweeps each: seeds 1 to 10 gave 0.55, 0.49, 0.95, 1.06, 0.81, 0.47,
0.68, 1.04, 0.91 and 0.84% (median 0.82%; seed 9's interval missed Mino's count), seed 11 0.77%. The
half-width of one 16-chain run is itself this noisy. The goal (0.7% at seeds 1 and 11 and at the median)
is not met by the kernel alone; with the best settings above (1.4 times) it would be about 0.7% at the
median, a prediction, not a measurement.

The retune, adopted on 2026-12-04 as the sampler "fine" (96 chains x 7,000 sweeps, seeds 1-3, figure of
merit in 1e-3 with this kernel): four rounds of exchanges a sweep, n^2 moves a sweep and 2 n^2 at beta >= 0.5,
each beta from 0.25 on at most 1.2 times the one before, ending at beta 3: 1.37-1.48 (today's settings
about 2.3, seed 1); the same ending at beta 2: 1.21 (six trials; at 1.5: 1.42, 1.75: 1.24, 2.5: 1.39, 4:
1.43, 1: 4.2); but at order 8 (48 chains x 4,000 sweeps, seeds 1 and 2) ending at 2 was worse than at 3
(4.16 against 3.52). No better: other ladders below beta 0.25 (1.34-1.63), 8 or 16 rounds (1.40-1.44), 1
or 4 cold moves (1.93, 1.26), Bennett's sums once a sweep instead of once a round (the same). Pooling the
E = 0 hits of the five coldest temperatures: 4-5% off (not used below). Ending at 2, ``seconds=120`` gave
0.71% at seed 1 (581,453 sweeps, 122 s) and 0.70% at seed 11 (565,699 sweeps, 125 s); with the burn-in
capped at 10,000 sweeps and the speed measured on a throwaway run of the same chains, seed 1 gave 0.70%
(573,017 sweeps, 121 s) and seeds 2-10 0.63, 0.64, 0.46, 0.55, 0.74, 0.46, 0.38, 0.70 and 0.57% (the
median of seeds 1-10 0.60%; seed 4's interval missed Mino's count; seed 9 ran 109 s), seed 11 0.73%: the
median meets the goal, seeds 1 and 11 miss it narrowly. That sampler's coverage at order 6 (10,000
sweeps): 35 of seeds 0-39 contained Mino's count (z sd 1.23) and 56 of seeds 40-99 (z sd 1.11); 37 of 40
semi-magic (z sd 1.16); at order 5 (20,000 sweeps) 37 of 40 (z sd 1.40); at order 4 (2,000 sweeps) 185 of
200 (z sd 1.13); at 60,000 sweeps against Trump's values, 9 of 10 at order 7 and 38 of 40 at order 8 (z
mean +0.11, sd 1.14; median half-width 2.43% in 27 s a run, where today's sampler took 50 s for 2.44%).
The samples of one chain look normal (256 chains of 10,000 sweeps at order 6: skewness 0.15, excess
kurtosis -0.2). Two things to know: a sweep's Bennett sums make production about 4% slower than burn-in,
which is what ``seconds=`` calibrates on (runs overshot: 123-129 s for 120); and calibrating on fewer
than about 2 s (5,000 sweeps) misjudged the time by 10-20%. Over 200 seeds at order 6 (10,000 sweeps,
`make bench`'s coverage6) 187 intervals contained Mino's count (z mean -0.02, sd 1.09: honest), and with
256 chains each (`make bench`'s merit) its variance x time was 1.9 times smaller than the sampler before
at order 6, 1.2 times at order 5.

32 chains instead of 16 (measured on 2026-12-04 with ``chains=32``; the default since 2026-12-05):
``estimate_magic_squares(6, seconds=120, seed=s, chains=32)`` gave 0.64% at seed 1 and 0.66% at seed 11
(about 285,000 sweeps a chain), 0.58, 0.56, 0.63 and 0.72% at seeds 2-5, and all six intervals contained
Mino's count. Student's t factor falls from 2.13 to 2.04 and one run's half-width varies less; the burn-in
(at most 10,000 sweeps a chain) takes 3.5% of such a run instead of 1.7%. Adopting it meant recording every
part of `make bench` again (the coverage parts, at a fixed number of sweeps a chain, take twice as long;
orders 7 and 8 run 30,000 sweeps a chain instead of 60,000, the same work a run) and rewriting notebook
08's 16 chains (t with 15 degrees of freedom, s/sqrt(16)) in four languages.

The record with 32 chains (`make bench`, 2026-12-05): at ``seconds=120`` seed 1 0.64% (``runs``) and, in
``seeds6``, seeds 1-11 0.65, 0.60, 0.55, 0.64, 0.73, 0.70, 0.58, 0.50, 0.68, 0.68 and 0.66% (median of 1-10
0.64%; seeds 6 and 10 missed Mino's count); coverage at order 6 191 of 200 (38 of the first 40; z mean
+0.03, sd 1.03), semi-magic 38 of 40, order 5 38 of 40, order 4 186 of 200; at 30,000 sweeps against
Trump's values 10 of 10 at order 7 and 37 of 40 at order 8 (z mean +0.34, sd 1.16); the long runs at
orders 7 and 8 (300 and 420 s) both contain his values (+0.08% and -0.17%); merit 1.8x at order 6.
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from magiclib.estimate import CHAINS, EXACT_UP_TO_SYMMETRY, _Chains, _t975  # noqa: E402

ORDER = 6


def main(chains: int = 64, sweeps: int = 7000, seed: int = 0) -> dict[str, float]:
    run = _Chains(ORDER, "magic", seed, range(chains))
    run.run(1)  # compiles before the clock starts, as estimate_magic_squares does
    start = time.perf_counter()
    logs, hits = run.finish(sweeps)
    seconds = time.perf_counter() - start
    if 0 in hits:
        raise SystemExit("a chain never reached a magic square: give more sweeps")
    betas, ratios, total = run.betas[:-1], run.log_ratios, np.array(logs)
    parts = {
        "ratios, beta < 0.025": ratios[:, betas < 0.025].sum(axis=1),
        "ratios, 0.025 <= beta < 1": ratios[:, (betas >= 0.025) & (betas < 1)].sum(axis=1),
        "ratios, beta >= 1": ratios[:, betas >= 1].sum(axis=1),
        "ln P(E = 0) at the cold end": total - ratios.sum(axis=1),
    }
    variance = float(total.var(ddof=1))
    merit = variance * seconds / chains
    print(f"order {ORDER}, {chains} chains x {sweeps:,} sweeps, seed {seed}: {seconds:.1f} s")
    print(f"variance of one chain's ln(count): {variance:.2e}")
    for name, values in parts.items():
        share = float(np.cov(values, total)[0, 1]) / variance  # its variance plus its covariances
        print(f"  {name:28s} variance {values.var(ddof=1):.2e}, share of the total {share:6.1%}")
    z = (total.mean() - math.log(EXACT_UP_TO_SYMMETRY[ORDER])) / math.sqrt(variance / chains)
    width = _t975(CHAINS - 1) * math.sqrt(merit / 120)  # a default run's interval, as the estimator makes it
    print(f"variance x seconds / chains: {merit:.2e}; a {CHAINS}-chain run of 120 s: half-width {width:.2%}")
    print(f"z of Mino's count against these chains: {z:+.2f}")
    return {"merit": merit, "half_width_120": width}


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:4]))
