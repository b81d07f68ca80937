"""Full Tilt Poker files read in place from ../shared/data/hh/FTP.

Each test asserts the figures the site printed: the stakes in the header,
the collected amounts and the readers' reasons for what cannot be dealt.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, Reason, replay_online_file
from holdem.history.online.outcome import OnlineReplay

FTP = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh" / "FTP"

pytestmark = pytest.mark.skipif(
    not FTP.is_dir(), reason=f"Full Tilt histories not found at {FTP}"
)


def _only(name: str) -> list[OnlineReplay]:
    path = FTP / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    return replay_online_file(path)


def test_R_POT_2_play_money_stakes_in_thousands_and_a_board_run_twice() -> None:
    # UTF-16: "500K/1000K", "Players agree to Run It Twice", "wins pot 1
    # (119,556,500)" and "wins pot 2 (119,556,500)", "Total pot 239,113,000"
    (result,) = _only("cash/NLHE-2max-play-500k-1000k-201104.large.pot.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None
    assert (hand.small_blind, hand.big_blind) == (500_000 * 100, 1_000_000 * 100)
    assert [(c.player, c.chips, c.run) for c in hand.collected] == [
        ("Player0", 119_556_500 * 100, 1),
        ("Player0", 119_556_500 * 100, 2),
    ]
    assert [" ".join(map(str, board)) for board in hand.runs] == [
        "8d 6c 7d Jd 9d",
        "8d 6c 7d 9s 3s",
    ]


def test_R_ANTE_1_stakes_with_an_ante_in_the_header() -> None:
    # "120/240 Ante 25": the walk pays Player0 415 (7 antes, both blinds)
    (result,) = _only("tour/NLHE-9max-MTT-USD-1-201305.deep.stack.guar.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None
    assert (hand.small_blind, hand.big_blind) == (120, 240)
    assert [(c.player, c.chips) for c in hand.collected] == [("Player0", 415)]


def test_R_BET_5_flipout_all_in_on_the_antes_checks_are_no_act() -> None:
    # "2B/2B Ante 2B": nine players all-in for their 3,000 antes; two print
    # "checks"; "Player1 wins the pot (27,000)"
    (result,) = _only("tour/NLHE-9max-Flipout-USD-300-201408.Entry 2.txt")
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None
    assert [(c.player, c.chips) for c in hand.collected] == [("Player1", 27_000)]


def test_observed_hand_without_stacks_is_malformed_with_its_reason() -> None:
    (result,) = _only("cash/NLHE-6max-USD-25-50.200610.Observed.No.player.stacks.txt")
    assert result.outcome is Outcome.UNREADABLE
    assert result.reason is Reason.MALFORMED
    assert "stacks are not printed" in result.message


def test_R_SHOW_4_hand_cut_short_takes_its_board_and_winner_from_the_summary() -> None:
    # the river and the win are printed only in the summary: "Board: [3h 9h
    # 6s Tc 2c]", "Player1 (button) showed [7d 7s] and won (250)"
    results = _only("tour/NLHE-6max-Matrix-USD-26-201211.match4.txt")
    (result,) = [r for r in results if r.hand_id == "31493022176"]
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    assert [(c.player, c.chips) for c in result.hand.collected] == [("Player1", 250)]


def test_R_BET_2_a_fold_printed_only_in_the_summary_is_taken_in_turn() -> None:
    # the action lines end before the small blind acts; the summary says
    # "Player3 (small blind) folded before the Flop" and "Player1 (big
    # blind) collected (30), mucked"
    results = _only("tour/NLHE-6max-Matrix-USD-26-201211.match1.txt")
    (result,) = [r for r in results if r.hand_id == "31493008322"]
    assert result.outcome is Outcome.AGREES, result.message
    assert result.hand is not None
    assert [(c.player, c.chips) for c in result.hand.collected] == [("Player1", 30)]
