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
  text, so that colour is never their only sign.

Usage: python scripts/configure_jupyter.py VENV_DIR
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from magiclib.widgets._front import NAME_CONTROLS_JS  # run by `make setup` after magiclib is installed

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
  function sentence(text) {
    text = (text || "").replace(/\\s+/g, " ").trim();
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
      img.alt = "Figure: " + (sentence(textAbove(img)) || "a picture computed by the notebook");
    });
    nameControls(root);
    /* The page's own scrolling box: a keyboard stop too, so that a page without links or
       controls (notebook 08 has none) still scrolls with the arrow keys. */
    var page = root.querySelector("#rendered_cells");
    if (page && !page.hasAttribute("tabindex")) {
      page.tabIndex = 0;
      page.setAttribute("role", "region");
      page.setAttribute("aria-label", "notebook page: scroll with the arrow keys");
    }
    /* A formula may scroll sideways once MathJax has typeset it (later than this runs): every
       formula output, and any other output wider than its box, is a named keyboard stop. */
    root.querySelectorAll(".jp-OutputArea-output").forEach(function (o) {
      var formula = o.classList.contains("jp-RenderedLatex");
      if ((formula || o.scrollWidth > o.clientWidth + 1) && !o.hasAttribute("tabindex")) {
        o.tabIndex = 0;
        o.setAttribute("role", "region");
        o.setAttribute("aria-label", formula ? "formula (scrolls sideways with the arrow keys)"
          : "wide output: scroll sideways with the arrow keys");
      }
    });
  }
  var queued = false;
  function soon() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(function () { queued = false; name(document); });
  }
  new MutationObserver(soon).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("load", soon);
  soon();
})();
</script>
{% endraw %}"""
)


def voila_template(prefix: Path) -> Path | None:
    """Write the ``magiclib`` Voilà template (``lab`` without CDN links) and make it the default."""
    lab = prefix / "share" / "jupyter" / "voila" / "templates" / "lab" / "index.html.j2"
    if not lab.is_file():  # Voilà is not installed: nothing to configure
        return None
    target = lab.parent.parent / "magiclib"
    target.mkdir(exist_ok=True)
    page, removed = _CDN_LINK.subn("", lab.read_text(encoding="utf-8"))
    footer = "{%- block body_footer -%}"
    if footer in page:
        page = page.replace(footer, footer + "\n" + A11Y_SCRIPT, 1)
    else:
        print("note: no body_footer block in Voilà's lab template (a newer Voilà?)", file=sys.stderr)
    (target / "index.html.j2").write_text(page, encoding="utf-8")
    (target / "conf.json").write_text(json.dumps({"base_template": "lab"}, indent=2) + "\n")
    etc = prefix / "etc" / "jupyter"
    (etc / "voila.json").write_text(
        json.dumps({"VoilaConfiguration": {"template": "magiclib"}}, indent=2) + "\n"
    )
    if removed == 0:
        print("note: no CDN link found in Voilà's lab template (a newer Voilà?)", file=sys.stderr)
    return target


def main(venv: str) -> None:
    prefix = Path(venv).resolve()
    store = prefix / "share" / "jupyter" / "magiclib"
    store.mkdir(parents=True, exist_ok=True)
    notary = {
        "NotebookNotary": {
            "db_file": str(store / "nbsignatures.db"),
            "secret_file": str(store / "notebook_secret"),
        }
    }
    etc = prefix / "etc" / "jupyter"
    etc.mkdir(parents=True, exist_ok=True)
    # `jupyter trust` reads jupyter_notebook_config, the server jupyter_server_config.
    for name in ("jupyter_notebook_config.json", "jupyter_server_config.json"):
        (etc / name).write_text(json.dumps(notary, indent=2) + "\n")
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


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".venv")
