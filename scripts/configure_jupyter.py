"""Settings that ship with the environment (written into .venv by `make setup`, never into $HOME).

- Notebook trust: JupyterLab shows a notebook's stored widgets (players, fillers, browsers)
  before any cell runs only when the notebook is *trusted*; otherwise it renders just the
  text fallback ("SiamesePlayer(n=3, frames=10)"). Trust is a signature kept in a database.
  Here that database and its key live inside the venv, so `make lab` can sign the suite's own
  notebooks (`jupyter trust`) without touching the user's Jupyter data directory.
- JupyterLab: no "get notified about news?" pop-up over the first screen of a lesson.
- Voilà (`make app`): the default template links two Font Awesome style sheets from a CDN,
  which an offline classroom cannot reach (and which leak a request). Voilà's own bundle
  already carries Font Awesome, so the venv gets a template ``magiclib`` (Voilà's ``lab``
  template without those two links) and a ``voila.json`` that makes it the default.
  The same template adds a few lines of JavaScript (``A11Y_SCRIPT``) that give what Voilà and
  ipywidgets leave unnamed an accessible name: each figure an ``alt`` (the first sentence of the
  text above it), each slider handle its label, Play's icon buttons their action (the same
  ``NAME_CONTROLS_JS`` the suite's widgets run in JupyterLab), and each wide output that scrolls
  sideways a keyboard stop (axe-core checks the pages); and a style rule underlines links in the
  text, so that colour is never their only sign. The page says the notebook's language
  (``<html lang="uk">`` for an edition: its metadata ``magiclib.language``), and Voilà's own loading
  words ("Running ...", "Executing 3 of 20") become the notebook's title and "3 / 20", which read
  the same in every language; the page's title is the notebook's first heading, not its file name.
  Voilà's listing page (JupyterLab's file browser: English, Font Awesome from a CDN) becomes a page of
  the template's own (``LISTING``): the folder's language, the notebooks by their titles, nothing
  fetched from elsewhere. A described widget's unset tooltip (``title="null"``) is removed.
- An edition in JupyterLab (`make lab EDITION=uk`): a settings folder of its own for that run,
  ``build/lab-settings/uk`` (the venv's overrides plus the interface language of the pinned language
  pack, ``LAB_LOCALES``), passed as ``--LabApp.app_settings_dir``; the user's settings and the English
  `make lab` are left as they are.

- A shared environment (``--shared``, the classroom's students' environment, classroom/build_env.py):
  the same, except the trust store, which stays each account's own (Jupyter's default place in the home).

Usage: python scripts/configure_jupyter.py VENV_DIR [--shared]
       python scripts/configure_jupyter.py VENV_DIR --lab-settings EDITION FOLDER
"""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path

from magiclib.widgets._front import NAME_CONTROLS_JS  # run by `make setup` after magiclib is installed

#: The JupyterLab interface language of each edition: the locale of its pinned language pack
#: (requirements/lock.txt: jupyterlab-language-pack-uk-UA, -es-ES, -zh-CN).
LAB_LOCALES = {"uk": "uk_UA", "es": "es_ES", "zh": "zh_CN"}
#: The ``lang`` of a Voilà page, by the notebook's ``magiclib.language`` (as the offline pages say it).
PAGE_LANGS = {"uk": "uk", "es": "es", "zh": "zh-Hans"}

_CDN_LINK = re.compile(r"^\s*<link[^>]+href=\"https?://[^\"]*fontawesome[^\"]*\"[^>]*>\s*\n", re.M | re.I)


#: Accessible names for what Voilà renders without them; runs again whenever outputs or widget views
#: appear (Voilà streams the cells, widget views come later). Inside {% raw %}: Jinja leaves it alone.
A11Y_SCRIPT = (
    """{% raw %}
<style>
/* A link in running text is underlined, not told apart by its colour alone (axe: link-in-text-block). */
.jp-RenderedMarkdown a, .jp-RenderedHTMLCommon a { text-decoration: underline !important; }
</style>
<script>
(function () {"""
    + NAME_CONTROLS_JS
    + """
  /* An edition's page names things in its own language (PAGE_WORDS, by the page's lang); where no
     words are translated, a region is named by what it shows: the page by its title, an output by
     its text. English keeps the words below. */
  var W = (window.MAGICLIB_PAGE_WORDS || {})[document.documentElement.lang] || {};
  function sentence(text) {
    text = (text || "").replace(/\\s+/g, " ").replace(/\u00b6/g, " ").trim();
    var m = text.match(/^.*?[.:!?](\\s|$)/);
    return (m ? m[0] : text).trim().slice(0, 200);
  }
  function textAbove(node) {
    var cell = node.closest("[cell-index]");
    for (var c = cell && cell.previousElementSibling; c; c = c.previousElementSibling) {
      var md = c.querySelector(".jp-RenderedMarkdown, .jp-MarkdownOutput");
      if (md && md.textContent.trim()) return md.textContent;
    }
    return "";
  }
  function name(root) {
    root.querySelectorAll(".jp-OutputArea-output img:not([alt])").forEach(function (img) {
      var context = sentence(textAbove(img));
      img.alt = !W.figure ? "Figure: " + (context || "a picture computed by the notebook")
        : context ? W.figure.replace("{context}", context) : W.picture;
    });
    nameControls(root, W.controls);
    dropNullTooltips(root);
    /* The page's own scrolling box: a keyboard stop too, so that a page without links or
       controls (notebook 08 has none) still scrolls with the arrow keys. */
    var page = root.querySelector("#rendered_cells");
    if (page && !page.hasAttribute("tabindex")) {
      page.tabIndex = 0;
      page.setAttribute("role", "region");
      page.setAttribute("aria-label",
        W.figure ? document.title : "notebook page: scroll with the arrow keys");
    }
    /* A formula may scroll sideways once MathJax has typeset it (later than this runs): every
       formula output, and any other output wider than its box, is a named keyboard stop. */
    root.querySelectorAll(".jp-OutputArea-output").forEach(function (o) {
      var formula = o.classList.contains("jp-RenderedLatex");
      if ((formula || o.scrollWidth > o.clientWidth + 1) && !o.hasAttribute("tabindex")) {
        o.tabIndex = 0;
        o.setAttribute("role", "region");
        o.setAttribute("aria-label", W.figure ? sentence(o.textContent).slice(0, 120)
          : formula ? "formula (scrolls sideways with the arrow keys)"
          : "wide output: scroll sideways with the arrow keys");
      }
    });
  }
  /* ipywidgets 8 writes an unset tooltip into a described widget's label as title="null" (the
     sliders' and menus' labels), sometimes after the label is on the page: a tooltip saying "null".
     No tooltip is what was meant. */
  function dropNullTooltips(root) {
    root.querySelectorAll('[title="null"]').forEach(function (el) {
      el.removeAttribute("title");
    });
  }
  var queued = false;
  function soon() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(function () { queued = false; name(document); });
  }
  /* The controls are named at once, in the observer's own microtask, before anything else on the
     page (a screen reader, a script) can meet them unnamed; the rest waits for the next frame (alt
     text needs the cells, scroll regions the layout), which a busy page may put off. */
  /* A title set later is an attribute change, not a new node: the observer watches titles too, and
     drops a "null" one at once rather than on a frame a busy page may put off. */
  new MutationObserver(function () {
    nameControls(document, W.controls);
    dropNullTooltips(document);
    soon();
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["title"] });
  window.addEventListener("load", soon);
  soon();
})();
</script>
{% endraw %}"""
)


#: Put first in the template: the page's ``<html lang>`` (nbconvert writes ``resources.language_code``)
#: from the notebook's metadata, English when it names no language; and its title (the browser tab,
#: the loading words) from the notebook's first ``# `` heading, in the notebook's language, where Voilà
#: would show the file name ("01_siamese_walk").
PAGE_LANG = (
    "{%- set _ = resources.update(language_code="
    + json.dumps(PAGE_LANGS).replace('"', "'")
    + ".get((nb.metadata.get('magiclib') or {}).get('language'), 'en')) -%}\n"
    "{%- set heading = namespace(text='') -%}\n"
    "{%- for cell in nb.cells if cell.cell_type == 'markdown' -%}\n"
    "{%- for line in cell.source.splitlines() if not heading.text and line.startswith('# ') -%}\n"
    "{%- set heading.text = line[2:].strip() -%}\n"
    "{%- endfor -%}\n"
    "{%- endfor -%}\n"
    "{%- if heading.text and 'title' not in nb.metadata -%}"
    "{%- set _ = nb.metadata.update(title=heading.text) -%}{%- endif -%}\n"
)


def page_words() -> str:
    """``window.MAGICLIB_PAGE_WORDS`` for ``A11Y_SCRIPT``: per page ``lang`` of an edition, a figure's text
    alternative (the offline pages' words, scripts/delivery_text.py) and the names of Play's buttons and
    the sliders (the library's, ``control_names``). Read from the catalogues each time this runs."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import delivery_text

    from magiclib.i18n import current_language, use_language
    from magiclib.widgets._front import control_names

    words, before = {}, current_language()
    try:
        for lang, tag in PAGE_LANGS.items():
            use_language(lang)
            texts = delivery_text.texts(lang)
            words[tag] = {
                "figure": texts["figure_for"],
                "picture": texts["figure_alt"],
                "controls": control_names(),
            }
    finally:
        use_language(before)
    body = json.dumps(words, ensure_ascii=False).replace("</", "<\\/")
    return "{% raw %}<script>window.MAGICLIB_PAGE_WORDS = " + body + ";</script>{% endraw %}\n"


#: Voilà's own English while a page loads -> words every language reads: (file, English, replacement).
LOADING_WORDS = [
    ("spinner.macro.html.j2", "Running {{nb_title}}...", "{{ nb.metadata.get('title', '') | e }} …"),
    ("spinner.macro.html.j2", "<title>spin</title>", ""),
    (
        "voila_setup.macro.html.j2",
        "`Executing ${cell_index} of ${cell_count}`",
        "`${cell_index} / ${cell_count}`",
    ),
    (
        "voila_setup.macro.html.j2",
        "`Reading ${cell_index} of ${cell_count}`",
        "`${cell_index} / ${cell_count}`",
    ),
]


def voila_template(prefix: Path) -> Path | None:
    """Write the ``magiclib`` Voilà template (``lab`` without CDN links) and make it the default."""
    lab = prefix / "share" / "jupyter" / "voila" / "templates" / "lab" / "index.html.j2"
    if not lab.is_file():  # Voilà is not installed: nothing to configure
        return None
    target = lab.parent.parent / "magiclib"
    target.mkdir(exist_ok=True)
    page, removed = _CDN_LINK.subn("", lab.read_text(encoding="utf-8"))
    # The loading words name the notebook: the spinner's macro needs the template's context for it.
    spinner = '{% import "spinner.macro.html.j2" as spinner %}'
    if spinner in page:
        page = page.replace(spinner, spinner[:-2] + "with context %}", 1)
    else:
        print("note: Voilà's lab template imports no spinner macro (a newer Voilà?)", file=sys.stderr)
    footer = "{%- block body_footer -%}"
    listing_page(
        target,
        cjk_font(prefix, target / "static").replace(
            "{assets}", "{{ base_url }}voila/templates/magiclib/static/"
        ),
    )
    if footer in page:
        fonts = cjk_font(prefix, target / "static").replace(
            "{assets}", "{{ resources.base_url }}voila/templates/magiclib/static/"
        )
        cjk = "{%- if resources.language_code == 'zh-Hans' %}\n" + fonts + "{% endif -%}\n"
        page = page.replace(footer, footer + "\n" + cjk + page_words() + A11Y_SCRIPT, 1)
    else:
        print("note: no body_footer block in Voilà's lab template (a newer Voilà?)", file=sys.stderr)
    (target / "index.html.j2").write_text(PAGE_LANG + page, encoding="utf-8")
    base = lab.parent.parent / "base"
    for name in dict.fromkeys(name for name, _, _ in LOADING_WORDS):
        macro = (base / name).read_text(encoding="utf-8")
        for _, english, words in (w for w in LOADING_WORDS if w[0] == name):
            if english not in macro:
                print(f"note: {english!r} not found in Voilà's {name} (a newer Voilà?)", file=sys.stderr)
            macro = macro.replace(english, words)
        (target / name).write_text(macro, encoding="utf-8")
    (target / "conf.json").write_text(json.dumps({"base_template": "lab"}, indent=2) + "\n")
    etc = prefix / "etc" / "jupyter"
    (etc / "voila.json").write_text(
        json.dumps({"VoilaConfiguration": {"template": "magiclib"}}, indent=2) + "\n"
    )
    if removed == 0:
        print("note: no CDN link found in Voilà's lab template (a newer Voilà?)", file=sys.stderr)
    return target


#: Voilà's listing page (``/``, ``/voila/tree/...``) in the language of the folder it lists: the notebooks
#: by their titles, the editions' folders by their languages' names, ``<html lang>``, nothing fetched
#: from elsewhere (Voilà's own listing is JupyterLab's file browser, in English, with Font Awesome from a
#: CDN). Filled in by ``listing_page``: ``__WORDS__`` (words and titles per folder language), ``__FONTS__``.
LISTING = """{%- set WORDS = __WORDS__ -%}
{%- set root = (server_root | string).rstrip('/').split('/')[-1] -%}
{%- set first = (notebook_path or '').strip('/').split('/')[0] -%}
{%- set lang = first if first in WORDS else (root if root in WORDS else 'en') -%}
{%- set words = WORDS[lang] -%}
<!DOCTYPE html>
<html lang="{{ words.lang }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>{{ words.title | e }}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; background: #fafafa; color: #1a1a1a; }
main { max-width: 46rem; margin: 2.5rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
ul { list-style: none; padding: 0; border: 1px solid #c8c8c8; border-radius: 4px; background: #fff; }
li { border-bottom: 1px solid #e0e0e0; } li:last-child { border-bottom: none; }
li a { display: block; padding: 0.7rem 1rem; color: #0b5394; text-decoration: underline; }
li a:hover, li a:focus { background: #eef3fa; }
</style>
{%- if lang == 'zh' %}
__FONTS__
{%- endif %}
</head>
<body>
<main>
<h1>{{ words.title | e }}</h1>
{%- set items = contents.content | list %}
<h2>{{ words.notebooks | e }}</h2>
{%- set q = ('?' ~ query) if query else '' %}
{%- set up = WORDS[root] if root in WORDS else WORDS['en'] %}
<ul>
{%- if breadcrumbs | length > 1 %}
<li><a href="{{ breadcrumbs[-2][0] | e }}{{ q }}" lang="{{ up.lang }}">↑ {{ up.name | e }}</a></li>
{%- endif %}
{%- for content in items if content.type != 'directory' %}
<li><a href="{{ base_url }}voila/render/{{ content.path | urlencode }}{{ q }}">
  {{- words.titles.get(content.name, content.name) | e -}}
</a></li>
{%- endfor %}
</ul>
{%- set folders = items | selectattr('type', 'equalto', 'directory') | list %}
{%- if folders %}
<h2>{{ words.languages | e }}</h2>
<ul>
{%- for content in folders %}
{%- set other = WORDS.get(content.name, {'lang': words.lang, 'name': content.name}) %}
<li><a href="{{ base_url }}voila/tree/{{ content.path | urlencode }}{{ q }}" lang="{{ other.lang }}">
  {{- other.name | e -}}
</a></li>
{%- endfor %}
</ul>
{%- endif %}
</main>
</body>
</html>
"""


def listing_words() -> dict:
    """Per language of a folder Voilà may list ("en" for notebooks/, "uk" for notebooks/uk...): the page's
    ``lang``, its words (the offline index's, scripts/delivery_text.py: ``index_title``, ``index_order``,
    ``lang_label``), the language's own name, and each notebook's title (its first ``# `` heading)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import delivery_text

    notebooks = Path(__file__).resolve().parents[1] / "notebooks"
    words = {}
    for lang, (tag, own_name) in delivery_text.LANGUAGES.items():
        folder = notebooks if lang == "en" else notebooks / lang
        titles = {}
        for path in sorted(folder.glob("[0-9][0-9]_*.ipynb")):
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            lines = ("".join(c["source"]).splitlines() for c in cells if c["cell_type"] == "markdown")
            heading = next((line[2:] for block in lines for line in block if line.startswith("# ")), "")
            titles[path.name] = re.sub(r"[*`]", "", heading).strip() or path.stem
        texts = delivery_text.texts(lang)
        words[lang] = {
            "lang": tag,
            "name": own_name,
            "title": texts["index_title"],
            "notebooks": texts["index_order"],
            "languages": texts["lang_label"],
            "titles": titles,
        }
    return words


def listing_page(target: Path, fonts: str) -> None:
    """Write ``LISTING`` as the template's ``tree-lab.html`` and ``tree.html`` (both tree pages)."""
    # ASCII JSON is a Jinja literal too (Jinja reads the \\u escapes as the letters they stand for).
    page = LISTING.replace("__WORDS__", json.dumps(listing_words(), ensure_ascii=True))
    page = page.replace("__FONTS__", fonts)
    for name in ("tree-lab.html", "tree.html"):
        (target / name).write_text(page, encoding="utf-8")


#: The editions whose letters a machine may have no font for: their pages load the CJK web font.
CJK_EDITIONS = {"zh": "zh_CN"}


def _cjk_characters(prefix: Path) -> set[int]:
    """Every character outside ASCII that a Chinese reader can meet in JupyterLab or Voilà: the edition's
    catalogues (its notebooks, pages and the library's words) and the Chinese language pack."""
    root = Path(__file__).resolve().parents[1]
    sources = [*(root / "locale" / "zh").rglob("*.po"), *(root / "magiclib" / "locale" / "zh").rglob("*.po")]
    sources += prefix.glob(
        "lib/python*/site-packages/jupyterlab_language_pack_zh_CN/locale/*/LC_MESSAGES/*.json"
    )
    found: set[int] = set()
    for path in sources:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".json":  # the pack writes its messages as \\u escapes
            text = json.dumps(json.loads(text), ensure_ascii=False)
        found.update(ord(ch) for ch in text if ord(ch) > 0x7F)
    return found


def cjk_font(prefix: Path, folder: Path) -> str:
    """``folder/fonts/``: the CJK web font of the offline pages (scripts/export_html.py: a subset of the
    pinned Noto Sans CJK SC), cut to `_cjk_characters`; rewritten only when a source is newer. Returns
    the style that loads it, from URLs relative to ``folder`` (``{assets}`` left to fill in)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import export_html

    font = folder / export_html.WEB_FONT
    root = Path(__file__).resolve().parents[1]
    newest = max((p.stat().st_mtime for p in (root / "locale" / "zh").rglob("*.po")), default=0)
    # The one `make setup` wrote for Voilà, when it is current, serves JupyterLab too.
    made = prefix / "share" / "jupyter" / "voila" / "templates" / "magiclib" / "static" / export_html.WEB_FONT
    if not font.is_file() or font.stat().st_mtime < newest:
        if made.is_file() and made.stat().st_mtime >= newest and made != font:
            shutil.copytree(made.parent, font.parent, dirs_exist_ok=True)
        else:
            export_html.write_web_font(folder, _cjk_characters(prefix))
    return export_html.font_css("{assets}")


def lab_custom_style(prefix: Path) -> Path:
    """JupyterLab's custom style (``custom/custom.css``, linked only when ``LabApp.custom_css`` is on: an
    edition in Chinese, `lab_settings`) that loads the CJK web font. It lives in the venv, in the last
    folder JupyterLab looks in for it (jupyter_server's own ``static/custom``; that list is not
    configurable), so a ``custom.css`` of the user's own, in their Jupyter config folder, still wins."""
    import jupyter_server

    custom = Path(jupyter_server.__file__).resolve().parent / "static" / "custom"
    custom.mkdir(parents=True, exist_ok=True)
    style = re.sub(r"</?style[^>]*>", "", cjk_font(prefix, custom).replace("{assets}", ""))
    (custom / "custom.css").write_text(style, encoding="utf-8")
    return custom


def lab_settings(venv: str, edition: str, folder: str) -> Path:
    """Write ``folder/overrides.json`` for one `make lab EDITION=...` run: the venv's overrides and the
    edition's interface language. Returns the folder (for ``--LabApp.app_settings_dir``)."""
    if edition not in LAB_LOCALES:
        raise SystemExit(f"no JupyterLab language for edition {edition!r}: one of {', '.join(LAB_LOCALES)}")
    source = Path(venv).resolve() / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    overrides = json.loads(source.read_text()) if source.is_file() else {}
    overrides["@jupyterlab/translation-extension:plugin"] = {"locale": LAB_LOCALES[edition]}
    target = Path(folder).resolve()
    target.mkdir(parents=True, exist_ok=True)
    (target / "overrides.json").write_text(json.dumps(overrides, indent=2) + "\n")
    # The run's configuration (JUPYTER_CONFIG_PATH=folder): these settings, and for Chinese the custom
    # style (`lab_custom_style`) that loads the CJK web font, so that a machine without a CJK font
    # shows the notebook and JupyterLab's own words instead of empty boxes.
    config: dict = {"LabApp": {"app_settings_dir": str(target)}}
    if edition in CJK_EDITIONS:
        lab_custom_style(Path(venv).resolve())
        config["LabApp"]["custom_css"] = True
    (target / "jupyter_server_config.json").write_text(json.dumps(config, indent=2) + "\n")
    return target


def main(venv: str, shared: bool = False) -> None:
    """Configure the venv at ``venv``. ``shared``: an environment that several accounts run from (the
    classroom's, classroom/build_env.py): no trust store in the venv (its key would be root's, unreadable
    by the others: every notebook would answer 500), so each account keeps Jupyter's default, its own
    ``~/.local/share/jupyter/nbsignatures.db`` and ``notebook_secret``."""
    prefix = Path(venv).resolve()
    store = prefix / "share" / "jupyter" / "magiclib"
    notary = {
        "NotebookNotary": {
            "db_file": str(store / "nbsignatures.db"),
            "secret_file": str(store / "notebook_secret"),
        }
    }
    etc = prefix / "etc" / "jupyter"
    etc.mkdir(parents=True, exist_ok=True)
    if not shared:
        store.mkdir(parents=True, exist_ok=True)
    # `jupyter trust` reads jupyter_notebook_config, the server jupyter_server_config.
    for name in ("jupyter_notebook_config.json", "jupyter_server_config.json"):
        (etc / name).write_text(json.dumps({} if shared else notary, indent=2) + "\n")
    overrides = prefix / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    overrides.parent.mkdir(parents=True, exist_ok=True)
    overrides.write_text(
        json.dumps(
            {
                "@jupyterlab/apputils-extension:notification": {
                    "fetchNews": "false",
                    "checkForUpdates": False,
                },
            },
            indent=2,
        )
        + "\n"
    )

    voila_template(prefix)
    lab_custom_style(prefix)


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[2] == "--lab-settings":
        lab_settings(sys.argv[1], sys.argv[3], sys.argv[4])
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else ".venv", shared="--shared" in sys.argv[2:])
