"""The Winning Poker Network's ``Hand #`` text, on its real files read in place.

Every expected amount is read off the printed text (cents; tournament chips).
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from online_real_files import agrees, only_hand

from holdem.history.online import Outcome, PostKind, Reason, detect, replay_online_text
from holdem.history.online.text import MONEY
from holdem.history.online.winning_stars import _WON, PARSER

CASH = "Winning/cash/NLHE-9max-USD-0.02-0.05-202104"
TOUR = "Winning/tour/NLHE-9max-NA-0-0-201907.SCHEDULEDID-TN-The Venom"


def test_R_TABLE_6_dead_post_of_both_blinds_replays_and_collects() -> None:
    # "Player8 posts dead $0.07" at $0.02/$0.05: both blinds, the small dead
    hand, result = only_hand(f"{CASH}.post.dead.txt")
    assert agrees(result), result.message
    assert (hand.small_blind, hand.big_blind, hand.button) == (2, 5, 5)
    assert ("Player8", PostKind.SMALL_AND_BIG_BLINDS, 7) in [
        (p.player, p.kind, p.chips) for p in hand.posts
    ]
    assert [(c.player, c.chips) for c in hand.collected] == [("Player8", 17)]
    assert hand.total_pot == 17
    assert [s.player for s in hand.seats if s.is_sitting_out] == ["Player1", "Player5"]


def test_R_BET_7_walk_is_collected_from_the_summary() -> None:
    # no "collected" line: "Seat 7: Player5 did not show and won $0.07"
    hand, result = only_hand(f"{CASH}.walk.txt")
    assert agrees(result), result.message
    assert [(c.player, c.chips) for c in hand.collected] == [("Player5", 7)]


def test_R_BET_7_tournament_uncalled_raise_returned() -> None:
    hand, result = only_hand(f"{TOUR} - $5,000,000 GTD - Day 1C GAMETYPE.txt")
    assert agrees(result), result.message
    assert hand.is_tournament
    assert (hand.small_blind, hand.big_blind) == (250, 500)
    assert hand.uncalled == (("Player7", 3805),)
    assert hand.total_pot == 1585
    assert [(c.player, c.chips) for c in hand.collected] == [("Player7", 1585)]


def test_R_POT_1_capped_table_counts_jackpot_fee_as_rake_and_is_not_dealt() -> None:
    # "Total pot $1.19 | Rake $0.04 | JP Fee $0.02"; "Player5 caps $0.55"
    hand, result = only_hand(
        "Winning/cash/NLHE-9max-USD-0.01-0.02-201911.CASHID-TN-Miramar (Cap)"
        " GAMETYPE.txt"
    )
    assert (hand.total_pot, hand.rake) == (119, 6)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player3", 119)]
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.NOT_SUPPORTED


HAND = """\
Hand #784373412 - Holdem(No Limit) - $0.02/$0.05 - 2021/04/20 18:33:50 UTC
Fort Lupton 9-max Seat #5 is the button
Seat 4: Player2 ($5.00)
Seat 5: Player3 ($3.14)
Seat 6: Player4 ($1.53)
Seat 7: Player5 ($5.03)
Player4 posts the small blind $0.02
Player5 posts the big blind $0.05
*** HOLE CARDS ***
Player2 folds
Player3 {verb}
Player4 folds
Player5 does not show
*** SUMMARY ***
Total pot $0.07
Seat 7: Player5 did not show and won $0.07
"""


def test_corrupt_line_names_file_hand_and_line_and_the_file_goes_on() -> None:
    text = HAND.format(verb="flods") + "\n" + HAND.format(verb="folds")
    assert detect(text) is PARSER
    first, second = replay_online_text(text, "winning.txt")
    assert first.outcome is Outcome.UNREADABLE
    assert "winning.txt" in first.message
    assert "Hand #784373412" in first.message
    assert "line 11" in first.message
    assert agrees(second), second.message


def test_chat_and_table_lines_inform_and_change_nothing() -> None:
    text = HAND.format(verb="folds").replace(
        "Player4 folds\n",
        'Player4 folds\nPlayer2 said, "nh"\nPlayer3 has timed out\nPlayer2 leaves\n',
    )
    (result,) = replay_online_text(text, "winning.txt")
    assert agrees(result), result.message


def test_run_it_twice_is_counted_as_not_supported() -> None:
    text = HAND.format(verb="calls $0.05").replace(
        "Player4 folds\n",
        "Player4 folds\n*** FIRST FLOP *** [5s 3s 3c]\n"
        "*** SECOND FLOP *** [Ah Kd 2c]\n",
    )
    (result,) = replay_online_text(text, "winning.txt")
    assert result.outcome is Outcome.DIFFERS
    assert (result.reason, result.message) == (Reason.NOT_SUPPORTED, "run it twice")


@given(st.lists(st.sampled_from(["Hero", " ", "won", " won ", "$1", "(", "x", "5"])))
def test_winnings_are_read_as_the_plain_pattern_reads_them(parts: list[str]) -> None:
    # the pattern before the atomic group: the oracle
    line = "Seat 1: " + "".join(parts)
    plain = re.compile(rf"^Seat \d+: (?P<player>.+?) .*\bwon (?P<chips>{MONEY})")
    found, expected = _WON.match(line), plain.match(line)
    assert (found and found.groupdict()) == (expected and expected.groupdict())
