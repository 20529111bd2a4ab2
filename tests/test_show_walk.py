"""Pictures of the Siamese walk (magiclib.show.walk): frames, animation, GIF, torus."""

from __future__ import annotations

import re

import pytest

from magiclib.show import (
    MAX_ANIMATED_ORDER,
    draw_torus_wrap,
    save_siamese_gif,
    siamese_animation,
    siamese_frames,
)
from magiclib.walk import siamese


@pytest.mark.parametrize("bad", [2, 4, 10])
def test_even_order_points_to_magic(bad):
    with pytest.raises(ValueError, match="positive odd integer") as info:
        siamese_frames(bad)
    assert "even" in str(info.value)


@pytest.mark.parametrize("fn", [siamese_frames, siamese_animation])
def test_orders_beyond_the_limit_are_refused_before_any_work(fn):
    with pytest.raises(ValueError, match=f"between 1 and {MAX_ANIMATED_ORDER}"):
        fn(MAX_ANIMATED_ORDER + 2)
    with pytest.raises(ValueError, match=str(MAX_ANIMATED_ORDER)):
        fn(301)


def _table_of(frame: str) -> list[list[str]]:
    rows = re.findall(r"<tr>(.*?)</tr>", frame)
    return [[re.sub(r"<[^>]+>", "", td) for td in re.findall(r"<td[^>]*>(.*?)</td>", row)] for row in rows]


def _cells_of(frame: str) -> list[str]:
    """The grid's cells, without the margins where the last frame writes the sums."""
    return [cell for row in _table_of(frame)[:-1] for cell in row[1:-1]]


def test_every_frame_has_the_same_table_shape():
    """The grid never moves: the "Done" frame with its sums has the rows and columns of the others."""
    frames = siamese_frames(5)
    shapes = {tuple(len(row) for row in _table_of(f)) for f in frames}
    assert shapes == {(7,) * 6}, shapes


def test_every_cell_has_its_own_background():
    """No cell shows the page's table striping (a white cell stays white in every host page)."""
    for frame in (siamese_frames(3)[0], siamese_frames(3)[-1]):
        styles = re.findall(r"<td style=\"([^\"]*)\"", frame)
        assert styles and all("background:" in s for s in styles)


def test_frames_show_the_walk():
    frames = siamese_frames(5)
    assert len(frames) == 26
    assert _cells_of(frames[0]) == [""] * 25
    square = siamese(5)
    for k in range(1, 25):
        shown = _cells_of(frames[k])
        expected = [str(int(v)) if v <= k else "" for v in square.ravel()]
        assert shown == expected, k
    # the current cell is bold and orange; tried cells are dashed
    assert "<b>6</b>" in frames[6] and "dashed" in frames[6] and "rule occupied" in frames[6]
    assert "dashed" not in frames[5]
    # the last frame carries every line sum, each 65
    last = [cell for row in _table_of(frames[-1]) for cell in row]
    assert last.count("→ 65") == 5 and last.count("↓ 65") == 5
    assert "↘ 65" in last and "↙ 65" in last
    assert siamese_frames(5) == frames  # deterministic


def test_frames_bad_cell_size():
    with pytest.raises(ValueError, match="cell_px"):
        siamese_frames(3, cell_px=2)


def test_animation_for_slides(tmp_path):
    anim = siamese_animation(3)
    assert repr(anim) == "HTMLAnimation('siamese', frames=10)"
    assert anim.html.count('class="mlanim-frame"') == 10
    page = anim.save(tmp_path / "walk.html").read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "rule corner" in page


def test_gif_for_slides(tmp_path):
    from PIL import Image

    path = save_siamese_gif(3, tmp_path / "walk.gif", interval_ms=100)
    with Image.open(path) as im:
        assert im.format == "GIF"
        assert im.n_frames == 10
    with pytest.raises(ValueError, match="positive odd integer"):
        save_siamese_gif(4, tmp_path / "x.gif")


def test_torus_picture():
    ax = draw_torus_wrap(5)
    texts = [t.get_text() for t in ax.texts]
    assert ax.get_title() == "Wrapping round: the grid as a torus (n = 5)"
    assert texts.count("1") == 9  # the square and its 8 faded copies
    assert "7" not in texts  # only the first n+1 numbers are drawn
    with pytest.raises(ValueError):
        draw_torus_wrap(1)
