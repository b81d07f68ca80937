# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""OnGame text: parsing and replay on a hand written here.

Every expected amount is read off the printed text.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.ongame import _SUMMARY_SEAT, _WINNER, PARSER, _winners

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


def test_seat_lines_split_as_the_seat_pattern_reads_them() -> None:
    # the oracle: _SEAT, the regular expression the split stands in for
    from holdem.history.online.ongame import _SEAT, _seat

    for line in (
        "Seat 1: Player2 ($10)",
        "Seat 7: player4 (34.70)",
        "Seat 3: Mr (Big) Fish (1,500)",
        "Seat 3: A (B) (C)",
        "Seat 2: Player3 (€ 10)",
        "Seat 2: Player3 ($10) ",
        "Seat 2: (1)",
        "Seat x: Player3 ($10)",
        "Seat 12: x (1.2.3)",
    ):
        found = _SEAT.match(line)
        expected = None if found is None else found.group("seat", "player", "stack")
        assert _seat(line) == expected, line


def test_plain_and_other_amounts_read_alike() -> None:
    # the same hand with its actions' amounts in other forms: the same chips
    plain = PARSER.parse(PARSER.split(HAND, "")[0])
    other = HAND.replace("calls $0.10", "calls $0.10 [all in]").replace(
        "bets $0.10", "bets  $0.10"
    )
    hand = PARSER.parse(PARSER.split(other, "")[0])
    assert [(a.kind, a.chips) for a in hand.actions] == [
        (a.kind, a.chips) for a in plain.actions
    ]
    assert [a.chips for a in plain.actions] == [10, 5, 0, 10, 10, 0, 10, 0]


@given(st.lists(st.sampled_from(["Hero", " ", "(", ")", "3.25", ",", "$1", "x"])))
def test_winners_are_the_winner_patterns_matches(parts: list[str]) -> None:
    # the pattern's own finditer is the oracle
    won = "".join(parts)
    assert [m.span() for m in _winners(won)] == [
        m.span() for m in _WINNER.finditer(won)
    ]


@given(st.lists(st.sampled_from(["Seat 1: ", "Hero", " ", "(", ")", "[", "]", "Kd"])))
def test_summary_seats_are_read_as_the_plain_pattern_reads_them(
    parts: list[str],
) -> None:
    # the pattern before the atomic group and the end bound: the oracle
    line = "Seat 1: " + "".join(parts)
    plain = re.compile(r"^Seat \d+: (?P<player>.+?) \(.*\[(?P<cards>[^\]]*)\]")
    found = _SUMMARY_SEAT.match(line, 0, line.rfind("]") + 1)
    expected = plain.match(line)
    assert (found and found.groupdict()) == (expected and expected.groupdict())
