"""The space of magic matrices from outside: projection (nearest_magic, magic_projection)
and Birkhoff decompositions into permutation matrices (birkhoff, reduce_birkhoff)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from magiclib import is_magic
from magiclib.construct import magic
from magiclib.matrices import (
    MAX_BIRKHOFF,
    MAX_NEAREST_EXACT,
    MAX_NEAREST_FLOAT,
    MAX_PROJECTION,
    birkhoff,
    birkhoff_bound,
    magic_projection,
    magic_space_basis,
    magic_space_dimension,
    nearest_magic,
    permutation_matrix,
    reduce_birkhoff,
)


def inner(a, b) -> sympy.Rational:
    """Frobenius inner product, exact."""
    return sum((x * y for x, y in zip(sympy.Matrix(a), sympy.Matrix(b), strict=False)), sympy.Integer(0))


def is_magic_matrix(m: sympy.Matrix) -> bool:
    """All rows, columns and both diagonals of m have one sum (any sum, any entries)."""
    n = m.rows
    sums = {sum(m.row(r)) for r in range(n)} | {sum(m.col(c)) for c in range(n)}
    sums |= {m.trace(), sum(m[i, n - 1 - i] for i in range(n))}
    return len(sums) == 1


def rebuild(terms, n):
    total = np.zeros((n, n), dtype=object)
    for w, p in terms:
        total = total + w * permutation_matrix(p).astype(object)
    return total


def check_terms(terms, m):
    n = len(m)
    assert len(terms) <= birkhoff_bound(n)
    for w, p in terms:
        assert isinstance(w, (int, Fraction)) and not isinstance(w, bool) and w > 0
        assert sorted(p) == list(range(n)) and all(isinstance(c, int) for c in p)
    assert (rebuild(terms, n) == np.array(m, dtype=object)).all()


def random_combination(n: int, rng, low=-9, high=9) -> sympy.Matrix:
    basis = magic_space_basis(n)
    return sum(
        (int(c) * b for c, b in zip(rng.integers(low, high + 1, len(basis)), basis, strict=False)),
        sympy.zeros(n, n),
    )


# ---------------------------------------------------------------- nearest_magic: a projection


@pytest.mark.parametrize("n", [1, 3, 4, 5, 6, 7, 8, 12])
def test_magic_squares_are_their_own_nearest(n):
    assert nearest_magic(magic(n)) == sympy.Matrix(magic(n).tolist())


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_random_magic_matrices_are_fixed(n):
    rng = np.random.default_rng(n)
    for _ in range(5):
        m = random_combination(n, rng)
        assert is_magic_matrix(m)
        assert nearest_magic(m) == m


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6, 7])
def test_idempotent_and_residual_orthogonal_to_every_basis_matrix(n):
    rng = np.random.default_rng(100 + n)
    m = rng.integers(-20, 21, (n, n))
    p = nearest_magic(m)
    assert is_magic_matrix(p)
    assert nearest_magic(p) == p
    residual = sympy.Matrix(m.tolist()) - p
    assert all(inner(residual, b) == 0 for b in magic_space_basis(n))
    # Pythagoras, exactly
    assert inner(m, m) == inner(p, p) + inner(residual, residual)


def test_least_squares_agrees_with_normal_equations():
    """The readable route: solve the normal equations in a basis; same answer."""
    for n in (3, 4, 5):
        basis = magic_space_basis(n)
        b = sympy.Matrix.hstack(*[v.reshape(n * n, 1) for v in basis])
        m = sympy.Matrix(n, n, lambda i, j: (7 * i + 3 * j * j + i * j) % 11)
        coeffs = (b.T * b).solve(b.T * m.reshape(n * n, 1))
        assert (b * coeffs).reshape(n, n) == nearest_magic(m)


def test_exact_outputs_are_sympy_rationals():
    p = nearest_magic([[1, 0, 0], [0, 0, 0], [0, 0, 0]])
    assert isinstance(p, sympy.MatrixBase) and all(x.is_Rational for x in p)
    assert p[0, 0] == sympy.Rational(5, 18)
    fr = nearest_magic(np.array([[Fraction(1, 2), 0, 0], [0, 0, 0], [0, 0, 0]], dtype=object))
    assert fr == p / 2
    assert nearest_magic(sympy.Matrix([[1, 0, 0], [0, 0, 0], [0, 0, 0]])) == p


@pytest.mark.parametrize("n", [3, 4, 5, 10])
def test_float_path_agrees_with_exact_path(n):
    rng = np.random.default_rng(7 * n)
    m = rng.integers(-50, 51, (n, n))
    exact = np.array(nearest_magic(m).tolist(), dtype=float)
    floats = nearest_magic(m.astype(float))
    assert isinstance(floats, np.ndarray) and floats.dtype == np.float64
    assert np.allclose(exact, floats, atol=1e-9)
    mixed = nearest_magic(
        [[float(x) if (i + j) % 2 else int(x) for j, x in enumerate(row)] for i, row in enumerate(m.tolist())]
    )
    assert np.allclose(mixed, floats)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_projection_matrix_is_symmetric_idempotent_of_the_right_rank(n):
    p = magic_projection(n)
    assert p == p.T and p * p == p
    assert p.rank() == magic_space_dimension(n)
    m = sympy.Matrix(n, n, lambda i, j: (i + 1) * (j + 2) % 5 - i)
    assert (p * m.reshape(n * n, 1)).reshape(n, n) == nearest_magic(m)


def test_order_one_and_two():
    assert nearest_magic([[7]]) == sympy.Matrix([[7]])
    assert nearest_magic([[1, 2], [3, 4]]) == sympy.Matrix([[sympy.Rational(5, 2)] * 2] * 2)


@settings(max_examples=40, deadline=None)
@given(
    st.integers(3, 6).flatmap(
        lambda n: st.lists(st.integers(-(10**6), 10**6), min_size=n * n, max_size=n * n).map(lambda v: (n, v))
    )
)
def test_property_projection(data):
    n, values = data
    m = sympy.Matrix(n, n, values)
    p = nearest_magic(m)
    assert is_magic_matrix(p)
    assert nearest_magic(p) == p
    r = m - p
    assert all(inner(r, b) == 0 for b in magic_space_basis(n)[:3])
    # the residual is orthogonal to the all-ones matrix too: its entries add up to 0
    assert sum(r) == 0


@settings(max_examples=30, deadline=None)
@given(
    st.integers(3, 8).flatmap(
        lambda n: st.lists(st.floats(-1e6, 1e6), min_size=n * n, max_size=n * n).map(lambda v: (n, v))
    )
)
def test_property_float_projection(data):
    n, values = data
    m = np.array(values, dtype=float).reshape(n, n)
    p = nearest_magic(m)
    sums = np.concatenate([p.sum(axis=0), p.sum(axis=1), [np.trace(p), np.trace(p[:, ::-1])]])
    scale = 1 + np.abs(m).max() * n
    assert np.ptp(sums) <= 1e-9 * scale
    assert np.allclose(nearest_magic(p), p, atol=1e-9 * scale)


# ---------------------------------------------------------------- nearest_magic: refusals


@pytest.mark.parametrize(
    "bad, error, words",
    [
        ([[1, 2], [3]], ValueError, "ragged"),
        ([[1, 2, 3], [4, 5, 6]], ValueError, "square"),
        (np.zeros((2, 3)), ValueError, "square"),
        (np.zeros((2, 2, 2)), ValueError, "2-D"),
        ([], ValueError, "empty"),
        ([[1.0, float("nan")], [0, 0]], ValueError, "NaN"),
        (np.array([[1.0, np.inf], [0, 0]]), ValueError, "infinite"),
        (np.ma.masked_array([[1, 2], [3, 4]], mask=[[0, 1], [0, 0]]), TypeError, "masked"),
        ([[True, False], [False, True]], TypeError, "boolean"),
        (np.eye(2, dtype=bool), TypeError, "boolean"),
        ([["1", "2"], ["3", "4"]], TypeError, "integers"),
        ("1234", TypeError, "square matrix"),
        (np.array([[1j, 0], [0, 0]]), TypeError, "dtype complex"),
        (sympy.Matrix([[sympy.Symbol("x"), 0], [0, 0]]), TypeError, "Rational"),
        (np.zeros((MAX_NEAREST_EXACT + 1,) * 2, dtype=np.int64), ValueError, f"up to {MAX_NEAREST_EXACT}"),
        ([[0] * 101] * 101, ValueError, f"up to {MAX_NEAREST_EXACT}"),
    ],
)
def test_nearest_magic_refuses(bad, error, words):
    with pytest.raises(error, match=words):
        nearest_magic(bad)


def test_float_limit_is_checked_before_converting():
    class Huge(list):
        """A list that claims to be enormous; its rows are never read."""

        def __len__(self):
            return MAX_NEAREST_FLOAT + 1

    with pytest.raises(ValueError, match=f"up to {MAX_NEAREST_FLOAT}"):
        nearest_magic(Huge())
    with pytest.raises(ValueError, match=f"between 1 and {MAX_PROJECTION}"):
        magic_projection(MAX_PROJECTION + 1)


# ---------------------------------------------------------------- birkhoff


@pytest.mark.parametrize("n", range(3, 13))
def test_birkhoff_rebuilds_magic_n_exactly_within_the_bound(n):
    check_terms(birkhoff(magic(n)), magic(n).tolist())


def test_birkhoff_of_lo_shu_and_of_permutation_matrices():
    lo_shu = [[4, 9, 2], [3, 5, 7], [8, 1, 6]]
    check_terms(birkhoff(lo_shu), lo_shu)
    for p in itertools.permutations(range(4)):
        assert birkhoff(permutation_matrix(p)) == [(1, p)]
    assert birkhoff([[0, 0], [0, 0]]) == []


def test_birkhoff_with_fractions_and_doubly_stochastic():
    m = magic(5).astype(object) * Fraction(1, 65)  # doubly stochastic
    terms = birkhoff(m)
    check_terms(terms, m.tolist())
    assert sum(w for w, _ in terms) == 1
    assert any(isinstance(w, Fraction) for w, _ in terms)


@pytest.mark.parametrize("n", [3, 4, 5, 6, 8, 10])
def test_birkhoff_of_random_weighted_permutation_sums(n):
    rng = np.random.default_rng(n)
    for _ in range(3):
        terms = [
            (int(rng.integers(1, 30)), tuple(int(c) for c in rng.permutation(n)))
            for _ in range(int(rng.integers(1, 3 * n)))
        ]
        m = rebuild(terms, n).tolist()
        check_terms(birkhoff(m), m)


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_reduce_birkhoff_gives_independent_terms_with_the_same_sum(n):
    rng = np.random.default_rng(40 + n)
    many = [
        (int(rng.integers(1, 10)), tuple(int(c) for c in rng.permutation(n)))
        for _ in range(birkhoff_bound(n) + 15)
    ]
    target = rebuild(many, n)
    short = reduce_birkhoff(many)
    check_terms(short, target.tolist())
    vectors = sympy.Matrix([permutation_matrix(p).ravel().tolist() for _, p in short])
    assert vectors.rank() == len(short)  # linearly independent


def test_reduce_birkhoff_of_all_six_3x3_permutations():
    six = [(1, p) for p in itertools.permutations(range(3))]
    short = reduce_birkhoff(six)
    check_terms(short, [[2, 2, 2]] * 3)
    assert len(short) <= 5


@settings(max_examples=40, deadline=None)
@given(
    st.integers(2, 7).flatmap(
        lambda n: st.lists(
            st.tuples(st.integers(1, 50), st.permutations(list(range(n))).map(tuple)),
            min_size=1,
            max_size=3 * n * n,
        )
    )
)
def test_property_birkhoff(terms):
    n = len(terms[0][1])
    m = rebuild(terms, n).tolist()
    check_terms(birkhoff(m), m)
    check_terms(reduce_birkhoff(terms), m)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(3, 6).flatmap(
        lambda n: st.lists(st.integers(0, 20), min_size=n * n, max_size=n * n).map(lambda v: (n, v))
    )
)
def test_property_birkhoff_refuses_or_rebuilds(data):
    n, values = data
    m = np.array(values).reshape(n, n)
    sums = set(m.sum(axis=0).tolist()) | set(m.sum(axis=1).tolist())
    if len(sums) == 1:
        check_terms(birkhoff(m), m.tolist())
    else:
        with pytest.raises(ValueError, match="sums to"):
            birkhoff(m)


@pytest.mark.parametrize(
    "bad, error, words",
    [
        ([[2, -1], [-1, 2]], ValueError, "negative entry -1 in row 0, column 1"),
        ([[1, 2], [2, 2]], ValueError, "row 1 of m sums to 4 but row 0 sums to 3"),
        ([[1, 2, 0], [2, 0, 1], [1, 0, 2]], ValueError, "column 0 of m sums to 4"),
        ([[1.0, 0.0], [0.0, 1.0]], TypeError, "Fraction"),
        (np.eye(3), TypeError, "dtype float64"),
        ([[True, False], [False, True]], TypeError, "boolean"),
        ([[1, 2], [3]], ValueError, "ragged"),
        ([[1, 2, 3]], ValueError, "square"),
        (np.ones((MAX_BIRKHOFF + 1,) * 2, dtype=np.int64), ValueError, f"up to {MAX_BIRKHOFF}"),
        (None, TypeError, "square matrix"),
    ],
)
def test_birkhoff_refuses(bad, error, words):
    with pytest.raises(error, match=words):
        birkhoff(bad)


@pytest.mark.parametrize(
    "bad, error, words",
    [
        ([(0, (0, 1))], ValueError, "positive"),
        ([(1, (0, 0))], ValueError, "not a permutation"),
        ([(1, (0, 1)), (1, (0, 1, 2))], ValueError, "same order"),
        ([(1.5, (0, 1))], TypeError, "weight"),
        ([(1, 2, 3)], TypeError, "pair"),
        ("terms", TypeError, "pairs"),
    ],
)
def test_reduce_birkhoff_refuses(bad, error, words):
    with pytest.raises(error, match=words):
        reduce_birkhoff(bad)


def test_magic_sum_is_the_total_weight():
    for n in (3, 4, 5, 6):
        terms = birkhoff(magic(n))
        assert sum(w for w, _ in terms) == n * (n * n + 1) // 2
        assert is_magic(magic(n))


@pytest.mark.parametrize("n", [1, 4, 5, 6, 7])
def test_queens_permutations_are_the_n_queens_solutions(n):
    from magiclib.matrices import is_queens_permutation
    from magiclib.nqueens import queens

    found = [p for p in itertools.permutations(range(n)) if is_queens_permutation(p)]
    assert found == sorted(queens(n))
    with pytest.raises(ValueError, match="not a permutation"):
        is_queens_permutation((0, 0))
