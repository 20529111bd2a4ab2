"""Cells sorted into classes (magiclib.show.cells): parity classes, wrapped 2x2 blocks, the walk's blocks."""

from __future__ import annotations

import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from magiclib.show.cells import draw_parity_classes, draw_walk_blocks, draw_wrapped_blocks  # noqa: E402
from magiclib.walk import siamese  # noqa: E402

MOST_PERFECT = [[1, 8, 13, 12], [14, 11, 2, 7], [4, 5, 16, 9], [15, 10, 3, 6]]


def test_parity_labels_every_cell_by_row_and_column():
    ax = draw_parity_classes(6, diagonal=2)
    labels = [t.get_text() for t in ax.texts]
    assert labels == [f"{r % 2}{c % 2}" for r in range(6) for c in range(6)]
    assert len(ax.patches) == 36 + 6  # the cells, and a ring on each cell of the diagonal


def test_wrapped_blocks_write_each_sum_and_letter():
    ax = draw_wrapped_blocks(MOST_PERFECT, [(0, 0), (0, 1), (3, 3)])
    texts = [t.get_text() for t in ax.texts]
    assert texts[-3:] == ["A: 1 + 8 + 14 + 11 = 34", "B: 8 + 13 + 11 + 2 = 34", "C: 6 + 15 + 12 + 1 = 34"]
    assert texts.count("A/B") == 2 and "A/C" in texts and texts.count("C") == 3


def test_wrapped_blocks_refuse_bad_corners():
    with pytest.raises(ValueError):
        draw_wrapped_blocks(MOST_PERFECT, [])
    with pytest.raises(ValueError):
        draw_wrapped_blocks(MOST_PERFECT, [(4, 0)])


def test_walk_blocks_label_each_number_with_its_block():
    n = 5
    ax = draw_walk_blocks(n)
    texts = [t.get_text() for t in ax.texts]
    cells, edges = texts[: 2 * n * n], texts[2 * n * n :]
    numbers, labels = [int(t) for t in cells[0::2]], cells[1::2]
    assert numbers == siamese(n).ravel().tolist()
    assert labels == [f"q={(x - 1) // n}" for x in numbers]
    # every row's r on its left and every column's c above it, so the text's (r, c) can be found
    assert edges == [str(k) for k in range(n) for _side in "rc"]


def test_walk_blocks_need_an_odd_order():
    with pytest.raises(ValueError):
        draw_walk_blocks(4)
