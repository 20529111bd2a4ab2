"""Pictures of the Siamese walk (``magiclib.walk``): HTML frames, the kernel-free
animation, an animated GIF for slides, and the torus picture of the wrap rule.

Every picture is built from the walk's own steps (``magiclib.walk.siamese_steps``).
Orders are odd and at most ``MAX_ANIMATED_ORDER`` for frames, animations and GIFs
(one frame per number: n² + 1 frames) and at most ``MAX_TORUS_ORDER`` for the torus.
"""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import numpy as np

from .._check import as_order
from ..i18n import _
from ..walk import Step, _odd_order, _rule_in_words, _rule_name, _walk, siamese
from .board import draw_square, html_table
from .look import COLORS, FONT, css_font, pt
from .player import HTMLAnimation, html_animation

__all__ = [
    "MAX_ANIMATED_ORDER",
    "MAX_TORUS_ORDER",
    "siamese_frames",
    "siamese_animation",
    "save_siamese_gif",
    "draw_torus_wrap",
]

#: Largest odd order shown frame by frame (15² + 1 = 226 frames).
MAX_ANIMATED_ORDER = 15
#: Largest odd order of the torus picture (nine copies of the square).
MAX_TORUS_ORDER = 15


def _animated_order(n: Any) -> int:
    return _odd_order(n, maximum=MAX_ANIMATED_ORDER)


def _cell_px(n: int) -> int:
    """Cell size in pixels: big digits for a projector, at most about 600 px of grid."""
    return int(min(72, max(38, 600 // n)))


def _walk_table(square: np.ndarray, cell_px: int, *, current=None, tried=(), sums: bool = False) -> str:
    """The grid inside a frame of empty margins that the last frame fills with the sums:
    rows on the right (→), columns below (↓), the main diagonal bottom right (↘) and the
    anti-diagonal bottom left (↙). Every frame has the same table shape, so the grid
    stays in place from the first frame to the last."""
    n = square.shape[0]
    tried = set(tried or ())
    rows, styles = [], {}
    size = max(12, int(cell_px * 0.32))
    margin = f"color:{COLORS['accent']};font-weight:bold;border:none;font-size:{size}px"
    for r in range(n):
        row = [""]
        for c in range(n):
            value = int(square[r, c])
            text = str(value) if value else ""
            if (r, c) == current:
                styles[(r, c + 1)] = f"background:{COLORS['current']};font-weight:bold"
                text = f"<b>{text}</b>"
            elif (r, c) in tried:
                styles[(r, c + 1)] = f"background:{COLORS['tried']};border:2px dashed {COLORS['grid']}"
            elif not text:
                styles[(r, c + 1)] = f"background:{COLORS['empty']}"
            row.append(text)
        row.append(f"→ {int(square[r].sum())}" if sums else "")
        rows.append(row)
    if sums:
        rows.append(
            [f"↙ {int(np.trace(square[:, ::-1]))}"]
            + [f"↓ {int(s)}" for s in square.sum(axis=0)]
            + [f"↘ {int(np.trace(square))}"]
        )
    else:
        rows.append([""] * (n + 2))
    styles.update({(r, c): margin for r in range(n) for c in (0, n + 1)})
    styles.update({(n, c): margin for c in range(n + 2)})
    return html_table(rows, styles=styles, cell_px=cell_px)


def _frame(square: np.ndarray, text: str, cell_px: int, *, current=None, tried=(), sums=False) -> str:
    """One animation frame: the grid (or the grid with its sums) above a line of large text."""
    grid = _walk_table(square, cell_px, current=current, tried=tried, sums=sums)
    width = max(cell_px * square.shape[0] + 200, 420)
    caption = (
        f'<div class="siamese-caption" style="{css_font(20, line="1.35")};'
        f'color:{COLORS["grid"]};max-width:{width}px;margin:6px 4px">{html.escape(text)}</div>'
    )
    return f'<div class="siamese-frame">{grid}{caption}</div>'


def siamese_frames(n: int = 5, *, cell_px: int | None = None) -> list[str]:
    """HTML frames of the walk: frame k shows numbers 1..k placed (frame 0 the empty grid).

    In frame k the cell of k is orange and bold, the cells tried and found
    taken are sky blue with a dashed border, and a sentence names the rule in
    words. The last frame adds every row, column and diagonal sum.

    >>> frames = siamese_frames(3)
    >>> len(frames), "rule occupied" in frames[4], "→ 15" in frames[-1]
    (10, True, True)
    """
    n = _animated_order(n)
    px = cell_px if cell_px is not None else _cell_px(n)
    px = as_order(px, name="cell_px", minimum=10, maximum=200)
    target = n * (n * n + 1) // 2
    square = np.zeros((n, n), dtype=np.int64)
    frames = [
        _frame(
            square,
            _(
                "An empty {n}×{n} grid: the numbers 1 to {last} will go in one at a time. "
                "Each line must add up to {target}.",
                n=n,
                last=n * n,
                target=target,
            ),
            px,
        )
    ]
    steps = list(_walk(n))
    for step in steps:
        square[step.row, step.col] = step.number
        text = _("Step {number}: {words}", number=step.number, words=_rule_in_words(step, n))
        frames.append(_frame(square, text, px, current=(step.row, step.col), tried=step.tried))
    frames[-1] = _frame(
        square,
        _(
            "Done: every row (→), column (↓) and both diagonals (↘ ↙) add up to "
            "{target}. The last number, {last}, went to {cell}.",
            target=target,
            last=n * n,
            cell=(steps[-1].row, steps[-1].col),
        ),
        px,
        sums=True,
    )
    return frames


def siamese_animation(n: int = 5, *, interval_ms: int = 700, cell_px: int | None = None) -> HTMLAnimation:
    """A self-contained HTML animation of the walk (``magiclib.show.HTMLAnimation``), n at most 15.

    It plays without a kernel; ``.save(path)`` writes a standalone page for slides.

    >>> siamese_animation(3)
    HTMLAnimation('siamese', frames=10)
    """
    n = _animated_order(n)
    return html_animation(
        siamese_frames(n, cell_px=cell_px),
        interval_ms=interval_ms,
        title=_("The Siamese walk, n = {n}", n=n),
        name="siamese",
    )


def _draw_step(ax, square: np.ndarray, step: Step | None, n: int) -> None:
    """Draw one state of the walk on ``ax`` (tried cells get a dashed outline and an ×)."""
    from matplotlib.patches import Rectangle

    ax.clear()
    current = [(step.row, step.col)] if step else None
    draw_square(square, ax, highlight=current, fontsize=pt(110 / n))
    for r, c in step.tried if step else ():
        ax.add_patch(
            Rectangle((c + 0.06, r + 0.06), 0.88, 0.88, fill=False, lw=3, ls="--", edgecolor=COLORS["tried"])
        )
        ax.text(c + 0.88, r + 0.2, "×", ha="center", va="center", fontsize=pt(70 / n), color=COLORS["grid"])
    if step is None:
        title = _("Siamese walk, n = {n}: empty grid", n=n)
    elif not step.rules:
        title = _("{number}: plain move (up one, right one)", number=step.number)
    else:
        rules = " + ".join(_rule_name(rule) for rule in step.rules)
        title = _("{number}: rule {rules}", number=step.number, rules=rules)
    ax.set_title(title, fontsize=FONT["size"] + 2, color=COLORS["accent"])


def save_siamese_gif(n: int, path: str | Path, *, interval_ms: int = 600) -> Path:
    """Write the walk as an animated GIF (matplotlib + Pillow) for slides; return the path.

    One frame per number plus the empty grid; the title of each frame names the rule.
    """
    import matplotlib.pyplot as plt
    from matplotlib.animation import FuncAnimation, PillowWriter

    n = _animated_order(n)
    interval_ms = as_order(
        interval_ms, name="interval_ms", minimum=20, maximum=60_000, what=_("a duration in ms")
    )
    if not isinstance(path, (str, Path)):
        raise TypeError(_("path must be a str or pathlib.Path, got {kind}", kind=type(path).__name__))
    path = Path(path)
    steps = list(_walk(n))
    size = min(0.55 * n + 1.2, 9)
    fig, ax = plt.subplots(figsize=(size, size + 0.3))
    square = np.zeros((n, n), dtype=np.int64)

    def update(k: int):
        square[:] = 0
        for s in steps[:k]:
            square[s.row, s.col] = s.number
        _draw_step(ax, square, steps[k - 1] if k else None, n)
        return []

    anim = FuncAnimation(fig, update, frames=len(steps) + 1, blit=False)
    anim.save(str(path), writer=PillowWriter(fps=1000 / interval_ms))
    plt.close(fig)
    return path


def draw_torus_wrap(n: int = 5, ax=None, *, numbers: int | None = None):
    """Picture of the wrap rule: the finished square with its 8 neighbouring copies faded.

    The walk's first ``numbers`` moves (default n+1) are drawn as arrows in the
    unrolled plane; where an arrow leaves the square it enters a copy, and a
    dashed arrow shows the same cell inside the square. Returns the Axes.

    >>> draw_torus_wrap(3).get_title()
    'Wrapping round: the grid as a torus (n = 3)'
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import FancyArrowPatch, Rectangle

    n = _odd_order(n, minimum=3, maximum=MAX_TORUS_ORDER)
    k = n + 1 if numbers is None else as_order(numbers, name="numbers", minimum=2, maximum=n * n)
    square = siamese(n)
    if ax is None:
        _fig, ax = plt.subplots(figsize=(7.5, 7.5))
    fs = pt(60 / n)
    for br in (-1, 0, 1):
        for bc in (-1, 0, 1):
            main = br == 0 and bc == 0
            for r in range(n):
                for c in range(n):
                    x, y = bc * n + c, br * n + r
                    ax.add_patch(
                        Rectangle(
                            (x, y),
                            1,
                            1,
                            facecolor=COLORS["cell"] if main else COLORS["empty"],
                            edgecolor=COLORS["grid"] if main else COLORS["muted"],
                            lw=1.2 if main else 0.5,
                        )
                    )
                    if int(square[r, c]) <= k:
                        ax.text(
                            x + 0.5,
                            y + 0.5,
                            str(int(square[r, c])),
                            ha="center",
                            va="center",
                            fontsize=fs,
                            fontweight="bold" if main else "normal",
                            color=COLORS["grid"] if main else COLORS["muted"],
                        )
    ax.add_patch(Rectangle((0, 0), n, n, fill=False, edgecolor=COLORS["accent"], lw=3))
    steps = list(_walk(n))[:k]
    for prev, step in zip(steps, steps[1:], strict=False):
        start = (prev.col + 0.5, prev.row + 0.5)
        if "occupied" in step.rules or "corner" in step.rules:
            end = (step.col + 0.5, step.row + 0.5)
            ax.add_patch(
                FancyArrowPatch(
                    start,
                    end,
                    arrowstyle="-|>",
                    mutation_scale=16,
                    lw=2,
                    color=COLORS["bad"],
                    connectionstyle="arc3,rad=0.3",
                )
            )
            continue
        aim = (step.aim[1] + 0.5, step.aim[0] + 0.5)
        ax.add_patch(
            FancyArrowPatch(start, aim, arrowstyle="-|>", mutation_scale=16, lw=2, color=COLORS["current"])
        )
        if "wrap" in step.rules:
            end = (step.col + 0.5, step.row + 0.5)
            ax.add_patch(
                FancyArrowPatch(
                    aim,
                    end,
                    arrowstyle="-|>",
                    mutation_scale=14,
                    lw=1.5,
                    ls="--",
                    color=COLORS["accent"],
                    connectionstyle="arc3,rad=0.15",
                )
            )
    ax.set_xlim(-n - 0.2, 2 * n + 0.2)
    ax.set_ylim(2 * n + 0.2, -n - 0.2)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(
        _("Wrapping round: the grid as a torus (n = {n})", n=n),
        fontsize=FONT["size"] + 2,
        color=COLORS["accent"],
    )
    return ax
