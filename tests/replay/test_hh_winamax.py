"""Winamax files read in place from ../shared/data/hh/Winamax.

The values asserted are the ones the site printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, Reason, replay_online_file

WINAMAX = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"
WINAMAX = WINAMAX / "Winamax"

pytestmark = pytest.mark.skipif(
    not WINAMAX.is_dir(), reason=f"Winamax histories not found at {WINAMAX}"
)


def test_R_POT_3_site_gives_the_odd_chips_elsewhere() -> None:
    # a 260 pot split three ways: "Player6 collected 87", "Player5 collected
    # 87", "Player2 collected 86"; R-POT-3 gives both odd chips to Player2,
    # the small blind, nearest the button's left: 88, 86, 86
    path = WINAMAX / "tour" / "NLHE-EUR-0.92-STT-201207.no.cur.txt"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    (result,) = replay_online_file(path)
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.OUR_RULES
    assert "the site splits the pot Player2 86, Player5 87, Player6 87" in (
        result.message
    )
    assert "R-POT-3" in result.message and "Player2 88" in result.message
