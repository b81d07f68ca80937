"""Helpers of the room's tests: register, and answer decisions simply."""

from __future__ import annotations

import datetime
from typing import Any

from fastapi.testclient import TestClient

PASSWORD = "correct horse battery"

START = datetime.datetime(2026, 1, 1, 12, 0, tzinfo=datetime.UTC)


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> datetime.datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += datetime.timedelta(seconds=seconds)


def register(client: TestClient, name: str) -> str:
    """Register ``name``; the session token (the client keeps the cookie too)."""
    response = client.post("/api/register", json={"name": name, "password": PASSWORD})
    assert response.status_code == 201, response.text
    token: str = response.json()["token"]
    return token


def passive(decision: dict[str, Any]) -> dict[str, Any]:
    """A passive answer: post to play, check or call, show."""
    kind = decision["kind"]
    if kind in ("post-or-wait", "post-all-or-wait"):
        return {"action": "post"}
    if kind == "straddle":
        return {"action": "no-straddle"}
    if kind == "showdown":
        return {"action": "show"}
    return {"action": "check" if decision["legal"]["can_check"] else "call"}


def play_until_hand_ends(
    client: TestClient, table_id: int, snapshot: dict[str, Any], hands: int = 1
) -> dict[str, Any]:
    """Answer passively until ``hands`` more hands have finished."""
    start = snapshot["last_hand"]["number"] if snapshot["last_hand"] else 0
    for _ in range(200):
        last = snapshot["last_hand"]
        if last is not None and last["number"] >= start + hands:
            return snapshot
        decision = snapshot["decision"]
        assert decision is not None, snapshot
        response = client.post(f"/api/tables/{table_id}/act", json=passive(decision))
        assert response.status_code == 200, response.text
        snapshot = response.json()
    raise AssertionError("the hand did not end in 200 actions")
