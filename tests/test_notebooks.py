"""House rules for the notebooks that nbval alone would not catch.

nbval re-runs every stored code cell and compares its outputs; but a cell stored
without an execution count is silently not compared, and nothing checks that a
notebook still has the shape the suite promises (goals first, exercises with
folded solutions, asserts). These tests do.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb"))
IGNORE_TAG = "nbval-ignore-output"


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]


def test_the_suite_has_its_seven_notebooks_in_order():
    assert [p.name[:2] for p in NOTEBOOKS] == ["00", "01", "02", "03", "04", "05", "06"]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_every_code_cell_is_stored_executed_without_errors(path):
    for cell in code_cells(load(path)):
        source = "".join(cell["source"])
        assert cell["execution_count"] is not None, f"not executed (nbval would skip it): {source[:80]!r}"
        errors = [o for o in cell["outputs"] if o["output_type"] == "error"]
        assert not errors, f"stored error in {source[:80]!r}: {errors[0].get('ename')}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_ignored_outputs_are_only_timings_or_live_widgets(path):
    """A cell may skip nbval's comparison only when its output cannot repeat."""
    for cell in code_cells(load(path)):
        if IGNORE_TAG in cell.get("metadata", {}).get("tags", []):
            source = "".join(cell["source"])
            assert re.search(r"perf_counter|process_time|timeit|time\(\)|elapsed|progress|seconds", source), \
                f"nbval-ignore-output on a cell that measures nothing: {source[:120]!r}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_notebook_shape_goals_asserts_exercises_with_folded_solutions(path):
    nb = load(path)
    first = "".join(nb["cells"][0]["source"])
    assert nb["cells"][0]["cell_type"] == "markdown" and first.startswith("# ")
    assert re.search(r"you will learn", first, re.I), "the opening cell says what the reader will learn"
    markdown = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    assert re.search(r"^#+ .*Exercises", markdown, re.M), "an Exercises section"
    exercises_at = markdown.index(re.search(r"^#+ .*Exercises", markdown, re.M).group(0))
    assert markdown.count("<details", exercises_at) >= 2, "solutions folded away in <details>"
    asserts = sum("".join(c["source"]).count("assert ") for c in code_cells(nb))
    assert asserts >= 10, f"claims checked by asserts (found {asserts})"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_notebooks_stay_small_enough_to_mail(path):
    assert path.stat().st_size < 2_000_000
