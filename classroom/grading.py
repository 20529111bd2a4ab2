"""nbgrader's steps on a course written by classroom/assignments.py, as the teacher runs them (as root).

    python classroom/grading.py release  --course DIR NAME...   generate (stubs in NAME's language), release
    python classroom/grading.py collect  --course DIR NAME...   collect the submissions
    python classroom/grading.py autograde --course DIR NAME...  autograde in the sandboxed kernel
    python classroom/grading.py feedback --course DIR NAME...   generate and release the feedback
    python classroom/grading.py export   --course DIR           grades.csv

Run with the classroom environment's Python (``/opt/magiclib-classroom/bin/python``), where nbgrader is
installed. Autograding runs every submission in the ``magic-grader`` kernel (classroom/grader_kernel.py):
another account, a fresh folder, CPU, memory and file limits; so it runs as root, and the course folder
(the gradebook, the sources, the submissions) is root's alone (mode 0700).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from classroom import assignments, grader_kernel  # noqa: E402

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
    return subprocess.run(
        [str(Path(bindir) / "nbgrader"), *args],
        cwd=course,
        env=run_env,
        check=check,
        capture_output=True,
        text=True,
    )


def secure(course: Path) -> None:
    """The course folder is root's alone: a submission's code (another account) reads nothing in it."""
    course.chmod(0o700)


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


def collect(course: Path, names: list[str]) -> None:
    for name in names:
        nbgrader(course, "collect", name)


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
    not be graded has none (nbgrader says which, and the rest go out): its lines are returned."""
    problems = []
    for name in names:
        for step in (["generate_feedback", name, "--force"], ["release_feedback", name]):
            done = nbgrader(course, *step, check=False)
            problems += [line for line in done.stderr.splitlines() if "| ERROR]" in line or "error:" in line]
    return problems


def export(course: Path) -> Path:
    nbgrader(course, "export", "--to", "grades.csv")
    return course / "grades.csv"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("step", choices=["release", "collect", "autograde", "feedback", "export"])
    parser.add_argument("--course", type=Path, default=ROOT / "build" / "course")
    parser.add_argument("--exchange", type=Path, default=Path("/srv/nbgrader/exchange"))
    parser.add_argument(
        "--timeout", type=int, default=CELL_TIMEOUT, help="seconds a cell may run (autograde)"
    )
    parser.add_argument("names", nargs="*")
    args = parser.parse_intermixed_args(argv)
    course = args.course.resolve()
    if args.step == "export":
        print(export(course))
    elif args.step == "release":
        release(course, args.names, args.exchange)
    elif args.step == "autograde":
        for done in autograde(course, args.names, args.timeout):
            print(done.stderr[-2000:], file=sys.stderr)
    elif args.step == "feedback":
        for line in feedback(course, args.names):
            print(line, file=sys.stderr)
    else:
        collect(course, args.names)
    return 0


if __name__ == "__main__":
    sys.exit(main())
