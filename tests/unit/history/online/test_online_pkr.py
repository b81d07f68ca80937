"""PKR text: parsing and replay on a hand written here.

Every expected amount is read off the printed text.
"""

from __future__ import annotations

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.pkr import PARSER

HAND = """\
Starting Hand #2103762355
Start time of hand: 11 Jun 2012 21:42:16
Last Hand #2103761138
Game Type: HOLD'EM
Limit Type: NO LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $0.02 / $0.04
Button is at seat 8
Seat 1: Player13 - $3.76
Seat 3: Player6 - $3.38
Seat 4: Player9 - $0.75
Seat 8: Player11 - $4.07
Seat 9: Player0 - $3.92
Seat 10: Hero - $4.24
Shuffling Deck
Moving Button to seat 9
Hero posts small blind ($0.02)
Player13 posts big blind ($0.04)
Dealing Cards
Dealing [A d][6 s] to Hero
Player6 raises to $0.16
Player9 folds
Player11 folds
Player0 did not respond in time and is folded
Player0 folds
Hero folds
Player13 folds
Pot sizes: $0.10
Player6 doesn't show
Player6 wins $0.10
Seat 1: Player13 - $3.72
Seat 3: Player6 - $3.44
End of Hand #2103762355
"""


def test_detects_pkr_text() -> None:
    assert detect(HAND) is PARSER


def test_parses_moved_button_posts_and_win() -> None:
    (text,) = PARSER.split(HAND, "pkr.txt")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button) == ("2103762355", 9)  # the moved button
    assert (hand.small_blind, hand.big_blind) == (2, 4)
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Hero", PostKind.SMALL_BLIND, 2),
        ("Player13", PostKind.BIG_BLIND, 4),
    ]
    assert (hand.actions[0].player, hand.actions[0].chips) == ("Player6", 16)
    assert len(hand.seats) == 6  # the stacks after the hand are not seats
    assert [(c.player, c.chips) for c in hand.collected] == [("Player6", 10)]


def test_hand_agrees() -> None:
    # 0.02 + 0.04 + Player6's 0.04 matched = 0.10; his other 0.12 comes back
    (result,) = replay_online_text(HAND, "pkr.txt")
    assert result.outcome is Outcome.AGREES
