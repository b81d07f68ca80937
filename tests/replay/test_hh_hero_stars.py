"""Whose history a hand is (``OnlineHand.hero``): PokerStars-style and Full Tilt.

The room names its owner by dealing him his hole cards privately
(PokerStars, GGPoker, Full Tilt: ``Dealt to NAME [Ah Kd]``); a hand whose
text deals nobody cards by name is an observer's (R-HISTORY-1).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import replay_online_file
from holdem.history.online.model import OnlineHand
from holdem.history.online.text import cards

HH = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not HH.is_dir(), reason=f"recorded histories not found at {HH}"
)


def _hand(name: str, hand_id: str) -> OnlineHand:
    path = HH / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    (result,) = [r for r in replay_online_file(path) if r.hand_id == hand_id]
    assert result.hand is not None, result.message
    return result.hand


def test_R_HISTORY_1_ggpoker_hero_is_the_one_dealt_cards_by_name() -> None:
    # "Dealt to Hero [Qh Jh]", then "Dealt to Player1" (no cards shown)...
    hand = _hand("GGPoker/tour/NLHE-8max-MTT-USD-250-202006.txt", "TM247771977")
    assert hand.hero == "Hero"
    assert dict(hand.hole_cards)["Hero"] == cards("Qh Jh")


def test_R_HISTORY_1_betonline_hand_dealing_nobody_by_name_has_no_hero() -> None:
    # no "Dealt to" line at all: an observer's history
    hand = _hand("BetOnline/cash/NLHE-10max-USD-0.25-0.05-201108.txt", "900205887")
    assert hand.hero is None


def test_R_HISTORY_1_full_tilt_hero_is_dealt_to() -> None:
    # "Dealt to Hero [Qd Jc]"
    name = "FTP/cash/FT20100804 Venice (6 max) - $0.01-$0.02 - singlehand session"
    hand = _hand(f"{name} postBB out of turn.txt", "22821112219")
    assert hand.hero == "Hero"
    assert dict(hand.hole_cards)["Hero"] == cards("Qd Jc")
