"""Tournaments in the room: registering, refunds, play to a winner, prizes once.

Oracles: the wallet's own arithmetic (a grant, minus buy-in and fee, plus
the prize), the tournament layer's published prize structure
(``place_prizes``) and ``check_chips`` (wallets + tournaments' held buy-ins
+ tables + rake = chips granted and staked).
"""

from __future__ import annotations

import contextlib
import datetime
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from room_helpers import FakeClock, register

from holdem.history.online import Outcome, replay_online_text
from holdem.history.online.to_phh import online_text_histories
from holdem.server import Store
from holdem.server.schema import ledger, tournament_entries
from holdem.tournament import place_prizes, split_prize

pytestmark = pytest.mark.server

SNG = {"name": "Six", "kind": "sng", "seats": 6, "buy_in": 100, "fee": 10}


def shove(decision: dict[str, Any]) -> dict[str, Any]:
    """All in whenever betting, else the simple answer (post, show)."""
    kind = decision["kind"]
    if kind in ("post-or-wait", "post-all-or-wait"):
        return {"action": "post"}
    if kind == "showdown":
        return {"action": "show"}
    legal = decision["legal"]
    if legal["max_raise_to"]:
        action = "bet" if legal.get("is_bet") else "raise"
        return {"action": action, "amount": legal["max_raise_to"]}
    return {"action": "check" if legal["can_check"] else "call"}


def play_out(client: TestClient, table_id: int, limit: int = 3000) -> dict[str, Any]:
    """Shove every decision (ticking the room between) until the player is out
    or has won; the last lobby view of the tournament."""
    room = client.app.state.room  # type: ignore[attr-defined]
    for _ in range(limit):
        room.tick()
        snapshot = client.get(f"/api/tables/{table_id}").json()
        decision = snapshot["decision"]
        if decision is not None:
            response = client.post(f"/api/tables/{table_id}/act", json=shove(decision))
            assert response.status_code == 200, response.text
        tournament = snapshot["table"]["tournament"]
        you = client.get(f"/api/tournaments/{tournament['id']}").json()["you"]
        if you["place"] is not None:
            return client.get(f"/api/tournaments/{tournament['id']}").json()
    raise AssertionError("the tournament did not end for the player")


def test_R_TOURN_1_unregister_refunds_buy_in_and_fee(
    client: TestClient, store: Store
) -> None:
    register(client, "ann")
    created = client.post("/api/tournaments", json=SNG | {"bots": 2})
    assert created.status_code == 201, created.text
    tid = created.json()["id"]
    assert created.json()["entries"] == 2 and created.json()["status"] == "registering"
    joined = client.post(f"/api/tournaments/{tid}/register")
    assert joined.status_code == 200, joined.text
    assert joined.json()["you"]["registered"] is True
    assert client.get("/api/me").json()["player"]["balance"] == 1000 - 110
    again = client.post(f"/api/tournaments/{tid}/register")
    assert again.status_code == 409  # already registered: nothing changes
    assert client.get("/api/me").json()["player"]["balance"] == 1000 - 110
    assert store.check_chips().held == 3 * 100
    left = client.post(f"/api/tournaments/{tid}/unregister")
    assert left.status_code == 200, left.text
    assert left.json()["you"]["registered"] is False
    assert client.get("/api/me").json()["player"]["balance"] == 1000
    rows = client.get("/api/me/ledger").json()["entries"]
    assert [(e["reason"], e["delta"]) for e in rows[:4]] == [
        ("fee-refund", 10),
        ("entry-refund", 100),
        ("tournament-fee", -10),
        ("tournament-entry", -100),
    ]
    assert all(e["tournament_id"] == tid for e in rows[:4])
    assert client.post(f"/api/tournaments/{tid}/unregister").status_code == 409
    report = store.check_chips()
    assert report.ok, report.problems
    assert report.held == 2 * 100  # the two bots' buy-ins


def test_a_buy_in_beyond_the_wallet_changes_nothing(client: TestClient) -> None:
    register(client, "ann")
    tid = client.post("/api/tournaments", json=SNG | {"buy_in": 995}).json()["id"]
    refused = client.post(f"/api/tournaments/{tid}/register")
    assert refused.status_code == 409
    assert refused.json()["error"]["kind"] == "WalletError"
    assert client.get(f"/api/tournaments/{tid}").json()["entries"] == 0
    assert client.get("/api/me").json()["player"]["balance"] == 1000


def test_bad_tournaments_are_refused(client: TestClient) -> None:
    register(client, "ann")
    for body in (
        SNG | {"bots": 6},  # no seat left for a person
        SNG | {"seats": 11},
        SNG | {"speed": "glacial"},
        SNG | {"colour": "red"},
        SNG | {"buy_in": -1},
        {"kind": "sng"},
    ):
        response = client.post("/api/tournaments", json=body)
        assert response.status_code == 400, body
    assert client.get("/api/tournaments").json()["tournaments"] == []
    assert client.post("/api/tournaments/99/register").status_code == 404


def test_sit_and_go_with_five_bots_plays_to_a_place_and_pays_once(
    client: TestClient, store: Store, clock: FakeClock
) -> None:
    register(client, "ann")
    tid = client.post("/api/tournaments", json=SNG | {"bots": 5}).json()["id"]
    started = client.post(f"/api/tournaments/{tid}/register").json()
    assert started["status"] == "running"
    table_id = started["you"]["table_id"]
    assert started["prize_pool"] == 600
    assert [p["prize"] for p in started["prizes"]] == [
        p for p in place_prizes(600, 6) if p
    ]
    snapshot = client.get(f"/api/tables/{table_id}").json()
    assert snapshot["table"]["tournament"]["id"] == tid
    assert snapshot["table"]["tournament"]["small_blind"] == 10
    assert sum(s["stack"] for s in snapshot["seats"] if s) == 6 * 1500
    # tournament chips are never wallet chips
    assert client.post(f"/api/tables/{table_id}/leave").status_code == 409
    assert (
        client.post(f"/api/tables/{table_id}/add-chips", json={"chips": 10}).status_code
        == 409
    )
    assert client.post(f"/api/tournaments/{tid}/unregister").status_code == 409
    final = play_out(client, table_id)
    place, prize = final["you"]["place"], final["you"]["prize"]
    (tied,) = [r["players"] for r in final["results"] if r["place"] == place]
    assert "ann" in tied and len(tied) == final["you"]["last_place"] - place + 1
    shared = sum((place_prizes(600, 6) + (0,) * 6)[place - 1 : place - 1 + len(tied)])
    assert prize == split_prize(shared, tied)["ann"]  # R-TOURN-5
    paid = [
        e
        for e in client.get("/api/me/ledger").json()["entries"]
        if e["reason"] == "tournament-prize"
    ]
    assert [(e["tournament_id"], e["place"], e["delta"]) for e in paid] == [
        (tid, place, prize)
    ]
    assert client.get("/api/me").json()["player"]["balance"] == 1000 - 110 + prize
    # the bots play on to a winner; every place is paid once
    room = client.app.state.room  # type: ignore[attr-defined]
    for _ in range(20_000):
        if client.get(f"/api/tournaments/{tid}").json()["status"] == "complete":
            break
        room.tick()
    lobby = client.get(f"/api/tournaments/{tid}").json()
    assert lobby["status"] == "complete" and lobby["players_left"] == 1
    with store.engine.connect() as db:
        prizes = db.execute(
            sa.select(ledger.c.account_id, ledger.c.delta).where(
                ledger.c.reason == "tournament-prize", ledger.c.tournament_id == tid
            )
        ).all()
        places = db.execute(
            sa.select(
                tournament_entries.c.place, tournament_entries.c.last_place
            ).where(tournament_entries.c.tournament_id == tid)
        ).all()
    # every place 1..6 covered once; a tie covers its places (R-TOURN-4)
    ranges = {(p, last): places.count((p, last)) for p, last in places}
    assert all(n == last - p + 1 for (p, last), n in ranges.items())
    covered = sorted(x for p, last in ranges for x in range(p, last + 1))
    assert covered == [1, 2, 3, 4, 5, 6]
    assert len(prizes) == 6 and len({a for a, _ in prizes}) == 6
    assert sum(d for _, d in prizes) == 600
    report = store.check_chips()
    assert report.ok, report.problems
    assert report.held == 0


def test_tournament_hands_carry_tournament_level_and_table_and_replay(
    client: TestClient,
) -> None:
    register(client, "ann")
    tid = client.post("/api/tournaments", json=SNG | {"bots": 5}).json()["id"]
    table_id = client.post(f"/api/tournaments/{tid}/register").json()["you"]["table_id"]
    play_out(client, table_id)
    hands = client.get(f"/api/tables/{table_id}/hands").json()["hands"]
    assert hands
    history = client.get(f"/api/hands/{hands[-1]['id']}").json()
    assert history["tournament"]["id"] == tid and history["tournament"]["level"] == 1
    assert f"_tournament_id = {tid}" in history["phh"]
    assert f'table = "{tid} 1"' in history["phh"]
    assert "level = 1" in history["phh"]
    text = history["pokerstars"]
    first, second = text.splitlines()[:2]
    assert first.startswith(
        f"PokerStars Hand #{history['number']}: Tournament #{tid}, $100+$10 USD"
        " Hold'em No Limit - Level I (10/20) - "
    )
    assert second.startswith(f"Table '{tid} 1' 6-max Seat #")
    (replay,) = replay_online_text(text)
    assert replay.outcome is Outcome.AGREES, replay
    assert replay.hand is not None
    hand = replay.hand
    assert hand.is_tournament and hand.table == f"{tid} 1"
    assert (hand.tournament_id, hand.level) == (str(tid), 1)
    assert (hand.small_blind, hand.big_blind) == (10, 20)
    # and as PHH again: the room's tournament, level and table
    (converted,) = online_text_histories(text)
    assert converted.history is not None, converted.message
    fields = dict(converted.history.metadata)
    assert (fields["_tournament_id"], fields["level"], fields["table"]) == (
        tid,
        1,
        f"{tid} 1",
    )


def test_R_TOURN_3_a_player_moved_from_a_broken_table_is_told_where_to_go(
    make_client: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = make_client(register_attempts=20)
    names = [f"p{n:02}" for n in range(12)]
    tokens = {name: register(client, name) for name in names}
    client.cookies.clear()
    start_at = (clock.now + datetime.timedelta(seconds=60)).isoformat()
    mtt = SNG | {"kind": "mtt", "max_entries": 12, "start_at": start_at}
    auth = {n: {"Authorization": f"Bearer {t}"} for n, t in tokens.items()}
    tid = client.post("/api/tournaments", json=mtt, headers=auth["p00"]).json()["id"]
    for name in names:
        joined = client.post(f"/api/tournaments/{tid}/register", headers=auth[name])
        assert joined.status_code == 200, joined.text
    room = client.app.state.room  # type: ignore[attr-defined]
    clock.advance(61)
    room.tick()  # the start: two tables of six (R-TOURN-1)
    lobby = client.get(f"/api/tournaments/{tid}").json()
    assert lobby["status"] == "running" and len(lobby["tables"]) == 2
    where = {
        n: client.get(f"/api/tournaments/{tid}", headers=auth[n]).json()["you"][
            "table_id"
        ]
        for n in names
    }
    with contextlib.ExitStack() as stack:
        sockets = {
            n: stack.enter_context(
                client.websocket_connect(f"/ws/tables/{where[n]}?token={tokens[n]}")
            )
            for n in names
        }
        moved: dict[str, int] = {}
        for _ in range(2000):
            room.tick()
            for name in names:
                you = client.get(f"/api/tournaments/{tid}", headers=auth[name]).json()[
                    "you"
                ]
                if you["place"] is not None or you["table_id"] is None:
                    continue
                if you["table_id"] != where[name]:
                    moved[name] = you["table_id"]
                    continue
                snap = client.get(f"/api/tables/{where[name]}", headers=auth[name])
                decision = snap.json()["decision"]
                if decision is not None:
                    client.post(
                        f"/api/tables/{where[name]}/act",
                        json=shove(decision),
                        headers=auth[name],
                    )
            if moved:
                break
        assert moved, "nobody was moved"
        name, table_id = next(iter(moved.items()))
        for _ in range(100_000):
            message = sockets[name].receive_json()
            if message["type"] == "moved":
                break
        assert message["table_id"] == table_id and message["tournament_id"] == tid
        assert message["reason"] in ("break", "balance")
    seated = client.get(f"/api/tables/{table_id}", headers=auth[name]).json()
    assert seated["you"]["seat"] == message["seat"]
    assert seated["table"]["tournament"]["id"] == tid


class _Broken(Exception):
    pass


def test_a_fault_at_a_tournament_table_voids_its_hand_and_pauses_it_alone(
    client: TestClient, store: Store, clock: FakeClock
) -> None:
    register(client, "ann")
    tid = client.post("/api/tournaments", json=SNG | {"bots": 5}).json()["id"]
    table_id = client.post(f"/api/tournaments/{tid}/register").json()["you"]["table_id"]
    room = client.app.state.room  # type: ignore[attr-defined]
    room.tick()
    before = client.get(f"/api/tables/{table_id}").json()
    assert before["hand"] is not None
    runner = room.runners[table_id]

    def broken(*_args: object) -> None:
        raise _Broken("a bot's bug")

    for occupant in runner.occupants.values():
        if occupant.bot is not None:
            occupant.bot.decide = broken  # type: ignore[method-assign]
    decision = before["decision"]
    response = client.post(f"/api/tables/{table_id}/act", json=shove(decision))
    assert response.status_code == 503  # the table failed under the command
    after = client.get(f"/api/tables/{table_id}").json()
    assert after["status"]["code"] == "paused" and after["hand"] is None
    # the hand is void: every stack is the starting stack again
    assert {s["stack"] for s in after["seats"] if s} == {1500}
    lobby = client.get(f"/api/tournaments/{tid}").json()
    assert lobby["status"] == "running" and lobby["players_left"] == 6
    clock.advance(31)  # the pause (fault_pause_seconds) is over
    room.tick()
    dealt = client.get(f"/api/tables/{table_id}").json()["hand"]
    assert dealt["number"] == before["hand"]["number"] + 1
    report = store.check_chips()
    assert report.ok and report.held == 600, report.problems
