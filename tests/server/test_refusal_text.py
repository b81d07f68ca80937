"""The room's refusals carry a message key the page translates (issue 20, item 8).

Real refusals are made through the room (HTTP and the table's socket) from
values the test chooses, and each must come back with its template and the
values the test put in; each template must be reachable (no earlier one
shadows it), and the rule id stays in ``message`` and ``rule``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from room_helpers import PASSWORD, FakeClock, register

from holdem.server import ServerConfig, create_app, open_store
from holdem.server.refusal_text import REFUSALS, player_text, refusal_key
from holdem.table import CallingStationBot

pytestmark = pytest.mark.server
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    clock = FakeClock()
    store = open_store(f"sqlite:///{tmp_path / 'room.db'}", now=clock)
    config = ServerConfig(
        now=clock,
        rng=lambda: random.Random(7),
        bot_seconds=0.0,
        hand_pause_seconds=0.0,
        tick_seconds=None,
        make_bot=CallingStationBot,
        starting_chips=1000,
        bot_chips=100_000,
        tune_gc=False,
        demo_table=None,
    )
    with TestClient(create_app(config, store)) as test_client:
        yield test_client
    store.engine.dispose()


def _refusal(response: Any) -> dict[str, Any]:
    assert response.status_code >= 400, response.text
    error: dict[str, Any] = response.json()["error"]
    return error


def _keyed(error: dict[str, Any], template: str, **params: str) -> None:
    assert error["key"] == template, error
    assert error["params"] == params, error
    assert template in REFUSALS


def test_each_template_is_reachable_and_reads_its_values_back() -> None:
    # a message made from a template with distinct values finds that
    # template (no earlier, more general one shadows it) and those values
    for template in REFUSALS:
        names = PLACEHOLDER.findall(template)
        values = {name: f"v{i}x" for i, name in enumerate(names)}
        found = refusal_key(template.format(**values))
        assert found is not None, template
        assert found.key == template
        assert found.params == values


@pytest.mark.parametrize(
    ("message", "shown"),
    [
        (
            "small blind 5 is above the big blind 2 (R-BLIND-2)",
            "small blind 5 is above the big blind 2",
        ),
        (
            "seat 3 cannot check: it faces a bet of 4. Legal: fold, call 4,"
            " raise to 8..200 [R-BET-1]",
            "seat 3 cannot check: it faces a bet of 4",
        ),
        (
            "the button moves by the rules after the first hand [R-TABLE-1, R-TABLE-4]",
            "the button moves by the rules after the first hand",
        ),
        (
            "entropy is a string of 1 to 64 characters [R-FAIR-1], got ''",
            "entropy is a string of 1 to 64 characters, got ''",
        ),
        (
            "runs needs an integer amount (how many runs, R-RIT-1), got 'x'",
            "runs needs an integer amount (how many runs), got 'x'",
        ),
        ("wrong name or password", "wrong name or password"),
    ],
)
def test_player_text_leaves_out_rule_ids_and_the_legal_tail(
    message: str, shown: str
) -> None:
    assert player_text(message) == shown


def test_a_message_without_a_template_has_no_key(client: TestClient) -> None:
    missing = client.get("/api/no-such-thing")
    assert set(_refusal(missing)) == {"kind", "message", "rule", "legal"}
    assert refusal_key("a brand new refusal nobody translated") is None


def test_R_BLIND_2_the_issues_example_keeps_its_rule_for_the_history(
    client: TestClient,
) -> None:
    register(client, "anna")
    error = _refusal(
        client.post("/api/tables", json={"name": "t", "small_blind": 5, "big_blind": 2})
    )
    assert error["message"] == "small blind 5 is above the big blind 2 (R-BLIND-2)"
    _keyed(
        error,
        "small blind {small_blind} is above the big blind {big_blind}",
        small_blind="5",
        big_blind="2",
    )


def test_registering_and_logging_in(client: TestClient) -> None:
    _keyed(
        _refusal(
            client.post("/api/register", json={"name": "ab", "password": PASSWORD})
        ),
        "a name has 3 to 20 letters, digits, '_' or '-', got {name}",
        name="'ab'",
    )
    _keyed(
        _refusal(
            client.post("/api/register", json={"name": "anna", "password": "short"})
        ),
        "a password has at least {count} characters",
        count="8",  # accounts.MIN_PASSWORD
    )
    weak = _refusal(
        client.post("/api/register", json={"name": "anna", "password": "password1"})
    )
    assert weak["key"].startswith("this password is too easy to guess")
    register(client, "anna")
    _keyed(
        _refusal(
            client.post("/api/register", json={"name": "anna", "password": PASSWORD})
        ),
        "the name {name} is taken",
        name="'anna'",
    )
    _keyed(
        _refusal(
            client.post("/api/login", json={"name": "anna", "password": "nope-nope"})
        ),
        "wrong name or password",
    )


def test_making_a_table(client: TestClient) -> None:
    register(client, "anna")
    for body, template, params in (
        (
            {"small_blind": -1},
            "small_blind must be non-negative, got {value}",
            {"value": "-1"},
        ),
        ({"big_blind": 0}, "big_blind must be positive, got {value}", {"value": "0"}),
        (
            {"seat_count": 11},
            "a table has {least} to {most} seats, got {seats}",
            {"least": "2", "most": "10", "seats": "11"},
        ),
        (
            {"seat_count": 6, "bots": 9},
            "bots must be 0..{most}, got {bots}",
            {"most": "6", "bots": "9"},
        ),
        (
            {"name": ""},
            "a table name has 1 to {most} characters, got {name}",
            {"most": "40", "name": "''"},
        ),
    ):
        response = client.post("/api/tables", json={"name": "t", **body})
        _keyed(_refusal(response), template, **params)


def test_sitting_acting_and_adding_chips(client: TestClient) -> None:
    register(client, "anna")
    made = client.post(
        "/api/tables",
        json={
            "name": "t",
            "small_blind": 1,
            "big_blind": 2,
            "seat_count": 6,
            "bots": 1,
        },
    )
    table = made.json()["id"]
    # the buy-in is 20 to 100 big blinds by default (TableConfig)
    _keyed(
        _refusal(
            client.post(f"/api/tables/{table}/sit", json={"seat": 1, "buy_in": 5})
        ),
        "the buy-in here is {low}..{high} chips, not {buy_in}",
        low="40",
        high="200",
        buy_in="5",
    )
    _keyed(
        _refusal(
            client.post(f"/api/tables/{table}/sit", json={"seat": 9, "buy_in": 100})
        ),
        "no seat {seat}: seats are 1..{count}",
        seat="9",
        count="6",
    )
    _keyed(
        _refusal(client.post(f"/api/tables/{table}/act", json={"action": "check"})),
        "you have no seat at this table",
    )
    seated = client.post(f"/api/tables/{table}/sit", json={"seat": 3, "buy_in": 100})
    decision = seated.json()["decision"]
    assert decision["kind"] == "bet" and decision["legal"]["call_amount"] == 1
    # the small blind faces the big blind: a raise to 1 is below the
    # minimum, a raise to twice the big blind (R-NL-2)
    low = _refusal(
        client.post(f"/api/tables/{table}/act", json={"action": "raise", "amount": 1})
    )
    assert low["rule"] == "R-NL-2" and "[R-NL-2]" in low["message"]
    _keyed(
        low,
        "seat {seat} cannot {verb} to {amount}: the minimum is {least}"
        " (last raise {last})",
        seat="3",
        verb="raise",
        amount="1",
        least="4",
        last="2",
    )
    _keyed(
        _refusal(
            client.post(
                f"/api/tables/{table}/act", json={"action": "raise", "amount": 10**5}
            )
        ),
        "seat {seat} cannot {verb} to {amount}: the maximum is {most}",
        seat="3",
        verb="raise",
        amount="100000",
        most="100",  # the stack
    )
    _keyed(
        _refusal(client.post(f"/api/tables/{table}/add-chips", json={"chips": 5})),
        "add chips between hands",
    )


def test_a_tournament_entry_short_of_chips(client: TestClient) -> None:
    register(client, "anna")  # 1000 chips to start
    made = client.post(
        "/api/tournaments",
        json={
            "name": "s",
            "kind": "sng",
            "buy_in": 5000,
            "fee": 10,
            "seats": 3,
            "bots": 1,
        },
    )
    assert made.status_code == 201, made.text
    entry = client.post(f"/api/tournaments/{made.json()['id']}/register")
    _keyed(
        _refusal(entry),
        "the wallet holds {balance} chips: the buy-in and fee are"
        " {buy_in} + {fee} = {price}",
        balance="1000",
        buy_in="5000",
        fee="10",
        price="5010",
    )


def test_socket_refusals_carry_keys(client: TestClient) -> None:
    register(client, "anna")
    table = client.post(
        "/api/tables", json={"name": "t", "seat_count": 6, "bots": 1}
    ).json()["id"]
    with client.websocket_connect(f"/ws/tables/{table}") as socket:
        socket.receive_json()  # welcome
        for message, template, params in (
            (
                {"type": "chat", "text": "x" * 300},
                "a chat message has 1 to {most} characters once stripped, got {count}",
                {"most": "200", "count": "300"},
            ),
            ({"type": "mute", "player": "anna"}, "you cannot mute yourself", {}),
            (
                {"type": "mute", "player": "nobody"},
                "no player {player}",
                {"player": "'nobody'"},
            ),
            (
                {"type": "entropy", "text": "x"},  # a spectator's
                "you have no seat at this table",
                {},
            ),
        ):
            socket.send_json(message)
            for _ in range(20):
                answer = socket.receive_json()
                if answer["type"] == "error":
                    break
            else:
                pytest.fail(f"no refusal of {message}")
            _keyed(answer["error"], template, **params)
