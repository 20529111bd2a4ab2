"""Magic squares as matrices: exact linear algebra with sympy.

An n x n matrix is *magic* (in the linear-algebra sense) when its n rows, n
columns and two main diagonals all have one common sum, whatever its entries
(negative, fractional, repeated). Sums and scalar multiples of such matrices
are again such matrices, so they form a vector space; the *semi-magic* ones
(rows and columns only) form a bigger one. The conditions "every line has the
sum of row 0" are linear in the n² entries, and this module writes them as a
sympy matrix, computes the dimensions exactly (n² - 2n for magic, n ≥ 3, and
(n-1)² + 1 for semi-magic) and gives a basis.

It also holds the rank pattern of MATLAB's ``magic(n)`` that Cleve Moler
observed: n for odd n, 3 when 4 divides n, n/2 + 2 otherwise.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import sympy
from sympy import QQ, ZZ
from sympy.polys.matrices import DomainMatrix

from ._check import as_flag, as_order, as_square
from ._types import SquareLike
from .construct import _order

__all__ = [
    "line_conditions",
    "magic_space_dimension",
    "semi_magic_space_dimension",
    "magic_space_basis",
    "coordinates",
    "exact_rank",
    "magic_rank_rule",
    "MAX_CONDITIONS_ORDER",
    "MAX_BASIS_ORDER",
    "MAX_RANK_ORDER",
    "MAX_COORDINATES_ORDER",
]

#: Largest n of ``line_conditions``: a (2n+1) x n² sympy matrix (81 x 1600, about 0.3 s, at n = 40).
MAX_CONDITIONS_ORDER = 40

#: Largest n of ``magic_space_basis``: sympy's exact null space (about 0.7 s at n = 30).
MAX_BASIS_ORDER = 30

#: Largest n of ``exact_rank``: exact elimination over the rationals (under a second at n = 64,
#: even with entries near 2**63).
MAX_RANK_ORDER = 64

#: Largest n of ``coordinates``: exact solve of an n² x k system (k basis matrices, k <= n²).
MAX_COORDINATES_ORDER = 12


def _lines(n: int, diagonals: bool) -> list[list[int]]:
    """Each line as the list of flat indices r*n + c of its cells: rows, columns, diagonals."""
    lines = [[r * n + c for c in range(n)] for r in range(n)]
    lines += [[r * n + c for r in range(n)] for c in range(n)]
    if diagonals:
        lines += [[i * n + i for i in range(n)], [i * n + (n - 1 - i) for i in range(n)]]
    return lines


def line_conditions(n: int, diagonals: bool = True) -> sympy.Matrix:
    """The linear conditions "every line sums like row 0" as a sympy matrix C, C·x = 0.

    ``x`` is the matrix read row by row (x[r*n + c] is the entry in row r,
    column c). There is one row of C per line other than row 0: its indicator
    minus row 0's indicator. Lines are the n rows, the n columns and, when
    ``diagonals`` is True, the main diagonal and the anti-diagonal, so C has
    2n + 1 rows (2n - 1 without diagonals) and n² columns. Orders up to
    ``MAX_CONDITIONS_ORDER`` (40).

    >>> line_conditions(3).shape
    (7, 9)
    >>> line_conditions(3).row(0).tolist()   # row 1 minus row 0
    [[-1, -1, -1, 1, 1, 1, 0, 0, 0]]
    """
    n = as_order(
        n, maximum=MAX_CONDITIONS_ORDER, why="the matrix has (2n+1)·n² entries and sympy builds it one by one"
    )
    return _line_conditions(n, as_flag(diagonals, "diagonals"))


def _line_conditions(n: int, diagonals: bool) -> sympy.Matrix:
    """``line_conditions`` for checked arguments."""
    lines = _lines(n, diagonals)
    first = set(lines[0])
    rows = []
    for line in lines[1:]:
        cells = set(line)
        rows.append([int(k in cells) - int(k in first) for k in range(n * n)])
    return sympy.Matrix(len(rows), n * n, lambda i, j: rows[i][j])


def _dimension_by_rank(n: int, diagonals: bool) -> int:
    """n² - rank(line_conditions(n)): the computation the formulas below stand for
    (the tests check that they agree for small n)."""
    return n * n - _line_conditions(n, diagonals).rank()


def magic_space_dimension(n: int) -> int:
    """Dimension of the space of real n x n matrices whose rows, columns and both
    diagonals share one sum: n² - 2n for n >= 3, 1 for n = 1 and n = 2.

    This equals n² - rank(line_conditions(n)) (the 2n + 1 conditions have rank
    2n for n >= 3, the tests check it); as a formula it is exact for any n and
    allocates nothing, so there is no upper limit.

    >>> [magic_space_dimension(n) for n in (1, 2, 3, 4)]
    [1, 1, 3, 8]
    >>> magic_space_dimension(10**6)
    999998000000
    """
    n = as_order(n)
    return 1 if n <= 2 else n * n - 2 * n


def semi_magic_space_dimension(n: int) -> int:
    """Dimension of the space of real n x n matrices whose rows and columns share
    one sum (diagonals free): (n-1)² + 1, equal to n² - rank(line_conditions(n, False)).

    >>> [semi_magic_space_dimension(n) for n in (1, 2, 3, 4)]
    [1, 2, 5, 10]
    """
    n = as_order(n)
    return (n - 1) ** 2 + 1


def magic_space_basis(n: int, diagonals: bool = True) -> list[sympy.Matrix]:
    """A basis of the magic (or, with ``diagonals=False``, semi-magic) n x n
    matrices: sympy's null space of ``line_conditions``, each vector as an n x n matrix.

    Each basis matrix has a 1 at one "free" cell where all the others have 0,
    so the coordinates of a magic matrix are its entries in the free cells
    (for n = 3 these are the bottom row). Orders up to ``MAX_BASIS_ORDER`` (30).

    >>> magic_space_basis(3)[0].tolist()
    [[2/3, 2/3, -1/3], [-2/3, 1/3, 4/3], [1, 0, 0]]
    """
    n = as_order(n, maximum=MAX_BASIS_ORDER, why="sympy's exact null space of n² unknowns grows fast")
    return [v.reshape(n, n) for v in _line_conditions(n, as_flag(diagonals, "diagonals")).nullspace()]


def _as_sympy_square(m: Any, name: str) -> sympy.Matrix:
    if isinstance(m, sympy.MatrixBase):
        if m.rows != m.cols or m.rows == 0:
            raise ValueError(f"{name} must be square (n x n, n >= 1), got shape {m.rows} x {m.cols}")
        if m.rows > MAX_COORDINATES_ORDER:
            raise ValueError(
                f"{name} must be at most {MAX_COORDINATES_ORDER} x {MAX_COORDINATES_ORDER}, "
                f"got {m.rows} x {m.cols}"
            )
        if not all(x.is_Rational for x in m):
            raise TypeError(f"{name} must hold exact rational numbers only (no floats or symbols)")
        return sympy.Matrix(m)
    a = as_square(m, name=name)
    as_order(
        a.shape[0],
        name=f"the order of {name}",
        maximum=MAX_COORDINATES_ORDER,
        why="an exact solve with n² equations",
    )
    return sympy.Matrix(a.tolist())


def coordinates(square: SquareLike | sympy.MatrixBase, basis: list[Any]) -> list[sympy.Rational]:
    """The exact coefficients c with square = sum(c[k] * basis[k]), or a ValueError
    when ``square`` is not in the span of ``basis``.

    ``square`` and the basis matrices may be integer squares or sympy matrices
    (of rational numbers) of one common size n, n up to ``MAX_COORDINATES_ORDER`` (12),
    and at most n² of them.

    >>> coordinates([[2, 7, 6], [9, 5, 1], [4, 3, 8]], magic_space_basis(3))
    [4, 3, 8]
    """
    target = _as_sympy_square(square, "square")
    if isinstance(basis, (str, bytes, np.ndarray, sympy.MatrixBase)) or not hasattr(basis, "__len__"):
        raise TypeError(f"basis must be a list of n x n matrices, got {type(basis).__name__}")
    if len(basis) == 0:
        raise ValueError("basis is empty: give at least one n x n matrix")
    if len(basis) > target.rows * target.cols:
        raise ValueError(
            f"basis must hold at most n² = {target.rows * target.cols} matrices "
            f"(more cannot be independent), got {len(basis)}"
        )
    mats = [_as_sympy_square(b, f"basis[{k}]") for k, b in enumerate(basis)]
    for k, b in enumerate(mats):
        if b.shape != target.shape:
            raise ValueError(
                f"basis[{k}] is {b.rows} x {b.cols} but square is "
                f"{target.rows} x {target.cols}: they must be the same size"
            )
    columns = sympy.Matrix.hstack(*[b.reshape(b.rows * b.cols, 1) for b in mats])
    rhs = target.reshape(target.rows * target.cols, 1)
    try:
        solution, params = columns.gauss_jordan_solve(rhs)
    except ValueError as exc:
        raise ValueError(
            "square is not a combination of the basis matrices (it lies outside their span)"
        ) from exc
    if params.shape[0]:
        raise ValueError("the basis matrices are linearly dependent: coordinates are not unique")
    return list(solution)


def exact_rank(square: SquareLike) -> int:
    """The rank of an integer square, computed exactly (sympy, no rounding).

    Gaussian elimination over the rationals (sympy's ``DomainMatrix``), for
    squares up to ``MAX_RANK_ORDER`` x ``MAX_RANK_ORDER`` (64).

    >>> exact_rank([[16, 2, 3, 13], [5, 11, 10, 8], [9, 7, 6, 12], [4, 14, 15, 1]])
    3
    """
    a = as_square(square)
    n = as_order(
        a.shape[0],
        name="the order of square",
        maximum=MAX_RANK_ORDER,
        why="exact elimination with growing fractions",
    )
    m = DomainMatrix([[ZZ(int(x)) for x in row] for row in a.tolist()], (n, n), ZZ)
    return int(m.convert_to(QQ).rank())


def magic_rank_rule(n: int) -> int:
    """Moler's observed rank of MATLAB's ``magic(n)``: n for odd n, 3 when 4
    divides n, n/2 + 2 for the other even n (n = 2 is refused like ``magic(2)``).

    >>> [magic_rank_rule(n) for n in (3, 4, 5, 6, 8, 10)]
    [3, 3, 5, 5, 3, 7]
    """
    n = _order(n)
    if n % 2:
        return n
    return 3 if n % 4 == 0 else n // 2 + 2
