"""Every lesson fits its period: each lesson of each notebook's core within 45 minutes, with a margin.

The time model and its calibration are in scripts/lesson_time.py: the model must agree with three
teachers' readings (the whole notebooks at commit a578bd2, issue 32: at least the lessons that teacher
found each needed; the cores at 43d8e77, lesson by lesson: never more than `TOLERANCE` minutes below the
second teacher's estimate; the cores at fecec9c: within `TOLERANCE` of the third's), and then every lesson
of every core must fit `BUDGET` (45 minutes less `MARGIN`, for a class slower than the model). A failure
says which lesson of which notebook overran, and by how much.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import lesson_time  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
EDITIONS = sorted((ROOT / "notebooks").glob("*/[0-9][0-9]_*.ipynb"))
CALIBRATION = json.loads(lesson_time.CALIBRATION.read_text())


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


README = ROOT / "notebooks" / "README.md"


def learning_path() -> dict[str, tuple[int, float]]:
    """(lessons, seconds of Run All) per notebook number, as the script reads the learning path."""
    return lesson_time.learning_path(README.read_text(encoding="utf-8"))


def stated_minutes(text: str) -> list[int]:
    """The minutes a table cell states: "44 min", or "42 + 44 min" for a core taught in two lessons."""
    m = re.fullmatch(r"(\d+)(?: \+ (\d+))? min", text)
    assert m, text
    return [int(g) for g in m.groups() if g]


def test_the_weights_give_every_notebook_as_first_read_at_least_the_lessons_that_teacher_found():
    """The first teacher read whole notebooks, faster than the second: the model, calibrated on the
    second, must find at least as many lessons as the first found (never fewer)."""
    assert CALIBRATION["commit"] == "a578bd2" and len(CALIBRATION["notebooks"]) == 9
    wrong = []
    for number, entry in CALIBRATION["notebooks"].items():
        found = CALIBRATION["teacher_read"][number]
        got = lesson_time.calibrated_minutes(entry, found)
        if got <= 45 * (found - 1):
            wrong.append(f"{number}: model {got:.0f} min, the teacher needed {found} lessons")
    assert not wrong, wrong


def test_the_model_is_never_well_below_the_second_teachers_reading_of_a_lesson():
    """The second teacher was faster than the third on the same kind of page: the model follows the
    slower, so it may lie above this reading but not more than `TOLERANCE` below it."""
    assert CALIBRATION["cores_commit"] == lesson_time.CORES_COMMIT
    assert set(lesson_time.CORES_READ) <= set(CALIBRATION["cores"]) and len(lesson_time.CORES_READ) == 12
    wrong = []
    for key, (low, high) in lesson_time.CORES_READ.items():
        got = lesson_time.cores_read_minutes(CALIBRATION["cores"][key], int(key[-1]))
        if got < low - lesson_time.TOLERANCE:
            wrong.append(f"{key}: model {got:.0f} min, the teacher read {low}-{high}")
    assert not wrong, wrong


def test_the_model_reproduces_the_third_teachers_reading_of_every_lesson_of_the_cores():
    assert CALIBRATION["third_commit"] == lesson_time.THIRD_COMMIT
    assert set(lesson_time.THIRD_READ) == set(CALIBRATION["third"]) and len(lesson_time.THIRD_READ) == 13
    wrong = []
    for key, (low, high) in lesson_time.THIRD_READ.items():
        got = lesson_time.cores_read_minutes(CALIBRATION["third"][key], int(key[-1]))
        if not low - lesson_time.TOLERANCE <= got <= high + lesson_time.TOLERANCE:
            wrong.append(f"{key}: model {got:.0f} min, the teacher read {low}-{high}")
    assert not wrong, wrong


def test_the_model_counts_what_it_says():
    feats = lesson_time._markdown_features(
        "## A heading\n\n**Predict:** is $a + b = c$? `x = 1` <details>folded words</details>"
    )
    assert feats.predictions == 1 and feats.symbols == 2
    assert feats.words == 7  # A heading Predict is a b c: code span, folded text and maths signs not read
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# T\n\none two three"),
        nbformat.v4.new_code_cell("x = 1\n\ny = 2", metadata={"tags": ["further"]}),
        nbformat.v4.new_markdown_cell("## Exercises\n\nmany words here are not counted"),
    ]
    assert lesson_time.notebook_features(nb).code_lines == 2
    assert lesson_time.notebook_features(nb, core_only=True).code_cells == 0
    assert lesson_time.notebook_features(nb).words == 4


def test_every_lesson_of_every_core_fits_45_minutes_with_a_margin():
    path = learning_path()
    over = []
    for nb_path in NOTEBOOKS:
        number = nb_path.name[:2]
        lessons, run = path[number]
        per_lesson = lesson_time.lesson_minutes(load(nb_path), run)
        marked = len(per_lesson)
        assert marked == lessons, f"{number}: {marked} lessons marked, the path says {lessons}"
        for k, got in enumerate(per_lesson, start=1):
            if got > lesson_time.BUDGET:
                over.append(
                    f"{number} lesson {k}: {got:.1f} min, {got - lesson_time.BUDGET:.1f} min over the budget"
                )
    assert not over, over


def test_a_lesson_tag_opens_a_new_lesson():
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# T\n\none two"),
        nbformat.v4.new_markdown_cell("## 2. B\n\nthree", metadata={"tags": ["lesson-2"]}),
        nbformat.v4.new_code_cell("x = 1"),
    ]
    parts = lesson_time.lesson_parts(nb)
    assert [len(p["cells"]) for p in parts] == [1, 2]
    first, second = lesson_time.lesson_minutes(nb, run_seconds=60)
    w, pace = lesson_time.WEIGHTS, lesson_time.PACE
    assert first == pytest.approx(pace * (3 * w["words"] + lesson_time.LESSON_OVERHEAD) + 1)
    assert second == pytest.approx(
        pace * (2 * w["words"] + w["code_cells"] + w["code_lines"] + lesson_time.LESSON_OVERHEAD + 6)
    )
    assert sum((first, second)) == pytest.approx(lesson_time.minutes(nb, True, 60, lessons=2))


def test_the_learning_path_states_each_lessons_core_and_the_whole_notebooks_time():
    path = learning_path()
    rows = lesson_time.table_rows(README.read_text(encoding="utf-8"), "core")
    wrong = []
    for nb_path in NOTEBOOKS:
        number = nb_path.name[:2]
        row, (lessons, run) = rows[number], path[number]
        nb = load(nb_path)
        stated = stated_minutes(row["core"])
        model = lesson_time.lesson_minutes(nb, run)
        if len(stated) != len(model) or any(abs(a - b) > 2.5 for a, b in zip(stated, model, strict=False)):
            shown = " + ".join(f"{m:.0f}" for m in model)
            wrong.append(f"{number} core: says {row['core']}, the model gives {shown} min")
        whole = lesson_time.minutes(nb, False, run, lessons)
        if abs(stated_minutes(row["whole notebook"])[0] - whole) > 2.5:
            said = row["whole notebook"]
            wrong.append(f"{number} whole notebook: says {said}, the model gives {whole:.0f} min")
    assert not wrong, wrong


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_going_further_is_marked_where_it_starts_and_ends_at_a_section(path):
    nb = load(path)
    assert lesson_time.further_runs(nb), f"{path.name}: no cell is marked going further"
    assert lesson_time.run_problems(nb) == []


def marks(nb: dict) -> dict[str, bool]:
    return {c["id"]: lesson_time.is_further(c) for c in nb["cells"]}


@pytest.mark.parametrize("path", EDITIONS, ids=lambda p: f"{p.parent.name}-{p.name[:2]}")
def test_an_edition_marks_the_same_cells_going_further(path):
    assert marks(load(path)) == marks(load(ROOT / "notebooks" / path.name))


@pytest.mark.parametrize("path", NOTEBOOKS + EDITIONS, ids=lambda p: f"{p.parent.name}-{p.name[:2]}")
def test_no_cell_keeps_the_retired_late_tag(path):
    """The parts once tagged ``late`` (a part to drop when a class runs late) went further in issue 32's
    sixth round: a core is what a class covers, all of it."""
    assert not [i for i, c in enumerate(load(path)["cells"]) if "late" in c["metadata"].get("tags", [])]


def test_the_run_checks_catch_an_unmarked_run_and_a_run_that_ends_mid_section():
    further = {"tags": ["further"]}
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("## 1. Core"),
        nbformat.v4.new_code_cell("x = 1", metadata=further),
        nbformat.v4.new_code_cell("y = 2"),
    ]
    problems = lesson_time.run_problems(nb)
    assert any("no '> **Going further**'" in p for p in problems)
    assert any("no heading" in p for p in problems)
    nb.cells[1:2] = [
        nbformat.v4.new_markdown_cell(
            "## 2. Extra\n\n> **Going further.** This section ...", metadata=further
        ),
        nbformat.v4.new_code_cell("x = 1", metadata=further),
    ]
    nb.cells[-1] = nbformat.v4.new_markdown_cell("## Summary")
    assert lesson_time.run_problems(nb) == []


def test_core_only_keeps_the_order_and_drops_the_further_cells():
    nb = load(NOTEBOOKS[0])
    core = lesson_time.core_only(nb)
    assert [c["id"] for c in core["cells"]] == [c["id"] for c in nb["cells"] if not lesson_time.is_further(c)]
    assert len(nb["cells"]) > len(core["cells"])


def test_the_student_pages_can_be_built_from_the_core_alone(tmp_path):
    import html

    import make_handouts

    nb_path = NOTEBOOKS[0]
    nb = load(nb_path)

    def words(text: str) -> str:
        return " ".join(html.unescape(re.sub(r"<[^>]+>", "", text)).split())

    core_text = " ".join(words("".join(c["source"])) for c in nb["cells"] if not lesson_time.is_further(c))
    dropped = next(
        line
        for c in nb["cells"]
        if lesson_time.is_further(c) and c["cell_type"] == "code"
        for line in map(words, "".join(c["source"]).splitlines())
        if len(line) > 12 and line not in core_text
    )
    assert make_handouts.main([str(nb_path), "--out", str(tmp_path), "--parts", "student", "--core"]) == 0
    page = words((tmp_path / "student" / f"{nb_path.stem}.html").read_text(encoding="utf-8"))
    assert "not part of the lesson's core" not in page and dropped not in page
    assert make_handouts.main([str(nb_path), "--out", str(tmp_path / "all"), "--parts", "student"]) == 0
    whole = words((tmp_path / "all" / "student" / f"{nb_path.stem}.html").read_text(encoding="utf-8"))
    assert "not part of the lesson's core" in whole and dropped in whole


def _bound_and_loaded(source: str) -> tuple[set[str], set[str]]:
    """Names a code cell binds (assignments, imports, defs, loop targets) and names it reads."""
    import ast

    lines = [line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))]
    tree = ast.parse("\n".join(lines))
    bound, loaded = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.FunctionDef | ast.ClassDef | ast.AsyncFunctionDef):
            bound.add(node.name)
            bound.update(a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
    return bound, loaded


def core_reads_further(nb: dict, skipped=lesson_time.is_further) -> list[str]:
    """Core cells that read a name only a skipped cell (going further, by default) defines."""
    core_names: set[str] = set()
    further_only: dict[str, int] = {}
    missing = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        bound, loaded = _bound_and_loaded("".join(cell["source"]))
        if skipped(cell):
            further_only.update({name: i for name in bound - core_names})
            continue
        for name in sorted(loaded - bound - core_names):
            if name in further_only:
                missing.append(f"cell {i} reads {name!r}, set in skipped cell {further_only[name]}")
        core_names |= bound
    return missing


def test_the_core_check_finds_a_name_only_a_skipped_cell_sets():
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("import numpy as np\nx = np.ones(3)"),
        nbformat.v4.new_code_cell("y = x + 1\ndef f(k):\n    return k", metadata={"tags": ["further"]}),
        nbformat.v4.new_code_cell("print(x, f(2), [k for k in range(3)])"),
    ]
    assert core_reads_further(nb) == ["cell 2 reads 'f', set in skipped cell 1"]
    nb.cells[1].metadata["tags"] = []
    assert core_reads_further(nb) == []


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_the_core_runs_without_the_going_further_cells(path):
    """A class that skips every going-further cell can still run the core in order."""
    assert core_reads_further(load(path)) == []


def test_the_learning_path_reader_refuses_a_row_it_cannot_read():
    table = "| notebook | lessons | runs in |\n|---|---|---|\n| 00 What | 45 min | 9 s |\n"
    assert lesson_time.learning_path(table) == {"00": (1, 9.0)}
    with pytest.raises(ValueError, match="notebook 01"):
        lesson_time.learning_path(table + "| 01 Walk | an hour | 12 s |\n")
