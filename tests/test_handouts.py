"""The classroom kit's handouts: student pages carry no solution, worksheets are valid PDFs, all is small."""

from __future__ import annotations

import html
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbconvert.filters.markdown import markdown2html

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import make_handouts  # noqa: E402

NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def _text(page: str) -> str:
    "The visible text of an HTML page (also the source of highlighted code), whitespace collapsed."
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", page)).split())


@pytest.fixture(scope="module")
def handouts(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("handouts")
    # The English kit (the editions' kits: tests/test_editions_delivery.py); the size limit is per language.
    assert make_handouts.main(["--out", str(out), *map(str, NOTEBOOKS)]) == 0
    return out


def test_strip_solutions_removes_tagged_cells_and_folded_text():
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell("# T"),
        nbformat.v4.new_code_cell("x = 1"),
        nbformat.v4.new_markdown_cell(
            "## Exercises\n\n**1.** Ask.\n\n<details><summary>Solution</summary>\n\nTell.\n</details>"
        ),
        nbformat.v4.new_code_cell("assert secret", metadata={"tags": ["solution"]}),
        nbformat.v4.new_code_cell("# your answer", metadata={"tags": ["exercise"]}),
        nbformat.v4.new_code_cell("untagged_after_exercises()"),
        nbformat.v4.new_markdown_cell(
            "<details><summary><b>Solution 2</b> (click)</summary>\n\nMore.\n</details>"
        ),
        nbformat.v4.new_markdown_cell("## References\n\n<details><summary>Notes</summary>kept</details>"),
    ]
    out, code, texts = make_handouts.strip_solutions(nb)
    sources = [c.source for c in out.cells]
    assert code == ["assert secret", "untagged_after_exercises()"]
    assert len(texts) == 2 and "Tell." in texts[0]
    assert "x = 1" in sources and "# your answer" in sources and "**1.** Ask." in sources[2]
    assert not any("Solution" in s or "secret" in s for s in sources)
    assert any("<summary>Notes" in s for s in sources)  # only solution details are folded away
    assert len(nb.cells) == 8  # the notebook itself is untouched


def test_no_student_page_contains_a_solution(handouts):
    assert NOTEBOOKS
    for path in NOTEBOOKS:
        page = handouts / "student" / (path.stem + ".html")
        nb = nbformat.read(path, as_version=4)
        if not make_handouts.export_html.is_executed(nb):
            continue
        raw = page.read_text(encoding="utf-8")
        text = _text(raw)
        stripped, code, texts = make_handouts.strip_solutions(nb)
        kept = " ".join(" ".join(c.source.split()) for c in stripped.cells)
        assert not re.search(r"<summary\b[^>]*>(\s|<[^>]+>)*(Solution|Answer)", raw, re.I), path.name
        assert "teachers.html" not in raw
        for source in code:
            for line in source.splitlines():
                line = " ".join(line.split())
                # short lines, and lines the notebook also has outside its solutions, prove nothing
                if len(line) >= 12 and line not in kept:
                    assert line not in text, (path.name, line)
        for folded in texts:
            inner = re.sub(r"</?details>|<summary>.*?</summary>", "", folded, flags=re.S)
            for sentence in re.split(r"(?<=[.:;])\s+", _text(markdown2html(inner))):
                if len(sentence.split()) >= 6 and sentence not in _text(markdown2html(kept)):
                    assert sentence not in text, (path.name, sentence)
        assert "Exercises" in text  # the exercises themselves stay


def test_teacher_pages_keep_the_solutions_and_the_lesson_plans(handouts):
    teacher = handouts / "teacher"
    assert (teacher / "teachers.html").is_file() and "Lesson" in (teacher / "teachers.html").read_text()
    pages = list(teacher.glob("[0-9][0-9]_*.html"))
    with_solutions = [p for p in pages if re.search(r"<summary\b[^>]*>(\s|<[^>]+>)*Solution", p.read_text())]
    assert len(with_solutions) == len(pages) == len(NOTEBOOKS)


def _pdf_pages(path: Path) -> int:
    data = path.read_bytes()
    assert data.startswith(b"%PDF-") and data.rstrip().endswith(b"%%EOF"), path
    if shutil.which("pdfinfo"):
        info = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
        return int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    return len(re.findall(rb"/Type\s*/Page\b", data))


def test_every_worksheet_is_a_valid_pdf_with_pages(handouts):
    from magiclib.show.worksheets import WORKSHEETS

    pdfs = sorted((handouts / "worksheets").glob("*.pdf"))
    assert {p.stem for p in pdfs} == set(WORKSHEETS) | {f"{w}_answers" for w in WORKSHEETS}
    for pdf in pdfs:
        assert _pdf_pages(pdf) >= 1, pdf


def test_handouts_total_under_30_mb(handouts):
    total = sum(f.stat().st_size for f in handouts.rglob("*") if f.is_file())
    assert total < 30e6, total / 1e6
    assert (handouts / "index.html").is_file()


def test_pages_load_nothing_from_the_network(handouts):
    for page in list((handouts / "student").glob("*.html")) + [handouts / "index.html"]:
        raw = page.read_text(encoding="utf-8")
        assert not re.search(r"<(script|link|img)\b[^>]*(src|href)=[\"']?(https?:)?//", raw, re.I), page.name
