"""Export the executed notebooks to standalone HTML pages that work offline.

    .venv/bin/python scripts/export_html.py              # -> html/ (what `make html` runs)
    .venv/bin/python scripts/export_html.py --out /tmp/x notebooks/01_siamese_walk.ipynb

Each ``notebooks/NN_*.ipynb`` is converted as it is stored (it is NOT re-executed:
run ``make notebooks`` first; a notebook with unrun cells is skipped with a warning,
or fails the export with ``--strict``) with nbconvert's lab template, changed so that the
page needs no server and no network (see ``scripts/templates/magiclib_offline``):

- pictures are embedded in the page (data: URIs), also images linked from markdown;
- MathJax 2.7 is copied from the pinned ``jupyter-server-mathjax`` package into
  ``OUT/mathjax/`` and loaded relatively, so formulas render from disk;
- no require.js, widget manager or Mermaid is loaded from a CDN. A frame player
  (``magiclib.widgets.FramePlayer`` and the widgets built on it: the Siamese and the
  backtracking players) is rebuilt from the widget state stored in the notebook as the
  equivalent kernel-free ``magiclib.show.html_animation``, so it plays in the page; any
  other live ipywidget (it recomputes in Python) is replaced by a short note saying it
  needs a kernel (JupyterLab or Voilà); the self-contained animations play as they are;
- any remaining ``<script src="http...">`` or stylesheet link is removed (and counted).

``OUT/index.html`` lists the pages in order, followed by the learning path
(``notebooks/README.md``) and a link to the teachers' page (``docs/teachers.md``).

Every edition whose notebooks exist (``notebooks/<lang>/NN_*.ipynb``, written by
``scripts/editions.py``) gets the same pages in ``OUT/<lang>/``, with its own index (from
``notebooks/<lang>/README.md``) and teachers' page (``docs/<lang>/teachers.md``); the page frame's
words come from ``scripts/delivery_text.py``. Every page says its language (``<html lang="uk">``,
``es``, ``zh-Hans``) and links the same page in the other languages. Chinese needs a font the
reader's machine may lack: ``OUT/fonts/`` holds a subset of Noto Sans CJK SC (the font file of the
pinned PyPI package ``mplfonts``, cut with fontTools to the characters the pages use), which every
page loads relatively for the CJK blocks only (as ``magiclib.show.look.CJK_WEB_FAMILY``, first in the
pages' font lists, and as the CJK part of 'DejaVu Sans', the pictures' family), so Latin and Cyrillic
keep the page's Latin fonts.
The whole folder can be zipped and mailed; the total size is printed at the end.
"""

from __future__ import annotations

import argparse
import copy
import html
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter
from nbconvert.filters.markdown import markdown2html

from magiclib.show import look
from magiclib.show.player import html_animation

sys.path.insert(0, str(Path(__file__).resolve().parent))
import delivery_text  # noqa: E402  (the words of the page frame, per language)

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TEMPLATES = Path(__file__).resolve().parent / "templates"
TEMPLATE = "magiclib_offline"
PATTERN = "[0-9][0-9]_*.ipynb"
#: The editions' languages, in the order the language switch lists them (English first).
LANGUAGES = list(delivery_text.LANGUAGES)
#: The web font of the pages: a subset of the CJK font, written by `write_web_font`.
WEB_FONT = "fonts/NotoSansCJKsc-subset.woff"
# What MathJax 2.7 needs for TeX input and HTML-CSS output with the STIX web fonts;
# the accessibility extensions, the SVG output and the translations are left out (~8 MB).
MATHJAX_CONFIG = "TeX-AMS-MML_HTMLorMML-full,Safe"
MATHJAX_URL = f"mathjax/MathJax.js?config={MATHJAX_CONFIG}"
MATHJAX_SKIP = ("localization", "jax/output/SVG", "extensions/a11y")

_EXTERNAL_SCRIPT = re.compile(r"<script\b[^>]*\bsrc\s*=\s*[\"']?(?:https?:)?//[^>]*>\s*</script>", re.I)
_EXTERNAL_LINK = re.compile(r"<link\b[^>]*\bhref\s*=\s*[\"']?(?:https?:)?//[^>]*>", re.I)
_EXTERNAL_IMPORT = re.compile(r"@import\s+url\(\s*[\"']?(?:https?:)?//[^)]*\)\s*;?", re.I)


WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
_FRAME = re.compile(r'^<div class="mlanim-frame" data-step="\d+" style="display:block">(.*)</div>$', re.S)


def _ref(value: object) -> str | None:
    """The model id of an ``IPY_MODEL_...`` reference (or None)."""
    return value[len("IPY_MODEL_") :] if isinstance(value, str) and value.startswith("IPY_MODEL_") else None


def _children(state: dict, model_id: str) -> list[str]:
    model = state.get(model_id, {})
    return [c for c in map(_ref, model.get("state", {}).get("children", [])) if c in state]


def frame_player_of(state: dict, model_id: str) -> dict | None:
    """The frame player inside the widget ``model_id``, read from the saved widget state.

    A frame player (``magiclib.widgets.FramePlayer``) is a box holding a ``Stack`` of HTML
    frames and a row of controls with a ``Play`` and an ``IntSlider``. Returns the frames
    (without their ``frame_markup`` wrapper), the Play interval, the slider's word and the
    player's name, or None when the widget holds no frame player.
    """
    seen, todo = set(), [model_id]
    while todo:
        box = todo.pop(0)
        if box in seen:
            continue
        seen.add(box)
        kids = _children(state, box)
        names = {k: state[k]["model_name"] for k in kids}
        stacks = [k for k, n in names.items() if n == "StackModel"]
        rows = [k for k, n in names.items() if n == "HBoxModel"]
        for stack in stacks:
            pages = _children(state, stack)
            if not pages or any(state[p]["model_name"] != "HTMLModel" for p in pages):
                continue
            frames = [_FRAME.match(state[p]["state"].get("value", "")) for p in pages]
            if not all(frames):
                continue
            for row in rows:
                parts = {
                    state[k]["model_name"]: state[k]["state"]
                    for k in reversed(_children(state, row))  # the first slider wins
                    if "magiclib-speed" not in state[k]["state"].get("_dom_classes", [])
                }
                if "PlayModel" in parts and "IntSliderModel" in parts:
                    classes = state[box]["state"].get("_dom_classes", [])
                    name = next(
                        (c.removeprefix("magiclib-") for c in classes if c.startswith("magiclib-")), ""
                    )
                    return {
                        "frames": [m.group(1) for m in frames],
                        "interval_ms": int(parts["PlayModel"].get("interval", 700)),
                        "label": parts["IntSliderModel"].get("description") or "step",
                        "name": name or "player",
                    }
        todo.extend(kids)
    return None


def replace_frame_players(nb: nbformat.NotebookNode) -> int:
    """Replace each stored frame-player widget output by its kernel-free HTML animation.

    The notebook is changed in place (the caller's copy); returns how many were replaced.
    """
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    replaced = 0
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(WIDGET_VIEW)
            if not view or view.get("model_id") not in state:
                continue
            player = frame_player_of(state, view["model_id"])
            if player is None:
                continue
            anim = html_animation(
                player["frames"],
                interval_ms=player["interval_ms"],
                name=player["name"],
                label=player["label"],
            )
            output.data = nbformat.from_dict({"text/html": anim.html})
            replaced += 1
    return replaced


_TITLE_ARG = re.compile(r"""(?:title|titles|suptitle|set_title)\s*[=(]\s*\[?\s*f?(["'])(.+?)\1""")


def _plain(text: str) -> str:
    """Markdown or code text as one plain line (no markup, no TeX dollars, single spaces)."""
    text = re.sub(r"\\n", " ", text)  # a newline written inside a string literal
    text = re.sub(r"<[^>]+>|[*_`#$\\]", "", text)
    return re.sub(r"\s+", " ", text).strip()


def describe_figures(nb: nbformat.NotebookNode, lang: str = "en") -> int:
    """Give every stored picture (PNG) a text alternative in its output metadata (``alt``).

    The alternative is the figure's title as the code states it (``title=``, ``titles=[...]``,
    ``suptitle(...)``, ``set_title(...)``), else the first sentence of the markdown cell just
    above. The page template writes it as the image's ``alt``. Returns how many were described.
    """
    described, context = 0, ""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            plain = _plain(cell.source)
            first = re.split(r"(?<=[.!?:])\s", plain, maxsplit=1)[0]
            context = first[:200] if len(first) >= 40 else plain[:160]
            continue
        titles = [_plain(m.group(2)) for m in _TITLE_ARG.finditer(cell.get("source", ""))]
        titles = [re.sub(r"\{[^}]*\}", "…", t) for t in titles if t]
        for output in cell.get("outputs", []):
            if "image/png" not in output.get("data", {}):
                continue
            words = delivery_text.texts(lang)
            alt = (
                words["figure_titled"].format(titles="; ".join(dict.fromkeys(titles)))
                if titles
                else words["figure_for"].format(context=context)
            )
            output.setdefault("metadata", {}).setdefault("image/png", {})["alt"] = alt[:300]
            described += 1
    return described


@dataclass
class Page:
    """One exported notebook: where it came from, where it went, its title."""

    source: Path
    target: Path
    title: str
    removed: int  # external script/link tags stripped from the page
    players: int = 0  # frame-player widgets rebuilt as kernel-free animations


def mathjax_source() -> Path:
    """The MathJax 2.7 folder shipped inside the pinned ``jupyter_server_mathjax`` package."""
    try:
        import jupyter_server_mathjax
    except ImportError as err:  # pragma: no cover - the lock pins it
        raise SystemExit("jupyter-server-mathjax is missing from the environment: run `make setup`") from err
    static = Path(jupyter_server_mathjax.__file__).parent / "static"
    if not (static / "MathJax.js").is_file():
        raise SystemExit(f"no MathJax.js under {static}")
    return static


def copy_mathjax(out: Path) -> Path:
    """Copy the parts of MathJax the pages use into ``out/mathjax`` and return that folder."""
    src = mathjax_source()
    dst = out / "mathjax"
    if dst.exists():
        shutil.rmtree(dst)

    def ignore(folder: str, names: list[str]) -> set[str]:
        rel = Path(folder).relative_to(src)
        return {n for n in names if (rel / n).as_posix() in MATHJAX_SKIP}

    shutil.copytree(src, dst, ignore=ignore)
    return dst


def title_of(nb: nbformat.NotebookNode, fallback: str) -> str:
    """The first markdown heading of a notebook, without the #s (or ``fallback``)."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                m = re.match(r"#+\s+(.*\S)", line)
                if m:
                    return re.sub(r"[*_`]", "", m.group(1))
    return fallback


def is_executed(nb: nbformat.NotebookNode) -> bool:
    """True when every code cell of the notebook has been run (it has an execution count)."""
    code = [c for c in nb.cells if c.cell_type == "code"]
    return all(c.get("execution_count") is not None for c in code)


def strip_external(page: str) -> tuple[str, int]:
    """Remove scripts, stylesheets and CSS imports loaded from the network; count them."""
    total = 0
    for pattern in (_EXTERNAL_SCRIPT, _EXTERNAL_LINK, _EXTERNAL_IMPORT):
        page, n = pattern.subn("", page)
        total += n
    return page, total


def make_exporter(lang: str = "en", assets: str = "") -> HTMLExporter:
    """nbconvert's HTML exporter with the offline template and embedded images; ``assets`` is the
    relative path from the pages to the folder holding ``mathjax/`` and ``fonts/``."""
    exporter = HTMLExporter(extra_template_basedirs=[str(TEMPLATES)], template_name=TEMPLATE)
    exporter.embed_images = True
    exporter.mathjax_url = assets + MATHJAX_URL
    exporter.exclude_input_prompt = False
    exporter.language_code = delivery_text.LANGUAGES[lang][0]
    return exporter


def language_of(path: Path) -> str:
    """The language of a notebook or page by its folder: ``notebooks/zh/...`` is "zh", else "en"."""
    return path.parent.name if path.parent.name in LANGUAGES and path.parent.name != "en" else "en"


def edition_notebooks(lang: str) -> list[Path]:
    """The notebooks of one language (English: ``notebooks/NN_*``; an edition: ``notebooks/<lang>/NN_*``)."""
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    return sorted(folder.glob(PATTERN))


def language_links(name: str, lang: str, languages: list[str]) -> list[tuple[str, str, str, bool]]:
    """The language switch of the page ``name`` in ``lang``: (language's own name, href, its ``lang``
    attribute, whether it is this page) for every language in ``languages``. English pages sit in the
    output folder, an edition's in ``<lang>/`` below it."""
    up = "" if lang == "en" else "../"
    return [
        (
            delivery_text.LANGUAGES[other][1],
            name if other == lang else up + ("" if other == "en" else other + "/") + name,
            delivery_text.LANGUAGES[other][0],
            other == lang,
        )
        for other in languages
    ]


def switch_html(
    name: str, lang: str, languages: list[str], available: dict[str, set[str]] | None = None
) -> str:
    """The language switch as a small navigation block (empty when there is one language only); with
    ``available`` (language -> the page names it has), only the languages that have this page."""
    if available is not None:
        languages = [other for other in languages if other == lang or name in available.get(other, ())]
    if len(languages) < 2:
        return ""
    label = html.escape(delivery_text.texts(lang)["lang_label"])
    links = " | ".join(
        f'<a href="{href}" hreflang="{tag}" lang="{tag}" aria-current="page"><b>{html.escape(own)}</b></a>'
        if here
        else f'<a href="{href}" hreflang="{tag}" lang="{tag}">{html.escape(own)}</a>'
        for own, href, tag, here in language_links(name, lang, languages)
    )
    return f'<nav class="magiclib-languages" aria-label="{label}">{label}: {links}</nav>'


def font_css(assets: str) -> str:
    """The style that loads the bundled CJK web font (for the CJK blocks only) and names it first in every
    font list of the page: Chinese comes from it, every other letter from the fonts after it. It also
    serves the CJK blocks of the family 'DejaVu Sans' (beside the local DejaVu Sans, regular and bold),
    the family the pictures' HTML and SVG name (``magiclib.show.look.CSS_FONT``)."""
    web = look.CJK_WEB_FAMILY
    ranges = ", ".join(f"U+{a:04X}-{b:04X}" for a, b in look.CJK_RANGES)
    sans = f"'{web}', system-ui, -apple-system, 'Segoe UI', helvetica, arial, sans-serif"
    src = f"url('{assets}{WEB_FONT}') format('woff')"
    cjk = "".join(
        f"@font-face {{ font-family: 'DejaVu Sans'; font-weight: {w};\n"
        f"  src: {src}; unicode-range: {ranges}; }}\n"
        for w in (400, 700)  # one face per weight: a single CJK face was not used for bold
    )
    return f"""<style type="text/css">
@font-face {{ font-family: '{web}'; font-style: normal; font-weight: 400; font-display: block;
  src: {src}; unicode-range: {ranges}; }}
/* 'DejaVu Sans', which the pictures' HTML and SVG ask for: the local font, Chinese from the web font */
@font-face {{ font-family: 'DejaVu Sans'; font-weight: 400; src: local('DejaVu Sans'), local('DejaVuSans'); }}
@font-face {{ font-family: 'DejaVu Sans'; font-weight: 700;
  src: local('DejaVu Sans Bold'), local('DejaVuSans-Bold'); }}
{cjk}:root, body, body.jp-Notebook {{
  --jp-content-font-family: {sans}; --jp-ui-font-family: {sans};
  --jp-code-font-family-default: '{web}', menlo, consolas, 'DejaVu Sans Mono', monospace;
  --jp-code-font-family: var(--jp-code-font-family-default);
  --r-main-font: '{web}', 'Source Sans Pro', helvetica, sans-serif;
  --r-heading-font: '{web}', 'Source Sans Pro', helvetica, sans-serif;
  --r-code-font: '{web}', menlo, consolas, 'DejaVu Sans Mono', monospace;
}}
body, .magiclib-nav, .magiclib-note, .magiclib-languages, details.magiclib-hidden > summary {{
  font-family: {sans}; }}
pre, code, kbd, .highlight pre, .reveal pre, .reveal code {{
  font-family: '{web}', menlo, consolas, 'DejaVu Sans Mono', monospace; }}
.magiclib-languages {{ font-size: 15px; padding: 4px 12px; }}
</style>
"""


def add_font(page: str, assets: str) -> str:
    """``page`` with `font_css` at the end of its head (so it overrides the template's fonts)."""
    return page.replace("</head>", font_css(assets) + "</head>", 1)


def export(
    notebooks: list[Path],
    out: Path,
    lang: str = "en",
    assets: str = "",
    languages: list[str] | None = None,
    available: dict[str, set[str]] | None = None,
) -> list[Page]:
    """Export ``notebooks`` (in this order) to ``out`` as pages in ``lang``; return the pages written.

    ``assets`` is the relative path from ``out`` to the folder with ``mathjax/`` and ``fonts/``;
    ``languages`` are the languages the switch of each page links to (default: ``lang`` only), and
    ``available`` the page names each language has (default: all)."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("[0-9][0-9]_*.html"):
        old.unlink()
    languages = languages or [lang]
    words = delivery_text.texts(lang)
    exporter = make_exporter(lang, assets)
    loaded = [(path, nbformat.read(path, as_version=4)) for path in notebooks]
    pages: list[Page] = []
    for i, (path, nb) in enumerate(loaded):
        nav = [(words["nav_index"], "index.html")]
        if i > 0:
            nav.append((f"\u2190 {loaded[i - 1][0].stem}", loaded[i - 1][0].stem + ".html"))
        if i + 1 < len(loaded):
            nav.append((f"{loaded[i + 1][0].stem} \u2192", loaded[i + 1][0].stem + ".html"))
        nav.append((words["nav_teachers"], "teachers.html"))
        resources = {
            "metadata": {"name": path.stem, "path": str(path.parent)},
            "magiclib_nav": nav,
            "magiclib_words": words,
            "magiclib_switch": switch_html(path.stem + ".html", lang, languages, available),
        }
        players = replace_frame_players(nb)
        describe_figures(nb, lang)
        body, _ = exporter.from_notebook_node(nb, resources=resources)
        body, removed = strip_external(body)
        target = out / (path.stem + ".html")
        target.write_text(add_font(body, assets), encoding="utf-8")
        pages.append(Page(path, target, title_of(nb, path.stem), removed, players))
    return pages


def web_font_characters(folder: Path) -> set[int]:
    """Every character outside ASCII in the pages under ``folder`` (their text, scripts included); the
    web font keeps those of the CJK blocks."""
    found: set[int] = set()
    for page in folder.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        found.update(ord(ch) for ch in set(text) if ord(ch) > 0x7F)
        # frames kept in scripts as JSON (\\u5e7b) or written as character references (&#x5e7b;)
        for escaped, ref in re.findall(r"\\u([0-9a-fA-F]{4})|&#x([0-9a-fA-F]+);", text):
            found.add(int(escaped or ref, 16))
        found.update(int(d) for d in re.findall(r"&#(\d+);", text))
    return {c for c in found if c > 0x7F}


def write_web_font(out: Path, characters: set[int] | None = None) -> Path:
    """``out/fonts/``: the CJK font of the pictures cut to ``characters`` (default: those of every page
    under ``out``) as WOFF, with its licence. Returns the font file."""
    from fontTools import subset

    source = look.cjk_font_file()
    if source is None:
        raise SystemExit(
            "the CJK font (PyPI mplfonts, pinned in requirements/lock.txt) is missing: run `make setup`"
        )
    options = subset.Options()
    options.flavor = "woff"  # zlib: no extra package (WOFF2 would need brotli)
    options.name_IDs = ["*"]  # keep the licence and the family name
    options.notdef_outline = True
    font = subset.load_font(str(source), options)
    chars = web_font_characters(out) if characters is None else characters
    chars = {c for c in chars if any(a <= c <= b for a, b in look.CJK_RANGES)}
    cmap = font.getBestCmap()
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=sorted(c for c in chars if c in cmap) or [0x4E00])
    subsetter.subset(font)
    target = out / WEB_FONT
    target.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(target), options)
    (target.parent / "README.txt").write_text(
        f"{target.name}: a subset of {source.name} (Noto Sans CJK SC, SIL Open Font License 1.1), from the\n"
        "PyPI package mplfonts pinned in requirements/lock.txt, cut to the characters of these pages.\n",
        encoding="utf-8",
    )
    return target


# ------------------------------------------------------------------ index and teachers' page

_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>{title}</title>
<style>
body {{ font: 17px/1.55 sans-serif; max-width: 52em; margin: 2em auto; padding: 0 1em; color: #222; }}
h1, h2, h3 {{ line-height: 1.25; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #bbb; padding: 4px 10px; text-align: left; vertical-align: top; }}
th {{ background: #eee; }}
code {{ background: #f3f3f3; padding: 0 3px; }}
a.anchor-link {{ display: none; }}
ol.magiclib-pages li {{ margin: 0.3em 0; font-size: 18px; }}
.magiclib-offline {{ font-size: 15px; color: #444; border-left: 4px solid #888; padding-left: 10px; }}
</style>
<script type="text/x-mathjax-config">
MathJax.Hub.Config({{ tex2jax: {{ inlineMath: [["$", "$"]], processEscapes: true }},
  "HTML-CSS": {{ availableFonts: [], preferredFont: null, imageFont: null, webFont: "STIX-Web" }},
  messageStyle: "none" }});
</script>
<script src="{mathjax}"></script>
{fonts}</head>
<body>
{body}
</body>
</html>
"""


def page_html(
    title: str, body: str, *, lang: str = "en", assets: str = "", mathjax: str | None = None
) -> str:
    """A plain page of the suite (index, teachers' page, the kit's front page) in ``lang``."""
    return _PAGE.format(
        title=html.escape(title),
        body=body,
        mathjax=mathjax or assets + MATHJAX_URL,
        lang=delivery_text.LANGUAGES[lang][0],
        fonts=font_css(assets),
    )


def markdown_page(source: Path, stems: set[str]) -> str:
    """A markdown file as HTML, with links to notebooks and docs pointing at the exported pages."""
    text = source.read_text(encoding="utf-8")
    body = markdown2html(text)

    def relink(m: re.Match) -> str:
        target = m.group(2)
        name = Path(target.split("#")[0]).name
        stem = name.removesuffix(".ipynb")
        if name.endswith(".ipynb") and stem in stems:
            target = stem + ".html"
        elif name == "teachers.md":
            target = "teachers.html"
        elif name == "README.md" and "notebooks" in target:
            target = "index.html"
        return f"{m.group(1)}{target}{m.group(3)}"

    body = re.sub(r"(href=\")([^\"]+)(\")", relink, body)
    # A notebook that was not exported (not written yet): keep its name, drop the dead link.
    return re.sub(r"<a href=\"[^\"]*\.ipynb\"[^>]*>(.*?)</a>", r"\1", body, flags=re.S)


def write_index(
    out: Path, pages: list[Page], lang: str = "en", assets: str = "", languages: list[str] | None = None
) -> Path:
    """``out/index.html``: the pages in order, then the learning path, then the teachers' link."""
    stems = {p.target.stem for p in pages}
    words = delivery_text.texts(lang)
    items = "\n".join(
        f'<li><a href="{p.target.name}">{html.escape(p.title)}</a> '
        f"<small>({html.escape(p.source.name)})</small></li>"
        for p in pages
    )
    parts = [
        switch_html("index.html", lang, languages or [lang]),
        f"<h1>{words['index_h1']}</h1>",
        f'<p class="magiclib-offline">{words["index_offline"]}</p>',
        f"<h2>{words['index_order']}</h2>",
        f'<ol class="magiclib-pages">\n{items}\n</ol>',
        f'<p><a href="teachers.html">{words["index_teachers"]}</a></p>',
    ]
    readme = edition_page("notebooks/README.md", lang)
    if readme.is_file():
        parts += ["<hr>", markdown_page(readme, stems)]
    target = out / "index.html"
    target.write_text(
        page_html(words["index_title"], "\n".join(parts), lang=lang, assets=assets), encoding="utf-8"
    )
    return target


def with_english_headings(nb: nbformat.NotebookNode, english: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """A copy of the edition notebook ``nb`` whose heading lines are those of its English twin (cell by
    cell id, k-th heading for k-th heading), so that the English section names ("Exercises",
    "References") find the sections of any language; everything else stays translated."""
    by_id = {c.get("id"): c for c in english.cells}
    out = copy.deepcopy(nb)
    for cell in out.cells:
        twin = by_id.get(cell.get("id"))
        if cell.cell_type != "markdown" or twin is None:
            continue
        english_heads = [line for line in twin.source.splitlines() if re.match(r"#+\s", line)]
        lines, k = cell.source.splitlines(), 0
        for i, line in enumerate(lines):
            if re.match(r"#+\s", line) and k < len(english_heads):
                lines[i], k = english_heads[k], k + 1
        cell.source = "\n".join(lines)
    return out


def exercises_of(nb: nbformat.NotebookNode, english: nbformat.NotebookNode | None = None) -> list[str]:
    """The exercises of a notebook (markdown, one paragraph each), from its "Exercises" section.

    An exercise starts with a number (``1.``, ``**1.**``, after one word: ``**Exercise 1.**``,
    ``**练习 1.**``) or with "Exercise" (bold or heading)
    and runs to the end of its paragraph; folded solutions (``<details>``) are left out. For an
    edition, ``english`` is its English twin: the sections are found by the English headings.
    """
    if english is not None:
        nb = with_english_headings(nb, english)
    start = re.compile(
        r"\s{0,3}(?:\*\*)?(?:[^\W\d_]+\s+)?\d+[.):](?:\*\*)?\s+\S"  # 1. / **1.** / **Exercise 1.**
        r"|\s{0,3}(?:#+\s*|\*\*)exercise\b",
        re.I,
    )  # ### Exercise / **Exercise
    found: list[str] = []
    inside, level, current = False, 0, None
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        text = re.sub(r"<details>.*?</details>", "", cell.source, flags=re.S | re.I)
        current = None
        for line in text.splitlines():
            heading = re.match(r"(#+)\s+(.*)", line)
            if heading and re.match(r"exercises?\b", heading.group(2).strip(), re.I):
                inside, level, current = True, len(heading.group(1)), None
                continue
            if not inside:
                continue
            if heading and len(heading.group(1)) <= level:
                inside, current = False, None
                continue
            if start.match(line):
                number = re.match(r"\s*(?:\*\*)?([^\W\d_]+\s+)?(\d+)[.):](?:\*\*)?\s+(.*)", line, re.I)
                if number:  # one style for all: **1.** text
                    line = f"**{number.group(1) or ''}{number.group(2)}.** {number.group(3)}"
                found.append(line.strip())
                current = len(found) - 1
            elif current is not None and line.strip():
                found[current] += " " + line.strip()
            else:
                current = None
    return found


def edition_page(english: str, lang: str) -> Path:
    """A page beside the notebooks in ``lang``: the English file, an edition's generated page where
    ``make editions`` wrote it, else the page translated from its catalogue now (into build/editions/)."""
    import editions

    if lang == "en":
        return ROOT / english
    page = next(p for p in editions.english_pages() if p.english == english)
    written = page.edition(lang)
    if written.is_file():
        return written
    target = ROOT / "build" / "editions" / written.relative_to(ROOT)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = page.translated(lang, editions.read_catalogue(page.catalogue(lang), lang))["cells"][0]["source"]
    target.write_text("".join(text), encoding="utf-8")
    return target


def teachers_source(lang: str) -> Path:
    """The teachers' page of a language: ``docs/teachers.md``, an edition's ``docs/<lang>/teachers.md``."""
    return edition_page("docs/teachers.md", lang)


def write_teachers(
    out: Path,
    pages: list[Page],
    lang: str = "en",
    assets: str = "",
    languages: list[str] | None = None,
    available: dict[str, set[str]] | None = None,
) -> Path | None:
    """``out/teachers.html`` from ``docs/teachers.md`` (an edition's: ``docs/<lang>/teachers.md``, if
    that file exists), with every exercise of the exported notebooks listed at the end."""
    source = teachers_source(lang)
    if not source.is_file():
        return None
    words = delivery_text.texts(lang)
    body = (
        switch_html("teachers.html", lang, languages or [lang], available)
        + f'<p><a href="index.html">\u2190 {words["nav_index"]}</a></p>\n'
        + markdown_page(source, {p.target.stem for p in pages})
    )
    listing = [f"<h2>{words['teachers_every']}</h2>", f"<p>{words['teachers_generated']}</p>"]
    for page in pages:
        twin = NOTEBOOKS / page.source.name
        english = nbformat.read(twin, as_version=4) if lang != "en" and twin.is_file() else None
        items = exercises_of(nbformat.read(page.source, as_version=4), english)
        listing.append(f'<h3><a href="{page.target.name}">{html.escape(page.title)}</a></h3>')
        if items:
            entries = "".join(f"<li>{markdown2html(i).strip()}</li>" for i in items)
            listing.append(f'<ul style="list-style:none;padding-left:1em">{entries}</ul>')
        else:
            listing.append(f"<p>{words['teachers_none']}</p>")
    body += "\n" + "\n".join(listing)
    target = out / "teachers.html"
    target.write_text(page_html(words["teachers_title"], body, lang=lang, assets=assets), encoding="utf-8")
    return target


def folder_size(folder: Path) -> int:
    """Total size in bytes of the files under ``folder``."""
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


def by_language(notebooks: list[Path]) -> dict[str, list[Path]]:
    """The notebooks grouped by language (English first, then the editions in `LANGUAGES` order)."""
    groups: dict[str, list[Path]] = {}
    for nb in notebooks:
        groups.setdefault(language_of(nb), []).append(nb)
    return {lang: groups[lang] for lang in LANGUAGES if lang in groups}


def export_site(
    out: Path, groups: dict[str, list[Path]], *, teachers: bool = True, mathjax: bool = True
) -> list[Page]:
    """Export each language's notebooks (English to ``out``, an edition to ``out/<lang>``) with its
    index and teachers' page, every page linking the others' languages; then MathJax and the web font
    (cut to the characters of all the pages) once, in ``out``. Returns every page written."""
    languages = list(groups)
    available = {
        lang: {nb.stem + ".html" for nb in notebooks}
        | {"index.html"}
        | ({"teachers.html"} if teachers and teachers_source(lang).is_file() else set())
        for lang, notebooks in groups.items()
    }
    written: list[Page] = []
    for lang, notebooks in groups.items():
        folder, assets = (out, "") if lang == "en" else (out / lang, "../")
        pages = export(notebooks, folder, lang, assets, languages, available)
        write_index(folder, pages, lang, assets, languages)
        if teachers:
            write_teachers(folder, pages, lang, assets, languages, available)
        written += pages
    if mathjax:
        copy_mathjax(out)
    write_web_font(out)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "notebooks",
        nargs="*",
        type=Path,
        help=f"notebooks to export (default: notebooks/{PATTERN}, in order)",
    )
    parser.add_argument("--out", type=Path, default=ROOT / "html", help="output folder (default: html/)")
    parser.add_argument(
        "--allow-unexecuted",
        action="store_true",
        help="export notebooks that were not fully run too (their pages lack outputs)",
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="fail (exit 1) when a notebook was not fully run, instead of skipping it",
    )
    args = parser.parse_args(argv)

    notebooks = (
        sorted(args.notebooks)
        if args.notebooks
        else [nb for lang in LANGUAGES for nb in edition_notebooks(lang)]
    )
    if not notebooks:
        print(f"no notebooks matching {PATTERN} in {NOTEBOOKS}", file=sys.stderr)
        return 1
    unexecuted = [nb for nb in notebooks if not is_executed(nbformat.read(nb, as_version=4))]
    for nb in unexecuted:
        shown = nb.resolve().relative_to(ROOT) if nb.resolve().is_relative_to(ROOT) else nb
        action = (
            "export stopped" if args.strict else "exported anyway" if args.allow_unexecuted else "skipped"
        )
        print(
            f"{shown}: not executed (some code cells have no stored output), {action}; "
            f"`make notebook NB={shown}` runs it",
            file=sys.stderr,
        )
    if unexecuted and args.strict:
        return 1
    if not args.allow_unexecuted:
        notebooks = [nb for nb in notebooks if nb not in unexecuted]
    if not notebooks:
        return 1

    out = args.out
    for page in export_site(out, by_language(notebooks)):
        size = page.target.stat().st_size / 1e6
        note = f", {page.removed} external tag(s) removed" if page.removed else ""
        print(f"{page.target}  {size:6.2f} MB  {page.title}{note}")
    print(f"{out / 'mathjax'}/  {folder_size(out / 'mathjax') / 1e6:6.2f} MB (MathJax 2.7, offline)")
    print(f"{out / WEB_FONT}  {(out / WEB_FONT).stat().st_size / 1e6:6.2f} MB (Chinese web font, offline)")
    print(f"total {folder_size(out) / 1e6:.2f} MB in {out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
