"""Plain chips written as PokerStars text read back whole (play money).

Pluribus hand 32/23 (../shared/data/phh) ends in a split pot of 20,775
chips (its PHH prints finishing stacks of 10387.5 each); the engine awards
the odd chip to the first winner left of the button (R-POT-3), 10,388 and
10,387. Written as PokerStars text in plain chips, the hand must read back
as whole chips: read as cents, the engine split 20,775.00 into two halves of
10,387.50 and the hand differed. PokerStars marks play money on its table
line (``Table 'Zamenhof VII' 9-max (Play Money) Seat #4 is the button``
in ../shared/data/hh/Stars/cash/NLHE-play-100-200-201201.ev.rounding.txt).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history import load_all
from holdem.history.money import Money
from holdem.history.online import Outcome, replay_online_text
from holdem.history.online.files import replay_online_file
from holdem.history.stars_seats import StarsHand
from holdem.history.stars_writer import stars_text

SHARED = Path(__file__).resolve().parents[2] / ".." / "shared" / "data"
SPLIT = SHARED / "phh" / "pluribus" / "32" / "23.phh"
PLAY = SHARED / "hh" / "Stars" / "cash" / "NLHE-play-100-200-201201.ev.rounding.txt"


def test_a_half_chip_split_written_in_plain_chips_reads_back() -> None:
    if not SPLIT.is_file():
        pytest.skip(f"Pluribus hands not found at {SPLIT}")
    (history,) = load_all(SPLIT)
    text = stars_text(StarsHand.from_history(history), None, money=Money(None))
    assert text.splitlines()[1] == "Table 'holdem' (Play Money) Seat #6 is the button"
    assert "Gogo collected 10388 from pot" in text
    assert "Bill collected 10387 from pot" in text
    (result,) = replay_online_text(text, "23.txt")
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None and result.hand.plain_chips
    assert result.hand.total_pot == 20775


def test_pokerstars_play_money_is_read_in_whole_chips() -> None:
    if not PLAY.is_file():
        pytest.skip(f"real hand history not found at {PLAY}")
    (result,) = replay_online_file(PLAY)
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None and hand.plain_chips
    # "Hold'em No Limit (100/200)", "Total pot 62400 | Rake 0"
    assert (hand.small_blind, hand.big_blind) == (100, 200)
    assert hand.total_pot == 62400
