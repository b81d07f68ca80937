"""OnGame files read in place from ../shared/data/hh/OnGame.

The values asserted are the ones the site printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, replay_online_file
from holdem.history.online.model import PostKind

ONGAME = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"
ONGAME = ONGAME / "OnGame"

pytestmark = pytest.mark.skipif(
    not ONGAME.is_dir(), reason=f"OnGame histories not found at {ONGAME}"
)


def test_R_ALLIN_BLIND_second_small_blind_all_in_is_the_big_blind_short() -> None:
    # at 100/200: "Player25 posts small blind (100)", "Player26 posts small
    # blind (10) [all in]", then "Player28 calls 200" (the full big blind)
    path = ONGAME / "tour" / "R-279-4.txt"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    (result,) = [r for r in replay_online_file(path) if r.hand_id == "T5-17944034-72"]
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    (post,) = [p for p in result.hand.posts if p.player == "Player26" and p.chips == 10]
    assert (post.kind, post.is_all_in) == (PostKind.BIG_BLIND, True)
    (call,) = [a for a in result.hand.actions if a.player == "Player28"][:1]
    assert call.chips == 200
