"""Bounded work per client: spectator caps, shared encoding, table quotas, lobby pages.

The caps refuse with an ``error`` message naming the cap and a close code
(WebSocket) or a 409/429 with ``Retry-After`` (HTTP); a table change is
encoded once for all spectators; a socket's queue stays bounded; the lobby
comes in pages in table-id order.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from room_helpers import register
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from holdem.errors import InvalidInputError
from holdem.server import ServerConfig, Store
from holdem.server import room as room_module
from holdem.server.app import WS_FULL
from holdem.server.config import LOBBY_PAGE_MAX, TableSpec
from holdem.server.outbox import Outbox
from holdem.server.room import Connection, Room
from holdem.server.snapshot import snapshot

pytestmark = pytest.mark.server


@pytest.fixture
def sockets() -> Iterator[contextlib.ExitStack]:
    with contextlib.ExitStack() as stack:
        yield stack


def watch(
    stack: contextlib.ExitStack, client: TestClient, table_id: int = 1, token: str = ""
) -> WebSocketTestSession:
    """A socket at the table, read up to its first snapshot."""
    url = f"/ws/tables/{table_id}" + (f"?token={token}" if token else "")
    socket = stack.enter_context(client.websocket_connect(url))
    assert socket.receive_json()["type"] == "welcome"
    assert socket.receive_json()["type"] == "table"
    return socket


def refused(client: TestClient, table_id: int = 1, token: str = "") -> tuple[Any, Any]:
    """Open a socket that must be refused: its error and its close."""
    url = f"/ws/tables/{table_id}" + (f"?token={token}" if token else "")
    with client.websocket_connect(url) as socket:
        error = socket.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    return error, closed.value


# ------------------------------------------------------------------ caps


def test_spectators_past_the_table_cap_are_refused_but_players_get_in(
    make_client: Callable[..., TestClient], sockets: contextlib.ExitStack
) -> None:
    client = make_client(max_spectators_per_table=2, max_spectators_per_address=10)
    watch(sockets, client)
    watch(sockets, client)
    error, closed = refused(client)
    assert error["type"] == "error"
    assert error["error"]["kind"] == "LimitError"
    assert "table 1 has 2 spectators" in error["error"]["message"]
    assert "(2)" in error["error"]["message"]
    assert closed.code == WS_FULL
    assert "spectators" in closed.reason
    # a logged-in viewer without a seat is a spectator too
    token = register(client, "ann")
    error, closed = refused(client, token=token)
    assert closed.code == WS_FULL
    # once seated (over HTTP) the player's own socket always gets in
    sat = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 100})
    assert sat.status_code == 200, sat.text
    socket = watch(sockets, client, token=token)
    socket.send_json({"type": "ping"})
    assert socket.receive_json() == {"type": "pong"}


def test_sockets_without_a_session_are_capped_per_address(
    make_client: Callable[..., TestClient], sockets: contextlib.ExitStack
) -> None:
    client = make_client(max_spectators_per_address=2)
    room: Room = client.app.state.room  # type: ignore[attr-defined]
    second, _ = room.create_table(TableSpec(name="Second"))
    first = watch(sockets, client, 1)
    watch(sockets, client, second)
    error, closed = refused(client, second)  # any table: the cap is the address's
    assert closed.code == WS_FULL
    message = error["error"]["message"]
    assert "2 sockets without a session" in message and "log in" in message
    token = register(client, "bea")  # a session is counted per account instead
    watch(sockets, client, 1, token)
    first.close()
    for _ in range(100):  # the server forgets the closed socket soon after
        if room.anonymous.get("testclient", 0) < 2:
            break
        asyncio.run(asyncio.sleep(0.05))
    watch(sockets, client, second)


def test_sockets_are_capped_per_account(
    make_client: Callable[..., TestClient], sockets: contextlib.ExitStack
) -> None:
    client = make_client(max_sockets_per_account=2)
    token = register(client, "cyd")
    watch(sockets, client, token=token)
    watch(sockets, client, token=token)
    error, closed = refused(client, token=token)
    assert closed.code == WS_FULL
    assert "cyd has 2 sockets open" in error["error"]["message"]


@pytest.mark.parametrize(
    "name", ["max_spectators_per_table", "max_queued_messages", "lobby_page_size"]
)
def test_caps_must_be_positive_whole_numbers(name: str) -> None:
    with pytest.raises(InvalidInputError, match=name):
        ServerConfig(**{name: 0})  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="lobby_page_size"):
        ServerConfig(lobby_page_size=LOBBY_PAGE_MAX + 1)


# ------------------------------------------------------- one encoding each


def test_a_change_is_encoded_once_for_every_spectator(
    client: TestClient, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    room: Room = client.app.state.room  # type: ignore[attr-defined]
    runner = room.runner(1)
    people = [
        store.create_account(name, "person", None, 1000) for name in ("dee", "eve")
    ]
    built: list[Any] = []
    encoded: list[dict[str, Any]] = []
    real_public, real_viewer = room_module.public_snapshot, room_module.for_viewer
    real_encode = room_module.encode

    def counting_encode(message: dict[str, Any]) -> str:
        encoded.append(message)
        return real_encode(message)

    def counting_public(runner: Any) -> dict[str, Any]:
        built.append("public")
        return real_public(runner)

    def counting(
        public: Any, runner: Any, viewer: Any, balance: Any = None
    ) -> dict[str, Any]:
        built.append(viewer)
        return real_viewer(public, runner, viewer, balance)

    async def scenario() -> list[list[str]]:
        anonymous = [room.connect(1, None, f"10.0.0.{i}") for i in range(30)]
        watcher = room.connect(1, people[0], "10.0.1.1")
        runner.sit(people[1], 2, 100)
        player = room.connect(1, people[1], "10.0.1.2")
        everyone = [*anonymous, watcher, player]
        for connection in everyone:  # what connecting sent
            connection.queue = Outbox(64)
        monkeypatch.setattr(room_module, "public_snapshot", counting_public)
        monkeypatch.setattr(room_module, "for_viewer", counting)
        monkeypatch.setattr(room_module, "encode", counting_encode)
        room.publish(runner)
        return [[await c.queue.get() for _ in range(len(c.queue))] for c in everyone]

    texts = asyncio.run(scenario())
    # the public part built once; encoded once for the 31 spectators and
    # once for the seated player (their own part on top); the logged-in
    # spectator's own part ("you") apart
    assert built == ["public", people[1]]
    whole = [m for m in encoded if "seats" in m or "snapshot" in m]
    assert len(whole) == 2
    assert [m["player"] for m in encoded if "player" in m] == ["dee"]
    anonymous, watcher, player = texts[:30], texts[30], texts[31]
    assert all(t == anonymous[0] for t in anonymous)
    assert len(anonymous[0]) == 1
    # each decodes to the snapshot that viewer gets alone
    spectator = json.loads(anonymous[0][0])["snapshot"]
    assert spectator == snapshot(runner, None)
    mine = json.loads(watcher[0])["snapshot"]
    assert mine == snapshot(runner, people[0], 1000)
    assert mine["you"]["seat"] is None
    seated = json.loads(player[0])["snapshot"]
    assert seated == snapshot(runner, people[1], 900)
    assert seated["you"]["seat"] == 2


def test_a_queue_collapses_snapshots_then_closes_a_reader_that_never_reads() -> None:
    async def scenario() -> None:
        queue = Outbox(3)
        queue.put("hand-1")
        queue.put("snap-1", snapshot=True)
        queue.put("snap-2", snapshot=True)
        queue.put("snap-3", snapshot=True)  # full: the older snapshots go
        assert queue.collapsed == 2
        assert [await queue.get(), await queue.get()] == ["hand-1", "snap-3"]
        for n in range(3):
            queue.put(f"pong-{n}")
        queue.put("snap-4", snapshot=True)  # nothing to collapse: too far behind
        assert queue.closing is not None and "3 messages behind" in queue.closing
        queue.put("later")  # ignored once closing
        assert await queue.get() is None

    asyncio.run(scenario())


def test_a_socket_that_reads_nothing_holds_at_most_the_queue_limit(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(max_queued_messages=8)
    room: Room = client.app.state.room  # type: ignore[attr-defined]
    runner = room.runner(1)

    async def scenario() -> Connection:
        connection = room.connect(1, None, "10.0.0.1")
        for _ in range(200):
            room.publish(runner)
        return connection

    connection = asyncio.run(scenario())
    assert connection.queue.closing is None
    waiting = len(connection.queue)
    assert 1 <= waiting <= 8
    # 201 snapshots: the connect's and 200 publishes; the rest were dropped
    assert connection.queue.collapsed + waiting == 201


# ------------------------------------------------------------ table quotas


def test_an_account_makes_a_few_tables_per_window_then_waits(
    make_client: Callable[..., TestClient], clock: Any
) -> None:
    client = make_client(max_open_tables_per_account=5, table_creations=3)
    register(client, "fay")
    for n in range(3):
        made = client.post("/api/tables", json={"name": f"Fay {n}"})
        assert made.status_code == 201, made.text
    refused = client.post("/api/tables", json={"name": "Fay 3"})
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == "600"
    error = refused.json()["error"]
    assert error["kind"] == "RateLimitedError"
    assert "fay made 3 tables in the last 600 s" in error["message"]
    clock.advance(300)
    assert client.post("/api/tables", json={"name": "x"}).headers["Retry-After"] == (
        "300"
    )
    clock.advance(300)
    for n in range(3, 5):
        made = client.post("/api/tables", json={"name": f"Fay {n}"})
        assert made.status_code == 201, made.text
    clock.advance(3600)
    full = client.post("/api/tables", json={"name": "Fay 5"})
    assert full.status_code == 409
    assert full.json()["error"]["kind"] == "LimitError"
    assert "fay has 5 open tables" in full.json()["error"]["message"]
    lobby = client.get("/api/tables").json()["tables"]
    assert len(lobby) == 1 + 5  # the demo table and fay's five
    # another account has its own quota
    client.post("/api/logout")
    register(client, "gus")
    assert client.post("/api/tables", json={"name": "Gus"}).status_code == 201


def test_the_table_maker_is_stored(client: TestClient, store: Store) -> None:
    register(client, "hal")
    made = client.post("/api/tables", json={"name": "Hal's"}).json()
    hal = store.account_by_name("hal")
    assert hal is not None
    earlier = store.now() - datetime.timedelta(seconds=1)
    count, recent = store.tables_made(hal.id, earlier)
    assert (count, recent) == (1, [store.now()])
    assert store.tables_made(hal.id, store.now()) == (1, [])
    demo_maker, _ = store.tables_made(0, earlier)
    assert demo_maker == 0 and made["id"] == 2


# ------------------------------------------------------------- lobby pages


def test_the_lobby_comes_in_pages_in_table_order(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(lobby_page_size=3)
    room: Room = client.app.state.room  # type: ignore[attr-defined]
    for n in range(7):
        room.create_table(TableSpec(name=f"T{n}"))
    first = client.get("/api/tables").json()
    assert [t["id"] for t in first["tables"]] == [1, 2, 3]
    assert first["next"] == 3
    seen, after = [], 0
    while after is not None:
        page = client.get(f"/api/tables?limit=2&after={after}").json()
        assert len(page["tables"]) <= 2
        seen += [t["id"] for t in page["tables"]]
        after = page["next"]
    assert seen == list(range(1, 9))
    last = client.get("/api/tables?limit=2&after=6").json()
    assert [t["id"] for t in last["tables"]] == [7, 8] and last["next"] is None
    assert client.get("/api/tables?after=8").json() == {"tables": [], "next": None}
    for bad in (0, LOBBY_PAGE_MAX + 1):
        answer = client.get(f"/api/tables?limit={bad}")
        assert answer.status_code == 400
        assert f"limit is 1..{LOBBY_PAGE_MAX}" in answer.json()["error"]["message"]
