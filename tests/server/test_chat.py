"""The table's chat over the WebSocket: who may write, limits, mutes,
history, and the tournament option suspending chat while a player is all-in."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from room_helpers import FakeClock, register
from starlette.testclient import WebSocketTestSession
from test_faults import _all_in
from test_websocket import connect, drain

from holdem.server.chat import CHAT_BURST, CHAT_HISTORY, MAX_CHAT_CHARACTERS

pytestmark = pytest.mark.server


@pytest.fixture
def sockets() -> Iterator[contextlib.ExitStack]:
    with contextlib.ExitStack() as stack:
        yield stack


Socket = WebSocketTestSession
_TABLE_NEWS = ("table", "hand-complete", "shuffle-commitment")


def _next(socket: Socket) -> dict[str, Any]:
    """The next message that is not the table's news."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] not in _TABLE_NEWS:
            return message


def _nothing_waits(socket: Socket) -> None:
    """No chat waits for ``socket``: a ping's pong comes next."""
    socket.send_json({"type": "ping"})
    assert _next(socket) == {"type": "pong"}


def _join(
    stack: contextlib.ExitStack, client: TestClient, token: str | None, table: int = 1
) -> Socket:
    """A socket at ``table``: ``token``'s, or a visitor's (no session at all)."""
    if token is None:
        client.cookies.clear()  # the client keeps the last registration's cookie
    socket = connect(stack, client, token, table)
    socket.receive_json()  # welcome
    drain(socket)
    return socket


def _seated(
    stack: contextlib.ExitStack, client: TestClient, name: str, seat: int
) -> Socket:
    token = register(client, name)
    socket = _join(stack, client, token)
    socket.send_json({"type": "sit", "seat": seat, "buy_in": 100})
    drain(socket)
    return socket


def test_a_seated_player_chats_to_everyone_at_the_table_as_text(
    client: TestClient, sockets: contextlib.ExitStack, clock: FakeClock
) -> None:
    ann = _seated(sockets, client, "ann", 2)
    visitor = _join(sockets, client, None)
    text = '<script>alert("x")</script> &amp; hi'
    ann.send_json({"type": "chat", "text": f"  {text}  "})
    expected = {
        "type": "chat",
        "from": "ann",
        "seat": 2,
        "text": text,  # stripped, never turned into (or out of) HTML
        "at": clock().isoformat(),
    }
    assert _next(ann) == expected
    raw = visitor.receive_text()
    while '"type":"chat"' not in raw:
        raw = visitor.receive_text()
    assert "<script>" in raw and "&lt;" not in raw  # JSON text, not HTML
    visitor.send_json({"type": "chat", "text": "hello"})
    assert _next(visitor)["error"]["kind"] == "AuthError"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("   ", "1 to 200"),
        ("x" * (MAX_CHAT_CHARACTERS + 1), "1 to 200"),
        ("two\nlines", "control"),
        ("bell\x07", "control"),
        ("abc\u202edcba", "control"),
        (42, "string"),
    ],
)
def test_chat_text_is_checked(
    client: TestClient, sockets: contextlib.ExitStack, text: object, words: str
) -> None:
    ann = _seated(sockets, client, "ann", 2)
    ann.send_json({"type": "chat", "text": text})
    error = _next(ann)["error"]
    assert error["kind"] == "InvalidInputError" and words in error["message"]
    assert client.app.state.room.chat.recent(1, None) == []  # type: ignore[attr-defined]


def test_spectators_write_only_where_the_house_allows(
    make_client: Callable[..., TestClient], sockets: contextlib.ExitStack
) -> None:
    closed = make_client()
    bob = _join(sockets, closed, register(closed, "bob"))
    bob.send_json({"type": "chat", "text": "hi"})
    error = _next(bob)["error"]
    assert error["kind"] == "ForbiddenError" and "spectators" in error["message"]
    # a table's own switch wins over the room's
    made = closed.post("/api/tables", json={"name": "Rail", "spectator_chat": True})
    assert made.status_code == 201, made.text
    cid = _join(sockets, closed, register(closed, "cid"), made.json()["id"])
    rail = _join(sockets, closed, None, made.json()["id"])
    cid.send_json({"type": "chat", "text": "from the rail"})
    assert _next(cid)["seat"] is None
    assert _next(rail)["text"] == "from the rail"
    opened = make_client(spectator_chat=True)
    dan = _join(sockets, opened, register(opened, "dan"))
    dan.send_json({"type": "chat", "text": "hi"})
    assert _next(dan)["from"] == "dan"


def test_chat_is_rate_limited_naming_the_wait(
    client: TestClient, sockets: contextlib.ExitStack, clock: FakeClock
) -> None:
    ann = _seated(sockets, client, "ann", 2)
    ann.send_json({"type": "chat", "text": "one"})
    assert _next(ann)["text"] == "one"
    ann.send_json({"type": "chat", "text": "too soon"})
    error = _next(ann)["error"]
    assert error["kind"] == "RateLimitedError" and "wait 1 s" in error["message"]
    for number in range(2, CHAT_BURST + 1):
        clock.advance(1.0)
        ann.send_json({"type": "chat", "text": f"n{number}"})
        assert _next(ann)["text"] == f"n{number}"
    clock.advance(1.0)  # at 5 s, CHAT_BURST messages since 0 s: the window is full
    ann.send_json({"type": "chat", "text": "burst"})
    error = _next(ann)["error"]  # the first leaves the 10 s window at 10 s
    assert error["kind"] == "RateLimitedError" and "wait 5 s" in error["message"]
    clock.advance(4.5)
    ann.send_json({"type": "chat", "text": "not yet"})
    assert "wait 1 s" in _next(ann)["error"]["message"]
    clock.advance(0.5)
    ann.send_json({"type": "chat", "text": "later"})
    assert _next(ann)["text"] == "later"


def test_a_muted_player_is_not_sent_to_the_viewer_who_muted_them(
    client: TestClient, sockets: contextlib.ExitStack, clock: FakeClock
) -> None:
    ann = _seated(sockets, client, "ann", 2)
    bob = _seated(sockets, client, "bob", 4)
    bob.send_json({"type": "mute", "player": "ANN"})
    assert _next(bob) == {"type": "muted", "players": ["ann"]}
    ann.send_json({"type": "chat", "text": "can you hear me"})
    assert _next(ann)["text"] == "can you hear me"
    _nothing_waits(bob)
    late = _join(sockets, client, None)
    assert _next(late)["type"] == "chat-history"  # a visitor sees it all
    bob.send_json({"type": "unmute", "player": "ann"})
    assert _next(bob) == {"type": "muted", "players": []}
    clock.advance(1.0)
    ann.send_json({"type": "chat", "text": "now?"})
    assert _next(bob)["text"] == "now?"
    bob.send_json({"type": "mute", "player": "nobody"})
    assert _next(bob)["error"]["kind"] == "NotFoundError"
    bob.send_json({"type": "mute", "player": "bob"})
    assert _next(bob)["error"]["kind"] == "InvalidInputError"


def test_a_new_socket_gets_the_last_messages(
    client: TestClient, sockets: contextlib.ExitStack, clock: FakeClock
) -> None:
    ann = _seated(sockets, client, "ann", 2)
    for number in range(CHAT_HISTORY + 3):
        clock.advance(2.0)  # within both limits
        ann.send_json({"type": "chat", "text": f"m{number}"})
        assert _next(ann)["text"] == f"m{number}"
    visitor = _join(sockets, client, None)
    history = _next(visitor)
    assert history["type"] == "chat-history"
    texts = [m["text"] for m in history["messages"]]
    assert texts == [f"m{n}" for n in range(3, CHAT_HISTORY + 3)]


def test_a_tournament_table_suspends_chat_while_a_player_is_all_in(
    client: TestClient, sockets: contextlib.ExitStack, clock: FakeClock
) -> None:
    ann_token = register(client, "ann")
    bob_token = register(client, "bob")
    spec = {"name": "Final", "seat_count": 2, "chat_suspended_while_all_in": True}
    made = client.post("/api/tables", json=spec)
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    tokens = {2: bob_token, 1: ann_token}
    ann = _join(sockets, client, ann_token, table)
    for seat, token in tokens.items():
        headers = {"Authorization": f"Bearer {token}"}
        sat = client.post(
            f"/api/tables/{table}/sit",
            json={"seat": seat, "buy_in": 100},
            headers=headers,
        )
        assert sat.status_code == 200, sat.text
    ann.send_json({"type": "chat", "text": "good luck"})
    assert _next(ann)["text"] == "good luck"
    # whoever is asked first pushes every chip in; the other is then asked
    view = client.get(f"/api/tables/{table}").json()
    first = view["hand"]["to_act"]
    headers = {"Authorization": f"Bearer {tokens[first]}"}
    decision = client.get(f"/api/tables/{table}", headers=headers).json()["decision"]
    pushed = client.post(
        f"/api/tables/{table}/act", json=_all_in(decision), headers=headers
    ).json()
    assert any(s and s["all_in"] for s in pushed["seats"]), pushed["seats"]
    clock.advance(1.0)
    ann.send_json({"type": "chat", "text": "nice"})
    error = _next(ann)["error"]
    assert error["kind"] == "StateError" and "all-in" in error["message"]
    # the hand ends (the other folds): chat opens again
    other = 2 if first == 1 else 1
    headers = {"Authorization": f"Bearer {tokens[other]}"}
    folded = client.post(
        f"/api/tables/{table}/act", json={"action": "fold"}, headers=headers
    )
    assert folded.status_code == 200, folded.text
    ann.send_json({"type": "chat", "text": "gg"})
    assert _next(ann)["text"] == "gg"
