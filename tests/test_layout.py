"""The library's layout: maths modules draw nothing, pictures live in magiclib.show, one font name."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "magiclib"
MATHS = sorted(p for p in PACKAGE.glob("*.py"))
FORBIDDEN = ("magiclib.show", "magiclib.widgets", "matplotlib", "ipywidgets")


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports (relative imports resolved against magiclib), at any depth."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = "magiclib" + (f".{base}" if base else "")
                found.update(f"{base}.{alias.name}" for alias in node.names)
            found.add(base)
    return found


def test_there_are_maths_modules_to_check():
    names = {p.stem for p in MATHS}
    assert {"walk", "nqueens", "hexagon", "squares", "allsquares", "construct", "matrices"} <= names
    assert not {"draw", "animate"} & names


@pytest.mark.parametrize("path", MATHS, ids=lambda p: p.name)
def test_maths_modules_import_no_pictures_and_no_widgets(path):
    bad = sorted(m for m in _imports(path) if any(m == f or m.startswith(f + ".") for f in FORBIDDEN))
    assert not bad, f"{path.name} imports {bad}: pictures go in magiclib/show, widgets in magiclib/widgets"


def test_import_magiclib_loads_neither_matplotlib_nor_ipywidgets():
    code = (
        "import sys, magiclib; "
        "print(sorted(m for m in ('matplotlib', 'ipywidgets', 'magiclib.show', 'magiclib.widgets') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]"


def test_importing_show_does_not_load_ipywidgets():
    code = "import sys; from magiclib import show; print('ipywidgets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"


def test_the_font_family_is_spelled_once():
    spelled = [
        p.relative_to(ROOT).as_posix()
        for p in sorted(PACKAGE.rglob("*.py"))
        if "DejaVu Sans" in p.read_text(encoding="utf-8")
    ]
    assert spelled == ["magiclib/show/look.py"]


def test_show_exports_what_it_lists():
    from magiclib import show

    assert all(hasattr(show, name) for name in show.__all__)
    for module in ("walk", "nqueens", "hexagon"):
        mod = __import__(f"magiclib.{module}", fromlist=["__all__"])
        assert not {
            n for n in mod.__all__ if n.startswith("draw") or n.endswith(("_frames", "_html", "_svg"))
        }


# The package re-exports each maths module's public names, except the order limits (MAX_*),
# which stay with their module, and these few helper types.
NOT_REEXPORTED = {"Term"}
REEXPORTING = ("squares", "famous", "walk", "allsquares", "nqueens", "construct", "matrices")


@pytest.mark.parametrize("name", REEXPORTING)
def test_the_package_reexports_each_maths_module_list(name):
    import importlib

    import magiclib

    module = importlib.import_module(f"magiclib.{name}")
    public = {n for n in module.__all__ if not n.startswith("MAX_")} - NOT_REEXPORTED
    missing = public - set(magiclib.__all__)
    assert not missing, f"magiclib.__all__ lacks {sorted(missing)} from magiclib.{name}"
    for n in public:
        assert getattr(magiclib, n) is getattr(module, n), n


def test_every_name_of_the_package_list_comes_from_a_module():
    import importlib

    import magiclib

    listed = {n for m in REEXPORTING for n in importlib.import_module(f"magiclib.{m}").__all__}
    modules = {"hexagon", "timing", *magiclib._LAZY}
    extra = set(magiclib.__all__) - listed - modules - set(magiclib._LAZY_NAMES)
    assert not extra, f"magiclib.__all__ lists {sorted(extra)}, which no maths module exports"
