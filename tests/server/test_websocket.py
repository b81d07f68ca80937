"""The tables' WebSockets: views, commands, errors, reconnecting, no leaks.

Each command publishes one ``table`` message to every socket at the table
(after any ``hand-complete``), so a test reads each socket up to its next
``table`` message after each command.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from room_helpers import passive, register
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from holdem.server import Store
from holdem.server.encode import actions_json, cards_json

pytestmark = pytest.mark.server

Socket = WebSocketTestSession


def drain(socket: Socket) -> list[dict[str, Any]]:
    """Messages up to and including the next ``table`` (or ``error``) message."""
    messages = []
    while True:
        message = socket.receive_json()
        messages.append(message)
        if message["type"] in ("table", "error"):
            return messages


@pytest.fixture
def sockets() -> Iterator[contextlib.ExitStack]:
    with contextlib.ExitStack() as stack:
        yield stack


def connect(
    stack: contextlib.ExitStack,
    client: TestClient,
    token: str | None,
    table_id: int = 1,
) -> Socket:
    url = f"/ws/tables/{table_id}" + (f"?token={token}" if token else "")
    return stack.enter_context(client.websocket_connect(url))


def test_a_visitor_watches_as_a_spectator(
    client: TestClient, sockets: contextlib.ExitStack
) -> None:
    socket = connect(sockets, client, None)
    welcome = socket.receive_json()
    assert welcome == {"type": "welcome", "table_id": 1, "player": None, "seat": None}
    (table,) = drain(socket)
    snapshot = table["snapshot"]
    assert snapshot["you"] is None
    assert [s and s["player"] for s in snapshot["seats"]] == [
        "Bot Ada",
        None,
        "Bot Bea",
        None,
        "Bot Cyd",
        None,
    ]
    socket.send_json({"type": "act", "action": "fold"})
    error = socket.receive_json()
    assert error["type"] == "error" and error["error"]["kind"] == "AuthError"
    socket.send_json({"type": "ping"})
    assert socket.receive_json() == {"type": "pong"}


@pytest.mark.parametrize("table", ["42", "abc"])
def test_unknown_table_sends_an_error_then_closes(
    client: TestClient, table: str
) -> None:
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        message = socket.receive_json()
        assert message["type"] == "error"
        assert set(message["error"]) == {
            "kind",
            "message",
            "rule",
            "legal",
            "key",  # the page shows it in the player's language
            "params",
        }
        assert message["error"]["kind"] == "NotFoundError"
        assert table in message["error"]["message"]
        assert message["error"]["key"] == "no table {table}"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4404
    assert table in closed.value.reason


def test_bad_messages_get_errors_and_change_nothing(
    client: TestClient, sockets: contextlib.ExitStack
) -> None:
    token = register(client, "ann")
    socket = connect(sockets, client, token)
    assert socket.receive_json()["seat"] is None
    drain(socket)
    socket.send_text("not json")
    assert socket.receive_json()["error"]["kind"] == "InvalidInputError"
    socket.send_json(["a", "list"])
    assert socket.receive_json()["error"]["kind"] == "InvalidInputError"
    socket.send_json({"type": "dance"})
    assert socket.receive_json()["error"]["kind"] == "InvalidInputError"
    socket.send_json({"type": "act", "action": "fold"})
    assert socket.receive_json()["error"]["kind"] == "ForbiddenError"
    socket.send_json({"type": "sit", "seat": 2, "buy_in": 100})
    snapshot = drain(socket)[-1]["snapshot"]
    assert snapshot["you"]["seat"] == 2
    decision = snapshot["decision"]
    assert decision["kind"] == "bet" and not decision["legal"]["can_check"]
    socket.send_json({"type": "act", "action": "check"})
    error = socket.receive_json()["error"]
    assert error["kind"] == "IllegalActionError"
    assert error["legal"]["call_amount"] == decision["legal"]["call_amount"]
    socket.send_json({"type": "act", "action": "bet"})  # no amount
    assert socket.receive_json()["error"]["kind"] == "InvalidInputError"
    amount = decision["legal"]["min_raise_to"]
    socket.send_json({"type": "act", "action": "bet", "amount": amount})
    error = socket.receive_json()["error"]  # facing the big blind: a raise
    assert (error["kind"], error["rule"]) == ("IllegalActionError", "R-BET-1")
    assert error["legal"] == decision["legal"]


def test_reconnecting_resumes_the_seat(
    client: TestClient, sockets: contextlib.ExitStack
) -> None:
    token = register(client, "ann")
    with client.websocket_connect(f"/ws/tables/1?token={token}") as socket:
        socket.receive_json()
        drain(socket)
        socket.send_json({"type": "sit", "seat": 2, "buy_in": 100})
        before = drain(socket)[-1]["snapshot"]
        assert before["seats"][1]["connected"] is True
    gone = client.get("/api/tables/1").json()  # a reload: the socket closed
    assert gone["you"]["seat"] == 2 and gone["seats"][1]["connected"] is False
    again = connect(sockets, client, token)
    assert again.receive_json()["seat"] == 2
    after = drain(again)[-1]["snapshot"]
    assert after["seats"][1]["cards"] == before["seats"][1]["cards"]
    assert after["decision"] == before["decision"]
    assert after["seats"][1]["connected"] is True


def _cards_in(value: Any) -> set[str]:
    return set(json.dumps(value).replace('"', " ").split()) if value else set()


def test_no_client_sees_hidden_hole_cards(
    make_client: Callable[..., TestClient],
    store: Store,
    sockets: contextlib.ExitStack,
) -> None:
    """R-HISTORY-1 at the WebSocket: others' cards only once shown, folds never."""
    client = make_client()  # calling-station bots: nobody goes broke
    tokens = {name: register(client, name) for name in ("ann", "bob")}
    stack = sockets
    sockets = {name: connect(stack, client, token) for name, token in tokens.items()}
    visitor = TestClient(client.app)  # no session cookie: a spectator
    sockets["watcher"] = connect(stack, visitor, None)
    received: dict[str, list[dict[str, Any]]] = {name: [] for name in sockets}

    def read_all() -> None:
        for name, socket in sockets.items():
            received[name] += drain(socket)

    for socket in sockets.values():
        socket.receive_json()  # welcome
    # a viewer without a seat here changes nothing the others see: only the
    # new socket gets the table
    for name in sockets:
        received[name] += drain(sockets[name])

    seat_of = {"ann": 2, "bob": 4}
    for name, seat in seat_of.items():
        sockets[name].send_json({"type": "sit", "seat": seat, "buy_in": 200})
        read_all()
    hands_seen = 0
    compared = 0
    room = client.app.state.room  # type: ignore[attr-defined]
    for _ in range(400):
        last = {name: received[name][-1]["snapshot"] for name in seat_of}
        asked = [n for n in seat_of if last[n]["decision"] is not None]
        finished = last["ann"]["last_hand"]
        if finished is not None and finished["number"] >= 8:
            break
        assert asked, last["ann"]
        name = asked[0]
        decision = last[name]["decision"]
        answer = passive(decision)
        number = last[name]["hand"]["number"]
        bet = decision["kind"] == "bet"
        if name == "bob" and number % 2 == 0 and bet and decision["legal"]["can_fold"]:
            answer = {"action": "fold"}  # bob folds the even hands
        if name == "bob" and decision["kind"] == "showdown" and decision["can_muck"]:
            answer = {"action": "muck"}  # and mucks where he may (R-SHOW-2)
        sockets[name].send_json({"type": "act", **answer})
        reply = drain(sockets[name])
        assert reply[-1]["type"] == "table", (answer, reply[-1])
        received[name] += reply
        for other in sockets:
            if other != name:
                received[other] += drain(sockets[other])
        hands_seen = max(hands_seen, number)
        # the public part of a publish is built once for every viewer: each
        # seated viewer's snapshot must still be its own seat's engine view
        # (its cards, every seat's cards, the action list)
        runner = room.runner(1)
        hand = runner.table.hand
        if hand is not None and hand.state is not None:
            for viewer, seat in seat_of.items():
                sent = received[viewer][-1]["snapshot"]
                assert sent["hand"]["number"] == hand.number
                view = hand.view(seat).hand if seat in hand.seats else None
                if view is None:
                    continue
                cards = {
                    hand.seats[i]: cards_json(c) for i, c in enumerate(view.hole_cards)
                }
                shown = {e["seat"]: e["cards"] for e in sent["seats"] if e}
                assert shown == {s: cards.get(s) for s in shown}
                assert sent["hand"]["actions"] == actions_json(
                    view.events, hand.seats, view.hole_cards
                )
                compared += 1
    assert hands_seen >= 8
    assert compared >= 2 * 8  # both seats' views compared in running hands

    # the truth: every hand's hole cards and what was shown, from the store
    truth = {}
    for hand_id in range(1, hands_seen + 1):
        row, _events = store.hand(hand_id)
        summary = row["summary"]
        shown = {entry["seat"] for entry in summary["shown"]}
        truth[row["number"]] = (summary["hole"], shown)
    folded_or_mucked = 0
    for name, messages in received.items():
        own = seat_of.get(name)
        for message in messages:
            if message["type"] == "hand-complete":
                number, payload = message["hand"]["number"], message["hand"]
            elif message["snapshot"]["hand"] is not None:
                snapshot = message["snapshot"]
                number = snapshot["hand"]["number"]
                payload = {k: v for k, v in snapshot.items() if k != "last_hand"}
            else:
                continue
            if number not in truth:
                continue  # the hand dealt after the last one played
            hole, shown = truth[number]
            seen = _cards_in(payload)
            for seat_text, cards in hole.items():
                seat = int(seat_text)
                if seat == own or seat in shown:
                    continue
                folded_or_mucked += 1
                leaked = seen & set(cards)
                assert not leaked, f"{name} saw seat {seat}'s {leaked} in {number}"
    assert folded_or_mucked > 0  # the test looked at hidden hands


def test_hand_history_shows_showdown_hands_and_hides_folds(
    make_client: Callable[..., TestClient], store: Store
) -> None:
    """R-HISTORY-1 on request: mucked hands at the showdown are shown."""
    client = make_client()
    register(client, "ann")
    bob = TestClient(client.app)
    register(bob, "bob")
    carol = TestClient(client.app)
    register(carol, "carol")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    bob.post("/api/tables/1/sit", json={"seat": 4, "buy_in": 200})
    players = {2: client, 4: bob}
    for _ in range(300):
        snapshot = client.get("/api/tables/1").json()
        if snapshot["last_hand"] and snapshot["last_hand"]["number"] >= 4:
            break
        to_act = snapshot["hand"]["to_act"]
        who = players[to_act]
        mine = who.get("/api/tables/1").json()
        decision = mine["decision"]
        answer = passive(decision)
        number = mine["hand"]["number"]
        if to_act == 4 and number == 3 and decision["kind"] == "bet":
            answer = {"action": "fold"}  # he faces the big blind: he may fold
        if to_act == 4 and decision["kind"] == "showdown" and decision["can_muck"]:
            answer = {"action": "muck"}  # where he may (R-SHOW-2)
        assert who.post("/api/tables/1/act", json=answer).status_code == 200
    hands = client.get("/api/tables/1/hands").json()["hands"]
    by_number = {h["number"]: h["id"] for h in hands}
    for number in (2, 3, 4):  # bob is dealt in from hand 2 on
        hand_id = by_number[number]
        row, _ = store.hand(hand_id)
        hole = row["summary"]["hole"]
        history = client.get(f"/api/hands/{hand_id}").json()
        cards = {p["seat"]: p["cards"] for p in history["players"]}
        assert cards[2] == hole["2"]  # her own
        if number == 3:
            assert cards[4] is None  # bob folded: private
            assert hole["4"][0] not in history["phh"]
        else:
            assert cards[4] == hole["4"]  # bob mucked at the showdown: shown
        assert "burn" not in json.dumps(history)
        forbidden = carol.get(f"/api/hands/{hand_id}")
        assert forbidden.status_code == 403
        assert forbidden.json()["error"]["rule"] == "R-HISTORY-1"
    assert client.get("/api/hands/999").status_code == 404


def test_each_socket_sees_its_own_wallet_after_a_buy_in(
    client: TestClient, store: Store, sockets: contextlib.ExitStack
) -> None:
    """A publish reads the viewers' wallets in one query (``Store.balances``)."""
    tokens = {name: register(client, name) for name in ("ann", "bob")}
    ann = connect(sockets, client, tokens["ann"])
    bob = connect(sockets, client, tokens["bob"])
    for socket in (ann, bob):
        socket.receive_json()  # welcome
        drain(socket)
    ann.send_json({"type": "sit", "seat": 2, "buy_in": 150})
    assert drain(ann)[-1]["snapshot"]["you"]["balance"] == 1000 - 150
    assert drain(bob)[-1]["snapshot"]["you"]["balance"] == 1000
    ids = {name: store.account_by_name(name).id for name in ("ann", "bob")}  # type: ignore[union-attr]
    assert store.balances([*ids.values(), 10**9]) == {
        ids["ann"]: 850,
        ids["bob"]: 1000,
    }
    assert store.balances([]) == {}
