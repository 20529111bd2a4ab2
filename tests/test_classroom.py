"""`make classroom` without servers: the class list is checked (every bad input refused with a clear message,
before any account exists), the hub's configuration and the students' environment agree with the suite's
pins, and plain HTTP off loopback is refused. The browser test is tests/browser/test_classroom.py."""

from __future__ import annotations

import os
import pwd
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from classroom import cgroups, classlist, serve

ROOT = Path(__file__).resolve().parents[1]


def parse(text: str, teacher: str | None = None):
    return classlist.parse(text.strip().splitlines(), teacher=teacher, source="class.csv")


def problems(text: str, teacher: str | None = None) -> list[str]:
    with pytest.raises(classlist.ClassListError) as info:
        parse(text, teacher)
    return info.value.problems


def test_a_good_list_with_and_without_names():
    students = parse("username,language,name\nalice,uk,Alice B\nbob,es,\ncarol,zh,Carol\ndan,en,Dan")
    assert [(s.username, s.language) for s in students] == [
        ("alice", "uk"),
        ("bob", "es"),
        ("carol", "zh"),
        ("dan", "en"),
    ]
    assert students[0].name == "Alice B"
    assert [s.username for s in parse("\ufeffusername,language\n ana , uk\n\n")] == ["ana"]


@pytest.mark.parametrize(
    "row, words",
    [
        ("root,en", "reserved"),
        ("../x,en", "not allowed"),
        ("bob smith,en", "not allowed"),
        ("Bob,en", "not allowed"),
        ("a" * 40 + ",en", "not allowed"),
        ("-x,en", "not allowed"),
        ("alice,fr", "language 'fr' is not one of en, uk, es, zh"),
        ("alice", "columns"),
        ("alice,uk,A,extra", "columns"),
    ],
)
def test_bad_rows_are_refused_with_their_line(row, words):
    found = problems(f"username,language,name\nzoe,uk\n{row}")
    assert len(found) == 1 and found[0].startswith("class.csv, line 3:") and words in found[0], found


def test_an_existing_system_account_is_refused():
    def usable(name: str) -> bool:
        return bool(re.fullmatch(r"[a-z][a-z0-9_-]*", name)) and name not in classlist.RESERVED

    name = next(
        p.pw_name for p in pwd.getpwall() if usable(p.pw_name) and not classlist.is_class_account(p.pw_name)
    )
    found = problems(f"username,language\n{name},en")
    assert "existing account on this machine" in found[0], found


def test_duplicates_bad_headers_empty_lists_and_the_teacher():
    assert "already on line 2" in problems("username,language\nana,uk\nana,es")[0]
    assert "header must be" in problems("user,lang\nana,uk")[0]
    assert "empty" in problems("")[0]
    assert "no students" in problems("username,language")[0]
    assert "is the teacher" in problems("username,language\nana,uk", teacher="ana")[0]
    assert problems("username,language\nana,uk", teacher="root")[0].startswith("TEACHER:")
    # Every problem at once, not the first only.
    assert len(problems("username,language\nroot,xx\nana,uk\nana,uk")) == 3


def test_nothing_is_made_when_the_list_is_bad(tmp_path, monkeypatch):
    """serve.py checks the list before it touches accounts: a bad list never reaches accounts.create."""
    made = []
    monkeypatch.setattr(serve.accounts, "create", lambda *a, **k: made.append(a) or [])
    monkeypatch.setattr(serve.os, "geteuid", lambda: 0)
    bad = tmp_path / "class.csv"
    bad.write_text("username,language\nroot,en\n")
    assert (
        serve.main(
            ["run", "--class", str(bad), "--state", str(tmp_path / "s"), "--repo", str(tmp_path / "r")]
        )
        == 2
    )
    assert made == []


@pytest.mark.parametrize(
    "ip, cert, insecure, refused",
    [("127.0.0.1", "", False, False), ("0.0.0.0", "", False, True), ("192.168.1.10", "", True, False),
     ("::1", "", False, False), ("10.0.0.5", "cert", False, False)],
)  # fmt: skip
def test_plain_http_off_loopback_is_refused(tmp_path, monkeypatch, ip, cert, insecure, refused):
    files = {}
    if cert:
        for name in ("cert", "key"):
            files[name] = tmp_path / name
            files[name].write_text("x")
    args = SimpleNamespace(ip=ip, port=1, cert=str(files.get("cert", "")), key=str(files.get("key", "")),
                           insecure=insecure)  # fmt: skip
    monkeypatch.setattr(serve, "port_free", lambda ip, port: True)  # no sockets here
    if refused:
        with pytest.raises(serve.SetupError, match="plain HTTP.*password.*CLASSROOM_INSECURE=1"):
            serve.check_network(args)
    else:
        serve.check_network(args)


def _pins(path: Path) -> dict[str, str]:
    pins = {}
    for line in path.read_text().splitlines():
        line = line.split("#")[0].strip()
        if "==" in line:
            name, version = line.split("==")
            pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def test_the_classroom_pins_add_to_the_lock_and_change_none():
    lock, extra = _pins(ROOT / "requirements" / "lock.txt"), _pins(ROOT / "classroom" / "requirements.txt")
    assert not set(lock) & set(extra), "the classroom pins must not repin the suite's lock"
    assert extra["jupyterhub"].startswith("5.") and extra["jupyterhub-firstuseauthenticator"] == "1.1.1"
    assert extra["jupyterhub-idle-culler"] == "2.0.0" and extra["nbgitpuller"] == "1.3.0"


def test_the_hub_configuration_is_a_readable_file_with_the_safeguards():
    text = (ROOT / "classroom" / "jupyterhub_config.py").read_text()
    compile(text, "jupyterhub_config.py", "exec")
    for needle in ("FirstUseAuthenticator", "create_users = False", "allowed_users", "LocalProcessSpawner",
                   "RLIMIT_AS", "jupyterhub_idle_culler", "cookie_secret_file", "db_url", "pre_spawn_hook",
                   "nbgitpuller" if "nbgitpuller" in text else "git-pull"):  # fmt: skip
        assert needle in text, needle
    # The teacher's role has no access:servers (the reason is in the file's docstring).
    role = re.search(r'"name": "teacher".*?"scopes": \[(.*?)\]', text, re.S).group(1)
    assert "access:servers" not in role and "admin-ui" in role
    hooks = ROOT / "classroom" / "student" / "hooks"
    assert (hooks / "post-checkout").read_text() == (hooks / "post-merge").read_text()
    assert "jupyter trust" in (hooks / "post-checkout").read_text()


def test_the_shared_environment_keeps_trust_per_user(tmp_path):
    """configure_jupyter.py --shared writes no trust store into the venv (a root-only key there gives every
    other account HTTP 500 on every notebook); the default, `make setup`, keeps it in the venv."""
    import json
    import subprocess
    import sys

    for shared in (False, True):
        prefix = tmp_path / ("shared" if shared else "own")
        (prefix / "share" / "jupyter" / "lab" / "settings").mkdir(parents=True)
        code = (
            "import sys; sys.path.insert(0, 'scripts'); import configure_jupyter as c;"
            "c.voila_template = c.lab_custom_style = lambda p: None;"
            f"c.main({str(prefix)!r}, shared={shared})"
        )
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
        config = json.loads((prefix / "etc" / "jupyter" / "jupyter_server_config.json").read_text())
        assert ("NotebookNotary" in config) is not shared


def test_the_image_recipe_installs_the_same_pins_and_runs_the_same_step():
    """repo2docker builds the students' image from environment.yml (the lock's pins: test_environment.py)
    and postBuild, which must install the classroom's pins and run the step `make classroom-env` runs."""
    post = (ROOT / "postBuild").read_text()
    assert post.startswith("#!/bin/bash") and (ROOT / "postBuild").stat().st_mode & 0o111
    assert "pip install --no-cache-dir -r classroom/requirements.txt" in post
    assert 'scripts/configure_jupyter.py "$prefix" --shared' in post
    build = (ROOT / "classroom" / "build_env.py").read_text()
    assert '"configure_jupyter.py"), str(prefix), "--shared"' in build
    assert "classroom/student" in post and "hooksPath" in post


def test_the_helm_values_parse_and_name_the_image():
    import yaml

    values = yaml.safe_load((ROOT / "classroom" / "helm" / "values.yaml").read_text())
    image = values["singleuser"]["image"]
    assert image["name"] and image["tag"]
    readme = (ROOT / "classroom" / "README.md").read_text()
    assert f"{image['name']}:{image['tag']}" in readme  # the image the README's repo2docker line builds
    assert values["cull"]["enabled"] is True and values["cull"]["timeout"] == 3600
    assert values["singleuser"]["defaultUrl"].startswith("/git-pull?repo=")
    env = values["singleuser"]["extraEnv"]
    assert env["GIT_CONFIG_GLOBAL"].endswith("/etc/classroom.gitconfig") and env["CLASSROOM_REPO_URL"]
    assert "access:servers" not in values["hub"]["loadRoles"]["teacher"]["scopes"]
    config = values["hub"]["config"]
    assert config["JupyterHub"]["authenticator_class"] == "firstuseauthenticator.FirstUseAuthenticator"


@pytest.mark.skipif(os.geteuid() != 0, reason="makes real accounts: root only")
def test_accounts_are_made_all_or_none(monkeypatch):
    """When making the third account fails, the two made before it are removed again."""
    from classroom import accounts

    tag = os.urandom(2).hex()
    names = [f"mqtest{tag}r{i}" for i in range(3)]
    real_run = accounts._run

    def failing(cmd):
        if cmd[0] == "useradd" and cmd[-1] == names[2]:
            raise accounts.AccountError("useradd failed (simulated)")
        real_run(cmd)

    monkeypatch.setattr(accounts, "_run", failing)
    try:
        with pytest.raises(accounts.AccountError, match="simulated"):
            accounts.create(names)
        assert not [n for n in names if accounts.exists(n)]
    finally:
        monkeypatch.setattr(accounts, "_run", real_run)
        accounts.remove(names)


def fake_v2(root: Path, controllers: str = "cpu memory pids") -> Path:
    os.makedirs(root)
    (root / "cgroup.controllers").write_text(controllers + "\n")
    (root / "cgroup.subtree_control").write_text("cpu\n")
    return root


def test_a_memory_group_a_student_in_either_cgroup_layout(tmp_path, monkeypatch):
    # Linux makes a group's files when its folder is made; a plain folder stands in for it here. The real
    # hierarchy is used by the browser test (a student's server in its group, the limit enforced).
    real_mkdir = Path.mkdir

    def mkdir(self, *args, **kwargs):
        real_mkdir(self, *args, **kwargs)
        for name in ("cgroup.procs", "cgroup.subtree_control"):
            (self / name).touch()

    monkeypatch.setattr(Path, "mkdir", mkdir)
    v2 = fake_v2(tmp_path / "v2")
    group = cgroups.student_group("ana", 2**30, root=v2)
    assert group == v2 / "magic-classroom" / "ana" and cgroups.find("ana", v2) == group
    assert (group / "memory.max").read_text() == f"{2**30}\n"
    assert "+memory" in (v2 / "cgroup.subtree_control").read_text()
    assert "+memory" in (v2 / "magic-classroom" / "cgroup.subtree_control").read_text()
    assert cgroups.student_group("ana", 2**31, root=v2) == group  # a second start updates the limit
    assert (group / "memory.max").read_text() == f"{2**31}\n" and cgroups.limit(group) == 2**31

    v1 = tmp_path / "v1"
    real_mkdir(v1 / "memory", parents=True)
    (v1 / "memory" / "cgroup.procs").touch()
    group = cgroups.student_group("bo", 3 * 2**30, root=v1)
    assert group == v1 / "memory" / "magic-classroom" / "bo" and cgroups.find("bo", v1) == group
    assert (group / "memory.limit_in_bytes").read_text() == f"{3 * 2**30}\n"
    assert cgroups.limit(group) == 3 * 2**30
    (group / "cgroup.procs").write_text("12\n34\n")
    assert cgroups.members(group) == {12, 34}
    assert cgroups.find("ana", v1) is None


def test_no_memory_cgroup_is_a_clear_oserror(tmp_path):
    with pytest.raises(OSError, match="no memory cgroup"):
        cgroups.student_group("ana", 2**30, root=tmp_path)
    with pytest.raises(OSError, match="memory controller is not available"):
        cgroups.student_group("ana", 2**30, root=fake_v2(tmp_path / "v2", "cpu pids"))
    cgroups.remove("ana", tmp_path)  # nothing to remove: no error


def test_the_shared_environment_switches_nbgrader_teacher_parts_off(tmp_path):
    """Students keep nbgrader's assignment list and validate button; the grading page, the course list
    and the assignment editor are off for every account (grading.py hand_over turns them on for the
    teacher), in the settings files the installed package wrote."""
    import json

    from classroom import build_env

    installed = tmp_path / "etc" / "jupyter" / "jupyter_server_config.d" / "nbgrader.json"
    installed.parent.mkdir(parents=True)
    names = [
        f"nbgrader.server_extensions.{n}"
        for n in ("formgrader", "validate_assignment", "assignment_list", "course_list")
    ]
    installed.write_text(json.dumps({"ServerApp": {"jpserver_extensions": dict.fromkeys(names, True)}}))
    build_env.teacher_parts_off(tmp_path)
    on = json.loads(installed.read_text())["ServerApp"]["jpserver_extensions"]
    assert {n.rsplit(".", 1)[1] for n, v in on.items() if v} == {"validate_assignment", "assignment_list"}
    page = json.loads((tmp_path / "etc" / "jupyter" / "labconfig" / "page_config.json").read_text())
    assert page["disabledExtensions"] == dict.fromkeys(build_env.TEACHER_LAB_PLUGINS, True)
    assert "@jupyter/nbgrader:assignment-list" not in page["disabledExtensions"]
