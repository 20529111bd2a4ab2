"""magic(n), vectorised numpy, against the same constructions in plain Python loops.

Both build exactly the same square (checked here before timing); the loop
version visits the n² cells one at a time, and is refused beyond
``magiclib.construct.MAX_LOOPS_ORDER`` (1000). Order 999 is odd (the de la Loubère
formula); 1000 and 998 add the doubly and singly even cases.
"""

from __future__ import annotations

import numpy as np
from _timing import Row, median_time

from magiclib.construct import magic, magic_by_loops

TARGET = "magic(1000) at least 20x faster"


def run() -> list[Row]:
    rows = []
    for n, repeat in ((999, 3), (1000, 3), (998, 3)):
        assert np.array_equal(magic(n), magic_by_loops(n)), n
        slow = median_time(lambda n=n: magic_by_loops(n), repeat=repeat)
        fast = median_time(lambda n=n: magic(n), repeat=5)
        rows.append(
            Row(
                topic="construct",
                work=f"magic({n}), {n * n:,} cells",
                baseline="Python loops",
                baseline_s=slow,
                fast="numpy magic",
                fast_s=fast,
                target=TARGET if n == 1000 else "",
            )
        )
    return rows
