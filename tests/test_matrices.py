"""Magic squares as matrices: line conditions, space dimensions, basis, rank, eigenvalues."""

from __future__ import annotations

import numpy as np
import pytest
import sympy
from hypothesis import given, settings
from hypothesis import strategies as st

from magiclib import famous, is_magic, standard_form
from magiclib.construct import magic
from magiclib.matrices import (
    coordinates,
    exact_rank,
    line_conditions,
    magic_rank_rule,
    magic_space_basis,
    magic_space_dimension,
    semi_magic_space_dimension,
)

LO_SHU = standard_form(famous.LO_SHU).tolist()  # Frénicle's form of the Lo Shu
DURER = [list(row) for row in famous.DURER]


def satisfies(square, diagonals=True) -> bool:
    """True when the square (read row by row) solves line_conditions exactly."""
    m = sympy.Matrix(square)
    x = m.reshape(m.rows * m.cols, 1)
    return (line_conditions(m.rows, diagonals) * x).is_zero_matrix


# ---------------------------------------------------------------- the conditions


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_condition_matrix_shape(n):
    assert line_conditions(n).shape == (2 * n + 1, n * n)
    assert line_conditions(n, diagonals=False).shape == (2 * n - 1, n * n)


@pytest.mark.parametrize("n", [1, 3, 4, 5, 6, 7, 8])
def test_magic_squares_solve_the_conditions(n):
    assert satisfies(magic(n).tolist())


def test_non_magic_squares_do_not():
    assert not satisfies([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
    # Semi-magic but not magic: a Latin square with bad diagonals.
    latin = [[1, 2, 3], [2, 3, 1], [3, 1, 2]]
    assert satisfies(latin, diagonals=False) and not satisfies(latin)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=16, max_size=16))
def test_conditions_agree_with_direct_line_sums(entries):
    a = np.array(entries, dtype=np.int64).reshape(4, 4)
    sums = set(a.sum(axis=0)) | set(a.sum(axis=1)) | {np.trace(a), np.trace(a[:, ::-1])}
    assert satisfies(a.tolist()) == (len(sums) == 1)


# ---------------------------------------------------------------- dimensions


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_magic_space_has_dimension_n2_minus_2n(n):
    assert magic_space_dimension(n) == n * n - 2 * n


def test_small_orders_are_the_exceptions():
    # n = 1: any 1x1 matrix; n = 2: only constant matrices (a + b = a + c = a + d ...).
    assert magic_space_dimension(1) == 1
    assert magic_space_dimension(2) == 1


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_semi_magic_space_has_dimension_n_minus_1_squared_plus_1(n):
    assert semi_magic_space_dimension(n) == (n - 1) ** 2 + 1


# ---------------------------------------------------------------- basis and coordinates


@pytest.mark.parametrize("n, diagonals", [(3, True), (4, True), (5, True), (3, False), (4, False)])
def test_basis_is_a_basis_of_the_space(n, diagonals):
    basis = magic_space_basis(n, diagonals)
    expected = magic_space_dimension(n) if diagonals else semi_magic_space_dimension(n)
    assert len(basis) == expected
    assert all(satisfies(b.tolist(), diagonals) for b in basis)
    stacked = sympy.Matrix.hstack(*[b.reshape(n * n, 1) for b in basis])
    assert stacked.rank() == len(basis)


def test_lo_shu_in_sympys_basis_is_its_bottom_row():
    basis = magic_space_basis(3)
    c = coordinates(LO_SHU, basis)
    assert c == [4, 3, 8]
    assert sum((ck * b for ck, b in zip(c, basis, strict=False)), sympy.zeros(3, 3)) == sympy.Matrix(LO_SHU)


def test_every_3x3_magic_matrix_is_fixed_by_its_bottom_row():
    basis = magic_space_basis(3)
    for b in basis:
        assert sorted(b.row(2)) == [0, 0, 1]
    for square in (magic(3), np.rot90(magic(3)), np.array(LO_SHU)[::-1]):
        assert coordinates(square, basis) == square[2].tolist()


def test_lo_shu_in_an_integer_basis():
    ones = sympy.ones(3, 3)
    b1 = sympy.Matrix([[1, -1, 0], [-1, 0, 1], [0, 1, -1]])
    b2 = sympy.Matrix([[0, 1, -1], [-1, 0, 1], [1, -1, 0]])
    assert coordinates(LO_SHU, [ones, b1, b2]) == [5, -3, -1]


def test_coordinates_refuse_what_they_cannot_do():
    basis = magic_space_basis(3)
    with pytest.raises(ValueError, match="outside their span"):
        coordinates([[1, 2, 3], [4, 5, 6], [7, 8, 9]], basis)
    with pytest.raises(ValueError, match="same size"):
        coordinates(magic(4), basis)
    with pytest.raises(ValueError, match="linearly dependent"):
        coordinates(LO_SHU, basis + [basis[0]])
    with pytest.raises(ValueError, match="empty"):
        coordinates(LO_SHU, [])
    with pytest.raises(TypeError, match="integers"):
        coordinates([[1.5, 2], [3, 4]], basis)


# ---------------------------------------------------------------- rank


def test_rank_pattern_of_magic_up_to_24():
    for n in range(3, 25):
        assert np.linalg.matrix_rank(magic(n)) == magic_rank_rule(n), n


@pytest.mark.parametrize("n", [3, 4, 5, 6, 8, 10, 12])
def test_exact_rank_agrees(n):
    assert exact_rank(magic(n)) == magic_rank_rule(n)


def test_rank_rule_values():
    assert [magic_rank_rule(n) for n in range(3, 13)] == [3, 3, 5, 5, 7, 3, 9, 7, 11, 3]
    assert magic_rank_rule(1) == 1
    with pytest.raises(ValueError, match="order 2"):
        magic_rank_rule(2)


def test_durer_is_singular_with_rank_3():
    m = sympy.Matrix(DURER)
    assert is_magic(DURER)
    assert m.det() == 0
    assert exact_rank(DURER) == 3


def test_exact_rank_of_full_and_zero_rank():
    assert exact_rank(np.eye(5, dtype=np.int64)) == 5
    assert exact_rank([[0, 0], [0, 0]]) == 0


# ---------------------------------------------------------------- eigenvalues


@pytest.mark.parametrize("n", [3, 4, 5, 6, 8])
def test_magic_sum_is_an_eigenvalue_with_the_ones_vector(n):
    m = sympy.Matrix(magic(n).tolist())
    ones = sympy.ones(n, 1)
    mu = n * (n * n + 1) // 2
    assert m * ones == mu * ones
    assert m.T * ones == mu * ones


def test_exact_eigenvalues_of_magic_3_and_4():
    r6, r5 = sympy.sqrt(6), sympy.sqrt(5)
    assert sympy.Matrix(magic(3).tolist()).eigenvals() == {15: 1, 2 * r6: 1, -2 * r6: 1}
    assert sympy.Matrix(magic(4).tolist()).eigenvals() == {34: 1, 4 * r5: 1, -4 * r5: 1, 0: 1}


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "fn", [line_conditions, magic_space_dimension, semi_magic_space_dimension, magic_space_basis]
)
def test_bad_orders(fn):
    with pytest.raises(ValueError, match="at least 1|between 1 and"):
        fn(0)
    with pytest.raises(TypeError, match="positive integer"):
        fn(3.0)


def test_diagonals_flag_must_be_a_bool():
    with pytest.raises(TypeError, match="diagonals must be True"):
        line_conditions(3, diagonals="yes")


def test_exact_rank_refuses_non_squares():
    with pytest.raises(ValueError, match="square"):
        exact_rank([[1, 2, 3], [4, 5, 6]])
