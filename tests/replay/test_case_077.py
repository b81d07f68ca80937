"""Case 077: a river bet larger than the caller's stack, as a PHH record.

../shared/cases/077-river-uncalled-part-returned-hand-history.md (read in
place with its .phh): S1 bets 300 on the river, S3 calls all-in for 244. The
56 nobody matched goes back to S1 before the pot is awarded (R-BET-7), so
the pot is 582 and the finishing stacks are S1 310, S2 798, S3 582. A record
that leaves the 56 in the pot (S1 254, S3 638) must be reported as differing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli
from holdem.engine import AwardPot, ReturnUncalled
from holdem.history import Outcome, load, loads, replay_history

CASES = Path(__file__).resolve().parents[2] / ".." / "shared" / "cases"
CASE = CASES / "077-river-uncalled-part-returned.phh"

pytestmark = pytest.mark.skipif(
    not CASE.is_file(), reason=f"case 077 not found at {CASE} (../shared/cases)"
)

RECORDED = "finishing_stacks = [310, 798, 582]"
LEFT_IN_POT = "finishing_stacks = [254, 798, 638]"


def test_replay_reproduces_the_record_R_BET_7() -> None:
    history = load(CASE)
    assert history.finishing_stacks == (310, 798, 582)  # the case's table
    result = replay_history(history)
    assert result.outcome is Outcome.REPRODUCED, result.message
    state = result.state
    assert state is not None
    assert state.stacks == [310, 798, 582]
    # The case's figures: 56 of S1's 300 goes back; S3 wins the 582 pot.
    returned = [e for e in state.events if isinstance(e, ReturnUncalled)]
    assert [(e.seat, e.chips) for e in returned] == [(0, 56)]
    awards = [e for e in state.events if isinstance(e, AwardPot)]
    assert [(e.amount, e.shares) for e in awards] == [(582, ((2, 582),))]
    # S1 put in 290 and lost 290, not 346 (R-BET-6: S3 matched only 244).
    assert state.starting_stacks[0] - state.stacks[0] == 290


def test_record_leaving_the_uncalled_part_in_the_pot_differs() -> None:
    text = CASE.read_text(encoding="utf-8")
    assert RECORDED in text
    result = replay_history(loads(text.replace(RECORDED, LEFT_IN_POT)))
    assert result.outcome is Outcome.DIFFER
    assert result.message == (
        "finishing_stacks differ after the last action:"
        " p1 expected 254 got 310, p3 expected 638 got 582"
    )


def test_holdem_replay_reports_both(tmp_path: Path) -> None:
    wrong = tmp_path / "077-left-in-pot.phh"
    text = CASE.read_text(encoding="utf-8")
    wrong.write_text(text.replace(RECORDED, LEFT_IN_POT), encoding="utf-8")
    result = CliRunner().invoke(cli, ["replay", str(CASE), str(wrong)])
    assert result.output.splitlines() == [
        f"{wrong} hand 1: differ: finishing_stacks differ after the last action:"
        " p1 expected 254 got 310, p3 expected 638 got 582",
        "2 hands: 1 reproduced, 1 differ, 0 illegal, 0 unreadable",
    ]
    assert result.exit_code == 1
