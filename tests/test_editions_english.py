"""`scripts/editions.py english`: the count of English words left in an edition's reader-visible text.

It reads the stored (executed) edition notebooks: markdown, text and HTML outputs, and the saved widget
state a reader sees (captions, labels, hints). Tested here on a tiny made-up notebook, and run on the
committed editions once `editions.EDITIONS` lists them.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

import nbformat
import polib
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import editions as ed  # noqa: E402

CODE = 'total = magic_constant(3)\nprint(f"Сума кожного рядка: {total}")\nshow_player(frames)'


def tiny(markdown: str, printed: str, caption: str) -> dict:
    """A stored edition notebook: one markdown cell, one code cell with its printed output and a
    saved widget whose caption is ``caption``."""
    nb = nbformat.v4.new_notebook()
    code = nbformat.v4.new_code_cell(CODE)
    code.outputs = [nbformat.v4.new_output("stream", name="stdout", text=printed)]
    nb.cells = [nbformat.v4.new_markdown_cell(markdown), code]
    nb.metadata["widgets"] = {
        "application/vnd.jupyter.widget-state+json": {
            "state": {
                "a": {"model_name": "LayoutModel", "state": {"width": "auto", "display": "flex"}},
                "b": {
                    "model_name": "AnyModel",
                    "state": {
                        "captions": [caption],
                        "said": "{word} {step} з {last}",
                        "_esm": "export default { render() {} }",
                    },
                },
            }
        }
    }
    return nb


UK = "Квадрат **Ло Шу** ($n = 3$) знайшли в Китаї; `magic(3)` у MATLAB дає інший: `total` = 15."


def test_a_clean_ukrainian_notebook_has_no_english():
    nb = tiny(UK, "Сума кожного рядка: 15\n", "крок 1 з 9: 1 у середній клітинці верхнього рядка")
    assert ed.english_words(nb, "uk", ed.english_allowed()) == []


def test_english_in_an_output_and_in_widget_state_is_caught():
    nb = tiny(UK, "3 squares found with the same sum\n", "placed 4 of 9: the queen is safe")
    found = ed.english_words(nb, "uk", ed.english_allowed())
    assert [w for where, w in found if "output" in where] == [
        "squares",
        "found",
        "with",
        "the",
        "same",
        "sum",
    ]
    assert [w for where, w in found if where.startswith("widget")] == [
        "placed",
        "of",
        "the",
        "queen",
        "is",
        "safe",
    ]
    # identifiers of the code, Python names, allowed names and a template's placeholders are not English
    nb = tiny(UK + " Lo Shu, Dürer, print, magic_constant, frames.", "total: 15\n", "{word} {step}")
    assert ed.english_words(nb, "uk", ed.english_allowed()) == []


def test_spanish_is_told_from_english_by_function_words():
    spanish = "La suma de cada fila es 15 y no hay dos reinas en la misma diagonal: he usado las cartas."
    nb = tiny(spanish, "Se han encontrado 8 cuadrados mágicos.\n", "paso 4 de 9: la reina está a salvo")
    assert ed.english_words(nb, "es", ed.english_allowed()) == []
    nb = tiny(spanish, "8 magic squares found\n", "step 4 of 9: the queen is safe")
    assert Counter(w for _, w in ed.english_words(nb, "es", ed.english_allowed())) == Counter(
        ["magic", "squares", "found", "step", "of", "the", "queen", "is"]
    )  # "safe" is no word of the stop list: one English word in a sentence is enough to see it


def test_the_english_words_are_no_spanish_words():
    """Each of the Spanish stop list's words occurs in at most a handful of the ~2000 Spanish messages
    (quoted English: a menu name, a key of the code), while a Spanish word that is also English ("no",
    "he", "has") would occur in hundreds: so a hit in an es edition is English."""
    counts: Counter = Counter()
    spanish: Counter = Counter()
    for po in sorted((ROOT / "locale" / "es").rglob("*.po")):
        for entry in polib.pofile(str(po)):
            text = ed._TITLE.sub(" ", entry.msgstr)
            nb = {"cells": [{"cell_type": "markdown", "source": text}]}
            counts.update({w.lower() for _, w in ed.english_words(nb, "es", ed.english_allowed())})
            spanish.update({w for w in re.findall(r"\w+", text.lower()) if w in ("no", "he", "has", "ten")})
    if not counts and not spanish:
        pytest.skip("no Spanish catalogues")
    assert spanish["no"] > 50  # the check would see a Spanish word
    assert max(counts.values(), default=0) <= 8, counts.most_common(8)


def test_the_allowlist_is_short_and_every_entry_says_why():
    lines = [line for line in ed.ENGLISH_ALLOWED.read_text(encoding="utf-8").splitlines() if line.strip()]
    entries = [line for line in lines if not line.startswith("#")]
    assert len(entries) <= 80
    assert all("#" in line and line.split("#", 1)[1].strip() for line in entries), entries
    assert not set(ed.english_allowed()) & ed.ENGLISH_STOP_WORDS


def test_the_command_counts_per_notebook_and_fails(tmp_path, monkeypatch, capsys):
    (tmp_path / "uk").mkdir()
    nbformat.write(
        nbformat.from_dict(tiny(UK, "3 squares found\n", "крок 1")), tmp_path / "uk" / "00_x.ipynb"
    )
    nbformat.write(nbformat.from_dict(tiny(UK, "15\n", "крок 1")), tmp_path / "uk" / "01_y.ipynb")
    monkeypatch.setattr(ed, "NOTEBOOKS", tmp_path)
    monkeypatch.setattr(ed, "ROOT", tmp_path)
    assert ed.main(["english", "--lang", "uk"]) == 1
    out = capsys.readouterr().out
    assert "uk/00_x.ipynb: 2 English word(s): squares, found" in out
    assert "uk/01_y.ipynb: 0 English word(s)" in out
    (tmp_path / "uk" / "00_x.ipynb").unlink()
    assert ed.main(["english", "--lang", "uk"]) == 0


def test_the_committed_editions_show_no_english():
    if not ed.EDITIONS:
        pytest.skip("no edition is published yet (scripts/editions.py: EDITIONS is empty)")
    allowed = ed.english_allowed()
    left = {}
    for lang in sorted(ed.EDITIONS):
        for path in sorted((ed.NOTEBOOKS / lang).glob("[0-9][0-9]_*.ipynb")):
            twin = ed.NOTEBOOKS / path.name
            words = ed.english_words(ed.load(path), lang, allowed, ed.load(twin) if twin.exists() else None)
            if words:
                left[f"{lang}/{path.name}"] = sorted({w for _, w in words})[:20]
    assert not left, left
