"""magic(n): MATLAB's squares element for element, magic for every order, bad input."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magiclib import (
    SYMMETRY_NAMES,
    famous,
    is_magic,
    line_sums,
    magic_constant,
    properties,
    siamese,
    symmetries,
)
from magiclib.construct import magic, magic_by_loops, order_kind

# MATLAB's documented outputs (help magic, and Moler's "Magic Squares" chapter).
MATLAB = {
    1: [[1]],
    3: [[8, 1, 6], [3, 5, 7], [4, 9, 2]],
    4: [[16, 2, 3, 13], [5, 11, 10, 8], [9, 7, 6, 12], [4, 14, 15, 1]],
    5: [[17, 24, 1, 8, 15], [23, 5, 7, 14, 16], [4, 6, 13, 20, 22], [10, 12, 19, 21, 3], [11, 18, 25, 2, 9]],
    6: [
        [35, 1, 6, 26, 19, 24],
        [3, 32, 7, 21, 23, 25],
        [31, 9, 2, 22, 27, 20],
        [8, 28, 33, 17, 10, 15],
        [30, 5, 34, 12, 14, 16],
        [4, 36, 29, 13, 18, 11],
    ],
}
DURER = [list(row) for row in famous.DURER]
ORDERS = [1] + list(range(3, 201))


@pytest.mark.parametrize("n", sorted(MATLAB))
def test_matches_matlab_exactly(n):
    m = magic(n)
    assert m.dtype == np.int64 and m.shape == (n, n)
    assert m.tolist() == MATLAB[n]


def test_matlab_magic8_first_row():
    assert magic(8)[0].tolist() == [64, 2, 3, 61, 60, 6, 7, 57]


def test_magic_for_every_order_up_to_200():
    bad = [n for n in ORDERS if not is_magic(magic(n))]
    assert bad == []


@pytest.mark.parametrize("n", [1, 3, 4, 5, 6, 7, 8, 10, 12, 14, 18, 21, 22, 26, 30, 31])
def test_readable_loops_agree_with_vectorised(n):
    assert np.array_equal(magic_by_loops(n), magic(n))


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=90).filter(lambda n: n != 2))
def test_every_line_sums_to_the_magic_constant(n):
    m = magic(n)
    sums = line_sums(m)
    assert set(sum(sums.values(), [])) == {magic_constant(n)}
    assert sorted(m.ravel().tolist()) == list(range(1, n * n + 1))


@pytest.mark.parametrize("n", [3, 4, 5, 7, 8, 9, 12, 15, 16, 20, 25])
def test_odd_and_doubly_even_squares_are_associative(n):
    m = magic(n)
    assert "associative" in properties(m)
    assert np.all(m + m[::-1, ::-1] == n * n + 1)


@pytest.mark.parametrize("n", [6, 10, 14, 18, 22])
def test_singly_even_squares_are_not_associative(n):
    # No associative magic square of singly even order exists at all.
    assert "associative" not in properties(magic(n))


def test_order_kinds():
    assert [order_kind(n) for n in (1, 3, 4, 6, 8, 10, 12)] == [
        "odd",
        "odd",
        "doubly even",
        "singly even",
        "doubly even",
        "singly even",
        "doubly even",
    ]


def test_doubly_even_is_row_major_count_with_a_complemented_pattern():
    n = 8
    count = np.arange(1, n * n + 1).reshape(n, n)
    m = magic(n)
    flipped = m != count
    assert np.all(m[flipped] == n * n + 1 - count[flipped])
    # The pattern repeats in 4 x 4 blocks: diagonals of each block are complemented.
    block = flipped[:4, :4]
    assert block.tolist() == [
        [True, False, False, True],
        [False, True, True, False],
        [False, True, True, False],
        [True, False, False, True],
    ]
    assert np.array_equal(flipped, np.tile(block, (2, 2)))


@pytest.mark.parametrize("n", [6, 10, 14, 18])
def test_singly_even_is_four_shifted_odd_squares_with_top_bottom_swaps(n):
    p, k = n // 2, (n - 2) // 4
    q = magic(p)
    blocks = np.block([[q, q + 2 * p * p], [q + 3 * p * p, q + p * p]])
    m = magic(n)
    swapped = m != blocks
    # Every change is an exchange of two cells p rows apart in the same column ...
    assert np.array_equal(m[:p][swapped[:p]], blocks[p:][swapped[:p]])
    assert np.array_equal(swapped[:p], swapped[p:])
    # ... in MATLAB's columns: the first k and the last k-1, except that row k
    # is swapped in columns k instead of column 0.
    expected = np.zeros((p, n), dtype=bool)
    expected[:, list(range(k)) + list(range(n - k + 1, n))] = True
    expected[k, 0], expected[k, k] = False, True
    assert np.array_equal(swapped[:p], expected)


@pytest.mark.parametrize("n", [3, 5, 7, 9, 11, 21])
def test_odd_square_is_the_anti_transpose_of_the_siamese_walk(n):
    images = symmetries(siamese(n))
    found = [SYMMETRY_NAMES[k] for k, img in enumerate(images) if np.array_equal(img, magic(n))]
    assert found == ["anti-transpose"]


def test_durer_is_magic4_with_middle_columns_swapped():
    assert magic(4)[:, [0, 2, 1, 3]].tolist() == DURER
    assert is_magic(DURER)


def test_magic2_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="no normal magic square of order 2"):
        magic(2)
    with pytest.raises(ValueError, match="order 2"):
        magic_by_loops(2)
    with pytest.raises(ValueError, match="order 2"):
        order_kind(2)


@pytest.mark.parametrize("bad", [0, -1, -7])
def test_orders_below_one_are_refused(bad):
    with pytest.raises(ValueError, match=r"positive integer other than 2.*got"):
        magic(bad)


@pytest.mark.parametrize("bad", [3.0, 4.5, "5", None, True, [3]])
def test_non_integers_are_refused(bad):
    with pytest.raises(TypeError, match="n must be a positive integer"):
        magic(bad)


def test_numpy_integers_are_accepted():
    assert magic(np.int64(3)).tolist() == MATLAB[3]
    assert magic(np.uint8(4)).tolist() == MATLAB[4]


def test_large_orders_are_exact():
    for n in (1001, 1002, 1004):
        m = magic(n)
        assert m.dtype == np.int64
        assert set(sum(line_sums(m).values(), [])) == {magic_constant(n)}
        assert int(m.min()) == 1 and int(m.max()) == n * n
