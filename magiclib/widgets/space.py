"""Nearest magic matrix, live: edit the cells of a small matrix X and see its orthogonal
projection ΠX onto the magic matrices, the residual R = X - ΠX and the Pythagorean split
‖X‖² = ‖ΠX‖² + ‖R‖², all exact (fractions). The letters are the suite's (notebooks/README.md).

Selectors for browser tests: each input has the class ``magiclib-space-cell-R-C``
(1-based row R and column C); its label, hidden visually but read by screen
readers, numbers rows and columns from 0 as notebook 07 does ("row 0, column 0"
for the top-left cell); the three tables are in ``.magiclib-space-m``,
``.magiclib-space-p`` and ``.magiclib-space-r`` (each ``td`` holds one entry
such as ``-1/18``); the line sums of ΠX in ``.magiclib-space-sums`` (it reads
"all 8 lines of ΠX sum to 15"), the norms in ``.magiclib-space-norms``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import sympy

from ..i18n import _, number
from ..matrices import nearest_magic
from ..show.board import html_table
from ..show.look import COLORS
from ._front import NeedsPython

__all__ = ["NearestMagicExplorer", "nearest_magic_explorer", "explorer_html"]

# Labels read by screen readers but not drawn (the grid position says it visually),
# digits large enough for a projector; scoped to this widget's class.
_STYLE = (
    "<style>.magiclib-space input{font-size:20px !important;height:34px !important;"
    "text-align:center}.magiclib-space .magiclib-space-cell .widget-label{position:absolute;"
    "width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}</style>"
)


def _text(x: Any) -> str:
    return str(sympy.nsimplify(x)) if not isinstance(x, sympy.Basic) else str(x)


def _lines(p: sympy.Matrix) -> list[sympy.Expr]:
    n = p.rows
    return (
        [sum(p.row(r)) for r in range(n)]
        + [sum(p.col(c)) for c in range(n)]
        + [p.trace(), sum(p[i, n - 1 - i] for i in range(n))]
    )


def _table(m: sympy.Matrix, caption: str, css: str, cell_px: int = 60) -> str:
    cells = [[_text(m[r, c]) for c in range(m.cols)] for r in range(m.rows)]
    styles = {
        (r, c): f"background:{COLORS['empty']}" for r in range(m.rows) for c in range(m.cols) if m[r, c] < 0
    }
    box = "display:inline-block;vertical-align:top;margin-right:18px"
    label = f'<div style="font:16px sans-serif;text-align:center;color:{COLORS["grid"]}">{caption}</div>'
    return (
        f'<div class="{css}" style="{box}">'
        + html_table(cells, styles=styles, cell_px=cell_px)
        + label
        + "</div>"
    )


def _norm2(m: sympy.Matrix) -> sympy.Rational:
    return sum((x * x for x in m), sympy.Integer(0))


def explorer_html(values: Sequence[Sequence[int]]) -> tuple[str, str, str]:
    """(tables, line-sum verdict, norms) as HTML for the matrix ``values``.

    >>> tables, sums, norms = explorer_html([[8, 1, 6], [3, 5, 7], [4, 9, 2]])
    >>> "all 8 lines of ΠX sum to 15" in sums, "‖R‖² = 0" in norms
    (True, True)
    """
    m = sympy.Matrix(values)
    p = nearest_magic(m)
    r = m - p
    tables = (
        _table(m, html.escape(_("X (you type)")), "magiclib-space-m")
        + _table(p, html.escape(_("ΠX = nearest magic")), "magiclib-space-p")
        + _table(r, html.escape(_("R = X − ΠX (residual)")), "magiclib-space-r")
    )
    lines = _lines(p)
    ok = len(set(lines)) == 1
    sums = (
        f'<div class="magiclib-space-sums" style="font:18px sans-serif;color:'
        f'{COLORS["good"] if ok else COLORS["bad"]};font-weight:bold">'
        + (
            html.escape(_("✓ all {count} lines of ΠX sum to {sum}", count=len(lines), sum=_text(lines[0])))
            if ok
            else html.escape(_("✗ the lines of ΠX differ (this should never happen)"))
        )
        + "</div>"
    )
    m2, p2, r2 = _norm2(m), _norm2(p), _norm2(r)
    inner = sum((x * y for x, y in zip(p, r, strict=False)), sympy.Integer(0))
    norms = (
        f'<div class="magiclib-space-norms" style="font:18px sans-serif;color:{COLORS["grid"]}">'
        f"‖X‖² = {_text(m2)}, ‖ΠX‖² = {_text(p2)} (≈ {number(float(p2), decimals=2, group=False)}), "
        f"‖R‖² = {_text(r2)} (≈ {number(float(r2), decimals=2, group=False)}); "
        f"‖ΠX‖² + ‖R‖² = ‖X‖² {'✓' if p2 + r2 == m2 else '✗'}, "
        f"⟨ΠX, R⟩ = {_text(inner)}</div>"
    )
    return tables, sums, norms


class NearestMagicExplorer(widgets.VBox):
    """An n x n grid of integer inputs (X), and live HTML for ΠX, R, the line sums and the norms.

    Attributes: ``inputs`` (list of rows of IntText), ``tables``, ``sums``, ``norms`` (HTML).
    """

    def __init__(self, values: Sequence[Sequence[int]]):
        m = sympy.Matrix(values)
        nearest_magic(m)  # validates (square, exact, order limit)
        n = m.rows
        self.n = n
        self.inputs: list[list[widgets.IntText]] = []
        boxes = []
        for r in range(n):
            row = []
            for c in range(n):
                box = widgets.IntText(
                    value=int(m[r, c]),
                    description=_("row {row}, column {column}", row=r, column=c),
                    tooltip=_("row {row}, column {column}", row=r, column=c),
                    layout=widgets.Layout(width="78px", height="38px"),
                    style={"description_width": "0px"},
                )
                box.add_class("magiclib-space-cell")
                box.add_class(f"magiclib-space-cell-{r + 1}-{c + 1}")
                box.observe(self._update, names="value")
                row.append(box)
                boxes.append(box)
            self.inputs.append(row)
        grid = widgets.GridBox(
            boxes,
            layout=widgets.Layout(
                grid_template_columns=f"repeat({n}, 84px)", grid_gap="4px", width="fit-content"
            ),
        )
        title = widgets.HTML(
            _STYLE
            + "<b style='font-size:17px'>"
            + html.escape(
                _(
                    "Type integers into X (press Enter or Tab): ΠX is the magic matrix nearest to X, "
                    "R = X − ΠX what is left."
                )
            )
            + "</b>"
        )
        self.tables, self.sums, self.norms = widgets.HTML(), widgets.HTML(), widgets.HTML()
        self.needs_python = NeedsPython(_("needs Python: run the cell, then type values to recompute"))
        super().__init__([title, self.needs_python, grid, self.tables, self.sums, self.norms])
        self.add_class("magiclib-space")
        self._update()

    @property
    def values(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(int(box.value) for box in row) for row in self.inputs)

    def projection(self) -> sympy.Matrix:
        """The nearest magic matrix to the current X (exact)."""
        return nearest_magic(self.values)

    def _update(self, change: Any = None) -> None:
        self.tables.value, self.sums.value, self.norms.value = explorer_html(self.values)

    def __repr__(self) -> str:
        return f"NearestMagicExplorer(n={self.n}, m={self.values})"


def nearest_magic_explorer(
    values: Sequence[Sequence[int]] = ((8, 1, 6), (3, 5, 7), (4, 9, 3)),
) -> NearestMagicExplorer:
    """The "nearest magic matrix" widget, starting from ``values`` (default: magic(3) with its
    bottom-right 2 changed to 3).

    >>> w = nearest_magic_explorer()
    >>> w
    NearestMagicExplorer(n=3, m=((8, 1, 6), (3, 5, 7), (4, 9, 3)))
    >>> w.inputs[2][2].value = 2
    >>> w.projection().tolist()
    [[8, 1, 6], [3, 5, 7], [4, 9, 2]]
    """
    return NearestMagicExplorer(values)
