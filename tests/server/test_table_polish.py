"""What a new user noticed at the room's tables (issue 20, item 9).

Heads-up, the small blind's post comes before the big blind's in the hand's
actions (R-BLIND-1); a table may publish its rake cap by the number of
players dealt in, as large rooms do (R-POT-4), kept across a restart.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from room_helpers import play_until_hand_ends, register

from holdem.server.config import TableSpec

pytestmark = pytest.mark.server


def _posts(actions: list[dict[str, Any]]) -> list[tuple[int, int]]:
    return [(a["seat"], a["amount"]) for a in actions if a["action"] == "post"]


def test_R_BLIND_1_heads_up_the_small_blind_posts_first(client: TestClient) -> None:
    register(client, "anna")
    made = client.post(
        "/api/tables",
        json={
            "name": "hu",
            "small_blind": 1,
            "big_blind": 2,
            "seat_count": 2,
            "bots": 1,
        },
    )
    table = made.json()["id"]
    snapshot = client.post(
        f"/api/tables/{table}/sit", json={"seat": 2, "buy_in": 100}
    ).json()
    hand = snapshot["hand"]
    assert hand is not None
    small, big = snapshot["small_blind_seat"], snapshot["big_blind_seat"]
    # heads-up the button posts the small blind (R-BLIND-1)
    assert snapshot["button"] == small and small != big
    assert _posts(hand["actions"])[:2] == [(small, 1), (big, 2)]
    # the finished hand's history shows them in the same order
    snapshot = play_until_hand_ends(client, table, snapshot)
    hands = client.get(f"/api/tables/{table}/hands?limit=1").json()["hands"]
    history = client.get(f"/api/hands/{hands[0]['id']}").json()
    assert _posts(history["actions"])[:2] == [(small, 1), (big, 2)]


def test_R_POT_4_a_table_publishes_its_rake_cap_by_players_dealt(
    client: TestClient,
) -> None:
    register(client, "anna")
    tiers = [[2, 1], [3, 2], [5, 4]]
    body = {"name": "tiers", "rake_percent": 5, "rake_caps": tiers}
    made = client.post("/api/tables", json=body)
    assert made.status_code == 201, made.text
    table = client.get(f"/api/tables/{made.json()['id']}").json()["table"]
    assert (table["rake_percent"], table["rake_cap"], table["rake_caps"]) == (
        5,
        0,
        tiers,
    )
    for bad, message in (
        ([[3, 2]], "rise from 2"),
        ([[2, "x"]], "whole number of chips"),
        ("5", r"\(players, cap\) pairs"),
    ):
        refused = client.post("/api/tables", json={**body, "rake_caps": bad})
        assert refused.status_code == 400, refused.text
        assert re.search(message, refused.json()["error"]["message"])
    both = client.post("/api/tables", json={**body, "rake_cap": 3})
    assert both.status_code == 400 and "not both" in both.text


def test_rake_tiers_are_stored_with_the_table_and_read_back() -> None:
    spec = TableSpec(name="t", rake_percent=5, rake_caps=((2, 1), (3, 2)))
    stored = spec.to_json()
    assert stored["rake_caps"] == [[2, 1], [3, 2]]
    assert TableSpec.from_json(stored) == spec
    assert TableSpec.from_json(stored).table_config().rake_cap_for(6) == 2
    # a table without tiers is stored as before (no new field)
    assert "rake_caps" not in TableSpec(name="t").to_json()


def test_tiers_survive_a_restart(make_client: Callable[..., TestClient]) -> None:
    first = make_client()
    register(first, "anna")
    made = first.post(
        "/api/tables",
        json={"name": "tiers", "rake_percent": 5, "rake_caps": [[2, 1], [4, 3]]},
    )
    table_id = made.json()["id"]
    second = make_client()
    table = second.get(f"/api/tables/{table_id}").json()["table"]
    assert table["rake_caps"] == [[2, 1], [4, 3]]
