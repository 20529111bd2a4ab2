"""The editions in other languages: English notebooks + gettext catalogues -> translated notebooks.

English is the source. Each notebook's reader-visible text is cut into small messages (a paragraph,
a list item, a heading, a table row, a code comment, a string a code cell shows), kept per language in
one gettext catalogue per notebook, ``locale/<lang>/notebooks/<notebook>.po``, read and written with
polib (it keeps every field that Poedit and Weblate write, the previous English of a fuzzy message
included, where Babel's reader drops it; Babel gives the plural rules and formats the numbers), so that a
translator can work in Poedit or Weblate. Maths (``$...$``), code spans, link targets, numbers and
``{placeholders}`` pass through unchanged; `check_entry` refuses a translation that changes one.

    python scripts/editions.py update     # bring every catalogue up to the English (new, fuzzy, obsolete)
    python scripts/editions.py generate   # write notebooks/<lang>/*.ipynb sources from English + catalogues
    python scripts/editions.py status     # per language: messages, translated, fuzzy, untranslated
    python scripts/editions.py check      # exit 1 when any edition is incomplete or stale
    python scripts/editions.py english    # count the English words left in the executed editions (1 if any)
    python scripts/editions.py english --figures build/figure-text   # ... and in their figures' texts

`make editions` runs update, generate, and executes the editions in the pinned environment.

The library has one catalogue per language too, ``magiclib/locale/<lang>/LC_MESSAGES/magiclib.po``
(shipped with the package and read by ``magiclib.i18n``): `update` extracts its messages from the
``_()``, ``gettext()``, ``ngettext()`` and ``N_()`` calls of magiclib's source with `ast` (Babel's
``extract_python`` does not read the ``context=`` keyword that tells two senses of one word apart), and
`status` and `check` count and check it like a notebook's (``--notebook magiclib`` for it alone).
"""

from __future__ import annotations

import argparse
import ast
import copy
import difflib
import io
import json
import os
import re
import sys
import tokenize
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import polib
from babel.messages.plurals import get_plural

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
LOCALE = ROOT / "locale"
#: Every language with catalogues, and the Babel locale each is written for.
LANGUAGES: dict[str, str] = {"uk": "uk_UA", "es": "es_ES", "zh": "zh_Hans_CN"}
#: The published editions: generated, executed and checked complete and current by the tests. A language
#: joins once its catalogues are complete; until then `update` and `status` work on it all the same.
EDITIONS: dict[str, str] = dict(LANGUAGES)
PROJECT = "magiclib notebooks"
#: The pages beside the notebooks that every edition has: catalogue name -> (English, the edition's page).
DOCS = {
    "learning_path": ("notebooks/README.md", "notebooks/{lang}/README.md"),
    "teachers": ("docs/teachers.md", "docs/{lang}/teachers.md"),
}

Lookup = Callable[[str], str]

# ---------------------------------------------------------------------------------- markdown

FENCE = re.compile(r"^\s*(```|~~~)")
LIST_ITEM = re.compile(r"^(\s*(?:[-*+]|\d+[.)])\s+)(.*)$")
HEADING = re.compile(r"^(#{1,6}\s+)(.*)$")
QUOTE = re.compile(r"^(\s*>\s?)(.*)$")
TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
HTML_ONLY = re.compile(r"^\s*(</?[a-zA-Z][^>]*>\s*)+$")
WORD = re.compile(r"[^\W\d_]{2,}")


@dataclass(frozen=True)
class Piece:
    """A run of a cell's source: `text` is a message to translate when `message`, else kept as it is."""

    text: str
    message: bool


def normalise(text: str) -> str:
    """A message's identity: its words with runs of white space folded, so re-wrapping changes nothing."""
    return " ".join(text.split())


def is_prose(text: str) -> bool:
    """Whether a piece of text has words to translate (not only maths, code, numbers or tags)."""
    bare = re.sub(r"\$\$.*?\$\$|\$[^$]*\$|`[^`]*`|<[^>]*>|\]\([^)]*\)", " ", text, flags=re.S)
    return bool(WORD.search(bare))


def markdown_pieces(text: str) -> list[Piece]:
    """Cut a markdown cell into messages and the structure between them (markers, fences, blank lines).

    >>> [p.text for p in markdown_pieces("## 1. Sums\\n\\nA *square*\\nof numbers.\\n- one\\n- two")
    ...  if p.message]
    ['1. Sums', 'A *square* of numbers.', 'one', 'two']
    """
    pieces: list[Piece] = []
    lines = text.split("\n")
    i = 0

    def keep(s: str) -> None:
        pieces.append(Piece(s, False))

    def block(prefix: str, body: list[str], end: str) -> None:
        joined = "\n".join(body)
        keep(prefix)
        if is_prose(joined):
            pieces.append(Piece(normalise(joined), True))
        else:
            keep(joined)
        keep(end)

    while i < len(lines):
        line, nl = lines[i], ("\n" if i < len(lines) - 1 else "")
        if FENCE.match(line):  # fenced code: kept whole
            j = i + 1
            while j < len(lines) and not FENCE.match(lines[j]):
                j += 1
            keep("\n".join(lines[i : j + 1]) + ("\n" if j < len(lines) - 1 else ""))
            i = j + 1
            continue
        if line.strip().startswith("$$"):  # display maths: kept whole
            j = i
            while j < len(lines) and not (
                lines[j].rstrip().endswith("$$") and (j > i or line.strip() != "$$")
            ):
                j += 1
            j = min(j, len(lines) - 1)
            keep("\n".join(lines[i : j + 1]) + ("\n" if j < len(lines) - 1 else ""))
            i = j + 1
            continue
        if not line.strip() or TABLE_RULE.match(line) or HTML_ONLY.match(line):
            keep(line + nl)
            i += 1
            continue
        if is_table_row(line):  # a table row is one message
            block("", [line], nl)
            i += 1
            continue
        m = HEADING.match(line)
        if m:
            block(m.group(1), [m.group(2)], nl)
            i += 1
            continue
        m = LIST_ITEM.match(line) or QUOTE.match(line)
        body = [m.group(2)] if m else [line]
        prefix = m.group(1) if m else ""
        j = i + 1
        while j < len(lines) and lines[j].strip() and not _starts_block(lines[j], bool(m)):
            body.append(lines[j].strip())
            j += 1
        block(prefix, body, "\n" if j < len(lines) else "")
        i = j
    return [p for p in pieces if p.text or p.message]


def is_table_row(line: str) -> bool:
    """A markdown table row starts and ends with a pipe (a line that starts "|λ|" inside a paragraph
    does not end with one)."""
    stripped = line.strip()
    return len(stripped) > 1 and stripped.startswith("|") and stripped.endswith("|")


def _starts_block(line: str, in_item: bool) -> bool:
    return bool(
        LIST_ITEM.match(line)
        or HEADING.match(line)
        or FENCE.match(line)
        or is_table_row(line)
        or line.lstrip().startswith("$$")
        or HTML_ONLY.match(line)
        or (QUOTE.match(line) and not in_item)
    )


# ---------------------------------------------------------------------------------- code

STRING_PREFIX = re.compile(r"^([rRbBuUfF]{0,2})('''|\"\"\"|'|\")")
SKIP_COMMENT = re.compile(r"^\s*#\s*(NBVAL_|noqa|type:|fmt:|%%|!)")
NO_TRANSLATE = "no-translate"


def code_pieces(code: str, keys: frozenset[str] = frozenset()) -> list[Piece]:
    """Cut a code cell into its messages (comments, and string literals a reader sees: those with words
    and a space, outside lines marked ``# no-translate``) and the code between them.

    >>> code = 'x = 3  # the order\\nprint(f"order {x}: done")\\nd["a key"]  # no-translate'
    >>> [p.text for p in code_pieces(code) if p.message]
    ['the order', 'order {x}: done']
    >>> [p.text for p in code_pieces('print(text_table(["rank", "n"], rows))') if p.message]
    ['rank']
    """
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(code).readline))
    except (tokenize.TokenError, SyntaxError):
        return [Piece(code, False)]
    offsets = [0]
    for line in code.splitlines(keepends=True):
        offsets.append(offsets[-1] + len(line))
    spans = list(_string_spans(code, offsets, keys))
    for tok in tokens:
        if (
            tok.type == tokenize.COMMENT
            and not SKIP_COMMENT.match(tok.string)
            and NO_TRANSLATE not in tok.string
        ):
            body = tok.string.lstrip("#").lstrip()
            if is_prose(body):
                start = offsets[tok.start[0] - 1] + tok.start[1] + (len(tok.string) - len(body))
                spans.append((start, start + len(body)))
    pieces: list[Piece] = []
    at = 0
    for start, end in sorted(spans):
        if start < at:  # a comment inside a string, or a string inside a comment
            continue
        pieces.append(Piece(code[at:start], False))
        pieces.append(Piece(code[start:end], True))
        at = end
    pieces.append(Piece(code[at:], False))
    return [p for p in pieces if p.text]


def _string_tokens(code: str, offsets: list[int]) -> Iterator[tuple[int, int]]:
    """(start, end) character offsets of every one-line string literal token: each piece of an implicit
    concatenation is its own token; an f-string is one token on Python 3.11 and a FSTRING_START ...
    FSTRING_END run from 3.12 on, taken whole either way."""
    start_type = getattr(tokenize, "FSTRING_START", None)
    end_type = getattr(tokenize, "FSTRING_END", None)
    depth, begin = 0, None
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        at = offsets[tok.start[0] - 1] + tok.start[1]
        if start_type is not None and tok.type == start_type:
            if depth == 0:
                begin = at
            depth += 1
        elif end_type is not None and tok.type == end_type:
            depth -= 1
            if depth == 0 and begin is not None:
                yield begin, offsets[tok.end[0] - 1] + tok.end[1]
        elif tok.type == tokenize.STRING and depth == 0 and tok.start[0] == tok.end[0]:
            yield at, offsets[tok.end[0] - 1] + tok.end[1]


def _string_spans(code: str, offsets: list[int], keys: frozenset[str]) -> Iterator[tuple[int, int]]:
    """The inside (between the quotes) of every reader-visible string literal of the code: a docstring
    (a student reads it like a comment; one message, its lines and their indent kept), or a string the
    program does not compare or look up, here or anywhere in its notebook (`keys`)."""
    skip_lines = {i + 1 for i, line in enumerate(code.splitlines()) if NO_TRANSLATE in line}
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    lines = code.splitlines(keepends=True)

    def char(lineno: int, col: int) -> int:  # ast counts columns in UTF-8 bytes
        return offsets[lineno - 1] + len(lines[lineno - 1].encode()[:col].decode())

    for node in ast.walk(tree):
        if id(node) in docstrings and isinstance(node, ast.Constant) and isinstance(node.value, str):
            start, end = char(node.lineno, node.col_offset), char(node.end_lineno, node.end_col_offset)
            literal = code[start:end]
            m = STRING_PREFIX.match(literal)
            if m and literal.endswith(m.group(2)) and node.lineno not in skip_lines:
                inner = code[start + m.end() : end - len(m.group(2))]
                lead = len(inner) - len(inner.lstrip())
                body = inner.strip()
                if is_prose(body):
                    yield start + m.end() + lead, start + m.end() + lead + len(body)

    literals = []  # (start, end, node) of every string expression, outermost first
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr) or (
            isinstance(node, ast.Constant) and isinstance(node.value, str)
        ):
            if not isinstance(parents.get(id(node)), ast.JoinedStr):  # pieces of an f-string: its own
                literals.append(
                    (char(node.lineno, node.col_offset), char(node.end_lineno, node.end_col_offset), node)
                )
    for start, end in _string_tokens(code, offsets):
        owner = next((n for s_, e_, n in literals if s_ <= start and end <= e_), None)
        if owner is None or id(owner) in docstrings or code.count("\n", 0, start) + 1 in skip_lines:
            continue
        if _is_code_not_text(owner, parents) or (isinstance(owner, ast.Constant) and owner.value in keys):
            continue
        literal = code[start:end]
        m = STRING_PREFIX.match(literal)
        if not m or not literal.endswith(m.group(2)) or "b" in m.group(1).lower():
            continue  # bytes
        inner_start, inner_end = start + m.end(), end - len(m.group(2))
        inner = code[inner_start:inner_end]
        words = re.sub(r"\{[^}]*\}", " ", inner)
        shown = (
            " " in inner.strip()
            or inner.rstrip().endswith(":")
            or inner != inner.strip()  # " canonical": a word the code appends to a shown text
            or _is_printed(owner, parents)
            or _is_table_header(owner, parents)
        )
        if shown and is_prose(words):
            yield inner_start, inner_end


def code_keys(codes: list[str]) -> frozenset[str]:
    """The strings a notebook's code compares or looks up (dictionary keys, indices, comparisons,
    settings): every copy of them stays English, so that the code does what it did."""
    found = set()
    for code in codes:
        try:
            tree = ast.parse(code)
        except SyntaxError:
            continue
        parents = {id(child): node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and _is_code_not_text(node, parents)
            ):
                found.add(node.value)
    return frozenset(found)


# Keyword arguments whose strings are settings, not words for the reader.
SETTING_KEYWORDS = {
    "loc",
    "dtype",
    "kind",
    "ha",
    "va",
    "horizontalalignment",
    "verticalalignment",
    "color",
    "colors",
    "cmap",
    "fmt",
    "marker",
    "linestyle",
    "ls",
    "mode",
    "method",
    "orientation",
    "layout",
    "style",
    "family",
    "weight",
    "fontweight",
    "fontfamily",
    "bbox_inches",
    "format",
    "language",
    "mime",
}


def _is_printed(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """A string given straight to print(), or a piece of an f-string that is."""
    parent = parents.get(id(node))
    while isinstance(parent, ast.JoinedStr | ast.FormattedValue):
        parent = parents.get(id(parent))
    return isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id == "print"


def _is_table_header(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """A string in the header list given to ``text_table`` (``magiclib.i18n``): a column's name, shown."""
    parent = parents.get(id(node))
    call = parents.get(id(parent)) if isinstance(parent, ast.List) else None
    if not isinstance(call, ast.Call) or not call.args or call.args[0] is not parent:
        return False
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
    return name == "text_table"


def _is_code_not_text(node: ast.AST, parents: dict[int, ast.AST]) -> bool:
    """A string the program compares, indexes with or passes as a setting: translating it would change
    what the code does, so it stays English."""
    parent = parents.get(id(node))
    while isinstance(parent, ast.FormattedValue | ast.JoinedStr | ast.List | ast.Tuple | ast.Set):
        node, parent = parent, parents.get(id(parent))  # a string in a list that is compared is compared
    if isinstance(parent, ast.Compare) or (isinstance(parent, ast.Subscript) and parent.slice is node):
        return True
    if isinstance(parent, ast.Dict) and any(k is node for k in parent.keys):
        return True
    if isinstance(parent, ast.keyword) and parent.arg in SETTING_KEYWORDS:
        return True
    if isinstance(parent, ast.Call) and isinstance(parent.func, ast.Attribute):
        return parent.func.attr in {"startswith", "endswith", "split", "replace", "join", "get", "index"}
    return False


# ---------------------------------------------------------------------------------- checks

MATH = re.compile(r"\$\$.*?\$\$|\$[^$\n]+\$", re.S)
CODE_SPAN = re.compile(r"`[^`]+`")
LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sd]|%[sd]")
ORDINAL = re.compile(r"\b\d+(?:st|nd|rd|th)\b")  # "19th century" may become "siglo XIX"
# A number with its thousands groups (1,296 or 1.296 or 1 296) and decimals; "3, 4" is two numbers.
NUMBER = re.compile(r"\d+(?:[,.\u00a0\u202f ]\d{3}(?!\d))*(?:[.,]\d+)?")


#: A decimal comma inside a formula, as Spanish and Ukrainian write it in TeX (``4{,}8``): the same formula
#: as ``4.8``.
DECIMAL_COMMA = re.compile(r"(?<=\d)\{,\}(?=\d)")


def invariants(text: str, code: bool = False) -> dict[str, Counter]:
    """What a translation must keep: maths (a decimal comma ``{,}`` counts as a point), code spans, link
    targets, placeholders and numbers."""
    if code:
        return {"placeholder": Counter(PLACEHOLDER.findall(text))}
    bare = MATH.sub(" ", CODE_SPAN.sub(" ", text))
    bare = LINK_TARGET.sub(" ", bare)
    numbers = Counter(re.sub(r"\D", "", n) for n in NUMBER.findall(ORDINAL.sub(" ", bare)))
    return {
        "formula": Counter(DECIMAL_COMMA.sub(".", m) for m in MATH.findall(text)),
        "code": Counter(CODE_SPAN.findall(text)),
        "link": Counter(LINK_TARGET.findall(text)),
        "number": numbers,
    }


#: English month names, which a translation may write as the month's number ("14 October 2017" is
#: "2017 年 10 月 14 日" in Chinese).
MONTH_NAMES = (
    "January February March April May June July August September October November December"
).split()
MONTHS = re.compile(r"\b(" + "|".join(MONTH_NAMES) + r")\b")
MONTH_NUMBER = {name: str(k) for k, name in enumerate(MONTH_NAMES, start=1)}


#: A number with its word of scale, which Chinese writes in its own units: "3.2 million" is "320 万".
SCALED = re.compile(r"(\d+(?:\.\d+)?)\s*(million|billion|万|亿)")
SCALE = {"million": 10**6, "billion": 10**9, "万": 10**4, "亿": 10**8}


def _scaled(text: str) -> dict[str, int]:
    """The numbers of ``text`` written with a word of scale: their digits (as ``invariants`` keeps them)
    -> the whole value (3.2 million -> 3,200,000)."""
    return {
        re.sub(r"\D", "", digits): round(float(digits) * SCALE[word]) for digits, word in SCALED.findall(text)
    }


def check_entry(msgid: str, msgstr: str, code: bool = False) -> list[str]:
    """What a translation drops or changes of its English, in words (empty when it keeps everything).

    >>> check_entry("rank $r = 12$ of `A`", "ранг $r = 12$ матриці `A`")
    []
    >>> check_entry("order {n}: {count:,} squares", "порядок {n}: квадратів", code=True)
    ['placeholder: lost {count:,}']
    >>> check_entry("about $4.8 \\times 10^{18}$", "unos $4{,}8 \\times 10^{18}$")
    []
    >>> check_entry("$1.5$", "$1{,}6$")
    ['formula: lost $1.5$', 'formula: added $1.6$']
    >>> check_entry("14 October 2017", "2017 年 10 月 14 日")
    []
    >>> check_entry("14 May 2017", "2017 年 10 月 14 日")
    ['number: added 10']
    >>> check_entry("the 3.2 million partitions", "320 万个划分"), check_entry("3.2 million", "32 万")
    ([], ['number: lost 3,200,000', 'number: added 320,000'])
    """
    problems = []
    want, got = invariants(msgid, code), invariants(msgstr, code)
    months = Counter(MONTH_NUMBER[m] for m in MONTHS.findall(msgid)) if not code else Counter()
    for kind in want:
        lost, added = want[kind] - got[kind], got[kind] - want[kind]
        if kind == "number":
            added -= months  # a month's name written as its number
            chinese = _scaled(msgstr)
            if chinese:  # in Chinese units (320 万 for 3.2 million) the values are compared, not the digits
                english = _scaled(msgid)
                lost -= Counter(english.keys())
                added -= Counter(chinese.keys())
                values, wanted = Counter(chinese.values()), Counter(english.values())
                problems += [f"number: lost {x:,}" for x in wanted - values]
                problems += [f"number: added {x:,}" for x in values - wanted]
        problems += [f"{kind}: lost {x}" for x in lost] + [f"{kind}: added {x}" for x in added]
    return problems


GLOSSARY = ROOT / "docs" / "glossary.md"


def glossary(lang: str, path: Path | None = None) -> dict[str, str]:
    """English term -> the edition's term, from the table in docs/glossary.md."""
    lines = (path or GLOSSARY).read_text(encoding="utf-8").splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("| English"))
    column = [c.strip() for c in lines[header].strip("|").split("|")].index(lang)
    terms = {}
    for line in lines[header + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        terms[cells[0]] = cells[column]
    return terms


def term_pattern(term: str) -> re.Pattern:
    """A term in any inflected form: each word of four or more letters by its stem (all but its last two
    letters, at least four), any ending after; a term in a script without inflections (Chinese) exactly.

    >>> bool(term_pattern("магічний квадрат").search("кількість магічних квадратів"))
    True
    >>> bool(term_pattern("cuadrado mágico").search("los cuadrados mágicos"))
    True
    """
    if not re.search(r"[^\W\d_]", term, re.ASCII) and not re.search(r"[а-яіїєґ]|[a-záéíóúñ]", term, re.I):
        return re.compile(re.escape(term))
    words = []
    for word in term.split():
        stem = word[: max(4, len(word) - 2)] if len(word) >= 4 else word
        words.append(re.escape(stem) + r"[\w'’-]*")
    return re.compile(r"(?<!\w)" + r"\s+".join(words), re.I)


def _words_only(text: str) -> str:
    """A message without its maths, code spans, placeholders and link targets: the words a term can be."""
    return re.sub(r"\$\$.*?\$\$|\$[^$]*\$|`[^`]*`|\{[^}]*\}|\]\([^)]*\)", " ", text, flags=re.S)


def glossary_misses(lang: str, english: str, translation: str, terms: dict[str, str]) -> list[str]:
    """The glossary terms that the English of a message uses and its translation does not."""
    return [
        f"{term!r} is {target!r}"
        for term, target in terms.items()
        if re.search(rf"(?<![\w-]){re.escape(term)}", _words_only(english), re.I)
        and not term_pattern(target).search(translation)
    ]


# ---------------------------------------------------------------------------------- catalogues


@dataclass(frozen=True)
class Message:
    text: str
    code: bool
    where: str  # "cell <id>"


def notebook_messages(nb: dict) -> list[Message]:
    """Every message of a notebook, in reading order, once each."""
    seen, out = set(), []
    keys = notebook_keys(nb)
    for cell in nb["cells"]:
        pieces = cell_pieces(cell, keys)
        for p in pieces:
            if p.message and p.text not in seen:
                seen.add(p.text)
                out.append(Message(p.text, cell["cell_type"] == "code", f"cell {cell.get('id', '?')}"))
    return out


def cell_pieces(cell: dict, keys: frozenset[str] = frozenset()) -> list[Piece]:
    src = "".join(cell["source"])
    if cell["cell_type"] == "markdown":
        return markdown_pieces(src)
    if cell["cell_type"] == "code":
        return code_pieces(src, keys)
    return [Piece(src, False)]


def template(messages: list[Message]) -> list[polib.POEntry]:
    return [
        polib.POEntry(
            msgid=m.text,
            msgstr="",
            occurrences=[(m.where, "")],
            flags=["python-brace-format"] if m.code and "{" in m.text else [],
        )
        for m in messages
    ]


def catalogue_path(lang: str, name: str) -> Path:
    return LOCALE / lang / "notebooks" / f"{name}.po"


# ---------------------------------------------------------------------------------- the library

#: The library's marking functions: name -> how many leading string arguments are messages.
LIBRARY_KEYWORDS = {"_": 1, "gettext": 1, "N_": 1, "ngettext": 2}
LIBRARY_NAME = "magiclib"
#: A named field of str.format ("{count}", "{value:,}", "{name!r}"): what makes a message a template.
FORMAT_FIELD = re.compile(r"(?<!\{)\{[A-Za-z_]\w*(![rsa])?(:[^{}]*)?\}")


def library_dir() -> Path:
    return ROOT / "magiclib"


def library_catalogue_path(lang: str) -> Path:
    return library_dir() / "locale" / lang / "LC_MESSAGES" / f"{LIBRARY_NAME}.po"


@dataclass(frozen=True)
class LibraryMessage:
    text: str
    plural: str | None
    context: str | None
    where: tuple[tuple[str, str], ...]  # (file, line) of every use


def library_messages(root: Path | None = None) -> list[LibraryMessage]:
    """Every message of the library's source, once each (by context and English), in file and line
    order, with the places that use it.

    >>> msgs = library_messages()
    >>> any(m.plural and m.text.startswith("The search is complete") for m in msgs)
    True
    """
    root = root or library_dir()
    if not root.exists():
        return []
    found: dict[tuple[str | None, str], dict] = {}
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in LIBRARY_KEYWORDS
        ]
        for node in sorted(calls, key=lambda n: (n.lineno, n.col_offset)):
            count = LIBRARY_KEYWORDS[node.func.id]
            args = node.args[:count]
            if len(args) < count or not all(
                isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args
            ):
                continue  # a variable (a table's entry marked with N_ elsewhere): not a message here
            context = next(
                (
                    k.value.value
                    for k in node.keywords
                    if k.arg == "context" and isinstance(k.value, ast.Constant)
                ),
                None,
            )
            text, plural = args[0].value, (args[1].value if count == 2 else None)
            where = (str(path.relative_to(root.parent)), str(node.lineno))
            entry = found.setdefault((context, text), {"plural": plural, "where": []})
            entry["where"].append(where)
    return [
        LibraryMessage(text, v["plural"], context, tuple(v["where"])) for (context, text), v in found.items()
    ]


def library_template(messages: list[LibraryMessage], lang: str) -> list[polib.POEntry]:
    forms = get_plural(LANGUAGES.get(lang, lang))[0]
    out = []
    for m in messages:
        entry = polib.POEntry(
            msgid=m.text,
            msgstr="",
            msgctxt=m.context,
            occurrences=list(m.where),
            flags=["python-brace-format"] if FORMAT_FIELD.search(m.text + (m.plural or "")) else [],
        )
        if m.plural:
            entry.msgid_plural = m.plural
            entry.msgstr_plural = {k: "" for k in range(forms)}
        out.append(entry)
    return out


def new_library_catalogue(lang: str) -> polib.POFile:
    po = new_catalogue(lang, LIBRARY_NAME)
    po.metadata["Project-Id-Version"] = LIBRARY_NAME
    po.metadata["X-Source"] = "magiclib/ (the _(), gettext(), ngettext() and N_() calls)"
    return po


def read_library_catalogue(lang: str) -> polib.POFile:
    path = library_catalogue_path(lang)
    if not path.exists():
        return new_library_catalogue(lang)
    return polib.pofile(str(path), wrapwidth=100)


def update_library(langs: list[str]) -> None:
    messages = library_messages()
    if not messages:
        return
    for lang in langs:
        write_catalogue(
            update_catalogue(read_library_catalogue(lang), library_template(messages, lang)),
            library_catalogue_path(lang),
        )


def library_entry_problems(entry: polib.POEntry) -> list[str]:
    """What each form of a translation drops or changes: placeholders and numbers."""
    problems = []
    for k, text in enumerate(translations(entry)):
        english = entry.msgid_plural if entry.msgid_plural and k > 0 else entry.msgid
        problems += check_entry(english, text, code=True)
        problems += [p for p in check_entry(english, text) if p.startswith("number")]
    return sorted(set(problems))


def library_status(lang: str, st: Status) -> None:
    """Count and check the library catalogue of ``lang`` into ``st`` (as the notebook "magiclib")."""
    messages = library_messages()
    if not messages:
        return
    before = (st.messages, st.translated, st.fuzzy)
    table = {(e.msgctxt, e.msgid): e for e in read_library_catalogue(lang) if not e.obsolete}
    terms = glossary(lang)
    for m in messages:
        st.messages += 1
        entry = table.get((m.context, m.text))
        where = ":".join(m.where[0])
        if entry is not None and "fuzzy" in entry.flags:
            st.fuzzy += 1
            st.problems.append(f"{lang} {LIBRARY_NAME} {where}: fuzzy: {m.text[:60]!r}")
        elif not is_current(entry) or (entry.msgid_plural or None) != m.plural:
            st.problems.append(f"{lang} {LIBRARY_NAME} {where}: untranslated: {m.text[:60]!r}")
        else:
            st.translated += 1
            for miss in glossary_misses(lang, m.text, " ".join(translations(entry)), terms):
                st.problems.append(f"{lang} {LIBRARY_NAME} {where}: glossary: {miss} in {m.text[:60]!r}")
            for p in library_entry_problems(entry):
                st.problems.append(f"{lang} {LIBRARY_NAME} {where}: {p} in {m.text[:60]!r}")
    counts = zip((st.messages, st.translated, st.fuzzy), before, strict=True)
    st.by_notebook[LIBRARY_NAME] = tuple(now - was for now, was in counts)


def new_catalogue(lang: str, name: str) -> polib.POFile:
    count, expr = get_plural(LANGUAGES.get(lang, lang))
    po = polib.POFile(wrapwidth=100)
    po.metadata = {
        "Project-Id-Version": PROJECT,
        "Language": lang,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": f"nplurals={count}; plural={expr};",
        "X-Source": f"notebooks/{name}.ipynb",
    }
    return po


def read_catalogue(path: Path, lang: str) -> polib.POFile:
    if not path.exists():
        return new_catalogue(lang, path.stem)
    return polib.pofile(str(path), wrapwidth=100)


def write_catalogue(po: polib.POFile, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    po.save(str(path))


def entries(po: polib.POFile) -> dict[str, polib.POEntry]:
    """The catalogue's live (not obsolete) entries by their English."""
    return {e.msgid: e for e in po if not e.obsolete}


def is_current(entry: polib.POEntry | None) -> bool:
    if entry is None or "fuzzy" in entry.flags:
        return False
    if entry.msgid_plural:
        return bool(entry.msgstr_plural) and all(entry.msgstr_plural.values())
    return bool(entry.msgstr)


def translations(entry: polib.POEntry) -> list[str]:
    """The texts of an entry's translation: its msgstr, or each plural form."""
    if entry.msgid_plural:
        return [entry.msgstr_plural[k] for k in sorted(entry.msgstr_plural)]
    return [entry.msgstr]


def update_catalogue(po: polib.POFile, tmpl: list[polib.POEntry]) -> polib.POFile:
    """The catalogue brought up to the English of `tmpl`: a message whose English is unchanged keeps its
    translation; a new one close to a message that went away starts from that translation, marked fuzzy
    with the old English kept (``#| msgid``) so the translator sees what changed; a new one with no close
    old one starts empty; messages no longer in the English become obsolete (``#~``)."""
    old = {_key(e): e for e in po if not e.obsolete}
    wanted = {_key(e) for e in tmpl}
    gone = [k for k in old if k not in wanted and any(translations(old[k]))]
    new = polib.POFile(wrapwidth=100)
    new.metadata = po.metadata
    for entry in tmpl:
        kept = old.get(_key(entry))
        if kept is not None:
            kept.occurrences, kept.flags = (
                entry.occurrences,
                sorted(set(entry.flags) | ({"fuzzy"} & set(kept.flags))),
            )
            if (kept.msgid_plural or None) != (entry.msgid_plural or None):  # the plural's English changed
                forms = translations(kept)
                kept.previous_msgid_plural = kept.msgid_plural or None
                kept.msgid_plural = entry.msgid_plural
                if entry.msgid_plural:
                    kept.msgstr_plural = kept.msgstr_plural or {
                        k: (forms[0] if k == 0 else "") for k in entry.msgstr_plural
                    }
                else:
                    kept.msgstr, kept.msgstr_plural = forms[0], {}
                kept.flags = sorted(set(kept.flags) | {"fuzzy"})
            new.append(kept)
            continue
        # The closest message that went away, in the same context first (a word in two senses stays apart).
        same = [k for k in gone if k[0] == _key(entry)[0]] or gone
        close = difflib.get_close_matches(entry.msgid, [k[1] for k in same], n=1, cutoff=0.7)
        if close:
            was = old[next(k for k in same if k[1] == close[0])]
            if entry.msgid_plural and was.msgid_plural:
                entry.msgstr_plural = dict(was.msgstr_plural)
            elif not entry.msgid_plural and not was.msgid_plural:
                entry.msgstr = was.msgstr
            entry.previous_msgid = close[0]
            entry.flags = sorted(set(entry.flags) | {"fuzzy"})
        new.append(entry)
    for key in gone:
        old[key].obsolete = True
        new.append(old[key])
    kept_obsolete = {_key(e) for e in new}
    new.extend(e for e in po if e.obsolete and _key(e) not in wanted and _key(e) not in kept_obsolete)
    return new


def _key(entry: polib.POEntry) -> tuple[str | None, str]:
    """A message is its context and its English: one word in two senses is two messages."""
    return (entry.msgctxt or None, entry.msgid)


def lookup_in(po: polib.POFile) -> Lookup:
    """The translation of a message, or the English where there is no current one (never a fuzzy one)."""
    table = {k: e.msgstr for k, e in entries(po).items() if is_current(e)}
    return lambda text: table.get(text, text)


def notebook_keys(nb: dict) -> frozenset[str]:
    return code_keys(["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"])


def translate_cell(cell: dict, lookup: Lookup, keys: frozenset[str] = frozenset()) -> dict:
    out = copy.deepcopy(cell)
    text = "".join(lookup(p.text) if p.message else p.text for p in cell_pieces(cell, keys))
    lines = text.splitlines(keepends=True)
    out["source"] = lines
    return out


def edition_of(project_path: str, lang: str) -> str:
    """Where an English page of the project has its edition: a notebook or a translated page."""
    name = Path(project_path).name
    if re.match(r"notebooks/\d\d_[\w-]+\.ipynb$", project_path):
        return f"notebooks/{lang}/{name}"
    for english, edition in DOCS.values():
        if project_path == english:
            return edition.format(lang=lang)
    return project_path


def relink(text: str, lang: str, english_page: str, edition_page: str) -> str:
    """Link targets from an edition's page: to the edition of a page where there is one (a notebook,
    the learning path, the teachers' page), to the same English file otherwise.

    >>> relink("[a](01_walk.ipynb) [b](../docs/claims.md#x) [c](https://oeis.org)", "uk",
    ...        "notebooks/00_x.ipynb", "notebooks/uk/00_x.ipynb")
    '[a](01_walk.ipynb) [b](../../docs/claims.md#x) [c](https://oeis.org)'
    """

    def fix(m: re.Match) -> str:
        target = m.group(1)
        if re.match(r"[a-z]+:|#|/", target):
            return m.group(0)
        path, _, anchor = target.partition("#")
        project_path = os.path.normpath(os.path.join(os.path.dirname(english_page), path))
        new = os.path.relpath(edition_of(project_path, lang), os.path.dirname(edition_page))
        return f"]({new}{'#' + anchor if anchor else ''})"

    return LINK_TARGET.sub(fix, text)


def edition_notebook(nb: dict, lang: str, cat: polib.POFile, name: str = "00.ipynb") -> dict:
    """The edition of one English notebook: same cells, same ids, its reader-visible text translated; the
    first code cell chooses the language of the library's pictures and widgets."""
    lookup = lookup_in(cat)
    keys = notebook_keys(nb)
    out = copy.deepcopy(nb)
    out["cells"] = []
    first_code = True
    for cell in nb["cells"]:
        new = translate_cell(cell, lookup, keys)
        if cell["cell_type"] == "markdown":
            page = f"notebooks/{name}"
            text = relink("".join(new["source"]), lang, page, edition_of(page, lang))
            new["source"] = text.splitlines(keepends=True)
        if cell["cell_type"] == "code":
            new["outputs"], new["execution_count"] = [], None  # the English outputs are not the edition's
            if first_code:
                first_code = False
                new["source"] = ["import magiclib\n", f'magiclib.use_language("{lang}")\n'] + new["source"]
        # one line per element, as nbformat writes a notebook (and `make notebook` stores it)
        new["source"] = "".join(new["source"]).splitlines(keepends=True)
        out["cells"].append(new)
    metadata = {k: v for k, v in nb["metadata"].items() if k != "widgets"}  # English widgets' state
    out["metadata"] = {**metadata, "language_info": nb["metadata"].get("language_info", {})}
    out["metadata"]["magiclib"] = {"language": lang}
    return out


WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
MODEL_REF = re.compile(r"IPY_MODEL_([0-9a-f]+)")


def kept_widget_state(widgets: dict, cells: list[dict]) -> dict | None:
    """The saved widget state that the cells' outputs still show: the models their views name, the
    models those refer to (layouts, styles, children), and the models with no view of their own that
    tie only kept ones together (a jslink between Play and a slider, which refers to both and which
    nothing refers to); None when no output shows a widget any more."""
    state = widgets.get(WIDGET_STATE, {}).get("state", {})
    todo = [
        o["data"][WIDGET_VIEW]["model_id"]
        for c in cells
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
        if WIDGET_VIEW in o.get("data", {})
    ]
    refs = {m: set(MODEL_REF.findall(json.dumps(s))) for m, s in state.items()}
    kept: set[str] = set()
    while todo:
        while todo:
            model = todo.pop()
            if model in state and model not in kept:
                kept.add(model)
                todo.extend(refs[model])
        # links between kept models, and what they refer to in turn
        todo = [m for m, r in refs.items() if m not in kept and r and r <= kept]
    if not kept:
        return None
    return {WIDGET_STATE: {**widgets[WIDGET_STATE], "state": {k: state[k] for k in state if k in kept}}}


def sources(nb: dict) -> list[tuple[str, str, str]]:
    """What the staleness check compares: each cell's id, type and source."""
    return [(c.get("id", ""), c["cell_type"], "".join(c["source"])) for c in nb["cells"]]


def english_notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def page_as_notebook(text: str) -> dict:
    """A markdown page as a notebook of one cell, so that pages and notebooks share one machinery."""
    return {
        "cells": [{"cell_type": "markdown", "id": "page", "metadata": {}, "source": text}],
        "metadata": {},
    }


@dataclass(frozen=True)
class Page:
    """A source the editions translate: a notebook, or a page beside them (the learning path...)."""

    name: str  # the catalogue's name
    english: str  # its path in the project
    notebook: bool

    def catalogue(self, lang: str) -> Path:
        return LOCALE / lang / ("notebooks" if self.notebook else "docs") / f"{self.name}.po"

    def edition(self, lang: str) -> Path:
        return ROOT / edition_of(self.english, lang)

    def load(self) -> dict:
        path = ROOT / self.english
        return load(path) if self.notebook else page_as_notebook(path.read_text(encoding="utf-8"))

    def translated(self, lang: str, cat: polib.POFile) -> dict:
        if self.notebook:
            return edition_notebook(self.load(), lang, cat, Path(self.english).name)
        text = "".join(translate_cell(self.load()["cells"][0], lookup_in(cat))["source"])
        return page_as_notebook(relink(text, lang, self.english, edition_of(self.english, lang)))


def english_pages() -> list[Page]:
    pages = [Page(p.stem, f"notebooks/{p.name}", True) for p in english_notebooks()]
    return pages + [
        Page(name, english, False) for name, (english, _) in DOCS.items() if (ROOT / english).exists()
    ]


# ---------------------------------------------------------------------------------- commands


def update(langs: list[str]) -> None:
    update_library(langs)
    for page in english_pages():
        tmpl = template(notebook_messages(page.load()))
        for lang in langs:
            target = page.catalogue(lang)
            write_catalogue(update_catalogue(read_catalogue(target, lang), tmpl), target)


def generate(langs: list[str]) -> list[Path]:
    """Write each edition's notebooks and pages (see `generated`) and return those written; a file whose
    text would not change is left alone."""
    written = []
    for page in english_pages():
        for lang in langs:
            target = page.edition(lang)
            text = generated(page, lang)
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(text, encoding="utf-8")
                written.append(target)
    return written


def generated(page: Page, lang: str) -> str:
    """The text of one edition file from the English and the catalogue now: a code cell whose source did
    not change keeps its stored outputs, and a notebook the saved state of the widgets those outputs
    show, until it is executed again. A new or changed code cell has no outputs (never the English ones)
    until it is executed. On an edition executed since its catalogue last changed, this is the
    committed file, byte for byte."""
    new = page.translated(lang, read_catalogue(page.catalogue(lang), lang))
    if not page.notebook:
        return "".join(new["cells"][0]["source"])
    target = page.edition(lang)
    if target.exists():
        before_nb = load(target)
        old = {c.get("id"): c for c in before_nb["cells"]}
        for cell in new["cells"]:
            before = old.get(cell.get("id"))
            unchanged = before and "".join(before["source"]) == "".join(cell["source"])
            if cell["cell_type"] == "code" and unchanged:
                cell["outputs"] = before["outputs"]
                cell["execution_count"] = before["execution_count"]
                # what running it recorded stays; the English cell's tags (e.g. ``further``) and display
                # settings are the edition's too
                ran = {k: v for k, v in before["metadata"].items() if k == "execution"}
                cell["metadata"] = {**cell["metadata"], **ran}
        widgets = kept_widget_state(before_nb["metadata"].get("widgets", {}), new["cells"])
        if widgets:
            new["metadata"]["widgets"] = widgets
    return json.dumps(new, ensure_ascii=False, indent=1) + "\n"


@dataclass
class Status:
    messages: int = 0
    translated: int = 0
    fuzzy: int = 0
    problems: list[str] | None = None
    by_notebook: dict[str, tuple[int, int, int]] | None = None


def status(lang: str, only: str | None = None) -> Status:
    """How complete and how current one edition is (of one notebook or page, `only`, if given: "02")."""
    st = Status(problems=[], by_notebook={})
    terms = glossary(lang)
    if only in (None, LIBRARY_NAME):
        library_status(lang, st)
    for page in english_pages():
        if only and not page.name.startswith(only):
            continue
        before = (st.messages, st.translated, st.fuzzy)
        nb = page.load()
        cat = read_catalogue(page.catalogue(lang), lang)
        table = entries(cat)
        for m in notebook_messages(nb):
            st.messages += 1
            entry = table.get(m.text)
            where = f"{lang} {page.name} {m.where}"
            if entry is not None and "fuzzy" in entry.flags:
                st.fuzzy += 1
                st.problems.append(f"{where}: fuzzy: {m.text[:60]!r}")
            elif not is_current(entry):
                st.problems.append(f"{where}: untranslated: {m.text[:60]!r}")
            else:
                st.translated += 1
                for miss in glossary_misses(lang, m.text, entry.msgstr, terms):
                    st.problems.append(f"{where}: glossary: {miss} in {m.text[:60]!r}")
                for p in check_entry(m.text, entry.msgstr, code=m.code):
                    st.problems.append(f"{where}: {p} in {m.text[:60]!r}")
        counts = zip((st.messages, st.translated, st.fuzzy), before, strict=True)
        st.by_notebook[page.name] = tuple(now - was for now, was in counts)
        if lang not in EDITIONS:
            continue  # catalogues being written: no edition to compare yet
        edition = page.edition(lang)
        if not edition.exists():
            st.problems.append(f"{lang}: {edition.relative_to(ROOT)} is missing (run make editions)")
            continue
        current = load(edition) if page.notebook else page_as_notebook(edition.read_text(encoding="utf-8"))
        if sources(current) != sources(page.translated(lang, cat)):
            st.problems.append(
                f"{lang}: {edition.relative_to(ROOT)} differs from what its catalogue generates"
            )
    return st


# ---------------------------------------------------------------------------------- English left over

#: The file of words an edition may show in Latin letters on purpose (names, units, software), one a line.
ENGLISH_ALLOWED = ROOT / "scripts" / "editions_english_allowed.txt"
#: Common English words that are no Spanish words (not "no", "a", "he", "has", "ten", "matrices", which
#: are; the tests check the list against every Spanish translation): in a Latin-script edition English is
#: found by these, since every Spanish word is in Latin letters too.
ENGLISH_STOP_WORDS = frozenset(
    """the of and is are was were be been being with from this that these those which what who whom
    whose where when why how it its they them their there here we our you your she his her
    have had does did not but or if then than so into onto over under each every any all some
    both either neither such only also just very can could will would should shall may might must
    about after before between through while because without within again against during above below
    by at on to for as an one two three four five six seven eight nine first second last next
    same other another found finds find shows show shown gives given makes made take takes took
    number numbers square squares row rows column columns line lines sum sums step steps cell cells
    placed placing queen queens board boards magic hexagon matrix solution solutions
    count counted counts order orders time seconds minutes hours years days true false yes
    most least more less many much few new old up down left right out off chapter pages see""".split()
)
#: Widget state fields a reader sees (labels, captions, hints, the HTML a widget shows).
READER_FIELDS = frozenset(
    """value description tooltip placeholder _options_labels titles captions control_names hint
    instructions label roledescription said said_caption text word""".split()
)
_TAGS = re.compile(r"<(script|style)\b.*?</\1>|<[^>]*>", re.S | re.I)
#: A cited title: in italics or in quotation marks.
_TITLE = re.compile(r'\*([^*\n]+)\*|"([^"\n]+)"|“([^”\n]+)”|«([^»\n]+)»|„([^“\n]+)“')
_MATH_CODE_LINK = re.compile(
    r"```.*?```|\$\$.*?\$\$|\$[^$\n]*\$|`[^`]*`|\]\([^)]*\)|https?://\S+|\\\(.*?\\\)|\\\[.*?\\\]", re.S
)
#: A run of letters, digits, _ . ( : a word of the text or a piece of code written in it.
_TOKEN = re.compile(r"[^\W_][\w.'’-]*(?:\()?")
_LATIN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]")


def english_allowed(path: Path | None = None) -> frozenset[str]:
    """The words of the allowlist file (``word  # why``; blank lines and comments skipped)."""
    path = path or ENGLISH_ALLOWED
    words = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        word = line.split("#", 1)[0].strip()
        if word:
            words.add(word)
    return frozenset(words)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


def _markdown_words(text: str) -> str:
    return _TAGS.sub(" ", _MATH_CODE_LINK.sub(" ", text))


def is_references(cell: dict) -> bool:
    """Whether a cell (of the English notebook) is its References section."""
    return cell.get("cell_type") == "markdown" and "".join(cell.get("source", "")).startswith("## References")


def cited_titles(english_nb: dict | None) -> list[str]:
    """The titles (in italics or quotes) the English notebook's References cite: kept as published."""
    titles = []
    for cell in (english_nb or {}).get("cells", []):
        if is_references(cell):
            for match in _TITLE.finditer("".join(cell.get("source", ""))):
                titles.append(next(g for g in match.groups() if g))
    return sorted(set(titles), key=len, reverse=True)


def reader_texts(nb: dict, english_nb: dict | None = None) -> Iterator[tuple[str, str]]:
    """(where, text) for every text an edition's reader meets in a stored notebook: markdown (without
    maths, code spans, link targets, tags, and the titles its English twin ``english_nb`` cites), the
    text and HTML outputs of code cells, the messages of their errors, and the reader fields of the saved
    widget state. ``where`` ends in "references" for the References cell. Figures are pictures (PNG):
    their words come from the texts ``magiclib.i18n`` records as they are drawn (``figure_texts``)."""
    english_cells = (english_nb or {}).get("cells", [])
    titles = cited_titles(english_nb)
    for k, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") == "markdown":
            text = "".join(cell.get("source", ""))
            for title in titles:
                text = text.replace(title, " ")
            twin = english_cells[k] if k < len(english_cells) else {}
            if is_references(twin):  # titles stay as published
                yield f"cell {k} references", _markdown_words(_TITLE.sub(" ", text))
            else:
                yield f"cell {k}", _markdown_words(text)
        for out in cell.get("outputs", []):
            if "text" in out:
                yield f"cell {k} output", "".join(out["text"])
            if out.get("output_type") == "error":  # the message a refusal prints (its class name is code)
                yield f"cell {k} error", out.get("evalue", "")
            data = out.get("data", {})
            if "text/html" in data:
                yield f"cell {k} output", _TAGS.sub(" ", "".join(data["text/html"]))
            elif "text/markdown" in data:
                yield f"cell {k} output", _markdown_words("".join(data["text/markdown"]))
            elif "text/plain" in data and not any(
                kind.startswith("image/") or "widget-view" in kind for kind in data
            ):
                yield f"cell {k} output", "".join(data["text/plain"])
    state = nb.get("metadata", {}).get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {})
    for model in state.get("state", {}).values():
        for field, value in model.get("state", {}).items():
            if field in READER_FIELDS:
                for text in _strings(value):
                    text = re.sub(r"\{\w*\}", " ", text)  # a template's {placeholders} are filled in
                    yield (
                        f"widget {model.get('model_name', '?')}.{field}",
                        _TAGS.sub(" ", html_unescape(text)),
                    )


def html_unescape(text: str) -> str:
    import html

    return html.unescape(text)


def code_identifiers(nb: dict, only: int | None = None) -> frozenset[str]:
    """The names a notebook's code uses (variables, functions, attributes, imported modules); with
    ``only``, those of cell ``only``."""
    names = set()
    for k, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code" or (only is not None and k != only):
            continue
        try:
            tokens = list(tokenize.generate_tokens(io.StringIO("".join(cell.get("source", ""))).readline))
        except (tokenize.TokenError, IndentationError, SyntaxError):
            continue
        names.update(t.string for t in tokens if t.type == tokenize.NAME)
    return frozenset(names)


def key_words(nb: dict) -> frozenset[str]:
    """The words of the strings the code compares or looks up, which stay English in every edition
    (`code_keys`): the rule names, property names and line names a translated sentence may quote are
    identifiers too ("anti-diagonal" whole and in its parts)."""
    words = set()
    for key in code_keys(
        ["".join(c.get("source", "")) for c in nb.get("cells", []) if c.get("cell_type") == "code"]
    ):
        words.update(re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)*", key))
        words.update(re.findall(r"[A-Za-z]+", key))
    return frozenset(words)


def figure_log(nb: dict, lang: str, folder: Path, name: str = "") -> Path | None:
    """The figure texts ``magiclib.i18n`` recorded for an edition notebook in ``folder``
    (``MAGICLIB_FIGURE_TEXT``): ``<lang>/<name>.jsonl`` (a session that knew its notebook's name), or
    the log named after the notebook's first code cell (the cell that chose the language)."""
    from magiclib.i18n import figure_log_name

    first = next((c for c in nb.get("cells", []) if c.get("cell_type") == "code"), None)
    names = [name] + ([figure_log_name("".join(first.get("source", "")))] if first else [])
    return next(
        (folder / lang / f"{n}.jsonl" for n in names if n and (folder / lang / f"{n}.jsonl").exists()), None
    )


def figure_texts(nb: dict, log: Path) -> list[tuple[str, str]]:
    """(where, text) for every text the notebook's figures drew, from a recorded log: "cell k figure"
    (k found by the execution count the log and the stored notebook share), a text once per cell."""
    cells = {
        c.get("execution_count"): k for k, c in enumerate(nb.get("cells", [])) if c.get("cell_type") == "code"
    }
    seen, found = set(), []
    for line in log.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        record = json.loads(line)
        k = cells.get(record.get("cell"))
        where = f"cell {k} figure" if k is not None else "figure"
        for text in record.get("texts", []):
            if (where, text) not in seen:
                seen.add((where, text))
                found.append((where, _MATH_CODE_LINK.sub(" ", text)))
    return found


#: The English of a term, in brackets right after its translation in a non-Latin script: "звичайний
#: (normal)", "折半相遇（meet in the middle）" (the code uses the English word; the reader learns both).
_GLOSS = re.compile(
    r"(?:(?<=[^\x00-\u024f\s])|(?<=[^\x00-\u024f\s][*_])|(?<=[^\x00-\u024f\s][*_]{2}))\s?[(（]"
    r"\*?[A-Za-z][A-Za-z '’-]*\*?[)）]"  # 折半相遇（meet in the middle）, звичайний (normal)
    r"|(?<=[，,])\s*\*?[A-Za-z][A-Za-z '’-]*\*?(?=[)）])"  # （即时编译，just-in-time）
    r"|\*[A-Za-z][A-Za-z '’-]*\*(?=,?\s*«)"  # *meet in the middle*, «encuentro a mitad de camino»
)


def english_words(
    nb: dict,
    lang: str,
    allowed: frozenset[str] = frozenset(),
    english_nb: dict | None = None,
    figures: list[tuple[str, str]] = (),
) -> list[tuple[str, str]]:
    """(where, word) for every English word left in a stored edition notebook (``english_nb``: its
    English twin, for the titles its References cite).

    A token of the reader's text is skipped when it is code (has ``_``, a dot inside, a digit, or is
    followed by ``(``: ``magic(n)``, ``ml.magic``, ``x1``), an identifier of the code (an output: of its
    own cell's code), a Python keyword or builtin that is no common English word (``True``, ``len``;
    not ``and``, ``is``, ``sum``), in ``allowed`` (as written), a single letter (a variable: $n$
    outside maths), camelCase (``mM``, ``JavaScript``), or carries an accent (é, ñ, ü: no English
    word does; Spanish and French titles and names do). In uk and zh every other word in Latin
    letters counts; in es (Latin script itself), and in any References cell (names and titles stay
    as published), only the words of ``ENGLISH_STOP_WORDS``: common English words that are no Spanish
    words (a test checks them against the Spanish catalogues). ``figures``: (where, text) of the texts
    its figures drew (``figure_texts``), read like the outputs of their cells (maths skipped; a tick
    label that is a number is no word).
    """
    import builtins
    import keyword

    python = (frozenset(keyword.kwlist) | frozenset(dir(builtins))) - ENGLISH_STOP_WORDS
    python |= key_words(nb)  # once per notebook: every cell's names below include them
    everywhere = code_identifiers(nb) | python
    by_cell: dict[str, frozenset[str]] = {}
    latin_script = LANGUAGES.get(lang, "").split("_")[0] in ("es",)
    found = []
    for where, text in [*reader_texts(nb, english_nb), *figures]:
        if where.endswith("references"):
            continue  # citations stay as published: authors, titles, publishers, "chapter"
        text = _GLOSS.sub(" ", text)  # a term's English given beside its translation, on purpose
        if where.endswith((" output", " figure")) and where.startswith("cell "):  # its own cell's names
            cell = int(where.split()[1])
            skip = by_cell.setdefault(where, code_identifiers(nb, cell) | python)
        else:
            skip = everywhere
        for match in _TOKEN.finditer(text):
            token = match.group()
            if token.endswith("(") or "_" in token or any(ch.isdigit() for ch in token):
                continue
            if text[match.end() : match.end() + 1] == "=":
                continue  # a keyword argument of a printed call: seed=1
            word = token.strip(".'’-")
            if "." in word or len(word) < 2 or not _LATIN.match(word):
                continue
            if word in skip or word in allowed:
                continue
            if not all("a" <= ch.lower() <= "z" or ch in "'’-" for ch in word):
                continue  # accents or another script: no English word
            if re.search(r"[a-z][A-Z]", word):
                continue  # camelCase (mM, JavaScript): maths or a name
            if (latin_script or where.endswith("references")) and word.lower() not in ENGLISH_STOP_WORDS:
                continue
            found.append((where, word))
    return found


def english(
    langs: list[str], only: str | None = None, verbose: bool = False, figures: Path | None = None
) -> int:
    """Print, per edition notebook, how many English words it shows and which; 1 if any. With
    ``figures`` (the folder ``MAGICLIB_FIGURE_TEXT`` named when the editions ran), the words its
    figures drew count too (a notebook with no log there is said to have none: run it with the
    variable set, as `make editions` does)."""
    allowed = english_allowed()
    total = 0
    for lang in langs:
        paths = sorted((NOTEBOOKS / lang).glob("[0-9][0-9]_*.ipynb"))
        if only:
            paths = [p for p in paths if p.name.startswith(only)]
        if not paths:
            print(f"{lang}: no edition notebooks in {(NOTEBOOKS / lang).relative_to(ROOT)}")
        for path in paths:
            twin = NOTEBOOKS / path.name
            nb = load(path)
            drawn, note = [], ""
            if figures is not None:
                log = figure_log(nb, lang, figures, path.stem)
                drawn = figure_texts(nb, log) if log else []
                note = "" if log else " (no figure text recorded)"
            words = english_words(nb, lang, allowed, load(twin) if twin.exists() else None, drawn)
            total += len(words)
            counts = Counter(word for _, word in words)
            listed = ", ".join(f"{w} ×{c}" if c > 1 else w for w, c in counts.most_common())
            in_figures = sum(where.endswith("figure") for where, _ in words)
            print(
                f"{lang}/{path.name}: {len(words)} English word(s)"
                + (f", {in_figures} in figures" if figures is not None else "")
                + note
                + (f": {listed}" if words else "")
            )
            if verbose:
                for where, word in words:
                    print(f"    {where}: {word}")
    return 1 if total else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["update", "generate", "status", "check", "english"])
    parser.add_argument("--notebook", help='one notebook, by its number ("02"), or "magiclib" (the library)')
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="status and check: a line per notebook; english: a line per word",
    )
    parser.add_argument(
        "--lang",
        action="append",
        help="one language (default: all for update and status, the editions otherwise)",
    )
    parser.add_argument(
        "--figures",
        type=Path,
        help="english: also the texts figures drew, recorded in this folder (MAGICLIB_FIGURE_TEXT)",
    )
    args = parser.parse_args(argv)
    langs = args.lang or list(LANGUAGES if args.command in ("update", "status") else EDITIONS)
    if args.command == "english":
        return english(langs, args.notebook, args.verbose, args.figures)
    unknown = [x for x in langs if x not in LANGUAGES]
    if unknown:
        parser.error(f"unknown language {unknown}; the languages are {sorted(LANGUAGES)}")
    if args.command == "update":
        update(langs)
    elif args.command == "generate":
        for path in generate(langs):
            print(f"wrote {path.relative_to(ROOT)}")
    else:
        bad = False
        for lang in langs:
            st = status(lang, args.notebook)
            print(
                f"{lang}: {st.messages} messages, {st.translated} translated, {st.fuzzy} fuzzy, "
                f"{st.messages - st.translated - st.fuzzy} untranslated"
            )
            if args.verbose:
                for name, (m, t, f) in st.by_notebook.items():
                    print(f"  {name}: {m} messages, {t} translated, {f} fuzzy")
            if st.problems and (args.command == "check" or args.verbose):
                bad = True
                print("\n".join("  " + p for p in st.problems[: None if args.verbose else 40]))
        return 1 if bad else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
