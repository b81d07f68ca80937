"""PKR text: parsing and replay on a hand written here.

Every expected amount is read off the printed text.
"""

from __future__ import annotations

from online_real_files import real_hand, stars_hand

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.pkr import PARSER

HAND = """\
Starting Hand #2103762355
Start time of hand: 11 Jun 2012 21:42:16
Last Hand #2103761138
Game Type: HOLD'EM
Limit Type: NO LIMIT
Table Type: RING
Money Type: REAL MONEY
Blinds are now $0.02 / $0.04
Button is at seat 8
Seat 1: Player13 - $3.76
Seat 3: Player6 - $3.38
Seat 4: Player9 - $0.75
Seat 8: Player11 - $4.07
Seat 9: Player0 - $3.92
Seat 10: Hero - $4.24
Shuffling Deck
Moving Button to seat 9
Hero posts small blind ($0.02)
Player13 posts big blind ($0.04)
Dealing Cards
Dealing [A d][6 s] to Hero
Player6 raises to $0.16
Player9 folds
Player11 folds
Player0 did not respond in time and is folded
Player0 folds
Hero folds
Player13 folds
Pot sizes: $0.10
Player6 doesn't show
Player6 wins $0.10
Seat 1: Player13 - $3.72
Seat 3: Player6 - $3.44
End of Hand #2103762355
"""


def test_detects_pkr_text() -> None:
    assert detect(HAND) is PARSER


def test_parses_moved_button_posts_and_win() -> None:
    (text,) = PARSER.split(HAND, "pkr.txt")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button) == ("2103762355", 9)  # the moved button
    assert (hand.small_blind, hand.big_blind) == (2, 4)
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Hero", PostKind.SMALL_BLIND, 2),
        ("Player13", PostKind.BIG_BLIND, 4),
    ]
    assert (hand.actions[0].player, hand.actions[0].chips) == ("Player6", 16)
    assert len(hand.seats) == 6  # the stacks after the hand are not seats
    assert [(c.player, c.chips) for c in hand.collected] == [("Player6", 10)]


def test_hand_agrees() -> None:
    # 0.02 + 0.04 + Player6's 0.04 matched = 0.10; his other 0.12 comes back
    (result,) = replay_online_text(HAND, "pkr.txt")
    assert result.outcome is Outcome.AGREES


# The line before each ``Starting Hand #`` names the table (``Table #45406961
# - Pink Paisley``); ``Dealing [..] to NAME`` the history's owner (R-HISTORY-1).
PAISLEY = "PKR/cash/NLHE-10max-USD-0.02-0.04-201206.txt"


def test_R_HISTORY_1_real_hand_names_its_table_and_hero() -> None:
    # the table line ends the previous hand's text (file lines 100-101, 124)
    hand = real_hand(PAISLEY, "2103761138")
    assert (hand.table, hand.hero) == ("Table #45406961 - Pink Paisley", "Hero")
    # the first hand's table line is the file's first line
    first = real_hand("PKR/cash/NLHE-6max-EUR-0.25-0.50-201303.txt", "2293443778")
    assert (first.table, first.hero) == ("Table #49267106 - Feng Shui", "Hero")
    # cards printed as [qs][2s] are not read, but they name the owner
    odd = real_hand(
        "PKR/cash/NLHE-USD-1.00-2.00-201009.third.card.format.txt", "1441724618"
    )
    assert (odd.table, odd.hero) == ("Table #30733293 - Tropicalian 1", "Hero")


def test_R_HISTORY_1_real_hand_converts_with_the_hero_cards() -> None:
    lines = stars_hand(PAISLEY, "2103761138")
    assert "Dealt to Hero [Js Qh]" in lines  # Dealing [J s][Q h] to Hero


def test_R_HISTORY_1_real_hand_without_a_dealt_hero_has_none() -> None:
    # Hero sits at seat 10 but joins after the hand starts: nothing is dealt
    # to anyone privately, so the text names no owner
    assert real_hand(PAISLEY, "2103758909").hero is None
    # "Hero will be dealt in after the button": the same
    later = real_hand("PKR/tour/NLHE-USD-MTT-201205.txt", "2083043765")
    assert later.hero is None
    # a file whose first hand has no table line before it
    partial = real_hand("PKR/cash/NLHE-USD-3.00-6.00-201108.partial.txt", "1829716517")
    assert partial.table == ""


def test_split_gives_each_hand_the_table_line_before_it() -> None:
    text = f"Table #1 - Alpha\n{HAND}\nTable #2 - Beta\n{HAND}"
    first, second = (PARSER.parse(hand) for hand in PARSER.split(text, "pkr.txt"))
    assert (first.table, second.table) == ("Table #1 - Alpha", "Table #2 - Beta")
    (alone,) = PARSER.split(HAND, "pkr.txt")
    assert PARSER.parse(alone).table == ""
