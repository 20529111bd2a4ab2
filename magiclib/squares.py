"""Core facts about a square of integers: magic constant, properties, symmetries.

A *square* here is an n x n numpy int64 array (lists of lists are accepted
and converted). Every function is pure: it never modifies its argument.
"""

from __future__ import annotations

import numpy as np

from ._check import as_order, as_square, exact_sums
from ._types import Square, SquareLike
from .i18n import _

__all__ = [
    "magic_constant",
    "line_sums",
    "properties",
    "is_magic",
    "symmetries",
    "SYMMETRY_NAMES",
    "standard_form",
    "PROPERTY_NAMES",
    "reader_name",
]

#: The names ``properties`` can return, from the weakest to the strongest.
PROPERTY_NAMES = ("normal", "semi-magic", "magic", "pandiagonal", "associative", "most-perfect")

#: Names of the 8 images returned by ``symmetries``, in the same order.
SYMMETRY_NAMES = (
    "identity",
    "rotate 90° left",
    "rotate 180°",
    "rotate 90° right",
    "flip left-right",
    "flip up-down",
    "transpose",
    "anti-transpose",
)


def reader_name(name: str) -> str:
    """A name the library uses as a key (one of ``PROPERTY_NAMES``, ``SYMMETRY_NAMES`` or the kinds of
    ``order_kind``) as the reader's language says it; other text is returned as it is.

    >>> reader_name("most-perfect"), reader_name("rotate 180°"), reader_name("singly even")
    ('most-perfect', 'rotate 180°', 'singly even')
    """
    if not isinstance(name, str):
        raise TypeError(
            _("name must be a string (a name such as 'magic'), got {kind}", kind=type(name).__name__)
        )
    names = {
        "normal": _("normal", context="property of a square"),
        "semi-magic": _("semi-magic", context="property of a square"),
        "magic": _("magic", context="property of a square"),
        "pandiagonal": _("pandiagonal", context="property of a square"),
        "associative": _("associative", context="property of a square"),
        "most-perfect": _("most-perfect", context="property of a square"),
        "identity": _("identity", context="symmetry"),
        "rotate 90° left": _("rotate 90° left", context="symmetry"),
        "rotate 180°": _("rotate 180°", context="symmetry"),
        "rotate 90° right": _("rotate 90° right", context="symmetry"),
        "flip left-right": _("flip left-right", context="symmetry"),
        "flip up-down": _("flip up-down", context="symmetry"),
        "transpose": _("transpose", context="symmetry"),
        "anti-transpose": _("anti-transpose", context="symmetry"),
        "odd": _("odd", context="kind of order"),
        "doubly even": _("doubly even", context="kind of order"),
        "singly even": _("singly even", context="kind of order"),
    }
    return names.get(name, name)


def magic_constant(n: int) -> int:
    """The line sum n(n²+1)/2 of a normal magic square of order n, as an exact int.

    >>> magic_constant(3), magic_constant(4), magic_constant(8)
    (15, 34, 260)
    """
    n = as_order(n)
    return n * (n * n + 1) // 2


def line_sums(square: SquareLike) -> dict[str, list[int]]:
    """The sums of every row, column and of both main diagonals, as Python ints.

    >>> line_sums([[2, 7, 6], [9, 5, 1], [4, 3, 8]])["rows"]
    [15, 15, 15]
    """
    a = exact_sums(as_square(square))
    return {
        "rows": [int(s) for s in a.sum(axis=1)],
        "columns": [int(s) for s in a.sum(axis=0)],
        "diagonal": [int(np.trace(a))],
        "anti-diagonal": [int(np.trace(a[:, ::-1]))],
    }


def _broken_diagonal_sums(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sums of the n broken diagonals in each direction."""
    n = a.shape[0]
    i = np.arange(n)[:, None]
    k = np.arange(n)[None, :]
    down = np.take_along_axis(a, (i + k) % n, axis=1).sum(axis=0)  # a[i, i+k]
    up = np.take_along_axis(a, (k - i) % n, axis=1).sum(axis=0)  # a[i, k-i]
    return down, up


def properties(square: SquareLike) -> frozenset[str]:
    """The names in ``PROPERTY_NAMES`` that hold for ``square``.

    - ``normal``: the entries are exactly 1..n², each once;
    - ``semi-magic``: every row and every column has the same sum;
    - ``magic``: semi-magic, and both main diagonals share that sum too;
    - ``pandiagonal``: magic, and every broken diagonal shares the sum;
    - ``associative``: magic, and cells symmetric about the centre add up to 2·sum/n;
    - ``most-perfect``: normal, pandiagonal, n divisible by 4, every 2x2 block
      (wrapping round the edges) sums to 2(n²+1), and any two cells n/2 apart
      along a diagonal (wrapping) sum to n²+1.

    >>> sorted(properties([[2, 7, 6], [9, 5, 1], [4, 3, 8]]))
    ['associative', 'magic', 'normal', 'semi-magic']
    """
    a = exact_sums(as_square(square))
    n = a.shape[0]
    found = set()
    flat = np.sort(np.asarray(a, dtype=np.int64).ravel())
    if np.array_equal(flat, np.arange(1, n * n + 1)):
        found.add("normal")
    rows, cols = a.sum(axis=1), a.sum(axis=0)
    s = rows[0]
    if not (np.all(rows == s) and np.all(cols == s)):
        return frozenset(found)
    found.add("semi-magic")
    if not (np.trace(a) == s and np.trace(a[:, ::-1]) == s):
        return frozenset(found)
    found.add("magic")
    down, up = _broken_diagonal_sums(a)
    if np.all(down == s) and np.all(up == s):
        found.add("pandiagonal")
    if (2 * s) % n == 0 and np.all(a + a[::-1, ::-1] == (2 * s) // n):
        found.add("associative")
    if "normal" in found and "pandiagonal" in found and n % 4 == 0:
        blocks = a + np.roll(a, -1, axis=0) + np.roll(a, -1, axis=1) + np.roll(a, (-1, -1), axis=(0, 1))
        h = n // 2
        if np.all(blocks == 2 * (n * n + 1)) and np.all(a + np.roll(a, (-h, -h), axis=(0, 1)) == n * n + 1):
            found.add("most-perfect")
    return frozenset(found)


def is_magic(square: SquareLike) -> bool:
    """True when ``square`` is a *normal* magic square: entries 1..n², all lines equal.

    >>> is_magic([[2, 7, 6], [9, 5, 1], [4, 3, 8]]), is_magic([[1, 2], [3, 4]])
    (True, False)
    """
    return {"normal", "magic"} <= properties(square)


def symmetries(square: SquareLike) -> list[Square]:
    """The 8 images of ``square`` under the rotations and reflections of the square,
    in the order of ``SYMMETRY_NAMES`` (the first is the square itself).

    >>> [int(img[0, 0]) for img in symmetries([[2, 7, 6], [9, 5, 1], [4, 3, 8]])]
    [2, 6, 8, 4, 6, 4, 2, 8]
    """
    a = as_square(square)
    images = [
        a,
        np.rot90(a, 1),
        np.rot90(a, 2),
        np.rot90(a, 3),
        a[:, ::-1],
        a[::-1, :],
        a.T,
        np.rot90(a, 2).T,
    ]
    return [np.ascontiguousarray(img) for img in images]


def standard_form(square: SquareLike) -> Square:
    """Frénicle's standard form: the image under ``symmetries`` with the smallest
    corner in the top left and, of the two such images, the one whose second
    entry of the first row is smaller than the second entry of the first column.

    For squares with distinct entries this is the smallest image in row-major
    (lexicographic) order, which is how it is computed; that rule also gives one
    well-defined representative for any other square.

    >>> standard_form([[8, 1, 6], [3, 5, 7], [4, 9, 2]]).tolist()
    [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
    """
    images = symmetries(square)
    return min(images, key=lambda img: img.ravel().tolist()).copy()
