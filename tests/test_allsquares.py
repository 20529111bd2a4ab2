"""magiclib.allsquares: known counts (OEIS), the article's facts, summand enumeration vs the fast
method, bad input."""

from __future__ import annotations

import itertools
import sys
import types
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magiclib import allsquares as en
from magiclib import (
    count_magic_squares,
    count_semi_magic_squares,
    count_series_partitions,
    famous,
    frenicle_squares,
    is_magic,
    magic_constant,
    magic_series,
    magic_square_array,
    magic_squares,
    orthogonal_partition_pairs,
    properties,
    series_partitions,
    standard_form,
    summand_leaves,
    summand_search_profile,
    summand_squares,
    symmetries,
)

LO_SHU = standard_form(famous.LO_SHU).tolist()  # Frénicle's form of the Lo Shu
DURER = [list(row) for row in famous.DURER]


def as_set(squares) -> set[tuple[int, ...]]:
    return {tuple(int(x) for x in np.asarray(s).ravel()) for s in squares}


# ---------------------------------------------------------------- magic series


def test_series_counts_match_oeis_a052456():
    assert [len(magic_series(n)) for n in range(1, 7)] == [1, 2, 8, 86, 1394, 32134]


def test_order_3_series_are_the_articles_eight():
    assert magic_series(3) == [
        (1, 5, 9),
        (1, 6, 8),
        (2, 4, 9),
        (2, 5, 8),
        (2, 6, 7),
        (3, 4, 8),
        (3, 5, 7),
        (4, 5, 6),
    ]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_series_are_sorted_sets_with_the_magic_sum_and_complete(n):
    series = magic_series(n)
    assert series == sorted(series)
    assert all(list(s) == sorted(set(s)) and len(s) == n and sum(s) == magic_constant(n) for s in series)
    if n <= 4:  # the naive definition, over every n-subset
        naive = [c for c in itertools.combinations(range(1, n * n + 1), n) if sum(c) == magic_constant(n)]
        assert series == naive


def test_series_returns_a_fresh_list():
    magic_series(3).clear()
    assert len(magic_series(3)) == 8


# ---------------------------------------------------------------- partitions into series


def test_partitions_of_order_3_are_the_rows_and_columns_of_lo_shu():
    rows = tuple(sorted(tuple(sorted(r)) for r in LO_SHU))
    cols = tuple(sorted(tuple(sorted(c)) for c in zip(*LO_SHU, strict=False)))
    assert sorted(series_partitions(3)) == sorted([rows, cols])


def test_partition_counts():
    assert [count_series_partitions(n) for n in range(1, 5)] == [1, 1, 2, 392]
    parts = series_partitions(4)
    assert len(parts) == len(set(parts)) == 392
    for p in parts:
        assert sorted(v for s in p for v in s) == list(range(1, 17))


def test_meet_in_the_middle_agrees_with_listing_for_order_4():
    assert en._count_partitions_meet_in_middle(4) == len(series_partitions(4)) == 392


def test_order_5_partition_count():
    # 3,245,664 was also found by the plain exact-cover search (14 s in pure Python).
    assert count_series_partitions(5) == 3_245_664


def test_orthogonal_pairs_times_row_and_column_orders_give_semi_magic_counts():
    assert orthogonal_partition_pairs(3) == 2
    assert orthogonal_partition_pairs(4) == 954
    assert [count_semi_magic_squares(n) for n in range(1, 5)] == [1, 0, 72, 549_504]


# ---------------------------------------------------------------- magic squares


def test_counts_of_magic_squares_oeis_a006052():
    assert [count_magic_squares(n) for n in range(1, 5)] == [1, 0, 8, 7040]
    assert [count_magic_squares(n, up_to_symmetry=True) for n in range(1, 5)] == [1, 0, 1, 880]


def test_brute_force_over_all_9_factorial_squares_agrees_for_order_3():
    flat = np.array(list(itertools.permutations(range(1, 10))), dtype=np.int64).reshape(-1, 3, 3)
    rows = (flat.sum(axis=2) == 15).all(axis=1)
    cols = (flat.sum(axis=1) == 15).all(axis=1)
    diag = (np.trace(flat, axis1=1, axis2=2) == 15) & (np.trace(flat[:, :, ::-1], axis1=1, axis2=2) == 15)
    assert int((rows & cols).sum()) == count_semi_magic_squares(3) == 72
    assert as_set(flat[rows & cols & diag]) == as_set(magic_squares(3))


def test_every_order_4_square_is_magic_distinct_sorted_and_closed_under_symmetry():
    squares = magic_square_array(4)
    assert squares.dtype == np.int64 and squares.shape == (7040, 4, 4)
    keys = [tuple(s.ravel().tolist()) for s in squares]
    assert keys == sorted(keys) and len(set(keys)) == 7040
    assert all(is_magic(s) for s in squares[::97])
    found = set(keys)
    for s in squares[::331]:
        assert all(tuple(img.ravel().tolist()) in found for img in symmetries(s))


def test_magic_squares_iterates_the_same_squares():
    it = magic_squares(4)
    assert iter(it) is it
    assert as_set(it) == as_set(magic_square_array(4))
    assert [s.tolist() for s in magic_squares(1)] == [[[1]]]
    assert list(magic_squares(2)) == []


def test_returned_arrays_are_copies():
    a = magic_square_array(3)
    a[0, 0, 0] = 99
    assert magic_square_array(3)[0, 0, 0] == 2


def test_frenicle_forms_are_the_880_standard_forms():
    forms = frenicle_squares(4)
    assert forms.shape == (880, 4, 4)
    assert as_set(forms) == as_set(standard_form(s) for s in magic_square_array(4))
    assert as_set([standard_form(DURER)]) <= as_set(forms)
    assert frenicle_squares(3).tolist() == [LO_SHU]


def test_the_880_by_property():
    strong = Counter(
        tuple(sorted(properties(s) - {"normal", "semi-magic", "magic"})) for s in frenicle_squares(4)
    )
    assert strong == {(): 784, ("most-perfect", "pandiagonal"): 48, ("associative",): 48}


def test_durer_and_lo_shu_are_found():
    assert as_set([DURER]) <= as_set(magic_squares(4))
    assert as_set([LO_SHU]) <= as_set(magic_squares(3))


def test_center_counts():
    assert [count_magic_squares(3, center=c) for c in range(1, 10)] == [0, 0, 0, 0, 8, 0, 0, 0, 0]
    assert count_magic_squares(3, up_to_symmetry=True, center=5) == 1
    assert count_magic_squares(1, center=1) == 1


# ---------------------------------------------------------------- summand enumeration vs the fast one


def test_article_method_finds_the_same_eight_squares_for_order_3():
    found = list(summand_squares(3))
    assert len(found) == 8 and as_set(found) == as_set(magic_squares(3))
    # each square is reported with its left-right mirror right after it
    for square, mirror in zip(found[::2], found[1::2], strict=False):
        assert np.array_equal(mirror, square[:, ::-1])


def test_article_method_order_1_and_2():
    assert [s.tolist() for s in summand_squares(1)] == [[[1]]]
    assert list(summand_squares(2)) == []


@pytest.mark.parametrize("row,count", [((6, 7, 8, 13), 0), ((16, 3, 2, 13), 20)])
def test_article_method_and_fast_method_agree_on_an_order_4_first_row(row, count):
    summand = list(summand_squares(4, first_row=row))
    fast = magic_square_array(4, first_row=row)
    assert len(summand) == len(fast) == count
    assert as_set(summand) == as_set(fast)
    assert {tuple(s[0].tolist()) for s in fast} == ({row, row[::-1]} if count else set())
    everything = magic_square_array(4)
    firsts = [tuple(s[0].tolist()) for s in everything]
    assert len(fast) == sum(f in (row, row[::-1]) for f in firsts)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(magic_series(3)), st.permutations(range(3)))
def test_article_and_fast_agree_for_any_order_3_first_row(series, order):
    row = tuple(series[i] for i in order)
    assert as_set(summand_squares(3, first_row=row)) == as_set(magic_square_array(3, first_row=row))


def test_search_profile_matches_the_leaf_formula():
    assert summand_search_profile(3) == [1, 24, 216, 1296]
    assert summand_leaves(3) == 1296
    assert summand_leaves(4) == 392 * 24 * 24**4 // 2 == 1_560_674_304
    assert summand_leaves(5) == 3_245_664 * 120 * 120**5 // 2
    # a fixed first row of order 4: partitions holding its set x 3! orders x (4!)^3 rows
    holding = sum((6, 7, 8, 13) in p for p in series_partitions(4))
    assert summand_search_profile(4, first_row=(6, 7, 8, 13))[-1] == holding * 6 * 24**3


def test_half_of_the_first_rows_is_tried():
    # summand enumeration keeps a first row when its first entry is smaller than its last
    assert summand_search_profile(3)[1] == 8 * 6 // 2
    assert summand_search_profile(4, first_row=(13, 8, 7, 6))[1] == 1  # turned to (6, 8, 7, 13)


# ---------------------------------------------------------------- order 5 and beyond


def test_order_5_is_delegated_to_order5(monkeypatch):
    calls = []
    fake = types.ModuleType("magiclib.order5")
    fake.count_order5 = lambda up_to_symmetry=False, center=None: calls.append((up_to_symmetry, center)) or 42
    monkeypatch.setitem(sys.modules, "magiclib.order5", fake)
    assert count_magic_squares(5, up_to_symmetry=True, center=13) == 42
    assert calls == [(True, 13)]


@pytest.mark.parametrize(
    "fn",
    [
        magic_squares,
        magic_square_array,
        frenicle_squares,
        summand_squares,
        series_partitions,
        count_semi_magic_squares,
    ],
)
def test_listing_order_5_is_refused(fn):
    with pytest.raises(ValueError, match="order|n = 5"):
        result = fn(5)
        list(result)


def test_magic_squares_of_order_5_mentions_the_count():
    with pytest.raises(ValueError, match="275,305,224"):
        magic_squares(5)


def test_order_6_and_more_are_refused():
    for n in (6, 7, 10):
        with pytest.raises(ValueError, match="out of reach"):
            count_magic_squares(n)
    with pytest.raises(ValueError, match="957,332"):
        magic_series(7)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("bad", [3.0, "3", None, True, [3]])
def test_bad_order_type(bad):
    for fn in (magic_series, count_magic_squares, magic_squares, count_semi_magic_squares):
        with pytest.raises(TypeError, match="positive integer"):
            fn(bad)


@pytest.mark.parametrize("bad", [0, -1])
def test_bad_order_value(bad):
    for fn in (magic_series, count_magic_squares, magic_square_array, count_series_partitions):
        with pytest.raises(ValueError, match="at least 1|between 1 and"):
            fn(bad)


def test_bad_center():
    with pytest.raises(ValueError, match="no single centre cell"):
        count_magic_squares(4, center=8)
    with pytest.raises(ValueError, match="1..9"):
        count_magic_squares(3, center=10)
    with pytest.raises(TypeError, match="center"):
        count_magic_squares(3, center=5.0)
    with pytest.raises(TypeError, match="up_to_symmetry"):
        count_magic_squares(3, up_to_symmetry="yes")


@pytest.mark.parametrize(
    "row,error",
    [
        ((1, 2, 3), ValueError),
        ((1, 5, 9, 19), ValueError),
        ((1, 2, 15, 15), ValueError),
        ((0, 2, 16, 16), ValueError),
        ("1234", TypeError),
        (5, TypeError),
        ((1.0, 2, 15, 16), TypeError),
    ],
)
def test_bad_first_row(row, error):
    with pytest.raises(error):
        magic_square_array(4, first_row=row)
    with pytest.raises(error):
        list(summand_squares(4, first_row=row))


# ---------------------------------------------------------------- the browsing widget


def test_square_browser_is_silent_and_follows_filter_and_slider(capsys):
    from magiclib.widgets import square_browser

    browser = square_browser()
    assert capsys.readouterr().out == ""
    assert repr(browser) == "SquareBrowser('browser', squares=880, order=4)"
    assert "square 1 of 880" in browser.caption.value and "adds up to 34" in browser.view.value
    first = browser.current
    browser.slider.value = 2
    assert "square 2 of 880" in browser.caption.value
    assert not np.array_equal(browser.current, first)
    browser.filter.value = "pandiagonal"
    assert browser.slider.value == 1 and browser.slider.max == 48
    assert "square 1 of 48" in browser.caption.value and "most-perfect" in browser.view.value
    assert "pandiagonal" in properties(browser.current)
    # every choice offered shows a different list: no property that all 880 share
    choices = [value for _, value in browser.filter.options]
    assert choices == ["all", "pandiagonal", "associative", "most-perfect"]


def test_square_browser_bad_input():
    from magiclib.widgets import square_browser

    with pytest.raises(ValueError, match="at least one"):
        square_browser([])
    with pytest.raises(ValueError, match="same order"):
        square_browser([LO_SHU, DURER])
    with pytest.raises(TypeError):
        square_browser(["abc"])


def test_summand_search_years_is_the_one_home_of_the_order5_estimate():
    from magiclib import summand_search_years

    # 3,245,664 ordered partitions × 120 × 120^5 / 2 squares at 10^9 a second, in Julian years
    assert round(summand_search_years(5), 2) == 153.55
    # at the README's order-4 speed (all of order 4 in 4 minutes) order 5 takes tens of thousands of years
    assert summand_search_years(5, summand_leaves(4) / 240) > 20_000
    for bad in (0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="positive"):
            summand_search_years(5, bad)
    with pytest.raises(TypeError, match="positive number"):
        summand_search_years(5, "fast")
    with pytest.raises(ValueError):
        summand_search_years(6)
