"""The shared look (magiclib.show.look, .board), the kernel-free player and the widget player."""

from __future__ import annotations

import re

import matplotlib.pyplot as plt
import numpy as np
import pytest

from magiclib.show import (
    COLORS,
    HTMLAnimation,
    draw_gallery,
    draw_intervals,
    draw_square,
    draw_stages,
    html_animation,
    html_table,
    square_html,
)
from magiclib.show.player import CONTROLS, frame_label, frame_markup
from magiclib.widgets import FramePlayer, frame_player

LO_SHU = [[4, 9, 2], [3, 5, 7], [8, 1, 6]]


def test_draw_square_writes_every_number_once():
    ax = draw_square(LO_SHU, title="Lo Shu")
    texts = sorted(int(t.get_text()) for t in ax.texts)
    assert texts == list(range(1, 10))
    assert ax.get_title() == "Lo Shu"


def test_draw_square_leaves_blank_cells_empty_and_colours_highlights():
    ax = draw_square([[1, 0], [0, 2]], highlight=[(0, 0)], marks=[(1, 1)])
    assert sorted(t.get_text() for t in ax.texts) == ["1", "2"]
    faces = [p.get_facecolor() for p in ax.patches]
    from matplotlib.colors import to_rgba

    assert faces[0] == to_rgba(COLORS["current"]) and faces[3] == to_rgba(COLORS["mark"])
    assert faces[1] == to_rgba(COLORS["empty"])


def test_draw_square_with_sums_shows_the_magic_constant_eight_times():
    ax = draw_square(LO_SHU, show_sums=True)
    assert [t.get_text() for t in ax.texts].count("15") == 8


def test_draw_gallery_lays_out_small_multiples():
    fig = draw_gallery([LO_SHU] * 5, titles=list("abcde"), ncols=4)
    assert len(fig.axes) == 8
    assert [ax.get_title() for ax in fig.axes[:5]] == list("abcde")
    assert not fig.axes[7].axison
    with pytest.raises(ValueError):
        draw_gallery([])
    plt.close(fig)


def test_draw_stages_reveals_cells_stage_by_stage():
    stages = [("centre", [(1, 1)]), ("corners", [(0, 0), (2, 2)]), ("the rest", [])]
    fig = draw_stages(LO_SHU, stages)
    assert len(fig.axes) == 3 and [ax.get_title() for ax in fig.axes] == ["centre", "corners", "the rest"]
    shown = [sorted(t.get_text() for t in ax.texts if t.get_text()) for ax in fig.axes]
    diagonal = sorted(str(LO_SHU[i][i]) for i in range(3))
    assert shown == [["5"], diagonal, diagonal]  # each panel keeps the cells of the stages before it
    with pytest.raises(TypeError):
        draw_stages(LO_SHU, [("centre",)])
    plt.close(fig)


def test_draw_intervals_marks_a_miss_by_line_style_and_marker_too():
    fig = draw_intervals([(1, 2, 3), (4, 5, 6)], truth=2.5, xlabel="count", title="two runs")
    hit, hit_dot, miss, miss_x, truth = fig.axes[0].lines
    assert hit.get_linestyle() == "-" and miss.get_linestyle() == "--" and miss_x.get_marker() == "X"
    assert hit_dot.get_marker() == "o" and list(truth.get_xdata()) == [2.5, 2.5]
    assert fig.axes[0].get_title() == "two runs"
    with pytest.raises(ValueError):
        draw_intervals([(3, 2, 1)], truth=2)
    with pytest.raises(TypeError):
        draw_intervals([(1, 2)], truth=2)
    plt.close(fig)


def test_square_html_is_deterministic_and_marks_cells_in_text_too():
    page = square_html(LO_SHU, highlight=[(1, 1)], tried=[(0, 0)], caption="a <b>")
    assert page == square_html(LO_SHU, highlight=[(1, 1)], tried=[(0, 0)], caption="a <b>")
    assert page.count("<td") == 9
    assert "<b>5</b>" in page  # the highlight is bold, not only coloured
    assert "dashed" in page  # tried cells have a dashed border, not only a colour
    assert "a &lt;b&gt;" in page  # captions are escaped
    assert re.findall(r">(\d+)</td>", page) == ["4", "9", "2", "3", "7", "8", "1", "6"]


def test_html_table_styles_cells():
    page = html_table([["x", "y"]], styles={(0, 1): "color:red"})
    assert 'color:red">y</td>' in page and page.count("<tr>") == 1


def test_frame_player_links_its_controls_and_clamps_steps():
    player = frame_player(["<i>a</i>", "<i>b</i>", "<i>c</i>"], name="demo")
    assert isinstance(player, FramePlayer) and repr(player) == "FramePlayer('demo', frames=3)"
    assert player.slider.max == player.play.max == 2
    assert [child.value for child in player.stack.children] == [
        frame_markup(i, f) for i, f in enumerate(["<i>a</i>", "<i>b</i>", "<i>c</i>"])
    ]
    player._move(-1)
    assert player.slider.value == 0
    for _ in range(5):
        player._move(+1)
    assert player.slider.value == 2
    assert "magiclib-demo" in player._dom_classes
    with pytest.raises(ValueError):
        frame_player([])


def test_html_animation_is_self_contained_and_deterministic():
    frames = [square_html(np.where(np.array(LO_SHU) <= k, LO_SHU, 0)) for k in range(10)]
    anim = html_animation(frames, name="lo-shu", title="Filling 1..9")
    assert repr(anim) == "HTMLAnimation('lo-shu', frames=10)"
    assert anim.html == html_animation(frames, name="lo-shu", title="Filling 1..9").html
    assert anim.html.count('class="mlanim-frame"') == 10
    assert "http" not in anim.html and "src=" not in anim.html  # nothing to fetch
    assert anim.uid != html_animation(frames[:-1], name="lo-shu").uid


def test_html_animation_saves_a_page(tmp_path):
    path = html_animation(["<p>1</p>", "<p>2</p>"], name="x").save(tmp_path / "a.html")
    text = path.read_text()
    assert text.startswith("<!DOCTYPE html>") and 'data-step="1"' in text


@pytest.mark.parametrize("frames, error", [([], ValueError), ("<p>", TypeError), ([1, 2], TypeError)])
def test_html_animation_refuses_bad_frames(frames, error):
    with pytest.raises(error):
        HTMLAnimation(frames)


def test_both_players_show_identical_frames_and_control_labels():
    frames = [square_html(np.where(np.array(LO_SHU) <= k, LO_SHU, 0)) for k in range(4)]
    anim = html_animation(frames, name="same", label="placed")
    player = frame_player(frames, name="same", label="placed")
    for i, child in enumerate(player.stack.children):
        assert child.value in anim.html.replace('style="display:none"', 'style="display:block"')
        assert child.value == frame_markup(i, frames[i])
    labels = {key: text for key, text, _ in CONTROLS}
    widget_labels = [
        player.first.description,
        player.back.description,
        player.forward.description,
        player.last.description,
    ]
    assert widget_labels == [labels[k] for k in ("first", "back", "forward", "last")]
    assert all(f">{text}</button>" in anim.html for text in labels.values())
    assert player.slider.description == "placed" and frame_label(0, 3, "placed") in anim.html


def test_figures_never_use_text_under_12_points():
    from magiclib.show import MIN_PT, draw_queens, draw_torus_wrap

    for ax in (
        draw_square(np.arange(1, 26 * 26 + 1).reshape(26, 26), show_sums=True),
        draw_torus_wrap(15),
        draw_queens(tuple(range(1, 12, 2)) + tuple(range(0, 12, 2))),
    ):
        assert min(t.get_fontsize() for t in ax.texts) >= MIN_PT
        plt.close(ax.figure)


def _contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        r, g, b = (int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4))
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_contrast_calculation_matches_known_values():
    assert round(_contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(_contrast("#777777", "#ffffff"), 2) == 4.48  # the classic just-fails grey


def test_palette_meets_wcag_aa_for_text():
    from magiclib.show.look import COLORS

    # colours used for text on white, or under white text (queens, verdicts, line sums)
    for role in ("grid", "mark", "good", "bad", "accent", "muted"):
        assert _contrast(COLORS[role], "#ffffff") >= 4.5, role
    # fills that carry dark text
    for role in ("cell", "empty", "current", "tried", "free"):
        assert _contrast(COLORS[role], COLORS["grid"]) >= 4.5, role
