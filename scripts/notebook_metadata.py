"""Store in a notebook the kernelspec that JupyterLab writes when it opens it, so that opening it
changes nothing (`make notebook` runs this after executing a notebook).

JupyterLab sets ``metadata.kernelspec`` to the spec of the kernel it starts (name, display name,
language) as soon as that kernel is up. When the stored spec differs, even only in its display name
("Python 3" against the pinned ipykernel's "Python 3 (ipykernel)"), the freshly opened notebook is
marked as modified at once, and closing it untouched asks whether to save. nbclient, which executes
the notebooks, keeps whatever kernelspec the file had; this step writes the spec of the kernel that
ran it. ``language_info`` needs nothing: nbclient already stores the kernel's own.

Usage: python scripts/notebook_metadata.py [--check] NOTEBOOK...
  --check  change nothing; list the notebooks whose kernelspec differs and exit 1 if any does.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from jupyter_client.kernelspec import KernelSpecManager


def kernelspec(name: str) -> dict[str, str]:
    """The kernelspec metadata JupyterLab writes for the kernel ``name`` of this environment."""
    spec = KernelSpecManager().get_kernel_spec(name)
    return {"display_name": spec.display_name, "language": spec.language, "name": name}


def fix(path: Path, check: bool = False) -> bool:
    """Give ``path`` the kernelspec of its kernel; True if it was (or, with ``check``, would be) changed."""
    nb = nbformat.read(path, as_version=nbformat.NO_CONVERT)
    stored = dict(nb.metadata.get("kernelspec", {}))
    wanted = kernelspec(stored.get("name") or "python3")
    if stored == wanted:
        return False
    if not check:
        nb.metadata["kernelspec"] = wanted
        # nbformat writes exactly what nbconvert --inplace writes (sorted keys, indent 1).
        path.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
    print(f"{path}: kernelspec {stored} -> {wanted}" + (" (not written: --check)" if check else ""))
    return True


def main(argv: list[str]) -> int:
    check = "--check" in argv
    paths = [Path(a) for a in argv if a != "--check"]
    if not paths:
        print(__doc__, file=sys.stderr)
        return 2
    changed = [p for p in paths if fix(p, check)]
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
