"""The editions machinery (scripts/editions.py, magiclib.i18n): messages, catalogues, staleness.

The machinery is tested on a small notebook of its own in a temporary project, so that these tests
say what the tool does whatever the English notebooks say today; `test_every_edition_is_complete_and_current`
is the check on the real editions (one per language listed in `editions.EDITIONS`).
"""

from __future__ import annotations

import ast
import json
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import editions as ed  # noqa: E402

import magiclib  # noqa: E402
from magiclib import i18n  # noqa: E402

MARKDOWN = """## 2. The matrix $A$

Write the 15 equations as $A\\mathbf{x} = s\\mathbf{1}$: row $i$ of
`A` has a 1 in column $k$ when cell $k$ lies on line $i$ (see [the table](README.md#notation)).

- *rank*: the number of pivots, here 12;
- *free cell*: a cell whose column has no pivot.

| notebook | lesson time |
|---|---|
| 04 | 2 × 45 min |

$$M(n) = \\frac{n(n^2+1)}{2}$$
"""
CODE = """A = incidence_matrix()  # the 15 x 19 matrix
print(f"rank {rank} of {A.shape[0]} rows")
ax.legend(loc="upper left")
if kind == "doubly even":
    print("removed:", d["key"], "total")
"""


def pseudo(text: str) -> str:
    """A stand-in translation that keeps every number, formula, code span and placeholder, and uses the
    test glossary's term."""
    return "«" + text.replace("free cell", "вільна клітинка") + "»"


@pytest.fixture
def project(tmp_path, monkeypatch):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(MARKDOWN), nbformat.v4.new_code_cell(CODE)]
    (tmp_path / "notebooks").mkdir()
    path = tmp_path / "notebooks" / "04_tiny.ipynb"
    nbformat.write(nb, path)
    monkeypatch.setattr(ed, "ROOT", tmp_path)
    monkeypatch.setattr(ed, "NOTEBOOKS", tmp_path / "notebooks")
    monkeypatch.setattr(ed, "LOCALE", tmp_path / "locale")
    monkeypatch.setattr(ed, "EDITIONS", {"uk": "uk_UA"})
    monkeypatch.setattr(ed, "LANGUAGES", {"uk": "uk_UA"})
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "glossary.md").write_text(
        "| English | uk |\n|---|---|\n| free cell | вільна клітинка |\n"
    )
    monkeypatch.setattr(ed, "GLOSSARY", tmp_path / "docs" / "glossary.md")
    return path


def translate_all(lang: str, fn=pseudo) -> None:
    for po in (ed.LOCALE / lang).glob("*/*.po"):
        cat = ed.read_catalogue(po, lang)
        for entry in cat:
            if not entry.obsolete:
                entry.msgstr, entry.flags, entry.previous_msgid = fn(entry.msgid), [], None
        ed.write_catalogue(cat, po)


def test_a_markdown_cell_is_cut_into_paragraphs_items_headings_and_rows():
    messages = [p.text for p in ed.markdown_pieces(MARKDOWN) if p.message]
    assert messages == [
        "2. The matrix $A$",
        "Write the 15 equations as $A\\mathbf{x} = s\\mathbf{1}$: row $i$ of `A` has a 1 in column $k$ "
        "when cell $k$ lies on line $i$ (see [the table](README.md#notation)).",
        "*rank*: the number of pivots, here 12;",
        "*free cell*: a cell whose column has no pivot.",
        "| notebook | lesson time |",
        "| 04 | 2 × 45 min |",
    ]
    # the display formula and the table's rule are structure, not messages
    assert not any("frac" in m or "---" in m for m in messages)


def test_a_code_cell_offers_its_comments_and_shown_strings_but_no_settings_or_keys():
    messages = [p.text for p in ed.code_pieces(CODE, ed.code_keys([CODE])) if p.message]
    assert messages == ["the 15 x 19 matrix", "rank {rank} of {A.shape[0]} rows", "removed:", "total"]
    # a label that the code also compares stays English everywhere
    assert "doubly even" in ed.code_keys([CODE])
    assert "rotate 180°" in ed.code_keys(['assert fixed == ["identity", "rotate 180°"]'])
    assert [p.text for p in ed.code_pieces('k = "doubly even"') if p.message] == ["doubly even"]
    assert [p.text for p in ed.code_pieces('k = "doubly even"', ed.code_keys([CODE])) if p.message] == []
    # each line of a string written over several lines is offered, and the code stays valid
    code = 'print(f"{k} of the {n} pairs complete; "\n      "the most on one pair: {m}")'
    assert [p.text for p in ed.code_pieces(code) if p.message] == [
        "{k} of the {n} pairs complete; ",
        "the most on one pair: {m}",
    ]
    ast.parse("".join(p.text.upper() if p.message else p.text for p in ed.code_pieces(code)))
    # a docstring is read like a comment: one message, and the code stays valid when it is replaced
    code = 'def f(x):\n    """Return the square\n    of x."""  # no comment\n    return x * x\n'
    assert [p.text for p in ed.code_pieces(code) if p.message] == [
        "Return the square\n    of x.",
        "no comment",
    ]
    ast.parse("".join(p.text.upper() if p.message else p.text for p in ed.code_pieces(code)))
    # columns after a non-ASCII character are found (ast counts bytes)
    assert [p.text for p in ed.code_pieces('x = "n²"; print("rotate 90° left:")') if p.message] == [
        "rotate 90° left:"
    ]


def test_a_line_that_starts_with_a_bar_inside_a_list_item_is_not_a_table_row():
    text = "- all other eigenvalues have\n  |λ| < M and add up to 0 (section 5)."
    assert [p.text for p in ed.markdown_pieces(text) if p.message] == [
        "all other eigenvalues have |λ| < M and add up to 0 (section 5)."
    ]


def test_identity_translation_gives_back_the_source():
    for cell in (nbformat.v4.new_markdown_cell(MARKDOWN), nbformat.v4.new_code_cell(CODE)):
        back = "".join(ed.translate_cell(cell, lambda t: t)["source"])
        assert ed.normalise(back) == ed.normalise(cell["source"])
    assert "".join(ed.translate_cell(nbformat.v4.new_code_cell(CODE), str)["source"]) == CODE


def test_a_translation_that_changes_a_number_formula_code_span_link_or_placeholder_is_refused():
    msgid = "rank $r = 12$ of `A`, see [the table](README.md#notation), 1,296 squares"
    assert (
        ed.check_entry(
            msgid, "ранг $r = 12$ матриці `A`, див. [таблицю](README.md#notation), 1 296 квадратів"
        )
        == []
    )
    assert ed.check_entry(msgid, "ранг $r = 13$ матриці `A`, [таблиця](README.md#notation), 1 296") == [
        "formula: lost $r = 12$",
        "formula: added $r = 13$",
    ]
    assert ed.check_entry(msgid, "ранг $r = 12$ `B`, [т](README.md), 1296") == [
        "code: lost `A`",
        "code: added `B`",
        "link: lost README.md#notation",
        "link: added README.md",
    ]
    assert ed.check_entry(msgid, "ранг $r = 12$ `A` [т](README.md#notation), 1 295")[:1] == [
        "number: lost 1296"
    ]
    assert ed.check_entry("{n}: {count:,}", "{count:,}", code=True) == ["placeholder: lost {n}"]
    assert ed.check_entry("Lucas, 19th century", "Lucas, siglo XIX") == []
    # "3, 4" is two numbers, "1,296" and "1 296" one, "153.55" and "153,55" one
    assert ed.check_entry("for order 3, 4 of its 1,296 squares", "4 з його 1 296 квадратів порядку 3") == []
    assert ed.check_entry("153.55 years", "153,55 años") == []
    # a decimal comma in a formula is TeX's {,}: the same formula; another digit is not
    assert ed.check_entry("$(1.7745 \\pm 0.0016)$", "$(1{,}7745 \\pm 0{,}0016)$") == []
    assert ed.check_entry("$4.8$", "$4{,}9$") == ["formula: lost $4.8$", "formula: added $4.9$"]
    # Chinese counts in its own units (万 = 10^4, 亿 = 10^8): the value must agree, not the digits
    assert ed.check_entry("the 3.2 million partitions", "320 万个划分") == []
    assert ed.check_entry("1.5 billion", "15 亿") == []
    assert ed.check_entry("3.2 million", "32 万") == ["number: lost 3,200,000", "number: added 320,000"]


def test_update_generate_and_the_staleness_check(project):
    ed.update(["uk"])
    po = ed.catalogue_path("uk", "04_tiny")
    st = ed.status("uk")
    assert (st.messages, st.translated, st.fuzzy) == (10, 0, 0) and st.problems

    translate_all("uk")
    ed.generate(["uk"])
    st = ed.status("uk")
    assert (st.messages, st.translated, st.fuzzy, st.problems) == (10, 10, 0, [])

    edition = json.loads((ed.NOTEBOOKS / "uk" / "04_tiny.ipynb").read_text(encoding="utf-8"))
    first_code = "".join(edition["cells"][1]["source"])
    assert first_code.startswith('import magiclib\nmagiclib.use_language("uk")\n')
    ast.parse(first_code)
    assert 'print(f"«rank {rank} of {A.shape[0]} rows»")' in first_code and 'loc="upper left"' in first_code
    text = "".join(edition["cells"][0]["source"])
    assert "«*rank*: the number of pivots, here 12;»" in text and "(README.md#notation)" in text
    assert "«*вільна клітинка*: a cell whose column has no pivot.»" in text
    assert "$$M(n) = \\frac{n(n^2+1)}{2}$$" in text

    # One English sentence changes: the edition is stale until the catalogue carries it.
    nb = nbformat.read(project, as_version=4)
    nb.cells[0].source = nb.cells[0].source.replace("here 12;", "twelve here;")
    nbformat.write(nb, project)
    st = ed.status("uk")
    assert any("untranslated" in p and "twelve here" in p for p in st.problems)
    assert any("differs from what its catalogue generates" in p for p in st.problems)
    ed.update(["uk"])
    changed = ed.entries(ed.read_catalogue(po, "uk"))["*rank*: the number of pivots, twelve here;"]
    assert "fuzzy" in changed.flags and changed.previous_msgid == "*rank*: the number of pivots, here 12;"
    assert changed.msgstr == "«*rank*: the number of pivots, here 12;»"
    assert ed.status("uk").fuzzy == 1  # a fuzzy translation is never shown: still stale

    translate_all("uk")
    ed.generate(["uk"])
    assert ed.status("uk").problems == []

    # A translation that does not use the glossary's term is caught.
    translate_all("uk", lambda t: "«" + t + "»")
    ed.generate(["uk"])
    assert [p.split(": ", 2)[2] for p in ed.status("uk").problems] == [
        "'free cell' is 'вільна клітинка' in '*free cell*: a cell whose column has no pivot.'"
    ]

    # A translation that drops a number is caught even when everything else is current.
    translate_all("uk", lambda t: pseudo(t.replace("15", "")))
    ed.generate(["uk"])
    assert any("number: lost 15" in p for p in ed.status("uk").problems)


def widget_output(model_id: str) -> dict:
    return nbformat.v4.new_output(
        "display_data", {"text/plain": "Player()", ed.WIDGET_VIEW: {"model_id": model_id, "version_major": 2}}
    )


def widget_state(models: dict[str, dict]) -> dict:
    return {ed.WIDGET_STATE: {"version_major": 2, "version_minor": 0, "state": models}}


def test_an_edition_never_shows_english_outputs_or_stale_widget_state(project):
    nb = nbformat.read(project, as_version=4)
    player = nbformat.v4.new_code_cell('player = make_player(title="the first player")\nplayer')
    other = nbformat.v4.new_code_cell('other = make_player(title="the second player")\nother')
    english_outputs = [nbformat.v4.new_output("stream", name="stdout", text="rank 12 of 15 rows\n")]
    nb.cells[1].outputs, nb.cells[1].execution_count = english_outputs, 1
    player.outputs, other.outputs = [widget_output("aa")], [widget_output("bb")]
    nb.cells += [player, other]
    nb.metadata["widgets"] = widget_state({"aa": {"state": {}}, "bb": {"state": {}}})
    nbformat.write(nb, project)
    ed.update(["uk"])
    translate_all("uk")
    ed.generate(["uk"])
    path = ed.NOTEBOOKS / "uk" / "04_tiny.ipynb"
    edition = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in edition["cells"] if c["cell_type"] == "code"]
    assert [(c["outputs"], c["execution_count"]) for c in code] == [([], None)] * 3  # not the English
    assert "widgets" not in edition["metadata"]

    # Executed: each player shows its view, whose model refers to its layout; one model is left over.
    code[0]["outputs"] = [nbformat.v4.new_output("stream", name="stdout", text="«rank»\n")]
    code[0]["execution_count"] = 1
    code[1]["outputs"], code[2]["outputs"] = [widget_output("a1")], [widget_output("b1")]
    models = {
        "a1": {"state": {"layout": "IPY_MODEL_a2", "children": ["IPY_MODEL_a2"]}},  # a2 named twice
        "a2": {"state": {}},
        "a3": {"state": {"source": ["IPY_MODEL_a1", "value"], "target": ["IPY_MODEL_a2", "value"]}},  # a link
        "b1": {"state": {"layout": "IPY_MODEL_b2"}},
        "b2": {"state": {}},
        "b3": {"state": {"source": ["IPY_MODEL_b1", "value"], "target": ["IPY_MODEL_a1", "value"]}},
        "c1": {"state": {}},
    }
    edition["metadata"]["widgets"] = widget_state(models)
    # stored as `make notebook` stores it: nbformat's writer, one source line per list element
    nbformat.write(nbformat.reads(json.dumps(edition), as_version=4), path)

    # The second player's English changes: its cell loses its outputs and its widgets their state.
    nb = nbformat.read(project, as_version=4)
    nb.cells[3].source = nb.cells[3].source.replace("the second player", "another player")
    nbformat.write(nb, project)
    ed.update(["uk"])
    translate_all("uk")
    ed.generate(["uk"])
    edition = json.loads(path.read_text(encoding="utf-8"))
    code = [c for c in edition["cells"] if c["cell_type"] == "code"]
    assert "".join(code[0]["outputs"][0]["text"]) == "«rank»\n" and code[0]["execution_count"] == 1
    assert [o["data"][ed.WIDGET_VIEW]["model_id"] for o in code[1]["outputs"]] == ["a1"]
    assert "«another player»" in "".join(code[2]["source"])
    assert (code[2]["outputs"], code[2]["execution_count"]) == ([], None)
    # the first player keeps its link (Play to slider); the link to the gone player goes with it
    assert sorted(edition["metadata"]["widgets"][ed.WIDGET_STATE]["state"]) == ["a1", "a2", "a3"]


def test_one_word_in_two_contexts_keeps_two_translations_through_an_update():
    def entry(context, text, translated=""):
        return ed.polib.POEntry(msgctxt=context, msgid=text, msgstr=translated)

    po = ed.polib.POFile()
    po.extend([entry("symmetry", "identity", "тотожність"), entry("matrix", "identity", "одинична")])
    new = ed.update_catalogue(po, [entry("symmetry", "identity"), entry("matrix", "identity")])
    got = {(e.msgctxt, e.msgid): (e.msgstr, e.obsolete, e.flags) for e in new}
    assert got == {
        ("symmetry", "identity"): ("тотожність", False, []),
        ("matrix", "identity"): ("одинична", False, []),
    }


def test_links_from_an_edition_reach_its_own_pages_and_the_rest_of_the_project():
    text = "[a](00_what.ipynb) [b](README.md#notation) [c](../docs/teachers.md) [d](https://oeis.org/A006052)"
    assert ed.relink(text, "uk", "notebooks/01_x.ipynb", "notebooks/uk/01_x.ipynb") == (
        "[a](00_what.ipynb) [b](README.md#notation) [c](../../docs/uk/teachers.md) [d](https://oeis.org/A006052)"
    )
    # the teachers' page of an edition links the edition's learning path and notebooks, and English files
    text = "[path](../notebooks/README.md) [nb](../notebooks/03_q.ipynb) [claims](claims.md)"
    assert ed.relink(text, "es", "docs/teachers.md", "docs/es/teachers.md") == (
        "[path](../../notebooks/es/README.md) [nb](../../notebooks/es/03_q.ipynb) [claims](../claims.md)"
    )


def test_pages_beside_the_notebooks_are_translated_too(project):
    (project.parent / "README.md").write_text("# Learning path\n\nSee [the teachers](../docs/teachers.md).\n")
    (ed.ROOT / "docs" / "teachers.md").write_text(
        "# For teachers\n\nOpen [04](../notebooks/04_tiny.ipynb).\n"
    )
    ed.update(["uk"])
    translate_all("uk")
    assert ed.status("uk").by_notebook["learning_path"] == (2, 2, 0)
    ed.generate(["uk"])
    page = (ed.ROOT / "docs" / "uk" / "teachers.md").read_text(encoding="utf-8")
    assert page == "# «For teachers»\n\n«Open [04](../../notebooks/uk/04_tiny.ipynb).»\n"
    assert ed.status("uk").problems == []
    (ed.ROOT / "docs" / "uk" / "teachers.md").write_text(page.replace("Open", "Opne"), encoding="utf-8")
    assert ed.status("uk").problems == ["uk: docs/uk/teachers.md differs from what its catalogue generates"]


def test_the_library_speaks_the_chosen_language_and_refuses_unknown_ones():
    try:
        assert magiclib.use_language is i18n.use_language
        with pytest.raises(ValueError, match="speaks"):
            i18n.use_language("xx")
        with pytest.raises(TypeError):
            i18n.use_language(3)
        i18n.use_language("es")
        assert i18n.current_language() == "es"
        assert i18n.number(1234567.5, decimals=1) == "1.234.567,5"
        i18n.use_language("zh")
        assert i18n.number(1234567.5, decimals=1) == "1,234,567.5"
        # a message with no translation is shown in English, filled
        assert i18n._("placed {k} of {total}", k=4, total=9) == "placed 4 of 9"
    finally:
        i18n.use_language("en")


def test_plural_forms_follow_the_catalogue_rule(tmp_path, monkeypatch):
    import polib

    po = ed.new_catalogue("uk", "magiclib")
    po.append(
        polib.POEntry(
            msgid="{count} square",
            msgid_plural="{count} squares",
            msgstr_plural={0: "{count} квадрат", 1: "{count} квадрати", 2: "{count} квадратів"},
        )
    )
    ed.write_catalogue(po, tmp_path / "uk" / "LC_MESSAGES" / "magiclib.po")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n._catalogue.cache_clear()
    try:
        i18n.use_language("uk")
        forms = [i18n.ngettext("{count} square", "{count} squares", k) for k in (1, 3, 5, 21, 880)]
        assert forms == ["1 квадрат", "3 квадрати", "5 квадратів", "21 квадрат", "880 квадратів"]
    finally:
        i18n.use_language("en")
        i18n._catalogue.cache_clear()


def test_the_glossary_has_every_language_and_its_terms_are_found_inflected():
    for lang in ("uk", "es", "zh"):
        terms = ed.glossary(lang)
        assert len(terms) >= 20 and all(terms.values()), lang
    uk, zh = ed.glossary("uk"), ed.glossary("zh")
    assert ed.glossary_misses("uk", "the rank of A", "ранг матриці A", uk) == []
    assert ed.glossary_misses("uk", "880 magic squares", "880 магічних квадратів", uk) == []
    assert ed.glossary_misses("uk", "880 magic squares", "880 чарівних квадратів", uk) == [
        "'magic square' is 'магічний квадрат'"
    ]
    assert ed.glossary_misses("zh", "the null space of A", "A 的零空间", zh) == []
    # a term inside code, or inside a longer word, is not a use of the term
    assert (
        ed.glossary_misses("uk", "`queen_sum` on a semi-magic square", "`queen_sum` на напівмагічному", uk)
        == []
    )
    assert ed.glossary_misses("zh", "the null space of A", "A 的核", zh) == ["'null space' is '零空间'"]


@pytest.mark.parametrize("lang", sorted(ed.EDITIONS))
def test_every_edition_is_complete_and_current(lang):
    st = ed.status(lang)
    print(f"{lang}: {st.messages} messages, {st.translated} translated, {st.fuzzy} fuzzy")
    assert not st.problems, "\n".join(st.problems[:30])


@pytest.mark.parametrize("lang", ed.EDITIONS)
def test_generate_rewrites_no_current_edition(lang):
    """On editions executed since their catalogues last changed, `editions.py generate` writes each file
    as it is committed, byte for byte: it keeps every stored output and every saved widget model the
    outputs need (Play's link to its slider included), so a contributor's run of it leaves a clean tree."""
    differ = [
        str(page.edition(lang).relative_to(ed.ROOT))
        for page in ed.english_pages()
        if ed.generated(page, lang) != page.edition(lang).read_text(encoding="utf-8")
    ]
    assert differ == []
