# ruff: noqa: E501  (hand histories are quoted verbatim, long header lines included)
"""Bovada text: parsing and replay on hands written here.

Every expected amount is read off the printed text.
"""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st
from online_real_files import agrees, replay_real

from holdem.history.online import (
    OnlineReplay,
    Outcome,
    PostKind,
    detect,
    replay_online_text,
)
from holdem.history.online.bovada import _ME, PARSER

ZONE = """\
Bovada Hand #4101241030  Zone Poker ID#1708 HOLDEMZonePoker No Limit - 2021-04-11 01:51:42
Seat 1: UTG+1 ($28.45 in chips)
Seat 2: UTG+2 ($58.27 in chips)
Seat 3: Dealer ($30.21 in chips)
Seat 4: Small Blind ($24.38 in chips)
Seat 5: Big Blind [ME] ($25 in chips)
Seat 6: UTG ($28.40 in chips)
Dealer : Set dealer [3]
Small Blind : Small Blind $0.10
Big Blind  [ME] : Big blind $0.25
*** HOLE CARDS ***
UTG+1 : Card dealt to a spot [4s Qh]
Small Blind : Card dealt to a spot [Qs Qd]
Big Blind  [ME] : Card dealt to a spot [4c Kh]
Dealer : Leave(Auto)
UTG : Folds
UTG+1 : Folds
UTG+2 : Folds
Dealer : Folds
Small Blind : Raises $0.65 to $0.75
Big Blind  [ME] : Folds
Small Blind : Return uncalled portion of bet $0.50
Small Blind : Does not show [Qs Qd] (High Card)
Small Blind : Hand result $0.50
Enter(Auto)
*** SUMMARY ***
"""

# Bovada repeats some action lines; the flop bet of 1405 is one all-in bet.
REPEATED = """\
Bovada Hand #3152355148: HOLDEM Tournament #11451100 TBL#1, No Limit- Level 3 (25/50) - 2015-03-02 11:50:50
Seat 1: Dealer (2,975 in chips)
Seat 2: Small Blind [ME] (1,605 in chips)
Seat 3: Big Blind (2,950 in chips)
Seat 4: UTG (1,470 in chips)
Dealer : Set dealer/Bring in spot [1]
Small Blind [ME] : Ante/Small blind 25
Big Blind : Big blind/Bring in 50
*** HOLE CARDS ***
UTG : Folds
Dealer : Call 50
Small Blind [ME] : Raises 175 to 200
Big Blind : Folds
Dealer : Call 150
*** FLOP *** [4c 8s 9d]
Small Blind [ME] : All-in 1405
Small Blind [ME] : All-in 1405
Dealer : Call 1405
Dealer : Call 1405
*** TURN *** [4c 8s 9d] [Td]
*** RIVER *** [4c 8s 9d Td] [2s]
Small Blind [ME] : Showdown [Ah Ad] (One pair)
Dealer : Showdown [Kh Kd] (One pair)
Small Blind [ME] : Hand result 3260
*** SUMMARY ***
Total Pot(3260)
"""


def test_detects_bovada_text() -> None:
    assert detect(ZONE) is PARSER


def test_parses_positions_posts_and_results_in_cents() -> None:
    (text,) = PARSER.split(ZONE, "zone.txt")
    hand = PARSER.parse(text)
    assert (hand.site, hand.hand_id) == ("Bovada", "4101241030")
    assert (hand.small_blind, hand.big_blind) == (10, 25)
    assert [(p.player, p.kind, p.chips) for p in hand.posts] == [
        ("Small Blind", PostKind.SMALL_BLIND, 10),
        ("Big Blind", PostKind.BIG_BLIND, 25),
    ]
    assert hand.uncalled == (("Small Blind", 50),)
    assert [(c.player, c.chips) for c in hand.collected] == [("Small Blind", 50)]


def test_uncalled_bet_and_hand_result_agree() -> None:
    (result,) = replay_online_text(ZONE, "zone.txt")
    assert result.outcome is Outcome.AGREES


def test_repeated_lines_count_once() -> None:
    # 1405 + 200 from each, 50 from the big blind: 3260 to the aces
    (result,) = replay_online_text(REPEATED, "stt.txt")
    assert result.outcome is Outcome.AGREES
    assert result.hand is not None
    assert len(result.hand.actions) == 7


def test_unknown_player_line_is_unreadable() -> None:
    broken = ZONE.replace("UTG+2 : Folds", "UTG+9 : Folds")
    (result,) = replay_online_text(broken, "zone.txt")
    assert result.outcome is Outcome.UNREADABLE
    assert (
        "zone.txt" in result.message and "line 18" in result.message
    )  # the 18th line of ZONE


STARS_HAND = """\
PokerStars Hand #1: Hold'em No Limit ($0.05/$0.10 USD) - 2009/11/25 6:00:00 ET
Table 'Orion' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts small blind $0.05
Bob: posts big blind $0.10
*** HOLE CARDS ***
Ann: folds
Uncalled bet ($0.05) returned to Bob
Bob collected $0.10 from pot
*** SUMMARY ***
Total pot $0.10 | Rake $0
"""


def test_a_hand_of_another_site_inside_a_bovada_file_is_not_passed_over() -> None:
    """A file holding a Bovada hand, then a PokerStars hand: Bovada passes
    over lines without " : " (table messages), and used to read the whole
    PokerStars hand as such (its hands lost, exit 0). The line where the
    other hand starts makes the Bovada hand unreadable, named."""
    # Bovada hands first, past the 4,000 characters detect reads
    copies = 4000 // len(ZONE) + 1
    bovada = (ZONE.rstrip("\n") + "\n\n") * copies
    results = replay_online_text(bovada + STARS_HAND, "mixed.txt")
    assert len(results) == copies
    assert all(r.outcome is Outcome.AGREES for r in results[:-1])
    last = results[-1]
    assert last.outcome is Outcome.UNREADABLE
    line = len(bovada.splitlines()) + 1
    assert f"line {line}: a hand of another format starts here" in last.message
    assert "PokerStars Hand #1:" in last.message


def _real(relative: str, hand_id: str) -> OnlineReplay:
    (result,) = [r for r in replay_real(relative) if r.hand_id == hand_id]
    return result


def test_R_ANTE_1_all_in_among_the_antes_is_an_ante() -> None:
    # hand 2697696244: "UTG : All-in 12" among the 120 "Ante chip" lines,
    # with 12 in chips: UTG antes all it has and plays for the main pot
    relative = (
        "Bovada/tour/NLHE-9max-USD-MTT - No Limit Holdem (Rebuy) - $2-$0.25 - "
        "201301.allin.ante.txt"
    )
    result = _real(relative, "2697696244")
    assert result.hand is not None
    ante = [p for p in result.hand.posts if p.player == "UTG"]
    assert [(p.kind, p.chips, p.is_all_in) for p in ante] == [(PostKind.ANTE, 12, True)]
    assert not [a for a in result.hand.actions if a.player == "UTG"]
    assert agrees(result), result.message


def test_R_ANTE_1_heads_up_big_blind_all_in_for_less_than_the_ante() -> None:
    # hand 2690849153: the big blind's 166 all-in before the dealer's 240
    # ante; the dealer gets 74 back and wins the 332 pot
    relative = "Bovada/tour/NLHE-9max-USD-10-201211.ante.all.in.txt"
    result = _real(relative, "2690849153")
    assert result.hand is not None
    assert result.hand.uncalled == (("Dealer", 74),)
    assert agrees(result), result.message


def test_R_TABLE_6_dead_chip_over_the_big_blind_posts_both_blinds() -> None:
    # hand 2629952702 ($0.10/$0.25): "UTG : Posts dead chip $0.35" is the
    # missed big blind live and the small blind dead, so UTG checks; the
    # dealer raises to 1.50 and the big blind calls 1.25 more
    relative = (
        "Bovada/cash/NLHE-USD-0.10-0.25-201209.RING - $0.10-$0.25 - .post.both.txt"
    )
    result = _real(relative, "2629952702")
    assert result.hand is not None
    posts = [(p.player, p.kind, p.chips) for p in result.hand.posts]
    assert ("UTG", PostKind.SMALL_AND_BIG_BLINDS, 35) in posts
    assert agrees(result), result.message


@given(
    st.lists(st.sampled_from(["UTG+2", " ", "  ", "\t", "[ME]", "[", "]", "ME", "x"]))
)
def test_me_marks_are_removed_as_the_plain_pattern_removes_them(
    parts: list[str],
) -> None:
    # the pattern the reader removed " [ME]" with before: the oracle
    name = "".join(parts)
    assert _ME.sub("", name) == re.compile(r"\s+\[ME\]").sub("", name)
