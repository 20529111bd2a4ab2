"""Cells of a square sorted into classes, for proofs that count by class: the parity classes of
rows and columns (``draw_parity_classes``), wrapped 2x2 blocks (``draw_wrapped_blocks``) and the
blocks of the Siamese walk on their wrapped diagonals (``draw_walk_blocks``), and the two halves of
the order-5 count (``draw_order5_parts``).

Every class has a light fill of its own and a label written in its cells (the fill is never the only
signal); the text is dark on light, at least 12 pt.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .._check import as_cells, as_order, as_text
from ..i18n import _
from ..walk import _odd_order, siamese
from .board import MAX_DRAWN_ORDER, _drawn
from .look import COLORS, FONT, pt

__all__ = [
    "CLASS_FILLS",
    "draw_order5_parts",
    "draw_parity_classes",
    "draw_walk_blocks",
    "draw_wrapped_blocks",
]

#: Light fills for classes of cells (tints of the Okabe-Ito palette); dark text on each reaches 4.5:1.
CLASS_FILLS: tuple[str, ...] = (
    "#F9D9A6",  # orange
    "#BEE3F8",  # sky blue
    "#BFE8D6",  # bluish green
    "#F6F0A8",  # yellow
    "#E9CFE2",  # reddish purple
    "#F7CDB8",  # vermillion
    "#C9D9EE",  # blue
    "#DDDDDD",  # grey
    "#E6E0C8",  # sand
)
#: Most blocks (and so the largest order) ``draw_walk_blocks`` colours apart.
MAX_BLOCK_ORDER = len(CLASS_FILLS)


def _grid(
    ax, n: int, fill, text, *, corner=None, fontsize: float, corner_size: float = 12, indices: bool = False
):
    """Cells (r, c) filled ``fill(r, c)`` with ``text(r, c)`` in the middle and ``corner(r, c)``
    (if given) in the top left; row 0 at the top. With ``indices``, each row's r is written on its left
    and each column's c above it, so that a cell named (r, c) in the text can be found."""
    from matplotlib.patches import Rectangle

    for r in range(n):
        for c in range(n):
            ax.add_patch(Rectangle((c, r), 1, 1, facecolor=fill(r, c), edgecolor=COLORS["grid"], lw=1.2))
            ax.text(
                c + 0.5,
                r + 0.55,
                text(r, c),
                ha="center",
                va="center",
                fontsize=fontsize,
                color=COLORS["grid"],
            )
            if corner is not None and corner(r, c):
                ax.text(
                    c + 0.06,
                    r + 0.06,
                    corner(r, c),
                    ha="left",
                    va="top",
                    fontsize=pt(corner_size),
                    color=COLORS["grid"],
                )
    edge = -0.05
    if indices:
        edge = -0.45
        for k in range(n):
            ax.text(-0.22, k + 0.5, str(k), ha="center", va="center", fontsize=pt(14), color=COLORS["grid"])
            ax.text(k + 0.5, -0.22, str(k), ha="center", va="center", fontsize=pt(14), color=COLORS["grid"])
    ax.set_xlim(edge, n + 0.05)
    ax.set_ylim(n + 0.05, edge)
    ax.set_aspect("equal")
    ax.axis("off")


def _new_axes(ax, inches: float):
    import matplotlib.pyplot as plt

    if ax is None:
        _fig, ax = plt.subplots(figsize=(inches, inches))
    return ax


def draw_parity_classes(n: int = 6, ax=None, *, diagonal: int | None = None):
    """Draw an n x n grid whose cells are labelled and filled by the parities of their row and column:
    "00" (even row, even column), "01", "10", "11". With ``diagonal`` = j, the broken diagonal through
    (0, j) (cells (k, j + k mod n)) is ringed. Returns the Axes.

    >>> draw_parity_classes(6, diagonal=2).get_title()
    'Cells by the parity of row and column (n = 6)'
    """
    from matplotlib.patches import Circle

    n = as_order(n, name="n", minimum=2, maximum=MAX_DRAWN_ORDER)
    if diagonal is not None:
        diagonal = as_order(diagonal, name="diagonal", minimum=0, maximum=n - 1)
    ax = _new_axes(ax, min(0.8 * n + 0.8, 9))
    fills = {(0, 0): CLASS_FILLS[0], (0, 1): CLASS_FILLS[1], (1, 0): CLASS_FILLS[3], (1, 1): CLASS_FILLS[2]}
    _grid(
        ax, n, lambda r, c: fills[r % 2, c % 2], lambda r, c: f"{r % 2}{c % 2}", fontsize=pt(min(18, 100 / n))
    )
    if diagonal is not None:
        for k in range(n):
            ax.add_patch(
                Circle(((diagonal + k) % n + 0.5, k + 0.55), 0.36, fill=False, lw=2.5, ec=COLORS["grid"])
            )
    ax.set_title(
        _("Cells by the parity of row and column (n = {n})", n=n),
        fontsize=FONT["size"] + 2,
        color=COLORS["accent"],
    )
    return ax


def draw_wrapped_blocks(
    square: Any, corners: Iterable[tuple[int, int]], ax=None, *, title: str | None = None
):
    """Draw ``square`` with the 2x2 blocks whose top-left cells are ``corners`` marked: block A, B, C, …
    (in the order given) has its letter in the corner of each of its four cells (the blocks wrap round
    the edges) and its own fill; a cell in two blocks is split between their fills. Under the grid,
    each block's sum is written out. Returns the Axes.

    >>> most_perfect = [[1, 8, 13, 12], [14, 11, 2, 7], [4, 5, 16, 9], [15, 10, 3, 6]]
    >>> ax = draw_wrapped_blocks(most_perfect, [(0, 0), (3, 3)])
    >>> ax.texts[-1].get_text()
    'B: 6 + 15 + 12 + 1 = 34'
    """
    from matplotlib.patches import Polygon

    a = _drawn(square)
    n = a.shape[0]
    tops = list(dict.fromkeys(_corner_list(corners, n)))
    if not 1 <= len(tops) <= 4:
        raise ValueError(_("corners: give 1 to 4 different top-left cells, not {count}", count=len(tops)))
    title = as_text(title)
    letters = "ABCD"
    cells = [[((i + di) % n, (j + dj) % n) for di in (0, 1) for dj in (0, 1)] for i, j in tops]
    owners = {
        (r, c): [k for k, block in enumerate(cells) if (r, c) in block] for r in range(n) for c in range(n)
    }
    ax = _new_axes(ax, min(1.1 * n + 0.8, 9))
    _grid(
        ax,
        n,
        lambda r, c: CLASS_FILLS[owners[r, c][0]] if owners[r, c] else COLORS["cell"],
        lambda r, c: str(int(a[r, c])),
        corner=lambda r, c: "/".join(letters[k] for k in owners[r, c]),
        fontsize=pt(min(20, 120 / n)),
    )
    for (r, c), ks in owners.items():
        if len(ks) > 1:  # the lower-right half in the second block's fill
            ax.add_patch(
                Polygon(
                    [(c + 1, r), (c + 1, r + 1), (c, r + 1)],
                    facecolor=CLASS_FILLS[ks[1]],
                    edgecolor=COLORS["grid"],
                    lw=0.6,
                    zorder=1.5,
                )
            )
    for k, block in enumerate(cells):
        values = [int(a[r, c]) for r, c in block]
        ax.text(
            0,
            n + 0.35 + 0.45 * k,
            f"{letters[k]}: {' + '.join(map(str, values))} = {sum(values)}",
            ha="left",
            va="top",
            fontsize=pt(12),
            color=COLORS["grid"],
        )
    ax.set_ylim(n + 0.45 + 0.45 * len(cells), -0.05)
    if title:
        ax.set_title(title, fontsize=FONT["size"] + 2, color=COLORS["accent"])
    return ax


def _corner_list(corners: Any, n: int) -> list[tuple[int, int]]:
    listed = list(corners) if corners is not None else []
    as_cells(listed, n, name="corners")  # every corner a cell of the square
    return [(int(r), int(c)) for r, c in listed]


def draw_walk_blocks(n: int = 5, ax=None):
    """Draw siamese(n) with each block of n consecutive numbers (1..n, n+1..2n, …) in its own fill and
    labelled with its block number q in the corner of each of its cells: every block lies on one wrapped
    diagonal r + c ≡ h − 1 − q (mod n), h = n//2. The rows' r and the columns' c are written on the left
    and at the top. Returns the Axes.

    >>> draw_walk_blocks(3).get_title()
    'siamese(3): block q on its wrapped diagonal'
    """
    n = _odd_order(n, minimum=3, maximum=MAX_BLOCK_ORDER)
    a = siamese(n)
    ax = _new_axes(ax, min(1.05 * n + 0.8, 9))
    _grid(
        ax,
        n,
        lambda r, c: CLASS_FILLS[(int(a[r, c]) - 1) // n],
        lambda r, c: str(int(a[r, c])),
        corner=lambda r, c: f"q={(int(a[r, c]) - 1) // n}",
        fontsize=pt(min(20, 110 / n)),
        indices=True,
    )
    ax.set_title(
        _("siamese({n}): block q on its wrapped diagonal", n=n),
        fontsize=FONT["size"] + 2,
        color=COLORS["accent"],
    )
    return ax


#: The rows part of the order-5 count: the inner cells of rows 0 and 4, and (2,1), (2,3) that columns
#: 1 and 3 force; the columns part is its transpose.
ROWS_PART: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (0, 3), (4, 1), (4, 2), (4, 3), (2, 1), (2, 3))
FORCED: frozenset[tuple[int, int]] = frozenset({(2, 1), (2, 3), (1, 2), (3, 2)})


def draw_order5_parts(ax=None):
    """Draw the 5 x 5 template of the order-5 count: the two diagonals (D), fixed first; the rows part
    (R) and the columns part (C), 8 cells each, with the 4 cells a line sum forces marked "forced".
    Returns the Axes.

    >>> [t.get_text() for t in draw_order5_parts().texts[:3]]
    ['D', 'R', 'R']
    """
    kinds = {
        (r, c): 0 if r == c or r + c == 4 else 1 if (r, c) in ROWS_PART else 2
        for r in range(5)
        for c in range(5)
    }
    labels = (_("D"), _("R"), _("C"))
    fills = (CLASS_FILLS[7], CLASS_FILLS[0], CLASS_FILLS[1])
    ax = _new_axes(ax, 5.6)
    _grid(
        ax,
        5,
        lambda r, c: fills[kinds[r, c]],
        lambda r, c: labels[kinds[r, c]],
        corner=lambda r, c: _("forced") if (r, c) in FORCED else "",
        fontsize=pt(20),
    )
    legend = (
        _("{d}: the diagonals, fixed first", d=labels[0]),
        _("{r}: the rows part, {c}: the columns part", r=labels[1], c=labels[2]),
        _("forced: the line through it fixes it"),
    )
    for k, line in enumerate(legend):
        ax.text(0, 5.3 + 0.45 * k, line, ha="left", va="top", fontsize=pt(12), color=COLORS["grid"])
    ax.set_ylim(5.4 + 0.45 * len(legend), -0.05)
    ax.set_title(_("Diagonals first, then two halves"), fontsize=FONT["size"] + 2, color=COLORS["accent"])
    return ax
