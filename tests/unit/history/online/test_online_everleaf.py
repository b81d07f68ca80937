"""Everleaf text: parsing and replay on a hand written here.

Every expected amount is read off the printed text.
"""

from __future__ import annotations

from online_real_files import real_hand, stars_hand

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.everleaf import PARSER

HAND = """\
Everleaf Gaming Game #196321319
***** Hand history for game #196321319 *****
Blinds $0.05/$0.10 NL Hold'em - 2010/08/29 - 20:34:38
Table Cortland XIV
Seat 1 is the button
Total number of players: 5
Seat 1: Player1 (  $ 12.35 USD )
Seat 2: Hero (  $ 4.90 USD )
Seat 3: Player2 (  $ 5.45 USD )
Seat 5: Player3 (  $ 10.44 USD )
Seat 6: Player4 (  $ 8.30 USD )
Hero: posts small blind [$ 0.05 USD]
Player2: posts big blind [$ 0.10 USD]
** Dealing down cards **
Dealt to Hero [ Qd, 9d ]
Player3 folds
Player4 folds
Player1 folds
Hero raises [$ 0.25 USD]
Player2 folds
Hero does not show cards
Hero wins $ 0.20 USD from main pot
"""


def test_detects_everleaf_text() -> None:
    assert detect(HAND) is PARSER


def test_parses_seats_posts_and_win_in_cents() -> None:
    (text,) = PARSER.split(HAND, "everleaf.txt")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button, hand.is_tournament) == ("196321319", 1, False)
    assert (hand.small_blind, hand.big_blind) == (5, 10)
    assert [(s.player, s.stack) for s in hand.seats][:2] == [
        ("Player1", 1235),
        ("Hero", 490),
    ]
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Hero", PostKind.SMALL_BLIND, 5),
        ("Player2", PostKind.BIG_BLIND, 10),
    ]
    assert dict(hand.hole_cards)["Hero"][0].rank is not None
    assert [(c.player, c.chips) for c in hand.collected] == [("Hero", 20)]


def test_hand_agrees() -> None:
    # the blinds make the 0.20 pot; the raise's uncalled part comes back
    (result,) = replay_online_text(HAND, "everleaf.txt")
    assert result.outcome is Outcome.AGREES


# Player10 bets the flop, Player1 calls; no river bet, so Player1 (first left
# of the button) shows first (R-SHOW-2) but the site prints no cards for him:
# he is paid nothing, so he turns up cards that lose. The winner's cards are
# his best five less the board: 8s 6c.
SHOWDOWN = """\
Everleaf Gaming Game #108001206
***** Hand history for game #108001206 *****
Blinds 100/200 NL Hold'em - 2009/10/03 - 02:51:00
Table 3
Seat 10 is the button
Total number of players: 3
Seat 1: Player1 ( 2000 )
Seat 3: Hero ( 2055 )
Seat 10: Player10 ( 1905 )
Player1: posts small blind [$ 100]
Hero: posts big blind [$ 200]
** Dealing down cards **
Dealt to Hero [ Qc, Tc ]
Player10 raises [$ 500]
Player1 calls [$ 400]
Hero folds
** Dealing Flop ** [ Ks, 9d, 7d ]
Player1 checks
Player10: bets [$ 1405]
Player1 calls [$ 1405]
** Dealing Turn ** [ 5s ]
** Dealing River ** [ 3c ]
Player10 wins 4010 chips from main pot with a straight, nine high [ 9d, 8s, 7d, 6c, 5s ]
"""


def test_winner_cards_come_from_the_best_five() -> None:
    (text,) = PARSER.split(SHOWDOWN, "everleaf.txt")
    hand = PARSER.parse(text)
    assert [str(c) for c in dict(hand.hole_cards)["Player10"]] == ["8s", "6c"]


def test_first_to_show_without_cards_loses_and_the_hand_agrees() -> None:
    # pot: 200 (big blind) + 500 + 500 + 1405 + 1405 = 4010
    (result,) = replay_online_text(SHOWDOWN, "everleaf.txt")
    assert result.outcome is Outcome.AGREES, result.message


# The table's line follows the stakes (``Table Cortland XIV``) and the
# ``Dealt to NAME [..]`` line names whose history it is (R-HISTORY-1).
CORTLAND = "Everleaf/cash/NLHE-6max-USD-0.05-0.10-29Aug2010.txt"


def test_R_HISTORY_1_real_hand_names_its_table_and_hero() -> None:
    hand = real_hand(CORTLAND, "196321235")  # Table Cortland XIV, Dealt to Hero
    assert (hand.table, hand.hero) == ("Table Cortland XIV", "Hero")
    tour = real_hand("Everleaf/tour/TID_1337923-1.txt", "242839234")
    assert (tour.table, tour.hero) == ("Table 1", "Hero")


def test_R_HISTORY_1_real_hand_converts_with_the_hero_cards() -> None:
    lines = stars_hand(CORTLAND, "196321235")
    assert "Table 'Cortland XIV' Seat #6 is the button" in lines
    assert "Dealt to Hero [9h Qd]" in lines


def test_R_HISTORY_1_observed_real_hand_has_no_hero() -> None:
    # the file prints no Dealt to line: an observer's history
    hand = real_hand(
        "Everleaf/cash/NLHE-10max-USD-0.01-0.02-2010-08-03.fixed_wtsd_bug.txt",
        "190075259",
    )
    assert (hand.table, hand.hero) == ("Table Los Angeles XV", None)
