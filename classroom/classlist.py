"""The class list: a CSV file with a header row ``username,language`` (a third column ``name`` is optional)
and one student a row. Everything is checked before any account is made; every problem is reported at
once, with its line number.

Standard library only: run by Debian's Python before the students' environment exists.

Usage: python3 classroom/classlist.py CLASS.csv [--teacher NAME]   (prints the class, or the problems)
"""

from __future__ import annotations

import csv
import grp
import pwd
import re
import sys
from dataclasses import dataclass
from pathlib import Path

#: The editions a student can be given: English (notebooks/) and the translated editions.
LANGUAGES = ("en", "uk", "es", "zh")
#: The group every account made by ``make classroom`` belongs to: how an account is known as a student's.
CLASS_GROUP = "magicclass"
#: Lower-case letters, digits, ``-`` and ``_``, starting with a letter, at most 32 characters: a name
#: that is the same for Linux (useradd), JupyterHub (which lower-cases names) and a URL path.
USERNAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
#: Names never given to a student or teacher, even where no such account exists on this machine.
RESERVED = {"root", "admin", "administrator", "jupyterhub", "jovyan", "nobody", "daemon", "bin", "sys"}
#: The lowest user id of an ordinary (not a system) account, as Debian's /etc/login.defs has it.
FIRST_UID = 1000


class ClassListError(ValueError):
    """The class list cannot be used; ``problems`` says why, one line each."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("the class list cannot be used:\n  " + "\n  ".join(problems))


@dataclass(frozen=True)
class Student:
    username: str
    language: str
    name: str = ""


def is_class_account(username: str) -> bool:
    """True when ``username`` is an account made by ``make classroom`` (a member of ``CLASS_GROUP``)."""
    try:
        return username in grp.getgrnam(CLASS_GROUP).gr_mem
    except KeyError:
        return False


def _account(username: str):
    try:
        return pwd.getpwnam(username)
    except KeyError:
        return None


def username_problem(username: str, *, teacher: bool = False) -> str | None:
    """Why ``username`` cannot be used, or None. A teacher may be an existing ordinary account (their own);
    a student may be an existing account only when it is a student's of an earlier ``make classroom``."""
    if not username:
        return "an empty username"
    if not USERNAME.fullmatch(username):
        return (
            f"username {username!r} is not allowed: use lower-case letters, digits, '-' and '_', "
            "starting with a letter, at most 32 characters (no spaces, no '/', no '.')"
        )
    if username in RESERVED:
        return f"username {username!r} is reserved (a system or Jupyter account): choose another"
    account = _account(username)
    if account is None or is_class_account(username):
        return None
    if teacher and account.pw_uid >= FIRST_UID:
        return None  # the teacher's own login on this machine
    return (
        f"username {username!r} is an existing account on this machine (uid {account.pw_uid}) that is not "
        "a student's of this classroom: choose another name"
    )


def read(path: str | Path, teacher: str | None = None) -> list[Student]:
    """The students of the class list at ``path``; raises `ClassListError` listing every problem."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise ClassListError([f"{path}: no such file"]) from None
    except UnicodeDecodeError:
        raise ClassListError([f"{path}: not UTF-8 text (save the list as CSV, UTF-8)"]) from None
    return parse(text.splitlines(), teacher=teacher, source=str(path))


def parse(lines: list[str], teacher: str | None = None, source: str = "class list") -> list[Student]:
    """The students of a class list given as its lines (see `read`)."""
    problems: list[str] = []
    lines = [line.lstrip("\ufeff") if n == 0 else line for n, line in enumerate(lines)]
    rows = [(n, row) for n, row in enumerate(csv.reader(lines), start=1) if any(c.strip() for c in row)]
    if not rows:
        raise ClassListError(
            [f"{source}: empty (it needs a header row 'username,language' and a student a row)"]
        )
    header = [c.strip().lower() for c in rows[0][1]]
    if header not in (["username", "language"], ["username", "language", "name"]):
        raise ClassListError(
            [
                f"{source}, line {rows[0][0]}: the header must be 'username,language' or "
                f"'username,language,name', found {','.join(rows[0][1])!r}"
            ]
        )
    students: list[Student] = []
    seen: dict[str, int] = {}
    for n, row in rows[1:]:
        where = f"{source}, line {n}"
        if len(row) < 2 or len(row) > len(header):
            problems.append(f"{where}: {len(row)} columns, expected {len(header)} ({','.join(header)})")
            continue
        username, language = row[0].strip(), row[1].strip()
        name = row[2].strip() if len(row) > 2 else ""
        problem = username_problem(username)
        if problem:
            problems.append(f"{where}: {problem}")
        if language not in LANGUAGES:
            problems.append(f"{where}: language {language!r} is not one of {', '.join(LANGUAGES)}")
        if username in seen:
            problems.append(f"{where}: username {username!r} is already on line {seen[username]}")
        elif username:
            seen[username] = n
        if username == teacher:
            problems.append(f"{where}: {username!r} is the teacher (TEACHER=), not a student")
        students.append(Student(username, language, name))
    if not students and not problems:
        problems.append(f"{source}: no students (only the header)")
    if teacher is not None:
        problem = username_problem(teacher, teacher=True)
        if problem:
            problems.append(f"TEACHER: {problem}")
    if problems:
        raise ClassListError(problems)
    return students


def main(argv: list[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser(description="Check a class list (nothing is made).")
    parser.add_argument("path")
    parser.add_argument("--teacher", default=None)
    args = parser.parse_args(argv)
    try:
        students = read(args.path, teacher=args.teacher or None)
    except ClassListError as exc:
        print(exc, file=sys.stderr)
        return 2
    counts = {lang: sum(s.language == lang for s in students) for lang in LANGUAGES}
    print(
        f"class list {args.path}: {len(students)} students ("
        + ", ".join(f"{k} {v}" for k, v in counts.items() if v)
        + ")"
        + (f", teacher {args.teacher}" if args.teacher else "")
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
