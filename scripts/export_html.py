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
The whole folder can be zipped and mailed; the total size is printed at the end.
"""

from __future__ import annotations

import argparse
import html
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbconvert import HTMLExporter
from nbconvert.filters.markdown import markdown2html

from magiclib.show.player import html_animation

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
TEMPLATES = Path(__file__).resolve().parent / "templates"
TEMPLATE = "magiclib_offline"
PATTERN = "[0-9][0-9]_*.ipynb"
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


def describe_figures(nb: nbformat.NotebookNode) -> int:
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
            alt = ("Figure: " + "; ".join(dict.fromkeys(titles))) if titles else f"Figure for: {context}"
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


def make_exporter() -> HTMLExporter:
    """nbconvert's HTML exporter with the offline template and embedded images."""
    exporter = HTMLExporter(extra_template_basedirs=[str(TEMPLATES)], template_name=TEMPLATE)
    exporter.embed_images = True
    exporter.mathjax_url = MATHJAX_URL
    exporter.exclude_input_prompt = False
    return exporter


def export(notebooks: list[Path], out: Path) -> list[Page]:
    """Export ``notebooks`` (in this order) to ``out``; return the pages written."""
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("[0-9][0-9]_*.html"):
        old.unlink()
    exporter = make_exporter()
    loaded = [(path, nbformat.read(path, as_version=4)) for path in notebooks]
    pages: list[Page] = []
    for i, (path, nb) in enumerate(loaded):
        nav = [("Index: learning path", "index.html")]
        if i > 0:
            nav.append((f"\u2190 {loaded[i - 1][0].stem}", loaded[i - 1][0].stem + ".html"))
        if i + 1 < len(loaded):
            nav.append((f"{loaded[i + 1][0].stem} \u2192", loaded[i + 1][0].stem + ".html"))
        nav.append(("For teachers", "teachers.html"))
        resources = {"metadata": {"name": path.stem, "path": str(path.parent)}, "magiclib_nav": nav}
        players = replace_frame_players(nb)
        describe_figures(nb)
        body, _ = exporter.from_notebook_node(nb, resources=resources)
        body, removed = strip_external(body)
        target = out / (path.stem + ".html")
        target.write_text(body, encoding="utf-8")
        pages.append(Page(path, target, title_of(nb, path.stem), removed, players))
    return pages


# ------------------------------------------------------------------ index and teachers' page

_PAGE = """<!DOCTYPE html>
<html lang="en">
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
</head>
<body>
{body}
</body>
</html>
"""


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


def write_index(out: Path, pages: list[Page]) -> Path:
    """``out/index.html``: the pages in order, then the learning path, then the teachers' link."""
    stems = {p.target.stem for p in pages}
    items = "\n".join(
        f'<li><a href="{p.target.name}">{html.escape(p.title)}</a> '
        f"<small>({html.escape(p.source.name)})</small></li>"
        for p in pages
    )
    parts = [
        "<h1>Magic squares, queens and the magic hexagon: the notebooks</h1>",
        '<p class="magiclib-offline">These pages work from disk with no installation and no '
        "network: open them in any recent browser. Pictures and the step-by-step animations "
        "are inside the pages. Controls that need Python (sliders that recompute) show a note "
        "instead; they work in JupyterLab (<code>make lab</code>) or in the app "
        "(<code>make app</code>).</p>",
        "<h2>The notebooks, in order</h2>",
        f'<ol class="magiclib-pages">\n{items}\n</ol>',
        '<p><a href="teachers.html">For teachers: lesson plans and which exercise fits which topic</a></p>',
    ]
    readme = NOTEBOOKS / "README.md"
    if readme.is_file():
        parts += ["<hr>", markdown_page(readme, stems)]
    target = out / "index.html"
    target.write_text(
        _PAGE.format(title="Magic squares: the notebooks", body="\n".join(parts), mathjax=MATHJAX_URL),
        encoding="utf-8",
    )
    return target


def exercises_of(nb: nbformat.NotebookNode) -> list[str]:
    """The exercises of a notebook (markdown, one paragraph each), from its "Exercises" section.

    An exercise starts with a number (``1.``, ``**1.**``) or with "Exercise" (bold or heading)
    and runs to the end of its paragraph; folded solutions (``<details>``) are left out.
    """
    start = re.compile(
        r"\s{0,3}(?:\*\*)?(?:exercise\s+)?\d+[.):](?:\*\*)?\s+\S"  # 1. / **1.**
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
                number = re.match(r"\s*(?:\*\*)?(exercise\s+)?(\d+)[.):](?:\*\*)?\s+(.*)", line, re.I)
                if number:  # one style for all: **1.** text
                    line = f"**{number.group(1) or ''}{number.group(2)}.** {number.group(3)}"
                found.append(line.strip())
                current = len(found) - 1
            elif current is not None and line.strip():
                found[current] += " " + line.strip()
            else:
                current = None
    return found


def write_teachers(out: Path, pages: list[Page]) -> Path | None:
    """``out/teachers.html`` from ``docs/teachers.md`` (if that file exists), with every
    exercise of the exported notebooks listed at the end."""
    source = ROOT / "docs" / "teachers.md"
    if not source.is_file():
        return None
    body = '<p><a href="index.html">\u2190 Index: learning path</a></p>\n' + markdown_page(
        source, {p.target.stem for p in pages}
    )
    listing = [
        "<h2>Every exercise, as it stands in the notebooks</h2>",
        "<p>Generated from the notebooks when these pages were built.</p>",
    ]
    for page in pages:
        items = exercises_of(nbformat.read(page.source, as_version=4))
        listing.append(f'<h3><a href="{page.target.name}">{html.escape(page.title)}</a></h3>')
        if items:
            entries = "".join(f"<li>{markdown2html(i).strip()}</li>" for i in items)
            listing.append(f'<ul style="list-style:none;padding-left:1em">{entries}</ul>')
        else:
            listing.append("<p>(no numbered exercises found)</p>")
    body += "\n" + "\n".join(listing)
    target = out / "teachers.html"
    target.write_text(_PAGE.format(title="For teachers", body=body, mathjax=MATHJAX_URL), encoding="utf-8")
    return target


def folder_size(folder: Path) -> int:
    """Total size in bytes of the files under ``folder``."""
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())


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

    notebooks = sorted(args.notebooks) if args.notebooks else sorted(NOTEBOOKS.glob(PATTERN))
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
    pages = export(notebooks, out)
    copy_mathjax(out)
    index = write_index(out, pages)
    teachers = write_teachers(out, pages)
    for page in pages:
        size = page.target.stat().st_size / 1e6
        note = f", {page.removed} external tag(s) removed" if page.removed else ""
        print(f"{page.target}  {size:6.2f} MB  {page.title}{note}")
    print(f"{index}")
    if teachers:
        print(f"{teachers}")
    print(f"{out / 'mathjax'}/  {folder_size(out / 'mathjax') / 1e6:6.2f} MB (MathJax 2.7, offline)")
    print(f"total {folder_size(out) / 1e6:.2f} MB in {out}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
