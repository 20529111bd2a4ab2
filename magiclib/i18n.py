"""The language the library speaks to readers: one setting, chosen by an edition's first cell.

Every string magiclib shows a reader (figure titles and labels, table headers, the players' captions and
step words, widget labels, worksheet text, exercise feedback) is written in English inside ``_()`` and
looked up here in the library's gettext catalogue for the chosen language,
``magiclib/locale/<lang>/LC_MESSAGES/magiclib.po``, read with polib (Babel writes the numbers). A
message with no current translation (untranslated or fuzzy) is shown in English, never as a stale
translation. Placeholders are named (``_("placed {k} of {total}", k=4, total=9)``) so that a
translation may reorder them. Error messages of the API stay English.

>>> use_language("en"); _("placed {k} of {total}", k=4, total=9)
'placed 4 of 9'
>>> number(1234567.5, decimals=1)
'1,234,567.5'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "current_language",
    "use_language",
    "on_language_change",
    "gettext",
    "ngettext",
    "number",
    "_",
    "N_",
]

#: The languages the library can speak: code -> (Babel locale, the language's own name).
LANGUAGES: dict[str, tuple[str, str]] = {
    "en": ("en", "English"),
    "uk": ("uk_UA", "Українська"),
    "es": ("es_ES", "Español"),
    "zh": ("zh_Hans_CN", "中文"),
}
LOCALE_DIR = Path(__file__).with_name("locale")
_current = "en"


def use_language(code: str) -> None:
    """Speak ``code`` from now on: "en", "uk", "es" or "zh"."""
    global _current
    if not isinstance(code, str):
        raise TypeError(f"use_language takes a language code as a string, one of {sorted(LANGUAGES)}")
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}: the library speaks {sorted(LANGUAGES)}")
    _current = code
    if os.environ.get(FIGURE_TEXT):
        _start_figure_log(code)
    for listener in _listeners:
        listener(code)


_listeners: list[Callable[[str], None]] = []


def on_language_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` now and whenever the language changes: how the pictures package follows
    the language (an edition's figures need the CJK font) without this module importing pictures."""
    _listeners.append(listener)
    listener(_current)


def current_language() -> str:
    """The code of the language in use ("en" unless an edition chose another)."""
    return _current


@cache
def _catalogue(code: str) -> tuple[dict[tuple[str, str | None], str | tuple[str, ...]], object]:
    """The current (non-fuzzy, complete) translations of one language's library catalogue, and the
    catalogue's plural rule (count -> index of the plural form)."""
    path = LOCALE_DIR / code / "LC_MESSAGES" / "magiclib.po"
    if code == "en" or not path.exists():
        return {}, lambda count: int(count != 1)
    import gettext as _gettext

    import polib

    catalog = polib.pofile(str(path))
    found: dict[tuple[str, str | None], str | tuple[str, ...]] = {}
    for entry in catalog:
        if entry.obsolete or "fuzzy" in entry.flags:
            continue
        if entry.msgid_plural:
            forms = tuple(entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural))
            if forms and all(forms):
                found[(entry.msgid, entry.msgctxt)] = forms
        elif entry.msgstr:
            found[(entry.msgid, entry.msgctxt)] = entry.msgstr
    plural = catalog.metadata.get("Plural-Forms", "plural=(n != 1);").split("plural=", 1)[1].rstrip("; ")
    return found, _gettext.c2py(plural)


def gettext(message: str, /, context: str | None = None, **values: object) -> str:
    """``message`` in the current language (English where it has no current translation), with its
    named ``{placeholders}`` filled from ``values``."""
    text = _catalogue(_current)[0].get((message, context), message)
    if isinstance(text, tuple):
        text = text[0]
    return text.format(**values) if values else text


_ = gettext


def ngettext(singular: str, plural: str, count: int, /, **values: object) -> str:
    """The form of a message for ``count`` under the current language's plural rule (Ukrainian has
    three), filled with ``count`` and ``values``.

    >>> ngettext("{count} square", "{count} squares", 1), ngettext("{count} square", "{count} squares", 880)
    ('1 square', '880 squares')
    """
    found, rule = _catalogue(_current)
    forms = found.get((singular, None))
    if isinstance(forms, tuple):
        text = forms[min(rule(count), len(forms) - 1)]
    else:
        text = singular if count == 1 else plural
    return text.format(count=count, **values)


def number(value: float, decimals: int | None = None) -> str:
    """``value`` written as the current language writes numbers in prose (grouping and decimal signs).

    >>> use_language("uk"); number(1234567.5, decimals=1) == "1\\xa0234\\xa0567,5"; use_language("en")
    True
    """
    from babel.numbers import format_decimal

    pattern = None if decimals is None else "#,##0" + ("." + "0" * decimals if decimals else "")
    return format_decimal(value, format=pattern, locale=LANGUAGES[_current][0])


def N_(message: str, /) -> str:
    """Mark ``message`` for the catalogue without translating it now (a table built at import time, in
    English); the code that shows it calls ``_(message)`` then."""
    return message


# ------------------------------------------------------------------------------ figure text, recorded
#: An environment variable naming a folder: when set, ``use_language`` keeps a log of the texts every
#: figure draws (titles, labels, tick labels, legends, annotations) for ``scripts/editions.py english
#: --figures``, which counts the English a reader of an edition meets in its pictures. The pictures
#: package (``magiclib.show.look``) records them as figures are printed; this module only keeps the log
#: (it imports no pictures). Unset: nothing happens at all.
FIGURE_TEXT = "MAGICLIB_FIGURE_TEXT"
_figure_log: Path | None = None
_figure_logs_started: set[Path] = set()


def figure_log_name(source: str) -> str:
    """The log's name for a notebook whose cell ``source`` called ``use_language`` (its first code
    cell): a notebook run by nbconvert or nbval does not know its own file name, its first cell is
    enough to find it again."""
    import hashlib

    return "cell-" + hashlib.sha256(source.strip().encode("utf-8")).hexdigest()[:16]


def _start_figure_log(code: str) -> None:
    """Point the log at ``<folder>/<code>/<notebook>.jsonl``, started afresh once per kernel. The
    notebook is named by ``JPY_SESSION_NAME`` (set by Jupyter Server: JupyterLab, Voilà), else by
    ``figure_log_name`` of the cell running now. A relative folder is taken from the project (the
    folder holding magiclib)."""
    global _figure_log
    folder = Path(os.environ[FIGURE_TEXT])
    if not folder.is_absolute():
        folder = Path(__file__).resolve().parents[1] / folder
    name = Path(os.environ.get("JPY_SESSION_NAME", "")).stem
    shell = _ipython()
    if not name and shell is not None and shell.history_manager.input_hist_raw:
        name = figure_log_name(shell.history_manager.input_hist_raw[-1])
    _figure_log = folder / code / f"{name or 'python'}.jsonl"
    if _figure_log not in _figure_logs_started:  # a notebook run again starts afresh, a second call does not
        _figure_logs_started.add(_figure_log)
        _figure_log.parent.mkdir(parents=True, exist_ok=True)
        _figure_log.write_text("", encoding="utf-8")


def _ipython():
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    return get_ipython()


def figure_text_log() -> Path | None:
    """The log figure texts go to, or None (``MAGICLIB_FIGURE_TEXT`` unset, or no language chosen)."""
    return _figure_log if _figure_log is not None and os.environ.get(FIGURE_TEXT) else None


def record_figure_text(texts: list[str]) -> None:
    """Append one figure's texts to the log, with the execution count of the cell that showed it."""
    import json

    log = figure_text_log()
    if log is not None and texts:
        line = {"cell": getattr(_ipython(), "execution_count", None), "texts": texts}
        with log.open("a", encoding="utf-8") as out:
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
