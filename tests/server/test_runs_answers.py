"""R-RIT-1 in the room: a table's run-it-twice option and the page's answer."""

from __future__ import annotations

import pytest

from holdem.errors import InvalidInputError
from holdem.server.config import TableSpec
from holdem.server.encode import decision_json
from holdem.server.runner import _answer, _timeout_answer
from holdem.table import ChooseRuns, Decision, DecisionKind

pytestmark = pytest.mark.server

RUNS = Decision(seat=4, kind=DecisionKind.RUNS, runs=2)


def test_R_RIT_1_the_page_names_the_runs_and_silence_runs_it_once() -> None:
    assert _answer(RUNS, "runs", 2) == ChooseRuns(4, 2)
    assert _timeout_answer(RUNS) == ChooseRuns(4, 1)
    assert decision_json(RUNS)["runs"] == 2
    with pytest.raises(InvalidInputError, match="R-RIT-1"):
        _answer(RUNS, "runs", "2")


def test_R_RIT_1_a_table_spec_offers_up_to_three_runs() -> None:
    spec = TableSpec.from_json({"name": "RIT", "max_runs": 2})
    assert spec.table_config().game.max_runs == 2
    assert TableSpec(name="plain").table_config().game.max_runs == 1
    with pytest.raises(InvalidInputError, match="R-RIT-1"):
        TableSpec(name="too many", max_runs=4)
