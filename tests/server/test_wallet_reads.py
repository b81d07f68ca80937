"""Wallet balances at the table: read per hand and after this process's writes.

A seated viewer's snapshot shows their wallet (``you.balance``). The room
reads wallets when the table's hand starts or ends, or when this process
wrote that wallet since the last read (``Store.wallet_writes``), never once
per action: on PostgreSQL each read is a round trip inside the event loop,
and at 2,000 players it was 40% of a process's time (issue 18's benchmark).
A wallet changed by another process shows at this table's next hand.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from room_helpers import passive, register
from starlette.testclient import WebSocketTestSession

from holdem.server import Store
from holdem.server.database import open_store

pytestmark = pytest.mark.server

Socket = WebSocketTestSession


def drain(socket: Socket) -> dict[str, Any]:
    """The snapshot of the next ``table`` message."""
    while True:
        message = socket.receive_json()
        assert message["type"] != "error", message
        if message["type"] == "table":
            snapshot: dict[str, Any] = message["snapshot"]
            return snapshot


@pytest.fixture
def socket(client: TestClient) -> Iterator[Socket]:
    token = register(client, "ann")
    with contextlib.ExitStack() as stack:
        opened = stack.enter_context(
            client.websocket_connect(f"/ws/tables/1?token={token}")
        )
        opened.receive_json()  # welcome
        drain(opened)
        yield opened


def _grant(store: Store, account_id: int, chips: int) -> None:
    """Move ``chips`` into a wallet through ``store`` (a grant, so the room's
    chips still add up)."""
    with store.engine.begin() as db:
        store._move(db, account_id, chips, "grant", None, None, store.now())


def test_a_wallet_is_read_per_hand_not_per_action(
    socket: Socket,
    store: Store,
    database_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ann = store.account_by_name("ann")
    assert ann is not None
    reads: list[list[int]] = []
    balances = store.balances

    def counted(ids: Any) -> dict[int, int]:
        ids = list(ids)
        reads.append(ids)
        return balances(ids)

    monkeypatch.setattr(store, "balances", counted)
    socket.send_json({"type": "sit", "seat": 2, "buy_in": 150})
    snapshot = drain(socket)
    assert snapshot["you"]["balance"] == 1000 - 150
    number = snapshot["hand"]["number"]
    # another process (its own Store on the same database) grants ann 500
    other = open_store(database_url, now=store.now)
    try:
        _grant(other, ann.id, 500)
    finally:
        other.engine.dispose()
    reads.clear()
    actions = 0
    while snapshot["hand"] is not None and snapshot["hand"]["number"] == number:
        if snapshot["decision"] is None:
            break
        socket.send_json({"type": "act", **passive(snapshot["decision"])})
        snapshot = drain(socket)
        actions += 1
        if snapshot["hand"] is not None and snapshot["hand"]["number"] == number:
            # within the hand: the wallet as read when it began, no reads
            assert snapshot["you"]["balance"] == 850
            assert reads == []
    assert actions >= 1
    # the hand ended (and the next may have begun): read again, once each
    assert snapshot["last_hand"]["number"] == number
    assert snapshot["you"]["balance"] == 850 + 500
    assert 1 <= len(reads) <= 2
    assert all(ids == [ann.id] for ids in reads)
    report = store.check_chips()
    assert report.ok, report.problems


def test_this_process_wallet_write_shows_at_the_next_message(
    socket: Socket, store: Store
) -> None:
    ann = store.account_by_name("ann")
    assert ann is not None
    socket.send_json({"type": "sit", "seat": 2, "buy_in": 150})
    snapshot = drain(socket)
    number = snapshot["hand"]["number"]
    assert snapshot["decision"] is not None  # ann acts in this hand
    _grant(store, ann.id, 70)  # this process: counted in wallet_writes
    socket.send_json({"type": "act", **passive(snapshot["decision"])})
    snapshot = drain(socket)
    assert snapshot["you"]["balance"] == 850 + 70
    assert snapshot["hand"] is None or snapshot["hand"]["number"] >= number
    assert store.check_chips().ok
