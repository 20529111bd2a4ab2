"""The Siamese walk (the Ukrainian tutorial's variant): the closed form, the traced walk, the player
(the pictures are tested in tests/test_show_walk.py)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magiclib import is_magic, magic_constant, properties
from magiclib.walk import RULES, Step, rule_in_words, siamese, siamese_steps, siamese_walk

# The article's printed 7x7 output (magic sum 175).
ARTICLE_7 = [
    [20, 12, 4, 45, 37, 29, 28],
    [11, 3, 44, 36, 35, 27, 19],
    [2, 43, 42, 34, 26, 18, 10],
    [49, 41, 33, 25, 17, 9, 1],
    [40, 32, 24, 16, 8, 7, 48],
    [31, 23, 15, 14, 6, 47, 39],
    [22, 21, 13, 5, 46, 38, 30],
]

# The article's 3x3 trace: number -> (rules, final cell).
ARTICLE_TRACE_3 = {
    1: ((), (1, 2)),
    2: (("wrap",), (0, 0)),
    3: (("wrap",), (2, 1)),
    4: (("occupied",), (2, 0)),
    5: ((), (1, 1)),
    6: ((), (0, 2)),
    7: (("corner",), (0, 1)),
    8: (("wrap",), (2, 2)),
    9: (("wrap",), (1, 0)),
}

odd_orders = st.integers(min_value=0, max_value=40).map(lambda k: 2 * k + 1)


# ------------------------------------------------------------------ the square


def test_article_7x7_output():
    assert siamese(7).tolist() == ARTICLE_7
    assert siamese_walk(7).tolist() == ARTICLE_7
    assert all(s == 175 for s in siamese(7).sum(axis=0)) and magic_constant(7) == 175


def test_order_one_and_three():
    assert siamese(1).tolist() == [[1]]
    assert siamese_walk(1).tolist() == [[1]]
    assert siamese(3).tolist() == [[2, 7, 6], [9, 5, 1], [4, 3, 8]]


@pytest.mark.parametrize("n", range(1, 53, 2))
def test_closed_form_equals_walk(n):
    fast = siamese(n)
    assert fast.dtype == np.int64 and fast.shape == (n, n)
    assert np.array_equal(fast, siamese_walk(n))


def test_closed_form_is_a_fresh_writable_array():
    a = siamese(9)
    assert a.flags.c_contiguous and a.flags.writeable and a.flags.owndata
    a[0, 0] = 0
    assert int(siamese(9)[0, 0]) != 0


@given(odd_orders)
@settings(max_examples=40, deadline=None)
def test_every_siamese_square_is_normal_magic(n):
    square = siamese(n)
    assert is_magic(square)
    assert "associative" in properties(square) or n == 1
    assert int(square.sum(axis=1)[0]) == magic_constant(n)


@given(odd_orders)
@settings(max_examples=30, deadline=None)
def test_number_one_and_last(n):
    square = siamese(n)
    assert int(square[n // 2, n - 1]) == 1
    assert int(square[n // 2, 0]) == n * n  # associative: opposite to 1 through the centre
    assert int(square[n // 2, n // 2]) == (n * n + 1) // 2


def test_relation_to_de_la_loubere():
    """This variant is the classic one (1 top middle, blocked -> down one) reflected in the anti-diagonal."""

    def loubere(n):
        a = np.zeros((n, n), dtype=np.int64)
        r, c = 0, n // 2
        for k in range(1, n * n + 1):
            a[r, c] = k
            if a[(r - 1) % n, (c + 1) % n]:
                r = (r + 1) % n
            else:
                r, c = (r - 1) % n, (c + 1) % n
        return a

    for n in range(1, 40, 2):
        assert np.array_equal(siamese(n), np.rot90(loubere(n), 2).T), n


# ------------------------------------------------------------------ the traced walk


def test_article_trace_3x3():
    steps = siamese_steps(3)
    assert [s.number for s in steps] == list(range(1, 10))
    for s in steps:
        rules, cell = ARTICLE_TRACE_3[s.number]
        assert s.rules == rules and (s.row, s.col) == cell, s
    assert steps[3].tried == ((1, 2),)  # 4 tried the cell of 1
    assert all(s.tried == () for s in steps if s.number != 4)
    assert steps[6].aim == (-1, 3) and steps[1].aim == (0, 3)
    assert isinstance(steps[0], Step) and steps[0].rules == ()


@pytest.mark.parametrize("n", range(1, 100, 2))
def test_occupied_stays_inside_and_corner_is_occupied_in_disguise(n):
    steps = siamese_steps(n)
    square = siamese(n)
    for s in steps:
        assert set(s.rules) <= set(RULES)
        for r, c in s.tried:  # rule occupied never needs wrapping: the target is inside
            assert 0 <= r + 1 < n and 0 <= c - 2 < n
        if "corner" in s.rules:
            # plain wrapping would give (n-1, 0): it is always taken already ...
            assert int(square[n - 1, 0]) < s.number
            # ... and the occupied rule from there, wrapped, is the corner rule's (0, n-2)
            assert ((n - 1 + 1) % n, (0 - 2) % n) == (s.row, s.col) == (0, n - 2)
    # one repair per block of n numbers, except the first: n-2 "occupied" and one "corner"
    if n > 1:
        assert sum("occupied" in s.rules for s in steps) == n - 2
        assert sum("corner" in s.rules for s in steps) == 1
        assert all(("occupied" in s.rules or "corner" in s.rules) == (s.number % n == 1) for s in steps[1:])


@given(odd_orders)
@settings(max_examples=25, deadline=None)
def test_steps_agree_with_square_and_moves(n):
    steps = siamese_steps(n)
    square = siamese(n)
    assert len(steps) == n * n
    for prev, s in zip(steps, steps[1:], strict=False):
        assert int(square[s.row, s.col]) == s.number
        assert s.aim == (prev.row - 1, prev.col + 1)
        if not s.rules:
            assert (s.row, s.col) == s.aim
        elif s.rules == ("wrap",):
            assert (s.row, s.col) == (s.aim[0] % n, s.aim[1] % n) != s.aim
        else:  # occupied or corner: the net move is one cell to the left
            assert (s.row, s.col) == (prev.row, prev.col - 1)


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("fn", [siamese, siamese_walk, siamese_steps])
@pytest.mark.parametrize("bad", [2, 4, 10])
def test_even_order_points_to_magic(fn, bad):
    with pytest.raises(ValueError, match="positive odd integer") as info:
        fn(bad)
    assert "even" in str(info.value)
    if bad != 2:
        assert f"magiclib.magic({bad})" in str(info.value)


@pytest.mark.parametrize("fn", [siamese, siamese_walk, siamese_steps])
@pytest.mark.parametrize("bad", [0, -1, -7])
def test_zero_and_negative(fn, bad):
    with pytest.raises(ValueError, match="positive odd integer"):
        fn(bad)


@pytest.mark.parametrize("fn", [siamese, siamese_walk, siamese_steps])
@pytest.mark.parametrize("bad", [3.0, 2.5, "5", None, True, [3]])
def test_not_an_integer(fn, bad):
    with pytest.raises(TypeError, match="positive odd integer"):
        fn(bad)


def test_numpy_integer_accepted():
    assert siamese(np.int64(5)).tolist() == siamese(5).tolist()


# ------------------------------------------------------------------ words


def test_rule_in_words_names_each_rule():
    steps = siamese_steps(3)
    words = [rule_in_words(s, 3) for s in steps]
    assert "column 3 wraps to column 0" in words[1]
    assert "row -1 wraps to row 2" in words[2]
    assert "rule occupied" in words[3] and "down one, left two" in words[3]
    assert "plain move" in words[4]
    assert "rule corner" in words[6] and "(0, 1)" in words[6]
    assert all(w.endswith(f"({s.row}, {s.col})") for w, s in zip(words, steps, strict=False))


# ------------------------------------------------------------------ the player widget


def test_player_builds_quietly_and_switches_order(capsys):
    from magiclib.widgets import siamese_player

    player = siamese_player()
    assert capsys.readouterr() == ("", "")
    assert repr(player) == "SiamesePlayer(n=5, frames=26)"
    assert len(player.stack.children) == 26 and player.slider.max == 25
    assert "magiclib-siamese" in player._dom_classes
    assert list(player.order.options) == list(range(3, 16, 2))
    player.slider.value = 7
    player.order.value = 3
    assert repr(player) == "SiamesePlayer(n=3, frames=10)"
    assert player.slider.value == 0 and player.slider.max == 9 and player.play.max == 9
    assert len(player.stack.children) == 10 and player.stack.selected_index == 0
    player.forward.click()
    player.forward.click()
    assert player.slider.value == 2
    player.back.click()
    assert player.slider.value == 1
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("bad,err", [(4, ValueError), (17, ValueError), (1, ValueError), (5.0, TypeError)])
def test_player_bad_order(bad, err):
    from magiclib.widgets import siamese_player

    with pytest.raises(err, match="odd"):
        siamese_player(bad)
