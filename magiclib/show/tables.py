"""Tables that can be read from the back of a classroom: matrices and labelled data.

- ``matrix_html``: an integer (or rational) matrix as an HTML table, 16 px (12 pt) numbers, row and
  column labels, zeros in grey and the other entries in bold (so colour is never the only
  signal), optional marked columns (e.g. pivot and free columns of a reduced row echelon form),
  with a word in the header as well as a colour;
- ``data_table_html``: rows of short texts under real column headers (``<th scope="col">``),
  wrapped so that long header words fit, 18 px text.

Both are deterministic HTML (no ids), so notebooks that show them re-run identically under nbval,
and both refuse sizes beyond ``MAX_TABLE_CELLS`` before building anything.
"""

from __future__ import annotations

import html as _html
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from .._check import as_order, as_text
from ..i18n import _
from .look import COLORS, css_font

__all__ = ["MAX_TABLE_CELLS", "matrix_html", "data_table_html"]

#: Most cells in one table (a classroom table has a few hundred).
MAX_TABLE_CELLS = 10_000

_BORDER = f"1px solid {COLORS['grid']}"
_HEAD = f"background:#f2f2f2;color:{COLORS['grid']};border:{_BORDER};padding:4px 6px"


def _entry(value: Any) -> str:
    """One matrix entry as text: integers as integers, fractions as a/b."""
    if isinstance(value, bool):
        raise TypeError(_("matrix entries must be numbers, got the bool {value!r}", value=value))
    if hasattr(value, "is_Integer") and value.is_Integer:  # sympy Integer
        return str(int(value))
    if hasattr(value, "p") and hasattr(value, "q"):  # sympy Rational
        return str(Fraction(int(value.p), int(value.q)))
    if isinstance(value, Fraction):
        return str(value)
    try:
        as_int = int(value)
    except (TypeError, ValueError):
        raise TypeError(
            _("matrix entries must be integers or fractions, got {value!r}", value=value)
        ) from None
    if as_int != value:
        raise ValueError(
            _("matrix entries must be integers or fractions, got the non-integer {value!r}", value=value)
        )
    return str(as_int)


def _rows_of(matrix: Any) -> list[list[Any]]:
    """The rows of a numpy array, sympy Matrix or list of lists, checked to be rectangular."""
    if hasattr(matrix, "tolist"):
        rows = matrix.tolist()
    elif isinstance(matrix, Sequence) and not isinstance(matrix, (str, bytes)):
        rows = [list(r) if isinstance(r, Sequence) and not isinstance(r, (str, bytes)) else r for r in matrix]
    else:
        raise TypeError(
            _(
                "matrix must be a 2-d array, a sympy Matrix or a list of rows, got {kind}",
                kind=type(matrix).__name__,
            )
        )
    if not rows or not all(isinstance(r, list) for r in rows):
        raise ValueError(_("matrix must have at least one row, and every row must be a list of numbers"))
    width = len(rows[0])
    if width == 0 or any(len(r) != width for r in rows):
        raise ValueError(_("matrix rows must all have the same, non-zero length"))
    if len(rows) * width > MAX_TABLE_CELLS:
        raise ValueError(_too_many_cells(len(rows), width))
    return rows


def _too_many_cells(rows: int, cols: int) -> str:
    return _(
        "a table holds at most {maximum} cells, got {rows} x {cols}",
        maximum=MAX_TABLE_CELLS,
        rows=rows,
        cols=cols,
    )


def _labels(labels: Sequence[Any] | None, count: int, name: str) -> list[str] | None:
    """``labels`` (the argument ``name``: "row_labels" or "col_labels") as ``count`` texts."""
    if labels is None:
        return None
    if isinstance(labels, (str, bytes)) or not isinstance(labels, Sequence):
        raise TypeError(
            _(
                "{name} must be a list of {count} labels, got {kind}",
                name=name,
                count=count,
                kind=type(labels).__name__,
            )
        )
    if len(labels) != count and name == "row_labels":
        raise ValueError(
            _("row_labels must hold {count} labels (one per row), got {size}", count=count, size=len(labels))
        )
    if len(labels) != count:
        raise ValueError(
            _("col_labels must hold {count} labels (one per col), got {size}", count=count, size=len(labels))
        )
    return [str(x) for x in labels]


def matrix_html(
    matrix: Any,
    *,
    row_labels: Sequence[Any] | None = None,
    col_labels: Sequence[Any] | None = None,
    marks: Mapping[int, tuple[str, str]] | None = None,
    caption: str | None = None,
    font_px: int = 16,
) -> str:
    """A matrix as a readable HTML table: big numbers, labels, zeros grey, non-zeros bold.

    ``marks`` maps a column index (from 0) to ``(word, colour)``: that column's header shows the
    word under its label and the colour as background, e.g. ``{9: ("free", "#F0E442")}``.

    >>> page = matrix_html([[1, 0], [0, -1]], col_labels=["x1", "x2"], marks={1: ("free", "#F0E442")})
    >>> page.count("<td"), "free" in page, ">-1</td>" in page
    (4, True, True)
    """
    rows = _rows_of(matrix)
    width = len(rows[0])
    row_labels = _labels(row_labels, len(rows), "row_labels")
    col_labels = _labels(col_labels, width, "col_labels")
    if marks is not None and not isinstance(marks, Mapping):
        raise TypeError(
            _(
                "marks must be a dict from column index to (word, colour), got {kind}",
                kind=type(marks).__name__,
            )
        )
    marks = dict(marks or {})
    if any(not isinstance(k, int) or not 0 <= k < width for k in marks):
        raise ValueError(
            _("marks must use column indices 0 to {last}, got {marks}", last=width - 1, marks=sorted(marks))
        )
    caption = as_text(caption, name="caption")
    font_px = as_order(font_px, name="font_px", minimum=16, maximum=48, what=_("a font size in pixels"))
    texts = [[_entry(v) for v in row] for row in rows]
    cell = f"border:{_BORDER};padding:2px 4px;text-align:right;{css_font(font_px, line='1.25')}"
    out = [
        f'<table class="magiclib-matrix" style="border-collapse:collapse;margin:6px 0;{css_font(font_px)}">'
    ]
    if caption:
        out.append(
            f'<caption style="{css_font(font_px, weight="bold")};text-align:left;padding:4px 0">'
            f"{_html.escape(caption)}</caption>"
        )
    if col_labels is not None or marks:
        heads = col_labels or [str(k + 1) for k in range(width)]
        out.append("<tr>")
        if row_labels is not None:
            out.append('<td style="border:none"></td>')
        for k, head in enumerate(heads):
            style = (
                f"{_HEAD};{css_font(font_px, weight='bold', line='1.2')};text-align:center;padding:2px 3px"
            )
            word = ""
            if k in marks:
                mark, colour = marks[k]
                style += f";background:{colour}"
                word = f'<br><span style="{css_font(16)}">{_html.escape(str(mark))}</span>'
            out.append(f'<th scope="col" style="{style}">{_html.escape(head)}{word}</th>')
        out.append("</tr>")
    for i, row in enumerate(texts):
        out.append("<tr>")
        if row_labels is not None:
            out.append(
                f'<th scope="row" style="{_HEAD};{css_font(font_px, weight="bold")};text-align:left;'
                f'white-space:nowrap">{_html.escape(row_labels[i])}</th>'
            )
        for k, text in enumerate(row):
            look = f"color:{COLORS['muted']}" if text == "0" else f"color:{COLORS['grid']};font-weight:bold"
            back = f";background:{marks[k][1]}33" if k in marks else ";background:#ffffff"
            out.append(f'<td style="{cell};{look}{back}">{_html.escape(text)}</td>')
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)


def data_table_html(
    rows: Sequence[Sequence[Any]],
    *,
    header: Sequence[Any],
    caption: str | None = None,
    font_px: int = 18,
    header_px: int = 130,
) -> str:
    """Rows of short texts under column headers that wrap to ``header_px`` pixels, 18 px text.

    The first column is the row's name (left-aligned ``<th scope="row">``); the others are centred.
    A bool entry is written "yes" or "no" in the reader's language.

    >>> page = data_table_html([["Lo Shu", True, False]], header=["square", "magic", "most-perfect"])
    >>> page.count('scope="col"'), page.count('scope="row"'), ">most-perfect</th>" in page
    (3, 1, True)
    """
    if isinstance(rows, (str, bytes)) or not isinstance(rows, Sequence):
        raise TypeError(
            _("rows must be a list of rows (lists of texts), got {kind}", kind=type(rows).__name__)
        )
    if isinstance(header, (str, bytes)) or not isinstance(header, Sequence) or not header:
        raise TypeError(_("header must be a non-empty list of column names, got {header!r}", header=header))
    heads = [str(h) for h in header]
    body = []
    for row in rows:
        if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or len(row) != len(heads):
            raise ValueError(
                _(
                    "every row must be a list of {count} texts (one per column), got {row!r}",
                    count=len(heads),
                    row=row,
                )
            )
        body.append([(_("yes") if x else _("no")) if isinstance(x, bool) else str(x) for x in row])
    if (len(body) + 1) * len(heads) > MAX_TABLE_CELLS:
        raise ValueError(_too_many_cells(len(body) + 1, len(heads)))
    caption = as_text(caption, name="caption")
    font_px = as_order(font_px, name="font_px", minimum=16, maximum=48, what=_("a font size in pixels"))
    header_px = as_order(header_px, name="header_px", minimum=40, maximum=600, what=_("a width in pixels"))
    cell = f"border:{_BORDER};padding:4px 10px;{css_font(font_px, line='1.3')};color:{COLORS['grid']}"
    out = [f'<table class="magiclib-data" style="border-collapse:collapse;margin:6px 0;{css_font(font_px)}">']
    if caption:
        out.append(
            f'<caption style="{css_font(font_px, weight="bold")};text-align:left;padding:4px 0">'
            f"{_html.escape(caption)}</caption>"
        )
    out.append("<tr>")
    for k, head in enumerate(heads):
        align = "left" if k == 0 else "center"
        out.append(
            f'<th scope="col" style="{_HEAD};{css_font(font_px, weight="bold", line="1.2")};'
            f'text-align:{align};vertical-align:bottom;max-width:{header_px}px">{_html.escape(head)}</th>'
        )
    out.append("</tr>")
    for row in body:
        out.append("<tr>")
        out.append(
            f'<th scope="row" style="{cell};text-align:left;font-weight:bold;background:#ffffff">'
            f"{_html.escape(row[0])}</th>"
        )
        for text in row[1:]:
            out.append(f'<td style="{cell};text-align:center;background:#ffffff">{_html.escape(text)}</td>')
        out.append("</tr>")
    out.append("</table>")
    return "".join(out)
