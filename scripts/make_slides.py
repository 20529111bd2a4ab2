"""One offline reveal.js slide deck per notebook (what `make slides` runs).

    .venv/bin/python scripts/make_slides.py                  # -> slides/NN_*.slides.html
    .venv/bin/python scripts/make_slides.py --out /tmp/s notebooks/01_siamese_walk.ipynb

Each stored notebook (not re-executed) gets slide types by the rules of ``scripts/slide_types.py``
in a temporary copy (the notebook is not changed) and is converted with nbconvert's slides
exporter and the template ``scripts/templates/magiclib_slides`` (nbconvert's reveal template
without require.js, jQuery or any CDN). reveal.js itself comes from npm, pinned to
``REVEAL_VERSION`` (the 4.x line nbconvert 7's template is written for), installed on first use
into the git-ignored ``build/slides-node/`` and copied next to the decks (``OUT/reveal.js/``)
with MathJax (``OUT/mathjax/``). The decks then open from ``file://`` with no network:
arrow keys move, ``Esc`` shows the overview, ``s`` opens the speaker notes.

Every edition whose notebooks exist (``notebooks/<lang>/NN_*.ipynb``) gets its decks in ``OUT/<lang>/``,
sharing reveal.js, MathJax and the Chinese web font (``OUT/fonts/``, see ``scripts/export_html.py``)
one folder up; each deck says its language and each index links the other languages' indexes.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import nbformat
from nbconvert import SlidesExporter

sys.path.insert(0, str(Path(__file__).resolve().parent))
import export_html  # noqa: E402
import lesson_time  # noqa: E402
import slide_types  # noqa: E402

ROOT = export_html.ROOT
REVEAL_VERSION = "4.6.1"
NODE_DIR = ROOT / "build" / "slides-node"
TEMPLATE = "magiclib_slides"
THEME = "white"  # its font is in the package; some other themes load fonts from Google
#: The parts of the npm package a deck uses (about 2 MB; source maps, ES modules, other themes stay out).
REVEAL_FILES = (
    "dist/reveal.js",
    "dist/reveal.css",
    "dist/reset.css",
    f"dist/theme/{THEME}.css",
    "dist/theme/fonts/source-sans-pro",
    "plugin/notes/notes.js",
)


def reveal_package(node_dir: Path = NODE_DIR) -> Path:
    """The npm ``reveal.js`` package at ``REVEAL_VERSION``, installed with npm if missing."""
    package = node_dir / "node_modules" / "reveal.js"
    manifest = package / "package.json"
    if manifest.is_file() and json.loads(manifest.read_text())["version"] == REVEAL_VERSION:
        return package
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit(
            "npm is needed once to fetch reveal.js (apt-get install npm), then it is cached in build/"
        )
    node_dir.mkdir(parents=True, exist_ok=True)
    (node_dir / "package.json").write_text(
        json.dumps({"private": True, "dependencies": {"reveal.js": REVEAL_VERSION}}, indent=2) + "\n"
    )
    subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--save-exact", f"reveal.js@{REVEAL_VERSION}"],
        cwd=node_dir,
        check=True,
    )
    return package


def copy_reveal(out: Path, package: Path) -> Path:
    """Copy the files of ``REVEAL_FILES`` into ``out/reveal.js``; return that folder."""
    dst = out / "reveal.js"
    if dst.exists():
        shutil.rmtree(dst)
    for rel in REVEAL_FILES:
        src, target = package / rel, dst / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, target, ignore=shutil.ignore_patterns("*.map"))
        else:
            shutil.copy2(src, target)
    return dst


def make_exporter(lang: str = "en", assets: str = "") -> SlidesExporter:
    exporter = SlidesExporter(
        extra_template_basedirs=[str(export_html.TEMPLATES)],
        template_name=TEMPLATE,
        reveal_url_prefix=assets + "reveal.js",
        reveal_theme=THEME,
    )
    exporter.language_code = export_html.delivery_text.LANGUAGES[lang][0]
    exporter.embed_images = True
    exporter.mathjax_url = assets + export_html.MATHJAX_URL
    exporter.exclude_input_prompt = True
    exporter.exclude_output_prompt = True
    return exporter


def build(notebooks: list[Path], out: Path, core: bool = False) -> list[Path]:
    """Write ``out/NN_*.slides.html`` for each notebook, with reveal.js and MathJax beside them; from
    each notebook's core alone (its cells not tagged ``further``) when `core`."""
    out.mkdir(parents=True, exist_ok=True)
    copy_reveal(out, reveal_package())
    export_html.copy_mathjax(out)
    groups = export_html.by_language(notebooks)
    languages = list(groups)
    written = []
    with tempfile.TemporaryDirectory(prefix="magiclib-slides-") as tmp:
        for lang, paths in groups.items():
            folder, assets = (out, "") if lang == "en" else (out / lang, "../")
            folder.mkdir(parents=True, exist_ok=True)
            exporter = make_exporter(lang, assets)
            decks = []
            for path in paths:
                nb = nbformat.read(path, as_version=4)
                nb = slide_types.with_slide_types(lesson_time.core_only(nb) if core else nb)
                nbformat.write(nb, Path(tmp) / path.name)  # the copy that was converted, for inspection
                resources = {
                    "metadata": {"name": path.stem, "path": str(path.parent)},
                    "magiclib_words": export_html.delivery_text.texts(lang),
                }
                body, _ = exporter.from_notebook_node(nb, resources=resources)
                body, removed = export_html.strip_external(body)
                target = folder / f"{path.stem}.slides.html"
                target.write_text(export_html.add_font(body, assets), encoding="utf-8")
                note = f", {removed} external tag(s) removed" if removed else ""
                print(f"{target}  {target.stat().st_size / 1e6:6.2f} MB{note}")
                decks.append(target)
            write_index(folder, decks, lang, assets, languages)
            written += decks
    export_html.write_web_font(out)
    return written


def write_index(
    out: Path, decks: list[Path], lang: str = "en", assets: str = "", languages: list[str] | None = None
) -> Path:
    """``out/index.html``: the decks in order, with the keys a presenter needs."""
    import html

    words = export_html.delivery_text.texts(lang)
    items = "".join(
        f'<li><a href="{d.name}">{html.escape(d.name.removesuffix(".slides.html"))}</a></li>' for d in decks
    )
    body = (
        export_html.switch_html("index.html", lang, languages or [lang])
        + f"<h1>{words['slides_h1']}</h1><p>{words['slides_keys']}</p>"
        + f'<ol class="magiclib-pages">{items}</ol>'
    )
    target = out / "index.html"
    target.write_text(
        export_html.page_html(words["slides_title"], body, lang=lang, assets=assets), encoding="utf-8"
    )
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "notebooks", nargs="*", type=Path, help="notebooks (default: every notebooks/NN_*.ipynb)"
    )
    parser.add_argument("--out", type=Path, default=ROOT / "slides", help="output folder (default: slides/)")
    parser.add_argument("--core", action="store_true", help="the lessons' cores only (no 'going further')")
    args = parser.parse_args(argv)
    notebooks = (
        sorted(args.notebooks)
        if args.notebooks
        else [nb for lang in export_html.LANGUAGES for nb in export_html.edition_notebooks(lang)]
    )
    skipped = [nb for nb in notebooks if not export_html.is_executed(nbformat.read(nb, as_version=4))]
    for nb in skipped:
        print(
            f"{nb.name}: not executed, left out (`make notebook NB=notebooks/{nb.name}` runs it)",
            file=sys.stderr,
        )
    notebooks = [nb for nb in notebooks if nb not in skipped]
    start = time.perf_counter()
    build(notebooks, args.out, core=args.core)
    elapsed = time.perf_counter() - start
    print(f"total {export_html.folder_size(args.out) / 1e6:.2f} MB in {args.out}/ ({elapsed:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
