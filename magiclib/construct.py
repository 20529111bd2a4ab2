"""MATLAB's ``magic(n)``: a normal magic square of every order n >= 1 except 2.

Three constructions, one per kind of order, each giving exactly the matrix that
MATLAB's ``magic`` returns (documented in Cleve Moler's *Experiments with MATLAB*):

- odd n: de la Loubère's staircase written as a formula, ``n*H + L + 1``, where
  the high and low digits H and L are two cyclic Latin squares (H[i, j] depends
  on i + j, L on i + 2j);
- doubly even n (n divisible by 4): write 1..n² row by row, then replace x by
  n²+1-x on the cells whose row and column are of the same type in their block
  of four (positions 1, 4 of a block are "outer", positions 2, 3 "inner");
- singly even n (n = 2 mod 4): four copies of the odd square ``magic(n/2)``
  (plus 0, 2p², 3p², p² in the top-left, top-right, bottom-left, bottom-right
  quadrants, p = n/2), then, with k = (n-2)/4, the top and bottom halves of the
  first k and the last k-1 columns exchanged, except that in row k the exchange
  is made in column k instead of column 0; this repairs the row sums and both
  diagonals and keeps the column sums.

Every function here is vectorised numpy except ``magic_by_loops``, the same
constructions in plain Python loops, kept for checking and benchmarking.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ._check import as_order
from ._types import Square
from .i18n import N_, _

__all__ = ["magic", "magic_by_loops", "order_kind", "MAX_ORDER", "MAX_LOOPS_ORDER"]

#: Largest order ``magic`` builds: the result takes 8·n² bytes (200 MB at n = 5001).
MAX_ORDER = 5001

#: Largest order ``magic_by_loops`` builds: n² Python steps (about 0.2 s and 40 MB at n = 1000).
MAX_LOOPS_ORDER = 1000

_NO_ORDER_TWO = N_(
    "there is no normal magic square of order 2: in [[a, b], [c, d]] the first row "
    "and the first column give a + b = a + c, so b = c, but the entries 1, 2, 3, 4 "
    "must all differ; give n = 1 or any n >= 3"
)


def _order(n: Any, maximum: int | None = None, why: str = "") -> int:
    """``n`` checked as an order for which a normal magic square exists (``why``, translated, says
    why there is a ``maximum``)."""
    n = as_order(n, what=_("a positive integer other than 2"), maximum=maximum, why=why)
    if n == 2:
        raise ValueError(_(_NO_ORDER_TWO))
    return n


def order_kind(n: int) -> str:
    """Which construction ``magic(n)`` uses: 'odd', 'doubly even' or 'singly even'.

    >>> [order_kind(n) for n in (3, 4, 6)]
    ['odd', 'doubly even', 'singly even']
    """
    n = _order(n)
    return "odd" if n % 2 else "doubly even" if n % 4 == 0 else "singly even"


def _odd(n: int) -> np.ndarray:
    """MATLAB's odd square n*A + B + 1 (0-based row i, column j).

    A[i, j] = (i + j - (n-1)/2) mod n and B[i, j] = (i + 2j + 1) mod n. Each is read
    as a sliding window over one short cyclic sequence (a view, no copy), so
    only the final sum touches n² cells.
    """
    a = np.arange(-((n - 1) // 2), 2 * n, dtype=np.int64) % n  # a[t] = (t - (n-1)/2) mod n
    b = np.arange(1, 3 * n, dtype=np.int64) % n  # b[t] = (t + 1) mod n
    A = sliding_window_view(a, n)[:n]  # A[i, j] = a[i + j]
    B = sliding_window_view(b, 2 * n - 1)[:n, ::2]  # B[i, j] = b[i + 2j]
    square = np.multiply(A, n)
    square += B
    square += 1
    return square


def _doubly_even(n: int) -> np.ndarray:
    """1..n² row by row, complemented (x -> n²+1-x) where row and column class agree."""
    square = np.arange(1, n * n + 1, dtype=np.int64).reshape(n, n)
    inner = (np.arange(1, n + 1) % 4) // 2 == 1  # rows/columns 2, 3 of each block of 4
    flip = inner[:, None] == inner[None, :]
    np.subtract(n * n + 1, square, out=square, where=flip)
    return square


def _singly_even(n: int) -> np.ndarray:
    """Four shifted copies of magic(n/2), then MATLAB's column swaps between halves."""
    p = n // 2
    q = _odd(p)
    square = np.block([[q, q + 2 * p * p], [q + 3 * p * p, q + p * p]])
    k = (n - 2) // 4
    cols = np.r_[0:k, n - k + 1 : n]  # MATLAB's [1:k, n-k+2:n]
    square[:, cols] = np.roll(square[:, cols], p, axis=0)  # swap top and bottom halves
    rows, cols = np.array([k, k + p]), np.array([0, k])  # then swap back one pair
    square[np.ix_(rows, cols)] = square[np.ix_(rows[::-1], cols)]
    return square


def magic(n: int) -> Square:
    """MATLAB's ``magic(n)``: an n x n normal magic square (int64), for n = 1 or n >= 3.

    Equal element for element to MATLAB's result; ``magic(2)`` raises a
    ``ValueError`` because no 2 x 2 normal magic square exists. Orders up to
    ``MAX_ORDER`` (5001) are built; larger ones are refused before allocating.

    >>> magic(3).tolist()
    [[8, 1, 6], [3, 5, 7], [4, 9, 2]]
    >>> magic(4)[0].tolist()
    [16, 2, 3, 13]
    """
    n = _order(n, MAX_ORDER, _("the square alone would take more than {mb} MB", mb=8 * MAX_ORDER**2 // 10**6))
    if n % 2:
        return _odd(n)
    if n % 4 == 0:
        return _doubly_even(n)
    return _singly_even(n)


def magic_by_loops(n: int) -> Square:
    """The same square as ``magic(n)``, built cell by cell in plain Python loops.

    Slow on purpose: it spells the three constructions out one cell at a time,
    so tests and benchmarks can compare it with the vectorised ``magic``.
    Orders up to ``MAX_LOOPS_ORDER`` (1000).

    >>> magic_by_loops(6)[0].tolist()
    [35, 1, 6, 26, 19, 24]
    """
    n = _order(
        n,
        MAX_LOOPS_ORDER,
        _(
            "n² Python steps and lists of Python ints; magic(n) builds the same square up to n = {maximum}",
            maximum=MAX_ORDER,
        ),
    )
    return _by_loops(n)


def _by_loops(n: int) -> np.ndarray:
    """``magic_by_loops`` for a checked order."""
    rows = [[0] * n for _ in range(n)]
    if n % 2:
        for i in range(n):
            for j in range(n):
                rows[i][j] = n * ((i + j - (n - 1) // 2) % n) + (i + 2 * j + 1) % n + 1
    elif n % 4 == 0:
        for i in range(n):
            for j in range(n):
                value = n * i + j + 1
                same_class = ((i + 1) % 4) // 2 == ((j + 1) % 4) // 2
                rows[i][j] = n * n + 1 - value if same_class else value
    else:
        p, k = n // 2, (n - 2) // 4
        q = _by_loops(p).tolist()
        shift = [[0, 2 * p * p], [3 * p * p, p * p]]  # added to each quadrant
        for i in range(n):
            for j in range(n):
                rows[i][j] = q[i % p][j % p] + shift[i // p][j // p]
        swapped = list(range(k)) + list(range(n - k + 1, n))
        for j in swapped:
            for i in range(p):
                rows[i][j], rows[i + p][j] = rows[i + p][j], rows[i][j]
        for j in (0, k):
            rows[k][j], rows[k + p][j] = rows[k + p][j], rows[k][j]
    return np.array(rows, dtype=np.int64)
