"""Pictures of the magic hexagon (``magiclib.hexagon``): a matplotlib drawing and the
SVG board of the "Fill the free cells" widget, plus its verdict line in HTML.

Both pictures stand on one geometry: cell centres from ``magiclib.hexagon.coordinates()``
(neighbours one unit apart, y upwards), hexagons of circumradius 1/√3, and every
line's sum written one step beyond its end (``_sum_positions``).
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence
from typing import Any

from .. import hexagon as hx
from .._check import as_order, as_real, as_text
from ..i18n import _, ngettext
from .look import COLORS, CSS_FONT, FONT, css_font, pt

__all__ = ["draw_hexagon", "hexagon_svg", "hexagon_verdict_html"]

#: Circumradius of a cell, neighbours being one unit apart (a little less is drawn, to leave a gap).
RADIUS = 1 / math.sqrt(3)


def _corners(cx: float, cy: float, scale: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of the cell centred at (cx, cy) (pointy top), y upwards."""
    r = RADIUS * 0.97 * scale
    return [
        (cx + r * math.cos(math.radians(90 + 60 * i)), cy + r * math.sin(math.radians(90 + 60 * i)))
        for i in range(6)
    ]


def _sum_positions() -> dict[int, tuple[float, float]]:
    """Where each line's sum is written: one step beyond an end of the line, so that rows end
    on the right, "/" lines bottom left and "\\" lines top left (no two labels clash)."""
    pos = hx.coordinates()
    out = {}
    for i, line in enumerate(hx.lines()):
        end, nxt = (line[0], line[1]) if i >= 10 else (line[-1], line[-2])
        (x0, y0), (x1, y1) = pos[end], pos[nxt]
        out[i] = (x0 + 0.95 * (x0 - x1), y0 + 0.95 * (y0 - y1))
    return out


_ARROWS = "→↗↑↖←↙↓↘"


def _sum_arrows() -> dict[int, str]:
    """For each line, the arrow from its sum label towards the line (→ ↗ ↑ ↖ ← ↙ ↓ ↘), so a
    reader sees which line a sum belongs to without following colours."""
    pos = hx.coordinates()
    out = {}
    for i, (sx, sy) in _sum_positions().items():
        line = hx.lines()[i]
        ex, ey = pos[line[0] if i >= 10 else line[-1]]
        angle = math.degrees(math.atan2(ey - sy, ex - sx))
        out[i] = _ARROWS[round(angle / 45) % 8]
    return out


def _cell_set(cells: Any, name: str, cell_name: str) -> set[int]:
    """``cells`` (the argument ``name``) as a set of cell numbers; ``cell_name`` (translated) names one."""
    if cells is None:
        return set()
    if isinstance(cells, (str, bytes)) or not hasattr(cells, "__iter__"):
        raise TypeError(
            _(
                "{name} must be a list of cell numbers 1..19 or None, got {kind}",
                name=name,
                kind=type(cells).__name__,
            )
        )
    what = _("a cell number")
    return {as_order(k, name=cell_name, maximum=hx.CELLS, what=what) for k in cells}


def draw_hexagon(
    values: Sequence[Any] | None = None,
    highlight: Iterable[int] | None = None,
    *,
    marks: Iterable[int] | None = None,
    lines_shown: Iterable[int] | None = None,
    show_sums: bool = False,
    cell_names: bool | None = None,
    ax=None,
    title: str | None = None,
    fontsize: float | None = None,
):
    """Draw the hexagon (numbers, or the names x1..x19 when ``values`` is None); return the Axes.

    ``highlight`` cells (1-based; e.g. the free cells) are yellow with a thick
    border and bold text; ``marks`` cells get a blue outline (e.g. pivots).
    ``lines_shown`` (indices into ``lines()``) are drawn as strokes through the
    cells; ``show_sums`` writes every line's sum at one end, outside.

    >>> ax = draw_hexagon(hx.MAGIC_HEXAGON, highlight=hx.free_variables(), title="Adams' hexagon")
    >>> ax.get_title()
    "Adams' hexagon"
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Polygon

    x = hx._as_fill(values) if values is not None else None
    hi = _cell_set(highlight, "highlight", _("a highlight cell"))
    mk = _cell_set(marks, "marked", _("a marked cell"))
    if lines_shown is not None and (
        isinstance(lines_shown, (str, bytes)) or not hasattr(lines_shown, "__iter__")
    ):
        raise TypeError(
            _(
                "lines_shown must be a list of line indices 0..14 or None, got {kind}",
                kind=type(lines_shown).__name__,
            )
        )
    name, what = _("line index"), _("a line index")
    shown = [
        as_order(i, name=name, minimum=0, maximum=14, what=what)
        for i in (() if lines_shown is None else lines_shown)
    ]
    title = as_text(title)
    if fontsize is not None:
        fontsize = as_real(fontsize, name="fontsize", minimum=1, maximum=100)
    if show_sums and x is None:
        raise ValueError(_("show_sums needs values to add up: pass the 19 values"))
    if cell_names is None:
        cell_names = x is not None and bool(hi) and not show_sums  # names and sums would crowd at 12 pt
    if ax is None:
        _fig, ax = plt.subplots(figsize=(5.2, 5.2) if show_sums else (4.4, 4.4))
    pos = hx.coordinates()
    text = [str(v) for v in x] if x is not None else [f"x{k}" for k in range(1, hx.CELLS + 1)]
    longest = max(len(t) for t in text)
    fs = pt(fontsize or (16 if longest <= 2 else 13 if longest <= 3 else 12))
    for k in range(1, hx.CELLS + 1):
        cx, cy = pos[k]
        face = COLORS["free"] if k in hi else COLORS["cell"]
        edge = COLORS["accent"] if k in mk else COLORS["grid"]
        lw = 3.0 if (k in hi or k in mk) else 1.2
        ax.add_patch(Polygon(_corners(cx, cy), closed=True, facecolor=face, edgecolor=edge, lw=lw, zorder=1))
        bold = k in hi
        if x is not None and cell_names:
            ax.text(  # name and value 0.43 apart: as far as a name is from the value of the cell below
                cx,
                cy - 0.25,
                f"x{k}",
                ha="center",
                va="center",
                fontsize=pt(9),
                color=COLORS["grid"],
                zorder=3,
            )
            ax.text(
                cx,
                cy + 0.18,
                text[k - 1],
                ha="center",
                va="center",
                fontsize=min(fs, pt(13)),
                fontweight="bold" if bold else "normal",
                color=COLORS["grid"],
                zorder=3,
            )
        else:
            ax.text(
                cx,
                cy,
                text[k - 1],
                ha="center",
                va="center",
                fontsize=fs if x is not None else pt(fs * 0.75),
                fontweight="bold" if bold else "normal",
                color=COLORS["grid"],
                zorder=3,
            )
    all_lines = hx.lines()
    for i in shown:
        pts = [pos[k] for k in all_lines[i]]
        ax.plot(
            [p[0] for p in pts],
            [p[1] for p in pts],
            color=COLORS["accent"],
            lw=6,
            alpha=0.35,
            solid_capstyle="round",
            zorder=2,
        )
    if show_sums:
        sums = hx.line_sums(x)
        arrows = _sum_arrows()
        for i, (sx, sy) in _sum_positions().items():
            ax.text(
                sx,
                sy,
                f"{arrows[i]} {sums[i]}" if arrows[i] in "←↖↙" else f"{sums[i]} {arrows[i]}",
                ha="center",
                va="center",
                fontsize=pt(fs * 0.7),
                color=COLORS["accent"],
                zorder=3,
            )
    pad = 1.9 if show_sums else 0.75
    ax.set_xlim(-2 - pad, 2 + pad)
    ax.set_ylim(-2 * math.sqrt(3) / 2 - pad, 2 * math.sqrt(3) / 2 + pad)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=FONT["size"], color=COLORS["accent"])
    return ax


_BAD_FILL = "#B34700"
_UNIT = 84  # SVG pixels between neighbouring cell centres


def _problems(values: Sequence[Any]) -> dict[int, str]:
    """Cells (1-based) whose value is not a fresh number of 1..19, with the reason."""
    seen: dict[Any, int] = {}
    out = {}
    for k, v in enumerate(values, start=1):
        if not (isinstance(v, int) and 1 <= v <= hx.CELLS):
            out[k] = "out"
        elif v in seen:
            out[k] = "repeat"
            out.setdefault(seen[v], "repeat")
        else:
            seen[v] = k
    return out


def _total(total: Any) -> Any:
    return hx._exact(total, "total")


def hexagon_svg(values: Sequence[Any] | None, total: Any = 38, *, free: Sequence[int] | None = None) -> str:
    """The hexagon as an SVG string: values in the cells, free cells yellow, every line sum
    at one end with a tick or a cross; cells outside 1..19 or repeated are flagged in text.
    ``values`` None shows the fill with all free cells 0.

    >>> svg = hexagon_svg(hx.MAGIC_HEXAGON)
    >>> svg.startswith("<svg") and svg.count("38 ✓")
    15
    """
    total = _total(total)
    x = hx.fill([0] * 7, total) if values is None else hx._as_fill(values)
    sums = hx.line_sums(x)
    free = hx.free_variables() if free is None else free
    free = _cell_set(free, "free", _("a free cell"))
    bad = _problems(x)
    pos = hx.coordinates()
    width, height = 7.6 * _UNIT, 6.6 * _UNIT
    cx0, cy0 = width / 2, height / 2

    def at(px: float, py: float) -> tuple[float, float]:
        return cx0 + px * _UNIT, cy0 - py * _UNIT

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="{html.escape(CSS_FONT)}">'
    ]
    for k in range(1, hx.CELLS + 1):
        px, py = at(*pos[k])
        pts = " ".join(f"{sx:.1f},{sy:.1f}" for sx, sy in (at(*c) for c in _corners(*pos[k])))
        problem = bad.get(k)
        # A darker vermillion than COLORS["bad"] under the white text: 5.5:1 (WCAG AA) instead of 3.9:1.
        face = _BAD_FILL if problem else COLORS["free"] if k in free else COLORS["cell"]
        ink = "white" if problem else COLORS["grid"]
        width_px = 4 if k in free else 1.5
        dash = ' stroke-dasharray="6,3"' if problem else ""
        out.append(
            f'<polygon points="{pts}" fill="{face}" stroke="{COLORS["grid"]}" '
            f'stroke-width="{width_px}"{dash}/>'
        )
        label = html.escape(_("x{k} free", k=k)) if k in free else f"x{k}"
        out.append(
            f'<text x="{px:.1f}" y="{py - 17:.1f}" font-size="12" text-anchor="middle" '
            f'fill="{ink}">{label}</text>'
        )
        value = html.escape(str(x[k - 1]))
        size = 24 if len(value) <= 3 else 16
        weight = "bold" if k in free else "normal"
        out.append(
            f'<text x="{px:.1f}" y="{py + 8:.1f}" font-size="{size}" font-weight="{weight}" '
            f'text-anchor="middle" fill="{ink}" class="cell" data-cell="{k}">{value}</text>'
        )
        if problem:
            word = html.escape(_("not 1..19") if problem == "out" else _("repeat"))
            out.append(
                f'<text x="{px:.1f}" y="{py + 26:.1f}" font-size="12" text-anchor="middle" '
                f'fill="white">{word}</text>'
            )
    arrows = _sum_arrows()
    for i, (sx, sy) in _sum_positions().items():
        tx, ty = at(sx, sy)
        ok = sums[i] == total
        mark = "✓" if ok else "✗"
        colour = COLORS["good"] if ok else COLORS["bad"]
        out.append(
            f'<text x="{tx:.1f}" y="{ty + 5:.1f}" font-size="15" font-weight="bold" '
            f'text-anchor="middle" fill="{colour}" class="line-sum" data-line="{i}">'
            f"{html.escape(str(sums[i]))} {mark} {arrows[i]}</text>"
        )
    out.append("</svg>")
    return "".join(out)


def hexagon_verdict_html(values: Sequence[Any], total: Any = 38) -> str:
    """One line of HTML saying whether ``values`` is a magic hexagon for ``total``, and if not, why.

    >>> "A magic hexagon" in hexagon_verdict_html(hx.MAGIC_HEXAGON)
    True
    """
    total = _total(total)
    values = hx._as_fill(values)
    sums = hx.line_sums(values)
    wrong = sum(s != total for s in sums)
    bad = _problems(values)
    outside = [k for k, why in bad.items() if why == "out"]
    repeats = sorted({values[k - 1] for k, why in bad.items() if why == "repeat"})
    if not bad and not wrong:
        verdict = _(
            "✓ A magic hexagon: the cells hold 1..19, once each, and all 15 lines sum to {total}.",
            total=total,
        )
        return (
            f'<div style="{css_font(20, weight="bold")};color:{COLORS["good"]}">{html.escape(verdict)}</div>'
        )
    parts = []
    if outside:
        cells = ", ".join(f"x{k}" for k in sorted(outside))
        parts.append(
            ngettext(
                "{count} cell outside 1..19 ({cells})",
                "{count} cells outside 1..19 ({cells})",
                len(outside),
                cells=cells,
            )
        )
    if repeats:
        values = ", ".join(str(v) for v in repeats)
        parts.append(
            ngettext("repeated value {values}", "repeated values {values}", len(repeats), values=values)
        )
    why = _("; ").join(parts)
    if wrong and not parts:
        verdict = _(
            "✗ Not magic yet: the cells hold 1..19, once each, but {wrong} of the 15 lines miss {total}.",
            wrong=wrong,
            total=total,
        )
    elif wrong:
        verdict = _(
            "✗ Not magic yet: {wrong} of the 15 lines miss {total}, but {why}.",
            wrong=wrong,
            total=total,
            why=why,
        )
    else:
        verdict = _("✗ Not magic yet: all 15 lines sum to {total}, but {why}.", total=total, why=why)
    return f'<div style="{css_font(20, weight="bold")};color:{COLORS["bad"]}">{html.escape(verdict)}</div>'
