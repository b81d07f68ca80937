"""What operators see: /metrics (Prometheus text) and the JSON log lines.

Metric values are read with prometheus_client's own text parser, and each
is checked against the room's own record of the same thing (the table's
hand number, the person's commands, the sockets the test holds open).
"""

from __future__ import annotations

import io
import json
import logging
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from room_helpers import PASSWORD, FakeClock, passive, register
from starlette.websockets import WebSocketDisconnect

from holdem.server import Store, create_app
from holdem.server.logs import configure_logging

pytestmark = pytest.mark.server

METRICS = (
    "holdem_hands_dealt",
    "holdem_actions",
    "holdem_action_latency_seconds",
    "holdem_sockets_open",
    "holdem_clock_lag_seconds",
    "holdem_db_latency_seconds",
    "holdem_errors",
    "process_cpu_seconds",
    "python_gc_collections",
)

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(app: FastAPI) -> Samples:
    """Every sample of ``GET /metrics``, asked from 127.0.0.1."""
    local = TestClient(app, client=("127.0.0.1", 50000))
    response = local.get("/metrics")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(response.text)
        for s in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples[(name, tuple(sorted(labels.items())))]


def families(app: FastAPI) -> set[str]:
    local = TestClient(app, client=("127.0.0.1", 50000))
    text = local.get("/metrics").text
    return {family.name for family in text_string_to_metric_families(text)}


def wait_for(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 30  # generous: a loaded 2-core machine
    while time.monotonic() < deadline:
        if check():
            return
        time.sleep(0.02)
    raise AssertionError(f"waited 30 s for {what}")


@pytest.fixture
def log_lines() -> Iterator[Callable[[], list[dict[str, Any]]]]:
    """The room's log, configured as ``holdem serve`` does, into a buffer."""
    buffer = io.StringIO()
    handler = configure_logging("json", "info", buffer)

    def lines() -> list[dict[str, Any]]:
        return [json.loads(line) for line in buffer.getvalue().splitlines()]

    yield lines
    logging.getLogger().removeHandler(handler)
    logging.getLogger("holdem").setLevel(logging.NOTSET)


def events(lines: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [line for line in lines if line["event"] == name]


def test_metrics_answer_prometheus_text_with_each_metric(client: TestClient) -> None:
    found = families(client.app)  # type: ignore[arg-type]
    assert set(METRICS) <= found
    samples = scrape(client.app)  # type: ignore[arg-type]
    for source in ("person", "bot", "timeout", "auto"):
        assert value(samples, "holdem_actions_total", source=source) == 0
    assert value(samples, "holdem_hands_dealt_total") == 0  # bots alone never deal
    assert value(samples, "holdem_sockets_open") == 0


def test_metrics_refuse_a_client_outside_the_allowed_networks(
    client: TestClient, make_client: Callable[..., TestClient]
) -> None:
    response = client.get("/metrics")  # TestClient's address is "testclient"
    assert response.status_code == 403
    assert "127.0.0.0/8" in response.json()["error"]["message"]
    outside = TestClient(client.app, client=("203.0.113.9", 40000))
    assert outside.get("/metrics").status_code == 403
    opened = make_client(metrics_from=("203.0.113.0/24",))
    outside = TestClient(opened.app, client=("203.0.113.9", 40000))
    assert outside.get("/metrics").status_code == 200


def test_each_hand_dealt_counts_once(client: TestClient) -> None:
    app: FastAPI = client.app  # type: ignore[assignment]
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    assert snapshot["hand"]["number"] == 1  # sitting down let the table deal
    assert value(scrape(app), "holdem_hands_dealt_total") == 1
    for _ in range(3):
        last = snapshot["last_hand"]["number"] if snapshot["last_hand"] else 0
        while (snapshot["last_hand"] or {"number": 0})["number"] == last:
            answer = passive(snapshot["decision"])
            snapshot = client.post("/api/tables/1/act", json=answer).json()
        # the next hand was dealt at once (no pause in tests): the table's
        # hand number is the count of hands dealt
        assert (
            value(scrape(app), "holdem_hands_dealt_total")
            == (snapshot["hand"]["number"])
        )
    assert snapshot["hand"]["number"] == 4


def test_a_persons_action_counts_once_and_is_timed(client: TestClient) -> None:
    app: FastAPI = client.app  # type: ignore[assignment]
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    before = scrape(app)
    assert value(before, "holdem_actions_total", source="person") == 0
    assert value(before, "holdem_action_latency_seconds_count") == 0
    # a refused action is neither counted nor timed: asked to bet (the
    # first decision of her first hand), a raise to 1 is under the
    # smallest raise (R-NL-2), which the rules refuse (409)
    assert snapshot["decision"]["kind"] == "bet"
    refused = client.post("/api/tables/1/act", json={"action": "raise", "amount": 1})
    assert refused.status_code == 409, refused.text
    assert refused.json()["error"]["kind"] == "BetSizeError"
    assert refused.json()["error"]["rule"] == "R-NL-2"
    again = scrape(app)
    assert value(again, "holdem_actions_total", source="person") == 0
    assert value(again, "holdem_action_latency_seconds_count") == 0
    answer = passive(snapshot["decision"])
    snapshot = client.post("/api/tables/1/act", json=answer).json()
    after = scrape(app)
    assert value(after, "holdem_actions_total", source="person") == 1
    # the bots answered after her (the blinds are posted, not answered): the
    # hand's own action list says how many times
    bots = [
        a
        for a in snapshot["hand"]["actions"]
        if a.get("seat") not in (None, 2) and a["action"] != "post"
    ]
    assert bots and value(after, "holdem_actions_total", source="bot") == len(bots)
    assert value(after, "holdem_action_latency_seconds_count") == 1
    assert value(after, "holdem_action_latency_seconds_sum") > 0


def test_a_timed_out_seat_counts_as_timeout(
    client: TestClient, clock: FakeClock
) -> None:
    app: FastAPI = client.app  # type: ignore[assignment]
    register(client, "ann")
    client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200})
    room = app.state.room
    clock.advance(20 + 30)  # the action time and the whole time bank
    room.tick()
    samples = scrape(app)
    assert value(samples, "holdem_actions_total", source="timeout") == 1
    assert value(samples, "holdem_actions_total", source="person") == 0


def test_a_socket_opened_and_closed_moves_the_gauge(client: TestClient) -> None:
    app: FastAPI = client.app  # type: ignore[assignment]
    with client.websocket_connect("/ws/tables/1") as first:
        first.receive_json()  # welcome: the socket is registered after it
        first.receive_json()  # its first table message: registered by now
        assert value(scrape(app), "holdem_sockets_open") == 1
        with client.websocket_connect("/ws/tables/1") as second:
            second.receive_json()
            second.receive_json()
            assert value(scrape(app), "holdem_sockets_open") == 2
        wait_for(
            lambda: value(scrape(app), "holdem_sockets_open") == 1, "one socket open"
        )
    wait_for(lambda: value(scrape(app), "holdem_sockets_open") == 0, "none open")


def test_database_statements_are_timed(client: TestClient) -> None:
    app: FastAPI = client.app  # type: ignore[assignment]
    before = value(scrape(app), "holdem_db_latency_seconds_count", statement="insert")
    register(client, "ann")  # the account, its grant in the ledger, a session
    after = value(scrape(app), "holdem_db_latency_seconds_count", statement="insert")
    assert after - before == 3  # the account, its grant, its session


def test_the_clock_lag_is_observed_each_tick(
    make_client: Callable[..., TestClient],
) -> None:
    client = make_client(tick_seconds=0.01)
    app: FastAPI = client.app  # type: ignore[assignment]
    wait_for(
        lambda: value(scrape(app), "holdem_clock_lag_seconds_count") >= 3,
        "three ticks",
    )
    samples = scrape(app)
    assert value(samples, "holdem_clock_lag_seconds_sum") >= 0


def test_a_refused_login_is_one_json_line_with_its_fields(
    client: TestClient, log_lines: Callable[[], list[dict[str, Any]]]
) -> None:
    register(client, "ann")
    wrong = client.post("/api/login", json={"name": "ann", "password": "not-it-123"})
    assert wrong.status_code == 401
    (line,) = events(log_lines(), "login-failed")
    assert line["name"] == "ann"
    assert line["address"] == "testclient"
    assert line["level"] == "warning"
    assert line["logger"] == "holdem.server"
    assert "timestamp" in line
    right = client.post("/api/login", json={"name": "ann", "password": PASSWORD})
    assert right.status_code == 200
    (ok,) = events(log_lines(), "login")
    assert ok["name"] == "ann"
    (registered,) = events(log_lines(), "registered")
    assert registered["name"] == "ann"
    text = json.dumps(log_lines())
    assert "not-it-123" not in text and PASSWORD not in text
    assert right.json()["token"] not in text


def test_a_long_name_is_cut_and_rate_limits_are_logged(
    client: TestClient, log_lines: Callable[[], list[dict[str, Any]]]
) -> None:
    name = "x" * 100  # the longest name a login takes (guard.py); logged cut to 40
    for _ in range(5):  # the test room allows 5 failures a minute
        answer = client.post("/api/login", json={"name": name, "password": "p" * 8})
        assert answer.status_code == 401
    limited = client.post("/api/login", json={"name": name, "password": "p" * 8})
    assert limited.status_code == 429
    failed = events(log_lines(), "login-failed")
    assert len(failed) == 5
    assert all(len(line["name"]) == 40 for line in failed)
    (line,) = events(log_lines(), "rate-limited")
    assert line["path"] == "/api/login"
    assert line["retry_after"] == int(limited.headers["retry-after"])


def test_guard_refusals_are_logged_one_line_each_without_the_body(
    client: TestClient, log_lines: Callable[[], list[dict[str, Any]]]
) -> None:
    secret = "a-body-never-logged"
    answers = [
        client.post(
            "/api/login", json={"x": secret}, headers={"Origin": "http://evil.example"}
        ),
        client.post(
            "/api/login",
            content=secret * 2000,
            headers={"Content-Type": "application/json"},
        ),
        client.post(
            "/api/login", content=secret, headers={"Content-Type": "text/plain"}
        ),
    ]
    assert [answer.status_code for answer in answers] == [403, 413, 415]
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(
            "/ws/tables/1", headers={"Origin": "http://evil.example"}
        ),
    ):
        pass
    lines = events(log_lines(), "request-refused")
    assert [line["status"] for line in lines] == [403, 413, 415, 403]
    assert {line["path"] for line in lines} == {"/api/login", "/ws/tables/1"}
    assert {line["address"] for line in lines} == {"testclient"}
    assert all(line["level"] == "warning" for line in lines)
    assert secret not in json.dumps(log_lines())


def test_an_unhandled_error_is_logged_with_its_table_and_hand(
    client: TestClient,
    store: Store,
    log_lines: Callable[[], list[dict[str, Any]]],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app: FastAPI = client.app  # type: ignore[assignment]
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    hand_id = snapshot["hand"]["id"]

    def broken(*_args: object) -> None:
        raise RuntimeError("the disk is on fire")

    monkeypatch.setattr(store, "hands_of", broken)
    quiet = TestClient(app, raise_server_exceptions=False, cookies=client.cookies)
    assert quiet.get("/api/tables/1/hands").status_code == 500
    (line,) = events(log_lines(), "unhandled-error")
    assert (line["table_id"], line["hand_id"]) == (1, hand_id)
    assert line["path"] == "/api/tables/1/hands"
    assert "the disk is on fire" in line["exception"]
    assert value(scrape(app), "holdem_errors_total", kind="unhandled-error") == 1


def test_plain_logging_calls_render_as_json_and_count_errors(
    client: TestClient, log_lines: Callable[[], list[dict[str, Any]]]
) -> None:
    """The form other parts of the room use: stdlib calls with ``extra``."""
    logging.getLogger("holdem.server").error(
        "table-fault", extra={"table_id": 3, "hand_id": 41}
    )
    (line,) = events(log_lines(), "table-fault")
    assert (line["table_id"], line["hand_id"], line["level"]) == (3, 41, "error")
    samples = scrape(client.app)  # type: ignore[arg-type]
    assert value(samples, "holdem_errors_total", kind="table-fault") == 1


def test_start_logs_each_voided_hand_and_stop_is_logged(
    client: TestClient, store: Store, log_lines: Callable[[], list[dict[str, Any]]]
) -> None:
    register(client, "ann")
    snapshot = client.post("/api/tables/1/sit", json={"seat": 2, "buy_in": 200}).json()
    hand_id = snapshot["hand"]["id"]
    # a second process over the same database starts while the hand runs
    config = client.app.state.room.config  # type: ignore[attr-defined]
    with TestClient(create_app(config, store)):
        pass
    (voided,) = events(log_lines(), "hand-voided")
    assert (voided["hand_id"], voided["table_id"]) == (hand_id, 1)
    (started,) = events(log_lines(), "room-started")
    assert started["hands_voided"] == 1
    assert started["tables"] == 1
    assert started["database_kind"] in ("sqlite", "postgresql")
    assert "room-stopped" in [line["event"] for line in log_lines()]


def test_creating_a_table_is_logged(
    client: TestClient, log_lines: Callable[[], list[dict[str, Any]]]
) -> None:
    register(client, "ann")
    made = client.post("/api/tables", json={"name": "Night owls"})
    assert made.status_code == 201
    (line,) = events(log_lines(), "table-created")
    assert line == {
        **line,
        "table_id": made.json()["id"],
        "name": "Night owls",
        "dealt_here": True,
    }


def test_bad_log_settings_and_metrics_networks_are_refused(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from holdem.cli.serve import serve
    from holdem.errors import InvalidInputError
    from holdem.server import ServerConfig

    with pytest.raises(ValueError, match="json, console"):
        configure_logging("xml")
    with pytest.raises(ValueError, match="debug, info"):
        configure_logging("json", "loud")
    with pytest.raises(
        InvalidInputError, match="'everyone' is not an address or network"
    ):
        ServerConfig(metrics_from=("everyone",))
    with pytest.raises(InvalidInputError, match="tuple of networks"):
        ServerConfig(metrics_from="127.0.0.1")  # type: ignore[arg-type]
    database = tmp_path / "room.db"
    result = CliRunner().invoke(
        serve,
        ["--metrics-from", "10.0.0.0/33", "--database-url", f"sqlite:///{database}"],
    )
    assert result.exit_code == 2
    assert not database.exists()  # refused before anything was opened
    assert "10.0.0.0/33" in result.output
    assert "not an address or network" in result.output
