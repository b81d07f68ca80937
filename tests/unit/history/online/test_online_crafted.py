# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""Crafted or damaged lines that once crashed a reader: now unreadable hands.

Each test takes a real hand (quoted from ``../shared/data/hh``, the file named
in its comment), changes one line, and checks that the reader refuses it with
a ``HistoryParseError`` saying what is wrong (``holdem replay`` reports it and
goes on) where it raised ``ValueError`` or ``IndexError`` before. The real
hand itself reads, with the value the changed line printed.
"""

from __future__ import annotations

import pytest

from holdem.errors import HistoryParseError
from holdem.history.online import Outcome, replay_online_text
from holdem.history.online.cake import PARSER as CAKE_PARSER
from holdem.history.online.everest import PARSER as EVEREST_PARSER
from holdem.history.online.everleaf import PARSER as EVERLEAF_PARSER
from holdem.history.online.fulltilt import PARSER as FULL_TILT_PARSER
from holdem.history.online.ipoker import PARSER as IPOKER_PARSER
from holdem.history.online.ongame import PARSER as ONGAME_PARSER
from holdem.history.online.partypoker import PARSER as PARTY_PARSER
from holdem.history.online.pkr import PARSER as PKR_PARSER
from holdem.history.online.registry import SiteParser
from holdem.history.online.text import HandText

# int() reads at most 4,300 digits: a longer run raised ValueError
DIGITS = "1" * 4301


def _hand(text: str) -> HandText:
    return HandText("crafted.txt", 1, tuple(text.splitlines()))


def _refused(parser: SiteParser, text: str) -> str:
    with pytest.raises(HistoryParseError) as refused:
        parser.parse(_hand(text))
    return str(refused.value)


# Cake/cash/LHE-6max-USD-3.00-6.00-201207.datetime.dashes.txt, the hand at line 1
CAKE = """\
Hand#3008011667000561 - Melbourne (Turbo, 6-max) 11667 -- $3/$6 FL Hold'em -- 2012-07-01 - 01:26:16
Dealer: Seat 10
Seat 1: Player0 ($18 in chips)
Seat 2: Hero ($120 in chips)
Seat 3: Player1 ($126,50 in chips)
Seat 8: Player2 ($212,50 in chips)
Seat 9: Player3 ($253,50 in chips)
Seat 10: Player4 ($105,50 in chips)
Player0: posts small blind $1,50
Hero: posts big blind $3
Dealt to Hero [9d,6d]
Player1: folds
Player2: folds
Player3: folds
Player4: raises to $6
Player0: folds
Hero: calls $3
*** FLOP *** [8c,Kc,5h]
Hero: checks
Player4: checks
*** TURN *** [Kd]
Hero: bets $6
Player4: raises to $12
Hero: folds
Player4: returns uncalled bet $6
***SHOW DOWN***
Player4: mucks
Player4 wins $24,50
"""


# Everleaf/cash/NLHE-10max-USD-0.01-0.02-2010-08-03.fixed_wtsd_bug.txt, the hand at line 1
EVERLEAF = """\
Everleaf Gaming Game #190075259
***** Hand history for game #190075259 *****
Blinds $0.01/$0.02 NL Hold'em - 2010/08/03 - 17:03:59
Table Los Angeles XV
Seat 2 is the button
Total number of players: 8
Seat 1: Player1 (  $ 0.98 USD )
Seat 2: Player2 (  $ 1.95 USD )
Seat 3: Player3 (  $ 0.94 USD )
Seat 4: Player4 (  $ 1.80 USD )
Seat 5: Player5 (  $ 0.40 USD )
Seat 8: Player6 (  $ 1.51 USD )
Seat 9: Player7 (  $ 0.03 USD )
Seat 10: Player8 (  $ 4.19 USD )
Player3: posts small blind [$ 0.01 USD]
Player4: posts big blind [$ 0.02 USD]
** Dealing down cards **
Player5 calls [$ 0.02 USD]
Player6 folds
Player7 calls [$ 0.02 USD]
Player8 folds
Player1 calls [$ 0.02 USD]
Player2 folds
Player3 calls [$ 0.01 USD]
Player4 raises [$ 0.18 USD]
Player5 folds
Player7 calls [$ 0.01 USD]
Player1 raises [$ 0.96 USD]
Player3 folds
Player4 calls [$ 0.78 USD]
** Dealing Flop ** [ 6d, Jc, Js ]
** Dealing Turn ** [ 3d ]
** Dealing River ** [ 9d ]
Player1 shows [ 4c, 4d ] two pairs, jacks and fours
Player4 shows [ 8c, 8h ] two pairs, jacks and eights
Player7 shows [ 5s, Td ] a pair of jacks
Player4 wins $ 0.13 USD from main pot with two pairs, jacks and
eights [ Jc, Js, 9d, 8c, 8h ]
Player4 wins $ 1.81 USD from side pot with two pairs, jacks and
eights [ Jc, Js, 9d, 8c, 8h ]
"""


# FTP/cash/FT20100804 Venice (6 max) - $0.01-$0.02 - singlehand session postBB out of turn.txt, the hand at line 1
FULL_TILT = """\
Full Tilt Poker Game #22821112219: Table Venice (6 max) - $0.01/$0.02 - No Limit Hold'em - 15:42:59 ET - 2010/08/04
Seat 1: Hero ($0.70)
Seat 2: player2 ($0.70)
Seat 3: player1 ($0.98)
Seat 4: player3 ($5.14)
Seat 5: player4 ($2)
Seat 6: player5 ($0.80)
player1 posts the small blind of $0.01
player3 posts the big blind of $0.02
Hero posts $0.02
5 seconds left to act
player5 posts $0.02
The button is in seat #2
*** HOLE CARDS ***
Dealt to Hero [Qd Jc]
player4 folds
player5 checks
Hero checks
player1 calls $0.01
player3 checks
*** FLOP *** [3d As 2h]
player1 checks
player3 checks
player5 bets $0.02
Hero folds
player1 folds
Hero is sitting out
player3 calls $0.02
*** TURN *** [3d As 2h] [4h]
player3 checks
player5 bets $0.02
player3 calls $0.02
*** RIVER *** [3d As 2h 4h] [7c]
player3 checks
player5 bets $0.16
player3 folds
player3 is sitting out
Uncalled bet of $0.16 returned to player5
player5 mucks
player5 wins the pot ($0.15)
*** SUMMARY ***
Total pot $0.16 | Rake $0.01
Board: [3d As 2h 4h 7c]
Seat 1: Hero folded on the Flop
Seat 2: player2 (button) is sitting out
Seat 3: player1 (small blind) folded on the Flop
Seat 4: player3 (big blind) folded on the River
Seat 5: player4 didn't bet (folded)
Seat 6: player5 collected ($0.15), mucked
"""


# OnGame/cash/LHE-9max-USD-0.50-1.00-201008.All-in.with.showdown.txt, the hand at line 1
ONGAME = """\
***** History for hand R5-75443872-61 *****
Start hand: Wed Aug 18 19:32:32 GMT+0100 2010
Table: someplace [75443872] (LIMIT TEXAS_HOLDEM 0.50/1, Real money)
User: Hero
Button: seat 5
Players in round: 5
Seat 7: player4 (34.70)
Seat 9: player5 (1.05)
Seat 1: Hero (23.90)
Seat 3: player2 (33.95)
Seat 5: player1 (14.20)
player4 posts small blind (0.25)
player5 posts big blind (0.50)
---
Dealing pocket cards
Dealing to Hero: [Kd, Ks]
Hero raises 1 to 1
player2 folds
player1 calls 1
player4 folds
player5 raises 0.55 to 1.05 [all in]
Hero calls 0.05
player1 calls 0.05
--- Dealing flop [2d, Ad, Th]
Hero bets 0.50
player1 folds
--- Dealing flop [2d, Ad, Th]
--- Dealing turn [8s]
--- Dealing river [7d]
---
Summary:
Main pot: 3.40 won by Hero (3.25)
Rake taken: $0.15
Seat 7: player4 (34.45), net: -0.25
Seat 9: player5 (0), net: -1.05, [Qd, Qh] (PAIR QUEEN)
Seat 1: Hero (26.10), net: +2.20, [Kd, Ks] (PAIR KING)
Seat 3: player2 (33.95)
Seat 5: player1 (13.15), net: -1.05
***** End of hand R5-75443872-61 *****
"""


# PKR/cash/NLHE-10max-USD-0.02-0.04-201206.txt, the hand at line 158
PKR = """\
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
Seat 5: Player4 - $4.45
Seat 7: Player3 - $3.81
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
Player4 folds
Player3 folds
Player11 folds
Player0 did not respond in time and is folded
Player0 folds
Hero folds
Player13 folds
Pot sizes: $0.10
Player6 doesn't show
Player6 wins $0.10
Player2 brings $2 to table 45406961
Seat 1: Player13 - $3.72
Seat 3: Player6 - $3.44
Seat 4: Player9 - $0.75
Seat 5: Player4 - $4.45
Seat 6: Player2 - $2
Seat 7: Player3 - $3.81
Seat 8: Player11 - $4.07
Seat 9: Player0 - $3.92
Seat 10: Hero - $4.22
End of Hand #2103762355

Table #45406961 - Pink Paisley
"""


# PartyPoker/cash/LHE-6max-USD-15-30-201104.live.second.sb.txt, the hand at line 3
PARTY = """\
#Game No : 10398176832
***** Hand History for Game 10398176832 *****
$15/$30 USD Texas Hold'em - Monday, April 25, 09:42:13 BST 2011
Table Table  125413 (Real Money)
Seat 3 is the button
Total number of players : 4/6
Seat 3: Player0 ( $964 USD )
Seat 5: Hero ( $905 USD )
Seat 6: Player1 ( $150 USD )
Seat 4: Player2 ( $638.50 USD )
Player2 posts small blind [$10 USD].
Hero posts big blind [$15 USD].
Player1 posts small blind [$10 USD].
** Dealing down cards **
Dealt to Hero [  9c Ad ]
Player1 calls [$5 USD]
Player0 folds
Player2 folds
Hero raises [$15 USD]
Player1 calls [$15 USD]
** Dealing Flop ** [ Ah, 2h, Kh ]
Hero bets [$15 USD]
Player1 raises [$30 USD]
Hero raises [$30 USD]
Player1 calls [$15 USD]
** Dealing Turn ** [ 5h ]
Hero checks
Player1 bets [$30 USD]
Hero calls [$30 USD]
** Dealing River ** [ 7c ]
Hero checks
Player1 bets [$30 USD]
Hero calls [$30 USD]
Player1 shows [ Th, 5c ]a flush, Ace high.
Hero doesn't show [ 9c, Ad ]a pair of Aces.
Player1 wins $278 USD from the main pot with a flush, Ace high.
"""


# PokerTracker/cash/NLHE-USD-0.50-1.00-201101.Everest.txt, the hand at line 356
EVEREST = """\
EverestPoker Game #6450799394: Table Moroni-1 - $0.50/$1 - No Limit Hold'em - 22:41:06 - 2011/01/02
Seat 1: Player14 ($92.15)
Seat 2: Player19 ($43.50)
Seat 3: Player22 ($98.50)
Seat 4: Player7 ($105.33)
Seat 5: Player21 ($64.40)
Seat 6: Player16 ($109.55)
Seat 7: Player28 ($119.05)
Seat 9: Player13 ($106.30)
Seat 10: Player1 ($45.00)
Player13 posts the small blind of $0.50
Player1 posts the big blind of $1.00
The button is in seat #7
*** HOLE CARDS ***
Dealt to Player13 [6h 9c]
Player14 folds
Player19 folds
Player22 folds
Player7 folds
Player21 folds
Player16 folds
Player28 raises to $3.50
Player13 folds
Player1 folds
Uncalled bet of $2.50 returned to Player28
*** SUMMARY ***
Player28 collects $2.50
"""


def test_cake_button_seat_of_4301_digits_is_unreadable() -> None:
    # Cake/cash/LHE-6max-USD-3.00-6.00-201207.datetime.dashes.txt: the dealer's seat 10 printed as 4,301 ones
    assert CAKE_PARSER.parse(_hand(CAKE)).button == 10
    text = CAKE.replace("Dealer: Seat 10\n", "Dealer: Seat " + DIGITS + "\n")
    assert "seat number 111111111... has more than 9 digits" in _refused(
        CAKE_PARSER, text
    )


def test_fulltilt_button_seat_of_4301_digits_is_unreadable() -> None:
    # FTP/cash/FT20100804 Venice (6 max) - $0.01-$0.02 - singlehand session postBB out of turn.txt: the button's seat 2 printed as 4,301 ones
    assert FULL_TILT_PARSER.parse(_hand(FULL_TILT)).button == 2
    text = FULL_TILT.replace(
        "The button is in seat #2\n", "The button is in seat #" + DIGITS + "\n"
    )
    assert "seat number 111111111... has more than 9 digits" in _refused(
        FULL_TILT_PARSER, text
    )


def test_ongame_button_seat_of_4301_digits_is_unreadable() -> None:
    # OnGame/cash/LHE-9max-USD-0.50-1.00-201008.All-in.with.showdown.txt: the button's seat 5 printed as 4,301 ones
    assert ONGAME_PARSER.parse(_hand(ONGAME)).button == 5
    text = ONGAME.replace("Button: seat 5\n", "Button: seat " + DIGITS + "\n")
    assert "seat number 111111111... has more than 9 digits" in _refused(
        ONGAME_PARSER, text
    )


def test_pkr_button_seat_of_4301_digits_is_unreadable() -> None:
    # PKR/cash/NLHE-10max-USD-0.02-0.04-201206.txt: the button's seat 8 printed as 4,301 ones
    # the button moves to seat 9 before the deal ("Moving Button to seat 9")
    assert PKR_PARSER.parse(_hand(PKR)).button == 9
    text = PKR.replace("Button is at seat 8\n", "Button is at seat " + DIGITS + "\n")
    assert "seat number 111111111... has more than 9 digits" in _refused(
        PKR_PARSER, text
    )


def test_everest_button_seat_of_4301_digits_is_unreadable() -> None:
    # PokerTracker/cash/NLHE-USD-0.50-1.00-201101.Everest.txt: the button's seat 7 printed as 4,301 ones
    assert EVEREST_PARSER.parse(_hand(EVEREST)).button == 7
    text = EVEREST.replace(
        "The button is in seat #7\n", "The button is in seat #" + DIGITS + "\n"
    )
    assert "seat number 111111111... has more than 9 digits" in _refused(
        EVEREST_PARSER, text
    )


def test_everleaf_first_line_without_its_number_mark_is_unreadable() -> None:
    # Everleaf/cash/NLHE-10max-USD-0.01-0.02-2010-08-03.fixed_wtsd_bug.txt: the first line's "#" left out
    assert EVERLEAF_PARSER.parse(_hand(EVERLEAF)).hand_id == "190075259"
    text = EVERLEAF.replace(
        "Everleaf Gaming Game #190075259\n", "Everleaf Gaming Game 190075259\n"
    )
    assert "expected the hand's number after '#' on its first line" in _refused(
        EVERLEAF_PARSER, text
    )


def test_partypoker_first_line_without_its_number_mark_is_unreadable() -> None:
    # PartyPoker/cash/LHE-6max-USD-15-30-201104.live.second.sb.txt: the word "Game" left out of the "*****" line
    assert PARTY_PARSER.parse(_hand(PARTY)).hand_id == "10398176832"
    text = PARTY.replace(
        "***** Hand History for Game 10398176832 *****\n",
        "***** Hand History for 10398176832 *****\n",
    )
    assert "expected 'Game' and the hand's number on its first line" in _refused(
        PARTY_PARSER, text
    )


def test_pkr_first_line_without_its_number_mark_is_unreadable() -> None:
    # PKR/cash/NLHE-10max-USD-0.02-0.04-201206.txt: the first line's "#" left out
    assert PKR_PARSER.parse(_hand(PKR)).hand_id == "2103762355"
    text = PKR.replace("Starting Hand #2103762355\n", "Starting Hand 2103762355\n")
    assert "expected the hand's number after '#' on its first line" in _refused(
        PKR_PARSER, text
    )


@pytest.mark.parametrize(
    ("text", "line", "crafted"),
    [
        # FTP/cash/FT20100804 Venice (6 max) ...: seat 1 printed as 4,301 ones
        (FULL_TILT, "Seat 1: Hero ($0.70)", "Seat " + DIGITS + ": Hero ($0.70)"),
        # OnGame/cash/LHE-9max-USD-0.50-1.00-201008...: seat 7 so
        (ONGAME, "Seat 7: player4 (34.70)", "Seat " + DIGITS + ": player4 (34.70)"),
        # PartyPoker/cash/LHE-6max-USD-15-30-201104...: the button's seat 3 so
        (PARTY, "Seat 3 is the button", "Seat " + DIGITS + " is the button"),
        # Everleaf/cash/NLHE-10max-USD-0.01-0.02-2010-08-03...: seat 1 so
        (
            EVERLEAF,
            "Seat 1: Player1 (  $ 0.98 USD )",
            "Seat " + DIGITS + ": Player1 (  $ 0.98 USD )",
        ),
    ],
)
def test_a_number_of_4301_digits_makes_the_hand_unreadable(
    text: str, line: str, crafted: str
) -> None:
    # int() raised ValueError on these seat numbers: check_lines refuses the
    # hand first, naming the line (holdem replay goes on to the next hand)
    assert [r.outcome for r in replay_online_text(text, "real.txt")] != [
        Outcome.UNREADABLE
    ]
    (result,) = replay_online_text(text.replace(line + "\n", crafted + "\n"), "x.txt")
    assert result.outcome is Outcome.UNREADABLE
    assert "a number has more than 4300 digits" in result.message
    number = text.splitlines().index(line) + 1
    assert f"line {result.line + number - 1}" in result.message


# iPoker/cash/LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml, the hand
# at line 218 (the game's lines, after its session's <general>)
IPOKER = """\
<general> <mode>real</mode> <gametype>Holdem L $0.10/$0.20</gametype> <tablename>Gary</tablename> <duration>00:42</duration> <gamecount>30</gamecount> <startdate>2011-07-22 17:31:11</startdate> <currency>USD</currency> <nickname>Hero</nickname> <bets>$4.14</bets> <wins>$8.44</wins> <chipsin>10</chipsin> <chipsout>14.30</chipsout> <ipoints>8.90</ipoints> </general>
<game gamecode="2855487325">
\t <general>
\t  <startdate>2011-07-22 17:44:13</startdate>
\t  <players>
\t   <player seat="1" name="Player1" chips="$21.45" dealer="0" win="$0" bet="$0" /><player seat="2" name="Hero" chips="$10.09" dealer="0" win="$0" bet="$0" /><player seat="3" name="Player3" chips="$23.85" dealer="0" win="$0" bet="$0" /><player seat="4" name="Player4" chips="$1.90" dealer="1" win="$0.35" bet="$0.20" /><player seat="5" name="" chips="$0" dealer="0" win="$0" bet="$0" /><player seat="6" name="Player11" chips="$3.97" dealer="0" win="$0" bet="$0.05" /><player seat="7" name="Player6" chips="$3.39" dealer="0" win="$0" bet="$0.10" /><player seat="8" name="Player7" chips="$1.65" dealer="0" win="$0" bet="$0" /><player seat="9" name="" chips="$0" dealer="0" win="$0" bet="$0" /><player seat="10" name="Player10" chips="$2.86" dealer="0" win="$0" bet="$0" />
\t  </players>
\t </general>
\t <round no="0">
\t <action no="1" player="Player11" type="1" sum="$0.05" cards="[cards]"/><action no="2" player="Player6" type="2" sum="$0.10" cards="[cards]"/>
\t</round>
\t<round no="1">
\t <cards type="Pocket" player="Player1">X X</cards><action no="5" player="Player1" type="0" sum="$0" cards=""/><cards type="Pocket" player="Hero">H10 C3</cards><action no="6" player="Hero" type="0" sum="$0" cards=""/><cards type="Pocket" player="Player3">X X</cards><action no="7" player="Player3" type="0" sum="$0" cards=""/><cards type="Pocket" player="Player4">X X</cards><action no="8" player="Player4" type="23" sum="$0.20" cards=""/><cards type="Pocket" player="Player11">X X</cards><action no="9" player="Player11" type="0" sum="$0" cards=""/><cards type="Pocket" player="Player6">X X</cards><action no="10" player="Player6" type="0" sum="$0" cards=""/><cards type="Pocket" player="Player7">X X</cards><action no="3" player="Player7" type="0" sum="$0" cards=""/><cards type="Pocket" player="Player10">X X</cards><action no="4" player="Player10" type="0" sum="$0" cards=""/>
\t</round>

\t</game>
"""


@pytest.mark.parametrize(
    ("printed", "crafted", "message"),
    [
        # a seat that is no number: int() raised ValueError
        ('<player seat="1" ', '<player seat="$1" ', "the seat '$1' is not a number"),
        # a round so
        ('<round no="0">', '<round no="$1">', "the round number '$1' is not a number"),
        # an action so
        (
            '<action no="1" ',
            '<action no="$1" ',
            "the action number '$1' is not a number",
        ),
    ],
)
def test_ipoker_attribute_that_is_no_number_is_unreadable(
    printed: str, crafted: str, message: str
) -> None:
    assert IPOKER_PARSER.parse(_hand(IPOKER)).button == 4
    assert message in _refused(IPOKER_PARSER, IPOKER.replace(printed, crafted))
