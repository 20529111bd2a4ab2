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

Usage: python scripts/configure_jupyter.py VENV_DIR
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

_CDN_LINK = re.compile(r"^\s*<link[^>]+href=\"https?://[^\"]*fontawesome[^\"]*\"[^>]*>\s*\n", re.M | re.I)


def voila_template(prefix: Path) -> Path | None:
    """Write the ``magiclib`` Voilà template (``lab`` without CDN links) and make it the default."""
    lab = prefix / "share" / "jupyter" / "voila" / "templates" / "lab" / "index.html.j2"
    if not lab.is_file():  # Voilà is not installed: nothing to configure
        return None
    target = lab.parent.parent / "magiclib"
    target.mkdir(exist_ok=True)
    page, removed = _CDN_LINK.subn("", lab.read_text(encoding="utf-8"))
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
