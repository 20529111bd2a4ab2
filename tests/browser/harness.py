"""Drive JupyterLab (and Voilà) in Debian's headless Chromium with Playwright.

Used by the fixtures in ``conftest.py``; the functions take a Playwright ``page``.
Screenshots go to ``test-artifacts/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SHOTS = ROOT / "test-artifacts" / "screenshots"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
INSTALL_HINT = (
    "Debian Chromium is needed at /usr/bin/chromium for the browser tests: "
    "sudo apt-get install chromium (Debian/Ubuntu). Playwright's own browser "
    "download is not used."
)


def free_port() -> int:
    """A free TCP port on the loopback interface."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def isolated_env(home: Path) -> dict[str, str]:
    """Environment for a server whose Jupyter, IPython and matplotlib write nothing outside ``home``."""
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)
    for var, sub in [
        ("HOME", ""),
        ("JUPYTER_CONFIG_DIR", ".jupyter"),
        ("JUPYTER_DATA_DIR", ".local/share/jupyter"),
        ("JUPYTER_RUNTIME_DIR", ".local/share/jupyter/runtime"),
        ("IPYTHONDIR", ".ipython"),
        ("MPLCONFIGDIR", ".config/matplotlib"),
        ("JUPYTERLAB_SETTINGS_DIR", ".jupyter/lab/user-settings"),
        ("JUPYTERLAB_WORKSPACES_DIR", ".jupyter/lab/workspaces"),
    ]:
        path = home / sub
        path.mkdir(parents=True, exist_ok=True)
        env[var] = str(path)
    # numba's cache stays where the unit tests and nbval filled it (magiclib/__pycache__, or the caller's
    # NUMBA_CACHE_DIR): in a cache of its own, every server's kernels compiled the counting and sampling
    # kernels again (about 25 s for order5's, 10 s for the estimator's, on two idle cores).
    bindir = str(Path(sys.executable).parent)
    env["PATH"] = bindir + os.pathsep + env.get("PATH", "")
    # JupyterLab settings for tests: no autosave (a browser run must never rewrite a
    # committed notebook), every cell rendered even off-screen (windowing off, so the
    # tests can read any output), and no news/update checks (there is no network).
    settings = Path(env["JUPYTERLAB_SETTINGS_DIR"])
    for plugin, values in {
        "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
        "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    }.items():
        target = settings / (plugin + ".jupyterlab-settings")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values))
    return env


def wait_http(url: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    """Wait until ``url`` answers 200, or fail with the server's own output."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with code {proc.returncode} before answering {url}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"no answer from {url} after {timeout} s")


def wait_port(port: int, proc: subprocess.Popen, timeout: float = 60) -> None:
    """Wait until something listens on 127.0.0.1:``port``."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with code {proc.returncode} before listening on {port}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.3)
    raise TimeoutError(f"nothing listening on port {port} after {timeout} s")


def stop(proc: subprocess.Popen) -> None:
    """Stop a server process (and the kernels it started) by its PID."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


class Server:
    """A Jupyter server (JupyterLab or Voilà) on a free loopback port, in a temporary HOME,
    serving a throw-away copy of ``notebooks/``."""

    def __init__(self, kind: str = "lab", notebook: str | None = None):
        self.kind = kind
        self.tmp = Path(tempfile.mkdtemp(prefix=f"magiclib-{kind}-"))
        self.root = self.tmp / "notebooks"
        shutil.copytree(NOTEBOOKS, self.root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
        self.port = free_port()
        self.token = os.urandom(12).hex()
        self.env = isolated_env(self.tmp / "home")
        self.log = open(self.tmp / f"{kind}.log", "w")
        bindir = Path(sys.executable).parent
        if kind == "lab":
            cmd = [
                str(bindir / "jupyter"),
                "lab",
                "--no-browser",
                "--ServerApp.ip=127.0.0.1",
                f"--ServerApp.port={self.port}",
                "--ServerApp.port_retries=0",
                f"--IdentityProvider.token={self.token}",
                f"--ServerApp.root_dir={self.root}",
                "--LabApp.expose_app_in_browser=True",
                "--LabApp.news_url=",
                "--ServerApp.open_browser=False",
            ] + (["--allow-root"] if os.geteuid() == 0 else [])
            ready = f"http://127.0.0.1:{self.port}/api/status?token={self.token}"
        elif kind == "app":  # the whole folder, code hidden: what `make app` serves
            cmd = [
                str(bindir / "voila"),
                str(self.root),
                "--no-browser",
                f"--port={self.port}",
                "--Voila.ip=127.0.0.1",
                "--Voila.port_retries=0",
                "--VoilaConfiguration.strip_sources=True",
            ]
            ready = f"http://127.0.0.1:{self.port}/"
        elif kind == "voila":
            if notebook is None:
                raise ValueError("a Voilà server serves one notebook: name it")
            cmd = [
                str(bindir / "voila"),
                str(self.root / notebook),
                "--no-browser",
                f"--port={self.port}",
                "--Voila.ip=127.0.0.1",
                "--Voila.port_retries=0",
            ]
            ready = None  # GET / would render (execute) the notebook: wait for the port only
        else:
            raise ValueError(f"unknown server kind {kind!r}")
        if kind == "lab":
            # As `make lab` does: sign the suite's notebooks as trusted (the signature store is
            # configured inside the venv by scripts/configure_jupyter.py), so stored widgets show.
            subprocess.run(
                [str(bindir / "jupyter"), "trust", *map(str, sorted(self.root.glob("*.ipynb")))],
                env=self.env,
                cwd=self.root,
                stdout=self.log,
                stderr=subprocess.STDOUT,
                check=True,
            )
        self.proc = subprocess.Popen(
            cmd, cwd=self.root, env=self.env, stdout=self.log, stderr=subprocess.STDOUT
        )
        try:
            if ready:
                wait_http(ready, self.proc)
            else:
                wait_port(self.port, self.proc)
        except Exception as exc:
            self.log.flush()
            tail = (self.tmp / f"{kind}.log").read_text()[-3000:]
            self.close()
            raise RuntimeError(f"{kind} server did not start: {exc}\n--- its log ---\n{tail}") from exc

    def url(self, notebook: str) -> str:
        if self.kind == "lab":
            # A workspace of its own per page, reset: what an earlier test left open is not restored.
            workspace = os.urandom(4).hex()
            return (
                f"http://127.0.0.1:{self.port}/lab/workspaces/t{workspace}/tree/{notebook}"
                f"?reset&token={self.token}"
            )
        if self.kind == "app":
            return f"http://127.0.0.1:{self.port}/voila/render/{notebook}"
        return f"http://127.0.0.1:{self.port}/"

    def close(self) -> None:
        stop(self.proc)
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


# ---------------------------------------------------------------- page helpers

KERNEL_READY = """() => {
  const app = window.jupyterapp;
  const w = app && app.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!(k && k.connectionStatus === 'connected' && k.status === 'idle');
}"""

ALL_RUN = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  if (!w || !w.content || !w.content.widgets) return false;
  const cells = w.content.widgets.filter(c => c.model.type === 'code');
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  return cells.length > 0 && cells.every(c => c.model.executionCount !== null
         && !(c.promptNode && c.promptNode.textContent.includes('*')))
         && k && k.status === 'idle';
}"""


def open_notebook(page, server: Server, notebook: str, timeout_ms: int = 90_000) -> None:
    """Open ``notebook`` (a file name in notebooks/) in JupyterLab and wait for its kernel."""
    page.goto(server.url(notebook))
    page.wait_for_function(
        """(path) => { const app = window.jupyterapp;
        const w = app && app.shell.currentWidget;
        return !!(w && w.context && w.context.path === path && w.content && w.content.widgets); }""",
        arg=notebook,
        timeout=timeout_ms,
    )
    wait_kernel(page, timeout_ms)
    wait_widget_views(page)


WIDGET_VIEWS = """() => {
  const WV = 'application/vnd.jupyter.widget-view+json';
  const w = window.jupyterapp.shell.currentWidget;
  let stored = 0, shown = 0;
  const other = {};
  for (const cell of w.content.widgets) {
    if (cell.model.type !== 'code' || !cell.outputArea) continue;
    const outputs = cell.model.outputs;
    for (let i = 0; i < outputs.length; i++) if (outputs.get(i).data[WV]) stored++;
    for (const child of cell.outputArea.widgets)
      for (const r of Array.from(child.children ? child.children() : [])) {
        if (r.mimeType !== WV) continue;
        // A view is shown (or hidden on purpose: its widget was closed); anything else is a text
        // such as "Loading widget..." or "Error displaying widget: model not found".
        if (r.isHidden || r.node.querySelector('.jupyter-widgets')) { shown++; continue; }
        const text = r.node.textContent.trim().slice(0, 80) || '(empty)';
        other[text] = (other[text] || 0) + 1;
      }
  }
  return {stored, shown, other};
}"""


def widget_views(page) -> dict:
    """How many widget-view outputs the open notebook stores, how many show as widgets, and what the
    others show instead (``{"stored": 3, "shown": 2, "other": {"Loading widget...": 1}}``)."""
    return page.evaluate(WIDGET_VIEWS)


def wait_widget_views(page, timeout_ms: int = 60_000) -> None:
    """Wait until every widget-view output of the open notebook shows its widget (from the saved
    state, or from the kernel once its cell has run). Fails, saying what shows instead, when one
    does not: a widget a reader would not see is a failure, not something to wait out."""
    try:
        page.wait_for_function(
            f"() => {{ const v = ({WIDGET_VIEWS})(); return v.shown === v.stored; }}",
            timeout=timeout_ms,
            polling=250,
        )
    except Exception as exc:
        report = (
            f"widget views not shown after {timeout_ms} ms: {widget_views(page)}; "
            f"kernel: {kernel_requests(page)}; the page's console said: {console_messages(page)[-12:]}"
        )
        # Kept in a file too, so that a run that retries the test still leaves the evidence behind.
        SHOTS.parent.mkdir(parents=True, exist_ok=True)
        with open(SHOTS.parent / "widget-views-not-shown.txt", "a") as log:
            log.write(f"{time.strftime('%Y-%m-%dT%H:%M:%S')} {page.url.split('?')[0]}\n{report}\n\n")
        raise AssertionError(report) from exc


#: The current notebook's kernel connection: its status, and the requests it still waits on a reply for
#: (a widget manager that asked the kernel something at restore and never heard back shows here, e.g.
#: a ``comm_info_request``; an empty list with views still loading means the restore failed instead).
KERNEL_REQUESTS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k) return {kernel: null};
  const pending = k._futures ? [...k._futures.values()].map(f => f.msg && f.msg.header.msg_type) : '?';
  return {status: k.status, connection: k.connectionStatus, waiting_for_replies_to: pending,
          unsent: k._pendingMessages ? k._pendingMessages.length : '?'};
}"""


def kernel_requests(page) -> dict:
    """What ``KERNEL_REQUESTS`` reports (or the error that stopped it)."""
    try:
        return page.evaluate(KERNEL_REQUESTS)
    except Exception as exc:  # the page may be gone: the report must not hide the first failure
        return {"error": str(exc)[:200]}


DOM_WIDGET_VIEWS = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
  .filter(o => !o.dataset.mimeType && /Loading widget|Error displaying widget/.test(o.textContent))
  .length === 0"""


def wait_dom_widget_views(page, timeout_ms: int = 60_000) -> None:
    """Wait until no widget output of the page (Voilà: no ``window.jupyterapp``) still says
    "Loading widget..." (or shows an error instead of its widget)."""
    page.wait_for_function(DOM_WIDGET_VIEWS, timeout=timeout_ms, polling=250)


def next_frame(page) -> None:
    """Return once the page has drawn its next frame (a poll interval the page sets, not a fixed time)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")


def poll(page, read, predicate, timeout: float, what: str):
    """Read ``read()`` once per drawn frame until ``predicate`` holds; return the value read,
    or fail with ``what`` and the last value."""
    deadline, value = time.monotonic() + timeout, None
    while time.monotonic() < deadline:
        value = read()
        if value is not None and predicate(value):
            return value
        next_frame(page)
    raise AssertionError(f"{what}; last seen: {value}")


def fastest(player) -> None:
    """Turn a widget player's "ms per step" slider down to its least (100 ms) the way a reader can, from
    the keyboard (its handle, Home), and wait until its readout says so (a link in the browser hands it to
    Play): a test that watches a whole play then waits a sixth of the classroom pace (600 ms a step)."""
    speed = player.locator(".magiclib-speed").first
    speed.locator(".noUi-handle").focus()
    player.page.keyboard.press("Home")
    player.page.wait_for_function(
        """(el) => +el.querySelector('.widget-readout').textContent
                 === +el.querySelector('.noUi-handle').getAttribute('aria-valuemin')""",
        arg=speed.element_handle(),
        timeout=10_000,
    )


def wait_kernel(page, timeout_ms: int = 90_000) -> None:
    """Wait until the current notebook's kernel is connected and idle."""
    page.wait_for_function(KERNEL_READY, timeout=timeout_ms)


def run_all(page, timeout_ms: int = 180_000) -> None:
    """Clear stored outputs, run every cell, wait until each code cell has run and the kernel is idle."""
    page.evaluate("() => window.jupyterapp.commands.execute('editmenu:clear-all')")
    page.evaluate("""() => { const w = window.jupyterapp.shell.currentWidget;
        w.content.widgets.forEach(c => { if (c.model.type === 'code') c.model.executionCount = null; }); }""")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(ALL_RUN, timeout=timeout_ms, polling=500)


def errors_on_page(page) -> list[str]:
    """Texts of the error outputs shown in the notebook (empty when every cell ran cleanly)."""
    return page.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    ).all_inner_texts()


def shutdown_kernels(page) -> None:
    """Shut down every kernel this page started, from the page itself."""
    try:
        page.evaluate("() => window.jupyterapp && window.jupyterapp.serviceManager.sessions.shutdownAll()")
    except Exception:
        pass


_CONSOLE: dict[int, list[str]] = {}


def record_console(page) -> None:
    """Keep the errors and warnings the page writes to its console (see ``console_messages``)."""
    kept = _CONSOLE.setdefault(id(page), [])

    def on_console(m) -> None:
        # JupyterLab warns about every plugin slow to activate on a busy machine: not worth keeping.
        if m.type in ("error", "warning") and "to activate" not in m.text:
            kept.append(f"{m.type}: {m.text[:300]}")

    page.on("console", on_console)
    page.on("pageerror", lambda e: kept.append(f"pageerror: {str(e)[:300]}"))


def console_messages(page) -> list[str]:
    """The errors and warnings a page opened with ``lab_page`` has written to its console so far."""
    return list(_CONSOLE.get(id(page), []))


@contextlib.contextmanager
def lab_page(browser, viewport: dict | None = None, timeout_ms: int = 30_000):
    """A page in a fresh browser context; afterwards its kernels are shut down (a session left
    running would be reused by the next test that opens the same notebook) and the context closed."""
    context = browser.new_context(viewport=viewport or {"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(timeout_ms)
    record_console(page)
    try:
        yield page
    finally:
        shutdown_kernels(page)
        page.goto("about:blank")
        context.close()
        _CONSOLE.pop(id(page), None)


def refuse_network(target, allowed: tuple[str, ...]) -> list[str]:
    """Let ``target`` (a Playwright context or page) load only URLs starting with one of
    ``allowed``; refuse every other request and record it in the returned list."""
    refused: list[str] = []

    def route(r):
        if r.request.url.startswith(allowed):
            r.continue_()
        else:
            refused.append(r.request.url)
            r.abort()

    target.route("**/*", route)
    return refused


AXE_SERIOUS = """async (context) => {
  const r = await axe.run(context || document, {resultTypes: ['violations']});
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length,
                first: v.nodes[0].html.slice(0, 200)}));
}"""


#: True once every stock slider handle and Play button on the page has its accessible name (the suite's
#: front ends name them on the next DOM change after they render).
CONTROLS_NAMED = """() => !document.querySelector(
  ".noUi-handle[role=slider]:not([aria-label]), .widget-play button:not([aria-label])")"""


def axe_serious(page, axe_js: Path, context: str | None = None) -> list[dict]:
    """Run axe-core (the file ``axe_js``) on the page, or only on the elements the CSS selector
    ``context`` picks; its serious and critical violations. It first waits, up to 10 s, until the page
    has named its stock controls (a view that rendered a moment ago is named by the next DOM change);
    a control still unnamed then is reported by axe."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function(CONTROLS_NAMED, timeout=10_000, polling=100)
    except PlaywrightTimeoutError:
        pass  # axe reports the unnamed control
    page.add_script_tag(path=str(axe_js))
    return page.evaluate(AXE_SERIOUS, context)


def screenshot(page, name: str, **kwargs) -> Path:
    """Save a screenshot as test-artifacts/screenshots/NAME.png and return its path."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), **kwargs)
    return path
