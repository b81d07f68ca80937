"""How a protocol ``act`` names an engine action: bet vs raise (R-BET-1)."""

from __future__ import annotations

import pytest

from holdem.engine import LegalActions
from holdem.errors import IllegalActionError
from holdem.rules import Bet, Raise
from holdem.server.runner import _answer
from holdem.table import Decision, DecisionKind

pytestmark = pytest.mark.server

# seat, can_fold, can_check, call_amount, min_raise_to, max_raise_to, is_bet
OPEN = LegalActions(3, True, True, 0, 2, 200, True)  # nobody has bet yet
FACING = LegalActions(3, True, False, 2, 4, 200, False)  # facing the big blind


def decision(legal: LegalActions) -> Decision:
    return Decision(seat=3, kind=DecisionKind.BET, legal=legal)


def test_bet_when_nobody_has_bet_and_raise_when_facing_one() -> None:
    assert _answer(decision(OPEN), "bet", 10) == Bet(3, 10)
    assert _answer(decision(FACING), "raise", 10) == Raise(3, 10)


@pytest.mark.parametrize(
    ("legal", "action", "open_action"),
    [(FACING, "bet", "raise"), (OPEN, "raise", "bet")],
)
def test_the_other_word_is_refused_with_the_legal_actions(
    legal: LegalActions, action: str, open_action: str
) -> None:
    with pytest.raises(IllegalActionError) as refused:
        _answer(decision(legal), action, 10)
    assert refused.value.rule == "R-BET-1"
    assert refused.value.legal == legal
    assert f"cannot {action}" in str(refused.value)
    assert repr(open_action) in str(refused.value)
