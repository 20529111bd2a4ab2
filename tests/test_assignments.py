"""classroom/assignments.py: every notebook's exercises become an nbgrader assignment in every language, whose
hidden tests call the notebook's own checker (one source of truth), and 01's runs: the folded solution scores
every point, a wrong answer none. nbgrader itself (generate, autograde) is tested on the classroom server:
tests/test_grading.py."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from classroom import assignments
from magiclib import exercises as ex

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    course = tmp_path_factory.mktemp("course")
    assignments.build(course, list(assignments.LANGUAGES), exchange=course / "exchange")
    return course


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def meta(cell: dict) -> dict:
    return cell["metadata"]["nbgrader"]


def source(cell: dict) -> str:
    return assignments._source(cell)


@pytest.mark.parametrize("lang", assignments.LANGUAGES)
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_each_notebook_and_language_is_an_assignment_with_graded_exercises(course, path, lang):
    nb = load(course / "source" / assignments.name(path, lang) / path.name)
    nbformat.validate(nbformat.from_dict(nb))
    work = [c for c in nb["cells"] if c["id"].startswith("work_")]
    assert all(c["cell_type"] == "code" and "nbgrader" not in c["metadata"] for c in work)
    nb["cells"] = [c for c in nb["cells"] if c not in work]
    ids = [meta(c)["grade_id"] for c in nb["cells"]]
    assert len(ids) == len(set(ids)) and ids == [c["id"] for c in nb["cells"]]
    assert all(re.fullmatch(r"[A-Za-z0-9_-]+", i) for i in ids)
    tags = [t for c in nb["cells"] for t in c["metadata"].get("tags", [])]
    assert "further" not in tags and "solution" not in tags  # nbgrader's metadata only
    plan = assignments.plan(load(path))
    number = path.name[:2]
    for e in plan:
        tag = f"{number}_{e.number}"
        assert f"ask_{tag}" in ids
        if e.check_id:
            test = next(c for c in nb["cells"] if c["id"] == f"test_{tag}")
            assert meta(test) | {"points": 2} == meta(test) and meta(test)["grade"] and meta(test)["locked"]
            assert f'check("{e.check_id}", answer_{e.number})' in source(test)
            assert "### BEGIN HIDDEN TESTS" in source(test)
        else:
            assert f"work_{tag}" in [c["id"] for c in work]
        if e.asks_why:
            answer = next(c for c in nb["cells"] if c["id"] == f"explain_{tag}")
            assert meta(answer)["solution"] and meta(answer)["grade"] and meta(answer)["points"] == 2
            assert answer["cell_type"] == "markdown"
    graded = [c for c in nb["cells"] if meta(c)["grade"]]
    assert graded and all(not meta(c)["locked"] or c["cell_type"] == "code" for c in graded)
    # every cell a student may not change is locked; only answers are open
    assert all(meta(c)["locked"] != meta(c)["solution"] for c in nb["cells"])


def test_every_checker_is_graded_once_and_nothing_else_is_autograded():
    """One source of truth: the checkers `check()` knows are exactly the exercises the assignments grade
    automatically."""
    graded = [e.check_id for path in NOTEBOOKS for e in assignments.plan(load(path)) if e.check_id]
    assert graded == ex.exercises()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_the_answer_is_the_folded_solution_ending_with_what_it_checks(course, path):
    """The teacher's answer cell is the notebook's folded solution, whose ``assert check("NN.k", x)`` nbval
    runs on every notebook, with that line turned into ``answer_k = x``: the test cell's ``check`` gets the
    very value the notebook's own check accepted."""
    english = load(path)
    cells = {c["id"]: c for c in english["cells"]}
    nb = load(course / "source" / path.stem / path.name)
    for e in assignments.plan(english):
        if not e.check_id:
            continue
        answer = source(next(c for c in nb["cells"] if c["id"] == f"answer_{path.name[:2]}_{e.number}"))
        solution = source(cells[e.solution_id])
        assert f'check("{e.check_id}", {e.expression})' in solution
        assert answer.startswith("### BEGIN SOLUTION\n") and answer.endswith("\n### END SOLUTION")
        assert answer.count(f"answer_{e.number} = {e.expression}") == 1


@pytest.mark.parametrize("ident", ex.exercises())
def test_every_hidden_test_rejects_a_missing_answer(ident):
    assert not ex.check(ident, None) and not ex.check(ident, 0.5)


def test_no_folded_solution_outside_the_markers_nbgrader_strips(course):
    """nbgrader removes what lies between the solution markers, the hidden tests and every Markdown
    solution cell: the folded solutions' code and explanations appear nowhere else."""
    for path in NOTEBOOKS:
        english = load(path)
        solutions = [source(c) for c in english["cells"] if "solution" in c["metadata"].get("tags", [])]
        nb = load(course / "source" / path.stem / path.name)
        seen = ""
        for c in nb["cells"]:
            if "nbgrader" in c["metadata"] and meta(c)["solution"] and c["cell_type"] == "markdown":
                continue
            text = re.sub(r"### BEGIN SOLUTION.*?### END SOLUTION", "", source(c), flags=re.S)
            seen += re.sub(r"### BEGIN HIDDEN TESTS.*?### END HIDDEN TESTS", "", text, flags=re.S)
        for sol in solutions:
            longest = max(sol.split("\n"), key=len)
            assert longest.strip() not in seen, (path.name, longest)
        assert "<summary>Solution" not in seen


def test_the_stubs_and_prompts_are_in_the_students_language():
    words = {lang: assignments._messages(lang) for lang in assignments.LANGUAGES}
    for lang in ("uk", "es", "zh"):
        for key in ("header", "explain", "code_stub", "text_stub"):
            assert words[lang][key] != words["en"][key], (lang, key)
        assert words[lang]["code_stub"].endswith("raise NotImplementedError()")
        assert "answer_1" in words[lang]["header"]
    assert assignments.stubs("uk")[0] == "--ClearSolutions.code_stub=" + words["uk"]["code_stub"]


def test_the_course_config_is_python_that_nbgrader_reads(course):
    """nbgrader ignores a config file it cannot run, without a word: run it the way it does."""

    class Section(dict):
        def __getattr__(self, key):
            return self.setdefault(key, Section())

        def __setattr__(self, key, value):
            self[key] = value

    config = Section()
    exec(
        compile((course / "nbgrader_config.py").read_text(), "nbgrader_config.py", "exec"),
        {"get_config": lambda: config},
    )
    assert config.CourseDirectory.course_id == assignments.COURSE_ID
    assert Path(config.CourseDirectory.root) == course.resolve()
    assert Path(config.Exchange.root) == course / "exchange"


def run(nb: dict) -> dict:
    nb = nbformat.reads(json.dumps(nb), as_version=4)
    NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(ROOT / "notebooks")}},
    ).execute()
    return nb


def errors(nb) -> dict[str, str]:
    return {
        c.id: o.ename
        for c in nb.cells
        if c.cell_type == "code"
        for o in c.outputs
        if o.output_type == "error"
    }


def test_01_right_answers_score_and_wrong_ones_do_not(course):
    """The Siamese walk's assignment, run as nbgrader's autograder runs it (the teacher's copy is what a
    perfect student would submit): every test passes; with every answer wrong, every test fails."""
    path = next(p for p in NOTEBOOKS if p.name.startswith("01"))
    nb = load(course / "source" / path.stem / path.name)
    right = run(nb)
    assert errors(right) == {}
    shown = [o for c in right.cells if c.id.startswith("test_") for o in c.outputs]
    assert len(shown) == 4 and all(o["data"]["text/plain"].startswith("✓ ") for o in shown)
    wrong = copy.deepcopy(nb)
    for c in wrong["cells"]:
        if c["id"].startswith("answer_"):
            c["source"] = f"answer_{c['id'].rsplit('_', 1)[1]} = None"
    assert errors(run(wrong)) == {f"test_01_{k}": "AssertionError" for k in range(1, 5)}


def test_grading_takes_the_course_and_the_teacher_from_the_environment(monkeypatch, capsys):
    """A teacher sets COURSE_DIR and TEACHER once (docs/teachers.md); flags still win; an unknown account is
    refused before any step runs."""
    from classroom import grading

    monkeypatch.delenv("TEACHER", raising=False)
    monkeypatch.delenv("COURSE_DIR", raising=False)
    args = grading.arguments(["export"])
    assert args.course == ROOT / "build" / "course" and args.teacher is None
    monkeypatch.setenv("COURSE_DIR", "/home/t/course")
    monkeypatch.setenv("TEACHER", "root")
    args = grading.arguments(["release", "01_siamese_walk"])
    assert (args.course, args.teacher, args.names) == (Path("/home/t/course"), "root", ["01_siamese_walk"])
    assert grading.arguments(["export", "--course", "/elsewhere"]).course == Path("/elsewhere")
    monkeypatch.setenv("TEACHER", "no-such-account-here")
    with pytest.raises(SystemExit):
        grading.arguments(["export"])
    assert "no account 'no-such-account-here'" in capsys.readouterr().err
