"""Cake Poker files read in place from ../shared/data/hh/Cake.

Cake prints an all-in either as the player's street total or as the chips
added; an all-in puts every chip behind in, so the stack decides. The
values asserted are the site's printed ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, Reason, replay_online_file
from holdem.history.online.model import ActionKind
from holdem.history.online.outcome import OnlineReplay

CAKE = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh" / "Cake"

pytestmark = pytest.mark.skipif(
    not CAKE.is_dir(), reason=f"Cake histories not found at {CAKE}"
)


def _hand(name: str, hand_id: str) -> OnlineReplay:
    path = CAKE / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    (result,) = [r for r in replay_online_file(path) if r.hand_id == hand_id]
    return result


def test_R_BET_1_all_in_printed_as_the_chips_added() -> None:
    # Player5 (198) posts the small blind 1, then "is all in 197": a raise
    # to 198, which Player1 (at 9) "calls 189"; "Player1 wins 418"
    result = _hand("cash/NLHE-play-1-2-201205.txt", "2972014254000151")
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    (all_in,) = [a for a in result.hand.actions if a.player == "Player5"]
    assert (all_in.kind, all_in.chips) == (ActionKind.RAISE, 19800)
    assert [(c.player, c.chips) for c in result.hand.collected] == [("Player1", 41800)]


def test_R_BET_1_limit_all_in_printed_as_the_chips_added() -> None:
    # Vill***1 "is all in $0.07" after a small blind; the pot is split:
    # "Vill***1 wins $0.31", "Hero wins $0.31"
    result = _hand("cash/LHE-FR-0.02-0.04-201105.All-in.txt", "2589013774000163")
    assert result.outcome is Outcome.AGREES, result.message


def test_hand_cut_off_before_the_pot_is_won_is_malformed() -> None:
    # the text ends at "Player left the table" after the showdown header
    result = _hand(
        "tour/NLHE-2max-USD-STT-0.75-201212.player.left.the.table.txt",
        "3165C58A73000009",
    )
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.MALFORMED
    assert "ends before the pot is won" in result.message
