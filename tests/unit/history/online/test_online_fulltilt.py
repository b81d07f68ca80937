# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""Full Tilt Poker text: parsing and replay on a hand written here.

Every expected amount is read off the printed text.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.fulltilt import PARSER, _folded_seat

HAND = """\
Full Tilt Poker Game #31493005893: $26 Super Turbo Matrix (244669447), Match 1 - 15/30 - No Limit Hold'em - 09:20:06 EET - 2012/11/23 [02:20:06 ET - 2012/11/23]
Seat 1: Hero (300)
Seat 2: Player4 (300)
Seat 3: Player2 (300)
Seat 4: Player3 (300)
Seat 5: Player1 (300)
Seat 6: Player0 (300)
Hero posts the small blind of 15
Player4 posts the big blind of 30
The button is in seat #6
*** HOLE CARDS ***
Dealt to Hero [As 4d]
Player2 folds
Player3 folds
Player1 folds
Player0 raises to 300, and is all in
Hero folds
Player4 folds
Uncalled bet of 270 returned to Player0
Player0 mucks
Player0 wins the pot (75)
*** SUMMARY ***
Total pot 75 | Rake 0
Seat 6: Player0 (button) collected (75), mucked
"""


def test_detects_full_tilt_text() -> None:
    assert detect(HAND) is PARSER


def test_parses_posts_raise_and_results() -> None:
    (text,) = PARSER.split(HAND, "ft.txt")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button, hand.is_tournament) == ("31493005893", 6, True)
    assert (hand.small_blind, hand.big_blind) == (15, 30)
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Hero", PostKind.SMALL_BLIND, 15),
        ("Player4", PostKind.BIG_BLIND, 30),
    ]
    raise_ = hand.actions[3]
    assert (raise_.player, raise_.chips, raise_.is_all_in) == ("Player0", 300, True)
    assert hand.uncalled == (("Player0", 270),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player0", 75)]
    assert (hand.total_pot, hand.rake) == (75, 0)


def test_hand_agrees() -> None:
    (result,) = replay_online_text(HAND, "ft.txt")
    assert result.outcome is Outcome.AGREES


@given(
    st.lists(
        st.sampled_from(
            ["Hero", " ", "(", ")", "button", "folded ", "on the Flop", "x", "Seat 2: "]
        )
    )
)
def test_summary_folds_are_read_as_the_plain_pattern_reads_them(
    parts: list[str],
) -> None:
    # the pattern the reader matched each summary line with before: the oracle
    line = "Seat 1: " + "".join(parts)
    plain = re.compile(
        r"^Seat \d+: (?P<player>.+?) (?:\([^)]*\) )?folded"
        r" (?P<street>before the Flop|on the Flop|on the Turn|on the River)"
    )
    expected = plain.match(line)
    assert _folded_seat(line) == (expected and (expected["player"], expected["street"]))


def test_summary_folds_read_from_real_lines() -> None:
    # lines as Full Tilt prints them (the summary of a hand cut short)
    assert _folded_seat("Seat 2: Player4 (big blind) folded before the Flop") == (
        "Player4",
        "before the Flop",
    )
    assert _folded_seat("Seat 3: Player2 folded on the Turn") == (
        "Player2",
        "on the Turn",
    )
    assert _folded_seat("Seat 6: Player0 (button) collected (75), mucked") is None
