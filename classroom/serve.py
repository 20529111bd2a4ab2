"""What ``make classroom`` runs (as root, with the students' environment's Python): check everything, make
the accounts, publish the course repository, write the hub's settings, then serve until Ctrl-C.

Order matters: the class list, the address and its certificate, the environment and the port are all
checked before the first account is made; the accounts are made all or none (classroom/accounts.py).

Usage:
    serve.py run --class CLASS.csv [--teacher NAME] [--ip IP] [--port PORT] [--cert F --key F | --insecure]
                 [--state DIR] [--repo DIR] [--env DIR] [--idle-timeout S] [--mem-limit 2G]
    serve.py stop [--state DIR]        stop a classroom started in the background (make classroom-stop)
    serve.py publish [--repo DIR]      send the committed notebooks to the students (make classroom-publish)
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from classroom import accounts, classlist  # noqa: E402

DEFAULT_STATE = "/var/lib/magiclib-classroom"
DEFAULT_REPO = "/srv/magiclib-classroom/course.git"
DEFAULT_ENV = "/opt/magiclib-classroom"

PLAIN_HTTP_REFUSED = (
    "refusing to serve plain HTTP on {ip}: off this machine every password the students type and every "
    "session cookie would cross the school network readable by anyone on it. Give a certificate and its key "
    "(CLASSROOM_CERT=... CLASSROOM_KEY=...), or, on a network you trust completely, CLASSROOM_INSECURE=1."
)


class SetupError(RuntimeError):
    pass


def is_loopback(ip: str) -> bool:
    if ip == "localhost":
        return True
    try:
        return ipaddress.ip_address(ip).is_loopback
    except ValueError:
        return False


def parse_size(text: str) -> int:
    """``2G``, ``512M``, ``1048576`` -> bytes (0: no limit)."""
    text = text.strip().upper()
    units = {"K": 2**10, "M": 2**20, "G": 2**30}
    if text and text[-1] in units:
        return int(float(text[:-1]) * units[text[-1]])
    return int(text)


def port_free(ip: str, port: int) -> bool:
    with socket.socket(socket.AF_INET6 if ":" in ip else socket.AF_INET) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as the servers bind: TIME_WAIT is no use
        try:
            s.bind((ip, port))
            return True
        except OSError:
            return False


def check_network(args) -> None:
    if bool(args.cert) != bool(args.key):
        raise SetupError("a certificate needs its key: give both CLASSROOM_CERT and CLASSROOM_KEY")
    for path in filter(None, (args.cert, args.key)):
        if not Path(path).is_file():
            raise SetupError(f"no such file: {path}")
    if not is_loopback(args.ip) and not args.cert and not args.insecure:
        raise SetupError(PLAIN_HTTP_REFUSED.format(ip=args.ip))
    for port in (args.port, args.port + 1, args.port + 2):
        if not port_free("127.0.0.1" if port != args.port else args.ip, port):
            raise SetupError(
                f"port {port} is in use (the classroom needs {args.port} and, on 127.0.0.1, "
                f"{args.port + 1} and {args.port + 2}): is a classroom already running? (make classroom-stop)"
            )


def check_env(env: Path) -> None:
    for needed in (
        env / "bin" / "jupyterhub",
        env / "npm" / "node_modules" / ".bin" / "configurable-http-proxy",
    ):
        if not needed.exists():
            raise SetupError(
                f"{needed} is missing: build the students' environment first (make classroom-env)"
            )


def git(*args: str, cwd: Path | None = None) -> str:
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise SetupError(f"git {' '.join(args)}: {result.stderr.strip()}")
    return result.stdout


def gitconfig(repo: Path, env: Path = Path(DEFAULT_ENV)) -> Path:
    """The git settings of every student's server (``GIT_CONFIG_GLOBAL``, classroom/jupyterhub_config.py),
    beside the course repository: the student's own ~/.gitconfig, the course repository marked safe (it is
    root's; git refuses another account's repository otherwise), and the hooks that trust the notebooks."""
    path = repo.parent / "classroom.gitconfig"
    path.write_text(
        "# Written by classroom/serve.py for the students' servers (GIT_CONFIG_GLOBAL).\n"
        "[include]\n\tpath = ~/.gitconfig\n"
        f"[safe]\n\tdirectory = {repo}\n"
        f"[core]\n\thooksPath = {env / 'share' / 'magiclib-classroom' / 'student' / 'hooks'}\n"
    )
    path.chmod(0o644)
    return path


def publish(repo: Path, branch: str = "main", source: Path = ROOT, env: Path = Path(DEFAULT_ENV)) -> str:
    """Send the committed state of ``source`` (its HEAD) to the bare course repository ``repo`` (made when
    missing), readable by every account. Returns the commit published."""
    if not (repo / "HEAD").is_file():
        repo.parent.mkdir(parents=True, exist_ok=True)
        repo.parent.chmod(0o755)
        git("init", "--quiet", "--bare", f"--initial-branch={branch}", str(repo))
    git("push", "--quiet", str(repo), f"HEAD:refs/heads/{branch}", cwd=source)
    subprocess.run(["chmod", "-R", "a+rX,go-w", str(repo)], check=True)
    gitconfig(repo, env)
    dirty = git("status", "--porcelain", "--", "notebooks", cwd=source).strip()
    if dirty:
        print("note: notebooks changed but not committed are not sent (commit, then make classroom-publish):")
        print("  " + dirty.replace("\n", "\n  "))
    return git("rev-parse", "HEAD", cwd=source).strip()


def run(args) -> int:
    if os.geteuid() != 0:
        raise SetupError(
            "make classroom runs as root: it makes an account per student and starts their servers"
        )
    students = classlist.read(args.class_list, teacher=args.teacher or None)
    check_network(args)
    env = Path(args.env).resolve()
    check_env(env)
    state, repo = Path(args.state).resolve(), Path(args.repo).resolve()
    mem_limit = parse_size(args.mem_limit)

    try:
        publish(repo, env=env)
    except SetupError as exc:
        if not (repo / "HEAD").is_file() or "rejected" not in str(exc):
            raise
        # Commits were pushed to the course repository from elsewhere (another clone): it stays as it is.
        print(f"note: the course repository {repo} has commits this folder lacks; it is served as it is")
        gitconfig(repo, env)
    names = {s.username: s.name for s in students}
    own = []
    if args.teacher and not classlist.is_class_account(args.teacher):
        try:
            import pwd

            pwd.getpwnam(args.teacher)
            own = [args.teacher]  # the teacher's own login on this machine
        except KeyError:
            pass
    made = accounts.create([*names, *([args.teacher] if args.teacher else [])], names, own=own)
    try:
        state.mkdir(parents=True, exist_ok=True)
        state.chmod(0o700)
        settings = {
            "env": str(env),
            "ip": args.ip,
            "port": args.port,
            "hub_port": args.port + 1,
            "proxy_api_port": args.port + 2,
            "ssl_cert": str(Path(args.cert).resolve()) if args.cert else "",
            "ssl_key": str(Path(args.key).resolve()) if args.key else "",
            "students": {s.username: s.language for s in students},
            "teacher": args.teacher or None,
            "repo": str(repo),
            "gitconfig": str(repo.parent / "classroom.gitconfig"),
            "branch": "main",
            "idle_timeout": args.idle_timeout,
            "cull_every": max(1, min(60, args.idle_timeout // 4)),
            "mem_limit": mem_limit,
            "max_processes": args.max_processes,
            "lab_options": args.lab_option,
        }
        (state / "settings.json").write_text(json.dumps(settings, indent=2) + "\n")
    except BaseException:
        accounts.remove(made)
        raise
    scheme = "https" if args.cert else "http"
    host = "127.0.0.1" if args.ip in ("127.0.0.1", "localhost") else args.ip
    print(
        f"classroom: {len(students)} students, {len(made)} accounts made"
        + (f", teacher {args.teacher}" if args.teacher else "")
        + f"\n\n    give the class this address:  {scheme}://{host}:{args.port}/\n\n"
        "Each student logs in with their username and picks a password at the first login.\n"
        "Stop with Ctrl-C (or make classroom-stop); the students' work and passwords stay.",
        flush=True,
    )
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "PYTHON"))}
    environ["CLASSROOM_STATE"] = str(state)
    environ["PATH"] = f"{env / 'bin'}:/usr/local/bin:/usr/bin:/bin"
    os.chdir(state)
    hub = str(env / "bin" / "jupyterhub")
    os.execve(hub, [hub, "-f", str(ROOT / "classroom" / "jupyterhub_config.py")], environ)
    return 0  # not reached


def stop(args) -> int:
    pid_file = Path(args.state) / "jupyterhub.pid"
    if not pid_file.is_file():
        print(f"no classroom running (no {pid_file})")
        return 0
    pid = int(pid_file.read_text().strip())
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        print(f"no classroom running (process {pid} is gone)")
        pid_file.unlink(missing_ok=True)
        return 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            print(f"classroom stopped (hub process {pid}); the students' work and passwords are kept")
            return 0
        time.sleep(0.2)
    print(f"the hub (process {pid}) did not stop within 60 s", file=sys.stderr)
    return 1


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="action", required=True)
    p = sub.add_parser("run")
    p.add_argument("--class", dest="class_list", required=True)
    p.add_argument("--teacher", default="")
    p.add_argument("--ip", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--cert", default="")
    p.add_argument("--key", default="")
    p.add_argument("--insecure", action="store_true")
    p.add_argument("--state", default=DEFAULT_STATE)
    p.add_argument("--repo", default=DEFAULT_REPO)
    p.add_argument("--env", default=DEFAULT_ENV)
    p.add_argument("--idle-timeout", type=int, default=3600, help="seconds (default one hour)")
    p.add_argument("--mem-limit", default="2G", help="a student's server in all, and each process (0: none)")
    p.add_argument("--max-processes", type=int, default=512, help="processes and threads of each account")
    p.add_argument("--lab-option", action="append", default=[], help="an option for each student's server")
    s = sub.add_parser("stop")
    s.add_argument("--state", default=DEFAULT_STATE)
    u = sub.add_parser("publish")
    u.add_argument("--repo", default=DEFAULT_REPO)
    u.add_argument("--env", default=DEFAULT_ENV)
    args = parser.parse_args(argv)
    try:
        if args.action == "run":
            return run(args)
        if args.action == "stop":
            return stop(args)
        print(f"published {publish(Path(args.repo).resolve(), env=Path(args.env))[:12]} to {args.repo}")
        return 0
    except (classlist.ClassListError, SetupError, accounts.AccountError) as exc:
        print(exc, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
