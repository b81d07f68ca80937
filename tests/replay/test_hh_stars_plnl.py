"""PokerStars' "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop", read in place.

The one recorded hand (../shared/data/hh) is a walk; the variants below put
a raise in it to check that pre-flop raises are capped at the pot (R-PL-1)
and flop bets are not (R-NL-1).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, Reason, replay_online_file
from holdem.history.online.files import replay_online_text
from holdem.rules.config import Structure

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"
PLNL = DATA / "Stars" / "tour" / "PLNL-USD-STT-200-201209.txt"

pytestmark = pytest.mark.skipif(
    not PLNL.is_file(), reason=f"the pot-limit/no-limit hand is not at {PLNL}"
)


def test_R_PL_1_pot_limit_preflop_no_limit_after_hand_agrees() -> None:
    (result,) = replay_online_file(PLNL)
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None
    assert hand.preflop_structure is Structure.POT_LIMIT
    assert hand.structure is Structure.NO_LIMIT
    # "Uncalled bet (10) returned to Player0", "Player0 collected 20 from pot"
    assert hand.uncalled == (("Player0", 10),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player0", 20)]


def _raised(raise_to: int) -> str:
    """The walk with Hero raising first in: blinds 10/20, so a pot raise is
    to 20 + (30 + 20) = 70 (R-PL-1); everyone folds and Hero takes 50."""
    text = PLNL.read_text(encoding="utf-8")
    text = text.replace("Hero: folds", f"Hero: raises {raise_to - 20} to {raise_to}")
    text = text.replace(
        "Uncalled bet (10) returned to Player0",
        f"Player0: folds\nUncalled bet ({raise_to - 20}) returned to Hero",
    )
    text = text.replace("Player0 collected 20 from pot", "Hero collected 50 from pot")
    text = text.replace("Player0: doesn't show hand", "Hero: doesn't show hand")
    return text.replace("Total pot 20 |", "Total pot 50 |")


def test_R_PL_1_preflop_raise_to_the_pot_is_legal() -> None:
    (result,) = replay_online_text(_raised(70), "pot raise")
    assert result.outcome is Outcome.AGREES, result.message


def test_R_PL_1_preflop_raise_above_the_pot_is_refused() -> None:
    (result,) = replay_online_text(_raised(71), "over the pot")
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.OUR_RULES
    assert "R-PL-1" in result.message


def test_R_NL_1_flop_bet_above_the_pot_is_legal_after_the_preflop() -> None:
    # Hero raises to 40, the big blind calls; on the flop (pot 90) Hero bets
    # 1000, more than the pot: legal in no-limit after the flop
    text = _raised(40).replace("Player0: folds\n", "Player0: calls 20\n")
    text = text.replace(
        "Uncalled bet (20) returned to Hero",
        "*** FLOP *** [2c 3d 4h]\nPlayer0: checks\nHero: bets 1000\n"
        "Player0: folds\nUncalled bet (1000) returned to Hero",
    )
    text = text.replace("collected 50", "collected 90").replace("pot 50", "pot 90")
    (result,) = replay_online_text(text, "flop overbet")
    assert result.outcome is Outcome.AGREES, result.message
    (result,) = replay_online_text(text.replace("Hero: bets 1000", "Hero: bets 5"), "")
    assert result.outcome is Outcome.DIFFERS
    assert "R-NL-1" in result.message  # below the minimum bet
