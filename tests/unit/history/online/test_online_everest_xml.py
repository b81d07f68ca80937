"""Everest Poker's XML records, on the real files read in place.

Every expected amount is read off the records (cents; tournament
hundredths, as the records print them).
"""

from __future__ import annotations

from online_real_files import agrees, only_hand, real_hand, stars_hand

from holdem.cards import parse_cards
from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.everest_xml import PARSER
from holdem.rules.config import Structure


def test_R_BET_7_limit_push_is_the_uncalled_bet_and_lone_blind_is_big() -> None:
    # <BLIND position="2" amount="2"/> alone (seat 2 empty);
    # <PUSH position="2" amount="2"/>; <WIN position="2" amount="8"/>
    hand, result = only_hand("Everest/cash/LHE-USD-0.02-0.04-201204.txt")
    assert agrees(result), result.message
    assert hand.structure is Structure.FIXED_LIMIT
    assert (hand.big_blind, hand.big_bet) == (2, 4)
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Hero", PostKind.BIG_BLIND, 2)
    ]
    assert hand.uncalled == (("Hero", 2),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Hero", 8)]
    assert dict(hand.hole_cards)["Hero"] == parse_cards("Jh Jd")
    assert hand.board == parse_cards("Td Ts Kd")


def test_R_BET_7_raise_returned_over_the_last_call() -> None:
    # pos 9 BET 250, pos 0 BET 750, all fold: <PUSH position="0" amount="500"/>
    hand, result = only_hand("Everest/cash/NLHE-USD-0.50-1.00-201203.txt")
    assert agrees(result), result.message
    assert hand.button == 2  # <DEALER position="1"/>
    assert hand.uncalled == (("Player1", 500),)
    assert (hand.total_pot, hand.rake) == (650, 0)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player1", 650)]


def test_decimal_comma_stakes_and_a_seat_that_does_not_post() -> None:
    # blinds="0,01 €/0,02 €"; <XBLIND position="3"/>
    hand, result = only_hand(
        "Everest/cash/NLHE-EUR-0.01-0.02-201104.Sample.emailed.txt"
    )
    assert agrees(result), result.message
    assert (hand.small_blind, hand.big_blind) == (1, 2)
    assert "Player4" not in {a.player for a in hand.actions}
    assert [(c.player, c.chips) for c in hand.collected] == [("Player2", 10)]


def test_R_ANTE_1_tournament_antes_and_all_in() -> None:
    # blinds="1 750/3 500"; eight ANTE of 35000; WIN amount="1467400"
    hand, result = only_hand("Everest/tour/NLHE-EUR-MTT-201207.space.delimiter.txt")
    assert agrees(result), result.message
    assert hand.is_tournament
    assert (hand.small_blind, hand.big_blind) == (175000, 350000)
    antes = [p.chips for p in hand.posts if p.kind is PostKind.ANTE]
    assert antes == [35000] * 8
    assert [(c.player, c.chips) for c in hand.collected] == [("Player2", 1467400)]


def test_R_FL_1_new_level_blinds_as_posted() -> None:
    hand, result = only_hand("Everest/tour/LHE-play-STT-201110.new.level.txt")
    assert agrees(result), result.message
    blinds = [(p.kind, p.chips) for p in hand.posts]
    assert blinds == [(PostKind.SMALL_BLIND, 1000), (PostKind.BIG_BLIND, 2000)]
    assert [(c.player, c.chips) for c in hand.collected] == [("Player8", 35000)]


HAND = """\
<SESSION time="1331809137" tableName="Moroni-1" id="1454.109.133" type="ring" \
money="$" screenName="Player3" game="hold-em" gametype="no-limit"/>
<HAND time="1331809153" id="7456671620" index="0" blinds="$0.50/$1" stakes="$0.50/$1">
  <SEAT position="0" name="Player1" balance="11410"/>
  <SEAT position="1" name="Player5" balance="5314"/>
  <SEAT position="2" name="Player2" balance="2650"/>
  <DEALER position="0"/>
  <BLIND position="1" amount="50" penalty="0"/>
  <BLIND position="2" amount="100" penalty="0"/>
  <{verb} position="0"/>
  <FOLD position="1"/>
  <PUSH position="2" amount="50"/>
  <SWEEP rake="0" tax="0">100</SWEEP>
  <WIN position="2" amount="100" pot="0" potAmount="100"/>
</HAND>
"""


def test_corrupt_line_names_file_hand_and_line_and_the_file_goes_on() -> None:
    text = HAND.format(verb="FLOD") + HAND.format(verb="FOLD").split("\n", 1)[1]
    assert detect(text) is PARSER
    first, second = replay_online_text(text, "everest.xml")
    assert first.outcome is Outcome.UNREADABLE
    assert "everest.xml" in first.message and "line 9" in first.message
    assert agrees(second), second.message


# Only the history owner's HOLE cards are known, the others' print "--"
# (R-HISTORY-1); the session's tableName names the table.
KITWE = "Everest/cash/LHE-USD-0.02-0.04-201204.txt"


def test_R_HISTORY_1_real_hand_names_its_table_and_hero() -> None:
    # tableName="Kitwe-5"; position 2 (Hero) is dealt Jh and Jd
    hand = real_hand(KITWE, "7526266449")
    assert (hand.table, hand.hero) == ("Kitwe-5", "Hero")
    # screenName="Player7" names no seat of this hand; the cards shown at the
    # deal are those of position 2, Hero (5c, Ah)
    tour = real_hand(
        "Everest/tour/NLHE-EUR-MTT-201207.space.delimiter.txt", "7653077769"
    )
    assert (tour.table, tour.hero) == ("52919861-3", "Hero")


def test_R_HISTORY_1_real_hand_converts_with_the_hero_cards() -> None:
    assert "Dealt to Hero [Jh Jd]" in stars_hand(KITWE, "7526266449")


def test_each_hand_is_read_with_the_last_session_before_it() -> None:
    text = "\n".join(
        [
            '<SESSION tableName="A" type="ring"/>',
            '<HAND time="1" id="1">',
            "</HAND>",
            '<HAND time="2" id="2">',
            "</HAND>",
            "",
            '<SESSION tableName="B" type="ring"/>',
            '<HAND time="3" id="3">',
            "</HAND>",
        ]
    )
    hands = PARSER.split(text, "f.xml")
    # (the line before the hand's, the session line, the hand's first line)
    a, b = (
        '<SESSION tableName="A" type="ring"/>',
        '<SESSION tableName="B" type="ring"/>',
    )
    assert [(hand.line, hand.lines[0], hand.lines[1]) for hand in hands] == [
        (1, a, '<HAND time="1" id="1">'),
        (3, a, '<HAND time="2" id="2">'),
        (7, b, '<HAND time="3" id="3">'),
    ]


def test_a_hand_before_any_session_has_an_empty_session_line() -> None:
    text = '<HAND time="1" id="1">\n</HAND>\n<SESSION tableName="A"/>\n'
    (hand,) = PARSER.split(text, "")
    assert hand.lines == ("", '<HAND time="1" id="1">', "</HAND>")
    assert hand.line == 0
