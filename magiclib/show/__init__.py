"""Every picture of the suite: matplotlib figures and HTML/SVG, in one look.

``from magiclib import show`` then ``show.draw_square(...)``, or
``from magiclib.show import draw_square``. One module per topic:

- ``look``: colours (``COLORS``), the font (``FONT``, ``CSS_FONT``), text sizes, button CSS;
- ``board``: squares (``draw_square``, ``draw_gallery``, ``draw_stages``, ``small_multiples``,
  ``square_html``, ``html_table``);
- ``intervals``: interval estimates against the true value (``draw_intervals``);
- ``player``: the kernel-free frame player (``html_animation``) and the frame conventions the
  widget player (``magiclib.widgets.FramePlayer``) shares with it;
- ``cells``: classes of cells in a square (``draw_parity_classes``, ``draw_wrapped_blocks``,
  ``draw_walk_blocks``, ``draw_order5_parts``);
- ``walk``: the Siamese walk (``siamese_frames``, ``siamese_animation``, ``save_siamese_gif``,
  ``draw_torus_wrap``);
- ``queens``: n queens (``draw_queens``, ``draw_queens_gallery``, ``draw_queen_pairs``, ``queens_board_html``,
  ``queens_over_square_html``, ``backtrack_frames``);
- ``hexagon``: the magic hexagon (``draw_hexagon``, ``hexagon_svg``, ``hexagon_verdict_html``);
- ``tables``: readable tables (``matrix_html`` for matrices, ``data_table_html`` for labelled rows);
- ``space``: the space of magic matrices (``draw_heatmaps``, ``draw_birkhoff``, ``draw_moler``);
- ``worksheets``: printable A4/Letter worksheets and their answer sheets (``write_worksheets``).

matplotlib is imported inside the drawing functions, on first use, so importing this
package (or ``magiclib``) does not load it.
"""

from __future__ import annotations

from .board import (
    MAX_DRAWN_ORDER,
    MAX_PANELS,
    draw_gallery,
    draw_square,
    draw_stages,
    html_table,
    small_multiples,
    square_html,
)
from .cells import draw_order5_parts, draw_parity_classes, draw_walk_blocks, draw_wrapped_blocks
from .hexagon import draw_hexagon, hexagon_svg, hexagon_verdict_html
from .intervals import MAX_INTERVALS, draw_intervals
from .look import COLORS, CSS_FONT, FONT, MIN_PT, css_font
from .player import MAX_FRAMES, HTMLAnimation, html_animation
from .queens import (
    MAX_BOARD,
    backtrack_frames,
    draw_queen_pairs,
    draw_queens,
    draw_queens_gallery,
    queens_board_html,
    queens_over_square_html,
)
from .space import draw_birkhoff, draw_heatmaps, draw_moler
from .tables import data_table_html, matrix_html
from .walk import MAX_ANIMATED_ORDER, draw_torus_wrap, save_siamese_gif, siamese_animation, siamese_frames
from .worksheets import WORKSHEETS, save_worksheet, worksheet_pages, write_worksheets

__all__ = [
    # look
    "COLORS",
    "FONT",
    "CSS_FONT",
    "MIN_PT",
    "css_font",
    # intervals
    "draw_intervals",
    "MAX_INTERVALS",
    # board
    "draw_square",
    "draw_gallery",
    "draw_stages",
    "small_multiples",
    "square_html",
    "html_table",
    "MAX_DRAWN_ORDER",
    "MAX_PANELS",
    # cells
    "draw_order5_parts",
    "draw_parity_classes",
    "draw_wrapped_blocks",
    "draw_walk_blocks",
    # player
    "HTMLAnimation",
    "html_animation",
    "MAX_FRAMES",
    # walk
    "siamese_frames",
    "siamese_animation",
    "save_siamese_gif",
    "draw_torus_wrap",
    "MAX_ANIMATED_ORDER",
    # queens
    "draw_queens",
    "draw_queens_gallery",
    "draw_queen_pairs",
    "queens_board_html",
    "queens_over_square_html",
    "backtrack_frames",
    "MAX_BOARD",
    # hexagon
    "draw_hexagon",
    "hexagon_svg",
    "hexagon_verdict_html",
    # space
    "draw_heatmaps",
    "draw_birkhoff",
    "draw_moler",
    # tables
    "matrix_html",
    "data_table_html",
    # worksheets (PDF)
    "WORKSHEETS",
    "worksheet_pages",
    "save_worksheet",
    "write_worksheets",
]
