"""Winning Poker Network text: parsing and replay.

Every expected amount is read off the printed text (hundredths of the
printed figures).
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from online_real_files import real_hand

from holdem.history.online import ActionKind, Outcome, detect, replay_online_text
from holdem.history.online.winning import _NUMBER, PARSER, _summary_seat

# Player4 posts 10 and raises 130 more (his Bets: 140); Player2 raises 60 and
# calls 80 more (Bets: 140); pot 300; the flop bet of 160 comes back
HAND = """\
Game started at: 2016/8/4 11:27:25

Game ID: 695301240 10/20 $5 Regular 9-Max, Table 1 (Hold'em)

Seat 3 is the button

Seat 2: Player2 (1490).

Seat 3: Player3 (1430).

Seat 4: Player4 (1450).

Seat 5: Player5 (1500).

Player Player4 has small blind (10)

Player Player5 has big blind (20)

Player Player3 received card: [9c]

Player Player3 received card: [2c]

Player Player2 received a card.

Player Player2 received a card.

Player Player2 raises (60)

Player Player3 folds

Player Player4 raises (130)

Player Player5 folds

Player Player2 calls (80)

*** FLOP ***: [2d Kc 6h]

Player Player4 bets (160)

Player Player2 folds

Uncalled bet (160) returned to Player4

Player Player4 mucks cards

------ Summary ------

Pot: 300

Board: [2d Kc 6h]

Player Player2 does not show cards.Bets: 140. Collects: 0. Loses: 140.

Player Player3 does not show cards.Bets: 0. Collects: 0. Wins: 0.

*Player Player4 mucks (does not show cards). Bets: 140. Collects: 300. Wins: 160.

Player Player5 does not show cards.Bets: 20. Collects: 0. Loses: 20.

Game ended at: 2016/8/4 11:28:25
"""


def test_detects_winning_text() -> None:
    assert detect(HAND) is PARSER


def test_raises_are_chips_added() -> None:
    (text,) = PARSER.split(HAND, "winning.txt")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button, hand.big_blind) == ("695301240", 3, 2000)
    pre = [(a.player, a.kind, a.chips) for a in hand.actions if a.street == 0]
    assert pre[0] == ("Player2", ActionKind.RAISE, 6000)
    assert pre[2] == ("Player4", ActionKind.RAISE, 14000)  # 10 + 130
    assert hand.uncalled == (("Player4", 16000),)
    assert (hand.total_pot, [c.chips for c in hand.collected]) == (30000, [30000])
    assert [str(c) for c in dict(hand.hole_cards)["Player3"]] == ["9c", "2c"]


def test_hand_agrees() -> None:
    (result,) = replay_online_text(HAND, "winning.txt")
    assert result.outcome is Outcome.AGREES, result.message


def test_a_corrupt_line_names_the_file_and_line() -> None:
    (result,) = replay_online_text(
        HAND.replace("folds\n\nPlayer Player4", "flops\n\nPlayer Player4"), "w.txt"
    )
    assert result.outcome is Outcome.UNREADABLE
    assert "w.txt" in result.message and "line 29" in result.message


def test_R_HISTORY_1_real_hand_naming_no_table_and_no_owner() -> None:
    # "Game ID: 1356882665 30/60  (Hold'em)" prints nothing where the table's
    # name goes, and every player "received a card." face down: the text
    # names neither the table nor whose history it is
    hand = real_hand(
        "Winning/tour/NLHE-NA-0-0 HH20190118 T9360380-G0-201901.txt", "1356882665"
    )
    assert (hand.table, hand.hero) == ("", None)


_SUMMARY_PARTS = ["Hero", " ", "shows", "mucks", "does not", "doesn't", "[", "]"]
_SUMMARY_PARTS += ["Ah Kd", ".", " Bets: 1. Collects: 2.", "Bets: 3. ", "Collects: 4."]


@given(
    st.sampled_from(["*Player ", "Player "]),
    st.lists(st.sampled_from([*_SUMMARY_PARTS, ": "])),
)
def test_summary_lines_are_read_as_the_plain_pattern_reads_them(
    head: str, parts: list[str]
) -> None:
    # the pattern the reader matched each summary line with before: the oracle
    line = head + "".join(parts)
    plain = re.compile(
        rf"^\*?Player (?P<player>.+?) (?P<what>shows|mucks|does not|doesn't).*?"
        rf"(?:\[(?P<cards>[^\]]*)\])?\.? ?Bets: (?P<bets>{_NUMBER})\. "
        rf"Collects: (?P<collects>{_NUMBER})\."
    )
    expected = plain.match(line)
    assert _summary_seat(line) == (
        expected and (expected["player"], expected["cards"], expected["collects"])
    )
