"""Bovada files read in place from ../shared/data/hh/Bovada.

The values asserted are the ones the site printed.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from holdem.history.online import Outcome, decode, replay_online_file
from holdem.history.online.bovada import PARSER
from holdem.history.online.model import PostKind
from holdem.history.online.text import cards

BOVADA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"
BOVADA = BOVADA / "Bovada"

pytestmark = pytest.mark.skipif(
    not BOVADA.is_dir(), reason=f"Bovada histories not found at {BOVADA}"
)


def test_R_ALLIN_BLIND_big_blind_all_in_for_less_is_a_short_blind() -> None:
    # Level 4 (50/100): "Big Blind : All-in 19" before the cards; "UTG+1 :
    # Call 100" (the full blind), "Return uncalled portion of bet 50" when
    # the small blind folds; "Hand Result-Side Pot 62", "Hand Result 57"
    path = BOVADA / "tour" / "NLHE-9max-USD-MTT-201301.all.in.blind.txt"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    (result,) = [r for r in replay_online_file(path) if r.hand_id == "2710007631"]
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None
    (post,) = [p for p in hand.posts if p.player == "Big Blind"]
    assert (post.kind, post.chips, post.is_all_in) == (PostKind.BIG_BLIND, 19, True)
    assert hand.uncalled == (("UTG+1", 50),)
    assert sorted(c.chips for c in hand.collected) == [57, 62]


def test_R_BET_6_old_format_all_in_raise_printed_as_the_street_total() -> None:
    # fixed-limit 4/8: the small blind ($18 in chips) posts 4, then
    # "Small Blind : All-in(raise) $18" (all 18 in: the street total), and
    # "Big Blind [ME] : Calls $10" from his 8
    path = BOVADA / "cash" / "LHE-USD-8-16-201204.old.format.txt"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    (result,) = [r for r in replay_online_file(path) if r.hand_id == "2596797696"]
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    (all_in,) = [a for a in result.hand.actions if a.player == "Small Blind"]
    assert (all_in.chips, all_in.is_all_in) == (1800, True)


def test_R_HISTORY_1_hero_is_the_seat_marked_me() -> None:
    # "Seat 1: Dealer [ME] ($985 in chips)": the history is Dealer's; the
    # same hand without the marker is an observer's (no hero)
    path = BOVADA / "cash" / "NLHE-USD-5-10-201511.concatenated.partial.txt"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    text = decode(path.read_bytes())
    (hand,) = [h for h in PARSER.split(text, str(path)) if "3178646516" in h.lines[0]]
    assert hand.lines[1] == "Seat 1: Dealer [ME] ($985 in chips)"
    read = PARSER.parse(hand)
    assert read.hero == "Dealer"
    assert read.hole_cards[0] == ("Dealer", cards("7d Ad"))
    unmarked = dataclasses.replace(
        hand, lines=tuple(line.replace(" [ME]", "") for line in hand.lines)
    )
    assert PARSER.parse(unmarked).hero is None
