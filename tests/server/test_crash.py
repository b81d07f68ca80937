"""Crash safety: SIGKILL the real server mid-hand, restart, every chip is back.

The server runs as ``holdem serve`` in a subprocess over a real database (a
SQLite file; PostgreSQL when HOLDEM_TEST_POSTGRES_URL is set). A hand changes
no chips in the database until it settles, so the hand killed mid-way is void
and the seats hold what they held when it began.
"""

from __future__ import annotations

import contextlib
import datetime
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from room_helpers import PASSWORD, passive

from holdem.server import open_store
from holdem.server.schema import hands

pytestmark = pytest.mark.server


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextlib.contextmanager
def serve(database_url: str, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """``holdem serve`` on ``port`` (no demo table), ready to answer."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "holdem",
            "serve",
            "--port",
            str(port),
            "--database-url",
            database_url,
            "--bot-seconds",
            "0",
            "--hand-pause-seconds",
            "0",
            "--no-demo",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                raise AssertionError(process.stderr.read().decode())  # type: ignore[union-attr]
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield process
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()


def act(api: httpx.Client, table_id: int, body: dict[str, Any]) -> dict[str, Any]:
    response = api.post(f"/api/tables/{table_id}/act", json=body)
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json()
    return result


def asked(api: httpx.Client, table_id: int, snapshot: dict[str, Any]) -> dict[str, Any]:
    """``snapshot``, or once ann is asked again: a request starts one new
    hand at most, so a hand the bot ended alone leaves the next one to the
    room's tick."""
    deadline = time.monotonic() + 10
    while snapshot["decision"] is None:
        assert time.monotonic() < deadline, snapshot
        time.sleep(0.05)
        snapshot = api.get(f"/api/tables/{table_id}").json()
    return snapshot


def careful(decision: dict[str, Any]) -> dict[str, Any]:
    """Check or fold (ann never risks her stack), post, show."""
    if decision["kind"] == "bet":
        return {"action": "check" if decision["legal"]["can_check"] else "fold"}
    return passive(decision)


def test_sigkill_mid_hand_voids_the_hand_and_loses_no_chip(database_url: str) -> None:
    """ann and one bot, heads-up, 200 chips each. ann never risks more than
    a blind: she checks or folds, so neither player can go broke (a bot
    that did would buy in again, R-TABLE-7, and change the chips on the
    table) in the few hands before ann, on the button, completes the small
    blind (R-TABLE-2). The bot's answer then never ends the hand (facing no
    raise it checks or raises, never folds), so the hand runs on with
    ann's 2 chips in the pot when the server is killed: it is void, and
    every seat holds what it held when it began."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with (
        serve(database_url, port) as server,
        httpx.Client(base_url=base, timeout=30) as api,
    ):
        response = api.post("/api/register", json={"name": "ann", "password": PASSWORD})
        assert response.status_code == 201
        starting_wallet = response.json()["player"]["balance"]
        made = api.post("/api/tables", json={"name": "crash", "bots": 1})
        assert made.status_code == 201, made.text
        table_id = made.json()["id"]
        (bot,) = (
            s["seat"]
            for s in api.get(f"/api/tables/{table_id}").json()["seats"]
            if s is not None
        )
        seat = 2 if bot != 2 else 3
        snapshot = api.post(
            f"/api/tables/{table_id}/sit", json={"seat": seat, "buy_in": 200}
        ).json()
        while snapshot["last_hand"] is None:  # hand 1, played to the end
            snapshot = act(api, table_id, careful(snapshot["decision"]))
        # careful until ann is on the button pre-flop, to complete the small
        # blind (heads-up the button alternates: within two hands)
        snapshot = asked(api, table_id, snapshot)
        while not (
            snapshot["button"] == seat
            and snapshot["hand"]["street"] == "preflop"
            and snapshot["decision"]["kind"] == "bet"
        ):
            assert snapshot["hand"]["number"] <= 3, snapshot
            snapshot = act(api, table_id, careful(snapshot["decision"]))
            snapshot = asked(api, table_id, snapshot)
        number = snapshot["hand"]["number"]
        assert snapshot["decision"]["legal"]["call_amount"] == 1
        snapshot = act(api, table_id, {"action": "call"})
        assert snapshot["hand"]["number"] == number  # the hand runs on
        settled = api.get(f"/api/tables/{table_id}/hands").json()["hands"]
        assert settled[0]["number"] == number - 1
        history = api.get(f"/api/hands/{settled[0]['id']}").json()
        before = {p["seat"]: p["finishing_stack"] for p in history["players"]}
        assert sum(before.values()) == 2 * 200  # ann and the bot bought in 200
        ann = snapshot["seats"][seat - 1]
        assert ann["stack"] == before[seat] - 2  # her blind, completed, in the pot
        os.kill(server.pid, signal.SIGKILL)
        server.wait()

    with (
        serve(database_url, port) as server,
        httpx.Client(base_url=base, timeout=30) as api,
    ):
        api.post("/api/login", json={"name": "ann", "password": PASSWORD})
        me = api.get("/api/me").json()
        assert me["player"]["balance"] == starting_wallet - 200
        assert me["seats"] == [
            {"table_id": table_id, "seat": seat, "stack": before[seat]}
        ]
        hands_after = api.get(f"/api/tables/{table_id}/hands").json()["hands"]
        assert hands_after[0]["number"] == number - 1  # the killed hand: void
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)

    store = open_store(database_url, now=lambda: datetime.datetime.now(datetime.UTC))
    seats = {row.seat: row.stack for row in store.seats(table_id)}
    # ann's page is not connected: her seat waits, sitting out, and no hand
    # was dealt after the restart
    report = store.check_chips()
    assert report.ok, report.problems
    with store.engine.connect() as db:
        statuses = dict(
            db.execute(
                sa.select(hands.c.number, hands.c.status)
                .where(hands.c.table_id == table_id)
                .order_by(hands.c.id)
            )
            .tuples()
            .all()
        )
    assert statuses[number - 1] == "complete" and statuses[number] == "void"
    assert number + 1 not in statuses
    assert seats == before
