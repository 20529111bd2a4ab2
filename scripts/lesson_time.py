"""How long a notebook takes to teach: the model behind the learning path's lesson times.

A notebook's **core** is what a class covers in its lessons (45 minutes each); every cell tagged
``further`` is outside it ("going further": kept for the reader at home, skipped in class). Each run of
``further`` cells opens with a visible "Going further" line, so that a teacher sees at a glance what to
skip, and ends where a numbered section (or the Summary) begins.

Every lesson is timed on its own: a two-lesson notebook's second lesson opens at the cell tagged
``lesson-2``. The time of a lesson is a sum over what a class does with its core cells, weights in
`WEIGHTS`:

- prose read and explained on a projector, per word (maths spans counted apart, since a formula is
  worked through, not read);
- each code cell shown and run, plus each of its lines read and explained;
- each **Predict** pause (ask, wait, reveal);
- each figure or player shown;
- opening and closing the lesson (goals, questions, homework);
- in the first lesson, the Run All time of the whole notebook, from the learning path (an upper bound for
  the core's); in the last, one exercise tried in class (the others are homework).

Three teachers' readings calibrate the model (issue 32), and `CALIBRATION` records the features of what
each read (``python scripts/lesson_time.py calibrate`` wrote them):

- the first read the whole notebooks as stored at commit ``a578bd2``: 00, 01, 02, 03, 04, 06 and 08 needed
  two lessons each, 05 and 07 three;
- the second, a fresh teacher, read the cores as stored at ``43d8e77`` lesson by lesson (`CORES_READ`:
  45-60 minutes for most first lessons);
- the third, another fresh teacher, read the cores as cut after that reading (``fecec9c``, `THIRD_READ`):
  most lessons 3-12 minutes over 45, where the weights alone said 42-45.

Teachers differ by ten minutes on the same page, and each reader was slower than the one before. The model
follows the slowest: `WEIGHTS` (fitted to the second reading) times `PACE`, fitted to the third reading
lesson by lesson (the largest gap, 3.2 minutes beyond a reading's range, is within `TOLERANCE`). It is
nowhere below the first two readings. ``tests/test_lesson_time.py`` checks all three, and that every lesson
of every core fits `BUDGET`.

Teachers differ, and the fresh readers of the cores as stored at ``f6af32a`` (issue 32's fifth round)
found most lessons fitting only once the part then tagged ``late`` (a part a class could drop)
was dropped. So those parts went further, and every lesson of every core must now fit `BUDGET`: the 45
minutes less `MARGIN`, room for a class slower than the model.

    python scripts/lesson_time.py            # per notebook: core and whole-notebook minutes
    python scripts/lesson_time.py --cells NB # per section of one notebook: minutes, core or further
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass, fields
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
CALIBRATION = Path(__file__).with_name("lesson_time_calibration.json")
LESSON = 45
#: The tag of a cell outside the core.
FURTHER = "further"
#: The tag of the cell that opens a notebook's second (third) lesson.
LESSON_TAG = re.compile(r"lesson-([23])")
#: How a run of ``further`` cells opens (English; an edition's cells carry the same tags).
MARKER = re.compile(r"^\s*>\s*\*\*Going further\b")

#: Minutes per unit of each feature. See the module's docstring for how they were calibrated.
WEIGHTS: dict[str, float] = {
    "words": 1 / 120,  # 120 words a minute, read and explained
    "symbols": 0.25,  # a formula's symbol worked through on the board: 15 s
    "code_cells": 0.5,  # shown and run
    "code_lines": 0.12,  # read and explained: about 7 s a line
    "predictions": 1.0,  # ask, wait, reveal
    "figures": 0.5,  # shown and explained
}
EXERCISE_MINUTES = 6.0
#: How much longer the slowest reader's class takes than `WEIGHTS` say: every minute of a lesson but Run
#: All (a measured time) is multiplied by it. Fitted to `THIRD_READ`.
PACE = 9 / 8
#: Minutes a lesson's core leaves free for a class slower than the model, and what a core may fill.
MARGIN = 3.5
BUDGET = LESSON - MARGIN
#: Opening a lesson (its goals) and closing it (questions, the homework), per 45-minute lesson.
LESSON_OVERHEAD = 4.0
#: How far (minutes) the model may lie outside a teacher's reading of a lesson (`CORES_READ`).
TOLERANCE = 6.0

SECTION = re.compile(r"^(#{1,3})\s+(.*)$", re.M)
DETAILS = re.compile(r"<details\b.*?</details>", re.S)
CODE_SPAN = re.compile(r"`[^`]*`")
TAG = re.compile(r"<[^>]+>")
#: What makes a formula: relations, operators, powers, and their LaTeX names.
SYMBOL = re.compile(
    r"[=+−×·÷²³⊂⊆⊥∈≤≥≠≡∑Πλ→<>^]"
    r"|\\(?:cdot|sum|times|le|ge|neq|equiv|subset|perp|in|lambda|Pi|frac)\b"
)
PICTURE = ("image/png", "image/svg+xml", "application/vnd.jupyter.widget-view+json")


@dataclass
class Features:
    words: int = 0
    symbols: int = 0
    code_cells: int = 0
    code_lines: int = 0
    predictions: int = 0
    figures: int = 0

    def __add__(self, other: Features) -> Features:
        return Features(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    def minutes(self) -> float:
        """Minutes at `PACE`."""
        return PACE * sum(WEIGHTS[f.name] * getattr(self, f.name) for f in fields(self))


def is_further(cell: dict) -> bool:
    return FURTHER in cell.get("metadata", {}).get("tags", [])


def _markdown_features(text: str) -> Features:
    predictions = text.count("**Predict")
    text = TAG.sub(" ", CODE_SPAN.sub(" ", DETAILS.sub("", text)))
    words = len(re.findall(r"[^\W\d_]+", text))
    return Features(words=words, symbols=len(SYMBOL.findall(text)), predictions=predictions)


def _code_features(cell: dict) -> Features:
    lines = [line for line in "".join(cell["source"]).splitlines() if line.strip()]
    figures = sum(1 for out in cell.get("outputs", []) if any(k in out.get("data", {}) for k in PICTURE))
    return Features(code_cells=1, code_lines=len(lines), figures=figures)


def sections(nb: dict) -> list[tuple[str, bool, Features]]:
    """(heading, in the core, features) for every part of the notebook a class may teach: the cells
    from one heading to the next, the Exercises and References left out (one exercise is counted apart)."""
    out: list[tuple[str, bool, Features]] = []
    heading, skip = "(top)", False
    for cell in nb["cells"]:
        source = "".join(cell["source"])
        core = not is_further(cell)
        if cell["cell_type"] == "markdown":
            parts = [(heading, 0)] + [(m.group(2).strip(), m.start()) for m in SECTION.finditer(source)]
            ends = [start for _, start in parts[1:]] + [len(source)]
            for (name, start), end in zip(parts, ends, strict=True):
                if name != heading:
                    heading = name
                    skip = heading.startswith(("Exercises", "References"))
                if not skip and end > start:
                    out.append((heading, core, _markdown_features(source[start:end])))
        elif not skip:
            out.append((heading, core, _code_features(cell)))
    return out


def notebook_features(nb: dict, core_only: bool = False) -> Features:
    total = Features()
    for _, core, feats in sections(nb):
        if core or not core_only:
            total = total + feats
    return total


def _overhead(lessons: int, run_seconds: float) -> float:
    """What a notebook costs besides its cells: one exercise, each lesson's opening and closing, Run All."""
    return PACE * (EXERCISE_MINUTES + LESSON_OVERHEAD * lessons) + run_seconds / 60


def minutes(nb: dict, core_only: bool = False, run_seconds: float = 0.0, lessons: int = 1) -> float:
    """Minutes to teach the notebook (its core only when asked) in `lessons` lessons: one exercise, Run All
    and each lesson's opening and closing included."""
    return notebook_features(nb, core_only).minutes() + _overhead(lessons, run_seconds)


def lesson_parts(nb: dict) -> list[dict]:
    """The notebook cut into its lessons: a cell tagged ``lesson-2`` (``lesson-3``) opens the second (third)
    lesson. Each part is a notebook dict with that lesson's cells."""
    parts: list[list[dict]] = [[]]
    for cell in nb["cells"]:
        if parts[-1] and any(LESSON_TAG.fullmatch(t) for t in cell.get("metadata", {}).get("tags", [])):
            parts.append([])
        parts[-1].append(cell)
    return [{**nb, "cells": cells} for cells in parts]


def _one_lesson(features: Features, run_seconds: float, first: bool, last: bool) -> float:
    """Minutes of one lesson of a core: its cells and its opening and closing; Run All in the first
    lesson, the exercise tried in class in the last."""
    minutes = features.minutes() + PACE * (LESSON_OVERHEAD + (EXERCISE_MINUTES if last else 0))
    return minutes + (run_seconds / 60 if first else 0)


def lesson_minutes(nb: dict, run_seconds: float = 0.0) -> list[float]:
    """Minutes of each lesson of the notebook's core (their sum is ``minutes(nb, True, ...)``)."""
    parts = lesson_parts(nb)
    return [
        _one_lesson(notebook_features(part, True), run_seconds, k == 0, k == len(parts) - 1)
        for k, part in enumerate(parts)
    ]


def core_only(nb):
    """A copy of the notebook (a dict or an nbformat node) without its ``further`` cells: what the slides
    and the handouts show when they are built from the core alone (``make slides CORE=1``)."""
    import copy

    out = copy.deepcopy(nb)
    out["cells"] = [cell for cell in out["cells"] if not is_further(cell)]
    return out


def further_runs(nb: dict) -> list[tuple[int, int]]:
    """(first, last) cell indices of each run of consecutive ``further`` cells."""
    runs, start = [], None
    for i, cell in enumerate(nb["cells"] + [{"metadata": {}}]):
        if is_further(cell) and start is None:
            start = i
        elif not is_further(cell) and start is not None:
            runs.append((start, i - 1))
            start = None
    return runs


def run_problems(nb: dict) -> list[str]:
    """What is wrong with how the notebook marks its ``further`` runs: each opens with the "Going further"
    line (in its first or second cell, the second when the first is the section's heading) and ends where
    a section of the core begins (a heading) or the Summary does."""
    problems = []
    cells = nb["cells"]
    for first, last in further_runs(nb):
        opening = ["".join(c["source"]) for c in cells[first : first + 2] if c["cell_type"] == "markdown"]
        if not any(MARKER.search(text) or MARKER.search(text.split("\n\n", 1)[-1]) for text in opening):
            problems.append(f"cells {first}-{last}: no '> **Going further**' line where the run opens")
        after = cells[last + 1] if last + 1 < len(cells) else None
        if after is not None and not (
            after["cell_type"] == "markdown" and "".join(after["source"]).lstrip().startswith("#")
        ):
            problems.append(f"cells {first}-{last}: the core resumes at cell {last + 1}, which is no heading")
    for i, cell in enumerate(cells):
        src = "".join(cell["source"])
        if re.search(r"^## (Summary|Exercises|References)", src, re.M) and is_further(cell):
            problems.append(f"cell {i}: the Summary, Exercises and References belong to the core")
    return problems


# ------------------------------------------------------------------------------ calibration


def table_rows(text: str, header_word: str) -> dict[str, dict[str, str]]:
    """Rows of the first Markdown table whose header has ``header_word``, keyed by notebook number: column
    header -> cell text. The learning path's and the teachers' tables are read this way."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|") and header_word in line)
    header = [h.strip() for h in lines[start].strip("|").split("|")]
    rows = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        number = re.search(r"\b(\d\d)\b", cells[0]).group(1)
        rows[number] = dict(zip(header, cells, strict=True))
    return rows


def learning_path(readme: str) -> dict[str, tuple[int, float]]:
    """(lessons of 45 minutes, seconds of Run All) per notebook number, from the learning path's table (its
    column "lessons", or "lesson time" as it was at the calibration commit, and "runs in")."""
    out = {}
    for number, row in table_rows(readme, "runs in").items():
        lessons = row.get("lessons", row.get("lesson time", ""))
        m = re.fullmatch(r"(?:(\d) × )?45 min", lessons)
        seconds = re.fullmatch(r"(\d+) s", row["runs in"])
        if not (m and seconds):
            raise ValueError(f"learning path, notebook {number}: {lessons!r}, runs in {row['runs in']!r}")
        out[number] = (int(m.group(1) or 1), float(seconds.group(1)))
    return out


def _show(commit: str, path: str) -> str:
    return subprocess.run(
        ["git", "show", f"{commit}:{path}"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout


def _notebook_paths(commit: str) -> list[str]:
    names = subprocess.run(
        ["git", "ls-tree", "--name-only", commit, "notebooks/"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    return sorted(p for p in names if re.match(r"notebooks/\d\d_.*\.ipynb$", p))


def calibrate(commit: str) -> dict:
    """The features of every notebook as stored at `commit`, for `CALIBRATION`."""
    path = learning_path(_show(commit, "notebooks/README.md"))
    data = {}
    for name in _notebook_paths(commit):
        nb = json.loads(_show(commit, name))
        number = Path(name).name[:2]
        data[number] = {"features": asdict(notebook_features(nb)), "runs_in": path[number][1]}
    return data


#: Lessons of 45 minutes a teacher found each notebook needs, as stored at the calibration commit.
TEACHER_READ = {"00": 2, "01": 2, "02": 2, "03": 2, "04": 2, "05": 3, "06": 2, "07": 3, "08": 2}

#: A second, fresh teacher's reading of the cores as stored at `CORES_COMMIT`: minutes (low, high) per
#: lesson ("notebook/lesson"); a lesson read as "fits" is (35, 45). Slower than the first reader throughout.
CORES_COMMIT = "43d8e77"
CORES_READ = {
    "00/1": (45, 48),
    "01/1": (48, 52),
    "02/1": (48, 52),
    "03/1": (45, 48),
    "04/1": (53, 57),
    "04/2": (35, 45),
    "05/1": (50, 55),
    "05/2": (35, 45),
    "06/1": (48, 52),
    "07/1": (55, 60),
    "07/2": (35, 45),
    "08/1": (53, 57),
}
#: The cell that opened each second lesson in that reading (the page for teachers' plans), by cell id.
#: Since then the tag ``lesson-2`` marks where a second lesson opens (05's and 07's have moved).
CORES_LESSON_2 = {"02": "9bbc7409", "04": "cf99d17c004", "05": "cebe47cd", "07": "77d33eda"}

#: A third fresh teacher's reading of the cores as cut after the second (at `THIRD_COMMIT`, where the tag
#: ``lesson-2`` marks each second lesson): minutes (low, high) per lesson, as that reader grouped them:
#: "fits" (its own range), "borderline" (45, 50), "3 to 12 minutes over" (48, 57), and 08 (52, 60).
THIRD_COMMIT = "fecec9c"
THIRD_READ = {
    "00/1": (48, 57),
    "01/1": (48, 57),
    "02/1": (40, 46),
    "02/2": (48, 57),
    "03/1": (48, 57),
    "04/1": (48, 57),
    "04/2": (48, 57),
    "05/1": (42, 48),
    "05/2": (45, 50),
    "06/1": (48, 57),
    "07/1": (45, 50),
    "07/2": (48, 57),
    "08/1": (52, 60),
}


def calibrate_cores(commit: str = CORES_COMMIT) -> dict:
    """The features of each lesson of every core as stored at `commit`, for `CALIBRATION`."""
    path = learning_path(_show(commit, "notebooks/README.md"))
    out = {}
    for name in _notebook_paths(commit):
        nb, number = json.loads(_show(commit, name)), Path(name).name[:2]
        opening = CORES_LESSON_2.get(number) if commit == CORES_COMMIT else None
        for cell in nb["cells"]:
            if cell.get("id") == opening:
                cell.setdefault("metadata", {}).setdefault("tags", []).append("lesson-2")
        parts = lesson_parts(nb)
        for k, part in enumerate(parts, start=1):
            out[f"{number}/{k}"] = {
                "features": asdict(notebook_features(part, True)),
                "runs_in": path[number][1],
                "last": k == len(parts),
            }
    return out


def cores_read_minutes(entry: dict, lesson: int) -> float:
    """The model's minutes for one lesson of a core as read at `CORES_COMMIT` (or `THIRD_COMMIT`)."""
    return _one_lesson(Features(**entry["features"]), entry["runs_in"], lesson == 1, entry["last"])


def calibrated_minutes(entry: dict, lessons: int) -> float:
    """The model's minutes for a notebook as read at the calibration commit, taught in `lessons` lessons."""
    return Features(**entry["features"]).minutes() + _overhead(lessons, entry["runs_in"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    cal = sub.add_parser("calibrate", help="record the teachers' readings' features in the calibration file")
    cal.add_argument("--commit", default="a578bd2")
    parser.add_argument("--cells", type=Path, help="one notebook, section by section")
    args = parser.parse_args(argv)
    if args.command == "calibrate":
        data = {
            "commit": args.commit,
            "teacher_read": TEACHER_READ,
            "notebooks": calibrate(args.commit),
            "cores_commit": CORES_COMMIT,
            "cores": calibrate_cores(CORES_COMMIT),
            "third_commit": THIRD_COMMIT,
            "third": calibrate_cores(THIRD_COMMIT),
        }
        CALIBRATION.write_text(json.dumps(data, indent=1) + "\n")
        for number, entry in data["notebooks"].items():
            found = TEACHER_READ[number]
            print(number, f"{calibrated_minutes(entry, found):5.0f} min  teacher: {found} lessons")
        for key, entry in data["cores"].items():
            read = CORES_READ.get(key)
            got = cores_read_minutes(entry, int(key[-1]))
            print(f"core {key} {got:5.1f} min  second teacher: {read}")
        for key, entry in data["third"].items():
            got = cores_read_minutes(entry, int(key[-1]))
            print(f"core {key} {got:5.1f} min  third teacher: {THIRD_READ.get(key)}")
        return 0
    readme = (NOTEBOOKS / "README.md").read_text()
    path = learning_path(readme)
    if args.cells:
        nb = json.loads(args.cells.read_text())
        table: dict[str, list[float]] = {}
        for heading, core, feats in sections(nb):
            table.setdefault(heading, [0.0, 0.0])[0 if core else 1] += feats.minutes()
        print(" core further  section")
        for heading, (core, further) in table.items():
            print(f"{core:5.1f} {further:7.1f}  {heading[:70]}")
        k, run = path.get(args.cells.name[:2], (1, 0.0))
        per_lesson = " + ".join(f"{m:.1f}" for m in lesson_minutes(nb, run))
        whole = minutes(nb, False, run, k)
        print(f"core {per_lesson} min (budget {BUDGET:.1f}), whole {whole:.0f} min in {k} lesson(s)", end="")
        opening = PACE * LESSON_OVERHEAD
        print(f" (one exercise, Run All {run:.0f} s, {opening:.1f} min a lesson to open and close)")
        for problem in run_problems(nb):
            print("problem:", problem)
        return 0
    for nb_path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        nb = json.loads(nb_path.read_text())
        k, run = path.get(nb_path.name[:2], (1, 0.0))
        per_lesson = " + ".join(f"{m:2.0f}" for m in lesson_minutes(nb, run))
        print(f"{nb_path.name[:2]}  core {per_lesson:>7} min  whole {minutes(nb, False, run, k):5.0f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
