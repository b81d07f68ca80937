"""The room's guards at the HTTP and WebSocket level (docs/security.md).

Origin checks, JSON content type, size and depth limits, the password
policy, unique names, dummy-hash logins, lockouts an attacker cannot turn
on the owner, forwarded headers, the API docs switch, logout closing the
session's sockets. tests/server/test_guard_live.py repeats the Origin and
logout tests against a real uvicorn server.
"""

from __future__ import annotations

import threading
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import pytest
from argon2 import PasswordHasher
from fastapi.testclient import TestClient
from room_helpers import PASSWORD, FakeClock, register
from starlette.websockets import WebSocketDisconnect

from holdem.errors import InvalidInputError
from holdem.server import Store
from holdem.server import accounts as accounts_module
from holdem.server.accounts import Accounts, password_problem
from holdem.server.guard import MAX_JSON_DEPTH, parse_json
from holdem.server.limits import LoginLimits
from holdem.server.store import name_key

pytestmark = pytest.mark.server

SIT = {"seat": 2, "buy_in": 100}
OWN = "http://testserver"


class Recording:
    """A password hasher that records what it verifies and on which thread."""

    def __init__(self, real: PasswordHasher) -> None:
        self.real = real
        self.verified: list[str] = []
        self.threads: list[str] = []

    def hash(self, password: str) -> str:
        self.threads.append(threading.current_thread().name)
        return self.real.hash(password)

    def verify(self, stored: str, password: str) -> bool:
        self.threads.append(threading.current_thread().name)
        self.verified.append(stored)
        return self.real.verify(stored, password)


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Argon2 at its cheapest: these tests verify dozens of passwords."""
    monkeypatch.setattr(
        accounts_module,
        "PasswordHasher",
        lambda: PasswordHasher(time_cost=1, memory_cost=8, parallelism=1),
    )


def at(client: TestClient, address: str) -> TestClient:
    """Another client of the same room, from ``address``."""
    return TestClient(client.app, client=(address, 40000))


def seat_of(client: TestClient, name: str) -> int | None:
    room = client.app.state.room  # type: ignore[attr-defined]
    account = room.store.account_by_name(name)
    seat: int | None = room.runners[1].seat_of(account.id)
    return seat


def next_of(socket: Any, kind: str) -> dict[str, Any]:
    """The next message of type ``kind`` (table messages come between)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


# ------------------------------------------------------------ Origin, CSRF


def test_a_forged_origin_post_is_refused_and_changes_nothing(
    client: TestClient,
) -> None:
    register(client, "ann")
    for origin in ("http://testserver:8001", "http://evil.example", "null"):
        forged = client.post("/api/tables/1/sit", json=SIT, headers={"Origin": origin})
        assert forged.status_code == 403, origin
        assert forged.json()["error"]["kind"] == "ForbiddenError"
    assert seat_of(client, "ann") is None
    own = client.post("/api/tables/1/sit", json=SIT, headers={"Origin": OWN})
    assert own.status_code == 200
    assert seat_of(client, "ann") == 2


def test_a_cross_site_fetch_without_origin_is_refused(client: TestClient) -> None:
    register(client, "ann")
    headers = {"Sec-Fetch-Site": "same-site"}
    response = client.post("/api/tables/1/sit", json=SIT, headers=headers)
    assert response.status_code == 403
    assert seat_of(client, "ann") is None


def test_an_allowed_origin_is_accepted(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(allowed_origins=("https://play.example",))
    register(client, "ann")
    headers = {"Origin": "https://play.example"}
    assert client.post("/api/tables/1/sit", json=SIT, headers=headers).is_success
    assert (
        client.post("/api/logout", headers={"Origin": "https://x.example"}).status_code
        == 403
    )


def test_a_forged_origin_socket_is_refused(client: TestClient) -> None:
    token = register(client, "ann")
    with pytest.raises(WebSocketDisconnect) as refused:  # noqa: SIM117
        with client.websocket_connect(
            f"/ws/tables/1?token={token}", headers={"Origin": "http://evil.example"}
        ):
            pass
    assert refused.value.code == 4403
    with client.websocket_connect(
        f"/ws/tables/1?token={token}", headers={"Origin": OWN}
    ) as socket:
        assert socket.receive_json()["player"] == "ann"


def test_a_text_plain_json_body_is_refused(client: TestClient) -> None:
    register(client, "ann")
    response = client.post(
        "/api/tables/1/sit",
        content=b'{"seat": 2, "buy_in": 100}',
        headers={"Content-Type": "text/plain"},
    )
    assert response.status_code == 415
    assert response.json()["error"]["kind"] == "MediaTypeError"
    assert seat_of(client, "ann") is None


# ------------------------------------------------------ sizes and depths


def test_an_oversize_body_is_refused_before_it_is_kept(client: TestClient) -> None:
    limits = client.app.state.room.accounts.limits  # type: ignore[attr-defined]
    name = "a" * (50 * 1024 * 1024)
    response = client.post("/api/login", json={"name": name, "password": PASSWORD})
    assert response.status_code == 413
    assert response.json()["error"]["kind"] == "TooLargeError"
    assert limits.size() == 0


def test_a_long_name_never_enters_the_limits(client: TestClient) -> None:
    limits = client.app.state.room.accounts.limits  # type: ignore[attr-defined]
    response = client.post("/api/login", json={"name": "n" * 5000, "password": "x"})
    assert response.status_code == 400
    assert limits.size() == 0


def test_the_login_limits_stay_bounded(clock: FakeClock) -> None:
    limits = LoginLimits(
        attempts=5,
        address_attempts=20,
        name_attempts=20,
        window=60,
        slow_seconds=5,
        now=clock,
        max_keys=500,
    )
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for index in range(5000):
            name = f"{index:06d}" + "x" * 10_000
            limits.fail(name, f"10.{index // 250}.{index % 250}.1")
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert limits.size() <= 3 * 500
    assert grown < 1_500_000  # the names alone were 50 MB


def test_aged_keys_are_dropped(clock: FakeClock) -> None:
    limits = LoginLimits(
        attempts=5,
        address_attempts=20,
        name_attempts=20,
        window=60,
        slow_seconds=5,
        now=clock,
        max_keys=1000,
    )
    limits.fail("ann", "10.0.0.1")
    assert limits.size() == 3
    clock.advance(61)
    limits.fail("bob", "10.0.0.2")
    assert limits.size() == 3  # ann's keys aged out


def test_deep_json_is_400_not_500(make_client: Callable[..., TestClient]) -> None:
    client = make_client(max_body_bytes=1_000_000)
    register(client, "ann")
    for body in (deep(100_000), '{"seat": ' + deep(MAX_JSON_DEPTH + 1) + "}"):
        response = client.post(
            "/api/tables/1/sit",
            content=body,
            headers={"Content-Type": "application/json"},
        )
        assert response.status_code == 400
        assert "nests" in response.json()["error"]["message"]
    shallow = '{"seat": 2, "buy_in": 100, "x": ' + deep(MAX_JSON_DEPTH - 1) + "}"
    assert parse_json(shallow)["seat"] == 2


def test_a_deep_body_over_the_size_limit_is_413(client: TestClient) -> None:
    response = client.post(
        "/api/login",
        content=deep(100_000),
        headers={"Content-Type": "application/json"},
    )
    assert response.status_code == 413


def test_brackets_inside_strings_do_not_count_as_depth() -> None:
    text = '{"name": "' + "[" * 1000 + '"}'
    assert parse_json(text) == {"name": "[" * 1000}
    with pytest.raises(InvalidInputError, match="nests"):
        parse_json(deep(MAX_JSON_DEPTH + 1))
    with pytest.raises(InvalidInputError, match="not UTF-8"):
        parse_json(b"\xff{}")


def test_a_body_of_escaped_quotes_is_read_in_linear_time(client: TestClient) -> None:
    # '"\\' repeated: each quote opens a string the old regex searched to the
    # end for, then failed; 16 KiB of it cost seconds of CPU on the event loop
    body = '"\\' * 8190
    started = time.process_time()
    response = client.post(
        "/api/login", content=body, headers={"Content-Type": "application/json"}
    )
    with pytest.raises(InvalidInputError, match="not JSON"):
        parse_json(body * 4)
    spent = time.process_time() - started
    assert response.status_code == 400
    assert spent < 0.5  # generous: linear work on 80 KiB is milliseconds
    escaped = '["\\"' + "[" * 100 + '", ' + deep(MAX_JSON_DEPTH - 1) + "]"
    assert parse_json(escaped)[0] == '"' + "[" * 100
    with pytest.raises(InvalidInputError, match="nests"):
        parse_json('["\\\\", ' + deep(MAX_JSON_DEPTH) + "]")


def test_deep_or_long_socket_messages_get_errors(client: TestClient) -> None:
    token = register(client, "ann")
    with client.websocket_connect(f"/ws/tables/1?token={token}") as socket:
        socket.send_text(deep(100_000))
        assert next_of(socket, "error")["error"]["kind"] == "TooLargeError"
        socket.send_text(deep(1000))
        assert "nests" in next_of(socket, "error")["error"]["message"]
        socket.send_json({"type": "ping"})
        next_of(socket, "pong")


# ------------------------------------------------------------- accounts


@pytest.mark.parametrize(
    ("name", "password"),
    [
        ("ann", "password"),
        ("ann", "12345678"),
        ("ann", " " * 8),
        ("zebrafish42", "zebrafish42"),
        ("ann", "annann12"),
    ],
)
def test_weak_passwords_are_refused(
    client: TestClient, name: str, password: str
) -> None:
    response = client.post("/api/register", json={"name": name, "password": password})
    assert response.status_code == 400
    message = response.json()["error"]["message"]
    assert "too easy to guess" in message
    assert client.app.state.room.store.account_by_name(name) is None  # type: ignore[attr-defined]


def test_the_password_policy_keeps_the_minimum_length() -> None:
    assert password_problem("Xq7#", "ann") == "a password has at least 8 characters"
    assert password_problem(PASSWORD, "ann") is None


def test_names_are_unique_whatever_their_case(client: TestClient) -> None:
    register(client, "abc")
    again = client.post("/api/register", json={"name": "ABC", "password": PASSWORD})
    assert again.status_code == 400
    assert "taken" in again.json()["error"]["message"]
    fullwidth = "\uff21\uff22\uff23"  # fullwidth ABC: NFKC makes it ABC
    login = client.post("/api/login", json={"name": fullwidth, "password": PASSWORD})
    assert login.status_code == 200
    assert login.json()["player"]["name"] == "abc"


def test_store_names_are_unique_by_nfkc_and_casefold(store: Store) -> None:
    assert name_key("Stra\u00dfe") == name_key("STRASSE") == "strasse"
    store.create_account("Stra\u00dfe", "person", None, 0)
    with pytest.raises(InvalidInputError, match="taken"):
        store.create_account("STRASSE", "person", None, 0)
    found = store.account_by_name("\uff33\uff34\uff32\uff21\uff33\uff33\uff25")
    assert found is not None and found.name == "Stra\u00dfe"


def test_an_unknown_name_is_verified_against_the_dummy_hash(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    register(client, "ann")
    accounts: Accounts = client.app.state.room.accounts  # type: ignore[attr-defined]
    hasher = Recording(accounts._hasher)
    monkeypatch.setattr(accounts, "_hasher", hasher)
    verified = hasher.verified
    for name in ("nobody", "Bot Ada"):  # unknown; a bot, which has no password
        response = client.post("/api/login", json={"name": name, "password": PASSWORD})
        assert response.status_code == 401
    assert verified == [accounts.dummy_hash()] * 2
    client.post("/api/login", json={"name": "ann", "password": PASSWORD})
    stored = client.app.state.room.store.account_by_name("ann").password_hash  # type: ignore[attr-defined]
    assert verified[-1] == stored != accounts.dummy_hash()


def login(client: TestClient, password: str, name: str = "ann") -> int:
    response = client.post("/api/login", json={"name": name, "password": password})
    return response.status_code


def test_failures_from_other_addresses_do_not_lock_the_owner_out(
    make_client: Callable[..., TestClient], clock: FakeClock
) -> None:
    owner = make_client()  # 'testclient': where ann registers and logs in
    register(owner, "ann")
    for index in range(4):  # 20 failures from 4 addresses: the name's limit
        attacker = at(owner, f"10.9.0.{index}")
        statuses = [login(attacker, "wrong-password") for _ in range(6)]
        assert statuses == [401] * 5 + [429]  # 5 per (name, address)
        assert login(attacker, PASSWORD) == 429  # this pair is locked
    # now addresses the name never logged in from get one try per 5 s
    fresh = [login(at(owner, f"10.9.1.{i}"), "wrong-password") for i in range(10)]
    assert fresh == [401] + [429] * 9
    assert login(owner, PASSWORD) == 200  # the owner's address is never slowed
    traveller = at(owner, "10.8.0.1")  # the owner, somewhere new
    assert login(traveller, PASSWORD) == 429
    clock.advance(5)
    assert login(traveller, PASSWORD) == 200


def test_a_key_emptied_by_waiting_is_forgotten_not_a_500(
    make_client: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = make_client(limiter_keys=3)
    first, second = at(client, "10.0.0.1"), at(client, "10.0.0.2")
    register(first, "abc")
    assert login(first, "wrong-password", "abc") == 401
    assert login(second, "wrong-password", "abe") == 401
    clock.advance(61)  # both aged out; checking abc from 10.0.0.1 empties its key
    assert login(first, PASSWORD, "abc") == 200
    for index in range(20):  # trimming reads the front key: it must hold times
        wrong = at(client, f"10.1.0.{index}")
        assert login(wrong, "wrong-password", f"name{index}") == 401
    limits = client.app.state.room.accounts.limits  # type: ignore[attr-defined]
    assert limits.size() <= 5 * 3  # each of the 5 maps keeps at most 3 keys


def test_concurrent_wrong_passwords_stop_at_the_limit(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    client = make_client(hash_queue=100, hash_threads=2)
    register(client, "ann")
    accounts: Accounts = client.app.state.room.accounts  # type: ignore[attr-defined]
    gate = threading.Event()  # every hash waits until all 30 are answered or wait
    real = accounts._hasher

    class Gated:
        def verify(self, stored: str, password: str) -> bool:
            gate.wait(timeout=60)
            return real.verify(stored, password)

    monkeypatch.setattr(accounts, "_hasher", Gated())
    statuses: list[int] = []
    threads = [
        threading.Thread(target=lambda: statuses.append(login(client, "wrong-pass-1")))
        for _ in range(30)
    ]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 60  # generous: a loaded 2-core machine
    while len(statuses) + accounts._waiting < 30 and time.monotonic() < deadline:
        time.sleep(0.01)
    gate.set()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(statuses) == [401] * 5 + [429] * 25  # login_attempts is 5
    assert login(client, PASSWORD) == 429  # the pair is locked, as one by one


def test_one_address_trying_many_names_is_locked(client: TestClient) -> None:
    statuses = [login(client, "wrong-password", f"user{i:02d}") for i in range(21)]
    assert statuses == [401] * 20 + [429]


def test_registrations_are_rate_limited_per_address(
    make_client: Callable[..., TestClient], clock: FakeClock
) -> None:
    client = make_client(register_attempts=3)
    for name in ("ann", "bob", "cyd"):
        register(client, name)
    refused = client.post("/api/register", json={"name": "dov", "password": PASSWORD})
    assert refused.status_code == 429
    assert refused.headers["retry-after"] == "600"
    assert (
        at(client, "10.0.0.7")
        .post("/api/register", json={"name": "dov", "password": PASSWORD})
        .status_code
        == 201
    )
    clock.advance(600)
    register(client, "eli")


# ------------------------------------------------------ proxies, cookies, docs


def test_forwarded_for_is_ignored_from_an_untrusted_peer(client: TestClient) -> None:
    register(client, "ann")
    statuses = [
        client.post(
            "/api/login",
            json={"name": "ann", "password": "wrong-password"},
            headers={"X-Forwarded-For": f"10.1.1.{i}"},
        ).status_code
        for i in range(6)
    ]
    assert statuses == [401] * 5 + [429]


def test_forwarded_headers_are_believed_from_a_trusted_proxy(
    make_client: Callable[..., TestClient],
) -> None:
    base = make_client(trusted_proxies=("10.0.0.0/24",))
    proxy = at(base, "10.0.0.5")
    register(proxy, "ann")
    for i in range(6):
        headers = {"X-Forwarded-For": f"192.0.2.{i}, 10.0.0.9"}
        answer = proxy.post(
            "/api/login", json={"name": "ann", "password": "wrong-x"}, headers=headers
        )
        assert answer.status_code == 401  # six addresses, one failure each
    headers = {"X-Forwarded-Proto": "https", "Origin": "https://testserver"}
    right = proxy.post(
        "/api/login", json={"name": "ann", "password": PASSWORD}, headers=headers
    )
    assert right.status_code == 200
    assert "secure" in right.headers["set-cookie"].lower()


def test_the_cookie_is_secure_when_configured(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(cookie_secure=True)
    response = client.post("/api/register", json={"name": "ann", "password": PASSWORD})
    cookie = response.headers["set-cookie"].lower()
    assert "secure" in cookie and "samesite=strict" in cookie and "httponly" in cookie


def test_api_docs_are_off_unless_asked_for(
    make_client: Callable[..., TestClient],
) -> None:
    off = make_client()
    for path in ("/api/docs", "/docs", "/redoc", "/openapi.json", "/api/openapi.json"):
        assert off.get(path).status_code == 404, path
    on = make_client(api_docs=True)
    assert on.get("/api/docs").status_code == 200
    assert on.get("/api/openapi.json").status_code == 200


# --------------------------------------------------------------- logout


def test_logout_closes_the_sessions_sockets(client: TestClient) -> None:
    token = register(client, "ann")
    other = register(at(client, "10.0.0.3"), "bob")
    with (
        client.websocket_connect(f"/ws/tables/1?token={token}") as mine,
        client.websocket_connect(f"/ws/tables/1?token={other}") as theirs,
    ):
        assert mine.receive_json()["player"] == "ann"
        assert theirs.receive_json()["player"] == "bob"
        assert client.post("/api/logout").status_code == 204
        mine.send_json({"type": "sit", **SIT})
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                mine.receive_json()
        assert closed.value.code == 4401
        assert seat_of(client, "ann") is None
        theirs.send_json({"type": "ping"})
        next_of(theirs, "pong")  # bob's socket stays open


def test_hashing_runs_on_the_pool_not_the_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    accounts: Accounts = client.app.state.room.accounts  # type: ignore[attr-defined]
    hasher = Recording(accounts._hasher)
    monkeypatch.setattr(accounts, "_hasher", hasher)
    register(client, "ann")
    client.post("/api/login", json={"name": "ann", "password": PASSWORD})
    client.post("/api/login", json={"name": "nobody", "password": PASSWORD})
    assert len(hasher.threads) >= 3  # the dummy hash is made on first use too
    assert all(name.startswith("holdem-hash") for name in hasher.threads)


def test_hashing_threads_run_below_the_event_loops_priority() -> None:
    # argon2 on a one-core server must not take the tables' CPU: the pool's
    # threads run at nice 19 (Linux: per thread); the caller's is unchanged
    import os
    import threading

    from holdem.server.accounts import _yield_to_the_tables

    seen: list[int] = []

    def worker() -> None:
        _yield_to_the_tables()
        seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))

    before = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    thread = threading.Thread(target=worker)
    thread.start()
    thread.join()
    assert seen == [19]
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == before
