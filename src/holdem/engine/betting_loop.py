"""A betting round played in one go by deciders that answer from the legal actions.

A simulation asks each seat to act from ``legal_actions()`` and applies its
answer, decision after decision. ``play_betting`` does the same in one loop:
the legal actions are worked out once per decision, handed to the seat's
decider, and an answer taken from them (the shared ``fold()``,
``check_or_call()``, or ``raise_to`` a size inside them) is carried out
without a second look. Anything else goes through ``HandState.apply``, whose
full check either accepts it or refuses it with the reason (the state then
unchanged): the two paths agree by construction, and a test plays the same
hands through both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from holdem.engine.events import LegalActions, Phase
from holdem.engine.legal import compute_legal
from holdem.engine.state import HandState
from holdem.errors import HoldemError
from holdem.rules.actions import Bet, Call, Check, Fold, PlayerAction, Raise

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
        legal = state._legal
        if legal is None:
            legal = state._legal = compute_legal(state)
        seat = legal.seat
        action = deciders[seat](legal)
        kind = type(action)
        # apply's own tests, in one place per kind: the answer is one the
        # legal actions allow, from the seat to act; Check and Call are
        # carried out here as apply does, the rest by _do_betting
        if kind is Call or kind is Check:
            if (
                type(action.seat) is int
                and action.seat == seat
                and (kind is Check) == legal.can_check
            ):
                state._legal = None
                state.events.append(action)
                current = state.current_bet
                if kind is Call:
                    stacks, committed = state.stacks, state.committed
                    chips = current - committed[seat]
                    if chips >= stacks[seat]:
                        chips = stacks[seat]
                        state.all_in[seat] = True
                        state._able -= 1
                    stacks[seat] -= chips
                    committed[seat] += chips
                    state.contributed[seat] += chips
                state._acted_at[seat] = current
                state._next_to_act(seat + 1)
                continue
            ok = False
        elif kind is Fold:
            if legal.can_fold and type(action.seat) is int and action.seat == seat:
                # carried out as apply does (R-BET-4: the last one in wins)
                state._legal = None
                state.events.append(action)
                folded = state.folded
                folded[seat] = True
                state._able -= 1
                state._acted_at[seat] = state.current_bet
                if folded.count(False) == 1:
                    state._end_street()
                else:
                    state._next_to_act(seat + 1)
                continue
            ok = False
        elif kind is Raise or kind is Bet:
            to = action.to  # type: ignore[union-attr]
            low = legal.min_raise_to
            ok = (
                type(action.seat) is int
                and action.seat == seat
                and type(to) is int
                and low is not None
                and low <= to <= legal.max_raise_to  # type: ignore[operator]
                and (kind is Bet) == legal.is_bet
            )
        else:
            ok = False
        if ok:
            state._legal = None
            state.events.append(action)
            state._do_betting(action)  # type: ignore[arg-type]
            continue
        try:
            state.apply(action)
        except HoldemError:
            return action
    return None
