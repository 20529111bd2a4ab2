"""The one look of every picture in the suite: colours, the font, text sizes and the CSS.

Two renderers share it: matplotlib (figures in the notebooks) and HTML/SVG
(widget frames and kernel-free animations). Colours come from the Okabe-Ito
palette, which stays distinguishable for colour-blind readers; every highlight
also carries a text or shape cue, so nothing is said by colour alone.

This is the only place that names the font family: matplotlib reads ``FONT``,
HTML and SVG read ``CSS_FONT`` through ``css_font``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["COLORS", "FONT_FAMILY", "FONT", "CSS_FONT", "MIN_PT", "MIN_PX", "BUTTON_CSS", "pt", "css_font"]

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

#: The font family of every picture, matplotlib and HTML alike.
FONT_FAMILY = "DejaVu Sans"
#: Smallest text in a matplotlib figure, in points (readable on a projector).
MIN_PT = 12
#: Smallest text in HTML frames, in CSS pixels.
MIN_PX = 12
#: Shared font settings for matplotlib figures (family and the title size).
FONT: dict[str, Any] = {"family": FONT_FAMILY, "size": 12}
#: The same family as a CSS font-family list (with a generic fallback).
CSS_FONT = f"'{FONT_FAMILY}',sans-serif"
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
