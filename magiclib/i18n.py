"""The language the library speaks to readers: one setting, chosen by an edition's first cell.

Every string magiclib shows a reader (figure titles and labels, table headers, the players' captions and
step words, widget labels, worksheet text, exercise feedback) is written in English inside ``_()`` and
looked up here in the library's gettext catalogue for the chosen language,
``magiclib/locale/<lang>/LC_MESSAGES/magiclib.po``, read with polib (Babel writes the numbers). A
message with no current translation (untranslated or fuzzy) is shown in English, never as a stale
translation. Placeholders are named (``_("placed {k} of {total}", k=4, total=9)``) so that a
translation may reorder them; a placeholder takes a conversion and a format spec as ``str.format`` does
(``{value!r}``). Error messages and warnings are messages too: whatever a caller's bad input triggers reads
in the reader's language, each a whole sentence (``_("{name} must be {what}, got {kind} {value!r}", ...)``),
the words a caller fills in translated where they are written (``what=_("a board size")``; a parameter's
name, ``n`` or ``square``, is code and stays). Only assertions of states that cannot happen stay English.

>>> use_language("en"); _("placed {k} of {total}", k=4, total=9)
'placed 4 of 9'
>>> number(1234567.5, decimals=1), percent(0.168), number(1.748e19, digits=4)
('1,234,567.5', '16.8%', '1.748e+19')
"""

from __future__ import annotations

import os
import unicodedata
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
    "decimal_sign",
    "percent",
    "unit",
    "display_width",
    "pad",
    "text_table",
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
#: CLDR's minimum grouping digits where it is more than 1 (Babel does not apply it): Spanish groups the
#: thousands only from five digits on, 1296 but 12.960, as the RAE writes them.
MIN_GROUPING_DIGITS: dict[str, int] = {"es": 2}
LOCALE_DIR = Path(__file__).with_name("locale")
_current = "en"


def use_language(code: str) -> None:
    """Speak ``code`` from now on: "en", "uk", "es" or "zh"."""
    global _current
    if not isinstance(code, str):
        raise TypeError(
            _("use_language takes a language code as a string, one of {codes}", codes=sorted(LANGUAGES))
        )
    if code not in LANGUAGES:
        raise ValueError(
            _("unknown language {code!r}: the library speaks {codes}", code=code, codes=sorted(LANGUAGES))
        )
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


def decimal_sign() -> str:
    """The current language's decimal sign ("." in English and Chinese, "," in Ukrainian and Spanish).

    >>> decimal_sign()
    '.'
    """
    return _decimal_sign(_current)


@cache
def _decimal_sign(code: str) -> str:
    from babel.numbers import get_decimal_symbol

    return get_decimal_symbol(LANGUAGES[code][0])


def number(
    value: float,
    decimals: int | None = None,
    *,
    digits: int | None = None,
    exponent: bool = False,
    sign: bool = False,
    group: bool = True,
) -> str:
    """``value`` written as the current language writes numbers in prose (grouping and decimal signs):
    with ``decimals`` decimals (as ``:,.3f`` writes them; with ``exponent``, as ``:.1e`` writes them,
    ``2.4e+07``), or to ``digits`` significant digits in the notation ``:.4g`` chooses (``1.748e+19``);
    in the notation with an exponent only the decimal sign is the language's. ``sign`` writes a ``+``
    before a positive value (``:+.3f``); ``group=False`` leaves out the thousands groups (``:.2f``).

    >>> use_language("uk"); number(1234567.5, decimals=1) == "1\\xa0234\\xa0567,5"; use_language("en")
    True
    >>> use_language("es"); number(1.748e19, digits=4), number(-0.0412, decimals=3, sign=True)
    ('1,748e+19', '-0,041')
    >>> use_language("en"); number(0.0412, decimals=3, sign=True), number(880.0, digits=3)
    ('+0.041', '880')
    >>> use_language("uk"); number(24_000_000, decimals=1, exponent=True); use_language("en")
    '2,4e+07'
    >>> use_language("es"); number(1296), number(12960), number(-1296.5, decimals=1); use_language("en")
    ('1296', '12.960', '-1296,5')
    >>> use_language("es"); number(9999.6, decimals=0), number(9999.4, decimals=0); use_language("en")
    ('10.000', '9999')

    """
    from babel.numbers import format_decimal

    locale = LANGUAGES[_current][0]
    if digits is not None or exponent:  # Python's notation, the language's decimal sign
        spec = f".{digits}g" if digits is not None else f".{decimals or 0}e"
        text = format(value, ("+" if sign else "") + spec)
        return text if _current == "en" else text.replace(".", decimal_sign())
    if decimals is not None and _current == "en":  # exactly what :,.3f (:+,.3f, :.3f) prints
        return format(value, ("+" if sign else "") + ("," if group else "") + f".{decimals}f")
    shown = round(value, 3 if decimals is None else decimals)  # the value as printed (9999.6 -> 10000)
    if group and abs(shown) < 10 ** (2 + MIN_GROUPING_DIGITS.get(_current, 1)):
        group = False  # fewer digits than the language groups (1296 in Spanish)
    pattern = (
        None if decimals is None else ("#,##0" if group else "0") + ("." + "0" * decimals if decimals else "")
    )
    if pattern is None and not group:
        pattern = "0.###"
    text = format_decimal(value, format=pattern, locale=locale)
    return "+" + text if sign and not text.startswith("-") else text


def percent(value: float, decimals: int = 1, *, sign: bool = False) -> str:
    """The fraction ``value`` as a percentage with ``decimals`` decimals, as the current language writes
    it (Babel: "16.8%" in English and Chinese, "16,8%" in Ukrainian, "16,8 %" in Spanish); ``sign``
    writes a ``+`` before a positive value. English is exactly what ``:.1%`` (``:+.1%``) prints.

    >>> percent(0.168), percent(0.05, decimals=0), percent(0.0123, sign=True)
    ('16.8%', '5%', '+1.2%')
    >>> use_language("es"); percent(0.168) == "16,8\\xa0%"; use_language("uk"); percent(-0.0123, sign=True)
    True
    '-1,2%'
    >>> use_language("en")
    """
    if _current == "en":
        return format(value, f"{'+' if sign else ''}.{decimals}%")
    from babel import Locale
    from babel.numbers import format_percent

    locale = LANGUAGES[_current][0]
    pattern = Locale.parse(locale).percent_formats[None].pattern
    if decimals:  # the decimals after the pattern's last digit ("#,##0\xa0%" -> "#,##0.0\xa0%")
        head, tail = pattern.rsplit("0", 1)
        pattern = head + "0." + "0" * decimals + tail
    text = format_percent(value, format=pattern, locale=locale)
    return "+" + text if sign and not text.startswith("-") else text


def unit(value: float, symbol: str, decimals: int | None = None) -> str:
    """A measured quantity with its unit, both as the current language writes them: ``symbol`` is one
    of "s" (seconds), "ms" (milliseconds) or "x" (times as fast, a ratio).

    >>> unit(0.5213, "s", 2), unit(12.34, "ms", 1), unit(1234, "x", 0)
    ('0.52 s', '12.3 ms', '1,234x')
    """
    shown = number(value, decimals)
    if symbol == "s":
        return _("{value} s", context="unit: seconds", value=shown)
    if symbol == "ms":
        return _("{value} ms", context="unit: milliseconds", value=shown)
    if symbol == "x":
        return _("{value}x", context="unit: times as fast", value=shown)
    raise ValueError(_("unknown unit {symbol!r}: one of 's', 'ms', 'x'", symbol=symbol))


def display_width(text: str) -> int:
    """The columns ``text`` takes in a monospaced font: 2 for a wide character (Chinese), 0 for a combining
    mark, 1 for any other, so that columns line up in every language.

    >>> display_width("rank"), display_width("秩"), display_width("dimensión")
    (4, 2, 9)
    """
    return sum(
        0 if unicodedata.combining(ch) else 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        for ch in text
    )


def pad(text: str, width: int, align: str = "<") -> str:
    """``text`` filled with spaces to ``width`` columns of display width: on the right (``align="<"``), on
    the left (``">"``); a longer text is returned as it is.

    >>> pad("秩", 4) + "|", pad("rank", 6, ">") + "|"
    ('秩  |', '  rank|')
    """
    if align not in ("<", ">"):
        raise ValueError(_('align must be "<" or ">", got {align!r}', align=align))
    fill = " " * max(0, width - display_width(text))
    return text + fill if align == "<" else fill + text


def text_table(header: list[str], rows: list[list[object]], *, align: str | None = None) -> str:
    """A plain-text table: each column as wide as its widest entry by display width, columns two spaces
    apart, the entries right-aligned unless ``align`` (one "<" or ">" per column) says otherwise.

    >>> print(text_table(["n", "秩"], [[3, 3], [10, 20]]))
     n  秩
     3   3
    10  20
    """
    table = [[str(x) for x in row] for row in [header, *rows]]
    if any(len(row) != len(header) for row in table):
        raise ValueError(_("every row of a text table must have one entry per column of its header"))
    align = align or ">" * len(header)
    if len(align) != len(header):
        raise ValueError(_("align must give one of < or > per column"))
    widths = [max(display_width(row[k]) for row in table) for k in range(len(header))]
    return "\n".join(
        "  ".join(pad(x, w, a) for x, w, a in zip(row, widths, align, strict=True)).rstrip() for row in table
    )


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
