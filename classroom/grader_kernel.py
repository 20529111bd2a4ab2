"""The kernel that runs students' submissions when nbgrader autogrades: an unprivileged account, limits.

nbgrader runs a submission's code in a kernel started by whoever autogrades, with that account's rights
and no sandbox. ``classroom/grading.py`` autogrades as root with this kernel instead (kernel name
``magic-grader``, its spec written into the course's ``.grader`` folder). Started as root, it:

- makes the system account ``magic-grader`` (no home, no login shell, no group of the class) if missing;
- copies the connection file into a fresh folder ``/tmp/magic-grader-XXXX`` (mode 0700, owned by that
  account) and works there, so a relative path reaches nothing of the course;
- sets the limits a submission cannot raise again: CPU seconds (`CPU_SECONDS`), address space
  (`MEMORY_BYTES`: an allocation without end gets a ``MemoryError``), file size (`FILE_BYTES`), open
  files and processes;
- drops every group and becomes ``magic-grader``, then replaces itself with ipykernel.

So a submission cannot read the gradebook, the course or another student's submission (root's, mode
0700), cannot delete them, and cannot stop the grading of the others: nbgrader stops a cell after its
timeout and goes on with the next submission. Started by another account it only sets the limits (it
cannot change account); ``grading.autograde`` refuses to run except as root.

    python classroom/grader_kernel.py -f CONNECTION_FILE
"""

from __future__ import annotations

import os
import pwd
import resource
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ACCOUNT = "magic-grader"
KERNEL_NAME = "magic-grader"
CPU_SECONDS = 600
MEMORY_BYTES = 2 * 2**30
FILE_BYTES = 64 * 2**20
OPEN_FILES = 256
PROCESSES = 64


def account() -> pwd.struct_passwd:
    """The grader's system account, made if missing (root only)."""
    try:
        return pwd.getpwnam(ACCOUNT)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--home-dir", "/nonexistent", "--shell",
             "/usr/sbin/nologin", "--comment", "magiclib autograder", ACCOUNT],
            check=True, capture_output=True,
        )  # fmt: skip
        return pwd.getpwnam(ACCOUNT)


def kernel_spec(folder: Path, python: str = sys.executable) -> Path:
    """Write the ``magic-grader`` kernel spec under ``folder/kernels`` (a ``JUPYTER_PATH`` entry)."""
    spec = folder / "kernels" / KERNEL_NAME
    spec.mkdir(parents=True, exist_ok=True)
    argv = [python, str(Path(__file__).resolve()), "-f", "{connection_file}"]
    (spec / "kernel.json").write_text(
        '{"argv": ' + _json(argv) + ', "display_name": "Python 3 (autograder)", "language": "python"}\n'
    )
    return spec


def _json(value) -> str:
    import json

    return json.dumps(value)


def limit() -> None:
    for which, value in (
        (resource.RLIMIT_CPU, CPU_SECONDS),
        (resource.RLIMIT_AS, MEMORY_BYTES),
        (resource.RLIMIT_FSIZE, FILE_BYTES),
        (resource.RLIMIT_NOFILE, OPEN_FILES),
        (resource.RLIMIT_NPROC, PROCESSES),
        (resource.RLIMIT_CORE, 0),
    ):
        resource.setrlimit(which, (value, value))


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "-f":
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    connection = Path(argv[1])
    env = {
        "PATH": os.path.dirname(sys.executable) + ":/usr/bin:/bin",
        "LANG": os.environ.get("LANG", "C.UTF-8"),
        "OMP_NUM_THREADS": "1",
        "NUMBA_NUM_THREADS": "1",
        "MPLBACKEND": "Agg",
    }
    if os.geteuid() == 0:
        user = account()
        work = Path(tempfile.mkdtemp(prefix="magic-grader-"))
        shutil.copy(connection, work / "kernel.json")
        for path in (work, work / "kernel.json"):
            os.chown(path, user.pw_uid, user.pw_gid)
        connection = work / "kernel.json"
        os.chdir(work)
        env |= {"HOME": str(work), "USER": ACCOUNT, "MPLCONFIGDIR": str(work), "NUMBA_CACHE_DIR": str(work)}
        limit()
        os.setgroups([])
        os.setgid(user.pw_gid)
        os.setuid(user.pw_uid)
    else:
        limit()
    os.execve(sys.executable, [sys.executable, "-m", "ipykernel_launcher", "-f", str(connection)], env)
    return 1  # not reached


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
