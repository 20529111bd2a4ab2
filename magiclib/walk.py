"""The Siamese walk for odd orders, in the exact variant of the Ukrainian tutorial
*Як розв'язати головоломку «Магічний квадрат 3×3» на C++ & Python*.

Number 1 goes to the middle of the last column, (n//2, n-1). Each next number
aims one row up and one column right, (row-1, col+1), and three rules repair
that aim:

- ``"wrap"``: row -1 becomes row n-1, column n becomes column 0 (the grid is a torus);
- ``"occupied"``: if the aimed cell is taken, go down one and left two from it,
  (row+1, col-2);
- ``"corner"``: the aim (-1, n), off both edges at once, becomes (0, n-2).

``siamese_walk`` and ``siamese_steps`` follow the rules literally, one number at
a time; ``siamese`` builds the same square from a closed form. Its pictures
(frames, animation, GIF, the torus) live in ``magiclib.show.walk``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ._check import as_odd_order
from ._types import Square
from .i18n import _

__all__ = [
    "RULES",
    "Step",
    "siamese",
    "siamese_walk",
    "siamese_steps",
    "rule_in_words",
    "rule_name",
    "MAX_ORDER",
    "MAX_WALK_ORDER",
]

#: The three repair rules of the walk, in the order the walk may apply them.
RULES = ("wrap", "occupied", "corner")


class Step(NamedTuple):
    """Where one number of the walk went and why.

    ``aim`` is the cell (row-1, col+1) aimed at from the previous number, before
    any rule (it may lie off the grid); ``tried`` the cells found taken, in order;
    ``rules`` the names of the rules applied, in order (empty for a plain move).
    """

    number: int
    row: int
    col: int
    tried: tuple[tuple[int, int], ...]
    rules: tuple[str, ...]
    aim: tuple[int, int]


#: Largest order of the closed form ``siamese``: the result alone takes 8·n² bytes (200 MB).
MAX_ORDER = 5001

#: Largest order of the literal walk (``siamese_walk``, ``siamese_steps``): n² Python steps,
#: about half a second and some 60 MB of ``Step`` records at this limit.
MAX_WALK_ORDER = 501


def _odd_order(n: Any, *, name: str = "n", minimum: int = 1, maximum: int | None = None) -> int:
    """``n`` checked as an odd order (kept for the picture functions; see ``_check.as_odd_order``)."""
    return as_odd_order(n, name=name, minimum=minimum, maximum=maximum)


def _walk_order(n: Any) -> int:
    return as_odd_order(
        n,
        maximum=MAX_WALK_ORDER,
        why=_(
            "the literal walk takes n² Python steps; siamese(n) gives the same "
            "square from a closed form up to n = {maximum}",
            maximum=MAX_ORDER,
        ),
    )


def _walk(n: int) -> Iterator[Step]:
    """Yield the steps of the literal walk for an odd order n (already validated)."""
    grid = [[0] * n for _ in range(n)]
    row, col = n // 2, n - 1
    grid[row][col] = 1
    yield Step(1, row, col, (), (), (row, col))
    for number in range(2, n * n + 1):
        aim = (row - 1, col + 1)
        r, c = aim
        rules: list[str] = []
        if r == -1 and c == n:
            r, c = 0, n - 2
            rules.append("corner")
        elif r == -1 or c == n:
            r, c = r % n, c % n
            rules.append("wrap")
        tried = []
        while grid[r][c]:
            tried.append((r, c))
            rules.append("occupied")
            r, c = r + 1, c - 2
            if not (0 <= r < n and 0 <= c < n):  # never happens: checked for every odd n in the tests
                raise RuntimeError(f"rule 'occupied' left the grid at ({r}, {c}) for n={n}")
        grid[r][c] = number
        row, col = r, c
        yield Step(number, row, col, tuple(tried), tuple(rules), aim)


def siamese_steps(n: int) -> list[Step]:
    """The walk traced number by number: one ``Step`` per number 1..n².

    Odd n up to ``MAX_WALK_ORDER`` (501): the list holds n² records.

    >>> [(s.number, s.row, s.col, s.rules) for s in siamese_steps(3)][:4]
    [(1, 1, 2, ()), (2, 0, 0, ('wrap',)), (3, 2, 1, ('wrap',)), (4, 2, 0, ('occupied',))]
    """
    return list(_walk(_walk_order(n)))


def siamese_walk(n: int) -> Square:
    """The square built by walking the rules one number at a time (readable, O(n²) Python steps).

    Odd n up to ``MAX_WALK_ORDER`` (501); ``siamese`` is the fast closed form.

    >>> siamese_walk(3).tolist()
    [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
    """
    n = _walk_order(n)
    square = np.zeros((n, n), dtype=np.int64)
    for step in _walk(n):
        square[step.row, step.col] = step.number
    return square


def siamese(n: int) -> Square:
    """The Siamese square of odd order n, from a closed form (same result as the walk).

    Write number k+1 as k = n*q + p with 0 <= p < n: the walk places it at
    row (n//2 - p + q) mod n, column (n - 1 + p - 2q) mod n. Solving for q and p,
    the cell (r, c) holds n*q + p + 1 with q = (n//2 - 1 - r - c) mod n and
    p = (q - r + n//2) mod n = (-2 - 2r - c) mod n. So q depends only on r + c
    and p only on 2r + c: each is a short vector read through a sliding window,
    and the only n x n array ever allocated is the result. Odd n up to
    ``MAX_ORDER`` (5001, a 200 MB result).

    >>> siamese(3).tolist()
    [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
    >>> int(siamese(7).sum(axis=1)[0])
    175
    """
    n = as_odd_order(
        n,
        maximum=MAX_ORDER,
        why=_("the square alone would take {mb} MB or more", mb=8 * MAX_ORDER**2 // 10**6),
    )
    h = n // 2
    j = np.arange(3 * n, dtype=np.int64)
    nq_plus_1 = n * ((h - 1 - j[: 2 * n - 1]) % n) + 1  # indexed by r + c
    p = (-2 - j) % n  # indexed by 2r + c
    by_sum = sliding_window_view(nq_plus_1, n)  # row r is nq_plus_1[r : r + n]
    by_double = sliding_window_view(p, n)[::2][:n]  # row r is p[2r : 2r + n]
    return np.add(by_sum, by_double, dtype=np.int64)


# ------------------------------------------------------------------ words


def rule_in_words(step: Step, n: int) -> str:
    """One sentence saying where ``step.number`` went and which rules moved it there.

    ``n`` is checked once here; loops over many steps call ``_rule_in_words``.

    >>> rule_in_words(siamese_steps(3)[3], 3)
    '4 aims at (1, 2), but that cell is taken (rule occupied): down one, left two → placed at (2, 0)'
    """
    if not isinstance(step, Step):
        raise TypeError(_("step must be a Step from siamese_steps(n), got {kind}", kind=type(step).__name__))
    n = as_odd_order(n)
    if not (1 <= step.number <= n * n):
        raise ValueError(
            _(
                "step.number must be between 1 and n² = {last} for n = {n}, got {number}",
                last=n * n,
                n=n,
                number=step.number,
            )
        )
    return _rule_in_words(step, n)


def rule_name(rule: str) -> str:
    """The name of one of ``RULES`` in the reader's language, as the players and ``rule_in_words`` say it.

    >>> [rule_name(rule) for rule in RULES]
    ['wrap', 'occupied', 'corner']
    """
    if not isinstance(rule, str):
        raise TypeError(
            _("rule must be one of {rules} as a string, got {kind}", rules=RULES, kind=type(rule).__name__)
        )
    if rule not in RULES:
        raise ValueError(_("rule must be one of {rules}, got {rule!r}", rules=RULES, rule=rule))
    return _rule_name(rule)


def _rule_name(rule: str) -> str:
    """The name of a rule ("wrap", "occupied", "corner") in the reader's language."""
    names = {
        "wrap": _("wrap", context="rule of the Siamese walk"),
        "occupied": _("occupied", context="rule of the Siamese walk"),
        "corner": _("corner", context="rule of the Siamese walk"),
    }
    return names[rule]


def _rule_in_words(step: Step, n: int) -> str:
    """``rule_in_words`` without the checks, for loops over the steps of one walk.

    Each way a number can go is one sentence of the catalogue; a walk only ever takes one rule per
    number (a plain move, a wrap of the row or of the column, one occupied cell, or the corner).
    """
    k, (ar, ac), cell = step.number, step.aim, (step.row, step.col)
    aim = (ar, ac)
    if k == 1:
        return _("1 starts in the middle of the last column → placed at {cell}", cell=cell)
    if not step.rules:
        return _(
            "{k} aims at {aim}, a plain move up and to the right → placed at {cell}", k=k, aim=aim, cell=cell
        )
    if step.rules == ("corner",):
        return _(
            "{k} aims at {aim}, off the top and the right edge at once (rule corner): go to (0, {column}) "
            "instead → placed at {cell}",
            k=k,
            aim=aim,
            column=n - 2,
            cell=cell,
        )
    if step.rules == ("wrap",) and ar == -1:
        return _(
            "{k} aims at {aim}, row -1 wraps to row {row} (rule wrap) → placed at {cell}",
            k=k,
            aim=aim,
            row=n - 1,
            cell=cell,
        )
    if step.rules == ("wrap",):
        return _(
            "{k} aims at {aim}, column {n} wraps to column 0 (rule wrap) → placed at {cell}",
            k=k,
            aim=aim,
            n=n,
            cell=cell,
        )
    if step.rules == ("occupied",):
        return _(
            "{k} aims at {aim}, but that cell is taken (rule occupied): down one, left two "
            "→ placed at {cell}",
            k=k,
            aim=aim,
            cell=cell,
        )
    # Any other sequence of repairs (none occurs in a walk of odd order up to 59): clause by clause.
    parts = [_("{k} aims at {aim}", k=k, aim=aim)]
    if "corner" in step.rules:
        parts.append(
            _(
                "off the top and the right edge at once (rule corner): go to (0, {column}) instead",
                column=n - 2,
            )
        )
    elif "wrap" in step.rules:
        if ar == -1:
            parts.append(_("row -1 wraps to row {row} (rule wrap)", row=n - 1))
        else:
            parts.append(_("column {n} wraps to column 0 (rule wrap)", n=n))
    for t in step.tried:
        parts.append(
            _("but {cell} is taken (rule occupied): down one, left two", cell=t)
            if len(parts) > 1
            else _("but that cell is taken (rule occupied): down one, left two")
        )
    return _("{clauses} → placed at {cell}", clauses=_(", ").join(parts), cell=cell)
