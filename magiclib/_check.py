"""Input validation shared by every magiclib module.

Every public function funnels its arguments through these helpers, so bad
input always fails the same way: a ``TypeError`` for the wrong kind of value,
a ``ValueError`` for a value of the right kind that is out of range, each
message saying what was received and what is accepted.

Each message is one sentence of the library's catalogue, in the reader's language
(``magiclib.i18n``). A caller passes the words it adds already translated:
``what=_("a board size")`` says what the value must be (the words that follow
"must be"), ``why=_(...)`` why there is a limit, and a ``name`` that is a phrase
(``_("a row of {name}", name=name)``); a parameter's own name (``n``,
``square``) is code and stays as it is.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from .i18n import _, number

__all__ = [
    "as_order",
    "as_odd_order",
    "as_flag",
    "as_int",
    "as_int_sequence",
    "as_square",
    "exact_sums",
    "refuse_masked",
    "sequence_length",
]

#: The largest int64; ``exact_sums`` keeps int64 only when 2n entries cannot reach it.
INT64_MAX = 2**63 - 1

#: The largest side ``as_square`` accepts (``magiclib.magic`` builds squares up to 5001):
#: larger squares are refused before they are copied.
MAX_SIDE = 5001

#: The longest sequence ``as_int_sequence`` reads when no length is fixed.
MAX_LENGTH = 10**6


def sequence_length(values: Any, name: str, what: str | None = None) -> int:
    """``len(values)`` for a list, tuple, range or 1-D array; a clear ``TypeError`` otherwise.
    ``what`` says what ``values`` must be (translated; "a sequence of integers" if not given).

    >>> sequence_length(range(3), "start")
    3
    """
    refuse_masked(values, name)
    if what is None:
        what = _("a sequence of integers")
    if isinstance(values, np.ndarray) and values.ndim != 1:
        raise TypeError(
            _(
                "{name} must be {what} (a list, tuple or 1-D array), got a {ndim}-D array",
                name=name,
                what=what,
                ndim=values.ndim,
            )
        )
    if isinstance(values, (str, bytes, dict, set, frozenset)) or not hasattr(values, "__len__"):
        raise TypeError(
            _(
                "{name} must be {what} (a list, tuple or 1-D array), got {kind}",
                name=name,
                what=what,
                kind=type(values).__name__,
            )
        )
    return len(values)


def as_order(
    n: Any,
    *,
    name: str = "n",
    minimum: int = 1,
    maximum: int | None = None,
    what: str | None = None,
    why: str = "",
) -> int:
    """Return ``n`` as a Python int, or raise a clear error.

    Booleans, floats (even 3.0), strings and None are refused with a
    ``TypeError``; integers outside ``[minimum, maximum]`` with a ``ValueError``
    that states the bounds and, when ``why`` is given, the reason for the limit.
    ``what`` and ``why`` come translated (``what=_("a board size")``); ``what``
    is "a positive integer" if not given.

    >>> as_order(5)
    5
    >>> as_order(np.int64(3))
    3
    """
    if what is None:
        what = _("a positive integer")
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, numbers.Integral):
        raise TypeError(
            _(
                "{name} must be {what}, got {kind} {value!r}",
                name=name,
                what=what,
                kind=type(n).__name__,
                value=n,
            )
        )
    n = int(n)
    if maximum is None and n < minimum:
        raise ValueError(
            _(
                "{name} must be {what} at least {minimum}, got {value}",
                name=name,
                what=what,
                minimum=minimum,
                value=n,
            )
        )
    if maximum is not None and n > maximum and why:
        raise ValueError(
            _(
                "{name} must be {what} between {minimum} and {maximum}, got {value} ({why})",
                name=name,
                what=what,
                minimum=minimum,
                maximum=maximum,
                value=n,
                why=why,
            )
        )
    if maximum is not None and not minimum <= n <= maximum:
        raise ValueError(
            _(
                "{name} must be {what} between {minimum} and {maximum}, got {value}",
                name=name,
                what=what,
                minimum=minimum,
                maximum=maximum,
                value=n,
            )
        )
    return n


def as_odd_order(
    n: Any, *, name: str = "n", minimum: int = 1, maximum: int | None = None, why: str = ""
) -> int:
    """``n`` as a Python int if it is an odd integer in range, else a clear error.

    >>> as_odd_order(7)
    7
    >>> as_odd_order(4)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: n must be a positive odd integer, got 4, which is even; ...
    """
    what = _("a positive odd integer")
    n = as_order(n, name=name, minimum=minimum, maximum=maximum, what=what, why=why)
    if n == 2:
        raise ValueError(
            _(
                "{name} must be a positive odd integer, got {n}, which is even; "
                "no normal magic square of order 2 exists",
                name=name,
                n=n,
            )
        )
    if n % 2 == 0:
        raise ValueError(
            _(
                "{name} must be a positive odd integer, got {n}, which is even; "
                "for an even order use magiclib.magic({n})",
                name=name,
                n=n,
            )
        )
    return n


def as_flag(value: Any, name: str) -> bool:
    """``value`` as a bool; only ``True``/``False`` (or numpy's ``np.bool_``) are accepted.

    Truthy stand-ins such as 1, "no" or None are refused with a ``TypeError``,
    so a typo never silently flips a switch.

    >>> as_flag(np.True_, "diagonals")
    True
    >>> as_flag("no", "up_to_symmetry")
    Traceback (most recent call last):
    ...
    TypeError: up_to_symmetry must be True or False, got str 'no'
    """
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(
            _(
                "{name} must be True or False, got {kind} {value!r}",
                name=name,
                kind=type(value).__name__,
                value=value,
            )
        )
    return bool(value)


def as_int(x: Any, *, name: str, minimum: int | None = None, maximum: int | None = None) -> int:
    """``x`` as a Python int (bools, floats, strings refused), optionally within bounds.

    >>> as_int(np.int8(-3), name="total")
    -3
    """
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Integral):
        raise TypeError(
            _("{name} must be an integer, got {kind} {value!r}", name=name, kind=type(x).__name__, value=x)
        )
    x = int(x)
    if (minimum is not None and x < minimum) or (maximum is not None and x > maximum):
        lo = "-inf" if minimum is None else minimum
        hi = "inf" if maximum is None else maximum
        raise ValueError(
            _(
                "{name} must be between {minimum} and {maximum}, got {value}",
                name=name,
                minimum=lo,
                maximum=hi,
                value=x,
            )
        )
    return x


def as_int_sequence(
    values: Any,
    *,
    name: str,
    length: int | None = None,
    minimum: int | None = None,
    maximum: int | None = None,
    distinct: bool = False,
) -> tuple[int, ...]:
    """``values`` (a list, tuple or 1-D integer array) as a tuple of Python ints, or raise.

    Floats (even 3.0), bools, strings, nested lists and masked arrays are refused
    with a ``TypeError``; a wrong length, out-of-range or repeated entries
    (when ``distinct``) with a ``ValueError``.

    >>> as_int_sequence(np.array([3, 1, 2]), name="perm", length=3, minimum=1, maximum=3, distinct=True)
    (3, 1, 2)
    """
    size = sequence_length(values, name)
    if length is not None and size != length:
        raise ValueError(
            _("{name} must have exactly {length} entries, got {size}", name=name, length=length, size=size)
        )
    if size > MAX_LENGTH:
        raise ValueError(
            _(
                "{name} must have at most {maximum} entries, got {size}",
                name=name,
                maximum=number(MAX_LENGTH),
                size=number(size),
            )
        )
    out = tuple(
        as_int(v, name=f"{name}[{i}]", minimum=minimum, maximum=maximum) for i, v in enumerate(values)
    )
    if distinct and len(set(out)) != len(out):
        raise ValueError(_("{name} must hold distinct numbers, got {values}", name=name, values=list(out)))
    return out


def refuse_masked(value: Any, name: str) -> None:
    """Raise a ``TypeError`` for a ``numpy.ma.MaskedArray``: its mask would be ignored.

    >>> refuse_masked(np.ma.masked_array([1, 2], mask=[0, 1]), "square")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: square must be a plain list or numpy array: masked arrays (numpy.ma) are not accepted, ...
    """
    if isinstance(value, np.ma.MaskedArray):
        raise TypeError(
            _(
                "{name} must be a plain list or numpy array: masked arrays (numpy.ma) are "
                "not accepted, since their mask would be ignored; use .filled(...) or "
                ".compressed() first",
                name=name,
            )
        )


def exact_sums(square: np.ndarray) -> np.ndarray:
    """``square`` itself when any n of its entries add up without int64 overflow, else
    the same values as Python ints (dtype object), so every sum below is exact.

    The guard compares the largest and the smallest entry separately: ``abs`` of
    -2**63 wraps round to -2**63 in int64, so ``np.abs(a).max()`` cannot be trusted.

    >>> exact_sums(np.array([[-2**63]])).dtype
    dtype('O')
    >>> exact_sums(np.array([[1, 2], [3, 4]])).dtype
    dtype('int64')
    """
    n = max(square.shape) if square.ndim else 1
    if square.size == 0:
        return square
    bound = INT64_MAX // (2 * n)
    if int(square.max()) <= bound and int(square.min()) >= -bound:
        return square
    return square.astype(object)


def as_square(square: Any, *, name: str = "square") -> np.ndarray:
    """Return ``square`` as a C-contiguous n x n numpy int64 array, or raise.

    Accepts a list of lists or a 2-D numpy array of integers. Refuses ragged,
    non-square, empty, non-integer (3.5, or 3.0 stored as float) and
    non-numeric input, naming the problem.

    >>> as_square([[2, 7, 6], [9, 5, 1], [4, 3, 8]]).dtype
    dtype('int64')
    """
    refuse_masked(square, name)
    if isinstance(square, np.ndarray):
        arr = square
        if arr.ndim == 2 and max(arr.shape) > MAX_SIDE:
            raise ValueError(
                _(
                    "{name} must be at most {maximum} x {maximum}, got shape {shape}",
                    name=name,
                    maximum=MAX_SIDE,
                    shape=arr.shape,
                )
            )
    else:
        if isinstance(square, (str, bytes)) or not hasattr(square, "__len__"):
            raise TypeError(
                _(
                    "{name} must be a list of lists or a 2-D numpy array of integers, got {kind}",
                    name=name,
                    kind=type(square).__name__,
                )
            )
        if len(square) > MAX_SIDE:
            raise ValueError(
                _(
                    "{name} must have at most {maximum} rows, got {size}",
                    name=name,
                    maximum=MAX_SIDE,
                    size=number(len(square)),
                )
            )
        rows = list(square)
        if len(rows) == 0:
            raise ValueError(_("{name} is empty: give at least one row", name=name))
        lengths, row_name = set(), _("a row of {name}", name=name)
        for row in rows:
            refuse_masked(row, row_name)
            if isinstance(row, (str, bytes)) or not hasattr(row, "__len__"):
                raise TypeError(
                    _(
                        "{name} must be a list of rows (lists), but a row is {kind} {value!r}",
                        name=name,
                        kind=type(row).__name__,
                        value=row,
                    )
                )
            lengths.add(len(row))
            if len(row) > MAX_SIDE:
                raise ValueError(
                    _(
                        "{name} must have rows of at most {maximum} numbers, got {size}",
                        name=name,
                        maximum=MAX_SIDE,
                        size=number(len(row)),
                    )
                )
        if len(lengths) > 1:
            raise ValueError(
                _(
                    "{name} is ragged: its rows have lengths {lengths}; every row must have the same length",
                    name=name,
                    lengths=sorted(lengths),
                )
            )
        for row in rows:
            for x in row:
                if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Integral):
                    if isinstance(x, numbers.Number):
                        raise TypeError(
                            _(
                                "{name} must hold integers only, found {value!r} ({kind})",
                                name=name,
                                kind=type(x).__name__,
                                value=x,
                            )
                        )
                    raise TypeError(
                        _(
                            "{name} must hold integers only, found non-numeric {value!r} ({kind})",
                            name=name,
                            kind=type(x).__name__,
                            value=x,
                        )
                    )
        try:
            arr = np.array(rows, dtype=np.int64)
        except OverflowError as exc:
            raise ValueError(_too_large(name)) from exc
    if arr.ndim != 2:
        raise ValueError(
            _(
                "{name} must be 2-D (n rows of n integers), got {ndim}-D with shape {shape}",
                name=name,
                ndim=arr.ndim,
                shape=arr.shape,
            )
        )
    if arr.size == 0:
        raise ValueError(_("{name} is empty: give at least one row", name=name))
    if arr.shape[0] != arr.shape[1]:
        raise ValueError(
            _(
                "{name} must be square (n x n), got shape {rows} x {cols}",
                name=name,
                rows=arr.shape[0],
                cols=arr.shape[1],
            )
        )
    if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
        if np.issubdtype(arr.dtype, np.number) and arr.dtype != np.bool_:
            raise TypeError(
                _(
                    "{name} must hold integers, got an array of dtype {dtype} "
                    "(convert with .astype(np.int64) if the values are whole)",
                    name=name,
                    dtype=arr.dtype,
                )
            )
        raise TypeError(
            _("{name} must hold integers, got an array of dtype {dtype}", name=name, dtype=arr.dtype)
        )
    if arr.dtype == np.uint64 and arr.size and int(arr.max()) > np.iinfo(np.int64).max:
        raise ValueError(_too_large(name))
    return np.ascontiguousarray(arr, dtype=np.int64)


def _too_large(name: str) -> str:
    return _(
        "{name} holds an integer too large for int64: entries must satisfy -2**63 <= x < 2**63", name=name
    )


# --- validators for pictures and widgets


def as_text(text: Any, *, name: str = "title") -> str | None:
    """``text`` if it is a string or None, else a ``TypeError``.

    >>> as_text("Lo Shu"), as_text(None)
    ('Lo Shu', None)
    """
    if text is not None and not isinstance(text, str):
        raise TypeError(
            _(
                "{name} must be a string or None, got {kind} {value!r}",
                name=name,
                kind=type(text).__name__,
                value=text,
            )
        )
    return text


def as_real(x: Any, *, name: str, minimum: float, maximum: float) -> float:
    """``x`` as a float if it is a finite real number (not a bool) in ``[minimum, maximum]``.

    >>> as_real(2, name="size", minimum=0.5, maximum=10)
    2.0
    """
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        raise TypeError(
            _(
                "{name} must be a number between {minimum} and {maximum}, got {kind} {value!r}",
                name=name,
                minimum=minimum,
                maximum=maximum,
                kind=type(x).__name__,
                value=x,
            )
        )
    x = float(x)
    if not (minimum <= x <= maximum):  # also refuses NaN
        raise ValueError(
            _(
                "{name} must be a number between {minimum} and {maximum}, got {value!r}",
                name=name,
                minimum=minimum,
                maximum=maximum,
                value=x,
            )
        )
    return x


def as_items(items: Any, *, name: str, maximum: int) -> list:
    """``items`` as a list if it is a non-empty sequence (not a string) of at most ``maximum`` items.

    >>> as_items(([1], [2]), name="squares", maximum=4)
    [[1], [2]]
    """
    if (
        isinstance(items, (str, bytes, dict))
        or not hasattr(items, "__len__")
        or not hasattr(items, "__getitem__")
    ):
        raise TypeError(
            _(
                "{name} must be a list (a sequence of at most {maximum} items), got {kind}",
                name=name,
                maximum=maximum,
                kind=type(items).__name__,
            )
        )
    if not 1 <= len(items) <= maximum:
        raise ValueError(
            _(
                "{name} must hold at least one and at most {maximum} items, got {size}",
                name=name,
                maximum=maximum,
                size=len(items),
            )
        )
    return list(items)


def as_cells(cells: Any, n: int, *, name: str = "cells") -> set[tuple[int, int]]:
    """``cells`` (None, or (row, col) pairs of an n x n grid) as a set of int pairs.

    >>> sorted(as_cells([(0, 1), (2, 2)], 3))
    [(0, 1), (2, 2)]
    """
    if cells is None:
        return set()
    if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
        raise TypeError(
            _(
                "{name} must be a list of (row, col) pairs or None, got {kind}",
                name=name,
                kind=type(cells).__name__,
            )
        )
    out = set()
    for cell in cells:
        if isinstance(cell, (str, bytes)) or not hasattr(cell, "__len__") or len(cell) != 2:
            raise TypeError(
                _("{name} must be a list of (row, col) pairs, got an item {item!r}", name=name, item=cell)
            )
        row_name, col_name = _("a row in {name}", name=name), _("a column in {name}", name=name)
        r = as_order(cell[0], name=row_name, minimum=0, maximum=n - 1, what=_("a row number"))
        c = as_order(cell[1], name=col_name, minimum=0, maximum=n - 1, what=_("a column number"))
        out.add((r, c))
    return out
