"""BetOnline (PokerStars wording) files read in place from ../shared/data/hh.

The values asserted are the ones the site printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, Reason, replay_online_file
from holdem.history.online.model import PostKind
from holdem.history.online.outcome import OnlineReplay

BETONLINE = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"
BETONLINE = BETONLINE / "BetOnline"

pytestmark = pytest.mark.skipif(
    not BETONLINE.is_dir(), reason=f"BetOnline histories not found at {BETONLINE}"
)


def _hand(name: str, hand_id: str) -> OnlineReplay:
    path = BETONLINE / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    (result,) = [r for r in replay_online_file(path) if r.hand_id == hand_id]
    return result


def test_R_BET_2_a_player_leaving_during_the_hand_folds_in_turn() -> None:
    # the small blind "Player7 has left the table" after posting; the big
    # blind checks next and takes the pot: "Total pot 0.07 | Rake 0.00"
    result = _hand(
        "cash/NLHE-10max-USD-0.01-0.02-201605.fold.blinds.antes.txt", "1605730318"
    )
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    assert result.hand.total_pot == 7
    assert [(c.player, c.chips) for c in result.hand.collected] == [("Player6", 7)]


def test_R_BET_2_a_caller_leaving_before_his_turn_folds_in_turn() -> None:
    # "Player0 has left the table" after calling; Player3's raise takes
    # "Player3 collected (2.25)", "Uncalled bet (4.50) returned to Player3"
    result = _hand("cash/NLHE-10max-USD-0.25-0.05-201108.txt", "900204952")
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    assert result.hand.uncalled == (("Player3", 450),)
    assert [(c.player, c.chips) for c in result.hand.collected] == [("Player3", 225)]


def test_R_TABLE_6_post_dead_of_a_big_blind_is_a_live_big_blind() -> None:
    # "Player0: post dead 0.50" at $0.25/0.50, then "Player0: checks" and
    # "calls 1.00" to Player9's 1.50: the 0.50 is live. The hand still
    # differs: "Total pot 14.83 | Rake 0.78" and "collected (14.83)" add up
    # to 15.61, above the 15.36 its actions put in
    result = _hand("cash/NLHE-10max-0.25-0.50-201204.post.dead.txt", "1002134798")
    assert result.hand is not None
    (post,) = [p for p in result.hand.posts if p.player == "Player0"]
    assert (post.kind, post.chips) == (PostKind.BIG_BLIND, 50)
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.SITE_RESULT
    assert result.message.startswith("total pot: the site prints 14.83")


def test_R_SHOW_2_bettor_paid_only_his_own_side_pot_lost_the_main_pot() -> None:
    # Player2 bets the river alone after Player4's all-in call: "Seat 0:
    # Player2 collected (0.42)" (the side pot only he can win) without
    # showing, "Player4 showed [Kh Kc] and won (0.29)" (the main pot). The
    # summary's "Total pot 0.29 | Rake 0.04" is the last pot only
    result = _hand(
        "cash/NLHE-10max-USD-0.01-0.02-201605.winner.no.show.txt", "1605375848"
    )
    assert result.hand is not None
    assert sorted(c.chips for c in result.hand.collected) == [29, 42]
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.SITE_RESULT
    assert "a total pot of 0.29 but 0.71 collected and 0.04 rake" in result.message
