"""One operating-system account a student: all of them made, or none.

Each account: a home folder of mode 0700 (Debian's ``useradd -m`` makes 0755 homes, which any other
account can read), a member of the group ``magicclass`` (how ``make classroom`` knows its own accounts),
no password of its own (locked: the students log in through JupyterHub only, never over ssh).

Standard library only; needs root. Usage (what ``make classroom-remove`` runs):
    python3 classroom/accounts.py remove CLASS.csv [--teacher NAME]
"""

from __future__ import annotations

import grp
import pwd
import subprocess
import sys
import time
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from classroom import cgroups  # noqa: E402
from classroom.classlist import CLASS_GROUP, is_class_account  # noqa: E402


class AccountError(RuntimeError):
    pass


def exists(username: str) -> bool:
    """Whether an operating-system account of that name exists."""
    try:
        pwd.getpwnam(username)
        return True
    except KeyError:
        return False


def _group_exists() -> bool:
    try:
        grp.getgrnam(CLASS_GROUP)
        return True
    except KeyError:
        return False


def _run(cmd: list[str]) -> None:
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise AccountError(f"{' '.join(cmd)} failed ({result.returncode}): {result.stderr.strip()}")


def create(
    usernames: Iterable[str], names: dict[str, str] | None = None, own: Iterable[str] = ()
) -> list[str]:
    """Make the accounts of ``usernames`` that do not exist yet (``own``: existing accounts to leave as
    they are, such as the teacher's own login). Returns the names made. On any failure, the accounts made
    by this call (and the group, when this call made it) are removed again, and `AccountError` raised."""
    names = names or {}
    made: list[str] = []
    made_group = False
    try:
        if not _group_exists():
            _run(["groupadd", "--system", CLASS_GROUP])
            made_group = True
        for username in usernames:
            if exists(username):
                if username in own or is_class_account(username):
                    continue
                raise AccountError(f"{username!r} exists and is not a student's account")
            comment = names.get(username, "").replace(":", " ").replace(",", " ")
            _run(
                ["useradd", "--create-home", "-K", "HOME_MODE=0700", "--shell", "/bin/bash",
                 "--groups", CLASS_GROUP, "--comment", comment or username, username]
            )  # fmt: skip
            made.append(username)
            home = Path(pwd.getpwnam(username).pw_dir)
            home.chmod(0o700)  # whatever HOME_MODE this system's useradd honours
    except BaseException:
        for username in reversed(made):
            subprocess.run(["userdel", "--remove", username], capture_output=True)
        if made_group:
            subprocess.run(["groupdel", CLASS_GROUP], capture_output=True)
        raise
    return made


def remove(usernames: Iterable[str]) -> list[str]:
    """Remove the accounts (and homes) of ``usernames`` that are students' accounts, with their memory
    groups; others are left alone; the group ``magicclass`` too once it has no member. Returns the names
    removed."""
    removed = []
    for username in usernames:
        if exists(username) and is_class_account(username):
            # A server or kernel still running as the student would keep userdel from removing it: they are
            # killed, and userdel retried until they are gone (a killed process takes a moment to go).
            for attempt in range(50):
                subprocess.run(["pkill", "-KILL", "-u", username], capture_output=True)
                try:
                    _run(["userdel", "--remove", username])
                    break
                except AccountError:
                    if attempt == 49:
                        raise
                    time.sleep(0.2)
            cgroups.remove(username)  # its memory group, now empty
            removed.append(username)
    try:
        if not grp.getgrnam(CLASS_GROUP).gr_mem:  # the last student gone: the group goes too
            subprocess.run(["groupdel", CLASS_GROUP], capture_output=True)
    except KeyError:
        pass
    return removed


def main(argv: list[str]) -> int:
    import argparse

    from classroom import classlist

    parser = argparse.ArgumentParser(description="Remove the accounts of a class (homes included).")
    parser.add_argument("action", choices=["remove"])
    parser.add_argument("path")
    parser.add_argument("--teacher", default=None)
    args = parser.parse_args(argv)
    students = classlist.read(args.path, teacher=args.teacher or None)
    names = [s.username for s in students] + ([args.teacher] if args.teacher else [])
    removed = remove(names)
    print(f"removed {len(removed)} accounts: {' '.join(removed) or '(none)'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
