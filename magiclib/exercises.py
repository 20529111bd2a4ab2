"""Self-check for the notebooks' exercises: a student's answer gets specific feedback.

``check(exercise_id, answer)`` compares a student's answer with the answer computed by magiclib
and says what is right or what is wrong ("a 3x3 magic square has centre 5; your square has 4
there"), never the answer itself. A wrong kind of answer (``None``, a string, a float where a
square is expected) is an answer too: it gets ``ok=False`` and a hint about the kind expected,
never an exception. Only an unknown exercise id raises ``ValueError`` (a programming error).

Ids are ``"NN.k"``: notebook ``NN``, exercise ``k`` of its ``## Exercises`` section.
``exercises()`` lists them; ``describe(exercise_id)`` says what answer an exercise expects.

>>> import magiclib.exercises as ex
>>> ex.check("00.1", 260)
✓ Right: 260 = 8 · (8² + 1) / 2, the magic constant of every 8x8 normal magic square.
>>> bool(ex.check("00.1", None))
False
"""

from __future__ import annotations

import functools
import math
import numbers
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, permutations
from typing import Any

import numpy as np

from . import hexagon
from .allsquares import count_magic_squares, frenicle_squares, magic_series, magic_square_array
from .construct import magic
from .famous import DURER, LO_SHU
from .i18n import N_, _, ngettext
from .i18n import number as _prose_number
from .i18n import percent as _percent
from .matrices import is_queens_permutation, magic_space_dimension, nearest_magic
from .nqueens import count_queens, hidden_queens, queen_symmetries, queens
from .squares import is_magic, magic_constant, symmetries
from .walk import RULES, _rule_name, siamese, siamese_steps

__all__ = [
    "ANSWER_HEADER",
    "CODE_STUB",
    "EXPLAIN_HEADER",
    "TEXT_STUB",
    "Feedback",
    "check",
    "describe",
    "exercises",
]

#: The texts of an nbgrader assignment built from a notebook's exercises (classroom/assignments.py), in the
#: student's language: the instructions above the exercises, the prompt above an answer in words, and
#: what replaces a solution in the student's copy (code, then words).
ANSWER_HEADER = N_(
    "**Your answers.** For each exercise, write your code in the cell under it and put your answer in "
    "the variable the cell names (`answer_1` for exercise 1, and so on); the cell after it checks the "
    "answer with `check`, as the notebook does. Where an exercise asks why, answer in words in the cell "
    "under *Your explanation*. Run every cell from the top, then save and submit."
)
EXPLAIN_HEADER = N_("*Your explanation* (in your own words; the teacher grades it):")
CODE_STUB = N_("# Your code here: set answer_k (k: the exercise's number).\nraise NotImplementedError()")
TEXT_STUB = N_("Your answer here.")

#: Longest list, widest square and largest number an answer may hold; beyond them the answer is
#: refused as the wrong kind before anything is copied.
MAX_ITEMS = 10_000
MAX_SIDE = 64
_BIG = 10**30


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: ``ok`` and a message for the student; true when the answer is right.

    >>> Feedback(False, "Not yet: try again.")
    ✗ Not yet: try again.
    """

    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return ("✓ " if self.ok else "✗ ") + self.message

    __repr__ = __str__

    def _repr_html_(self) -> str:
        import html

        mark, word = (
            ("✓", _("right", context="verdict on an answer"))
            if self.ok
            else ("✗", _("not yet", context="verdict on an answer"))
        )
        return (
            f'<p role="status" aria-label="{word}" style="font-size:14pt">'
            f"<b>{mark}</b> {html.escape(self.message)}</p>"
        )


def _right(message: str) -> Feedback:
    return Feedback(True, _("Right: {message}", message=message))


def _wrong(message: str) -> Feedback:
    return Feedback(False, _("Not yet: {message}", message=message))


@dataclass(frozen=True)
class _Exercise:
    ident: str
    question: str
    expects: str
    judge: Callable[[Any], Feedback | None]


class _WrongKind(Exception):
    """Raised by the readers below when an answer is not of the expected kind."""


# --- reading answers (each raises _WrongKind, never anything else) ---------------------------------


def _int(x: Any) -> int:
    """An integer answer: int, numpy or sympy integer, or a float with no fractional part."""
    if isinstance(x, (bool, np.bool_)):
        raise _WrongKind
    if isinstance(x, numbers.Integral):
        value = int(x)
    elif isinstance(x, (float, np.floating)) and math.isfinite(x) and float(x).is_integer():
        value = int(x)
    elif getattr(x, "is_Integer", False):  # sympy.Integer
        value = int(x)
    else:
        raise _WrongKind
    if abs(value) > _BIG:
        raise _WrongKind
    return value


def _items(x: Any) -> list:
    """A list, tuple, set, range or 1-D array of at most MAX_ITEMS items."""
    if isinstance(x, (str, bytes, dict)) or not isinstance(
        x, (list, tuple, set, frozenset, range, np.ndarray)
    ):
        raise _WrongKind
    if isinstance(x, np.ndarray) and x.ndim != 1:
        raise _WrongKind
    if len(x) > MAX_ITEMS:
        raise _WrongKind
    if isinstance(x, (set, frozenset)):
        try:
            return sorted(x)
        except TypeError:
            raise _WrongKind from None
    return list(x)


def _ints(x: Any) -> list[int]:
    return [_int(v) for v in _items(x)]


def _number(x: Any) -> complex:
    """A real or complex number, also a sympy expression that evaluates to one."""
    if isinstance(x, (bool, np.bool_, str, bytes)):
        raise _WrongKind
    try:
        value = complex(x)
    except (TypeError, ValueError, OverflowError, AttributeError):
        raise _WrongKind from None
    if not (math.isfinite(value.real) and math.isfinite(value.imag)):
        raise _WrongKind
    return value


def _grid(x: Any, n: int | None = None) -> np.ndarray:
    """A square of integers (list of lists, numpy or sympy matrix), side at most MAX_SIDE."""
    if hasattr(x, "tolist") and not isinstance(x, np.ndarray) and hasattr(x, "shape"):
        x = x.tolist()  # sympy.Matrix
    if isinstance(x, np.ndarray):
        if x.ndim != 2 or x.shape[0] != x.shape[1] or x.shape[0] > MAX_SIDE:
            raise _WrongKind
        rows = x.tolist()
    else:
        rows = _items(x) if isinstance(x, (list, tuple)) else None
        if rows is None or len(rows) > MAX_SIDE:
            raise _WrongKind
        rows = [_items(r) for r in rows]
    side = len(rows)
    if side == 0 or any(len(r) != side for r in rows):
        raise _WrongKind
    if n is not None and side != n:
        raise _WrongKind
    return np.array([[_int(v) for v in r] for r in rows], dtype=np.int64)


def _real_grid(x: Any, n: int) -> np.ndarray:
    if hasattr(x, "tolist") and not isinstance(x, np.ndarray) and hasattr(x, "shape"):
        x = x.tolist()
    if isinstance(x, np.ndarray):
        if x.shape != (n, n):
            raise _WrongKind
        rows = x.tolist()
    else:
        if not isinstance(x, (list, tuple)) or len(x) != n:
            raise _WrongKind
        rows = [_items(r) for r in x]
        if any(len(r) != n for r in rows):
            raise _WrongKind
    values = [[_number(v) for v in r] for r in rows]
    if any(abs(v.imag) > 1e-9 for r in values for v in r):
        raise _WrongKind
    return np.array([[v.real for v in r] for r in values], dtype=float)


def _pair(x: Any) -> tuple[Any, Any]:
    if isinstance(x, dict) or not isinstance(x, (list, tuple)) or len(x) != 2:
        raise _WrongKind
    return x[0], x[1]


def _cell(x: Any) -> tuple[int, int]:
    a, b = _pair(x)
    return _int(a), _int(b)


def _call(f: Any, *args: Any) -> Any:
    if not callable(f) or isinstance(f, type):
        raise _WrongKind
    try:
        return f(*args)
    except Exception as exc:  # a student's function may fail in any way: that is feedback, not a crash
        raise _FunctionFailed(
            _("your function raised {error}: {exc}", error=type(exc).__name__, exc=exc)
        ) from None


class _FunctionFailed(Exception):
    pass


def _problems(problems: list[str]) -> str:
    """Several problems of one answer, each a clause already in the reader's language, as one sentence."""
    return _("{problems}.", problems=_("; ").join(problems))


# --- notebook 00: what is a magic square ------------------------------------------------------------


def _00_1(answer: Any) -> Feedback:
    value = _int(answer)
    right = magic_constant(8)
    if value == right:
        return _right(
            _("{value} = 8 · (8² + 1) / 2, the magic constant of every 8x8 normal magic square.", value=value)
        )
    if value == 64 * 65 // 2:
        return _wrong(_("{value} is the sum of all 64 entries; one row holds an eighth of it.", value=value))
    if value == 2 * right:
        return _wrong(_("{value} is twice too big: the formula divides n · (n² + 1) by 2.", value=value))
    if value == 65:
        return _wrong(_("65 is n² + 1 only; multiply by n = 8 and divide by 2."))
    if value in {magic_constant(k) for k in range(1, 8)} | {magic_constant(k) for k in range(9, 12)}:
        return _wrong(
            _("{value} is the magic constant of another order; use n = 8 in n · (n² + 1) / 2.", value=value)
        )
    return _wrong(
        _(
            "{value} is not n · (n² + 1) / 2 for n = 8; check the arithmetic, then magic_constant(8).",
            value=value,
        )
    )


def _00_2(answer: Any) -> Feedback:
    square = _grid(answer)
    if square.shape != (4, 4):
        return _wrong(
            _(
                "Dürer's square is 4x4; your answer is {shape}x{shape2}.",
                shape=square.shape[0],
                shape2=square.shape[1],
            )
        )
    if np.array_equal(square, DURER):
        return _wrong(_("this is Dürer's square unchanged; replace each entry x by 17 − x."))
    for (r, c), d in np.ndenumerate(DURER):
        if int(square[r, c]) + int(d) != 17:
            return _wrong(
                _(
                    (
                        "at row {r}, column {c} Dürer's square has {d} and yours has {square}; they add "
                        "up to {value}, not n² + 1 = 17."
                    ),
                    r=r,
                    c=c,
                    d=int(d),
                    square=int(square[r, c]),
                    value=int(square[r, c]) + int(d),
                )
            )
    return _right(
        _("every entry x became 17 − x; the result holds 1..16 once each and every line sums to 34.")
    )


def _00_3(answer: Any) -> Feedback:
    value = _int(answer)
    right = sum(img[-1, 1:3].tolist() == [15, 14] for img in symmetries(DURER))
    if value == right:
        return _right(_("only the square as Dürer engraved it shows 15 14 in the middle of its bottom row."))
    if value == 0:
        return _wrong(
            _("the square as it stands is one of the eight images (the identity); look at its bottom row.")
        )
    if value == 2:
        return _wrong(_("the left-right flip keeps 15 and 14 in the bottom row, but reads them as 14 15."))
    if value in (4, 8):
        return _wrong(
            _("the turns and the other flips move 15 and 14 to another side or stand them in a column.")
        )
    return _wrong(
        _(
            "{value} is not it: there are 8 images; look at the bottom row of each (ml.symmetries).",
            value=value,
        )
    )


#: The six lines of a 2x2 square, by the names exercise 00.4 uses, and their cells.
_LINES_2X2 = {
    "top row": {(0, 0), (0, 1)},
    "bottom row": {(1, 0), (1, 1)},
    "left column": {(0, 0), (1, 0)},
    "right column": {(0, 1), (1, 1)},
    "main diagonal": {(0, 0), (1, 1)},
    "anti-diagonal": {(0, 1), (1, 0)},
}


def _line_name(x: Any) -> str:
    """A line name of exercise 00.4, read loosely (case, spaces, "anti diagonal")."""
    if not isinstance(x, str):
        raise _WrongKind
    name = " ".join(x.lower().replace("_", " ").split())
    return {
        "anti diagonal": "anti-diagonal",
        "antidiagonal": "anti-diagonal",
        "diagonal": "main diagonal",
    }.get(name, name)


def _00_4(answer: Any) -> Feedback:
    if isinstance(answer, numbers.Integral) and not isinstance(answer, bool):
        return _wrong(
            _(
                "the question asks which pairs, not how many: list them, "
                "e.g. [('top row', 'left column'), ...]."
            )
        )
    chosen: set[frozenset[str]] = set()
    for pair in _items(answer):
        if isinstance(pair, (set, frozenset)) and len(pair) == 2:
            pair = tuple(pair)
        first, second = (_line_name(x) for x in _pair(pair))
        for name in (first, second):
            if name not in _LINES_2X2:
                return _wrong(
                    _("{name!r} is not a line name; use {items}.", name=name, items=", ".join(_LINES_2X2))
                )
        if first == second:
            return _wrong(
                _(
                    "({first!r}, {second!r}) pairs a line with itself; a pair needs two different lines.",
                    first=first,
                    second=second,
                )
            )
        chosen.add(frozenset((first, second)))
    right = {frozenset(p) for p in combinations(_LINES_2X2, 2) if _LINES_2X2[p[0]] & _LINES_2X2[p[1]]}
    for pair in sorted(chosen - right, key=sorted):
        first, second = sorted(pair)
        return _wrong(
            _(
                (
                    "the {first} and the {second} share no cell: subtracting their sums leaves two "
                    "cells against two, and no two entries are forced equal."
                ),
                first=first,
                second=second,
            )
        )
    missing = right - chosen
    if missing == {frozenset(("top row", "left column"))}:
        return _wrong(
            _("you left out the pair of the example itself (top row, left column); list all of them.")
        )
    if missing:
        return _wrong(
            ngettext(
                (
                    "you list {count} pair; more pairs share a cell. Go through the lines one by one "
                    "and pair each with every line that crosses it."
                ),
                (
                    "you list {count} pairs; more pairs share a cell. Go through the lines one by one "
                    "and pair each with every line that crosses it."
                ),
                len(chosen),
            )
        )
    return _right(
        _(
            "these 12 pairs each share exactly one cell, so each forces the two other cells equal; "
            "only the two rows, the two columns and the two diagonals share none."
        )
    )


# --- notebook 01: the Siamese walk ------------------------------------------------------------------


def _placed(x: Any) -> tuple[tuple[int, int], str | None]:
    """A cell ``(row, col)``, or a cell with the rule that placed it: ``((row, col), "wrap")``."""
    first, second = _pair(x)
    if isinstance(first, (list, tuple)):
        if not isinstance(second, str):
            raise _WrongKind
        return _cell(first), _rule_named(second)
    return _cell(x), None


def _rule_named(said: str) -> str:
    """The rule a student's words name: its code name or its name in the reader's language, alone or
    in a phrase ("rule wrap", "la regla de la vuelta"); the words themselves if they name no rule or
    more than one."""
    said = " ".join(said.lower().split())
    named = {r for r in RULES if r in said or _rule_name(r).lower() in said}
    return named.pop() if len(named) == 1 else said


def _01_1(answer: Any) -> Feedback:
    if isinstance(answer, dict):
        if set(answer) != {10, 11}:
            raise _WrongKind
        (ten, rule10), (eleven, rule11) = _placed(answer[10]), _placed(answer[11])
    else:
        a, b = _pair(answer)
        (ten, rule10), (eleven, rule11) = _placed(a), _placed(b)
    steps = siamese_steps(5)
    right10, right11 = (steps[9].row, steps[9].col), (steps[10].row, steps[10].col)
    if (ten, eleven) == (right11, right10):
        return _wrong(_("you have the two cells, but swapped: which of the two numbers starts a new block?"))
    if ten != right10:
        return _wrong(
            _(
                (
                    "10 is not at {ten}: 9 is at (0, 0), so 10 aims above the top row; rule wrap "
                    "sends it down."
                ),
                ten=ten,
            )
        )
    if eleven != right11:
        return _wrong(
            _(
                (
                    "11 is not at {eleven}: the cell 11 aims at is taken, so rule occupied moves it "
                    "down one and left two from the aimed cell."
                ),
                eleven=eleven,
            )
        )
    for number, rule, step in ((10, rule10, steps[9]), (11, rule11, steps[10])):
        if rule is not None and rule != ", ".join(step.rules):
            return _wrong(
                _(
                    "the cell of {number} is right, but rule {rule!r} is not the one that puts it there.",
                    number=number,
                    rule=_rule_name(rule) if rule in RULES else rule,
                )
            )
    return _right(_("10 wraps from above the top row to the bottom row, and 11 is repaired (rule occupied)."))


def _01_2(answer: Any) -> Feedback:
    if isinstance(answer, dict):
        if set(answer) != {"occupied", "corner"}:
            raise _WrongKind
        occupied, corner = answer["occupied"], answer["corner"]
    else:
        occupied, corner = _pair(answer)
    occupied = sorted(_ints(occupied))
    corner = _int(corner)
    steps = siamese_steps(7)
    right_occ = [s.number for s in steps if "occupied" in s.rules]
    right_corner = [s.number for s in steps if "corner" in s.rules][0]
    problems = []
    if corner != right_corner:
        if corner in right_occ:
            problems.append(_("{corner} is repaired by rule occupied, not corner", corner=corner))
        else:
            problems.append(
                _(
                    (
                        "{corner} does not use rule corner: it fires after the number placed in the "
                        "top-right cell"
                    ),
                    corner=corner,
                )
            )
    if occupied != right_occ:
        extra = [k for k in occupied if k not in right_occ]
        if right_corner in extra:
            problems.append(_("{right_corner} uses rule corner, not occupied", right_corner=right_corner))
        elif extra:
            problems.append(
                _("{extra} does not use rule occupied (repairs start a block of 7)", extra=extra[0])
            )
        if len(occupied) < len(right_occ) and not extra:
            problems.append(
                _("you list {count} numbers for rule occupied; there are more", count=len(occupied))
            )
    if not problems:
        return _right(
            _("the repairs come at the first number of each block of 7, and one of them is a corner.")
        )
    return _wrong(_problems(problems))


def _01_3(answer: Any) -> Feedback:
    for n in range(1, 52, 2):
        value = _call(answer, n)
        try:
            value = _int(value)
        except _WrongKind:
            return _wrong(
                _(
                    "your function should return an integer; for n = {n} it returned {value!r}.",
                    n=n,
                    value=value,
                )
            )
        centre = int(siamese(n)[n // 2, n // 2])
        if value != centre:
            return _wrong(
                _(
                    "for n = {n} your formula gives {value}, but the centre of ml.siamese({n}) differs.",
                    n=n,
                    value=value,
                )
            )
    return _right(_("your formula gives the centre of the Siamese square for every odd n up to 51."))


def _walk_down_one(n: int) -> np.ndarray:
    """The Siamese walk with rule occupied replaced by 'down one from the last number'."""
    start = siamese_steps(n)[0]
    grid = np.zeros((n, n), dtype=np.int64)
    row, col = start.row, start.col
    grid[row, col] = 1
    for number in range(2, n * n + 1):
        r, c = (row - 1) % n, (col + 1) % n
        if grid[r, c]:
            r, c = (row + 1) % n, col
        row, col = r, c
        grid[row, col] = number
    return grid


def _01_4(answer: Any) -> Feedback:
    for n in (3, 5, 7):
        grid = _call(answer, n)
        try:
            grid = _grid(grid, n)
        except _WrongKind:
            return _wrong(_("walk_down_one({n}) should return a {n}x{n} grid of integers.", n=n))
        want = _walk_down_one(n)
        if sorted(grid.ravel().tolist()) != list(range(1, n * n + 1)):
            return _wrong(_("for n = {n} your grid does not hold 1..{value} once each.", n=n, value=n * n))
        if not np.array_equal(grid, want):
            k = min(int(want[r, c]) for r, c in zip(*np.nonzero(grid != want), strict=True))
            return _wrong(
                _(
                    (
                        "for n = {n} the number {k} is not where the changed walk puts it: start where "
                        "the walk starts, and when the aimed cell is taken go down one from the last "
                        "number."
                    ),
                    n=n,
                    k=k,
                )
            )
    return _right(
        _("your walk matches for n = 3, 5 and 7; now compare its line sums with magic_constant(n).")
    )


# --- notebook 02: all the squares --------------------------------------------------------------------


def _02_1(answer: Any) -> Feedback:
    try:
        square = _grid(answer, 3)
    except _WrongKind:
        value = _int(answer)
        if count_magic_squares(3, center=value) if 1 <= value <= 9 else False:
            return _right(_("the four lines through the centre give 4 · 15 = 45 + 3c."))
        return _wrong(
            _(
                (
                    "no 3x3 magic square has {value} in the centre: try ml.count_magic_squares(3, "
                    "center={value})."
                ),
                value=value,
            )
        )
    if sorted(square.ravel().tolist()) != list(range(1, 10)):
        return _wrong(_("a normal 3x3 magic square holds 1..9 once each; yours does not."))
    if not is_magic(square):
        return _wrong(_("your square's lines do not all sum to 15."))
    return _right(
        _(
            "your square is magic, and its centre is {square}, as in all eight of them.",
            square=int(square[1, 1]),
        )
    )


def _02_1_centre_hint(square: np.ndarray) -> Feedback | None:
    if square.shape == (3, 3) and int(square[1, 1]) != 5:
        return _wrong(
            _("a 3x3 magic square has centre 5; your square has {square} there.", square=int(square[1, 1]))
        )
    return None


@functools.cache
def _squares4() -> np.ndarray:
    return magic_square_array(4)


def _02_2(answer: Any) -> Feedback:
    a, b = _pair(answer)
    in_corner, forms = _int(a), _int(b)
    squares4 = _squares4()
    corners = squares4[:, [0, 0, -1, -1], [0, -1, 0, -1]]
    right_corner = int((corners == 1).any(axis=1).sum())
    right_forms = int((frenicle_squares(4)[:, 0, 0] == 1).sum())
    if (in_corner, forms) == (right_corner, right_forms):
        return _right(_("every symmetry moves corners to corners, so the first count is 8 times the second."))
    if in_corner == forms:
        return _wrong(_("both counts are equal; but each square up to symmetry stands for 8 of the 7040."))
    problems = []
    if in_corner != right_corner:
        problems.append(
            _(
                "{in_corner} squares of the 7040 is not right (look at the four corner cells of each)",
                in_corner=in_corner,
            )
        )
    if forms != right_forms:
        problems.append(
            _("{forms} up to symmetry is not right (look at ml.frenicle_squares(4))", forms=forms)
        )
    if in_corner == 8 * forms:
        problems.append(_("your two numbers do have the right ratio 8"))
    return _wrong(_problems(problems))


def _02_3(answer: Any) -> Feedback:
    value = _int(answer)
    if value * 6 * 6 == 72:
        return _right(
            _("2 ordered pairs of orthogonal partitions, times 3! row orders and 3! column orders, is 72.")
        )
    if value == 1:
        return _wrong(
            _("count ORDERED pairs: rows from the first and columns from the second, or the other way.")
        )
    if value in (3, 4):
        return _wrong(_("a partition is never orthogonal to itself: its series share no number."))
    return _wrong(
        _(
            "{value} · 3! · 3! is {value2}, not 72; how many ordered pairs of partitions are there?",
            value=value,
            value2=value * 36,
        )
    )


@functools.cache
def _durer_year() -> tuple[int, int]:
    squares4 = _squares4()
    bottom = int(((squares4[:, 3, 1] == 15) & (squares4[:, 3, 2] == 14)).sum())
    turned = sum(any(img[3, 1] == 15 and img[3, 2] == 14 for img in symmetries(s)) for s in squares4)
    return bottom, int(turned)


def _02_4(answer: Any) -> Feedback:
    a, b = _pair(answer)
    bottom, turned = _int(a), _int(b)
    right_bottom, right_turned = _durer_year()
    if (bottom, turned) == (right_bottom, right_turned):
        return _right(
            _("the second count is exactly 8 times the first: no square shows the pattern on two sides.")
        )
    problems = []
    if bottom != right_bottom:
        problems.append(
            _(
                (
                    "{bottom} for the bottom row is not right: filter the squares with sq[3][1] == "
                    "15 and sq[3][2] == 14"
                ),
                bottom=bottom,
            )
        )
    if turned != right_turned:
        if turned == 4 * bottom or turned == 2 * bottom:
            problems.append(
                _("the pattern can be brought to the bottom from any of 4 sides, read in 2 directions")
            )
        else:
            problems.append(_("{turned} for the turned or flipped squares is not right", turned=turned))
    return _wrong(_problems(problems))


def _pruned_profile(n: int, cut: str = "after") -> list[int]:
    """Nodes at each depth of the row search of order n that stops extending a partial square once a column
    sum exceeds M. ``cut``: "after" a node is counted (the folded solution of 02.5), or "before" the
    recursive call, so that such a partial square is never made (02.5 accepts both), or "every" child
    checked before the call, full squares too (more than 02.5 asks)."""
    target = magic_constant(n)
    depth: Counter[int] = Counter()

    def too_big(rows: list[tuple[int, ...]]) -> bool:
        return bool(rows) and any(sum(col) > target for col in zip(*rows, strict=True))

    def grow(rows: list[tuple[int, ...]], candidates: list[tuple[int, ...]]) -> None:
        depth[len(rows)] += 1
        if cut == "after" and too_big(rows):
            return
        if len(rows) == n:
            return
        for s in candidates:
            rest = [t for t in candidates if not set(t) & set(s)]
            for row in permutations(s):
                child = [*rows, row]
                checked = cut == "every" or (cut == "before" and len(child) < n)
                if (rows or row[0] < row[-1]) and not (checked and too_big(child)):
                    grow(child, rest)

    grow([], [tuple(s) for s in magic_series(n)])
    return [depth[k] for k in range(n + 1)]


def _02_5(answer: Any) -> Feedback:
    profile = _ints(answer)
    right, before = _pruned_profile(3), _pruned_profile(3, cut="before")
    if profile == right:
        return _right(_("the first three levels stay, the last one shrinks: 48 two-row squares are cut."))
    if profile == before:
        return _right(
            _(
                "checked before each call: the 48 two-row squares with a column above 15 are never made, "
                "so depth 2 shrinks too, and depth 3 is the same either way."
            )
        )
    if len(profile) != 4:
        return _wrong(
            _(
                "give the number of nodes at each depth 0, 1, 2, 3 (4 numbers); you gave {count}.",
                count=len(profile),
            )
        )
    if profile[:2] != right[:2]:
        return _wrong(_("with one row no column sum can exceed 15, so depths 0 and 1 stay as they were."))
    if profile[2] not in (right[2], before[2]):
        return _wrong(
            _(
                "{nodes} nodes at depth 2 fits neither reading: a check after counting a node leaves depth 2 "
                "as it was; a check before the recursive call removes the two-row squares with a column "
                "above 15.",
                nodes=profile[2],
            )
        )
    if profile == _pruned_profile(3, cut="every"):
        return _wrong(
            _(
                "{nodes} nodes at depth 3: the check also threw away full squares; the exercise asks only to "
                "stop extending partial ones.",
                nodes=profile[3],
            )
        )
    if profile[3] > right[3]:
        return _wrong(
            _(
                "{profile} nodes at depth 3 is too many: is the column check done before going deeper?",
                profile=profile[3],
            )
        )
    return _wrong(
        _(
            "{profile} nodes at depth 3 is too few: the check should stop only when a column EXCEEDS 15.",
            profile=profile[3],
        )
    )


# --- notebook 03: queens in a magic square ----------------------------------------------------------


def _03_1(answer: Any) -> Feedback:
    value = _int(answer)
    reading = np.arange(1, 65, dtype=np.int64).reshape(8, 8)
    right = len(hidden_queens(reading))
    if value == right:
        return _right(
            _("every queen of row r adds 8r + s[r] + 1, and the columns s[r] are a permutation of 0..7.")
        )
    if value == 0:
        return _wrong(
            _("the square is not magic, but a solution can still add up to 260: try one with queen_sum.")
        )
    if value == 4:
        return _wrong(_("4 is what the article's magic square hides; this square is different."))
    return _wrong(
        _("{value} is not it: add up the queens of row r, 8r + s[r] + 1, over all 8 rows.", value=value)
    )


@functools.cache
def _quarter_counts() -> tuple[int, ...]:
    return tuple(sum(queen_symmetries(s)[1] == s for s in queens(n)) for n in range(1, 13))


def _03_2(answer: Any) -> Feedback:
    if isinstance(answer, dict):
        if set(answer) != set(range(1, 13)):
            return _wrong(_("give a dict with the keys n = 1, ..., 12 (or a list of 12 counts)."))
        counts = [_int(answer[n]) for n in range(1, 13)]
    else:
        counts = _ints(answer)
        if len(counts) != 12:
            return _wrong(_("give 12 counts, for n = 1, ..., 12; you gave {count}.", count=len(counts)))
    right = _quarter_counts()
    for n, (mine, want) in enumerate(zip(counts, right, strict=True), start=1):
        if mine != want:
            if want == 0 and n % 4 in (2, 3):
                return _wrong(
                    _(
                        (
                            "for n = {n} (remainder {value} on division by 4) no quarter-turn solution can "
                            "exist."
                        ),
                        n=n,
                        value=n % 4,
                    )
                )
            return _wrong(
                _(
                    (
                        "for n = {n} your count {mine} is not right: compare each s with "
                        "queen_symmetries(s)[1]."
                    ),
                    n=n,
                    mine=mine,
                )
            )
    return _right(
        _("solutions fixed by a quarter turn fill whole 4-cycles (plus the centre), so n = 4k or 4k + 1.")
    )


def _03_3(answer: Any) -> Feedback:
    if isinstance(answer, dict):
        if set(answer) != {"left", "middle", "right"}:
            raise _WrongKind
        left, middle, right_ = (_int(answer[k]) for k in ("left", "middle", "right"))
    else:
        values = _ints(answer)
        if len(values) != 3:
            raise _WrongKind
        left, middle, right_ = values
    five = Counter("left" if s[0] < 2 else "middle" if s[0] == 2 else "right" for s in queens(5))
    if (left, middle, right_) == (five["left"], five["middle"], five["right"]):
        return _right(_("the mirror pairs left with right; the middle column is its own mirror image."))
    if left + middle + right_ != count_queens(5):
        return _wrong(
            _(
                "your three counts add up to {value}; n = 5 has {value2} solutions.",
                value=left + middle + right_,
                value2=count_queens(5),
            )
        )
    if left != right_:
        return _wrong(
            _("the left-right mirror pairs a first queen in column c with one in column 4 − c: left = right.")
        )
    return _wrong(
        _("the split between the halves and the middle column is not right: look at s[0] for queens(5).")
    )


# --- notebook 04: the magic hexagon ------------------------------------------------------------------


def _04_1(answer: Any) -> Feedback:
    cells = sorted(_ints(answer))
    free = hexagon.free_variables()
    rotate = hexagon.symmetries()[1]
    right = sorted(rotate[k - 1] for k in free)
    if cells == right:
        return _right(_("the rotated cells are a valid free set too: a symmetry maps lines to lines."))
    if len(cells) != 7 or len(set(cells)) != 7:
        return _wrong(_("give the 7 different cells of the rotated free set (numbers 1..19)."))
    if not all(1 <= k <= 19 for k in cells):
        return _wrong(_("cells are numbered 1..19."))
    if cells == sorted(free):
        return _wrong(_("that is the free set before the rotation; map each cell k to rotate[k − 1]."))
    if cells == sorted(rotate[k] for k in free if k < 19) or any(k == 0 for k in cells):
        return _wrong(_("cells are numbered from 1 but the tuple is indexed from 0: use rotate[k − 1]."))
    return _wrong(_("some cells are not the images of the free cells under hexagon.symmetries()[1]."))


@functools.cache
def _corners_and_centre_can_be_free() -> bool:
    cells = [1, 3, 8, 10, 12, 17, 19]
    basis, _particular = hexagon.general_solution(38)
    return basis.extract([k - 1 for k in cells], list(range(7))).rank() == 7


def _04_2(answer: Any) -> Feedback:
    if not isinstance(answer, (bool, np.bool_)):
        raise _WrongKind
    if bool(answer) == _corners_and_centre_can_be_free():
        return _right(
            _(
                "no: the 6 corners and the centre always add up to twice the line sum, "
                "so 6 of them fix the 7th."
            )
        )
    return _wrong(_("add the 7 cells up in Adams' hexagon and compare with the line sum 38."))


def _04_3(answer: Any) -> Feedback:
    sums = sorted(set(_ints(answer)))
    shifted = tuple(v + 1 for v in hexagon.MAGIC_HEXAGON)
    right = sorted(set(hexagon.line_sums(shifted)))
    if sums == right:
        return _right(
            _("a line of ℓ cells gains ℓ, and the lines have 3, 4 or 5 cells: the lines are no longer equal.")
        )
    if len(sums) == 1:
        return _wrong(
            _("not every line has the same number of cells, so they do not all gain the same amount.")
        )
    return _wrong(_("these are not the line sums after adding 1: use hexagon.line_sums on the shifted fill."))


def _04_4(answer: Any) -> Feedback:
    if isinstance(answer, (list, tuple)) and len(answer) == 2:
        c, s = _int(answer[0]), _int(answer[1])
    else:
        c = _int(answer)
        s = 3 * c
    if c == 0 and s == 0:
        return _right(_("only the zero fill: a 3-cell line gives 3c = s and a 5-cell line 5c = s."))
    if c != 0:
        return _wrong(
            _(
                "with c = {c} a 3-cell line sums to {value} and a 5-cell line to {value2}.",
                c=c,
                value=3 * c,
                value2=5 * c,
            )
        )
    return _wrong(_("with c = 0 every line sums to 0, not {s}.", s=s))


@functools.cache
def _x1_survivors() -> int:
    survive = 0
    for x15 in range(1, 20):
        others = [v for v in range(1, 20) if v != x15]
        for six in combinations(others, 6):
            if 1 <= 76 - 2 * x15 - sum(six) <= 19:
                survive += math.factorial(6)
    return survive


def _04_5(answer: Any) -> Feedback:
    value = _int(answer)
    right = _x1_survivors()
    if value == right:
        return _right(
            _(
                "about {value} of the choices keep x1 in 1..19.",
                value=_percent(right / hexagon.BRUTE_FORCE_TRIES, decimals=0),
            )
        )
    if value * math.factorial(6) == right:
        return _wrong(_("you counted sets of six values; each set stands for 6! orders of the six cells."))
    if value >= hexagon.BRUTE_FORCE_TRIES:
        return _wrong(_("that is all the choices (or more); only some of them keep x1 in 1..19."))
    return _wrong(
        _(
            "{value} is not it: loop over x15 and over the combinations of the six other values.",
            value=_prose_number(value),
        )
    )


# --- notebook 05: magic squares as matrices ---------------------------------------------------------


def _05_1(answer: Any) -> Feedback:
    values = [_number(v) for v in _items(answer)]
    right = np.linalg.eigvals(magic(6).astype(float))
    trace = int(np.trace(magic(6)))
    if len(values) != 6:
        return _wrong(
            _(
                "a 6x6 matrix has 6 eigenvalues counted with multiplicity; you gave {count}.",
                count=len(values),
            )
        )
    total = sum(values)
    if abs(total - trace) > 1e-6:
        return _wrong(
            _(
                "your eigenvalues add up to {real:g}, but the trace of magic(6) is {trace}.",
                real=total.real,
                trace=trace,
            )
        )
    if min(abs(v) for v in values) > 1e-9:
        return _wrong(_("magic(6) is singular (rank 5), so one of its eigenvalues is zero; yours has none."))
    unmatched = list(right)
    for v in values:
        best = min(range(len(unmatched)), key=lambda i: abs(unmatched[i] - v))
        if abs(unmatched[best] - v) > 1e-6 * max(1.0, abs(v)):
            return _wrong(
                _("{real:g} is not an eigenvalue of magic(6) (det(magic(6) − λI) ≠ 0 there).", real=v.real)
            )
        unmatched.pop(best)
    return _right(_("they add up to the trace, and the eigenvalue 0 makes magic(6) singular."))


def _05_2(answer: Any) -> Feedback:
    orders = sorted(set(_ints(answer)))
    right = [n for n in range(3, 31) if np.linalg.matrix_rank(magic(n)) < n]
    if orders == right:
        return _right(_("every even order from 4 on: the rank rule gives 3 or n/2 + 2, less than n."))
    odd = [n for n in orders if n % 2]
    if odd:
        return _wrong(_("{odd} is odd, and magic(n) of odd order has full rank n.", odd=odd[0]))
    missing = [n for n in right if n not in orders]
    if missing:
        return _wrong(
            ngettext(
                "{count} singular order missing; compare magic_rank_rule(n) with n.",
                "{count} singular orders missing; compare magic_rank_rule(n) with n.",
                len(missing),
            )
        )
    return _wrong(_("only orders 3..30 count; some of yours are outside that range."))


def _05_3(answer: Any) -> Feedback:
    dims = _ints(answer)
    right = [magic_space_dimension(n) - 1 for n in range(3, 7)]
    if dims == right:
        return _right(_("one more independent condition drops the dimension by one: n² − 2n − 1."))
    if len(dims) != 4:
        return _wrong(_("give 4 dimensions, for n = 3, 4, 5, 6; you gave {count}.", count=len(dims)))
    if dims == [magic_space_dimension(n) for n in range(3, 7)]:
        return _wrong(
            _("these are the dimensions of the whole magic space; line sum 0 is one more condition.")
        )
    return _wrong(
        _("not all four are right: add the row 'row 0 sums to 0' to line_conditions(n) and take the rank.")
    )


def _05_4(answer: Any) -> Feedback:
    perms = _items(answer)
    chosen = []
    for p in perms:
        p = _ints(p)
        if sorted(p) != [0, 1, 2, 3]:
            return _wrong(_("{p} is not a permutation of the columns 0, 1, 2, 3.", p=tuple(p)))
        chosen.append(tuple(p))
    right = {p for p in permutations(range(4)) if is_magic(magic(4)[:, list(p)])}
    bad = [p for p in chosen if p not in right]
    if bad:
        return _wrong(
            _("columns in the order {bad} do not give a magic square: check its diagonals.", bad=bad[0])
        )
    if len(set(chosen)) != len(chosen):
        return _wrong(_("you list a permutation twice."))
    if set(chosen) != right:
        return _wrong(
            _("all {count} of yours work, but there are more: try all 24 orders.", count=len(chosen))
        )
    return _right(
        _("permuting columns keeps row and column sums; these are the orders that keep the diagonals.")
    )


# --- notebook 06: counting 5x5 squares ---------------------------------------------------------------


@functools.cache
def _centre_13_corner_9() -> int:
    """Canonical 5x5 squares with 13 in the centre and 9 at (0,0), by the compiled search."""
    from .order5 import count_diagonal_pairs, diagonal_pairs  # loaded here: order5 compiles with numba

    pairs = diagonal_pairs(13)
    return count_diagonal_pairs(pairs[pairs[:, 0] == 9])


def _06_1(answer: Any) -> Feedback:
    value = _int(answer)
    right = _centre_13_corner_9()
    if value == right:
        return _right(
            _(
                "a corner of 9 leaves one set of 8 diagonal numbers (9..17 without 13), "
                "and it completes rarely."
            )
        )
    if value == 4 * right:
        return _wrong(
            _("that is the count up to the 8 rotations and reflections; a canonical square stands for 32.")
        )
    if value == 32 * right:
        return _wrong(
            _("that counts every square of the orbits; the question asks for canonical squares only.")
        )
    if value == 0:
        return _wrong(_("the bound 9 is reached: some pairs of diagonals with corner 9 do complete."))
    return _wrong(
        _(
            (
                "{value} is not it: add count_squares(main, anti) over every canonical main "
                "diagonal (9, a1, 13, a3, a4) and each of its anti_diagonals(main)."
            ),
            value=value,
        )
    )


def _06_2(answer: Any) -> Feedback:
    square = _grid(answer, 5)
    p = [1, 0, 2, 4, 3]
    # the notebook's SIAMESE is ml.siamese(5); magic(5), its anti-transpose, works as well
    bases = {"SIAMESE": siamese(5), "ml.magic(5)": magic(5)}
    for name, base in bases.items():
        if np.array_equal(square, base[np.ix_(p, p)]):
            assert is_magic(square)
            return _right(_("the moved square is magic, and moving it again gives {name} back.", name=name))
    for name, base in bases.items():
        if np.array_equal(square, base):
            return _wrong(_("this is {name} unchanged; apply the move to it.", name=name))
        if np.array_equal(square, base[p, :]):
            return _wrong(_("you swapped the rows only; the move swaps the same columns too."))
        if np.array_equal(square, base[:, p]):
            return _wrong(_("you swapped the columns only; the move swaps the same rows too."))
    return _wrong(
        _(
            "this is not SIAMESE = ml.siamese(5) (or ml.magic(5)) with rows 0↔1, 3↔4 and the same columns"
            " swapped."
        )
    )


def _06_3(answer: Any) -> Feedback:
    value = _int(answer)
    from .order5 import symmetries_32  # loaded here: order5 compiles with numba on import

    marker = np.zeros((5, 5), dtype=np.int64)
    marker[0, 0] = 1
    right = sum(int(img[0, 0]) for img in symmetries_32(marker))
    if value == right:
        return _right(_("32 moves spread (0,0) over 8 cells equally; the two comparisons pick one of these."))
    if value == 1:
        return _wrong(_("the identity is not the only move that keeps (0,0): the transpose does too."))
    if value == 8:
        return _wrong(
            _("8 is the number of off-centre diagonal cells (0,0) can go to; divide the 32 moves among them.")
        )
    return _wrong(
        _(
            "{value} is not it: the 32 moves carry (0,0) to each off-centre diagonal cell equally often.",
            value=value,
        )
    )


def _06_4(answer: Any) -> Feedback:
    value = _int(answer)
    right = count_magic_squares(4) // 32
    if value == right:
        return _right(_("7040 / 32: each canonical square stands for 32 squares."))
    if value == count_magic_squares(4) // 8:
        return _wrong(
            _("880 is the count up to the 8 rotations and reflections; the canonical rule uses 32 moves.")
        )
    if value == count_magic_squares(4):
        return _wrong(_("7040 is every 4x4 square; only one in each group of 32 is canonical."))
    return _wrong(
        _("{value} is not it: how many squares does each canonical 4x4 square stand for?", value=value)
    )


# --- notebook 07: the space of magic matrices -------------------------------------------------------


def _07_1(answer: Any) -> Feedback:
    matrix = _real_grid(answer, 3)
    right = np.array(nearest_magic(np.arange(1, 10).reshape(3, 3)).tolist(), dtype=float)
    if np.allclose(matrix, right, atol=1e-9):
        return _right(_("it is 5·J: only the mean survives; Π removes the zero-sum row and column patterns."))
    sums = np.concatenate([matrix.sum(0), matrix.sum(1), [np.trace(matrix), np.trace(matrix[::-1])]])
    if not np.allclose(sums, sums[0]):
        return _wrong(_("your matrix is not magic: its lines do not all have the same sum."))
    if not math.isclose(matrix.sum(), 45):
        return _wrong(
            _(
                "the projection keeps the total 45 of 1..9; your matrix adds up to {value:g}.",
                value=matrix.sum(),
            )
        )
    return _wrong(
        _("your matrix is magic with total 45, but it is not the nearest one: use ml.nearest_magic.")
    )


def _07_2(answer: Any) -> Feedback:
    if isinstance(answer, (list, tuple, set, frozenset, np.ndarray)):
        perms = [tuple(_ints(p)) for p in _items(answer)]
        bad = [p for p in perms if sorted(p) != [0, 1, 2, 3] or not is_queens_permutation(p)]
        if bad:
            return _wrong(
                _(
                    (
                        "{bad} is not a 4-queens permutation (two queens share a diagonal, or not a "
                        "permutation)."
                    ),
                    bad=bad[0],
                )
            )
        value = len(set(perms))
    else:
        value = _int(answer)
    right = sum(is_queens_permutation(p) for p in permutations(range(4)))
    if value == right:
        return _right(_("only two; they cover 8 of the 16 cells, and magic(4) has no zero entry."))
    if value == 24:
        return _wrong(
            _("24 is every permutation matrix of order 4; keep those with no two queens on a diagonal.")
        )
    return _wrong(
        _(("{value} is not it: test each of the 24 permutations with ml.is_queens_permutation."), value=value)
    )


# --- notebook 08: estimating the 6x6 count ------------------------------------------------------------


def _08_1(answer: Any) -> Feedback:
    value = _int(answer)
    right = len({tuple(map(tuple, img.tolist())) for img in symmetries(LO_SHU)})
    if value == right:
        return _right(_("all 8 images differ, so the sampler counts every square 8 times and divides by 8."))
    if value == 4:
        return _wrong(_("4 are the rotations only; the reflections give 4 more images."))
    if value == 1:
        return _wrong(
            _("a rotation or a reflection moves at least one number, and the numbers are distinct.")
        )
    return _wrong(
        _(
            "{value} is not it: put the images of ml.symmetries(ml.LO_SHU) in a set and count them.",
            value=value,
        )
    )


_REGISTRY: dict[str, _Exercise] = {
    e.ident: e
    for e in [
        _Exercise("00.1", N_("magic constant of an 8x8 normal magic square"), N_("an integer"), _00_1),
        _Exercise(
            "00.2",
            N_("the square 17 − A for Dürer's square A"),
            N_("a 4x4 square (list of lists or array)"),
            _00_2,
        ),
        _Exercise(
            "00.3", N_("images of Dürer's square reading 15 14 in the bottom row"), N_("an integer"), _00_3
        ),
        _Exercise(
            "00.4",
            N_("pairs of lines of a 2x2 square that force two entries equal"),
            N_("a list of pairs of line names, e.g. [('top row', 'left column'), ...]"),
            _00_4,
        ),
        _Exercise(
            "01.1",
            N_("cells of 10 and 11 in the 5x5 walk, and the rules that place them"),
            N_("{10: (row, col), 11: (row, col)}, or {10: ((row, col), rule), 11: ((row, col), rule)}"),
            _01_1,
        ),
        _Exercise(
            "01.2",
            N_("7x7 walk: numbers using rule occupied, and the one using rule corner"),
            N_("a pair (list of numbers, number) or {'occupied': [...], 'corner': ...}"),
            _01_2,
        ),
        _Exercise(
            "01.3",
            N_("the centre of the Siamese square as a formula in n"),
            N_("a function of n returning an integer"),
            _01_3,
        ),
        _Exercise(
            "01.4",
            N_("the walk with rule 'down one from the last number'"),
            N_("a function walk_down_one(n) returning a grid"),
            _01_4,
        ),
        _Exercise(
            "02.1", N_("the centre of a 3x3 magic square"), N_("an integer, or a 3x3 magic square"), _02_1
        ),
        _Exercise(
            "02.2",
            N_("4x4 squares with 1 in a corner: all, and up to symmetry"),
            N_("a pair of integers"),
            _02_2,
        ),
        _Exercise(
            "02.3", N_("ordered pairs of orthogonal partitions behind the 72"), N_("an integer"), _02_3
        ),
        _Exercise(
            "02.4",
            N_("squares with 15 14 in the bottom row: as they stand, and turned or flipped"),
            N_("a pair of integers"),
            _02_4,
        ),
        _Exercise("02.5", N_("the pruned search profile of order 3"), N_("a list of 4 node counts"), _02_5),
        _Exercise("03.1", N_("solutions hidden in the square 8r + c + 1"), N_("an integer"), _03_1),
        _Exercise(
            "03.2",
            N_("quarter-turn-symmetric solutions for n = 1..12"),
            N_("a list of 12 counts or a dict {n: count}"),
            _03_2,
        ),
        _Exercise(
            "03.3",
            N_("n = 5 solutions by the column of the first queen"),
            N_("(left, middle, right) counts or a dict"),
            _03_3,
        ),
        _Exercise("04.1", N_("the free cells rotated by 60°"), N_("a collection of 7 cell numbers"), _04_1),
        _Exercise(
            "04.2", N_("can the 6 corners and the centre be the free cells?"), N_("True or False"), _04_2
        ),
        _Exercise(
            "04.3", N_("the line sums of Adams' hexagon plus 1"), N_("a list of the different sums"), _04_3
        ),
        _Exercise(
            "04.4",
            N_("the constant fills with all lines equal"),
            N_("the constant c, or a pair (c, s)"),
            _04_4,
        ),
        _Exercise("04.5", N_("brute-force choices keeping x1 in 1..19"), N_("an integer"), _04_5),
        _Exercise(
            "05.1", N_("the eigenvalues of magic(6)"), N_("a list of 6 numbers (sympy or float)"), _05_1
        ),
        _Exercise(
            "05.2", N_("the orders n = 3..30 where magic(n) is singular"), N_("a list of integers"), _05_2
        ),
        _Exercise(
            "05.3",
            N_("dimensions of the line-sum-0 magic matrices, n = 3..6"),
            N_("a list of 4 integers"),
            _05_3,
        ),
        _Exercise(
            "05.4",
            N_("column orders of magic(4) that stay magic"),
            N_("a list of permutations of 0..3"),
            _05_4,
        ),
        _Exercise("06.1", N_("canonical 5x5 squares with centre 13 and 9 at (0,0)"), N_("an integer"), _06_1),
        _Exercise(
            "06.2",
            N_("SIAMESE (ml.siamese(5)) with rows and columns 0↔1, 3↔4 swapped"),
            N_("a 5x5 square"),
            _06_2,
        ),
        _Exercise(
            "06.3", N_("how many of the 32 moves keep the cell (0,0) in place"), N_("an integer"), _06_3
        ),
        _Exercise("06.4", N_("canonical 4x4 squares"), N_("an integer"), _06_4),
        _Exercise(
            "07.1",
            N_("the magic matrix nearest to 1..9 written row by row"),
            N_("a 3x3 matrix of numbers"),
            _07_1,
        ),
        _Exercise(
            "07.2",
            N_("4x4 permutation matrices that are queens solutions"),
            N_("an integer, or the list of them"),
            _07_2,
        ),
        _Exercise(
            "08.1",
            N_("different images of the Lo Shu square under the 8 symmetries"),
            N_("an integer"),
            _08_1,
        ),
    ]
}


def exercises() -> list[str]:
    """The ids of the exercises ``check`` knows, in notebook order.

    >>> exercises()[:3]
    ['00.1', '00.2', '00.3']
    """
    return list(_REGISTRY)


def _exercise(exercise_id: Any) -> _Exercise:
    if not isinstance(exercise_id, str) or exercise_id not in _REGISTRY:
        raise ValueError(
            _("unknown exercise id {id!r}; valid ids are: {ids}", id=exercise_id, ids=", ".join(_REGISTRY))
        )
    return _REGISTRY[exercise_id]


def describe(exercise_id: str) -> str:
    """What exercise ``exercise_id`` asks for and what kind of answer ``check`` expects.

    >>> describe("00.1")
    '00.1: magic constant of an 8x8 normal magic square. Answer: an integer.'
    """
    e = _exercise(exercise_id)
    return _(
        "{ident}: {question}. Answer: {expects}.", ident=e.ident, question=_(e.question), expects=_(e.expects)
    )


def check(exercise_id: str, answer: Any) -> Feedback:
    """Feedback on a student's ``answer`` to exercise ``exercise_id`` (see ``exercises()``).

    Never raises for an answer: a wrong kind of answer gets ``ok=False`` and says what is expected.
    An unknown ``exercise_id`` raises ``ValueError`` listing the valid ids.

    >>> check("06.4", 880).ok
    False
    """
    e = _exercise(exercise_id)
    try:
        if e.ident == "02.1":
            try:
                hint = _02_1_centre_hint(_grid(answer, 3))
            except _WrongKind:
                hint = None
            if hint is not None:
                return hint
        result = e.judge(answer)
    except _FunctionFailed as exc:
        return _wrong(_("{exc}. Expected: {expects}.", exc=exc, expects=_(e.expects)))
    except (_WrongKind, TypeError, ValueError, OverflowError, IndexError, KeyError, AttributeError):
        return Feedback(
            False, _("Expected {expects}; got {kind}.", expects=_(e.expects), kind=_kind_of(answer))
        )
    return result


def _kind_of(answer: Any) -> str:
    if answer is None:
        return "None"
    if isinstance(answer, (list, tuple)) and not isinstance(answer, str):
        # English says "items" for every count, 1 included: kept so that English output does not change.
        return _("a {type} of {count} items", type=type(answer).__name__, count=len(answer))
    text = repr(answer)
    if len(text) > 40:
        text = text[:37] + "..."
    return f"{type(answer).__name__} {text}"
