"""Readable tables (``magiclib.show.tables``): the numbers shown are the numbers given, labels and
marks land where they belong, nothing is under 12 pt (16 px), and bad input is refused clearly."""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import pytest
import sympy
from test_figures_readable import html_font_sizes

from magiclib import hexagon as hx
from magiclib.show import COLORS, data_table_html, matrix_html

TWELVE_PT_PX = 16


def cells(page: str) -> list[str]:
    return re.findall(r"<td[^>]*>([^<]*)</td>", page)


def test_matrix_shows_every_entry_in_order():
    A = hx.incidence_matrix()
    page = matrix_html(A, row_labels=hx.line_names(), col_labels=[f"x{k}" for k in range(1, 20)])
    shown = [c for c in cells(page) if c]
    assert shown == [str(int(v)) for v in np.asarray(A).ravel()]
    assert page.count('scope="row"') == 15 and page.count('scope="col"') == 19
    assert min(html_font_sizes(page)) >= TWELVE_PT_PX


def test_rref_with_fractions_and_marked_free_columns():
    R, pivots = hx.rref()
    free = [k for k in range(19) if k not in pivots]
    page = matrix_html(R, marks={k: ("free", COLORS["free"]) for k in free})
    assert page.count(">free</span>") == 7
    assert [c for c in cells(page) if c] == [str(int(v)) for v in R]
    half = matrix_html(sympy.Matrix([[sympy.Rational(1, 2), 0]]))
    assert cells(half) == ["1/2", "0"]
    assert cells(matrix_html([[Fraction(-3, 4)]])) == ["-3/4"]


def test_zeros_differ_from_other_entries_by_more_than_colour():
    page = matrix_html([[0, 5]])
    zero, five = re.findall(r"<td style=\"([^\"]*)\"", page)
    assert "font-weight:bold" in five and "font-weight:bold" not in zero


def test_data_table_has_real_headers_and_large_text():
    page = data_table_html(
        [["Lo Shu", "yes", "no"], ["Dürer 1514", "yes", "no"]],
        header=["square", "pandiagonal", "most-perfect"],
        caption="kinds",
    )
    assert re.findall(r'<th scope="col"[^>]*>([^<]*)</th>', page) == ["square", "pandiagonal", "most-perfect"]
    assert re.findall(r'<th scope="row"[^>]*>([^<]*)</th>', page) == ["Lo Shu", "Dürer 1514"]
    assert cells(page) == ["yes", "no", "yes", "no"]
    assert min(html_font_sizes(page)) >= TWELVE_PT_PX
    assert "max-width:130px" in page  # long header words wrap instead of widening the table


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: matrix_html([]), ValueError),
        (lambda: matrix_html([[1, 2], [3]]), ValueError),
        (lambda: matrix_html("12"), TypeError),
        (lambda: matrix_html([[1.5]]), ValueError),
        (lambda: matrix_html([[True]]), TypeError),
        (lambda: matrix_html([[1]], row_labels=["a", "b"]), ValueError),
        (lambda: matrix_html([[1]], marks={3: ("x", "#fff")}), ValueError),
        (lambda: matrix_html([[1]], font_px=10), ValueError),
        (lambda: matrix_html(np.zeros((200, 200), dtype=np.int64)), ValueError),
        (lambda: data_table_html([["a", "b"]], header=["only one"]), ValueError),
        (lambda: data_table_html([["a"]], header="a"), TypeError),
        (lambda: data_table_html("ab", header=["a"]), TypeError),
    ],
)
def test_bad_tables_are_refused(call, error):
    with pytest.raises(error):
        call()
