"""Build the students' environment of ``make classroom`` (``make classroom-env``): one venv, pinned, shared,
read-only, that the hub and every student's server run from.

- made from Debian's Python (``/usr/bin/python3``), which every account can execute (a venv of a Python
  under /root gives students "Permission denied");
- ``requirements/lock.txt`` (the suite's pins, as `make setup`) plus ``classroom/requirements.txt``
  (JupyterHub, its authenticator, culler, nbgitpuller), and ``magiclib`` itself, installed (not editable:
  the students do not read this checkout);
- configured by ``scripts/configure_jupyter.py --shared``: as `make setup` does, except that the trust
  database and its key are left to Jupyter's default, each user's own ``~/.local/share/jupyter``;
- ``configurable-http-proxy`` from npm, pinned by ``classroom/proxy/package-lock.json`` (``npm ci``),
  installed inside the environment, not globally;
- ``classroom/student/`` copied in (the git hooks and first settings that run as a student);
- owned by root, readable by all, writable by root only.

Idempotent: a stamp holds a digest of everything above; when it matches, nothing is done (about a second).
Standard library only. Usage (as root): /usr/bin/python3 classroom/build_env.py PREFIX
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = "/usr/bin/python3"
STAMP = ".classroom-stamp"


def sources() -> list[Path]:
    """The files whose content the environment is built from."""
    files = [
        ROOT / "requirements" / "lock.txt",
        ROOT / "classroom" / "requirements.txt",
        ROOT / "classroom" / "proxy" / "package-lock.json",
        ROOT / "classroom" / "build_env.py",
        ROOT / "pyproject.toml",
        ROOT / "scripts" / "configure_jupyter.py",
    ]
    for folder in (ROOT / "magiclib", ROOT / "classroom" / "student"):
        files += [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    return sorted(files)


def digest() -> str:
    h = hashlib.sha256()
    for path in sources():
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


#: nbgrader's parts for the teacher, off for every account in the shared environment (a student would meet
#: a grading page of no course); classroom/grading.py's hand_over switches them on in the teacher's own
#: settings. Students keep the assignment list and the validate button.
TEACHER_SERVER_EXTENSIONS = (
    "nbgrader.server_extensions.formgrader",
    "nbgrader.server_extensions.course_list",
)
TEACHER_LAB_PLUGINS = (
    "@jupyter/nbgrader:formgrader",
    "@jupyter/nbgrader:course-list",
    "@jupyter/nbgrader:create-assignment",
)


def teacher_parts(server: Path, page: Path, on: bool) -> None:
    """Switch nbgrader's teacher parts (see `TEACHER_SERVER_EXTENSIONS`) on or off in a Jupyter server
    config file and a JupyterLab page config, keeping whatever else the two files say."""
    config = json.loads(server.read_text()) if server.exists() else {}
    extensions = config.setdefault("ServerApp", {}).setdefault("jpserver_extensions", {})
    extensions.update(dict.fromkeys(TEACHER_SERVER_EXTENSIONS, on))
    server.parent.mkdir(parents=True, exist_ok=True)
    server.write_text(json.dumps(config, indent=2) + "\n")
    settings = json.loads(page.read_text()) if page.exists() else {}
    settings.setdefault("disabledExtensions", {}).update(dict.fromkeys(TEACHER_LAB_PLUGINS, not on))
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(json.dumps(settings, indent=2) + "\n")


def teacher_parts_off(prefix: Path) -> None:
    """Switch nbgrader's teacher parts off in the environment (see `TEACHER_SERVER_EXTENSIONS`)."""
    etc = prefix / "etc" / "jupyter"
    teacher_parts(
        etc / "jupyter_server_config.d" / "nbgrader.json", etc / "labconfig" / "page_config.json", on=False
    )


def run(cmd: list[str], **kwargs) -> None:
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kwargs)


def build(prefix: Path) -> bool:
    """Bring ``prefix`` up to date; True when something was done."""
    wanted = digest()
    stamp = prefix / STAMP
    if stamp.is_file() and stamp.read_text().strip() == wanted:
        print(f"students' environment {prefix}: up to date")
        return False
    start = time.monotonic()
    os.umask(0o022)
    if not (prefix / "bin" / "python").exists():
        run([PYTHON, "-m", "venv", str(prefix)])
    py = str(prefix / "bin" / "python")
    pip = [py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    run(
        [
            *pip,
            "-r",
            str(ROOT / "requirements" / "lock.txt"),
            "-r",
            str(ROOT / "classroom" / "requirements.txt"),
        ]
    )
    # magiclib from this checkout, as a built package (its own copy: the students cannot read the checkout).
    build_dir = prefix / "build-magiclib"
    shutil.rmtree(build_dir, ignore_errors=True)
    build_dir.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, build_dir / name)
    shutil.copytree(ROOT / "magiclib", build_dir / "magiclib", ignore=shutil.ignore_patterns("__pycache__"))
    try:
        run([*pip, "--no-deps", "--force-reinstall", str(build_dir)])
    finally:
        shutil.rmtree(build_dir, ignore_errors=True)
    run([py, str(ROOT / "scripts" / "configure_jupyter.py"), str(prefix), "--shared"])
    teacher_parts_off(prefix)
    npm = prefix / "npm"
    npm.mkdir(exist_ok=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(ROOT / "classroom" / "proxy" / name, npm / name)
    run(["npm", "ci", "--prefix", str(npm), "--no-audit", "--no-fund", "--loglevel=error"])
    student = prefix / "share" / "magiclib-classroom" / "student"
    shutil.rmtree(student, ignore_errors=True)
    shutil.copytree(ROOT / "classroom" / "student", student, ignore=shutil.ignore_patterns("__pycache__"))
    run(["chmod", "-R", "u+rwX,go+rX,go-w", str(prefix)])
    run(["chown", "-R", "root:root", str(prefix)])
    for parent in prefix.parents:  # every account must reach it
        if not parent.stat().st_mode & 0o001:
            raise SystemExit(
                f"{parent} is not searchable by other accounts (chmod o+x): students cannot reach {prefix}"
            )
    stamp.write_text(wanted + "\n")
    print(f"students' environment {prefix}: built in {time.monotonic() - start:.0f} s")
    return True


if __name__ == "__main__":
    if os.geteuid() != 0:
        raise SystemExit(
            "the students' environment is built as root (it is shared by every student's account)"
        )
    build(Path(sys.argv[1] if len(sys.argv) > 1 else "/opt/magiclib-classroom").resolve())
