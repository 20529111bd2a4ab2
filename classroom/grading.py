"""nbgrader's steps on a course written by classroom/assignments.py, as the teacher runs them (as root).

    python classroom/grading.py release  --course DIR NAME...   generate (stubs in NAME's language), release
    python classroom/grading.py due --date DATE --course DIR NAME...   set the due date
    python classroom/grading.py collect  --course DIR NAME...   collect the latest submissions
    python classroom/grading.py autograde --course DIR NAME...  autograde in the sandboxed kernel
    python classroom/grading.py feedback --course DIR NAME...   generate and release the feedback
    python classroom/grading.py export   --course DIR           grades.csv

Run with the classroom environment's Python (``/opt/magiclib-classroom/bin/python``), where nbgrader is
installed. Autograding runs every submission in the ``magic-grader`` kernel (classroom/grader_kernel.py):
another account, a fresh folder, CPU, memory and file limits; so it runs as root, and the course folder
(the gradebook, the sources, the submissions) is root's alone (mode 0700).

With ``--teacher NAME`` the course folder, which must then be inside the teacher's home, is opened to that
account after every step (`hand_over`): the teacher reads the submissions and grades the explanations in
formgrader, nbgrader's grading page in their JupyterLab, which serves only a course below the teacher's own
folder; the other steps stay here, as root.
"""

from __future__ import annotations

import argparse
import json
import os
import pwd
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from classroom import assignments, build_env, grader_kernel  # noqa: E402

#: nbconvert's MathJax macro from this machine (the teacher's grading page) or none (the students' feedback
#: pages), instead of its default, cdnjs.
TEMPLATES = ROOT / "classroom" / "nbgrader_templates"

#: Seconds a cell of a submission may run before nbgrader stops it (the lessons' own cells take at most
#: about 70 s, 06's live count); a cell stopped scores 0 and grading goes on.
CELL_TIMEOUT = 120


def language(name: str) -> str:
    """The language of an assignment named by `assignments.name`: ``01_siamese_walk_uk`` is Ukrainian."""
    tail = name.rsplit("_", 1)[-1]
    return tail if tail in assignments.LANGUAGES else "en"


def nbgrader(
    course: Path, *args: str, env: dict | None = None, check: bool = True
) -> subprocess.CompletedProcess:
    """Run ``nbgrader ARGS`` in the course folder with this Python's environment on PATH (nbgrader runs
    ``alembic`` by name)."""
    bindir = str(Path(sys.executable).parent)
    run_env = dict(os.environ, PATH=f"{bindir}:{os.environ.get('PATH', '/usr/bin:/bin')}") | (env or {})
    done = subprocess.run(
        [str(Path(bindir) / "nbgrader"), *args], cwd=course, env=run_env, capture_output=True, text=True
    )
    if check and done.returncode != 0:  # nbgrader's own words, not a traceback of this script
        raise SystemExit(f"nbgrader {' '.join(args[:2])} failed:\n{done.stderr[-3000:]}")
    return done


def secure(course: Path) -> None:
    """The course folder is root's alone: a submission's code (another account) reads nothing in it."""
    course.chmod(0o700)


def teacher_config(course: Path, exchange_root: Path) -> str:
    """The teacher's nbgrader settings (``~/.jupyter/nbgrader_config.py``), read by formgrader."""
    return f"""# Written by classroom/grading.py --teacher: the course formgrader shows in this JupyterLab.
c = get_config()  # noqa: F821
c.CourseDirectory.course_id = {assignments.COURSE_ID!r}
c.CourseDirectory.root = {str(course)!r}
c.Exchange.root = {str(exchange_root)!r}
# Students' code runs only in `grading.py autograde`, as root, in the magic-grader sandbox. This account has
# no kernel of that name, so autograding from the grading page stops before it runs a single cell.
c.Execute.kernel_name = {grader_kernel.KERNEL_NAME!r}
c.ExecutePreprocessor.kernel_name = {grader_kernel.KERNEL_NAME!r}
"""


def hand_over(course: Path, teacher: str, exchange_root: Path) -> None:
    """Open the course (inside the teacher's home) to the teacher's grading page, formgrader, and to no one
    else: the folder and the grade book become the teacher's (mode 0700 and 0600), so the teacher reads
    every submission and gives points by hand; everything else in it stays root's, readable, not writable,
    so the page's own buttons (hand out, collect, autograde) stop at their first write instead of running
    a student's code with the teacher's rights. Students and magic-grader cannot enter the folder."""
    account = pwd.getpwnam(teacher)
    home = Path(account.pw_dir).resolve()
    if not course.resolve().is_relative_to(home):
        raise ValueError(
            f"with --teacher, the course folder must be inside {home} (formgrader serves only a course "
            f"below the teacher's own folder): {course}"
        )
    config = home / ".jupyter" / "nbgrader_config.py"
    mathjax = home / ".local/share/jupyter/nbconvert/templates/base/mathjax.html.j2"
    server = home / ".jupyter" / "jupyter_server_config.d" / "nbgrader-teacher.json"
    page = home / ".jupyter" / "labconfig" / "page_config.json"
    for path in (config, mathjax, server, page):
        for folder in reversed(path.relative_to(home).parents[:-1]):
            (home / folder).mkdir(exist_ok=True)
            os.chown(home / folder, account.pw_uid, account.pw_gid)
    config.write_text(teacher_config(course.resolve(), exchange_root))
    shutil.copyfile(TEMPLATES / "teacher" / "mathjax.html.j2", mathjax)
    # nbgrader's teacher parts, off in the shared environment (classroom/build_env.py), on for this account
    build_env.teacher_parts(server, page, on=True)
    for path in (config, mathjax, server, page):
        os.chown(path, account.pw_uid, account.pw_gid)
        path.chmod(0o600)
    for folder, dirs, files in os.walk(course):
        for item in [Path(folder), *(Path(folder) / f for f in dirs + files)]:
            if not item.is_symlink():
                os.chown(item, 0, 0)
                item.chmod(0o755 if item.is_dir() else 0o644)
    for item in [course, *course.glob("gradebook.db*")]:
        os.chown(item, account.pw_uid, account.pw_gid)
        item.chmod(0o700 if item.is_dir() else 0o600)


def exchange(root: Path) -> Path:
    """nbgrader's exchange: every account writes its submissions there (nbgrader makes each course's
    inbound folder so that a student cannot list or read another's)."""
    root.mkdir(parents=True, exist_ok=True)
    root.chmod(0o777)
    return root


def release(course: Path, names: list[str], exchange_root: Path | None = None) -> None:
    secure(course)
    if exchange_root is not None:
        exchange(exchange_root)
    for name in names:
        nbgrader(course, "generate_assignment", name, "--force", *assignments.stubs(language(name)))
        nbgrader(course, "release_assignment", name, "--force")


def collect(course: Path, names: list[str]) -> dict[str, int]:
    """The latest submission of every student (``--update``: a submission newer than the one collected
    before replaces it, so collecting again after a late or corrected submission picks it up); returns
    how many students' submissions each assignment now has."""
    for name in names:
        nbgrader(course, "collect", name, "--update")
    return {name: len(list((course / "submitted").glob(f"*/{name}"))) for name in names}


def due(course: Path, names: list[str], date: str) -> None:
    """Set the due date of each assignment (``2026-12-20 17:00 UTC``): a later submission is kept, and
    graded, and marked late in grades.csv."""
    for name in names:
        nbgrader(course, "db", "assignment", "add", name, f"--duedate={date}")


def repair(course: Path, name: str) -> list[str]:
    """Before autograding, put back in each collected submission of ``name`` what a student may not
    change: the nbgrader metadata of every cell the assignment handed out (its points, grade id, lock),
    found by the cell's id, and none on a cell the student added. What cannot be put back is flagged,
    one line a problem: a file that is not a notebook (nbgrader then grades it 0), deleted graded cells
    (they score 0; the rest is graded)."""
    flags = []
    handed_out = {}
    for release in sorted((course / "release" / name).glob("*.ipynb")):
        handed_out[release.name] = {c["id"]: c for c in json.loads(release.read_text())["cells"]}
    for sub in sorted((course / "submitted").glob(f"*/{name}/*.ipynb")):
        student, cells = sub.parts[-3], handed_out.get(sub.name, {})
        where = f"{student} {name}/{sub.name}"
        try:
            nb = json.loads(sub.read_text(encoding="utf-8"))
            if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
                raise ValueError("no list of cells")
        except (ValueError, UnicodeDecodeError) as e:
            flags.append(f"{where}: not a notebook ({e.__class__.__name__}): not graded, 0 points")
            continue
        edited, seen = [], set()
        for cell in [c for c in nb["cells"] if isinstance(c, dict)]:
            meta = cell.setdefault("metadata", {})
            original = cells.get(cell.get("id"))
            if original is not None and original["cell_type"] == cell.get("cell_type"):
                seen.add(cell["id"])
                if meta.get("nbgrader") != original["metadata"].get("nbgrader"):
                    edited.append(cell["id"])
                    meta["nbgrader"] = original["metadata"]["nbgrader"]
            elif "nbgrader" in meta:
                edited.append(str(cell.get("id")))
                del meta["nbgrader"]
        graded = [i for i, c in cells.items() if c["metadata"].get("nbgrader", {}).get("grade")]
        deleted = [i for i in graded if i not in seen]
        if edited:
            flags.append(f"{where}: grading settings changed, put back: {', '.join(edited)}")
        if deleted:
            flags.append(f"{where}: graded cells deleted, 0 points each: {', '.join(deleted)}")
        sub.write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")
    return flags


def autograde(
    course: Path, names: list[str], timeout: int = CELL_TIMEOUT
) -> list[subprocess.CompletedProcess]:
    if os.geteuid() != 0:
        raise PermissionError("autograde runs students' code as the magic-grader account: run it as root")
    grader_kernel.account()
    folder = course / ".grader"
    grader_kernel.kernel_spec(folder)
    env = {"JUPYTER_PATH": f"{folder}:{os.environ.get('JUPYTER_PATH', '')}".rstrip(":")}
    secure(course)
    done = []
    for name in names:
        for line in repair(course, name):
            print("flagged:", line, file=sys.stderr)
        done.append(
            nbgrader(
                course, "autograde", name, "--force",
                f"--ExecutePreprocessor.kernel_name={grader_kernel.KERNEL_NAME}",
                f"--Execute.kernel_name={grader_kernel.KERNEL_NAME}",
                f"--Execute.timeout={timeout}",
                env=env, check=False,
            )
        )  # fmt: skip
    return done


def feedback(course: Path, names: list[str]) -> list[str]:
    """Feedback pages for every graded submission, released to their students; a submission that could
    not be graded has none (nbgrader says which, and the rest go out): its lines are returned. The pages
    load nothing from a CDN (`TEMPLATES`)."""
    import nbgrader.server_extensions.formgrader.handlers as formgrader

    template = [
        "--HTMLExporter.template_name=feedback_offline",
        f"--HTMLExporter.extra_template_basedirs={TEMPLATES}",
        f"--HTMLExporter.extra_template_basedirs={formgrader.template_path}",
    ]
    problems = []
    for name in names:
        for step in (["generate_feedback", name, "--force", *template], ["release_feedback", name]):
            done = nbgrader(course, *step, check=False)
            problems += [line for line in done.stderr.splitlines() if "| ERROR]" in line or "error:" in line]
    return problems


def export(course: Path) -> Path:
    nbgrader(course, "export", "--to", "grades.csv")
    return course / "grades.csv"


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    """The command line; the course folder and the teacher default to the environment's ``COURSE_DIR`` and
    ``TEACHER`` (the names ``make assignments`` and ``make classroom`` use), so that a teacher who sets them
    once types only the step and the assignments."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("step", choices=["release", "due", "collect", "autograde", "feedback", "export"])
    parser.add_argument("--date", help="due: the due date, for example '2026-12-20 17:00 UTC'")
    parser.add_argument(
        "--course", type=Path, default=Path(os.environ.get("COURSE_DIR") or ROOT / "build" / "course")
    )
    parser.add_argument("--exchange", type=Path, default=Path("/srv/nbgrader/exchange"))
    parser.add_argument(
        "--timeout", type=int, default=CELL_TIMEOUT, help="seconds a cell may run (autograde)"
    )
    parser.add_argument(
        "--teacher",
        default=os.environ.get("TEACHER") or None,
        help="the account whose formgrader shows the course (see above)",
    )
    parser.add_argument("names", nargs="*")
    args = parser.parse_intermixed_args(argv)
    if args.teacher:
        try:
            pwd.getpwnam(args.teacher)
        except KeyError:
            parser.error(f"--teacher: no account {args.teacher!r} on this machine")
    return args


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    course = args.course.resolve()
    if args.step == "export":
        print(export(course))
    elif args.step == "release":
        release(course, args.names, args.exchange)
        print("released:", ", ".join(args.names))
    elif args.step == "due":
        if not args.date:
            raise SystemExit("due: give the date with --date, for example --date '2026-12-20 17:00 UTC'")
        due(course, args.names, args.date)
        print(f"due {args.date}:", ", ".join(args.names))
    elif args.step == "autograde":
        for name, done in zip(args.names, autograde(course, args.names, args.timeout), strict=True):
            print(done.stderr[-2000:], file=sys.stderr)
            graded = len(list((course / "autograded").glob(f"*/{name}")))
            print(
                f"autograded {name}: {graded} submission(s)"
                + ("" if done.returncode == 0 else ", with errors")
            )
    elif args.step == "feedback":
        for line in feedback(course, args.names):
            print(line, file=sys.stderr)
        print("feedback released:", ", ".join(args.names))
    else:
        for name, count in collect(course, args.names).items():
            print(f"collected {name}: {count} student(s)")
    if args.teacher:
        hand_over(course, args.teacher, args.exchange)
    return 0


if __name__ == "__main__":
    sys.exit(main())
