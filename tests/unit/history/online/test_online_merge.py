# ruff: noqa: E501  (hand histories are quoted verbatim, long lines included)
"""Merge Gaming Network XML: parsing and replay on a game written here.

Every expected amount is read off the printed attributes (cents).
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from online_real_files import agrees, real_hand, replay_real, stars_hand

from holdem.history.online import (
    ActionKind,
    OnlineReplay,
    Outcome,
    detect,
    replay_online_text,
)
from holdem.history.online.merge import _ATTR, _TAG, PARSER

# Seat 2 (Player3) raises to 0.08, seat 3's big blind calls 0.04 more; the
# flop bet of 0.10 comes back ("uncalled"); Player4 collects the 0.16 pot
GAME = """\
<description type="Holdem" stakes="No Limit ($0.02/$0.04)"/>
<game id="33325037-500" starttime="20110416150310" numholecards="2" gametype="2" realmoney="true" data="x">
	<players dealer="1">
		<player seat="1" nickname="Player2" balance="$0.35" dealtin="true" />
		<player seat="2" nickname="Player3" balance="$0.27" dealtin="true" />
		<player seat="3" nickname="Player4" balance="$0.80" dealtin="true" />
		<player seat="8" nickname="Player8" balance="$0.80" dealtin="false" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" player="2" amount="0.02"/>
		<event sequence="2" type="BIG_BLIND" player="3" amount="0.04"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="FOLD" player="1"/>
		<event sequence="4" type="RAISE" player="2" amount="0.08"/>
		<event sequence="5" type="CALL" player="3" amount="0.04"/>
	</round>
	<round id="POSTFLOP" sequence="3">
		<event sequence="6" type="CHECK" player="2"/>
		<event sequence="7" type="BET" player="3" amount="0.10"/>
		<event sequence="8" type="FOLD" player="2"/>
		<cards type="COMMUNITY" cards="2h,Ah,5d"/>
	</round>
	<round id="END_OF_GAME" sequence="4">
		<winner amount="0.10" uncalled="true" potnumber="1" player="3"/>
		<winner amount="0.16" uncalled="false" potnumber="1" player="3"/>
	</round>
</game>
"""


def test_detects_merge_xml() -> None:
    assert detect(GAME) is PARSER


def test_parses_seats_raise_to_and_winners() -> None:
    (text,) = PARSER.split(GAME, "merge.xml")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button, hand.big_blind) == ("33325037-500", 2, 4)
    assert [s.player for s in hand.seats] == ["Player2", "Player3", "Player4"]
    pre = [(a.player, a.kind, a.chips) for a in hand.actions if a.street == 0]
    assert pre[1:] == [
        ("Player3", ActionKind.RAISE, 8),
        ("Player4", ActionKind.CALL, 4),
    ]
    assert hand.uncalled == (("Player4", 10),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player4", 16)]
    assert hand.line == 2


def test_game_agrees() -> None:
    # pot 0.08 + 0.08 = 0.16, no rake; the 0.10 bet comes back
    (result,) = replay_online_text(GAME, "merge.xml")
    assert result.outcome is Outcome.AGREES, result.message


EXPORTED = "Merge/tour/NLHE-USD-STT-201202.exported.txt"


def _hand(relative: str, hand_id: str) -> OnlineReplay:
    (result,) = [r for r in replay_real(relative) if r.hand_id == hand_id]
    return result


def test_R_BLIND_4_tournament_balance_is_after_the_blinds() -> None:
    # hand 50104125-26: balances 1725 and 1125 (sum 2850) plus the blinds
    # 50 and 100 make the two 1500 starting stacks; Player3 goes all-in
    # for the 1125 printed, Player2 calls 1025 more, and they split 2450
    result = _hand(EXPORTED, "50104125-26")
    assert result.hand is not None
    assert [s.stack for s in result.hand.seats] == [177500, 122500]
    assert [(c.player, c.chips) for c in result.hand.collected] == [
        ("Player3", 122500),
        ("Player2", 122500),
    ]
    assert agrees(result), result.message


def test_R_BET_5_winner_amount_holds_the_uncalled_bet() -> None:
    # hand 48132119-34 prints no uncalled="true" line: Player5's flop bet
    # of 1.00 is folded to, and its 2.90 is the bet back plus the 2.00 pot
    # less 0.10 rake
    result = _hand(EXPORTED, "48132119-34")
    assert result.hand is not None
    assert result.hand.uncalled == (("Player5", 100),)
    assert [(c.player, c.chips) for c in result.hand.collected] == [("Player5", 190)]
    assert agrees(result), result.message


def test_exported_tournament_file_agrees() -> None:
    results = replay_real(EXPORTED)
    assert len(results) == 21
    assert [r.hand_id for r in results if not agrees(r)] == []


def test_R_BET_2_older_file_prints_a_raise_as_chips_added() -> None:
    # hand 15245216-1000 (2008): the big blind (0.50 in) "RAISE 5.00" and
    # Player8 (1.00 in) "CALL 4.50": the raise is to 5.50, the call 4.50
    # more; the big blind's 1.83 turn bet over Player8's 16.17 comes back
    result = _hand(
        "Merge/cash/NLHE-9max-USD-0.25-0.50.200810.All.Streets.txt", "15245216-1000"
    )
    assert result.hand is not None
    raises = [
        (a.player, a.chips) for a in result.hand.actions if a.kind is ActionKind.RAISE
    ]
    assert raises == [("Player8", 100), ("Player3", 550)]
    assert result.hand.uncalled == (("Player3", 183),)
    assert agrees(result), result.message


# The game's data="DATE|TABLE|..." names the table; the HOLE cards are the
# ones dealt to the history's owner (R-HISTORY-1).
STREETS = "Merge/cash/NLHE-9max-USD-0.25-0.50.200810.All.Streets.txt"


def test_R_HISTORY_1_real_game_names_its_table_and_hero() -> None:
    # data="20081013|Niagara Falls (15245216)|..."; HOLE player="2" is Hero
    hand = real_hand(STREETS, "15245216-1000")
    assert (hand.table, hand.hero) == ("Niagara Falls (15245216)", "Hero")
    # an older file separates the data by colons; HOLE player="3" is Player0
    colons = real_hand(
        "Merge/cash/NLHE-USD-1.00-2.00-201009.addCallandRaise.format.txt",
        "27626183-2",
    )
    assert (colons.table, colons.hero) == ("Statue of Liberty (27626183)", "Player0")


def test_R_HISTORY_1_real_game_converts_with_the_hero_cards() -> None:
    lines = stars_hand(STREETS, "152452161000")
    assert "Table 'Niagara Falls (15245216)' Seat #9 is the button" in lines
    assert "Dealt to Hero [Ah 8s]" in lines


def test_R_HISTORY_1_observed_real_game_has_no_hero() -> None:
    # no HOLE cards in the game: an observer's history
    hand = real_hand(
        "Merge/cash/NLHE-6max-USD-1.00-2.00-201308.player.acts.after.fold.txt",
        "71732021-1470",
    )
    assert (hand.table, hand.hero) == ("Grand III", None)
    # the owner, Player8, sat out (dealtin="false"): dealt nothing
    out = real_hand("Merge/cash/FLHE-9max-USD-0.02-0.04.20110416.xml", "33325037-500")
    assert (out.table, out.hero) == ("Sydney Harbour Bridge (33325037)", None)


@given(st.text(alphabet='ab="<> ', max_size=14))
def test_attributes_and_tags_are_found_as_the_plain_patterns_find_them(
    text: str,
) -> None:
    # the patterns before the lookbehind and the end bound: the oracles
    assert _ATTR.findall(text) == re.findall(r'(\w+)="([^"]*)"', text)
    assert [m.span() for m in _TAG.finditer(text, 0, text.rfind(">") + 1)] == [
        m.span() for m in _TAG.finditer(text)
    ]
