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

Two tools look at the space from outside:

- ``nearest_magic(M)`` projects any square matrix orthogonally onto the magic
  matrices (the least-squares "magic part" of M), exactly for integer or
  rational input and in float64 for float input; ``magic_projection(n)`` is the
  same map written as an exact n² x n² matrix;
- ``birkhoff(M)`` writes a nonnegative matrix whose rows and columns share one
  sum (every normal magic square) as a positive combination of permutation
  matrices, with at most (n-1)² + 1 terms; ``reduce_birkhoff`` shortens any
  such combination to linearly independent terms.
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from typing import Any

import numpy as np
import sympy
from sympy import QQ, ZZ
from sympy.polys.matrices import DomainMatrix

from ._check import as_flag, as_order, as_square, sequence_length
from ._types import SquareLike
from .construct import _order
from .i18n import _

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
    "MAX_NEAREST_EXACT",
    "MAX_NEAREST_FLOAT",
    "MAX_PROJECTION",
    "MAX_BIRKHOFF",
    "MAX_PERMUTATION",
    "nearest_magic",
    "magic_projection",
    "Term",
    "birkhoff",
    "reduce_birkhoff",
    "birkhoff_bound",
    "permutation_matrix",
    "is_queens_permutation",
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
        n,
        maximum=MAX_CONDITIONS_ORDER,
        why=_("the matrix has (2n+1)·n² entries and sympy builds it one by one"),
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

    This equals n² - rank(line_conditions(n)): the 2n + 1 conditions have rank
    2n for every n >= 3 (notebook 05, section 8, proves it; the tests check small
    n). As a formula it is exact for any n and allocates nothing, so there is no
    upper limit.

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
    n = as_order(n, maximum=MAX_BASIS_ORDER, why=_("sympy's exact null space of n² unknowns grows fast"))
    return [v.reshape(n, n) for v in _line_conditions(n, as_flag(diagonals, "diagonals")).nullspace()]


def _as_sympy_square(m: Any, name: str) -> sympy.Matrix:
    if isinstance(m, sympy.MatrixBase):
        if m.rows != m.cols or m.rows == 0:
            raise ValueError(
                _(
                    "{name} must be square (n x n, n >= 1), got shape {rows} x {cols}",
                    name=name,
                    rows=m.rows,
                    cols=m.cols,
                )
            )
        if m.rows > MAX_COORDINATES_ORDER:
            raise ValueError(
                _(
                    "{name} must be at most {maximum} x {maximum}, got {rows} x {cols}",
                    name=name,
                    maximum=MAX_COORDINATES_ORDER,
                    rows=m.rows,
                    cols=m.cols,
                )
            )
        if not all(x.is_Rational for x in m):
            raise TypeError(
                _("{name} must hold exact rational numbers only (no floats or symbols)", name=name)
            )
        return sympy.Matrix(m)
    a = as_square(m, name=name)
    as_order(
        a.shape[0],
        name=_("the order of {name}", name=name),
        maximum=MAX_COORDINATES_ORDER,
        why=_("an exact solve with n² equations"),
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
        raise TypeError(_("basis must be a list of n x n matrices, got {kind}", kind=type(basis).__name__))
    if len(basis) == 0:
        raise ValueError(_("basis is empty: give at least one n x n matrix"))
    if len(basis) > target.rows * target.cols:
        raise ValueError(
            _(
                "basis must hold at most n² = {maximum} matrices (more cannot be independent), got {size}",
                maximum=target.rows * target.cols,
                size=len(basis),
            )
        )
    mats = [_as_sympy_square(b, f"basis[{k}]") for k, b in enumerate(basis)]
    for k, b in enumerate(mats):
        if b.shape != target.shape:
            raise ValueError(
                _(
                    "basis[{k}] is {rows} x {cols} but square is {n} x {n}: they must be the same size",
                    k=k,
                    rows=b.rows,
                    cols=b.cols,
                    n=target.rows,
                )
            )
    columns = sympy.Matrix.hstack(*[b.reshape(b.rows * b.cols, 1) for b in mats])
    rhs = target.reshape(target.rows * target.cols, 1)
    try:
        solution, params = columns.gauss_jordan_solve(rhs)
    except ValueError as exc:
        raise ValueError(
            _("square is not a combination of the basis matrices (it lies outside their span)")
        ) from exc
    if params.shape[0]:
        raise ValueError(_("the basis matrices are linearly dependent: coordinates are not unique"))
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
        name=_("the order of {name}", name="square"),
        maximum=MAX_RANK_ORDER,
        why=_("exact elimination with growing fractions"),
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


# ---------------------------------------------------------------- reading a matrix of numbers

#: Largest order ``nearest_magic`` accepts for exact (integer or rational) input.
MAX_NEAREST_EXACT = 100
#: Largest order ``nearest_magic`` accepts for float input.
MAX_NEAREST_FLOAT = 2000
#: Largest order of the exact n² x n² matrix ``magic_projection(n)``.
MAX_PROJECTION = 10
#: Largest order ``birkhoff`` and ``reduce_birkhoff`` accept.
MAX_BIRKHOFF = 16

#: Longest permutation ``permutation_matrix`` and ``is_queens_permutation`` accept.
MAX_PERMUTATION = 10_000


def _accepted(floats: bool) -> str:
    """What a matrix must be (the words after "it must be"), in the reader's language."""
    if floats:
        return _(
            "a square matrix (list of lists, 2-D numpy array or sympy Matrix) of integers, "
            "fractions.Fraction or sympy Rationals, or of finite floats"
        )
    return _(
        "a square matrix (list of lists, 2-D numpy array or sympy Matrix) of integers, "
        "fractions.Fraction or sympy Rationals"
    )


def _exact_entry(x: Any, name: str, floats: bool) -> Any:
    """``x`` as an int or Fraction, a float (when ``floats``), or a TypeError."""
    if isinstance(x, (bool, np.bool_)):
        raise TypeError(
            _(
                "{name} must hold numbers, found the boolean {value!r}; it must be {accepted}",
                name=name,
                value=x,
                accepted=_accepted(floats),
            )
        )
    if isinstance(x, numbers.Integral):
        return int(x)
    if isinstance(x, Fraction):
        return x
    if isinstance(x, sympy.Basic):
        if x.is_Rational:
            return Fraction(int(x.p), int(x.q))
    elif isinstance(x, numbers.Rational):
        return Fraction(int(x.numerator), int(x.denominator))
    elif floats and isinstance(x, (float, np.floating)):
        return float(x)
    raise TypeError(
        _(
            "{name} holds {value!r} ({kind}); it must be {accepted}",
            name=name,
            value=x,
            kind=type(x).__name__,
            accepted=_accepted(floats),
        )
    )


def _read_matrix(
    m: Any, name: str, maximum: int, float_maximum: int | None = None
) -> tuple[int, list[list[Any]] | np.ndarray]:
    """Read a square matrix: (n, rows of int/Fraction) for exact input, or (n, float64 array).

    A float array comes back only when ``float_maximum`` is given (floats allowed).
    Orders are checked against the limits before anything is converted.
    """
    floats = float_maximum is not None

    def check_order(n: int, limit: int, kind: str) -> None:
        if n > limit and kind == "float":
            raise ValueError(
                _(
                    "{name} is {n} x {n}, but the float path accepts orders up to {limit} (n <= {limit})",
                    name=name,
                    n=n,
                    limit=limit,
                )
            )
        if n > limit:
            raise ValueError(
                _(
                    "{name} is {n} x {n}, but the exact path accepts orders up to {limit} (n <= {limit})",
                    name=name,
                    n=n,
                    limit=limit,
                )
            )

    if isinstance(m, np.ma.MaskedArray):
        raise TypeError(
            _(
                "{name} is a masked array; masked entries have no value here: fill them "
                "(m.filled(...)); the accepted input is {accepted}",
                name=name,
                accepted=_accepted(floats),
            )
        )
    if isinstance(m, sympy.MatrixBase):
        rows, cols = m.shape
        if rows == 0:
            raise ValueError(_("{name} is empty: give at least one row", name=name))
        if rows != cols:
            raise ValueError(
                _("{name} must be square (n x n), got shape {rows} x {cols}", name=name, rows=rows, cols=cols)
            )
        check_order(rows, maximum, "exact")
        return rows, [[_exact_entry(m[r, c], name, False) for c in range(cols)] for r in range(rows)]
    if isinstance(m, np.ndarray):
        if m.ndim != 2:
            raise ValueError(
                _(
                    "{name} must be 2-D (n rows of n numbers), got {ndim}-D with shape {shape}",
                    name=name,
                    ndim=m.ndim,
                    shape=m.shape,
                )
            )
        if m.size == 0:
            raise ValueError(_("{name} is empty: give at least one row", name=name))
        if m.shape[0] != m.shape[1]:
            raise ValueError(
                _(
                    "{name} must be square (n x n), got shape {rows} x {cols}",
                    name=name,
                    rows=m.shape[0],
                    cols=m.shape[1],
                )
            )
        n = m.shape[0]
        if m.dtype == np.bool_:
            raise TypeError(
                _("{name} is a boolean array; it must be {accepted}", name=name, accepted=_accepted(floats))
            )
        if np.issubdtype(m.dtype, np.integer):
            check_order(n, maximum, "exact")
            return n, m.tolist()
        if np.issubdtype(m.dtype, np.floating) and floats:
            check_order(n, float_maximum, "float")
            a = np.asarray(m, dtype=np.float64)
            if not np.all(np.isfinite(a)):
                raise ValueError(
                    _("{name} holds NaN or infinite entries; only finite numbers are accepted", name=name)
                )
            return n, a
        if m.dtype != object:
            raise TypeError(
                _(
                    "{name} is an array of dtype {dtype}; it must be {accepted}",
                    name=name,
                    dtype=m.dtype,
                    accepted=_accepted(floats),
                )
            )
        rows_list = m.tolist()
    else:
        if isinstance(m, (str, bytes)) or not hasattr(m, "__len__") or isinstance(m, dict):
            raise TypeError(
                _(
                    "{name} must be {accepted}, got {kind}",
                    name=name,
                    accepted=_accepted(floats),
                    kind=type(m).__name__,
                )
            )
        if len(m) == 0:
            raise ValueError(_("{name} is empty: give at least one row", name=name))
        check_order(len(m), max(maximum, float_maximum or 0), "float" if floats else "exact")
        rows_list = list(m)
        for row in rows_list:
            if isinstance(row, (str, bytes)) or not hasattr(row, "__len__"):
                raise TypeError(
                    _(
                        "{name} must be a list of rows, but a row is {kind} {value!r}",
                        name=name,
                        kind=type(row).__name__,
                        value=row,
                    )
                )
        lengths = sorted({len(row) for row in rows_list})
        if len(lengths) > 1:
            raise ValueError(
                _(
                    "{name} is ragged: its rows have lengths {lengths}; every row must have the same length",
                    name=name,
                    lengths=lengths,
                )
            )
        if lengths[0] != len(rows_list):
            raise ValueError(
                _(
                    "{name} must be square (n x n), got shape {rows} x {cols}",
                    name=name,
                    rows=len(rows_list),
                    cols=lengths[0],
                )
            )
    n = len(rows_list)
    values = [[_exact_entry(x, name, floats) for x in row] for row in rows_list]
    if floats and any(isinstance(x, float) for row in values for x in row):
        check_order(n, float_maximum, "float")
        a = np.array([[float(x) for x in row] for row in values], dtype=np.float64)
        if not np.all(np.isfinite(a)):
            raise ValueError(
                _("{name} holds NaN or infinite entries; only finite numbers are accepted", name=name)
            )
        return n, a
    check_order(n, maximum, "exact")
    return n, values


# ---------------------------------------------------------------- projection onto the magic matrices


def _diagonal_weights(n: int, trace: Any, anti: Any, total: Any) -> tuple[Any, Any]:
    """Coefficients (α, β) of J_d - J/n and J_a - J/n in the projection of X onto the diagonal part.

    J_d, J_a are the diagonal and anti-diagonal indicators; after removing their
    row/column part they have Gram matrix [[n-1, γ], [γ, n-1]], γ = 0 for odd
    n (the diagonals share the centre, which cancels) and -1 for even n
    (notebook 07 derives the whole formula from this).
    """
    t = trace - total / n
    u = anti - total / n
    gamma = 0 if n % 2 else -1
    det = (n - 1) ** 2 - gamma * gamma
    return ((n - 1) * t - gamma * u) / det, ((n - 1) * u - gamma * t) / det


def _project(a: np.ndarray) -> np.ndarray:
    """The projection of the n x n array ``a`` (object array of Fractions, or float64)."""
    n = a.shape[0]
    total = a.sum()
    if n <= 2:  # the magic matrices are the constant ones
        return (
            np.full((n, n), total / (n * n), dtype=a.dtype)
            if a.dtype != object
            else np.array([[total / (n * n)] * n] * n, dtype=object)
        )
    mean = total / (n * n)
    rows = a.sum(axis=1) / n
    cols = a.sum(axis=0) / n
    alpha, beta = _diagonal_weights(n, np.trace(a), np.trace(a[:, ::-1]), total)
    out = a - rows[:, None] - cols[None, :] + 2 * mean
    out += (alpha + beta) / n
    idx = np.arange(n)
    out[idx, idx] -= alpha
    out[idx, n - 1 - idx] -= beta
    return out


def nearest_magic(m: Any) -> sympy.Matrix | np.ndarray:
    """The magic matrix nearest to ``m`` in the Frobenius norm: the orthogonal projection of
    ``m`` onto the space of magic matrices (rows, columns and both diagonals with one common
    sum, any sum).

    Exact input (integers, ``fractions.Fraction``, sympy Rationals; lists, numpy
    integer or object arrays, sympy matrices) gives an exact answer, a **sympy
    Matrix of Rationals**. Float input (any float entry, or a float numpy array)
    gives a numpy float64 array. Orders: n <= ``MAX_NEAREST_EXACT`` (100) exact,
    n <= ``MAX_NEAREST_FLOAT`` (2000) in floats; larger ones are refused.

    It is a projection: ``nearest_magic(nearest_magic(m)) == nearest_magic(m)``,
    magic matrices are fixed, and the residual ``m - nearest_magic(m)`` is
    orthogonal to every magic matrix (it is a combination of row, column and
    diagonal indicator matrices whose coefficients add up to 0). The formula is
    explicit: subtract the row and column means, add back twice the mean of all
    entries, and remove the part along the two diagonals (two weights from a
    2 x 2 system), so the cost is O(n²); notebook 07 derives it for every n >= 3.

    >>> nearest_magic([[8, 1, 6], [3, 5, 7], [4, 9, 2]]) == sympy.Matrix(magic_space_basis(3)[0] * 4
    ...     + magic_space_basis(3)[1] * 9 + magic_space_basis(3)[2] * 2)
    True
    >>> nearest_magic([[1, 0, 0], [0, 0, 0], [0, 0, 0]]).tolist()[0]
    [5/18, -1/18, 1/9]
    >>> nearest_magic([[1.0, 0, 0], [0, 0, 0], [0, 0, 0]]).round(4).tolist()[0]
    [0.2778, -0.0556, 0.1111]
    """
    n, values = _read_matrix(m, "m", MAX_NEAREST_EXACT, MAX_NEAREST_FLOAT)
    if isinstance(values, np.ndarray):
        out = _project(values)
        if not np.all(np.isfinite(out)):
            raise ValueError(
                _(
                    "m has entries too large for float64 arithmetic (the result overflows); "
                    "scale it down or give exact integers"
                )
            )
        return out
    a = np.empty((n, n), dtype=object)
    for r, row in enumerate(values):
        for c, x in enumerate(row):
            a[r, c] = Fraction(x)
    p = _project(a)
    return sympy.Matrix(n, n, lambda r, c: sympy.Rational(p[r, c].numerator, p[r, c].denominator))


def magic_projection(n: int) -> sympy.Matrix:
    """The exact n² x n² matrix Π of ``nearest_magic`` on matrices read row by row:
    vec(nearest_magic(X)) = Π · vec(X); n <= ``MAX_PROJECTION`` (10).

    Π is symmetric and idempotent (Π² = Π), as every orthogonal projection is,
    and its rank is the dimension of the magic space (n² - 2n for n >= 3).

    >>> Pi = magic_projection(3)
    >>> Pi.shape, Pi == Pi.T, Pi * Pi == Pi, Pi.rank()
    ((9, 9), True, True, 3)
    """
    n = as_order(n, maximum=MAX_PROJECTION, what=_("an order (a positive integer)"))
    columns = []
    for k in range(n * n):
        e = np.array([[Fraction(int(r * n + c == k)) for c in range(n)] for r in range(n)], dtype=object)
        columns.append(_project(e).ravel())
    return sympy.Matrix(
        n * n, n * n, lambda i, j: sympy.Rational(columns[j][i].numerator, columns[j][i].denominator)
    )


# ---------------------------------------------------------------- Birkhoff: permutation matrices

#: One term of a Birkhoff decomposition: (positive weight, permutation p, meaning cells (i, p[i])).
Term = tuple[Any, tuple[int, ...]]


def birkhoff_bound(n: int) -> int:
    """(n-1)² + 1: the most terms a Birkhoff decomposition of an n x n matrix needs
    (Marcus and Ree, 1959): the dimension of the semi-magic space.

    >>> [birkhoff_bound(n) for n in (1, 2, 3, 4)]
    [1, 2, 5, 10]
    """
    n = as_order(n)
    return (n - 1) ** 2 + 1


def permutation_matrix(p: Any) -> np.ndarray:
    """The n x n 0/1 matrix (int64) with a 1 at (i, p[i]) for each row i.

    >>> permutation_matrix((1, 2, 0)).tolist()
    [[0, 1, 0], [0, 0, 1], [1, 0, 0]]
    """
    p = _permutation(p, "p")
    out = np.zeros((len(p), len(p)), dtype=np.int64)
    out[np.arange(len(p)), list(p)] = 1
    return out


def is_queens_permutation(p: Any) -> bool:
    """True when the cells (i, p[i]) hold n non-attacking queens: no two share a diagonal.

    >>> is_queens_permutation((1, 3, 0, 2)), is_queens_permutation((0, 1, 2, 3))
    (True, False)
    """
    p = _permutation(p, "p")
    n = len(p)
    return len({i - p[i] for i in range(n)}) == n and len({i + p[i] for i in range(n)}) == n


def _permutation(p: Any, name: str) -> tuple[int, ...]:
    n = sequence_length(p, name, _("a sequence of column numbers, one per row"))
    if n == 0:
        raise ValueError(_("{name} is empty: it must give one column number per row", name=name))
    if n > MAX_PERMUTATION:
        raise ValueError(
            _(
                "{name} has {n} entries; permutations of at most {maximum} are accepted",
                name=name,
                n=n,
                maximum=MAX_PERMUTATION,
            )
        )
    what = _("a column number")
    cols = tuple(
        as_order(c, name=f"{name}[{r}]", minimum=0, maximum=n - 1, what=what) for r, c in enumerate(p)
    )
    if len(set(cols)) != n:
        raise ValueError(
            _(
                "{name} = {cols} is not a permutation of 0..{last}: a column repeats",
                name=name,
                cols=cols,
                last=n - 1,
            )
        )
    return cols


def _augment(r: int, adj: list[list[int]], owner: list[int], seen: list[bool]) -> bool:
    """Kuhn's augmenting path from row r in the bipartite graph ``adj`` (row -> columns)."""
    for c in adj[r]:
        if not seen[c]:
            seen[c] = True
            if owner[c] < 0 or _augment(owner[c], adj, owner, seen):
                owner[c] = r
                return True
    return False


def _greedy(rows: list[list[Any]]) -> list[Term]:
    """Greedy decomposition: a perfect matching on the positive entries, its smallest entry
    as weight, subtract, repeat. The matching is kept between rounds and only rows whose
    cell dropped to zero are matched again."""
    n = len(rows)
    residual = [list(row) for row in rows]
    owner = [-1] * n  # column -> row
    left = sum(residual[0])
    terms: list[Term] = []
    while left > 0:
        adj = [[c for c in range(n) if residual[r][c] > 0] for r in range(n)]
        matched = set(owner)
        for r in range(n):
            if r not in matched:
                if not _augment(r, adj, owner, [False] * n):  # cannot happen (König/Hall)
                    raise AssertionError("no perfect matching on the support; the sums were checked")
        perm = [0] * n
        for c, r in enumerate(owner):
            perm[r] = c
        weight = min(residual[r][perm[r]] for r in range(n))
        for r in range(n):
            residual[r][perm[r]] -= weight
            if residual[r][perm[r]] == 0:
                owner[perm[r]] = -1
        left -= weight
        terms.append((weight, tuple(perm)))
    return terms


def _exact_weight(w: Fraction) -> Any:
    return int(w) if w.denominator == 1 else w


def _independent(terms: list[Term], n: int) -> list[Term]:
    """Carathéodory's reduction: shift weight along linear dependences among the permutation
    matrices until they are linearly independent; the weighted sum never changes.

    Incremental elimination: each new permutation matrix is reduced against an
    echelon form of the kept ones (each echelon row remembers its combination of
    kept terms). If it reduces to zero we hold a dependence sum(lam_i P_i) = 0
    with sum(lam_i) = 0; moving the weights to w - t·lam with the largest t that
    keeps them >= 0 zeroes one weight. That term leaves and the new one takes its
    place in the echelon form (the span is the same), so nothing is recomputed.
    """
    weights: dict[int, Fraction] = {}
    perms: dict[int, tuple[int, ...]] = {}
    echelon: list[tuple[int, dict[int, Fraction], dict[int, Fraction]]] = []
    for k, (w, perm) in enumerate(terms):
        vec = {r * n + perm[r]: Fraction(1) for r in range(n)}
        comb = {k: Fraction(1)}
        for pivot, row, row_comb in echelon:
            f = vec.get(pivot)
            if f:
                for key, x in row.items():
                    y = vec.get(key, 0) - f * x
                    if y:
                        vec[key] = y
                    else:
                        vec.pop(key, None)
                for key, x in row_comb.items():
                    y = comb.get(key, 0) - f * x
                    if y:
                        comb[key] = y
                    else:
                        comb.pop(key, None)
        weights[k], perms[k] = Fraction(w), perm
        if vec:
            pivot = min(vec)
            scale = vec[pivot]
            echelon.append(
                (
                    pivot,
                    {key: x / scale for key, x in vec.items()},
                    {key: x / scale for key, x in comb.items()},
                )
            )
            continue
        # sum(comb[i] * P_i) = 0; the entries of each P_i add up to n, so sum(comb) = 0.
        t, out = min((weights[i] / lam, i) for i, lam in comb.items() if lam > 0)
        for i, lam in comb.items():
            weights[i] -= t * lam
        del weights[out], perms[out]
        if out != k:  # P_out = -(1/lam_out) sum of the others: substitute it
            sub = {i: -lam / comb[out] for i, lam in comb.items() if i != out}
            for _, _, row_comb in echelon:
                c = row_comb.pop(out, None)
                if c:
                    for key, x in sub.items():
                        y = row_comb.get(key, 0) + c * x
                        if y:
                            row_comb[key] = y
                        else:
                            row_comb.pop(key, None)
    return [(_exact_weight(weights[k]), perms[k]) for k in sorted(weights) if weights[k]]


def _check_birkhoff_rows(n: int, values: list[list[Any]], name: str) -> Any:
    """The common line sum of a nonnegative matrix, or a ValueError naming the first bad line."""
    for r, row in enumerate(values):
        for c, x in enumerate(row):
            if x < 0:
                raise ValueError(
                    _(
                        "{name} has the negative entry {x} in row {r}, column {c}; "
                        "only nonnegative matrices are accepted (a sum of permutation matrices "
                        "with positive weights is nonnegative)",
                        name=name,
                        x=x,
                        r=r,
                        c=c,
                    )
                )
    target = sum(values[0])
    for r, row in enumerate(values):
        if sum(row) != target:
            raise ValueError(
                _(
                    "row {r} of {name} sums to {total} but row 0 sums to {target}; "
                    "every row and every column must have the same sum",
                    r=r,
                    name=name,
                    total=sum(row),
                    target=target,
                )
            )
    for c in range(n):
        s = sum(values[r][c] for r in range(n))
        if s != target:
            raise ValueError(
                _(
                    "column {c} of {name} sums to {total} but row 0 sums to {target}; "
                    "every row and every column must have the same sum",
                    c=c,
                    name=name,
                    total=s,
                    target=target,
                )
            )
    return target


def birkhoff(m: Any) -> list[Term]:
    """A Birkhoff decomposition of ``m``: a list of (weight, permutation) with positive exact
    weights whose weighted permutation matrices add up to ``m`` exactly, in at most
    (n-1)² + 1 terms.

    ``m`` must be n x n (n <= ``MAX_BIRKHOFF`` = 16) with nonnegative integer,
    ``Fraction`` or sympy Rational entries, and all row and column sums equal
    (diagonals do not matter); every normal magic square is one. A permutation
    ``p`` means the cells (i, p[i]). Weights are ints for integer input where
    possible, Fractions otherwise.

    Greedy: find a perfect matching on the positive entries (Kuhn's augmenting
    paths; one exists by Birkhoff and König), take its smallest entry as the
    weight, subtract, repeat. That already stays within Marcus and Ree's bound:
    let V(S) be the space of semi-magic matrices that vanish off the positive
    cells S of the residual; each step removes at least one cell of S on which
    the residual (an element of V(S)) was nonzero, so dim V(S) drops by at
    least 1, starting from at most (n-1)² + 1 and staying >= 1 while a term is
    left. The Carathéodory reduction (``reduce_birkhoff``) is still applied if
    the count ever exceeded the bound, as a guard.

    >>> birkhoff([[8, 1, 6], [3, 5, 7], [4, 9, 2]])
    [(4, (2, 1, 0)), (2, (2, 0, 1)), (1, (0, 1, 2)), (1, (1, 0, 2)), (7, (0, 2, 1))]
    """
    n, values = _read_matrix(m, "m", MAX_BIRKHOFF)
    _check_birkhoff_rows(n, values, "m")
    terms = _greedy(values)
    if len(terms) > birkhoff_bound(n):
        terms = _independent(terms, n)
    return [(_exact_weight(Fraction(w)), p) for w, p in terms]


def reduce_birkhoff(terms: Any) -> list[Term]:
    """The same weighted sum of permutation matrices with linearly independent permutation
    matrices, hence at most (n-1)² + 1 terms (Carathéodory's reduction, exact).

    ``terms`` is a list of (positive int or Fraction weight, permutation) pairs,
    all of one order n <= ``MAX_BIRKHOFF``; repeated permutations are merged
    first. Whenever the permutation matrices are linearly dependent,
    sum(lam_i P_i) = 0, weight moves along lam until one weight reaches zero.

    >>> cycle = [(1, (0, 1, 2)), (1, (1, 2, 0)), (1, (2, 0, 1))]      # all ones
    >>> flips = [(1, (0, 2, 1)), (1, (2, 1, 0)), (1, (1, 0, 2))]      # all ones, again
    >>> reduce_birkhoff(cycle + flips)           # the six 3 x 3 permutation matrices are dependent
    [(2, (0, 1, 2)), (2, (1, 2, 0)), (2, (2, 0, 1))]
    """
    if sequence_length(terms, "terms", _("a list of (weight, permutation) pairs")) == 0:
        return []
    merged: dict[tuple[int, ...], Fraction] = {}
    n = None
    for k, term in enumerate(terms):
        if not (isinstance(term, tuple) and len(term) == 2):
            raise TypeError(
                _("terms[{k}] must be a (weight, permutation) pair, got {term!r}", k=k, term=term)
            )
        w = _exact_entry(term[0], _("the weight of terms[{k}]", k=k), False)
        if w <= 0:
            raise ValueError(
                _("the weight of terms[{k}] is {weight}; weights must be positive", k=k, weight=w)
            )
        p = _permutation(term[1], _("the permutation of terms[{k}]", k=k))
        if n is None:
            name = _("the order of the permutations")
            n = as_order(len(p), name=name, maximum=MAX_BIRKHOFF, what=_("an order"))
        elif len(p) != n:
            raise ValueError(
                _(
                    "terms[{k}] has a permutation of {size} elements, terms[0] one of {n}; "
                    "all must have the same order",
                    k=k,
                    size=len(p),
                    n=n,
                )
            )
        merged[p] = merged.get(p, Fraction(0)) + Fraction(w)
    ordered = sorted(merged.items(), key=lambda item: (-item[1], item[0]))
    return _independent([(w, p) for p, w in ordered], n)
