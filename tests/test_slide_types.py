"""scripts/slide_types.py: slide types by rule, solutions never on a slide, notebooks untouched."""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import slide_types  # noqa: E402

md, code = nbformat.v4.new_markdown_cell, nbformat.v4.new_code_cell


def test_rules_on_a_small_notebook():
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        md("# Title\n\nIn this notebook you will learn"),
        code("import numpy as np\nfrom magiclib import siamese\n\nnp.set_printoptions(linewidth=100)"),
        md("## 1. First idea"),
        code("siamese(3)"),
        md("### A detail"),
        md("**Predict:** what is the centre?"),
        md("Think first."),
        code("siamese(3)[1, 1]"),
        md("Plain prose."),
        md("## Exercises\n\n**1.** Ask.\n\n<details><summary>Solution</summary>Tell.</details>"),
        code("assert 1", metadata={"tags": ["solution"]}),
        md("<details><summary><b>Solution 2</b></summary>More.</details>"),
        code("# try here", metadata={"tags": ["exercise"]}),
        md("## References"),
    ]
    assert slide_types.slide_types(nb) == [
        "slide", "skip", "slide", "-", "subslide", "subslide", "-", "fragment", "-",
        "slide", "skip", "skip", "-", "slide",
    ]  # fmt: skip
    typed = slide_types.with_slide_types(nb)
    assert "Tell." not in typed.cells[9].source and "**1.** Ask." in typed.cells[9].source
    assert "slideshow" not in nb.cells[0].metadata  # the input is not changed


def test_real_notebooks_hide_every_solution_and_start_with_a_slide():
    for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        before = path.read_bytes()
        nb = nbformat.read(path, as_version=4)
        kinds = slide_types.slide_types(nb)
        assert kinds[0] == "slide" and kinds.count("slide") >= 3, path.name
        for cell, kind in zip(nb.cells, kinds, strict=True):
            if cell.cell_type == "code" and "solution" in cell.metadata.get("tags", []):
                assert kind == "skip", (path.name, cell.source[:40])
        typed = slide_types.with_slide_types(nb)
        shown = [c.source for c in typed.cells if c.metadata.slideshow.slide_type != "skip"]
        assert not any("<summary>Solution" in s or "<summary><b>Solution" in s for s in shown), path.name
        assert path.read_bytes() == before
