"""One look for every picture in the suite: colours, fonts and the square drawings.

Two renderers share the same palette:

- matplotlib (``draw_square``, ``draw_gallery``) for figures in the notebooks;
- HTML (``square_html``) for widget frames, which the browser can show and
  animate without a kernel.

Colours come from the Okabe-Ito palette, which stays distinguishable for
colour-blind readers, and every highlight also carries a text or shape cue, so
nothing is said by colour alone.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ._check import as_square

__all__ = [
    "COLORS",
    "FONT",
    "draw_square",
    "draw_gallery",
    "small_multiples",
    "square_html",
    "html_table",
]

#: Shared palette (Okabe-Ito) with the role each colour plays in the suite.
COLORS: dict[str, str] = {
    "cell": "#ffffff",        # an ordinary cell
    "grid": "#333333",        # cell borders and text
    "empty": "#f2f2f2",       # a cell not filled yet
    "current": "#E69F00",     # the cell acted on now (orange)
    "tried": "#56B4E9",       # a cell tried and rejected (sky blue)
    "mark": "#009E73",        # a selected cell, e.g. under a queen (green)
    "free": "#F0E442",        # a free variable (yellow)
    "bad": "#D55E00",         # a line whose sum is wrong (vermillion)
    "good": "#009E73",        # a line whose sum is right (green)
    "accent": "#0072B2",      # titles and pivots (blue)
    "muted": "#999999",       # secondary text
}

#: Shared font settings for matplotlib figures.
FONT: dict[str, Any] = {"family": "DejaVu Sans", "size": 12}


def _cells(spec: Iterable[tuple[int, int]] | None) -> set[tuple[int, int]]:
    return {(int(r), int(c)) for r, c in (spec or ())}


def draw_square(square: Any, ax=None, *, highlight: Iterable[tuple[int, int]] | None = None,
                marks: Iterable[tuple[int, int]] | None = None, title: str | None = None,
                show_sums: bool = False, blank: int | None = 0, fontsize: float | None = None):
    """Draw ``square`` as a grid of numbers on ``ax`` (a new figure if None); return the Axes.

    ``highlight`` cells are filled orange, ``marks`` cells green with a bold
    number; entries equal to ``blank`` are left empty (use None to show all).
    With ``show_sums`` every row, column and diagonal sum is written outside.

    >>> ax = draw_square([[2, 7, 6], [9, 5, 1], [4, 3, 8]], title="Lo Shu")
    >>> ax.get_title()
    'Lo Shu'
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    a = as_square(square)
    n = a.shape[0]
    if ax is None:
        size = min(0.55 * n + 0.6, 9)
        _, ax = plt.subplots(figsize=(size + (0.6 if show_sums else 0),) * 2)
    hi, mk = _cells(highlight), _cells(marks)
    fs = fontsize or max(5.0, min(16.0, 140 / max(n, 1) / max(1, len(str(n * n)) / 2)))
    for r in range(n):
        for c in range(n):
            value = int(a[r, c])
            empty = blank is not None and value == blank
            face = COLORS["current"] if (r, c) in hi else COLORS["mark"] if (r, c) in mk else \
                COLORS["empty"] if empty else COLORS["cell"]
            ax.add_patch(Rectangle((c, r), 1, 1, facecolor=face, edgecolor=COLORS["grid"], lw=1))
            if not empty:
                ax.text(c + 0.5, r + 0.5, str(value), ha="center", va="center", fontsize=fs,
                        fontweight="bold" if (r, c) in mk or (r, c) in hi else "normal",
                        color="white" if (r, c) in mk else COLORS["grid"])
    if show_sums:
        small = fs * 0.75
        for r, s in enumerate(a.sum(axis=1)):
            ax.text(n + 0.15, r + 0.5, str(int(s)), ha="left", va="center", fontsize=small, color=COLORS["accent"])
        for c, s in enumerate(a.sum(axis=0)):
            ax.text(c + 0.5, n + 0.15, str(int(s)), ha="center", va="top", fontsize=small, color=COLORS["accent"])
        ax.text(n + 0.15, n + 0.15, str(int(np.trace(a))), ha="left", va="top", fontsize=small, color=COLORS["muted"])
        ax.text(-0.15, n + 0.15, str(int(np.trace(a[:, ::-1]))), ha="right", va="top", fontsize=small, color=COLORS["muted"])
    pad = 0.9 if show_sums else 0.05
    ax.set_xlim(-0.05 - (pad if show_sums else 0), n + pad)
    ax.set_ylim(n + pad, -0.05)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=FONT["size"], color=COLORS["accent"])
    return ax


def small_multiples(count: int, *, ncols: int = 4, size: float = 1.8, height_ratio: float = 1.08,
                    extra_height: float = 0.0):
    """A figure with a grid of ``count`` equal panels; return (figure, the ``count`` Axes).

    Panels past ``count`` in the last row are switched off.

    >>> fig, axes = small_multiples(5, ncols=4)
    >>> len(axes), len(fig.axes)
    (5, 8)
    """
    import matplotlib.pyplot as plt

    if count < 1:
        raise ValueError(f"a gallery needs at least one panel, got {count}")
    ncols = max(1, min(ncols, count))
    nrows = -(-count // ncols)
    fig, grid = plt.subplots(nrows, ncols, figsize=(size * ncols, size * nrows * height_ratio + extra_height),
                             squeeze=False)
    panels = list(grid.ravel())
    for ax in panels[count:]:
        ax.axis("off")
    return fig, panels[:count]


def draw_gallery(squares: Sequence[Any], titles: Sequence[str] | None = None, *, ncols: int = 4,
                 size: float = 1.8, **kwargs):
    """Draw several squares side by side (small multiples); return the Figure.

    Extra keyword arguments go to ``draw_square``, except ``marks`` and
    ``highlight``, which may be lists with one entry per square.

    >>> fig = draw_gallery([[[1]], [[2]]], titles=["a", "b"])
    >>> len(fig.axes)
    2
    """
    count = len(squares)
    if count == 0:
        raise ValueError("draw_gallery needs at least one square")
    fig, axes = small_multiples(count, ncols=ncols, size=size)
    per_square = {k: kwargs.pop(k) for k in ("marks", "highlight") if isinstance(kwargs.get(k), list)
                  and len(kwargs[k]) == count and all(isinstance(x, (list, tuple, set)) for x in kwargs[k])}
    for i, ax in enumerate(axes):
        extra = {k: v[i] for k, v in per_square.items()}
        draw_square(squares[i], ax, title=titles[i] if titles else None, **extra, **kwargs)
    fig.tight_layout()
    return fig


def html_table(cells: Sequence[Sequence[str]], *, styles: Mapping[tuple[int, int], str] | None = None,
               cell_px: int = 44, caption: str | None = None) -> str:
    """An HTML table of already formatted cell texts, in the suite's look.

    ``styles`` maps (row, col) to extra inline CSS for that cell. The output is
    deterministic (no ids), so notebooks that show it re-run identically.

    >>> html_table([["1", "2"]]).startswith("<table")
    True
    """
    styles = styles or {}
    font = max(10, int(cell_px * 0.45))
    base = (f"width:{cell_px}px;height:{cell_px}px;border:1px solid {COLORS['grid']};"
            f"text-align:center;vertical-align:middle;font:{font}px/1 'DejaVu Sans',sans-serif;"
            f"color:{COLORS['grid']};padding:0")
    out = ["<table style=\"border-collapse:collapse;margin:4px\">"]
    if caption:
        out.append(f"<caption style=\"caption-side:bottom;font:14px sans-serif;padding-top:4px\">"
                   f"{caption}</caption>")
    for r, row in enumerate(cells):
        out.append("<tr>")
        for c, text in enumerate(row):
            out.append(f"<td style=\"{base};{styles.get((r, c), '')}\">{text}</td>")
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def square_html(square: Any, *, highlight: Iterable[tuple[int, int]] | None = None,
                marks: Iterable[tuple[int, int]] | None = None, tried: Iterable[tuple[int, int]] | None = None,
                blank: int | None = 0, cell_px: int = 44, caption: str | None = None) -> str:
    """The square as an HTML table: ``highlight`` cells orange and bold, ``marks``
    green, ``tried`` cells sky blue with a dashed border; ``blank`` entries empty.

    >>> "<b>5</b>" in square_html([[2, 7, 6], [9, 5, 1], [4, 3, 8]], highlight=[(1, 1)])
    True
    """
    a = as_square(square)
    n = a.shape[0]
    hi, mk, tr = _cells(highlight), _cells(marks), _cells(tried)
    cells, styles = [], {}
    for r in range(n):
        row = []
        for c in range(n):
            value = int(a[r, c])
            text = "" if blank is not None and value == blank else str(value)
            if (r, c) in hi:
                styles[(r, c)] = f"background:{COLORS['current']};font-weight:bold"
                text = f"<b>{text}</b>"
            elif (r, c) in mk:
                styles[(r, c)] = f"background:{COLORS['mark']};color:white;font-weight:bold"
            elif (r, c) in tr:
                styles[(r, c)] = f"background:{COLORS['tried']};border:2px dashed {COLORS['grid']}"
            elif not text:
                styles[(r, c)] = f"background:{COLORS['empty']}"
            row.append(text)
        cells.append(row)
    return html_table(cells, styles=styles, cell_px=cell_px, caption=html.escape(caption) if caption else None)
