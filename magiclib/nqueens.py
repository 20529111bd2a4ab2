"""The n-queens puzzle, and queens hidden in a magic square.

A *solution* is a tuple ``s`` of n columns: the queen of row ``r`` stands in
column ``s[r]``. Two queens attack each other when they share a column, a
descending diagonal (same ``row - col``) or an ascending diagonal (same
``row + col``); one queen per row is built into the representation.

- ``queens(n)``: every solution, by a readable row-by-row backtracking search;
- ``count_queens(n)``: how many there are, fast (bitmasks, numpy, mirror symmetry);
- ``fundamental_queens(n)``: one solution per class under the 8 board symmetries;
- ``hidden_queens(square)``: the solutions whose cells in ``square`` add up to
  the square's magic constant;
- ``backtrack_steps(n)``: the search itself, step by step, for pictures and players
  (the pictures live in ``magiclib.show.queens``).
"""

from __future__ import annotations

import numbers
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

import numpy as np

from ._check import as_int, as_int_sequence, as_order, as_square, sequence_length
from ._types import Solution, SquareLike
from .i18n import _
from .squares import symmetries

__all__ = [
    "QUEEN",
    "attacks",
    "is_safe",
    "queens",
    "count_queens",
    "queen_symmetries",
    "fundamental_queens",
    "queen_cells",
    "queen_sum",
    "hidden_queens",
    "QueenStep",
    "backtrack_steps",
    "backtrack_stats",
]

#: The glyph drawn on a queen's cell (a black chess queen, U+265B).
QUEEN = "\u265b"

#: Largest n for which every solution is listed (queens(12) has 14,200 of them).
MAX_LISTED = 12
#: Largest n that count_queens accepts (n = 16 has 14,772,512 solutions).
MAX_COUNTED = 16
#: Largest board a solution (a tuple of columns) may describe in the functions that take one.
MAX_BOARD = 10_000


def _order(n: Any, maximum: int, hint: str) -> int:
    """``n`` as a board size up to ``maximum``; ``hint`` (translated) says why the limit."""
    return as_order(n, maximum=maximum, what=_("a board size (a positive integer)"), why=hint)


def _solution(solution: Any, name: str = "solution") -> Solution:
    """``solution`` as a tuple of ints, each a column 0..n-1 (not checked for attacks)."""
    size = sequence_length(solution, name, _("a sequence of column numbers, one per row"))
    if size == 0:
        raise ValueError(_("{name} must not be empty: give one column per row", name=name))
    _order(size, MAX_BOARD, _("one queen per row"))
    cols = as_int_sequence(solution, name=name)
    n = len(cols)
    for r, c in enumerate(cols):
        if not 0 <= c < n:
            raise ValueError(
                _(
                    "{name}[{row}] must be a column number between 0 and {last} "
                    "(one queen per row of an {n} x {n} board), got {col}",
                    name=name,
                    row=r,
                    last=n - 1,
                    n=n,
                    col=c,
                )
            )
    return cols


def _cell(cell: Any, name: str) -> tuple[int, int]:
    row, col = as_int_sequence(cell, name=name, length=2)
    return row, col


def attacks(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """True when queens on cells ``a`` and ``b`` (row, col) attack each other.

    Same row, same column, same descending diagonal (row - col) or same
    ascending diagonal (row + col); a cell does not attack itself.

    >>> attacks((6, 5), (4, 7)), attacks((6, 5), (4, 6))
    (True, False)
    """
    return _attacks(_cell(a, "a"), _cell(b, "b"))


def _attacks(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """``attacks`` for checked cells."""
    (r1, c1), (r2, c2) = a, b
    if (r1, c1) == (r2, c2):
        return False
    return r1 == r2 or c1 == c2 or r1 - c1 == r2 - c2 or r1 + c1 == r2 + c2


def is_safe(placed: Sequence[int], col: int) -> bool:
    """True when a queen in the next row (row ``len(placed)``), column ``col``, is
    attacked by none of the queens ``placed`` in the rows above (the test of the Spanish blog post).

    >>> is_safe((0, 2), 4), is_safe((0, 2), 3)
    (True, False)
    """
    size = sequence_length(placed, "placed", _("a sequence of column numbers"))
    _order(size + 1, MAX_BOARD, _("one queen per row"))
    return _is_safe(as_int_sequence(placed, name="placed"), as_int(col, name="col"))


def _is_safe(placed: Sequence[int], col: int) -> bool:
    """``is_safe`` for checked arguments (the search loops call this one)."""
    row = len(placed)
    return all(c != col and r - c != row - col and r + c != row + col for r, c in enumerate(placed))


def queens(n: int) -> list[Solution]:
    """Every solution of the n-queens puzzle, in the order a row-by-row search finds them.

    Row by row, try the columns from left to right; keep a column when no queen
    above attacks it (the sets hold the columns and both diagonal numbers in
    use), go down a row, and take the queen back when the row below is stuck.
    The result is therefore in lexicographic order. n is at most 12.

    >>> sols = queens(8)
    >>> len(sols), sols[0]
    (92, (0, 4, 7, 5, 2, 6, 1, 3))
    >>> queens(4)
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    n = _order(n, MAX_LISTED, _("for larger boards use count_queens(n), which only counts"))
    found: list[tuple[int, ...]] = []
    placed: list[int] = []
    columns: set[int] = set()
    descending: set[int] = set()  # row - col of every queen placed
    ascending: set[int] = set()  # row + col of every queen placed

    def place_row(row: int) -> None:
        if row == n:
            found.append(tuple(placed))
            return
        for col in range(n):
            if col in columns or row - col in descending or row + col in ascending:
                continue
            placed.append(col)
            columns.add(col)
            descending.add(row - col)
            ascending.add(row + col)
            place_row(row + 1)
            placed.pop()
            columns.remove(col)
            descending.remove(row - col)
            ascending.remove(row + col)

    place_row(0)
    return found


def _count_level(cols: np.ndarray, down: np.ndarray, up: np.ndarray, row: int, n: int) -> int:
    """Count the completions of many partial boards at once (breadth first, in chunks).

    Row ``row`` is next; bit j of ``cols``, ``down`` and ``up`` says that column j
    of that row is attacked along a column, a descending or an ascending diagonal.
    """
    full = (1 << n) - 1
    chunk = 1 << 13  # small chunks stay in the CPU cache and bound the memory
    if len(cols) > chunk:
        return sum(
            _count_level(cols[i : i + chunk], down[i : i + chunk], up[i : i + chunk], row, n)
            for i in range(0, len(cols), chunk)
        )
    free = ~(cols | down | up) & full
    if row == n - 1:  # the last row: every free cell is a solution
        return int(np.bitwise_count(free).sum())
    keep = free != 0
    cols, down, up, free = cols[keep], down[keep], up[keep], free[keep]
    kids_cols, kids_down, kids_up = [], [], []
    while len(free):  # peel off the lowest free bit of every board at once
        bit = free & -free
        kids_cols.append(cols | bit)
        kids_down.append(((down | bit) << 1) & full)
        kids_up.append((up | bit) >> 1)
        free = free ^ bit
        keep = free != 0
        if not keep.all():
            cols, down, up, free = cols[keep], down[keep], up[keep], free[keep]
    if not kids_cols:
        return 0
    return _count_level(
        np.concatenate(kids_cols), np.concatenate(kids_down), np.concatenate(kids_up), row + 1, n
    )


def count_queens(n: int) -> int:
    """The number of solutions of the n-queens puzzle, counted fast (n at most 16).

    Each partial board is three bitmasks (columns, and the two diagonals shifted
    one step per row); numpy advances all partial boards of a row together.
    By mirror symmetry only first-row queens in the left half are searched,
    and their count doubled (plus the middle column when n is odd).

    >>> [count_queens(n) for n in range(1, 11)]
    [1, 0, 0, 2, 10, 4, 40, 92, 352, 724]
    """
    n = _order(n, MAX_COUNTED, _("larger boards take too long in pure Python and numpy"))
    if n == 1:
        return 1

    def from_first(cols_first: list[int]) -> int:
        if not cols_first:
            return 0
        bits = np.array([1 << c for c in cols_first], dtype=np.int32)  # n <= 16 fits
        full = (1 << n) - 1
        return _count_level(bits, (bits << 1) & full, bits >> 1, 1, n)

    half = from_first(list(range(n // 2)))
    middle = from_first([n // 2]) if n % 2 else 0
    return 2 * half + middle


def queen_symmetries(solution: Sequence[int]) -> list[Solution]:
    """The 8 images of a solution under the board's rotations and reflections, in the
    order of ``magiclib.SYMMETRY_NAMES`` (the first is the solution itself).

    >>> ["".join(map(str, s)) for s in queen_symmetries((1, 3, 0, 2))]  # turns keep it, mirrors swap it
    ['1302', '1302', '1302', '1302', '2031', '2031', '2031', '2031']
    """
    s = _solution(solution)
    n = len(s)
    board = np.zeros((n, n), dtype=np.int64)
    board[np.arange(n), s] = 1
    images = []
    for img in symmetries(board):
        rows, cols = np.nonzero(img)
        if len(rows) != n or len(set(rows.tolist())) != n:
            raise ValueError(
                _(
                    "queen_symmetries needs one queen per column too (a permutation of 0..{last}), "
                    "got {solution}",
                    last=n - 1,
                    solution=s,
                )
            )
        images.append(tuple(int(c) for c in cols[np.argsort(rows)]))
    return images


def fundamental_queens(n: int) -> list[Solution]:
    """One solution per symmetry class (the first one the search finds), n at most 12.

    >>> len(fundamental_queens(8)), fundamental_queens(6)
    (12, [(1, 3, 5, 0, 2, 4)])
    """
    n = _order(n, MAX_LISTED, _("the classes need every solution listed"))
    seen: set[tuple[int, ...]] = set()
    representatives = []
    for s in queens(n):
        if s not in seen:
            representatives.append(s)
            seen.update(queen_symmetries(s))
    return representatives


def queen_cells(solution: Sequence[int]) -> list[tuple[int, int]]:
    """The (row, col) cells of the queens of ``solution``.

    >>> queen_cells((1, 3, 0, 2))
    [(0, 1), (1, 3), (2, 0), (3, 2)]
    """
    return list(enumerate(_solution(solution)))


def queen_sum(square: SquareLike, solution: Sequence[int]) -> int:
    """The sum of the numbers of ``square`` under the queens of ``solution``.

    >>> queen_sum([[2, 7, 6], [9, 5, 1], [4, 3, 8]], (0, 2, 1))
    6
    """
    a = as_square(square)
    s = _solution(solution)
    if len(s) != a.shape[0]:
        raise ValueError(
            _(
                "the solution has {rows} rows but the square is {n} x {n}: they must match",
                rows=len(s),
                n=a.shape[0],
            )
        )
    return sum(int(a[r, c]) for r, c in enumerate(s))


def hidden_queens(square: SquareLike, target: int | None = None) -> list[Solution]:
    """The solutions of ``queens(n)`` whose n cells in ``square`` add up to ``target``.

    ``square`` is any n x n matrix of integers, n at most 12. ``target``
    defaults to the square's magic constant, the total of its entries divided
    by n (its common line sum when it is semi-magic); when the total is not a
    multiple of n no set of n cells can reach it and the answer is empty.

    >>> hidden_queens([[16, 3, 2, 13], [5, 10, 11, 8], [9, 6, 7, 12], [4, 15, 14, 1]])  # Dürer
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    a = as_square(square)
    n = a.shape[0]
    _order(n, MAX_LISTED, _("(the order of the square); hidden_queens lists every solution"))
    total = sum(int(x) for x in a.ravel())
    if target is None:
        if total % n:
            return []
        target = total // n
    elif isinstance(target, (bool, np.bool_)) or not isinstance(target, numbers.Integral):
        raise TypeError(
            _(
                "target must be an integer (the sum to look for) or None for the "
                "square's magic constant, got {kind} {value!r}",
                kind=type(target).__name__,
                value=target,
            )
        )
    else:
        target = int(target)
    sols = queens(n)
    if not sols:
        return []
    grid = np.array(sols, dtype=np.int64)
    biggest = max(abs(int(a.max())), abs(int(a.min())))
    values = a[np.arange(n), grid]
    if biggest > (2**63 - 1) // n:  # n numbers this large could overflow int64
        values = values.astype(object)
    sums = values.sum(axis=1)
    return [s for s, t in zip(sols, sums, strict=False) if int(t) == target]


class QueenStep(NamedTuple):
    """One step of the backtracking search on an n x n board.

    ``action`` is one of:
    ``"place"`` (a queen put on the safe cell (row, col)),
    ``"attacked"`` (cell (row, col) is attacked by a queen above: skipped),
    ``"solution"`` (the last queen placed at (row, col): a solution),
    ``"dead end"`` (every cell of ``row`` is attacked; ``col`` is -1),
    ``"remove"`` (the queen on (row, col) taken back).
    ``queens`` holds the columns of the queens on the board after the step.
    """

    action: str
    row: int
    col: int
    queens: tuple[int, ...]


def backtrack_steps(n: int) -> Iterator[QueenStep]:
    """The row-by-row backtracking search on an n x n board, step by step (lazy).

    >>> [s.action for s in backtrack_steps(1)]
    ['solution', 'remove']
    >>> sum(s.action == "solution" for s in backtrack_steps(6))
    4
    """
    n = _order(n, MAX_LISTED, _("the step list would be far too long"))

    def search(placed: tuple[int, ...]) -> Iterator[QueenStep]:
        row = len(placed)
        any_safe = False
        for col in range(n):
            if not _is_safe(placed, col):
                yield QueenStep("attacked", row, col, placed)
                continue
            any_safe = True
            now = placed + (col,)
            if row == n - 1:
                yield QueenStep("solution", row, col, now)
            else:
                yield QueenStep("place", row, col, now)
                yield from search(now)
            yield QueenStep("remove", row, col, placed)
        if not any_safe:
            yield QueenStep("dead end", row, -1, placed)

    return search(())


def backtrack_stats(n: int) -> dict[str, int]:
    """Counts for the whole search: ``nodes`` (queens placed, the last queens of
    solutions included), ``attacked`` (cells skipped), ``dead_ends`` (rows found
    with no safe cell) and ``solutions``.

    >>> backtrack_stats(4)
    {'nodes': 16, 'attacked': 44, 'dead_ends': 4, 'solutions': 2}
    """
    stats = {"nodes": 0, "attacked": 0, "dead_ends": 0, "solutions": 0}
    for step in backtrack_steps(n):
        if step.action in ("place", "solution"):
            stats["nodes"] += 1
        if step.action == "attacked":
            stats["attacked"] += 1
        elif step.action == "dead end":
            stats["dead_ends"] += 1
        elif step.action == "solution":
            stats["solutions"] += 1
    return stats
