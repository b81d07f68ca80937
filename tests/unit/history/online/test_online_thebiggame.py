# ruff: noqa: E501  (hand records are quoted verbatim, one long line each)
"""The Big Game's LoadHand records: parsing and replay on hands quoted here.

The expected chips are read off the records: blinds 200/400, the dealer's
600 ante, and the "Wins" values.
"""

from __future__ import annotations

from online_real_files import agrees, replay_real

from holdem.history.online import (
    OnlineReplay,
    Outcome,
    PostKind,
    detect,
    replay_online_text,
)
from holdem.history.online.thebiggame import PARSER

TWO_HANDS = """\
URL: http://thebiggame.pokerstars.net/data/s1/w1/d1/d1h1.js
LoadHand({Hand:{Title:"d1h1",NumberOfSeats:6,PotSize:0,BigBlind:400,SmallBlind: 200,Ante:600,CurrentBet:0,Dealer:4,CardsOut:[],Players: [{Name:"Player1",Seat:1,Stack:100000,Cards:["da","dj"],CurrentBet:0},{Name:"Player2",Seat:2,Stack:200000,Cards:["sk","c2"],CurrentBet:0},{Name:"Player3",Seat:3,Stack:100000,Cards:["s7","s4"],CurrentBet:0},{Name:"Player4",Seat:4,Stack:100000,Cards:["sj","ct"],CurrentBet:0},{Name:"Player5",Seat:5,Stack:100000,Cards:["hj","h8"],CurrentBet:0},{Name:"Player6",Seat:6,Stack:100000,Cards:["c8","d4"],CurrentBet:0}]},Plays:[{Seat:1,Action:"Calls"},{Seat:2,Action:"Folds"},{Seat:3,Action:"Folds"},{Seat:4,Action:"Calls"},{Seat:5,Action:"Calls"},{Seat:6,Action:"Checks"},{Seat:0,Action:"Deal",value:["sq","d2","s3"]},{Seat:5,Action:"Checks"},{Seat:6,Action:"Checks"},{Seat:1,Action:"Checks"},{Seat:4,Action:"Bets",value:800},{Seat:5,Action:"Folds"},{Seat:6,Action:"Folds"},{Seat:1,Action:"Folds"},{Seat:4,Action:"Wins",value:3000},{Seat:0,Action:"Deal",value:["ha"]},{Seat:0,Action:"Deal",value:["d6"]}]})
URL: http://thebiggame.pokerstars.net/data/s1/w1/d1/d1h2.js
LoadHand({Hand:{Title:"d1h2",NumberOfSeats:6,PotSize:0,BigBlind:400,SmallBlind: 200,Ante:600,CurrentBet:0,Dealer:5,CardsOut:[],Players: [{Name:"Player1",Seat:1,Stack:99600,Cards:["ca","dk"],CurrentBet:0},{Name:"Player2",Seat:2,Stack:200000,Cards:["sk","ck"],CurrentBet:0},{Name:"Player3",Seat:3,Stack:100000,Cards:["c7","s4"],CurrentBet:0},{Name:"Player4",Seat:4,Stack:101200,Cards:["c9","c3"],CurrentBet:0},{Name:"Player5",Seat:5,Stack:99600,Cards:["da","d9"],CurrentBet:0},{Name:"Player6",Seat:6,Stack:99600,Cards:["s9","d5"],CurrentBet:0}]},Plays:[{Seat:2,Action:"Raises To",value:1200},{Seat:3,Action:"Folds"},{Seat:4,Action:"Folds"},{Seat:5,Action:"Calls"},{Seat:6,Action:"Folds"},{Seat:1,Action:"Raises To",value:3700},{Seat:2,Action:"Raises To",value:13100},{Seat:5,Action:"Folds"},{Seat:1,Action:"Calls"},{Seat:0,Action:"Deal",value:["d6","c5","d7"]},{Seat:1,Action:"Checks"},{Seat:2,Action:"Bets",value:18000},{Seat:1,Action:"Folds"},{Seat:2,Action:"Wins",value:46200}]})
"""


def test_detects_loadhand_records() -> None:
    assert detect(TWO_HANDS) is PARSER


def test_parses_blinds_dealer_ante_and_wins() -> None:
    first, second = PARSER.split(TWO_HANDS, "show.txt")
    assert (first.line, second.line) == (2, 4)
    hand = PARSER.parse(first)
    assert (hand.small_blind, hand.big_blind, hand.button) == (200, 400, 4)
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Player5", PostKind.SMALL_BLIND, 200),
        ("Player6", PostKind.BIG_BLIND, 400),
        ("Player4", PostKind.ANTE, 600),
    ]
    assert len(hand.board) == 3  # the turn and river shown after the win are not dealt
    assert [(c.player, c.chips) for c in hand.collected] == [("Player4", 3000)]


def test_both_hands_agree() -> None:
    # 3000 won = 4 x 400 + the dealer's 600 ante + his own 800 bet, not called
    results = replay_online_text(TWO_HANDS, "show.txt")
    assert [r.outcome for r in results] == [Outcome.AGREES, Outcome.AGREES]


def test_wins_off_by_the_site_is_its_printed_result() -> None:
    # the next hand's stacks (Player4 101200) agree with the engine, not the win
    wrong = TWO_HANDS.replace('Action:"Wins",value:3000', 'Action:"Wins",value:3400')
    results = replay_online_text(wrong, "show.txt")
    assert results[0].outcome is Outcome.DIFFERS
    assert results[0].reason is not None
    assert results[0].reason.value == "site's printed result"


def test_broken_record_is_unreadable_and_the_file_goes_on() -> None:
    broken = TWO_HANDS.replace(
        'Action:"Calls"},{Seat:2', 'Action:"Calls"},{Seat:2,,', 1
    )
    results = replay_online_text(broken, "show.txt")
    assert [r.outcome for r in results] == [Outcome.UNREADABLE, Outcome.AGREES]
    assert "show.txt" in results[0].message and "line 2" in results[0].message


def _real(episode: str, title: str) -> OnlineReplay:
    results = replay_real(f"TheBigGame/cash/TheBigGame.{episode}.txt")
    (result,) = [r for r in results if r.hand_id == title]
    return result


def test_R_ANTE_1_all_in_dealer_pays_the_button_ante_first() -> None:
    # d1h102: the dealer Player3 (42,300) pays the 600 ante and is all-in
    # for 41,700 more; Player2 calls it. 85,500 won = 41,700 x 2 + the
    # ante + 900 (Player6) + 200 + 400 folded blinds; d1h103 prints
    # Player3 with 85,500 and Player2 with 339,400 - 41,700 = 297,700
    result = _real("S1E01", "d1h102")
    assert result.hand is not None
    antes = [(p.player, p.chips) for p in result.hand.posts if p.kind is PostKind.ANTE]
    assert antes == [("Player3", 600)]
    assert agrees(result), result.message


def test_R_ANTE_1_unpaid_ante_when_every_chip_is_a_bet() -> None:
    # d7h21: the dealer Player3 takes back 367,300 of its 483,000 after
    # matching Player5's 115,700 all-in, and d7h22 prints it with 367,300:
    # the ante was not taken this hand
    result = _real("S1E07", "d7h21")
    assert result.hand is not None
    assert not [p for p in result.hand.posts if p.kind is PostKind.ANTE]
    assert result.hand.uncalled == (("Player3", 367300),)
    assert agrees(result), result.message


def test_R_TABLE_4_player_with_no_play_sits_out_and_the_blinds_pass_him() -> None:
    # d8h116: dealer seat 6; Player2 (seat 2, 97,000) has no play and keeps
    # 97,000 in d8h117, so the blinds are Player1 (88,200 -> 88,000) and
    # Player3 (317,200 -> 316,800); Player6's raise to 1,200 wins 2,400
    result = _real("S1E08b", "d8h116")
    assert result.hand is not None
    blinds = [
        (p.player, p.kind) for p in result.hand.posts if p.kind is not PostKind.ANTE
    ]
    assert blinds == [
        ("Player1", PostKind.SMALL_BLIND),
        ("Player3", PostKind.BIG_BLIND),
    ]
    assert agrees(result), result.message


def test_R_TABLE_4_no_small_blind_when_the_first_seat_is_the_big_blind() -> None:
    # d1h140: five players, dealer seat 5; seat 2 acts first, so seat 1
    # (Player1, 152,700 -> 152,300 in d1h141) is the big blind and no one
    # posts a small blind (Player2 keeps 254,600); Player5 raises to 1,000
    # and wins 2,000: 1,000 back, 400, and the 600 ante
    result = _real("S1E01", "d1h140")
    assert result.hand is not None
    blinds = [
        (p.player, p.kind) for p in result.hand.posts if p.kind is not PostKind.ANTE
    ]
    assert blinds == [("Player1", PostKind.BIG_BLIND)]
    assert agrees(result), result.message


def test_R_ANTE_1_short_all_in_dealer_paid_the_ante_out_of_its_stack() -> None:
    # d7h126: the dealer Player6 (33,400) pays the 600 ante and is all-in
    # for 32,800; Player2 takes back 6,200 of its 39,000, and Player6 wins
    # 67,900 = 32,800 x 2 + 200 + 1,500 + the ante (d7h127: 67,900)
    result = _real("S1E07", "d7h126")
    assert result.hand is not None
    antes = [(p.player, p.chips) for p in result.hand.posts if p.kind is PostKind.ANTE]
    assert antes == [("Player6", 600)]
    assert result.hand.uncalled == (("Player2", 6200),)
    assert agrees(result), result.message


def test_name_holding_a_key_is_read_as_written() -> None:
    # a name that looks like a key ("Seat:") and a key the reader does not
    # know (Extra) are still read from the record as written
    text = TWO_HANDS.replace('"Player1"', '"Seat: 1"').replace(
        "PotSize:0,", "PotSize:0,Extra:1,"
    )
    first, _ = PARSER.split(text, "show.txt")
    hand = PARSER.parse(first)
    assert hand.seats[0].player == "Seat: 1"
    assert [(c.player, c.chips) for c in hand.collected] == [("Player4", 3000)]


def test_spaced_record_reads_as_the_plain_one() -> None:
    # a record written with spaces after its keys and commas (one real
    # file does) is the same hand as the plain one
    first, _ = PARSER.split(TWO_HANDS, "show.txt")
    plain = first.lines[0]
    spaced = plain.replace(",", ", ").replace(":", ": ")
    assert spaced != plain
    spaced_first, _ = PARSER.split(TWO_HANDS.replace(plain, spaced), "show.txt")
    hand, spaced_hand = PARSER.parse(first), PARSER.parse(spaced_first)
    assert spaced_hand.actions == hand.actions
    assert (spaced_hand.seats, spaced_hand.posts) == (hand.seats, hand.posts)
    assert spaced_hand.collected == hand.collected
    assert len(hand.actions) == 13  # 6 plays pre-flop, 7 on the flop


def test_a_play_without_its_action_or_value_is_unreadable_either_way() -> None:
    # a play the record leaves a key out of is refused where the reader
    # reads that key, with the key's name, in the plain shape and as JSON
    for broken, key in (
        (TWO_HANDS.replace('Action:"Bets",value:800', 'Action:"Bets"', 1), "value"),
        (TWO_HANDS.replace('{Seat:5,Action:"Checks"}', "{Seat:5}", 1), "Action"),
    ):
        spaced = broken.replace(",", ", ")
        for text in (broken, spaced):
            first = replay_online_text(text, "show.txt")[0]
            assert first.outcome is Outcome.UNREADABLE
            assert f"not a well-formed hand (KeyError('{key}'))" in first.message
            assert "show.txt" in first.message and "line 2" in first.message
