"""Settings that ship with the environment (written into .venv by `make setup`, never into $HOME).

- Notebook trust: JupyterLab shows a notebook's stored widgets (players, fillers, browsers)
  before any cell runs only when the notebook is *trusted*; otherwise it renders just the
  text fallback ("SiamesePlayer(n=3, frames=10)"). Trust is a signature kept in a database.
  Here that database and its key live inside the venv, so `make lab` can sign the suite's own
  notebooks (`jupyter trust`) without touching the user's Jupyter data directory.
- JupyterLab: no "get notified about news?" pop-up over the first screen of a lesson.

Usage: python scripts/configure_jupyter.py VENV_DIR
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


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


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else ".venv")
