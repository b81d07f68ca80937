# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""PokerStars-style text: parsing and replay on small hands written here.

Every expected amount is read off the printed text of the snippet (cents for
cash games, chips for tournaments).
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from holdem.cards import Card
from holdem.history.online import (
    ActionKind,
    Collected,
    Outcome,
    PostKind,
    Reason,
    detect,
    replay_online_text,
)
from holdem.history.online.pokerstars import _INFO, PARSER, _is_info
from holdem.history.online.text import HandText
from holdem.rules.config import Structure

RAKED = """\
PokerStars Game #35824150484:  Hold'em No Limit ($0.05/$0.10 USD) - 2009/11/25 6:22:38 ET
Table 'May IV' 6-max Seat #1 is the button
Seat 1: Player1 ($9.45 in chips)
Seat 2: Player4 ($2.45 in chips)
Seat 3: Player2 ($7 in chips)
Seat 4: Player3 ($10.10 in chips)
Seat 5: Player5 ($6 in chips)
Seat 6: Hero ($9.85 in chips)
Player4: posts small blind $0.05
Player2: posts big blind $0.10
Player5: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [9d 3c]
Player3: raises $0.30 to $0.40
Player5: calls $0.30
Hero: folds
Player1: folds
Player4: raises $2.05 to $2.45 and is all-in
Player2: folds
Player3: folds
Player5: calls $2.05
*** FLOP *** [2h Ac Qd]
*** TURN *** [2h Ac Qd] [4c]
*** RIVER *** [2h Ac Qd 4c] [Js]
*** SHOW DOWN ***
Player4: shows [5d 5s] (a pair of Fives)
Player5: shows [Jd Qs] (two pair, Queens and Jacks)
Player5 collected $5.15 from pot
*** SUMMARY ***
Total pot $5.40 | Rake $0.25
Board [2h Ac Qd 4c Js]
Seat 2: Player4 (small blind) showed [5d 5s] and lost with a pair of Fives
Seat 5: Player5 showed [Jd Qs] and won ($5.15) with two pair, Queens and Jacks
"""

UNCALLED = """\
PokerStars Game #35824118297:  Hold'em No Limit ($0.05/$0.10 USD) - 2009/11/25 6:21:05 ET
Table 'May IV' 6-max Seat #3 is the button
Seat 1: Player1 ($9.60 in chips)
Seat 3: Player2 ($6.60 in chips)
Seat 4: Player3 ($10 in chips)
Seat 6: Hero ($10 in chips)
Player3: posts small blind $0.05
Hero: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [4c 8h]
Player4 joins the table at seat #2
Player1: folds
Player2: folds
Player3: raises $0.20 to $0.30
Hero: folds
Uncalled bet ($0.20) returned to Player3
Player3 collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 4: Player3 (small blind) collected ($0.20)
"""

# A short all-in big blind (360 of 600): the small blind's call of 180 only
# matches the 480 that the all-in caller could put in.
SHORT_BIG_BLIND = """\
PokerStars Game #25234313412: Tournament #999999999, 1FPP Hold'em No Limit - Level V (300/600) - 2010/06/04 20:01:02 WET
Table '999999998 11' 6-max Seat #5 is the button
Seat 2: Player21 (480 in chips)
Seat 3: Player16 (3720 in chips)
Seat 4: Player1 (600 in chips)
Seat 5: Hero (13575 in chips)
Seat 6: Player7 (1720 in chips)
Player21: posts the ante 120
Player16: posts the ante 120
Player1: posts the ante 120
Hero: posts the ante 120
Player7: posts the ante 120
Player7: posts small blind 300
Player21: posts big blind 360 and is all-in
*** HOLE CARDS ***
Dealt to Hero [Qh 3s]
Player16: folds
Player1: calls 480 and is all-in
Hero: folds
Player7: calls 180
*** FLOP *** [8h 5c 3d]
*** TURN *** [8h 5c 3d] [7d]
*** RIVER *** [8h 5c 3d 7d] [2s]
*** SHOW DOWN ***
Player7: shows [9s Ac] (high card Ace)
Player1: shows [5h Qs] (a pair of Fives)
Player1 collected 240 from side pot
Player21: shows [6c Ks] (high card King)
Player1 collected 1680 from main pot
*** SUMMARY ***
Total pot 1920 Main pot 1680. Side pot 240. | Rake 0
Board [8h 5c 3d 7d 2s]
"""

# Player2 re-raises when nobody can call more (R-BET-5): the site returns the
# whole raise, 2.70.
RERAISE_RETURNED = """\
PokerStars Game #35602249531:  Hold'em No Limit (€0.05/€0.10 EUR) - 2009/11/20 7:22:44 ET
Table 'Lampland' 6-max Seat #4 is the button
Seat 1: Player6 (€12.87 in chips)
Seat 2: Player2 (€10.42 in chips)
Seat 3: Player7 (€2.83 in chips)
Seat 4: Hero (€3.20 in chips)
Seat 5: Player4 (€2.15 in chips)
Seat 6: Player5 (€9.21 in chips)
Player4: posts small blind €0.05
Player5: posts big blind €0.10
Player7: posts big blind €0.10
*** HOLE CARDS ***
Dealt to Hero [Tc Td]
Player6: folds
Player2: raises €0.40 to €0.50
Player7: calls €0.40
Hero: raises €2.70 to €3.20 and is all-in
Player4: folds
Player5: folds
Player2: raises €2.70 to €5.90
Player7: folds
Uncalled bet (€2.70) returned to Player2
*** FLOP *** [7s Th 6h]
*** TURN *** [7s Th 6h] [6d]
*** RIVER *** [7s Th 6h 6d] [Jd]
*** SHOW DOWN ***
Player2: shows [Kd Ks] (two pair, Kings and Sixes)
Hero: shows [Tc Td] (a full house, Tens full of Sixes)
Hero collected €6.70 from pot
*** SUMMARY ***
Total pot €7.05 | Rake €0.35
"""

OMAHA = """\
PokerStars Hand #77000000001:  Omaha Pot Limit ($0.10/$0.20 USD) - 2012/04/01 10:00:00 ET
Table 'Olga' 6-max Seat #1 is the button
Seat 1: Player1 ($20 in chips)
Seat 2: Player2 ($20 in chips)
Player1: posts small blind $0.10
Player2: posts big blind $0.20
*** HOLE CARDS ***
Player1: folds
Uncalled bet ($0.10) returned to Player2
Player2 collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
"""


def _only(text: str):  # type: ignore[no-untyped-def]
    results = replay_online_text(text, "snippet.txt")
    assert len(results) == 1
    return results[0]


def test_detects_pokerstars_text() -> None:
    assert detect(RAKED) is PARSER
    assert detect("nothing but words\nand more words") is None


def test_parses_header_seats_posts_and_results_in_cents() -> None:
    (text,) = PARSER.split(RAKED, "snippet.txt")
    assert text.line == 1
    hand = PARSER.parse(text)
    assert (hand.site, hand.hand_id, hand.table) == (
        "PokerStars",
        "35824150484",
        "May IV",
    )
    assert (hand.structure, hand.small_blind, hand.big_blind) == (
        Structure.NO_LIMIT,
        5,
        10,
    )
    assert (hand.button, hand.max_seats, hand.is_tournament) == (1, 6, False)
    assert [(s.seat, s.player, s.stack) for s in hand.seats][:2] == [
        (1, "Player1", 945),
        (2, "Player4", 245),
    ]
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Player4", PostKind.SMALL_BLIND, 5),
        ("Player2", PostKind.BIG_BLIND, 10),
        ("Player5", PostKind.BIG_BLIND, 10),
    ]
    first = hand.actions[0]
    assert (first.player, first.kind, first.chips, first.street) == (
        "Player3",
        ActionKind.RAISE,
        40,
        0,
    )
    assert hand.actions[4].is_all_in
    assert dict(hand.hole_cards)["Player5"] == (Card.parse("Jd"), Card.parse("Qs"))
    assert len(hand.board) == 5
    assert hand.collected == (Collected("Player5", 515, "pot"),)
    assert (hand.total_pot, hand.rake) == (540, 25)


def test_raked_pot_agrees() -> None:
    # the engine awards the whole 5.40; the site pays 5.15 after 0.25 rake
    assert _only(RAKED).outcome is Outcome.AGREES


def test_uncalled_bet_agrees() -> None:
    result = _only(UNCALLED)
    assert result.outcome is Outcome.AGREES
    assert result.hand is not None
    assert result.hand.uncalled == (("Player3", 20),)


def test_wrong_collected_amount_is_the_sites_printed_result() -> None:
    wrong = RAKED.replace("Player5 collected $5.15", "Player5 collected $5.25")
    result = _only(wrong)
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.SITE_RESULT
    assert "5.25" in result.message  # as printed: $5.25


def test_wrong_uncalled_bet_differs() -> None:
    wrong = UNCALLED.replace("Uncalled bet ($0.20)", "Uncalled bet ($0.10)")
    result = _only(wrong)
    assert result.outcome is Outcome.DIFFERS
    assert "uncalled" in result.message


def test_short_all_in_big_blind_call_agrees() -> None:
    assert _only(SHORT_BIG_BLIND).outcome is Outcome.AGREES


def test_raise_nobody_can_call_is_returned_whole() -> None:
    assert _only(RERAISE_RETURNED).outcome is Outcome.AGREES


def test_other_games_are_counted_not_replayed() -> None:
    result = _only(OMAHA)
    assert result.outcome is Outcome.NOT_HOLDEM
    assert result.reason is None


def test_corrupt_line_names_file_hand_and_line_and_the_file_goes_on() -> None:
    broken = UNCALLED.replace("Player2: folds", "Player2: fol#ds")
    results = replay_online_text(broken + "\n\n" + RAKED, "two.txt")
    assert [r.outcome for r in results] == [Outcome.UNREADABLE, Outcome.AGREES]
    first = results[0]
    assert first.reason is Reason.MALFORMED
    assert first.line == 1
    assert "two.txt" in first.message
    assert "PokerStars Game #35824118297" in first.message
    assert "line 13" in first.message  # "Player2: fol#ds" is line 13 of the file
    assert results[1].line == UNCALLED.count("\n") + 3


def test_R_DEAL_1_one_hole_card_dealt_in_hold_em_is_unreadable() -> None:
    """A one-card "Dealt to Hero [3c]" used to be passed over (the hero's cards unknown,
    the hand reproduced); hold'em deals two (R-DEAL-1). "[]" (BetOnline: the
    cards not shown) and an Omaha hand's four are not refused."""
    result = _only(RAKED.replace("Dealt to Hero [9d 3c]", "Dealt to Hero [3c]"))
    assert result.outcome is Outcome.UNREADABLE
    assert "line 13: 1 hole card(s) dealt to Hero: hold'em deals two" in result.message
    hidden = _only(RAKED.replace("Dealt to Hero [9d 3c]", "Dealt to Hero []"))
    assert hidden.outcome is Outcome.AGREES
    omaha = OMAHA.replace(
        "*** HOLE CARDS ***\n", "*** HOLE CARDS ***\nDealt to Player1 [Ah Kd 7c 2s]\n"
    )
    assert _only(omaha).outcome is Outcome.NOT_HOLDEM


def test_header_only_hand_is_unreadable_not_a_crash() -> None:
    results = replay_online_text(RAKED.splitlines()[0] + "\n", "one.txt")
    assert [r.outcome for r in results] == [Outcome.UNREADABLE]


def test_split_keeps_first_line_numbers() -> None:
    hands = PARSER.split(UNCALLED + "\n\n\n" + RAKED, "")
    assert [h.line for h in hands] == [1, UNCALLED.count("\n") + 4]
    assert isinstance(hands[0], HandText)


@given(
    st.lists(
        st.sampled_from(
            ["Hero", " wins", " ", "the ", "bounty", " for eliminating", "x", "$1 "]
        )
    )
)
def test_info_lines_are_known_as_the_plain_pattern_knows_them(parts: list[str]) -> None:
    # the pattern searched before, with its two " wins .*" alternatives: the oracle
    line = "".join(parts)
    plain = re.compile(_INFO.pattern + r"| wins the .*bounty| wins .* for eliminating")
    assert _is_info(line) == bool(plain.search(line))


def test_bounty_lines_are_info() -> None:
    # as PokerStars prints them in knockout tournaments
    assert _is_info("Hero wins the $0.50 bounty for eliminating Player3")
    assert _is_info("Hero wins $1.25 for eliminating Player3 and their own bounty")
    assert not _is_info("Hero wins the pot")
