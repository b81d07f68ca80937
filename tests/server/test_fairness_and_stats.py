"""The room's verifiable shuffle (R-FAIR-1) and the player's statistics page data."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from click.testing import CliRunner
from fastapi.testclient import TestClient
from room_helpers import passive, play_until_hand_ends, register

from holdem.cli.main import cli
from holdem.fairness import commitment
from holdem.table.verifiable import VerifiableShuffler


def test_R_FAIR_1_room_hand_verifies_and_commitment_comes_first(
    make_client: Callable[..., TestClient], tmp_path: Path
) -> None:
    client = make_client(rng=VerifiableShuffler)
    register(client, "ann")
    # before anyone sits no card is dealt: the table shows hand 1's commitment
    before = client.get("/api/tables/1").json()
    promised = before["shuffle_commitment"]
    assert before["hand"] is None and len(promised) == 64
    refused = client.post("/api/tables/1/entropy", json={"text": "mine"})
    assert refused.status_code == 403  # entropy comes from a seat
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    assert snapshot["hand"] is not None  # dealt at once: hand 1
    late = client.post("/api/tables/1/entropy", json={"text": "too late"})
    assert late.status_code == 200  # hand 1 is dealt: it goes into hand 2
    snapshot = play_until_hand_ends(client, 1, snapshot)
    # the test room deals at once: hand 2 is dealt, this goes into hand 3
    ok = client.post("/api/tables/1/entropy", json={"text": "ann's luck"})
    assert ok.status_code == 200, ok.text
    bad = client.post("/api/tables/1/entropy", json={"text": "x" * 65})
    assert bad.status_code == 400
    snapshot = play_until_hand_ends(client, 1, snapshot, hands=2)
    hands = client.get("/api/tables/1/hands").json()["hands"]
    by_number = {h["number"]: h["id"] for h in hands}
    first = client.get(f"/api/hands/{by_number[1]}").json()
    assert first["shuffle"]["commitment"] == promised
    assert commitment(bytes.fromhex(first["shuffle"]["server_seed"])) == promised
    second = client.get(f"/api/hands/{by_number[2]}").json()
    assert second["shuffle"]["entropy"] == [[2, "too late"]]
    third = client.get(f"/api/hands/{by_number[3]}").json()
    assert third["shuffle"]["entropy"] == [[2, "ann's luck"]]
    assert first["shuffle"]["entropy"] == []
    for hand in (first, third):
        path = tmp_path / f"hand{hand['number']}.json"
        path.write_text(json.dumps(hand), encoding="utf-8")
        result = CliRunner().invoke(cli, ["verify", str(path)])
        assert result.exit_code == 0, result.output
    # a changed board card fails. ann checks or calls and the bots call:
    # nobody folds, so every hand is dealt its five board cards (R-DEAL-3)
    board = third["board"]
    assert len(board) == 5
    phh = third["phh"].replace(
        f"d db {''.join(board[:3])}", f"d db {board[1]}{board[0]}{board[2]}"
    )
    assert phh != third["phh"]
    path = tmp_path / "changed.json"
    path.write_text(json.dumps({**third, "phh": phh}), encoding="utf-8")
    result = CliRunner().invoke(cli, ["verify", str(path)])
    assert result.exit_code == 1 and "board" in result.output


def test_entropy_needs_the_room_option(client: TestClient) -> None:
    register(client, "dan")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200})
    assert snapshot.json()["shuffle_commitment"] is None
    answer = client.post("/api/tables/1/entropy", json={"text": "mine"})
    assert answer.status_code == 409 and "--verifiable-shuffle" in answer.text


def test_R_FAIR_1_commitment_message_precedes_the_next_deal(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(rng=VerifiableShuffler, hand_pause_seconds=60.0)
    token = register(client, "bob")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    with client.websocket_connect(f"/ws/tables/1?token={token}") as socket:
        assert socket.receive_json()["type"] == "welcome"
        seen = socket.receive_json()
        assert seen["snapshot"]["shuffle_commitment"]
        snapshot = play_until_hand_ends(client, 1, snapshot)
        kinds = []
        for _ in range(200):
            message = socket.receive_json()
            kinds.append(message["type"])
            if message["type"] == "shuffle-commitment":
                commitment_message = message
                break
        assert kinds[-2:] == ["hand-complete", "shuffle-commitment"]
        assert commitment_message["hand"] == 2
        # the pause holds hand 2: the commitment was out before its first card
        assert client.get("/api/tables/1").json()["hand"] is None


def test_my_stats_gives_figures_and_series(client: TestClient) -> None:
    register(client, "cat")
    empty = client.get("/api/me/stats").json()
    assert empty["stats"]["hands"] == 0 and empty["series"]["won"] == []
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    play_until_hand_ends(client, 1, snapshot, hands=3)
    data = client.get("/api/me/stats").json()
    stats, won = data["stats"], data["series"]["won"]
    assert stats["player"] == "cat" and stats["hands"] == 3
    assert len(won) == stats["hands"] == len(data["series"]["adjusted"])
    # the series ends at the net result; the net matches the wallet's change
    assert abs(won[-1] - stats["net_bb"]) < 0.01
    table = client.get("/api/tables/1").json()
    stack = next(s for s in table["seats"] if s and s.get("player") == "cat")["stack"]
    assert stats["net_chips"] == stack - 200
    assert client.get("/api/me/stats?limit=0").status_code == 400


def test_R_HISTORY_1_hidden_hole_cards_keep_the_phh_readable(
    make_client: Callable[..., TestClient],
) -> None:
    # eve folds whenever she may: the bots' hands that reach no showdown
    # are hidden as ???? in her copy, which must still read as PHH
    import random

    from holdem.history.phh import loads
    from holdem.table.bots import RandomBot

    bots = random.Random(11)
    client = make_client(make_bot=lambda: RandomBot(random.Random(bots.random())))
    register(client, "eve")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    for _ in range(200):
        decision = snapshot["decision"]
        if snapshot["last_hand"] and snapshot["last_hand"]["number"] >= 8:
            break
        legal = decision.get("legal") or {}
        answer = {"action": "fold"} if legal.get("can_fold") else passive(decision)
        snapshot = client.post("/api/tables/1/act", json=answer).json()
    hands = client.get("/api/tables/1/hands").json()["hands"]
    folded = 0
    for row in hands:
        hand = client.get(f"/api/hands/{row['id']}").json()
        history = loads(hand["phh"])  # no error: every line is whole
        folded += "????" in hand["phh"]
        assert history.players is not None and "eve" in history.players
    assert folded  # some bot folded before a showdown: its cards hidden
    stats = client.get("/api/me/stats").json()
    assert stats["skipped"] == 0 and stats["stats"]["hands"] == len(hands)
    assert stats["stats"]["vpip"] == 0.0
