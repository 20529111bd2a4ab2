"""JupyterHub configuration of ``make classroom``: a class of students on one machine.

Read by ``jupyterhub -f classroom/jupyterhub_config.py`` (started by classroom/serve.py as root, in the
classroom's state folder). What varies between classes, the class list, ports, paths and limits, is in
``$CLASSROOM_STATE/settings.json``, written by serve.py after it has checked them; everything else is here.

What it sets up, for a school's IT staff to review:

- Who logs in: only the accounts of the class list and the teacher (``allowed_users``). The first login
  of a name sets its password (FirstUseAuthenticator, stored hashed in ``passwords.dbm`` in the state
  folder); a later login with another password is refused. Each name is a Linux account made by
  classroom/accounts.py (home 0700, password locked: no ssh).
- Where a student's server runs: as their own account (LocalProcessSpawner, the hub runs as root), from
  the students' environment (one pinned, read-only venv built from Debian's Python by
  classroom/build_env.py), in their home folder.
- What a student sees: at each login the suite's notebooks are pulled into ``~/magic-squares`` with
  nbgitpuller from the course repository (a bare git repository on this machine, over ``file://``; their
  own edits are kept, see docs/teachers.md), and JupyterLab opens on their edition's folder, in their
  language (a JupyterLab setting written once; they can change it). The pulled notebooks are signed as
  trusted with the student's own key (git hooks in student/hooks, run by git as the student), so the
  saved players and widgets show before anything runs.
- Trust stays per student: the environment keeps no trust database of its own (build_env.py), so
  Jupyter's default, ``~/.local/share/jupyter/`` in the student's home, holds each student's key.
- The teacher: a role of its own, ``teacher``: the admin page (who is working, stop or start a server),
  but not ``access:servers``, so the teacher does not open a student's server in the browser. Without
  per-user subdomains (they need a DNS name with a wildcard record and a wildcard certificate, which a
  classroom laptop on an IP address does not have) every server shares one origin with the hub, and a
  notebook a student trusted could run its JavaScript with the rights of whoever opens it there; the
  teacher reads a student's work as root on the machine instead (docs/teachers.md).
- Limits: each student's server as a whole (the server and its kernels) has a memory limit
  (``mem_limit``, a cgroup a student where the machine allows it, classroom/cgroups.py), each of its
  processes the same limit on its address space (RLIMIT_AS), and each account a process limit; the
  idle culler stops servers idle for ``idle_timeout`` seconds (default one hour). The files stay; the
  next visit starts the server again.
- A restart loses nothing: the hub's database, its cookie secret and the passwords are files in the
  state folder (mode 0700, root only); the students' work is in their homes.
"""

from __future__ import annotations

import json
import os
import pwd
import resource
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlencode

from jupyterhub.spawner import LocalProcessSpawner

c = get_config()  # noqa: F821 (defined by JupyterHub when it reads this file)

STATE = Path(os.environ["CLASSROOM_STATE"])
SETTINGS = json.loads((STATE / "settings.json").read_text())
ENV = Path(SETTINGS["env"])  # the students' environment (the hub runs from it too)
STUDENT_FILES = ENV / "share" / "magiclib-classroom" / "student"
STUDENTS: dict[str, str] = SETTINGS["students"]  # username -> edition (en, uk, es, zh)
TEACHER: str | None = SETTINGS.get("teacher")
TARGET = "magic-squares"  # the folder in each home that holds the suite's notebooks

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from configure_jupyter import LAB_LOCALES  # noqa: E402  (each edition's JupyterLab language)

from classroom import cgroups  # noqa: E402  (a memory limit a student)

# ------------------------------------------------------------------ the hub and its proxy
scheme = "https" if SETTINGS.get("ssl_cert") else "http"
c.JupyterHub.bind_url = f"{scheme}://{SETTINGS['ip']}:{SETTINGS['port']}"
c.JupyterHub.hub_bind_url = f"http://127.0.0.1:{SETTINGS['hub_port']}"
if SETTINGS.get("ssl_cert"):
    c.JupyterHub.ssl_cert = SETTINGS["ssl_cert"]
    c.JupyterHub.ssl_key = SETTINGS["ssl_key"]
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{SETTINGS['proxy_api_port']}"
c.ConfigurableHTTPProxy.command = [str(ENV / "npm" / "node_modules" / ".bin" / "configurable-http-proxy")]
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(STATE / "jupyterhub.pid")
c.JupyterHub.subdomain_host = SETTINGS.get("subdomain_host", "")  # see the docstring
# A student whose server was stopped (culled) gets it started again on their next visit.
c.JupyterHub.implicit_spawn_seconds = 1
c.JupyterHub.cleanup_servers = True  # Ctrl-C stops every server it started; the files stay

# ------------------------------------------------------------------ who logs in
c.JupyterHub.authenticator_class = "firstuseauthenticator.FirstUseAuthenticator"
c.FirstUseAuthenticator.dbm_path = str(STATE / "passwords.dbm")
c.FirstUseAuthenticator.create_users = False  # the accounts are made from the class list only
c.FirstUseAuthenticator.min_password_length = 8
c.Authenticator.allowed_users = set(STUDENTS) | ({TEACHER} if TEACHER else set())
c.Authenticator.admin_users = set()  # JupyterHub's admin role includes opening every server: not given
c.JupyterHub.load_roles = [
    {
        "name": "teacher",
        "description": "The admin page: who is working; stop or start a student's server",
        "scopes": ["admin-ui", "list:users", "read:users", "read:users:activity", "admin:servers"],
        "users": [TEACHER] if TEACHER else [],
    },
    {
        "name": "idle-culler",
        "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
        "services": ["idle-culler"],
    },
]

# ------------------------------------------------------------------ the idle culler
c.JupyterHub.services = [
    {
        "name": "idle-culler",
        "command": [
            str(ENV / "bin" / "python"),
            "-m",
            "jupyterhub_idle_culler",
            f"--timeout={SETTINGS['idle_timeout']}",
            f"--cull-every={SETTINGS['cull_every']}",
        ],
    }
]


# ------------------------------------------------------------------ the students' servers
class ClassroomSpawner(LocalProcessSpawner):
    """LocalProcessSpawner (each server as its student's account) with limits it does not enforce itself:
    ``mem_limit`` for the student's server as a whole (a memory cgroup a student, classroom/cgroups.py:
    past it, the largest of that student's processes is stopped) and as RLIMIT_AS on each of its
    processes (a cell that allocates too much at once gets a MemoryError; the others' work goes on), and
    a process limit for the account (a fork bomb stops at it)."""

    def make_preexec_fn(self, name):
        become = super().make_preexec_fn(name)
        memory, processes = self.mem_limit, SETTINGS["max_processes"]
        group = None
        if memory:
            try:
                group = cgroups.student_group(name, memory)
            except OSError as e:
                self.log.warning("No memory cgroup for %s (%s): only each process's own limit holds", name, e)

        def preexec():
            if group is not None:
                cgroups.join(group)  # still root here; the server and its kernels stay in the group
            if memory:
                resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            resource.setrlimit(resource.RLIMIT_NPROC, (processes, processes))
            become()

        return preexec

    async def stop(self, now=False):
        await super().stop(now=now)
        cgroups.remove(self.user.name)


c.JupyterHub.spawner_class = ClassroomSpawner
c.Spawner.cmd = [str(ENV / "bin" / "jupyterhub-singleuser")]
c.Spawner.mem_limit = SETTINGS["mem_limit"]
c.Spawner.start_timeout = 180  # thirty servers starting at once on two cores
c.Spawner.http_timeout = 180
c.Spawner.args = list(SETTINGS.get("lab_options", []))
c.Spawner.environment = {
    "PATH": f"{ENV / 'bin'}:/usr/local/bin:/usr/bin:/bin",
    # git reads the classroom's settings (written by serve.py beside the course repository): the students'
    # own ~/.gitconfig, the root-owned course repository marked safe, and the hooks (student/hooks) that
    # trust what nbgitpuller delivers.
    "GIT_CONFIG_GLOBAL": SETTINGS["gitconfig"],
    "CLASSROOM_REPO_URL": "file://" + SETTINGS["repo"],
}


def edition_folder(language: str) -> str:
    return f"{TARGET}/notebooks" + ("" if language == "en" else f"/{language}")


def pull_url(language: str) -> str:
    """The nbgitpuller link that brings the course up to date and opens the edition's folder."""
    query = {
        "repo": "file://" + SETTINGS["repo"],
        "branch": SETTINGS.get("branch", "main"),
        "targetpath": TARGET,
        "urlpath": f"lab/tree/{edition_folder(language)}",
    }
    return "/git-pull?" + urlencode(query)


def pre_spawn_hook(spawner):
    """Before a server starts: the student's first JupyterLab settings (their language), written as the
    student; the landing page pulls the course and opens their edition."""
    name = spawner.user.name
    language = STUDENTS.get(name, "en")
    account = pwd.getpwnam(name)
    subprocess.run(
        [
            str(ENV / "bin" / "python"),
            str(STUDENT_FILES / "first_settings.py"),
            LAB_LOCALES.get(language, "en"),
        ],
        user=account.pw_uid,
        group=account.pw_gid,
        extra_groups=[],
        cwd=account.pw_dir,
        env={"HOME": account.pw_dir, "PATH": "/usr/bin:/bin"},
        check=True,
        timeout=60,
    )
    spawner.default_url = pull_url(language)
    spawner.environment = {**spawner.environment, "CLASSROOM_EDITION": language}
    if language == "zh":  # the CJK web font (scripts/configure_jupyter.py lab_custom_style)
        spawner.args = [*spawner.args, "--LabApp.custom_css=True"]


c.Spawner.pre_spawn_hook = pre_spawn_hook
