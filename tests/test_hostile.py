"""Hostile input: every public maths function either answers or refuses clearly, fast, in little memory.

The sweep (``tests/hostile.py``) runs in a subprocess under an address-space cap, so a
runaway call is killed with it. Each defect found before the checks moved to the edge
has a named test below.
"""

from __future__ import annotations

import builtins
import dataclasses
import json
import math
import subprocess
import sys
import tracemalloc
from pathlib import Path

import numpy as np
import pytest
from hostile import CATALOGUE, KEYWORDS, Outcome, _positional, probe, problem, targets

import magiclib
from magiclib import _check, allsquares, construct, hexagon, matrices, nqueens, order5, walk
from magiclib.famous import DURER, LO_SHU

HERE = Path(__file__).resolve().parent


# ---------------------------------------------------------------- the sweep


@pytest.fixture(scope="module")
def sweep_outcomes() -> list[Outcome]:
    done = subprocess.run(
        [sys.executable, str(HERE / "hostile.py")], capture_output=True, text=True, timeout=180, cwd=HERE
    )
    outcomes = [Outcome(**json.loads(line)) for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0:
        last = dataclasses.asdict(outcomes[-1]) if outcomes else None
        pytest.fail(f"the sweep died (exit {done.returncode}) after {last}:\n{done.stderr[-2000:]}")
    return outcomes


def test_every_public_maths_function_answers_or_refuses_clearly(sweep_outcomes):
    problems = [f"{o.target}({o.param}={o.label}): {problem(o)}" for o in sweep_outcomes if problem(o)]
    assert problems == []


def test_the_sweep_covers_every_public_maths_function(sweep_outcomes):
    probed = {o.target for o in sweep_outcomes}
    assert probed == {name for name, func in targets() if _positional(func)}  # others take nothing
    assert len(probed) >= 50
    assert {o.label for o in sweep_outcomes} == set(CATALOGUE)


def test_the_sweep_probes_the_keyword_parameters_it_names(sweep_outcomes):
    """The estimator's mode, executor and sweeps budget are keyword-only, so they are named in KEYWORDS."""
    probed = {(o.target, o.param) for o in sweep_outcomes}
    assert {(t, p) for t, params in KEYWORDS.items() for p in params} <= probed
    assert {"mode", "executor"} <= set(KEYWORDS["magiclib.estimate.estimate_magic_squares"])


def test_probe_reports_a_timeout_and_an_unclear_message():
    def spin():
        while True:
            pass

    slow = probe(spin, timeout=0.2)
    assert slow.kind == "timeout" and problem(slow)

    def vague():
        raise ValueError("bad")

    assert "without saying" in problem(probe(vague))
    assert problem(probe(lambda: [][1])).startswith("raised IndexError")


# ---------------------------------------------------------------- the defects, one test each


def test_line_sums_of_int64_min_is_not_magic():
    extreme = [[-(2**63), 0], [0, -(2**63)]]
    assert magiclib.line_sums(extreme)["diagonal"] == [-(2**64)]  # not wrapped round to 0
    assert magiclib.line_sums(extreme)["anti-diagonal"] == [0]
    assert "magic" not in magiclib.properties(extreme)


def test_properties_of_int64_extremes_are_exact():
    big = 2**63 - 1
    assert magiclib.line_sums([[big, big], [big, big]])["rows"] == [2 * big, 2 * big]
    assert "magic" in magiclib.properties([[-(2**63)]])  # a 1x1 square is magic
    assert _check.exact_sums(np.array([[-(2**63), 1], [1, 1]])).dtype == object
    assert _check.exact_sums(np.array([[2**61, 1], [1, 1]])).dtype == object
    assert _check.exact_sums(np.array([[2**60, 1], [1, 1]])).dtype == np.int64


def test_count_order5_by_center_refuses_a_string_flag():
    with pytest.raises(TypeError, match="up_to_symmetry must be True or False"):
        order5.count_order5_by_center(up_to_symmetry="no")
    with pytest.raises(TypeError, match="up_to_symmetry must be True or False"):
        order5.count_order5(up_to_symmetry=1, center=1)


def test_count_completions_refuses_diagonals_no_magic_square_has():
    pair = (1, 2, 3, 4, 5, 6, 7, 8, 9)  # 9 distinct numbers, diagonals far from 65
    with pytest.raises(ValueError, match="adding up to 65"):
        order5.count_completions(pair)
    with pytest.raises(ValueError, match="adding up to 65"):
        order5.count_diagonal_pairs(np.array([pair]))


def test_count_completions_refuses_floats_instead_of_truncating():
    good = [float(v) for v in order5.diagonal_pairs(1)[0]]
    with pytest.raises(TypeError, match="must be an integer"):
        order5.count_completions(good)
    with pytest.raises(TypeError, match="must be an integer"):
        order5.count_completions([v + 0.5 for v in good])


def _peak_bytes(func, *args) -> tuple[type, int]:
    tracemalloc.start()
    try:
        func(*args)
    except (TypeError, ValueError) as exc:
        kind = type(exc)
    else:
        kind = type(None)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return kind, peak


@pytest.mark.parametrize(
    "func, n",
    [
        (magiclib.siamese_steps, 10**6 + 1),
        (magiclib.siamese_walk, 10**6 + 1),
        (magiclib.siamese, 10**6 + 1),
        (magiclib.magic_by_loops, 10**6),
        (magiclib.magic, 10**6),
        (magiclib.line_conditions, 300),
        (magiclib.magic_space_basis, 300),
    ],
)
def test_huge_orders_are_refused_before_allocating(func, n):
    kind, peak = _peak_bytes(func, n)
    assert kind is ValueError
    assert peak < 1_000_000
    with pytest.raises(ValueError, match="between 1 and"):
        func(n)


def test_siamese_steps_of_a_million_names_the_limit():
    with pytest.raises(ValueError, match=f"between 1 and {walk.MAX_WALK_ORDER}.*closed form"):
        magiclib.siamese_steps(10**6 + 1)


def test_magic_by_loops_of_a_million_names_the_limit():
    with pytest.raises(ValueError, match=f"between 1 and {construct.MAX_LOOPS_ORDER}"):
        magiclib.magic_by_loops(10**6)


def test_magic_space_dimension_of_a_million_is_a_formula():
    kind, peak = _peak_bytes(magiclib.magic_space_dimension, 10**6)
    assert kind is type(None) and peak < 10_000
    assert magiclib.magic_space_dimension(10**6) == 10**12 - 2 * 10**6
    assert magiclib.semi_magic_space_dimension(10**6) == (10**6 - 1) ** 2 + 1


@pytest.mark.parametrize("n", range(1, 8))
def test_dimension_formulas_agree_with_the_rank_of_the_conditions(n):
    assert magiclib.magic_space_dimension(n) == matrices._dimension_by_rank(n, True)
    assert magiclib.semi_magic_space_dimension(n) == matrices._dimension_by_rank(n, False)


def test_line_conditions_of_300_names_the_limit():
    with pytest.raises(ValueError, match=f"between 1 and {matrices.MAX_CONDITIONS_ORDER}"):
        magiclib.line_conditions(300)


def test_hexagon_brute_force_of_everything_needs_a_limit():
    with pytest.raises(ValueError, match="at most 250,000.*limit"):
        hexagon.brute_force(0)
    with pytest.raises(ValueError, match="limit"):
        hexagon.brute_force(38, start=(3,))
    assert hexagon.brute_force(0, limit=10)[1] == 10  # with a limit it runs


def test_masked_arrays_are_refused():
    masked = np.ma.masked_array(np.array(LO_SHU), mask=np.eye(3, dtype=bool))
    for func in (
        magiclib.properties,
        magiclib.line_sums,
        magiclib.is_magic,
        magiclib.exact_rank,
        magiclib.symmetries,
        magiclib.hidden_queens,
    ):
        with pytest.raises(TypeError, match="masked arrays"):
            func(masked)
    with pytest.raises(TypeError, match="masked arrays"):
        hexagon.line_sums(np.ma.masked_array(hexagon.MAGIC_HEXAGON))
    with pytest.raises(TypeError, match="masked arrays"):
        order5.count_diagonal_pairs(np.ma.masked_array(order5.diagonal_pairs(1)[:3]))


def test_exact_rank_of_extreme_entries_is_exact():
    assert magiclib.exact_rank([[-(2**63), 2**63 - 1], [2**63 - 1, -(2**63)]]) == 2
    assert magiclib.exact_rank(DURER) == 3
    with pytest.raises(ValueError, match=f"between 1 and {matrices.MAX_RANK_ORDER}"):
        magiclib.exact_rank(np.ones((matrices.MAX_RANK_ORDER + 1,) * 2, dtype=np.int64))


def test_nan_inf_non_integers_and_3d_are_refused():
    for bad in ([[math.nan]], [[math.inf]], [[1.5]], np.array([[1.0]])):
        with pytest.raises(TypeError, match="must hold integers"):
            magiclib.properties(bad)
    with pytest.raises(ValueError, match="must be 2-D"):
        magiclib.properties(np.zeros((2, 2, 2), dtype=np.int64))


def test_flags_take_only_real_bools():
    for bad in ("no", 1, None, 0.0):
        with pytest.raises(TypeError, match="must be True or False"):
            _check.as_flag(bad, "flag")
    assert _check.as_flag(np.False_, "flag") is False
    with pytest.raises(TypeError, match="diagonals must be True or False"):
        magiclib.magic_space_basis(3, "yes")
    with pytest.raises(TypeError, match="up_to_symmetry must be True or False"):
        magiclib.count_magic_squares(3, "no")


def test_rule_in_words_checks_once_and_its_loop_helper_agrees():
    steps = magiclib.siamese_steps(7)
    assert [walk._rule_in_words(s, 7) for s in steps] == [magiclib.rule_in_words(s, 7) for s in steps]
    with pytest.raises(TypeError, match="step must be a Step"):
        magiclib.rule_in_words((1, 2, 3), 3)
    with pytest.raises(ValueError, match="step.number must be between 1 and"):
        magiclib.rule_in_words(steps[30], 3)


def test_summand_squares_checks_its_arguments_at_the_call():
    with pytest.raises(TypeError):
        magiclib.summand_squares(None)  # not only on the first next()
    with pytest.raises(ValueError, match="must be 3 distinct numbers"):
        magiclib.summand_squares(3, first_row=(1, 2, 3))


# ---------------------------------------------------------------- one home per idea


def test_dead_code_is_gone():
    assert not hasattr(order5, "_PAIR_COLUMNS")
    assert not hasattr(order5, "_reverse_table")
    assert not hasattr(allsquares, "ORDER5_COUNT")  # order5.TOTAL_5X5 is the one home
    assert order5.TOTAL_5X5 // 8 == 275_305_224


def test_magic_series_have_one_home():
    assert order5._series5() is allsquares._series(5)
    assert magiclib.magic_series(4) == list(allsquares._series(4))


def test_star_import_shadows_no_builtin():
    shadowed = sorted(set(magiclib.__all__) & set(dir(builtins)))
    assert shadowed == []
    namespace: dict = {}
    exec("from magiclib import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(magiclib.__all__)


# ---------------------------------------------------------------- the limits


def test_limits_stay_above_what_the_notebooks_use():
    assert construct.MAX_ORDER >= 4001  # notebook 05: magic(4001)
    assert walk.MAX_ORDER >= 99 and walk.MAX_WALK_ORDER >= 99  # notebook 01: n up to 99
    assert construct.MAX_LOOPS_ORDER >= 60
    assert matrices.MAX_CONDITIONS_ORDER >= 30 and matrices.MAX_RANK_ORDER >= 24
    assert hexagon.MAX_TRIES >= math.perm(15, 3)  # notebook 04: 4 free values fixed
    assert nqueens.MAX_LISTED >= 12


@pytest.mark.parametrize(
    "func, limit",
    [
        (magiclib.siamese, "MAX_ORDER"),
        (magiclib.siamese_walk, "MAX_WALK_ORDER"),
        (magiclib.siamese_steps, "MAX_WALK_ORDER"),
        (magiclib.magic, "MAX_ORDER"),
        (magiclib.magic_by_loops, "MAX_LOOPS_ORDER"),
        (magiclib.line_conditions, "MAX_CONDITIONS_ORDER"),
        (magiclib.magic_space_basis, "MAX_BASIS_ORDER"),
        (magiclib.exact_rank, "MAX_RANK_ORDER"),
        (magiclib.coordinates, "MAX_COORDINATES_ORDER"),
        (hexagon.brute_force, "MAX_TRIES"),
    ],
)
def test_each_limit_is_documented_in_its_function(func, limit):
    module = sys.modules[func.__module__]
    assert limit in func.__doc__
    assert f"{getattr(module, limit):,}".replace(",", "") in func.__doc__.replace(",", "")
