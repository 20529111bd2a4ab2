"""`make classroom` under a class: N simulated students (default 30) log in at once, their servers start,
each pulls the course and runs the first code cell of notebook 01 through its kernel's websocket.

Prints time to first output (median, 95th percentile, from the moment the wave starts), spawn failures and
memory a student (server + kernel, resident). Aim (issue 31): all 30 served within 120 s on 2 cores, no
failure, at most 0.35 GiB a student. Needs root and the students' environment (`make classroom-env`);
otherwise it says so and measures nothing. ``CLASSROOM_BENCH_STUDENTS=5`` sets the class size.

Returns no ratio rows (benchmarks/run.py's table compares a baseline with a fast method; a class has no
baseline): the figures are printed here.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
ENV = Path(os.environ.get("CLASSROOM_ENV", "/opt/magiclib-classroom"))
PASSWORD = "bench-password"


def first_code_cell() -> str:
    nb = json.loads((ROOT / "notebooks" / "01_siamese_walk.ipynb").read_text())
    return "".join(next(c for c in nb["cells"] if c["cell_type"] == "code")["source"])


async def student(base: str, user: str, repo: str, code: str, t0: float) -> dict:
    """One student's login, spawn, pull and first cell; a failure is recorded, not raised."""
    try:
        return await _student(base, user, repo, code, t0)
    except Exception as exc:  # a timeout under load is a failure of the wave, reported with the rest
        return {"user": user, "ok": False, "error": f"{type(exc).__name__}: {str(exc)[:120]}"}


async def _student(base: str, user: str, repo: str, code: str, t0: float) -> dict:
    import httpx
    import websockets

    result = {"user": user, "ok": False}
    async with httpx.AsyncClient(base_url=base, timeout=300, follow_redirects=False) as client:
        r = await client.get("/hub/login")
        xsrf = client.cookies.get("_xsrf", "")
        r = await client.post(
            "/hub/login", data={"username": user, "password": PASSWORD, "_xsrf": xsrf}, follow_redirects=False
        )
        if r.status_code != 302:
            result["error"] = f"login {r.status_code}"
            return result
        await client.get("/hub/spawn", follow_redirects=False)
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            r = await client.get(
                f"/hub/api/users/{user}", headers={"X-XSRFToken": client.cookies.get("_xsrf", "")}
            )
            model = r.json() if r.status_code == 200 else {}
            server = (model.get("servers") or {}).get("", {})
            if server.get("ready"):
                break
            await asyncio.sleep(0.5)
        else:
            result["error"] = "spawn timeout"
            return result
        result["ready_s"] = time.monotonic() - t0
        # A token of the student's own (what the browser's OAuth cookie stands for), for the server's API.
        r = await client.post(
            f"/hub/api/users/{user}/tokens",
            headers={"X-XSRFToken": client.cookies.get("_xsrf", "")},
            json={"expires_in": 3600, "note": "bench"},
        )
        headers = {"Authorization": f"token {r.json()['token']}"}
        query = {"repo": f"file://{repo}", "branch": "main", "targetpath": "magic-squares"}
        async with client.stream(
            "GET", f"/user/{user}/git-pull/api", params=query, headers=headers
        ) as stream:
            async for _ in stream.aiter_lines():
                pass
        result["pulled_s"] = time.monotonic() - t0
        r = await client.post(
            f"/user/{user}/api/sessions",
            headers=headers,
            json={"path": "magic-squares/notebooks/01_siamese_walk.ipynb", "type": "notebook",
                  "kernel": {"name": "python3"}},
        )  # fmt: skip
        if r.status_code != 201:
            result["error"] = f"session {r.status_code} {r.text[:200]}"
            return result
        kernel = r.json()["kernel"]["id"]
        ws_url = base.replace("http", "ws", 1) + f"/user/{user}/api/kernels/{kernel}/channels"
        msg_id = uuid.uuid4().hex
        request = {
            "header": {
                "msg_id": msg_id, "username": user, "session": uuid.uuid4().hex,
                "msg_type": "execute_request", "version": "5.3", "date": "",
            },
            "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
            "content": {"code": code, "silent": False, "store_history": True, "user_expressions": {},
                        "allow_stdin": False, "stop_on_error": True},
        }  # fmt: skip
        async with websockets.connect(
            ws_url, additional_headers=headers, max_size=None, open_timeout=300
        ) as ws:
            await ws.send(json.dumps(request))
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), timeout=300))
                if msg.get("parent_header", {}).get("msg_id") != msg_id:
                    continue
                kind = msg["msg_type"]
                # 01's first cell prints nothing (its imports): its reply, the prompt's number, is its output.
                if (
                    kind in ("stream", "execute_result", "display_data", "execute_reply")
                    and "first_output_s" not in result
                ):
                    result["first_output_s"] = time.monotonic() - t0
                if kind == "error":
                    result["error"] = msg["content"].get("ename", "error")
                if kind == "execute_reply":
                    if msg["content"].get("status") != "ok":
                        result["error"] = msg["content"].get("ename", "error")
                    break
        result["done_s"] = time.monotonic() - t0
        result["ok"] = "error" not in result
    return result


def resident_gib(user: str) -> float:
    out = subprocess.run(["ps", "-u", user, "-o", "rss="], capture_output=True, text=True).stdout
    return sum(int(x) for x in out.split()) / 2**20


def measure(n: int) -> None:
    from tests.browser.test_classroom import Classroom  # the e2e test's hub: same serve.py, free ports

    tag = os.urandom(2).hex()
    users = [f"mqbench{tag}{i:02d}" for i in range(n)]
    room = Classroom("username,language\n" + "".join(f"{u},en\n" for u in users), tuple(users), None)
    results, memory, wall = [], [], 0.0
    try:
        room.start_seconds = room.start()
        # Passwords: FirstUseAuthenticator sets them at the first login (the wave's own logins).
        code = first_code_cell()
        t0 = time.monotonic()

        async def wave():
            return await asyncio.gather(*(student(room.base, u, str(room.repo), code, t0) for u in users))

        results = asyncio.run(wave())
        wall = time.monotonic() - t0
        memory = [resident_gib(u) for u in users]
    finally:
        room.close()
    ok = [r for r in results if r["ok"]]
    firsts = sorted(r["first_output_s"] for r in ok if "first_output_s" in r)
    failures = [(r["user"], r.get("error")) for r in results if not r["ok"]]
    p95 = firsts[min(len(firsts) - 1, int(round(0.95 * (len(firsts) - 1))))] if firsts else float("nan")
    print(
        f"classroom: {n} students in one wave on {os.cpu_count()} cores "
        f"(hub started in {room.start_seconds:.1f} s)"
    )
    if firsts:
        print(
            f"  time to the first output (the reply) of 01's first cell: "
            f"median {statistics.median(firsts):.1f} s, "
            f"p95 {p95:.1f} s"
        )
    print(f"  all served in {wall:.1f} s; spawn or run failures: {len(failures)} {failures[:5]}")
    print(
        f"  memory a student (server + kernel, resident): mean {statistics.mean(memory):.2f} GiB, "
        f"max {max(memory):.2f} GiB"
    )


def run() -> list:
    if os.geteuid() != 0 or not (ENV / "bin" / "jupyterhub").exists():
        print("classroom: skipped (needs root and the students' environment: make classroom-env)")
        return []
    measure(int(os.environ.get("CLASSROOM_BENCH_STUDENTS", "30")))
    return []


if __name__ == "__main__":
    run()
