"""``holdem serve`` on a real uvicorn on 127.0.0.1: /metrics and its JSON log.

The room runs as the operator runs it (a subprocess, ``--log-format json``);
the test reads /metrics over loopback and every line the room wrote to
stderr, which must each be one JSON object.
"""

from __future__ import annotations

import contextlib
import json
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from room_helpers import PASSWORD

pytestmark = pytest.mark.server

METRICS = (
    "holdem_hands_dealt",
    "holdem_actions",
    "holdem_action_latency_seconds",
    "holdem_sockets_open",
    "holdem_clock_lag_seconds",
    "holdem_db_latency_seconds",
    "holdem_errors",
    "process_resident_memory_bytes",
)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait(check: Callable[[], bool], what: str, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds  # generous: a loaded 2-core machine
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.1)
    raise AssertionError(f"waited {seconds} s for {what}")


class Room:
    def __init__(self, base: str, log: Path, process: subprocess.Popen[bytes]):
        self.base = base
        self.log = log
        self.process = process

    def post(
        self, path: str, body: dict[str, Any], token: str | None = None
    ) -> tuple[int, dict[str, Any]]:
        request = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"}
            | ({"Authorization": f"Bearer {token}"} if token else {}),
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status, json.load(answer)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def samples(self) -> dict[str, float]:
        with urllib.request.urlopen(self.base + "/metrics", timeout=30) as answer:
            assert answer.headers["Content-Type"].startswith("text/plain")
            text = answer.read().decode()
        found = {}
        for family in text_string_to_metric_families(text):
            for s in family.samples:
                labels = ",".join(f"{k}={v}" for k, v in sorted(s.labels.items()))
                found[f"{s.name}{{{labels}}}"] = s.value
        return found

    def lines(self) -> list[dict[str, Any]]:
        """Every stderr line, each parsed as one JSON object."""
        return [json.loads(line) for line in self.log.read_text().splitlines()]


@pytest.fixture
def room(tmp_path: Path) -> Iterator[Room]:
    port = _free_port()
    log = tmp_path / "stderr.log"
    command = [
        sys.executable,
        "-m",
        "holdem",
        "serve",
        "--port",
        str(port),
        "--database-url",
        f"sqlite:///{tmp_path / 'room.db'}",
        "--log-format",
        "json",
        "--bot-seconds",
        "0",
        "--hand-pause-seconds",
        "0",
        "--action-seconds",
        "120",
    ]
    with log.open("wb") as err:
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=err)
    live = Room(f"http://127.0.0.1:{port}", log, process)
    try:

        def healthy() -> bool:
            if process.poll() is not None:
                pytest.fail(log.read_text())
            with (
                contextlib.suppress(OSError),
                urllib.request.urlopen(live.base + "/api/health", timeout=2),
            ):
                return True
            return False

        _wait(healthy, "holdem serve to answer /api/health")
        yield live
    finally:
        if process.poll() is None:
            process.terminate()
        process.wait(timeout=30)
        print(log.read_text())  # pytest shows it when the test failed


def test_live_room_metrics_and_json_log_lines(room: Room) -> None:
    samples = room.samples()
    for name in METRICS:
        assert any(key.startswith(name) for key in samples), name
    assert samples["holdem_hands_dealt_total{}"] == 0
    status, body = room.post("/api/register", {"name": "ann", "password": PASSWORD})
    assert status == 201
    token = body["token"]
    status, _ = room.post("/api/login", {"name": "ann", "password": "wrong-one-1"})
    assert status == 401
    status, snapshot = room.post("/api/tables/1/sit", {"seat": 2, "buy_in": 200}, token)
    assert status == 200
    # the live room draws the button (SystemRandom): where ann must wait for
    # the big blind (R-TABLE-5), the bots' hands before hers are dealt first
    number = snapshot["hand"]["number"]
    (mine,) = [s for s in snapshot["seats"] if s and s["seat"] == 2]
    assert mine["in_hand"] and mine["cards"], "ann is dealt into the running hand"
    samples = room.samples()
    # ann has 120 s to act: her hand is still running; every hand was counted
    assert samples["holdem_hands_dealt_total{}"] == number
    assert samples["holdem_db_latency_seconds_count{statement=insert}"] > 0
    _wait(
        lambda: room.samples()["holdem_clock_lag_seconds_count{}"] > 0,
        "the room's clock to tick",
    )
    status, _ = room.post("/api/tables/1/act", {"action": "fold"}, token)
    assert status == 200
    samples = room.samples()
    assert samples["holdem_actions_total{source=person}"] == 1
    assert samples["holdem_action_latency_seconds_count{}"] == 1

    room.process.terminate()
    # uvicorn shuts down gracefully, then raises the SIGTERM again
    assert room.process.wait(timeout=30) == -signal.SIGTERM
    lines = room.lines()  # every line is one JSON object (or this raises)
    by_event = {line["event"]: line for line in lines}
    assert by_event["serve"]["address"] == room.base + "/"
    started = by_event["room-started"]
    assert (started["tables"], started["hands_voided"]) == (1, 0)
    assert started["database_kind"] == "sqlite"
    created = by_event["table-created"]
    assert (created["table_id"], created["name"]) == (1, "Demo table")
    failed = [line for line in lines if line["event"] == "login-failed"]
    assert [(f["name"], f["address"], f["level"]) for f in failed] == [
        ("ann", "127.0.0.1", "warning")
    ]
    assert "room-stopped" in by_event  # the graceful shutdown ran
    text = room.log.read_text()
    assert PASSWORD not in text and "wrong-one-1" not in text and token not in text
