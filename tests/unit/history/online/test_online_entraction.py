"""Entraction text, on the real files read in place.

Every expected amount is read off the printed text (cents; tournament chips).
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from online_real_files import agrees, only_hand, real_hand, stars_hand

from holdem.cards import parse_cards
from holdem.history.online import Outcome, PostKind, Reason, detect, replay_online_text
from holdem.history.online.entraction import _BLIND, _BLIND_BLANK, _SEAT, PARSER
from holdem.history.online.text import MONEY


def test_R_BET_7_payback_is_the_uncalled_bet_and_dealt_name_case_is_ignored() -> None:
    # "hero was dealt: 4c - 5c"; "Player1 All-In (4.32)", "Payback (4.12)"
    hand, result = only_hand(
        "Entraction/cash/NLHE-EUR-0.10-0.20-201009.lowercase.hero.txt"
    )
    assert agrees(result), result.message
    assert dict(hand.hole_cards)["Hero"] == parse_cards("4c 5c")
    assert hand.uncalled == (("Player1", 412),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player1", 50)]
    assert hand.rake == 0


def test_R_ANTE_1_tournament_antes_raise_and_payback() -> None:
    hand, result = only_hand("Entraction/tour/NLHE-EUR-MTT-201206.ante.txt")
    assert agrees(result), result.message
    assert hand.is_tournament
    assert [p.chips for p in hand.posts if p.kind is PostKind.ANTE] == [20] * 8
    assert hand.uncalled == (("Player4", 580),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player4", 1160)]


def test_walk_in_a_sit_and_go() -> None:
    hand, result = only_hand("Entraction/tour/NLHE-EUR-STT-10-201206.txt")
    assert agrees(result), result.message
    assert hand.uncalled == (("Player2", 25),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player2", 50)]


def test_R_TABLE_2_heads_up_dealer_posting_the_big_blind_is_not_our_rule() -> None:
    # "Dealer: Player0" posts the big blind and acts last after the flop:
    # heads-up our button posts the small blind (R-TABLE-2)
    hand, result = only_hand("Entraction/cash/LHE-HU-EUR-10-20-201103.txt")
    assert (hand.small_blind, hand.big_blind, hand.big_bet) == (500, 1000, 2000)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player0", 5925)]
    assert (hand.rake, hand.uncalled) == (75, (("Player0", 1000),))
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.OUR_RULES


HAND = """\
Game # 2662867624 - Texas Hold'em No Limit 25/50 - Table "Sit & Go 12713943 1"

Players(max 6):
Player1                     (2,757.00 in seat 2)
Hero                        (1,150.00 in seat 3)
Player2                     (1,445.00 in seat 5)

Dealer:                     Player1
Small Blind:                Hero     (25.00)
Big Blind:                  Player2  (50.00)

Player1                     {verb}
Hero                        Fold
Player2                     Payback     (25.00)

Player2 wins:            50.00

Game ended 2012-06-19 22:45:51 BST
"""


def test_corrupt_line_names_file_hand_and_line_and_the_file_goes_on() -> None:
    text = HAND.format(verb="Flod") + HAND.format(verb="Fold")
    assert detect(text) is PARSER
    first, second = replay_online_text(text, "entraction.txt")
    assert first.outcome is Outcome.UNREADABLE
    assert "entraction.txt" in first.message and "2662867624" in first.message
    assert "line 12" in first.message
    assert agrees(second), second.message


# 'NAME was dealt:' names the history's owner (R-HISTORY-1), whatever case
# the room prints the name in; the header's Table "NAME" the table.
LOWER = "Entraction/cash/NLHE-EUR-0.10-0.20-201009.lowercase.hero.txt"


def test_R_HISTORY_1_real_hand_names_its_table_and_hero() -> None:
    # 'hero was dealt:  4c - 5c' for the seat 'Hero'; Table "Tranemo"
    hand = real_hand(LOWER, "1850568849")
    assert (hand.table, hand.hero) == ("Tranemo", "Hero")


def test_R_HISTORY_1_real_hand_converts_with_the_hero_cards() -> None:
    lines = stars_hand(LOWER, "1850568849")
    assert "Table 'Tranemo' Seat #6 is the button" in lines
    assert "Dealt to Hero [4c 5c]" in lines


_PARTS = [
    " ",
    "  ",
    "\t",
    "(",
    ")",
    "5",
    "1.5",
    "USD ",
    "in seat 3",
    " in seat 2)",
    "x",
]


def _groups(found: re.Match[str] | None) -> object:
    return found and (found.groupdict(), found.span())


@given(st.lists(st.sampled_from(_PARTS), max_size=8))
def test_seat_and_blind_lines_are_read_as_the_plain_patterns_read_them(
    parts: list[str],
) -> None:
    # the patterns before the lookbehinds and possessive blanks: the oracles
    # (on stripped lines, as the reader gets them)
    seat = re.compile(
        rf"^(?P<player>.+?)\s+\((?:[A-Z]{{3}} )?(?P<stack>{MONEY}) in seat"
        r" (?P<seat>\d+)\)$"
    )
    blind = re.compile(
        rf"^(?P<which>Small|Big) Blind:\s+(?P<rest>.+?)\s+\((?P<chips>{MONEY})\)$"
    )
    line = "".join(parts).strip()
    assert _groups(_SEAT.match(line)) == _groups(seat.match(line))
    line = ("Big Blind:" + "".join(parts)).strip()
    found = _BLIND.match(line) or _BLIND_BLANK.match(line)
    assert _groups(found) == _groups(blind.match(line))


def test_a_blind_line_with_only_blanks_before_its_amount() -> None:
    found = _BLIND.match("Big Blind:   (10.00)") or _BLIND_BLANK.match(
        "Big Blind:   (10.00)"
    )
    assert found is not None
    assert (found["rest"], found["chips"]) == (" ", "10.00")
