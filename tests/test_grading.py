"""Assignments end to end on this machine, with real accounts and nbgrader (issue 33): release 01's
assignment (the Siamese walk), a Ukrainian student answers two exercises right, one with a cell that tries
to read another's work and delete the course, and one with a loop; an English student answers wrong and
prints megabytes, submits twice, the second time late. Collect, autograde in the sandboxed kernel
(classroom/grader_kernel.py), export: the scores are exactly as expected, nothing outside the cells
changed, and the Ukrainian student's feedback is in Ukrainian.

Root only (it makes accounts), with nbgrader in the classroom environment (`make classroom-env`)."""

from __future__ import annotations

import csv
import datetime
import hashlib
import json
import os
import pwd
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from classroom import accounts, assignments
from classroom import grading as grading_module

ROOT = Path(__file__).resolve().parents[1]
ENV = Path(os.environ.get("CLASSROOM_ENV", "/opt/magiclib-classroom"))
TAG = os.urandom(2).hex()
UK, EN = f"mqgrade{TAG}u", f"mqgrade{TAG}e"
NAMES = {UK: "01_siamese_walk_uk", EN: "01_siamese_walk"}
NB = "01_siamese_walk.ipynb"

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or not (ENV / "bin" / "nbgrader").exists(),
    reason="makes accounts and runs nbgrader: root, with the classroom environment",
)

RIGHT_1 = 'answer_1 = {10: ((4, 1), "wrap"), 11: ((4, 0), "occupied")}'
RIGHT_3 = "answer_3 = lambda n: (n * n + 1) // 2"
LOOP = "while True:\n    pass"
MARKUP = '<img src=x onerror="fetch(\'/hub/api/users\')"> <script>fetch("/hub/api/users")</script>'
#: Outputs that would call the hub's API with the rights of whoever views them in a browser.
SCRIPT = """from IPython.display import HTML, Javascript, display
display(HTML('<b>hi</b><script>fetch("/hub/api/users", {method: "POST"})</script>'))
display(Javascript('fetch("/hub/api/users")'))"""


def malicious(course: Path, other: Path) -> str:
    """A cell that tries what a student must not: read another's work and the gradebook, delete the
    course, write beside the sources. Each attempt is recorded; it ends in an error whatever happens."""
    return f"""import os, shutil
reached = []
for attempt in (lambda: open({str(other)!r}).read(),
                lambda: open({str(course / "gradebook.db")!r}, "rb").read(),
                lambda: shutil.rmtree({str(course / "source")!r}),
                lambda: open({str(course / "x.txt")!r}, "w"),
                lambda: os.listdir({str(course)!r})):
    try:
        attempt()
        reached.append(attempt)
    except OSError:
        pass
answer_2 = {{"occupied": [8, 15, 22, 36, 43], "corner": 29}} if reached else None
raise RuntimeError(f"reached {{len(reached)}} of 5")"""


def run(cmd: list[str], user: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {"PATH": f"{ENV / 'bin'}:/usr/sbin:/usr/bin:/sbin:/bin", "LANG": "C.UTF-8"}
    if user:
        home = pwd.getpwnam(user).pw_dir
        env |= {"HOME": home, "USER": user, "LOGNAME": user}
        cmd = ["runuser", "-u", user, "--", *cmd]
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, f"{cmd}:\n{done.stdout[-2000:]}\n{done.stderr[-3000:]}"
    return done


def grading(step: str, course: Path, *args: str) -> subprocess.CompletedProcess:
    return run(
        [
            str(ENV / "bin" / "python"),
            str(ROOT / "classroom" / "grading.py"),
            step,
            "--course",
            str(course),
            *args,
        ]
    )


def student(user: str, *args: str) -> subprocess.CompletedProcess:
    home = Path(pwd.getpwnam(user).pw_dir)
    return run([str(ENV / "bin" / "nbgrader"), *args, "--course", assignments.COURSE_ID], user=user, cwd=home)


def answer(path: Path, owner: str, sources: dict[str, str]) -> None:
    nb = json.loads(path.read_text())
    for cell in nb["cells"]:
        if cell["id"] in sources:
            cell["source"] = sources[cell["id"]]
    path.write_text(json.dumps(nb))
    shutil.chown(path, owner)


BAD = {k: f"mqbad{TAG}{k[0]}" for k in ("json", "deleted", "edited")}  # students in name only


def plant_malformed(course: Path, name: str) -> None:
    """Three collected submissions a student could have made by hand: not JSON; graded cells deleted;
    nbgrader's metadata edited (a test's points raised, its code replaced, a grade id renamed). Each has
    exercise 1 right."""
    released = json.loads((course / "release" / name / NB).read_text())
    for key, who in BAD.items():
        folder = course / "submitted" / who / name
        folder.mkdir(parents=True)
        (folder / "timestamp.txt").write_text("2026-12-01 10:00:00.000000 UTC")
        (folder / "submission_secret.txt").write_text(os.urandom(16).hex())  # as nbgrader's submit writes
        nb = json.loads(json.dumps(released))
        for cell in nb["cells"]:
            if cell["id"] == "answer_01_1":
                cell["source"] = RIGHT_1
            if key == "edited" and cell["id"] == "test_01_1":
                cell["source"] = "pass"
                cell["metadata"]["nbgrader"] |= {"points": 100, "locked": False}
            if key == "edited" and cell["id"] == "test_01_2":
                cell["metadata"]["nbgrader"]["grade_id"] = "mine"
        if key == "deleted":
            nb["cells"] = [c for c in nb["cells"] if c["id"] not in ("test_01_2", "answer_01_3")]
        (folder / NB).write_text('{"cells": [' if key == "json" else json.dumps(nb))


def rendered(nb: dict) -> str:
    """What a browser would render of a notebook as HTML: its Markdown and its outputs (not code, which
    is shown as text)."""
    parts = []
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            parts.append("".join(cell["source"]))
        for output in cell.get("outputs", []):
            parts += ["".join(v) if isinstance(v, list) else str(v) for v in output.get("data", {}).values()]
    return "\n".join(parts)


def errors(nb: dict) -> dict[str, str]:
    return {
        c["id"]: o["ename"] for c in nb["cells"] for o in c.get("outputs", []) if o["output_type"] == "error"
    }


def digest(folder: Path) -> str:
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            h.update(str(p).encode() + p.read_bytes())
    return h.hexdigest()


@pytest.fixture(scope="module")
def world():
    tmp = Path(tempfile.mkdtemp(prefix="mqgrade-"))
    tmp.chmod(0o755)
    course, exchange = tmp / "course", tmp / "exchange"
    assignments.build(course, ["en", "uk"], ["01"], exchange=exchange)
    accounts.create([UK, EN])
    try:
        yield course, exchange
    finally:
        accounts.remove([UK, EN])
        if not os.environ.get("MQGRADE_KEEP"):
            shutil.rmtree(tmp, ignore_errors=True)


def test_release_submit_collect_autograde_feedback(world):
    course, exchange = world
    grading("release", course, "--exchange", str(exchange), *NAMES.values())
    assert (course.stat().st_mode & 0o777) == 0o700
    released = (exchange / assignments.COURSE_ID / "outbound" / NAMES[UK] / NB).read_text()
    assert "BEGIN SOLUTION" not in released and "HIDDEN TESTS" not in released
    assert "raise NotImplementedError()" in released and "Ваш код тут" in released  # the stub, in Ukrainian
    assert "(n * n + 1) // 2" not in released  # no solution reaches a student's copy
    for user, name in NAMES.items():
        student(user, "fetch_assignment", name, f"--Exchange.root={exchange}")
    uk_nb = Path(pwd.getpwnam(UK).pw_dir) / NAMES[UK] / NB
    en_nb = Path(pwd.getpwnam(EN).pw_dir) / NAMES[EN] / NB

    # the English student: exercise 1 right, submitted; then, after the due date, wrong answers, megabytes
    # printed and scripts shown, submitted again: both kept, the later graded and marked late
    answer(en_nb, EN, {"answer_01_1": RIGHT_1})
    student(EN, "submit", NAMES[EN], f"--Exchange.root={exchange}")
    due = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")
    grading("due", course, NAMES[EN], "--date", due)
    time.sleep(1.5)
    wrong = {
        "answer_01_1": "answer_1 = None",
        "answer_01_3": 'print("x" * 5_000_000)\nanswer_3 = 7',
        "answer_01_2": SCRIPT,
        "answer_01_4": "hoard = bytearray(8 * 2**30)\nanswer_4 = None",
        "explain_01_1": MARKUP,
    }
    answer(en_nb, EN, wrong)
    student(EN, "submit", NAMES[EN], f"--Exchange.root={exchange}")
    # the Ukrainian student: 1 and 3 right, 2 malicious, 4 loops
    sources = {
        "answer_01_1": RIGHT_1,
        "answer_01_2": malicious(course, en_nb),
        "answer_01_3": RIGHT_3,
        "answer_01_4": LOOP,
    }
    answer(uk_nb, UK, sources)
    student(UK, "submit", NAMES[UK], f"--Exchange.root={exchange}")
    inbound = exchange / assignments.COURSE_ID / "inbound"
    assert len([p for p in inbound.iterdir() if p.name.startswith(f"{EN}+{NAMES[EN]}+")]) == 2
    listing = subprocess.run(
        ["/usr/sbin/runuser", "-u", UK, "--", "ls", str(inbound)], capture_output=True, text=True
    )
    assert listing.returncode != 0  # a student cannot list the others' submissions

    before = {"source": digest(course / "source"), "en": en_nb.read_bytes()}
    assert f"collected {NAMES[UK]}: 1 student(s)" in grading("collect", course, *NAMES.values()).stdout
    plant_malformed(course, NAMES[EN])
    flagged = grading("autograde", course, "--timeout", "10", *NAMES.values()).stderr
    assert f"flagged: {BAD['json']} {NAMES[EN]}/{NB}: not a notebook" in flagged
    assert (
        f"flagged: {BAD['deleted']} {NAMES[EN]}/{NB}: graded cells deleted, 0 points each: test_01_2"
        in flagged
    )
    assert (
        f"flagged: {BAD['edited']} {NAMES[EN]}/{NB}: grading settings changed, put back: test_01_1, test_01_2"
        in flagged
    )
    assert digest(course / "source") == before["source"] and en_nb.read_bytes() == before["en"]
    assert not (course / "x.txt").exists() and (course / "gradebook.db").exists()

    grading("export", course)
    rows = {
        r["student_id"]: r
        for r in csv.DictReader((course / "grades.csv").open())
        if r["assignment"] == NAMES.get(r["student_id"])
    }
    assert float(rows[UK]["raw_score"]) == 4.0  # exercises 1 and 3; 2 (malicious) and 4 (loop) score 0
    assert float(rows[EN]["raw_score"]) == 0.0  # the later submission was graded
    assert rows[EN]["timestamp"] > rows[EN]["duedate"] and rows[UK]["duedate"] == ""  # late, kept
    scores = {r["student_id"]: float(r["raw_score"]) for r in csv.DictReader((course / "grades.csv").open())
              if r["assignment"] == NAMES[EN]}  # fmt: skip
    # graded as far as each can be: the cells left (or put back) score, the rest 0
    assert [scores[BAD[k]] for k in ("json", "deleted", "edited")] == [0.0, 2.0, 2.0]
    assert float(rows[UK]["max_score"]) == 4 * 2 + 2 * 2  # four checked answers, two explanations

    graded = json.loads((course / "autograded" / UK / NAMES[UK] / NB).read_text())
    assert errors(graded)["answer_01_2"] == "RuntimeError" and "reached 0 of 5" in json.dumps(graded)
    assert errors(graded)["answer_01_4"] == "CellTimeoutError"

    en_graded = course / "autograded" / EN / NAMES[EN] / NB
    assert en_graded.stat().st_size < 1_000_000  # output cut short
    shown = rendered(json.loads(en_graded.read_text()))
    assert "hub/api" in shown and "<script" not in shown and "<img" not in shown
    assert "application/javascript" not in en_graded.read_text()
    assert errors(json.loads(en_graded.read_text()))["answer_01_4"] == "MemoryError"  # 2 GiB at most

    grading("feedback", course, *NAMES.values())
    student(UK, "fetch_feedback", NAMES[UK], f"--Exchange.root={exchange}")
    html = next((uk_nb.parent / "feedback").rglob("*.html")).read_text()
    assert "Вправ" in html or "вправ" in html
    assert "Правильно" in html  # the checker's verdict, in the student's language
    student(EN, "fetch_feedback", NAMES[EN], f"--Exchange.root={exchange}")
    en_html = next((en_nb.parent / "feedback").rglob("*.html")).read_text()
    assert "hub/api" in en_html and '<script>fetch("/hub/api' not in en_html
    assert "cdnjs" not in html and "cdnjs" not in en_html  # no MathJax from a CDN (feedback_offline)

    # A submission after the collect is picked up by the next one (nbgrader collect --update).
    stamp = course / "submitted" / UK / NAMES[UK] / "timestamp.txt"
    first = stamp.read_text()
    time.sleep(1.1)
    student(UK, "submit", NAMES[UK], f"--Exchange.root={exchange}")
    grading("collect", course, NAMES[UK])
    assert stamp.read_text() > first


def test_hand_over_makes_the_course_the_teachers_for_formgrader(tmp_path):
    """With --teacher, the course folder (in the teacher's home) and its grade book are the teacher's alone,
    the rest read-only to them, with the settings formgrader reads: the course, the offline template, and a
    kernel the teacher does not have, so that autograding from the grading page cannot run a student's code
    as the teacher."""
    teacher = f"mqgrade{TAG}t"
    accounts.create([teacher])
    try:
        home = Path(pwd.getpwnam(teacher).pw_dir)
        course = home / "course"
        assignments.build(course, ["en"], ["00"], exchange=tmp_path / "exchange")
        (course / "gradebook.db").write_bytes(b"")
        outside = tmp_path / "course"
        outside.mkdir()
        with pytest.raises(ValueError, match="inside"):
            grading_module.hand_over(outside, teacher, tmp_path / "exchange")
        grading_module.hand_over(course, teacher, tmp_path / "exchange")
        uid = pwd.getpwnam(teacher).pw_uid
        assert {p for p in [course, *course.rglob("*")] if p.stat().st_uid == uid} == {
            course,
            course / "gradebook.db",
        }  # the rest is root's: readable by the teacher, not writable
        assert course.stat().st_mode & 0o777 == 0o700
        assert all(p.stat().st_mode & 0o022 == 0 for p in course.rglob("*"))
        config = home / ".jupyter" / "nbgrader_config.py"
        assert config.stat().st_uid == uid and config.stat().st_mode & 0o077 == 0
        text = config.read_text()
        assert f"c.CourseDirectory.root = {str(course)!r}" in text
        assert "c.Execute.kernel_name = 'magic-grader'" in text
        server = json.loads((home / ".jupyter/jupyter_server_config.d/nbgrader-teacher.json").read_text())
        assert server["ServerApp"]["jpserver_extensions"]["nbgrader.server_extensions.formgrader"] is True
        page = json.loads((home / ".jupyter/labconfig/page_config.json").read_text())
        assert page["disabledExtensions"]["@jupyter/nbgrader:formgrader"] is False
        code = (  # the teacher's nbconvert finds the macro without a CDN first, and the settings load
            "from traitlets.config.loader import PyFileConfigLoader\n"
            f"c = PyFileConfigLoader('nbgrader_config.py', path={str(config.parent)!r}).load_config()\n"
            "from nbconvert import HTMLExporter\n"
            "e = HTMLExporter(template_name='classic')\n"
            "print(e.environment.get_template('mathjax.html.j2').filename, c.CourseDirectory.course_id)"
        )
        shown = run([str(ENV / "bin" / "python"), "-c", code], user=teacher, cwd=home)  # as formgrader does
        assert shown.stdout.split() == [
            str(home / ".local/share/jupyter/nbconvert/templates/base/mathjax.html.j2"),
            assignments.COURSE_ID,
        ]
    finally:
        accounts.remove([teacher])


def test_the_course_config_loads_in_the_classroom_environment(tmp_path):
    """nbgrader skips a config file that fails, without a word: load it as nbgrader does, and import each
    autograde step it names, in the environment that runs nbgrader."""
    assignments.build(tmp_path, ["en"], ["00"], exchange=tmp_path / "exchange")
    code = (
        "from traitlets.config.loader import PyFileConfigLoader\n"
        "from traitlets.utils.importstring import import_item\n"
        f"c = PyFileConfigLoader('nbgrader_config.py', path={str(tmp_path)!r}).load_config()\n"
        "steps = c.Autograde.autograde_preprocessors\n"
        "print(len([import_item(s) for s in steps]), c.CourseDirectory.course_id)"
    )
    done = run([str(ENV / "bin" / "python"), "-c", code], cwd=tmp_path)
    assert done.stdout.split() == [str(len(assignments.AUTOGRADE_STEPS)), assignments.COURSE_ID]
