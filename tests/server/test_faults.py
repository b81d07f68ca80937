"""A fault stops one table at most, never the room (against a real server).

The room runs under uvicorn on 127.0.0.1 in a thread (``live_helpers.live``)
with the wall clock: a fault injected into one table's step voids that
table's hand and pauses it while the other tables deal; PostgreSQL stopped
and started again (a cluster of the test's own) and the room deals again by
itself; a bot's drained wallet stops nothing (its chips are staked).
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from live_helpers import (
    Cluster,
    live,
    live_config,
    lobby,
    player,
    sit_and_autoplay,
    wait_for,
)
from websockets.sync.client import connect

from holdem.server import Store, open_store
from holdem.server.config import utc_now
from holdem.server.schema import hands, ledger

pytestmark = pytest.mark.server


def _hands(store: Store, table_id: int) -> list[Any]:
    with store.engine.connect() as db:
        return list(
            db.execute(
                sa.select(hands)
                .where(hands.c.table_id == table_id)
                .order_by(hands.c.id)
            ).all()
        )


def _played(base: str, table_id: int) -> int:
    played: int = lobby(base)[table_id]["hands_played"]
    return played


@pytest.fixture
def sqlite_store(tmp_path: Path) -> Store:
    return open_store(f"sqlite:///{tmp_path / 'room.db'}", now=utc_now)


def test_a_fault_in_one_table_voids_its_hand_and_pauses_it_alone(
    sqlite_store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    store = sqlite_store
    caplog.set_level(logging.ERROR, logger="holdem.server")
    config = live_config(fault_pause_seconds=2.0)
    with live(config, store) as (base, app):
        ann, bob = player(base, "ann"), player(base, "bob")
        made = bob.post("/api/tables", json={"name": "Two", "bots": 2})
        assert made.status_code == 201, made.text
        sit_and_autoplay(ann, 1, 2, 200)
        sit_and_autoplay(bob, 2, 2, 200, auto=False)  # each answer waits 0.3 s
        wait_for("both tables to deal", lambda: _played(base, 1) and _played(base, 2))
        room = app.state.room
        target = room.runners[2]
        honest = target.tick

        def faulty() -> None:
            if target.table.hand is not None:
                raise RuntimeError("injected fault")
            honest()

        token = bob.cookies["holdem_session"]
        with connect(
            f"ws://{base.removeprefix('http://')}/ws/tables/2?token={token}"
        ) as ws:
            target.tick = faulty  # type: ignore[method-assign]
            for _ in range(10_000):  # the table's own socket hears of the pause
                message = json.loads(ws.recv(timeout=60))
                if message["type"] == "table":
                    status = message["snapshot"]["status"]
                    if status["code"] == "paused":
                        break
            else:
                raise AssertionError("no paused snapshot")
        assert "injected fault" in status["message"] and status["until"]
        # the crash path: the hand is void; every seat holds its starting stack
        (void,) = [h for h in _hands(store, 2) if h.status == "void"]
        starting = {int(s): stack for s, (_, stack) in void.starting.items()}
        assert {r.seat: r.stack for r in store.seats(2)} == starting
        paused = httpx.get(f"{base}/api/tables/2").json()
        assert {s["seat"]: s["stack"] for s in paused["seats"] if s} == starting
        assert paused["hand"] is None
        health = httpx.get(f"{base}/api/health")
        assert health.status_code == 200 and health.json()["status"] == "ok"
        assert [p["table_id"] for p in health.json()["paused"]] == [2]
        (record,) = [r for r in caplog.records if getattr(r, "table_id", None) == 2]
        assert record.hand_id == void.id  # type: ignore[attr-defined]
        # table 1 never stopped; table 2 deals again by itself after its pause
        one, two = _played(base, 1), _played(base, 2)
        wait_for("table 1 to deal on", lambda: _played(base, 1) >= one + 2)
        wait_for("table 2 to deal again", lambda: _played(base, 2) > two)
        assert lobby(base)[2]["status"]["code"] != "paused"
    numbers = [h.number for h in _hands(store, 2)]
    assert len(numbers) == len(set(numbers))  # the void hand's number is not reused
    report = store.check_chips()
    assert report.ok, report.problems


@pytest.fixture(scope="module")
def cluster() -> Iterator[Cluster]:
    made = Cluster()
    try:
        yield made
    finally:
        made.close()


def test_the_room_deals_again_within_10_s_of_the_database_return(
    cluster: Cluster,
) -> None:
    store = open_store(cluster.url, now=utc_now)
    with live(live_config(), store) as (base, _app):
        ann = player(base, "ann")
        sit_and_autoplay(ann, 1, 2, 200)
        wait_for("hands", lambda: _played(base, 1) >= 2)
        cluster.stop()

        def degraded() -> dict[str, Any] | None:
            response = httpx.get(f"{base}/api/health", timeout=30)
            return response.json() if response.status_code == 503 else None

        report = wait_for("health to say degraded", degraded)
        assert report["status"] == "degraded"
        assert any("database" in reason for reason in report["reasons"])
        refused = ann.post("/api/tables/1/options", json={"check_fold": True})
        assert refused.status_code == 503, refused.text
        assert refused.json()["error"]["kind"] == "UnavailableError"
        assert "database" in refused.json()["error"]["message"]
        assert httpx.get(f"{base}/api/tables").status_code == 200  # the lobby
        time.sleep(1.0)  # the room's clock runs on, waiting
        before = _played(base, 1)
        cluster.start()
        back = time.monotonic()
        wait_for("a hand after the restart", lambda: _played(base, 1) > before, 60)
        assert time.monotonic() - back <= 10.0  # the bound
        wait_for(
            "health to say ok",
            lambda: httpx.get(f"{base}/api/health").status_code == 200,
        )
    report = store.check_chips()
    assert report.ok, report.problems
    store.engine.dispose()


def _all_in(decision: dict[str, Any]) -> dict[str, Any]:
    """Push every chip in: raise or bet to the most, else call; post; show."""
    kind = decision["kind"]
    if kind in ("post-or-wait", "post-all-or-wait"):
        return {"action": "post"}
    if kind == "straddle":
        return {"action": "no-straddle"}
    if kind == "showdown":
        return {"action": "show"}
    legal = decision["legal"]
    if legal["max_raise_to"]:
        return {
            "action": "bet" if legal["is_bet"] else "raise",
            "amount": legal["max_raise_to"],
        }
    return {"action": "check" if legal["can_check"] else "call"}


def test_a_drained_bot_wallet_stops_nothing(sqlite_store: Store) -> None:
    """Reproduction (a): a table whose buy-in is a shared bot's whole wallet."""
    store = sqlite_store
    with live(live_config(bot_chips=1000, action_seconds=30.0), store) as (base, _):
        ann = player(base, "ann")
        spec = {"name": "Short", "seat_count": 2, "min_buy_in": 40, "max_buy_in": 40}
        short = ann.post("/api/tables", json=spec | {"bots": 1})
        assert short.status_code == 201, short.text
        short_id = short.json()["id"]
        ada = store.account_by_name("Bot Ada")
        assert ada is not None
        wallet = ada.balance  # the whole wallet, as a buy-in
        drain = {"name": "Drain", "min_buy_in": wallet, "max_buy_in": wallet}
        made = ann.post("/api/tables", json=drain | {"big_blind": 2, "bots": 1})
        assert made.status_code == 201, made.text
        assert lobby(base)[made.json()["id"]]["bots"] == 1
        sit = ann.post(f"/api/tables/{short_id}/sit", json={"seat": 2, "buy_in": 40})
        assert sit.status_code == 200, sit.text

        def stakes() -> int:
            with store.engine.connect() as db:
                rows = db.execute(
                    sa.select(ledger.c.id).where(
                        ledger.c.account_id == ada.id,
                        ledger.c.reason == "stake",
                        ledger.c.table_id == short_id,
                    )
                ).all()
            return len(rows)

        assert stakes() == 1  # the buy-in
        deadline = time.monotonic() + 120
        while stakes() < 2:  # until Ada busts here and is staked again
            assert time.monotonic() < deadline, "Ada never went broke"
            snapshot = ann.get(f"/api/tables/{short_id}").json()
            if snapshot["you"]["busted"]:
                assert (
                    ann.post(
                        f"/api/tables/{short_id}/add-chips", json={"chips": 40}
                    ).status_code
                    == 200
                )
                continue
            decision = snapshot["decision"]
            if decision is None:
                time.sleep(0.02)
                continue
            response = ann.post(f"/api/tables/{short_id}/act", json=_all_in(decision))
            assert response.status_code == 200, response.text
        played = _played(base, short_id)
        assert (
            ann.post(
                f"/api/tables/{short_id}/options", json={"check_fold": True}
            ).status_code
            == 200
        )
        wait_for("the short table to deal on", lambda: _played(base, short_id) > played)
        health = httpx.get(f"{base}/api/health").json()
        assert health["status"] == "ok" and health["paused"] == []
        assert store.account(ada.id).balance >= wallet  # no stake came from it
    report = store.check_chips()
    assert report.ok, report.problems
