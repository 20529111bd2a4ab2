"""Prose that is true in both views: JupyterLab shows the code, the Voilà app (`make app`) hides it.

The lesson text before the exercises must not send the reader to code cells ("the next cell
checks ...", "run the cell below", "this cell's output"): in Voilà there is no cell to run or to
read, only its output. Saying what is checked or shown below holds in both views. (The exercises
ask for code on purpose: they are for JupyterLab.)
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))

CELL_TALK = re.compile(
    r"\b("
    r"run(?:ning)?\s+(?:the|this|that|each|every)\s+(?:next\s+)?cells?"
    r"|(?:this|the)\s+cell'?s\s+output"
    r"|the\s+code\s+(?:below|above)"
    r"|(?:the|this)\s+(?:next\s+)?cells?(?:\s+(?:below|above|after\s+the\s+next\s+one))?\s+"
    r"(?:checks?|counts?|computes?|measures?|prints?|shows?|tries|draws?|asserts?|found|finds)"
    r")\b",
    re.I,
)


def lesson_markdown(path: Path) -> list[tuple[int, str]]:
    """(index, text) of the markdown cells before the Exercises heading."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    out = []
    for i, cell in enumerate(cells):
        text = "".join(cell["source"])
        if cell["cell_type"] != "markdown":
            continue
        if re.search(r"^#+ .*Exercises", text, re.M):
            break
        out.append((i, text))
    return out


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name[:2])
def test_lesson_text_does_not_point_at_hidden_code(path):
    found = [
        f"cell {i}: ...{text[max(0, m.start() - 40) : m.end() + 20]!r}..."
        for i, text in lesson_markdown(path)
        for m in CELL_TALK.finditer(text)
    ]
    assert found == [], "text that is false in Voilà (code hidden):\n" + "\n".join(found)


@pytest.mark.parametrize(
    "text, flagged",
    [
        ("The next cell checks each step.", True),
        ("Make a guess, then run the cell below.", True),
        ("before running the next cell, guess", True),
        ("so this cell's output is not compared", True),
        ("the cell above found one for the Siamese square", True),
        ("the code above prints it", True),
        ("Each step is checked below.", False),
        ("its escape when the next cell is taken, one step left", False),
        ("swaps the cell right of the corner with the cell below it", False),
        ("the cell one row up and one column right of the last number", False),
    ],
)
def test_the_rule_tells_code_talk_from_cells_of_a_square(text, flagged):
    assert bool(CELL_TALK.search(text)) is flagged
