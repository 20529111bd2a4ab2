"""The Siamese walk step by step (the tutorial's loop) against the closed form ``siamese(n)``.

Rows: n = 101, 251, 501 (``magiclib.walk.MAX_WALK_ORDER``), the literal walk against the closed form (the
closed form should be at least 20x faster at 501); and n = 4001, ``siamese``
(two sliding-window views added into the result) against the same formula
broadcast over the whole grid with ``%`` on n x n temporaries, with the peak
memory of each (tracemalloc) in the note.
"""

from __future__ import annotations

import tracemalloc

import numpy as np
from _timing import Row, median_time

from magiclib.walk import siamese, siamese_walk


def broadcast_closed_form(n: int) -> np.ndarray:
    """The same closed form as ``siamese``, evaluated on the whole n x n grid in one go."""
    h = n // 2
    r = np.arange(n, dtype=np.int64)[:, None]
    c = np.arange(n, dtype=np.int64)[None, :]
    q = (h - 1 - r - c) % n
    return n * q + (q - r + h) % n + 1


def peak_mb(fn, n: int) -> float:
    """Peak traced memory in MB while ``fn(n)`` runs (numpy reports its buffers to tracemalloc)."""
    tracemalloc.start()
    try:
        fn(n)
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def run() -> list[Row]:
    rows = []
    for n, repeat in [(101, 5), (251, 3), (501, 3)]:
        assert np.array_equal(siamese(n), siamese_walk(n)), n
        walk_s = median_time(lambda n=n: siamese_walk(n), repeat=repeat)
        fast_s = median_time(lambda n=n: siamese(n), repeat=5, min_time=0.05)
        rows.append(
            Row(
                "siamese",
                f"square of order {n}",
                "siamese_walk (step by step)",
                walk_s,
                "siamese (closed form)",
                fast_s,
                target=">= 20x at 501" if n == 501 else "",
            )
        )
    n = 4001
    output_mb = n * n * 8 / 2**20
    assert np.array_equal(siamese(n)[:3], broadcast_closed_form(n)[:3])
    full_s = median_time(lambda: broadcast_closed_form(n), repeat=3)
    block_s = median_time(lambda: siamese(n), repeat=3)
    full_mb, block_mb = peak_mb(broadcast_closed_form, n), peak_mb(siamese, n)
    rows.append(
        Row(
            "siamese",
            f"order {n}, memory",
            "closed form, whole grid",
            full_s,
            "siamese (sliding windows)",
            block_s,
            target="peak ~ output size",
            note=f"peak {full_mb:.0f} MB vs {block_mb:.0f} MB (output {output_mb:.0f} MB)",
        )
    )
    return rows
