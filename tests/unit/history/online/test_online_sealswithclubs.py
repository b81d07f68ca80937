"""Seals With Clubs text, on its real files read in place.

Every expected amount is read off the printed text (hundredths).
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from online_real_files import agrees, only_hand

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.sealswithclubs import PARSER, _game_line
from holdem.history.online.text import MONEY
from holdem.rules.config import Structure

CASH = "SealsWithClubs/cash"


def test_R_TABLE_6_small_and_big_blind_post_refund_win_and_rake() -> None:
    # "Player4 posts small & big blind 1.50", "Player4 refunded 4",
    # "Player4 wins Pot (6.83)", "Rake (0.17)"
    hand, result = only_hand(f"{CASH}/NLHE-6max-mBTC-0.50-1.00-201304.post.both.txt")
    assert agrees(result), result.message
    assert ("Player4", PostKind.SMALL_AND_BIG_BLINDS, 150) in [
        (p.player, p.kind, p.chips) for p in hand.posts
    ]
    assert hand.uncalled == (("Player4", 400),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player4", 683)]
    assert hand.rake == 17
    assert hand.button == 3  # "Player2 has the dealer button", seat 3


def test_R_FL_1_limit_stakes_and_showdown() -> None:
    # "Limit Hold'em (40 - 1000000) - Stakes 2/4"; "Hero wins Pot (11.70)"
    hand, result = only_hand(f"{CASH}/LHE-6max-mBTC-2.00-4.00-201305.txt")
    assert agrees(result), result.message
    assert hand.structure is Structure.FIXED_LIMIT
    assert (hand.small_blind, hand.big_blind, hand.big_bet) == (100, 200, 400)
    assert [(c.player, c.chips) for c in hand.collected] == [("Hero", 1170)]
    assert hand.rake == 30
    assert dict(hand.hole_cards)["Player0"] is not None


def test_R_BET_7_heads_up_walk_refunds_the_big_blind_excess() -> None:
    hand, result = only_hand(f"{CASH}/NLHE-2max-mBTC-15-30-201310.txt")
    assert agrees(result), result.message
    assert hand.uncalled == (("Hero11", 1500),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Hero11", 3000)]


def test_sitting_out_seat_is_marked_and_the_hand_agrees() -> None:
    hand, result = only_hand(f"{CASH}/NLHE-6max-mBTC-0.50-1.00-201310.sitting.out.txt")
    assert agrees(result), result.message
    assert [s.player for s in hand.seats if s.is_sitting_out] == ["Player2"]


HAND = """\
Hand #11442832-1 - 2013-10-31 07:53:57
Game: NL Hold'em (600 - 3000) - Blinds 15/30
Site: Seals With Clubs
Table: NLHE HU 15/30 #2
Seat 1: Hero11 (1346.42)
Seat 2: Villian (2798.10)
Villian has the dealer button
Villian posts small blind 15
Hero11 posts big blind 30
** Hole Cards **
Villian {verb}
Hero11 refunded 15
Hero11 wins Pot (30)
Rake (0)
"""


def test_corrupt_line_names_file_hand_and_line_and_the_file_goes_on() -> None:
    text = HAND.format(verb="fodls") + HAND.format(verb="folds")
    assert detect(text) is PARSER
    first, second = replay_online_text(text, "seals.txt")
    assert first.outcome is Outcome.UNREADABLE
    assert "seals.txt" in first.message and "#11442832-1" in first.message
    assert "line 11" in first.message
    assert agrees(second), second.message


@given(
    st.lists(
        st.sampled_from(
            [
                "NL Hold'em",
                " ",
                "(",
                ")",
                "6 max",
                "- ",
                "Blinds ",
                "Stakes ",
                "1/2",
                "x",
            ]
        )
    )
)
def test_game_lines_are_read_as_the_plain_pattern_reads_them(parts: list[str]) -> None:
    # the pattern the reader matched the game line with before: the oracle
    line = "Game: " + "".join(parts)
    plain = re.compile(
        rf"^Game: (?P<game>.*?) (?:\(.*?\) )?- (?P<what>Blinds|Stakes)"
        rf" (?P<small>{MONEY})/(?P<big>{MONEY})"
    )
    expected = plain.match(line)
    read = _game_line(line)
    assert (read and (read[0], read[1].groupdict(), read[1].end())) == (
        expected
        and (
            expected["game"],
            {k: expected[k] for k in ("what", "small", "big")},
            expected.end(),
        )
    )
