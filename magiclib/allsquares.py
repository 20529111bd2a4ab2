"""Every magic square of order 3 and 4, by summand enumeration, and the numbers behind order 5.

A *magic series* of order n is a set of n distinct numbers from 1..n² whose sum
is the magic constant n(n²+1)/2. Every row and every column of a normal magic
(or semi-magic) square is one, so squares can be built from series instead of
from the (n²)! arrangements of the numbers.

Two methods are kept, and they produce the same squares (the tests check it):

- ``summand_squares``: summand enumeration (the method of the Java program *Magic Squares*),
  written to be read.
  Rows are drawn one by one from series disjoint from the rows above, in every
  order; of the first row's permutations only half are tried (those whose first
  entry is smaller than their last) and each square found is also reported
  mirrored left-right; columns and diagonals are checked once the square is full.
- ``magic_square_array`` (behind ``magic_squares`` and ``count_magic_squares``):
  the fast method. The rows of a semi-magic square partition 1..n² into n series,
  and so do its columns; each row meets each column in exactly one cell. So the
  squares come from pairs of *orthogonal* partitions: the pair fixes which number
  sits where, up to the order of the rows and of the columns, and numpy checks
  the two diagonals for all n!·n! orders at once.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Any

import numpy as np

from ._check import as_flag, as_order
from ._types import Series, Square, Squares
from .i18n import N_, _
from .squares import magic_constant

__all__ = [
    "magic_series",
    "series_partitions",
    "count_series_partitions",
    "orthogonal_partition_pairs",
    "summand_squares",
    "summand_search_profile",
    "summand_leaves",
    "summand_search_years",
    "magic_square_array",
    "magic_squares",
    "frenicle_squares",
    "count_magic_squares",
    "count_semi_magic_squares",
]

_SERIES_MAX = 6  # 32,134 series for n = 6; n = 7 has 957,332
_SQUARES_MAX = 4  # the orders whose squares are listed here
_MAGIC5_REFUSAL = N_(
    "squares are listed only up to order 4: order 5 already has 275,305,224 magic "
    "squares up to rotation and reflection (2,202,441,792 in all), too many to list; "
    "count_magic_squares(5) counts them"
)


def _order(n: Any, maximum: int, why: str) -> int:
    """``n`` checked as an order; above ``maximum`` a ValueError that says ``why`` (translated)."""
    return as_order(n, maximum=maximum, why=why, what=_("a positive integer (the order of the square)"))


def _mask(numbers: tuple[int, ...]) -> int:
    """The set ``numbers`` as a bit mask: bit v-1 is set when v is in the set."""
    return sum(1 << (v - 1) for v in numbers)


def _numbers(mask: int) -> tuple[int, ...]:
    """The inverse of ``_mask``: the sorted numbers whose bits are set."""
    return tuple(v + 1 for v in range(mask.bit_length()) if mask >> v & 1)


# ---------------------------------------------------------------- magic series


@cache
def _series(n: int) -> tuple[Series, ...]:
    top, out = n * n, []

    def extend(prefix: list[int], smallest: int, k: int, remaining: int) -> None:
        if k == 0:
            if remaining == 0:
                out.append(tuple(prefix))
            return
        for v in range(smallest, top + 1):
            if k * v + k * (k - 1) // 2 > remaining:  # even v, v+1, ... is too much
                break
            if k * (2 * top - k + 1) // 2 < remaining:  # even the k largest are too little
                return
            prefix.append(v)
            extend(prefix, v + 1, k - 1, remaining - v)
            prefix.pop()

    extend([], 1, n, magic_constant(n))
    return tuple(out)


def magic_series(n: int) -> list[Series]:
    """All n-element subsets of 1..n² that add up to the magic constant, as sorted
    tuples in lexicographic order (8 for n = 3, 86 for n = 4, 1394 for n = 5).

    Orders 1 to 6 are accepted (n = 6 has 32,134 series).

    >>> magic_series(3)[:3]
    [(1, 5, 9), (1, 6, 8), (2, 4, 9)]
    >>> [len(magic_series(n)) for n in range(1, 6)]
    [1, 2, 8, 86, 1394]
    """
    n = _order(
        n,
        _SERIES_MAX,
        _(
            "magic_series lists orders up to {maximum} (order 7 already has 957,332 series)",
            maximum=_SERIES_MAX,
        ),
    )
    return list(_series(n))


# ---------------------------------------------------------------- partitions into series


@cache
def _partition_masks(n: int) -> tuple[tuple[int, ...], ...]:
    """Partitions of 1..n² into n series, each a tuple of bit masks ordered by smallest number."""
    full = (1 << n * n) - 1
    by_smallest: list[list[int]] = [[] for _ in range(n * n)]
    for s in _series(n):
        by_smallest[s[0] - 1].append(_mask(s))
    out: list[tuple[int, ...]] = []

    def cover(used: int, chosen: list[int]) -> None:
        if used == full:
            out.append(tuple(chosen))
            return
        free = full & ~used
        lowest = (free & -free).bit_length() - 1  # the smallest number not yet covered
        for m in by_smallest[lowest]:  # it must be the smallest of the next series
            if not m & used:
                chosen.append(m)
                cover(used | m, chosen)
                chosen.pop()

    cover(0, [])
    return tuple(out)


def series_partitions(n: int) -> list[tuple[Series, ...]]:
    """Every way to split 1..n² into n magic series (n ≤ 4), each partition a tuple of
    series ordered by their smallest number.

    >>> series_partitions(3)
    [((1, 5, 9), (2, 6, 7), (3, 4, 8)), ((1, 6, 8), (2, 4, 9), (3, 5, 7))]
    """
    n = _order(
        n,
        _SQUARES_MAX,
        _(
            "series_partitions lists orders up to 4; "
            "count_series_partitions(5) counts the 3,245,664 partitions of order 5"
        ),
    )
    return [tuple(_numbers(m) for m in p) for p in _partition_masks(n)]


def _pair_counts(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Sorted unions of two disjoint series (as masks) and how many pairs give each union."""
    masks = np.array([_mask(s) for s in _series(n)], dtype=np.int64)
    unions = [m | masks[i + 1 :][(masks[i + 1 :] & m) == 0] for i, m in enumerate(masks)]
    keys, counts = np.unique(np.concatenate(unions), return_counts=True)
    return keys, counts.astype(np.int64)


def _lookup(keys: np.ndarray, counts: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """counts[keys == w] for each w in ``wanted`` (0 where w is not a key)."""
    pos = np.minimum(np.searchsorted(keys, wanted), len(keys) - 1)
    return np.where(keys[pos] == wanted, counts[pos], 0)


@cache
def _count_partitions_meet_in_middle(n: int) -> int:
    """Partitions of 1..n² into n series for n = 4 or 5, from a table of series pairs.

    n = 4: each partition is two pairs of series in 6 ways (choose the pair that
    holds a given 2 of the 4 series). n = 5: one series plus two pairs, in 5·6 = 30
    ways. A table of the unions of two disjoint series (with multiplicity) turns
    the count into look-ups.
    """
    full = (1 << n * n) - 1
    keys, counts = _pair_counts(n)
    if n == 4:
        return int((counts * _lookup(keys, counts, full ^ keys)).sum()) // 6
    total = 0
    for m in (_mask(s) for s in _series(n)):
        free = (keys & m) == 0
        total += int((counts[free] * _lookup(keys, counts, full ^ m ^ keys[free])).sum())
    return total // 30


def count_series_partitions(n: int) -> int:
    """The number of ways to split 1..n² into n magic series (n ≤ 5): 1, 1, 2, 392, 3,245,664.

    Orders up to 4 are counted by listing the partitions; order 5 by a
    meet-in-the-middle count over unions of two series, in a few seconds.

    >>> [count_series_partitions(n) for n in range(1, 5)]
    [1, 1, 2, 392]
    """
    n = _order(n, 5, _("count_series_partitions counts orders up to 5"))
    if n <= _SQUARES_MAX:
        return len(_partition_masks(n))
    return _count_partitions_meet_in_middle(n)


# ---------------------------------------------------------------- summand enumeration


def _first_row(n: int, first_row: Any) -> tuple[int, ...] | None:
    """``first_row`` checked as a permutation of a magic series, turned so that its first
    entry is smaller than its last (the one of the pair summand enumeration tries)."""
    if first_row is None:
        return None
    if isinstance(first_row, (str, bytes)) or not hasattr(first_row, "__len__"):
        raise TypeError(
            _("first_row must be a sequence of {n} integers, got {kind}", n=n, kind=type(first_row).__name__)
        )
    name, what = _("an entry of first_row"), _("an integer in 1..{last}", last=n * n)
    row = tuple(as_order(v, name=name, maximum=n * n, what=what) for v in first_row)
    if len(row) != n or len(set(row)) != n or sum(row) != magic_constant(n):
        raise ValueError(
            _(
                "first_row must be {n} distinct numbers from 1..{last} adding up to "
                "{total} (a permutation of a magic series), got {row}",
                n=n,
                last=n * n,
                total=magic_constant(n),
                row=list(row),
            )
        )
    return row if n == 1 or row[0] < row[-1] else row[::-1]


def _summand_search(
    n: int, first_row: Any = None, counts: list[int] | None = None
) -> Iterator[tuple[tuple[int, ...], ...]]:
    """The summand search, depth first: yields every full square it builds (a tuple of
    rows whose sums are right), before any column or diagonal is checked. If ``counts``
    is given, ``counts[k]`` is increased for each partial square with k rows."""
    series = _series(n)

    def grow(rows: tuple[tuple[int, ...], ...], candidates: list[tuple[int, ...]]):
        if counts is not None:
            counts[len(rows)] += 1
        if len(rows) == n:
            yield rows
            return
        for s in candidates:  # isolate one series ...
            rest = [t for t in candidates if not set(t) & set(s)]  # ... keep those disjoint from it
            for row in itertools.permutations(s):
                yield from grow(rows + (row,), rest)

    fixed = _first_row(n, first_row)
    if counts is not None:
        counts[0] += 1
    for s in series:
        if fixed is not None and set(s) != set(fixed):
            continue
        rest = [t for t in series if not set(t) & set(s)]
        for row in itertools.permutations(s):
            if (n == 1 or row[0] < row[-1]) and fixed in (None, row):  # half: the others are mirrors
                yield from grow((row,), rest)


def _summand_check(rows: tuple[tuple[int, ...], ...], target: int) -> bool:
    """Columns and both diagonals of a full square add up to ``target`` (rows already do)."""
    n = len(rows)
    return (
        all(sum(column) == target for column in zip(*rows, strict=False))
        and sum(rows[i][i] for i in range(n)) == target
        and sum(rows[i][n - 1 - i] for i in range(n)) == target
    )


def summand_squares(n: int, *, first_row: Sequence[int] | None = None) -> Iterator[Square]:
    """The magic squares of order n (n ≤ 4) found by summand enumeration, in the order it finds them.

    Rows are taken from mutually disjoint series in every order; the first row
    tries only the permutations whose first entry is smaller than their last,
    and every square found is reported twice: as found, then mirrored
    left-right. ``first_row`` (a permutation of a magic series) restricts the
    search to that first row and its mirror image, a sub-problem small enough
    to time for n = 4. The full n = 4 run checks 1.56 billion squares.

    >>> [s[0].tolist() for s in summand_squares(3, first_row=(2, 7, 6))]
    [[2, 7, 6], [6, 7, 2]]
    >>> sum(1 for _ in summand_squares(3))
    8
    """
    n = _order(
        n,
        _SQUARES_MAX,
        _("summand enumeration would take centuries for n = 5 (summand_leaves(5) squares to check)"),
    )
    _first_row(n, first_row)  # check now, not on the first next()
    return _summand_squares(n, first_row)


def _summand_squares(n: int, first_row: Sequence[int] | None) -> Iterator[Square]:
    """The generator behind ``summand_squares`` (arguments already checked)."""
    target = magic_constant(n)
    for rows in _summand_search(n, first_row):
        if _summand_check(rows, target):
            square = np.array(rows, dtype=np.int64)
            yield square
            if n > 1:
                yield np.ascontiguousarray(square[:, ::-1])


def summand_search_profile(n: int, *, first_row: Sequence[int] | None = None) -> list[int]:
    """How many partial squares the summand search visits with 0, 1, ..., n rows filled
    (n ≤ 4; the last entry counts the full squares whose columns and diagonals it checks).
    ``first_row`` restricts the search as in ``summand_squares``.

    >>> summand_search_profile(3)
    [1, 24, 216, 1296]
    """
    n = _order(n, _SQUARES_MAX, _("the summand search tree has about 4.8e18 leaves for n = 5"))
    counts = [0] * (n + 1)
    for _leaf in _summand_search(n, first_row, counts):
        pass
    return counts


def summand_leaves(n: int) -> int:
    """The number of full squares summand enumeration checks for order n (n ≤ 5), computed
    without searching: ordered partitions into series × row permutations ÷ 2.

    >>> summand_leaves(3), summand_leaves(4)
    (1296, 1560674304)
    """
    n = _order(n, 5, _("summand_leaves needs count_series_partitions, which stops at 5"))
    f = math.factorial(n)
    half = 1 if n == 1 else 2
    return count_series_partitions(n) * f * f**n // half


SECONDS_PER_YEAR = 365.25 * 24 * 3600


def summand_search_years(n: int, checks_per_second: float = 1e9) -> float:
    """Years that checking all ``summand_leaves(n)`` full squares takes at ``checks_per_second``
    (n ≤ 5; a Julian year of 365.25 days). The one home of the "153.55 years" that notebooks 02
    and 06 quote for order 5 at a billion checks a second.

    >>> round(summand_search_years(5), 2)
    153.55
    """
    n = _order(n, 5, _("summand_leaves needs count_series_partitions, which stops at 5"))
    if isinstance(checks_per_second, bool) or not isinstance(checks_per_second, (int, float)):
        kind = type(checks_per_second).__name__
        raise TypeError(_("checks_per_second must be a positive number, got {kind}", kind=kind))
    if not math.isfinite(checks_per_second) or checks_per_second <= 0:
        raise ValueError(
            _("checks_per_second must be a positive finite number, got {value!r}", value=checks_per_second)
        )
    return summand_leaves(n) / checks_per_second / SECONDS_PER_YEAR


# ---------------------------------------------------------------- the fast method


@cache
def _incidence(n: int) -> np.ndarray:
    """Partitions as a boolean array (partitions, n series, n² numbers)."""
    parts = _partition_masks(n)
    bits = np.arange(n * n, dtype=np.int64)
    masks = np.array(parts, dtype=np.int64).reshape(len(parts), n)
    return (masks[:, :, None] >> bits) & 1 == 1


@cache
def _orthogonal_pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Indices (a, b) of partitions such that each series of a meets each series of b once."""
    inc = _incidence(n).astype(np.int64)
    p = len(inc)
    flat = inc.reshape(p * n, n * n)
    meets = (flat @ flat.T).reshape(p, n, p, n)  # |a_i ∩ b_j|
    a, b = np.nonzero((meets == 1).all(axis=(1, 3)))
    return a, b


def orthogonal_partition_pairs(n: int) -> int:
    """The number of ordered pairs (row partition, column partition) of 1..n² into
    series that meet in exactly one number each (n ≤ 4); times (n!)² this is the
    number of semi-magic squares.

    >>> orthogonal_partition_pairs(3), orthogonal_partition_pairs(4)
    (2, 954)
    """
    n = _order(n, _SQUARES_MAX, _("partitions are listed only up to n = 4"))
    return len(_orthogonal_pairs(n)[0])


@cache
def _permutations(n: int) -> np.ndarray:
    return np.array(list(itertools.permutations(range(n))), dtype=np.int64).reshape(-1, n)


@cache
def _all_magic(n: int) -> np.ndarray:
    squares = _pairing_squares(n, None)
    squares.setflags(write=False)
    return squares


def _pairing_squares(n: int, first_row: tuple[int, ...] | None) -> np.ndarray:
    """Magic squares from orthogonal partition pairs: all of them, or those whose first
    row is ``first_row`` or its mirror image."""
    inc = _incidence(n)
    a, b = _orthogonal_pairs(n)
    top = None
    if first_row is not None:
        wanted = np.zeros(n * n, dtype=bool)
        wanted[np.array(first_row) - 1] = True
        hit = (inc[a] == wanted).all(axis=2)  # which row series is the first row's set
        keep = hit.any(axis=1)
        a, b, top = a[keep], b[keep], hit[keep].argmax(axis=1)
    # grid[k, i, j]: the number in row series i and column series j of pair k
    grid = (inc[a][:, :, None, :] & inc[b][:, None, :, :]).argmax(axis=3) + 1
    perms = _permutations(n)
    target = magic_constant(n)
    diag = grid[:, perms[:, None, :], perms[None, :, :]].sum(axis=3)  # (pairs, n!, n!)
    anti = grid[:, perms[:, None, :], perms[None, :, ::-1]].sum(axis=3)
    good = (diag == target) & (anti == target)
    if top is not None:
        rows_ok = perms[None, :, 0] == top[:, None]  # (pairs, n!)
        first = grid[np.arange(len(grid)), top][:, perms]  # (pairs, n!, n)
        cols_ok = (first == first_row).all(axis=2) | (first == first_row[::-1]).all(axis=2)
        good &= rows_ok[:, :, None] & cols_ok[:, None, :]
    k, r, c = np.nonzero(good)
    squares = grid[k[:, None, None], perms[r][:, :, None], perms[c][:, None, :]]
    order = np.lexsort(squares.reshape(len(squares), n * n).T[::-1])
    return np.ascontiguousarray(squares[order], dtype=np.int64).reshape(-1, n, n)


def magic_square_array(n: int, *, first_row: Sequence[int] | None = None) -> Squares:
    """Every normal magic square of order n (n ≤ 4) as one int64 array of shape
    (count, n, n), in lexicographic (row-major) order; the fast method.

    ``first_row`` (a permutation of a magic series) keeps only the squares whose
    first row is that row or its mirror image, the unit of work of summand enumeration, doing
    only that part of the search.

    >>> magic_square_array(3).shape, magic_square_array(4).shape
    ((8, 3, 3), (7040, 4, 4))
    >>> magic_square_array(3)[0].tolist()
    [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
    >>> len(magic_square_array(4, first_row=(16, 3, 2, 13)))
    20
    """
    n = _order(n, _SQUARES_MAX, _(_MAGIC5_REFUSAL))
    if first_row is None:
        return _all_magic(n).copy()
    return _pairing_squares(n, _first_row(n, first_row))


def magic_squares(n: int) -> Iterator[Square]:
    """Iterate over every normal magic square of order n (n ≤ 4), as n x n int64 arrays
    in lexicographic order: 1, 0, 8 and 7040 of them for n = 1..4.

    >>> next(magic_squares(3)).tolist()
    [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
    """
    n = _order(n, _SQUARES_MAX, _(_MAGIC5_REFUSAL))
    return iter(list(magic_square_array(n)))


def frenicle_squares(n: int) -> Squares:
    """The essentially different magic squares of order n (n ≤ 4), each in Frénicle's
    standard form, as an array (count, n, n) in lexicographic order: 880 for n = 4.

    A square is in standard form when its top-left corner is the smallest corner
    and the number right of it is smaller than the number below it. The one
    readable definition is ``magiclib.squares.standard_form``; this is the same
    rule applied to all squares at once with numpy (the tests check that both
    give the same 880 squares).

    >>> frenicle_squares(3).tolist()
    [[[2, 7, 6], [9, 5, 1], [4, 3, 8]]]
    """
    n = _order(n, _SQUARES_MAX, _(_MAGIC5_REFUSAL))
    squares = magic_square_array(n)
    if n < 2:
        return squares
    corners = squares[:, [0, 0, -1, -1], [0, -1, 0, -1]]
    keep = (squares[:, 0, 0] == corners.min(axis=1)) & (squares[:, 0, 1] < squares[:, 1, 0])
    return np.ascontiguousarray(squares[keep])


def count_magic_squares(n: int, up_to_symmetry: bool = False, center: int | None = None) -> int:
    """The number of normal magic squares of order n: 1, 0, 8, 7040 for n = 1..4
    (1, 0, 1, 880 with ``up_to_symmetry``, counting rotations and reflections once).

    ``center`` counts only the squares with that number in the centre cell (odd n
    only). Order 5 is delegated to ``magiclib.order5.count_order5``; larger orders
    are refused.

    >>> count_magic_squares(4), count_magic_squares(4, up_to_symmetry=True)
    (7040, 880)
    >>> count_magic_squares(3, center=5), count_magic_squares(3, center=4)
    (8, 0)
    """
    n = as_order(n, what=_("a positive integer (the order of the square)"))
    up_to_symmetry = as_flag(up_to_symmetry, "up_to_symmetry")
    if center is not None:
        if n % 2 == 0:
            raise ValueError(
                _(
                    "center is only defined for odd n: a square of even order {n} has "
                    "no single centre cell; leave center=None",
                    n=n,
                )
            )
        what = _("a number in the square (1..{last})", last=n * n)
        center = as_order(center, name="center", minimum=1, maximum=n * n, what=what)
    if n == 5:
        from .order5 import count_order5  # numba compiles on first use: import it only here

        return int(count_order5(up_to_symmetry=up_to_symmetry, center=center))
    if n > 5:
        raise ValueError(
            _(
                "n must be at most 5: n = {n} is out of reach, no method here counts "
                "magic squares of order 6 or more (order 6 has about 1.8e19 of them, an "
                "estimate by Monte Carlo methods; the exact number is unknown)",
                n=n,
            )
        )
    squares = magic_square_array(n)
    if center is not None:
        squares = squares[squares[:, n // 2, n // 2] == center]
    count = len(squares)
    return count // 8 if up_to_symmetry and n > 1 else count


def count_semi_magic_squares(n: int) -> int:
    """The number of semi-magic squares of order n with entries 1..n² (rows and columns
    all add up to the magic constant; diagonals free): 1, 0, 72, 549,504 for n = 1..4.

    >>> count_semi_magic_squares(3), count_semi_magic_squares(4)
    (72, 549504)
    """
    n = _order(n, _SQUARES_MAX, _("semi-magic squares are counted here up to order 4"))
    return orthogonal_partition_pairs(n) * math.factorial(n) ** 2
