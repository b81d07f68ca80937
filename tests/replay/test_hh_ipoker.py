"""iPoker files read in place from ../shared/data/hh/iPoker.

The values asserted are the ones the site printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, replay_online_file

ITALIAN = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"
ITALIAN = ITALIAN / "iPoker" / "tour" / "NLHE-EUR-SNG-0.50.iPoker.it.txt"

pytestmark = pytest.mark.skipif(
    not ITALIAN.is_file(), reason=f"the iPoker.it tournament is not at {ITALIAN}"
)


def test_R_POT_1_italian_points_group_thousands_of_tournament_chips() -> None:
    # chips="1.500" at blinds 10/20 is 1,500 chips; Player2 shoves "1.300"
    # more after his 200 and wins win="3.060"
    (result,) = replay_online_file(ITALIAN)
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None
    assert {seat.stack for seat in hand.seats} == {1500 * 100}
    assert [(c.player, c.chips) for c in hand.collected] == [("Player2", 3060 * 100)]


CASH = ITALIAN.parents[1] / "cash"
SPANISH = CASH / "NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml"
POUNDS = CASH / "NLHE-GBP-0.05-0.10-201307.uncalled.less.than.rake.xml"


def test_R_BLIND_1_each_session_of_a_file_keeps_its_own_stakes(
    tmp_path: Path,
) -> None:
    # No file here holds two sessions; the room appends a session per
    # sitting. Built from two real files: the $0.01/$0.02 session, then the
    # £0.05/£0.10 one (its XML declaration left off), each unchanged.
    if not (SPANISH.is_file() and POUNDS.is_file()):
        pytest.skip(f"iPoker cash files not found in {CASH}")
    second = POUNDS.read_text(encoding="utf-8").split("\n", 1)[1]
    both = tmp_path / "two-sessions.xml"
    both.write_text(SPANISH.read_text(encoding="utf-8") + second, encoding="utf-8")
    results = replay_online_file(both)
    assert [r.outcome for r in results] == [Outcome.AGREES, Outcome.AGREES], [
        r.message for r in results
    ]
    stakes = [(r.hand.small_blind, r.hand.big_blind) for r in results if r.hand]
    assert stakes == [(1, 2), (5, 10)]  # cents, as each <gametype> prints
