"""The online room's procedures: timeouts and the time bank, in-turn options,
"ML" and "post all", a new player's "post or wait" (R-TABLE-5, R-TABLE-6)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from room_helpers import FakeClock, passive, register

pytestmark = pytest.mark.server


def me(client: TestClient) -> dict[str, Any]:
    snapshot: dict[str, Any] = client.get("/api/tables/1").json()
    return snapshot


def test_timeouts_spend_the_time_bank_then_sit_out(
    client: TestClient, clock: FakeClock
) -> None:
    room = client.app.state.room  # type: ignore[attr-defined]
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    decision = snapshot["decision"]
    assert decision["kind"] == "bet" and not decision["legal"]["can_check"]
    assert decision["time_bank"] == 30.0
    number = snapshot["hand"]["number"]
    clock.advance(20 + 29.9)  # action time (20 s), then most of the bank (30 s)
    room.tick()
    assert me(client)["decision"] == decision | {"time_bank": 30.0}
    clock.advance(0.1)
    room.tick()  # both spent: she cannot check, so she folds
    after = me(client)
    seat = after["seats"][1]
    assert after["hand"]["number"] == number + 1
    assert after["last_hand"]["number"] == number
    assert seat["sitting_out"] is False  # one timeout
    # the next time she is asked, no bank is left: 20 s and she is sat out
    for _ in range(50):
        snapshot = me(client)
        if snapshot["decision"] is not None:
            break
        clock.advance(1)
        room.tick()
    assert snapshot["decision"]["time_bank"] == 0.0
    clock.advance(20)
    room.tick()
    assert me(client)["seats"][1]["sitting_out"] is True  # 2 timeouts in a row
    comeback = client.post("/api/tables/1/come-back")
    assert comeback.status_code == 200
    assert comeback.json()["seats"][1]["sitting_out"] is False


def test_check_fold_in_turn(make_client: Callable[..., TestClient]) -> None:
    """Facing the big blind, ann turns "check or fold" on in her turn: she
    folds at once, and the hand runs on among the bots to its end. (A pause
    between hands: without one her "check or fold" folds hand after hand
    in the same request, until her blinds are spent.)"""
    client = make_client(hand_pause_seconds=3.0)
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    assert not snapshot["decision"]["legal"]["can_check"]  # she faces the blind
    number = snapshot["hand"]["number"]
    posted = snapshot["seats"][1]["bet"]
    after = client.post("/api/tables/1/options", json={"check_fold": True}).json()
    assert after["you"]["options"]["check_fold"] is True
    assert after["hand"] is None  # the pause between hands
    assert after["last_hand"]["number"] == number
    assert after["seats"][1]["stack"] == 200 - posted
    history = client.get(f"/api/hands/{after['last_hand']['id']}").json()
    mine = [a["action"] for a in history["actions"] if a.get("seat") == 2]
    assert mine[-1] == "fold" and "fold" not in mine[:-1]
    bad = client.post("/api/tables/1/options", json={"fold_always": True})
    assert bad.status_code == 400


def test_check_fold_without_a_pause_plays_one_new_hand_per_request(
    make_client: Callable[..., TestClient],
) -> None:
    """With no pause between hands, ann's "check or fold" among bots ends
    her hand and plays at most the one hand started after it within her
    request; the hands after it wait for the room's ticks (before, one
    request played hand after hand until her chips were spent)."""
    client = make_client(hand_pause_seconds=0.0)
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    number = snapshot["hand"]["number"]
    after = client.post("/api/tables/1/options", json={"check_fold": True}).json()
    assert after["last_hand"]["number"] == number + 1
    assert after["hand"] is None


def _play(client: TestClient, until: Callable[[dict[str, Any]], bool]) -> None:
    for _ in range(500):
        snapshot = me(client)
        if until(snapshot):
            return
        decision = snapshot["decision"]
        assert decision is not None, snapshot
        assert (
            client.post("/api/tables/1/act", json=passive(decision)).status_code == 200
        )
    raise AssertionError("never reached")


def test_missed_big_blind_is_marked_ml_and_asked_to_post_all(
    make_client: Callable[..., TestClient],
) -> None:
    ann = make_client()
    register(ann, "ann")
    bob = TestClient(ann.app)
    register(bob, "bob")
    bob.post("/api/tables/1/sit", json={"seat": 4, "buy_in": 200})
    bob.post("/api/tables/1/options", json={"auto_post": True})
    ann.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200})
    ann.post("/api/tables/1/options", json={"check_fold": True})
    ann.post("/api/tables/1/sit-out")
    ann.post("/api/tables/1/options", json={"check_fold": False})
    # bob plays on until the big blind passes ann's empty place: "ML"
    _play(bob, lambda s: s["seats"][1]["missed_big_blind"])
    assert me(ann)["seats"][1]["sitting_out"] is True
    ann.post("/api/tables/1/come-back")
    _play(bob, lambda s: me(ann)["decision"] is not None)
    decision = me(ann)["decision"]
    # R-TABLE-6: post all = the big blind live (2) and the small blind dead (1)
    assert decision["kind"] == "post-all-or-wait"
    assert (decision["live"], decision["dead"]) == (2, 1)
    snapshot = ann.post("/api/tables/1/act", json={"action": "post"}).json()
    posts = [
        (a["action"], a["amount"])
        for a in snapshot["hand"]["actions"]
        if a.get("seat") == 2 and a["action"] in ("post", "post-dead")
    ]
    assert sorted(posts) == [("post", 2), ("post-dead", 1)]
    assert snapshot["seats"][1]["missed_big_blind"] is False
