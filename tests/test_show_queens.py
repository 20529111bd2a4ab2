"""Pictures of the n queens (magiclib.show.queens): the HTML board, the frames, matplotlib boards."""

from __future__ import annotations

import pytest

from magiclib import DURER, QUEEN, fundamental_queens, magic, queen_sum
from magiclib.show import (
    MAX_BOARD,
    backtrack_frames,
    draw_queens,
    draw_queens_gallery,
    queens_board_html,
    queens_over_square_html,
)

ARTICLE_SQUARE = [
    [1, 2, 62, 61, 60, 59, 7, 8],
    [9, 10, 54, 53, 52, 51, 15, 16],
    [48, 47, 19, 20, 21, 22, 42, 41],
    [40, 39, 27, 28, 29, 30, 34, 33],
    [32, 31, 35, 36, 37, 38, 26, 25],
    [24, 23, 43, 44, 45, 46, 18, 17],
    [49, 50, 14, 13, 12, 11, 55, 56],
    [57, 58, 6, 5, 4, 3, 63, 64],
]
ARTICLE_HIDDEN = [
    (2, 4, 1, 7, 0, 6, 3, 5),
    (3, 5, 7, 1, 6, 0, 2, 4),
    (4, 2, 0, 6, 1, 7, 5, 3),
    (5, 3, 6, 0, 7, 1, 4, 2),
]


def test_backtrack_frames_are_deterministic_and_capped():
    frames = backtrack_frames(5)
    assert frames == backtrack_frames(5)
    assert "solution 10" in frames[-1] or any("solution 10" in f for f in frames)
    assert len(backtrack_frames(8, max_frames=300)) == 300
    assert "complete: 10 solutions" in frames[-1] and frames[-1].count(QUEEN) == 10 * 5


def test_backtrack_player_reaches_a_solution_and_ends_on_it():
    """A small budget never stops the 8x8 search before its first solution; the last frame shows it."""
    frames = backtrack_frames(8, max_frames=50)
    assert any("solution 1 (0, 4, 7, 5, 2, 6, 1, 3)" in f for f in frames[:-1])
    assert "Found so far: 1 solution on" in frames[-1] and frames[-1].count(QUEEN) == 8
    assert "1 solutions" not in "".join(frames)
    four = backtrack_frames(4)
    assert "complete: 2 solutions" in four[-1] and four[-1].count(QUEEN) == 8
    assert QUEEN in frames[1]


def test_board_html_marks_queens_with_text_not_only_colour():
    html = queens_board_html(4, (1, 3), square=DURER, current=(1, 3), tried=[(1, 0)])
    assert html.count(QUEEN) == 2
    assert "×" in html  # the tried cell
    assert ">3<" in html  # the number under the first queen


def test_draw_queens_on_a_square_and_a_gallery():
    ax = draw_queens(ARTICLE_HIDDEN[0], ARTICLE_SQUARE, title="hidden")
    assert ax.get_title() == "hidden"
    assert sum(t.get_text() == QUEEN for t in ax.texts) == 8
    fig = draw_queens_gallery(fundamental_queens(8), [str(i) for i in range(12)], ncols=6)
    assert len([a for a in fig.axes if a.get_title()]) == 12


def test_queens_over_square_is_the_same_board_with_running_sums():
    page = queens_over_square_html(ARTICLE_SQUARE, ARTICLE_HIDDEN[0], caption="hidden")
    assert page.startswith('<div class="queens-board"><table') and page.count(QUEEN) == 8
    assert f"→ {queen_sum(ARTICLE_SQUARE, ARTICLE_HIDDEN[0])}" in page and "= 260 ✓ hidden" in page
    other = queens_over_square_html(ARTICLE_SQUARE, (0, 4, 7, 5, 2, 6, 1, 3))
    assert "✗ not hidden" in other


@pytest.mark.parametrize("solution", [(-1, 3, 0, 2), (1, 3, 0, 4), (1, 3, 0)])
def test_queens_over_square_refuses_columns_off_the_board(solution):
    with pytest.raises(ValueError, match="must"):
        queens_over_square_html(DURER, solution)


def test_board_limits():
    with pytest.raises(ValueError, match=str(MAX_BOARD)):
        queens_board_html(MAX_BOARD + 1)
    with pytest.raises(ValueError, match="column"):
        queens_board_html(4, (4,))
    with pytest.raises(ValueError, match="2000"):
        backtrack_frames(8, max_frames=10**6)
    with pytest.raises(ValueError, match="12"):
        backtrack_frames(13)


def test_queen_pairs_join_partners_and_sum_each_pair():
    """The four pairs of the article's half-turn-symmetric solution: each adds up to 65, 4 x 65 = 260;
    every text at least 12 pt and apart from the others; a solution with no partners is refused."""
    import itertools

    import matplotlib.pyplot as plt

    from magiclib.show.look import MIN_PT
    from magiclib.show.queens import draw_queen_pairs

    ax = draw_queen_pairs(ARTICLE_SQUARE, ARTICLE_HIDDEN[0], title="four pairs")
    legend = ax.get_legend()
    assert [t.get_text() for t in legend.get_texts()] == [
        "62 + 3 = 65",
        "52 + 13 = 65",
        "47 + 18 = 65",
        "33 + 32 = 65",
    ]
    assert legend.get_title().get_text() == "4 pairs × 65 = 260"
    assert len({(line.get_color(), line.get_linestyle()) for line in ax.lines}) == 4  # never colour alone
    assert len({line.get_linestyle() for line in ax.lines}) == 4
    fig = ax.figure
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    drawn = [ax.title, *ax.texts, *legend.get_texts(), legend.get_title()]
    texts = [t for t in drawn if t.get_text().strip()]
    assert min(t.get_fontsize() for t in texts) >= MIN_PT
    boxes = [t.get_window_extent(renderer) for t in texts]
    assert not [
        (a, b)
        for a, b in itertools.combinations(boxes, 2)
        if a.x0 + 1 < b.x1 - 1 and b.x0 + 1 < a.x1 - 1 and a.y0 + 1 < b.y1 - 1 and b.y0 + 1 < a.y1 - 1
    ]
    plt.close(fig)
    odd = draw_queen_pairs(magic(5), (1, 4, 2, 0, 3)).get_legend()  # the centre queen is its own partner
    assert [t.get_text() for t in odd.get_texts()][-1] == f"centre: {magic(5)[2][2]}"
    assert odd.get_title().get_text() == "all 5 queens: 65"
    plt.close("all")
    with pytest.raises(ValueError, match="half turn"):
        draw_queen_pairs(ARTICLE_SQUARE, (0, 4, 7, 5, 2, 6, 1, 3))
