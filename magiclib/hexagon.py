"""The order-3 magic hexagon as a system of linear equations.

Nineteen cells, numbered x1..x19 row by row (rows of 3, 4, 5, 4 and 3 cells),
lie on 15 straight lines: 5 rows and 5 lines in each of the two slanted
directions. Asking every line to sum to the same total is the linear system
A x = total (15 equations, 19 unknowns); A has rank 12, so 7 cells are free.

Cells are numbered from 1, row by row, as in the Chinese article *幻方的故事与求解*;
a *fill* is a tuple of 19 values,
the value of cell k at index k - 1. Exact arithmetic throughout: integers, or
sympy rationals where a value is not whole.

This module is imported as a module (``from magiclib import hexagon``): its
``magic_constant`` is the hexagon's, not the square's.
"""

from __future__ import annotations

import itertools
import math
import numbers
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

import numpy as np
import sympy

from ._check import as_order, sequence_length
from ._types import Fill, FillLike
from .i18n import gettext, number

__all__ = [
    "CELLS",
    "ROW_LENGTHS",
    "MAGIC_HEXAGON",
    "axial",
    "coordinates",
    "lines",
    "line_names",
    "incidence_matrix",
    "rref",
    "free_variables",
    "pivot_variables",
    "dependencies",
    "null_space",
    "general_solution",
    "fill",
    "line_sums",
    "is_magic",
    "symmetries",
    "symmetry_names",
    "symmetry_label",
    "line_label",
    "apply_symmetry",
    "standard_form",
    "solutions",
    "brute_force",
    "BRUTE_FORCE_TRIES",
    "MAX_TRIES",
    "magic_constant",
    "magic_constant_expression",
]

#: Number of cells of the order-3 hexagon.
CELLS = 19
#: Cells per row, top to bottom.
ROW_LENGTHS = (3, 4, 5, 4, 3)
#: Adams' magic hexagon, cells x1..x19 row by row (every line sums to 38).
MAGIC_HEXAGON = (3, 17, 18, 19, 7, 1, 11, 16, 2, 5, 6, 9, 12, 4, 8, 14, 10, 13, 15)
#: The brute force of the article: 7 distinct free values out of 1..19, 19·18·…·13 choices.
BRUTE_FORCE_TRIES = math.perm(19, 7)
#: The most tries ``brute_force`` makes without an explicit ``limit`` (a few seconds of Python).
MAX_TRIES = 250_000

_LIMIT = 10**18  # integers beyond this are refused (they are never meant)


# ------------------------------------------------------------------ geometry


@cache
def _axial() -> tuple[tuple[int, int], ...]:
    cells = []
    for r in range(-2, 3):
        for q in range(max(-2, -r - 2), min(2, -r + 2) + 1):
            cells.append((q, r))
    return tuple(cells)


def axial(cell: int) -> tuple[int, int]:
    """Axial hex coordinates (q, r) of cell 1..19; r is the row (-2 top), q + r + s = 0.

    >>> axial(1), axial(10), axial(19)
    ((0, -2), (0, 0), (0, 2))
    """
    cell = as_order(cell, name="cell", minimum=1, maximum=CELLS, what=gettext("a cell number"))
    return _axial()[cell - 1]


def coordinates() -> dict[int, tuple[float, float]]:
    """Centre (x, y) of every cell for drawing, neighbours one unit apart, y upwards.

    >>> coordinates()[10]
    (0.0, 0.0)
    """
    h = math.sqrt(3) / 2
    return {k: (q + r / 2, -r * h) for k, (q, r) in enumerate(_axial(), start=1)}


@cache
def lines() -> tuple[tuple[int, ...], ...]:
    """The 15 lines as tuples of cell numbers: 5 rows, then 5 lines "/", then 5 lines "\\".

    Within a line the cells run from the top of the hexagon down.

    >>> lines()[0], lines()[5], lines()[10]
    ((1, 2, 3), (1, 4, 8), (8, 13, 17))
    """
    cells = _axial()
    out = []
    # rows: r constant; "/": s = -q - r constant (going down-left); "\": q constant
    for key in (lambda q, r: r, lambda q, r: q + r, lambda q, r: q):
        groups: dict[int, list[int]] = {}
        for k, (q, r) in enumerate(cells, start=1):
            groups.setdefault(key(q, r), []).append(k)
        out.extend(tuple(groups[g]) for g in sorted(groups))
    return tuple(out)


def line_names() -> tuple[str, ...]:
    """Short labels of the 15 lines, in the order of ``lines()``.

    >>> line_names()[:2], line_names()[5], line_names()[14]
    (('row 1', 'row 2'), '/ 1', '\\\\ 5')
    """
    return (
        tuple(f"row {i}" for i in range(1, 6))
        + tuple(f"/ {i}" for i in range(1, 6))
        + tuple(f"\\ {i}" for i in range(1, 6))
    )


def line_label(name: str) -> str:
    """A name of ``line_names()`` as the reader's language says it ("/ 2" and "\\ 5" stay as they are).

    >>> line_label("row 3")
    'row 3'
    """
    if not isinstance(name, str):
        raise TypeError(
            gettext("name must be a string from line_names(), got {kind}", kind=type(name).__name__)
        )
    if name.startswith("row "):
        return gettext("row {k}", context="a row of the magic hexagon", k=name.removeprefix("row "))
    return name


# ------------------------------------------------------------- linear algebra


def incidence_matrix() -> np.ndarray:
    """The 15 x 19 0/1 matrix A: row i has a 1 in column k-1 when cell k is on line i.

    >>> A = incidence_matrix()
    >>> A.shape, int(A.sum()), int(np.linalg.matrix_rank(A))
    ((15, 19), 57, 12)
    """
    a = np.zeros((15, CELLS), dtype=np.int64)
    for i, line in enumerate(lines()):
        for k in line:
            a[i, k - 1] = 1
    return a


@cache
def _rref() -> tuple[sympy.Matrix, tuple[int, ...]]:
    return sympy.Matrix(incidence_matrix()).rref()


def rref() -> tuple[sympy.Matrix, tuple[int, ...]]:
    """Exact reduced row echelon form of A (sympy) and its pivot columns (0-based).

    >>> R, pivots = rref()
    >>> R.shape, len(pivots)
    ((15, 19), 12)
    """
    R, pivots = _rref()
    return R.copy(), tuple(pivots)


def free_variables() -> tuple[int, ...]:
    """The cells (1-based) that are not pivots of rref(A): any values may go there.

    >>> free_variables()
    (10, 11, 14, 15, 16, 18, 19)
    """
    pivots = set(_rref()[1])
    return tuple(k + 1 for k in range(CELLS) if k not in pivots)


def pivot_variables() -> tuple[int, ...]:
    """The 12 cells (1-based) fixed by the free ones: the pivot columns of rref(A).

    >>> pivot_variables()
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 13, 17)
    """
    return tuple(k + 1 for k in _rref()[1])


def dependencies() -> tuple[tuple[int, ...], ...]:
    """Three combinations y of the 15 lines with y·A = 0: the equations the other 12 imply.

    The first two say that the rows and the "/" lines (and the "\\" lines) each
    cover every cell once. The third weights each line by the hex coordinate it
    keeps constant (r for rows, s for "/", q for "\\"); since q + r + s = 0 in
    every cell, the weighted sum of all lines is zero cell by cell.

    >>> dependencies()[2]
    (2, 1, 0, -1, -2, -2, -1, 0, 1, 2, 2, 1, 0, -1, -2)
    """
    rows, slash, back = (1,) * 5 + (0,) * 10, (0,) * 5 + (1,) * 5 + (0,) * 5, (0,) * 10 + (1,) * 5
    weights = []
    for i, line in enumerate(lines()):
        q, r = _axial()[line[0] - 1]
        weights.append(-(r, -q - r, q)[i // 5])
    return (
        tuple(a - b for a, b in zip(rows, slash, strict=False)),
        tuple(a - b for a, b in zip(rows, back, strict=False)),
        tuple(weights),
    )


def null_space() -> tuple[tuple[int, ...], ...]:
    """The 7 basis fills of A x = 0, one per free cell (1 there, 0 in the other free cells).

    >>> len(null_space()), null_space()[0][:5]
    (7, (-1, 1, 0, 1, 0))
    """
    B, _ = general_solution(0)
    return tuple(tuple(int(B[i, j]) for i in range(CELLS)) for j in range(B.shape[1]))


def _exact(x: Any, name: str) -> int | sympy.Rational:
    """An int, or a sympy Rational for an exact fraction; refuse floats and non-numbers."""
    if isinstance(x, (sympy.Integer,)):
        x = int(x)
    if isinstance(x, numbers.Integral) and not isinstance(x, (bool, np.bool_)):
        what = gettext("an integer", context="what a value must be")  # not the exercises' "an integer"
        return as_order(x, name=name, minimum=-_LIMIT, maximum=_LIMIT, what=what)
    if isinstance(x, Fraction):
        return sympy.Rational(x.numerator, x.denominator)
    if isinstance(x, sympy.Rational):
        return x
    if isinstance(x, numbers.Number) and not isinstance(x, (bool, np.bool_)):
        raise TypeError(
            gettext(
                "{name} must be exact: an integer, a fractions.Fraction or a sympy "
                "Rational, got {kind} {value!r} (floats would round)",
                name=name,
                kind=type(x).__name__,
                value=x,
            )
        )
    raise TypeError(
        gettext(
            "{name} must be a number (an integer or an exact fraction), got {kind} {value!r}",
            name=name,
            kind=type(x).__name__,
            value=x,
        )
    )


def _plain(x: Any) -> int | sympy.Rational:
    x = sympy.Rational(x)
    return int(x) if x.q == 1 else x


@cache
def _solution_parts() -> tuple[sympy.Matrix, sympy.Matrix]:
    """(B, b1): x = B f + total * b1, from the exact rref of [A | 1]."""
    a = sympy.Matrix(incidence_matrix())
    R, pivots = a.row_join(sympy.ones(15, 1)).rref()
    free = [k - 1 for k in free_variables()]
    B = sympy.zeros(CELLS, len(free))
    b1 = sympy.zeros(CELLS, 1)
    for row, p in enumerate(pivots):
        if p == CELLS:
            raise AssertionError("A x = total has no solution")  # never: total*1 is in col(A)
        for j, k in enumerate(free):
            B[p, j] = -R[row, k]
        b1[p] = R[row, CELLS]
    for j, k in enumerate(free):
        B[k, j] = 1
    return B, b1


def general_solution(total: Any = 0) -> tuple[sympy.Matrix, sympy.Matrix]:
    """Exact (B, b): every fill with all 15 lines summing to ``total`` is x = B·f + b.

    B is 19 x 7 (one column per free cell, see ``free_variables``), b is 19 x 1,
    both sympy matrices; b is the fill with all free cells 0.

    >>> B, b = general_solution(38)
    >>> B.shape, list(b[:6])
    ((19, 7), [76, 0, -38, 0, -38, 38])
    """
    total = _exact(total, "total")
    B, b1 = _solution_parts()
    return B.copy(), b1 * total


def _as_fill(values: Any, name: str = "values", length: int = CELLS) -> tuple:
    if isinstance(values, np.ndarray) and values.ndim != 1:
        raise ValueError(
            gettext(
                "{name} must be one-dimensional ({length} numbers), got shape {shape}",
                name=name,
                length=length,
                shape=values.shape,
            )
        )
    size = sequence_length(values, name, gettext("a sequence of {length} numbers", length=length))
    if size != length:
        raise ValueError(
            gettext("{name} must have {length} numbers, got {size}", name=name, length=length, size=size)
        )
    values = list(values)
    return tuple(_exact(v, f"{name}[{i}]") for i, v in enumerate(values))


def fill(free: Sequence[Any], total: Any = 0) -> Fill:
    """The whole fill x = B·f + b for the 7 free values ``f`` (cells 10, 11, 14, 15, 16, 18, 19).

    Every line of the result sums to ``total``. Entries are ints, or sympy
    Rationals when ``f`` holds fractions.

    >>> fill((1, 2, 5, 7, 10, 3, 8))[:6]
    (-43, 13, 30, 10, 27, -25)
    """
    f = _as_fill(free, gettext("free values"), 7)
    total = _exact(total, "total")
    B, b1 = _solution_parts()
    x = B * sympy.Matrix(f) + b1 * total
    return tuple(_plain(v) for v in x)


def line_sums(values: FillLike) -> tuple:
    """The 15 line sums of a fill, in the order of ``lines()``.

    >>> line_sums(MAGIC_HEXAGON) == (38,) * 15
    True
    """
    x = _as_fill(values)
    return tuple(_plain(sum(sympy.Rational(x[k - 1]) for k in line)) for line in lines())


def is_magic(values: FillLike, total: int = 38) -> bool:
    """True when the fill holds 1..19 once each and every line sums to ``total``.

    >>> is_magic(MAGIC_HEXAGON), is_magic(fill((1, 2, 5, 7, 10, 3, 8)), total=0)
    (True, False)
    """
    x = _as_fill(values)
    total = _exact(total, "total")
    return sorted(x) == list(range(1, CELLS + 1)) and all(s == total for s in line_sums(x))


# ------------------------------------------------------------------ symmetry

_SYMMETRY_NAMES = (
    "identity",
    "rotate 60°",
    "rotate 120°",
    "rotate 180°",
    "rotate 240°",
    "rotate 300°",
    "mirror 1",
    "mirror 2",
    "mirror 3",
    "mirror 4",
    "mirror 5",
    "mirror 6",
)


@cache
def symmetries() -> tuple[tuple[int, ...], ...]:
    """The 12 rotations and reflections of the hexagon as cell permutations.

    ``p[k - 1]`` is the cell where cell k goes. The identity comes first, then
    the 5 rotations by 60° steps (counterclockwise), then 6 reflections.

    >>> len(symmetries()), symmetries()[1][:3]
    (12, (8, 4, 1))
    """
    index = {qr: k for k, qr in enumerate(_axial(), start=1)}

    def rotate(q, r):  # 60° counterclockwise: (q, r, s) -> (-r, -s, -q)
        s = -q - r
        return -s, -q

    def mirror(q, r):  # left-right mirror: swap q and s, keep r
        return -q - r, r

    out = []
    for flip in (False, True):
        for turns in range(6):
            perm = []
            for q, r in _axial():
                if flip:
                    q, r = mirror(q, r)
                for _ in range(turns):
                    q, r = rotate(q, r)
                perm.append(index[(q, r)])
            out.append(tuple(perm))
    return tuple(out)


def symmetry_names() -> tuple[str, ...]:
    """Names of the 12 symmetries, in the order of ``symmetries()``.

    >>> symmetry_names()[:2]
    ('identity', 'rotate 60°')
    """
    return _SYMMETRY_NAMES


def symmetry_label(name: str) -> str:
    """A name of ``symmetry_names()`` as the reader's language says it (the name stays the key).

    >>> symmetry_label("mirror 1")
    'mirror 1'
    """
    if not isinstance(name, str):
        raise TypeError(
            gettext("name must be a string from symmetry_names(), got {kind}", kind=type(name).__name__)
        )
    turn, _sep, rest = name.partition(" ")
    if name == "identity":
        return gettext("identity", context="symmetry")
    if turn == "rotate":
        return gettext("rotate {angle}", context="symmetry", angle=rest)
    if turn == "mirror":
        return gettext("mirror {k}", context="symmetry", k=rest)
    return name


def apply_symmetry(values: FillLike, perm: Sequence[int]) -> Fill:
    """The fill moved by the cell permutation ``perm`` (value of cell k goes to cell perm[k-1]).

    >>> apply_symmetry(MAGIC_HEXAGON, symmetries()[0]) == MAGIC_HEXAGON
    True
    """
    x = _as_fill(values)
    p = _as_fill(perm, "perm")
    if sorted(p) != list(range(1, CELLS + 1)):
        raise ValueError(gettext("perm must be a permutation of the cells 1..19, got {perm}", perm=p))
    out: list = [None] * CELLS
    for k, target in enumerate(p):
        out[target - 1] = x[k]
    return tuple(out)


def standard_form(values: FillLike) -> Fill:
    """The smallest (lexicographically) of the 12 symmetric images of a fill.

    >>> standard_form(MAGIC_HEXAGON)[:3]
    (3, 17, 18)
    """
    x = _as_fill(values)
    return min(apply_symmetry(x, p) for p in symmetries())


# --------------------------------------------------------------------- search

_CORNERS = (1, 3, 12, 19, 17, 8)  # clockwise from the top left
# Search order: the rim (1, 2 close the top edge; 4, 7, 16, 13 close the others), then 5.
_ORDER = (1, 2, 4, 7, 16, 13, 5)


@cache
def _schedule() -> tuple[
    tuple[
        int, tuple[tuple[int, tuple[int, ...]], ...], tuple[tuple[int, ...], ...], tuple[tuple[int, int], ...]
    ],
    ...,
]:
    """A fixed filling order, one step per chosen cell (0-based): (cell, cells that must
    hold less than it, derived cells (cell, rest of its line, order pairs to check), lines
    completed without a derivation).

    The cells are chosen in the order ``_ORDER``; after each choice, every line
    with a single empty cell gives that cell's value, repeatedly. The rim comes
    first (each new corner or edge cell closes an edge of 3), then one inner cell
    closes all the rest. The order constraints keep one fill out of every 12
    symmetric ones: cell 1 holds the smallest corner, and cell 3 less than cell 8
    (the mirror through cell 1 swaps those two).
    """
    lns = [tuple(k - 1 for k in line) for line in lines()]
    corner = [k - 1 for k in _CORNERS]
    order_pairs = [(corner[0], c) for c in corner[1:]] + [(2, 7)]
    filled: set[int] = set()
    steps = []

    def propagate(before: set[int], chosen: int) -> tuple[list, set[int]]:
        done = before | {chosen}
        derived = []
        progress = True
        while progress:
            progress = False
            for ln in lns:
                empty = [k for k in ln if k not in done]
                if len(empty) == 1:
                    k = empty[0]
                    derived.append((k, tuple(c for c in ln if c != k)))
                    done.add(k)
                    progress = True
        return derived, done

    for c in (k - 1 for k in _ORDER):
        derived, done = propagate(filled, c)
        used_lines = {frozenset((k,) + rest) for k, rest in derived}
        checks = tuple(
            ln for ln in lns if set(ln) <= done and not set(ln) <= filled and frozenset(ln) not in used_lines
        )
        known = filled | {c}
        above = tuple(a for a, b in order_pairs if b == c and a in filled)  # x[a] < x[c]
        events = []
        for k, rest in derived:
            known.add(k)
            events.append((k, rest, tuple((a, b) for a, b in order_pairs if k in (a, b) and {a, b} <= known)))
        steps.append((c, above, tuple(events), checks))
        filled = done
    if len(filled) != CELLS:
        raise AssertionError("the search order leaves cells undetermined")
    return tuple(steps)


def _search(total: int, steps: tuple) -> list[tuple[int, ...]]:
    """Depth-first search along ``steps``: one fill per symmetry class."""
    x = [0] * CELLS
    used = [False] * (CELLS + 1)
    found: list[tuple[int, ...]] = []

    def place(depth: int) -> None:
        if depth == len(steps):
            found.append(tuple(x))
            return
        cell, above, derived, checks = steps[depth]
        low = max([x[a] for a in above], default=0) + 1
        for v in range(low, CELLS + 1):
            if used[v]:
                continue
            x[cell] = v
            used[v] = True
            placed = []
            ok = True
            for k, rest, pairs in derived:  # a line with one empty cell fixes it
                w = total - sum([x[c] for c in rest])
                if w < 1 or w > CELLS or used[w]:
                    ok = False
                    break
                x[k] = w
                used[w] = True
                placed.append(w)
                for a, b in pairs:
                    if x[a] >= x[b]:
                        ok = False
                if not ok:
                    break
            if ok:
                for ln in checks:  # a line completed without a derivation
                    if sum([x[c] for c in ln]) != total:
                        ok = False
            if ok:
                place(depth + 1)
            for w in placed:
                used[w] = False
            used[v] = False

    place(0)
    return found


def solutions(total: Any = 38) -> tuple[Fill, ...]:
    """Every fill of the cells with 1..19 (once each) whose 15 lines all sum to ``total``, sorted.

    A depth-first search that chooses 7 cells (the rim first, then cell 5); as
    soon as a line has a single empty cell, that cell's value follows; the branch is cut when it
    leaves 1..19 or repeats a value, or when a completed line misses ``total``.
    It keeps one fill per symmetry class (cell 1 the smallest corner, cell 3 <
    cell 8) and returns each with its 12 rotations and reflections.

    >>> s = solutions()
    >>> len(s), MAGIC_HEXAGON in s
    (12, True)
    """
    total = _exact(total, "total")
    if not isinstance(total, int):
        return ()
    found = {apply_symmetry(x, p) for x in _search(total, _schedule()) for p in symmetries()}
    return tuple(sorted(found))


def brute_force(
    total: Any = 38, *, start: Sequence[int] = (), limit: int | None = None
) -> tuple[tuple[tuple[int, ...], ...], int]:
    """The brute-force search: try every choice of 7 distinct free values in 1..19 in order.

    For each choice, x = B·f + b gives all 19 cells; it is a solution when the
    cells hold 1..19 once each. ``start`` fixes the first free values (cells 10,
    11, ...), ``limit`` stops after that many tries. Returns (solutions, tries).

    Without a ``limit``, a search of more than ``MAX_TRIES`` (250,000) tries is
    refused: the whole search (``BRUTE_FORCE_TRIES``, 253 million) takes some 40
    minutes, so fix at least 3 free values in ``start``, or give ``limit``.

    >>> found, tries = brute_force(start=(5, 6, 4, 8))
    >>> found, tries
    (((3, 17, 18, 19, 7, 1, 11, 16, 2, 5, 6, 9, 12, 4, 8, 14, 10, 13, 15),), 2730)
    """
    total = _exact(total, "total")
    name, what = gettext("start value"), gettext("a value 1..19")
    start = tuple(
        as_order(v, name=name, minimum=1, maximum=CELLS, what=what)
        for v in _as_fill(start, "start", len(start))
    )
    if len(start) > 7 or len(set(start)) != len(start):
        raise ValueError(gettext("start must hold at most 7 distinct values, got {start}", start=start))
    if limit is not None:
        limit = as_order(limit, name="limit", minimum=0, what=gettext("a whole number of tries"))
    elif math.perm(CELLS - len(start), 7 - len(start)) > MAX_TRIES:
        raise ValueError(
            gettext(
                "brute_force with start={start} would make {tries} tries; without a limit it "
                "accepts at most {maximum} (fix at least 3 free values in start, or give limit=...)",
                start=start,
                tries=number(math.perm(CELLS - len(start), 7 - len(start))),
                maximum=number(MAX_TRIES),
            )
        )
    B, b = general_solution(total)
    rows = [tuple(int(B[i, j]) for j in range(7)) for i in range(CELLS)]
    base = [_plain(v) for v in b]
    target = list(range(1, CELLS + 1))
    rest = [v for v in target if v not in start]
    found, tries = [], 0
    for tail in itertools.permutations(rest, 7 - len(start)):
        if limit is not None and tries >= limit:
            break
        f = start + tail
        tries += 1
        x = [base[i] + sum(c * v for c, v in zip(rows[i], f, strict=False)) for i in range(CELLS)]
        if sorted(x) == target:
            found.append(tuple(x))
    return tuple(found), tries


# ---------------------------------------------------------- other orders


def magic_constant_expression() -> sympy.Expr:
    """The line sum of a normal magic hexagon of order n, as a sympy rational function of n.

    A hexagon of order n has N = 3n(n-1)+1 cells holding 1..N; the 2n-1 parallel
    rows share the total N(N+1)/2 equally.

    >>> n = sympy.Symbol("n")
    >>> magic_constant_expression().subs(n, 3)
    38
    """
    n = sympy.Symbol("n")
    cells = 3 * n * (n - 1) + 1
    return sympy.factor(cells * (cells + 1) / (2 * (2 * n - 1)))


def magic_constant(order: int) -> sympy.Rational:
    """The exact line sum a normal magic hexagon of this order would need (a sympy Rational).

    It is whole only for orders 1 and 3, so no other order can exist.

    >>> magic_constant(3), magic_constant(2), magic_constant(1)
    (38, 28/3, 1)
    """
    order = as_order(order, name="order")
    cells = 3 * order * (order - 1) + 1
    return sympy.Rational(cells * (cells + 1), 2 * (2 * order - 1))
