"""The pinned environment is declared twice (requirements/lock.txt for the Makefile,
environment.yml for conda/Binder); these tests keep the two, and pyproject.toml, in step."""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def lock_pins() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "requirements" / "lock.txt").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, version = line.split("==")
            pins[normalise(name)] = version
    return pins


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def environment_pins() -> tuple[dict[str, str], list[str]]:
    text = (ROOT / "environment.yml").read_text()
    pins, others = {}, []
    in_pip = False
    for line in text.splitlines():
        if re.match(r"^\s*- pip:\s*$", line):
            in_pip = True
            continue
        m = re.match(r"^\s+- (.+)$", line)
        if in_pip and m:
            item = m.group(1).strip()
            if "==" in item:
                name, version = item.split("==")
                pins[normalise(name)] = version
            else:
                others.append(item)
    return pins, others


def test_environment_yml_has_exactly_the_lock_pins():
    env, _ = environment_pins()
    lock = lock_pins()
    assert env == lock, {
        "only in lock.txt": sorted(set(lock) - set(env)),
        "only in environment.yml": sorted(set(env) - set(lock)),
        "different versions": sorted(k for k in set(env) & set(lock) if env[k] != lock[k]),
    }


def test_environment_yml_installs_magiclib_itself():
    _, others = environment_pins()
    assert "-e ." in others


def test_every_pin_is_exact_and_unique():
    lines = [
        line.strip()
        for line in (ROOT / "requirements" / "lock.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert all(re.fullmatch(r"[A-Za-z0-9_.\-]+==[0-9][A-Za-z0-9_.+\-]*", line) for line in lines)
    names = [normalise(line.split("==")[0]) for line in lines]
    assert len(names) == len(set(names))


def test_runtime_and_test_dependencies_are_pinned():
    text = (ROOT / "pyproject.toml").read_text()
    declared = re.findall(
        r'"([A-Za-z0-9_.\-]+)(?:[<>=!~].*?)?"',
        text.split("[project.optional-dependencies]")[0].split("dependencies = [")[1],
    )
    declared += re.findall(
        r'"([A-Za-z0-9_.\-]+)[<>=!~]', text.split("[project.optional-dependencies]")[1].split("[tool.")[0]
    )
    lock = lock_pins()
    missing = [d for d in declared if normalise(d) not in lock]
    assert not missing, f"declared in pyproject.toml but not pinned in requirements/lock.txt: {missing}"


@pytest.mark.skipif(
    not (ROOT / ".venv").exists() or not sys.prefix.startswith(str(ROOT / ".venv")),
    reason="only meaningful inside the project's .venv",
)
def test_the_running_environment_matches_the_pins():
    lock = lock_pins()
    wrong = {}
    for dist in metadata.distributions():
        name = normalise(dist.metadata["Name"])
        if name in lock and dist.version != lock[name]:
            wrong[name] = (dist.version, lock[name])
    assert not wrong, f"installed vs pinned: {wrong}"


def make_dry_run(target: str) -> str:
    import os
    import subprocess

    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MAKELEVEL", "MFLAGS")}
    return subprocess.run(
        # make -n still runs the lines that call $(MAKE) (the lint stage): their times go to /dev/null,
        # not into the stage table of a `make test` that runs this test
        ["make", "--no-print-directory", "-n", "-W", "requirements/lock.txt", "TIMES=/dev/null", target],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stdout


def test_make_lab_listens_on_loopback_with_the_token_on():
    command = [line for line in make_dry_run("lab").splitlines() if "jupyter lab" in line]
    assert len(command) == 1, command
    line = command[0]
    assert "--ServerApp.ip=127.0.0.1" in line
    assert "token" not in line.lower() and "password" not in line.lower()  # Jupyter's default: a fresh token
    assert "0.0.0.0" not in line and "--ip=*" not in line


def test_make_test_sets_up_then_runs_pytest():
    lines = make_dry_run("test").splitlines()
    assert any("pip install" in line and "requirements/lock.txt" in line for line in lines)
    assert any("pip install" in line and "-e ." in line for line in lines)
    # The timed stages: unit tests and doctests, nbval, browser tests, in that order.
    stages = [line.split("-m pytest ", 1)[1].split(";")[0] for line in lines if "-m pytest " in line]
    assert stages == ['magiclib tests -m "not browser"', "notebooks", "tests/browser"], stages


def test_make_test_lints_with_the_pinned_ruff_before_pytest():
    lines = make_dry_run("test").splitlines()
    check = next(i for i, line in enumerate(lines) if "ruff check" in line)
    fmt = next(i for i, line in enumerate(lines) if "ruff format --check" in line)
    first_pytest = next(i for i, line in enumerate(lines) if "-m pytest" in line)
    assert check < fmt < first_pytest
    assert "ruff" in lock_pins()


def test_make_help_lists_every_target():
    import re
    import subprocess

    makefile = (ROOT / "Makefile").read_text()
    phony = set(re.search(r"^\.PHONY:(.*)$", makefile, re.M).group(1).split())
    defined = set(re.findall(r"^([a-z][a-z0-9_-]*):", makefile, re.M))
    assert phony == defined, {
        "declared, not defined": phony - defined,
        "defined, not declared": defined - phony,
    }
    shown = subprocess.run(
        ["make", "--no-print-directory", "help"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    listed = set(re.findall(r"^make ([a-z]+(?:-[a-z]+)*)", shown, re.M))
    assert listed == phony - {"help"}, {"missing from help": phony - {"help"} - listed}
    assert "-include" not in makefile, "no silently optional fragments: a missing include must fail"
