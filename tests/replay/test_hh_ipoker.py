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
