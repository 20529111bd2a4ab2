"""The order-3 magic hexagon: geometry, the linear system A x = total, the search."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from magiclib import hexagon

# The article's data (its MATLAB index lists lost their spaces in the copy; restored here).
ARTICLE_LINES = [
    (1, 2, 3),
    (4, 5, 6, 7),
    (8, 9, 10, 11, 12),
    (13, 14, 15, 16),
    (17, 18, 19),
    (1, 4, 8),
    (2, 5, 9, 13),
    (3, 6, 10, 14, 17),
    (7, 11, 15, 18),
    (12, 16, 19),
    (8, 13, 17),
    (4, 9, 14, 18),
    (1, 5, 10, 15, 19),
    (2, 6, 11, 16),
    (3, 7, 12),
]
ARTICLE_B = [
    [-1, -1, -1, -2, -1, -1, -1],
    [1, 0, 1, 1, 0, 0, 0],
    [0, 1, 0, 1, 1, 1, 1],
    [1, 1, 0, 1, 0, 0, 0],
    [0, 1, 1, 1, 1, 1, 0],
    [-1, -1, -1, -1, -1, 0, 0],
    [0, -1, 0, -1, 0, -1, 0],
    [0, 0, 1, 1, 1, 1, 1],
    [-1, -1, -1, -1, 0, -1, 0],
    [1, 0, 0, 0, 0, 0, 0],
    [0, 1, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, -1, 0, -1],
    [0, 0, -1, -1, -1, 0, 0],
    [0, 0, 1, 0, 0, 0, 0],
    [0, 0, 0, 1, 0, 0, 0],
    [0, 0, 0, 0, 1, 0, 0],
    [0, 0, 0, 0, 0, -1, -1],
    [0, 0, 0, 0, 0, 1, 0],
    [0, 0, 0, 0, 0, 0, 1],
]
ARTICLE_B38 = (76, 0, -38, 0, -38, 38, 38, -38, 38, 0, 0, 38, 38, 0, 0, 0, 38, 0, 0)
ARTICLE_CHECKS = [(1, 2, 5, 7, 10, 3, 8), (3, 3, 7, 4, -10, -12, 21)]
FREE = (10, 11, 14, 15, 16, 18, 19)


# ------------------------------------------------------------------ geometry


def test_lines_are_the_articles_fifteen():
    assert sorted(hexagon.lines()) == sorted(ARTICLE_LINES)
    assert len(hexagon.lines()) == 15 == len(hexagon.line_names())


def test_each_direction_covers_every_cell_once():
    lns = hexagon.lines()
    for d in range(3):
        cells = sorted(k for line in lns[5 * d : 5 * d + 5] for k in line)
        assert cells == list(range(1, 20))
        assert [len(line) for line in lns[5 * d : 5 * d + 5]] == [3, 4, 5, 4, 3]


def test_rows_are_numbered_row_by_row():
    assert hexagon.lines()[:5] == (
        (1, 2, 3),
        (4, 5, 6, 7),
        (8, 9, 10, 11, 12),
        (13, 14, 15, 16),
        (17, 18, 19),
    )
    assert hexagon.ROW_LENGTHS == (3, 4, 5, 4, 3)


def test_coordinates_are_unit_spaced_along_lines():
    pos = hexagon.coordinates()
    assert len(pos) == 19 and pos[10] == (0.0, 0.0)
    for line in hexagon.lines():
        for a, b in zip(line, line[1:], strict=False):
            assert math.dist(pos[a], pos[b]) == pytest.approx(1.0)


def test_axial_coordinates_and_bad_cells():
    assert hexagon.axial(10) == (0, 0)
    with pytest.raises(ValueError, match="cell"):
        hexagon.axial(20)
    with pytest.raises(TypeError, match="cell"):
        hexagon.axial("3")


# ------------------------------------------------------------ linear algebra


def test_incidence_matrix():
    A = hexagon.incidence_matrix()
    assert A.shape == (15, 19) and A.dtype == np.int64
    assert set(np.unique(A)) == {0, 1}
    assert (A.sum(axis=0) == 3).all()  # every cell on 3 lines
    assert list(A.sum(axis=1)) == [3, 4, 5, 4, 3] * 3


def test_rank_is_12_exactly_and_numerically():
    A = hexagon.incidence_matrix()
    assert sympy.Matrix(A).rank() == 12
    assert np.linalg.matrix_rank(A) == 12
    R, pivots = hexagon.rref()
    assert len(pivots) == 12 and R[12:, :].is_zero_matrix


def test_free_and_pivot_variables():
    assert hexagon.free_variables() == FREE
    assert hexagon.pivot_variables() == (1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 17)
    assert sorted(hexagon.free_variables() + hexagon.pivot_variables()) == list(range(1, 20))


def test_rref_is_not_changed_by_callers():
    R, _ = hexagon.rref()
    R[0, 0] = 99
    assert hexagon.rref()[0][0, 0] == 1


def test_three_dependencies_span_the_left_null_space():
    A = sympy.Matrix(hexagon.incidence_matrix())
    Y = sympy.Matrix(hexagon.dependencies())
    assert Y.shape == (3, 15)
    assert (Y * A).is_zero_matrix
    assert Y.rank() == 3 == 15 - A.rank()


def test_null_space_basis():
    N = sympy.Matrix(hexagon.null_space()).T  # 19 x 7
    A = sympy.Matrix(hexagon.incidence_matrix())
    assert N.shape == (19, 7) and N.rank() == 7
    assert (A * N).is_zero_matrix
    free_rows = [k - 1 for k in FREE]
    assert N.extract(free_rows, list(range(7))) == sympy.eye(7)


def test_general_solution_matches_the_article():
    B, b = hexagon.general_solution(38)
    assert B == sympy.Matrix(ARTICLE_B)
    assert tuple(b) == ARTICLE_B38
    B0, b0 = hexagon.general_solution(0)
    assert B0 == B and b0.is_zero_matrix


@pytest.mark.parametrize("f", ARTICLE_CHECKS)
def test_summand_checks_fill_with_zero_line_sums(f):
    x = hexagon.fill(f)
    assert all(isinstance(v, int) for v in x)
    assert hexagon.line_sums(x) == (0,) * 15
    assert tuple(x[k - 1] for k in FREE) == f


def test_article_first_check_values():
    assert hexagon.fill(ARTICLE_CHECKS[0]) == (
        -43,
        13,
        30,
        10,
        27,
        -25,
        -12,
        33,
        -18,
        1,
        2,
        -18,
        -22,
        5,
        7,
        10,
        -11,
        3,
        8,
    )


def test_particular_solution_is_the_fill_with_free_cells_zero():
    assert hexagon.fill((0,) * 7, total=38) == ARTICLE_B38
    assert hexagon.line_sums(ARTICLE_B38) == (38,) * 15


def test_magic_hexagon_is_b_plus_B_f():
    f = tuple(hexagon.MAGIC_HEXAGON[k - 1] for k in FREE)
    assert hexagon.fill(f, total=38) == hexagon.MAGIC_HEXAGON


def test_fractions_stay_exact():
    x = hexagon.fill((Fraction(1, 2), 0, 0, 0, 0, 0, sympy.Rational(1, 3)), total=Fraction(1, 7))
    assert all(s == sympy.Rational(1, 7) for s in hexagon.line_sums(x))
    assert x[9] == sympy.Rational(1, 2)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-(10**6), 10**6), min_size=7, max_size=7), st.integers(-1000, 1000))
def test_any_free_values_give_equal_lines(f, total):
    x = hexagon.fill(f, total=total)
    assert hexagon.line_sums(x) == (total,) * 15
    assert tuple(x[k - 1] for k in FREE) == tuple(f)


def test_the_solution_is_unique_given_the_free_cells():
    # two fills with the same free values and total are equal: B f + b is a function
    A = hexagon.incidence_matrix()
    x = np.array(hexagon.fill((4, 8, 1, 1, 2, 6, 7), total=5), dtype=np.int64)
    assert (A @ x == 5).all()


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("f", [(1, 2, 3), tuple(range(8)), ()])
def test_wrong_number_of_free_values(f):
    with pytest.raises(ValueError, match="7 numbers, got"):
        hexagon.fill(f)


@pytest.mark.parametrize(
    "f, what",
    [
        ((1, 2, 3, 4, 5, 6, "7"), "number"),
        ((1, 2, 3, 4, 5, 6, 7.5), "exact"),
        ((1, 2, 3, 4, 5, 6, None), "number"),
        ((True, 2, 3, 4, 5, 6, 7), "number"),
    ],
)
def test_non_numbers_are_refused(f, what):
    with pytest.raises(TypeError, match=what):
        hexagon.fill(f)


@pytest.mark.parametrize("bad", ["1234567", 7, None])
def test_free_values_must_be_a_sequence(bad):
    with pytest.raises(TypeError, match="sequence"):
        hexagon.fill(bad)


def test_bad_totals_and_fills():
    with pytest.raises(TypeError, match="total"):
        hexagon.general_solution(38.0)
    with pytest.raises(TypeError, match="total"):
        hexagon.solutions("38")
    with pytest.raises(ValueError, match="19 numbers"):
        hexagon.line_sums(range(18))
    with pytest.raises(ValueError, match="one-dimensional"):
        hexagon.is_magic(np.zeros((19, 1), dtype=np.int64))
    with pytest.raises(ValueError, match="permutation"):
        hexagon.apply_symmetry(hexagon.MAGIC_HEXAGON, (1,) * 19)


# ------------------------------------------------------------------ symmetry


def test_twelve_symmetries_form_a_group():
    perms = set(hexagon.symmetries())
    assert len(perms) == 12 == len(hexagon.symmetry_names())
    assert hexagon.symmetries()[0] == tuple(range(1, 20))
    for p, q in itertools.product(perms, repeat=2):
        composed = tuple(q[p[k] - 1] for k in range(19))
        assert composed in perms


def test_symmetries_map_lines_to_lines():
    lines = {frozenset(line) for line in hexagon.lines()}
    for p in hexagon.symmetries():
        assert {frozenset(p[k - 1] for k in line) for line in lines} == lines


def test_rotation_has_order_six_and_mirrors_order_two():
    rot = hexagon.symmetries()[1]
    x = hexagon.MAGIC_HEXAGON
    images = [x]
    for _ in range(6):
        images.append(hexagon.apply_symmetry(images[-1], rot))
    assert images[6] == x and len(set(images[:6])) == 6
    for p in hexagon.symmetries()[6:]:
        assert hexagon.apply_symmetry(hexagon.apply_symmetry(x, p), p) == x


# -------------------------------------------------------------------- search


def test_twelve_solutions_one_up_to_symmetry():
    sols = hexagon.solutions(38)
    assert len(sols) == 12 and len(set(sols)) == 12
    assert all(hexagon.is_magic(s) for s in sols)
    assert {hexagon.standard_form(s) for s in sols} == {hexagon.MAGIC_HEXAGON}
    assert set(sols) == {hexagon.apply_symmetry(hexagon.MAGIC_HEXAGON, p) for p in hexagon.symmetries()}


def test_adams_hexagon():
    x = hexagon.MAGIC_HEXAGON
    assert sorted(x) == list(range(1, 20)) and x[9] == 5  # 5 in the centre
    assert hexagon.line_sums(x) == (38,) * 15


@pytest.mark.parametrize("total", [0, 37, 39, 57])
def test_no_solution_for_other_totals(total):
    # the 5 rows hold 1 + ... + 19 = 190, so only 190 / 5 = 38 can work
    assert hexagon.solutions(total) == ()


def test_brute_force_agrees_with_the_pruned_search():
    # fix the first four free values (cells 10, 11, 14, 15) of each of the 12 solutions
    # and let the article's brute force try the 15·14·13 choices of the other three
    for sol in hexagon.solutions():
        start = tuple(sol[k - 1] for k in FREE[:4])
        found, tries = hexagon.brute_force(start=start)
        assert tries == 15 * 14 * 13
        assert found == (sol,)


def test_brute_force_limit_and_count():
    assert hexagon.BRUTE_FORCE_TRIES == 19 * 18 * 17 * 16 * 15 * 14 * 13 == 253_955_520
    found, tries = hexagon.brute_force(limit=500)
    assert tries == 500 and found == ()
    with pytest.raises(ValueError, match="distinct"):
        hexagon.brute_force(start=(1, 1))
    with pytest.raises(ValueError, match="start value"):
        hexagon.brute_force(start=(20,))


# -------------------------------------------------------------- other orders


def test_magic_constant_small_orders():
    assert hexagon.magic_constant(1) == 1
    assert hexagon.magic_constant(3) == 38
    assert hexagon.magic_constant(2) == sympy.Rational(28, 3)
    assert hexagon.magic_constant(4) == sympy.Rational(703, 7)


def test_only_orders_1_and_3_have_a_whole_line_sum():
    assert [n for n in range(1, 300) if hexagon.magic_constant(n).is_integer] == [1, 3]


def test_expression_agrees_with_the_function():
    n = sympy.Symbol("n")
    expr = hexagon.magic_constant_expression()
    for k in range(1, 12):
        assert expr.subs(n, k) == hexagon.magic_constant(k)
    # 32 M = polynomial + 5 / (2n - 1): 2n - 1 must divide 5
    quotient, remainder = sympy.div(
        sympy.numer(sympy.together(32 * expr)), sympy.denom(sympy.together(32 * expr)), n
    )
    assert remainder == 5 and quotient.is_polynomial(n)


@pytest.mark.parametrize("bad, err", [(0, ValueError), (2.0, TypeError), ("3", TypeError)])
def test_magic_constant_bad_order(bad, err):
    with pytest.raises(err, match="order"):
        hexagon.magic_constant(bad)


# -------------------------------------------------------------------- widget


def test_widget_is_quiet_and_has_a_stable_repr(capsys):
    from magiclib.widgets.hexagon import hexagon_filler

    w = hexagon_filler()
    assert capsys.readouterr() == ("", "")
    assert repr(w) == "HexagonFiller(total=38, free=(1, 2, 3, 4, 5, 6, 7))"
    assert [box.description for box in w.inputs.values()] == [f"x{k}" for k in FREE]
    assert "magiclib-hexagon-verdict" in w.verdict._dom_classes
    assert "Not magic yet" in w.verdict.value and not w.is_magic()


def test_widget_follows_the_free_values():
    from magiclib.widgets.hexagon import hexagon_filler

    w = hexagon_filler()
    for k in FREE:
        w.inputs[k].value = hexagon.MAGIC_HEXAGON[k - 1]
    assert w.values == hexagon.MAGIC_HEXAGON and w.is_magic()
    assert "A magic hexagon" in w.verdict.value
    assert w.board.value.count("38 ✓") == 15 and "✗" not in w.board.value
    w.total.value = 0  # lines follow the total
    assert w.board.value.count("0 ✓") == 15 and "Not magic yet" in w.verdict.value


def test_widget_flags_bad_cells_in_text():
    from magiclib.show import hexagon_svg
    from magiclib.widgets.hexagon import hexagon_filler

    svg = hexagon_svg(hexagon.fill((1, 2, 3, 4, 5, 6, 7), 38))
    assert "not 1..19" in svg and "repeat" in svg
    w = hexagon_filler(free=ARTICLE_CHECKS[0], total=0)
    assert "outside 1..19" in w.verdict.value
    with pytest.raises(ValueError, match="7 integers"):
        hexagon_filler(free=(1, 2, 3))
    with pytest.raises(TypeError, match="integer"):
        hexagon_filler(total=Fraction(1, 2))
