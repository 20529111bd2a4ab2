"""The Siamese walk for odd orders, in the exact variant of the Ukrainian tutorial
*Як розв'язати головоломку «Магічний квадрат 3×3» на C++ & Python*.

Number 1 goes to the middle of the last column, (n//2, n-1). Each next number
aims one row up and one column right, (row-1, col+1), and three rules repair
that aim:

- ``"wrap"``: row -1 becomes row n-1, column n becomes column 0 (the grid is a torus);
- ``"occupied"``: if the aimed cell is taken, go down one and left two from it,
  (row+1, col-2);
- ``"corner"``: the aim (-1, n), off both edges at once, becomes (0, n-2).

``siamese_walk`` and ``siamese_steps`` follow the rules literally, one number at
a time; ``siamese`` builds the same square from a closed form. The pictures and
animation frames for the notebook live here too (``siamese_frames``,
``siamese_animation``, ``save_siamese_gif``, ``draw_torus_wrap``).
"""

from __future__ import annotations

import html
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from ._check import as_odd_order, as_order
from ._types import Square
from .draw import COLORS, FONT, draw_square, html_table, square_html

__all__ = [
    "RULES",
    "Step",
    "siamese",
    "siamese_walk",
    "siamese_steps",
    "rule_in_words",
    "MAX_ORDER",
    "MAX_WALK_ORDER",
    "siamese_frames",
    "siamese_animation",
    "save_siamese_gif",
    "draw_torus_wrap",
]

#: The three repair rules of the walk, in the order the walk may apply them.
RULES = ("wrap", "occupied", "corner")


class Step(NamedTuple):
    """Where one number of the walk went and why.

    ``aim`` is the cell (row-1, col+1) aimed at from the previous number, before
    any rule (it may lie off the grid); ``tried`` the cells found taken, in order;
    ``rules`` the names of the rules applied, in order (empty for a plain move).
    """

    number: int
    row: int
    col: int
    tried: tuple[tuple[int, int], ...]
    rules: tuple[str, ...]
    aim: tuple[int, int]


#: Largest order of the closed form ``siamese``: the result alone takes 8·n² bytes (200 MB).
MAX_ORDER = 5001

#: Largest order of the literal walk (``siamese_walk``, ``siamese_steps``): n² Python steps,
#: about half a second and some 60 MB of ``Step`` records at this limit.
MAX_WALK_ORDER = 501


def _odd_order(n: Any, *, name: str = "n", minimum: int = 1, maximum: int | None = None) -> int:
    """``n`` checked as an odd order (kept for the picture functions; see ``_check.as_odd_order``)."""
    return as_odd_order(n, name=name, minimum=minimum, maximum=maximum)


def _walk_order(n: Any) -> int:
    return as_odd_order(n, maximum=MAX_WALK_ORDER,
                        why="the literal walk takes n² Python steps; siamese(n) gives the same "
                            f"square from a closed form up to n = {MAX_ORDER}")


def _walk(n: int) -> Iterator[Step]:
    """Yield the steps of the literal walk for an odd order n (already validated)."""
    grid = [[0] * n for _ in range(n)]
    row, col = n // 2, n - 1
    grid[row][col] = 1
    yield Step(1, row, col, (), (), (row, col))
    for number in range(2, n * n + 1):
        aim = (row - 1, col + 1)
        r, c = aim
        rules: list[str] = []
        if r == -1 and c == n:
            r, c = 0, n - 2
            rules.append("corner")
        elif r == -1 or c == n:
            r, c = r % n, c % n
            rules.append("wrap")
        tried = []
        while grid[r][c]:
            tried.append((r, c))
            rules.append("occupied")
            r, c = r + 1, c - 2
            if not (0 <= r < n and 0 <= c < n):  # never happens: checked for every odd n in the tests
                raise RuntimeError(f"rule 'occupied' left the grid at ({r}, {c}) for n={n}")
        grid[r][c] = number
        row, col = r, c
        yield Step(number, row, col, tuple(tried), tuple(rules), aim)


def siamese_steps(n: int) -> list[Step]:
    """The walk traced number by number: one ``Step`` per number 1..n².

    Odd n up to ``MAX_WALK_ORDER`` (501): the list holds n² records.

    >>> [(s.number, s.row, s.col, s.rules) for s in siamese_steps(3)][:4]
    [(1, 1, 2, ()), (2, 0, 0, ('wrap',)), (3, 2, 1, ('wrap',)), (4, 2, 0, ('occupied',))]
    """
    return list(_walk(_walk_order(n)))


def siamese_walk(n: int) -> Square:
    """The square built by walking the rules one number at a time (readable, O(n²) Python steps).

    Odd n up to ``MAX_WALK_ORDER`` (501); ``siamese`` is the fast closed form.

    >>> siamese_walk(3).tolist()
    [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
    """
    n = _walk_order(n)
    square = np.zeros((n, n), dtype=np.int64)
    for step in _walk(n):
        square[step.row, step.col] = step.number
    return square


def siamese(n: int) -> Square:
    """The Siamese square of odd order n, from a closed form (same result as the walk).

    Write number k+1 as k = n*q + p with 0 <= p < n: the walk places it at
    row (n//2 - p + q) mod n, column (n - 1 + p - 2q) mod n. Solving for q and p,
    the cell (r, c) holds n*q + p + 1 with q = (n//2 - 1 - r - c) mod n and
    p = (q - r + n//2) mod n = (-2 - 2r - c) mod n. So q depends only on r + c
    and p only on 2r + c: each is a short vector read through a sliding window,
    and the only n x n array ever allocated is the result. Odd n up to
    ``MAX_ORDER`` (5001, a 200 MB result).

    >>> siamese(3).tolist()
    [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
    >>> int(siamese(7).sum(axis=1)[0])
    175
    """
    n = as_odd_order(n, maximum=MAX_ORDER, why=f"the square alone would take {8 * MAX_ORDER**2 // 10**6} MB "
                     "or more")
    h = n // 2
    j = np.arange(3 * n, dtype=np.int64)
    nq_plus_1 = n * ((h - 1 - j[: 2 * n - 1]) % n) + 1   # indexed by r + c
    p = (-2 - j) % n                                      # indexed by 2r + c
    by_sum = sliding_window_view(nq_plus_1, n)            # row r is nq_plus_1[r : r + n]
    by_double = sliding_window_view(p, n)[::2][:n]        # row r is p[2r : 2r + n]
    return np.add(by_sum, by_double, dtype=np.int64)


# ------------------------------------------------------------------ words and pictures

def rule_in_words(step: Step, n: int) -> str:
    """One sentence saying where ``step.number`` went and which rules moved it there.

    ``n`` is checked once here; loops over many steps call ``_rule_in_words``.

    >>> rule_in_words(siamese_steps(3)[3], 3)
    '4 aims at (1, 2), but that cell is taken (rule occupied): down one, left two → placed at (2, 0)'
    """
    if not isinstance(step, Step):
        raise TypeError(f"step must be a Step from siamese_steps(n), got {type(step).__name__}")
    n = as_odd_order(n)
    if not (1 <= step.number <= n * n):
        raise ValueError(f"step.number must be between 1 and n² = {n * n} for n = {n}, got {step.number}")
    return _rule_in_words(step, n)


def _rule_in_words(step: Step, n: int) -> str:
    """``rule_in_words`` without the checks, for loops over the steps of one walk."""
    k, (ar, ac), cell = step.number, step.aim, (step.row, step.col)
    if k == 1:
        return f"1 starts in the middle of the last column → placed at {cell}"
    parts = [f"{k} aims at ({ar}, {ac})"]
    if "corner" in step.rules:
        parts.append(f"off the top and the right edge at once (rule corner): go to (0, {n - 2}) instead")
    elif "wrap" in step.rules:
        if ar == -1:
            parts.append(f"row -1 wraps to row {n - 1} (rule wrap)")
        else:
            parts.append(f"column {n} wraps to column 0 (rule wrap)")
    for t in step.tried:
        parts.append(f"but {t} is taken (rule occupied): down one, left two" if len(parts) > 1 else
                     "but that cell is taken (rule occupied): down one, left two")
    if not step.rules:
        parts.append("a plain move up and to the right")
    return ", ".join(parts) + f" → placed at {cell}"


def _cell_px(n: int) -> int:
    """Cell size in pixels: big digits for a projector, at most about 600 px of grid."""
    return int(min(72, max(38, 600 // n)))


def _sums_table(square: np.ndarray, cell_px: int) -> str:
    """The finished square with its sums: rows on the right (→), columns below (↓),
    the main diagonal bottom right (↘) and the anti-diagonal bottom left (↙)."""
    n = square.shape[0]
    rows = [[""] + [str(int(v)) for v in row] + [f"→ {int(s)}"] for row, s in zip(square, square.sum(axis=1))]
    rows.append([f"↙ {int(np.trace(square[:, ::-1]))}"] + [f"↓ {int(s)}" for s in square.sum(axis=0)]
                + [f"↘ {int(np.trace(square))}"])
    sums = f"color:{COLORS['accent']};font-weight:bold;border:none;font-size:{max(12, int(cell_px * 0.32))}px"
    styles = {(r, c): sums for r in range(n) for c in (0, n + 1)}
    styles.update({(n, c): sums for c in range(n + 2)})
    return html_table(rows, styles=styles, cell_px=cell_px)


def _frame(square: np.ndarray, text: str, cell_px: int, *, current=None, tried=(), sums=False) -> str:
    """One animation frame: the grid (or the grid with its sums) above a line of large text."""
    if sums:
        grid = _sums_table(square, cell_px)
    else:
        grid = square_html(square, highlight=[current] if current else None, tried=tried, cell_px=cell_px)
    width = max(cell_px * square.shape[0] + 200, 420)
    caption = (f'<div class="siamese-caption" style="font:20px/1.35 \'DejaVu Sans\',sans-serif;'
               f'color:{COLORS["grid"]};max-width:{width}px;margin:6px 4px">{html.escape(text)}</div>')
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
    n = _odd_order(n)
    px = cell_px if cell_px is not None else _cell_px(n)
    px = as_order(px, name="cell_px", minimum=10, maximum=200)
    target = n * (n * n + 1) // 2
    square = np.zeros((n, n), dtype=np.int64)
    frames = [_frame(square, f"An empty {n}×{n} grid: the numbers 1 to {n * n} will go in one at a time. "
                             f"Each line must add up to {target}.", px)]
    steps = list(_walk(n))
    for step in steps:
        square[step.row, step.col] = step.number
        text = f"Step {step.number}: " + rule_in_words(step, n)
        frames.append(_frame(square, text, px, current=(step.row, step.col), tried=step.tried))
    frames[-1] = _frame(square, f"Done: every row (→), column (↓) and both diagonals (↘ ↙) add up to "
                                f"{target}. The last number, {n * n}, went to {(steps[-1].row, steps[-1].col)}.",
                        px, sums=True)
    return frames


def siamese_animation(n: int = 5, *, interval_ms: int = 700, cell_px: int | None = None):
    """A self-contained HTML animation of the walk (``magiclib.animate.HTMLAnimation``).

    It plays without a kernel; ``.save(path)`` writes a standalone page for slides.

    >>> siamese_animation(3)
    HTMLAnimation('siamese', frames=10)
    """
    from .animate import html_animation

    n = _odd_order(n)
    return html_animation(siamese_frames(n, cell_px=cell_px), interval_ms=interval_ms,
                          title=f"The Siamese walk, n = {n}", name="siamese")


def _draw_step(ax, square: np.ndarray, step: Step | None, n: int) -> None:
    """Draw one state of the walk on ``ax`` (tried cells get a dashed outline and an ×)."""
    from matplotlib.patches import Rectangle

    ax.clear()
    current = [(step.row, step.col)] if step else None
    draw_square(square, ax, highlight=current, fontsize=max(9.0, 110 / n))
    for (r, c) in (step.tried if step else ()):
        ax.add_patch(Rectangle((c + 0.06, r + 0.06), 0.88, 0.88, fill=False, lw=3, ls="--",
                               edgecolor=COLORS["tried"]))
        ax.text(c + 0.88, r + 0.2, "×", ha="center", va="center", fontsize=max(8.0, 70 / n), color=COLORS["grid"])
    if step is None:
        title = f"Siamese walk, n = {n}: empty grid"
    elif not step.rules:
        title = f"{step.number}: plain move (up one, right one)"
    else:
        title = f"{step.number}: rule " + " + ".join(step.rules)
    ax.set_title(title, fontsize=FONT["size"] + 2, color=COLORS["accent"])


def save_siamese_gif(n: int, path: str | Path, *, interval_ms: int = 600) -> Path:
    """Write the walk as an animated GIF (matplotlib + Pillow) for slides; return the path.

    One frame per number plus the empty grid; the title of each frame names the rule.
    """
    import matplotlib.pyplot as plt
    from matplotlib.animation import FuncAnimation, PillowWriter

    n = _odd_order(n)
    interval_ms = as_order(interval_ms, name="interval_ms", minimum=20, what="a duration in ms")
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

    n = _odd_order(n, minimum=3)
    k = n + 1 if numbers is None else as_order(numbers, name="numbers", minimum=2, maximum=n * n)
    square = siamese(n)
    if ax is None:
        _, ax = plt.subplots(figsize=(7.5, 7.5))
    fs = max(6.0, 60 / n)
    for br in (-1, 0, 1):
        for bc in (-1, 0, 1):
            main = br == 0 and bc == 0
            for r in range(n):
                for c in range(n):
                    x, y = bc * n + c, br * n + r
                    ax.add_patch(Rectangle((x, y), 1, 1, facecolor=COLORS["cell"] if main else COLORS["empty"],
                                           edgecolor=COLORS["grid"] if main else COLORS["muted"],
                                           lw=1.2 if main else 0.5))
                    if int(square[r, c]) <= k:
                        ax.text(x + 0.5, y + 0.5, str(int(square[r, c])), ha="center", va="center",
                                fontsize=fs, fontweight="bold" if main else "normal",
                                color=COLORS["grid"] if main else COLORS["muted"])
    ax.add_patch(Rectangle((0, 0), n, n, fill=False, edgecolor=COLORS["accent"], lw=3))
    steps = list(_walk(n))[:k]
    for prev, step in zip(steps, steps[1:]):
        start = (prev.col + 0.5, prev.row + 0.5)
        if "occupied" in step.rules or "corner" in step.rules:
            end = (step.col + 0.5, step.row + 0.5)
            ax.add_patch(FancyArrowPatch(start, end, arrowstyle="-|>", mutation_scale=16, lw=2,
                                         color=COLORS["bad"], connectionstyle="arc3,rad=0.3"))
            continue
        aim = (step.aim[1] + 0.5, step.aim[0] + 0.5)
        ax.add_patch(FancyArrowPatch(start, aim, arrowstyle="-|>", mutation_scale=16, lw=2, color=COLORS["current"]))
        if "wrap" in step.rules:
            end = (step.col + 0.5, step.row + 0.5)
            ax.add_patch(FancyArrowPatch(aim, end, arrowstyle="-|>", mutation_scale=14, lw=1.5, ls="--",
                                         color=COLORS["accent"], connectionstyle="arc3,rad=0.15"))
    ax.set_xlim(-n - 0.2, 2 * n + 0.2)
    ax.set_ylim(2 * n + 0.2, -n - 0.2)
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_title(f"Wrapping round: the grid as a torus (n = {n})", fontsize=FONT["size"] + 2, color=COLORS["accent"])
    return ax
