"""Tests for magiclib.nqueens: known counts, the article's hidden solutions, symmetry, bad input."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from readable import list_scan_count, queens_by_permutations

from magiclib import SYMMETRY_NAMES, famous, is_magic, magic_constant, symmetries
from magiclib.famous import CHALLENGE_8
from magiclib.nqueens import (
    attacks,
    backtrack_stats,
    backtrack_steps,
    count_queens,
    fundamental_queens,
    hidden_queens,
    is_safe,
    queen_cells,
    queen_sum,
    queen_symmetries,
    queens,
)

# OEIS A000170 (all solutions) and A002562 (classes under the 8 symmetries).
ALL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200]
FUNDAMENTAL = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92]

# The article's 8 x 8 square (magic constant 260) and the 4 solutions it hides.
ARTICLE_SQUARE = [list(row) for row in CHALLENGE_8]
ARTICLE_HIDDEN = [
    (2, 4, 1, 7, 0, 6, 3, 5),
    (3, 5, 7, 1, 6, 0, 2, 4),
    (4, 2, 0, 6, 1, 7, 5, 3),
    (5, 3, 6, 0, 7, 1, 4, 2),
]
DURER = [list(row) for row in famous.DURER]


brute_force = queens_by_permutations


# ------------------------------------------------------------------ counts


@pytest.mark.parametrize("n, expected", list(enumerate(ALL, start=1)))
def test_count_queens_matches_oeis(n, expected):
    assert count_queens(n) == expected


@pytest.mark.parametrize("n, expected", list(enumerate(ALL[:10], start=1)))
def test_queens_lists_the_known_number_of_solutions(n, expected):
    assert len(queens(n)) == expected


def test_count_queens_beyond_the_listed_range():
    assert count_queens(13) == 73712


@pytest.mark.parametrize("n", range(1, 9))
def test_queens_equals_brute_force_over_permutations(n):
    assert queens(n) == brute_force(n)  # same set, and both in lexicographic order


@pytest.mark.parametrize("n", range(1, 10))
def test_fast_count_equals_list_scan_search(n):
    assert count_queens(n) == list_scan_count(n) == len(queens(n))


def test_first_8_queens_solution_and_order():
    sols = queens(8)
    assert sols[0] == (0, 4, 7, 5, 2, 6, 1, 3)
    assert sols == sorted(sols)
    assert len(set(sols)) == 92


def test_solutions_are_valid():
    for s in queens(8):
        cells = queen_cells(s)
        assert not any(attacks(a, b) for a, b in itertools.combinations(cells, 2))


# ------------------------------------------------------------------ the article's attack tests


def test_attacks_uses_row_minus_col_and_row_plus_col():
    assert attacks((6, 5), (4, 7))  # 6 + 5 == 4 + 7: same ascending diagonal
    assert not attacks((6, 5), (4, 6))
    assert attacks((2, 3), (5, 6))  # 2 - 3 == 5 - 6: same descending diagonal
    assert attacks((1, 4), (6, 4))  # same column
    assert attacks((3, 0), (3, 7))  # same row
    assert not attacks((0, 0), (0, 0))


def test_is_safe_checks_every_queen_above():
    assert is_safe((), 3)
    assert not is_safe((0, 4), 4)  # column
    assert not is_safe((0, 4), 3)  # ascending diagonal of (1, 4)
    assert not is_safe((0, 4), 2)  # descending diagonal of (0, 0)
    assert is_safe((0, 4), 7)


# ------------------------------------------------------------------ symmetry


@pytest.mark.parametrize("n, expected", list(enumerate(FUNDAMENTAL, start=1)))
def test_fundamental_counts(n, expected):
    assert len(fundamental_queens(n)) == expected


def test_92_is_not_12_times_8():
    classes = [set(queen_symmetries(s)) for s in fundamental_queens(8)]
    sizes = sorted(len(c) for c in classes)
    assert sizes == [4] + [8] * 11
    assert sum(sizes) == 92
    assert set().union(*classes) == set(queens(8))
    (odd,) = [c for c in classes if len(c) == 4]
    s = min(odd)
    assert queen_symmetries(s)[SYMMETRY_NAMES.index("rotate 180°")] == s


def test_queen_symmetries_agree_with_square_symmetries():
    s = (0, 4, 7, 5, 2, 6, 1, 3)
    board = np.zeros((8, 8), dtype=np.int64)
    board[np.arange(8), s] = 1
    for image, img_board in zip(queen_symmetries(s), symmetries(board), strict=False):
        assert image in set(queens(8))
        assert [int(np.argmax(row)) for row in img_board] == list(image)


def test_fundamental_representatives_are_first_in_their_class():
    for s in fundamental_queens(8):
        assert s == min(queen_symmetries(s))


# ------------------------------------------------------------------ hidden queens


def test_article_square_is_magic_with_constant_260():
    assert is_magic(ARTICLE_SQUARE)
    assert magic_constant(8) == 260


def test_article_square_hides_exactly_four():
    assert hidden_queens(ARTICLE_SQUARE) == ARTICLE_HIDDEN
    for s in ARTICLE_HIDDEN:
        assert queen_sum(ARTICLE_SQUARE, s) == 260


def test_article_hidden_solutions_form_two_mirror_pairs():
    flipped = {s: queen_symmetries(s)[SYMMETRY_NAMES.index("flip left-right")] for s in ARTICLE_HIDDEN}
    assert flipped[ARTICLE_HIDDEN[0]] == ARTICLE_HIDDEN[3]
    assert flipped[ARTICLE_HIDDEN[1]] == ARTICLE_HIDDEN[2]


def test_hidden_queens_explicit_target_and_general_matrices():
    sums = {s: queen_sum(ARTICLE_SQUARE, s) for s in queens(8)}
    some = sums[(0, 4, 7, 5, 2, 6, 1, 3)]
    assert hidden_queens(ARTICLE_SQUARE, target=some) == [s for s in queens(8) if sums[s] == some]
    assert hidden_queens(np.ones((8, 8), dtype=np.int64)) == queens(8)
    assert hidden_queens([[7]]) == [(0,)]
    assert hidden_queens([[1, 2], [3, 4]]) == []
    # total 37 is not a multiple of 4: no integer "magic constant"
    odd = np.arange(16).reshape(4, 4)
    odd[0, 0] = 1
    assert hidden_queens(odd) == []


def test_hidden_queens_durer_both_or_neither():
    assert hidden_queens(DURER) == [(1, 3, 0, 2), (2, 0, 3, 1)]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=16, max_size=16))
def test_hidden_queens_matches_direct_sums(values):
    a = np.array(values, dtype=np.int64).reshape(4, 4)
    total = int(a.sum())
    expected = [s for s in queens(4) if total % 4 == 0 and queen_sum(a, s) == total // 4]
    assert hidden_queens(a) == expected


@settings(max_examples=30, deadline=None)
@given(st.permutations(range(1, 17)))
def test_4x4_semi_magic_or_not_the_two_solutions_sum_to_twice_minus_diagonals(perm):
    a = np.array(perm, dtype=np.int64).reshape(4, 4)
    diagonals = int(np.trace(a) + np.trace(a[:, ::-1]))
    assert queen_sum(a, (1, 3, 0, 2)) + queen_sum(a, (2, 0, 3, 1)) == int(a.sum()) - diagonals


def test_hidden_queens_no_overflow_with_huge_entries():
    big = 2**62
    a = np.full((4, 4), big, dtype=np.int64)
    assert hidden_queens(a) == queens(4)


# ------------------------------------------------------------------ the search, step by step


def test_backtrack_steps_find_the_solutions_in_order():
    for n in range(1, 8):
        found = [s.queens for s in backtrack_steps(n) if s.action == "solution"]
        assert found == queens(n)


def test_backtrack_steps_balance_place_and_remove():
    steps = list(backtrack_steps(6))
    placed = sum(s.action in ("place", "solution") for s in steps)
    removed = sum(s.action == "remove" for s in steps)
    assert placed == removed
    assert steps[-1].action in ("remove", "dead end")


def test_backtrack_stats_small_boards():
    assert backtrack_stats(4) == {"nodes": 16, "attacked": 44, "dead_ends": 4, "solutions": 2}
    stats = backtrack_stats(8)
    assert stats["solutions"] == 92
    assert stats["nodes"] == 2056


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("bad", [3.0, "8", None, True, [8]])
def test_bad_n_is_a_type_error(bad):
    for fn in (queens, count_queens, fundamental_queens):
        with pytest.raises(TypeError, match="n must be"):
            fn(bad)


@pytest.mark.parametrize(
    "fn, bad", [(queens, 0), (queens, 13), (count_queens, -1), (count_queens, 17), (fundamental_queens, 13)]
)
def test_out_of_range_n_is_a_value_error(fn, bad):
    with pytest.raises(ValueError, match=f"got {bad}"):
        fn(bad)


def test_queens_too_large_suggests_count_queens():
    with pytest.raises(ValueError, match="count_queens"):
        queens(13)


def test_hidden_queens_bad_squares():
    with pytest.raises(ValueError, match="square"):
        hidden_queens([[1, 2, 3], [4, 5, 6]])
    with pytest.raises(TypeError, match="integers"):
        hidden_queens([[1.5, 2], [3, 4]])
    with pytest.raises(ValueError, match="ragged"):
        hidden_queens([[1, 2], [3]])
    with pytest.raises(ValueError, match="got 13"):
        hidden_queens(np.ones((13, 13), dtype=np.int64))
    with pytest.raises(TypeError, match="target"):
        hidden_queens(ARTICLE_SQUARE, target=260.0)


def test_bad_solutions():
    with pytest.raises(ValueError, match="must match"):
        queen_sum(ARTICLE_SQUARE, (1, 3, 0, 2))
    with pytest.raises(ValueError, match="column"):
        queen_cells((0, 4))
    with pytest.raises(TypeError, match="sequence"):
        queen_cells("0123")
    with pytest.raises(ValueError, match="permutation"):
        queen_symmetries((0, 0, 0))


# ------------------------------------------------------------------ widgets (no browser)


def test_queens_over_square_widget_switches_to_hidden():
    from magiclib.widgets import queens_over_square

    w = queens_over_square(ARTICLE_SQUARE)
    assert repr(w) == "QueensOverSquare(n=8, solutions=92, hidden=4)"
    assert "not hidden" in w.frame.value and "solution 1 of 92" in w.frame.value
    w.which.value = "hidden 4"
    assert w.slider.max == 4 and w.play.max == 4
    w.slider.value = 4
    assert "260 ✓ hidden" in w.frame.value and str(ARTICLE_HIDDEN[3]) in w.frame.value
    # the running sum column ends with the queens' total
    assert f"→ {queen_sum(ARTICLE_SQUARE, ARTICLE_HIDDEN[3])}" in w.frame.value


def test_backtrack_player_resizes_and_caps_frames():
    from magiclib.show import backtrack_frames
    from magiclib.widgets import backtrack_player

    p = backtrack_player(4)
    assert repr(p) == f"BacktrackPlayer(n=4, frames={len(backtrack_frames(4))})"
    p.size.value = 8
    assert repr(p) == "BacktrackPlayer(n=8, frames=300)"
    assert p.children[1] is p.player and p.player.slider.max == 299
    with pytest.raises(ValueError, match="between 4 and 8"):
        backtrack_player(9)
