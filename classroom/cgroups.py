"""One memory limit for each student's server as a whole: a cgroup a student.

RLIMIT_AS bounds each process on its own, and a student with three notebooks open runs four processes
(the server and three kernels). A cgroup's memory limit bounds them together, with whatever they start:
past it, Linux's out-of-memory killer stops the largest process of that student's group (the notebook
says its kernel died and restarts it), and no one else's.

Linux has two layouts, and both are handled: cgroup v2 (one tree at /sys/fs/cgroup, systemd's default
since Debian 11) and v1 (a ``memory`` tree under /sys/fs/cgroup). The groups are
``/sys/fs/cgroup[/memory]/magic-classroom/<username>``. Where root cannot write either (some containers),
``student_group`` raises OSError and the hub says so in its log; each process's own limit still holds.
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path("/sys/fs/cgroup")
PARENT = "magic-classroom"


def _enable_memory(group: Path) -> None:
    """Let the children of a v2 group have memory limits (a no-op when they already may)."""
    control = group / "cgroup.subtree_control"
    if "memory" not in control.read_text().split():
        control.write_text("+memory\n")


def student_group(user: str, limit: int, root: Path = ROOT) -> Path:
    """Make (or update) ``user``'s group with a limit of ``limit`` bytes (no swap beyond it); return its
    folder. Raises OSError when this machine has no memory cgroup that root can write."""
    if (root / "cgroup.controllers").is_file():  # v2: one tree
        if "memory" not in (root / "cgroup.controllers").read_text().split():
            raise OSError(f"the memory controller is not available in {root}")
        parent = root / PARENT
        parent.mkdir(exist_ok=True)
        _enable_memory(root)
        _enable_memory(parent)
        group = parent / user
        group.mkdir(exist_ok=True)
        (group / "memory.max").write_text(f"{limit}\n")
        if (group / "memory.swap.max").exists():
            (group / "memory.swap.max").write_text("0\n")
        return group
    tree = root / "memory"  # v1: a tree for each controller
    if not (tree / "cgroup.procs").is_file():
        raise OSError(f"no memory cgroup in {root} (neither cgroup v2 nor v1's {tree})")
    group = tree / PARENT / user
    group.mkdir(parents=True, exist_ok=True)
    (group / "memory.limit_in_bytes").write_text(f"{limit}\n")
    if (group / "memory.memsw.limit_in_bytes").exists():  # memory and swap together: no more than the limit
        (group / "memory.memsw.limit_in_bytes").write_text(f"{limit}\n")
    return group


def join(group: Path) -> None:
    """Move the calling process into ``group`` (its children follow). Run as root, before the spawner
    becomes the student."""
    (group / "cgroup.procs").write_text(f"{os.getpid()}\n")


def limit(group: Path) -> int:
    """The memory limit of ``group`` in bytes, as ``student_group`` set it (v2 or v1)."""
    name = "memory.max" if (group / "memory.max").is_file() else "memory.limit_in_bytes"
    return int((group / name).read_text())


def members(group: Path) -> set[int]:
    """The process ids in ``group``."""
    return {int(pid) for pid in (group / "cgroup.procs").read_text().split()}


def find(user: str, root: Path = ROOT) -> Path | None:
    """``user``'s group, if there is one."""
    for tree in (root, root / "memory"):
        if (tree / PARENT / user / "cgroup.procs").is_file():
            return tree / PARENT / user
    return None


def remove(user: str, root: Path = ROOT) -> None:
    """Remove ``user``'s group if it is empty (Linux refuses otherwise); nothing if there is none."""
    group = find(user, root)
    if group is not None:
        try:
            group.rmdir()
        except OSError:
            pass
