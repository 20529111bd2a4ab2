"""The one look of every picture in the suite: colours, the font, text sizes and the CSS.

Two renderers share it: matplotlib (figures in the notebooks) and HTML/SVG
(widget frames and kernel-free animations). Colours come from the Okabe-Ito
palette, which stays distinguishable for colour-blind readers; every highlight
also carries a text or shape cue, so nothing is said by colour alone.

This is the only place that names the fonts: matplotlib reads ``FONT`` / ``FONT_FAMILY`` (and
``use_fonts`` sets its defaults), HTML and SVG read ``CSS_FONT`` through ``css_font``. DejaVu Sans
(matplotlib's own font: Latin with every Spanish accent, Cyrillic, Greek) comes first; for Chinese,
``use_fonts`` (called when ``magiclib.use_language`` chooses an edition's language) registers Noto Sans CJK SC
(simplified Chinese forms, from the pinned PyPI package ``mplfonts``) and appends it to ``FONT_FAMILY``.
matplotlib falls back glyph by glyph along the list, so Latin and Cyrillic keep DejaVu's forms (the CJK
font first would set Cyrillic in its wide forms) and Chinese comes from Noto, in PNG and PDF alike.
English never loads it, so its figures and stored outputs do not change.

The offline pages (``scripts/export_html.py``) bundle a subset of the same font file, limited to the CJK
blocks (``CJK_RANGES``), both as ``CJK_WEB_FAMILY`` (first in the pages' own font lists) and as the CJK
part of the family 'DejaVu Sans' (a ``unicode-range`` face beside the local DejaVu Sans), so the HTML
frames and the SVG, which ask for 'DejaVu Sans', draw Chinese from it too. (Chromium, given a web font
later in a list than a local font, drew Chinese as boxes from the local one.)
"""

from __future__ import annotations

import importlib.util
import os
from functools import cache
from pathlib import Path
from typing import Any

from .. import i18n as _i18n

__all__ = [
    "COLORS",
    "FONT_FAMILY",
    "CJK_FAMILY",
    "CJK_WEB_FAMILY",
    "CJK_RANGES",
    "FONT",
    "CSS_FONT",
    "MIN_PT",
    "MIN_PX",
    "BUTTON_CSS",
    "pt",
    "css_font",
    "cjk_font_file",
    "use_fonts",
]

#: Shared palette (Okabe-Ito, with the green and the vermillion darkened so that white text on them
#: and they as text on white reach 4.5:1) with the role each colour plays in the suite.
COLORS: dict[str, str] = {
    "cell": "#ffffff",  # an ordinary cell
    "grid": "#333333",  # cell borders and text
    "empty": "#f2f2f2",  # a cell not filled yet
    "current": "#E69F00",  # the cell acted on now (orange)
    "tried": "#56B4E9",  # a cell tried and rejected (sky blue)
    "mark": "#007A59",  # a selected cell, e.g. under a queen (green, 5.3:1 with white)
    "free": "#F0E442",  # a free variable (yellow)
    "bad": "#B34700",  # a line whose sum is wrong (vermillion, 5.5:1 with white)
    "good": "#007A59",  # a line whose sum is right (green, 5.3:1 with white)
    "accent": "#0072B2",  # titles and pivots (blue)
    "muted": "#666666",  # secondary text (5.7:1 on white: AA)
}

#: The family of Chinese text: Noto Sans CJK SC, from the pinned PyPI package ``mplfonts``.
CJK_FAMILY = "Noto Sans CJK SC"
#: The font families of matplotlib's pictures, in fallback order: DejaVu Sans for Latin (with accents) and
#: Cyrillic; ``use_fonts`` appends ``CJK_FAMILY`` for Chinese (in place: every module sees it).
FONT_FAMILY: list[str] = ["DejaVu Sans"]
#: The family name of the bundled web font of the offline pages (a CJK-only subset of ``CJK_FAMILY``).
CJK_WEB_FAMILY = "magiclib Noto Sans CJK SC"
#: The Unicode blocks the web font serves (CSS ``unicode-range``): CJK punctuation, ideographs,
#: full-width forms.
CJK_RANGES: tuple[tuple[int, int], ...] = (
    (0x2E80, 0x2FDF),
    (0x3000, 0x303F),
    (0x3100, 0x312F),
    (0x31C0, 0x31EF),
    (0x3200, 0x33FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
)
#: The font file of ``CJK_FAMILY`` inside the ``mplfonts`` package.
CJK_FONT_FILE = "NotoSansCJKsc-Regular.otf"
#: Smallest text in a matplotlib figure, in points (readable on a projector).
MIN_PT = 12
#: Smallest text in HTML frames, in CSS pixels.
MIN_PX = 12
#: Shared font settings for matplotlib figures (family and the title size).
FONT: dict[str, Any] = {"family": FONT_FAMILY, "size": 12}
#: The same family as a CSS font-family list (with a generic fallback).
CSS_FONT = f"'{FONT_FAMILY[0]}',sans-serif"
#: The look of the buttons of the kernel-free players.
BUTTON_CSS = (
    f"font:15px {CSS_FONT};padding:4px 10px;margin-right:4px;border:1px solid #666;"
    "border-radius:4px;background:#f7f7f7;cursor:pointer"
)


def pt(size: float) -> float:
    """A matplotlib font size, never below ``MIN_PT``.

    >>> pt(7), pt(16)
    (12, 16)
    """
    return max(MIN_PT, size)


def css_font(px: float, *, weight: str | None = None, line: str | None = None) -> str:
    """A CSS ``font`` shorthand in the suite's family, never below ``MIN_PX`` pixels.

    >>> css_font(20, weight="bold")
    "font:bold 20px 'DejaVu Sans',sans-serif"
    """
    size = f"{max(MIN_PX, int(px))}px" + (f"/{line}" if line else "")
    return f"font:{weight + ' ' if weight else ''}{size} {CSS_FONT}"


def cjk_font_file() -> Path | None:
    """The Noto Sans CJK SC font file the pinned ``mplfonts`` package ships (None if it is missing).

    >>> cjk_font_file().name
    'NotoSansCJKsc-Regular.otf'
    """
    spec = importlib.util.find_spec("mplfonts")  # found without importing the package (it loads fire)
    for folder in (spec.submodule_search_locations or []) if spec else []:
        path = Path(folder) / "fonts" / CJK_FONT_FILE
        if path.is_file():
            return path
    return None


@cache
def use_fonts() -> bool:
    """Let matplotlib draw Chinese: register the CJK font, append it to ``FONT_FAMILY`` and make that
    list matplotlib's default family.

    ``magiclib.use_language`` calls it for every language but English, so an edition's figures
    and worksheets find every glyph; it loads matplotlib. Returns whether the CJK font was found
    (``make setup`` installs it; without it nothing is appended, so matplotlib logs no "family not
    found", and Chinese shows as boxes with its "Glyph ... missing from font" warning, which the
    figure tests turn into a failure).
    """
    import matplotlib
    from matplotlib import font_manager

    path = cjk_font_file()
    if path is not None:
        if CJK_FAMILY not in {f.name for f in font_manager.fontManager.ttflist}:
            font_manager.fontManager.addfont(str(path))
        if CJK_FAMILY not in FONT_FAMILY:
            FONT_FAMILY.append(CJK_FAMILY)
    matplotlib.rcParams["font.family"] = list(FONT_FAMILY)
    return path is not None


def _follow_language(code: str) -> None:
    if code != "en":  # an edition: matplotlib gets the CJK font before it draws
        use_fonts()
        _ticks_in_the_readers_decimals()
    if _i18n.figure_text_log() is not None or os.environ.get(FIGURE_CHECK):
        _watch_figures()  # MAGICLIB_FIGURE_TEXT: `make editions` counts their words; MAGICLIB_FIGURE_CHECK


@cache
def _ticks_in_the_readers_decimals() -> None:
    """From now on, the tick labels matplotlib writes itself (``ScalarFormatter``, every linear axis)
    carry the current language's decimal sign: "1,725" on a Spanish or Ukrainian axis, where "1.725"
    would read as a thousand. English and Chinese keep the point, so their figures do not change.
    (matplotlib's own ``axes.formatter.use_locale`` needs the operating system's locale, which a
    fresh machine may not have.)"""
    from matplotlib.ticker import Formatter, ScalarFormatter

    def fix_minus(text: str) -> str:
        text = Formatter.fix_minus(text)
        sign = _i18n.decimal_sign()
        if sign == ".":
            return text
        return text.replace(".", "{" + sign + "}" if text.startswith("$") else sign)  # mathtext: no space

    ScalarFormatter.fix_minus = staticmethod(fix_minus)


#: An environment variable: when set (the tests' nbval stage, `make notebook`, `make editions` set it), every
#: figure a notebook prints is checked as it is printed, in whatever language: two texts whose boxes overlap
#: (a title running into its neighbour's) are reported on stderr, which nbval compares like any output, so
#: the cell fails. Unset: nothing happens at all.
FIGURE_CHECK = "MAGICLIB_FIGURE_CHECK"


def overlapping_texts(drawn: list[tuple[str, Any]], slack: float = 1.0) -> list[tuple[str, str]]:
    """The pairs of texts whose boxes (display coordinates, ``Bbox``) overlap by more than ``slack`` px."""
    clashes = []
    for k, (a, box_a) in enumerate(drawn):
        for b, box_b in drawn[k + 1 :]:
            if (
                box_a.x0 + slack < box_b.x1 - slack
                and box_b.x0 + slack < box_a.x1 - slack
                and box_a.y0 + slack < box_b.y1 - slack
                and box_b.y0 + slack < box_a.y1 - slack
            ):
                clashes.append((a, b))
    return clashes


@cache
def _watch_figures() -> None:
    """From now on, every figure printed (shown inline or saved: ``FigureCanvasBase.print_figure``)
    collects the visible non-empty texts it drew (``Text.draw``) with their boxes: they go to
    ``magiclib.i18n.record_figure_text`` when the figure-text log is on, and are checked for overlaps
    when ``MAGICLIB_FIGURE_CHECK`` is set. Pictures and outputs are unchanged."""
    import sys

    from matplotlib.backend_bases import FigureCanvasBase
    from matplotlib.text import Text

    drawn: list[dict[int, tuple[str, Any]]] = []
    text_draw, print_figure = Text.draw, FigureCanvasBase.print_figure

    def draw(self, renderer):
        result = text_draw(self, renderer)
        if drawn and self.get_visible() and self.get_text().strip():
            drawn[-1][id(self)] = (self.get_text(), self.get_window_extent(renderer))  # the last draw counts
        return result

    def record(self, *args, **kwargs):
        drawn.append({})
        try:
            return print_figure(self, *args, **kwargs)
        finally:
            texts = list(drawn.pop().values())
            if _i18n.figure_text_log() is not None:
                _i18n.record_figure_text(list(dict.fromkeys(text for text, _ in texts)))
            if os.environ.get(FIGURE_CHECK):
                for a, b in overlapping_texts(texts):
                    print(f"figure text overlaps: {a!r} and {b!r}", file=sys.stderr)

    Text.draw, FigureCanvasBase.print_figure = draw, record


_i18n.on_language_change(_follow_language)
