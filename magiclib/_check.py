"""Input validation shared by every magiclib module.

Every public function funnels its arguments through these helpers, so bad
input always fails the same way: a ``TypeError`` for the wrong kind of value,
a ``ValueError`` for a value of the right kind that is out of range, each
message saying what was received and what is accepted.
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

__all__ = ["as_order", "as_square"]


def as_order(n: Any, *, name: str = "n", minimum: int = 1, maximum: int | None = None,
             what: str = "a positive integer") -> int:
    """Return ``n`` as a Python int, or raise a clear error.

    Booleans, floats (even 3.0), strings and None are refused with a
    ``TypeError``; integers outside ``[minimum, maximum]`` with a ``ValueError``.

    >>> as_order(5)
    5
    >>> as_order(np.int64(3))
    3
    """
    if isinstance(n, (bool, np.bool_)) or not isinstance(n, numbers.Integral):
        raise TypeError(f"{name} must be {what}, got {type(n).__name__} {n!r}")
    n = int(n)
    if n < minimum or (maximum is not None and n > maximum):
        bounds = f"at least {minimum}" if maximum is None else f"between {minimum} and {maximum}"
        raise ValueError(f"{name} must be {what} {bounds}, got {n}")
    return n


def as_square(square: Any, *, name: str = "square") -> np.ndarray:
    """Return ``square`` as a C-contiguous n x n numpy int64 array, or raise.

    Accepts a list of lists or a 2-D numpy array of integers. Refuses ragged,
    non-square, empty, non-integer (3.5, or 3.0 stored as float) and
    non-numeric input, naming the problem.

    >>> as_square([[2, 7, 6], [9, 5, 1], [4, 3, 8]]).dtype
    dtype('int64')
    """
    if isinstance(square, np.ndarray):
        arr = square
    else:
        if isinstance(square, (str, bytes)) or not hasattr(square, "__len__"):
            raise TypeError(f"{name} must be a list of lists or a 2-D numpy array of integers, "
                            f"got {type(square).__name__}")
        rows = list(square)
        if len(rows) == 0:
            raise ValueError(f"{name} is empty: give at least one row")
        lengths = set()
        for row in rows:
            if isinstance(row, (str, bytes)) or not hasattr(row, "__len__"):
                raise TypeError(f"{name} must be a list of rows (lists), but a row is "
                                f"{type(row).__name__} {row!r}")
            lengths.add(len(row))
        if len(lengths) > 1:
            raise ValueError(f"{name} is ragged: its rows have lengths {sorted(lengths)}; "
                             "every row must have the same length")
        for row in rows:
            for x in row:
                if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Integral):
                    if isinstance(x, numbers.Number):
                        raise TypeError(f"{name} must hold integers only, found {x!r} "
                                        f"({type(x).__name__})")
                    raise TypeError(f"{name} must hold integers only, found non-numeric "
                                    f"{x!r} ({type(x).__name__})")
        try:
            arr = np.array(rows, dtype=np.int64)
        except OverflowError as exc:
            raise ValueError(f"{name} holds an integer too large for int64") from exc
    if arr.ndim != 2:
        raise ValueError(f"{name} must be 2-D (n rows of n integers), got {arr.ndim}-D "
                         f"with shape {arr.shape}")
    if arr.size == 0:
        raise ValueError(f"{name} is empty: give at least one row")
    if arr.shape[0] != arr.shape[1]:
        raise ValueError(f"{name} must be square (n x n), got shape "
                         f"{arr.shape[0]} x {arr.shape[1]}")
    if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
        if np.issubdtype(arr.dtype, np.number) and arr.dtype != np.bool_:
            raise TypeError(f"{name} must hold integers, got an array of dtype {arr.dtype} "
                            "(convert with .astype(np.int64) if the values are whole)")
        raise TypeError(f"{name} must hold integers, got an array of dtype {arr.dtype}")
    if arr.dtype == np.uint64 and arr.size and int(arr.max()) > np.iinfo(np.int64).max:
        raise ValueError(f"{name} holds an integer too large for int64")
    return np.ascontiguousarray(arr, dtype=np.int64)


# --- validators for pictures and widgets

def as_text(text: Any, *, name: str = "title") -> str | None:
    """``text`` if it is a string or None, else a ``TypeError``.

    >>> as_text("Lo Shu"), as_text(None)
    ('Lo Shu', None)
    """
    if text is not None and not isinstance(text, str):
        raise TypeError(f"{name} must be a string or None, got {type(text).__name__} {text!r}")
    return text


def as_real(x: Any, *, name: str, minimum: float, maximum: float) -> float:
    """``x`` as a float if it is a finite real number (not a bool) in ``[minimum, maximum]``.

    >>> as_real(2, name="size", minimum=0.5, maximum=10)
    2.0
    """
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        raise TypeError(f"{name} must be a number between {minimum} and {maximum}, "
                        f"got {type(x).__name__} {x!r}")
    x = float(x)
    if not (minimum <= x <= maximum):   # also refuses NaN
        raise ValueError(f"{name} must be a number between {minimum} and {maximum}, got {x!r}")
    return x


def as_items(items: Any, *, name: str, maximum: int) -> list:
    """``items`` as a list if it is a non-empty sequence (not a string) of at most ``maximum`` items.

    >>> as_items(([1], [2]), name="squares", maximum=4)
    [[1], [2]]
    """
    if isinstance(items, (str, bytes, dict)) or not hasattr(items, "__len__") \
            or not hasattr(items, "__getitem__"):
        raise TypeError(f"{name} must be a list (a sequence of at most {maximum} items), "
                        f"got {type(items).__name__}")
    if not 1 <= len(items) <= maximum:
        raise ValueError(f"{name} must hold at least one and at most {maximum} items, got {len(items)}")
    return list(items)


def as_cells(cells: Any, n: int, *, name: str = "cells") -> set[tuple[int, int]]:
    """``cells`` (None, or (row, col) pairs of an n x n grid) as a set of int pairs.

    >>> sorted(as_cells([(0, 1), (2, 2)], 3))
    [(0, 1), (2, 2)]
    """
    if cells is None:
        return set()
    if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
        raise TypeError(f"{name} must be a list of (row, col) pairs or None, got {type(cells).__name__}")
    out = set()
    for cell in cells:
        if isinstance(cell, (str, bytes)) or not hasattr(cell, "__len__") or len(cell) != 2:
            raise TypeError(f"{name} must be a list of (row, col) pairs, got an item {cell!r}")
        r = as_order(cell[0], name=f"a row in {name}", minimum=0, maximum=n - 1, what="a row number")
        c = as_order(cell[1], name=f"a column in {name}", minimum=0, maximum=n - 1, what="a column number")
        out.add((r, c))
    return out
