"""Site-reader fixes, each read from a real file in ../shared/data/hh in place.

The values asserted are the ones the sites printed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, replay_online_file
from holdem.history.online.model import OnlineHand, PostKind
from holdem.history.online.outcome import OnlineReplay

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"online hand histories not found at {DATA}"
)


def _results(name: str) -> list[OnlineReplay]:
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    return replay_online_file(path)


def _hand(result: OnlineReplay) -> OnlineHand:
    assert result.hand is not None, result.message
    return result.hand


def test_R_TABLE_6_pkr_dead_part_of_a_returning_post_is_dead() -> None:
    # "Player2 posts $2" then "Player2 posts $1 dead": $2 live, $1 dead; the
    # big blind checks pre-flop, the pot is $6 and "Player1 wins $5.70"
    (result,) = _results("PKR/cash/NLHE-USD-1.00-2.00-201108.post.both.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = _hand(result)
    posts = [(p.player, p.kind, p.chips) for p in hand.posts if p.player == "Player2"]
    assert posts == [
        ("Player2", PostKind.BIG_BLIND, 200),
        ("Player2", PostKind.DEAD_SMALL_BLIND, 100),
    ]
    assert [(c.player, c.chips) for c in hand.collected] == [("Player1", 570)]


def test_R_TABLE_6_pkr_dead_chip_after_a_zero_post_stays_in_the_pot() -> None:
    # "Player5 posts $0" then "posts $0.02 dead"; "Player5 wins $0.12"
    (result,) = _results("PKR/cash/NLHE-10max-USD-0.02-0.04-201208.secondsb.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = _hand(result)
    posts = [(p.player, p.kind, p.chips) for p in hand.posts if p.player == "Player5"]
    assert posts == [("Player5", PostKind.DEAD_SMALL_BLIND, 2)]
    assert [(c.player, c.chips) for c in hand.collected] == [("Player5", 12)]
