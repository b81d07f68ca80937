"""State survives a restart: hand numbers go on and the button moves on from
where it was (R-TABLE-1), against a real server started twice on one
database; and a busted person is told what to do (R-TABLE-7)."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from live_helpers import live, live_config, lobby, player, wait_for
from room_helpers import PASSWORD, register
from test_faults import _all_in
from test_websocket import connect, drain

from holdem.server import Store, open_store
from holdem.server.config import utc_now
from holdem.server.schema import hands

pytestmark = pytest.mark.server


def _rows(store: Store) -> list[Any]:
    with store.engine.connect() as db:
        return list(
            db.execute(
                sa.select(hands.c.number, hands.c.status, hands.c.button)
                .where(hands.c.table_id == 1)
                .order_by(hands.c.id)
            ).all()
        )


def test_R_TABLE_1_hand_numbers_and_the_button_go_on_after_a_restart(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    store = open_store(url, now=utc_now)
    with live(live_config(), store) as (base, _app):
        ann = player(base, "ann")
        assert ann.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200})
        ann.post("/api/tables/1/options", json={"auto_post": True, "check_fold": True})
        wait_for("3 hands", lambda: lobby(base)[1]["hands_played"] >= 3)
    before = _rows(store)
    last_number = max(r.number for r in before)
    complete = [r for r in before if r.status == "complete"]
    assert all(r.button is not None for r in complete)
    last_button = complete[-1].button
    # who can play at the restart: the stored seats with chips (ann comes back)
    ready = sorted(r.seat for r in store.seats(1) if r.stack > 0)
    after_button = [s for s in ready if s > last_button]
    expected = after_button[0] if after_button else ready[0]

    store = open_store(url, now=utc_now)
    with live(live_config(), store) as (base, _app):
        ann = player_login(base)
        assert ann.post("/api/tables/1/come-back").status_code == 200
        wait_for("a hand after the restart", lambda: len(_rows(store)) > len(before))
    rows = _rows(store)
    numbers = [r.number for r in rows]
    assert len(numbers) == len(set(numbers))  # two hands never share a number
    first = rows[len(before)]
    assert first.number == last_number + 1
    assert first.button == expected  # moved on, not drawn again


def player_login(base: str) -> httpx.Client:
    api = httpx.Client(base_url=base, timeout=30)
    response = api.post("/api/login", json={"name": "ann", "password": PASSWORD})
    assert response.status_code == 200, response.text
    return api


def test_R_TABLE_7_a_busted_person_is_told_to_add_chips_or_leave(
    client: TestClient,
) -> None:
    token = register(client, "ann")
    with contextlib.ExitStack() as sockets:
        socket = connect(sockets, client, token)
        socket.receive_json()  # welcome
        drain(socket)
        socket.send_json({"type": "sit", "seat": 2, "buy_in": 40})
        messages = drain(socket)
        busted: list[dict[str, Any]] = []
        for _ in range(500):
            busted = [m for m in messages if m["type"] == "busted"]
            if busted:
                break
            snapshot = messages[-1]["snapshot"]
            decision = snapshot["decision"]
            assert decision is not None, snapshot
            socket.send_json({"type": "act", **_all_in(decision)})
            messages = drain(socket)
            while messages[-1]["snapshot"]["decision"] is None and not any(
                m["type"] == "busted" for m in messages
            ):
                messages += drain(socket)
        else:
            raise AssertionError("ann never went broke")
    balance = 1000 - 40  # the wallet after the one buy-in
    # R-TABLE-7: a rebuy between hands within the table's buy-in range 40..200
    expected = {"balance": balance, "add_chips": {"min": 40, "max": 200}, "leave": True}
    assert busted[0] == {"type": "busted", "seat": 2} | expected
    snapshot = client.get("/api/tables/1").json()
    assert snapshot["you"]["busted"] == expected
    # the three bots alone have chips: the table says so instead of dealing
    assert snapshot["status"]["code"] == "only-bots"
    assert snapshot["hand"] is None
    summary = client.get("/api/tables").json()["tables"][0]
    assert summary["status"]["code"] == "only-bots"
    after = client.post("/api/tables/1/add-chips", json={"chips": 40}).json()
    assert after["you"]["busted"] is None
    assert after["status"]["code"] == "playing"
