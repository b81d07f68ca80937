"""PokerStars hands run twice, read in place from ../shared/data/hh.

After the all-in the board is dealt twice; each pot is split between the runs
and each half is awarded on its own board (R-POT-1..3 per run). The figures
asserted are the site's printed ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import Outcome, Reason, replay_online_file
from holdem.history.online.files import replay_online_text

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"
RUN_TWICE = DATA / "Stars" / "cash" / "NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt"

pytestmark = pytest.mark.skipif(
    not RUN_TWICE.is_file(),
    reason=f"PokerStars run-twice hand not found at {RUN_TWICE}",
)


def _text() -> str:
    return RUN_TWICE.read_bytes().decode("cp1252")


def test_R_POT_2_run_twice_each_run_pays_half_the_pot_after_the_rake() -> None:
    (result,) = replay_online_file(RUN_TWICE)
    assert result.outcome is Outcome.AGREES, result.message
    hand = result.hand
    assert hand is not None
    # "Total pot €225.32 | Rake €2.15"; Hero collected €111.59 then €111.58
    assert (hand.total_pot, hand.rake) == (22532, 215)
    assert [(c.player, c.chips, c.run) for c in hand.collected] == [
        ("Hero", 11159, 1),
        ("Hero", 11158, 2),
    ]
    assert [" ".join(map(str, board)) for board in hand.runs] == [
        "Js 9h Jh Qs 2d",
        "Js 9h Jh Qs 5h",
    ]


def test_R_POT_2_run_twice_a_run_paid_wrong_differs() -> None:
    # the two runs' amounts swapped: the totals still add up, the runs do not
    text = _text().replace("collected €111.59", "collected €111.5x")
    text = text.replace("collected €111.58", "collected €111.59")
    text = text.replace("collected €111.5x", "collected €111.58")
    (result,) = replay_online_text(text, "swapped")
    assert result.outcome is Outcome.DIFFERS
    assert result.reason is Reason.OUR_RULES
    assert "run 1 of the board" in result.message


def _split_boards(first_run_to: str, second_run_to: str) -> str:
    """The hand with Player1 holding Ks Ts and the second river the Qd.

    On the first board (Js 9h Jh Qs 2d) Ks Ts makes a king-high straight and
    beats Hero's three jacks; on the second (Js 9h Jh Qs Qd) Hero's jacks
    full of queens win.
    """
    text = _text().replace("mucked [9s Ah]", "mucked [Ks Ts]")
    text = text.replace("[Js 9h Jh Qs] [5h]", "[Js 9h Jh Qs] [Qd]")
    text = text.replace(
        "SECOND Board [Js 9h Jh Qs 5h]", "SECOND Board [Js 9h Jh Qs Qd]"
    )
    text = text.replace("Hero collected €111.59", f"{first_run_to} collected €111.59")
    return text.replace("Hero collected €111.58", f"{second_run_to} collected €111.58")


def test_R_SHOW_4_run_twice_each_board_has_its_own_winner() -> None:
    (result,) = replay_online_text(_split_boards("Player1", "Hero"), "split")
    assert result.outcome is Outcome.AGREES, result.message
    (result,) = replay_online_text(_split_boards("Hero", "Player1"), "swapped")
    assert result.outcome is Outcome.DIFFERS
    assert "run 1 of the board: Hero collects 111.59 on the site" in result.message
