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
- ``OUT/index.html``: what is where (with ``OUT/fonts/``, the Chinese web font of the front pages).

Every edition whose notebooks exist (``notebooks/<lang>/NN_*.ipynb``) gets the same: its pages in
``OUT/student/<lang>/`` and ``OUT/teacher/<lang>/`` (with a language switch, as ``make html``), its
worksheets in ``OUT/worksheets/<lang>/`` (written after ``magiclib.use_language(lang)``) and its
front page ``OUT/<lang>/index.html``. An edition's solutions are found through its English twin (the
same cells, by id), since its headings and "Solution" summaries are translated.

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
import lesson_time  # noqa: E402

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


_DETAILS = re.compile(r"<details\b[^>]*>.*?</details>\s*", re.I | re.S)


def strip_solutions(
    nb: nbformat.NotebookNode, english: nbformat.NotebookNode | None = None
) -> tuple[nbformat.NotebookNode, list[str], list[str]]:
    """A copy of ``nb`` without its solutions; also the removed code and the removed folded texts.

    For an edition, ``english`` is its English twin: a cell's section and which of its ``<details>``
    blocks are solutions are read from the English cell of the same id (the k-th block of the edition's
    cell is the k-th of the English one); a cell whose blocks do not pair up loses all of them."""
    out = copy.deepcopy(nb)
    twins = {c.get("id"): c for c in english.cells} if english is not None else {}
    cells, code, texts = [], [], []
    after = False
    for cell in out.cells:
        if cell.cell_type == "markdown":
            twin = twins.get(cell.get("id"), cell)
            if _EXERCISES.search(twin.source):
                after = True
            elif re.match(r"\s*#{1,2}\s+references?\b", twin.source, re.I):
                after = False
            solution = [bool(SOLUTION_DETAILS.match(m.group(0))) for m in _DETAILS.finditer(twin.source)]
            blocks = list(_DETAILS.finditer(cell.source))
            if len(blocks) != len(solution):
                solution = [any(solution)] * len(blocks)
            found = [m.group(0) for m, sol in zip(blocks, solution, strict=True) if sol]
            if found:
                texts += found
                for block in found:
                    cell.source = cell.source.replace(block, "", 1)
                cell.source = cell.source.rstrip()
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


def english_twin(nb_path: Path) -> nbformat.NotebookNode | None:
    """The English notebook an edition's notebook was generated from (None for an English one)."""
    if export_html.language_of(nb_path) == "en":
        return None
    twin = export_html.NOTEBOOKS / nb_path.name
    return nbformat.read(twin, as_version=4) if twin.is_file() else None


def build_student(out: Path, notebooks: list[Path], core: bool = False) -> list[Path]:
    """``out/student``: the pages without solutions (an edition's in ``out/student/<lang>``), their
    indexes, MathJax and the web font; each notebook's core alone (no cell tagged ``further``) when
    `core`."""
    target = out / "student"
    if target.exists():
        shutil.rmtree(target)
    with tempfile.TemporaryDirectory(prefix="magiclib-student-") as tmp:
        copies = []
        for nb_path in notebooks:
            lang = export_html.language_of(nb_path)
            nb = nbformat.read(nb_path, as_version=4)
            stripped, _, _ = strip_solutions(lesson_time.core_only(nb) if core else nb, english_twin(nb_path))
            copy_path = Path(tmp) / lang / nb_path.name  # the folder keeps the language
            copy_path.parent.mkdir(exist_ok=True)
            nbformat.write(stripped, copy_path)
            copies.append(copy_path)
        pages = export_html.export_site(target, export_html.by_language(copies), teachers=False)
    indexes = [target / "index.html"] + [target / lang / "index.html" for lang in export_html.LANGUAGES]
    for path in [p.target for p in pages] + [i for i in indexes if i.is_file()]:
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


def build_worksheets(out: Path, lang: str = "en") -> list[Path]:
    """``out/worksheets`` (an edition's: ``out/worksheets/<lang>``): every worksheet and its answer
    sheet as PDF, in ``lang`` (the library speaks it while they are written)."""
    import magiclib
    from magiclib.show.worksheets import write_worksheets

    magiclib.use_language(lang)
    try:
        return write_worksheets(out / "worksheets" / ("" if lang == "en" else lang))
    finally:
        magiclib.use_language("en")


def write_front(out: Path, lang: str = "en", languages: list[str] | None = None) -> Path:
    """``out/index.html`` (an edition's: ``out/<lang>/index.html``): links to the three parts."""
    words = export_html.delivery_text.texts(lang)
    here = out if lang == "en" else out / lang
    up, sub = ("", "") if lang == "en" else ("../", lang + "/")
    folder = out / "worksheets" / ("" if lang == "en" else lang)
    sheets = sorted(folder.glob("*.pdf")) if folder.is_dir() else []
    items = "".join(
        f'<li><a href="{up}worksheets/{sub}{p.name}">{html.escape(p.name)}</a></li>' for p in sheets
    )
    body = (
        export_html.switch_html("index.html", lang, languages or [lang])
        + f"<h1>{words['kit_h1']}</h1><ul>"
        + f"<li>{words['kit_student'].format(href=f'{up}student/{sub}index.html')}</li>"
        + "<li>"
        + words["kit_teacher"].format(
            href=f"{up}teacher/{sub}index.html", plans=f"{up}teacher/{sub}teachers.html"
        )
        + "</li>"
        + f"<li>{words['kit_worksheets']}<ul>{items}</ul></li>"
        + f"<li>{words['kit_slides'].format(href=f'{up}../slides/{sub}index.html')}</li></ul>"
    )
    here.mkdir(parents=True, exist_ok=True)
    target = here / "index.html"
    target.write_text(
        export_html.page_html(
            words["kit_title"],
            body,
            lang=lang,
            assets=up,
            mathjax=up + "teacher/" + export_html.MATHJAX_URL,
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
    parser.add_argument(
        "--core", action="store_true", help="student pages of the lessons' cores only (no 'going further')"
    )
    args = parser.parse_args(argv)
    notebooks = (
        sorted(args.notebooks)
        if args.notebooks
        else [nb for lang in export_html.LANGUAGES for nb in export_html.edition_notebooks(lang)]
    )
    notebooks = _executed(notebooks)
    languages = list(export_html.by_language(notebooks)) or ["en"]
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    if "student" in args.parts:
        for page in build_student(out, notebooks, core=args.core):
            print(f"{page}  {page.stat().st_size / 1e6:6.2f} MB (student, no solutions)")
    if "teacher" in args.parts:
        build_teacher(out, notebooks)
    if "worksheets" in args.parts:
        for lang in languages:
            for pdf in build_worksheets(out, lang):
                print(f"{pdf}  {pdf.stat().st_size / 1e3:6.1f} kB")
    fronts = [write_front(out, lang, languages) for lang in languages]
    print(*fronts, sep="\n")
    # The front pages' own web font (the parts' folders carry theirs), cut to the fronts' characters.
    front_chars = {ord(ch) for front in fronts for ch in front.read_text(encoding="utf-8")}
    export_html.write_web_font(out, front_chars)
    elapsed = time.perf_counter() - start
    print(f"total {export_html.folder_size(out) / 1e6:.2f} MB in {out}/ ({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
