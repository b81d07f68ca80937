"""A betting round played in one go by deciders that answer from the legal actions.

A simulation asks each seat to act from ``legal_actions()`` and applies its
answer, decision after decision. ``play_betting`` does the same in one loop,
each answer through the hand's one check and one step (``is_legal``, then
the step ``apply`` carries out); an answer refused goes to ``apply``, which
refuses it with the reason and leaves the hand unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from holdem.engine.events import LegalActions, Phase
from holdem.engine.state import HandState
from holdem.errors import HoldemError
from holdem.rules.actions import PlayerAction

__all__ = ["Decider", "play_betting"]

Decider = Callable[[LegalActions], PlayerAction]
"""Answers a betting decision from the legal actions (hand seats)."""

_BETTING = Phase.BETTING


def play_betting(state: HandState, deciders: Sequence[Decider]) -> PlayerAction | None:
    """Ask ``deciders[seat]`` for every betting decision until betting stops.

    Stops when the hand leaves the betting phase: the dealer is to deal, the
    showdown starts or the hand is complete (R-BET-4, R-BET-7). Each answer
    is applied as ``state.apply`` would apply it.

    Args:
        state: a hand; nothing happens unless it is betting.
        deciders: one per hand seat, given the seat's ``LegalActions``.

    Returns:
        ``None``, or the first answer ``apply`` refused: the hand is then as
        it was before that answer, the same seat to act.
    """
    while state.phase is _BETTING:
        legal = state.legal_actions()
        action = deciders[legal.seat](legal)
        if state.is_legal(action):
            state._carry_out(action)
            continue
        try:
            state.apply(action)  # refused: apply raises with the reason
        except HoldemError:
            return action
    return None
