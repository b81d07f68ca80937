"""Unibet's and Enet's text, on the real files read in place.

Every expected amount is read off the printed text (cents).
"""

from __future__ import annotations

from online_real_files import agrees, only_hand

from holdem.cards import parse_cards
from holdem.history.online import (
    Outcome,
    PostKind,
    Reason,
    detect,
    enet,
    replay_online_text,
    unibet,
)


def test_R_BET_7_unibet_win_counts_the_winners_returned_raise() -> None:
    # "Hero raises €0.95 to €0.95, and is all-in", all fold,
    # "Hero wins €1.10", "Total pot €1.10 Rake €0"
    hand, result = only_hand("Unibet/cash/NLHE-EUR-0.05-0.10-202104.Banzi.txt")
    assert agrees(result), result.message
    assert (hand.small_blind, hand.big_blind, hand.button) == (5, 10, 6)
    assert dict(hand.hole_cards)["Hero"] == parse_cards("Ac 7c")
    assert hand.actions[1].chips == 95 and hand.actions[1].is_all_in
    assert [(c.player, c.chips) for c in hand.collected] == [("Hero", 110)]
    assert (hand.total_pot, hand.rake) == (110, 0)


def test_R_TABLE_6_enet_posts_without_amounts_and_its_own_figures_disagree() -> None:
    # "Player4: posts big blind" and "Player1: posts small blind" print no
    # amount; the site returns 0.20 of Hero's 0.30 raise, collects 0.20 and
    # prints a total pot of 0.30: its own figures do not add up
    hand, result = only_hand("Enet/cash/NLHE-6max-EUR-0.05-0.10-201210.post.dead.txt")
    posts = [(p.player, p.kind, p.chips) for p in hand.posts]
    assert posts == [
        ("Player2", PostKind.SMALL_BLIND, 5),
        ("Player3", PostKind.BIG_BLIND, 10),
        ("Player4", PostKind.BIG_BLIND, 10),
        ("Player1", PostKind.DEAD_SMALL_BLIND, 5),
    ]
    assert hand.uncalled == (("Hero", 20),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Hero", 20)]
    assert (hand.total_pot, hand.rake) == (30, 0)
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.SITE_RESULT


UNIBET = """\
Game #1463192545: Table €1 NL - 0.05/0.10 - No Limit Hold'Em - 13:22:50 2021/04/04
*** Seated players ***
Seat 1: Player0 (€5.15)
Seat 2: Player1 (€1)
Seat 4: Hero (€0.95)
*** Blinds and button ***
Hero has the button
Player0 posts small blind €0.05
Player1 posts big blind €0.10
*** Hole cards ***
*** Preflop ***
Hero {verb} €0.95 to €0.95, and is all-in
Player0 folds
Player1 folds
Hero wins €1.10
*** Summary ***
Total pot €1.10 Rake €0
"""


def test_unibet_corrupt_line_names_file_hand_and_line_and_goes_on() -> None:
    text = UNIBET.format(verb="raisess") + UNIBET.format(verb="raises")
    assert detect(text) is unibet.PARSER
    first, second = replay_online_text(text, "unibet.txt")
    assert first.outcome is Outcome.UNREADABLE
    assert "unibet.txt" in first.message and "1463192545" in first.message
    assert "line 12" in first.message
    assert agrees(second), second.message


ENET = """\
Game #19408739: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 - %6
Table 'Parfigi 1 - No Limit' 6-max Seat #2 is the button
Seat 1: Player0 (€14,90 in chips)
Seat 2: Player1 (€1,90 in chips)
Seat 3: Hero (€14,51 in chips)
Player0: posts small blind €0,05
Player1: posts big blind €0,10
*** HOLECARDS ***
Hero: {verb} €0,30
Player0: folds
Player1: folds
Uncalled bet (€0,20) returned to Hero
Hero collected (€0,25) from pot
*** SUMMARY ***
Total pot €0,25 | Rake €0
"""


def test_enet_corrupt_line_names_file_hand_and_line_and_goes_on() -> None:
    text = ENET.format(verb="rases") + ENET.format(verb="raises")
    assert detect(text) is enet.PARSER
    first, second = replay_online_text(text, "enet.txt")
    assert first.outcome is Outcome.UNREADABLE
    assert "enet.txt" in first.message and "19408739" in first.message
    assert "line 9" in first.message
    assert agrees(second), second.message
