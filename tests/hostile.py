"""A catalogue of hostile arguments and a ``probe`` that calls a function with one of them.

Used by ``tests/test_hostile.py``; reusable for any other public callable (the picture
and widget functions can be added to ``TARGETS`` with good arguments in ``GOOD``).

The rule every public function must follow: for any argument, it either returns
normally or raises a ``TypeError``/``ValueError`` whose message says what is
accepted (one of ``ACCEPTED_WORDS``), within ``TIMEOUT_S`` seconds and without
growing the process by more than ``MAX_RSS_GROWTH_MB``.

Design:

- ``CATALOGUE`` maps a label to a factory making a fresh bad value (so a function
  that mutates its argument cannot spoil the next probe).
- ``sweep(targets)`` calls each target once per (positional parameter, catalogue
  value), every other parameter set to a good value from ``GOOD`` (or its default), and
  likewise for the keyword-only parameters named in ``KEYWORDS``.
- ``probe`` times one call with ``signal.setitimer`` (a ``BaseException`` is raised
  in the call when time is up; compiled numba code cannot be interrupted, which is
  why the expensive kernels must be guarded by validation first) and records the
  growth of the peak resident size (``ru_maxrss``).
- ``main()`` runs the sweep under an address-space cap (``RLIMIT_AS``) and prints
  one JSON line per probe; ``tests/test_hostile.py`` runs it in a subprocess, so a
  runaway call is killed with the subprocess instead of hanging the test run.
"""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import json
import math
import resource
import signal
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

#: Words of which an error message must contain one: it says what is accepted.
ACCEPTED_WORDS = ("must", "accept", "between", "at most", "at least", "only", "need")

#: Seconds one call may take.
TIMEOUT_S = 5.0

#: Growth of the peak resident set one call may cause, in MB.
MAX_RSS_GROWTH_MB = 500

#: Address-space cap of the sweep process, in bytes (a runaway allocation fails fast).
ADDRESS_SPACE_CAP = 4 * 2**30


def _masked() -> np.ma.MaskedArray:
    return np.ma.masked_array([[2, 7, 6], [9, 5, 1], [4, 3, 8]], mask=[[0, 0, 0], [0, 1, 0], [0, 0, 0]])


#: label -> factory of a fresh hostile value.
CATALOGUE: dict[str, Callable[[], Any]] = {
    "None": lambda: None,
    "str '3'": lambda: "3",
    "str 'no'": lambda: "no",
    "float 3.0": lambda: 3.0,
    "float 0.5": lambda: 0.5,
    "nan": lambda: math.nan,
    "inf": lambda: math.inf,
    "-inf": lambda: -math.inf,
    "True": lambda: True,
    "False": lambda: False,
    "np.True_": lambda: np.True_,
    "-1": lambda: -1,
    "0": lambda: 0,
    "10**6": lambda: 10**6,
    "10**18": lambda: 10**18,
    "2**63-1": lambda: 2**63 - 1,
    "-2**63": lambda: -(2**63),
    "2**64": lambda: 2**64,
    "np.int64 max": lambda: np.int64(2**63 - 1),
    "complex": lambda: 3 + 0j,
    "object()": lambda: object(),
    "empty list": lambda: [],
    "ragged list": lambda: [[1, 2], [3]],
    "list of floats": lambda: [[2.0, 7.0, 6.0], [9.0, 5.0, 1.0], [4.0, 3.0, 8.0]],
    "list with nan": lambda: [[math.nan]],
    "list of str": lambda: [["a", "b"], ["c", "d"]],
    "[[-2**63]]": lambda: [[-(2**63)]],
    "[[2**63-1]]": lambda: [[2**63 - 1]],
    "int64 extremes 2x2": lambda: np.array([[-(2**63), 0], [0, -(2**63)]], dtype=np.int64),
    "float array": lambda: np.array([[2.0, 7.0, 6.0], [9.0, 5.0, 1.0], [4.0, 3.0, 8.0]]),
    "nan array": lambda: np.full((3, 3), np.nan),
    "inf array": lambda: np.full((3, 3), np.inf),
    "bool array": lambda: np.ones((3, 3), dtype=bool),
    "3-D array": lambda: np.zeros((3, 3, 3), dtype=np.int64),
    "0-D array": lambda: np.array(5),
    "1-D array": lambda: np.arange(9),
    "uint64 huge": lambda: np.array([[2**64 - 1]], dtype=np.uint64),
    "masked array": _masked,
    "empty array": lambda: np.zeros((0, 0), dtype=np.int64),
    "huge range": lambda: range(10**12),
}


@dataclasses.dataclass
class Outcome:
    """What one call did: ``kind`` is 'return', an exception class name, or 'timeout'."""

    target: str
    param: str
    label: str
    kind: str
    message: str
    seconds: float
    rss_growth_mb: float


class _TimeUp(BaseException):
    """Raised in the probed call when ``TIMEOUT_S`` has passed (not an Exception, so
    library code cannot swallow it)."""


def _on_alarm(signum: int, frame: Any) -> None:
    raise _TimeUp


def _peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux


def _consume(result: Any) -> None:
    """Run a lazy result far enough for its errors to show (generators, iterators)."""
    if isinstance(result, Iterator):
        for _ in itertools.islice(result, 10_000):
            pass


def probe(
    func: Callable[..., Any],
    args: tuple = (),
    kwargs: dict | None = None,
    *,
    target: str = "",
    param: str = "",
    label: str = "",
    timeout: float = TIMEOUT_S,
) -> Outcome:
    """Call ``func(*args, **kwargs)`` under a timer and report what happened."""
    before = _peak_rss_mb()
    old = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    t0 = time.perf_counter()
    try:
        _consume(func(*args, **(kwargs or {})))
        kind, message = "return", ""
    except _TimeUp:
        kind, message = "timeout", f"still running after {timeout} s"
    except Exception as exc:  # noqa: BLE001 - every kind is recorded and judged by the test
        kind, message = type(exc).__name__, str(exc)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    seconds = time.perf_counter() - t0
    return Outcome(
        target, param, label, kind, message[:300], round(seconds, 3), round(_peak_rss_mb() - before, 1)
    )


def problem(outcome: Outcome) -> str | None:
    """Why ``outcome`` is unacceptable, or None when it is fine."""
    if outcome.kind == "timeout" or outcome.seconds > TIMEOUT_S:
        return f"took {outcome.seconds} s"
    if outcome.rss_growth_mb > MAX_RSS_GROWTH_MB:
        return f"grew the process by {outcome.rss_growth_mb} MB"
    if outcome.kind == "return":
        return None
    if outcome.kind not in ("TypeError", "ValueError"):
        return f"raised {outcome.kind}: {outcome.message}"
    if not any(word in outcome.message for word in ACCEPTED_WORDS):
        return f"{outcome.kind} without saying what is accepted: {outcome.message}"
    return None


# ---------------------------------------------------------------- targets and good arguments


def _good_values() -> dict[str, Any]:
    """Good values by parameter name, and by 'module.function.param' where one name
    means different things in different functions."""
    import magiclib as ml
    from magiclib import hexagon, order5

    pairs = order5.diagonal_pairs(1)
    return {
        "n": 3,
        "square": ml.LO_SHU,
        "solution": (1, 3, 0, 2),
        "placed": (0, 2),
        "col": 4,
        "target": None,
        "step": ml.siamese_steps(3)[3],
        "rule": "wrap",
        "basis": ml.magic_space_basis(3),
        "diagonals": True,
        "up_to_symmetry": False,
        "center": None,
        "progress": None,
        "pair": pairs[0],
        "pairs": pairs[:50],
        "weights": None,
        "values": hexagon.MAGIC_HEXAGON,
        "perm": hexagon.symmetries()[0],
        "free": (1, 2, 5, 7, 10, 3, 8),
        "total": 38,
        "cell": 1,
        "order": 3,
        "magiclib.nqueens.attacks.a": (0, 0),
        "magiclib.nqueens.attacks.b": (1, 2),
        "magiclib.nqueens.queen_sum.square": ml.DURER,
        "magiclib.order5.completions.a": 1,
        "magiclib.order5.completions.b": 25,
        "magiclib.order5.diagonal_pairs.center": 1,
        "magiclib.order5.symmetries_32.square": ml.DURER,
        "magiclib.order5.complement_weights.pairs": order5.diagonal_pairs(13)[:50],
        "magiclib.order5.count_main_diagonal.main_diagonal": (5, 9, 13, 17, 21),
        "magiclib.order5.anti_diagonals.main": (5, 9, 13, 17, 21),
        "magiclib.order5.count_order5.center": 1,
        "magiclib.order5.count_order5.up_to_symmetry": True,
        "magiclib.order5.count_order5_by_center.up_to_symmetry": True,
        "m": ml.magic(4),
        "terms": ml.birkhoff(ml.magic(3)),
        "p": (1, 3, 0, 2),
        "magiclib.estimate.estimate_magic_squares.seconds": 0.2,
        "magiclib.squares.reader_name.name": "most-perfect",
        "magiclib.hexagon.line_label.name": "row 1",
        "magiclib.hexagon.symmetry_label.name": "rotate 60°",
    }


#: Probes not made because the value is valid and the call is a long, correct computation
#: (the full 5x5 count takes some 23 s): (qualified name, parameter) -> labels.
SLOW_BUT_VALID = {
    ("magiclib.order5.count_order5", "center"): {"None"},
    ("magiclib.order5.count_order5", "up_to_symmetry"): {"True", "False", "np.True_"},
    ("magiclib.order5.count_order5", "progress"): {"None"},
    ("magiclib.order5.count_order5_by_center", "progress"): {"None"},
    ("magiclib.order5.count_order5_by_center", "up_to_symmetry"): {"True", "False", "np.True_"},
    # seconds=None is the documented default budget of some seconds of sampling
    ("magiclib.estimate.estimate_magic_squares", "seconds"): {"None", "float 3.0"},
    # sweeps=None is that default budget again; 10**6 sweeps is a valid budget of minutes
    ("magiclib.estimate.estimate_magic_squares", "sweeps"): {"None", "10**6"},
}

#: Keyword-only parameters probed too: (qualified name) -> {parameter: other keywords set for
#: its probes}. The budget and the executor are probed with a small ``sweeps=`` budget instead of
#: the good ``seconds``, since the two budgets exclude each other and an executor needs sweeps.
KEYWORDS = {
    "magiclib.estimate.estimate_magic_squares": {
        "mode": {},
        "executor": {"seconds": None, "sweeps": 50},
        "sweeps": {"seconds": None},
    },
}

#: Names in a maths ``__all__`` that are pictures (moving to ``magiclib.show``), not probed here.
PICTURES = {"draw"}


def targets() -> list[tuple[str, Callable[..., Any]]]:
    """Every public function of the maths modules: ``magiclib.__all__``,
    ``magiclib.hexagon.__all__``, ``magiclib.order5.__all__`` and ``magiclib.estimate.__all__``
    (classes, constants, modules and pictures skipped)."""
    import magiclib
    from magiclib import estimate, hexagon, order5

    out = []
    for module in (magiclib, hexagon, order5, estimate):
        for name in module.__all__:
            obj = getattr(module, name)
            if inspect.isclass(obj) or inspect.ismodule(obj) or not callable(obj) or name in PICTURES:
                continue
            out.append((f"{obj.__module__}.{obj.__name__}", obj))
    return sorted(set(out), key=lambda t: t[0])


def _positional(func: Callable[..., Any]) -> list[inspect.Parameter]:
    return [
        p
        for p in inspect.signature(func).parameters.values()
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    ]


def good_arguments(qualname: str, func: Callable[..., Any], good: dict[str, Any]) -> list[Any]:
    """A good value for each positional parameter of ``func``."""
    args = []
    for p in _positional(func):
        key = f"{qualname}.{p.name}"
        if key in good:
            args.append(good[key])
        elif p.name in good:
            args.append(good[p.name])
        elif p.default is not p.empty:
            args.append(p.default)
        else:
            raise KeyError(f"tests/hostile.py has no good value for {key}: add one to _good_values")
    return args


def sweep(selected: list[tuple[str, Callable[..., Any]]] | None = None) -> Iterator[Outcome]:
    """Probe every target with every catalogue value in every positional parameter."""
    good = _good_values()
    for qualname, func in selected or targets():
        base = good_arguments(qualname, func, good)
        for i, p in enumerate(_positional(func)):
            skip = SLOW_BUT_VALID.get((qualname, p.name), set())
            for label, make in CATALOGUE.items():
                if label in skip:
                    continue
                args = list(base)
                args[i] = make()
                yield probe(func, tuple(args), target=qualname, param=p.name, label=label)
        names = [p.name for p in _positional(func)]
        for name, others in KEYWORDS.get(qualname, {}).items():
            skip = SLOW_BUT_VALID.get((qualname, name), set())
            args = [others.get(k, v) for k, v in zip(names, base, strict=True)]
            keywords = {k: v for k, v in others.items() if k not in names}
            for label, make in CATALOGUE.items():
                if label not in skip:
                    kwargs = {**keywords, name: make()}
                    yield probe(func, tuple(args), kwargs, target=qualname, param=name, label=label)


def main() -> None:
    """Run the sweep under an address-space cap; print one JSON object per probe."""
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_CAP, ADDRESS_SPACE_CAP))
    from magiclib import order5

    order5.warm_up()  # compile or load the numba kernels first
    # and the estimator's: its first call compiles or loads the sampler, which no budget counts (the timer
    # is there to catch a call that works far too long, not the compiler on a loaded machine)
    from magiclib import estimate

    estimate.estimate_magic_squares(3, sweeps=50, chains=3, seed=0)
    for outcome in sweep():
        print(json.dumps(dataclasses.asdict(outcome)), flush=True)


if __name__ == "__main__":
    sys.exit(main())
