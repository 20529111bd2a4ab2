"""The library speaks through its catalogue: every text magiclib shows a reader is a message.

A pseudo-language catalogue, written to a temporary ``LOCALE_DIR``, translates every message of the
library (extracted from its source by ``scripts/editions.py``) as the English wrapped in «». Each
picture the notebooks draw, each HTML frame and player, the worksheets, the exercise feedback and the
progress bar are then made in that language, and every run of letters they show must sit inside «»:
a word outside them is a string that does not go through the catalogue. So are the error messages of
a table of bad calls into every public module. English output is checked to be what it was before
the library went through the catalogue.
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

import matplotlib
import numpy as np
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import editions as ed  # noqa: E402

import magiclib as ml  # noqa: E402
from magiclib import estimate, i18n, order5, show, timing, widgets  # noqa: E402
from magiclib import exercises as ex  # noqa: E402
from magiclib import hexagon as hx  # noqa: E402
from magiclib.show.player import frame_caption  # noqa: E402
from magiclib.show.walk import _draw_step  # noqa: E402
from magiclib.walk import rule_in_words, siamese_steps  # noqa: E402

#: Words that may stand outside «»: Python's None, names of Python types an answer has, and the
#: maths letters, card letters and cell names (n, s, A..H, x1..x19, ΠX, ²) that no edition translates.
ALLOWED = {"None", "list", "tuple", "int", "str", "float", "dict", "function", "lambda"}
LETTERS = re.compile(r"[^\W\d_]+")
MATHS = re.compile(r"^(?:[A-Za-z]|x\d+|Π[A-Z]|²)$")


def pseudo(text: str) -> str:
    return "«" + text + "»"


@pytest.fixture(scope="module")
def pseudo_catalogue(tmp_path_factory):
    """A locale folder whose "uk" catalogue translates every library message as «English»."""
    folder = tmp_path_factory.mktemp("pseudo")
    po = ed.new_library_catalogue("uk")
    for entry in ed.library_template(ed.library_messages(), "uk"):
        if entry.msgid_plural:
            entry.msgstr_plural = {
                k: pseudo(entry.msgid if k == 0 else entry.msgid_plural) for k in entry.msgstr_plural
            }
        else:
            entry.msgstr = pseudo(entry.msgid)
        po.append(entry)
    ed.write_catalogue(po, folder / "uk" / "LC_MESSAGES" / "magiclib.po")
    return folder


@pytest.fixture
def pseudo_language(pseudo_catalogue, monkeypatch):
    """Every library message translated as «English», in the language "uk" (three plural forms)."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", pseudo_catalogue)
    i18n._catalogue.cache_clear()
    i18n.use_language("uk")
    yield
    i18n.use_language("en")
    i18n._catalogue.cache_clear()
    plt.close("all")


def outside(text: str) -> list[str]:
    """The words of ``text`` outside every «...» (innermost first, so nested messages are fine)."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"«[^«»]*»", " ", text)
    return [w for w in LETTERS.findall(text) if w not in ALLOWED and not MATHS.match(w)]


def figure_texts(fig) -> list[str]:
    texts = []
    for ax in fig.axes:
        texts += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        texts += [t.get_text() for t in ax.get_xticklabels() + ax.get_yticklabels()]
        texts += [t.get_text() for t in ax.texts]
        legend = ax.get_legend()
        if legend:
            texts += [t.get_text() for t in legend.get_texts()]
    texts += [t.get_text() for t in fig.texts]
    if fig._suptitle is not None:
        texts.append(fig._suptitle.get_text())
    return [t for t in texts if t]


ATTRIBUTES = re.compile(r'\b(?:aria-label|aria-valuetext|aria-roledescription|title)="([^"]*)"')


def html_texts(page: str) -> list[str]:
    """What a reader (or a screen reader) meets in a page: its text and its labelling attributes (the
    words the player's script writes are checked on their own)."""
    body = re.sub(r"<(script|style)>.*?</\1>", " ", page, flags=re.S)
    out = [html.unescape(a) for a in ATTRIBUTES.findall(body)]
    out.append(html.unescape(re.sub(r"<[^>]+>", " ", body)))
    return out


def assert_all_translated(texts: list[str], where: str) -> None:
    leaks = sorted({w for t in texts for w in outside(t)})
    assert not leaks, f"{where}: words outside the catalogue: {leaks}"


def test_every_message_is_extracted_once_with_its_place():
    messages = ed.library_messages()
    keys = [(m.context, m.text) for m in messages]
    assert len(keys) == len(set(keys)) and len(messages) > 250
    assert all(m.where and m.where[0][0].startswith("magiclib/") for m in messages)
    rules = [m for m in messages if m.context == "rule of the Siamese walk"]
    assert sorted(m.text for m in rules) == ["corner", "occupied", "wrap"]
    plural = next(m for m in messages if m.text.startswith("The search is complete"))
    assert plural.plural == "The search is complete: {count} solutions on the {n} x {n} board."
    # a message is never an f-string or %-formatted: its placeholders are named
    for m in messages:
        assert not re.search(r"%[sd]|\{\d*\}", m.text), m.text


def test_the_figures_speak_the_chosen_language(pseudo_language):
    figures = {
        "draw_torus_wrap": show.draw_torus_wrap(5).figure,
        "draw_moler": show.draw_moler(),
        "draw_birkhoff": show.draw_birkhoff([(2, (1, 3, 0, 2)), (1, (0, 1, 2, 3))]),
        "draw_heatmaps": show.draw_heatmaps([[[1, -1], [-1, 1]]]),
        "draw_hexagon": show.draw_hexagon(hx.MAGIC_HEXAGON, highlight=hx.free_variables()).figure,
        "draw_queens_gallery": show.draw_queens_gallery(ml.queens(5)[:2], square=ml.siamese(5)),
        "draw_gallery": show.draw_gallery([ml.LO_SHU, ml.DURER], show_sums=True),
    }
    for name, fig in figures.items():
        texts = figure_texts(fig)
        assert_all_translated(texts, name)
    assert "«Wrapping round: the grid as a torus (n = 5)»" in figure_texts(figures["draw_torus_wrap"])
    assert "«odd n»" in figure_texts(figures["draw_moler"])
    # the GIF's frames: the empty grid, a plain move and every rule
    fig, ax = plt.subplots()
    square, titles = np.zeros((5, 5), dtype=np.int64), []
    for step in [None, *siamese_steps(5)]:
        _draw_step(ax, square, step, 5)
        titles.append(ax.get_title())
    assert_all_translated(titles, "save_siamese_gif")
    assert any("«wrap»" in t for t in titles) and any("«occupied»" in t for t in titles)


def test_the_frames_and_players_speak_the_chosen_language(pseudo_language):
    pages = {
        "siamese_frames": show.siamese_frames(5),
        "siamese_animation": [show.siamese_animation(3).html],
        "backtrack_frames": show.backtrack_frames(4) + show.backtrack_frames(6, max_frames=20),
        "queens_over_square_html": [
            show.queens_over_square_html(ml.CHALLENGE_8, s) for s in ml.hidden_queens(ml.CHALLENGE_8)[:1]
        ]
        + [show.queens_over_square_html(ml.CHALLENGE_8, ml.queens(8)[0])],
        "hexagon_svg": [show.hexagon_svg(hx.MAGIC_HEXAGON), show.hexagon_svg([1] * 19)],
        "hexagon_verdict_html": [
            show.hexagon_verdict_html(hx.MAGIC_HEXAGON),
            show.hexagon_verdict_html([1] * 19),
            show.hexagon_verdict_html([25, *hx.MAGIC_HEXAGON[1:]]),
            show.hexagon_verdict_html(hx.MAGIC_HEXAGON[::-1]),
        ],
        "html_animation": [show.html_animation(["<b>1</b>", "<b>2</b>"], name="demo").html],
    }
    for name, frames in pages.items():
        assert_all_translated([t for page in frames for t in html_texts(page)], name)
    player = pages["siamese_animation"][0]
    assert json.dumps("«\u2016 Pause»") in player and json.dumps("«step»") in player
    # the caption a screen reader hears drops the frame's own "Step 4:" in the reader's language too
    assert frame_caption(pages["siamese_frames"][4]).startswith("«4 aims at (-1, 2), row -1 wraps")
    assert all(rule_in_words(s, 5).startswith("«") for s in siamese_steps(5))


def test_the_worksheets_speak_the_chosen_language(pseudo_language):
    for name in show.WORKSHEETS:
        for answers in (False, True):
            pages = show.worksheet_pages(name, answers=answers)
            # a paragraph is drawn line by line: a page's texts are read together, in order
            texts = [" ".join(figure_texts(fig)) for fig in pages]
            assert_all_translated(texts, f"worksheet {name} (answers={answers})")


ANSWERS = [
    None,
    0,
    1,
    5,
    8,
    15,
    34,
    38,
    260,
    "x",
    2.5,
    True,
    False,
    [],
    [1, 2, 3],
    (7040, 880),
    [[1, 2], [3, 4]],
]


def test_exercise_feedback_and_descriptions_speak_the_chosen_language(pseudo_language):
    for ident in ex.exercises():
        assert_all_translated([ex.describe(ident)], f"describe({ident!r})")
        for answer in [*ANSWERS, lambda n: n, lambda n: 1 / 0]:
            feedback = ex.check(ident, answer)
            text = feedback.message
            assert text.startswith("«"), (ident, answer, text)
            assert_all_translated(
                [text, *html_texts(feedback._repr_html_())], f"check({ident!r}, {answer!r})"
            )
    assert str(ex.check("00.1", 260)).startswith("✓ «Right: «")


def test_the_progress_bar_speaks_the_chosen_language(pseudo_language):
    from magiclib.widgets import progress

    bar = progress.CountProgress()
    assert_all_translated([bar.text, *html_texts(bar.label.value)], "CountProgress")
    bar(3, 12)
    assert bar.text == "«{description}: {done} of {total} {unit} ({percent}%)»".format(
        description="«Counting»", done=3, total=12, unit="«batches»", percent=25
    )
    bar(12, 12)
    assert_all_translated([bar.text], "CountProgress done")


def test_english_output_is_what_it_was():
    """Captions, step words and feedback as the library wrote them before it used the catalogue."""
    assert i18n.current_language() == "en"
    assert [frame_caption(f) for f in show.siamese_frames(3)] == [
        "An empty 3×3 grid: the numbers 1 to 9 will go in one at a time. Each line must add up to 15.",
        "1 starts in the middle of the last column → placed at (1, 2)",
        "2 aims at (0, 3), column 3 wraps to column 0 (rule wrap) → placed at (0, 0)",
        "3 aims at (-1, 1), row -1 wraps to row 2 (rule wrap) → placed at (2, 1)",
        "4 aims at (1, 2), but that cell is taken (rule occupied): down one, left two → placed at (2, 0)",
        "5 aims at (1, 1), a plain move up and to the right → placed at (1, 1)",
        "6 aims at (0, 2), a plain move up and to the right → placed at (0, 2)",
        "7 aims at (-1, 3), off the top and the right edge at once (rule corner): go to (0, 1) instead "
        "→ placed at (0, 1)",
        "8 aims at (-1, 2), row -1 wraps to row 2 (rule wrap) → placed at (2, 2)",
        "Done: every row (→), column (↓) and both diagonals (↘ ↙) add up to 15. "
        "The last number, 9, went to (1, 0).",
    ]
    frames = show.backtrack_frames(4)
    assert frame_caption(frames[1]) == (
        "row 0: column 0 is safe, place a queen · queens placed 1 · dead ends 0 · solutions 0"
    )
    assert frame_caption(frames[-1]) == "The search is complete: 2 solutions on the 4 x 4 board."
    assert "sum 260 = 260 ✓ hidden" in show.queens_over_square_html(
        ml.CHALLENGE_8, ml.hidden_queens(ml.CHALLENGE_8)[0]
    )
    verdict = re.sub(r"<[^>]+>", "", show.hexagon_verdict_html([1] * 19))
    assert verdict == "✗ Not magic yet: 15 of the 15 lines miss 38, but repeated value 1."
    anim = show.siamese_animation(3).html
    assert 'aria-label="The Siamese walk, n = 3: player. Space: play or pause;' in anim
    assert ">\u25b6 Play</button>" in anim and '"\\u2016 Pause"' in anim
    assert str(ex.check("00.1", 260)) == (
        "✓ Right: 260 = 8 · (8² + 1) / 2, the magic constant of every 8x8 normal magic square."
    )
    assert str(ex.check("00.1", [1])) == "✗ Expected an integer; got a list of 1 items."
    assert ex.describe("00.1") == "00.1: magic constant of an 8x8 normal magic square. Answer: an integer."


@pytest.fixture
def library_project(tmp_path, monkeypatch):
    """A tiny project whose library has two messages, and its Ukrainian catalogue."""
    (tmp_path / "magiclib").mkdir()
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "magiclib" / "pictures.py").write_text(
        "from .i18n import _, ngettext\n\n"
        'TITLE = _("placed {k} of {total}", k=1, total=9)\n'
        'WORD = _("wrap", context="rule of the Siamese walk")\n'
        'COUNT = ngettext("{count} square", "{count} squares", 880)\n',
        encoding="utf-8",
    )
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "glossary.md").write_text(
        "| English | uk |\n|---|---|\n| magic square | магічний квадрат |\n"
    )
    monkeypatch.setattr(ed, "ROOT", tmp_path)
    monkeypatch.setattr(ed, "NOTEBOOKS", tmp_path / "notebooks")
    monkeypatch.setattr(ed, "LOCALE", tmp_path / "locale")
    monkeypatch.setattr(ed, "LANGUAGES", {"uk": "uk_UA"})
    monkeypatch.setattr(ed, "GLOSSARY", tmp_path / "docs" / "glossary.md")
    return tmp_path


def translate_library(fix) -> None:
    po = ed.read_library_catalogue("uk")
    for entry in po:
        fix(entry)
    ed.write_catalogue(po, ed.library_catalogue_path("uk"))


def test_update_brings_the_library_catalogue_up_to_the_source(library_project, capsys):
    ed.main(["update", "--lang", "uk"])
    po = ed.read_library_catalogue("uk")
    table = {(e.msgctxt, e.msgid): e for e in po}
    assert set(table) == {
        (None, "placed {k} of {total}"),
        ("rule of the Siamese walk", "wrap"),
        (None, "{count} square"),
    }
    assert table[(None, "placed {k} of {total}")].occurrences == [("magiclib/pictures.py", "3")]
    assert table[(None, "{count} square")].msgid_plural == "{count} squares"
    assert len(table[(None, "{count} square")].msgstr_plural) == 3  # Ukrainian has three forms
    assert ed.main(["check", "--lang", "uk", "--notebook", "magiclib"]) == 1
    assert "uk: 3 messages, 0 translated, 0 fuzzy, 3 untranslated" in capsys.readouterr().out

    def good(entry):
        if entry.msgid_plural:
            entry.msgstr_plural = {0: "{count} квадрат", 1: "{count} квадрати", 2: "{count} квадратів"}
        else:
            entry.msgstr = {"wrap": "перенесення"}.get(entry.msgid, "розміщено {k} з {total}")

    translate_library(good)
    assert ed.main(["check", "--lang", "uk", "--notebook", "magiclib"]) == 0
    # the English changes: the old translation comes back fuzzy, with the old English to compare
    path = library_project / "magiclib" / "pictures.py"
    path.write_text(path.read_text().replace("placed {k} of {total}", "placed {k} of {total} numbers"))
    ed.main(["update", "--lang", "uk"])
    entry = next(e for e in ed.read_library_catalogue("uk") if e.msgid.startswith("placed"))
    assert "fuzzy" in entry.flags and entry.previous_msgid == "placed {k} of {total}"
    assert entry.msgstr == "розміщено {k} з {total}"
    st = ed.status("uk", "magiclib")
    assert (st.messages, st.translated, st.fuzzy) == (3, 2, 1)


def test_check_reports_a_placeholder_or_a_number_a_translation_drops(library_project, capsys):
    ed.main(["update", "--lang", "uk"])

    def dropping(entry):
        if entry.msgid_plural:
            entry.msgstr_plural = {0: "{count} квадрат", 1: "{count} квадрати", 2: "квадратів"}
        elif entry.msgid == "wrap":
            entry.msgstr = "перенесення"
        else:
            entry.msgstr = "розміщено {k}"

    translate_library(dropping)
    capsys.readouterr()
    assert ed.main(["check", "--lang", "uk", "--notebook", "magiclib"]) == 1
    out = capsys.readouterr().out
    assert "placeholder: lost {total} in 'placed {k} of {total}'" in out
    assert "placeholder: lost {count} in '{count} square'" in out


def test_a_student_may_name_a_rule_in_the_edition_language(pseudo_language):
    steps = siamese_steps(5)
    cells = {k: (steps[k - 1].row, steps[k - 1].col) for k in (10, 11)}
    assert ex.check("01.1", {10: (cells[10], "«wrap»"), 11: (cells[11], "«occupied»")}).ok
    assert not ex.check("01.1", {10: (cells[10], "«corner»"), 11: (cells[11], "«occupied»")}).ok


def test_a_spanish_student_names_the_rules_in_a_phrase():
    steps = siamese_steps(5)
    cells = {k: (steps[k - 1].row, steps[k - 1].col) for k in (10, 11)}
    i18n.use_language("es")
    try:
        said = {10: (cells[10], "la regla de la vuelta"), 11: (cells[11], "casilla ocupada")}
        assert ex.check("01.1", said).ok
        wrong = ex.check("01.1", {10: (cells[10], "vuelta"), 11: (cells[11], "regla de la esquina")})
        assert not wrong.ok and "esquina" in wrong.message and "corner" not in wrong.message
    finally:
        i18n.use_language("en")


def widget_texts(widget, seen=None) -> list[str]:
    """The words a widget and its children show or say: descriptions, tooltips, option labels, HTML
    values, notes, and what the keyboard stop writes and says in the browser."""
    seen = set() if seen is None else seen
    if id(widget) in seen:
        return []
    seen.add(id(widget))
    out = []
    for name in ("description", "tooltip", "text", "word", "label", "hint", "roledescription"):
        value = getattr(widget, name, None)
        if isinstance(value, str):
            out.append(value)
    labels = getattr(widget, "_options_labels", None)
    if labels:
        out += list(labels)
    value = getattr(widget, "value", None)
    if type(widget).__name__ == "HTML" and isinstance(value, str):
        out += html_texts(value)
    if hasattr(widget, "said"):  # PlayerKeys: the live region's words, filled as the browser fills them
        out.append(widget.words())
        out.append(widget.instructions.format(label=widget.label))
        out += list(widget.control_names.values())
    if hasattr(widget, "control_names") and not hasattr(widget, "said"):
        out += list(widget.control_names.values())
    for child in getattr(widget, "children", ()):
        out += widget_texts(child, seen)
    for part in ("keyboard", "first", "back", "forward", "last", "needs_python", "player", "stack"):
        if hasattr(widget, part):
            out += widget_texts(getattr(widget, part), seen)
    return out


def test_the_widgets_speak_the_chosen_language(pseudo_language):
    from magiclib.widgets import _front, browse, hexagon, queens, siamese, space

    made = {
        "siamese_player": siamese.siamese_player(3),
        "backtrack_player": queens.backtrack_player(6, max_frames=20),
        "backtrack_player (whole search)": queens.backtrack_player(4),
        "queens_over_square": queens.queens_over_square(ml.CHALLENGE_8),
        "square_browser": browse.square_browser(),
        "hexagon_filler": hexagon.hexagon_filler(),
        "nearest_magic_explorer": space.nearest_magic_explorer(),
    }
    made["siamese_player"].keyboard.value = 4
    browser = browse.square_browser()
    browser.filter.value = "pandiagonal"
    made["square_browser (filtered)"] = browser
    for name, widget in made.items():
        assert_all_translated(widget_texts(widget), name)
    words = made["siamese_player"].keyboard.words()
    assert words.startswith("«{word} {step} of {last}: {caption}»".split("{")[0])
    assert "«placed»" in words and "«4 aims at" in words
    # the browser writes the same words: its script carries no English of its own
    for esm in (_front._KEYS_ESM, _front._NEEDS_ESM, _front._STEP_ESM):
        for english in ("frame player", "keys: Space", " of ", "Space: play or pause"):
            assert english not in esm.split("function nameControls")[0] + esm.split("function render")[-1]


def test_english_widgets_are_what_they_were():
    from magiclib.widgets import _front, queens, siamese

    keys = _front.PlayerKeys(value=4, max=9, word="placed", captions=[""] * 4 + ["4 goes down"] + [""] * 5)
    assert keys.words() == "placed 4 of 9: 4 goes down"
    assert keys.instructions.format(label="siamese player") == (
        "siamese player. Space: play or pause; left and right arrows: step; Home and End: first and last step"
    )
    assert _front.NeedsPython().text == "needs Python: run the cell"
    player = siamese.siamese_player(3)
    assert [b.description for b in (player.first, player.back, player.forward, player.last)] == [
        "|\u25c0 first",
        "\u25c0 step back",
        "step forward \u25b6",
        "last \u25b6|",
    ]
    assert player.keyboard.label == "Siamese walk player" and player.slider.description == "placed"
    assert "(the whole search)" in queens.backtrack_player(4).note.value
    assert "(the search continues after frame" in queens.backtrack_player(6, max_frames=20).note.value


# ------------------------------------------------------------------------------ errors a reader meets

LO_SHU = [[2, 7, 6], [9, 5, 1], [4, 3, 8]]

#: Bad calls into every public module, each refused with an error a reader sees.
BAD_CALLS = {
    # the checks of _check, through public functions
    "siamese(4)": lambda: ml.siamese(4),
    "siamese(2)": lambda: ml.siamese(2),
    "siamese(2.5)": lambda: ml.siamese(2.5),
    "siamese(10**6)": lambda: ml.siamese(10**6),
    "is_magic(ragged)": lambda: ml.is_magic([[1, 2], [3]]),
    "is_magic('abc')": lambda: ml.is_magic("abc"),
    "is_magic(float entry)": lambda: ml.is_magic([[1.5]]),
    "is_magic(str entry)": lambda: ml.is_magic([["a"]]),
    "is_magic(2 x 3)": lambda: ml.is_magic(np.zeros((2, 3), dtype=np.int64)),
    "is_magic(float array)": lambda: ml.is_magic(np.zeros((3, 3))),
    "is_magic(bool array)": lambda: ml.is_magic(np.zeros((3, 3), dtype=bool)),
    "is_magic([])": lambda: ml.is_magic([]),
    "is_magic(masked)": lambda: ml.is_magic(np.ma.masked_array(LO_SHU, mask=[[1, 0, 0]] * 3)),
    "is_magic(2**64)": lambda: ml.is_magic([[2**64]]),
    "is_magic(3-D)": lambda: ml.is_magic(np.zeros((2, 2, 2), dtype=np.int64)),
    "is_magic(row is int)": lambda: ml.is_magic([1, 2]),
    "magic_space_basis(diagonals='no')": lambda: ml.magic_space_basis(3, diagonals="no"),
    # squares
    "magic_constant(0)": lambda: ml.magic_constant(0),
    "reader_name(3)": lambda: ml.reader_name(3),
    # construct
    "magic(2)": lambda: ml.magic(2),
    "magic(0)": lambda: ml.magic(0),
    "magic('5')": lambda: ml.magic("5"),
    "magic(5002)": lambda: ml.magic(5002),
    "magic_by_loops(1001)": lambda: ml.magic_by_loops(1001),
    "order_kind(2)": lambda: ml.order_kind(2),
    # walk
    "siamese_steps(4)": lambda: ml.siamese_steps(4),
    "rule_name(3)": lambda: ml.rule_name(3),
    "rule_name('jump')": lambda: ml.rule_name("jump"),
    "rule_in_words('step', 3)": lambda: ml.rule_in_words("step", 3),
    "rule_in_words(step 25, 3)": lambda: ml.rule_in_words(ml.siamese_steps(5)[-1], 3),
    # nqueens
    "queens(13)": lambda: ml.queens(13),
    "queens(True)": lambda: ml.queens(True),
    "count_queens(17)": lambda: ml.count_queens(17),
    "queen_symmetries(())": lambda: ml.queen_symmetries(()),
    "queen_symmetries((0, 5))": lambda: ml.queen_symmetries((0, 5)),
    "queen_symmetries((0, 0))": lambda: ml.queen_symmetries((0, 0)),
    "queen_sum(LO_SHU, (0, 1))": lambda: ml.queen_sum(LO_SHU, (0, 1)),
    "hidden_queens(target=2.5)": lambda: ml.hidden_queens(LO_SHU, target=2.5),
    "attacks((0,), (1, 2))": lambda: ml.attacks((0,), (1, 2)),
    "is_safe('ab', 1)": lambda: ml.is_safe("ab", 1),
    # hexagon
    "hexagon.axial(20)": lambda: hx.axial(20),
    "hexagon.line_label(3)": lambda: hx.line_label(3),
    "hexagon.symmetry_label(None)": lambda: hx.symmetry_label(None),
    "hexagon.apply_symmetry(not a permutation)": lambda: hx.apply_symmetry(hx.MAGIC_HEXAGON, (1,) * 19),
    "hexagon.general_solution(0.5)": lambda: hx.general_solution(0.5),
    "hexagon.general_solution('x')": lambda: hx.general_solution("x"),
    "hexagon.line_sums([1, 2, 3])": lambda: hx.line_sums([1, 2, 3]),
    "hexagon.line_sums(2-D)": lambda: hx.line_sums(np.zeros((19, 1), dtype=np.int64)),
    "hexagon.fill(8 values)": lambda: hx.fill([1] * 8),
    "hexagon.brute_force(start=(1, 1))": lambda: hx.brute_force(start=(1, 1)),
    "hexagon.brute_force()": lambda: hx.brute_force(),
    "hexagon.brute_force(start=(20,))": lambda: hx.brute_force(start=(20,), limit=1),
    # matrices
    "line_conditions(41)": lambda: ml.line_conditions(41),
    "magic_space_basis(31)": lambda: ml.magic_space_basis(31),
    "coordinates(basis=[])": lambda: ml.coordinates(LO_SHU, []),
    "coordinates(basis='x')": lambda: ml.coordinates(LO_SHU, "x"),
    "coordinates(4 x 4 basis)": lambda: ml.coordinates(LO_SHU, [ml.magic(4)]),
    "coordinates(outside the span)": lambda: ml.coordinates([[1, 0, 0], [0, 0, 0], [0, 0, 0]], [LO_SHU]),
    "coordinates(dependent)": lambda: ml.coordinates(LO_SHU, [LO_SHU, LO_SHU]),
    "exact_rank(65 x 65)": lambda: ml.exact_rank(ml.magic(65)),
    "nearest_magic([[True]])": lambda: ml.nearest_magic([[True]]),
    "nearest_magic('x')": lambda: ml.nearest_magic("x"),
    "nearest_magic(inf)": lambda: ml.nearest_magic(np.full((2, 2), np.inf)),
    "nearest_magic(101 x 101)": lambda: ml.nearest_magic(np.zeros((101, 101), dtype=np.int64)),
    "birkhoff(negative)": lambda: ml.birkhoff([[1, -1], [-1, 1]]),
    "birkhoff(row sums)": lambda: ml.birkhoff([[1, 2], [3, 4]]),
    "birkhoff(column sums)": lambda: ml.birkhoff([[1, 1], [2, 0]]),
    "reduce_birkhoff(orders differ)": lambda: ml.reduce_birkhoff([(1, (0, 1)), (1, (0, 1, 2))]),
    "reduce_birkhoff(weight 0)": lambda: ml.reduce_birkhoff([(0, (0, 1))]),
    "reduce_birkhoff([1])": lambda: ml.reduce_birkhoff([1]),
    "permutation_matrix((0, 0))": lambda: ml.permutation_matrix((0, 0)),
    "permutation_matrix(())": lambda: ml.permutation_matrix(()),
    "magic_projection(11)": lambda: ml.magic_projection(11),
    "magic_rank_rule(2)": lambda: ml.magic_rank_rule(2),
    # allsquares
    "magic_series(7)": lambda: ml.magic_series(7),
    "magic_squares(5)": lambda: ml.magic_squares(5),
    "count_magic_squares(4, center=5)": lambda: ml.count_magic_squares(4, center=5),
    "count_magic_squares(3, center=10)": lambda: ml.count_magic_squares(3, center=10),
    "count_magic_squares(6)": lambda: ml.count_magic_squares(6),
    "summand_squares(first_row=(1, 2, 3))": lambda: ml.summand_squares(3, first_row=(1, 2, 3)),
    "summand_squares(first_row=(1, 2, 99))": lambda: ml.summand_squares(3, first_row=(1, 2, 99)),
    "summand_search_years(3, 'fast')": lambda: ml.summand_search_years(3, "fast"),
    "summand_search_years(3, -1.0)": lambda: ml.summand_search_years(3, -1.0),
    # estimate
    "estimate_magic_squares(11)": lambda: estimate.estimate_magic_squares(11),
    "estimate_magic_squares(seconds and sweeps)": lambda: estimate.estimate_magic_squares(
        3, seconds=1, sweeps=50
    ),
    "estimate_magic_squares(seed=-1)": lambda: estimate.estimate_magic_squares(3, seed=-1),
    "estimate_magic_squares(mode='normal')": lambda: estimate.estimate_magic_squares(3, mode="normal"),
    "estimate_magic_squares(executor=3)": lambda: estimate.estimate_magic_squares(3, executor=3),
    "estimate_magic_squares(progress=3)": lambda: estimate.estimate_magic_squares(3, sweeps=50, progress=3),
    "estimate_magic_squares(seconds=0)": lambda: estimate.estimate_magic_squares(3, seconds=0),
    "toy_energies(5)": lambda: estimate.toy_energies(5),
    "temperature_ladder(beta_cold=50)": lambda: estimate.temperature_ladder(3, beta_cold=50),
    # order5 (every call refused before a compiled kernel runs)
    "order5.symmetries_32(LO_SHU)": lambda: order5.symmetries_32(LO_SHU),
    "order5.completions(0, 3)": lambda: order5.completions(0, 3),
    "order5.diagonal_pairs(26)": lambda: order5.diagonal_pairs(26),
    "order5.count_main_diagonal(sum 15)": lambda: order5.count_main_diagonal([1, 2, 3, 4, 5]),
    "order5.count_main_diagonal(not canonical)": lambda: order5.count_main_diagonal([21, 9, 13, 17, 5]),
    "order5.count_diagonal_pairs('x')": lambda: order5.count_diagonal_pairs("x"),
    "order5.count_diagonal_pairs(diagonal sums)": lambda: order5.count_diagonal_pairs([list(range(1, 10))]),
    "order5.count_diagonal_pairs(weights)": lambda: order5.count_diagonal_pairs(
        np.zeros((0, 9), dtype=np.int64), weights=[1]
    ),
    "order5.complement_weights(not canonical)": lambda: order5.complement_weights(
        [[9, 21, 5, 17, 15, 14, 12, 11, 13]]
    ),
    "order5.count_order5(progress=3)": lambda: order5.count_order5(progress=3),
    # exercises, timing, i18n, the package
    "exercises.check('99.9', 1)": lambda: ex.check("99.9", 1),
    "exercises.describe(3)": lambda: ex.describe(3),
    "timing.median_time(3)": lambda: timing.median_time(3),
    "timing.median_time(min_time=100)": lambda: timing.median_time(lambda: None, min_time=100),
    "i18n.use_language('fr')": lambda: i18n.use_language("fr"),
    "i18n.use_language(3)": lambda: i18n.use_language(3),
    "i18n.pad(align='^')": lambda: i18n.pad("x", 3, "^"),
    "i18n.text_table(a row too long)": lambda: i18n.text_table(["a"], [[1, 2]]),
    "magiclib.no_such_name": lambda: ml.no_such_name,
    # show
    "show.draw_square(fontsize='big')": lambda: show.draw_square(LO_SHU, fontsize="big"),
    "show.draw_square(33 x 33)": lambda: show.draw_square(ml.magic(33)),
    "show.draw_square(highlight=[(0, 5)])": lambda: show.draw_square(LO_SHU, highlight=[(0, 5)]),
    "show.draw_gallery(titles)": lambda: show.draw_gallery([LO_SHU], titles=["a", "b"]),
    "show.draw_gallery(each square)": lambda: show.draw_gallery([LO_SHU, "x"]),
    "show.draw_gallery(33 x 33)": lambda: show.draw_gallery([ml.magic(33)]),
    "show.draw_stages(a stage's cells)": lambda: show.draw_stages(LO_SHU, [("a", [(0, 3)])]),
    "show.draw_stages(a stage)": lambda: show.draw_stages(LO_SHU, [("a",)]),
    "show.html_table(styles=3)": lambda: show.html_table([["1"]], styles=3),
    "show.html_table([3])": lambda: show.html_table([3]),
    "show.draw_wrapped_blocks(no corners)": lambda: show.draw_wrapped_blocks(ml.magic(4), []),
    "show.draw_hexagon(show_sums)": lambda: show.draw_hexagon(show_sums=True),
    "show.draw_hexagon(lines_shown=3)": lambda: show.draw_hexagon(lines_shown=3),
    "show.draw_hexagon(highlight=[20])": lambda: show.draw_hexagon(highlight=[20]),
    "show.draw_intervals(low > high)": lambda: show.draw_intervals([(3, 2, 1)], 1.0),
    "show.draw_intervals(a pair)": lambda: show.draw_intervals([(1, 2)], 1.0),
    "show.html_animation([1])": lambda: show.html_animation([1]),
    "show.html_animation([])": lambda: show.html_animation([]),
    "show.draw_queens(square too small)": lambda: show.draw_queens((1, 3, 0, 2), square=LO_SHU),
    "show.draw_queen_pairs(no square)": lambda: show.draw_queen_pairs(None, (1, 3, 0, 2)),
    "show.draw_queen_pairs(no partners)": lambda: show.draw_queen_pairs(ml.magic(5), (0, 2, 4, 1, 3)),
    "show.queens_board_html(5 queens)": lambda: show.queens_board_html(4, (0, 1, 2, 3, 0)),
    "show.queens_board_html(running_sums)": lambda: show.queens_board_html(
        4, (1, 3, 0, 2), running_sums=True
    ),
    "show.matrix_html(marks)": lambda: show.matrix_html([[1, 0]], marks={5: ("x", "red")}),
    "show.matrix_html([[True]])": lambda: show.matrix_html([[True]]),
    "show.matrix_html(ragged)": lambda: show.matrix_html([[1, 2], [3]]),
    "show.matrix_html(row_labels)": lambda: show.matrix_html([[1, 0]], row_labels=["a", "b"]),
    "show.data_table_html(short row)": lambda: show.data_table_html([["a"]], header=["x", "y"]),
    "show.save_siamese_gif(path=3)": lambda: show.save_siamese_gif(3, 3),
    "show.worksheet_pages('nope')": lambda: show.worksheet_pages("nope"),
    "show.draw_heatmaps([])": lambda: show.draw_heatmaps([]),
    "show.draw_birkhoff([])": lambda: show.draw_birkhoff([]),
    "show.draw_moler([])": lambda: show.draw_moler([]),
    "show.siamese_frames(4)": lambda: show.siamese_frames(4),
    "show.backtrack_frames(13)": lambda: show.backtrack_frames(13),
    # widgets
    "widgets.siamese_player(4)": lambda: widgets.siamese_player(4),
    "widgets.hexagon_filler(free=(1, 2))": lambda: widgets.hexagon_filler(free=(1, 2)),
    "widgets.hexagon_filler(free=3)": lambda: widgets.hexagon_filler(free=3),
    "widgets.hexagon_filler(total=0.5)": lambda: widgets.hexagon_filler(total=0.5),
    "widgets.square_browser(two orders)": lambda: widgets.square_browser([LO_SHU, ml.magic(4)]),
    "widgets.square_browser(33 x 33)": lambda: widgets.square_browser([ml.magic(33)]),
    "widgets.queens_over_square(2 x 2)": lambda: widgets.queens_over_square([[1, 2], [3, 4]]),
    "widgets.frame_player(header=3)": lambda: widgets.frame_player(["<b>1</b>"], header=3),
    "widgets.backtrack_player(3)": lambda: widgets.backtrack_player(3),
    "widgets.backtrack_player(max_frames=1)": lambda: widgets.backtrack_player(4, max_frames=1),
}

#: What some of these calls said before errors went through the catalogue (recorded from that code).
ENGLISH_ERRORS = {
    "siamese(4)": "ValueError: n must be a positive odd integer, got 4, which is even; "
    "for an even order use magiclib.magic(4)",
    "siamese(2)": "ValueError: n must be a positive odd integer, got 2, which is even; "
    "no normal magic square of order 2 exists",
    "magic(2)": "ValueError: there is no normal magic square of order 2: in [[a, b], [c, d]] the first row "
    "and the first column give a + b = a + c, so b = c, but the entries 1, 2, 3, 4 must all differ; "
    "give n = 1 or any n >= 3",
    "magic('5')": "TypeError: n must be a positive integer other than 2, got str '5'",
    "magic(5002)": "ValueError: n must be a positive integer other than 2 between 1 and 5001, got 5002 "
    "(the square alone would take more than 200 MB)",
    "is_magic(ragged)": "ValueError: square is ragged: its rows have lengths [1, 2]; "
    "every row must have the same length",
    "is_magic(float array)": "TypeError: square must hold integers, got an array of dtype float64 "
    "(convert with .astype(np.int64) if the values are whole)",
    "queens(13)": "ValueError: n must be a board size (a positive integer) between 1 and 12, got 13 "
    "(for larger boards use count_queens(n), which only counts)",
    "hexagon.brute_force()": "ValueError: brute_force with start=() would make 253,955,520 tries; without a "
    "limit it accepts at most 250,000 (fix at least 3 free values in start, or give limit=...)",
    "hexagon.brute_force(start=(20,))": "ValueError: start value must be a value 1..19 between 1 and 19, "
    "got 20",
    "nearest_magic('x')": "TypeError: m must be a square matrix (list of lists, 2-D numpy array or sympy "
    "Matrix) of integers, fractions.Fraction or sympy Rationals, or of finite floats, got str",
    "count_magic_squares(6)": "ValueError: n must be at most 5: n = 6 is out of reach, no method here counts "
    "magic squares of order 6 or more (order 6 has about 1.8e19 of them, an estimate by Monte Carlo "
    "methods; the exact number is unknown)",
    "estimate_magic_squares(mode='normal')": "ValueError: mode must be one of ('magic', 'semi-magic'), "
    "got 'normal'",
    "order5.count_main_diagonal(not canonical)": "ValueError: main_diagonal must be in canonical form: its "
    "first number the smallest of the four off-centre ones and its second smaller than its fourth, "
    "got [21, 9, 13, 17, 5]",
    "show.draw_square(highlight=[(0, 5)])": "ValueError: a column in highlight must be a column number "
    "between 0 and 2, got 5",
    "show.draw_gallery(33 x 33)": "ValueError: the order of each square must be an order to draw between "
    "1 and 32, got 33",
    "widgets.queens_over_square(2 x 2)": "ValueError: square must have an order with an n-queens solution "
    "(1, or 4 to 12), but the 2 x 2 board has none to show",
    "i18n.use_language('fr')": "ValueError: unknown language 'fr': the library speaks "
    "['en', 'es', 'uk', 'zh']",
    "magiclib.no_such_name": "AttributeError: module 'magiclib' has no attribute 'no_such_name'",
}

#: Words a caller fills into a message (what a value must be, why a limit, a phrase naming the value),
#: translated on their own: in the pseudo-language each is a «» inside the message's «».
FILLED_IN = {
    "siamese(10**6)": ["«a positive odd integer»", "«the square alone would take 200 MB or more»"],
    "magic(5002)": ["«a positive integer other than 2»", "«the square alone would take more than 200 MB»"],
    "queens(13)": ["«a board size (a positive integer)»", "«for larger boards use count_queens(n), which"],
    "magic_squares(5)": ["«squares are listed only up to order 4: order 5 already has 275,305,224"],
    "hexagon.brute_force(start=(20,))": ["«start value»", "«a value 1..19»"],
    "hexagon.fill(8 values)": ["«free values»"],
    "summand_squares(first_row=(1, 2, 99))": ["«an entry of first_row»", "«an integer in 1..9»"],
    "is_safe('ab', 1)": ["«a sequence of column numbers»"],
    "nearest_magic('x')": ["«a square matrix (list of lists, 2-D numpy array or sympy Matrix) of integers"],
    "exact_rank(65 x 65)": ["«the order of square»", "«exact elimination with growing fractions»"],
    "show.draw_square(highlight=[(0, 5)])": ["«a column in highlight»", "«a column number»"],
    "show.draw_gallery(33 x 33)": ["«the order of each square»", "«an order to draw»"],
    "show.draw_stages(a stage's cells)": ["«a column in «a stage's cells»»"],
    "show.draw_hexagon(highlight=[20])": ["«a highlight cell»", "«a cell number»"],
    "widgets.hexagon_filler(total=0.5)": ["«an integer line sum (the inputs hold whole numbers)»"],
}


def error_of(call) -> str:
    """``"TypeError: message"`` for the error ``call()`` raises (it must raise)."""
    with pytest.raises(Exception) as caught:
        call()
    plt.close("all")
    return f"{type(caught.value).__name__}: {caught.value}"


@pytest.mark.parametrize("name", sorted(BAD_CALLS))
def test_an_error_speaks_the_chosen_language(pseudo_language, name):
    """The whole message of every refusal comes from the catalogue, the words a caller fills in too,
    and with the «» taken away it is the English message word for word."""
    said = error_of(BAD_CALLS[name])
    kind, message = said.split(": ", 1)
    assert message.startswith("«") and not outside(message), said
    for words in FILLED_IN.get(name, []):
        assert words in message, (words, said)
    i18n.use_language("en")
    try:
        english = error_of(BAD_CALLS[name])
    finally:
        i18n.use_language("uk")
    # the same words, and the same numbers (the pseudo-language groups thousands as Ukrainian does)
    unwrapped = re.sub(r"(?<=\d)\xa0(?=\d{3})", ",", said.replace("«", "").replace("»", ""))
    assert unwrapped == english


@pytest.mark.parametrize("name", sorted(ENGLISH_ERRORS))
def test_english_errors_are_what_they_were(name):
    assert i18n.current_language() == "en"
    assert error_of(BAD_CALLS[name]) == ENGLISH_ERRORS[name]


def test_every_edition_translates_every_error():
    """In each edition the odd-order refusal and the order-2 proof read in its language."""
    try:
        for code, word in [("uk", "непарним"), ("es", "impar"), ("zh", "正奇数")]:
            i18n.use_language(code)
            assert word in error_of(BAD_CALLS["siamese(4)"])
            assert "magic square of order 2" not in error_of(BAD_CALLS["magic(2)"])
    finally:
        i18n.use_language("en")
