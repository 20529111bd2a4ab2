"""Squares as pictures: matplotlib figures (``draw_square``, ``draw_gallery``,
``draw_stages``, ``small_multiples``) and HTML tables (``square_html``, ``html_table``), in the look
of ``magiclib.show.look``.

Limits: a drawn square has order at most ``MAX_DRAWN_ORDER``; a gallery has at
most ``MAX_PANELS`` panels. Larger inputs are refused before anything is drawn.
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

import numpy as np

from .._check import as_cells, as_items, as_order, as_real, as_square, as_text
from ..i18n import _
from .look import COLORS, FONT, FONT_FAMILY, MIN_PT, css_font, pt

__all__ = [
    "MAX_DRAWN_ORDER",
    "MAX_PANELS",
    "draw_square",
    "draw_gallery",
    "draw_stages",
    "small_multiples",
    "fit_title",
    "text_width",
    "wrap_to_width",
    "panel_inches",
    "square_html",
    "html_table",
]

#: Largest order ``draw_square`` and ``square_html`` draw (a 32 x 32 grid is already unreadable).
MAX_DRAWN_ORDER = 32
#: Most panels in one gallery figure.
MAX_PANELS = 64


def _drawn(square: Any, name: str = "square", order_name: str | None = None) -> np.ndarray:
    """``square`` checked as a square to draw; ``order_name`` (translated) names its order in an error,
    "the order of square" if not given."""
    a = as_square(square, name=name)
    if order_name is None:
        order_name = _("the order of {name}", name=name)
    as_order(a.shape[0], name=order_name, maximum=MAX_DRAWN_ORDER, what=_("an order to draw"))
    return a


def _blank(blank: Any) -> int | None:
    if blank is None:
        return None
    return as_order(blank, name="blank", minimum=-(2**63), what=_("an integer or None"))


#: Characters a line may not start with (closing punctuation, CJK and Latin), nor, for the next set,
#: end with (opening punctuation): a break between two Chinese characters avoids both.
NO_LINE_START = frozenset("，。、；：！？）」』】》〉〕”’・…—,.;:!?)]}%")
NO_LINE_END = frozenset("（「『【《〈〔“‘([{")


def _wide(ch: str) -> bool:
    """A character of the scripts written without spaces (Chinese, Japanese kana, full-width forms)."""
    import unicodedata

    return unicodedata.east_asian_width(ch) in ("W", "F")


def _breakable_runs(text: str) -> list[tuple[str, str]]:
    """``text`` cut where a line may break: (run, what follows it: " " or ""). Latin and Cyrillic break
    at spaces; Chinese between any two characters (not before closing or after opening punctuation);
    nothing breaks inside ``$...$`` maths or a ```code``` name."""
    runs: list[tuple[str, str]] = []
    run, math, prev = "", False, ""
    for ch in text:
        if ch in "$`" and not prev.endswith("\\"):
            math = not math
        elif not math and ch == " ":
            if run:
                runs.append((run, " "))
            elif runs:  # spaces in a row are kept where the line does not break
                runs[-1] = (runs[-1][0], runs[-1][1] + " ")
            run, prev = "", ""
            continue
        elif (
            not math
            and run
            and (_wide(ch) or _wide(prev))
            and ch not in NO_LINE_START
            and prev not in NO_LINE_END
        ):
            runs.append((run, ""))
            run = ""
        run += ch
        prev = ch
    if run:
        runs.append((run, ""))
    # "3 x 3" and "3 × 3" stay on one line
    k = 1
    while k < len(runs) - 1:
        (before, gap), (times, gap2), (after, last) = runs[k - 1], runs[k], runs[k + 1]
        if (
            times in ("x", "×")
            and gap.strip() == gap2.strip() == ""
            and before[-1:].isdigit()
            and after[:1].isdigit()
        ):
            runs[k - 1 : k + 2] = [(f"{before}{gap}{times}{gap2}{after}", last)]
        else:
            k += 1
    return runs


@cache
def _measurer():
    from matplotlib.backends.backend_agg import RendererAgg

    return RendererAgg(1, 1, 72)  # at 72 dpi a pixel is a point


def text_width(text: str, fontsize: float, *, weight: str = "normal", style: str = "normal") -> float:
    """The width in points of ``text`` drawn on one line in the suite's font (matplotlib measures it,
    with its glyph-by-glyph fallback along ``FONT_FAMILY``, so Chinese is measured in the CJK font).

    >>> text_width("MMMM", 12) > text_width("iiii", 12) > 0
    True
    """
    from matplotlib import cbook
    from matplotlib.font_manager import FontProperties

    props = FontProperties(family=list(FONT_FAMILY), size=fontsize, weight=weight, style=style)
    if not text:
        return 0.0
    ismath = cbook.is_math_text(text)
    if ismath:
        return _measurer().get_text_width_height_descent(text, props, ismath=True)[0]
    return _measurer().get_text_width_height_descent(text, props, ismath=False)[0]


def wrap_to_width(
    text: str,
    width_pt: float,
    fontsize: float,
    *,
    chars: int | None = None,
    slack: float = 0.0,
    weight: str = "normal",
    style: str = "normal",
) -> list[str]:
    """The lines of ``text`` (each of its own lines wrapped) that fit ``width_pt`` points at ``fontsize``.

    With ``chars``, the lines of ``textwrap`` at that many characters are kept when every one fits
    (within ``width_pt + slack``: so text that fitted before keeps its lines); otherwise, and for
    Chinese, lines are filled by measured width, breaking Latin and Cyrillic at spaces and Chinese
    between characters (``NO_LINE_START``, ``NO_LINE_END``). A run that cannot break and is wider
    than the line (a long word, a formula) stays whole on its own line.

    >>> wrap_to_width("every line adds up to 15", 80, 12)
    ['every line', 'adds up to', '15']
    """

    def fits(line: str, room: float = width_pt) -> bool:
        return text_width(line, fontsize, weight=weight, style=style) <= room

    lines: list[str] = []
    for para in text.split("\n"):
        if chars is not None:
            kept = textwrap.wrap(para, chars, break_long_words=False) or [""]
            whole_maths = all(
                line.replace("\\$", "").count("$") % 2 == line.count("`") % 2 == 0 for line in kept
            )
            if whole_maths and all(fits(line, width_pt + slack) for line in kept):
                lines += kept
                continue
        line, gap = "", ""
        for run, after in _breakable_runs(para):
            wider = line + gap + run
            if not line or fits(wider):
                line = wider
            else:
                lines.append(line)
                line = run
            gap = after
        lines.append(line)
    return lines


def _cell_width_pt(ax) -> float:
    """The width in points of the column of the figure's grid that ``ax`` stands in (its share of the
    figure, gaps included), or of ``ax`` itself outside a grid: a title centred over its panel and no
    wider than this never reaches the next panel's."""
    fig = ax.figure
    own = ax.get_position().width * fig.get_figwidth() * 72
    spec = ax.get_subplotspec() if hasattr(ax, "get_subplotspec") else None
    if spec is None:
        return own
    grid = spec.get_gridspec()
    params = grid.get_subplot_params(fig) if hasattr(grid, "get_subplot_params") else fig.subplotpars
    columns = spec.colspan.stop - spec.colspan.start
    share = (params.right - params.left) * columns / grid.ncols
    return max(own, share * fig.get_figwidth() * 72)


def fit_title(ax, title: str, fontsize: float | None = None) -> str:
    """``title`` wrapped onto lines that fit its panel (titles never run into the next panel's): English
    keeps its lines of about ``width / (0.62 em)`` characters, ``width`` the panel's, wherever they fit
    the panel's column of the figure; other text is wrapped by measured width to that column (Chinese
    between characters); a single word longer than the column stays whole."""
    fig = ax.figure
    size = fontsize or FONT["size"]
    width_pt = ax.get_position().width * fig.get_figwidth() * 72
    chars = max(8, int(width_pt / (0.62 * size)))
    return "\n".join(wrap_to_width(title, _cell_width_pt(ax) - 4, size, chars=chars))


def panel_inches(n: int, largest: int, fontsize: float, *, margin_cells: float = 0.1) -> float:
    """The side of a panel (inches) whose n x n cells hold numbers up to ``largest`` at ``fontsize``."""
    digits = len(str(int(largest)))
    cell = (digits * 0.62 * fontsize + 6) / 72
    return cell * (n + margin_cells) + 0.15


def _cell_fontsize(n: int) -> float:
    return max(5.0, min(16.0, 140 / max(n, 1) / max(1, len(str(n * n)) / 2)))


def draw_square(
    square: Any,
    ax=None,
    *,
    highlight: Iterable[tuple[int, int]] | None = None,
    marks: Iterable[tuple[int, int]] | None = None,
    title: str | None = None,
    show_sums: bool = False,
    blank: int | None = 0,
    fontsize: float | None = None,
):
    """Draw ``square`` as a grid of numbers on ``ax`` (a new figure if None); return the Axes.

    ``highlight`` cells are filled orange, ``marks`` cells green with a bold
    number; entries equal to ``blank`` are left empty (use None to show all).
    With ``show_sums`` every row, column and diagonal sum is written outside.
    Text is never smaller than 12 pt. The order is at most ``MAX_DRAWN_ORDER``.

    >>> ax = draw_square([[2, 7, 6], [9, 5, 1], [4, 3, 8]], title="Lo Shu")
    >>> ax.get_title()
    'Lo Shu'
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    a = _drawn(square)
    n = a.shape[0]
    hi, mk = as_cells(highlight, n, name="highlight"), as_cells(marks, n, name="marks")
    title = as_text(title)
    blank = _blank(blank)
    fs = pt(
        as_real(fontsize, name="fontsize", minimum=1, maximum=200)
        if fontsize is not None
        else _cell_fontsize(n)
    )
    if ax is None:
        size = min(0.55 * n + 0.6, 9)
        _, ax = plt.subplots(figsize=(size + (0.6 if show_sums else 0),) * 2)
    for r in range(n):
        for c in range(n):
            value = int(a[r, c])
            empty = blank is not None and value == blank
            face = (
                COLORS["current"]
                if (r, c) in hi
                else COLORS["mark"]
                if (r, c) in mk
                else COLORS["empty"]
                if empty
                else COLORS["cell"]
            )
            ax.add_patch(Rectangle((c, r), 1, 1, facecolor=face, edgecolor=COLORS["grid"], lw=1))
            if not empty:
                ax.text(
                    c + 0.5,
                    r + 0.5,
                    str(value),
                    ha="center",
                    va="center",
                    fontsize=fs,
                    fontweight="bold" if (r, c) in mk or (r, c) in hi else "normal",
                    color="white" if (r, c) in mk else COLORS["grid"],
                )
    if show_sums:
        small = pt(fs * 0.75)
        for r, s in enumerate(a.sum(axis=1)):
            ax.text(
                n + 0.15, r + 0.5, str(int(s)), ha="left", va="center", fontsize=small, color=COLORS["accent"]
            )
        for c, s in enumerate(a.sum(axis=0)):
            ax.text(
                c + 0.5, n + 0.15, str(int(s)), ha="center", va="top", fontsize=small, color=COLORS["accent"]
            )
        ax.text(
            n + 0.15,
            n + 0.15,
            str(int(np.trace(a))),
            ha="left",
            va="top",
            fontsize=small,
            color=COLORS["muted"],
        )
        ax.text(
            -0.15,
            n + 0.15,
            str(int(np.trace(a[:, ::-1]))),
            ha="right",
            va="top",
            fontsize=small,
            color=COLORS["muted"],
        )
    pad = 0.9 if show_sums else 0.05
    ax.set_xlim(-0.05 - (pad if show_sums else 0), n + pad)
    ax.set_ylim(n + pad, -0.05)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(fit_title(ax, title), fontsize=FONT["size"], color=COLORS["accent"])
    return ax


def small_multiples(
    count: int, *, ncols: int = 4, size: float = 1.8, height_ratio: float = 1.08, extra_height: float = 0.0
):
    """A figure with a grid of ``count`` equal panels; return (figure, the ``count`` Axes).

    Panels past ``count`` in the last row are switched off; ``count`` is at most ``MAX_PANELS``.

    >>> fig, axes = small_multiples(5, ncols=4)
    >>> len(axes), len(fig.axes)
    (5, 8)
    """
    import matplotlib.pyplot as plt

    count = as_order(count, name="count", maximum=MAX_PANELS, what=_("a number of panels"))
    ncols = as_order(ncols, name="ncols", maximum=MAX_PANELS, what=_("a number of columns"))
    size = as_real(size, name="size", minimum=0.5, maximum=10)
    height_ratio = as_real(height_ratio, name="height_ratio", minimum=0.2, maximum=5)
    extra_height = as_real(extra_height, name="extra_height", minimum=0, maximum=10)
    ncols = min(ncols, count)
    nrows = -(-count // ncols)
    fig, grid = plt.subplots(
        nrows, ncols, figsize=(size * ncols, size * nrows * height_ratio + extra_height), squeeze=False
    )
    panels = list(grid.ravel())
    for ax in panels:
        ax.tick_params(labelsize=MIN_PT)
    for ax in panels[count:]:
        ax.axis("off")
    return fig, panels[:count]


def arrange_panels(fig, axes, *, suptitle: str | None = None) -> None:
    """Lay out small multiples whose titles are drawn: ``tight_layout``, then, while a panel's title runs
    into another panel (a title wrapped onto two lines over the square above it) or into ``suptitle``,
    the figure grows by the overlap in every row. ``suptitle`` gets a band of its own at the top."""
    renderer = fig.canvas.get_renderer()
    rows = len({ax.get_subplotspec().rowspan.start for ax in axes})
    sup = None
    if suptitle:
        sup = fig.suptitle(suptitle, fontsize=FONT["size"] + 2, color=COLORS["accent"], va="top", y=0.99)
    for _attempt in range(6):
        band = sup.get_window_extent(renderer).height / fig.bbox.height + 0.03 if sup is not None else 0.0
        fig.tight_layout(rect=(0, 0, 1, 1 - band))
        fig.canvas.draw()  # equal-aspect panels take their final size only when drawn
        boxes = [ax.get_window_extent(renderer) for ax in axes]
        if sup is not None:
            boxes.append(sup.get_window_extent(renderer))
        overlap = 0.0
        for ax in axes:
            if not ax.get_title():
                continue
            title = ax.title.get_window_extent(renderer)
            for box in boxes:
                if box is not boxes[axes.index(ax)] and box.overlaps(title):
                    overlap = max(overlap, min(title.y1, box.y1) - max(title.y0, box.y0))
        if overlap <= 0:
            return
        fig.set_figheight(fig.get_figheight() + rows * (overlap / fig.dpi + 0.05))


def _titles(titles: Any, count: int) -> list[str | None]:
    if titles is None:
        return [None] * count
    titles = as_items(titles, name="titles", maximum=MAX_PANELS)
    if len(titles) != count:
        raise ValueError(
            _("titles must have one entry per panel ({count}), got {size}", count=count, size=len(titles))
        )
    name = _("each title")
    return [as_text(t, name=name) for t in titles]


def draw_gallery(
    squares: Sequence[Any],
    titles: Sequence[str] | None = None,
    *,
    ncols: int = 4,
    size: float = 1.8,
    suptitle: str | None = None,
    **kwargs,
):
    """Draw several squares side by side (small multiples), under ``suptitle`` if given; return the Figure.

    Extra keyword arguments go to ``draw_square``, except ``marks`` and
    ``highlight``, which may be lists with one entry per square. At most ``MAX_PANELS`` squares.

    >>> fig = draw_gallery([[[1]], [[2]]], titles=["a", "b"])
    >>> len(fig.axes)
    2
    """
    squares = as_items(squares, name="squares", maximum=MAX_PANELS)
    name, order_name = _("each square"), _("the order of each square")
    arrays = [_drawn(s, name=name, order_name=order_name) for s in squares]
    count = len(arrays)
    names = _titles(titles, count)
    # Panels large enough for every number (and the sums) at the figure's minimum size.
    order = max(a.shape[0] for a in arrays)
    largest = max(
        max(int(abs(a).max()), int(abs(a).sum(axis=0).max()) if kwargs.get("show_sums") else 0)
        for a in arrays
    )
    fs = pt(kwargs["fontsize"]) if kwargs.get("fontsize") else pt(_cell_fontsize(order))
    size = max(size, panel_inches(order, largest, fs, margin_cells=1.8 if kwargs.get("show_sums") else 0.1))
    fig, axes = small_multiples(count, ncols=ncols, size=size)
    per_square = {
        k: kwargs.pop(k)
        for k in ("marks", "highlight")
        if isinstance(kwargs.get(k), list)
        and len(kwargs[k]) == count
        and all(isinstance(x, (list, tuple, set)) for x in kwargs[k])
    }
    for i, ax in enumerate(axes):
        extra = {k: v[i] for k, v in per_square.items()}
        draw_square(arrays[i], ax, title=names[i], **extra, **kwargs)
    arrange_panels(fig, axes, suptitle=as_text(suptitle, name="suptitle"))
    return fig


def draw_stages(square: Any, stages: Sequence[tuple[str, Iterable]], **kwargs):
    """Draw a square revealed stage by stage, one panel a stage; return the Figure.

    ``stages`` lists (title, cells): panel k shows the cells of stages 1..k (the others empty), the
    cells of stage k highlighted. Extra keyword arguments go to ``draw_gallery`` (default: one row).

    >>> fig = draw_stages([[2, 7, 6], [9, 5, 1], [4, 3, 8]], [("centre", [(1, 1)]), ("corners", [(0, 0)])])
    >>> len(fig.axes)
    2
    """
    a = _drawn(square)
    items = as_items(stages, name="stages", maximum=MAX_PANELS)
    known: set[tuple[int, int]] = set()
    panels, titles, new = [], [], []
    for item in items:
        if isinstance(item, (str, bytes)) or not hasattr(item, "__len__") or len(item) != 2:
            raise TypeError(_("each stage must be a (title, cells) pair, got {item!r}", item=item))
        title, cells = item
        cells = as_cells(cells, a.shape[0], name=_("a stage's cells"))
        known |= cells
        mask = np.array([[(r, c) in known for c in range(a.shape[1])] for r in range(a.shape[0])])
        panels.append(np.where(mask, a, 0))
        titles.append(as_text(title, name=_("a stage's title")))
        new.append(sorted(cells))
    kwargs.setdefault("ncols", len(panels))
    return draw_gallery(panels, titles, highlight=new, **kwargs)


def html_table(
    cells: Sequence[Sequence[str]],
    *,
    styles: Mapping[tuple[int, int], str] | None = None,
    cell_px: int = 44,
    caption: str | None = None,
) -> str:
    """An HTML table of already formatted cell texts, in the suite's look.

    ``styles`` maps (row, col) to extra inline CSS for that cell. The output is
    deterministic (no ids), so notebooks that show it re-run identically.

    >>> html_table([["1", "2"]]).startswith("<table")
    True
    """
    rows = as_items(cells, name="cells", maximum=10_000)
    for row in rows:
        if isinstance(row, (str, bytes)) or not hasattr(row, "__iter__"):
            raise TypeError(_("cells must be a list of rows (lists of strings), got a row {row!r}", row=row))
    if styles is not None and not isinstance(styles, Mapping):
        raise TypeError(
            _("styles must be a dict from (row, col) to CSS text, got {kind}", kind=type(styles).__name__)
        )
    styles = styles or {}
    cell_px = as_order(cell_px, name="cell_px", minimum=10, maximum=200, what=_("a cell size in pixels"))
    caption = as_text(caption, name="caption")
    base = (
        f"width:{cell_px}px;height:{cell_px}px;border:1px solid {COLORS['grid']};"
        f"text-align:center;vertical-align:middle;{css_font(cell_px * 0.45, line='1')};"
        f"color:{COLORS['grid']};background:{COLORS['cell']};padding:0"
    )
    out = ['<table style="border-collapse:collapse;margin:4px">']
    if caption:
        out.append(f'<caption style="caption-side:bottom;{css_font(14)};padding-top:4px">{caption}</caption>')
    for r, row in enumerate(rows):
        out.append("<tr>")
        for c, text in enumerate(row):
            out.append(f'<td style="{base};{styles.get((r, c), "")}">{text}</td>')
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def square_html(
    square: Any,
    *,
    highlight: Iterable[tuple[int, int]] | None = None,
    marks: Iterable[tuple[int, int]] | None = None,
    tried: Iterable[tuple[int, int]] | None = None,
    blank: int | None = 0,
    cell_px: int = 44,
    caption: str | None = None,
) -> str:
    """The square as an HTML table: ``highlight`` cells orange and bold, ``marks``
    green, ``tried`` cells sky blue with a dashed border; ``blank`` entries empty.

    >>> "<b>5</b>" in square_html([[2, 7, 6], [9, 5, 1], [4, 3, 8]], highlight=[(1, 1)])
    True
    """
    a = _drawn(square)
    n = a.shape[0]
    hi, mk = as_cells(highlight, n, name="highlight"), as_cells(marks, n, name="marks")
    tr = as_cells(tried, n, name="tried")
    blank = _blank(blank)
    caption = as_text(caption, name="caption")
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
    return html_table(
        cells, styles=styles, cell_px=cell_px, caption=html.escape(caption) if caption else None
    )
