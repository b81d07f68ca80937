# ruff: noqa: E501  (hand records are quoted verbatim, one long line each)
"""Damaged online hands found by fuzzing: unreadable or read, never a crash.

Issue 9: a corrupt line gives an error naming the file, the hand and the
line, and the rest of the file goes on. Each hand here is a real one quoted
from ``../shared/data/hh`` (the file is named above it), and each test
changes it the way a seeded fuzzer did (an amount, a seat number, a line
dropped or repeated) when the reader raised something other than a
``HistoryParseError`` for it.
"""

from __future__ import annotations

from holdem.history.online import Outcome, Reason, replay_online_text

# Merge/tour/NLHE-USD-STT-201202.exported.txt, the hand at line 355
MERGE = """\
<description type="Holdem Tournament" stakes="No Limit"/>
<game id="50150678-15" starttime="20120228190653" numholecards="2" gametype="23" seats="2" realmoney="true" data="20120228|Wolf Spider Room  - Super Turbo HU|50149809-1|50150678-15|true">
<players dealer="0">
<player seat="0" nickname="Player4" balance="$1478.00" dealtin="true" />
<player seat="1" nickname="Player2" balance="$1372.00" dealtin="true" />
</players>
<round id="BLINDS" sequence="1">
<event sequence="1" type="SMALL_BLIND" timestamp="1330474014125" player="0" amount="50.00"/>
<event sequence="2" type="BIG_BLIND" timestamp="1330474014125" player="1" amount="100.00"/>
</round>
<round id="PREFLOP" sequence="2">
<event sequence="3" type="CALL" timestamp="1330474016468" player="0" amount="50.00"/>
<event sequence="4" type="CHECK" timestamp="1330474018859" player="1"/>
<cards type="HOLE" cards="7s,6c" player="1" hand="Seven High"/>
</round>
<round id="POSTFLOP" sequence="3">
<event sequence="5" type="CHECK" timestamp="1330474023000" player="1"/>
<event sequence="6" type="CHECK" timestamp="1330474024546" player="0"/>
<cards type="COMMUNITY" cards="Ac,5h,Ad" hand="Pair of Aces"/>
</round>
<round id="POSTTURN" sequence="4">
<event sequence="7" type="CHECK" timestamp="1330474026312" player="1"/>
<event sequence="8" type="CHECK" timestamp="1330474028078" player="0"/>
<cards type="COMMUNITY" cards="Ac,5h,Ad,Ts" hand="Pair of Aces"/>
</round>
<round id="POSTRIVER" sequence="5">
<event sequence="9" type="BET" timestamp="1330474034937" player="1" amount="200.00"/>
<event sequence="10" type="FOLD" timestamp="1330474036875" player="0"/>
<cards type="COMMUNITY" cards="Ac,5h,Ad,Ts,5d" hand="Two Pair Aces and Fives"/>
</round>
<round id="END_OF_FOLDED_GAME" sequence="6">
<event sequence="11" type="MUCK" timestamp="1330474037484" player="1"/>
<winner amount="400.00" uncalled="false" potnumber="1" player="1" pottype="n"/>
</round>
<round id="END_OF_GAME" sequence="7">
</round>
</game>


<description type="Holdem Tournament" stakes="No Limit"/>
"""

# TheBigGame/cash/TheBigGame.S1E01.txt, hand d1h1
THE_BIG_GAME = """\
URL: http://thebiggame.pokerstars.net/data/s1/w1/d1/d1h1.js
LoadHand({Hand:{Title:"d1h1",NumberOfSeats:6,PotSize:0,BigBlind:400,SmallBlind: 200,Ante:600,CurrentBet:0,Dealer:4,CardsOut:[],Players: [{Name:"Player1",Seat:1,Stack:100000,Cards:["da","dj"],CurrentBet:0},{Name:"Player2",Seat:2,Stack:200000,Cards:["sk","c2"],CurrentBet:0},{Name:"Player3",Seat:3,Stack:100000,Cards:["s7","s4"],CurrentBet:0},{Name:"Player4",Seat:4,Stack:100000,Cards:["sj","ct"],CurrentBet:0},{Name:"Player5",Seat:5,Stack:100000,Cards:["hj","h8"],CurrentBet:0},{Name:"Player6",Seat:6,Stack:100000,Cards:["c8","d4"],CurrentBet:0}]},Plays:[{Seat:1,Action:"Calls"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},{Seat:4,Action:"Calls"},{Seat:5,Action:"Calls"},{Seat:6,Action:"Checks"},{Seat:0,Action:"Deal",value:["sq","d2","s3"]},{Seat:5,Action:"Checks"},{Seat:6,Action:"Checks"},{Seat:1,Action:"Checks"},{Seat:4,Action:"Bets",value:800},{Seat:5,Action:"Folds"},{Seat:6,Action:"Folds"},{Seat:1,Action:"Folds"},{Seat:4,Action:"Wins",value:3000},{Seat:0,Action:"Deal",value:["ha"]},{Seat:0,Action:"Deal",value:["d6"]}]})
"""

# PartyPoker/tour/NLHE-MTT-USD-100-9-202104.anon.txt, the first hand
PARTY_TOURNAMENT = """\
***** Hand History For Game 16194828757579au6ou93d1 *****
70000/140000 Tourney Texas Holdem Game Table (NL) (MTT Tournament #303344128) (Buyin $100.0 + $9.0) - Mon Apr 26 20:17:29 EDT 2021
Table (303344128) Table #62 (Real Money) -- Seat 2 is the button
Total number of players : 7/8
Seat 1: Player1 (5049052)
Seat 2: Player2 (4124268)
Seat 3: Player3 (2365302)
Seat 4: Player4 (13574015)
Seat 5: Player5 (2254879)
Seat 6: Hero (8537192)
Seat 7: Player7 (6896988)
Player1 posts ante (17500)
Player2 posts ante (17500)
Player3 posts ante (17500)
Player4 posts ante (17500)
Player5 posts ante (17500)
Hero posts ante (17500)
Player7 posts ante (17500)
Player3 posts small blind (70000)
Player4 posts big blind (140000)
** Dealing down cards **
Dealt to Hero [ Ad, Ks ]
Player5 folds
Hero raises 294000 to 294000
Player7 folds
Player1 calls (294000)
Player2 folds
Player3 folds
Player4 raises 1120000 to 1260000
Hero calls (966000)
Player1 folds
** Dealing Flop ** : [ 8h, 3s, Ac ]
Player4 checks
Hero bets (751624)
Player4 calls (751624)
** Dealing Turn ** : [ Qd ]
Player4 bets (1050000)
Hero calls (1050000)
** Dealing River ** : [ 4d ]
Player4 bets (3892000)
Hero folds
** Summary **
Main Pot: 6609750
Board: [ 8h, 3s, Ac, Qd, 4d ]
Player1 balance 4737552, lost 311500 (folded)
Player2 balance 4106768, lost 17500 (folded)
Player3 balance 2277802, lost 87500 (folded)
Player4 balance 17104640, bet 6971125, collected 10501750, net +3530625
Player5 balance 2237379, lost 17500 (folded)
Hero balance 5458067, lost 3079125 (folded)
Player7 balance 6879488, lost 17500 (folded)
"""

# PartyPoker/cash/LHE-6max-USD-15-30-201104.live.second.sb.txt, the first hand
PARTY_CASH = """\
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

# Winning/cash/NLHE-6max-USD-0.02-0.05-201608.HH00000000 G0.txt (UTF-16, its
# blank lines between lines left out), the first hand
WINNING = """\
Game started at: 2016/8/2 10:50:44
Game ID: 693967308 0.02/0.05 (PRR) Cyclops - 6 (Hold'em)
Seat 2 is the button
Seat 2: Player1 (5.05).
Seat 3: Player2 (5.59).
Seat 4: Player4 (2).
Seat 5: Player5 (2.47).
Seat 6: Player6 (5.34).
Player Player2 has small blind (0.02)
Player Player4 has big blind (0.05)
Player Player2 received a card.
Player Player2 received a card.
Player Player4 received card: [5d]
Player Player4 received card: [Ac]
Player Player5 received a card.
Player Player5 received a card.
Player Player6 received a card.
Player Player6 received a card.
Player Player1 received a card.
Player Player1 received a card.
Player Player5 folds
Player Player6 folds
Player Player1 folds
Player Player2 folds
Uncalled bet (0.03) returned to Player4
Player Player4 mucks cards
------ Summary ------
Pot: 0.04. Rake 0
Player Player1 does not show cards.Bets: 0. Collects: 0. Wins: 0.
Player Player2 does not show cards.Bets: 0.02. Collects: 0. Loses: 0.02.
*Player Player4 mucks (does not show cards). Bets: 0.02. Collects: 0.04. Wins: 0.02.
Player Player5 does not show cards.Bets: 0. Collects: 0. Wins: 0.
Player Player6 does not show cards.Bets: 0. Collects: 0. Wins: 0.
"""

# Everleaf/tour/TID_1627660-1.txt, the hand at line 57
EVERLEAF = """\
Everleaf Gaming Game #282025934
***** Hand history for game #282025934 *****
300/600 Hold'em - 2011/06/23 - 17:31:34
Table 1
Seat 2 is the button
Total number of players: 4
Seat 2: Player1 (  11040 Chips )
Seat 3: Player2 (  6220 Chips )
Seat 4: Player3 (  1950 Chips )
Seat 5: Player4 (  4200 Chips )
Player1: posts ante [ 25 Chips]
Player2: posts ante [ 25 Chips]
Player3: posts ante [ 25 Chips]
Player4: posts ante [ 25 Chips]
Player2: posts small blind [ 150 Chips]
Player3: posts big blind [ 300 Chips]
** Dealing down cards **
Dealt to Player3 [ 8s, 4c ]
Player4 raises [ 600 Chips]
Player1 folds
Player2 calls [ 450 Chips]
Player3 folds
** Dealing Flop ** [ 9s, 4h, Td ]
Player2: bets [ 300 Chips]
Player4 raises [ 600 Chips]
Player2 calls [ 300 Chips]
** Dealing Turn ** [ 3c ]
Player2 checks
Player4: bets [ 600 Chips]
Player2 calls [ 600 Chips]
** Dealing River ** [ 3d ]
Player2: bets [ 600 Chips]
Player4 calls [ 600 Chips]
Player2 shows [ Ah, Kc ] a pair of threes
Player4 shows [ Kh, 9h ] two pairs, nines and threes
Player4 wins 5200 chips from main pot with two pairs, nines and threes [ Kh, 9h, 9s, 3c, 3d ]
"""

# PacificPoker/cash/888-FHE-USD-5-10-201203.all.in.blind.txt, the first hand
PACIFIC = """\
#Game No : 418361264
***** Cassava Hand History for Game 418361264 *****
$5/$10 Blinds Fix Limit Holdem - *** 04 03 2012 15:32:21
Table Hokkaido (Real Money)
Seat 6 is the button
Total number of players : 4
Seat 2: Player0 ( $10 )
Seat 4: Player1 ( $1,728.25 )
Seat 6: Hero ( $527 )
Seat 9: Player2 ( $615 )
Player2 posts small blind [$5]
Player0 posts big blind [$10]
** Dealing down cards **
Dealt to Hero [ Td, Qd ]
Player1 folds
Hero raises [$20]
Player2 folds
** Dealing flop ** [ 8s, As, 2d ]
** Dealing turn ** [ 6h ]
** Dealing river ** [ 5d ]
** Summary **
Player0 shows [ 2c, Ts ]
Hero shows [ Td, Qd ]
Player0 collected [ $23.75 ]
Hero collected [ $10 ]
"""


def _one(text: str, source: str = "damaged.txt") -> tuple[Outcome, Reason | None, str]:
    (result,) = replay_online_text(text, source)
    return result.outcome, result.reason, result.message


def test_the_quoted_hands_agree_as_printed() -> None:
    for text in (MERGE, THE_BIG_GAME, PARTY_CASH, WINNING, EVERLEAF, PACIFIC):
        assert _one(text)[0] is Outcome.AGREES


def test_merge_dealer_not_a_seat_number_is_unreadable_naming_its_line() -> None:
    # dealer="0" became dealer="<0": int() raised ValueError
    damaged = MERGE.replace('<players dealer="0">', '<players dealer="<0">')
    outcome, reason, message = _one(damaged)
    assert (outcome, reason) == (Outcome.UNREADABLE, Reason.MALFORMED)
    assert message.startswith("damaged.txt: hand ")
    assert "line 3: seat '<0' is not a seat number" in message


def test_merge_player_seat_not_a_seat_number_is_unreadable() -> None:
    # seat="1" became seat="1,,0" (an amount's damage): int() raised ValueError
    damaged = MERGE.replace('<player seat="1" ', '<player seat="1,,0" ')
    outcome, reason, message = _one(damaged)
    assert (outcome, reason) == (Outcome.UNREADABLE, Reason.MALFORMED)
    assert "line 5: seat '1,,0' is not a seat number" in message


def test_merge_winner_without_amount_is_unreadable() -> None:
    # the winner's amount="400.00" attribute dropped: a KeyError before
    damaged = MERGE.replace('<winner amount="400.00" ', "<winner ")
    outcome, reason, message = _one(damaged)
    assert (outcome, reason) == (Outcome.UNREADABLE, Reason.MALFORMED)
    assert "line 33: not an amount: ''" in message


def test_the_big_game_value_beyond_a_float_is_unreadable() -> None:
    # a bet's value:800 became value:1e400: int(inf) raised OverflowError
    damaged = THE_BIG_GAME.replace('"Bets",value:800}', '"Bets",value:1e400}')
    outcome, reason, message = _one(damaged)
    assert (outcome, reason) == (Outcome.UNREADABLE, Reason.MALFORMED)
    assert "line 2: not a well-formed hand" in message
    assert "1e400 is not a whole number" in message


def test_the_big_game_fraction_of_a_chip_is_unreadable_not_cut() -> None:
    # value:800.5 was read as 800 chips: the record's chips are whole
    damaged = THE_BIG_GAME.replace('"Bets",value:800}', '"Bets",value:800.5}')
    outcome, _, message = _one(damaged)
    assert outcome is Outcome.UNREADABLE
    assert "800.5 is not a whole number" in message


def test_party_header_repeated_is_an_unreadable_hand_and_the_next_reads() -> None:
    # the header line repeated: a one-line hand (IndexError before); the
    # hand after it is the whole one, read as without the repeat
    header = PARTY_TOURNAMENT.splitlines()[0]
    first, second = replay_online_text(f"{header}\n{PARTY_TOURNAMENT}", "party.txt")
    assert (first.outcome, first.reason, first.line) == (
        Outcome.UNREADABLE,
        Reason.MALFORMED,
        1,
    )
    assert "line 1: the hand stops at its first line" in first.message
    (alone,) = replay_online_text(PARTY_TOURNAMENT, "party.txt")
    assert (second.outcome, second.reason) == (alone.outcome, alone.reason)
    assert second.line == 2


def test_party_amount_finer_than_a_cent_is_read_in_a_finer_unit() -> None:
    # $964 became $964.001: the reader's retry in a finer unit (as every
    # HeaderParser does) was skipped, and its signal escaped as a crash
    damaged = PARTY_CASH.replace("( $964 USD )", "( $964.001 USD )")
    (result,) = replay_online_text(damaged, "party.txt")
    assert result.outcome is Outcome.AGREES
    assert result.hand is not None
    assert result.hand.chip_unit == 10
    assert result.hand.seats[0].stack == 964_001


def test_winning_amount_finer_than_a_cent_is_read_in_a_finer_unit() -> None:
    # Player5's (2.47) became (2.475): the same escape as PartyPoker's
    damaged = WINNING.replace("Seat 5: Player5 (2.47).", "Seat 5: Player5 (2.475).")
    (result,) = replay_online_text(damaged, "winning.txt")
    assert result.outcome is Outcome.AGREES
    assert result.hand is not None
    assert result.hand.chip_unit == 10
    assert [s.stack for s in result.hand.seats if s.player == "Player5"] == [2475]


def test_party_seat_line_without_its_parenthesis_is_unreadable() -> None:
    # "Seat 7: Player7 (6896988)" lost its ")": the Everleaf reader the
    # PartyPoker one falls back on seated Player7 with no stack, and his
    # ante raised KeyError
    damaged = PARTY_TOURNAMENT.replace("Player7 (6896988)", "Player7 (6896988")
    outcome, reason, message = _one(damaged, "party.txt")
    assert (outcome, reason) == (Outcome.UNREADABLE, Reason.MALFORMED)
    assert "line 11: a seat line without its stack in parentheses" in message


def test_everleaf_deal_without_its_closing_bracket_is_unreadable() -> None:
    # "Dealt to Player3 [ 8s, 4c ]" lost its "]": IndexError before
    damaged = EVERLEAF.replace("[ 8s, 4c ]", "[ 8s, 4c")
    outcome, reason, message = _one(damaged, "everleaf.txt")
    assert (outcome, reason) == (Outcome.UNREADABLE, Reason.MALFORMED)
    assert "line 18: a deal without its cards in brackets" in message


def test_pacific_deal_without_its_closing_bracket_is_unreadable() -> None:
    # "Dealt to Hero [ Td, Qd ]" lost its "]": IndexError before
    damaged = PACIFIC.replace("Dealt to Hero [ Td, Qd ]", "Dealt to Hero [ Td, Qd")
    outcome, reason, message = _one(damaged, "888.txt")
    assert (outcome, reason) == (Outcome.UNREADABLE, Reason.MALFORMED)
    assert "line 14: a deal without its cards in brackets" in message


def test_party_raise_to_without_the_chips_added_is_unreadable() -> None:
    # "Hero raises 294000 to 294000" lost its first amount: IndexError before
    damaged = PARTY_TOURNAMENT.replace("raises 294000 to", "raises to")
    outcome, reason, message = _one(damaged, "party.txt")
    assert (outcome, reason) == (Outcome.UNREADABLE, Reason.MALFORMED)
    assert "line 24: a raise without the chips it adds" in message


_FLOP = '{Seat:0,Action:"Deal",value:["sq","d2","s3"]}'


def _deals(*cards: str) -> str:
    return ",".join(f'{{Seat:0,Action:"Deal",value:[{c}]}}' for c in cards)


def test_the_big_game_empty_deal_is_no_street() -> None:
    # the flop dealt in pieces with an empty deal, as d1h102 and d5h93 deal
    # their all-in boards (1, 1, 0 and 3 cards): the empty deal counted as
    # a street, and the plays after it were on a fifth street (IndexError)
    pieces = _deals('"sq"', '"d2"', "", '"s3","ha","d6"')
    (result,) = replay_online_text(THE_BIG_GAME.replace(_FLOP, pieces), "tbg.txt")
    assert (result.outcome, result.reason) == (Outcome.DIFFERS, Reason.OUR_RULES)
    assert "line 2: the site deals the river while our engine waits for" in (
        result.message
    )


def test_the_big_game_deal_after_the_river_is_unreadable() -> None:
    # five deals of one card each: the fourth comes after the river
    five = _deals('"sq"', '"d2"', '"s3"', '"ha"', '"d6"')
    outcome, reason, message = _one(THE_BIG_GAME.replace(_FLOP, five), "tbg.txt")
    assert (outcome, reason) == (Outcome.UNREADABLE, Reason.MALFORMED)
    assert "line 2: a deal of 1 card(s) after the river" in message
