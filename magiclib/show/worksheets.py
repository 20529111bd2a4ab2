"""Printable worksheets for the classroom: A4 (or US Letter) PDF pages drawn with matplotlib.

Four worksheets, each with an answer sheet for the teacher computed by magiclib:

- ``siamese_walk``: blank 3x3, 5x5 and 7x7 grids with 1 and 2 placed and the walk's rules;
- ``magic_series``: the 8 magic series of order 3 as cards, and empty grids to assemble squares;
- ``hidden_queens``: the 8x8 square of the article (``magiclib.CHALLENGE_8``) to hide queens in;
- ``magic_hexagon``: the 19 numbered cells and the 15 lines, with space for the line equations.

Pages use matplotlib's PDF backend only (no LaTeX), text of 14 pt or more, black on white with
light grey at most, so that they photocopy; nothing is said by colour alone. Each page is drawn
on a millimetre grid (origin bottom left). matplotlib is imported inside the functions.

>>> sorted(WORKSHEETS)
['hidden_queens', 'magic_hexagon', 'magic_series', 'siamese_walk']
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from .. import hexagon as hx
from .._check import as_flag
from ..allsquares import magic_series, magic_square_array
from ..famous import CHALLENGE_8
from ..i18n import N_, _
from ..nqueens import hidden_queens
from ..squares import magic_constant
from ..walk import siamese, siamese_steps
from .board import text_width, wrap_to_width
from .look import FONT_FAMILY

__all__ = ["WORKSHEETS", "PAPER", "MIN_WORKSHEET_PT", "worksheet_pages", "save_worksheet", "write_worksheets"]

#: Paper sizes in millimetres (width, height).
PAPER: dict[str, tuple[float, float]] = {"A4": (210.0, 297.0), "letter": (215.9, 279.4)}
#: The smallest text on a worksheet, in points.
MIN_WORKSHEET_PT = 14
_MM = 1 / 25.4  # inches per millimetre
_PT = 72 / 25.4  # points per millimetre
_MARGIN = 18.0
#: How far into the margin (mm) a line of the English's own lines may run before it is wrapped anew: the
#: lines keep about 7 mm from the paper's edge (a printer may leave 5 mm unprinted).
_SLACK = _MARGIN - 7.0
_BODY = 14
_TITLE = 22
_GREY = "#d9d9d9"


def _line_step(size: float) -> float:
    """The distance in mm from one line of text to the next at ``size`` points."""
    return max(size, MIN_WORKSHEET_PT) * 0.36 + 2.2


class _Page:
    """One page: a matplotlib figure with an axes in millimetres covering it."""

    def __init__(self, paper: str, title: str, footer: str, answers: bool) -> None:
        from matplotlib.figure import Figure

        self.width, self.height = PAPER[paper]
        self.fig = Figure(figsize=(self.width * _MM, self.height * _MM))
        ax = self.fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, self.width)
        ax.set_ylim(0, self.height)
        ax.set_axis_off()
        self.ax = ax
        self.y = self.height - _MARGIN
        head = _("Answers: {title}", title=title) if answers else title
        self.y = self.lines(head, self.y, size=_TITLE, weight="bold") - 11 + _line_step(_TITLE)
        if answers:
            sheet = _("ANSWER SHEET, for the teacher: do not hand out.")
            self.y = self.lines(sheet, self.y, weight="bold") - 10 + _line_step(_BODY)
        else:
            name = _("Name: ______________________      Date: ____________")
            self.y = self.lines(name, self.y) - 10 + _line_step(_BODY)
        rows = len(self.wrapped(footer, self.width - 2 * _MARGIN))
        self.lines(footer, 9 + (rows - 1) * _line_step(_BODY), x=self.width / 2, ha="center", color="#333333")

    def text(self, x: float, y: float, s: str, *, size: float = _BODY, **kw: Any) -> None:
        kw.setdefault("va", "top")
        kw.setdefault("ha", "left")
        kw.setdefault("color", "black")
        self.ax.text(x, y, s, fontsize=max(size, MIN_WORKSHEET_PT), family=FONT_FAMILY, **kw)

    def wrapped(
        self,
        s: str,
        width_mm: float,
        *,
        size: float = _BODY,
        weight: str = "normal",
        chars: int = 1000,
        slack: float = _SLACK,
    ) -> list[str]:
        """The lines of ``s`` that fit ``width_mm`` at ``size`` (see ``board.wrap_to_width``): the lines of
        ``textwrap`` at ``chars`` characters (a line per paragraph by default) where they fit within
        ``width_mm + slack``, else lines filled by measured width."""
        size = max(size, MIN_WORKSHEET_PT)
        return wrap_to_width(s, width_mm * _PT, size, chars=chars, slack=slack * _PT, weight=weight)

    def lines(
        self,
        s: str,
        y: float,
        *,
        x: float = _MARGIN,
        width: float | None = None,
        size: float = _BODY,
        weight: str = "normal",
        chars: int = 1000,
        slack: float | None = None,
        **kw: Any,
    ) -> float:
        """Write ``s`` from ``y`` down, wrapped to ``width`` mm (default: to the right margin, or between
        the margins when centred); return the ``y`` of the line that would come next. Lines that
        were already one line (or ``chars`` long) keep their breaks while they stay 8 mm from the edge."""
        centred = kw.get("ha") == "center"
        if width is None:
            width = self.width - 2 * _MARGIN if centred else self.width - _MARGIN - x
        edge = self.width - (_MARGIN - _SLACK)
        if slack is None:  # how far a line kept whole may run past ``width``: up to the edge's 7 mm
            slack = 2 * _SLACK if centred else max(0.0, min(_SLACK, edge - x - width))
        for line in self.wrapped(s, width, size=size, weight=weight, chars=chars, slack=slack):
            self.text(x, y, line, size=size, weight=weight, **kw)
            y -= _line_step(size)
        return y

    def line(self, s: str) -> None:
        """A line at ``self.y`` (wrapped if it is too long); ``self.y`` moves 9 mm down per line."""
        self.y = self.lines(s, self.y) - 9 + _line_step(_BODY)

    def paragraph(self, s: str, *, width: int = 74, size: float = _BODY) -> None:
        """``s`` in lines between the margins, from ``self.y`` down: English keeps its lines of ``width``
        characters where they fit; other text is wrapped by measured width (Chinese between characters)."""
        self.y = self.lines(s, self.y, size=size, chars=width) - 2

    def rect(
        self, x: float, y: float, w: float, h: float, *, fill: str = "white", lw: float = 1.2, **kw: Any
    ) -> None:
        from matplotlib.patches import Rectangle

        self.ax.add_patch(Rectangle((x, y), w, h, facecolor=fill, edgecolor="black", linewidth=lw, **kw))

    def grid(
        self,
        x: float,
        top: float,
        cell: float,
        values: np.ndarray,
        *,
        size: float = 20,
        bold: set[tuple[int, int]] | None = None,
        shade: Callable[[int, int], bool] | None = None,
        ring: set[tuple[int, int]] | None = None,
        labels: bool = False,
    ) -> float:
        """Draw a grid of numbers (0 = empty) with its top-left corner at (x, top); return its bottom."""
        from matplotlib.patches import Circle

        rows, cols = values.shape
        for r in range(rows):
            for c in range(cols):
                y0 = top - (r + 1) * cell
                self.rect(x + c * cell, y0, cell, cell, fill=_GREY if shade and shade(r, c) else "white")
                v = int(values[r, c])
                if ring and (r, c) in ring:
                    self.ax.add_patch(
                        Circle((x + (c + 0.5) * cell, y0 + cell / 2), cell * 0.42, fill=False, linewidth=2.6)
                    )
                if v:
                    weight = "bold" if (bold and (r, c) in bold) or (ring and (r, c) in ring) else "normal"
                    self.text(
                        x + (c + 0.5) * cell,
                        y0 + cell / 2,
                        str(v),
                        size=size,
                        ha="center",
                        va="center",
                        weight=weight,
                    )
        self.rect(x, top - rows * cell, cols * cell, rows * cell, fill="none", lw=2.4)
        if labels:
            for k in range(rows):
                self.text(x - 3, top - (k + 0.5) * cell, str(k), ha="right", va="center", color="#333333")
            for k in range(cols):
                self.text(x + (k + 0.5) * cell, top + 2, str(k), ha="center", va="bottom", color="#333333")
        return top - rows * cell


# --- the Siamese walk -------------------------------------------------------------------------------

_WALK_RULES = N_(
    "Rules. Put each next number one cell UP and one cell RIGHT of the last one.\n"
    "Wrap: off the top edge, continue at the bottom; off the right edge, continue at the left.\n"
    "Occupied: if that cell already holds a number (or you leave by the top-right corner), "
    "go to the cell one DOWN and two LEFT of the cell you aimed at instead."
)


def _siamese_pages(paper: str, answers: bool) -> list[Any]:
    footer = _("magiclib classroom kit · the Siamese walk (notebook 01)")
    if answers:
        page = _Page(paper, _("the Siamese walk"), footer, True)
        top = page.y - 4
        for n, cell, x in ((3, 14.0, _MARGIN), (5, 14.0, _MARGIN + 85)):
            page.text(x, top, _("{n} x {n}: lines sum to {value}", n=n, value=magic_constant(n)))
            page.grid(x, top - 9, cell, siamese(n), size=16)
        top -= 9 + 5 * 14 + 12
        page.text(_MARGIN, top, _("7 x 7: every line sums to {value}", value=magic_constant(7)))
        page.grid(_MARGIN, top - 9, 16.0, siamese(7), size=16)
        return [page.fig]
    pages = []
    for n in (3, 5, 7):
        page = _Page(paper, _("The Siamese walk: a {n} x {n} square", n=n), footer, False)
        page.paragraph(_(_WALK_RULES))
        first = siamese_steps(n)[:2]
        page.paragraph(
            _(
                (
                    "1 starts in the middle of the last column; 2 is already placed for you (it "
                    "wrapped). Fill in 3 to {value}. Then add up each row, column and diagonal."
                ),
                value=n * n,
            )
        )
        cell = min(22.0, (page.width - 2 * _MARGIN - 10) / n, (page.y - 75) / n)
        values = np.zeros((n, n), dtype=np.int64)
        placed = {(s.row, s.col) for s in first}
        for s in first:
            values[s.row, s.col] = s.number
        x = (page.width - n * cell) / 2
        bottom = page.grid(x, page.y - 8, cell, values, size=20, bold=placed, labels=True)
        page.y = bottom - 8
        page.line(_("Row sums: ________________   Column sums: ________________"))
        page.line(_("Diagonal sums: ________________   What do you notice? ______________"))
        pages.append(page.fig)
    return pages


# --- the magic series of order 3 --------------------------------------------------------------------


def _series_pages(paper: str, answers: bool) -> list[Any]:
    footer = _("magiclib classroom kit · magic series (notebook 02)")
    series = magic_series(3)
    if answers:
        page = _Page(paper, _("magic series"), footer, True)
        page.paragraph(
            _(
                (
                    "The {count} magic series of order 3: {items}. The 8 magic squares below use "
                    "them; all have 5 in the centre, and they are the 8 rotations and reflections of "
                    "one square (Lo Shu)."
                ),
                count=len(series),
                items=", ".join(" ".join(map(str, s)) for s in series),
            )
        )
        squares = magic_square_array(3)
        cell, gap = 14.0, 16.0
        for k, sq in enumerate(squares):
            col, row = k % 3, k // 3
            x = _MARGIN + col * (3 * cell + gap)
            top = page.y - 6 - row * (3 * cell + gap)
            page.grid(x, top, cell, sq, size=16)
        return [page.fig]
    page = _Page(paper, _("Magic series: build the 3 x 3 squares"), footer, False)
    page.paragraph(
        _(
            "Each card holds three different numbers from 1 to 9 that add up to 15: a magic series. "
            "Cut the cards out. A magic square needs three series for its rows, three for its columns "
            "and two for its diagonals. Use the cards to build a magic square, then find as many different "
            "ones as you can on the next page. Which number must go in the centre, and why?"
        )
    )
    cell, gap = 14.0, 12.0
    top = page.y - 4
    for k, s in enumerate(series):
        col, row = k % 2, k // 2
        x = _MARGIN + 12 + col * (3 * cell + 40)
        y = top - row * (cell + gap)
        page.text(x - 4, y - cell / 2, chr(ord("A") + k), ha="right", va="center", weight="bold")
        page.grid(x, y, cell, np.array([list(s)], dtype=np.int64), size=20)
    page.y = top - 4 * (cell + gap) - 2
    page.paragraph(
        _(
            "Cards through the centre: ____________\nCards through a corner: ____________\n"
            "Cards through the middle of a side: ____________"
        )
    )
    grids = _Page(paper, _("Magic series: your squares"), footer, False)
    grids.paragraph(
        _("Write one magic square in each grid. Under it, write the letters of the cards you used.")
    )
    cell, gap = 15.0, 18.0
    for k in range(9):
        col, row = k % 3, k // 3
        x = _MARGIN + col * (3 * cell + gap)
        t = grids.y - 4 - row * (3 * cell + gap + 14)
        grids.grid(x, t, cell, np.zeros((3, 3), dtype=np.int64))
        grids.text(x, t - 3 * cell - 3, _("cards: ______"))
    return [page.fig, grids.fig]


# --- hidden queens -----------------------------------------------------------------------------------


def _queens_pages(paper: str, answers: bool) -> list[Any]:
    footer = _("magiclib classroom kit · queens in a magic square (notebook 03)")
    square = np.array(CHALLENGE_8, dtype=np.int64)
    target = magic_constant(8)
    checker = lambda r, c: (r + c) % 2 == 1  # noqa: E731
    if answers:
        page = _Page(paper, _("queens in a magic square"), footer, True)
        found = hidden_queens(square)
        page.paragraph(
            _(
                (
                    "The square hides exactly {count} solutions of the 8 queens problem whose "
                    "numbers add up to {target}. Each board rings the 8 queens of one solution."
                ),
                count=len(found),
                target=target,
            )
        )
        cell = 10.0
        for k, sol in enumerate(found):
            col, row = k % 2, k // 2
            x = _MARGIN + 4 + col * (8 * cell + 12)
            top = page.y - 2 - row * (8 * cell + 22)
            ring = {(r, c) for r, c in enumerate(sol)}
            page.grid(x, top, cell, square, size=14, ring=ring, shade=checker)
            total = sum(int(square[r, c]) for r, c in ring)
            page.lines(
                _(
                    "{value}: columns {items}; sum {total}",
                    value=k + 1,
                    items=" ".join(map(str, sol)),
                    total=total,
                ),
                top - 8 * cell - 3,
                x=x,
                width=8 * cell + 8,
                slack=0,
            )
        return [page.fig]
    page = _Page(paper, _("Queens hidden in a magic square"), footer, False)
    page.paragraph(
        _(
            (
                "Every row, column and diagonal of this square adds up to {target}. Place 8 "
                "queens (draw a ring around a number) so that no two share a row, a column or a "
                "diagonal. Add up the 8 ringed numbers. The square hides some placements whose "
                "numbers add up to exactly {target}: find one."
            ),
            target=target,
        )
    )
    cell = min(19.0, (page.y - 70) / 8)
    x = (page.width - 8 * cell) / 2
    bottom = page.grid(x, page.y - 8, cell, square, size=18, shade=checker, labels=True)
    page.y = bottom - 6
    page.line(_("Columns of my queens, row 0 to row 7: ___ ___ ___ ___ ___ ___ ___ ___"))
    page.line(_("Sum of their numbers: __________   Is it 260?  yes / no"))
    return [page.fig]


# --- the magic hexagon -------------------------------------------------------------------------------


def _line_label(name: str) -> str:
    """A line's name from ``hexagon.line_names()`` ("row 3", "/ 2", "\\ 5") as the reader reads it."""
    if name.startswith("row "):
        return _("row {k}", context="a row of the magic hexagon", k=name.removeprefix("row "))
    return name


def _hexagon_drawing(page: _Page, values: tuple[int, ...] | None, cx: float, cy: float, unit: float) -> None:
    from matplotlib.patches import Polygon

    from .hexagon import _sum_positions

    radius = unit / math.sqrt(3) * 0.97
    for k, (px, py) in hx.coordinates().items():
        x, y = cx + px * unit, cy + py * unit
        corners = [
            (
                x + radius * math.cos(math.radians(90 + 60 * i)),
                y + radius * math.sin(math.radians(90 + 60 * i)),
            )
            for i in range(6)
        ]
        page.ax.add_patch(Polygon(corners, closed=True, facecolor="white", edgecolor="black", linewidth=1.6))
        page.text(x, y + radius * 0.55, f"x{k}", size=14, ha="center", va="center", color="#333333")
        if values is not None:
            page.text(
                x, y - radius * 0.2, str(values[k - 1]), size=20, ha="center", va="center", weight="bold"
            )
    for i, (px, py) in _sum_positions().items():
        name = _line_label(hx.line_names()[i])
        page.text(cx + px * unit, cy + py * unit, name, size=14, ha="center", va="center", style="italic")


def _hexagon_pages(paper: str, answers: bool) -> list[Any]:
    footer = _("magiclib classroom kit · the magic hexagon (notebook 04)")
    lines, names = hx.lines(), [_line_label(name) for name in hx.line_names()]
    adams = hx.MAGIC_HEXAGON
    total = sum(adams[k - 1] for k in lines[0])
    title = _("The magic hexagon")
    page = _Page(paper, title, footer, answers)
    if answers:
        page.paragraph(_("Adams' magic hexagon: every one of the 15 lines adds up to {total}.", total=total))
    else:
        page.paragraph(
            _(
                "The hexagon has 19 cells, x1 to x19, and 15 lines: 5 rows, 5 lines going up to the "
                "right (/) and 5 going down to the right (\\). Each line's name is written beyond one of "
                "its ends. On the next page, write the equation of every line "
                "(for example: x1 + x2 + x3 = s)."
            )
        )
    unit = min(30.0, (page.width - 2 * _MARGIN) / 6.2)
    cy = page.y - 4 - 3.3 * unit
    _hexagon_drawing(page, adams if answers else None, page.width / 2, cy, unit)
    page.y = cy - 3.3 * unit - 4
    if not answers:
        page.paragraph(
            _("Challenge: put 1 to 19 in the cells so that every line adds up to {total}.", total=total)
        )
    eq = _Page(
        paper,
        _("The 15 line equations") if answers else _("The magic hexagon: the 15 line equations"),
        footer,
        answers,
    )
    step = min(14.0, (eq.y - 30) / len(lines))
    label = max(22.0, max(text_width(f"{name}:", _BODY, weight="bold") for name in names) / _PT + 3)
    for i, (line, name) in enumerate(zip(lines, names, strict=True)):
        y = eq.y - 2 - i * step
        eq.text(_MARGIN, y, f"{name}:", weight="bold")
        if answers:
            left = " + ".join(f"x{k}" for k in line)
            right = " + ".join(str(adams[k - 1]) for k in line)
            eq.text(_MARGIN + label, y, f"{left} = {right} = {total}")
        else:
            blank = "_" * (44 - max(0, round((label - 22) / 2.6)))  # the line ends where it did
            eq.text(_MARGIN + label, y, blank + " = s")
    return [page.fig, eq.fig]


_BUILDERS: dict[str, Callable[[str, bool], list[Any]]] = {
    "siamese_walk": _siamese_pages,
    "magic_series": _series_pages,
    "hidden_queens": _queens_pages,
    "magic_hexagon": _hexagon_pages,
}
#: The worksheets, by file name (without ``.pdf``), in the order of the notebooks.
WORKSHEETS: tuple[str, ...] = tuple(_BUILDERS)


def _check(name: Any, paper: Any) -> None:
    if not isinstance(name, str) or name not in _BUILDERS:
        raise ValueError(
            _("name must be one of {names}, got {name!r}", names=", ".join(WORKSHEETS), name=name)
        )
    if not isinstance(paper, str) or paper not in PAPER:
        raise ValueError(
            _("paper must be one of {papers}, got {paper!r}", papers=", ".join(PAPER), paper=paper)
        )


def worksheet_pages(name: str, *, answers: bool = False, paper: str = "A4") -> list[Any]:
    """The pages (matplotlib figures) of worksheet ``name``, or of its answer sheet.

    >>> [len(worksheet_pages(w)) for w in WORKSHEETS]
    [3, 2, 1, 2]
    """
    _check(name, paper)
    return _BUILDERS[name](paper, as_flag(answers, "answers"))


def save_worksheet(name: str, path: str | Path, *, answers: bool = False, paper: str = "A4") -> Path:
    """Write worksheet ``name`` (or its answer sheet) to the PDF file ``path``; return the path.

    The PDF carries no creation date, so the same worksheet gives the same bytes.
    """
    from matplotlib.backends.backend_pdf import PdfPages

    pages = worksheet_pages(name, answers=answers, paper=paper)
    path = Path(path)
    words = name.replace("_", " ")
    if answers:
        title = _("{name} (answers): magiclib worksheet", name=words)
    else:
        title = _("{name}: magiclib worksheet", name=words)
    with PdfPages(path, metadata={"Title": title, "CreationDate": None, "Creator": "magiclib"}) as pdf:
        for fig in pages:
            pdf.savefig(fig)
    return path


def write_worksheets(folder: str | Path, *, paper: str = "A4") -> list[Path]:
    """Write every worksheet and its answer sheet (``NAME.pdf``, ``NAME_answers.pdf``) into ``folder``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name in WORKSHEETS:
        out.append(save_worksheet(name, folder / f"{name}.pdf", paper=paper))
        out.append(save_worksheet(name, folder / f"{name}_answers.pdf", answers=True, paper=paper))
    return out
