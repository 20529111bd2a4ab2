"""README.md says in each language how to open and build an edition (issue 23)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: Each language's paragraph: how it starts, and a word only that language writes.
LINES = {
    "en": ("**English.**", "instead"),
    "uk": ("**Українською.**", "видання"),
    "es": ("**En español.**", "edición"),
    "zh": ("**中文版。**", "打开"),
}


def _section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^## Editions\n(.*?)(?=^## )", text, re.S | re.M)
    assert found, "README.md has no section '## Editions'"
    return found.group(1)


@pytest.mark.parametrize("lang", list(LINES))
def test_each_language_says_how_to_open_and_build_its_edition(lang):
    start, word = LINES[lang]
    paragraphs = [p for p in _section().split("\n\n") if p.strip().startswith(start)]
    assert len(paragraphs) == 1, f"README.md, Editions: no paragraph starting {start}"
    paragraph = paragraphs[0]
    assert word in paragraph
    for command in ("make html", "make handouts", "make slides"):
        assert f"`{command}`" in paragraph, (lang, command)
    if lang != "en":
        assert f"`make lab EDITION={lang}`" in paragraph and f"`make app EDITION={lang}`" in paragraph
        for folder in ("html", "handouts/student", "handouts/teacher", "handouts/worksheets", "slides"):
            assert f"`{folder}/{lang}/`" in paragraph, (lang, folder)
