"""The room's settlement of a hand: ``Store.settle_hand`` and its chip moves (R-POT-4).

A finished hand is settled in one transaction: the seats get their
finishing stacks, the rake goes to the house's wallet with a ledger row, the
hand row is marked complete with its pot, rake and summary, and its events
and players are stored. Every chip is counted (``check_chips``): wallets +
tables + rake equal the chips granted, before and after (R-POT-4). The
values below are the hand's own arithmetic: two seats of 200, a pot of 200
raked 5, 295 and 100 left.
"""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from room_helpers import FakeClock, play_until_hand_ends, register

from holdem.server import Store, open_store
from holdem.server.errors import WalletError

pytestmark = pytest.mark.server


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(tmp_path: Path, clock: FakeClock) -> Store:
    return open_store(f"sqlite:///{tmp_path / 'room.db'}", now=clock)


def _two_seats(store: Store) -> tuple[int, int, int, int]:
    """A table with two players of 200 chips each; (table, hand, a, b)."""
    a = store.create_account("ann", "person", None, 1000).id
    b = store.create_account("bob", "person", None, 1000).id
    table = store.create_table({"name": "t"})
    store.buy_in(table, 0, a, 200)
    store.buy_in(table, 1, b, 200)
    hand = store.start_hand(table, 1, {0: (a, 200), 1: (b, 200)}, button=0)
    return table, hand, a, b


def _settle(store: Store, table: int, hand: int, a: int, b: int, **more: object):
    args: dict[str, object] = {
        "stacks": {0: 295, 1: 100},
        "players": {0: a, 1: b},
        "pot": 200,
        "rake": 5,
        "summary": {"pot": 200, "rake": 5},
        "events": [{"type": "post", "seat": 0}, {"type": "award", "seat": 0}],
    }
    args.update(more)
    store.settle_hand(hand, table, **args)  # type: ignore[arg-type]


def test_R_POT_4_a_raked_hand_settles_stacks_rake_ledger_and_log(
    store: Store, clock: FakeClock
) -> None:
    table, hand, a, b = _two_seats(store)
    clock.advance(30)
    settled_at = clock()
    _settle(store, table, hand, a, b)
    assert {s.seat: s.stack for s in store.seats(table)} == {0: 295, 1: 100}
    house = store.house()
    assert house.balance == 5
    (row,) = store.ledger_entries(house.id, 10)
    assert (row["delta"], row["balance"], row["reason"]) == (5, 5, "rake")
    assert (row["table_id"], row["hand_id"]) == (table, hand)
    assert datetime.datetime.fromisoformat(row["at"]) == settled_at
    found, events = store.hand(hand)
    assert (found["status"], found["pot"], found["rake"]) == ("complete", 200, 5)
    assert found["summary"] == {"pot": 200, "rake": 5}
    assert datetime.datetime.fromisoformat(found["ended_at"]) == settled_at
    assert events == [{"type": "post", "seat": 0}, {"type": "award", "seat": 0}]
    assert (store.dealt_in(hand, a), store.dealt_in(hand, b)) == (0, 1)
    # wallets 800 + 800, tables 395, rake 5: the 2000 granted (R-POT-4)
    report = store.check_chips()
    assert report.ok
    assert (report.wallets, report.tables, report.rake) == (1600, 395, 5)


def test_R_POT_4_a_hand_with_no_rake_moves_nothing_to_the_house(
    store: Store,
) -> None:
    table, hand, a, b = _two_seats(store)
    _settle(store, table, hand, a, b, stacks={0: 300, 1: 100}, rake=0)
    house = store.house()
    assert house.balance == 0
    assert store.ledger_entries(house.id, 10) == []
    assert store.hand(hand)[0]["rake"] == 0
    assert store.check_chips().ok


def test_R_POT_4_settlement_is_one_transaction_with_what_else_it_writes(
    store: Store,
) -> None:
    table, hand, a, b = _two_seats(store)
    seen: list[object] = []

    def also_fails(db: sa.Connection) -> None:
        assert isinstance(db, sa.Connection)
        seen.append(db)
        raise RuntimeError("the tournament's write failed")

    with pytest.raises(RuntimeError, match="tournament's write failed"):
        _settle(store, table, hand, a, b, also=also_fails)
    assert len(seen) == 1
    # nothing of the hand was written: stacks, rake and the hand row as before
    assert {s.seat: s.stack for s in store.seats(table)} == {0: 200, 1: 200}
    assert store.house().balance == 0
    assert store.running_hands() == [(hand, table)]
    assert store.dealt_in(hand, a) is None
    assert store.check_chips().ok


def test_R_POT_4_settlement_asks_the_tables_fence_first(store: Store) -> None:
    table, hand, a, b = _two_seats(store)
    fenced: list[int] = []

    def fence(db: sa.Connection, table_id: int) -> None:
        assert isinstance(db, sa.Connection)  # inside the settlement's transaction
        fenced.append(table_id)
        raise RuntimeError("this process no longer deals the table")

    store.fence = fence
    with pytest.raises(RuntimeError, match="no longer deals"):
        _settle(store, table, hand, a, b)
    assert fenced == [table]
    store.fence = None
    assert {s.seat: s.stack for s in store.seats(table)} == {0: 200, 1: 200}
    assert store.house().balance == 0


def test_R_POT_4_a_wallet_pays_to_its_last_chip_and_never_below(store: Store) -> None:
    a = store.create_account("ann", "person", None, 1000).id
    table = store.create_table({"name": "t"})
    with pytest.raises(
        WalletError,
        match=r"^the wallet holds 1000 chips: 1001 are needed for the buy-in$",
    ):
        store.buy_in(table, 0, a, 1001)
    assert store.account(a).balance == 1000
    assert store.seats(table) == []
    store.buy_in(table, 0, a, 1000)  # every chip: the wallet may reach 0
    assert store.account(a).balance == 0
    newest = store.ledger_entries(a, 10)
    assert [(r["delta"], r["balance"], r["reason"]) for r in newest] == [
        (-1000, 0, "buy-in"),
        (1000, 1000, "grant"),
    ]
    assert (newest[0]["table_id"], newest[0]["hand_id"]) == (table, None)
    assert store.check_chips().ok


def test_R_POT_4_settlement_writes_what_else_it_is_given_in_its_transaction(
    store: Store,
) -> None:
    table, hand, a, b = _two_seats(store)

    def also(db: sa.Connection) -> None:
        # a tournament's write, in the same transaction (here: a time bank)
        db.execute(sa.text("UPDATE seats SET time_bank = 7.5 WHERE seat = 0"))

    _settle(store, table, hand, a, b, also=also)
    banks = {s.seat: s.time_bank for s in store.seats(table)}
    assert banks == {0: 7.5, 1: None}


def test_R_POT_4_settlement_changes_only_its_own_tables_seats(store: Store) -> None:
    table, hand, a, b = _two_seats(store)
    c = store.create_account("cy", "person", None, 1000).id
    d = store.create_account("di", "person", None, 1000).id
    other = store.create_table({"name": "u"})
    store.buy_in(other, 0, c, 150)
    store.buy_in(other, 1, d, 250)
    _settle(store, table, hand, a, b)
    assert {s.seat: s.stack for s in store.seats(other)} == {0: 150, 1: 250}
    assert {s.seat: s.stack for s in store.seats(table)} == {0: 295, 1: 100}
    assert store.check_chips().ok


def test_a_ledger_row_names_the_tournament_and_place_it_pays(
    store: Store, clock: FakeClock
) -> None:
    a = store.create_account("ann", "person", None, 0).id
    with store.engine.begin() as db:
        balance = store._move(
            db, a, 70, "prize", None, None, clock(), tournament_id=7, place=2
        )
    assert balance == 70
    (row,) = store.ledger_entries(a, 10)
    assert (row["delta"], row["reason"], row["tournament_id"], row["place"]) == (
        70,
        "prize",
        7,
        2,
    )


def test_R_POT_4_a_room_hand_is_stored_with_its_own_events_and_pot(
    client: TestClient, store: Store
) -> None:
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    play_until_hand_ends(client, 1, snapshot, hands=1)
    (hand_id, table_id), *_ = [
        (h["id"], 1) for h in client.get("/api/tables/1/hands").json()["hands"]
    ]
    row, events = store.hand(hand_id)
    assert row["table_id"] == table_id
    kinds = [e["type"] for e in events]
    # the blinds come first and the pots are awarded last (R-BLIND-1, R-POT-1)
    assert kinds[:2] == ["PostBlind", "PostBlind"]
    assert kinds[-1] == "AwardPot"
    awarded = sum(e["amount"] for e in events if e["type"] == "AwardPot")
    assert awarded == row["pot"] - row["rake"]  # R-POT-4: no chip made or lost
    assert store.check_chips().ok
