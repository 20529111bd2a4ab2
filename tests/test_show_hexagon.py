"""Pictures of the magic hexagon (magiclib.show.hexagon): matplotlib and SVG from one geometry."""

from __future__ import annotations

import pytest

from magiclib import hexagon
from magiclib.show import draw_hexagon, hexagon_svg, hexagon_verdict_html


def test_draw_marks_free_cells_and_sums():
    ax = draw_hexagon(
        hexagon.MAGIC_HEXAGON,
        highlight=hexagon.free_variables(),
        show_sums=True,
        lines_shown=[0, 5, 10],
        title="Adams",
        cell_names=True,
    )
    texts = [t.get_text() for t in ax.texts]
    sums = [t for t in texts if "38" in t.split()]
    assert len(sums) == 15  # 15 line sums, each with an arrow pointing at its line
    assert all(any(arrow in t for arrow in "←↗↘") for t in sums)
    assert "x10" in texts and ax.get_title() == "Adams"
    assert len(ax.patches) == 19 and len(ax.lines) == 3


def test_draw_names_and_bad_input():
    ax = draw_hexagon()
    assert {t.get_text() for t in ax.texts} == {f"x{k}" for k in range(1, 20)}
    with pytest.raises(ValueError, match="show_sums"):
        draw_hexagon(show_sums=True)
    with pytest.raises(ValueError, match="cell"):
        draw_hexagon(highlight=[0])
    with pytest.raises(ValueError, match="line index"):
        draw_hexagon(hexagon.MAGIC_HEXAGON, lines_shown=[15])


def test_svg_and_figure_put_the_cells_at_the_same_centres():
    import re

    from magiclib.show.hexagon import _UNIT

    svg = hexagon_svg(hexagon.MAGIC_HEXAGON)
    ax = draw_hexagon(hexagon.MAGIC_HEXAGON)
    fig_xy = {t.get_text(): t.get_position() for t in ax.texts}
    svg_xy = {
        int(k): (float(x), float(y))
        for x, y, k in re.findall(
            r'<text x="([-\d.]+)" y="([-\d.]+)"[^>]*class="cell" data-cell="(\d+)"', svg
        )
    }
    assert len(svg_xy) == 19
    # same centres up to one scale and a flip of y: compare the vectors from cell 10 (the centre)
    (x10, y10), (f10x, f10y) = svg_xy[10], fig_xy[str(hexagon.MAGIC_HEXAGON[9])]
    for k, v in enumerate(hexagon.MAGIC_HEXAGON, start=1):
        fx, fy = fig_xy[str(v)]
        sx, sy = svg_xy[k]
        assert abs((sx - x10) / _UNIT - (fx - f10x)) < 1e-6
        assert abs(-(sy - y10) / _UNIT - (fy - f10y)) < 0.1


def test_verdict_says_why_in_words():
    assert "A magic hexagon" in hexagon_verdict_html(hexagon.MAGIC_HEXAGON)
    assert "repeated value" in hexagon_verdict_html((1,) * 19)
