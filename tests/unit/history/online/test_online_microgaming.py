"""Microgaming's XML records and PokerTracker's text export of them.

Real files read in place; every expected amount is read off the printed
records (cents; tournament chips as chips).
"""

from __future__ import annotations

from online_real_files import agrees, only_hand, real_hand, replay_real, stars_hand

from holdem.cards import parse_cards
from holdem.history.online import (
    Outcome,
    PostKind,
    detect,
    microgaming,
    microgaming_text,
    replay_online_text,
)


def test_R_BET_7_xml_all_in_return_read_from_the_end_balances() -> None:
    # Hero "AllIn" 5.46 against Player4's 14.47: Player4's excess comes back
    # (unprinted): Player4 balance="16.57" endbalance="5.81" after putting in
    # all 16.57; Hero balance="10.76" endbalance="20.50" (the Win amount)
    hand, result = only_hand(
        "Microgaming/cash/NLHE-EUR-0.05-0.10-2011011.multi.allin.txt"
    )
    assert agrees(result), result.message
    assert (hand.small_blind, hand.big_blind, hand.button) == (5, 10, 3)
    assert dict(hand.hole_cards)["Hero"] == parse_cards("2d 2h")
    assert hand.board == parse_cards("As Ts 2c Kc Qh")
    assert [(c.player, c.chips) for c in hand.collected] == [
        ("Hero", 2050),
        ("Player4", 581),
    ]
    assert hand.returns_in_collected


def test_R_BLIND_4_xml_posted_to_play_is_a_live_big_blind() -> None:
    hand, result = only_hand(
        "Microgaming/cash/NLHE-0.10-0.20-201111.Walk.in.second.bb.txt"
    )
    assert agrees(result), result.message
    assert ("Player1", PostKind.BIG_BLIND, 20) in [
        (p.player, p.kind, p.chips) for p in hand.posts
    ]
    assert [(c.player, c.chips) for c in hand.collected] == [("Player1", 50)]


def test_R_ALLIN_xml_tournament_chips() -> None:
    hand, result = only_hand("Microgaming/tour/NLHE-Freeroll-MTT-201112.txt")
    assert agrees(result), result.message
    assert hand.is_tournament
    assert (hand.small_blind, hand.big_blind) == (50, 100)
    # Win amount="5710.00" plus the 3070 of the all-in not called:
    # balance="5825.00" endbalance="8780.00"
    assert [(c.player, c.chips) for c in hand.collected] == [("Player2", 8780)]


def test_R_TABLE_6_xml_post_to_play_short_of_the_end_balance_was_dead() -> None:
    # player1 "PostedToPlay" 0.10, checks and folds, yet balance="10.00"
    # endbalance="9.85": 0.05 more went in dead; the winner's 0.39 is the
    # pot of 0.30 and his returned bet of 0.10, less 0.01 rake (rake="1")
    hand, result = only_hand(
        "Microgaming/cash/NLHE-0.05-0.10-201111.posted.to.play.txt"
    )
    assert agrees(result), result.message
    assert ("player1", PostKind.DEAD_SMALL_BLIND, 5) in [
        (p.player, p.kind, p.chips) for p in hand.posts
    ]
    assert [(c.player, c.chips) for c in hand.collected] == [("player4", 39)]


def test_every_pokertracker_microgaming_hand_agrees() -> None:
    files = {
        "cash/NLHE-2max-EUR-25.00-50.00-201305.new.format.txt": 1,
        "cash/NLHE-EUR-0.05-0.10-201111.Microgaming.txt": 2,
        "cash/NLHE-EUR-0.05-0.10-201205.Microgaming.post.both.txt": 1,
        "tour/NLHE-2max-USD-0-STT-201307.Microgaming.allin.blind.txt": 1,
        "tour/NLHE-2max-USD-0-STT-201307.Microgaming.txt": 6,
    }
    for name, count in files.items():
        results = replay_real(f"PokerTracker/{name}")
        assert len(results) == count
        assert all(agrees(r) for r in results), [r.message for r in results]


def test_R_POT_2_text_main_and_side_pot_wins() -> None:
    # "player8 wins €29.74 from the main pot", "wins €0.40 from side pot 1"
    _, second = replay_real(
        "PokerTracker/cash/NLHE-EUR-0.05-0.10-201111.Microgaming.txt"
    )
    assert second.hand is not None
    assert [(c.player, c.chips, c.pot) for c in second.hand.collected] == [
        ("player8", 2974, "main pot"),
        ("player8", 40, "side pot 1"),
    ]


def test_R_BET_7_versioned_text_wins_count_the_winners_returned_bet() -> None:
    # Version:3: "Hero raised - €350.00" over a bet of 100, uncalled;
    # "Hero wins €649.00 from the main pot" counts the 250 returned
    hand, result = only_hand(
        "PokerTracker/cash/NLHE-2max-EUR-25.00-50.00-201305.new.format.txt"
    )
    assert agrees(result), result.message
    assert hand.returns_in_collected
    assert [(c.player, c.chips) for c in hand.collected] == [("Hero", 64900)]
    assert (
        hand.posts[0].player,
        hand.posts[0].kind,
        hand.posts[0].chips,
    ) == ("Player 1", PostKind.SMALL_BLIND, 2500)


XML = (
    (
        '<Game id="4155596174" date="2011-11-01 23:42:20" tablename="Button 1"'
        ' stakes="0.10|0.20" betlimit="NL" tabletype="Cash Game"'
        ' gametype="Hold&apos;em" realmoney="true" istournament="0" rake="0">\n'
    )
    + """\
   <Seats>
      <Seat num="1" alias="Player1" balance="20.00" endbalance="20.30"/>
      <Seat num="4" alias="Player4" balance="22.02" endbalance="22.02" dealer="true"/>
      <Seat num="5" alias="Hero" balance="21.10" endbalance="21.00"/>
      <Seat num="6" alias="Player5" balance="24.20" endbalance="24.00"/>
   </Seats>
   <Gameplay>
      <Action seq="1" type="SmallBlind" seat="5" value="0.10"/>
      <Action seq="2" type="BigBlind" seat="6" value="0.20"/>
      <Action seq="3" type="PostedToPlay" seat="1" value="0.20"/>
      <Action seq="5" type="Check" seat="1"/>
      <Action seq="8" type="{verb}" seat="4"/>
      <Action seq="9" type="Fold" seat="5"/>
      <Action seq="10" type="Fold" seat="6"/>
      <Action type="Win">
         <Seat num="1" amount="0.50" pot="0" type="" lowhandwin="0"/>
      </Action>
   </Gameplay>
</Game>
"""
)


def test_xml_corrupt_line_names_file_hand_and_line_and_the_file_goes_on() -> None:
    text = XML.format(verb="Fodl") + XML.format(verb="Fold")
    assert detect(text) is microgaming.PARSER
    first, second = replay_online_text(text, "mg.xml")
    assert first.outcome is Outcome.UNREADABLE
    assert "mg.xml" in first.message and "4155596174" in first.message
    assert "line 13" in first.message
    assert agrees(second), second.message


TEXT = (
    (
        "** Game ID 4962892238 Version:4 starting - 2013-07-13 03:24:59\n"
        "** Heads Up (Turbo)(10146282):Table 1 [Multi Table Hold'em]"
        " (10|20 NL - MTT seats:2 ) Real Money\n"
    )
    + """\

- Hero sitting in seat 1 with 1500.00 at end 1520.00
- Player0 sitting in seat 2 with 1500.00 at end 1480.00 [Dealer]

Player0 posted the small blind - 10.00
Hero posted the big blind - 20.00
Player0 {verb} - 10.00
Hero checked
** Dealing the flop: 3 of s, 2 of c, 2 of d
Hero bet - 80.00
Player0 folded
Hero wins 120.00 from the main pot

End of game 4962892238
"""
)


def test_text_corrupt_line_names_file_hand_and_line_and_the_file_goes_on() -> None:
    text = TEXT.format(verb="callled") + TEXT.format(verb="called")
    assert detect(text) is microgaming_text.PARSER
    first, second = replay_online_text(text, "pt.txt")
    assert first.outcome is Outcome.UNREADABLE
    assert "pt.txt" in first.message and "4962892238" in first.message
    assert "line 9" in first.message
    assert agrees(second), second.message


# PokerTracker's Microgaming text deals the owner's cards on '** Dealing card
# to NAME: ..' (R-HISTORY-1); the XML shows them in the DealCards action.
HEADS_UP = "PokerTracker/tour/NLHE-2max-USD-0-STT-201307.Microgaming.txt"


def test_R_HISTORY_1_real_text_hand_names_its_table_and_hero() -> None:
    # "** Heads Up (Turbo)(10146282):Table 1 [Multi Table Hold'em] (..."
    # and "** Dealing card to Hero: 10 of c, 9 of s"
    hand = real_hand(HEADS_UP, "4962892238")
    assert (hand.table, hand.hero) == ("Heads Up (Turbo)(10146282):Table 1", "Hero")


def test_R_HISTORY_1_real_text_hand_converts_with_the_hero_cards() -> None:
    assert "Dealt to Hero [Tc 9s]" in stars_hand(HEADS_UP, "4962892238")


def test_R_HISTORY_1_observed_real_xml_hand_has_no_hero() -> None:
    # playerseat="0" names no seat (they are 1 to 6) and no DealCards
    # action shows anyone's cards: an observer's history
    hand = real_hand(
        "Microgaming/cash/NLHE-EUR-0.50-1.00-201001.v1.allin.call.txt", "3063530490"
    )
    assert (hand.table, hand.hero) == ("BB-Phenomenal", None)
