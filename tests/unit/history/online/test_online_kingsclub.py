"""KingsClub text, on its real files read in place.

Every expected amount is read off the printed text (money in cents).
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from online_real_files import agrees, only_hand, replay_real

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.kingsclub import PARSER, _wins
from holdem.history.online.text import MONEY
from holdem.rules.config import Structure


def test_every_kingsclub_hand_agrees() -> None:
    for name in (
        "LHE-USD-40-80-202012.txt",
        "NLHE-USD-125-250-202012.multi.pot.txt",
        "NLHE-USD-5-10-202101.txt",
    ):
        (result,) = replay_real(f"KingsClub/cash/{name}")
        assert agrees(result), result.message


def test_R_FL_1_limit_stakes_are_the_small_and_big_bets() -> None:
    # "Limit Holdem - 40/80", "Rake 1", "Player0 wins pot (399)", and
    # Player0's last bet of 80 uncalled: "Seat 1: Player0 (999) +199"
    hand, _ = only_hand("KingsClub/cash/LHE-USD-40-80-202012.txt")
    assert hand.structure is Structure.FIXED_LIMIT
    assert (hand.small_blind, hand.big_blind, hand.big_bet) == (2000, 4000, 8000)
    assert hand.rake == 100
    assert [(c.player, c.chips) for c in hand.collected] == [("Player0", 39900 + 8000)]


def test_R_POT_2_side_pot_left_out_of_wins_line_is_read_from_the_nets() -> None:
    # "Player2 wins pot (1,350)" is the main pot only; "Seat 3: Player2
    # (12,925) +2,925" after putting in 50 + 625 + 1,200 + 3,333 (uncalled)
    hand, result = only_hand("KingsClub/cash/NLHE-USD-125-250-202012.multi.pot.txt")
    assert agrees(result), result.message
    assert [(p.player, p.kind, p.chips) for p in hand.posts][:1] == [
        ("Player0", PostKind.ANTE, 5000)
    ]
    assert {c.player: c.chips for c in hand.collected} == {
        "Player2": (2925 + 50 + 625 + 1200 + 3333) * 100
    }
    assert hand.actions[2].is_all_in  # "Player0 calls 275, and is all in"


HAND = """\
#39969377: No Limit Holdem - 5/10
2021-01-02 15:49:35
Table '8 Game Mix' Seat 6 is the button
Seat 1: Player0 (860.38)
Seat 6: Hero (1,000)
Hero: posts the small blind 5
Player0: posts the big blind 10
*** HOLE CARDS ***
Dealt to Hero: [Kd 8s]
Hero {verb} to 25
Player0 folds
*** SUMMARY ***
Seat 1: Player0 (850.38) -10
Seat 6: Hero (1,010) +10
Rake 0
Hero wins pot (20)
"""


def test_corrupt_line_names_file_hand_and_line_and_the_file_goes_on() -> None:
    text = HAND.format(verb="raisse") + HAND.format(verb="raises")
    assert detect(text) is PARSER
    first, second = replay_online_text(text, "kings.txt")
    assert first.outcome is Outcome.UNREADABLE
    assert "kings.txt" in first.message and "#39969377" in first.message
    assert "line 10" in first.message
    assert agrees(second), second.message


def test_R_POT_1_wins_line_stands_in_where_no_nets_are_printed() -> None:
    text = "\n".join(
        line
        for line in HAND.format(verb="raises").splitlines()
        if not line.startswith("Seat 1: Player0 (850") and "(1,010)" not in line
    )
    (result,) = replay_online_text(text, "kings.txt")
    assert result.hand is not None
    assert [(c.player, c.chips) for c in result.hand.collected] == [("Hero", 2000)]
    assert agrees(result), result.message


_WINS_PARTS = ["Player0", " wins ", " ", "pot", "(", ")", "(399)", " (1)", "$1", "x"]


@given(st.lists(st.sampled_from([*_WINS_PARTS, "wins", " (2.50)"])))
def test_wins_lines_are_read_as_the_plain_pattern_reads_them(parts: list[str]) -> None:
    # the pattern the reader matched each line with before: the oracle
    line = "".join(parts)
    plain = re.compile(rf"^(?P<player>.+?) wins (?P<pot>.*?) \((?P<chips>{MONEY})\)$")
    expected = plain.match(line)
    assert _wins(line) == (
        expected and (expected["player"], expected["pot"], expected["chips"])
    )
