"""A hand played at a raked table through the room: the rake, the wallets.

The table takes 5 % of each pot that sees a flop, at most 3 chips (a player's
table: ``rake_percent`` 5, ``rake_cap`` 3). The house's wallet holds the rake,
and wallets + tables + rake still equal the chips granted and staked
(R-POT-4: no chip is created or lost; the rake counts among the chips).
"""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from room_helpers import register

from holdem.server import Store

pytestmark = pytest.mark.server

BUY_IN = 200


def _act(client: TestClient, table_id: int, body: dict[str, Any]) -> dict[str, Any]:
    """``body`` from the player ``client`` is, who must be the one asked."""
    mine = client.get(f"/api/tables/{table_id}").json()["decision"]
    assert mine is not None, f"{body} from a player not asked"
    answer = client.post(f"/api/tables/{table_id}/act", json=body)
    assert answer.status_code == 200, answer.text
    snapshot: dict[str, Any] = answer.json()
    return snapshot


@pytest.mark.parametrize(
    ("raise_to", "rake"),
    [(20, 2), (50, 3)],
    ids=["5 percent of 40", "5 percent of 100 capped at 3"],
)
def test_R_POT_4_a_raked_hand_in_the_room_pays_the_house_and_chips_add_up(
    client: TestClient, store: Store, raise_to: int, rake: int
) -> None:
    """ann and bob, heads-up at 1/2, 200 chips each. The button (small
    blind, first to act pre-flop, R-TABLE-2) raises to ``raise_to`` and the
    big blind calls: the pot is 2 x ``raise_to``. On the flop the big blind
    checks, the button bets 50 and the big blind folds: the bet is uncalled
    and goes back (R-BET-7), the button wins the pot, less the rake (5 %
    rounded down, at most 3; the flop was dealt). Both leave: the winner's
    wallet is 800 + 200 - raise_to + pot - rake, the loser's 800 + 200 -
    raise_to, the house's wallet holds the rake (R-POT-4)."""
    bob = TestClient(client.app)
    register(client, "ann")
    register(bob, "bob")
    made = client.post(
        "/api/tables",
        json={"name": "raked", "rake_percent": 5, "rake_cap": 3, "bots": 0},
    )
    assert made.status_code == 201, made.text
    table_id = made.json()["id"]
    by_seat = {1: client, 2: bob}
    for seat, player in by_seat.items():
        sat = player.post(
            f"/api/tables/{table_id}/sit", json={"seat": seat, "buy_in": BUY_IN}
        )
        assert sat.status_code == 200, sat.text
    snapshot = client.get(f"/api/tables/{table_id}").json()
    button, big_blind = snapshot["button"], snapshot["big_blind_seat"]
    assert {button, big_blind} == {1, 2}
    assert snapshot["small_blind_seat"] == button  # heads-up (R-TABLE-2)
    dealer, other = by_seat[button], by_seat[big_blind]
    _act(dealer, table_id, {"action": "raise", "amount": raise_to})
    _act(other, table_id, {"action": "call"})
    _act(other, table_id, {"action": "check"})
    _act(dealer, table_id, {"action": "bet", "amount": 50})
    # the loser sits out before folding: no second hand is dealt to two
    # players, and both may leave with what the first left them
    assert other.post(f"/api/tables/{table_id}/sit-out").status_code == 200
    snapshot = _act(other, table_id, {"action": "fold"})
    pot = 2 * raise_to
    last = snapshot["last_hand"]
    assert last["number"] == 1 and len(last["board"]) == 3
    assert last["rake"] == rake
    winner_name = "ann" if dealer is client else "bob"
    assert last["winners"] == [
        {"seat": button, "player": winner_name, "amount": pot - rake}
    ]
    assert snapshot["hand"] is None  # one player can play: no hand
    stacks = {s["seat"]: s["stack"] for s in snapshot["seats"] if s is not None}
    assert stacks == {
        button: BUY_IN - raise_to + pot - rake,
        big_blind: BUY_IN - raise_to,
    }
    for player in by_seat.values():
        assert player.post(f"/api/tables/{table_id}/leave").status_code == 200
    wallets = {
        seat: player.get("/api/me").json()["player"]["balance"]
        for seat, player in by_seat.items()
    }
    assert wallets == {
        button: 1000 - raise_to + pot - rake,
        big_blind: 1000 - raise_to,
    }
    assert store.house().balance == rake
    report = store.check_chips()
    assert report.ok, report.problems
    assert report.rake == rake
    assert report.wallets + report.tables + report.rake == (
        report.granted + report.staked
    )
    # the two players' chips and the house's: what the two were granted
    assert sum(wallets.values()) + rake == 2 * 1000
