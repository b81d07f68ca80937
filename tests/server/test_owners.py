"""Several ``holdem serve`` processes over one PostgreSQL database: one room.

Each app here stands for one process: its own ``Store`` (its own pool) and
its own ``process_id`` over the same database. Tables are owned through
lease rows (``holdem.server.leases``; docs/protocol.md, Many processes):
placement on the least-loaded live process, fencing by generation on every
settlement write, a clean stop handing tables over, and a lapsed lease
taken over with the unfinished hand void (R-TABLE-1's crash safety: every
chip back where it was when that hand began).
"""

from __future__ import annotations

import datetime
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from room_helpers import FakeClock, register

import conftest
from holdem.errors import InvalidInputError
from holdem.server import Store, create_app, open_store
from holdem.server.app import WS_NOT_OWNER
from holdem.server.database import engine_url
from holdem.server.leases import LeaseLost, Leases
from holdem.server.room import ADOPT_AT_ONCE, Room
from holdem.server.schema import hands, leases, seats
from holdem.server.schema import processes as processes_table

pytestmark = pytest.mark.server


@pytest.fixture
def postgres_url() -> str:
    """A fresh PostgreSQL database (several processes need one)."""
    return conftest.fresh_postgres_url()


@pytest.fixture
def processes(
    postgres_url: str, clock: FakeClock
) -> Iterator[Callable[..., TestClient]]:
    """Start a process of the room: ``start("a")`` -> its client."""
    started: list[tuple[TestClient, Store]] = []

    def start(name: str, **changes: Any) -> TestClient:
        store = open_store(postgres_url, now=clock)
        base: dict[str, Any] = {
            "process_id": name,
            "advertise": f"/node/{name}",
            "demo_table": None,
            "table_creations": 20,
            "max_open_tables_per_account": 20,
        }
        base.update(changes)
        client = TestClient(create_app(conftest.test_config(clock, **base), store))
        client.__enter__()
        started.append((client, store))
        return client

    yield start
    for client, _ in started:
        client.__exit__(None, None, None)
    if started:  # the whole room's chips add up after every test (item 6)
        report = started[0][1].check_chips()
        assert report.ok, report.problems
    for _, store in started:
        store.engine.dispose()


def ann_at_two(processes: Callable[..., TestClient]) -> tuple[TestClient, TestClient]:
    """Processes a and b; ann registered, her session at both (the database's)."""
    a = processes("a")
    b = processes("b")
    register(a, "ann")
    b.cookies = a.cookies
    return a, b


def room(client: TestClient) -> Room:
    return client.app.state.room  # type: ignore[attr-defined,no-any-return]


def owners(url: str) -> dict[int, str | None]:
    engine = sa.create_engine(engine_url(url))
    with engine.connect() as db:
        rows = db.execute(
            sa.select(leases.c.ref_id, leases.c.owner).where(leases.c.kind == "table")
        ).all()
    engine.dispose()
    return {int(r.ref_id): r.owner for r in rows}


def make_tables(
    client: TestClient, count: int, *everyone: TestClient, **spec: Any
) -> list[dict[str, Any]]:
    """Make ``count`` tables through ``client``; every process then looks."""
    made = []
    for n in range(count):
        body = {"name": f"T{n}", "bots": 0, **spec}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        made.append(response.json())
    for process in (client, *everyone):
        room(process).lease_round()  # as the clock does, or NOTIFY sooner
    return made


def lapse(store: Store, table_id: int) -> None:
    """The table's owner stalled: its lease is past its expiry."""
    with store.engine.begin() as db:
        db.execute(
            leases.update()
            .where(leases.c.kind == "table", leases.c.ref_id == table_id)
            .values(expires_at=sa.func.now() - datetime.timedelta(seconds=60))
        )


def running_hand_status(store: Store, table_id: int) -> list[str]:
    with store.engine.connect() as db:
        return [
            row.status
            for row in db.execute(
                sa.select(hands.c.status)
                .where(hands.c.table_id == table_id)
                .order_by(hands.c.id)
            )
        ]


def test_new_tables_go_to_the_least_loaded_live_process(
    postgres_url: str, processes: Callable[..., TestClient]
) -> None:
    a = processes("a")
    processes("b")
    register(a, "ann")
    made = make_tables(a, 4)
    held = owners(postgres_url)
    assert sorted(held.values()) == ["a", "a", "b", "b"]
    # each line of the creation names the owner's socket
    for line in made:
        owner = held[line["id"]]
        assert line["socket"] == f"/node/{owner}/ws/tables/{line['id']}"


def test_every_process_shows_the_whole_lobby_with_each_owner_socket(
    postgres_url: str, processes: Callable[..., TestClient]
) -> None:
    a = processes("a")
    b = processes("b")
    register(a, "ann")
    ids = [line["id"] for line in make_tables(a, 4, b)]
    held = owners(postgres_url)
    for client in (a, b):
        lobby = client.get("/api/tables").json()["tables"]
        assert [line["id"] for line in lobby] == ids
        for line in lobby:
            assert line["socket"] == f"/node/{held[line['id']]}/ws/tables/{line['id']}"


def test_a_table_of_another_process_names_its_socket(
    postgres_url: str, processes: Callable[..., TestClient]
) -> None:
    a, b = ann_at_two(processes)
    make_tables(a, 2, b)
    theirs = next(i for i, owner in owners(postgres_url).items() if owner == "a")
    response = b.get(f"/api/tables/{theirs}")
    assert response.status_code == 421, response.text
    error = response.json()["error"]
    assert error["kind"] == "NotOwnerError"
    assert error["socket"] == f"/node/a/ws/tables/{theirs}"
    assert "another server process" in error["message"]
    with b.websocket_connect(f"/ws/tables/{theirs}") as socket:
        message = socket.receive_json()
        assert message["type"] == "error"
        assert message["error"]["socket"] == f"/node/a/ws/tables/{theirs}"
        with pytest.raises(Exception) as closed:
            socket.receive_json()
    assert closed.value.code == WS_NOT_OWNER  # type: ignore[attr-defined]
    # the hand histories are the database's: any process answers them
    assert b.get(f"/api/tables/{theirs}/hands").status_code == 200


def test_me_lists_seats_at_every_process(
    postgres_url: str, processes: Callable[..., TestClient]
) -> None:
    a = processes("a")
    b = processes("b")
    register(a, "ann")
    make_tables(a, 2, b)
    held = owners(postgres_url)
    on_a = next(i for i, o in held.items() if o == "a")
    on_b = next(i for i, o in held.items() if o == "b")
    b.cookies = a.cookies  # the same player's session, from the database
    assert a.post(f"/api/tables/{on_a}/sit", json={"seat": 1, "buy_in": 100}).is_success
    assert b.post(f"/api/tables/{on_b}/sit", json={"seat": 2, "buy_in": 150}).is_success
    for client in (a, b):
        me = client.get("/api/me").json()
        assert sorted((s["table_id"], s["seat"]) for s in me["seats"]) == [
            (on_a, 1),
            (on_b, 2),
        ]
        # the wallet is the database's: 1000 less 100 and 150
        assert me["player"]["balance"] == 750


def _hand_running(
    client: TestClient, table_id: int
) -> tuple[dict[str, Any], dict[str, int]]:
    """Ann sits with a bot; a hand starts; her chips before it."""
    assert client.post(f"/api/tables/{table_id}/bots", json={"seat": 1}).is_success
    sat = client.post(f"/api/tables/{table_id}/sit", json={"seat": 2, "buy_in": 200})
    assert sat.status_code == 200, sat.text
    assert sat.json()["decision"] is not None  # her turn in a running hand
    return sat.json(), {"stack": 200, "balance": 800}


def test_a_lapsed_lease_is_taken_over_with_the_hand_void(
    postgres_url: str, processes: Callable[..., TestClient]
) -> None:
    """The owner stalls past its lease: another deals on, chips back."""
    a = processes("a")
    b = processes("b")
    register(a, "ann")
    table_id = make_tables(a, 1)[0]["id"]
    assert owners(postgres_url)[table_id] == "a"
    _hand_running(a, table_id)
    assert running_hand_status(room(a).store, table_id) == ["running"]
    lapse(room(b).store, table_id)
    room(b).lease_round()
    assert owners(postgres_url)[table_id] == "b"
    assert table_id in room(b).runners
    assert running_hand_status(room(b).store, table_id) == ["void"]
    with room(b).store.engine.connect() as db:
        stack = db.execute(
            sa.select(seats.c.stack).where(
                seats.c.table_id == table_id, seats.c.seat == 2
            )
        ).scalar_one()
    assert stack == 200  # her buy-in, as before the void hand
    # the stale owner cannot settle anything any more: fenced by generation
    with pytest.raises(LeaseLost):
        room(a).store.set_time_banks(table_id, {2: 30.0})
    # and a's next lease round stops dealing the table
    room(a).lease_round()
    assert table_id not in room(a).runners
    assert room(b).store.check_chips().ok


def test_a_stale_owner_acting_is_refused_and_changes_nothing(
    postgres_url: str, processes: Callable[..., TestClient]
) -> None:
    a = processes("a")
    b = processes("b")
    register(a, "ann")
    table_id = make_tables(a, 1)[0]["id"]
    sat, _ = _hand_running(a, table_id)
    lapse(room(b).store, table_id)
    room(b).lease_round()
    before = running_hand_status(room(b).store, table_id)
    legal = sat["decision"]["legal"]
    # all in: the calling station calls, the hand ends, the settlement is
    # written under a's old lease generation and refused
    push = {"action": "bet" if legal["is_bet"] else "raise"}
    push["amount"] = legal["max_raise_to"]
    response = a.post(f"/api/tables/{table_id}/act", json=push)
    assert response.status_code == 421, response.text
    assert response.json()["error"]["socket"] == f"/node/b/ws/tables/{table_id}"
    assert table_id not in room(a).runners
    assert running_hand_status(room(b).store, table_id) == before
    assert room(b).store.check_chips().ok


def test_a_clean_stop_hands_its_tables_over_at_once(
    postgres_url: str, clock: FakeClock, processes: Callable[..., TestClient]
) -> None:
    a = processes("a")
    b = processes("b")
    register(a, "ann")
    table_id = make_tables(a, 1)[0]["id"]
    _hand_running(a, table_id)
    a.__exit__(None, None, None)  # a clean stop
    assert owners(postgres_url)[table_id] is None
    room(b).lease_round()
    assert owners(postgres_url)[table_id] == "b"
    assert running_hand_status(room(b).store, table_id) == ["void"]
    seated = b.get(f"/api/tables/{table_id}").json()["seats"]
    assert [s["stack"] for s in seated if s and s["player"] == "ann"] == [200]


def test_migrations_and_the_demo_table_run_once_when_processes_race(
    postgres_url: str, clock: FakeClock
) -> None:
    """Three processes start at once on an empty database (issue 18 item 1)."""
    errors: list[BaseException] = []
    stores: list[Store] = []
    clients: list[TestClient] = []
    gate = threading.Barrier(3)

    def start(name: str) -> None:
        try:
            gate.wait()
            store = open_store(postgres_url, now=clock)
            stores.append(store)
            config = conftest.test_config(clock, process_id=name, demo_bots=2)
            client = TestClient(create_app(config, store))
            client.__enter__()
            clients.append(client)
        except BaseException as error:
            errors.append(error)

    threads = [threading.Thread(target=start, args=(n,)) for n in "xyz"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    try:
        assert errors == []
        tables = stores[0].tables()
        assert len(tables) == 1  # the demo table, once
        demo = tables[0][0]
        owner = owners(postgres_url)[demo]
        dealer = next(c for c in clients if room(c).leases.process == owner)
        line = dealer.get(f"/api/tables/{demo}").json()
        assert sum(1 for s in line["seats"] if s and s["bot"]) == 2
    finally:
        for client in clients:
            client.__exit__(None, None, None)
        for store in stores:
            store.engine.dispose()


def test_a_second_process_on_one_sqlite_file_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.db'}"
    first = open_store(url, now=FakeClock(), exclusive=True)
    (tmp_path / "soft.db").symlink_to(tmp_path / "room.db")
    (tmp_path / "hard.db").hardlink_to(tmp_path / "room.db")
    try:
        for name in ("room.db", "soft.db", "hard.db"):  # one file, three names
            with pytest.raises(InvalidInputError, match="another holdem serve"):
                open_store(
                    f"sqlite:///{tmp_path / name}", now=FakeClock(), exclusive=True
                )
    finally:
        first.engine.dispose()
        if first.file_lock is not None:
            first.file_lock.close()


def test_concurrent_buy_ins_at_two_processes_spend_the_wallet_once(
    postgres_url: str, processes: Callable[..., TestClient]
) -> None:
    """One wallet of 1000, two buy-ins of 600 at once, one per process."""
    a, b = ann_at_two(processes)
    make_tables(a, 2, b, min_buy_in=600, max_buy_in=600)
    held = owners(postgres_url)
    on_a = next(i for i, o in held.items() if o == "a")
    on_b = next(i for i, o in held.items() if o == "b")
    gate = threading.Barrier(2)
    answers: dict[str, int] = {}

    def buy(name: str, client: TestClient, table_id: int) -> None:
        gate.wait()
        sat = client.post(
            f"/api/tables/{table_id}/sit", json={"seat": 1, "buy_in": 600}
        )
        answers[name] = sat.status_code

    threads = [
        threading.Thread(target=buy, args=("a", a, on_a)),
        threading.Thread(target=buy, args=("b", b, on_b)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert sorted(answers.values()) == [200, 409], answers  # WalletError
    assert a.get("/api/me").json()["player"]["balance"] == 400


SNG = {"name": "Six", "kind": "sng", "seats": 6, "buy_in": 100, "fee": 10}


def test_a_tournament_run_by_one_process_is_shown_and_joined_from_another(
    postgres_url: str, processes: Callable[..., TestClient]
) -> None:
    """The lobby on b shows a's tournament; b sends its routes to a (421)."""
    a, b = ann_at_two(processes)
    made = a.post("/api/tournaments", json=SNG | {"bots": 5})
    assert made.status_code == 201, made.text
    tid = made.json()["id"]
    room(a).lease_round()  # a writes its tournament's lobby line
    (line,) = b.get("/api/tournaments").json()["tournaments"]
    assert (line["id"], line["entries"], line["status"]) == (tid, 5, "registering")
    assert line["address"] == "/node/a"
    refused = b.post(f"/api/tournaments/{tid}/register")
    assert refused.status_code == 421, refused.text
    assert refused.json()["error"]["address"] == "/node/a"
    assert b.get("/api/me").json()["player"]["balance"] == 1000  # nothing changed
    # at its owner ann registers: the sit-and-go starts, her and 5 bots
    joined = a.post(f"/api/tournaments/{tid}/register")
    assert joined.status_code == 200, joined.text
    table_id = joined.json()["you"]["table_id"]
    # b sends her table's socket to a, where the tournament deals it
    with b.websocket_connect(f"/ws/tables/{table_id}") as socket:
        message = socket.receive_json()
        assert message["type"] == "error", message
        assert message["error"].get("socket") == f"/node/a/ws/tables/{table_id}", (
            message
        )
        with pytest.raises(Exception) as closed:
            socket.receive_json()
    assert closed.value.code == WS_NOT_OWNER  # type: ignore[attr-defined]
    assert b.get("/api/me").json()["player"]["balance"] == 1000 - 110


def test_a_fault_in_the_lease_round_stops_no_table(
    make_client: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug in the lease round is logged; the tables' clock runs on."""
    client = make_client()  # the demo table, with its bots
    dealer = room(client)
    (table_id,) = dealer.runners
    ticked: list[int] = []
    runner = dealer.runners[table_id]
    monkeypatch.setattr(runner, "tick", lambda: ticked.append(table_id))

    def broken() -> tuple[set[Any], set[Any]]:
        raise RuntimeError("a bug in the lease round")

    monkeypatch.setattr(dealer.leases, "heartbeat", broken)
    dealer.next_lease_round = None
    dealer.tick()
    assert ticked == [table_id]  # the table's step still ran
    assert dealer.runners == {table_id: runner}
    assert dealer.next_lease_round is not None  # tried again later, not each tick


def test_many_tables_taken_over_are_loaded_a_few_a_tick(
    postgres_url: str, processes: Callable[..., TestClient]
) -> None:
    """33 tables in one pass had held a survivor's event loop 1.8 s."""
    a = processes("a")
    b = processes("b", table_creations=20)
    register(a, "ann")
    made = [line["id"] for line in make_tables(a, 6, b)]
    mine = [i for i, o in owners(postgres_url).items() if o == "a"]
    assert len(mine) == 3
    a.__exit__(None, None, None)  # a clean stop: a's 3 tables are free
    assert ADOPT_AT_ONCE == 4
    for table_id in made:
        lapse(room(b).store, table_id)  # and b's own: 6 to take at once
    dealer = room(b)
    dealer.leases.held.clear()
    dealer.runners.clear()
    dealer.lease_round()
    assert len(dealer.runners) == 4 and len(dealer.to_adopt) == 2
    waiting = dealer.to_adopt[0][1]
    with b.websocket_connect(f"/ws/tables/{waiting}") as socket:
        message = socket.receive_json()
        assert message["error"]["kind"] == "UnavailableError", message
        with pytest.raises(Exception) as closed:
            socket.receive_json()
    assert closed.value.code == 1013  # type: ignore[attr-defined]
    dealer.tick()
    assert sorted(dealer.runners) == sorted(made) and dealer.to_adopt == []


@pytest.mark.parametrize(
    "address",
    [
        "node/a",
        "/node/../x",
        "/node/<script>",
        "/node/a?x=1",
        "//evil",
        "http://h/x",
        "ftp://x",
        "/node a",
        "/",
    ],
)
def test_a_bad_advertised_address_is_refused(clock: FakeClock, address: str) -> None:
    with pytest.raises(InvalidInputError, match="--advertise"):
        conftest.test_config(clock, advertise=address)


@pytest.mark.parametrize("name", ["", " ", "a/b", "a b", "x" * 81, "é"])
def test_a_bad_process_name_is_refused(clock: FakeClock, name: str) -> None:
    with pytest.raises(InvalidInputError, match="--name"):
        conftest.test_config(clock, process_id=name)


def test_two_live_processes_may_not_advertise_one_address(
    postgres_url: str, processes: Callable[..., TestClient]
) -> None:
    a = processes("a")
    twin = Leases(room(a).store.engine, process="f", address="/node/a", ttl_seconds=8.0)
    assert twin.address_holder() == "a"
    other = Leases(
        room(a).store.engine, process="g", address="/node/g", ttl_seconds=8.0
    )
    assert other.address_holder() is None


def test_an_owner_that_stopped_beating_is_not_named_to_clients(
    postgres_url: str, processes: Callable[..., TestClient]
) -> None:
    """Half a lease without a beat: the table is moving, with retry_after."""
    a, b = ann_at_two(processes)
    table_id = make_tables(a, 1, b)[0]["id"]
    assert owners(postgres_url)[table_id] == "a"
    assert b.get(f"/api/tables/{table_id}").status_code == 421
    with room(b).store.engine.begin() as db:  # a's last beat 5 s ago (ttl 8 s)
        db.execute(
            processes_table.update()
            .where(processes_table.c.id == "a")
            .values(heartbeat_at=sa.func.now() - datetime.timedelta(seconds=5))
        )
    moving = b.get(f"/api/tables/{table_id}")
    assert moving.status_code == 503, moving.text
    error = moving.json()["error"]
    # the lease's time left (at most 8 s: a renewed it at make_tables, less
    # the seconds this test has taken since) and a quarter lease (2 s)
    assert 3 <= error["retry_after"] <= 10
    assert moving.headers["Retry-After"] == str(error["retry_after"])
    with b.websocket_connect(f"/ws/tables/{table_id}") as socket:
        assert socket.receive_json()["error"]["retry_after"] == error["retry_after"]
        with pytest.raises(Exception) as closed:
            socket.receive_json()
    assert closed.value.code == 1013  # type: ignore[attr-defined]
