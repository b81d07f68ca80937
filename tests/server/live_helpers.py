"""Helpers of the tests against a real server: uvicorn on 127.0.0.1 in a
thread (``live``), a throwaway PostgreSQL cluster of the test's own
(``Cluster``), and a player who answers by HTTP."""

from __future__ import annotations

import contextlib
import glob
import os
import random
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi import FastAPI
from room_helpers import PASSWORD

from holdem.server import ServerConfig, Store, create_app
from holdem.server.config import utc_now
from holdem.table import CallingStationBot


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def live_config(**changes: object) -> ServerConfig:
    """A room on the wall clock that deals quickly (bots at once, short pauses)."""
    base: dict[str, object] = {
        "now": utc_now,
        "rng": lambda: random.Random(7),
        "bot_seconds": 0.0,
        "hand_pause_seconds": 0.1,
        "tick_seconds": 0.05,
        "action_seconds": 0.3,
        "time_bank_seconds": 0.0,
        "max_timeouts": 10**9,  # a person who never answers is never sat out
        "make_bot": CallingStationBot,
        "starting_chips": 100_000,
        "bot_chips": 100_000,
        "tune_gc": False,
    }
    base.update(changes)
    return ServerConfig(**base)  # type: ignore[arg-type]


@contextlib.contextmanager
def live(config: ServerConfig, store: Store) -> Iterator[tuple[str, FastAPI]]:
    """The room served by uvicorn on 127.0.0.1 in a thread: its URL and app."""
    app = create_app(config, store)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert thread.is_alive(), "the server stopped at its start"
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}", app
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def wait_for(
    what: str, check: Callable[[], Any], timeout: float = 60.0, every: float = 0.05
) -> Any:
    """Poll ``check`` until it returns something true; that value."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(every)


def player(base: str, name: str) -> httpx.Client:
    """A registered player's HTTP client (the session is its cookie)."""
    api = httpx.Client(base_url=base, timeout=30)
    response = api.post("/api/register", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    return api


def sit_and_autoplay(
    api: httpx.Client, table_id: int, seat: int, buy_in: int, *, auto: bool = True
) -> None:
    """Sit; with ``auto`` the room answers at once (post, check or fold),
    else on each time-out (check or fold, show)."""
    response = api.post(
        f"/api/tables/{table_id}/sit", json={"seat": seat, "buy_in": buy_in}
    )
    assert response.status_code == 200, response.text
    if not auto:
        return
    options = {"auto_post": True, "check_fold": True}
    response = api.post(f"/api/tables/{table_id}/options", json=options)
    assert response.status_code == 200, response.text


def lobby(base: str) -> dict[int, dict[str, Any]]:
    """The lobby's tables by id."""
    tables = httpx.get(f"{base}/api/tables", timeout=30).json()["tables"]
    return {t["id"]: t for t in tables}


class Cluster:
    """A throwaway PostgreSQL cluster of the test's own (as ``.ci/run`` makes).

    initdb and pg_ctl run as the user postgres (``su postgres -c``); the
    cluster listens on a free port of 127.0.0.1 and is removed at ``close``.
    """

    def __init__(self) -> None:
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
        if not found:
            pytest.skip("no PostgreSQL binaries in /usr/lib/postgresql/*/bin")
        if os.geteuid() != 0 or shutil.which("su") is None:
            pytest.skip("the cluster's pg_ctl runs as postgres: needs root and su")
        self.bin = Path(found[-1]).parent
        self.dir = Path(tempfile.mkdtemp(prefix="holdem-faults-pg."))
        shutil.chown(self.dir, "postgres")
        self.port = free_port()
        self._su(f"{self.bin}/initdb -D {self.dir}/data -A trust -U postgres")
        self.start()
        self._su(f"{self.bin}/createdb -h 127.0.0.1 -p {self.port} holdem_faults")
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/holdem_faults"

    def _su(self, command: str) -> None:
        subprocess.run(
            ["su", "postgres", "-c", command],
            check=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=120,
        )

    def start(self) -> None:
        options = f"-p {self.port} -k {self.dir} -h 127.0.0.1"
        self._su(
            f"{self.bin}/pg_ctl -D {self.dir}/data -l {self.dir}/log -w"
            f" -o '{options}' start"
        )

    def stop(self) -> None:
        """Stop the database now (``-m fast``: every connection is cut)."""
        self._su(f"{self.bin}/pg_ctl -D {self.dir}/data -m fast -w stop")

    def close(self) -> None:
        with contextlib.suppress(subprocess.SubprocessError):
            self._su(f"{self.bin}/pg_ctl -D {self.dir}/data -m immediate stop")
        shutil.rmtree(self.dir, ignore_errors=True)
