"""Chinese, Ukrainian and Spanish text stays inside its figure and its printed page (issue 23).

Titles (``fit_title``) and worksheet paragraphs are wrapped by measured width: Chinese, written
without spaces, breaks between characters (never before closing punctuation or after opening
punctuation), Latin and Cyrillic at spaces. Each check draws the text and measures the drawn
bounding boxes: inside the axes or the page, no two texts overlapping, none below the size rule.
English keeps the lines it had wherever they fitted.
"""

from __future__ import annotations

import itertools
import textwrap

import matplotlib
import pytest

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: E402

import magiclib as ml  # noqa: E402
from magiclib import show  # noqa: E402
from magiclib.show import board  # noqa: E402
from magiclib.show import worksheets as ws  # noqa: E402
from magiclib.show.look import MIN_PT  # noqa: E402

LO_SHU = [[2, 7, 6], [9, 5, 1], [4, 3, 8]]
#: Long titles, longer than any the notebooks draw, in the three scripts of the editions.
LONG = {
    "zh": "洛书是最古老的三阶幻方：每一行、每一列和两条对角线上的三个数之和都等于幻和 15（见笔记本 00）。",
    "uk": "Ло Шу, найдавніший магічний квадрат третього порядку: кожен рядок, стовпець і діагональ дають 15",
    "es": "Lo Shu, el cuadrado mágico más antiguo de orden 3: cada fila, columna y diagonal suma 15",
}


@pytest.fixture
def speaking():
    """Run a test in another language, then back to English."""
    yield ml.use_language
    ml.use_language("en")


def _overlaps(a, b, slack: float = 1.0) -> bool:
    return a.x0 + slack < b.x1 - slack and b.x0 + slack < a.x1 - slack and a.y0 + slack < b.y1 - slack


def _clashes(texts, renderer):
    boxes = [(t, t.get_window_extent(renderer)) for t in texts if t.get_text().strip()]
    return [
        (a.get_text()[:20], b.get_text()[:20])
        for (a, ba), (b, bb) in itertools.combinations(boxes, 2)
        if _overlaps(ba, bb) and ba.y0 + 1 < bb.y1 - 1 and bb.y0 + 1 < ba.y1 - 1
    ]


# ------------------------------------------------------------------ line breaking


def test_chinese_breaks_between_characters_but_not_before_closing_punctuation(speaking):
    speaking("zh")
    lines = board.wrap_to_width(LONG["zh"], 130, 14)
    assert len(lines) > 3
    assert "".join(lines).replace(" ", "") == LONG["zh"].replace(" ", "")
    for line in lines:
        assert board.text_width(line, 14) <= 130 or len(board._breakable_runs(line)) == 1, line
        assert line[0] not in board.NO_LINE_START, lines
        assert line[-1] not in board.NO_LINE_END, lines
    # "15（" : the opening bracket stays with what follows it, "，" with what precedes it
    assert board._breakable_runs("和（见）。")[:2] == [("和", ""), ("（见）。", "")]


def test_latin_and_cyrillic_break_at_spaces_only(speaking):
    speaking("uk")
    lines = board.wrap_to_width(LONG["uk"], 200, 14)
    assert " ".join(lines) == LONG["uk"] and len(lines) > 2
    assert all(board.text_width(line, 14) <= 200 for line in lines)
    assert board.wrap_to_width("Rozrahunok", 10, 14) == ["Rozrahunok"]  # a long word stays whole


def test_english_keeps_its_lines_where_they_fit():
    """Where textwrap's lines (the old rule) fit the measured width, they are kept unchanged."""
    title = "The challenge square: every line adds up to 260"
    old = textwrap.wrap(title, 20, break_long_words=False)
    assert board.wrap_to_width(title, 400, 12, chars=20) == old
    paragraph = (
        "Every row, column and diagonal of this square adds up to 260. Place 8 queens (draw a ring "
        "around a number) so that no two share a row, a column or a diagonal."
    )
    old = textwrap.wrap(paragraph, 74)
    assert board.wrap_to_width(paragraph, 560, 14, chars=74) == old  # 560 pt: every old line fits
    # on the A4 worksheet (174 mm = 493 pt between the margins) the old second line ran 16 mm into
    # the right margin: now the lines are filled by measured width
    new = board.wrap_to_width(paragraph, 493, 14, chars=74)
    assert new != old and all(board.text_width(line, 14) <= 493 for line in new)
    assert " ".join(new) == paragraph


# ------------------------------------------------------------------ figure titles


@pytest.mark.parametrize("lang", list(LONG))
@pytest.mark.parametrize("order", [3, 8])
def test_long_titles_stay_over_their_axes(speaking, lang, order):
    speaking(lang)
    square = LO_SHU if order == 3 else ml.magic(8)
    ax = show.draw_square(square, show_sums=True, title=LONG[lang])
    fig = ax.figure
    try:
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        title = ax.title.get_window_extent(renderer)
        cell = ax.get_subplotspec().get_position(fig).transformed(fig.transFigure)  # the subplot's box
        assert title.x0 >= cell.x0 - 1 and title.x1 <= cell.x1 + 1, (lang, title, cell)
        assert ax.title.get_text().count("\n") >= 1
        assert ax.title.get_fontsize() >= MIN_PT
        texts = [ax.title, *ax.texts]
        assert not _clashes(texts, renderer)
    finally:
        plt.close(fig)


#: Panel titles of a gallery, as long as the notebooks' longest.
PANELS = {
    "zh": ["旋转 90°：仍然是同一个幻方", "沿对角线翻转：每条线之和仍是 15", "旋转 270°（逆时针）：还是幻方"],
    "uk": [
        "поворот на 90°: той самий квадрат",
        "відбиття відносно діагоналі",
        "поворот на 270° проти годинникової",
    ],
    "es": [
        "giro de 90°: el mismo cuadrado",
        "reflexión sobre la diagonal principal",
        "giro de 270° en sentido antihorario",
    ],
}


@pytest.mark.parametrize("lang", list(PANELS))
def test_gallery_titles_stay_inside_their_panels(speaking, lang):
    speaking(lang)
    fig, axes = show.small_multiples(3, ncols=3)
    try:
        for ax, title in zip(axes, PANELS[lang], strict=True):
            show.draw_square(LO_SHU, ax, title=title)
        fig.tight_layout()
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        width = fig.get_figwidth() * fig.dpi
        for k, ax in enumerate(axes):
            box = ax.title.get_window_extent(renderer)
            # inside its third of the figure: it cannot reach the next panel's title
            assert k * width / 3 - 1 <= box.x0 and box.x1 <= (k + 1) * width / 3 + 1, (lang, k, box)
            assert "\n" in ax.title.get_text()
        assert not _clashes([t for ax in axes for t in (ax.title, *ax.texts)], renderer)
    finally:
        plt.close(fig)


# ------------------------------------------------------------------ worksheets

_MARGIN_MM = 7.0  # what a printer may leave unprinted at each edge (5 mm), and a little more


@pytest.mark.parametrize("lang", ["en", "uk", "es", "zh"])
@pytest.mark.parametrize("answers", [False, True])
def test_worksheet_text_stays_on_the_page_and_apart(speaking, lang, answers):
    speaking(lang)
    for name in ws.WORKSHEETS:
        for k, fig in enumerate(ws.worksheet_pages(name, answers=answers)):
            canvas = FigureCanvasAgg(fig)
            canvas.draw()
            renderer = canvas.get_renderer()
            dots = fig.dpi / 25.4
            left, right = _MARGIN_MM * dots, (fig.get_figwidth() * 25.4 - _MARGIN_MM) * dots
            texts = [t for ax in fig.axes for t in ax.texts if t.get_text().strip()]
            outside = [
                t.get_text()[:40]
                for t in texts
                if not left <= t.get_window_extent(renderer).x0 or t.get_window_extent(renderer).x1 > right
            ]
            assert not outside, f"{lang} {name} page {k + 1}: beyond the margin: {outside}"
            assert min(t.get_fontsize() for t in texts) >= ws.MIN_WORKSHEET_PT
            clashes = _clashes(texts, renderer)
            assert not clashes, f"{lang} {name} page {k + 1}: overlapping: {clashes[:4]}"


def test_a_gallery_suptitle_never_runs_into_panel_titles_of_several_lines():
    from magiclib.show.queens import draw_queens_gallery

    sols = [(0, 4, 7, 5, 2, 6, 1, 3), (0, 5, 7, 2, 6, 3, 1, 4), (0, 6, 3, 5, 7, 1, 4, 2)]
    titles = [f"solution {k + 1}: {s}" for k, s in enumerate(sols)]  # each wraps onto three lines
    fig = draw_queens_gallery(sols, titles, ncols=3, size=2.6, suptitle="The first three 8-queens solutions")
    renderer = fig.canvas.get_renderer()
    top = fig._suptitle.get_window_extent(renderer)
    for ax in fig.axes:
        title = ax.title.get_window_extent(renderer)
        assert title.y1 < top.y0, (ax.get_title(), title, top)
    assert top.y1 <= fig.bbox.height
    plt.close(fig)


def test_a_formula_or_code_name_is_never_broken_across_lines():
    from magiclib.show.board import wrap_to_width

    for text in (
        "`row - col`：每条下降对角线一个编号",
        "$\\mathtt{row - col}$: one number per descending diagonal",
    ):
        for width in (60, 90, 150):
            for line in wrap_to_width(text, width, 14, chars=8):
                assert line.replace("\\$", "").count("$") % 2 == 0 and line.count("`") % 2 == 0, (text, line)
