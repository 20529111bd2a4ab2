"""Run as the student before their server starts (classroom/jupyterhub_config.py): JupyterLab's interface
language of their edition, written once into their own settings, so that they can change it later
(Settings > Language) and keep their choice.

Usage: python first_settings.py LOCALE   (uk_UA, es_ES, zh_CN; en: nothing to write)
"""

import json
import sys
from pathlib import Path

locale = sys.argv[1]
settings = Path.home() / ".jupyter" / "lab" / "user-settings" / "@jupyterlab" / "translation-extension"
target = settings / "plugin.jupyterlab-settings"
if locale != "en" and not target.exists():
    settings.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps({"locale": locale}) + "\n")
