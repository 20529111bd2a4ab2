"""Counting every 5x5 magic square without building one: diagonals first, then a join.

The search (the same method for 4x4 and 5x5):

1. **Symmetry.** Besides the 8 rotations and reflections, a magic square stays
   magic when the same permutation of {0..n-1} that commutes with i -> n-1-i is
   applied to its rows and to its columns (for n = 5: swap rows 0<->1 and 3<->4
   together with the same columns, or rows 0<->4 with columns 0<->4, ...), and
   when the columns are then mirrored. With the transpose these moves form a group
   of 32 transformations that keep the set of diagonal cells (``symmetries_32``);
   a square with distinct entries has exactly 32 images, so it is enough to count
   one *canonical* square per orbit and multiply by 32 (or by 4 for the count up
   to the 8 rotations and reflections).
2. **Diagonals first.** The centre c and the two diagonals are chosen from the
   1394 magic series (5 numbers of 1..25 adding to 65), in canonical form: the
   top-left corner is the smallest of the 8 off-centre diagonal numbers,
   (1,1) < (3,3) and (0,4) < (4,0). ``diagonal_pairs(c)`` lists them.
3. **Edges from tables.** Rows 0 and 4 and columns 0 and 4 each miss 3 numbers
   whose sum is known; the candidates are *completions*: a magic series holding
   both corners, minus the corners (``completions(a, b)``). Sets of numbers are
   bitmasks, so "unused" is one AND.
4. **Forced cells.** Once rows 0 and 4 are placed, column 1 forces (2,1) and
   column 3 forces (2,3); columns 0 and 4 force (1,2) and (3,2). Row 2 and
   column 2 then add up to 65 by themselves when all 25 numbers are used.
5. **Meet in the middle.** The "rows part" (rows 0 and 4 with (2,1), (2,3)) and
   the "columns part" (columns 0 and 4 with (1,2), (3,2)) share nothing but the
   numbers they use: each uses 8 of the 16 numbers left by the diagonals, and a
   square is a rows part and a columns part using complementary sets. So the rows
   parts are counted by the set they use, and each columns part looks up its
   complement: count, never build.
6. **Centre 13.** The complement x -> 26 - x keeps the centre 13 and maps the
   squares of one canonical pair of diagonals onto those of another (or of the
   same) pair; ``complement_weights`` keeps one pair of each such couple, counted
   twice, so the largest centre class costs half.

``count_completions`` is the readable pure-Python version of steps 3-5 for one
pair of diagonals; ``count_diagonal_pairs`` is the compiled (numba) version over
many pairs, run in parallel. The tests check that they agree. ``count_main_diagonal``
counts one slice (the canonical squares with a given main diagonal) with the compiled
search, so that a short readable search can be checked against it. The compiled
version lists only one edge of each side from the table of completions: with
that edge placed, the cell 1 of the opposite edge fixes a forced cell, and the
cells 3 that keep every number free and different are the bits of one AND of
shifted bitmasks (the middle cell of that edge is forced by its sum), so its
loops visit only what they keep.
"""

from __future__ import annotations

import functools
import itertools
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
from numba import njit, prange, set_parallel_chunksize
from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

from ._check import as_flag, as_int_sequence, as_order, as_square, refuse_masked, sequence_length
from ._types import Pair, Square, SquareLike
from .allsquares import _series
from .i18n import _, number

__all__ = [
    "count_order5",
    "count_order5_by_center",
    "count_order4",
    "diagonal_pairs",
    "anti_diagonals",
    "completions",
    "count_completions",
    "count_diagonal_pairs",
    "count_main_diagonal",
    "complement_weights",
    "symmetries_32",
    "SYMMETRY_COUNT",
    "TOTAL_5X5",
    "MAX_PAIRS",
    "warm_up",
]

#: Size of the group of transformations that keep the two diagonals (for n = 4 and 5).
SYMMETRY_COUNT = 32

#: Schroeppel's count (1973) of 5x5 magic squares, all of them (not up to symmetry).
TOTAL_5X5 = 2_202_441_792

#: Most rows of diagonals one call of ``count_diagonal_pairs``/``complement_weights`` takes
#: (all pairs of one centre fit: centre 13 has the most, 762,660).
MAX_PAIRS = 2**21

_S = 65  # the magic constant of order 5
_ALL = 0x3FFFFFE  # bits 1..25: the numbers 1..25


# ----------------------------------------------------------------- symmetry


def _commuting_permutations(n: int) -> list[tuple[int, ...]]:
    """Permutations p of range(n) with p(n-1-i) = n-1-p(i) (they keep both diagonals)."""
    return [
        p for p in itertools.permutations(range(n)) if all(p[n - 1 - i] == n - 1 - p[i] for i in range(n))
    ]


def symmetries_32(square: SquareLike) -> list[Square]:
    """The 32 images of a 4x4 or 5x5 square under the moves that keep both diagonals.

    Image k applies a permutation p commuting with i -> n-1-i to the rows and
    p (or p followed by a mirror) to the columns, then optionally transposes.
    The first image is the square itself; the 8 rotations and reflections are
    among them. Each image of a magic square is magic.

    >>> sq = [[1, 15, 14, 4], [12, 6, 7, 9], [8, 10, 11, 5], [13, 3, 2, 16]]
    >>> images = symmetries_32(sq)
    >>> len(images), len({img.tobytes() for img in images})
    (32, 32)
    """
    a = as_square(square)
    n = a.shape[0]
    if n not in (4, 5):
        raise ValueError(_("square must be 4x4 or 5x5 for symmetries_32, got {n}x{n}", n=n))
    images = []
    for transpose in (False, True):
        for p in _commuting_permutations(n):
            for mirror in (False, True):
                q = [n - 1 - p[i] for i in range(n)] if mirror else list(p)
                img = a[np.ix_(list(p), q)]
                images.append(np.ascontiguousarray(img.T if transpose else img))
    return images


# ----------------------------------------------------------------- tables


def _series5() -> tuple[tuple[int, ...], ...]:
    """The 1394 magic series of order 5 (increasing 5-tuples of 1..25 adding to 65),
    from their one home, ``allsquares``."""
    return _series(5)


@functools.cache
def _completion_table() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """start[a*26+b]:start[a*26+b+1] indexes the completions of corners (a, b);
    ``values`` holds them (3 sorted numbers each), ``masks`` their bitmasks."""
    table: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    for s in _series5():
        for a, b in itertools.permutations(s, 2):
            table.setdefault((a, b), []).append(tuple(x for x in s if x != a and x != b))
    start = np.zeros(26 * 26 + 1, dtype=np.int64)
    values: list[tuple[int, ...]] = []
    for a in range(26):
        for b in range(26):
            start[a * 26 + b] = len(values)
            values.extend(table.get((a, b), []))
    start[26 * 26] = len(values)
    vals = np.array(values, dtype=np.int64)
    masks = (1 << vals).sum(axis=1).astype(np.int64)
    for arr in (start, vals, masks):
        arr.setflags(write=False)
    return start, vals, masks


def completions(a: int, b: int) -> list[tuple[int, int, int]]:
    """The triples that complete corners ``a`` and ``b`` (1..25) to a magic series of 5.

    >>> len(completions(1, 25)), completions(1, 25)[0]
    (61, (2, 13, 24))
    """
    what = _("a number of a 5x5 square")
    a = as_order(a, name="a", maximum=25, what=what)
    b = as_order(b, name="b", maximum=25, what=what)
    start, vals, _masks = _completion_table()
    k = a * 26 + b
    return [tuple(int(x) for x in row) for row in vals[start[k] : start[k + 1]]]


def _center(center: Any) -> int:
    return as_order(center, name="center", maximum=25, what=_("a number of a 5x5 square (1..25)"))


def _diagonal_pairs_py(center: int) -> list[tuple[int, ...]]:
    """Readable version of ``diagonal_pairs`` (a list of 9-tuples): each canonical main diagonal through
    ``center`` ((1,1) < (3,3), its smallest number at (0,0)) with each of its ``anti_diagonals``."""
    out = []
    for main in (s for s in _series5() if center in s):
        m = [x for x in main if x != center]  # increasing, so m[0] is the smallest
        a0 = m[0]
        for a4 in m[1:]:
            a1, a3 = [x for x in m[1:] if x != a4]  # a1 < a3
            for b0, b1, _c, b3, b4 in anti_diagonals((a0, a1, center, a3, a4)):
                out.append((a0, a1, a3, a4, b0, b1, b3, b4, center))
    return out


@njit(cache=True)
def _off_centre(series, i, c, out):
    """Write the 4 numbers of series ``i`` other than ``c`` into ``out`` (in order); return their bitmask."""
    j = 0
    mask = 0
    for k in range(5):
        v = series[i, k]
        if v != c:
            out[j] = v
            j += 1
            mask |= 1 << v
    return mask


@njit(cache=True)
def _diagonal_pairs_kernel(series: np.ndarray, c: int) -> np.ndarray:
    idx = np.empty(series.shape[0], np.int64)
    n = 0
    for i in range(series.shape[0]):
        for k in range(5):
            if series[i, k] == c:
                idx[n] = i
                n += 1
    out = np.empty((1 << 20, 9), np.int64)
    count = 0
    m = np.empty(4, np.int64)
    t = np.empty(4, np.int64)
    for ii in range(n):
        mm = _off_centre(series, idx[ii], c, m)
        a0 = m[0]
        for w in range(1, 4):
            a4 = m[w]
            a1 = -1
            a3 = -1
            for v in range(1, 4):
                if v != w:
                    if a1 < 0:
                        a1 = m[v]
                    else:
                        a3 = m[v]
            for jj in range(n):
                tm = _off_centre(series, idx[jj], c, t)
                if tm & mm or t[0] <= a0:
                    continue
                for p0 in range(4):
                    for p1 in range(4):
                        if p1 == p0:
                            continue
                        for p3 in range(4):
                            if p3 == p0 or p3 == p1:
                                continue
                            p4 = 6 - p0 - p1 - p3
                            if t[p0] >= t[p4]:
                                continue
                            if count == out.shape[0]:
                                bigger = np.empty((2 * out.shape[0], 9), np.int64)
                                bigger[:count] = out[:count]
                                out = bigger
                            row = out[count]
                            row[0] = a0
                            row[1] = a1
                            row[2] = a3
                            row[3] = a4
                            row[4] = t[p0]
                            row[5] = t[p1]
                            row[6] = t[p3]
                            row[7] = t[p4]
                            row[8] = c
                            count += 1
    return out[:count].copy()


def diagonal_pairs(center: int) -> np.ndarray:
    """The canonical pairs of diagonals of a 5x5 magic square with ``center`` in the middle.

    One row per pair, 9 numbers: the main diagonal (0,0), (1,1), (3,3), (4,4),
    the anti-diagonal (0,4), (1,3), (3,1), (4,0), then the centre. Canonical:
    (0,0) is the smallest of the 8 off-centre numbers, (1,1) < (3,3), (0,4) < (4,0).

    >>> pairs = diagonal_pairs(1)
    >>> pairs.shape, pairs[0].tolist()
    ((433548, 9), [2, 24, 25, 13, 3, 16, 22, 23, 1])
    """
    c = _center(center)
    return _diagonal_pairs_kernel(np.array(_series5(), dtype=np.int64), c)


def anti_diagonals(main: Sequence[int]) -> list[tuple[int, int, int, int, int]]:
    """The anti-diagonals, read from (0,4) to (4,0), that the canonical rule allows beside ``main``, a main
    diagonal read from (0,0) to (4,4): every order of each magic series through the centre that shares no
    other number with ``main``, with (0,4) < (4,0) and its off-centre numbers larger than (0,0). Readable
    Python (notebook 06 reads it); ``diagonal_pairs`` lists the pairs of a whole centre, compiled.

    >>> anti = anti_diagonals((5, 9, 13, 17, 21))
    >>> len(anti), anti[0]
    (540, (14, 6, 13, 7, 25))
    """
    main = as_int_sequence(main, name="main", length=5, minimum=1, maximum=25, distinct=True)
    c = main[2]
    found = []
    for line in _series5():
        if c in line and set(line) & set(main) == {c}:
            for b0, b1, b3, b4 in itertools.permutations(set(line) - {c}):
                if b0 < b4 and min(b0, b1, b3, b4) > main[0]:
                    found.append((b0, b1, c, b3, b4))
    return found


# ----------------------------------------------------------------- the readable search


def _orders(triple: Sequence[int]) -> list[tuple[int, int, int]]:
    """The 6 ways to place a triple in cells (1, 2, 3) of a line, as (cell 1, cell 3, cell 2)."""
    return [(p[0], p[2], p[1]) for p in itertools.permutations(triple)]


def _side_parts(
    corner_a: int, corner_b: int, corner_c: int, corner_d: int, p: int, q: int, used: int
) -> list[int]:
    """Readable: the set (a bitmask) used by every way to fill two opposite edges.

    The first edge runs from ``corner_a`` to ``corner_b``, the second from
    ``corner_c`` to ``corner_d``. Their cells 1 (e1, f1) and a forced cell x of
    the crossing line add up to ``p``, their cells 3 and a forced y to ``q``;
    a filling counts when x and y are two more unused numbers.
    """
    parts = []
    for first in completions(corner_a, corner_b):
        m1 = sum(1 << v for v in first)
        if m1 & used:
            continue
        for second in completions(corner_c, corner_d):
            m2 = sum(1 << v for v in second)
            if m2 & (used | m1):
                continue
            taken = used | m1 | m2
            for e1, e3, _e2 in _orders(first):
                for f1, f3, _f2 in _orders(second):
                    x, y = p - e1 - f1, q - e3 - f3
                    if (
                        1 <= x <= 25
                        and 1 <= y <= 25
                        and x != y
                        and not (taken >> x) & 1
                        and not (taken >> y) & 1
                    ):
                        parts.append(m1 | m2 | (1 << x) | (1 << y))
    return parts


def count_completions(pair: Pair) -> int:
    """Readable pure-Python count of the 5x5 magic squares with the given diagonals.

    ``pair`` is one row of ``diagonal_pairs``: (0,0), (1,1), (3,3), (4,4), (0,4),
    (1,3), (3,1), (4,0), (2,2). Rows 0 and 4 (with the cells (2,1), (2,3) they
    force through columns 1 and 3) and columns 0 and 4 (with (1,2), (3,2), forced
    through rows 1 and 3) are counted separately by the set of numbers they use,
    then matched: the two sets must split the 16 numbers left by the diagonals.

    >>> count_completions(diagonal_pairs(1)[0])
    0
    """
    values = as_int_sequence(pair, name="pair", length=9, minimum=1, maximum=25, distinct=True)
    _check_diagonal_sums(np.array([values]))
    a0, a1, a3, a4, b0, b1, b3, b4, c = values
    used = sum(1 << v for v in values)
    free = _ALL & ~used
    rows = Counter(_side_parts(a0, b0, b4, a4, _S - a1 - b3, _S - b1 - a3, used))
    columns = _side_parts(a0, b4, b0, a4, _S - a1 - b1, _S - b3 - a3, used)
    return sum(rows[free ^ m] for m in columns)


# ----------------------------------------------------------------- the compiled search


@functools.cache
def _rev() -> np.ndarray:
    """rev[m] = the 13 low bits of m in reverse order (computed once)."""
    m = np.arange(1 << 13)
    rev = np.zeros(1 << 13, dtype=np.int64)
    for i in range(13):
        rev |= ((m >> i) & 1) << (12 - i)
    rev.setflags(write=False)
    return rev


@njit(inline="always")
def _reflect(r, k):
    """{v : k - v in S}, given r = S reversed (bit 25 - v set for every v in S).

    Here -9 <= k <= 61, so both shifts stay below 64 bits.
    """
    if k >= 25:
        return r << (k - 25)
    return r >> (25 - k)


@njit(inline="always")
def _popcount(x):
    """The number of bits set in x (x >= 0)."""
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@njit(cache=True)
def _side(vals, masks, pos, rev, free, first, n_first, s2, p, q, cnt, touched, store):
    """One side of the join (compiled): rows 0 and 4, or columns 0 and 4.

    The first edge's triple comes from ``first`` (indices into the completions),
    placed as (e1, e3) in 6 ways. The opposite edge is not listed: its cell 1 f1
    forces x = p - e1 - f1, its cell 3 f3 forces y = q - e3 - f3, and its middle
    cell is s2 - f1 - f3. For fixed (e1, e3, f1), every condition on f3 (y and
    the middle free, all different) is a shift of the reversed free set, so the
    valid f3 are the bits of one AND: the loops visit only what they keep. (Cells
    1 and 3 swap roles when cell 3 has fewer choices.)

    ``store``: add every part to ``cnt`` (indexed by the 16-bit set it uses) and
    return how many distinct sets were touched (listed in ``touched``); else
    return the number of matches, the stored parts using the complementary set.
    """
    total = 0
    n_touched = 0
    for ii in range(n_first):
        i = first[ii]
        m1 = masks[i]
        if m1 & ~free:  # never true (the list is filtered), yet measured ~10 % faster with it
            continue
        base = free & ~m1
        rb = (rev[base & 8191] << 13) | rev[base >> 13]
        c1 = pos[vals[i, 0]] | pos[vals[i, 1]] | pos[vals[i, 2]]
        for o in range(6):
            if o == 0:
                e1, e3 = vals[i, 0], vals[i, 2]
            elif o == 1:
                e1, e3 = vals[i, 2], vals[i, 0]
            elif o == 2:
                e1, e3 = vals[i, 0], vals[i, 1]
            elif o == 3:
                e1, e3 = vals[i, 1], vals[i, 0]
            elif o == 4:
                e1, e3 = vals[i, 1], vals[i, 2]
            else:
                e1, e3 = vals[i, 2], vals[i, 1]
            k1 = p - e1
            k3 = q - e3
            z = base & _reflect(rb, k3)  # f3 with y = k3 - f3 free, y != f3
            z &= ~((1 - (k3 & 1)) << ((k3 >> 1) & 63))
            if z == 0:
                continue
            v1 = base & _reflect(rb, k1)  # f1 with x = k1 - f1 free, x != f1
            v1 &= ~((1 - (k1 & 1)) << ((k1 >> 1) & 63))
            if _popcount(v1) > _popcount(z):  # cells 1 and 3 play the same part:
                v1, z = z, v1  # loop over the one with fewer choices
                k1, k3 = k3, k1
            while v1:
                f1 = trailing_zeros(v1)
                v1 &= v1 - 1
                x = k1 - f1
                k2 = s2 - f1  # the middle cell is k2 - f3
                if k2 == k3:  # it would equal y
                    continue
                avail = base & ~((1 << f1) | (1 << x))
                ra = rb & ~((1 << (25 - f1)) | (1 << (25 - x)))
                cand = z & avail & _reflect(ra, k3) & _reflect(ra, k2)
                cand &= ~((1 - (k2 & 1)) << ((k2 >> 1) & 63))  # middle != f3
                key1 = c1 | pos[f1] | pos[x]
                # the highest f3 without a branch (f3 = 0 and valid = 0 when there is none)
                f3 = 63 - leading_zeros(cand | 1)
                valid = np.int64(cand != 0)
                key = key1 | pos[f3] | pos[(k3 - f3) & 31] | pos[(k2 - f3) & 31]
                if store:
                    touched[n_touched] = key
                    n_touched += valid & (cnt[key] == 0)
                    cnt[key] += valid
                else:
                    total += valid * cnt[65535 ^ key]
                cand ^= valid << f3
                while cand:  # the others, if any
                    f3 = trailing_zeros(cand)
                    cand &= cand - 1
                    key = key1 | pos[f3] | pos[k3 - f3] | pos[k2 - f3]
                    if store:
                        touched[n_touched] = key
                        n_touched += cnt[key] == 0
                        cnt[key] += 1
                    else:
                        total += cnt[65535 ^ key]
    if store:
        return n_touched
    return total


@njit(cache=True)
def _filter(start, masks, k, used, out):
    """Write into ``out`` the completions of corners k = 26 a + b that avoid ``used``."""
    n = 0
    for i in range(start[k], start[k + 1]):
        out[n] = i
        n += masks[i] & used == 0
    return n


@njit(cache=True)
def _one_pair(d, start, vals, masks, cnt, touched, pos, lists, rev):
    a0, a1, a3, a4, b0, b1, b3, b4, c = d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7], d[8]
    used = (
        (1 << a0)
        | (1 << a1)
        | (1 << a3)
        | (1 << a4)
        | (1 << b0)
        | (1 << b1)
        | (1 << b3)
        | (1 << b4)
        | (1 << c)
    )
    free = 0x3FFFFFE & ~used
    n_top = _filter(start, masks, a0 * 26 + b0, used, lists[0])
    n_bottom = _filter(start, masks, b4 * 26 + a4, used, lists[1])
    n_left = _filter(start, masks, a0 * 26 + b4, used, lists[2])
    n_right = _filter(start, masks, b0 * 26 + a4, used, lists[3])
    if n_top == 0 or n_bottom == 0 or n_left == 0 or n_right == 0:
        return 0
    k = 0
    for v in range(1, 26):  # pos[v]: the bit of v among the 16 free numbers
        bit = (free >> v) & 1
        pos[v] = bit << k
        k += bit
    # rows 0 and 4 (list the shorter edge, force the other), stored by the set they use
    short = 1 if n_bottom < n_top else 0
    forced = 65 - a0 - b0 if short else 65 - b4 - a4
    n_touched = _side(
        vals,
        masks,
        pos,
        rev,
        free,
        lists[short],
        min(n_top, n_bottom),
        forced,
        65 - a1 - b3,
        65 - b1 - a3,
        cnt,
        touched,
        True,
    )
    if n_touched == 0:
        return 0
    # columns 0 and 4, each looking up the complement of its set
    short = 3 if n_right < n_left else 2
    forced = 65 - a0 - b4 if short == 3 else 65 - b0 - a4
    total = _side(
        vals,
        masks,
        pos,
        rev,
        free,
        lists[short],
        min(n_left, n_right),
        forced,
        65 - a1 - b1,
        65 - b3 - a3,
        cnt,
        touched,
        False,
    )
    for e in range(n_touched):
        cnt[touched[e]] = 0
    return total


@njit(cache=True, parallel=True)
def _count_pairs_kernel(pairs, weights, start, vals, masks, rev, blocks):
    n = pairs.shape[0]
    found = np.zeros(blocks, np.int64)
    for b in prange(blocks):
        cnt = np.zeros(65536, np.int32)  # back to all zeros after each pair
        touched = np.empty(16384, np.int64)  # > 12870 = C(16, 8) sets of 8 numbers
        pos = np.zeros(32, np.int64)
        lists = np.empty((4, 64), np.int64)
        subtotal = 0
        for i in range(b * n // blocks, (b + 1) * n // blocks):
            subtotal += weights[i] * _one_pair(pairs[i], start, vals, masks, cnt, touched, pos, lists, rev)
        found[b] = subtotal
    return found.sum()


def _check_diagonal_sums(arr: np.ndarray) -> None:
    """Both diagonals of every row (9 numbers as from ``diagonal_pairs``) add up to 65."""
    main = arr[:, [0, 1, 2, 3, 8]].sum(axis=1)
    anti = arr[:, [4, 5, 6, 7, 8]].sum(axis=1)
    bad = np.flatnonzero((main != _S) | (anti != _S))
    if bad.size:
        row = arr[bad[0]].tolist()
        raise ValueError(
            _(
                "a pair of diagonals must have both diagonals adding up to {total} (with the "
                "centre, the last number), got {row}: no magic square has these diagonals",
                total=_S,
                row=row,
            )
        )


def _as_pairs(pairs: Any) -> np.ndarray:
    refuse_masked(pairs, "pairs")
    if isinstance(pairs, (str, bytes)) or pairs is None:
        raise TypeError(
            _(
                "pairs must be integer rows of 9 numbers (as from diagonal_pairs), got {kind}",
                kind=type(pairs).__name__,
            )
        )
    if isinstance(pairs, np.ndarray) and pairs.ndim == 0:
        raise TypeError(
            _("pairs must be integer rows of 9 numbers (as from diagonal_pairs), got a 0-D array")
        )
    if hasattr(pairs, "__len__") and len(pairs) > MAX_PAIRS:
        raise ValueError(
            _(
                "pairs must hold at most {maximum} rows (diagonal_pairs(13) has 762,660), got {size}",
                maximum=number(MAX_PAIRS),
                size=number(len(pairs)),
            )
        )
    try:
        arr = np.asarray(pairs)
    except ValueError as exc:
        raise TypeError(
            _("pairs must be integer rows of 9 numbers (as from diagonal_pairs), not ragged lists")
        ) from exc
    if arr.ndim == 1 and arr.size == 9:
        arr = arr.reshape(1, 9)
    if arr.ndim != 2 or arr.shape[1] != 9 or not np.issubdtype(arr.dtype, np.integer):
        raise TypeError(
            _(
                "pairs must be integer rows of 9 numbers (as from diagonal_pairs), "
                "got an array of shape {shape} and dtype {dtype}",
                shape=arr.shape,
                dtype=arr.dtype,
            )
        )
    if arr.size and (arr.min() < 1 or arr.max() > 25):
        raise ValueError(_("pairs must hold numbers of 1..25"))
    arr = np.ascontiguousarray(arr, dtype=np.int64)
    if arr.size:
        ordered = np.sort(arr, axis=1)
        if (ordered[:, 1:] == ordered[:, :-1]).any():
            raise ValueError(_("pairs must hold 9 different numbers in each row"))
        _check_diagonal_sums(arr)
    return arr


def count_diagonal_pairs(pairs: Any, weights: Any = None) -> int:
    """Compiled, parallel count of the magic squares completing each pair of diagonals.

    ``pairs`` are rows as given by ``diagonal_pairs``; the result is the sum of
    ``count_completions`` over them (each times its entry of ``weights``, if
    given), computed by numba over all cores.

    >>> count_diagonal_pairs(diagonal_pairs(1)[:2000])
    1919
    """
    arr = _as_pairs(pairs)
    if weights is None:
        w = np.ones(arr.shape[0], dtype=np.int64)
    else:
        if sequence_length(weights, "weights", _("one integer per pair")) != arr.shape[0]:
            raise TypeError(
                _(
                    "weights must be one integer per pair ({count}), got {size}",
                    count=arr.shape[0],
                    size=len(weights),
                )
            )
        w = np.asarray(weights)
        if w.shape != (arr.shape[0],) or not np.issubdtype(w.dtype, np.integer):
            raise TypeError(
                _(
                    "weights must be one integer per pair ({count}), "
                    "got an array of shape {shape} and dtype {dtype}",
                    count=arr.shape[0],
                    shape=w.shape,
                    dtype=w.dtype,
                )
            )
        w = np.ascontiguousarray(w, dtype=np.int64)
    start, vals, masks = _completion_table()
    blocks = max(1, min(128, arr.shape[0] // 64))
    chunksize = set_parallel_chunksize(1)  # blocks go to whichever thread is free
    try:
        return int(_count_pairs_kernel(arr, w, start, vals, masks, _rev(), blocks))
    finally:
        set_parallel_chunksize(chunksize)


def count_main_diagonal(main_diagonal: Sequence[int]) -> int:
    """Compiled count of the canonical 5x5 magic squares whose main diagonal is ``main_diagonal``.

    ``main_diagonal`` is read from (0,0) to (4,4), centre in the middle. A canonical
    square has (0,0) the smallest of its 8 off-centre diagonal numbers, (1,1) < (3,3)
    and (0,4) < (4,0), so the main diagonal must already have its first number the
    smallest of its four off-centre ones and (1,1) < (3,3). The count runs the
    compiled search over the rows of ``diagonal_pairs`` that start with this
    diagonal; each canonical square stands for the 32 squares of its orbit.

    >>> count_main_diagonal([5, 9, 13, 17, 21])  # the Siamese square's slice
    7580
    """
    a0, a1, c, a3, a4 = as_int_sequence(
        main_diagonal, name="main_diagonal", length=5, minimum=1, maximum=25, distinct=True
    )
    if a0 + a1 + c + a3 + a4 != _S:
        raise ValueError(
            _("main_diagonal must add up to {total}, got {diagonal}", total=_S, diagonal=[a0, a1, c, a3, a4])
        )
    if not (a0 < min(a1, a3, a4) and a1 < a3):
        raise ValueError(
            _(
                "main_diagonal must be in canonical form: its first number the smallest of the four "
                "off-centre ones and its second smaller than its fourth, got {diagonal}",
                diagonal=[a0, a1, c, a3, a4],
            )
        )
    pairs = diagonal_pairs(c)
    return count_diagonal_pairs(pairs[(pairs[:, :4] == [a0, a1, a3, a4]).all(axis=1)])


@functools.cache
def _diagonal_moves() -> np.ndarray:
    """The 32 moves of ``symmetries_32`` as permutations of the 8 off-centre diagonal
    cells, in the order of a ``diagonal_pairs`` row: image[k] = pair[moves[g, k]]."""
    cells = [(0, 0), (1, 1), (3, 3), (4, 4), (0, 4), (1, 3), (3, 1), (4, 0)]
    ids = np.arange(1, 26).reshape(5, 5)
    where = {int(ids[r, c]): k for k, (r, c) in enumerate(cells)}
    moves = np.array([[where[int(img[r, c])] for r, c in cells] for img in symmetries_32(ids)])
    moves.setflags(write=False)
    return moves


def _complement_partners(arr: np.ndarray) -> np.ndarray:
    """For canonical rows P with centre 13, the canonical form P' of the complemented P."""
    comp = 26 - arr[:, :8]
    moves = _diagonal_moves()
    # the canonical image puts the smallest number at (0,0): 4 of the 32 moves do that
    by_corner = np.array([np.flatnonzero(moves[:, 0] == j) for j in range(8)])  # (8, 4)
    smallest = comp.argmin(axis=1)
    other = np.zeros_like(comp)
    hits = np.zeros(arr.shape[0], dtype=np.int64)
    for k in range(by_corner.shape[1]):
        img = np.take_along_axis(comp, moves[by_corner[smallest, k]], axis=1)
        canon = (img[:, 1] < img[:, 2]) & (img[:, 4] < img[:, 7])
        other[canon] = img[canon]
        hits += canon
    if not (hits == 1).all():
        raise ValueError(_("pairs must hold 9 different numbers"))
    return np.hstack([other, arr[:, 8:]])


def complement_weights(pairs: Any) -> np.ndarray:
    """Weights 2, 1 or 0 that let the centre-13 search count half of its pairs.

    The complement x -> 26 - x of a magic square with centre 13 is magic with
    centre 13; made canonical again, its diagonals form a pair P' from the
    diagonals P alone, and the squares completing P and P' correspond one to
    one. So a row counts twice when P < P' (as tuples), once when P' = P, and
    not at all when P > P': over all of ``diagonal_pairs(13)`` the weighted sum
    of the counts equals the plain sum.

    >>> w = complement_weights(diagonal_pairs(13))
    >>> [int((w == k).sum()) for k in (0, 1, 2)]
    [365772, 31116, 365772]
    """
    arr = _as_pairs(pairs)
    if arr.size and not (arr[:, 8] == 13).all():
        raise ValueError(_("complement_weights needs pairs with centre 13"))
    if not arr.size:
        return np.zeros(0, dtype=np.int64)
    canonical = (arr[:, 0] == arr[:, :8].min(axis=1)) & (arr[:, 1] < arr[:, 2]) & (arr[:, 4] < arr[:, 7])
    if not canonical.all():
        raise ValueError(_("complement_weights needs canonical rows, as from diagonal_pairs(13)"))
    diff = _complement_partners(arr)[:, :8] - arr[:, :8]
    first = np.argmax(diff != 0, axis=1)
    sign = np.sign(diff[np.arange(arr.shape[0]), first])  # 0 when P' = P
    return np.where(sign > 0, 2, np.where(sign == 0, 1, 0)).astype(np.int64)


def warm_up() -> float:
    """Compile (or load from numba's cache) the kernels; return the seconds it took.

    >>> warm_up() >= 0
    True
    """
    t0 = time.perf_counter()
    _diagonal_pairs_kernel(np.array(_series5()[:2], dtype=np.int64), 1)
    count_diagonal_pairs(np.zeros((0, 9), dtype=np.int64))
    return time.perf_counter() - t0


# ----------------------------------------------------------------- public counts


def _count_centres(
    centres: Sequence[int], progress: Callable[[int, int], Any] | None, batches_per_centre: int = 16
) -> dict[int, int]:
    """Canonical counts (one square per 32-orbit) for each centre, in batches.

    ``progress(done, total)`` is called after each batch, ``done`` and ``total``
    counted in batches. Ctrl-C (KeyboardInterrupt) stops between two batches.
    """
    result: dict[int, int] = {}
    total = len(centres) * batches_per_centre
    done = 0
    if progress is not None:
        progress(0, total)
    for c in centres:
        pairs = diagonal_pairs(c)
        if c == 13:  # the complement keeps centre 13: search half the pairs
            weights = complement_weights(pairs)
            keep = weights > 0
            pairs, weights = pairs[keep], weights[keep]
        else:
            weights = np.ones(len(pairs), dtype=np.int64)
        edges = np.linspace(0, len(pairs), batches_per_centre + 1).astype(int)
        found = 0
        for lo, hi in zip(edges[:-1], edges[1:], strict=False):
            found += count_diagonal_pairs(pairs[lo:hi], weights[lo:hi]) if hi > lo else 0
            done += 1
            if progress is not None:
                progress(done, total)
        result[c] = found
    return result


def _check_progress(progress: Any) -> None:
    if progress is not None and not callable(progress):
        raise TypeError(
            _(
                "progress must be None or a function progress(done, total), got {kind}",
                kind=type(progress).__name__,
            )
        )


def count_order5_by_center(
    progress: Callable[[int, int], Any] | None = None, *, up_to_symmetry: bool = True
) -> dict[int, int]:
    """The number of 5x5 magic squares for each centre value 1..25.

    Only the centres 1..13 are searched: the complement x -> 26 - x turns a
    square with centre c into one with centre 26 - c. Up to the 8 rotations and
    reflections by default; ``up_to_symmetry=False`` counts every square.
    ``progress(done, total)`` reports batches done (13 centres x 16 batches).

    Runs the full count (about 45 s of CPU time; see ``count_order5``).

    >>> count_order5_by_center()[1]  # doctest: +SKIP
    4365792
    """
    up_to_symmetry = as_flag(up_to_symmetry, "up_to_symmetry")
    _check_progress(progress)
    canonical = _count_centres(list(range(1, 14)), progress)
    factor = 4 if up_to_symmetry else SYMMETRY_COUNT
    return {c: factor * canonical[min(c, 26 - c)] for c in range(1, 26)}


def count_order5(
    up_to_symmetry: bool = True, center: int | None = None, progress: Callable[[int, int], Any] | None = None
) -> int:
    """The number of 5x5 magic squares: 275,305,224 up to rotation and reflection.

    ``up_to_symmetry=False`` counts every square (2,202,441,792). ``center``
    (1..25) counts only the squares with that number in the middle. The search
    runs one canonical square per 32-element orbit (see the module docstring),
    with numba on all cores; the whole count takes about 45 s of CPU time (some
    23 s on 2 cores), one centre under 2 s. ``progress(done, total)`` is called
    between batches of work, and a KeyboardInterrupt (Ctrl-C, or Interrupt in
    Jupyter) stops between two batches.

    >>> count_order5()  # doctest: +SKIP
    275305224
    >>> count_order5(center=26)
    Traceback (most recent call last):
    ...
    ValueError: center must be a number of a 5x5 square (1..25) between 1 and 25, got 26
    """
    up_to_symmetry = as_flag(up_to_symmetry, "up_to_symmetry")
    _check_progress(progress)
    factor = 4 if up_to_symmetry else SYMMETRY_COUNT
    if center is not None:
        c = _center(center)
        return factor * _count_centres([min(c, 26 - c)], progress)[min(c, 26 - c)]
    canonical = _count_centres(list(range(1, 14)), progress)
    return factor * (2 * sum(canonical[c] for c in range(1, 13)) + canonical[13])


# ----------------------------------------------------------------- the 4x4 analogue


def count_order4(up_to_symmetry: bool = False) -> int:
    """The 4x4 version of the same method (readable Python): 7040 squares, 880 up to symmetry.

    Diagonals first in canonical form ((0,0) the smallest diagonal number,
    (1,1) < (2,2), (0,3) < (3,0)); rows 0 and 3 and columns 0 and 3 from the
    completions of magic series; then rows 1, 2 and columns 1, 2 are checked.
    Each canonical square stands for 32.

    >>> count_order4(), count_order4(up_to_symmetry=True)
    (7040, 880)
    """
    up_to_symmetry = as_flag(up_to_symmetry, "up_to_symmetry")
    s = 34
    series = _series(4)
    fill: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for t in series:
        for a, b in itertools.permutations(t, 2):
            rest = [x for x in t if x != a and x != b]
            fill.setdefault((a, b), []).extend([(rest[0], rest[1]), (rest[1], rest[0])])
    canonical = 0
    for main in series:
        for a0, a1, a2, a3 in itertools.permutations(main):
            if a0 != min(main) or a1 > a2:
                continue
            for anti in series:
                if set(anti) & set(main) or min(anti) < a0:
                    continue
                for b0, b1, b2, b3 in itertools.permutations(anti):
                    if b0 > b3:
                        continue
                    used = {a0, a1, a2, a3, b0, b1, b2, b3}
                    for t1, t2 in fill.get((a0, b0), []):  # row 0: a0 t1 t2 b0
                        if {t1, t2} & used:
                            continue
                        for u1, u2 in fill.get((b3, a3), []):  # row 3: b3 u1 u2 a3
                            if {u1, u2} & (used | {t1, t2}):
                                continue
                            if t1 + a1 + b2 + u1 != s:  # column 1
                                continue
                            taken = used | {t1, t2, u1, u2}
                            for l1, l2 in fill.get((a0, b3), []):  # column 0: a0 l1 l2 b3
                                if {l1, l2} & taken:
                                    continue
                                for r1, r2 in fill.get((b0, a3), []):  # column 3: b0 r1 r2 a3
                                    if {r1, r2} & (taken | {l1, l2}):
                                        continue
                                    if l1 + a1 + b1 + r1 == s:  # row 1 (row 2 follows)
                                        canonical += 1
    return canonical * (4 if up_to_symmetry else SYMMETRY_COUNT)
