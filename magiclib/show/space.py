"""Pictures of the space of magic matrices: basis heat maps, Birkhoff stacks, Moler's view.

- ``draw_heatmaps``: small matrices (a basis, a residual) as heat maps on a
  diverging colour scale, with the values written in the cells when they fit;
- ``draw_birkhoff``: a matrix as a weighted sum of permutation matrices, one
  panel per term, n-queens terms marked with a queen glyph (not by colour alone);
- ``draw_moler``: MATLAB's ``magic(n)`` for n = 3..24 as images (colour = value),
  one row per construction family, as in Cleve Moler's chapter.

Every text is at least 12 pt at the stored size.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from ..construct import magic, order_kind
from ..i18n import _, number
from ..matrices import is_queens_permutation
from .board import small_multiples
from .look import COLORS, FONT

__all__ = ["draw_heatmaps", "draw_birkhoff", "draw_moler"]

_TEXT = max(12, FONT["size"])  # smallest text in these figures, points


def _as_float_array(m: Any) -> np.ndarray:
    """Any small matrix (lists, numpy, sympy) as a float array for colouring."""
    rows = m.tolist() if hasattr(m, "tolist") else m
    return np.array([[float(x) for x in row] for row in rows], dtype=float)


def _label(x: Any) -> str:
    """A short exact label: 3, -1/3, 0.25 for floats."""
    if hasattr(x, "is_Rational") and x.is_Rational:
        x = Fraction(int(x.p), int(x.q))
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
    if isinstance(x, (int, np.integer)):
        return str(int(x))
    return number(float(x), digits=2)


def draw_heatmaps(
    matrices: Sequence[Any],
    titles: Sequence[str] | None = None,
    *,
    ncols: int = 4,
    size: float = 2.2,
    values: bool | None = None,
    cmap: str = "PuOr",
):
    """Small matrices as heat maps on one symmetric colour scale (0 is white); return the Figure.

    ``values`` writes each entry in its cell (default: when the matrices are at
    most 4 x 4, so the 12 pt text fits). Negative and positive entries get the
    two ends of a colour-blind-safe diverging map, and the written values carry
    the sign, so colour is never the only signal.

    >>> fig = draw_heatmaps([[[1, -1], [-1, 1]], [[0, 1], [1, 0]]], ["a", "b"])
    >>> [ax.get_title() for ax in fig.axes]
    ['a', 'b']
    """
    import matplotlib.pyplot as plt

    arrays = [_as_float_array(m) for m in matrices]
    if not arrays:
        raise ValueError(_("draw_heatmaps needs at least one matrix"))
    n = max(a.shape[0] for a in arrays)
    if values is None:
        values = n <= 4
    top = max(float(np.abs(a).max()) for a in arrays) or 1.0
    fig, axes = small_multiples(len(arrays), ncols=ncols, size=size, height_ratio=1.15)
    cm = plt.get_cmap(cmap)
    for k, (ax, a, m) in enumerate(zip(axes, arrays, matrices, strict=False)):
        ax.imshow(a, cmap=cm, vmin=-top, vmax=top)
        ax.set_xticks([])
        ax.set_yticks([])
        for spine in ax.spines.values():
            spine.set_color(COLORS["grid"])
        if values:
            rows = m.tolist() if hasattr(m, "tolist") else m
            for r, row in enumerate(rows):
                for c, x in enumerate(row):
                    shade = abs(a[r, c]) / top
                    ax.text(
                        c,
                        r,
                        _label(x),
                        ha="center",
                        va="center",
                        fontsize=_TEXT,
                        color="white" if shade > 0.6 else COLORS["grid"],
                    )
        if titles:
            ax.set_title(titles[k], fontsize=_TEXT, color=COLORS["accent"])
    fig.tight_layout()
    return fig


def draw_birkhoff(
    terms: Sequence[tuple[Any, Sequence[int]]],
    *,
    ncols: int = 6,
    size: float = 1.7,
    title: str | None = None,
    mark_queens: bool = True,
):
    """One panel per term (weight, permutation): the permutation matrix with its cells filled,
    the weight as the panel title; n-queens terms get a queen (♛) in each cell and a "♛" in
    the title. Return the Figure.

    >>> fig = draw_birkhoff([(2, (1, 3, 0, 2)), (1, (0, 1, 2, 3))])
    >>> [ax.get_title() for ax in fig.axes[:2]]
    ['2 × ♛', '1 ×']
    """
    from matplotlib.patches import Rectangle

    if not terms:
        raise ValueError(_("draw_birkhoff needs at least one term"))
    n = len(terms[0][1])
    fig, axes = small_multiples(
        len(terms), ncols=ncols, size=size, height_ratio=1.2, extra_height=0.5 if title else 0.0
    )
    for ax, (w, p) in zip(axes, terms, strict=False):
        queens = mark_queens and is_queens_permutation(p)
        for r in range(n):
            for c in range(n):
                on = p[r] == c
                face = (COLORS["mark"] if queens else COLORS["accent"]) if on else COLORS["cell"]
                ax.add_patch(Rectangle((c, r), 1, 1, facecolor=face, edgecolor=COLORS["muted"], lw=0.8))
                if on and queens and n <= 8:
                    ax.text(
                        c + 0.5,
                        r + 0.55,
                        "\u265b",
                        ha="center",
                        va="center",
                        color="white",
                        fontsize=max(_TEXT, 60 / n),
                    )
        ax.add_patch(Rectangle((0, 0), n, n, fill=False, edgecolor=COLORS["grid"], lw=1.5))
        ax.set_xlim(-0.05, n + 0.05)
        ax.set_ylim(n + 0.05, -0.05)
        ax.set_aspect("equal")
        ax.axis("off")
        ax.set_title(f"{_label(w)} ×" + (" \u265b" if queens else ""), fontsize=_TEXT, color=COLORS["grid"])
    if title:
        fig.suptitle(title, fontsize=_TEXT + 2, color=COLORS["accent"])
    fig.tight_layout()
    return fig


def draw_moler(
    orders: Sequence[int] = tuple(range(3, 25)), *, ncols: int = 6, size: float = 1.75, cmap: str = "viridis"
):
    """MATLAB's ``magic(n)`` as images (dark = small, bright = large), one row of panels per
    construction family (odd, doubly even, singly even), like Moler's figure.

    >>> fig = draw_moler([3, 4, 5, 6])
    >>> sorted(ax.get_title() for ax in fig.axes if ax.get_title())
    ['n = 3', 'n = 4', 'n = 5', 'n = 6']
    """
    families = ["odd", "doubly even", "singly even"]
    groups = {kind: [n for n in orders if order_kind(n) == kind] for kind in families}
    layout = []  # (kind, orders in this panel row)
    for kind in families:
        ns = groups[kind]
        for start in range(0, len(ns), ncols):
            layout.append((kind, ns[start : start + ncols]))
    if not layout:
        raise ValueError(_("draw_moler needs at least one order n >= 3"))
    width = min(ncols, max(len(ns) for _, ns in layout))
    fig, axes = small_multiples(len(layout) * width, ncols=width, size=size, height_ratio=1.12)
    names = {"odd": _("odd n"), "doubly even": _("n divisible by 4"), "singly even": _("n = 2 mod 4")}
    seen = set()
    for row, (kind, ns) in enumerate(layout):
        for col in range(width):
            ax = axes[row * width + col]
            if col >= len(ns):
                ax.axis("off")
                continue
            n = ns[col]
            ax.imshow(magic(n), cmap=cmap, interpolation="nearest")
            ax.set_xticks([])
            ax.set_yticks([])
            ax.set_title(f"n = {n}", fontsize=_TEXT)
            if col == 0 and kind not in seen:
                ax.set_ylabel(names[kind], fontsize=_TEXT, color=COLORS["accent"])
                seen.add(kind)
    fig.tight_layout()
    return fig
