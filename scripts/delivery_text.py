"""The words of the offline pages' own frame (navigation, index, notes, the kit's front page), per language.

The notebooks and the pages beside them are translated by ``scripts/editions.py``; what ``make html``,
``make handouts`` and ``make slides`` add around them (a navigation bar, the index's heading, the note in
place of a live control...) is written here in English and translated in one gettext catalogue per
language, ``locale/<lang>/delivery/pages.po`` (polib reads it; Poedit and Weblate edit it). A message
with no current translation (missing, empty or fuzzy) is shown in English, never a stale one.

    python scripts/delivery_text.py update    # add new messages to every catalogue, mark changed ones fuzzy
    python scripts/delivery_text.py status    # per language: messages, translated
"""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

import polib

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "locale"
#: The languages of the pages: code -> (the page's ``lang`` attribute, the language's own name).
LANGUAGES: dict[str, tuple[str, str]] = {
    "en": ("en", "English"),
    "uk": ("uk", "Українська"),
    "es": ("es", "Español"),
    "zh": ("zh-Hans", "中文"),
}

#: Every message of the frame, by key (the English text is the msgid).
MESSAGES: dict[str, str] = {
    "nav_index": "Index: learning path",
    "nav_teachers": "For teachers",
    "nav_label": "suite navigation",
    "lang_label": "Language",
    "index_title": "Magic squares: the notebooks",
    "index_h1": "Magic squares, queens and the magic hexagon: the notebooks",
    "index_offline": (
        "These pages work from disk with no installation and no network: open them in any recent "
        "browser. Pictures and the step-by-step animations are inside the pages. Controls that need "
        "Python (sliders that recompute) show a note instead; they work in JupyterLab "
        "(<code>make lab</code>) or in the app (<code>make app</code>)."
    ),
    "index_order": "The notebooks, in order",
    "index_teachers": "For teachers: lesson plans and which exercise fits which topic",
    "teachers_title": "For teachers",
    "teachers_every": "Every exercise, as it stands in the notebooks",
    "teachers_generated": "Generated from the notebooks when these pages were built.",
    "teachers_none": "(no numbered exercises found)",
    "mathjax_note": (
        "The formulas on this page are shown as TeX source: the <code>mathjax/</code> folder that "
        "should sit next to this page was not found."
    ),
    "show_code": "Show the code (folded in the notebook)",
    "show_output": "Show the output (folded in the notebook)",
    "widget_note": (
        "An interactive control stands here: it recomputes in Python, so it needs a running kernel and "
        "cannot work in this page. Open the notebook in JupyterLab (<code>make lab</code>) or as an app "
        "with the code hidden (<code>make app</code>)."
    ),
    "slide_widget_note": (
        "this interactive control needs a running Python kernel; present the notebook live in "
        "JupyterLab for it (see the teachers' page)."
    ),
    "figure_alt": "A figure drawn by the code above",
    "figure_titled": "Figure: {titles}",
    "figure_for": "Figure for: {context}",
    "kit_title": "Classroom kit",
    "kit_h1": "Magic squares: the classroom kit",
    "kit_student": (
        '<a href="{href}">Student pages</a>: the notebooks without solutions, for students to read at '
        "home (any browser, no installation, no network)."
    ),
    "kit_teacher": (
        '<a href="{href}">Teacher pages</a>: the full notebooks with folded solutions, and '
        '<a href="{plans}">the lesson plans</a>.'
    ),
    "kit_worksheets": (
        "Worksheets to print (A4, black and white; files ending in <code>_answers</code> are answer "
        "sheets for the teacher):"
    ),
    "kit_slides": (
        "Slides to present: <code>make slides</code> writes them to <code>slides/</code> "
        '(<a href="{href}">slides/index.html</a> when both folders sit in the project).'
    ),
    "slides_title": "Slide decks",
    "slides_h1": "Magic squares: the slide decks",
    "slides_keys": (
        "One deck per notebook; they work from disk with no network. Keys: arrow keys or space move, "
        "<kbd>Esc</kbd> shows all slides, <kbd>F</kbd> full screen, <kbd>S</kbd> speaker notes. "
        "Animations play with their own Play button; controls that need Python show a note."
    ),
}


def catalogue_path(lang: str) -> Path:
    return LOCALE / lang / "delivery" / "pages.po"


@cache
def _translations(lang: str) -> dict[str, str]:
    path = catalogue_path(lang)
    if lang == "en" or not path.is_file():
        return {}
    return {
        e.msgid: e.msgstr
        for e in polib.pofile(str(path))
        if e.msgstr and not e.obsolete and "fuzzy" not in e.flags
    }


def texts(lang: str) -> dict[str, str]:
    """Every message of the frame in ``lang`` (English where a translation is missing or fuzzy)."""
    found = _translations(lang)
    return {key: found.get(english, english) for key, english in MESSAGES.items()}


def missing(lang: str) -> list[str]:
    """The English messages with no current translation in ``lang``."""
    found = _translations(lang)
    return [english for english in MESSAGES.values() if english not in found]


def update() -> None:
    """Bring every catalogue up to ``MESSAGES``: new messages added, vanished ones made obsolete."""
    for lang in LANGUAGES:
        if lang == "en":
            continue
        path = catalogue_path(lang)
        po = polib.pofile(str(path)) if path.is_file() else polib.POFile()
        po.metadata = po.metadata or {
            "Project-Id-Version": "magiclib pages",
            "Language": lang,
            "MIME-Version": "1.0",
            "Content-Type": "text/plain; charset=UTF-8",
            "Content-Transfer-Encoding": "8bit",
        }
        known = {e.msgid: e for e in po}
        for key, english in MESSAGES.items():
            if english not in known:
                po.append(polib.POEntry(msgid=english, msgstr="", occurrences=[(key, "")]))
        for entry in po:
            entry.obsolete = entry.msgid not in MESSAGES.values()
        path.parent.mkdir(parents=True, exist_ok=True)
        po.save(str(path))
    _translations.cache_clear()


def main(argv: list[str]) -> int:
    if argv[:1] == ["update"]:
        update()
    for lang in LANGUAGES:
        if lang != "en":
            print(f"{lang}: {len(MESSAGES)} messages, {len(MESSAGES) - len(missing(lang))} translated")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
