"""The notebooks' exercises as an nbgrader course: one assignment per notebook and language (issue 33).

``make assignments`` (or ``python classroom/assignments.py --course DIR [--class CLASS.csv]``) writes, in
nbgrader's standard layout, ``DIR/source/<assignment>/<notebook>.ipynb`` for each notebook 00-08 in each
language of the class list (English alone without one), and ``DIR/nbgrader_config.py``. An assignment is
named after its notebook, with the language after an underscore for an edition: ``01_siamese_walk``,
``01_siamese_walk_uk``.

An assignment notebook is the notebook's core (the going-further cells left out: no exercise needs them,
``tests/test_lesson_time.py`` checks that the core runs without them), every cell of it locked, and then
its exercises, each as nbgrader cells whose ``grade_id`` is also the cell's id:

- ``ask_NN_k``: the exercise as the notebook states it (locked; the folded solution left out);
- ``answer_NN_k`` (for an exercise that ``magiclib.exercises.check`` knows): the student's code, which
  sets ``answer_k``; in the teacher's copy, the notebook's folded solution between nbgrader's solution
  markers, ending ``answer_k = <what the solution passes to check>``;
- ``test_NN_k``: 2 points, autograded: it shows ``check("NN.k", answer_k)``, the same checker the
  notebook's *Check yourself* line calls (one source of truth), and asserts it in a hidden test;
- ``work_NN_k`` (for an exercise without a checker): an empty code cell to work in, not graded;
- ``explain_NN_k`` (for an exercise that asks why, or that has no checker): 2 points, graded by the
  teacher; the teacher's copy holds the notebook's folded explanation as the model answer.

``nbgrader generate_assignment`` then replaces the solutions by a stub in the student's language
(`stubs`) and strips the hidden tests: no solution reaches a student's copy.
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LANGUAGES = ("en", "uk", "es", "zh")
COURSE_ID = "magic-squares"
POINTS = 2
#: How the exercises section opens, and how each exercise's statement opens: "**3.** ...".
EXERCISES = re.compile(r"^## Exercises\s*$", re.M)
NUMBERED = re.compile(r"^\*\*(\d+)\.\*\*")
#: The line of a folded solution that checks its answer: ``assert [magiclib.exercises.]check("NN.k", EXPR)``.
CHECK_LINE = re.compile(r'^assert (?:magiclib\.exercises\.)?check\("(\d\d\.\d+)", (.+)\)\s*$', re.M)
#: An exercise that asks for a reason gets a cell for it, graded by the teacher.
ASKS_WHY = re.compile(r"\b(why|explain|show that|prove)\b", re.I)
DETAILS = re.compile(r"\n*<details>.*?</details>\s*", re.S)
SUMMARY_LINE = re.compile(r"^<details><summary>[^<]*</summary>\s*", re.S)


@dataclass(frozen=True)
class Exercise:
    number: int
    statement_ids: tuple[str, ...]  # the Markdown cells that state it (an edition has the same ids)
    list_item: bool  # its statement opens with item `number` of a numbered list in the Exercises cell
    solution_id: str  # its folded solution's code cell
    check_id: str | None  # "NN.k" when magiclib.exercises.check knows it
    expression: str | None  # what the folded solution passes to check
    asks_why: bool


def _source(cell: dict) -> str:
    src = cell["source"]
    return src if isinstance(src, str) else "".join(src)


def exercises_start(nb: dict) -> int:
    """The index of the cell of a notebook that holds its ``## Exercises`` heading (English)."""
    return next(
        i for i, c in enumerate(nb["cells"]) if c["cell_type"] == "markdown" and EXERCISES.search(_source(c))
    )


def after_heading(text: str, english: bool = True) -> str:
    """What a cell says after its ``## Exercises`` heading (an edition's heading is translated: there, what
    follows the last level-2 heading)."""
    if english:
        return text[EXERCISES.search(text).end() :].strip()
    return re.split(r"^## .*$", text, flags=re.M)[-1].strip()


def list_items(text: str) -> dict[int, str]:
    """The items of a numbered Markdown list ``1. ...`` (continuation lines indented), by number."""
    items: dict[int, list[str]] = {}
    current = None
    for line in text.split("\n"):
        m = re.match(r"^(\d+)\. ", line)
        if m:
            current = int(m.group(1))
            items[current] = [line]
        elif current is not None and (line.startswith(" ") or not line.strip()):
            items[current].append(line)
        else:
            current = None
    return {k: "\n".join(v).strip() for k, v in items.items()}


def plan(nb: dict) -> list[Exercise]:
    """The exercises of an English notebook, in order. The k-th folded solution (a code cell tagged
    ``solution``) after the ``## Exercises`` heading is exercise k's; its statement is the Markdown
    between it and the solution before (and item k of a numbered list in the Exercises cell, if any)."""
    cells = nb["cells"]
    start = exercises_start(nb)
    listed = list_items(after_heading(_source(cells[start])))
    found: list[Exercise] = []
    statement: list[str] = [cells[start]["id"]] if not listed and after_heading(_source(cells[start])) else []
    for cell in cells[start + 1 :]:
        text = _source(cell)
        if cell["cell_type"] == "markdown" and text.startswith("## "):
            break  # References
        if cell["cell_type"] == "markdown":
            statement.append(cell["id"])
            continue
        if "solution" not in cell["metadata"].get("tags", []):
            continue
        k = len(found) + 1
        check = CHECK_LINE.search(text)
        words = listed.get(k, "") + " ".join(_source(c) for c in cells if c["id"] in statement)
        found.append(
            Exercise(
                number=k,
                statement_ids=tuple(statement),
                list_item=k in listed,
                solution_id=cell["id"],
                check_id=check.group(1) if check else None,
                expression=check.group(2) if check else None,
                asks_why=bool(ASKS_WHY.search(DETAILS.sub("", words))) or check is None,
            )
        )
        if check:
            assert check.group(1) == f"{found[-1].check_id[:2]}.{k}", f"solution {k} checks {check.group(1)}"
        statement = []
    return found


def _grade(cell: dict, grade_id: str, *, locked: bool, solution: bool = False, grade: bool = False) -> dict:
    cell["id"] = grade_id.replace(".", "_")
    meta = {
        "grade": grade,
        "grade_id": cell["id"],
        "locked": locked,
        "schema_version": 3,
        "solution": solution,
    }
    if grade:
        meta["points"] = POINTS
    cell["metadata"] = {"nbgrader": meta}
    if cell["cell_type"] == "code":
        cell["outputs"], cell["execution_count"] = [], None
    return cell


def _markdown(text: str) -> dict:
    return {"cell_type": "markdown", "id": "", "metadata": {}, "source": text}


def _code(text: str) -> dict:
    return {
        "cell_type": "code",
        "id": "",
        "metadata": {},
        "source": text,
        "outputs": [],
        "execution_count": None,
    }


def _messages(lang: str) -> dict[str, str]:
    from magiclib import exercises as ex
    from magiclib.i18n import _, current_language, use_language

    before = current_language()
    use_language(lang)
    try:
        return {
            "header": _(ex.ANSWER_HEADER),
            "explain": _(ex.EXPLAIN_HEADER),
            "code_stub": _(ex.CODE_STUB),
            "text_stub": _(ex.TEXT_STUB),
        }
    finally:
        use_language(before)


def stubs(lang: str) -> list[str]:
    """nbgrader's command-line options that replace a solution by the student's stub in ``lang`` (a
    command line gives ``code_stub`` as a string, which nbgrader 0.9 takes as Python's stub, and says so
    in a warning: its command-line parser does not read a dictionary for it)."""
    words = _messages(lang)
    return [
        "--ClearSolutions.code_stub=" + words["code_stub"],
        "--ClearSolutions.text_stub=" + words["text_stub"],
    ]


def _split_start(text: str, english: bool) -> tuple[str, str, str]:
    """A cell holding the ``## Exercises`` heading, cut into (what comes before the heading, the heading
    line, what follows it)."""
    heads = list(re.finditer(r"^## .*$", text, flags=re.M))
    head = next(m for m in heads if EXERCISES.match(m.group(0))) if english else heads[-1]
    return text[: head.start()].strip(), head.group(0), text[head.end() :].strip()


def _model_answer(texts: list[str]) -> str:
    """The folded explanation (``<details>``) among an exercise's Markdown, without its fold."""
    for text in texts:
        m = DETAILS.search(text)
        if m:
            return SUMMARY_LINE.sub("", m.group(0).strip()).removesuffix("</details>").strip()
    return ""


def _test_source(check_id: str, k: int) -> str:
    return (
        "from magiclib.exercises import check\n\n"
        f'display(check("{check_id}", answer_{k}))  # ✓ or ✗, and why\n'
        "### BEGIN HIDDEN TESTS\n"
        "import importlib\n\n"
        "import magiclib.exercises\n\n"
        "importlib.reload(magiclib.exercises)  # the checker as installed, not as a cell changed it\n"
        f'assert magiclib.exercises.check("{check_id}", answer_{k})\n'
        "### END HIDDEN TESTS"
    )


def assignment(english: dict, edition: dict, number: str, lang: str = "en") -> dict:
    """The teacher's (source) copy of one notebook's assignment, in the language of ``edition`` (the
    English notebook itself for English; an edition has the English cells' ids)."""
    words = _messages(lang)
    exercises = plan(english)
    cells = {c["id"]: c for c in edition["cells"]}
    start_id = english["cells"][exercises_start(english)]["id"]
    start = next(i for i, c in enumerate(edition["cells"]) if c["id"] == start_id)
    before, heading, rest = _split_start(_source(edition["cells"][start]), lang == "en")
    _, _, english_rest = _split_start(_source(english["cells"][exercises_start(english)]), True)
    listed = list_items(rest)
    starts_exercise_1 = bool(english_rest) and not list_items(english_rest) and NUMBERED.match(english_rest)
    intro = "" if listed or starts_exercise_1 else rest
    out: list[dict] = []
    for i, cell in enumerate(edition["cells"][:start]):
        if "further" not in cell["metadata"].get("tags", []):
            out.append(_grade(copy.deepcopy(cell), f"lesson_{i}", locked=True))
    if before:
        out.append(_grade(_markdown(before), f"lesson_{start}", locked=True))
    out.append(_grade(_markdown(f"{heading}\n\n{intro}".strip()), "exercises", locked=True))
    out.append(_grade(_markdown(words["header"]), "instructions", locked=True))
    for ex in exercises:
        k, tag = ex.number, f"{number}_{ex.number}"
        texts = [rest if i == start_id else _source(cells[i]) for i in ex.statement_ids]
        texts = [t for t in texts if t and not (t is rest and intro)]
        if ex.list_item:
            texts.insert(0, listed.get(k, ""))
        ask = "\n\n".join(DETAILS.sub("\n", t).strip() for t in texts).strip()
        out.append(_grade(_markdown(ask), f"ask_{tag}", locked=True))
        if ex.check_id:
            solution = _source(cells[ex.solution_id])
            body = CHECK_LINE.sub(lambda m, k=k: f"answer_{k} = {m.group(2)}", solution).rstrip()
            code = _code(f"### BEGIN SOLUTION\n{body}\n### END SOLUTION")
            out.append(_grade(code, f"answer_{tag}", locked=False, solution=True))
            out.append(_grade(_code(_test_source(ex.check_id, k)), f"test_{tag}", locked=True, grade=True))
        else:  # a cell to work in, not graded (the explanation below is)
            out.append(_code("") | {"id": f"work_{tag}"})
        if ex.asks_why:
            answer = _markdown(_model_answer(texts) or words["text_stub"])
            out.append(_grade(_markdown(words["explain"]), f"explain_ask_{tag}", locked=True))
            out.append(_grade(answer, f"explain_{tag}", locked=False, solution=True, grade=True))
    nb = {"cells": out, "metadata": copy.deepcopy(edition["metadata"]), "nbformat": 4, "nbformat_minor": 5}
    nb["metadata"].pop("widgets", None)
    return nb


def name(path: Path, lang: str) -> str:
    return path.stem if lang == "en" else f"{path.stem}_{lang}"


def edition_path(path: Path, lang: str) -> Path:
    return path if lang == "en" else path.parent / lang / path.name


#: nbgrader's autograde steps after the code has run (its defaults, 0.9.6), with the course's two added
#: after its line limit: classroom/nbgrader_limits.py.
AUTOGRADE_STEPS = [
    "nbgrader.preprocessors.Execute",
    "nbgrader.preprocessors.IgnorePattern",
    "nbconvert.preprocessors.ClearMetadataPreprocessor",
    "nbgrader.preprocessors.LimitOutput",
    "classroom.nbgrader_limits.TruncateOutput",
    "classroom.nbgrader_limits.SanitizeForGrading",
    "nbgrader.preprocessors.SaveAutoGrades",
    "nbgrader.preprocessors.AssignLatePenalties",
    "nbgrader.preprocessors.CheckCellMetadata",
]


def config_text(course: Path, exchange: Path) -> str:
    return f"""# Written by classroom/assignments.py (make assignments): the course's nbgrader settings.
import sys

sys.path.insert(0, {str(ROOT)!r})  # classroom.nbgrader_limits
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = {COURSE_ID!r}
c.CourseDirectory.root = {str(course)!r}
c.Exchange.root = {str(exchange)!r}
c.Autograde.autograde_preprocessors = {AUTOGRADE_STEPS!r}
# A submission's cell may loop: nbgrader stops it after this many seconds (classroom/grading.py passes its
# own, CELL_TIMEOUT, when it autogrades).
c.Execute.timeout = 120
"""


def build(
    course: Path, langs: list[str], numbers: list[str] | None = None, exchange: Path | None = None
) -> list[Path]:
    """Write the course's source assignments and its nbgrader_config.py; returns the notebooks written."""
    written = []
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        if numbers and path.name[:2] not in numbers:
            continue
        english = json.loads(path.read_text(encoding="utf-8"))
        for lang in langs:
            edition = json.loads(edition_path(path, lang).read_text(encoding="utf-8"))
            nb = assignment(english, edition, path.name[:2], lang)
            out = course / "source" / name(path, lang) / path.name
            out.parent.mkdir(parents=True, exist_ok=True)
            nbformat.write(nbformat.reads(json.dumps(nb), as_version=4), out)
            written.append(out)
    course.mkdir(parents=True, exist_ok=True)
    (course / "nbgrader_config.py").write_text(
        config_text(course.resolve(), exchange or Path("/srv/nbgrader/exchange"))
    )
    return written


def class_languages(class_csv: Path) -> list[str]:
    from classroom import classlist

    students = classlist.parse(class_csv.read_text(encoding="utf-8").splitlines(), source=str(class_csv))
    found = {s.language for s in students}
    return [lang for lang in LANGUAGES if lang in found]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--course", type=Path, default=ROOT / "build" / "course")
    parser.add_argument(
        "--class", dest="class_csv", type=Path, help="the class list: its students' languages"
    )
    parser.add_argument("--lang", action="append", choices=LANGUAGES, help="a language (repeatable)")
    parser.add_argument("--exchange", type=Path, default=Path("/srv/nbgrader/exchange"))
    parser.add_argument("numbers", nargs="*", help="notebook numbers (default: all)")
    args = parser.parse_args(argv)
    langs = args.lang or (class_languages(args.class_csv) if args.class_csv else ["en"])
    written = build(args.course, langs, args.numbers, args.exchange)
    print(f"{len(written)} assignment notebooks in {args.course / 'source'} ({', '.join(langs)})")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
