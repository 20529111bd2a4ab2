"""Type aliases for the shapes that recur in magiclib's signatures.

They document what a function takes and returns; the checks themselves live in
``magiclib._check``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

__all__ = ["Square", "SquareLike", "Squares", "Solution", "Series", "Fill", "FillLike", "Pair", "Order"]

#: An n x n numpy int64 array: what every function returning a square gives.
Square: TypeAlias = npt.NDArray[np.int64]

#: A stack of squares, shape (count, n, n), int64.
Squares: TypeAlias = npt.NDArray[np.int64]

#: What a function taking a square accepts: a 2-D integer array or a sequence of integer rows
#: (``magiclib.famous.DURER`` is a tuple of tuples).
SquareLike: TypeAlias = npt.NDArray[np.integer] | Sequence[Sequence[int]]

#: An order (size) n of a square or board.
Order: TypeAlias = int

#: A solution of the n-queens puzzle: the column of the queen in each row.
Solution: TypeAlias = tuple[int, ...]

#: A magic series: n distinct numbers of 1..n² adding up to the magic constant, increasing.
Series: TypeAlias = tuple[int, ...]

#: A fill of the 19 hexagon cells, in cell order 1..19: ints, or exact fractions.
Fill: TypeAlias = tuple[object, ...]

#: What the hexagon functions accept as a fill: 19 integers or exact fractions.
FillLike: TypeAlias = Sequence[int | Fraction]

#: One row of ``order5.diagonal_pairs``: 9 numbers (main diagonal, anti-diagonal, centre).
Pair: TypeAlias = Sequence[int]
