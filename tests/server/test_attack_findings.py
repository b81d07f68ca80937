"""What an attack on a fresh room found, pinned: each refused or contained.

A table whose chips cannot fit one stack (MAX_CHIPS = 10**15) or whose rake a
player sets at 100 % is refused when made; a stored table that cannot be
loaded at start stops alone (the room starts, the others deal, its players
may leave with their chips); a row id no database integer holds is a 400,
never a 500.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from room_helpers import register

from holdem.rules.config import MAX_CHIPS
from holdem.server import Store
from holdem.server.schema import seats

pytestmark = pytest.mark.server


def test_a_table_whose_chips_cannot_fit_one_stack_is_refused(
    client: TestClient,
) -> None:
    register(client, "ann")
    before = client.get("/api/tables").json()["tables"]
    body = {"name": "huge", "min_buy_in": 40, "max_buy_in": MAX_CHIPS, "bots": 5}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 400
    message = answer.json()["error"]["message"]
    assert "most one stack may hold" in message
    assert f"at most {MAX_CHIPS // 6}" in message  # six seats by default
    assert client.get("/api/tables").json()["tables"] == before  # nothing made
    fits = {**body, "max_buy_in": MAX_CHIPS // 6, "bots": 0}
    assert client.post("/api/tables", json=fits).status_code == 201


def test_a_players_table_takes_at_most_the_houses_rake_and_shows_it(
    client: TestClient,
) -> None:
    register(client, "ann")
    greedy = {"name": "greedy", "rake_percent": 100}
    answer = client.post("/api/tables", json=greedy)
    assert answer.status_code == 400
    assert "rake_percent is 0..10" in answer.json()["error"]["message"]
    fair = {"name": "fair", "rake_percent": 5, "rake_cap": 3}
    made = client.post("/api/tables", json=fair)
    assert made.status_code == 201, made.text
    assert (made.json()["rake_percent"], made.json()["rake_cap"]) == (5, 3)
    table = client.get(f"/api/tables/{made.json()['id']}").json()["table"]
    assert (table["rake_percent"], table["rake_cap"]) == (5, 3)


def test_a_row_id_past_a_database_integer_is_400_not_500(client: TestClient) -> None:
    register(client, "ann")
    for path in (
        "/api/hands/2147483648",
        "/api/hands/99999999999999999999",
        "/api/hands/0",
        "/api/tournaments/2147483648",
        # found by the new user of issue 18: 500 on PostgreSQL
        "/api/tables?after=2147483648",
        "/api/tables/2147483648",
        "/api/tables/2147483648/hands",
        "/api/me/hands/export?format=phh&hand=2147483648",
        "/api/me/hands/export?format=phh&table=2147483648",
    ):
        answer = client.get(path)
        assert answer.status_code == 400, (path, answer.text)
        assert answer.json()["error"]["kind"] == "InvalidInputError"
    sat = client.post("/api/tables/2147483648/sit", json={"seat": 1, "buy_in": 100})
    assert sat.status_code == 400, sat.text
    with client.websocket_connect("/ws/tables/2147483648") as socket:
        message = socket.receive_json()
        assert message["error"]["kind"] == "NotFoundError", message


def test_a_table_that_cannot_load_stops_alone_and_its_players_may_leave(
    make_client: Callable[..., TestClient], store: Store
) -> None:
    first = make_client()
    register(first, "ann")
    sat = first.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200})
    assert sat.status_code == 200, sat.text
    made = first.post("/api/tables", json={"name": "second", "bots": 0})
    assert made.status_code == 201
    balance = first.get("/api/me").json()["player"]["balance"]
    # a stored stack no table can hold (written past the room, as an old
    # database or a bug might have left it): table 1 cannot be loaded
    with store.engine.begin() as db:
        db.execute(
            seats.update()
            .where(seats.c.table_id == 1, seats.c.seat == 1)
            .values(stack=MAX_CHIPS + 1)
        )
        grant = db.execute(sa.text("SELECT SUM(delta) FROM ledger")).scalar()
    assert grant is not None
    restarted = make_client()  # the room starts: table 1 alone is out
    assert restarted.get("/api/health").json()["status"] == "ok"
    lobby = [t["id"] for t in restarted.get("/api/tables").json()["tables"]]
    assert lobby == [2]
    restarted.cookies = first.cookies
    refused = restarted.post("/api/tables/1/act", json={"action": "fold"})
    assert refused.status_code == 503
    assert "you may only leave it" in refused.json()["error"]["message"]
    left = restarted.post("/api/tables/1/leave", json={})
    assert left.status_code == 503  # no table to show: the message says so
    assert "chips are back in your wallet" in left.json()["error"]["message"]
    # ann's 200 chips (the hand running at the restart is void) are back
    me = restarted.get("/api/me").json()["player"]
    assert me["balance"] == balance + 200


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/api/health", "/api/tables", "/static/app.js", "/nowhere"):
        headers = client.get(path).headers
        policy = headers["content-security-policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
