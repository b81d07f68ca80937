"""Three ``holdem serve`` processes on one PostgreSQL behind Debian's nginx.

The shipped front door (``deploy/nginx/holdem.conf``) with its ports moved to
free ones; the processes started as docs/operations.md "Many processes"
says. A player sits at two tables dealt by two processes and watches one of
them in chromium; the watched table's process is killed (kill -9). Issue 18:
its tables deal again within 15 s on another process, the page reconnects
to the new owner by itself with the seat and stack kept, the other table
never stops, and ``holdem check-chips`` finds every chip.
"""

from __future__ import annotations

import contextlib
import datetime
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from live_helpers import free_port, player, wait_for

import conftest

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "deploy" / "nginx" / "holdem.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "test-artifacts" / "browser"
NAMES = ("a", "b", "c")

pytestmark = [
    pytest.mark.server,
    pytest.mark.skipif(
        not Path(NGINX).exists(), reason="needs Debian's nginx (apt install nginx)"
    ),
    pytest.mark.skipif(
        not CHROMIUM.exists(),
        reason="needs Debian's chromium at /usr/bin/chromium (apt install chromium)",
    ),
]
sync_api = pytest.importorskip("playwright.sync_api", reason="needs playwright")


@pytest.fixture
def postgres_url() -> str:
    return conftest.fresh_postgres_url()


class Room:
    """Three processes and the door: ``door`` is the address players use."""

    def __init__(self, tmp: Path, url: str) -> None:
        self.tmp = tmp
        self.url = url
        self.ports = {name: free_port() for name in NAMES}
        self.door_port = free_port()
        self.door = f"http://127.0.0.1:{self.door_port}"
        self.processes: dict[str, subprocess.Popen[bytes]] = {}
        self.nginx: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        for name in NAMES:
            self.processes[name] = self._serve(name)
        for name in NAMES:
            self._wait_healthy(name)
        self._start_nginx()

    def _serve(self, name: str) -> subprocess.Popen[bytes]:
        command = [
            sys.executable,
            "-m",
            "holdem",
            "serve",
            "--database-url",
            self.url,
            "--port",
            str(self.ports[name]),
            "--name",
            name,
            "--advertise",
            f"/node/{name}",
            "--trusted-proxy",
            "127.0.0.1",
            "--bot-seconds",
            "0.05",
            "--hand-pause-seconds",
            "0.3",
            "--action-seconds",
            "60",
        ]
        log = (self.tmp / f"serve-{name}.log").open("wb")
        return subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)

    def _wait_healthy(self, name: str) -> None:
        base = f"http://127.0.0.1:{self.ports[name]}"

        def healthy() -> bool:
            if self.processes[name].poll() is not None:
                pytest.fail((self.tmp / f"serve-{name}.log").read_text())
            with contextlib.suppress(httpx.HTTPError):
                return httpx.get(f"{base}/api/health", timeout=2).status_code == 200
            return False

        wait_for(f"process {name} to start", healthy, 60, 0.1)

    def _start_nginx(self) -> None:
        text = CONF.read_text()
        text = text.replace("127.0.0.1:8000", f"127.0.0.1:{self.door_port}")
        for shipped, name in zip((8001, 8002, 8003), NAMES, strict=True):
            text = text.replace(f"127.0.0.1:{shipped}", f"127.0.0.1:{self.ports[name]}")
        prefix = self.tmp / "nginx"
        for folder in ("temp", "logs"):
            (prefix / folder).mkdir(parents=True)
            (prefix / folder).chmod(0o777)  # the workers run as nobody under root
        (prefix / "holdem.conf").write_text(text)
        temp = prefix / "temp"
        (prefix / "nginx.conf").write_text(
            f"""daemon off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/logs/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log {prefix}/logs/access.log;
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    include {prefix}/holdem.conf;
}}
"""
        )
        self.nginx = subprocess.Popen(
            [NGINX, "-p", str(prefix), "-c", str(prefix / "nginx.conf")],
            stdout=subprocess.DEVNULL,
            stderr=(prefix / "logs" / "stderr.log").open("wb"),
        )

        def answering() -> bool:
            with contextlib.suppress(httpx.HTTPError):
                return httpx.get(f"{self.door}/api/health", timeout=2).is_success
            return False

        wait_for("nginx to answer", answering, 30, 0.1)

    def kill(self, name: str) -> None:
        self.processes[name].send_signal(signal.SIGKILL)
        self.processes[name].wait(10)

    def stop(self) -> None:
        if self.nginx is not None:
            self.nginx.terminate()
            self.nginx.wait(10)
        for process in self.processes.values():
            if process.poll() is None:
                process.terminate()
        for process in self.processes.values():
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(30)


@pytest.fixture
def room(tmp_path: Path, postgres_url: str) -> Iterator[Room]:
    started = Room(tmp_path, postgres_url)
    try:
        started.start()
        yield started
    finally:
        for name in NAMES:  # what each process said (shown on a failure)
            log = (tmp_path / f"serve-{name}.log").read_text(errors="replace")
            print(f"--- holdem serve {name}:\n{log[-3000:]}")
        started.stop()


def _owners(door: str) -> dict[int, str]:
    """Each table's owner by the lobby's socket (``/node/<name>/ws/...``)."""
    lines = httpx.get(f"{door}/api/tables", timeout=10).json()["tables"]
    found = {}
    for line in lines:
        parts = line["socket"].split("/")
        if len(parts) > 2 and parts[1] == "node":
            found[line["id"]] = parts[2]
    return found


def _played(api: httpx.Client, table_id: int) -> int:
    """Hands finished at the table, from any process (the database's)."""
    hands = api.get(f"/api/tables/{table_id}/hands?limit=50")
    assert hands.status_code == 200, hands.text
    return len(hands.json()["hands"])


def _ended_since(api: httpx.Client, table_id: int, moment: datetime.datetime) -> int:
    """Hands at the table that ended after ``moment`` (wall clock, UTC)."""
    hands = api.get(f"/api/tables/{table_id}/hands?limit=50").json()["hands"]
    return sum(
        1 for h in hands if datetime.datetime.fromisoformat(h["ended_at"]) > moment
    )


PREFERENCE = ("post", "check", "call", "show", "no-straddle", "fold")


def _answer(page: Any) -> None:
    """Click the page's first offered answer by ``PREFERENCE``, or wait."""
    offered = page.eval_on_selector_all(
        "#decision button[data-action]", "nodes => nodes.map(n => n.dataset.action)"
    )
    choice = next((a for a in PREFERENCE if a in offered), None)
    if choice is None:
        page.wait_for_timeout(200)
    else:
        with contextlib.suppress(sync_api.Error):
            page.click(f"#decision button[data-action='{choice}']", timeout=2000)


def _ann_at(api: httpx.Client, door: str, table_id: int) -> dict[str, Any] | None:
    """Ann's seat at the table as its owner sees it, through the door."""
    owner = _owners(door).get(table_id)
    if owner is None:
        return None
    answer = api.get(f"/node/{owner}/api/tables/{table_id}")
    if answer.status_code != 200:
        return None
    seats = answer.json()["seats"]
    return next((s for s in seats if s and s["player"] == "ann"), None)


def test_a_killed_process_tables_deal_again_and_the_page_follows(room: Room) -> None:
    door = room.door
    ann = player(door, "ann")
    for n in range(2):
        made = ann.post("/api/tables", json={"name": f"Door {n}", "bots": 2})
        assert made.status_code == 201, made.text
    owners = wait_for(
        "every table owned", lambda: len(_owners(door)) == 3 and _owners(door)
    )
    by_process: dict[str, list[int]] = {}
    for table_id, owner in sorted(owners.items()):
        by_process.setdefault(owner, []).append(table_id)
    assert len(by_process) >= 2  # placed on the least-loaded processes
    watched_owner, other_owner = sorted(by_process)[:2]
    watched, other = by_process[watched_owner][0], by_process[other_owner][0]

    # ann sits at both, through the door to each owner (/node/<name>/)
    for table_id, owner in ((watched, watched_owner), (other, other_owner)):
        seats = ann.get(f"/node/{owner}/api/tables/{table_id}").json()["seats"]
        free = next(n for n, s in enumerate(seats, 1) if not s)
        sat = ann.post(
            f"/node/{owner}/api/tables/{table_id}/sit",
            json={"seat": free, "buy_in": 200},
        )
        assert sat.status_code == 200, sat.text
        assert ann.post(
            f"/node/{owner}/api/tables/{table_id}/options",
            json={"check_fold": True},
        ).is_success
    wait_for(
        "hands at both", lambda: min(_played(ann, watched), _played(ann, other)) >= 1
    )

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), args=["--headless", "--no-sandbox"]
        )
        context = browser.new_context(viewport={"width": 1366, "height": 768})
        context.add_cookies(
            [
                {"name": c.name, "value": c.value or "", "url": door}
                for c in ann.cookies.jar
            ]
        )
        page = context.new_page()
        sockets: list[str] = []
        welcomed: list[tuple[float, str]] = []  # (when, url): a table took us in

        def opened(ws: Any) -> None:
            sockets.append(ws.url)

            def frame(payload: str | bytes) -> None:
                if isinstance(payload, str) and '"welcome"' in payload:
                    welcomed.append((time.monotonic(), ws.url))

            ws.on("framereceived", frame)

        page.on("websocket", opened)
        page.goto(f"{door}/#/lobby")
        page.wait_for_selector("#tables tr")
        page.on("console", lambda m: print("page:", m.text))
        page.goto(f"{door}/#/table/{watched}")
        page.wait_for_selector(".seat.me")
        assert any(f"/node/{watched_owner}/ws/tables/{watched}" in s for s in sockets)

        stack_before = _ann_at(ann, door, watched)
        room.kill(watched_owner)
        killed = time.monotonic()
        killed_at = datetime.datetime.now(datetime.UTC)

        # ann's auto-answer was the dead process's memory: her page answers
        # now, with the buttons it offers, as she would
        while _ended_since(ann, watched, killed_at) == 0:
            assert time.monotonic() - killed < 30, f"not dealt again; sockets {sockets}"
            _answer(page)
        dealt_again = time.monotonic() - killed
        # meanwhile, the other process's table never stopped
        assert _ended_since(ann, other, killed_at) > 0
        new_owner = _owners(door)[watched]
        assert new_owner != watched_owner
        # the page was taken in again after the kill: at the new owner's
        # own address, or through the door's round robin straight to it
        back = [url for when, url in welcomed if when > killed]
        assert back, f"no socket taken in after the kill; sockets {sockets}"
        assert back[-1].endswith(
            (
                f"/node/{new_owner}/ws/tables/{watched}",
                f":{room.door_port}/ws/tables/{watched}",
            )
        ), back
        page.wait_for_selector(".seat.me", timeout=15_000)
        page_back = time.monotonic() - killed
        page.screenshot(path=ARTIFACTS / "20-after-failover-laptop.png")
        browser.close()
    print(
        f"failover: dealt again in {dealt_again:.1f} s, page back in {page_back:.1f} s"
    )
    assert dealt_again <= 15.0  # the bound, with the default 8 s lease
    assert page_back <= 20.0
    # ann's seat was kept; the other process's table never stopped
    seat = _ann_at(ann, door, watched)
    assert seat is not None and stack_before is not None
    room.stop()
    checked = subprocess.run(
        [sys.executable, "-m", "holdem", "check-chips", "--database-url", room.url],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
