"""`make classroom` end to end, in headless Chromium: a class of two (one ``uk``, one ``es``) and a teacher.

One hub for the module (classroom/serve.py, as `make classroom` runs it, on free ports, its state and course
repository in a temporary folder). The tests run in order, each on what the one before left: logins and
landing (language, edition), the saved player, a cell run, an edit saved, one memory limit for a student's
server as a whole, isolation (HTTP and the operating system), the teacher's admin page and a stop, a
teacher's change reaching both students with the first one's edit kept, an assignment handed out, answered in
the browser and graded (issue 33), then a hub restart (passwords, sessions, submissions and grades kept)
and a culled server that comes back with the work intact. The accounts are removed at the
end, also when a test fails.

Needs root (it makes accounts) and the students' environment (`make classroom-env`, which `make test`
runs first as root; the fixture brings it up to date too).
"""

from __future__ import annotations

import http.client
import json
import os
import pwd
import re
import shutil
import socket
import ssl
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from classroom import accounts, build_env, cgroups

from .harness import ROOT, WIDGET_VIEWS, lab_page, stop, wait_kernel, wait_widget_views, widget_views

ENV = Path(os.environ.get("CLASSROOM_ENV", "/opt/magiclib-classroom"))
TAG = os.urandom(2).hex()
A, B, T = f"mqtest{TAG}a", f"mqtest{TAG}b", f"mqtest{TAG}t"  # uk student, es student, teacher
PASSWORDS = {A: "first-pass-a", B: "first-pass-b", T: "first-pass-t"}
EDITION = {A: "uk", B: "es", T: "en"}
FILE_MENU = {"uk": "Файл", "es": "Archivo"}  # JupyterLab's first menu in the language pack
MARK = f"mqtest edit by {A}"
TEACHER_MARK = "mqtest: a change by the teacher"
NB01 = "01_siamese_walk.ipynb"
NB00 = "00_what_is_a_magic_square.ipynb"

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 and not os.environ.get("CI"), reason="the classroom test makes accounts: run it as root"
)


def free_ports(count: int = 3) -> int:
    """A port P with P..P+count-1 free on loopback (the proxy, the hub's API, the proxy's API)."""
    for _ in range(200):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port + count > 65535:
            continue
        free = True
        for p in range(port, port + count):
            with socket.socket() as s:
                try:
                    s.bind(("127.0.0.1", p))
                except OSError:
                    free = False
        if free:
            return port
    raise RuntimeError("no free ports")


class Classroom:
    """A hub started by classroom/serve.py for ``users`` (the class list ``class_text``, and a teacher
    when ``teacher``), on free ports, in a temporary folder. benchmarks/bench_classroom.py uses it too."""

    def __init__(
        self,
        class_text: str = "",
        users: tuple[str, ...] = (A, B, T),
        teacher: str | None = T,
        tls: tuple[Path, Path] | None = None,
    ):
        self.users, self.teacher = users, teacher
        self.tls = tls  # a certificate and its key (CLASSROOM_CERT, CLASSROOM_KEY): the hub speaks https
        self.tmp = Path(tempfile.mkdtemp(prefix="mqtest-classroom-"))
        self.tmp.chmod(0o755)  # the course repository inside must be readable by the students
        self.class_csv = self.tmp / "class.csv"
        self.class_csv.write_text(class_text or f"username,language,name\n{A},uk,Oksana\n{B},es,Lucía\n")
        self.port = free_ports()
        self.base = f"{'https' if tls else 'http'}://127.0.0.1:{self.port}"
        self.ssl = ssl.create_default_context(cafile=str(tls[0])) if tls else None
        self.state = self.tmp / "state"
        self.repo = self.tmp / "course.git"
        self.proc = None
        self.log = None

    def start(self, idle_timeout: int = 3600) -> float:
        start = time.monotonic()
        self.log = open(self.tmp / "hub.log", "a")
        cmd = [
            str(ENV / "bin" / "python"), str(ROOT / "classroom" / "serve.py"), "run",
            "--class", str(self.class_csv), *(["--teacher", self.teacher] if self.teacher else []),
            "--port", str(self.port),
            "--state", str(self.state), "--repo", str(self.repo), "--env", str(ENV),
            "--idle-timeout", str(idle_timeout), "--lab-option=--LabApp.expose_app_in_browser=True",
            *(["--cert", str(self.tls[0]), "--key", str(self.tls[1])] if self.tls else []),
        ]  # fmt: skip
        self.proc = subprocess.Popen(cmd, stdout=self.log, stderr=subprocess.STDOUT, cwd=ROOT)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the hub exited ({self.proc.returncode}):\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(f"{self.base}/hub/api/", timeout=2, context=self.ssl) as r:
                    if r.status == 200:
                        self.test_settings()
                        return time.monotonic() - start
            except OSError:
                time.sleep(0.3)
        raise TimeoutError(f"the hub did not answer:\n{self.log_tail()}")

    def test_settings(self) -> None:
        """JupyterLab settings of the test's accounts (as harness.isolated_env): every cell rendered even
        off-screen (the tests read any output), no news pop-up."""
        for user in self.users:
            account = pwd.getpwnam(user)
            folder = (
                self.home(user) / ".jupyter" / "lab" / "user-settings" / "@jupyterlab" / "notebook-extension"
            )
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
            for path in [folder / "tracker.jupyterlab-settings", *folder.parents]:
                if path == self.home(user):
                    break
                os.chown(path, account.pw_uid, account.pw_gid)

    def stop(self) -> None:
        if self.proc is not None:
            stop(self.proc)
            self.proc = None
        if self.log:
            self.log.close()
            self.log = None

    def log_tail(self, n: int = 4000) -> str:
        if self.log:
            self.log.flush()
        return (self.tmp / "hub.log").read_text(errors="replace")[-n:]

    def home(self, user: str) -> Path:
        return Path(pwd.getpwnam(user).pw_dir)

    def notebook(self, user: str, name: str) -> Path:
        return self.home(user) / "magic-squares" / "notebooks" / EDITION[user] / name

    def server_running(self, user: str) -> bool:
        found = subprocess.run(["pgrep", "-u", user, "-f", "jupyterhub-singleuser"], capture_output=True)
        return found.returncode == 0

    def close(self) -> None:
        try:
            self.stop()
            accounts.remove(list(self.users))  # their memory groups too
        finally:
            shutil.rmtree(self.tmp, ignore_errors=True)


@pytest.fixture(scope="module")
def classroom():
    if os.geteuid() != 0:
        pytest.fail("the classroom test makes accounts: run it as root")
    started = time.monotonic()
    build_env.build(ENV)  # up to date in about a second when `make classroom-env` has run
    room = Classroom()
    try:
        room.env_seconds = time.monotonic() - started
        room.start_seconds = room.start()
        yield room
    except BaseException:
        print(room.log_tail(), file=sys.stderr)
        raise
    finally:
        for line in room.log_tail(2_000_000).splitlines():
            if re.search(
                r"POST /hub/login|Spawning|is ready|git-pull|GET /user/[^/]+/lab/tree|Culling|Stopping", line
            ):
                print(line[:150])
        room.close()
        assert not any(accounts.exists(u) for u in (A, B, T)), "test accounts left behind"
        assert not any(cgroups.find(u) for u in (A, B, T)), "memory groups left behind"


@pytest.fixture(scope="module")
def pages(browser, classroom):
    """One browser context (its own cookies) and page per person, kept across the module's tests."""
    opened = {}
    stack = []
    for user in (A, B, T):
        cm = lab_page(browser, timeout_ms=60_000)
        opened[user] = cm.__enter__()
        stack.append(cm)
    yield opened
    for cm in reversed(stack):
        try:
            cm.__exit__(None, None, None)
        except Exception:
            pass


def login(page, base: str, user: str, password: str, next_url: str = "") -> None:
    page.goto(f"{base}/hub/login" + (f"?next={next_url}" if next_url else ""))
    page.fill("#username_input", user)
    page.fill("#password_input", password)
    page.click("#login_submit")


def wait_landed(page, user: str, timeout_ms: int = 150_000) -> None:
    """Wait until the student's JupyterLab shows their edition's folder (after the spawn and the pull)."""
    folder = "magic-squares/notebooks" + ("" if EDITION[user] == "en" else "/" + EDITION[user])
    page.wait_for_url(re.compile(f"/user/{user}/lab/tree/{re.escape(folder)}"), timeout=timeout_ms)
    page.wait_for_function(
        "(f) => { const a = window.jupyterapp; return !!(a && a.shell && a.serviceManager"
        " && document.querySelector('.jp-DirListing-item')); }",
        arg=folder,
        timeout=timeout_ms,
    )


def open_notebook(page, base: str, user: str, name: str) -> None:
    path = f"magic-squares/notebooks/{EDITION[user]}/{name}"
    page.goto(f"{base}/user/{user}/lab/tree/{path}")
    page.wait_for_function(
        """(path) => { const app = window.jupyterapp; const w = app && app.shell.currentWidget;
        return !!(w && w.context && w.context.path === path && w.content && w.content.widgets
                  && w.content.widgets.length > 0); }""",
        arg=path,
        timeout=90_000,
    )


TRUSTED = """() => { const w = window.jupyterapp.shell.currentWidget;
  return w.content.widgets.filter(c => c.model.type === 'code').every(c => c.model.trusted); }"""

FILLED = """(root) => {
  const f = [...root.querySelectorAll('.siamese-frame')].filter(f => f.offsetParent !== null);
  if (f.length !== 1) return -1;
  return [...f[0].querySelectorAll('td')].filter(td => /^\\d+$/.test(td.textContent.trim())).length; }"""


def xsrf_headers(page) -> dict:
    token = next((c["value"] for c in page.context.cookies() if c["name"] == "_xsrf"), "")
    return {"X-XSRFToken": token}


def stop_server(page, classroom, user: str, timeout_s: float = 60):
    """Ask the hub, as the page's account, to stop ``user``'s server, and wait up to ``timeout_s`` for it
    to be gone; the hub's answer is returned."""
    url = f"{classroom.base}/hub/api/users/{user}/server"
    response = page.request.delete(url, headers=xsrf_headers(page))
    deadline = time.monotonic() + timeout_s
    while classroom.server_running(user) and time.monotonic() < deadline:
        time.sleep(0.3)
    return response


def test_students_log_in_and_land_in_their_language_and_edition(classroom, pages):
    started = time.monotonic()
    for user in (A, B):  # both spawn at once, as a class does
        login(pages[user], classroom.base, user, PASSWORDS[user])
    for user in (A, B):
        page = pages[user]
        wait_landed(page, user)
        labels = page.locator(".lm-MenuBar-itemLabel").all_inner_texts()
        assert FILE_MENU[EDITION[user]] in labels, labels
        home = classroom.home(user)
        assert home.stat().st_mode & 0o777 == 0o700
    print(f"two students from login to JupyterLab: {time.monotonic() - started:.1f} s")


RUN_CELL = """async (code) => { const app = window.jupyterapp; const nb = app.shell.currentWidget.content;
  nb.activeCellIndex = nb.widgets.findIndex(c => c.model.type === 'code');
  await app.commands.execute('notebook:insert-cell-below');
  nb.activeCell.model.sharedModel.setSource(code);
  await app.commands.execute('notebook:run-cell'); }"""

SHOWS = """(text) => [...document.querySelectorAll('.jp-OutputArea-output')]
  .some(o => o.textContent.includes(text))"""


def test_saved_player_shows_unrun_plays_runs_and_saves(classroom, pages):
    """Both students at once (each step started on both pages before either is waited for)."""
    for user in (A, B):
        open_notebook(pages[user], classroom.base, user, NB01)
    for user in (A, B):
        page = pages[user]
        page.wait_for_function(f"() => ({WIDGET_VIEWS})().stored > 0", timeout=60_000)
        page.wait_for_function(TRUSTED, timeout=30_000)  # trusted with the student's own key, as delivered
        wait_widget_views(page)  # the saved widgets show before any cell runs
        views = widget_views(page)
        assert views["stored"] > 0 and views["shown"] == views["stored"], views
        player = page.locator(".magiclib-siamese").first
        player.scroll_into_view_if_needed()
        assert player.evaluate(FILLED) >= 0  # one frame of the saved player shows
        player.locator(".widget-play button").first.click()
        page.wait_for_function(
            f"(root) => ({FILLED})(root) >= 9", arg=player.element_handle(), timeout=60_000
        )

    # A cell runs in each student's kernel, as their own account, from the shared environment; A's cell
    # asks for more memory than a server process may use (RLIMIT_AS): a MemoryError there, B unaffected.
    for user in (A, B):
        wait_kernel(pages[user])
    pages[A].evaluate(
        RUN_CELL, "import getpass; print('whoami', getpass.getuser()); b = bytearray(3 * 2**30)"
    )
    pages[B].evaluate(RUN_CELL, "import getpass; print('whoami', getpass.getuser())")
    for user in (A, B):
        pages[user].wait_for_function(SHOWS, arg=f"whoami {user}", timeout=90_000)
    pages[A].wait_for_function(SHOWS, arg="MemoryError", timeout=30_000)
    pages[B].evaluate(RUN_CELL, "print('still', 6 * 7)")
    pages[B].wait_for_function(SHOWS, arg="still 42", timeout=30_000)

    # An edit, saved into each student's own copy.
    for user in (A, B):
        mark = MARK if user == A else f"mqtest edit by {user}"
        pages[user].evaluate(
            """async (mark) => { const w = window.jupyterapp.shell.currentWidget;
            const cells = w.content.model.sharedModel;
            cells.insertCell(cells.cells.length, {cell_type: 'markdown', source: mark});
            await w.context.save(); }""",
            mark,
        )
        saved = classroom.notebook(user, NB01)
        assert mark in saved.read_text()
        assert saved.stat().st_uid == pwd.getpwnam(user).pw_uid


OVERFLOW = """import subprocess, sys
grab = "import sys; b = b'x' * (1200 * 2**20); print('held', flush=True); sys.stdin.read()"
one = subprocess.Popen([sys.executable, "-c", grab], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
print(one.stdout.readline().strip())
two = subprocess.Popen([sys.executable, "-c", grab], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
two.stdout.readline()
one.stdin.close(); two.stdin.close()
print("exit codes", sorted([one.wait(), two.wait()]))"""


def test_one_memory_limit_holds_a_students_server_as_a_whole(classroom, pages):
    """Each process of A's server may use up to the limit (2 GiB), and together they may not: A's cgroup
    holds every process of A's, with the limit; two processes of 1.2 GiB each started from A's notebook,
    and one of them is stopped (SIGKILL, exit code -9) while the other finishes; B works on."""
    group = cgroups.find(A)
    assert group is not None, f"no memory cgroup for {A}:\n{classroom.log_tail()}"
    limit = json.loads((classroom.state / "settings.json").read_text())["mem_limit"]
    assert cgroups.limit(group) == limit == 2 * 2**30
    pids = subprocess.run(["pgrep", "-u", A], capture_output=True, text=True).stdout.split()
    assert len(pids) >= 2 and {int(p) for p in pids} <= cgroups.members(group)  # the server and its kernel
    assert cgroups.find(B) != group
    pages[A].evaluate(RUN_CELL, OVERFLOW)
    pages[A].wait_for_function(SHOWS, arg="exit codes [-9, 0]", timeout=90_000)
    pages[A].evaluate("() => window.jupyterapp.shell.currentWidget.context.save()")
    pages[B].evaluate(RUN_CELL, "print('B still', 6 * 7)")
    pages[B].wait_for_function(SHOWS, arg="B still 42", timeout=30_000)


def test_a_student_reaches_nothing_of_another(classroom, pages):
    page = pages[B]
    base = classroom.base
    for url in (f"{base}/user/{A}/api/contents/magic-squares", f"{base}/user/{A}/lab"):
        response = page.request.get(url)
        assert response.status == 403 or f"/user/{B}/" in response.url, (url, response.status, response.url)
    for url in (f"{base}/hub/admin", f"{base}/hub/api/users"):
        response = page.request.get(url)
        assert response.status == 403, (url, response.status)
    # As their own operating-system account, B cannot read A's home.
    b = pwd.getpwnam(B)
    for cmd in (["ls", str(classroom.home(A))], ["cat", str(classroom.notebook(A, NB01))]):
        result = subprocess.run(
            cmd, user=b.pw_uid, group=b.pw_gid, extra_groups=[], capture_output=True, text=True
        )
        assert result.returncode != 0 and "Permission denied" in result.stderr, (cmd, result)
    # The hub's token for A's server lives in that server's environment (readable by A and root only);
    # the hub's own secrets in its state folder, root's only.
    assert classroom.home(A).stat().st_mode & 0o077 == 0
    assert classroom.state.stat().st_mode & 0o077 == 0


def test_teacher_sees_the_class_and_stops_a_server(classroom, pages):
    page = pages[T]
    login(page, classroom.base, T, PASSWORDS[T], next_url="/hub/admin")
    page.wait_for_url(re.compile("/hub/admin"), timeout=60_000)
    for user in (A, B):
        page.get_by_text(user, exact=True).first.wait_for(timeout=30_000)
    # The teacher does not open a student's server (no access:servers: see classroom/jupyterhub_config.py).
    response = page.request.get(f"{classroom.base}/user/{A}/api/contents/magic-squares")
    assert response.status == 403 or f"/user/{T}/" in response.url, (response.status, response.url)
    response = stop_server(page, classroom, B)
    assert response.status in (202, 204), (response.status, response.text())
    assert not classroom.server_running(B)


def test_teacher_change_reaches_both_students_edits_kept(classroom, pages):
    work = classroom.tmp / "teacher"
    git = ["git", "-c", "user.name=Teacher", "-c", "user.email=teacher@example.org"]
    subprocess.run([*git, "clone", "--quiet", str(classroom.repo), str(work)], check=True)
    for lang in ("uk", "es"):
        path = work / "notebooks" / lang / NB00
        nb = json.loads(path.read_text())
        nb["cells"].insert(
            1, {"cell_type": "markdown", "id": "mqtest-teacher", "metadata": {}, "source": [TEACHER_MARK]}
        )
        path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    subprocess.run([*git, "commit", "--quiet", "-am", "mqtest: teacher's change"], cwd=work, check=True)
    subprocess.run([*git, "push", "--quiet", "origin", "HEAD:main"], cwd=work, check=True)

    # A, still working, by the link (nbgitpuller's git-pull URL: the one the students land through); at the
    # same time B at their next login: out, a wrong password refused, then the right one.
    query = (
        f"repo=file://{classroom.repo}&branch=main&targetpath=magic-squares"
        "&urlpath=lab/tree/magic-squares/notebooks/uk"
    )
    pages[A].goto(f"{classroom.base}/hub/user-redirect/git-pull?{query}")  # the link docs/teachers.md gives
    page = pages[B]
    page.goto(f"{classroom.base}/hub/logout")
    login(page, classroom.base, B, "not-the-password")
    page.wait_for_selector("#login_submit")
    assert "/hub/login" in page.url
    login(page, classroom.base, B, PASSWORDS[B])
    wait_landed(pages[A], A)
    # The changed notebook opens trusted (signed again after the pull).
    open_notebook(pages[A], classroom.base, A, NB00)
    wait_landed(pages[B], B)
    for user in (A, B):
        assert TEACHER_MARK in classroom.notebook(user, NB00).read_text(), user
    assert MARK in classroom.notebook(A, NB01).read_text()
    assert f"mqtest edit by {B}" in classroom.notebook(B, NB01).read_text()
    pages[A].wait_for_function(TRUSTED, timeout=30_000)
    pages[A].wait_for_function(
        "(mark) => window.jupyterapp.shell.currentWidget.content.model.sharedModel.cells"
        ".some(c => c.getSource().includes(mark))",
        arg=TEACHER_MARK,
        timeout=30_000,
    )


ANSWERS_01 = {
    "answer_01_1": 'answer_1 = {10: ((4, 1), "wrap"), 11: ((4, 0), "occupied")}',
    "answer_01_2": 'answer_2 = {"occupied": [8, 15, 22, 36, 43], "corner": 29}',
    "answer_01_3": "answer_3 = lambda n: (n * n + 1) // 2",
    "answer_01_4": "answer_4 = None",
}
#: A wrong answer whose output carries a script calling the hub's API (with the rights of whoever views it).
SCRIPT_ANSWER = """from IPython.display import HTML, display
display(HTML('<p>mq: shown to the teacher</p><script>window.mqScript = 1; fetch("/hub/api/users")</script>'
             '<img src="x" onerror="window.mqScript = 2; fetch(\\'/hub/api/users\\')">'))
answer_4 = None"""
NBGRADER_PLUGINS = [
    "@jupyter/nbgrader:assignment-list",
    "@jupyter/nbgrader:formgrader",
    "@jupyter/nbgrader:course-list",
]
HAS_PLUGINS = "(ids) => ids.map(id => window.jupyterapp.hasPlugin(id))"
POST_WITH_XSRF = """async (url) => { const x = document.cookie.match(/_xsrf=([^;]*)/);
  const r = await fetch(url, {method: 'POST', headers: {'X-XSRFToken': x ? decodeURIComponent(x[1]) : ''}});
  return await r.json(); }"""
FILL_ANSWERS = """(answers) => { const nb = window.jupyterapp.shell.currentWidget.content;
  let n = 0;
  for (const c of nb.widgets) {
    if (answers[c.model.id] !== undefined) { c.model.sharedModel.setSource(answers[c.model.id]); n++; } }
  return n; }"""
VERDICTS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .filter(c => c.model.id.startsWith('test_'))
  .map(c => c.node.querySelector('.jp-OutputArea-output')?.textContent.trim()[0] ?? '')"""


def test_an_assignment_handed_out_answered_in_the_browser_and_graded(classroom, pages):
    """Issue 33 on the class's server: the teacher releases 01's assignment in Ukrainian; A fetches it, opens
    it in JupyterLab, answers three exercises right and one wrong (with a script in its output that calls the
    hub's API), runs it and sees the checker's verdicts, saves and submits; the teacher collects and
    autogrades (sandboxed): 3 exercises of 4, 6 points. The teacher then opens the submission in formgrader,
    nbgrader's grading page, in their own JupyterLab: the student's script is gone and nothing calls the hub's
    API or leaves the server; the teacher gives an explanation its 2 points there, and the grade sheet
    says 8."""
    from classroom import assignments

    course, exchange, name = classroom.home(T) / "course", classroom.tmp / "exchange", "01_siamese_walk_uk"
    assignments.build(course, ["uk"], ["01"], exchange=exchange)
    grading = [str(ENV / "bin" / "python"), str(ROOT / "classroom" / "grading.py")]
    env = {"PATH": f"{ENV / 'bin'}:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}

    def run(cmd, user=None):
        extra = {"HOME": str(classroom.home(user)), "USER": user} if user else {}
        cmd = ["runuser", "-u", user, "--", *cmd] if user else cmd
        done = subprocess.run(
            cmd, env=env | extra, cwd=classroom.home(user) if user else ROOT, capture_output=True, text=True
        )
        assert done.returncode == 0, (cmd, done.stdout[-1500:], done.stderr[-3000:])
        return done

    teacher = ["--teacher", T, "--exchange", str(exchange)]  # the course is the teacher's (formgrader)
    run([*grading, "release", "--course", str(course), *teacher, name])
    nbgrader = [str(ENV / "bin" / "nbgrader")]
    course_options = ["--course", assignments.COURSE_ID, f"--Exchange.root={exchange}"]
    run([*nbgrader, "fetch_assignment", name, *course_options], user=A)
    page = pages[A]
    path = f"{name}/01_siamese_walk.ipynb"
    page.goto(f"{classroom.base}/user/{A}/lab/tree/{path}")
    if "/hub/login" in page.url:  # this test run alone
        login(page, classroom.base, A, PASSWORDS[A], next_url=f"/user/{A}/lab/tree/{path}")
    page.wait_for_function(
        "(p) => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;"
        " return !!(w && w.context && w.context.path === p && w.content && w.content.widgets.length > 0); }",
        arg=path, timeout=90_000,
    )  # fmt: skip
    wait_kernel(page)
    # nbgrader's assignment list is the student's; its grading page and course list are the teacher's only
    assert page.evaluate(HAS_PLUGINS, NBGRADER_PLUGINS) == [True, False, False]
    assert page.request.get(f"{classroom.base}/user/{A}/formgrader").status == 404
    assert page.evaluate(FILL_ANSWERS, ANSWERS_01 | {"answer_01_4": SCRIPT_ANSWER}) == 4
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(
        f"() => ({VERDICTS})().every(v => v === '✓' || v === '✗')", timeout=120_000, polling=500
    )
    assert page.evaluate(VERDICTS) == ["✓", "✓", "✓", "✗"]  # check()'s verdicts, shown to the student
    page.evaluate("() => window.jupyterapp.shell.currentWidget.context.save()")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=30_000)
    run([*nbgrader, "submit", name, *course_options], user=A)
    for step in ("collect", "autograde", "export"):
        run([*grading, step, "--course", str(course), *teacher, name])
    rows = (course / "grades.csv").read_text().splitlines()
    mine = next(r.split(",") for r in rows if f",{A}," in r)
    assert float(mine[7]) == 6.0, rows  # raw_score
    assert course.stat().st_uid == pwd.getpwnam(T).pw_uid and course.stat().st_mode & 0o077 == 0

    # The teacher grades in formgrader (their own server, started after the course was handed over).
    page = pages[T]
    if classroom.server_running(T):
        stop_server(page, classroom, T)
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    gradebook = f"/user/{T}/formgrader/gradebook/{name}/01_siamese_walk"
    page.goto(f"{classroom.base}{gradebook}")
    if "/hub/login" in page.url:
        login(page, classroom.base, T, PASSWORDS[T], next_url=gradebook)
    link = page.locator("a[href*='/formgrader/submissions/']").first
    link.wait_for(timeout=120_000)  # after the teacher's server started (the hub's pages call its API)
    requests.clear()
    link.click()
    page.locator("#explain_01_1").wait_for(timeout=60_000)
    page.wait_for_load_state("networkidle")
    shown = page.locator("div.output_html", has_text="mq: shown to the teacher")
    assert shown.count() == 1 and shown.locator("script").count() == 0  # the student's output, inert
    assert page.evaluate("() => window.mqScript") is None  # the student's script did not run
    assert page.evaluate("() => typeof window.MathJax") == "object"  # MathJax from this server
    assert not [u for u in requests if "/hub/api" in u], requests
    assert not [u for u in requests if not u.startswith(classroom.base)], requests  # no CDN
    put = lambda r: "/formgrader/api/grade/" in r.url and r.request.method == "PUT"  # noqa: E731
    with page.expect_response(put) as saved:
        page.fill("#explain_01_1", "2")
        page.keyboard.press("Tab")
    assert saved.value.ok
    # The page's own autograde stops at its first write: no student's code runs with the teacher's rights.
    autograde = f"{classroom.base}/user/{T}/formgrader/api/submission/{name}/{A}/autograde"
    graded = course / "autograded" / A / name / "01_siamese_walk.ipynb"
    before = graded.read_bytes()
    assert page.evaluate(POST_WITH_XSRF, autograde)["success"] is False
    assert graded.read_bytes() == before
    run([*grading, "export", "--course", str(course), *teacher])
    rows = (course / "grades.csv").read_text().splitlines()
    mine = next(r.split(",") for r in rows if f",{A}," in r)
    assert float(mine[7]) == 8.0, rows  # the explanation's 2 points, given in the browser
    page.goto(f"{classroom.base}/user/{T}/lab")
    page.wait_for_function("() => !!window.jupyterapp", timeout=60_000)
    page.evaluate("async () => { await window.jupyterapp.started; }")
    assert page.evaluate(HAS_PLUGINS, NBGRADER_PLUGINS) == [True, True, True]  # the teacher's JupyterLab


def test_hub_restart_keeps_passwords_and_a_culled_server_comes_back(classroom, pages, browser):
    classroom.stop()
    restarted = classroom.start(idle_timeout=10)  # the culler: 10 s idle, checked every 2 s
    print(f"hub restarted in {restarted:.1f} s")
    page = pages[A]
    # The session survives the restart (the cookie secret is kept): no login page on the way.
    page.goto(f"{classroom.base}/hub/spawn")
    assert "/hub/login" not in page.url
    deadline = time.monotonic() + 90
    while not classroom.server_running(A) and time.monotonic() < deadline:
        time.sleep(0.3)
    assert classroom.server_running(A)
    page.goto("about:blank")
    deadline = time.monotonic() + 90
    while classroom.server_running(A) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not classroom.server_running(A), "the idle culler did not stop the idle server"
    assert "idle-culler" in classroom.log_tail(200_000)
    # Back: a new browser, the password set at the first login, the work where it was left.
    with lab_page(browser, timeout_ms=60_000) as fresh:
        login(fresh, classroom.base, A, "a-wrong-password")
        fresh.wait_for_selector("#login_submit")
        assert "/hub/login" in fresh.url
        login(fresh, classroom.base, A, PASSWORDS[A])
        # The server starts again and the student is sent through the pull of the course; the files are
        # read as soon as the server answers (the culler, at 10 s here, would stop it again soon).
        fresh.wait_for_url(re.compile(f"/user/{A}/(git-pull|lab)"), timeout=120_000)
        response = fresh.request.get(
            f"{classroom.base}/user/{A}/api/contents/magic-squares/notebooks/uk/{NB01}",
            headers=xsrf_headers(fresh),
        )
        assert response.status == 200 and MARK in response.text()
    # The assignment's submission and grade (the test before) are where they were, unchanged by the restart.
    course = classroom.home(T) / "course"
    graded = course / "autograded" / A / "01_siamese_walk_uk" / "01_siamese_walk.ipynb"
    assert graded.exists() and (course / "gradebook.db").exists()
    before = (course / "grades.csv").read_text()
    export = [
        str(ENV / "bin" / "python"),
        str(ROOT / "classroom" / "grading.py"),
        "export",
        "--course",
        str(course),
    ]
    subprocess.run(export, check=True, capture_output=True, env={"PATH": f"{ENV / 'bin'}:/usr/bin:/bin"})
    assert (course / "grades.csv").read_text() == before


def test_with_a_certificate_the_hub_speaks_https_only(tmp_path):
    """CLASSROOM_CERT and CLASSROOM_KEY (what a school network needs): the login page comes over TLS with
    that certificate (checked against it), and the same port gives plain HTTP no page."""
    cert, key = tmp_path / "classroom.crt", tmp_path / "classroom.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=classroom",
         "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )  # fmt: skip
    student = f"mqtest{TAG}s"
    room = Classroom(f"username,language\n{student},en\n", users=(student,), teacher=None, tls=(cert, key))
    try:
        room.start()
        with urllib.request.urlopen(f"{room.base}/hub/login", timeout=10, context=room.ssl) as page:
            assert page.status == 200 and 'id="login_submit"' in page.read().decode()
        # Plain HTTP on the same port: the TLS server drops it, or answers with an error status.
        with pytest.raises((OSError, http.client.HTTPException)):
            urllib.request.urlopen(f"http://127.0.0.1:{room.port}/hub/login", timeout=10)
    except BaseException:
        print(room.log_tail(), file=sys.stderr)
        raise
    finally:
        room.close()
    assert not accounts.exists(student)
