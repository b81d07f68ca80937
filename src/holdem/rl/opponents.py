"""Opponents inside a single-agent environment: the table's bots or the user's.

An opponent is either a table ``Bot`` (``decide(TableView)``, as
``RandomBot``, ``TightAggressiveBot`` or a ``BaseBot`` subclass) or a plain
callable ``(SeatView) -> PlayerAction``. Either sees the hand only through
``HandState.view(seat)`` (R-HISTORY-1).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Union

from holdem.engine import HandState, SeatView
from holdem.errors import IllegalActionError, InvalidInputError
from holdem.rules.actions import Bet, Call, Check, Fold, PlayerAction, Raise
from holdem.table.bots import Bot
from holdem.table.decisions import Decision, DecisionKind, TableView

__all__ = ["Opponent", "opponent_action"]

Opponent = Union[Bot, Callable[[SeatView], PlayerAction]]  # noqa: UP007
"""A table ``Bot`` or a callable from the seat's view to its action."""

_BETTING_ACTIONS = (Fold, Check, Call, Bet, Raise)


def opponent_action(
    opponent: Opponent, state: HandState, hand_number: int
) -> PlayerAction:
    """Ask ``opponent`` for the betting action of the seat to act.

    The table's bots are asked as a table asks them: hand seats are table
    seats here, the button is the last seat.

    Raises:
        IllegalActionError: if the answer is not a betting action of the
            seat to act (its legality is the engine's to check).
        InvalidInputError: if ``opponent`` is neither a bot nor a callable.
    """
    legal = state.legal_actions()
    seat = legal.seat
    view = state.view(seat)
    decide = getattr(opponent, "decide", None)
    if decide is not None:
        n = state.seats
        table_view = TableView(
            seat=seat,
            hand_number=hand_number,
            button=n - 1,
            big_blind=0 if n == 2 else 1,
            stack=state.stacks[seat],
            decision=Decision(seat, DecisionKind.BET, legal),
            seats=tuple(range(n)),
            hand_seat=seat,
            hand=view,
        )
        answer: object = decide(table_view)
    elif callable(opponent):
        answer = opponent(view)
    else:
        raise InvalidInputError(
            f"an opponent is a Bot (decide(view)) or a callable(view), got"
            f" {opponent!r:.60}"
        )
    if not isinstance(answer, _BETTING_ACTIONS) or answer.seat != seat:
        raise IllegalActionError(
            f"the opponent at seat {seat} answered {answer!r:.60}; a betting"
            f" action of seat {seat} is expected. Legal: {legal} [R-BET-1]",
            legal=legal,
            rule="R-BET-1",
        )
    return answer
