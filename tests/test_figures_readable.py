"""Readable at 10 metres: every public drawing of ``magiclib.show``, rendered at its own figure size.

For each drawing function, called as the notebooks call it, the figure is drawn (Agg) and
every visible text is checked: every glyph is in the fonts (matplotlib's "Glyph ... missing from
font" warning fails the test), no font below 12 pt (``look.MIN_PT``) and no two texts whose
bounding boxes overlap (titles that run into each other, a glyph over a number, a label
across a neighbour). The HTML pictures (boards, frames, the hexagon SVG, the players) are
parsed for their font sizes: none below 12 px (``look.MIN_PX``).
"""

from __future__ import annotations

import io
import re
import warnings
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.text import Text  # noqa: E402

import magiclib as ml  # noqa: E402
from magiclib import hexagon as hx  # noqa: E402
from magiclib import show  # noqa: E402
from magiclib.show.look import MIN_PT, MIN_PX, overlapping_texts  # noqa: E402

LO_SHU = [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
DURER = [[16, 3, 2, 13], [5, 10, 11, 8], [9, 6, 7, 12], [4, 15, 14, 1]]
ALL8 = [tuple(s) for s in ml.queens(8)]


def _sq(n: int) -> np.ndarray:
    return np.asarray(ml.magic(n))


def _filled(made):
    """small_multiples as callers use it: a square drawn in each panel, then tight_layout."""
    fig, axes = made
    for k, ax in enumerate(axes):
        show.draw_square(np.rot90(np.asarray(LO_SHU), k), ax, title=f"turned {90 * k}°")
    fig.tight_layout()
    return fig


def _figure(result):
    return result if hasattr(result, "canvas") else result.figure


CASES = {
    "draw_square": lambda: show.draw_square(LO_SHU, title="Lo Shu: every line adds up to 15"),
    "draw_square sums 3": lambda: show.draw_square(
        LO_SHU, show_sums=True, title="Lo Shu: every line adds up to 15"
    ),
    "draw_square sums 7": lambda: show.draw_square(
        _sq(7), show_sums=True, title="siamese(7): every line sums to 175"
    ),
    "draw_square sums 8": lambda: show.draw_square(
        _sq(8), show_sums=True, title="The challenge square: every line adds up to 260"
    ),
    "draw_gallery symmetries": lambda: show.draw_gallery(
        [np.rot90(np.asarray(LO_SHU), k) for k in range(4)], titles=[f"rotation {90 * k}°" for k in range(4)]
    ),
    "draw_gallery sums": lambda: show.draw_gallery(
        [_sq(4), _sq(5), _sq(6)], titles=["magic(4)", "magic(5)", "magic(6)"], show_sums=True
    ),
    "draw_gallery 32": lambda: show.draw_gallery(
        [np.rot90(_sq(5), k) for k in range(4)] * 8, titles=[f"image {k + 1}" for k in range(32)], ncols=8
    ),
    "small_multiples": lambda: _filled(show.small_multiples(3, ncols=3)),
    "draw_stages": lambda: show.draw_stages(
        LO_SHU, [("1. centre", [(1, 1)]), ("2. corners", [(0, 0), (0, 2), (2, 0), (2, 2)])], size=2.6
    ),
    "draw_intervals": lambda: show.draw_intervals(
        [(800 + k, 880 + k, 960 + k) for k in range(0, 200, 5)],
        880,
        xlabel="estimated number of 4x4 magic squares",
        ylabel="random seed",
        title="40 intervals and the true 880 (misses: dashed, X)",
    ),
    "draw_queens": lambda: show.draw_queens((1, 3, 0, 2), title="4 queens"),
    "draw_queens on square": lambda: show.draw_queens((1, 3, 0, 2), DURER, title="4 queens on Dürer"),
    "draw_queens_gallery 8": lambda: show.draw_queens_gallery(
        ALL8[:4], [f"solution {k + 1}: {s}" for k, s in enumerate(ALL8[:4])]
    ),
    "draw_queens_gallery hidden": lambda: show.draw_queens_gallery(
        ALL8[:3], [f"{s}: sum 260" for s in ALL8[:3]], square=_sq(8)
    ),
    "draw_hexagon names": lambda: show.draw_hexagon(
        title="The 19 unknowns, numbered row by row (3, 4, 5, 4, 3)"
    ),
    "draw_hexagon sums": lambda: show.draw_hexagon(
        hx.MAGIC_HEXAGON, highlight=hx.free_variables(), show_sums=True, title="Adams' magic hexagon"
    ),
    "draw_heatmaps": lambda: show.draw_heatmaps(
        [np.eye(3, dtype=int), np.ones((3, 3), dtype=int)], ["identity", "ones"], ncols=2
    ),
    "draw_birkhoff": lambda: show.draw_birkhoff([(1, (0, 1, 2)), (2, (1, 2, 0)), (3, (2, 0, 1))]),
    "draw_moler": lambda: show.draw_moler([3, 4, 5, 6]),
    "draw_torus_wrap": lambda: show.draw_torus_wrap(5),
    "draw_order5_parts": lambda: show.draw_order5_parts(),
    "draw_gallery suptitle, titles on two lines": lambda: show.draw_gallery(
        ml.symmetries(LO_SHU),
        titles=[ml.reader_name(name) for name in ml.SYMMETRY_NAMES],
        ncols=4,
        size=2.2,
        suptitle="Lo Shu under the 8 symmetries of the square",
    ),
    "draw_queens_gallery 12, titles on two lines": lambda: show.draw_queens_gallery(
        ALL8[:12], [f"class {k + 1}: 8 members" for k in range(12)], ncols=6, size=2.1, suptitle="12 classes"
    ),
    "draw_hexagon names and values": lambda: _hexagon_basis(),
}


def _hexagon_basis():
    """Notebook 04's basis of the null space: values of -1 under the names of the cells above them."""
    fig, axes = plt.subplots(2, 4, figsize=(13, 6.8))
    for ax, k, v in zip(axes.ravel(), hx.free_variables(), hx.null_space(), strict=False):
        show.draw_hexagon(v, highlight=[k], ax=ax, title=f"x{k} = 1, other free cells 0")
    axes.ravel()[-1].axis("off")
    fig.suptitle("A basis of the null space: every line of every hexagon sums to 0")
    return fig


def drawn_texts(fig) -> list[Text]:
    """The texts the figure really draws: its own, each axes' titles and texts, and the tick
    and axis labels of the axes whose axis is on (hidden axes keep unused tick labels)."""
    found = list(fig.texts)
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        found += [ax.title, ax._left_title, ax._right_title, *ax.texts]
        if ax.axison:
            for axis in (ax.xaxis, ax.yaxis):
                if axis.get_visible():
                    found += [axis.label, *axis.get_ticklabels()]
        legend = ax.get_legend()
        if legend is not None:
            found += legend.get_texts()
    return [t for t in found if t.get_visible() and t.get_text().strip()]


def _overlaps(a, b) -> bool:
    """Two boxes that overlap by more than a pixel, as the notebooks' figure check sees them."""
    return bool(overlapping_texts([("a", a), ("b", b)]))


def missing_glyphs(caught: list[warnings.WarningMessage]) -> list[str]:
    """matplotlib's "Glyph ... missing from font(s) ..." warnings among ``caught``."""
    return [str(w.message) for w in caught if "missing from font" in str(w.message)]


def draw_checked(make):
    """The figure ``make()`` returns, drawn, with the glyph warnings its drawing raised."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        fig = _figure(make())
        fig.canvas.draw()
    return fig, missing_glyphs(caught)


@pytest.mark.parametrize("name", list(CASES))
def test_figure_text_is_large_and_apart(name):
    fig, missing = draw_checked(CASES[name])
    try:
        assert not missing, f"{name}: {missing[:4]}"
        renderer = fig.canvas.get_renderer()
        texts = drawn_texts(fig)
        assert texts, f"{name}: no text at all"
        small = sorted({(t.get_text()[:30], t.get_fontsize()) for t in texts if t.get_fontsize() < MIN_PT})
        assert not small, f"{name}: text below {MIN_PT} pt: {small[:8]}"
        boxes = [(t.get_text()[:30], t.get_window_extent(renderer)) for t in texts]
        clashes = overlapping_texts(boxes)
        assert not clashes, f"{name}: {len(clashes)} overlapping text pair(s), e.g. {clashes[:6]}"
    finally:
        plt.close(fig)


# ------------------------------------------------------------------ HTML and SVG pictures

_CSS_PX = re.compile(r"font-size\s*:\s*([\d.]+)px|font\s*:\s*(?:bold\s+|italic\s+|\d{3}\s+)*([\d.]+)px")
_SVG_SIZE = re.compile(r"font-size=\"([\d.]+)(?:px)?\"")


def html_font_sizes(markup: str) -> list[float]:
    sizes = [float(a or b) for a, b in _CSS_PX.findall(markup)]
    return sizes + [float(s) for s in _SVG_SIZE.findall(markup)]


HTML_CASES = {
    "square_html": lambda: show.square_html(LO_SHU, highlight=[(1, 1)], caption="Lo Shu"),
    "square_html 15": lambda: show.square_html(_sq(15), cell_px=24),
    "html_table": lambda: show.html_table([["1", "2"], ["3", "4"]], caption="a table"),
    "queens_board_html": lambda: show.queens_board_html(8, (0, 4, 7), current=(3, 1), caption="step"),
    "queens_over_square_html": lambda: show.queens_over_square_html(DURER, (1, 3, 0, 2)),
    "siamese_frames": lambda: "".join(show.siamese_frames(15)),
    "backtrack_frames": lambda: "".join(show.backtrack_frames(6, max_frames=80)),
    "html_animation": lambda: show.html_animation(["<b>1</b>", "<b>2</b>"], title="t").html,
    "hexagon_svg": lambda: show.hexagon_svg(hx.MAGIC_HEXAGON),
    "hexagon_verdict_html": lambda: show.hexagon_verdict_html(hx.MAGIC_HEXAGON),
    "matrix_html": lambda: show.matrix_html(
        hx.incidence_matrix(),
        row_labels=hx.line_names(),
        col_labels=[f"x{k}" for k in range(1, 20)],
        marks={9: ("free", show.COLORS["free"])},
        caption="A",
    ),
    "data_table_html": lambda: show.data_table_html(
        [["Lo Shu", "yes", "no"]], header=["square", "magic", "most-perfect"], caption="kinds"
    ),
}


@pytest.mark.parametrize("name", list(HTML_CASES))
def test_html_text_is_at_least_12px(name):
    markup = HTML_CASES[name]()
    sizes = html_font_sizes(markup)
    assert sizes, f"{name}: no font size found (the look sets one everywhere)"
    assert min(sizes) >= MIN_PX, (
        f"{name}: font sizes below {MIN_PX}px: {sorted(set(s for s in sizes if s < MIN_PX))}"
    )
    assert "<small>" not in markup or min(sizes) * 0.83 >= MIN_PX, (
        f"{name}: <small> text shrinks below {MIN_PX}px"
    )


def test_the_parser_sees_small_text():
    """The checks above would catch small text (a guard against a parser that finds nothing)."""
    assert html_font_sizes('<td style="font-size:9px">x</td><text font-size="8">') == [9.0, 8.0]
    assert html_font_sizes("<div style=\"font:bold 11px 'DejaVu Sans'\">") == [11.0]
    fig, ax = plt.subplots(figsize=(2, 2))
    try:
        a = ax.text(0.5, 0.5, "twelve", fontsize=12)
        b = ax.text(0.52, 0.5, "twelve", fontsize=12)
        fig.canvas.draw()
        r = fig.canvas.get_renderer()
        assert _overlaps(a.get_window_extent(r), b.get_window_extent(r))
    finally:
        plt.close(fig)


# ------------------------------------------------------------------ every script of the editions

ROOT = Path(__file__).resolve().parents[1]
TITLES = {
    "zh": "洛书：每行、每列和两条对角线之和都是 15",
    "uk": "Магічний квадрат Ло Шу: кожна лінія дає 15 (ґ, є, ї, і)",
    "es": "Cuadrado mágico: ¿cada línea suma 15? Sí: señal, acción, pingüino",
}


@pytest.fixture
def speaking():
    """Run a test in another language, then back to English (matplotlib keeps the CJK fallback)."""
    yield ml.use_language
    ml.use_language("en")


@pytest.mark.parametrize("lang", list(TITLES))
def test_edition_titles_render_every_glyph(speaking, lang):
    speaking(lang)
    fig, missing = draw_checked(lambda: show.draw_square(LO_SHU, show_sums=True, title=TITLES[lang]))
    try:
        assert not missing, f"{lang}: {missing[:4]}"
        pdf = io.BytesIO()
        fig.savefig(pdf, format="pdf")  # the PDF backend finds them too
        assert pdf.getvalue().startswith(b"%PDF")
    finally:
        plt.close(fig)


def test_a_missing_glyph_is_caught():
    """Without the CJK font in the family list, Chinese draws as boxes and the check above sees it."""
    fig, ax = plt.subplots(figsize=(4, 2))
    try:
        ax.set_title(TITLES["zh"], family="DejaVu Sans")
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            fig.canvas.draw()
        assert missing_glyphs(caught), "matplotlib drew Chinese from DejaVu Sans without a warning"
    finally:
        plt.close(fig)


def _charmap(path: str) -> set[int]:
    from matplotlib.ft2font import FT2Font

    return set(FT2Font(path).get_charmap())


def _catalogue_letters(lang: str) -> set[str]:
    """Every letter (not maths or code: letters only) the translations of one language use."""
    import polib

    found: set[str] = set()
    for po in (ROOT / "locale" / lang).rglob("*.po"):
        for entry in polib.pofile(str(po)):
            found.update(ch for ch in entry.msgstr if ch.isalpha())
    found.update(ch for ch in TITLES.get(lang, "") if ch.isalpha())
    return found


def test_dejavu_covers_cyrillic_and_spanish_and_noto_covers_chinese():
    """Every Cyrillic and Latin letter of the catalogues is in DejaVu Sans (those editions draw their own
    words in DejaVu); every other letter (Chinese, also quoted in the other editions' references, the
    Chinese article's title) is in DejaVu Sans or Noto Sans CJK SC, which every edition registers."""
    import unicodedata

    from matplotlib import font_manager

    from magiclib.show import look

    dejavu = _charmap(font_manager.findfont(font_manager.FontProperties(family="DejaVu Sans")))
    cjk = look.cjk_font_file()
    assert cjk is not None, "Noto Sans CJK SC (PyPI mplfonts, pinned in requirements/lock.txt) is missing"
    both = dejavu | _charmap(str(cjk))
    for lang in ("uk", "es", "zh"):
        letters = _catalogue_letters(lang)
        assert len(letters) > 30, lang
        own = [ch for ch in letters if unicodedata.name(ch, "").split()[0] in ("LATIN", "CYRILLIC", "GREEK")]
        missing = sorted(ch for ch in own if ord(ch) not in dejavu)
        assert not missing, f"{lang}: letters DejaVu Sans lacks: {missing[:20]}"
        missing = sorted(ch for ch in letters if ord(ch) not in both)
        assert not missing, f"{lang}: letters neither font has: {missing[:20]}"
    assert look.FONT_FAMILY[0] == "DejaVu Sans"  # Latin and Cyrillic first, in DejaVu's forms
