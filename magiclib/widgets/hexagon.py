""""Fill the free cells": type the 7 free values, see the other 12 cells follow.

The other cells are computed from x = B·f + b (``magiclib.hexagon.fill``), so
every line always sums to the chosen total; the question the widget answers is
whether the 19 values are 1..19, once each: then it is a true magic hexagon.

Selectors for browser tests (JupyterLab and Voilà): the free inputs carry the
classes ``magiclib-hexagon-x10`` ... ``magiclib-hexagon-x19`` (their labels read
"x10" ...), the total input ``magiclib-hexagon-total``, the drawing
``magiclib-hexagon-board`` (every line sum is an SVG text with class
``line-sum`` and ``data-line``), and the verdict ``magiclib-hexagon-verdict``.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from .. import hexagon
from ..draw import COLORS

__all__ = ["HexagonFiller", "hexagon_filler", "hexagon_svg"]

_UNIT = 64  # pixels between neighbouring cell centres
# Large digits in the inputs, for a projector (scoped to this widget's class).
_STYLE = ("<style>.magiclib-hexagon input{font-size:20px !important;height:34px !important}"
          ".magiclib-hexagon .widget-label{font-size:18px !important}</style>")


def _problems(values: Sequence[Any]) -> dict[int, str]:
    """Cells (1-based) whose value is not a fresh number of 1..19, with the reason."""
    seen: dict[Any, int] = {}
    out = {}
    for k, v in enumerate(values, start=1):
        if not (isinstance(v, int) and 1 <= v <= hexagon.CELLS):
            out[k] = "out"
        elif v in seen:
            out[k] = "repeat"
            out.setdefault(seen[v], "repeat")
        else:
            seen[v] = k
    return out


def hexagon_svg(values: Sequence[Any], total: Any = 38, *, free: Sequence[int] | None = None) -> str:
    """The hexagon as an SVG string: values in the cells, free cells yellow, every line sum
    at one end with a tick or a cross; cells outside 1..19 or repeated are flagged in text.

    >>> svg = hexagon_svg(hexagon.MAGIC_HEXAGON)
    >>> svg.startswith("<svg") and svg.count("38 ✓")
    15
    """
    x = hexagon.fill([0] * 7) if values is None else values
    sums = hexagon.line_sums(x)
    free = set(hexagon.free_variables() if free is None else free)
    bad = _problems(x)
    pos = hexagon.coordinates()
    radius = _UNIT / math.sqrt(3)
    width, height = 7.6 * _UNIT, 6.6 * _UNIT
    cx0, cy0 = width / 2, height / 2

    def at(k: int) -> tuple[float, float]:
        px, py = pos[k]
        return cx0 + px * _UNIT, cy0 - py * _UNIT

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
           f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="DejaVu Sans, sans-serif">']
    for k in range(1, hexagon.CELLS + 1):
        px, py = at(k)
        pts = " ".join(f"{px + radius * 0.97 * math.cos(math.radians(90 + 60 * i)):.1f},"
                       f"{py - radius * 0.97 * math.sin(math.radians(90 + 60 * i)):.1f}"
                       for i in range(6))
        problem = bad.get(k)
        face = COLORS["bad"] if problem else COLORS["free"] if k in free else COLORS["cell"]
        ink = "white" if problem else COLORS["grid"]
        width_px = 4 if k in free else 1.5
        dash = ' stroke-dasharray="6,3"' if problem else ""
        out.append(f'<polygon points="{pts}" fill="{face}" stroke="{COLORS["grid"]}" '
                   f'stroke-width="{width_px}"{dash}/>')
        label = f"x{k}" + (" free" if k in free else "")
        out.append(f'<text x="{px:.1f}" y="{py - 17:.1f}" font-size="10" text-anchor="middle" '
                   f'fill="{ink}">{label}</text>')
        value = html.escape(str(x[k - 1]))
        size = 24 if len(value) <= 3 else 16
        weight = "bold" if k in free else "normal"
        out.append(f'<text x="{px:.1f}" y="{py + 8:.1f}" font-size="{size}" font-weight="{weight}" '
                   f'text-anchor="middle" fill="{ink}" class="cell" data-cell="{k}">{value}</text>')
        if problem:
            word = "not 1..19" if problem == "out" else "repeat"
            out.append(f'<text x="{px:.1f}" y="{py + 24:.1f}" font-size="10" text-anchor="middle" '
                       f'fill="white">{word}</text>')
    for i, line in enumerate(hexagon.lines()):
        end, nxt = (line[0], line[1]) if i >= 10 else (line[-1], line[-2])
        (ex, ey), (nx, ny) = at(end), at(nxt)
        tx, ty = ex + 0.95 * (ex - nx), ey + 0.95 * (ey - ny)
        ok = sums[i] == total
        mark = "✓" if ok else "✗"
        colour = COLORS["good"] if ok else COLORS["bad"]
        out.append(f'<text x="{tx:.1f}" y="{ty + 5:.1f}" font-size="15" font-weight="bold" '
                   f'text-anchor="middle" fill="{colour}" class="line-sum" data-line="{i}">'
                   f'{html.escape(str(sums[i]))} {mark}</text>')
    out.append("</svg>")
    return "".join(out)


def _verdict(values: Sequence[Any], total: Any) -> str:
    sums = hexagon.line_sums(values)
    wrong = sum(s != total for s in sums)
    bad = _problems(values)
    outside = [k for k, why in bad.items() if why == "out"]
    repeats = sorted({values[k - 1] for k, why in bad.items() if why == "repeat"})
    lines_text = (f"all 15 lines sum to {total}" if not wrong
                  else f"{wrong} of the 15 lines miss {total}")
    if not bad and not wrong:
        return (f'<div style="font-family:sans-serif;font-size:20px;color:{COLORS["good"]};font-weight:bold">✓ A magic '
                f"hexagon: the cells hold 1..19, once each, and {lines_text}.</div>")
    parts = []
    if outside:
        parts.append(f"{len(outside)} cell{'s' if len(outside) > 1 else ''} outside 1..19 ("
                     + ", ".join(f"x{k}" for k in sorted(outside)) + ")")
    if repeats:
        parts.append("repeated value" + ("s " if len(repeats) > 1 else " ")
                     + ", ".join(str(v) for v in repeats))
    why = "; ".join(parts) if parts else "the values are 1..19 but a line is wrong"
    return (f'<div style="font-family:sans-serif;font-size:20px;color:{COLORS["bad"]};font-weight:bold">✗ Not magic yet: '
            f"{lines_text}, but {html.escape(why)}.</div>")


class HexagonFiller(widgets.VBox):
    """Seven integer inputs for the free cells, the live hexagon, and a verdict.

    Attributes: ``inputs`` (dict cell -> IntText), ``total`` (IntText),
    ``board`` and ``verdict`` (HTML); ``values`` is the current fill.
    """

    def __init__(self, free: Sequence[int] = (1, 2, 3, 4, 5, 6, 7), total: int = 38):
        start = hexagon.fill(free, total)           # validates both
        cells = hexagon.free_variables()
        self.inputs: dict[int, widgets.IntText] = {}
        for k in cells:
            box = widgets.IntText(value=start[k - 1], description=f"x{k}",
                                  layout=widgets.Layout(width="140px", height="36px"),
                                  style={"description_width": "42px"})
            box.add_class(f"magiclib-hexagon-x{k}")
            self.inputs[k] = box
        self.total = widgets.IntText(value=int(total), description="line sum",
                                     layout=widgets.Layout(width="190px", height="36px"),
                                     style={"description_width": "80px"})
        self.total.add_class("magiclib-hexagon-total")
        self.board = widgets.HTML()
        self.board.add_class("magiclib-hexagon-board")
        self.verdict = widgets.HTML()
        self.verdict.add_class("magiclib-hexagon-verdict")
        title = widgets.HTML(_STYLE + "<b style='font-size:17px'>Fill the free cells: type the 7 "
                             "yellow values (press Enter); the other 12 follow from x = B·f + b.</b>")
        for box in list(self.inputs.values()) + [self.total]:
            box.observe(self._update, names="value")
        row = widgets.HBox(list(self.inputs.values()) + [self.total],
                           layout=widgets.Layout(flex_flow="row wrap"))
        super().__init__([title, row, self.board, self.verdict])
        self.add_class("magiclib-hexagon")
        self._update()

    @property
    def free_values(self) -> tuple[int, ...]:
        return tuple(int(box.value) for box in self.inputs.values())

    @property
    def values(self) -> tuple:
        return hexagon.fill(self.free_values, int(self.total.value))

    def _update(self, change: Any = None) -> None:
        x, total = self.values, int(self.total.value)
        self.board.value = hexagon_svg(x, total)
        self.verdict.value = _verdict(x, total)

    def is_magic(self) -> bool:
        """True when the current fill holds 1..19 once each (all lines equal the total)."""
        return hexagon.is_magic(self.values, int(self.total.value))

    def __repr__(self) -> str:
        return f"HexagonFiller(total={int(self.total.value)}, free={self.free_values})"


def hexagon_filler(free: Sequence[int] = (1, 2, 3, 4, 5, 6, 7), total: int = 38) -> HexagonFiller:
    """The "Fill the free cells" widget, starting from these 7 free values (cells 10, 11, 14,
    15, 16, 18, 19) and line sum.

    >>> w = hexagon_filler()
    >>> w
    HexagonFiller(total=38, free=(1, 2, 3, 4, 5, 6, 7))
    >>> w.is_magic()
    False
    """
    return HexagonFiller(free, total)
