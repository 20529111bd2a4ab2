"""Every delivery in every language: `make html`, `make handouts` and `make slides` for one notebook per
edition, built into a temporary folder (no browser: tests/browser/test_editions_pages.py opens them).

Each language's page says its language (``<html lang="zh-Hans">``), links the same page in the other
languages, loads the bundled Chinese web font from the folder (never from the network), and the font
holds every Chinese character the page shows. The student pages of an edition carry no solution; the
worksheets are written per language, and Chinese text in a worksheet embeds Noto Sans CJK SC in the PDF.

An edition notebook comes from ``notebooks/<lang>/`` when it is there and executed; else it is generated
from the English notebook and its catalogue (sources only) into the temporary folder.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import delivery_text  # noqa: E402
import editions  # noqa: E402
import export_html  # noqa: E402
import make_handouts  # noqa: E402
import make_slides  # noqa: E402

NB = "00_what_is_a_magic_square.ipynb"
EDITIONS = ("uk", "es", "zh")
TAGS = {"en": "en", "uk": "uk", "es": "es", "zh": "zh-Hans"}
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
EXTERNAL = re.compile(r"<(script|link|img|iframe|source)\b[^>]*\b(src|href)\s*=\s*[\"']?(https?:)?//", re.I)
CSS_URL = re.compile(r"url\(\s*['\"]?(?:https?:)?//", re.I)


def edition_notebook(lang: str, folder: Path) -> Path:
    """Notebook 00 of ``lang``: the committed, executed one, else generated into ``folder/<lang>/``."""
    committed = ROOT / "notebooks" / lang / NB
    if committed.is_file() and export_html.is_executed(nbformat.read(committed, as_version=4)):
        return committed
    page = next(p for p in editions.english_pages() if p.english == f"notebooks/{NB}")
    nb = page.translated(lang, editions.read_catalogue(page.catalogue(lang), lang))
    for k, cell in enumerate(c for c in nb["cells"] if c["cell_type"] == "code"):
        cell.update(execution_count=k + 1, outputs=[])  # counted as run (no outputs): the frame is tested
    target = folder / lang / NB
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return target


@pytest.fixture(scope="module")
def notebooks(tmp_path_factory) -> list[Path]:
    folder = tmp_path_factory.mktemp("editions")
    return [ROOT / "notebooks" / NB] + [edition_notebook(lang, folder) for lang in EDITIONS]


@pytest.fixture(scope="module")
def site(tmp_path_factory, notebooks) -> Path:
    out = tmp_path_factory.mktemp("html")
    assert export_html.main(["--strict", "--out", str(out), *map(str, notebooks)]) == 0
    return out


def _page(site: Path, lang: str, name: str) -> Path:
    return site / name if lang == "en" else site / lang / name


def _font_chars(path: Path) -> set[int]:
    from fontTools.ttLib import TTFont

    return set(TTFont(str(path)).getBestCmap())


@pytest.mark.parametrize("lang", ["en", *EDITIONS])
@pytest.mark.parametrize("name", [NB.replace(".ipynb", ".html"), "index.html", "teachers.html"])
def test_page_says_its_language_links_the_others_and_stays_offline(site, lang, name):
    path = _page(site, lang, name)
    raw = path.read_text(encoding="utf-8")
    assert re.search(rf'<html\b[^>]*\blang="{TAGS[lang]}"', raw), f"{lang}/{name}: lang is not {TAGS[lang]}"
    switch = re.search(r'<nav\b[^>]*class="magiclib-languages"[^>]*>(.*?)</nav>', raw, re.S)
    assert switch, f"{lang}/{name}: no language switch"
    links = {}
    for attrs in re.findall(r"<a\b([^>]*)>", switch.group(1)):  # attributes in any order
        found = dict(re.findall(r'([\w-]+)="([^"]*)"', attrs))
        links[found["href"]] = found["hreflang"]
    assert sorted(links.values()) == sorted(TAGS.values()), links
    for href in links:
        assert (path.parent / href).resolve().is_file(), (
            f"{lang}/{name}: the switch links {href}, not written"
        )
    assert not EXTERNAL.search(raw) and not CSS_URL.search(raw), f"{lang}/{name} loads from the network"
    font = re.search(r"@font-face\s*\{[^}]*src:\s*url\('([^']+)'\)", raw)
    assert font, f"{lang}/{name}: no bundled web font"
    assert (path.parent / font.group(1)).resolve() == (site / export_html.WEB_FONT).resolve()
    assert (site / export_html.WEB_FONT).is_file()


def assert_fonts_cover(root: Path) -> int:
    """Every page under ``root`` loads a web font that has every Chinese character the page shows;
    returns how many pages were checked."""
    fonts: dict[Path, set[int]] = {}
    pages = sorted(root.rglob("*.html"))
    for page in pages:
        raw = page.read_text(encoding="utf-8")
        url = re.search(r"@font-face\s*\{[^}]*src:\s*url\('([^']+)'\)", raw)
        assert url, f"{page.relative_to(root)}: no web font"
        font = (page.parent / url.group(1)).resolve()
        assert font.is_file(), f"{page.relative_to(root)}: its web font {url.group(1)} is missing"
        chars = fonts.setdefault(font, _font_chars(font))
        shown = {ord(c) for c in CJK.findall(raw)}
        lacking = sorted(map(chr, shown - chars))
        assert not lacking, f"{page.relative_to(root)}: not in its web font: {lacking[:20]}"
    return len(pages)


def test_every_chinese_character_of_the_pages_is_in_the_web_font(site):
    assert assert_fonts_cover(site) >= 12
    zh = (site / "zh" / NB.replace(".ipynb", ".html")).read_text(encoding="utf-8")
    assert len(set(CJK.findall(zh))) > 100, "the Chinese page shows hardly any Chinese"
    assert (site / export_html.WEB_FONT).stat().st_size < 3e6


def test_teachers_page_lists_the_same_exercises_in_every_language(site, notebooks):
    """The teachers' page finds an edition's exercises through its English twin (translated headings)."""
    english = nbformat.read(notebooks[0], as_version=4)
    expected = len(export_html.exercises_of(english))
    assert expected >= 3
    for lang, path in zip(EDITIONS, notebooks[1:], strict=True):
        found = export_html.exercises_of(nbformat.read(path, as_version=4), english)
        assert len(found) == expected, (lang, found)
        raw = (site / lang / "teachers.html").read_text(encoding="utf-8")
        assert delivery_text.texts(lang)["teachers_none"] not in raw, f"{lang}: no exercise listed"


def test_the_page_frame_speaks_the_edition_language(site):
    for lang in EDITIONS:
        assert not delivery_text.missing(lang), f"{lang}: untranslated frame messages"
        raw = _page(site, lang, NB.replace(".ipynb", ".html")).read_text(encoding="utf-8")
        words = delivery_text.texts(lang)
        assert words["nav_index"] in raw and words["nav_teachers"] in raw, lang
        assert delivery_text.MESSAGES["nav_index"] not in raw, f"{lang}: English navigation left"


@pytest.fixture(scope="module")
def handouts(tmp_path_factory, notebooks) -> Path:
    out = tmp_path_factory.mktemp("handouts")
    assert make_handouts.main(["--out", str(out), *map(str, notebooks)]) == 0
    return out


def test_handouts_per_language_without_solutions(handouts, notebooks):
    for lang, nb_path in zip(["en", *EDITIONS], notebooks, strict=True):
        sub = "" if lang == "en" else lang + "/"
        nb = nbformat.read(nb_path, as_version=4)
        twin = make_handouts.english_twin(nb_path)
        _, code, texts = make_handouts.strip_solutions(nb, twin)
        assert texts, f"{lang}: no folded solution found in {nb_path.name}"
        student = (handouts / "student" / sub / NB.replace(".ipynb", ".html")).read_text(encoding="utf-8")
        teacher = (handouts / "teacher" / sub / NB.replace(".ipynb", ".html")).read_text(encoding="utf-8")
        for folded in texts:
            summary = re.search(r"<summary>(.*?)</summary>", folded, re.S).group(1)
            assert summary in teacher, f"{lang}: the teacher page lost {summary!r}"
            body = re.sub(r"<summary>.*?</summary>|</?details>", "", folded, flags=re.S).strip()
            longest = max(body.splitlines(), key=len)
            assert longest not in student, f"{lang}: the student page shows a solution: {longest[:60]}"
        assert re.search(rf'<html\b[^>]*\blang="{TAGS[lang]}"', student), lang
        front = handouts / sub / "index.html"
        assert front.is_file() and f'lang="{TAGS[lang]}"' in front.read_text(encoding="utf-8")
        assert sorted((handouts / "worksheets" / sub).glob("*.pdf")), f"{lang}: no worksheets"
    assert assert_fonts_cover(handouts) >= 16  # student, teacher and front pages alike


def _pdf_fonts(path: Path) -> str:
    """The font names a PDF embeds (pdffonts from poppler-utils if present, else the raw /BaseFont names)."""
    if shutil.which("pdffonts"):
        return subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True).stdout
    return " ".join(m.decode() for m in re.findall(rb"/BaseFont\s*/([\w+-]+)", path.read_bytes()))


def test_chinese_worksheet_text_embeds_the_cjk_font(tmp_path):
    """The worksheet page machinery, with Chinese text: the PDF embeds Noto Sans CJK SC, no glyph missing."""
    import warnings

    import magiclib
    from magiclib.show import worksheets as ws

    magiclib.use_language("zh")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # a "Glyph ... missing from font" warning fails
            page = ws._Page(
                "A4", "暹罗法：一个 3 × 3 的幻方", "magiclib 课堂资料包 · 暹罗法（笔记本 01）", False
            )
            page.text(20, page.y - 10, "行和：________   列和：________   对角线和：________")
            page.fig.savefig(tmp_path / "zh.pdf")
    finally:
        magiclib.use_language("en")
    fonts = _pdf_fonts(tmp_path / "zh.pdf")
    assert "NotoSansCJKsc" in fonts and "DejaVuSans" in fonts, fonts


def test_chinese_worksheets_embed_the_cjk_font_once_translated(handouts):
    """The zh worksheets of `make handouts`: written after use_language("zh"); once the library's zh
    catalogue translates the worksheet text, every sheet embeds the CJK font."""
    sheets = sorted((handouts / "worksheets" / "zh").glob("*.pdf"))
    assert sheets
    if not (ROOT / "magiclib" / "locale" / "zh" / "LC_MESSAGES" / "magiclib.po").is_file():
        pytest.skip("the library has no Chinese catalogue yet: the worksheets are still English")
    for sheet in sheets:
        assert "NotoSansCJKsc" in _pdf_fonts(sheet), sheet.name


@pytest.fixture(scope="module")
def slides(tmp_path_factory, notebooks) -> Path:
    out = tmp_path_factory.mktemp("slides")
    make_slides.build([p for p in notebooks if export_html.is_executed(nbformat.read(p, as_version=4))], out)
    return out


def test_slides_per_language_offline(slides, notebooks):
    executed = [export_html.language_of(p) for p in notebooks]
    executed = [
        lang
        for lang, p in zip(executed, notebooks, strict=True)
        if export_html.is_executed(nbformat.read(p, as_version=4))
    ]
    for lang in executed:
        deck = _page(slides, lang, NB.replace(".ipynb", ".slides.html"))
        raw = deck.read_text(encoding="utf-8")
        assert f'lang="{TAGS[lang]}"' in raw, lang
        prefix = "" if lang == "en" else "../"
        assert f'src="{prefix}reveal.js/dist/reveal.js"' in raw, lang
        assert f"url('{prefix}{export_html.WEB_FONT}')" in raw, lang
        assert not EXTERNAL.search(raw), f"{lang}: the deck loads from the network"
        index = _page(slides, lang, "index.html").read_text(encoding="utf-8")
        assert "magiclib-languages" in index or len(executed) == 1
    assert (slides / export_html.WEB_FONT).is_file()
    assert assert_fonts_cover(slides) >= len(executed)
