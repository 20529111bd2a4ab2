"""Build the classroom kit's handouts from the stored notebooks (what `make handouts` runs).

    .venv/bin/python scripts/make_handouts.py                 # -> handouts/
    .venv/bin/python scripts/make_handouts.py --out /tmp/h --parts student worksheets

Writes, all usable from ``file://`` with no network:

- ``OUT/student/NN_*.html``: one page per notebook WITHOUT solutions: code cells tagged
  ``solution`` (and any other folded code cell of the Exercises section that is not a starter cell
  tagged ``exercise``) are removed, and so are the ``<details><summary>Solution...</summary> ...
  </details>`` blocks of the markdown; the exercises stay. Built by the export machinery of
  ``make html`` (``scripts/export_html.py``) from stripped copies of the notebooks.
- ``OUT/teacher/``: the full pages exactly as ``make html`` gives them, with ``teachers.html``
  (``docs/teachers.md``: the lesson plans and every exercise).
- ``OUT/worksheets/*.pdf``: the printable worksheets of ``magiclib.show.worksheets`` and their
  answer sheets.
- ``OUT/index.html``: what is where.

The notebooks are not re-executed (``make notebooks`` does that) and not changed.
"""

from __future__ import annotations

import argparse
import copy
import html
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import export_html  # noqa: E402  (the sibling script: its export functions are reused)

ROOT = export_html.ROOT
PARTS = ("student", "teacher", "worksheets")

#: A folded solution in markdown: <details> whose <summary> text starts with "Solution" (or "Answer"),
#: also when wrapped in tags (``<summary><b>Solution 1</b> ...``).
SOLUTION_DETAILS = re.compile(
    r"<details\b[^>]*>\s*<summary\b[^>]*>(?:\s|<[^>]+>)*(?:solutions?|answers?)\b.*?</details>\s*",
    re.I | re.S,
)
_EXERCISES = re.compile(r"^#{1,3}\s+exercises?\b", re.I | re.M)
_TEACHER_LINK = re.compile(r"<a\b[^>]*href=\"teachers\.html\"[^>]*>.*?</a>", re.S)
_TEACHER_PARAGRAPH = re.compile(r"<p>\s*<a\b[^>]*href=\"teachers\.html\"[^>]*>.*?</a>\s*</p>", re.S)


def _tags(cell: nbformat.NotebookNode) -> set[str]:
    return set(cell.get("metadata", {}).get("tags", []))


def is_solution_code(cell: nbformat.NotebookNode, after_exercises: bool) -> bool:
    """A code cell that holds a solution: tagged ``solution``, or folded (source hidden), or any code
    cell after the Exercises heading that is not a starter cell tagged ``exercise``."""
    if cell.cell_type != "code":
        return False
    if "solution" in _tags(cell):
        return True
    if cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
        return True
    return after_exercises and "exercise" not in _tags(cell)


def strip_solutions(nb: nbformat.NotebookNode) -> tuple[nbformat.NotebookNode, list[str], list[str]]:
    """A copy of ``nb`` without its solutions; also the removed code and the removed folded texts."""
    out = copy.deepcopy(nb)
    cells, code, texts = [], [], []
    after = False
    for cell in out.cells:
        if cell.cell_type == "markdown":
            if _EXERCISES.search(cell.source):
                after = True
            elif re.match(r"\s*#{1,2}\s+references?\b", cell.source, re.I):
                after = False
            found = SOLUTION_DETAILS.findall(cell.source)
            if found:
                texts += found
                cell.source = SOLUTION_DETAILS.sub("", cell.source).rstrip()
                if not cell.source.strip():
                    continue
        elif is_solution_code(cell, after):
            code.append(cell.source)
            continue
        cells.append(cell)
    out.cells = cells
    return out, code, texts


def _executed(notebooks: list[Path]) -> list[Path]:
    keep = []
    for nb in notebooks:
        if export_html.is_executed(nbformat.read(nb, as_version=4)):
            keep.append(nb)
        else:
            print(
                f"{nb.name}: not executed, left out (`make notebook NB=notebooks/{nb.name}` runs it)",
                file=sys.stderr,
            )
    return keep


def build_student(out: Path, notebooks: list[Path]) -> list[Path]:
    """``out/student``: the pages without solutions, their index and MathJax."""
    target = out / "student"
    if target.exists():
        shutil.rmtree(target)
    with tempfile.TemporaryDirectory(prefix="magiclib-student-") as tmp:
        copies = []
        for nb_path in notebooks:
            stripped, _, _ = strip_solutions(nbformat.read(nb_path, as_version=4))
            copy_path = Path(tmp) / nb_path.name
            nbformat.write(stripped, copy_path)
            copies.append(copy_path)
        pages = export_html.export(copies, target)
    export_html.copy_mathjax(target)
    index = export_html.write_index(target, pages)
    for path in [p.target for p in pages] + [index]:
        text = path.read_text(encoding="utf-8")
        text = _TEACHER_LINK.sub("", _TEACHER_PARAGRAPH.sub("", text))
        path.write_text(text, encoding="utf-8")
    return [p.target for p in pages]


def build_teacher(out: Path, notebooks: list[Path]) -> None:
    """``out/teacher``: exactly what ``make html`` writes (full pages, teachers.html)."""
    target = out / "teacher"
    if target.exists():
        shutil.rmtree(target)
    code = export_html.main(["--out", str(target), *map(str, notebooks)])
    if code:
        raise SystemExit(code)


def build_worksheets(out: Path) -> list[Path]:
    """``out/worksheets``: every worksheet and its answer sheet as PDF."""
    from magiclib.show.worksheets import write_worksheets

    return write_worksheets(out / "worksheets")


def write_front(out: Path) -> Path:
    """``out/index.html``: links to the three parts."""
    sheets = sorted((out / "worksheets").glob("*.pdf")) if (out / "worksheets").is_dir() else []
    items = "".join(f'<li><a href="worksheets/{p.name}">{html.escape(p.name)}</a></li>' for p in sheets)
    body = (
        "<h1>Magic squares: the classroom kit</h1>"
        "<ul>"
        '<li><a href="student/index.html">Student pages</a>: the notebooks without solutions, '
        "for students to read at home (any browser, no installation, no network).</li>"
        '<li><a href="teacher/index.html">Teacher pages</a>: the full notebooks with folded solutions, '
        'and <a href="teacher/teachers.html">the lesson plans</a>.</li>'
        "<li>Worksheets to print (A4, black and white; files ending in <code>_answers</code> are "
        f"answer sheets for the teacher):<ul>{items}</ul></li>"
        "<li>Slides to present: <code>make slides</code> writes them to <code>slides/</code> "
        '(<a href="../slides/index.html">slides/index.html</a> when both folders sit in the project).</li>'
        "</ul>"
    )
    target = out / "index.html"
    target.write_text(
        export_html._PAGE.format(
            title="Classroom kit", body=body, mathjax="teacher/" + export_html.MATHJAX_URL
        ),
        encoding="utf-8",
    )
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "notebooks", nargs="*", type=Path, help="notebooks (default: every notebooks/NN_*.ipynb)"
    )
    parser.add_argument(
        "--out", type=Path, default=ROOT / "handouts", help="output folder (default: handouts/)"
    )
    parser.add_argument(
        "--parts", nargs="+", choices=PARTS, default=list(PARTS), help="what to build (default: all)"
    )
    args = parser.parse_args(argv)
    notebooks = (
        sorted(args.notebooks) if args.notebooks else sorted(export_html.NOTEBOOKS.glob(export_html.PATTERN))
    )
    notebooks = _executed(notebooks)
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    if "student" in args.parts:
        for page in build_student(out, notebooks):
            print(f"{page}  {page.stat().st_size / 1e6:6.2f} MB (student, no solutions)")
    if "teacher" in args.parts:
        build_teacher(out, notebooks)
    if "worksheets" in args.parts:
        for pdf in build_worksheets(out):
            print(f"{pdf}  {pdf.stat().st_size / 1e3:6.1f} kB")
    front = write_front(out)
    print(f"{front}")
    elapsed = time.perf_counter() - start
    print(f"total {export_html.folder_size(out) / 1e6:.2f} MB in {out}/ ({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
