"""Give every cell of a notebook a reveal.js slide type (``metadata.slideshow.slide_type``) by rule.

    .venv/bin/python scripts/slide_types.py notebooks/01_siamese_walk.ipynb            # print the plan
    .venv/bin/python scripts/slide_types.py --write OUT.ipynb notebooks/01_siamese_walk.ipynb

``make slides`` applies these rules to a temporary copy of each notebook (the notebooks are not
changed; a slide type already stored in a cell is kept). The rules, first match wins:

- the title cell (first markdown cell): ``slide``;
- a markdown cell starting with ``## ``: ``slide``; with ``### ``: ``subslide``;
- a markdown cell starting with ``**Predict:**``: ``subslide`` (the question on a slide of its own),
  and the first code cell after it (the reveal): ``fragment`` (it appears on the next key press);
- a solution: a code cell tagged ``solution`` or folded (``jupyter.source_hidden``), any code cell
  after the Exercises heading not tagged ``exercise``, and a markdown cell that is only a
  ``<details><summary>Solution...`` block: ``skip``;
- the import cell (the first code cell made only of imports, settings and comments): ``skip``;
- everything else: ``-`` (continues the current slide).
"""

from __future__ import annotations

import argparse
import copy
import re
import sys
from pathlib import Path

import nbformat

TYPES = ("slide", "subslide", "fragment", "skip", "notes", "-")
_SOLUTION_ONLY = re.compile(
    r"^\s*(?:<details\b[^>]*>\s*<summary\b[^>]*>(?:\s|<[^>]+>)*(?:solutions?|answers?)\b.*?</details>\s*)+$",
    re.I | re.S,
)
_SOLUTION_DETAILS = re.compile(
    r"<details\b[^>]*>\s*<summary\b[^>]*>(?:\s|<[^>]+>)*(?:solutions?|answers?)\b.*?</details>\s*",
    re.I | re.S,
)
_IMPORT_LINE = re.compile(r"^\s*(?:$|#|import\s|from\s\S+\s+import\s|%|[\w.]+\s*\(|[\w.\[\]\"']+\s*=)")
_IMPORT_WORD = re.compile(r"^\s*(?:import|from)\s", re.M)


def _tags(cell: nbformat.NotebookNode) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def is_import_cell(cell: nbformat.NotebookNode) -> bool:
    """A code cell made of imports (and settings such as ``np.set_printoptions(...)``, comments)."""
    if cell.cell_type != "code" or not _IMPORT_WORD.search(cell.source):
        return False
    lines = [ln for ln in cell.source.splitlines() if ln.strip()]
    return bool(lines) and all(_IMPORT_LINE.match(ln) or ln.startswith((" ", "\t", ")")) for ln in lines)


def slide_types(nb: nbformat.NotebookNode) -> list[str]:
    """The slide type of each cell of ``nb`` by the rules above (stored types are not consulted)."""
    out: list[str] = []
    title_seen = import_seen = after_exercises = False
    reveal_pending = False
    for cell in nb.cells:
        src = cell.source.lstrip()
        kind = "-"
        if cell.cell_type == "markdown":
            if re.match(r"#{1,3}\s+exercises?\b", src, re.I) or re.search(
                r"^#{1,3}\s+exercises?\b", src, re.I | re.M
            ):
                after_exercises = True
            if re.match(r"#{1,2}\s+references?\b", src, re.I):
                after_exercises = False
            if not title_seen:
                kind, title_seen = "slide", True
            elif _SOLUTION_ONLY.match(cell.source):
                kind = "skip"
            elif src.startswith("## "):
                kind = "slide"
            elif src.startswith("### "):
                kind = "subslide"
            elif src.startswith("**Predict:**"):
                kind, reveal_pending = "subslide", True
        elif cell.cell_type == "code":
            folded = cell.get("metadata", {}).get("jupyter", {}).get("source_hidden")
            if "solution" in _tags(cell) or folded or (after_exercises and "exercise" not in _tags(cell)):
                kind = "skip"
            elif not import_seen and is_import_cell(cell):
                kind, import_seen = "skip", True
            elif reveal_pending:
                kind, reveal_pending = "fragment", False
        out.append(kind)
    return out


def with_slide_types(nb: nbformat.NotebookNode, *, keep_stored: bool = True) -> nbformat.NotebookNode:
    """A copy of ``nb`` with ``metadata.slideshow.slide_type`` set on every cell.

    Markdown cells that mix prose and a folded solution lose the solution in the copy (slides
    never show solutions). A type already stored in a cell is kept when ``keep_stored``.
    """
    out = copy.deepcopy(nb)
    for cell, kind in zip(out.cells, slide_types(out), strict=True):
        stored = cell.get("metadata", {}).get("slideshow", {}).get("slide_type")
        if cell.cell_type == "markdown" and kind != "skip":
            cell.source = _SOLUTION_DETAILS.sub("", cell.source).rstrip()
        cell.setdefault("metadata", {})["slideshow"] = {
            "slide_type": stored if keep_stored and stored in TYPES else kind
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebook", type=Path)
    parser.add_argument("--write", type=Path, help="write the notebook with slide types here")
    args = parser.parse_args(argv)
    nb = nbformat.read(args.notebook, as_version=4)
    typed = with_slide_types(nb)
    if args.write:
        nbformat.write(typed, args.write)
        return 0
    for i, cell in enumerate(typed.cells):
        first = (cell.source.strip().splitlines() or [""])[0][:70]
        print(f"{i:3d} {cell.metadata['slideshow']['slide_type']:9s} {cell.cell_type:8s} {first}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
