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

from ._check import as_order, as_square
from .construct import _order

__all__ = [
    "line_conditions",
    "magic_space_dimension",
    "semi_magic_space_dimension",
    "magic_space_basis",
    "coordinates",
    "exact_rank",
    "magic_rank_rule",
]


def _lines(n: int, diagonals: bool) -> list[list[int]]:
    """Each line as the list of flat indices r*n + c of its cells: rows, columns, diagonals."""
    lines = [[r * n + c for c in range(n)] for r in range(n)]
    lines += [[r * n + c for r in range(n)] for c in range(n)]
    if diagonals:
        lines += [[i * n + i for i in range(n)], [i * n + (n - 1 - i) for i in range(n)]]
    return lines


def _check_flag(diagonals: Any) -> bool:
    if not isinstance(diagonals, (bool, np.bool_)):
        raise TypeError(f"diagonals must be True (magic) or False (semi-magic), "
                        f"got {type(diagonals).__name__} {diagonals!r}")
    return bool(diagonals)


def line_conditions(n: int, diagonals: bool = True) -> sympy.Matrix:
    """The linear conditions "every line sums like row 0" as a sympy matrix C, C·x = 0.

    ``x`` is the matrix read row by row (x[r*n + c] is the entry in row r,
    column c). There is one row of C per line other than row 0: its indicator
    minus row 0's indicator. Lines are the n rows, the n columns and, when
    ``diagonals`` is True, the main diagonal and the anti-diagonal, so C has
    2n + 1 rows (2n - 1 without diagonals) and n² columns.

    >>> line_conditions(3).shape
    (7, 9)
    >>> line_conditions(3).row(0).tolist()   # row 1 minus row 0
    [[-1, -1, -1, 1, 1, 1, 0, 0, 0]]
    """
    n = as_order(n)
    lines = _lines(n, _check_flag(diagonals))
    first = set(lines[0])
    rows = []
    for line in lines[1:]:
        cells = set(line)
        rows.append([int(k in cells) - int(k in first) for k in range(n * n)])
    return sympy.Matrix(len(rows), n * n, lambda i, j: rows[i][j])


def _dimension(n: Any, diagonals: bool) -> int:
    n = as_order(n)
    return n * n - line_conditions(n, diagonals).rank()


def magic_space_dimension(n: int) -> int:
    """Dimension of the space of real n x n matrices whose rows, columns and both
    diagonals share one sum, computed exactly as n² - rank(line_conditions(n)).

    >>> [magic_space_dimension(n) for n in (1, 2, 3, 4)]
    [1, 1, 3, 8]
    """
    return _dimension(n, True)


def semi_magic_space_dimension(n: int) -> int:
    """Dimension of the space of real n x n matrices whose rows and columns share
    one sum (diagonals free), computed exactly from ``line_conditions(n, False)``.

    >>> [semi_magic_space_dimension(n) for n in (1, 2, 3, 4)]
    [1, 2, 5, 10]
    """
    return _dimension(n, False)


def magic_space_basis(n: int, diagonals: bool = True) -> list[sympy.Matrix]:
    """A basis of the magic (or, with ``diagonals=False``, semi-magic) n x n
    matrices: sympy's null space of ``line_conditions``, each vector as an n x n matrix.

    Each basis matrix has a 1 at one "free" cell where all the others have 0,
    so the coordinates of a magic matrix are its entries in the free cells
    (for n = 3 these are the bottom row).

    >>> magic_space_basis(3)[0].tolist()
    [[2/3, 2/3, -1/3], [-2/3, 1/3, 4/3], [1, 0, 0]]
    """
    n = as_order(n)
    return [v.reshape(n, n) for v in line_conditions(n, diagonals).nullspace()]


def _as_sympy_square(m: Any, name: str) -> sympy.Matrix:
    if isinstance(m, sympy.MatrixBase):
        if m.rows != m.cols:
            raise ValueError(f"{name} must be square (n x n), got shape {m.rows} x {m.cols}")
        return sympy.Matrix(m)
    return sympy.Matrix(as_square(m, name=name).tolist())


def coordinates(square: Any, basis: list[Any]) -> list[sympy.Rational]:
    """The exact coefficients c with square = sum(c[k] * basis[k]), or a ValueError
    when ``square`` is not in the span of ``basis``.

    ``square`` and the basis matrices may be integer squares or sympy matrices
    of one common size.

    >>> coordinates([[2, 7, 6], [9, 5, 1], [4, 3, 8]], magic_space_basis(3))
    [4, 3, 8]
    """
    target = _as_sympy_square(square, "square")
    if len(basis) == 0:
        raise ValueError("basis is empty: give at least one n x n matrix")
    mats = [_as_sympy_square(b, f"basis[{k}]") for k, b in enumerate(basis)]
    for k, b in enumerate(mats):
        if b.shape != target.shape:
            raise ValueError(f"basis[{k}] is {b.rows} x {b.cols} but square is "
                             f"{target.rows} x {target.cols}: they must be the same size")
    columns = sympy.Matrix.hstack(*[b.reshape(b.rows * b.cols, 1) for b in mats])
    rhs = target.reshape(target.rows * target.cols, 1)
    try:
        solution, params = columns.gauss_jordan_solve(rhs)
    except ValueError as exc:
        raise ValueError("square is not a combination of the basis matrices "
                         "(it lies outside their span)") from exc
    if params.shape[0]:
        raise ValueError("the basis matrices are linearly dependent: coordinates are not unique")
    return list(solution)


def exact_rank(square: Any) -> int:
    """The rank of an integer square, computed exactly (sympy, no rounding).

    >>> exact_rank([[16, 2, 3, 13], [5, 11, 10, 8], [9, 7, 6, 12], [4, 14, 15, 1]])
    3
    """
    return int(sympy.Matrix(as_square(square).tolist()).rank())


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
