"""Everleaf text: parsing and replay on a hand written here.

Every expected amount is read off the printed text.
"""

from __future__ import annotations

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.everleaf import PARSER

HAND = """\
Everleaf Gaming Game #196321319
***** Hand history for game #196321319 *****
Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:34:38
Table Cortland XIV
Seat 1 is the button
Total number of players: 5
Seat 1: Player1 (  $ 12.35 USD )
Seat 2: Hero (  $ 4.90 USD )
Seat 3: Player2 (  $ 5.45 USD )
Seat 5: Player3 (  $ 10.44 USD )
Seat 6: Player4 (  $ 8.30 USD )
Hero: posts small blind [$ 0.05 USD]
Player2: posts big blind [$ 0.10 USD]
** Dealing down cards **
Dealt to Hero [ Qd, 9d ]
Player3 folds
Player4 folds
Player1 folds
Hero raises [$ 0.25 USD]
Player2 folds
Hero does not show cards
Hero wins $ 0.20 USD from main pot
"""


def test_detects_everleaf_text() -> None:
    assert detect(HAND) is PARSER


def test_parses_seats_posts_and_win_in_cents() -> None:
    (text,) = PARSER.split(HAND, "everleaf.txt")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button, hand.is_tournament) == ("196321319", 1, False)
    assert (hand.small_blind, hand.big_blind) == (5, 10)
    assert [(s.player, s.stack) for s in hand.seats][:2] == [
        ("Player1", 1235),
        ("Hero", 490),
    ]
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Hero", PostKind.SMALL_BLIND, 5),
        ("Player2", PostKind.BIG_BLIND, 10),
    ]
    assert dict(hand.hole_cards)["Hero"][0].rank is not None
    assert [(c.player, c.chips) for c in hand.collected] == [("Hero", 20)]


def test_hand_agrees() -> None:
    # the blinds make the 0.20 pot; the raise's uncalled part comes back
    (result,) = replay_online_text(HAND, "everleaf.txt")
    assert result.outcome is Outcome.AGREES
