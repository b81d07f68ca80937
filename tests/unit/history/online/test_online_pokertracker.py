"""PokerTracker's generic export (Merge, iPoker): parsing and replay.

Every expected amount is read off the printed text (cents).
"""

from __future__ import annotations

from online_real_files import agrees, replay_real

from holdem.history.online import (
    ActionKind,
    OnlineReplay,
    Outcome,
    PostKind,
    detect,
    replay_online_text,
)
from holdem.history.online.pokertracker import PARSER

# river: bet 5.75, raise to 17.25, then an all-in (or, below, a call of 11.50)
HAND = """\
MERGE_GAME #3047310402799: Texas Hold'em NL $0.50/$1 01/01/2011 12:04:00
Table Bad Beat - Rue St Catherine (30473104)
Seat 1: Player0 ($121.76 in chips) DEALER
Seat 2: Player7 ($162.06 in chips)
Seat 3: Player8 ($79.84 in chips)
Seat 5: Player6 ($98.50 in chips)
Player7: Post SB $0.50
Player8: Post BB $1.00
Player6: Post DB $1.50
*** HOLE CARDS ***
Dealt to Player6 [3s As]
Player6: Check
Player0: Call $1.00
Player7: Call $0.50
Player8: Check
*** FLOP *** [2h Kd Ac]
Player7: Fold
Player8: Check
Player6: Check
Player0: Check
*** TURN *** [3d]
Player8: Check
Player6: Bet $2.00
Player0: Raise $4.00
Player8: Fold
Player6: Call $2.00
*** RIVER *** [3c]
Player6: Check
Player0: Bet $5.75
Player6: Raise $17.25
Player0: Allin $11.50
*** SUMMARY ***
Player6: Shows [3s As]
Player0: Shows [5d 4d]
Player6: wins $45.00
"""


def test_detects_the_export() -> None:
    assert detect(HAND) is PARSER


def test_parses_posts_raises_and_allin() -> None:
    (text,) = PARSER.split(HAND, "pt.txt")
    hand = PARSER.parse(text)
    assert (hand.site, hand.hand_id, hand.button) == ("Merge", "3047310402799", 1)
    assert (hand.small_blind, hand.big_blind) == (50, 100)
    # a dead blind of 1.50 is the small blind dead and the big blind live
    assert [(p.kind, p.chips) for p in hand.posts][-1] == (
        PostKind.SMALL_AND_BIG_BLINDS,
        150,
    )
    river = [a for a in hand.actions if a.street == 3]
    assert [(a.kind, a.chips) for a in river] == [
        (ActionKind.CHECK, 0),
        (ActionKind.BET, 575),
        (ActionKind.RAISE, 1725),
        # Player0 put 1.00 and 4.00 in before the river: all-in, his river
        # total is 121.76 - 1.00 - 4.00 = 116.76, a raise
        (ActionKind.RAISE, 11676),
    ]
    assert hand.returns_in_collected


def test_hand_with_a_call_agrees() -> None:
    text = HAND.replace("Player0: Allin $11.50", "Player0: Call $11.50")
    # pot 1.00 + 1.00 + 1.50 + 1.00 + 1.00 + 4.00 + 4.00 + 17.25 + 17.25 = 48.00;
    # the site pays 45.00 (rake 3.00, not printed)
    (result,) = replay_online_text(text, "pt.txt")
    assert result.outcome is Outcome.AGREES, result.message


SNG = "PokerTracker/tour/NLHE-USD-SNG-2-201111.Merge.txt"


def _sng_hand(hand_id: str) -> OnlineReplay:
    (result,) = [r for r in replay_real(SNG) if r.hand_id == hand_id]
    return result


def test_R_POT_3_merge_tournament_stacks_are_after_the_posts() -> None:
    # hand 4290961700035: Player2 prints 1,275 in chips, posts the 25 ante
    # and the 125 small blind and goes all-in for the 1,275 printed;
    # Player0 (big blind 250) calls 1,150 more: 1,400 each plus 9 antes is
    # the 3,025 the two split, 1,513 and 1,512 (the odd chip to Player2,
    # the small blind, first left of the button)
    result = _sng_hand("4290961700035")
    assert result.hand is not None
    stacks = {s.player: s.stack for s in result.hand.seats}
    assert (stacks["Player2"], stacks["Player0"]) == (1425, 8384)
    assert [(c.player, c.chips) for c in result.hand.collected] == [
        ("Player2", 1513),
        ("Player0", 1512),
    ]
    assert agrees(result), result.message


def test_merge_tournament_file_agrees() -> None:
    results = replay_real(SNG)
    assert [r.hand_id for r in results if not agrees(r)] == []
