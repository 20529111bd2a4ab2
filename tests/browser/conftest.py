"""Fixtures for the browser tests: a JupyterLab server and a Chromium page.

Every test here is marked ``browser``. Without /usr/bin/chromium they are
skipped with a message saying how to install it, except under CI (CI=true),
where a missing browser is an error: CI always installs it.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from .harness import CHROMIUM, CHROMIUM_ARGS, INSTALL_HINT, ROOT, Server, lab_page

AXE_VERSION = "4.14.1"
NPM_DIR = ROOT / "build" / "npm"
AXE_JS = NPM_DIR / "node_modules" / "axe-core" / "axe.min.js"


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    have_browser = Path(CHROMIUM).exists()
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.timeout(420))
            if not have_browser and not os.environ.get("CI"):
                item.add_marker(pytest.mark.skip(reason=INSTALL_HINT))


@pytest.fixture(scope="session")
def browser():
    """One headless Debian Chromium for the whole session."""
    if not Path(CHROMIUM).exists():
        pytest.fail(INSTALL_HINT)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


@contextlib.contextmanager
def exclusive(lock: Path):
    """Hold an exclusive lock on the file ``lock`` (made if missing): `make test`'s other xdist worker,
    asking for the same lock, waits until this one is done."""
    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        yield


@pytest.fixture(scope="session")
def axe_js() -> Path:
    """The pinned axe-core, installed with npm into build/npm (git-ignored) when missing."""
    installed = NPM_DIR / "node_modules" / "axe-core" / "package.json"
    NPM_DIR.mkdir(parents=True, exist_ok=True)
    with exclusive(NPM_DIR / ".install.lock"):  # two xdist workers: one installs, the other waits
        _install_axe(installed)
    assert AXE_JS.is_file()
    return AXE_JS


def _install_axe(installed: Path) -> None:
    if not (installed.is_file() and json.loads(installed.read_text())["version"] == AXE_VERSION):
        npm = shutil.which("npm")
        if npm is None:
            pytest.fail("npm is needed to install axe-core for the accessibility test (apt-get install npm)")
        NPM_DIR.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            [
                npm,
                "install",
                "--silent",
                "--no-audit",
                "--no-fund",
                "--prefix",
                str(NPM_DIR),
                f"axe-core@{AXE_VERSION}",
            ],
            check=True,
            timeout=300,
        )


@pytest.fixture(scope="session")
def lab_server():
    """A JupyterLab server on a free loopback port with a throw-away token, a temporary
    HOME, autosave off, serving a copy of notebooks/. Stopped (with its kernels) at the end."""
    server = Server("lab")
    yield server
    server.close()


@pytest.fixture(scope="session")
def english_site(tmp_path_factory) -> tuple[Path, str]:
    """The whole English suite as `make html` writes it (scripts/export_html.py --strict, as committed,
    nothing re-run) into a temporary folder, and what the script printed: exported once for every test
    that opens its pages (the pages of 01 and 03, every page with axe, the whole export's size), and once
    for both xdist workers of `make test` (their temporary folders share a parent; the first exports, the
    other waits for it)."""
    notebooks = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
    if not notebooks:
        pytest.skip("no notebooks yet")
    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent
    out, printed = shared / "english-site", shared / "english-site.stdout"
    with exclusive(shared / "english-site.lock"):
        if not printed.is_file():
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir()
            result = subprocess.run(
                [sys.executable, str(ROOT / "scripts" / "export_html.py"), "--strict", "--out", str(out)]
                + [str(p) for p in notebooks],
                capture_output=True,
                text=True,
                timeout=600,
            )
            assert result.returncode == 0, f"export failed:\n{result.stdout}\n{result.stderr}"
            printed.write_text(result.stdout)
    return out, printed.read_text()


@pytest.fixture(scope="session")
def app_server():
    """What `make app` serves: the notebooks folder (the editions' folders in it) in Voilà, code hidden;
    one for every test that opens its pages (each page runs in a kernel of its own)."""
    server = Server("app")
    yield server
    server.close()


@pytest.fixture
def page(browser):
    """A fresh browser page (1400x1000); its kernels are shut down afterwards."""
    with lab_page(browser) as pg:
        yield pg


@pytest.fixture
def voila_server():
    """Factory: ``voila_server("04_....ipynb")`` starts Voilà on loopback for that notebook."""
    servers = []

    def start(notebook: str) -> Server:
        server = Server("voila", notebook)
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.close()
