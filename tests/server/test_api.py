"""The room's HTTP API: accounts, the lobby, seats and chips, errors."""

from __future__ import annotations

from collections.abc import Callable

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from room_helpers import PASSWORD, FakeClock, play_until_hand_ends, register

from holdem.server import Store

pytestmark = pytest.mark.server


def test_register_sets_an_httponly_samesite_strict_cookie(client: TestClient) -> None:
    response = client.post("/api/register", json={"name": "ann", "password": PASSWORD})
    assert response.status_code == 201
    assert response.json()["player"] == {"name": "ann", "balance": 1000}
    cookie = response.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=strict" in cookie
    me = client.get("/api/me").json()  # the cookie is the session
    assert me["player"] == {"name": "ann", "balance": 1000}
    ledger = client.get("/api/me/ledger").json()["entries"]
    assert [(e["delta"], e["reason"], e["balance"]) for e in ledger] == [
        (1000, "grant", 1000)
    ]


def test_bad_registrations_are_refused(client: TestClient) -> None:
    for body in (
        {"name": "a", "password": PASSWORD},  # name too short
        {"name": "ann", "password": "short"},
        {"name": "ann"},
        {"name": "bad name!", "password": PASSWORD},
    ):
        response = client.post("/api/register", json=body)
        assert response.status_code == 400, body
        assert response.json()["error"]["kind"] == "InvalidInputError"
    register(client, "ann")
    again = client.post("/api/register", json={"name": "ann", "password": PASSWORD})
    assert again.status_code == 400


def test_login_logout_and_wrong_password(client: TestClient) -> None:
    register(client, "ann")
    client.post("/api/logout")
    assert client.get("/api/me").status_code == 401
    wrong = client.post("/api/login", json={"name": "ann", "password": "nope-nope"})
    assert wrong.status_code == 401
    assert wrong.json()["error"]["kind"] == "AuthError"
    right = client.post("/api/login", json={"name": "ann", "password": PASSWORD})
    assert right.status_code == 200
    assert client.get("/api/me").status_code == 200
    bearer = TestClient(client.app)
    headers = {"Authorization": f"Bearer {right.json()['token']}"}
    assert bearer.get("/api/me", headers=headers).json()["player"]["name"] == "ann"


def test_login_attempts_are_rate_limited(client: TestClient, clock: FakeClock) -> None:
    register(client, "ann")
    bad = {"name": "ann", "password": "wrong-password"}
    statuses = [client.post("/api/login", json=bad).status_code for _ in range(6)]
    assert statuses == [401] * 5 + [429]  # 5 failures allowed per 60 s
    good = {"name": "ann", "password": PASSWORD}
    limited = client.post("/api/login", json=good)
    assert limited.status_code == 429
    assert limited.headers["retry-after"] == "60"
    clock.advance(61)
    assert client.post("/api/login", json=good).status_code == 200


def test_session_expires(client: TestClient, clock: FakeClock) -> None:
    register(client, "ann")
    clock.advance(7 * 24 * 3600 - 1)
    assert client.get("/api/me").status_code == 200
    clock.advance(1)  # 7 days: the session's lifetime
    assert client.get("/api/me").status_code == 401


def test_lobby_lists_the_demo_table_with_bots(client: TestClient) -> None:
    (table,) = client.get("/api/tables").json()["tables"]
    # ServerConfig's demo table: no-limit 1/2, 6 seats; buy-ins 20..100 big
    # blinds (TableConfig's defaults); 3 bots.
    assert table["structure"] == "no-limit"
    assert (table["small_blind"], table["big_blind"]) == (1, 2)
    assert (table["min_buy_in"], table["max_buy_in"]) == (40, 200)
    assert (table["seats_taken"], table["bots"], table["players"]) == (3, 3, 0)
    assert table["hands_played"] == 0  # bots alone deal no hand


def test_sit_moves_chips_from_wallet_to_table(client: TestClient, store: Store) -> None:
    register(client, "ann")
    response = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 150})
    assert response.status_code == 200, response.text
    snapshot = response.json()
    assert snapshot["you"]["seat"] == 2 and snapshot["you"]["balance"] == 850
    assert snapshot["hand"] is not None  # a person sat: the table deals
    report = store.check_chips()
    assert report.ok, report.problems
    # bots' buy-ins are staked by the house: they count beside the grants
    assert report.wallets + report.tables + report.rake == (
        report.granted + report.staked
    )


@pytest.mark.parametrize(
    ("body", "status", "kind"),
    [
        ({"seat": 1, "buy_in": 100}, 409, "TableError"),  # a bot sits there
        ({"seat": 2, "buy_in": 39}, 409, "TableError"),  # under 20 big blinds
        ({"seat": 2, "buy_in": 201}, 409, "TableError"),  # over 100 big blinds
        ({"seat": 7, "buy_in": 100}, 409, "TableError"),  # 6 seats
        ({"seat": "2", "buy_in": 100}, 400, "InvalidInputError"),
        ({"seat": 4, "buy_in": -5}, 400, "InvalidInputError"),  # negative
    ],
)
def test_bad_seats_and_buy_ins_change_nothing(
    client: TestClient, store: Store, body: dict[str, object], status: int, kind: str
) -> None:
    register(client, "ann")
    response = client.post("/api/tables/1/sit", json=body)
    assert response.status_code == status
    assert response.json()["error"]["kind"] == kind
    assert client.get("/api/me").json()["player"]["balance"] == 1000
    assert store.check_chips().ok


def test_a_buy_in_beyond_the_wallet_is_refused(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(starting_chips=100)
    register(client, "ann")
    response = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 150})
    assert response.status_code == 409
    assert response.json()["error"]["kind"] == "WalletError"
    assert client.get("/api/tables/1").json()["seats"][1] is None


def test_commands_need_a_session_and_a_seat(client: TestClient) -> None:
    response = client.post("/api/tables/1/act", json={"action": "fold"})
    assert response.status_code == 401
    register(client, "ann")
    response = client.post("/api/tables/1/act", json={"action": "fold"})
    assert response.status_code == 403
    assert client.post("/api/tables/99/sit", json={}).status_code == 404
    assert client.get("/api/tables/99").status_code == 404


def test_illegal_action_gets_409_with_legal(client: TestClient) -> None:
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    decision = snapshot["decision"]
    assert decision is not None and decision["kind"] == "bet"
    legal = decision["legal"]
    assert legal["can_check"] is False  # the big blind is to call
    response = client.post("/api/tables/1/act", json={"action": "check"})
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["legal"]["call_amount"] == legal["call_amount"]
    assert error["rule"].startswith("R-")
    too_small = client.post(
        "/api/tables/1/act",
        json={"action": "raise", "amount": legal["min_raise_to"] - 1},
    )
    assert too_small.status_code == 409
    assert client.get("/api/tables/1").json()["decision"] == decision  # unchanged


def test_bet_facing_the_big_blind_is_refused_as_not_a_raise(
    client: TestClient,
) -> None:
    """R-BET-1: facing a bet (the big blind) the open action is a raise."""
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    decision = snapshot["decision"]
    assert decision["seat"] == 2 and decision["legal"]["is_bet"] is False
    amount = decision["legal"]["min_raise_to"]
    response = client.post(
        "/api/tables/1/act", json={"action": "bet", "amount": amount}
    )
    assert response.status_code == 409
    error = response.json()["error"]
    assert error["kind"] == "IllegalActionError"
    assert error["rule"] == "R-BET-1"
    assert error["legal"] == decision["legal"]
    assert "raise" in error["message"]
    assert client.get("/api/tables/1").json()["decision"] == decision  # unchanged
    raised = client.post(
        "/api/tables/1/act", json={"action": "raise", "amount": amount}
    )
    assert raised.status_code == 200


def test_a_hand_settles_and_chips_add_up(client: TestClient, store: Store) -> None:
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    snapshot = play_until_hand_ends(client, 1, snapshot, hands=3)
    report = store.check_chips()
    assert report.ok, report.problems
    # the demo table has no rake; 3 bots' wallets hold bot_chips - 200 each
    assert report.granted == 1000 + 3 * 100_000
    hands = client.get("/api/tables/1/hands").json()["hands"]
    assert len(hands) == 3  # she is dealt in each: one hand ends per answer at most
    assert client.get("/api/tables").json()["tables"][0]["hands_played"] == 3


def test_leave_cashes_out_after_the_hand(
    make_client: Callable[..., TestClient], store: Store, clock: FakeClock
) -> None:
    client = make_client(bot_seconds=1.0)  # bots wait a second before acting
    register(client, "ann")
    client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200})
    snapshot = client.post("/api/tables/1/leave").json()
    assert snapshot["you"]["leaving"] is True  # dealt in: leaves after the hand
    assert snapshot["you"]["seat"] == 2
    room = client.app.state.room  # type: ignore[attr-defined]
    for _ in range(100):  # the room folds for the leaving seat; bots finish
        clock.advance(1)
        room.tick()
    snapshot = client.get("/api/tables/1").json()
    assert snapshot["you"]["seat"] is None
    assert snapshot["seats"][1] is None
    ledger = client.get("/api/me/ledger").json()["entries"]
    assert ledger[0]["reason"] == "cash-out"
    assert client.get("/api/me").json()["player"]["balance"] == 800 + ledger[0]["delta"]
    assert store.check_chips().ok


def test_create_a_table_with_bots(client: TestClient) -> None:
    assert client.post("/api/tables", json={"name": "x"}).status_code == 401
    register(client, "ann")
    body = {
        "name": "Friday",
        "structure": "pot-limit",
        "small_blind": 5,
        "big_blind": 10,
        "seat_count": 4,
        "rake_percent": 5,
        "rake_cap": 3,
        "bots": 2,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    table = response.json()
    assert (table["structure"], table["seat_count"], table["bots"]) == (
        "pot-limit",
        4,
        2,
    )
    assert (table["min_buy_in"], table["max_buy_in"]) == (200, 1000)  # 20, 100 BB
    for bad in (
        {"name": "y", "small_blind": 3, "big_blind": 2},  # R-BLIND-2
        {"name": "y", "seat_count": 11},
        {"name": "y", "structure": "spread-limit"},
        {"name": "y", "bots": 7, "seat_count": 6},
        {"name": "y", "colour": "green"},
    ):
        assert client.post("/api/tables", json=bad).status_code == 400, bad
    assert len(client.get("/api/tables").json()["tables"]) == 2


def test_add_chips_between_hands_only(client: TestClient, store: Store) -> None:
    register(client, "ann")
    client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 100})
    during = client.post("/api/tables/1/add-chips", json={"chips": 50})
    assert during.status_code == 409  # she is dealt into the running hand
    assert during.json()["error"]["rule"] == "R-TABLE-7"
    assert client.get("/api/me").json()["player"]["balance"] == 900
    assert store.check_chips().ok


def test_the_live_room_shuffles_with_system_random() -> None:
    import random

    from holdem.server import ServerConfig

    assert isinstance(ServerConfig().rng(), random.SystemRandom)  # R-DEAL-4


def test_check_chips_command(database_url: str, store: Store) -> None:
    from click.testing import CliRunner

    from holdem.cli.main import cli

    store.create_account("ann", "person", None, 500)
    result = CliRunner().invoke(cli, ["check-chips", "--database-url", database_url])
    assert result.exit_code == 0, result.output
    assert "chips ok" in result.output and "granted 500" in result.output
    with store.engine.begin() as db:  # a chip appears from nowhere
        db.execute(
            sa.text("UPDATE accounts SET balance = balance + 1 WHERE name = 'ann'")
        )
    result = CliRunner().invoke(
        cli, ["serve", "--check", "--database-url", database_url]
    )
    assert result.exit_code == 1
    assert "MISMATCH" in result.output


ERROR_KEYS = {"kind", "message", "rule", "legal"}


def test_unreadable_path_and_query_values_are_400_in_the_error_shape(
    client: TestClient,
) -> None:
    register(client, "ann")
    for response, field in (
        (client.post("/api/tables/abc/sit", json={}), "table_id"),
        (client.get("/api/me/ledger?limit=abc"), "limit"),
    ):
        assert response.status_code == 400
        body = response.json()
        assert set(body) == {"error"} and set(body["error"]) == ERROR_KEYS
        assert body["error"]["kind"] == "InvalidInputError"
        assert field in body["error"]["message"]


def test_unknown_routes_and_methods_are_in_the_error_shape(
    client: TestClient,
) -> None:
    missing = client.get("/api/no-such-thing")
    assert missing.status_code == 404
    assert set(missing.json()["error"]) == ERROR_KEYS
    assert missing.json()["error"]["kind"] == "NotFoundError"
    wrong = client.delete("/api/tables")
    assert wrong.status_code == 405
    assert set(wrong.json()["error"]) == ERROR_KEYS
    assert "DELETE" in wrong.json()["error"]["message"]


def test_a_long_rejected_value_is_cut_in_the_message(client: TestClient) -> None:
    name = "x" * 5000 + "!"  # not a valid name (too long, and "!")
    response = client.post("/api/register", json={"name": name, "password": PASSWORD})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["kind"] == "InvalidInputError"
    assert "name" in error["message"]
    assert len(error["message"]) < 200
    register(client, "ann")
    action = "y" * 5000
    response = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200})
    response = client.post("/api/tables/1/act", json={"action": action})
    assert response.status_code == 400
    assert len(response.json()["error"]["message"]) < 300


def test_tune_gc_freezes_the_start_up_heap_and_raises_the_thresholds(
    make_client: Callable[..., TestClient],
) -> None:
    import gc

    thresholds = gc.get_threshold()
    try:
        client = make_client(tune_gc=True)
        assert gc.get_threshold() == (5_000, 20, 100)
        assert gc.get_freeze_count() > 1000
        assert client.get("/api/health").json()["status"] == "ok"
    finally:
        gc.unfreeze()
        gc.set_threshold(*thresholds)
