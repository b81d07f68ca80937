# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""Cake Poker Network text: parsing and replay on hands written here.

Every expected amount is read off the printed text (cents).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from holdem.history.online import (
    ActionKind,
    Outcome,
    detect,
    replay_online_text,
)
from holdem.history.online.cake import _START, PARSER, _hand_starts
from holdem.history.online.text import hand_starts

# Hero raises to 0.30, Player1 calls 0.20 more; the turn bet of 0.30 comes
# back; Player1 wins 0.56 of the 0.60 pot (rake 0.04, not printed)
HANDS = """\
Hand#2701011985001689 - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:53:30
Seat 3: Hero ($10 in chips) DEALER
Seat 8: Player1 ($10 in chips)
Hero: posts small blind $0.05
Player1: posts big blind $0.10
Dealt to Hero [7c,Th]
Hero: raises to $0.30
Player1: calls $0.20
*** FLOP *** [Kh,3h,8c]
Player1: checks
Hero: checks
*** TURN *** [8d]
Player1: bets $0.30
Hero: folds
Player1: returns uncalled bet $0.30
***SHOW DOWN***
Player1: mucks
Player1 wins $0.56


Hand#2701011985001690 - Paris (6-max) 11985 -- $0.05/$0.10 NL Hold'em -- 2011/08/28 - 00:54:03
Seat 3: Hero ($9.70 in chips)
Seat 8: Player1 ($10.26 in chips) DEALER
Player1: posts small blind $0.05
Hero: posts big blind $0.10
Dealt to Hero [6d,6c]
Player1: raises to $0.30
Hero: raises to $0.90
Player1: folds
Hero: returns uncalled bet $0.60
***SHOW DOWN***
Hero: mucks
Hero wins $0.60
"""


def test_detects_cake_text() -> None:
    assert detect(HANDS) is PARSER


def test_parses_two_hands_in_cents() -> None:
    first, second = (PARSER.parse(h) for h in PARSER.split(HANDS, "cake.txt"))
    assert (first.hand_id, first.button, first.big_blind) == (
        "2701011985001689",
        3,
        10,
    )
    assert [(a.kind, a.chips) for a in first.actions][:2] == [
        (ActionKind.RAISE, 30),
        (ActionKind.CALL, 20),
    ]
    assert first.uncalled == (("Player1", 30),)
    assert [(c.player, c.chips) for c in first.collected] == [("Player1", 56)]
    assert second.line == 21
    assert [str(c) for c in first.board] == ["Kh", "3h", "8c", "8d"]


def test_both_hands_agree() -> None:
    results = replay_online_text(HANDS, "cake.txt")
    assert [r.outcome for r in results] == [Outcome.AGREES, Outcome.AGREES]


@given(
    st.lists(
        st.sampled_from(
            ["Hand#1 - a", "ï»¿Hand#2 - ", "\ufeff", " ", "\n", "\r\n", "x", "\t"]
        ),
        max_size=10,
    )
)
def test_hand_starts_are_where_the_start_pattern_finds_them(parts: list[str]) -> None:
    # the start pattern's own search is the oracle
    text = "".join(parts)
    assert _hand_starts(text) == hand_starts(_START, text)


def test_blank_lines_before_a_hand_belong_to_it() -> None:
    text = "Hand#1 - a\n \n\n\t\nHand#2 - b\n" + "\n" * 5 + "x Hand#3 - c"
    hands = PARSER.split(text, "")
    assert [(hand.line, hand.lines) for hand in hands] == [
        (1, ("Hand#1 - a",)),
        (5, ("Hand#2 - b", "", "", "", "", "", "x Hand#3 - c")),
    ]
