"""The table's clock (R-TIME-1): per-table settings, a bank that grows every
so many hands up to a cap, kept across reconnects and restarts."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

import pytest
from fastapi.testclient import TestClient
from room_helpers import FakeClock, passive, register
from test_websocket import connect, drain

from holdem.errors import InvalidInputError
from holdem.server import ServerConfig, Store
from holdem.server.config import TableSpec

pytestmark = pytest.mark.server


@pytest.fixture
def sockets() -> Iterator[contextlib.ExitStack]:
    with contextlib.ExitStack() as stack:
        yield stack


def _bank(store: Store, seat: int, table_id: int = 1) -> float | None:
    (row,) = [r for r in store.seats(table_id) if r.seat == seat]
    return row.time_bank


def test_R_TIME_1_a_table_sets_its_own_clock(client: TestClient) -> None:
    register(client, "ann")
    clock = {
        "action_seconds": 15,
        "time_bank_seconds": 20.5,
        "time_bank_growth_seconds": 3,
        "time_bank_growth_hands": 4,
        "time_bank_cap_seconds": 45,
    }
    made = client.post("/api/tables", json={"name": "Timed"} | clock)
    assert made.status_code == 201, made.text
    assert "action_seconds" not in made.json()  # the lobby's line has no clock
    table = client.get(f"/api/tables/{made.json()['id']}").json()["table"]
    assert {k: table[k] for k in clock} == clock
    # a table without its own clock has the room's
    demo = client.get("/api/tables/1").json()["table"]
    config = ServerConfig()
    assert demo["time_bank_cap_seconds"] == config.time_bank_cap_seconds
    assert demo["time_bank_growth_hands"] == config.time_bank_growth_hands


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"time_bank_seconds": 90, "time_bank_cap_seconds": 60}, "cap"),
        ({"time_bank_seconds": 90}, "cap"),  # over the room's cap of 60
        ({"time_bank_growth_hands": 0}, "time_bank_growth_hands"),
        ({"time_bank_growth_hands": 2.5}, "time_bank_growth_hands"),
        ({"action_seconds": 0}, "action_seconds"),
        ({"action_seconds": "20"}, "action_seconds"),
        ({"time_bank_growth_seconds": -1}, "time_bank_growth_seconds"),
        ({"time_bank_cap_seconds": 1e9}, "time_bank_cap_seconds"),
        ({"chat_suspended_while_all_in": 1}, "chat_suspended_while_all_in"),
    ],
)
def test_R_TIME_1_a_clock_that_cannot_run_is_refused(
    client: TestClient, fields: dict[str, object], words: str
) -> None:
    register(client, "ann")
    refused = client.post("/api/tables", json={"name": "Bad"} | fields)
    assert refused.status_code == 400, refused.text
    assert words in refused.json()["error"]["message"]
    assert [t["name"] for t in client.get("/api/tables").json()["tables"]] == [
        "Demo table"
    ]


def test_R_TIME_1_the_room_config_is_checked() -> None:
    with pytest.raises(InvalidInputError, match="cap"):
        ServerConfig(time_bank_seconds=100.0, time_bank_cap_seconds=50.0)
    with pytest.raises(InvalidInputError, match="time_bank_growth_hands"):
        ServerConfig(time_bank_growth_hands=0)
    spec = TableSpec(name="T", time_bank_cap_seconds=10.0)
    with pytest.raises(InvalidInputError, match="cap"):
        spec.clock(ServerConfig())  # the room's start bank, 30 s, is over 10
    assert TableSpec.from_json(spec.to_json()) == spec


def test_R_TIME_1_overtime_comes_out_of_the_bank_kept_across_reconnects_and_restarts(
    make_client: Callable[..., TestClient],
    store: Store,
    clock: FakeClock,
    sockets: contextlib.ExitStack,
) -> None:
    client = make_client()
    config = ServerConfig()
    token = register(client, "ann")
    socket = connect(sockets, client, token)
    socket.receive_json()
    drain(socket)
    socket.send_json({"type": "sit", "seat": 2, "buy_in": 100})
    decision = drain(socket)[-1]["snapshot"]["decision"]
    assert decision["time_bank"] == config.time_bank_seconds
    assert store.seats(1)[1].time_bank is None  # the table's start bank
    clock.advance(config.action_seconds + 12.5)  # 12.5 s over the action time
    socket.send_json({"type": "act"} | passive(decision))
    spent = config.time_bank_seconds - 12.5
    assert drain(socket)[-1]["snapshot"]["you"]["time_bank"] == spent
    assert _bank(store, 2) == spent
    socket.close()
    again = connect(sockets, client, token)  # a reconnect keeps the bank
    again.receive_json()
    assert drain(again)[-1]["snapshot"]["you"]["time_bank"] == spent
    restarted = make_client()  # a new room over the same database
    restarted.headers["Authorization"] = f"Bearer {token}"
    assert restarted.get("/api/tables/1").json()["you"]["time_bank"] == spent


def test_R_TIME_1_the_bank_grows_every_so_many_hands_up_to_the_cap(
    make_client: Callable[..., TestClient], store: Store
) -> None:
    start, growth, every, cap = 10.0, 4.0, 2, 15.0
    client = make_client(
        time_bank_seconds=start,
        time_bank_growth_seconds=growth,
        time_bank_growth_hands=every,
        time_bank_cap_seconds=cap,
    )
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    room = client.app.state.room  # type: ignore[attr-defined]
    occupant = room.runners[1].occupants[2]
    seen = []
    for _ in range(300):
        if occupant.hands_dealt >= 5:
            break
        decision = snapshot["decision"]
        assert decision is not None, snapshot
        snapshot = client.post("/api/tables/1/act", json=passive(decision)).json()
        seen.append((occupant.hands_dealt, snapshot["you"]["time_bank"]))
    else:
        raise AssertionError("ann was not dealt 5 hands")
    for dealt, bank in seen:  # the rule: start + growth per `every` hands, capped
        assert bank == min(cap, start + growth * (dealt // every)), (dealt, bank)
    assert {dealt for dealt, _ in seen} >= {1, 2, 3, 4}
    assert _bank(store, 2) == min(cap, start + growth * (occupant.hands_dealt // every))


def test_R_TIME_1_a_timeout_spends_the_bank_then_checks_or_folds(
    make_client: Callable[..., TestClient], store: Store, clock: FakeClock
) -> None:
    client = make_client(action_seconds=5.0, time_bank_seconds=8.0)
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 100}).json()
    assert snapshot["decision"]["time_bank"] == 8.0
    room = client.app.state.room  # type: ignore[attr-defined]
    clock.advance(5.0 + 8.0 - 0.5)
    room.tick()
    assert client.get("/api/tables/1").json()["decision"] is not None  # still asked
    clock.advance(0.5)
    room.tick()
    after = client.get("/api/tables/1").json()
    assert after["you"]["time_bank"] == 0.0
    assert _bank(store, 2) == 0.0
    # facing the big blind, the room folded for ann: her first hand is over
    first = snapshot["hand"]["number"]
    assert after["hand"]["number"] == first + 1
    assert after["last_hand"]["number"] == first
