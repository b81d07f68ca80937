"""Crash safety of tournaments: the level clock, the tables, the money.

A room stopped without a word (a second room opened on the same database,
later, as a restart after ``kill -9`` is) must resume every table from its
last complete hand, the level clock where it stood (the outage neither given
nor taken), and pay nobody twice. The last test kills a real ``holdem
serve`` with SIGKILL in the middle of a tournament hand.
"""

from __future__ import annotations

import datetime
import os
import signal
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from room_helpers import PASSWORD, FakeClock, register
from test_crash import free_port, serve

from holdem.server import Store, open_store
from holdem.server.schema import hands, ledger

pytestmark = pytest.mark.server

SNG = {"name": "Six", "kind": "sng", "seats": 6, "buy_in": 100, "fee": 10, "bots": 5}


def careful(decision: dict[str, Any]) -> dict[str, Any]:
    """Check, else fold; post; show."""
    kind = decision["kind"]
    if kind in ("post-or-wait", "post-all-or-wait"):
        return {"action": "post"}
    if kind == "showdown":
        return {"action": "show"}
    return {"action": "check" if decision["legal"]["can_check"] else "fold"}


def test_R_TABLE_3_level_clock_resumes_where_it_stood_after_an_outage(
    make_client: Callable[..., TestClient], store: Store, clock: FakeClock
) -> None:
    first = make_client()
    register(first, "ann")
    tid = first.post("/api/tournaments", json=SNG).json()["id"]
    started = first.post(f"/api/tournaments/{tid}/register").json()
    table_id = started["you"]["table_id"]
    assert started["seconds_to_next_level"] == 600  # a standard level: 10 min
    room = first.app.state.room  # type: ignore[attr-defined]
    room.tick()  # hand 1 waits for ann
    clock.advance(250)
    room.tick()  # ann's time is out: hand 1 ends, hand 2 waits for her; the
    # clock's sign of life, 250 s into level 1
    before = first.get(f"/api/tables/{table_id}").json()
    # the room dies here; it comes back an hour later
    clock.advance(3600)
    second = make_client()
    second.post("/api/login", json={"name": "ann", "password": PASSWORD})
    lobby = second.get(f"/api/tournaments/{tid}").json()
    assert lobby["status"] == "running" and lobby["level"] == 1
    assert lobby["seconds_to_next_level"] == 600 - 250
    after = second.get(f"/api/tables/{table_id}").json()
    assert after["table"]["tournament"]["level"] == 1
    stacks = {s["player"]: s["stack"] for s in after["seats"] if s}
    # the hand running at the outage is void: every stack is the one the last
    # complete hand left, and the next hand takes the void one's number on
    assert before["hand"] is not None
    (last, *_) = second.get(f"/api/tables/{table_id}/hands").json()["hands"]
    assert last["number"] == before["hand"]["number"] - 1
    history = second.get(f"/api/hands/{last['id']}").json()
    left = {p["player"]: p["finishing_stack"] for p in history["players"]}
    assert stacks == {p: c for p, c in left.items() if c}
    assert after["hand"] is None  # dealt at the next tick
    second.app.state.room.tick()  # type: ignore[attr-defined]
    dealt = second.get(f"/api/tables/{table_id}").json()["hand"]
    assert dealt["number"] == before["hand"]["number"] + 1
    clock.advance(350)
    assert second.get(f"/api/tournaments/{tid}").json()["level"] == 2
    report = store.check_chips()
    assert report.ok and report.held == 600, report.problems


def test_sigkill_mid_tournament_resumes_and_pays_each_place_once(
    database_url: str,
) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with serve(database_url, port) as server, httpx.Client(base_url=base) as api:
        api.post("/api/register", json={"name": "ann", "password": PASSWORD})
        tid = api.post("/api/tournaments", json=SNG).json()["id"]
        table_id = api.post(f"/api/tournaments/{tid}/register").json()["you"][
            "table_id"
        ]
        # ann plays carefully until a hand of hers runs, three hands in
        snapshot = api.get(f"/api/tables/{table_id}").json()
        for _ in range(2000):
            last = snapshot["last_hand"]
            if snapshot["decision"] is not None:
                if last is not None and last["number"] >= 3:
                    break  # a hand runs and waits for ann: the server dies
                answer = careful(snapshot["decision"])
                snapshot = api.post(f"/api/tables/{table_id}/act", json=answer).json()
            else:
                snapshot = api.get(f"/api/tables/{table_id}").json()
        running = snapshot["hand"]["number"]
        os.kill(server.pid, signal.SIGKILL)
        server.wait()

    store = open_store(database_url, now=lambda: datetime.datetime.now(datetime.UTC))
    report = store.check_chips()
    assert report.ok and report.held == 600, report.problems
    with store.engine.connect() as db:
        status = db.execute(
            sa.select(hands.c.status).where(
                hands.c.table_id == table_id, hands.c.number == running
            )
        ).scalar_one()
    assert status == "running"  # killed mid-hand
    store.engine.dispose()

    with serve(database_url, port) as server, httpx.Client(base_url=base) as api:
        api.post("/api/login", json={"name": "ann", "password": PASSWORD})
        snapshot = api.get(f"/api/tables/{table_id}").json()
        assert snapshot["table"]["tournament"]["id"] == tid
        for _ in range(5000):
            you = api.get(f"/api/tournaments/{tid}").json()["you"]
            if you["place"] is not None:
                break
            decision = snapshot["decision"]
            if decision is not None:
                answer = careful(decision)
                if decision["kind"] == "bet" and decision["legal"]["max_raise_to"]:
                    to = decision["legal"]["max_raise_to"]
                    action = "bet" if decision["legal"].get("is_bet") else "raise"
                    answer = {"action": action, "amount": to}
                snapshot = api.post(f"/api/tables/{table_id}/act", json=answer).json()
            else:
                snapshot = api.get(f"/api/tables/{table_id}").json()
        assert you["place"] is not None
        deadline = time.monotonic() + 240  # the bots play on to a winner
        while api.get(f"/api/tournaments/{tid}").json()["status"] != "complete":
            assert time.monotonic() < deadline, "the tournament did not finish"
            time.sleep(0.2)
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)

    store = open_store(database_url, now=lambda: datetime.datetime.now(datetime.UTC))
    with store.engine.connect() as db:
        statuses = dict(
            db.execute(
                sa.select(hands.c.number, hands.c.status).where(
                    hands.c.table_id == table_id
                )
            ).all()
        )
        prizes = db.execute(
            sa.select(ledger.c.account_id, ledger.c.delta).where(
                ledger.c.reason == "tournament-prize", ledger.c.tournament_id == tid
            )
        ).all()
    assert statuses[running] == "void"
    assert statuses[running - 1] == "complete"
    assert len(prizes) == 6 and len({a for a, _ in prizes}) == 6  # once each
    assert sum(d for _, d in prizes) == 600
    report = store.check_chips()
    assert report.ok and report.held == 0, report.problems
