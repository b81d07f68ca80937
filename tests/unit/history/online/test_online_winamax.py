# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""Winamax text: parsing and replay on a hand written here.

Every expected amount is read off the printed text.
"""

from __future__ import annotations

from online_real_files import real_hand, stars_hand

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.winamax import PARSER

HAND = """\
Winamax Poker - Go Fast "Buzau" - HandId: #9434802-28434-1490719852 - Holdem no limit (2€/4€) - 2017/03/28 16:50:52 UTC
Table: 'Buzau' 2-max (real money) Seat #1 is the button
Seat 1: Player0 (402.96€)
Seat 2: Hero (400€)
*** ANTE/BLINDS ***
Player0 posts small blind 2€
Hero posts big blind 4€
Dealt to Hero [8h 9s]
*** PRE-FLOP ***
Player0 raises 4€ to 8€
Hero folds
Player0 collected 8€ from pot
*** SUMMARY ***
Total pot 8€ | No rake
"""


def test_detects_winamax_text() -> None:
    assert detect(HAND) is PARSER


def test_parses_in_cents_under_its_own_names() -> None:
    (text,) = PARSER.split(HAND, "wina.txt")
    hand = PARSER.parse(text)
    assert (hand.site, hand.hand_id) == ("Winamax", "9434802-28434-1490719852")
    assert [(s.player, s.stack) for s in hand.seats] == [
        ("Player0", 40296),
        ("Hero", 40000),
    ]
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Player0", PostKind.SMALL_BLIND, 200),
        ("Hero", PostKind.BIG_BLIND, 400),
    ]
    assert [(c.player, c.chips) for c in hand.collected] == [("Player0", 800)]


def test_hand_agrees() -> None:
    # the raise's 4 above the big blind comes back unprinted; 8 collected
    (result,) = replay_online_text(HAND, "wina.txt")
    assert result.outcome is Outcome.AGREES


def test_errors_name_the_winamax_header() -> None:
    broken = HAND.replace("Hero folds", "Hero fol!ds")
    (result,) = replay_online_text(broken, "wina.txt")
    assert result.outcome is Outcome.UNREADABLE
    assert 'hand "Winamax Poker - Go Fast' in result.message
    assert "line 11" in result.message


# The table's name as printed, its euro sign kept; 'Dealt to NAME [..]'
# names the history's owner (R-HISTORY-1).
FREEROLL = "Winamax/tour/20110305_Freeroll 150%80(5142226)_real_holdem_no-limit.txt"


def test_R_HISTORY_1_real_hand_names_its_table_and_hero() -> None:
    hand = real_hand(FREEROLL, "22085692498641681-1-1299346216")
    assert (hand.table, hand.hero) == ("Freeroll 150€(5142226)#784", "Player1")


def test_R_HISTORY_1_real_hand_converts_with_the_hero_cards() -> None:
    lines = stars_hand(FREEROLL, None)  # the file's first hand
    assert "Table 'Freeroll 150€(5142226)#784' 6-max Seat #3 is the button" in lines
    assert "Dealt to Player1 [8c 3h]" in lines


def test_R_HISTORY_1_real_hands_without_dealt_cards_have_no_hero() -> None:
    # no Dealt to line: an observer's history
    short = real_hand(
        "Winamax/cash/NLHE-5max-EUR-2.00-4.00-202005.action.error.txt",
        "14404225-40-1589534802",
    )
    assert (short.table, short.hero) == ("SHORT TRACK 20 € 06", None)
    # a seat named Hero, but no Dealt to line: the text names no owner
    out = real_hand(
        "Winamax/cash/NLHE-5max-EUR-1-2-201201.Hero.Sitting.Out.txt",
        "2334898-436-1326450000",
    )
    assert (out.table, out.hero) == ("Neuilly-sur-Seine", None)
