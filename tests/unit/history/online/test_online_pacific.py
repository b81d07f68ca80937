"""888poker text: parsing and replay on a hand written here.

Every expected amount is read off the printed text.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from online_real_files import agrees, real_hand, replay_real

from holdem.history.online import Outcome, PostKind, detect, replay_online_text
from holdem.history.online.pacific import PARSER, _is_french

HAND = """\
#Game No : 190602877
***** Cassava Hand History for Game 190602877 *****
$10/$20 Blinds No Limit Holdem - *** 17 02 2012 00:11:28
Tournament #36216773 Free - Table #296 (Real Money)
Seat 5 is the button
Total number of players : 9
Seat 1: Player1 ( $750 )
Seat 2: Hero ( $750 )
Seat 4: Player3 ( $750 )
Seat 5: Player4 ( $750 )
Seat 6: Player5 ( $750 )
Seat 7: Player6 ( $750 )
Seat 9: Player7 ( $750 )
Player5 posts small blind [$10]
Player6 posts big blind [$20]
** Dealing down cards **
Player7 calls [$20]
Player1 folds
Hero folds
Player3 folds
Player4 raises [$90]
Player5 folds
Player6 folds
Player7 calls [$70]
** Dealing flop ** [ Qs, 3c, 5h ]
Player7 bets [$105]
Player4 folds
** Summary **
Player7 collected [ $210 ]
"""


def test_detects_888poker_text() -> None:
    assert detect(HAND) is PARSER


def test_parses_posts_raises_and_collected() -> None:
    (text,) = PARSER.split(HAND, "888.txt")
    hand = PARSER.parse(text)
    assert (hand.hand_id, hand.button, hand.is_tournament) == ("190602877", 5, True)
    assert (hand.small_blind, hand.big_blind) == (10, 20)
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Player5", PostKind.SMALL_BLIND, 10),
        ("Player6", PostKind.BIG_BLIND, 20),
    ]
    raise_ = hand.actions[4]
    assert (raise_.player, raise_.chips) == ("Player4", 90)  # [$90] added, to 90
    assert [(c.player, c.chips) for c in hand.collected] == [("Player7", 210)]


def test_unprinted_uncalled_bet_agrees() -> None:
    # 90 + 90 + 10 + 20 = 210; the 105 bet comes back unprinted
    (result,) = replay_online_text(HAND, "888.txt")
    assert result.outcome is Outcome.AGREES


def test_wrong_collected_differs() -> None:
    wrong = HAND.replace("collected [ $210 ]", "collected [ $250 ]")
    (result,) = replay_online_text(wrong, "888.txt")
    assert result.outcome is Outcome.DIFFERS


def test_R_BET_7_return_over_an_all_in_blind_is_printed_as_collected() -> None:
    # hand 418361264 ($5/$10 fixed limit): Player0's $10 big blind is all
    # it has; Hero raises to $20 and the small blind folds. Hero's $10
    # over the blind comes back, printed "Hero collected [ $10 ]"; Player0
    # collects $23.75 of the $25 pot ($1.25 rake)
    (result,) = [
        r
        for r in replay_real(
            "PacificPoker/cash/888-FHE-USD-5-10-201203.all.in.blind.txt"
        )
        if r.hand_id == "418361264"
    ]
    assert result.hand is not None
    collected = sorted((c.player, c.chips) for c in result.hand.collected)
    assert collected == [("Hero", 1000), ("Player0", 2375)]
    assert agrees(result), result.message


def test_R_HISTORY_1_observed_real_hands_have_no_hero() -> None:
    # the file prints no Dealt to line in any of its 43 hands: an observer's
    hand = real_hand("PacificPoker/cash/888-FLH-USD-0.02-0.04.txt", "311161683")
    assert (hand.table, hand.hero) == ("Table Guarapuava (Real Money)", None)
    # a seat named Hero, but no Dealt to line: the text names no owner
    seated = real_hand(
        "PacificPoker/tour/NLHE-FREE-MTT-$75Freeroll20120217.txt", "190602877"
    )
    assert seated.hero is None


@given(
    st.lists(st.sampled_from(["[", "]", " ", "7p", "8t", "Kc", "10k", "x", ",", "\n"]))
)
def test_french_suits_are_found_where_the_bracket_pattern_finds_them(
    parts: list[str],
) -> None:
    # the pattern the reader searched each hand with before: the oracle
    line = "".join(parts)
    shown = re.compile(r"\[[^\]\n]*?(?:10|[2-9TJQKA])[ptk]\b[^\]\n]*\]")
    assert _is_french(line) is (shown.search(line) is not None)
