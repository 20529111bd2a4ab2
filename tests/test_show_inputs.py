"""Hostile input for every public picture function and widget factory.

Each call may return normally or raise TypeError/ValueError whose message says what
is accepted; nothing else (no AttributeError, TraitError, MemoryError, hang) is allowed.
"""

from __future__ import annotations

import time
import warnings

import matplotlib
import matplotlib.pyplot as plt
import numpy as np
import pytest

from magiclib import show, widgets

matplotlib.use("Agg")

BAD = [
    None,
    "5",
    "",
    3.5,
    3.0,
    float("nan"),
    float("inf"),
    True,
    False,
    -1,
    0,
    10**6,
    10**30,
    [[1, 2], [3]],
    [],
    [[]],
    np.zeros((2, 2, 2), dtype=np.int64),
    np.full((3, 3), np.nan),
    np.ma.masked_array([[2, 7, 6], [9, 5, 1], [4, 3, 8]], mask=[[1, 0, 0]] * 3),
    {"a": 1},
    object(),
    b"xyz",
    [[1.5, 2.0], [3.0, 4.0]],
    [None, None],
]
WORDS = ("must", "accepted", "needs", "give", "at most", "at least", "between", "empty")

LO_SHU = [[2, 7, 6], [9, 5, 1], [4, 3, 8]]


def _gif(x):
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        return show.save_siamese_gif(x, Path(tmp) / "w.gif")


# (name, call with the hostile value in one position)
CALLS = {
    "draw_square": lambda x: show.draw_square(x),
    "draw_square.highlight": lambda x: show.draw_square(LO_SHU, highlight=x),
    "draw_square.fontsize": lambda x: show.draw_square(LO_SHU, fontsize=x),
    "draw_square.title": lambda x: show.draw_square(LO_SHU, title=x),
    "draw_square.blank": lambda x: show.draw_square(LO_SHU, blank=x),
    "draw_gallery": lambda x: show.draw_gallery(x),
    "draw_gallery.titles": lambda x: show.draw_gallery([LO_SHU], titles=x),
    "draw_gallery.ncols": lambda x: show.draw_gallery([LO_SHU], ncols=x),
    "draw_stages": lambda x: show.draw_stages(x, [("a", [(0, 0)])]),
    "draw_stages.stages": lambda x: show.draw_stages(LO_SHU, x),
    "draw_intervals": lambda x: show.draw_intervals(x, 1.0),
    "draw_intervals.truth": lambda x: show.draw_intervals([(0, 1, 2)], x),
    "small_multiples": lambda x: show.small_multiples(x),
    "small_multiples.size": lambda x: show.small_multiples(2, size=x),
    "square_html": lambda x: show.square_html(x),
    "square_html.tried": lambda x: show.square_html(LO_SHU, tried=x),
    "square_html.cell_px": lambda x: show.square_html(LO_SHU, cell_px=x),
    "html_table": lambda x: show.html_table(x),
    "html_table.styles": lambda x: show.html_table([["1"]], styles=x),
    "matrix_html": lambda x: show.matrix_html(x),
    "matrix_html.row_labels": lambda x: show.matrix_html([[1, 0]], row_labels=x),
    "matrix_html.marks": lambda x: show.matrix_html([[1, 0]], marks=x),
    "matrix_html.font_px": lambda x: show.matrix_html([[1, 0]], font_px=x),
    "data_table_html": lambda x: show.data_table_html(x, header=["a", "b"]),
    "data_table_html.header": lambda x: show.data_table_html([["1", "2"]], header=x),
    "needs_python": lambda x: widgets.NeedsPython(x),
    "html_animation": lambda x: show.html_animation(x),
    "html_animation.interval_ms": lambda x: show.html_animation(["<b>1</b>"], interval_ms=x),
    "html_animation.title": lambda x: show.html_animation(["<b>1</b>"], title=x),
    "siamese_frames": lambda x: show.siamese_frames(x),
    "siamese_frames.cell_px": lambda x: show.siamese_frames(3, cell_px=x),
    "siamese_animation": lambda x: show.siamese_animation(x),
    "save_siamese_gif": _gif,
    "draw_torus_wrap": lambda x: show.draw_torus_wrap(x),
    "draw_torus_wrap.numbers": lambda x: show.draw_torus_wrap(3, numbers=x),
    "draw_queens": lambda x: show.draw_queens(x),
    "draw_queens.square": lambda x: show.draw_queens((1, 3, 0, 2), x),
    "draw_queens_gallery": lambda x: show.draw_queens_gallery(x),
    "queens_board_html": lambda x: show.queens_board_html(x),
    "queens_board_html.placed": lambda x: show.queens_board_html(4, x),
    "queens_board_html.current": lambda x: show.queens_board_html(4, (1,), current=x),
    "queens_over_square_html": lambda x: show.queens_over_square_html(x, (1, 3, 0, 2)),
    "queens_over_square_html.solution": lambda x: show.queens_over_square_html(
        [[16, 3, 2, 13], [5, 10, 11, 8], [9, 6, 7, 12], [4, 15, 14, 1]], x
    ),
    "backtrack_frames": lambda x: show.backtrack_frames(x),
    "backtrack_frames.max_frames": lambda x: show.backtrack_frames(4, max_frames=x),
    "draw_hexagon": lambda x: show.draw_hexagon(x),
    "draw_hexagon.highlight": lambda x: show.draw_hexagon(highlight=x),
    "draw_hexagon.lines_shown": lambda x: show.draw_hexagon(lines_shown=x),
    "hexagon_svg": lambda x: show.hexagon_svg(x),
    "hexagon_svg.total": lambda x: show.hexagon_svg(None, x),
    "hexagon_verdict_html": lambda x: show.hexagon_verdict_html(x),
    "siamese_player": lambda x: widgets.siamese_player(x),
    "siamese_player.interval_ms": lambda x: widgets.siamese_player(3, interval_ms=x),
    "square_browser": lambda x: widgets.square_browser(x),
    "square_browser.cell_px": lambda x: widgets.square_browser([LO_SHU], cell_px=x),
    "queens_over_square": lambda x: widgets.queens_over_square(x),
    "queens_over_square.cell_px": lambda x: widgets.queens_over_square(
        [[16, 3, 2, 13], [5, 10, 11, 8], [9, 6, 7, 12], [4, 15, 14, 1]], cell_px=x
    ),
    "backtrack_player": lambda x: widgets.backtrack_player(x),
    "backtrack_player.max_frames": lambda x: widgets.backtrack_player(4, max_frames=x),
    "hexagon_filler": lambda x: widgets.hexagon_filler(x),
    "hexagon_filler.total": lambda x: widgets.hexagon_filler(total=x),
    "count_progress": lambda x: widgets.count_progress(x),
    "frame_player": lambda x: widgets.frame_player(x),
    "frame_player.interval_ms": lambda x: widgets.frame_player(["<b>1</b>"], interval_ms=x),
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_hostile_values_are_accepted_or_refused_clearly(name):
    call = CALLS[name]
    for value in BAD:
        start = time.perf_counter()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                call(value)
        except (TypeError, ValueError) as exc:
            message = str(exc)
            assert any(w in message for w in WORDS), f"{name}({value!r}): unclear message {message!r}"
        finally:
            plt.close("all")
        assert time.perf_counter() - start < 5, f"{name}({value!r}) took too long"


def test_hexagon_filler_refuses_a_fractional_total():
    from fractions import Fraction

    with pytest.raises(TypeError, match="integer"):
        widgets.hexagon_filler(total=Fraction(1, 2))


def test_huge_orders_are_refused_before_allocating():
    for call in (
        lambda: show.siamese_animation(301),
        lambda: show.siamese_frames(10**6 + 1),
        lambda: show.backtrack_frames(10**6),
        lambda: show.draw_square(np.zeros((10**4, 10**4), np.int64)),
        lambda: show.draw_gallery([LO_SHU] * 10**4),
    ):
        with pytest.raises(ValueError, match="at most|between"):
            call()
