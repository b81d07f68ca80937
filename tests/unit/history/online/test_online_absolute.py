# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""Absolute Poker / UltimateBet text: parsing and replay on a hand written here.

Every expected amount is read off the printed text.
"""

from __future__ import annotations

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.absolute import PARSER

HAND = """\
Stage #525691746 Tourney ID 5945889 Holdem Multi Normal Tournament No Limit 10 - 2011-01-16 17:03:29 (ET)
Table: 15 (Real Money) Seat #9 is the dealer
Seat 1 - Player1 (1,440 in chips)
Seat 2 - Player2 (1,380 in chips)
Seat 3 - Player3 (1,470 in chips)
Seat 9 - Player9 (1,485 in chips)
Player1 - Posts small blind 5
Player2 - Posts big blind 10
*** POCKET CARDS ***
Player3 - Folds
Player9 - Folds
Player1 - Calls 5
Player2 - Checks
*** FLOP *** [9h 7h 2h]
Player1 - Bets 20
Player2 - Raises 200 to 200
Player1 - Folds
Player2 - returned (180) : not called
*** SHOW DOWN ***
Player2 - Does not show
Player2 Collects 60 from main pot
*** SUMMARY ***
Total Pot(60)
"""


def test_detects_stage_text() -> None:
    assert detect(HAND) is PARSER


def test_parses_dealer_posts_return_and_pot() -> None:
    (text,) = PARSER.split(HAND, "abs.txt")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button, hand.is_tournament) == ("525691746", 9, True)
    assert (hand.small_blind, hand.big_blind) == (5, 10)
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Player1", PostKind.SMALL_BLIND, 5),
        ("Player2", PostKind.BIG_BLIND, 10),
    ]
    assert hand.uncalled == (("Player2", 180),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player2", 60)]
    assert hand.total_pot == 60


def test_hand_agrees() -> None:
    (result,) = replay_online_text(HAND, "abs.txt")
    assert result.outcome is Outcome.AGREES
