"""Pictures of the n-queens puzzle (``magiclib.nqueens``): boards in matplotlib, and one
HTML board used by the backtracking frames and by the queens-over-a-square widget.

Limits: boards have at most ``MAX_BOARD`` rows; a gallery at most ``MAX_PANELS``
panels; ``backtrack_frames`` at most ``MAX_FRAMES`` frames on boards up to 12.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from .._check import as_cells, as_items, as_order, as_real, as_square, as_text
from ..i18n import _, ngettext
from ..nqueens import MAX_LISTED, QUEEN, _attacks, _solution, backtrack_steps
from .board import MAX_PANELS, arrange_panels, draw_square, fit_title, small_multiples
from .look import COLORS, FONT, MIN_PT, css_font, pt
from .player import MAX_FRAMES

__all__ = [
    "MAX_BOARD",
    "draw_queens",
    "draw_queens_gallery",
    "draw_queen_pairs",
    "queens_board_html",
    "queens_over_square_html",
    "backtrack_frames",
    "backtrack_search_frames",
]

#: Largest board drawn (matplotlib or HTML).
MAX_BOARD = 32


def _board_order(n: Any) -> int:
    return as_order(n, maximum=MAX_BOARD, what=_("a board size (a positive integer)"))


def _drawn_solution(solution: Any) -> tuple[int, ...]:
    if not isinstance(solution, (str, bytes)) and hasattr(solution, "__len__") and len(solution) > MAX_BOARD:
        raise ValueError(
            _(
                "solution must have at most {maximum} rows to be drawn, got {size}",
                maximum=MAX_BOARD,
                size=len(solution),
            )
        )
    return _solution(solution)


def _square_for(square: Any, n: int) -> Any:
    if square is None:
        return None
    a = as_square(square)
    if a.shape[0] != n:
        raise ValueError(
            _("the board is {n} x {n} but the square is {m} x {m}: they must match", n=n, m=a.shape[0])
        )
    return a


def _queen_board_axes(n: int, ax):
    import matplotlib.pyplot as plt
    from matplotlib.patches import Rectangle

    if ax is None:
        size = min(0.5 * n + 0.6, 8)
        _fig, ax = plt.subplots(figsize=(size, size))
    for r in range(n):
        for c in range(n):
            face = COLORS["empty"] if (r + c) % 2 else COLORS["cell"]
            ax.add_patch(Rectangle((c, r), 1, 1, facecolor=face, edgecolor=COLORS["grid"], lw=1))
    ax.set_xlim(-0.05, n + 0.05)
    ax.set_ylim(n + 0.05, -0.05)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def draw_queens(
    solution: Sequence[int],
    square: Any = None,
    ax=None,
    *,
    title: str | None = None,
    fontsize: float | None = None,
):
    """Draw the queens of ``solution`` (on ``square``'s numbers if given); return the Axes.

    Queen cells are green with a queen glyph, so they read without colour too.

    >>> ax = draw_queens((1, 3, 0, 2), title="4 queens")
    >>> ax.get_title(), sum(t.get_text() == QUEEN for t in ax.texts)
    ('4 queens', 4)
    """
    from matplotlib.patches import Rectangle

    s = _drawn_solution(solution)
    n = len(s)
    a = _square_for(square, n)
    title = as_text(title)
    if fontsize is not None:
        fontsize = as_real(fontsize, name="fontsize", minimum=1, maximum=200)
    cells = list(enumerate(s))
    if a is None:
        ax = _queen_board_axes(n, ax)
        fs = pt(fontsize or min(26.0, 200 / n))
        for r, c in cells:
            ax.add_patch(Rectangle((c, r), 1, 1, facecolor=COLORS["mark"], edgecolor=COLORS["grid"], lw=1))
            ax.text(
                c + 0.5,
                r + 0.52,
                QUEEN,
                ha="center",
                va="center",
                fontsize=fs,
                color="white",
                family=FONT["family"],
            )
    else:
        ax = draw_square(a, ax, marks=cells, blank=None, fontsize=fontsize)
        fs = pt((fontsize or max(5.0, min(16.0, 140 / n / max(1, len(str(n * n)) / 2)))) * 0.7)
        # The queen sits in the top half of its cell and the number moves to the bottom half,
        # so the glyph never covers the number.
        queen_cells = {(c + 0.5, r + 0.5) for r, c in cells}
        for t in ax.texts:
            if tuple(t.get_position()) in queen_cells:
                x, y = t.get_position()
                t.set_position((x, y + 0.2))
                t.set_va("center")
        for r, c in cells:
            ax.text(
                c + 0.5,
                r + 0.04,
                QUEEN,
                ha="center",
                va="top",
                fontsize=fs,
                color="white",
                family=FONT["family"],
            )
    if title:
        ax.set_title(fit_title(ax, title), fontsize=FONT["size"], color=COLORS["accent"])
    return ax


def draw_queens_gallery(
    solutions: Sequence[Sequence[int]],
    titles: Sequence[str] | None = None,
    *,
    square: Any = None,
    ncols: int = 4,
    size: float = 2.0,
    suptitle: str | None = None,
):
    """Draw several solutions side by side (small multiples, at most ``MAX_PANELS``); return the Figure.

    >>> fig = draw_queens_gallery([(1, 3, 0, 2), (2, 0, 3, 1)], ["a", "b"])
    >>> len(fig.axes)
    2
    """
    sols = [_drawn_solution(s) for s in as_items(solutions, name="solutions", maximum=MAX_PANELS)]
    count = len(sols)
    if titles is not None:
        name = _("each title")
        titles = [as_text(t, name=name) for t in as_items(titles, name="titles", maximum=MAX_PANELS)]
        if len(titles) != count:
            raise ValueError(
                _(
                    "titles must have one entry per solution ({count}), got {size}",
                    count=count,
                    size=len(titles),
                )
            )
    suptitle = as_text(suptitle, name="suptitle")
    size = as_real(size, name="size", minimum=0.5, maximum=10)
    if square is not None:  # a number and a queen in one cell: 12 pt each, one above the other
        side = len(sols[0]) if sols else 1
        size = max(size, (1.3 * 2 * MIN_PT + 4) / 72 * side + 0.2)
    fig, axes = small_multiples(
        count, ncols=ncols, size=size, height_ratio=1.1, extra_height=0.4 if suptitle else 0
    )
    for i, ax in enumerate(axes):
        draw_queens(
            sols[i],
            square,
            ax,
            title=titles[i] if titles else None,
            fontsize=MIN_PT if square is not None else max(6.0, 100 * size / 2 / len(sols[i])),
        )
    arrange_panels(fig, axes, suptitle=suptitle)  # room for titles of several lines, and the suptitle's band
    return fig


#: How ``draw_queen_pairs`` tells the pairs apart: a colour and a dash pattern each (never colour alone).
_PAIR_STYLES = (
    (COLORS["accent"], "-"),
    (COLORS["bad"], "--"),
    (COLORS["grid"], ":"),
    (COLORS["muted"], "-."),
)


def draw_queen_pairs(square: Any, solution: Sequence[int], ax=None, *, title: str | None = None):
    """Draw the queens of ``solution`` on ``square``'s numbers, each joined to its partner across the
    centre (the cell a half turn sends it to), with each pair's sum in a legend below; return the Axes.

    The solution must be one that a half turn leaves unchanged, so that every partner is a queen. The
    pairs differ in colour and in dash pattern, and the legend names each pair by its two numbers;
    for odd n the queen on the centre is its own partner and is listed alone.

    >>> ax = draw_queen_pairs([[16, 3, 2, 13], [5, 10, 11, 8], [9, 6, 7, 12], [4, 15, 14, 1]], (1, 3, 0, 2))
    >>> [t.get_text() for t in ax.get_legend().get_texts()]
    ['3 + 14 = 17', '8 + 9 = 17']
    """
    import matplotlib.pyplot as plt
    from matplotlib import patheffects
    from matplotlib.lines import Line2D

    s = _drawn_solution(solution)
    n = len(s)
    a = _square_for(square, n)
    if a is None:
        raise ValueError(_("draw_queen_pairs needs a square whose numbers to add"))
    if any(s[n - 1 - r] != n - 1 - s[r] for r in range(n)):
        raise ValueError(
            _("a half turn does not leave {solution} unchanged: some queen has no partner queen", solution=s)
        )
    title = as_text(title)
    if ax is None:
        side = (1.3 * 2 * MIN_PT + 4) / 72 * n + 0.2  # a number and a queen in one cell, 12 pt each
        _fig, ax = plt.subplots(figsize=(max(side + 0.4, 6.0), side + 0.45 * (n // 2 + 2) / 2 + 0.6))
    draw_queens(s, a, ax, title=title, fontsize=MIN_PT)
    halo = [patheffects.withStroke(linewidth=4, foreground=COLORS["cell"])]
    for text in ax.texts:  # the numbers the segments cross stay readable (a queen's are white on green)
        if text.get_color() != "white":
            text.set_path_effects(halo)
    handles, labels, sums = [], [], []
    for r in range(n // 2):
        (r1, c1), (r2, c2) = (r, s[r]), (n - 1 - r, s[n - 1 - r])
        color, dash = _PAIR_STYLES[r % len(_PAIR_STYLES)]
        ax.plot([c1 + 0.5, c2 + 0.5], [r1 + 0.5, r2 + 0.5], color=color, ls=dash, lw=3, zorder=2)
        first, second = int(a[r1, c1]), int(a[r2, c2])
        sums.append(first + second)
        handles.append(Line2D([], [], color=color, ls=dash, lw=3))
        labels.append(f"{first} + {second} = {first + second}")
    total = sum(int(a[r, s[r]]) for r in range(n))
    if n % 2:
        handles.append(Line2D([], [], ls="none"))
        labels.append(_("centre: {value}", value=int(a[n // 2, s[n // 2]])))
    if not n % 2 and len(set(sums)) == 1:
        head = _("{count} pairs × {sum} = {total}", count=len(sums), sum=sums[0], total=total)
    else:
        head = _("all {n} queens: {total}", n=n, total=total)
    legend = ax.legend(
        handles,
        labels,
        title=head,
        loc="upper center",
        bbox_to_anchor=(0.5, 0.0),
        ncol=2,
        fontsize=FONT["size"],
        title_fontsize=FONT["size"],
        frameon=False,
        handlelength=3,
    )
    legend.get_title().set_color(COLORS["accent"])
    ax.figure.tight_layout()
    return ax


def queens_board_html(
    n: int,
    placed: Sequence[int] = (),
    *,
    square: Any = None,
    current: tuple[int, int] | None = None,
    tried: Sequence[tuple[int, int]] = (),
    show_attacks: bool = True,
    running_sums: bool = False,
    target: int | None = None,
    cell_px: int = 44,
    caption: str | None = None,
) -> str:
    """An n x n board as an HTML table: queens (♛ on green) in the columns ``placed``
    of the top rows, the ``current`` cell orange, ``tried`` cells sky blue and dashed
    with a ×, cells attacked by the queens shown with a grey dot; with ``square``,
    each cell also shows its number. With ``running_sums`` (needs ``square``) the
    running total of the queens' numbers is written right of each row, and the queens
    are green only when the total equals ``target`` (the square's magic constant by
    default), sky blue otherwise. n is at most ``MAX_BOARD``; columns outside 0..n-1
    are refused.

    >>> html = queens_board_html(4, (1,), current=(1, 3))
    >>> html.count(QUEEN), html.startswith('<div class="queens-board"><table')
    (1, True)
    """
    n = _board_order(n)
    a = _square_for(square, n)
    if isinstance(placed, (str, bytes)) or not hasattr(placed, "__len__"):
        raise TypeError(
            _(
                "placed must be a sequence of column numbers (one per top row), got {kind}",
                kind=type(placed).__name__,
            )
        )
    if len(placed) > n:
        raise ValueError(
            _("placed must hold at most {n} columns (one per row), got {size}", n=n, size=len(placed))
        )
    what = _("a column number")
    cols = [
        as_order(c, name=f"placed[{r}]", minimum=0, maximum=n - 1, what=what) for r, c in enumerate(placed)
    ]
    (cur,) = as_cells([current], n, name="current") if current is not None else (None,)
    tried_set = as_cells(tried, n, name="tried")
    cell_px = as_order(cell_px, name="cell_px", minimum=10, maximum=200, what=_("a cell size in pixels"))
    caption = as_text(caption, name="caption")
    queen_at = set(enumerate(cols))
    grid = COLORS["grid"]
    queen_bg, queen_fg, sums = COLORS["mark"], "white", []
    if running_sums:
        if a is None:
            raise ValueError(_("running_sums needs a square whose numbers to add"))
        if len(cols) != n:
            raise ValueError(
                _("running_sums needs a full solution of {n} columns, got {size}", n=n, size=len(cols))
            )
        if target is None:
            target = sum(int(x) for x in a.ravel()) // n
        target = as_order(target, name="target", minimum=-(2**62), what=_("an integer (the sum to look for)"))
        for r, c in enumerate(cols):
            sums.append((sums[-1] if sums else 0) + int(a[r, c]))
        if sums[-1] != target:
            queen_bg, queen_fg = COLORS["tried"], grid
    # Compact markup (many frames are stored in a notebook): the table carries the
    # font; each cell only its border, background and what differs from the rest.
    out = [
        f'<div class="queens-board"><table style="border-collapse:collapse;margin:4px;'
        f'{css_font(cell_px * 0.5, line="1.1")};color:{grid}"><colgroup>'
        + f'<col style="width:{cell_px}px">' * n
        + "</colgroup>"
    ]
    for r in range(n):
        out.append(f'<tr style="height:{cell_px}px">')
        for c in range(n):
            number = f"<br><small>{int(a[r, c])}</small>" if a is not None else ""
            attacked = show_attacks and any(_attacks((r, c), q) for q in queen_at)
            style = f"background:{COLORS['empty'] if (r + c) % 2 else COLORS['cell']}"
            if (r, c) in queen_at:
                on_current = (r, c) == cur
                style = (
                    f"background:{COLORS['current'] if on_current else queen_bg};"
                    f"color:{grid if on_current else queen_fg};font-weight:bold"
                )
                text = QUEEN + number
            elif (r, c) == cur:
                style = f"background:{COLORS['current']};font-weight:bold"
                text = "×" + number
            elif (r, c) in tried_set:
                style = f"background:{COLORS['tried']};border-style:dashed"
                text = "×" + number
            elif attacked:
                style += f";color:{COLORS['muted']}"
                text = number or "•"
            else:
                text = number.removeprefix("<br>")
            out.append(f'<td style="text-align:center;padding:0;border:1px solid {grid};{style}">{text}</td>')
        if sums:
            term = f"+{int(a[r, cols[r]])}" if r else f"{int(a[r, cols[r]])}"
            out.append(
                f'<td class="queens-sum" style="border:none;text-align:left;padding-left:8px;'
                f'white-space:nowrap;color:{COLORS["accent"]};{css_font(cell_px * 0.34)}">'
                f"{term} → {sums[r]}</td>"
            )
        out.append("</tr>")
    out.append("</table>")
    if sums:
        hidden = sums[-1] == target
        verdict = (
            _("sum {sum} = {target} ✓ hidden", sum=sums[-1], target=target)
            if hidden
            else _("sum {sum} ≠ {target} ✗ not hidden", sum=sums[-1], target=target)
        )
        out.append(
            f'<div class="queens-verdict" style="{css_font(20, weight="bold")};padding:6px 10px;'
            f"margin:4px;display:inline-block;background:{COLORS['mark'] if hidden else COLORS['empty']};"
            f'color:{"white" if hidden else grid};border:1px solid {grid}">{html.escape(verdict)}</div>'
        )
    if caption:
        out.append(
            f'<div class="queens-caption" style="{css_font(15)};margin:2px 4px;'
            f'max-width:{max(360, cell_px * n)}px">{html.escape(caption)}</div>'
        )
    out.append("</div>")
    return "".join(out)


def queens_over_square_html(
    square: Any,
    solution: Sequence[int],
    *,
    target: int | None = None,
    cell_px: int = 50,
    caption: str | None = None,
) -> str:
    """The queens of ``solution`` on ``square``'s numbers (``queens_board_html`` with
    running sums): the running sum right of each row, the last compared with ``target``.

    >>> html = queens_over_square_html([[16, 3, 2, 13], [5, 10, 11, 8], [9, 6, 7, 12], [4, 15, 14, 1]],
    ...                                (1, 3, 0, 2))
    >>> "= 34 ✓ hidden" in html, html.count("♛")
    (True, 4)
    """
    a = as_square(square)
    n = a.shape[0]
    s = _drawn_solution(solution)
    if len(s) != n:
        raise ValueError(
            _("the solution has {rows} rows but the square is {n} x {n}: they must match", rows=len(s), n=n)
        )
    return queens_board_html(
        n, s, square=a, show_attacks=False, running_sums=True, target=target, cell_px=cell_px, caption=caption
    )


def backtrack_frames(n: int, *, max_frames: int = 400, cell_px: int = 44) -> list[str]:
    """HTML frames of the backtracking search on an n x n board (n at most 12), one per
    placed, removed or dead-end step (attacked cells show as tried in the next frame),
    each with a caption and running counts; stops after ``max_frames`` frames (at most 2000)
    once a solution is found, and closes with a frame of the solutions found (when the search
    completes, that frame takes the place of its last step, an emptied board).

    The last frame shows the solutions found (all of them when the search completed).
    The budget never stops the player before its first solution.

    >>> frames = backtrack_frames(4)
    >>> len(frames), "solution 1" in "".join(frames), "complete: 2 solutions" in frames[-1]
    (37, True, True)
    """
    return backtrack_search_frames(n, max_frames=max_frames, cell_px=cell_px)[0]


def backtrack_search_frames(n: int, *, max_frames: int = 400, cell_px: int = 44) -> tuple[list[str], bool]:
    """``backtrack_frames`` and whether they show the whole search (False when the budget stopped
    the player first), so that a caller need not read the frames' words, which are the reader's.

    >>> backtrack_search_frames(6, max_frames=20)[1], backtrack_search_frames(4)[1]
    (False, True)
    """
    n = as_order(n, maximum=MAX_LISTED, what=_("a board size (a positive integer)"))
    max_frames = as_order(
        max_frames, name="max_frames", minimum=1, maximum=MAX_FRAMES, what=_("a number of frames")
    )
    cell_px = as_order(cell_px, name="cell_px", minimum=10, maximum=200, what=_("a cell size in pixels"))
    frames: list[str] = []
    tried: dict[int, list[tuple[int, int]]] = {}  # attacked cells skipped, per row
    nodes = dead_ends = solutions = 0
    frames.append(
        queens_board_html(
            n,
            (),
            cell_px=cell_px,
            caption=_("Start: an empty {n} x {n} board. Row 0 first, columns left to right.", n=n),
        )
    )
    found: list[tuple[int, ...]] = []
    complete = True
    for step in backtrack_steps(n):
        # The budget counts the closing frame; it never stops before the first solution.
        if (len(frames) >= max_frames - 1 and found) or len(frames) >= MAX_FRAMES - 1:
            complete = False
            break
        if step.action == "attacked":
            tried.setdefault(step.row, []).append((step.row, step.col))
            continue
        if step.action == "place":
            nodes += 1
            what = _("row {row}: column {col} is safe, place a queen", row=step.row, col=step.col)
            tried.pop(step.row + 1, None)  # a fresh start in the row below
        elif step.action == "solution":
            nodes += 1
            solutions += 1
            found.append(tuple(step.queens))
            what = _(
                "row {row}: column {col} is safe: solution {solution} {queens}",
                row=step.row,
                col=step.col,
                solution=solutions,
                queens=step.queens,
            )
        elif step.action == "dead end":
            dead_ends += 1
            what = _("row {row}: every column is attacked, a dead end: go back", row=step.row)
        elif step.col < n - 1:
            what = _(
                "row {row}: take the queen off column {col}, try further right", row=step.row, col=step.col
            )
        elif step.row > 0:
            what = _(
                "row {row}: take the queen off column {col}, the last one: go back a row",
                row=step.row,
                col=step.col,
            )
        else:
            what = _(
                "row 0: take the queen off column {col}, the last one: the search is complete", col=step.col
            )
        current = (step.row, step.col) if step.col >= 0 else None
        frames.append(
            queens_board_html(
                n,
                step.queens,
                current=current,
                tried=tried.get(step.row, []),
                cell_px=cell_px,
                caption=_(
                    "Step {step}: {what} · queens placed {nodes} · dead ends {dead_ends} · "
                    "solutions {solutions}",
                    step=len(frames),
                    what=what,
                    nodes=nodes,
                    dead_ends=dead_ends,
                    solutions=solutions,
                ),
            )
        )
    closing = _solutions_frame(n, found, complete=complete, cell_px=cell_px)
    if complete:  # the last step (row 0 emptied: the search is over) gives way to what it found
        frames[-1] = closing
    else:
        frames.append(closing)
    return frames, complete


#: Most solution boards drawn side by side in the closing frame of the backtracking.
MAX_SHOWN_SOLUTIONS = 12


def _solutions_frame(n: int, found: Sequence[tuple[int, ...]], *, complete: bool, cell_px: int) -> str:
    """The closing frame of the backtracking: the solutions found, side by side."""
    small = max(24, cell_px * 2 // 3)
    boards = "".join(
        '<div style="display:inline-block;vertical-align:top;margin:0 8px 8px 0">'
        + queens_board_html(
            n,
            sol,
            show_attacks=False,
            cell_px=small,
            caption=_("solution {k}: {queens}", k=i + 1, queens=sol),
        )
        + "</div>"
        for i, sol in enumerate(found[:MAX_SHOWN_SOLUTIONS])
    )
    more = len(found) - MAX_SHOWN_SOLUTIONS
    if complete:
        head = ngettext(
            "The search is complete: {count} solution on the {n} x {n} board.",
            "The search is complete: {count} solutions on the {n} x {n} board.",
            len(found),
            n=n,
        )
    else:
        head = ngettext(
            "The player stops here; the search goes on. "
            "Found so far: {count} solution on the {n} x {n} board.",
            "The player stops here; the search goes on. "
            "Found so far: {count} solutions on the {n} x {n} board.",
            len(found),
            n=n,
        )
    more_text = ngettext("… and {count} more solution.", "… and {count} more solutions.", more)
    tail = f'<div style="{css_font(15)};margin:2px 4px">{html.escape(more_text)}</div>'
    return (
        '<div class="queens-solutions"><div class="queens-caption queens-headline" '
        f'style="{css_font(18, weight="bold")};margin:4px">'
        f"{html.escape(head)}</div>{boards}{tail if more > 0 else ''}</div>"
    )
