# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""OnGame text: parsing and replay on a hand written here.

Every expected amount is read off the printed text.
"""

from __future__ import annotations

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.ongame import PARSER

HAND = """\
***** History for hand R5-69701-1672 *****
Start hand: Thu Feb 28 07:30:49 CET 2013
Table: Round GC, Strobe ref: 69701  [69701] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real money)
User: Player1
Button: seat 1
Players in round: 3 (5)
Seat 1: Player2 ($10)
Seat 2: Player3 ($10)
Seat 4: Player1 ($10)
Player3 posts small blind ($0.05)
Player1 posts big blind ($0.10)
---
Dealing pocket cards
Dealing to Player1: [Th, 3d]
Player2 calls $0.10
Player3 calls $0.05
Player1 checks
--- Dealing flop [6c, Jc, 8c]
Player3 bets $0.10
Player1 calls $0.10
Player2 folds
--- Dealing turn [7h]
Player3 bets $0.10
Player1 folds
---
Summary:
Main pot: $0.50 won by Player3 ($0.48)
Rake taken: $0.02
Seat 1: Player2 ($9.90), net: -$0.10
Seat 2: Player3 ($10.28), net: +$0.28
Seat 4: Player1 ($9.80), net: -$0.20
***** End of hand R5-69701-1672 *****
"""


def test_detects_ongame_text() -> None:
    assert detect(HAND) is PARSER


def test_parses_posts_pot_and_rake() -> None:
    (text,) = PARSER.split(HAND, "ongame.txt")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button, hand.is_tournament) == (
        "R5-69701-1672",
        1,
        False,
    )
    assert (hand.small_blind, hand.big_blind) == (5, 10)
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Player3", PostKind.SMALL_BLIND, 5),
        ("Player1", PostKind.BIG_BLIND, 10),
    ]
    assert len(hand.board) == 4
    assert [(c.player, c.chips) for c in hand.collected] == [("Player3", 48)]
    assert (hand.total_pot, hand.rake) == (50, 2)


def test_hand_agrees() -> None:
    # the pot of 0.50 excludes the turn bet, which comes back unprinted
    (result,) = replay_online_text(HAND, "ongame.txt")
    assert result.outcome is Outcome.AGREES
