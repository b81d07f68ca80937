"""The guards against a real uvicorn server on 127.0.0.1 (docs/security.md).

A forged Origin (another port of the same host: a same-site page) can
neither change state nor open a table socket; logging out closes the
session's sockets; the event loop answers while passwords hash.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import uvicorn
from argon2 import PasswordHasher
from fastapi import FastAPI
from fastapi.testclient import TestClient
from room_helpers import PASSWORD
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from holdem.server import accounts as accounts_module

pytestmark = pytest.mark.server

SIT = {"seat": 2, "buy_in": 100}


class Live:
    """A room served by uvicorn in a thread: its address and application."""

    def __init__(self, app: FastAPI, port: int) -> None:
        self.app = app
        self.host = f"127.0.0.1:{port}"
        self.origin = f"http://{self.host}"
        self.http = httpx.Client(base_url=self.origin, trust_env=False, timeout=30)

    def socket(self, token: str | None, origin: str | None = None) -> ClientConnection:
        headers = {"Cookie": f"holdem_session={token}"} if token else None
        return connect(
            f"ws://{self.host}/ws/tables/1",
            origin=origin or self.origin,  # type: ignore[arg-type]
            additional_headers=headers,
            proxy=None,
            open_timeout=30,
        )

    def seat_of(self, name: str) -> int | None:
        room = self.app.state.room
        account = room.store.account_by_name(name)
        seat: int | None = room.runners[1].seat_of(account.id)
        return seat


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        accounts_module,
        "PasswordHasher",
        lambda: PasswordHasher(time_cost=1, memory_cost=8, parallelism=1),
    )


@pytest.fixture
def live(make_client: Callable[..., TestClient]) -> Iterator[Live]:
    app = make_client(register_attempts=100).app  # started by the test client
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=0,
        lifespan="off",
        log_level="warning",
        proxy_headers=False,
        ws_max_size=app.state.room.config.max_message_bytes,  # type: ignore[attr-defined]
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, (
            "uvicorn did not start"
        )
        time.sleep(0.05)
    port = server.servers[0].sockets[0].getsockname()[1]
    room = Live(app, port)  # type: ignore[arg-type]
    yield room
    room.http.close()
    server.should_exit = True
    thread.join(30)


def register(live: Live, name: str) -> str:
    answer = live.http.post("/api/register", json={"name": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    token: str = answer.json()["token"]
    return token


def receive(socket: ClientConnection, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(socket.recv(timeout=30))
        if message["type"] == kind:
            return message


def test_a_same_site_page_cannot_post_or_open_the_socket(live: Live) -> None:
    token = register(live, "ann")
    cookie = {"Cookie": f"holdem_session={token}"}
    sibling = live.origin.rsplit(":", 1)[0] + ":1"  # same host, another port
    forged = live.http.post(
        "/api/tables/1/sit", json=SIT, headers={**cookie, "Origin": sibling}
    )
    assert forged.status_code == 403
    no_cors = live.http.post(  # what a no-cors fetch can send
        "/api/tables/1/sit",
        content=json.dumps(SIT),
        headers={**cookie, "Origin": sibling, "Content-Type": "text/plain"},
    )
    assert no_cors.status_code == 403
    plain = live.http.post(
        "/api/tables/1/sit",
        content=json.dumps(SIT),
        headers={**cookie, "Content-Type": "text/plain"},
    )
    assert plain.status_code == 415
    assert live.seat_of("ann") is None
    with pytest.raises(InvalidStatus) as refused:
        live.socket(token, origin=sibling)
    assert refused.value.response.status_code == 403
    with live.socket(token) as socket:  # the room's own page
        assert receive(socket, "welcome")["player"] == "ann"
    own = live.http.post(
        "/api/tables/1/sit", json=SIT, headers={**cookie, "Origin": live.origin}
    )
    assert own.status_code == 200
    assert live.seat_of("ann") == 2


def test_logout_closes_the_sessions_socket(live: Live) -> None:
    token = register(live, "ann")
    cookie = {"Cookie": f"holdem_session={token}"}
    with live.socket(token) as socket:
        assert receive(socket, "welcome")["player"] == "ann"
        logout = live.http.post(
            "/api/logout", headers={**cookie, "Origin": live.origin}
        )
        assert logout.status_code == 204
        with pytest.raises(ConnectionClosed) as closed:
            socket.send(json.dumps({"type": "sit", **SIT}))
            while True:
                socket.recv(timeout=30)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    assert live.seat_of("ann") is None


class Blocking:
    """A password hasher whose ``hash`` waits until the test releases it."""

    def __init__(self, real: PasswordHasher) -> None:
        self.real = real
        self.release = threading.Event()
        self.lock = threading.Lock()
        self.waiting = 0

    def hash(self, password: str) -> str:
        with self.lock:
            self.waiting += 1
        self.release.wait(60)
        return self.real.hash(password)

    def verify(self, stored: str, password: str) -> bool:
        return self.real.verify(stored, password)


def test_the_loop_answers_while_passwords_hash(live: Live) -> None:
    accounts = live.app.state.room.accounts
    hasher = Blocking(accounts._hasher)
    accounts._hasher = hasher
    statuses: list[int] = []

    def one(name: str) -> None:
        with httpx.Client(base_url=live.origin, trust_env=False, timeout=90) as http:
            answer = http.post(
                "/api/register", json={"name": name, "password": PASSWORD}
            )
            statuses.append(answer.status_code)

    threads = [threading.Thread(target=one, args=(f"user{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    try:
        deadline = time.monotonic() + 30
        while hasher.waiting < 2:  # both hashing threads are busy
            assert time.monotonic() < deadline, "no registration reached the hash"
            time.sleep(0.05)
        # if a hash ran on the event loop, nothing below would be answered
        assert live.http.get("/api/health", timeout=10).json()["status"] == "ok"
        with live.socket(None) as socket:
            socket.send(json.dumps({"type": "ping"}))
            assert receive(socket, "pong") == {"type": "pong"}
        assert statuses == []
    finally:
        hasher.release.set()
        for thread in threads:
            thread.join(60)
    assert statuses == [201] * 4
