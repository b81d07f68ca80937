"""Several ``holdem serve`` processes over one database, each dealing its tables.

Two apps on one SQLite file stand for two processes: ``tables=(0, 2)`` deals
the even table ids, ``tables=(1, 2)`` the odd ones (docs/protocol.md,
Several processes).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import sqlalchemy as sa
from click.testing import CliRunner
from fastapi.testclient import TestClient
from room_helpers import register

from holdem.cli.main import cli
from holdem.server import Store
from holdem.server.app import WS_NOT_OWNER
from holdem.server.config import TableSpec
from holdem.server.schema import hands

pytestmark = pytest.mark.server


def _tables(store: Store, count: int) -> list[int]:
    return [
        store.create_table(TableSpec(name=f"T{n}", seat_count=6).to_json())
        for n in range(count)
    ]


def _statuses(store: Store) -> dict[int, str]:
    with store.engine.connect() as db:
        rows = db.execute(sa.select(hands.c.table_id, hands.c.status)).all()
        return {row.table_id: row.status for row in rows}


def test_each_process_loads_only_its_own_tables(
    store: Store, make_client: Callable[..., TestClient]
) -> None:
    ids = _tables(store, 5)
    even = make_client(tables=(0, 2), demo_table=None)
    odd = make_client(tables=(1, 2), demo_table=None)
    rooms = [c.app.state.room for c in (even, odd)]  # type: ignore[attr-defined]
    assert sorted(rooms[0].runners) == [i for i in ids if i % 2 == 0]
    assert sorted(rooms[1].runners) == [i for i in ids if i % 2 == 1]
    lobby = [t["id"] for t in even.get("/api/tables").json()["tables"]]
    assert lobby == [i for i in ids if i % 2 == 0]


def test_a_start_never_voids_another_process_running_hand(
    store: Store, make_client: Callable[..., TestClient]
) -> None:
    _tables(store, 4)  # ids 1..4
    even = make_client(tables=(0, 2), demo_table=None)
    register(even, "ann")
    assert even.post("/api/tables/2/bots", json={"seat": 1}).status_code == 200
    sat = even.post("/api/tables/2/sit", json={"seat": 2, "buy_in": 200}).json()
    assert sat["decision"] is not None  # a hand is running at table 2
    assert _statuses(store) == {2: "running"}
    make_client(tables=(1, 2), demo_table=None)  # the other process starts
    assert _statuses(store) == {2: "running"}
    # a restart of the even process voids its own running hand, as before
    make_client(tables=(0, 2), demo_table=None)
    assert _statuses(store) == {2: "void"}


def test_another_process_table_is_refused_with_421(
    store: Store, make_client: Callable[..., TestClient]
) -> None:
    _tables(store, 2)
    odd = make_client(tables=(1, 2), demo_table=None)
    register(odd, "bob")
    for response in (
        odd.get("/api/tables/2"),
        odd.post("/api/tables/2/sit", json={"seat": 1, "buy_in": 200}),
        odd.get("/api/tables/2/hands"),
    ):
        assert response.status_code == 421, response.text
        error = response.json()["error"]
        assert error["kind"] == "NotOwnerError"
        assert error["message"] == (
            "table 2 is dealt by another server process (tables 1/2)"
        )
    assert odd.get("/api/tables/1").status_code == 200
    assert odd.get("/api/tables/3").status_code == 404  # its own, not made
    with odd.websocket_connect("/ws/tables/2") as socket:
        message = socket.receive_json()
        assert message["type"] == "error"
        assert message["error"]["kind"] == "NotOwnerError"
        with pytest.raises(Exception) as closed:
            socket.receive_json()
    assert closed.value.code == WS_NOT_OWNER  # type: ignore[attr-defined]


def test_a_table_made_for_another_process_is_accepted_for_it(
    store: Store, make_client: Callable[..., TestClient]
) -> None:
    even = make_client(tables=(0, 2), demo_table=None)
    register(even, "cyd")
    first = even.post("/api/tables", json={"name": "One"})  # id 1: odd
    assert first.status_code == 202, first.text
    assert first.json()["id"] == 1 and first.json()["dealt_here"] is False
    second = even.post("/api/tables", json={"name": "Two", "bots": 1})
    assert second.status_code == 201 and second.json()["id"] == 2
    odd = make_client(tables=(1, 2), demo_table=None)
    assert odd.get("/api/tables/1").json()["table"]["name"] == "One"


def test_the_demo_table_is_made_once_across_processes(
    store: Store, make_client: Callable[..., TestClient]
) -> None:
    make_client(tables=(0, 2))  # an empty database: the demo table is id 1
    make_client(tables=(1, 2))  # which this process deals
    assert [i for i, _ in store.tables()] == [1]


@pytest.mark.parametrize("value", ["3/2", "2/2", "0/0", "-1/2", "1", "a/b", "1/"])
def test_tables_out_of_range_is_a_usage_error(value: str) -> None:
    result = CliRunner().invoke(cli, ["serve", "--tables", value])
    assert result.exit_code == 2, result.output
    assert "--tables" in result.output
