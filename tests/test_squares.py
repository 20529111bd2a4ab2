"""magiclib.squares and magiclib._check: known answers, a naive cross-check, bad input, properties."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magiclib import (
    PROPERTY_NAMES,
    SYMMETRY_NAMES,
    famous,
    is_magic,
    line_sums,
    magic_constant,
    properties,
    standard_form,
    symmetries,
)

LO_SHU = [list(row) for row in famous.LO_SHU]
DURER = [list(row) for row in famous.DURER]
MOST_PERFECT_4 = [[1, 8, 13, 12], [14, 11, 2, 7], [4, 5, 16, 9], [15, 10, 3, 6]]
SEMI_MAGIC_3 = [[1, 5, 9], [6, 7, 2], [8, 3, 4]]


# ---------------------------------------------------------------- a naive reference


def naive_properties(a) -> frozenset[str]:
    """The definitions written out with loops over Python ints, to cross-check ``properties``."""
    a = [[int(x) for x in row] for row in a]
    n = len(a)
    found = set()
    if sorted(x for row in a for x in row) == list(range(1, n * n + 1)):
        found.add("normal")
    s = sum(a[0])
    rows = all(sum(row) == s for row in a)
    cols = all(sum(a[i][j] for i in range(n)) == s for j in range(n))
    if not (rows and cols):
        return frozenset(found)
    found.add("semi-magic")
    if sum(a[i][i] for i in range(n)) != s or sum(a[i][n - 1 - i] for i in range(n)) != s:
        return frozenset(found)
    found.add("magic")
    if all(
        sum(a[i][(i + k) % n] for i in range(n)) == s and sum(a[i][(k - i) % n] for i in range(n)) == s
        for k in range(n)
    ):
        found.add("pandiagonal")
    if 2 * s % n == 0 and all(
        a[i][j] + a[n - 1 - i][n - 1 - j] == 2 * s // n for i in range(n) for j in range(n)
    ):
        found.add("associative")
    if {"normal", "pandiagonal"} <= found and n % 4 == 0:
        h = n // 2
        blocks = all(
            a[i][j] + a[(i + 1) % n][j] + a[i][(j + 1) % n] + a[(i + 1) % n][(j + 1) % n] == 2 * (n * n + 1)
            for i in range(n)
            for j in range(n)
        )
        pairs = all(a[i][j] + a[(i + h) % n][(j + h) % n] == n * n + 1 for i in range(n) for j in range(n))
        if blocks and pairs:
            found.add("most-perfect")
    return frozenset(found)


def all_3x3_magic_squares() -> list[np.ndarray]:
    """Every normal 3x3 magic square, by brute force over the 9! arrangements."""
    perms = np.array(list(itertools.permutations(range(1, 10))), dtype=np.int64).reshape(-1, 3, 3)
    ok = np.ones(len(perms), dtype=bool)
    for k in range(3):
        ok &= perms[:, k, :].sum(axis=1) == 15
        ok &= perms[:, :, k].sum(axis=1) == 15
    ok &= np.trace(perms, axis1=1, axis2=2) == 15
    ok &= perms[:, [0, 1, 2], [2, 1, 0]].sum(axis=1) == 15
    return list(perms[ok])


# ---------------------------------------------------------------- known answers


def test_magic_constant_matches_oeis_a006003():
    assert [magic_constant(n) for n in range(1, 11)] == [1, 5, 15, 34, 65, 111, 175, 260, 369, 505]


def test_magic_constant_is_exact_for_huge_orders():
    n = 10**7
    assert magic_constant(n) == n * (n * n + 1) // 2 == 500000000000005000000
    assert isinstance(magic_constant(np.int64(4)), int)


@pytest.mark.parametrize(
    "square, expected",
    [
        (LO_SHU, {"normal", "semi-magic", "magic", "associative"}),
        (DURER, {"normal", "semi-magic", "magic", "associative"}),
        (MOST_PERFECT_4, {"normal", "semi-magic", "magic", "pandiagonal", "most-perfect"}),
        (SEMI_MAGIC_3, {"normal", "semi-magic"}),
        ([[1, 2], [3, 4]], {"normal"}),
        ([[1]], {"normal", "semi-magic", "magic", "pandiagonal", "associative"}),
        ([[7, 7], [7, 7]], {"semi-magic", "magic", "pandiagonal", "associative"}),
        ([[0, 0, 0], [0, 0, 0], [0, 0, 1]], set()),
    ],
)
def test_properties_of_known_squares(square, expected):
    assert properties(square) == frozenset(expected)
    assert properties(np.array(square)) == frozenset(expected)
    assert naive_properties(square) == frozenset(expected)


def test_pandiagonal_5x5_is_not_associative_but_lo_shu_is():
    i, j = np.indices((5, 5))
    pan = 5 * ((i + 2 * j) % 5) + (2 * i + j) % 5 + 1  # a classical pandiagonal 5x5
    assert {"normal", "magic", "pandiagonal"} <= properties(pan)
    assert "most-perfect" not in properties(pan)  # only doubly even orders can be


def test_is_magic_means_normal_and_magic():
    assert is_magic(LO_SHU) and is_magic(DURER) and is_magic([[1]])
    assert not is_magic(SEMI_MAGIC_3)
    assert not is_magic([[7, 7], [7, 7]])  # magic, but not normal
    assert not is_magic([[1, 2], [3, 4]])


def test_line_sums_of_lo_shu():
    sums = line_sums(LO_SHU)
    assert sums == {"rows": [15, 15, 15], "columns": [15, 15, 15], "diagonal": [15], "anti-diagonal": [15]}
    assert all(type(x) is int for v in sums.values() for x in v)


def test_no_overflow_with_huge_entries():
    big = 2**62
    assert line_sums([[big, big], [big, big]])["rows"] == [2**63, 2**63]
    assert "magic" in properties([[big, big], [big, big]])
    assert "semi-magic" not in properties([[big, big], [big, big + 1]])


def test_no_overflow_for_large_orders():
    n = 3000
    a = np.arange(1, n * n + 1, dtype=np.int64).reshape(n, n)
    assert line_sums(a)["rows"][-1] == sum(range(n * n - n + 1, n * n + 1))
    assert properties(a) == {"normal"}


# ---------------------------------------------------------------- symmetries and standard form


def test_the_eight_symmetries_of_lo_shu_are_all_3x3_magic_squares():
    images = symmetries(LO_SHU)
    assert len(images) == len(SYMMETRY_NAMES) == 8
    assert images[0].tolist() == LO_SHU
    as_set = {tuple(img.ravel()) for img in images}
    brute = {tuple(sq.ravel()) for sq in all_3x3_magic_squares()}
    assert len(as_set) == 8 and as_set == brute


def test_symmetries_form_a_group():
    a = np.arange(16).reshape(4, 4)
    images = {tuple(img.ravel()) for img in symmetries(a)}
    for img in symmetries(a):
        assert {tuple(x.ravel()) for x in symmetries(img)} == images


def test_standard_form_of_lo_shu_and_durer():
    assert standard_form(LO_SHU).tolist() == [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
    form = standard_form(DURER)
    assert form[0, 0] == 1 and form[0, 1] < form[1, 0]


magic_examples = st.sampled_from(
    [
        LO_SHU,
        DURER,
        MOST_PERFECT_4,
        SEMI_MAGIC_3,
        [[1]],
        (
            5 * ((np.indices((5, 5))[0] + 2 * np.indices((5, 5))[1]) % 5)
            + (2 * np.indices((5, 5))[0] + np.indices((5, 5))[1]) % 5
            + 1
        ).tolist(),
    ]
)


@st.composite
def squares(draw):
    """Random integer squares, and squares derived from magic ones (so the rare cases get tested)."""
    if draw(st.booleans()):
        n = draw(st.integers(1, 6))
        values = draw(st.lists(st.integers(-50, 50), min_size=n * n, max_size=n * n))
        return np.array(values, dtype=np.int64).reshape(n, n)
    base = np.array(draw(magic_examples), dtype=np.int64)
    k = draw(st.integers(-3, 3))
    c = draw(st.integers(-100, 100))
    img = symmetries(base)[draw(st.integers(0, 7))]
    return k * img + c


@settings(max_examples=150, deadline=None)
@given(squares())
def test_properties_agree_with_the_naive_definitions(square):
    assert properties(square) == naive_properties(square)


@settings(max_examples=100, deadline=None)
@given(squares())
def test_every_symmetry_keeps_the_properties(square):
    props = properties(square)
    for img in symmetries(square):
        assert properties(img) == props


@settings(max_examples=100, deadline=None)
@given(squares())
def test_standard_form_is_an_image_and_the_same_for_every_image(square):
    form = standard_form(square)
    assert any(np.array_equal(form, img) for img in symmetries(square))
    for img in symmetries(square):
        assert np.array_equal(standard_form(img), form)


@settings(max_examples=60, deadline=None)
@given(magic_examples, st.integers(0, 7))
def test_complement_keeps_a_normal_magic_square_magic(square, k):
    a = symmetries(square)[k]
    n = a.shape[0]
    if is_magic(a):
        assert is_magic(n * n + 1 - a)


def test_functions_do_not_modify_their_argument():
    a = np.array(DURER)
    before = a.copy()
    properties(a), symmetries(a), standard_form(a), line_sums(a)
    assert np.array_equal(a, before)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "bad, error, words",
    [
        ([[1, 2], [3]], ValueError, "ragged"),
        ([[1, 2, 3], [4, 5, 6]], ValueError, "square"),
        ([], ValueError, "empty"),
        (np.zeros((0, 0), dtype=int), ValueError, "empty"),
        ([[1.5, 2], [3, 4]], TypeError, "integers"),
        (np.array([[1.0, 2.0], [3.0, 4.0]]), TypeError, "dtype float64"),
        ([["a", "b"], ["c", "d"]], TypeError, "non-numeric"),
        ([[True, False], [False, True]], TypeError, "integers"),
        ("not a square", TypeError, "list of lists"),
        (None, TypeError, "list of lists"),
        (42, TypeError, "list of lists"),
        ([1, 2, 3, 4], TypeError, "rows"),
        (np.arange(8).reshape(2, 2, 2), ValueError, "2-D"),
        ([[2**70]], ValueError, "too large"),
    ],
)
@pytest.mark.parametrize("function", [properties, is_magic, symmetries, standard_form, line_sums])
def test_bad_squares_are_refused_with_a_clear_message(function, bad, error, words):
    with pytest.raises(error, match=words):
        function(bad)


@pytest.mark.parametrize(
    "bad, error",
    [
        (0, ValueError),
        (-3, ValueError),
        (2.0, TypeError),
        ("3", TypeError),
        (None, TypeError),
        (True, TypeError),
    ],
)
def test_bad_orders_are_refused(bad, error):
    with pytest.raises(error, match="n must be a positive integer"):
        magic_constant(bad)


def test_property_names_are_the_documented_ones():
    assert PROPERTY_NAMES == ("normal", "semi-magic", "magic", "pandiagonal", "associative", "most-perfect")
