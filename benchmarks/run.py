"""Run every benchmarks/bench_*.py and print one table of ratios.

Each module defines ``run() -> list[Row]``; a baseline (the articles' method or a
naive loop) is measured in the same run as the fast method, so the ratio means
something on any machine. ``python benchmarks/run.py siamese`` runs one module.
"""

from __future__ import annotations

import importlib
import os
import platform
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from _timing import print_report  # noqa: E402


def main(argv: list[str]) -> int:
    names = sorted(p.stem for p in HERE.glob("bench_*.py"))
    if argv:
        names = [n for n in names if any(a in n for a in argv)]
    print(
        f"magiclib benchmarks on {platform.python_implementation()} {platform.python_version()}, "
        f"{os.cpu_count()} cores, {platform.machine()}"
    )
    rows, start = [], time.perf_counter()
    for name in names:
        module = importlib.import_module(name)
        print(f"== {name} ...", flush=True)
        rows.extend(module.run())
    print()
    print_report(rows)
    print(f"\n{len(rows)} benchmarks in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
