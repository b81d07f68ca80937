"""Recorded hands whose own lines show them broken: malformed, not our rules.

Each real hand in ../shared/data/hh (read in place) is one the replay used
to call "our rules"; the lines quoted in the comments are the file's own.
A relabel rule applies only to a hand the engine refuses under our rules,
so these hands are checked too for the reason text naming the broken lines.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, Reason, replay_online_file
from holdem.history.online.outcome import OnlineReplay

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"real hand histories not found at {DATA}"
)


def _hand(name: str, hand_id: str) -> OnlineReplay:
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"real hand history not found at {path}")
    (result,) = [r for r in replay_online_file(path) if r.hand_id == hand_id]
    return result


def _malformed(result: OnlineReplay) -> str:
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.MALFORMED, result.message
    return result.message


def test_R_BET_4_a_bet_after_both_players_checked_the_flop() -> None:
    # Plays: Seat 4 "Checks", Seat 1 "Checks", then Seat 4 "Bets" 2000 on
    # the same flop: no "Deal" of a turn between (The Big Game)
    message = _malformed(_hand("TheBigGame/cash/TheBigGame.S1E02.txt", "d2h95"))
    assert "Player4 bet 2000" in message
    assert "the record closes the flop betting" in message
    assert "prints no turn before this play" in message


def test_R_BET_4_a_flop_bet_printed_without_the_flop_line() -> None:
    # "Small Blind : Raises $40", "Big Blind : Folds", "UTG+3 : Calls $20",
    # then "Small Blind : Bets $20" with no "*** FLOP ***" line; the summary
    # says "UTG+3 Folded on the FLOP" and shows "Board [Kd 9s 5c  ]"
    message = _malformed(
        _hand(
            "Bovada/cash/LHE-9max-USD - $20-$40 - 201204.limit.blinds.txt", "2599656336"
        )
    )
    assert message.startswith("line 29: Small Blind bet 20.00")
    assert "the record closes the pre-flop betting at line 28" in message
    assert "prints no flop before this play" in message


def test_R_BET_4_a_bet_after_the_pre_flop_raise_was_called() -> None:
    # "Big Blind : Raises 2600", "UTG+4 : Call 900", "Big Blind : Bets 5300"
    # with no "*** FLOP ***" line (the summary prints "Board [2s 2d Ad  ]")
    message = _malformed(
        _hand("Bovada/tour/NLHE-9max-USD-3-201208.raises.timout.txt", "2648848668")
    )
    assert "the record closes the pre-flop betting at line 36" in message


def test_R_BET_4_an_all_in_raise_reopening_stays_our_rules() -> None:
    # "Player7 raises [ 375 Chips]" (all-in, after an incomplete all-in
    # raise) then "Player4 calls [ 9 Chips]": the plays leave the round
    # open; our engine closes it (R-NL-3), so the difference is ours
    result = _hand("Everleaf/tour/TID_1627660-1.txt", "282031476")
    assert result.reason is Reason.OUR_RULES
    assert "closes the" not in result.message


def test_R_BET_2_a_fold_out_of_turn_with_the_first_play_missing() -> None:
    # flop "Deal" h9 c3 d5, then Seat 2 (Player7) "Folds" and Seat 1
    # (Player1, first to act on the flop) "Wins": no play of Player1 printed
    message = _malformed(_hand("TheBigGame/cash/TheBigGame.S1E05.txt", "d5h79"))
    assert "the fold of Player7 never came to act" in message
    assert "no play of Player1 on the flop" in message


def test_R_BLIND_1_the_same_blinds_posted_twice_join_two_hands() -> None:
    # line 10 "Dealer : RaisBovada Hand #3260003105: ...": a cut line, and
    # the next hand's "Dealer [ME] : Ante/Small blind 10" (line 18) read in
    # the same hand as "Dealer : Ante/Small blind 10" (line 5)
    message = _malformed(
        _hand(
            "Bovada/tour/NLHE-HU-USD-STT - $20-$1 - 201509.partial.hand.txt",
            "3260004104",
        )
    )
    assert "Dealer posts the small blind twice (lines 5 and 18)" in message


def test_R_BLIND_2_a_small_blind_above_the_big_blind_is_corrupt() -> None:
    # "Holdem NL ($0.02/$0.04)", "Player1: Post SB $3.74", "Hero: Post BB $0.04"
    message = _malformed(
        _hand(
            "PokerTracker/cash/NLHE-6max-USD-0.02-0.04-201412.Merge.weird.allin.sb"
            ".corrupted.txt",
            "80257431-64",
        )
    )
    assert "line 8: Player1 posts a small blind of 3.74" in message
    assert "more than the big blind of 0.04" in message


def test_R_BET_1_a_play_after_the_players_own_fold() -> None:
    # Seat 6 (Player5) folds pre-flop (line 16), then calls on the river
    message = _malformed(
        _hand(
            "Merge/cash/NLHE-6max-USD-1.00-2.00-201308.player.acts.after.fold.txt",
            "71732021-1470",
        )
    )
    assert "Player5 plays (call) after folding at line 16" in message


@pytest.mark.parametrize(
    ("name", "hand_id", "twice"),
    [
        (
            "PartyPoker/tour/NLHE-MTT-USD-50-5-202104.anon.txt",
            "161938625156465v9fyd47bg",
            "Player5 plays twice in a row (raise, then raise) (lines 25 and 26)",
        ),
        (
            "PartyPoker/tour/NLHE-MTT-USD-50-5-202104.bad.math.txt",
            "1618961225358jrdwo4ad458",
            "Hero plays twice in a row (bet, then raise) (lines 25 and 26)",
        ),
    ],
)
def test_R_BET_2_one_players_two_plays_in_a_row(
    name: str, hand_id: str, twice: str
) -> None:
    assert twice in _malformed(_hand(name, hand_id))


def test_R_POT_4_a_negative_rake_is_the_sites_printed_result() -> None:
    # SB 1.00, BB 2.00, SB "RAISE amount 5.00", BB folds: the site pays the
    # winner more than our engine's pot: never a rule of ours
    result = _hand(
        "Merge/cash/NLHE-USD-1.00-2.00-201009.addCallandRaise.format.txt",
        "27626183-2",
    )
    assert result.reason is Reason.SITE_RESULT
    assert "the site pays 5.00, 1.00 more than the pot" in result.message
    assert "a rake cannot be negative" in result.message


def test_R_POT_4_a_negative_rake_in_tournament_chips() -> None:
    result = _hand(
        "PartyPoker/tour/NLHE-MTT-USD-100-9-202104.anon.txt", "16194828757579au6ou93d1"
    )
    assert result.reason is Reason.SITE_RESULT
    assert "a rake cannot be negative" in result.message


def test_street_names_in_the_deal_message() -> None:
    # <round id="POSTFLOP"> has no community cards; Hero's pre-flop check is
    # printed there: still ours to say, but in the words a player reads
    result = _hand(
        "Merge/cash/NLHE-6max-USD-0.02-0.04.201107.no.community.xml", "35035866-453"
    )
    assert result.reason is Reason.OUR_RULES
    assert "the site deals the flop while our engine waits for Hero" in result.message
