"""Readable baselines shared by the tests and the benchmarks (one copy of each).

These are independent, deliberately plain algorithms that the fast library
functions are checked against (tests) and timed against (benchmarks). They are
not teaching material of the library itself (the notebooks write their own
readable versions in their cells), so they live here rather than in ``magiclib``.
Benchmarks import this module by putting ``tests/`` on ``sys.path``.
"""

from __future__ import annotations

import itertools

__all__ = ["list_scan_count", "queens_by_permutations"]


def list_scan_count(n: int) -> int:
    """Count the n-queens solutions the blog post's way: one list of columns, and for each
    candidate cell a scan over every queen above (same column, same row-col, same row+col)."""
    columns = [0] * n

    def threatened(row: int, col: int) -> bool:
        i = 0
        while i < row:
            if columns[i] == col or i - columns[i] == row - col or i + columns[i] == row + col:
                return True
            i += 1
        return False

    def search(row: int) -> int:
        found = 0
        for col in range(n):
            if not threatened(row, col):
                columns[row] = col
                found += 1 if row == n - 1 else search(row + 1)
        return found

    return search(0) if n > 0 else 1


def queens_by_permutations(n: int) -> list[tuple[int, ...]]:
    """Every permutation with no two queens on a diagonal (independent of any search)."""
    return [
        p
        for p in itertools.permutations(range(n))
        if len({r - c for r, c in enumerate(p)}) == n and len({r + c for r, c in enumerate(p)}) == n
    ]
