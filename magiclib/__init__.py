"""magiclib: magic squares, n queens and the magic hexagon, for the notebooks.

The maths is re-exported here, so ``import magiclib as ml`` then ``ml.siamese(5)`` works,
and ``from magiclib import *`` brings in exactly the names of ``__all__`` (none of them
shadows a Python builtin). Some topics keep names of their own and are reached as modules:
``magiclib.hexagon`` (the magic hexagon), ``magiclib.order5`` (the compiled 5x5 count) and
``magiclib.estimate`` (the Monte Carlo estimate; the last two are loaded on first use because
they compile with numba), and ``magiclib.timing`` (the timing helpers that the notebooks'
timing cells and the benchmarks share). Pictures live in ``magiclib.show`` and the interactive
widgets in ``magiclib.widgets``; ``magiclib.exercises.check(id, answer)`` gives students
feedback on the exercises without giving the answer away. ``import magiclib`` loads neither
matplotlib nor ipywidgets.
"""

from __future__ import annotations

import importlib
from typing import Any

from . import hexagon, timing
from .allsquares import (
    count_magic_squares,
    count_semi_magic_squares,
    count_series_partitions,
    frenicle_squares,
    magic_series,
    magic_square_array,
    magic_squares,
    orthogonal_partition_pairs,
    series_partitions,
    summand_leaves,
    summand_search_profile,
    summand_search_years,
    summand_squares,
)
from .construct import magic, magic_by_loops, order_kind
from .famous import CHALLENGE_8, DURER, LO_SHU
from .i18n import _
from .i18n import use_language as use_language  # the editions' first cell: magiclib.use_language("uk")
from .matrices import (
    birkhoff,
    birkhoff_bound,
    coordinates,
    exact_rank,
    is_queens_permutation,
    line_conditions,
    magic_projection,
    magic_rank_rule,
    magic_space_basis,
    magic_space_dimension,
    nearest_magic,
    permutation_matrix,
    reduce_birkhoff,
    semi_magic_space_dimension,
)
from .nqueens import (
    QUEEN,
    QueenStep,
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
from .squares import (
    PROPERTY_NAMES,
    SYMMETRY_NAMES,
    is_magic,
    line_sums,
    magic_constant,
    properties,
    reader_name,
    standard_form,
    symmetries,
)
from .walk import RULES, Step, rule_in_words, rule_name, siamese, siamese_steps, siamese_walk

__version__ = "0.2.0"

#: Submodules loaded on first attribute access (``magiclib.order5``), not at import: both compile
#: with numba. The names of ``_LAZY_NAMES`` come from them on first use too.
_LAZY = ("order5", "estimate", "exercises")
_LAZY_NAMES = {"estimate_magic_squares": "estimate", "Estimate": "estimate"}

__all__ = [
    # squares: what a magic square is
    "magic_constant",
    "line_sums",
    "properties",
    "is_magic",
    "symmetries",
    "standard_form",
    "PROPERTY_NAMES",
    "SYMMETRY_NAMES",
    "reader_name",
    # famous squares
    "LO_SHU",
    "DURER",
    "CHALLENGE_8",
    # walk: the Siamese walk
    "siamese",
    "siamese_walk",
    "siamese_steps",
    "rule_in_words",
    "rule_name",
    "Step",
    "RULES",
    # allsquares: every square of a small order, by summand enumeration and faster
    "magic_series",
    "series_partitions",
    "count_series_partitions",
    "orthogonal_partition_pairs",
    "summand_squares",
    "summand_search_profile",
    "summand_leaves",
    "summand_search_years",
    "magic_square_array",
    "magic_squares",
    "frenicle_squares",
    "count_magic_squares",
    "count_semi_magic_squares",
    # nqueens: n queens and the queens hidden in a square
    "queens",
    "count_queens",
    "fundamental_queens",
    "queen_symmetries",
    "queen_cells",
    "queen_sum",
    "hidden_queens",
    "attacks",
    "is_safe",
    "backtrack_steps",
    "backtrack_stats",
    "QueenStep",
    "QUEEN",
    # construct: MATLAB's magic(n)
    "magic",
    "magic_by_loops",
    "order_kind",
    # matrices: the vector space of magic matrices
    "line_conditions",
    "magic_space_dimension",
    "semi_magic_space_dimension",
    "magic_space_basis",
    "coordinates",
    "exact_rank",
    "magic_rank_rule",
    "nearest_magic",
    "magic_projection",
    "birkhoff",
    "reduce_birkhoff",
    "birkhoff_bound",
    "permutation_matrix",
    "is_queens_permutation",
    # estimate: a Monte Carlo count with a 95% interval (loaded on first use)
    "estimate_magic_squares",
    "Estimate",
    # modules with names of their own
    "hexagon",
    "order5",
    "estimate",
    "exercises",
    "timing",
]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return importlib.import_module(f".{name}", __name__)
    if name in _LAZY_NAMES:
        return getattr(importlib.import_module(f".{_LAZY_NAMES[name]}", __name__), name)
    raise AttributeError(_("module 'magiclib' has no attribute {name!r}", name=name))


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY) | set(_LAZY_NAMES))
