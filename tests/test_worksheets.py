"""magiclib.show.worksheets: pages of the right paper size, large type, answer sheets computed by magiclib."""

from __future__ import annotations

import matplotlib
import pytest

matplotlib.use("Agg")

import magiclib as ml  # noqa: E402
from magiclib.show import worksheets as ws  # noqa: E402


@pytest.mark.parametrize("name", ws.WORKSHEETS)
@pytest.mark.parametrize("answers", [False, True])
def test_pages_are_a4_with_large_black_text(name, answers):
    for fig in ws.worksheet_pages(name, answers=answers):
        width, height = fig.get_size_inches() * 25.4
        assert abs(width - 210) < 0.5 and abs(height - 297) < 0.5
        texts = [t for ax in fig.axes for t in ax.texts]
        assert texts and min(t.get_fontsize() for t in texts) >= ws.MIN_WORKSHEET_PT
        # black or dark grey text only: nothing is said by colour
        assert all(matplotlib.colors.to_hex(t.get_color()) in {"#000000", "#333333"} for t in texts)
        bbox = fig.axes[0]
        assert all(0 <= t.get_position()[0] <= 210 and 0 <= t.get_position()[1] <= 297 for t in bbox.texts)


def _strings(name, answers):
    return [
        t.get_text() for fig in ws.worksheet_pages(name, answers=answers) for ax in fig.axes for t in ax.texts
    ]


def test_siamese_sheet_places_only_1_and_2_and_answers_hold_the_squares():
    texts = _strings("siamese_walk", False)
    numbers = [int(t) for t in texts if t.isdigit() and len(t) <= 2]
    # grid numbers (1 and 2 bold) and the row/column labels 0..n-1; nothing above 2 except labels
    assert 1 in numbers and 2 in numbers and max(numbers) <= 6
    answers = _strings("siamese_walk", True)
    for n in (3, 5, 7):
        assert all(str(int(v)) in answers for v in ml.siamese(n).ravel())
        assert any(str(ml.magic_constant(n)) in t for t in answers)


def test_series_and_queens_and_hexagon_content():
    series = _strings("magic_series", False)
    for s in ml.magic_series(3):
        assert all(str(v) in series for v in s)
    queens = _strings("hidden_queens", True)
    for sol in ml.hidden_queens(ml.CHALLENGE_8):
        assert any(" ".join(map(str, sol)) in t for t in queens)
    hexa = _strings("magic_hexagon", False)
    assert all(f"x{k}" in hexa for k in range(1, 20)) and all(n in hexa for n in ml.hexagon.line_names())
    hexa_answers = " ".join(_strings("magic_hexagon", True))
    assert hexa_answers.count("= 38") >= 15


def test_letter_paper_and_bad_names():
    fig = ws.worksheet_pages("hidden_queens", paper="letter")[0]
    assert abs(fig.get_size_inches()[1] * 25.4 - 279.4) < 0.5
    with pytest.raises(ValueError, match="siamese_walk"):
        ws.worksheet_pages("nope")
    with pytest.raises(ValueError, match="A4"):
        ws.worksheet_pages("hidden_queens", paper="A3")
    with pytest.raises(TypeError):
        ws.worksheet_pages("hidden_queens", answers="yes")


def test_saved_pdf_is_deterministic(tmp_path):
    a = ws.save_worksheet("magic_series", tmp_path / "a.pdf").read_bytes()
    b = ws.save_worksheet("magic_series", tmp_path / "b.pdf").read_bytes()
    assert a.startswith(b"%PDF") and a == b
