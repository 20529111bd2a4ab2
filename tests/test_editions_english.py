"""`scripts/editions.py english`: the count of English words left in an edition's reader-visible text.

It reads the stored (executed) edition notebooks: markdown, text and HTML outputs, and the saved widget
state a reader sees (captions, labels, hints); with ``--figures`` also the texts their figures drew,
recorded while they ran with ``MAGICLIB_FIGURE_TEXT`` set (as `make editions` runs them). Tested here on a
tiny made-up notebook, and run on the committed editions once `editions.EDITIONS` lists them.
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


def test_english_in_an_error_message_is_caught():
    """A refusal of the library printed in a notebook is read like any output (its class name is code)."""
    nb = tiny(UK, "Сума кожного рядка: 15\n", "крок 1 з 9")
    nb.cells[1].outputs.append(
        nbformat.v4.new_output(
            "error", ename="ValueError", evalue="n must be a positive odd integer, got 4", traceback=[]
        )
    )
    found = ed.english_words(nb, "uk", ed.english_allowed())
    assert [w for where, w in found if where.endswith("error")] == [
        "must",
        "be",
        "positive",
        "odd",
        "integer",
        "got",
    ]
    nb.cells[1].outputs[-1]["evalue"] = "n має бути додатним непарним цілим числом, а не 4"
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
            if entry.obsolete:
                continue
            text = re.sub(r"\{[^{}]*\}", " ", ed._TITLE.sub(" ", entry.msgstr))  # a placeholder is code
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
    assert len(entries) <= 120  # mostly the names the notebooks cite, one a line
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


# ------------------------------------------------------------------------------------ figure text


def test_the_recorder_writes_what_a_figure_draws_after_use_language(tmp_path, monkeypatch):
    import io
    import json

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    import magiclib.show  # noqa: F401  (every notebook imports the pictures, which record)
    from magiclib import i18n

    monkeypatch.setenv(i18n.FIGURE_TEXT, str(tmp_path))
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    try:
        i18n.use_language("uk")
        fig, ax = plt.subplots()
        ax.plot([1, 2, 3], label="Сума рядка")
        ax.set_title("Магічні квадрати")
        ax.set_xlabel("порядок $n$")
        ax.legend()
        ax.annotate("тут", (1, 2))
        hidden = ax.text(0, 0, "невидимий")
        hidden.set_visible(False)
        fig.savefig(io.BytesIO(), format="png")  # an inline figure is printed the same way
        plt.close(fig)
    finally:
        monkeypatch.delenv(i18n.FIGURE_TEXT)
        i18n.use_language("en")
    (log,) = (tmp_path / "uk").glob("*.jsonl")  # outside IPython: python.jsonl
    (record,) = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    texts = record["texts"]
    assert {"Магічні квадрати", "порядок $n$", "Сума рядка", "тут", "1,00"} <= set(texts), texts
    assert "невидимий" not in texts and "" not in texts


def test_the_recorder_does_nothing_when_the_variable_is_unset(tmp_path):
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("MAGICLIB_FIGURE_TEXT", "MAGICLIB_FIGURE_CHECK")}
    code = (
        "import io, matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot as plt\n"
        "from matplotlib.backend_bases import FigureCanvasBase; from matplotlib.text import Text\n"
        "before = FigureCanvasBase.print_figure, Text.draw\n"
        "import magiclib, magiclib.show; magiclib.use_language('uk')\n"
        "fig, ax = plt.subplots(); ax.set_title('Магічні квадрати'); fig.savefig(io.BytesIO())\n"
        "assert (FigureCanvasBase.print_figure, Text.draw) == before\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, check=True)
    assert list(tmp_path.iterdir()) == []


def test_the_command_catches_an_english_figure_title(tmp_path, monkeypatch, capsys):
    import json

    from magiclib.i18n import figure_log_name

    nb = tiny(UK, "15\n", "крок 1")
    nb["cells"][1]["execution_count"] = 3
    (tmp_path / "uk").mkdir()
    nbformat.write(nbformat.from_dict(nb), tmp_path / "uk" / "00_x.ipynb")
    nbformat.write(nbformat.from_dict(nb), tmp_path / "uk" / "01_y.ipynb")
    figures = tmp_path / "figure-text"
    (figures / "uk").mkdir(parents=True)
    texts = ["0", "10", "2.5", "−4", "$10^{3}$", "порядок $n$", "magic(4), сума 34", "Magic squares found"]
    (figures / "uk" / f"{figure_log_name(CODE)}.jsonl").write_text(
        json.dumps({"cell": 3, "texts": texts}, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    assert ed.figure_texts(nb, ed.figure_log(nb, "uk", figures))[-1] == (
        "cell 1 figure",
        "Magic squares found",
    )
    monkeypatch.setattr(ed, "NOTEBOOKS", tmp_path)
    monkeypatch.setattr(ed, "ROOT", tmp_path)
    assert ed.main(["english", "--lang", "uk"]) == 0  # without --figures: the pictures are not read
    capsys.readouterr()
    assert ed.main(["english", "--lang", "uk", "--figures", str(figures), "-v"]) == 1
    out = capsys.readouterr().out
    assert "uk/00_x.ipynb: 3 English word(s), 3 in figures: Magic, squares, found" in out
    assert "    cell 1 figure: Magic" in out
    # the log is found by the notebook's first code cell: both notebooks here share it; a log named
    # after the notebook (a session that knew its name) is taken first
    (figures / "uk" / "01_y.jsonl").write_text('{"cell": 3, "texts": ["сума"]}\n', encoding="utf-8")
    assert ed.main(["english", "--lang", "uk", "--figures", str(figures)]) == 1
    assert "uk/01_y.ipynb: 0 English word(s), 0 in figures" in capsys.readouterr().out


# ------------------------------------------------------------------------------ figure text, checked


FIGURE = (
    "import io, matplotlib; matplotlib.use('Agg'); import matplotlib.pyplot as plt\n"
    "import magiclib, magiclib.show; magiclib.use_language('uk')\n"
    "fig, (a, b) = plt.subplots(1, 2, figsize=(4, 2))\n"
    "a.set_title({left!r}); b.set_title('побічна діагональ − рядок 1')\n"
    "fig.savefig(io.BytesIO(), format='png')\n"
)


def _figure_stderr(tmp_path, left: str, check: bool) -> str:
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("MAGICLIB_FIGURE_TEXT", "MAGICLIB_FIGURE_CHECK")}
    if check:
        env["MAGICLIB_FIGURE_CHECK"] = "1"
    code = FIGURE.format(left=left)
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stderr


def test_the_figure_check_reports_titles_that_run_into_each_other(tmp_path):
    """With MAGICLIB_FIGURE_CHECK set (nbval, `make notebook`, `make editions`), a figure whose texts
    overlap prints a line on stderr, which nbval compares like any output: the cell fails. Titles that
    fit say nothing, and without the variable nothing is checked."""
    long = "головна діагональ − рядок 1"
    said = _figure_stderr(tmp_path, long, check=True)
    assert "figure text overlaps" in said and long in said, said
    assert "figure text overlaps" not in _figure_stderr(tmp_path, "рядок 1", check=True)
    assert "figure text overlaps" not in _figure_stderr(tmp_path, long, check=False)


def test_overlapping_texts_compares_boxes():
    from matplotlib.transforms import Bbox

    from magiclib.show.look import overlapping_texts

    boxes = [
        ("a", Bbox([[0, 0], [10, 10]])),
        ("b", Bbox([[5, 5], [15, 15]])),
        ("c", Bbox([[10.5, 0], [20, 4]])),  # touches a within the 1 px slack
    ]
    assert overlapping_texts(boxes) == [("a", "b")]
