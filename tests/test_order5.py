"""magiclib.order5: the 5x5 count (Schroeppel's numbers), the 4x4 analogue (7040),
compiled search vs the readable one, the 32-element symmetry group, progress and bad input."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magiclib import famous, is_magic, order5, symmetries
from magiclib.order5 import (
    SYMMETRY_COUNT,
    TOTAL_5X5,
    complement_weights,
    completions,
    count_completions,
    count_diagonal_pairs,
    count_main_diagonal,
    count_order4,
    count_order5,
    diagonal_pairs,
    symmetries_32,
)

# A 5x5 magic square (the Siamese one) and a 4x4 one (Dürer's).
SIAMESE5 = [
    [17, 24, 1, 8, 15],
    [23, 5, 7, 14, 16],
    [4, 6, 13, 20, 22],
    [10, 12, 19, 21, 3],
    [11, 18, 25, 2, 9],
]
DURER = [list(row) for row in famous.DURER]


def canonical(sq: np.ndarray) -> bool:
    """The canonical condition of the search, read off a 5x5 square."""
    diag = [sq[0, 0], sq[1, 1], sq[3, 3], sq[4, 4], sq[0, 4], sq[1, 3], sq[3, 1], sq[4, 0]]
    return sq[0, 0] == min(diag) and sq[1, 1] < sq[3, 3] and sq[0, 4] < sq[4, 0]


def pair_of(sq: np.ndarray) -> tuple[int, ...]:
    return tuple(
        int(sq[r, c]) for r, c in [(0, 0), (1, 1), (3, 3), (4, 4), (0, 4), (1, 3), (3, 1), (4, 0), (2, 2)]
    )


# ---------------------------------------------------------------- known counts


def test_order4_by_the_same_method_gives_7040_and_880():
    assert count_order4() == 7040
    assert count_order4(up_to_symmetry=True) == 880


def test_centre_1_count_is_4365792_up_to_symmetry():
    assert count_order5(center=1) == 4_365_792


def test_schroeppel_numbers_are_consistent():
    assert TOTAL_5X5 == 2_202_441_792 == 8 * 275_305_224
    assert TOTAL_5X5 % SYMMETRY_COUNT == 0


# ---------------------------------------------------------------- readable vs compiled


@pytest.mark.parametrize("centre", [1, 7, 13])
def test_compiled_and_readable_search_agree_on_a_sample_of_diagonals(centre):
    pairs = diagonal_pairs(centre)
    sample = pairs[:: max(1, len(pairs) // 150)]
    readable = [count_completions(p) for p in sample]
    assert sum(readable) > 0, "the sample should contain squares"
    assert count_diagonal_pairs(sample) == sum(readable)
    # pair by pair on the ones that have squares, and on some that have none
    some = [i for i, r in enumerate(readable) if r][:10] + [i for i, r in enumerate(readable) if not r][:5]
    for i in some:
        assert count_diagonal_pairs(sample[i]) == readable[i]


def test_weights_multiply_the_compiled_counts():
    sample = diagonal_pairs(7)[::2000]
    readable = [count_completions(p) for p in sample]
    weights = np.arange(len(sample)) % 3
    expected = sum(int(w) * r for w, r in zip(weights, readable, strict=False))
    assert count_diagonal_pairs(sample, weights) == expected


@pytest.mark.parametrize("main", [(12, 15, 1, 17, 20), (12, 13, 1, 16, 23), (9, 10, 13, 17, 16)])
def test_count_main_diagonal_is_the_readable_count_of_its_slice(main):
    pairs = diagonal_pairs(main[2])
    rows = [p for p in pairs if tuple(int(v) for v in p[[0, 1, 8, 2, 3]]) == main]
    assert rows, "the slice is not empty"
    assert count_main_diagonal(main) == sum(count_completions(p) for p in rows)
    assert count_main_diagonal(np.array(main)) == count_main_diagonal(list(main))


def test_count_main_diagonal_slices_add_up_to_a_centre():
    pairs = diagonal_pairs(13)
    corner9 = pairs[pairs[:, 0] == 9]
    mains = {(int(p[0]), int(p[1]), 13, int(p[2]), int(p[3])) for p in corner9}
    assert sum(count_main_diagonal(m) for m in mains) == count_diagonal_pairs(corner9) == 3


def test_the_siamese_square_lies_in_its_main_diagonal_slice():
    image = [img for img in symmetries_32(SIAMESE5) if canonical(img)][0]
    main = [int(image[i, i]) for i in range(5)]
    assert main == [5, 9, 13, 17, 21]
    assert count_main_diagonal(main) == 7580 >= count_completions(pair_of(image)) >= 1


def test_count_main_diagonal_refuses_what_no_canonical_square_has():
    with pytest.raises(ValueError, match="add up to 65"):
        count_main_diagonal([1, 2, 3, 4, 5])
    with pytest.raises(ValueError, match="canonical form"):
        count_main_diagonal([9, 5, 13, 17, 21])  # (0,0) not the smallest
    with pytest.raises(ValueError, match="canonical form"):
        count_main_diagonal([5, 17, 13, 9, 21])  # (1,1) > (3,3)
    with pytest.raises(ValueError, match="exactly 5 entries"):
        count_main_diagonal([5, 9, 13, 17])
    with pytest.raises(ValueError, match="distinct"):
        count_main_diagonal([5, 5, 13, 21, 21])
    with pytest.raises(TypeError):
        count_main_diagonal([5.0, 9, 13, 17, 21])


# ---------------------------------------------------------------- centre 13: the complement


def test_complement_partners_pair_up_the_centre_13_diagonals():
    pairs = diagonal_pairs(13)
    partners = order5._complement_partners(pairs)
    assert np.array_equal(order5._complement_partners(partners), pairs)  # an involution
    listed = {tuple(row) for row in pairs.tolist()}
    assert all(tuple(row) in listed for row in partners[::997].tolist())
    weights = complement_weights(pairs)
    assert int(weights.sum()) == len(pairs)
    assert [int((weights == k).sum()) for k in (0, 1, 2)] == [365_772, 31_116, 365_772]
    same = (partners == pairs).all(axis=1)
    assert (same == (weights == 1)).all()


def test_a_pair_and_its_complement_partner_have_the_same_squares():
    pairs = diagonal_pairs(13)
    weights = complement_weights(pairs)
    doubled = pairs[weights == 2][::4000]
    single = pairs[weights == 1][::400]
    partners = order5._complement_partners(doubled)
    for p, q in zip(doubled[:20], partners[:20], strict=False):
        assert count_completions(p) == count_completions(q)
    # a set closed under the complement: half of it, weighted, counts the whole
    closed = np.vstack([doubled, partners, single])
    half = np.vstack([doubled, single])
    half_weights = np.r_[np.full(len(doubled), 2), np.ones(len(single), np.int64)]
    assert count_diagonal_pairs(half, half_weights) == count_diagonal_pairs(closed) > 0


def test_complement_of_the_siamese_square_lands_on_the_partner_pair():
    sq = np.array(SIAMESE5)
    mine = [img for img in symmetries_32(sq) if canonical(img)][0]
    theirs = [img for img in symmetries_32(26 - sq) if canonical(img)][0]
    partner = order5._complement_partners(np.array([pair_of(mine)]))[0]
    assert tuple(int(v) for v in partner) == pair_of(theirs)


def test_compiled_diagonal_pairs_match_the_readable_listing():
    fast = {tuple(int(v) for v in row) for row in diagonal_pairs(13)}
    slow = order5._diagonal_pairs_py(13)
    assert len(slow) == len(set(slow)) == len(fast) == 762_660
    assert fast == set(slow)


def test_a_known_square_is_found_from_its_diagonals():
    images = [img for img in symmetries_32(SIAMESE5) if canonical(img)]
    assert len(images) == 1
    pair = pair_of(images[0])
    assert pair in {tuple(int(v) for v in row) for row in diagonal_pairs(13)}
    assert count_completions(pair) >= 1
    assert count_diagonal_pairs(np.array(pair)) == count_completions(pair)


# ---------------------------------------------------------------- the 32-element group


@pytest.mark.parametrize("square", [SIAMESE5, DURER])
def test_32_images_all_magic_and_distinct(square):
    images = symmetries_32(square)
    assert len(images) == 32
    assert len({img.tobytes() for img in images}) == 32
    assert all(is_magic(img) for img in images)
    assert np.array_equal(images[0], np.array(square))
    # the 8 rotations and reflections are among them
    keys = {img.tobytes() for img in images}
    assert all(img.tobytes() in keys for img in symmetries(square))


def test_the_32_moves_form_a_group():
    base = np.arange(25).reshape(5, 5)
    keys = {img.tobytes() for img in symmetries_32(base)}
    for img in symmetries_32(base):
        assert {im2.tobytes() for im2 in symmetries_32(img)} == keys
    # they keep the set of diagonal cells
    on_diagonals = {v for v in base.ravel() if v // 5 == v % 5 or v // 5 + v % 5 == 4}
    for img in symmetries_32(base):
        assert {int(img[i, i]) for i in range(5)} | {int(img[i, 4 - i]) for i in range(5)} == on_diagonals


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 31))
def test_every_orbit_has_exactly_one_canonical_square(k):
    start = symmetries_32(SIAMESE5)[k]
    assert sum(canonical(img) for img in symmetries_32(start)) == 1


# ---------------------------------------------------------------- tables


def test_completion_tables_come_from_the_1394_series():
    series = {s for s in itertools.combinations(range(1, 26), 5) if sum(s) == 65}
    assert len(series) == 1394
    total = sum(len(completions(a, b)) for a in range(1, 26) for b in range(1, 26) if a != b)
    assert total == 1394 * 20  # each series, each ordered pair of its numbers


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 25), st.integers(1, 25))
def test_completions_are_exactly_the_triples_that_finish_a_series(a, b):
    expected = sorted(
        t
        for t in itertools.combinations(range(1, 26), 3)
        if a != b and a not in t and b not in t and sum(t) + a + b == 65
    )
    assert completions(a, b) == expected


# ---------------------------------------------------------------- progress and interruption


def test_progress_reports_every_batch_and_symmetry_factors(monkeypatch):
    monkeypatch.setattr(order5, "count_diagonal_pairs", lambda pairs, weights=None: int(np.sum(weights)))
    monkeypatch.setattr(order5, "diagonal_pairs", lambda c: np.zeros((100 * c, 9), np.int64))
    # centre 13: the first half of the pairs counts twice, the second half not at all
    monkeypatch.setattr(
        order5, "complement_weights", lambda pairs: 2 * (np.arange(len(pairs)) < len(pairs) // 2)
    )
    seen = []
    n = count_order5(progress=lambda done, total: seen.append((done, total)))
    canonical_total = 2 * sum(100 * c for c in range(1, 13)) + 1300
    assert n == 4 * canonical_total
    assert count_order5(up_to_symmetry=False) == 32 * canonical_total
    assert seen[0] == (0, 13 * 16) and seen[-1] == (13 * 16, 13 * 16)
    assert [d for d, _ in seen] == list(range(13 * 16 + 1))
    # complement: centre 25 is counted as centre 1
    assert count_order5(center=25) == count_order5(center=1) == 4 * 100
    by_centre = order5.count_order5_by_center()
    assert all(by_centre[c] == by_centre[26 - c] for c in range(1, 26))
    assert sum(by_centre.values()) == n


def test_interrupt_stops_between_batches(monkeypatch):
    calls = []
    monkeypatch.setattr(
        order5, "count_diagonal_pairs", lambda pairs, weights=None: calls.append(len(pairs)) or 0
    )
    monkeypatch.setattr(order5, "diagonal_pairs", lambda c: np.zeros((160, 9), np.int64))

    def stop_after_three(done, total):
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        count_order5(progress=stop_after_three)
    assert len(calls) == 3


def test_count_magic_squares_delegates_order_5(monkeypatch):
    from magiclib import count_magic_squares

    monkeypatch.setattr(
        order5,
        "count_order5",
        lambda up_to_symmetry=True, center=None, progress=None: 1000 * int(up_to_symmetry) + (center or 0),
    )
    assert count_magic_squares(5, up_to_symmetry=True, center=7) == 1007
    assert count_magic_squares(5) == 0


def test_listing_order_5_is_still_refused():
    from magiclib import magic_squares

    with pytest.raises(ValueError, match="275,305,224"):
        next(iter(magic_squares(5)))


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize("centre", [0, 26, -3])
def test_centre_out_of_range(centre):
    with pytest.raises(ValueError, match="center must be .* between 1 and 25"):
        count_order5(center=centre)


@pytest.mark.parametrize("centre", [2.5, "13", True])
def test_centre_of_wrong_kind(centre):
    with pytest.raises(TypeError, match="center must be"):
        count_order5(center=centre)


def test_other_bad_arguments():
    with pytest.raises(TypeError, match="up_to_symmetry must be True or False"):
        count_order5(up_to_symmetry="yes")
    with pytest.raises(TypeError, match="progress must be None or a function"):
        count_order5(center=1, progress=5)
    with pytest.raises(TypeError, match="up_to_symmetry must be True or False"):
        count_order4(up_to_symmetry=1)
    with pytest.raises(ValueError, match="4x4 or 5x5"):
        symmetries_32([[2, 7, 6], [9, 5, 1], [4, 3, 8]])
    with pytest.raises(ValueError, match="between 1 and 25"):
        completions(0, 5)
    with pytest.raises(ValueError, match="distinct numbers"):
        count_completions([1, 1, 2, 3, 4, 5, 6, 7, 8])
    with pytest.raises(TypeError, match="rows of 9 numbers"):
        count_diagonal_pairs(np.zeros((3, 8), np.int64))
    with pytest.raises(ValueError, match="numbers of 1..25"):
        count_diagonal_pairs(np.zeros((3, 9), np.int64))
    with pytest.raises(TypeError, match="weights must be one integer per pair"):
        count_diagonal_pairs(diagonal_pairs(1)[:3], [1, 2])
    with pytest.raises(ValueError, match="centre 13"):
        complement_weights(diagonal_pairs(1)[:3])
    with pytest.raises(ValueError, match="canonical rows"):
        complement_weights(diagonal_pairs(13)[:3, [0, 2, 1, 3, 4, 5, 6, 7, 8]])


def test_order_6_is_refused_with_a_reason():
    from magiclib import count_magic_squares

    with pytest.raises(ValueError, match="n = 6"):
        count_magic_squares(6)
