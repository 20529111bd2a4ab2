"""House rules for the notebooks that nbval alone would not catch.

nbval re-runs every stored code cell and compares its outputs; but a cell stored
without an execution count is silently not compared, and nothing checks that a
notebook still has the shape the suite promises (goals first, exercises with
folded solutions, asserts). These tests do.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
from lesson_time import table_rows  # noqa: E402  (one reader of the learning path's tables)

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("[0-9][0-9]_*.ipynb"))
IGNORE_TAG = "nbval-ignore-output"


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[dict]:
    return [c for c in nb["cells"] if c["cell_type"] == "code" and "".join(c["source"]).strip()]


def test_the_notebooks_are_numbered_from_00_without_gaps():
    assert len(NOTEBOOKS) >= 7
    assert [p.name[:2] for p in NOTEBOOKS] == [f"{k:02d}" for k in range(len(NOTEBOOKS))]


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
            assert re.search(
                r"perf_counter|process_time|timeit|time\(\)|elapsed|progress|seconds|timed|median_time",
                source,
            ), f"nbval-ignore-output on a cell that measures nothing: {source[:120]!r}"


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


# ---------------------------------------------------------------- shaped for a lesson


def markdown_cells(nb: dict) -> list[str]:
    return ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]


def headings(nb: dict) -> list[str]:
    return [line.strip() for text in markdown_cells(nb) for line in text.splitlines() if line.startswith("#")]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_notebook_ends_with_summary_exercises_and_references(path):
    heads = headings(load(path))
    for wanted in ("## Summary", "## Exercises", "## References"):
        assert any(h == wanted or h.startswith(wanted + " ") for h in heads), f"no {wanted!r} section"
    order = [next(i for i, h in enumerate(heads) if h.startswith(w)) for w in ("## Summary", "## References")]
    assert order == sorted(order), "Summary comes before References"
    summary = load(path)["cells"]
    text = "\n".join(markdown_cells(load(path)))
    body = text[text.index("## Summary") :]
    body = body[: body.index("\n#", 1)] if "\n#" in body[1:] else body
    bullets = [line for line in body.splitlines() if line.lstrip().startswith(("- ", "* "))]
    assert 4 <= len(bullets) <= 8, f"the summary has {len(bullets)} bullets; 4 to 8 wanted"
    assert summary


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_at_least_two_predictions_each_before_a_reveal(path):
    cells = load(path)["cells"]
    prompts = [
        i
        for i, c in enumerate(cells)
        if c["cell_type"] == "markdown" and "".join(c["source"]).lstrip().startswith("**Predict:**")
    ]
    assert len(prompts) >= 2, f"found {len(prompts)} markdown cells starting with **Predict:**"
    for i in prompts:
        assert any(c["cell_type"] == "code" for c in cells[i + 1 : i + 4]), (
            f"cell {i}: a prediction is followed (within 3 cells) by the code cell that reveals the answer"
        )


def is_folded_solution(cell: dict) -> bool:
    meta = cell.get("metadata", {})
    hidden = meta.get("jupyter", {})
    return (
        "solution" in meta.get("tags", [])
        and hidden.get("source_hidden") is True
        and hidden.get("outputs_hidden") is True
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_solution_code_is_tagged_and_folded(path):
    cells = load(path)["cells"]
    start = next(
        i
        for i, c in enumerate(cells)
        if c["cell_type"] == "markdown" and re.search(r"^#+ .*Exercises", "".join(c["source"]), re.M)
    )
    for i, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] != "code" or not source.strip():
            continue
        tags = cell.get("metadata", {}).get("tags", [])
        if "solution" in tags:
            assert is_folded_solution(cell), f"cell {i}: a solution cell must have source and outputs folded"
        previous = "".join(cells[i - 1]["source"]) if i else ""
        if i > start and "exercise" not in tags:
            assert is_folded_solution(cell), (
                f"cell {i} in the exercises is not a folded solution (tag it 'solution' and fold it, "
                f"or tag a starter cell 'exercise'): {source[:80]!r}"
            )
        if "<summary>Solution" in previous:
            assert is_folded_solution(cell), f"cell {i} follows a folded solution but is not one itself"


# ---------------------------------------------------------------- no internal jargon
# "Seed" is our word for the source articles; readers have never heard it. A random-number
# seed is fine ("seed=1", "a fixed seed", "many seeds").
SEED_JARGON = re.compile(
    r"(\bseeds?['’]?s?\s+(article|document|text|paper|program|code|square|method|readme|author|post|blog"
    r"|trace|variant|version|walk|figure|question)s?\b)"
    r"|(\bthe\s+seeds?\b(?!\s*=|\s+(value|number|of the (random|generator))))"
    r"|([\"“]seeds?[\"”])|(\bseed_\w+)|(\bseeds?['’]s?\b)|(\bseed\s*[\[@])",
    re.I,
)
ROOT = Path(__file__).resolve().parents[1]
READER_FILES = sorted(
    {
        *ROOT.glob("*.md"),
        *ROOT.glob("docs/*.md"),
        *ROOT.glob("notebooks/*.md"),
        *ROOT.glob("magiclib/**/*.py"),
    }
)


def test_the_jargon_pattern_catches_what_it_should():
    for bad in ["the seed article", "seed documents", "the seed's 7x7", "seed_method_squares(4)", "the seed"]:
        assert SEED_JARGON.search(bad), bad
    for fine in ["seed=1", "rng = np.random.default_rng(seed)", "a fixed seed", "over 40 seeds"]:
        assert not SEED_JARGON.search(fine), fine


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_no_seed_jargon_in_notebooks(path):
    for i, cell in enumerate(load(path)["cells"]):
        texts = ["".join(cell["source"])]
        for out in cell.get("outputs", []):
            texts.append("".join(out.get("text", "")))
            texts.append("".join(out.get("data", {}).get("text/plain", "")))
            texts.append("".join(out.get("data", {}).get("text/html", "")))
        for text in texts:
            hit = SEED_JARGON.search(text)
            assert not hit, f"cell {i}: {hit.group(0)!r}: name the article by its title, then 'the article'"


@pytest.mark.parametrize("path", READER_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_seed_jargon_where_readers_look(path):
    hit = SEED_JARGON.search(path.read_text(encoding="utf-8"))
    assert not hit, f"{hit.group(0)!r}: name the article by its title, then 'the article'"


# ---------------------------------------------------------------- lesson plans that match


def test_learning_path_and_teachers_page_agree_on_every_notebook_and_timing():
    path = table_rows((ROOT / "notebooks" / "README.md").read_text(encoding="utf-8"), "lessons")
    plans = (ROOT / "docs" / "teachers.md").read_text(encoding="utf-8")
    teachers = table_rows(plans, "lessons")
    numbers = [p.name[:2] for p in NOTEBOOKS]
    assert sorted(path) == numbers and sorted(teachers) == numbers
    for k in numbers:
        for column in ("lessons", "core", "whole notebook", "runs in"):
            assert path[k][column] == teachers[k][column], (k, column, path[k][column], teachers[k][column])
        assert re.search(rf"^### .*\(notebooks? [^)]*\b{k}\b", plans, re.M), (
            f"no lesson plan for notebook {k}"
        )
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for p in NOTEBOOKS:
        assert f"notebooks/{p.name}" in readme, f"README.md does not list {p.name}"
        assert p.name in (ROOT / "notebooks" / "README.md").read_text(encoding="utf-8")


def exercise_count(nb: dict) -> int:
    text = "\n".join(markdown_cells(nb))
    return text[re.search(r"^#+ .*Exercises", text, re.M).start() :].count("<summary>Solution")


def test_the_exercise_to_topic_table_lists_every_exercise_and_only_real_ones():
    plans = (ROOT / "docs" / "teachers.md").read_text(encoding="utf-8")
    table = plans[plans.index("## Which exercises fit which topic") :]
    listed: set[tuple[str, int]] = set()
    for line in table.splitlines():
        if line.startswith("|") and "·" in line or re.search(r"\| \d\d: ", line):
            for nb, numbers in re.findall(r"\b(\d\d): ([\d, ]+)", line):
                listed |= {(nb, int(k)) for k in numbers.replace(" ", "").split(",") if k}
    exist = {(p.name[:2], k) for p in NOTEBOOKS for k in range(1, exercise_count(load(p)) + 1)}
    assert listed - exist == set(), f"the table names exercises that do not exist: {sorted(listed - exist)}"
    assert exist - listed == set(), f"exercises missing from the table: {sorted(exist - listed)}"


def test_every_self_check_exercise_shows_its_one_line_call_in_its_notebook():
    import magiclib.exercises as ex

    by_number = {p.name[:2]: "\n".join(markdown_cells(load(p))) for p in NOTEBOOKS}
    for exercise_id in ex.exercises():
        number = exercise_id.split(".")[0]
        assert f'magiclib.exercises.check("{exercise_id}",' in by_number[number], exercise_id
    for number, text in by_number.items():
        for shown in re.findall(r'exercises\.check\("(\d\d\.\d+)"', text):
            assert shown.startswith(number + ".") and shown in ex.exercises(), shown
