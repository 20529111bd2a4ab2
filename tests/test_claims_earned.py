"""Every claim earned: the parts of the suite's writing rules that a test can see.

- one notation: the table in notebooks/README.md exists and every notebook links it;
- honest prerequisites: each notebook's prerequisites block has one shape, names the libraries its
  code uses and the mathematics it needs, and agrees with the learning path; the puzzle track
  (00-03) uses no linear algebra outside its folded asides;
- figures said once: a number quoted in the prose of two places is quoted the same way;
- notebook 00's "What comes next" lists every notebook.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest
from test_notebooks import table_rows

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
PUZZLE_TRACK = ("00", "01", "02", "03")
ASIDE_START = re.compile(r"^<details><summary><b>[^<]*aside:</b>", re.I)


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def source(cell: dict) -> str:
    return "".join(cell["source"])


def tags(cell: dict) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def is_aside(cell: dict) -> bool:
    if cell["cell_type"] == "markdown":
        return bool(ASIDE_START.match(source(cell).lstrip()))
    return "aside" in tags(cell)


def prerequisites(nb: dict) -> dict[str, str]:
    """The three lines of the opening cell's prerequisites block, by their label."""
    opening = source(nb["cells"][0])
    block = opening[opening.index("**Prerequisites**") :]
    lines = {}
    for label in ("Notebooks", "Python", "Mathematics"):
        m = re.search(rf"^- \*{label}:\*(.*(?:\n  .*)*)", block, re.M)
        assert m, f"no '- *{label}:*' line in the prerequisites block"
        lines[label] = " ".join(m.group(1).split())
    return lines


def main_cells(nb: dict) -> list[dict]:
    """Cells outside folded asides, the opening cell and the closing 'next' and References sections."""
    kept, skipping = [], False
    for i, cell in enumerate(nb["cells"]):
        text = source(cell)
        if cell["cell_type"] == "markdown" and re.match(r"#{1,3} ", text):
            heading = text.splitlines()[0]
            skipping = bool(re.search(r"(What|Where)( comes)? next|References", heading))
        if i == 0 or skipping or is_aside(cell):
            continue
        kept.append(cell)
    return kept


def without_code_spans(text: str) -> str:
    return re.sub(r"```.*?```|`[^`]*`", " ", text, flags=re.S)


@pytest.fixture(scope="module", params=NOTEBOOKS, ids=lambda p: p.name[:2])
def notebook(request) -> tuple[str, dict]:
    return request.param.name[:2], load(request.param)


# ------------------------------------------------------------------ one notation


def test_the_notation_table_gives_each_recurring_letter_one_meaning():
    text = (ROOT / "notebooks" / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Notation") :]
    section = section[: section.index("\n## ", 4)]
    symbols = [row.split("|")[1].strip() for row in section.splitlines() if row.startswith("| $")]
    letters = [re.sub(r"\\mathbf\{(\w)\}", r"\1", s) for s in symbols]
    for needed in ("$n$", "$M$", "$s$", "$A$", "$B$", "$P$", "$H$, $L$", "$\\Pi$, $R$"):
        assert needed in letters, f"the notation table has no row for {needed}"
    single = re.findall(r"\$\\?(\w+)\$", " ".join(letters))
    assert len(single) == len(set(single)), "a letter has two rows in the notation table"


def test_every_notebook_links_the_notation_table(notebook):
    number, nb = notebook
    assert "[notation table](README.md#notation)" in source(nb["cells"][0]), number


# ------------------------------------------------------------------ honest prerequisites

# What a code cell uses (outside folded asides) -> a word its prerequisites must name.
PYTHON_FEATURES = {
    "NumPy": re.compile(r"\bnp\.|\bnumpy\b"),
    "sympy": re.compile(r"\bsp\.|\bsympy\b"),
}
LINEAR_ALGEBRA = {
    "rank": re.compile(r"matrix_rank|\.rank\(|\bexact_rank\b|\brref\(|\bnull_space\(|\bnullspace\("),
    "determinant": re.compile(r"\bdet\(|\.det\("),
    "eigenvalue": re.compile(r"\beigvals?\b|\beig\(|\beigenvals\(|\.eigenvals\("),
    "matrix product": re.compile(r"[\w)\]]\s*@\s*[\w(]"),
}
LINEAR_ALGEBRA_WORDS = re.compile(
    r"\b(rank|determinants?|eigen\w*|null space|nullspace|matrix products?|row echelon|invertible)\b", re.I
)


def test_prerequisites_have_one_shape_and_name_what_the_code_uses(notebook):
    number, nb = notebook
    lines = prerequisites(nb)
    code = "\n".join(
        line
        for c in main_cells(nb)
        if c["cell_type"] == "code"
        for line in source(c).splitlines()
        if not line.lstrip().startswith("#")
    )
    for word, pattern in PYTHON_FEATURES.items():
        if pattern.search(code):
            assert word.lower() in lines["Python"].lower(), (
                f"{number}'s code uses {word}, but its prerequisites' Python line does not name it"
            )
    if number in PUZZLE_TRACK:
        return
    maths = lines["Mathematics"].lower()
    for topic, pattern in LINEAR_ALGEBRA.items():
        if pattern.search(code):
            assert topic.split()[0] in maths or "linear algebra" in maths, (
                f"{number}'s code uses {topic}, but its Mathematics line names neither it nor linear algebra"
            )


@pytest.mark.parametrize("number", PUZZLE_TRACK)
def test_the_puzzle_track_needs_no_linear_algebra_outside_its_asides(number):
    nb = load(next(p for p in NOTEBOOKS if p.name.startswith(number)))
    for i, cell in enumerate(nb["cells"]):
        if cell not in main_cells(nb):
            continue
        text = source(cell)
        if cell["cell_type"] == "code":
            code = "\n".join(x for x in text.splitlines() if not x.lstrip().startswith("#"))
            for topic, pattern in LINEAR_ALGEBRA.items():
                assert not pattern.search(code), f"{number} cell {i} uses {topic} outside a folded aside"
        else:
            m = LINEAR_ALGEBRA_WORDS.search(without_code_spans(text))
            assert not m, f"{number} cell {i} speaks of {m.group(0)!r} outside a folded aside"


def test_asides_are_folded_and_say_they_are_asides(notebook):
    number, nb = notebook
    cells = nb["cells"]
    for i, cell in enumerate(cells):
        if cell["cell_type"] == "markdown" and is_aside(cell):
            assert source(cell).rstrip().endswith("</details>"), f"{number} cell {i}: aside not closed"
        if cell["cell_type"] == "code" and is_aside(cell):
            assert cell["metadata"].get("jupyter", {}).get("source_hidden"), f"{number} cell {i}: not folded"
            j = i - 1
            while j >= 0 and cells[j]["cell_type"] == "code" and is_aside(cells[j]):
                j -= 1
            assert j >= 0 and is_aside(cells[j]), f"{number} cell {i}: aside code without its aside text"


def learning_path_rows() -> dict[str, dict[str, str]]:
    """The learning path's table, a row per notebook number."""
    return table_rows((ROOT / "notebooks" / "README.md").read_text(encoding="utf-8"), "you should know")


def test_the_learning_path_names_the_same_earlier_notebooks_as_each_notebook(notebook):
    number, nb = notebook
    row = learning_path_rows()[number]
    earlier = set(re.findall(r"\b0\d\b", prerequisites(nb)["Notebooks"]))
    assert set(re.findall(r"\b0\d\b", row["you should know"])) == earlier, number
    assert all(k < number for k in earlier), f"{number} asks for a later notebook"


# ------------------------------------------------------------------ what comes next


def test_notebook_00_says_what_comes_next_for_every_notebook():
    nb = load(NOTEBOOKS[0])
    text = "\n".join(source(c) for c in nb["cells"] if c["cell_type"] == "markdown")
    section = text[text.index("## What comes next") :]
    section = section[: section.index("\n## ")]
    for path in NOTEBOOKS[1:]:
        assert re.search(rf"\b{path.name[:2]}\b", section), (
            f"'What comes next' skips notebook {path.name[:2]}"
        )


# ------------------------------------------------------------------ figures said once

SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻", "0123456789-")
NUMBER = re.compile(
    r"(?<![\w.,^{])(?P<mantissa>\d{1,3}(?:,\d{3})+|\d+)(?P<decimals>\.\d+)?"
    r"(?:\s*(?:\\times|×|·|\\cdot)\s*10(?:\^\{?(?P<exp>-?\d+)\}?|(?P<sup>[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]+)))?(?![\w,]\d|\.\d|[\w])"
)


def reader_text(cell: dict) -> str:
    """What a reader reads of a cell: a markdown cell's text, a code cell's printed output."""
    if cell["cell_type"] == "markdown":
        return source(cell)
    return "\n".join("".join(o.get("text", "")) for o in cell.get("outputs", []) if o.get("name") == "stdout")


def prose_places() -> dict[str, str]:
    """What readers read, by place: a notebook's prose and printed output, the READMEs, the teachers' page."""
    places = {p.name[:2]: "\n".join(map(reader_text, load(p)["cells"])) for p in NOTEBOOKS}
    for doc in ("README.md", "notebooks/README.md", "docs/teachers.md"):
        places[doc] = (ROOT / doc).read_text(encoding="utf-8")
    return {k: without_code_spans(v) for k, v in places.items()}


def quoted_numbers(text: str) -> list[tuple[Fraction, int, str, str]]:
    """(value, significant digits, as written, the word after it) for every number of 3 or more digits."""
    found = []
    for m in NUMBER.finditer(text):
        digits = m.group("mantissa").replace(",", "") + (m.group("decimals") or "")[1:]
        exp = m.group("exp") or (m.group("sup") or "").translate(SUPERSCRIPT) or "0"
        if len(digits.lstrip("0")) < 3:
            continue
        value = Fraction(m.group("mantissa").replace(",", "") + (m.group("decimals") or ""))
        value *= Fraction(10) ** int(exp)
        if not m.group("decimals") and exp == "0" and 1000 <= value <= 2100:
            continue  # a year
        after = re.match(r"[\s)*]*([A-Za-z]+)", text[m.end() :])
        found.append((value, len(digits.lstrip("0")), m.group(0), after.group(1).lower() if after else ""))
    return found


def is_rounding_of(short: tuple, long: tuple) -> bool:
    """Whether `short` is `long` rounded to short's number of significant digits."""
    value, digits = long[0], short[1]
    if digits >= long[1]:
        return False
    scale = Fraction(10) ** (math.floor(math.log10(value)) - digits + 1)
    return round(value / scale) * scale == short[0]


def differing_quotes() -> list[str]:
    """Pairs of quotes in two places, of the same thing (the same word follows), within 1% but not equal,
    where neither is the other one rounded."""
    # The "core" and "whole notebook" columns of the learning path's and the teachers' tables hold each
    # notebook's own minutes, not one figure quoted twice; test_notebooks keeps the two tables equal.
    minutes = re.compile(r"\| (?:\d+ \+ )?\d+ min \| \d+ min \| (?=\d+ s \|)")
    quotes = [
        (place, q) for place, text in prose_places().items() for q in quoted_numbers(minutes.sub("|", text))
    ]
    bad = []
    for i, (pa, a) in enumerate(quotes):
        for pb, b in quotes[i + 1 :]:
            if pa == pb or a[0] == b[0] or a[3] != b[3] or not a[3]:
                continue
            if abs(a[0] - b[0]) > max(a[0], b[0]) / 100:
                continue
            short, long = sorted((a, b), key=lambda q: q[1])
            if not is_rounding_of(short, long):
                bad.append(f"{pa}: {a[2]!r} against {pb}: {b[2]!r} (both before {a[3]!r})")
    return bad


def test_the_figure_detector_catches_a_figure_quoted_two_ways():
    a, b = quoted_numbers("about 153 years"), quoted_numbers("153.55 years")
    assert a[0][3] == b[0][3] == "years" and not is_rounding_of(a[0], b[0])
    assert is_rounding_of(quoted_numbers("about 154 years")[0], b[0])
    assert quoted_numbers("1.7745 × 10¹⁹ squares")[0][:2] == (Fraction(17745, 10000) * 10**19, 5)
    assert is_rounding_of(quoted_numbers("1.775·10¹⁹")[0], quoted_numbers("17,753,889,197,660,635,632")[0])
    assert quoted_numbers("in 1998") == []


def test_a_figure_quoted_in_two_places_is_quoted_the_same_way():
    bad = differing_quotes()
    assert not bad, "the same figure quoted two ways:\n" + "\n".join(bad)


def test_no_notebook_types_the_time_another_notebook_measures():
    # Notebook 06 counts every 5x5 square and prints its own time; elsewhere that time is not typed in.
    for place, text in prose_places().items():
        if place == "06" or not place.isdigit():
            continue  # 06 measures it; the learning path's "runs in" column times whole notebooks
        for sentence in re.split(r"(?<=[.!?])\s|\n(?=\|)", text):
            if re.search(r"275,305,224|5x5 count|count(?:ing)? every 5x5", sentence):
                typed = re.search(r"\b\d+(?:\.\d+)?\s*(?:s|seconds|sec)\b", sentence)
                assert not typed, f"{place} types the 5x5 count's time: {sentence.strip()[:160]!r}"


# ------------------------------------------------------------------ lessons that fit

TWO_LESSONS = "2 × 45 min"


def lesson_plans() -> dict[str, str]:
    """Each notebook's lesson-plan section of the teachers' page, by notebook number."""
    text = (ROOT / "docs" / "teachers.md").read_text(encoding="utf-8")
    text = text[text.index("## Lesson plans") :]
    text = text[: text.index("\n## ", 5)]
    plans = {}
    for part in re.split(r"\n(?=### )", text)[1:]:
        for number in (
            re.findall(r"\(notebooks? ([^)]*)\)", part.splitlines()[0])[0].replace(" and ", ",").split(",")
        ):
            plans[number.strip()] = part
    return plans


def minute_blocks(plan: str) -> list[list[tuple[int, int]]]:
    """The runs of '- a-b min:' items of a plan, one run per lesson or cut."""
    runs, current = [], []
    for line in plan.splitlines():
        m = re.match(r"- (\d+)-(\d+) min:", line)
        if m:
            current.append((int(m.group(1)), int(m.group(2))))
        elif current and not line.startswith("  "):
            runs.append(current)
            current = []
    return runs + ([current] if current else [])


def test_every_lesson_plan_fills_45_minutes_without_gaps():
    for number, plan in lesson_plans().items():
        for run in minute_blocks(plan):
            assert run[0][0] == 0 and run[-1][1] == 45, (number, run)
            assert all(a[1] == b[0] for a, b in itertools.pairwise(run)), (number, run)


def test_long_notebooks_get_two_lessons_and_a_45_minute_cut():
    rows = learning_path_rows()
    plans = lesson_plans()
    assert sorted(plans) == [p.name[:2] for p in NOTEBOOKS]
    long = [k for k, row in rows.items() if row["lessons"] == TWO_LESSONS]
    assert {"02", "04", "05", "07"} <= set(long)
    for number in long:
        plan = plans[number]
        assert "**First lesson**" in plan and "**Second lesson**" in plan, number
        assert "**In one lesson (45 min)**" in plan, f"no 45-minute cut for notebook {number}"
        assert len(minute_blocks(plan)) == 3, number
    for number in set(rows) - set(long):
        assert rows[number]["lessons"] == "45 min" and len(minute_blocks(plans[number])) == 1, number


def test_every_lesson_plan_says_what_to_do_when_the_class_runs_late():
    """One "If you run late" line a lesson (what to set as homework or carry over, with its minutes), none
    in the one-lesson cut of a two-lesson notebook, which is a cut already."""
    rows = learning_path_rows()
    for number, plan in lesson_plans().items():
        lessons = 2 if rows[number]["lessons"] == TWO_LESSONS else 1
        plan = plan.split("**In one lesson (45 min)**")[0]
        found = re.findall(r"^\*\*If you run late:\*\* \S.*?(?:\n\n|\Z)", plan, re.M | re.S)
        assert len(found) == lessons, (number, found)
        assert all(re.search(r"about [\d.]+ min", line) for line in found), (number, found)
