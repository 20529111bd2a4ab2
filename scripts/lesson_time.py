"""How long a notebook takes to teach: the model behind the learning path's lesson times.

A notebook's **core** is what a class covers in its lessons (45 minutes each); every cell tagged
``further`` is outside it ("going further": kept for the reader at home, skipped in class). Each run of
``further`` cells opens with a visible "Going further" line, so that a teacher sees at a glance what to
skip, and ends where a numbered section (or the Summary) begins.

The time of a set of cells is a sum over what a class does with them, weights in `WEIGHTS`:

- prose read and explained on a projector, per word (maths spans counted apart, since a formula is
  worked through, not read);
- each code cell shown and run, plus each of its lines read;
- each **Predict** pause (ask, wait, reveal);
- each figure or player shown;
- one exercise tried in class (the others are homework);
- opening and closing each lesson (goals, questions, homework);
- the Run All time of the whole notebook, from the learning path (an upper bound for the core's).

The weights are calibrated against a teacher's reading of the notebooks as they were stored at commit
``a578bd2`` (issue 32): 00, 01, 03, 06 and 08 each needed two lessons, 05 and 07 three, and 02 and 04 fit
their two; a second, fresh teacher's reading of the cores found the weights short by about 10 minutes
a lesson, hence the opening-and-closing minutes, as many as the first reading allows. `CALIBRATION`
records those notebooks' features (``python scripts/lesson_time.py calibrate`` wrote them), and
``tests/test_lesson_time.py`` checks that the weights put every one of them in the number
of lessons the teacher found, and that every core fits the lessons the learning path gives it.

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
#: How a run of ``further`` cells opens (English; an edition's cells carry the same tags).
MARKER = re.compile(r"^\s*>\s*\*\*Going further\b")

#: Minutes per unit of each feature. See the module's docstring for how they were calibrated.
WEIGHTS: dict[str, float] = {
    "words": 1 / 120,  # 120 words a minute, read and explained
    "symbols": 0.25,  # a formula's symbol worked through on the board: 15 s
    "code_cells": 0.3,  # shown and run
    "code_lines": 0.03,  # read: about 2 s a line
    "predictions": 1.5,  # ask, wait, reveal
    "figures": 0.5,  # shown and explained
}
EXERCISE_MINUTES = 6.0
#: Opening a lesson (its goals) and closing it (questions, the homework), per 45-minute lesson. A second,
#: fresh teacher's reading of the cores (2026-12-02) found the weights alone about 10 minutes short on the
#: one-lesson cores; this is as much as the first reading's calibration allows (08 as read stays within
#: its two lessons), and the cores were cut to fit with it.
LESSON_OVERHEAD = 4.0

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
        return sum(WEIGHTS[f.name] * getattr(self, f.name) for f in fields(self))


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


def minutes(nb: dict, core_only: bool = False, run_seconds: float = 0.0, lessons: int = 1) -> float:
    """Minutes to teach the notebook (its core only when asked) in `lessons` lessons: one exercise, Run All
    and each lesson's opening and closing included."""
    overhead = EXERCISE_MINUTES + LESSON_OVERHEAD * lessons + run_seconds / 60
    return notebook_features(nb, core_only).minutes() + overhead


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


def _lessons(readme: str) -> dict[str, int]:
    """Lessons of 45 minutes per notebook number, from the learning path's table."""
    out = {}
    for line in readme.splitlines():
        m = re.match(r"\| (\d\d) \|.*\| (?:(\d) × )?45 min \|", line)
        if m:
            out[m.group(1)] = int(m.group(2) or 1)
    return out


def _runs_in(readme: str) -> dict[str, float]:
    """Seconds of Run All per notebook number, from the learning path's table."""
    out = {}
    for line in readme.splitlines():
        m = re.match(r"\| (\d\d) \|.*\| (\d+) s \|\s*$", line)
        if m:
            out[m.group(1)] = float(m.group(2))
    return out


def calibrate(commit: str) -> dict:
    """The features of every notebook as stored at `commit`, for `CALIBRATION`."""

    def show(path: str) -> str:
        return subprocess.run(
            ["git", "show", f"{commit}:{path}"], cwd=ROOT, check=True, capture_output=True, text=True
        ).stdout

    runs = _runs_in(show("notebooks/README.md"))
    names = subprocess.run(
        ["git", "ls-tree", "--name-only", commit, "notebooks/"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    data = {}
    for path in sorted(p for p in names if re.match(r"notebooks/\d\d_.*\.ipynb$", p)):
        nb = json.loads(show(path))
        number = Path(path).name[:2]
        data[number] = {"features": asdict(notebook_features(nb)), "runs_in": runs[number]}
    return data


#: Lessons of 45 minutes a teacher found each notebook needs, as stored at the calibration commit.
TEACHER_READ = {"00": 2, "01": 2, "02": 2, "03": 2, "04": 2, "05": 3, "06": 2, "07": 3, "08": 2}


def calibrated_minutes(entry: dict, lessons: int) -> float:
    """The model's minutes for a notebook as read at the calibration commit, taught in `lessons` lessons."""
    overhead = EXERCISE_MINUTES + LESSON_OVERHEAD * lessons + entry["runs_in"] / 60
    return Features(**entry["features"]).minutes() + overhead


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command")
    cal = sub.add_parser("calibrate")
    cal.add_argument("--commit", default="a578bd2")
    parser.add_argument("--cells", type=Path, help="one notebook, section by section")
    args = parser.parse_args(argv)
    if args.command == "calibrate":
        data = {"commit": args.commit, "teacher_read": TEACHER_READ, "notebooks": calibrate(args.commit)}
        CALIBRATION.write_text(json.dumps(data, indent=1) + "\n")
        for number, entry in data["notebooks"].items():
            found = TEACHER_READ[number]
            print(number, f"{calibrated_minutes(entry, found):5.0f} min  teacher: {found} lessons")
        return 0
    if args.cells:
        nb = json.loads(args.cells.read_text())
        table: dict[str, list[float]] = {}
        for heading, core, feats in sections(nb):
            table.setdefault(heading, [0.0, 0.0])[0 if core else 1] += feats.minutes()
        print(" core further  section")
        for heading, (core, further) in table.items():
            print(f"{core:5.1f} {further:7.1f}  {heading[:70]}")
        readme = (NOTEBOOKS / "README.md").read_text()
        run = _runs_in(readme).get(args.cells.name[:2], 0.0)
        k = _lessons(readme).get(args.cells.name[:2], 1)
        core, whole = minutes(nb, True, run, k), minutes(nb, False, run, k)
        print(f"core {core:.1f} min, whole {whole:.0f} min in {k} lesson(s) of {LESSON} min", end="")
        print(f" (one exercise, Run All {run:.0f} s, {LESSON_OVERHEAD:.0f} min a lesson to open and close)")
        for problem in run_problems(nb):
            print("problem:", problem)
        return 0
    readme = (NOTEBOOKS / "README.md").read_text()
    runs, lessons = _runs_in(readme), _lessons(readme)
    for path in sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")):
        nb = json.loads(path.read_text())
        run, k = runs.get(path.name[:2], 0.0), lessons.get(path.name[:2], 1)
        core, whole = minutes(nb, True, run, k), minutes(nb, False, run, k)
        print(f"{path.name[:2]}  core {core:5.0f} min  whole {whole:5.0f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
