# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""Everest Poker text as PokerTracker exports it: parsing and replay.

Every expected amount is read off the printed text (cents).
"""

from __future__ import annotations

from holdem.history.online import (
    Outcome,
    PostKind,
    Reason,
    detect,
    replay_online_text,
)
from holdem.history.online.everest import PARSER

HAND = """\
EverestPoker Game #6450768434: Table Moroni-1 - $0.50/$1 - No Limit Hold'em - 22:33:12 - 2011/01/02
Seat 1: Player14 ($94.15)
Seat 6: Player16 ($106.70)
Seat 7: Player28 ($110.70)
Seat 8: Player9 ($76.88)
Seat 9: Player13 ($100.00)
Player9 posts the small blind of $0.50
Player13 posts the big blind of $1.00
Player14 posts the dead blind of $0.50
Player14 posts $1.00
The button is in seat #7
*** HOLE CARDS ***
Dealt to Player13 [5d 3c]
Player14 checks
Player16 calls $1.00
Player28 raises to $5.50
Player9 folds
Player13 folds
Player14 folds
Player16 calls $4.50
*** FLOP *** [Ks 5s 6c]
Player16 checks
Player28 bets $7.00
Player16 folds
Uncalled bet of $7.00 returned to Player28
*** SUMMARY ***
Player28 collects $13.35
"""


def test_detects_everest_text() -> None:
    assert detect(HAND) is PARSER


def test_parses_posts_actions_and_collected_in_cents() -> None:
    (text,) = PARSER.split(HAND, "everest.txt")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button, hand.site) == ("6450768434", 7, "Everest")
    assert (hand.small_blind, hand.big_blind) == (50, 100)
    assert hand.seats[0].stack == 9415
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Player9", PostKind.SMALL_BLIND, 50),
        ("Player13", PostKind.BIG_BLIND, 100),
        ("Player14", PostKind.DEAD_SMALL_BLIND, 50),
        ("Player14", PostKind.BIG_BLIND, 100),
    ]
    assert hand.actions[2].chips == 550  # raises to $5.50
    assert hand.uncalled == (("Player28", 700),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player28", 1335)]
    assert len(hand.board) == 3


def test_hand_agrees() -> None:
    # pot: 0.50 + 1.00 + 0.50 dead + 1.00 + 5.50 + 5.50 = 14.00, less a rake
    # the site does not print; the $7.00 bet comes back uncalled
    (result,) = replay_online_text(HAND, "everest.txt")
    assert result.outcome is Outcome.AGREES, result.message


def test_a_disconnected_player_left_in_is_not_supported() -> None:
    text = HAND.replace(
        "Player16 checks\nPlayer28 bets",
        "Player16 has been disconnected, and is allin\nPlayer28 bets",
    )
    (result,) = replay_online_text(text, "everest.txt")
    assert (result.outcome, result.reason) == (Outcome.DIFFERS, Reason.NOT_SUPPORTED)


def test_a_corrupt_line_names_the_file_hand_and_line() -> None:
    text = HAND.replace("Player9 folds", "Player9 flips") + "\n" + HAND
    first, second = replay_online_text(text, "everest.txt")
    assert first.outcome is Outcome.UNREADABLE
    assert "everest.txt" in first.message and "line 17" in first.message
    assert "6450768434" in first.message
    assert second.outcome is Outcome.AGREES
