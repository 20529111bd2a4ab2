"""Famous squares, typed once for the whole suite (as tuples of rows, so nobody can change them).

Pass them to any function that takes a square, or make an array: ``np.array(LO_SHU)``.
The magic hexagon is ``magiclib.hexagon.MAGIC_HEXAGON``.

>>> from magiclib import is_magic
>>> is_magic(LO_SHU), is_magic(DURER), is_magic(CHALLENGE_8)
(True, True, True)
"""

from __future__ import annotations

__all__ = ["LO_SHU", "DURER", "CHALLENGE_8"]

#: The Lo Shu square of Chinese legend, the only normal 3x3 magic square up to symmetry.
LO_SHU: tuple[tuple[int, ...], ...] = ((4, 9, 2), (3, 5, 7), (8, 1, 6))

#: Albrecht Dürer's square in the engraving *Melencolia I* (1514); the bottom row shows the year.
DURER: tuple[tuple[int, ...], ...] = ((16, 3, 2, 13), (5, 10, 11, 8), (9, 6, 7, 12), (4, 15, 14, 1))

#: The associative 8x8 square (magic constant 260) of the Spanish blog post
#: *Cuadrados mágicos (II): Solución Reto 2*; it hides 4 of the 92 eight-queens solutions.
CHALLENGE_8: tuple[tuple[int, ...], ...] = (
    (1, 2, 62, 61, 60, 59, 7, 8),
    (9, 10, 54, 53, 52, 51, 15, 16),
    (48, 47, 19, 20, 21, 22, 42, 41),
    (40, 39, 27, 28, 29, 30, 34, 33),
    (32, 31, 35, 36, 37, 38, 26, 25),
    (24, 23, 43, 44, 45, 46, 18, 17),
    (49, 50, 14, 13, 12, 11, 55, 56),
    (57, 58, 6, 5, 4, 3, 63, 64),
)
