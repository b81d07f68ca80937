"""numba kernels of the vector environment: observations and abstract actions.

``observe`` writes the hero's observation of every row as
``ObservationEncoder`` lays it out (the hero's own hole cards and the board
only, R-HISTORY-1; chips in big blinds) and its action mask; ``resolve``
maps abstract action ids (``holdem.batch.layout.ABSTRACT_ACTIONS``: fold,
call, min-raise, 1/2 pot, pot, all-in) to decisions as
``ActionAbstraction.resolve`` does.
"""

from __future__ import annotations

from typing import Any

import numpy.typing as npt
from numba import njit

from holdem.batch.kernels import legal
from holdem.batch.layout import (
    CARDS,
    CFG_SEATS,
    D_CHECK_CALL,
    D_FOLD,
    D_RAISE,
    P_COMMITTED,
    P_CONTRIBUTED,
    P_FOLDED,
    P_STACK,
    PH_BETTING,
    PH_COMPLETE,
    S_DEAD,
    S_PHASE,
    S_STREET,
    S_TO_ACT,
)

__all__ = ["observe", "resolve"]

Array = npt.NDArray[Any]
_BOARD_SEEN = (0, 3, 4, 5)  # board cards dealt by street


@njit(cache=True, nogil=True, boundscheck=False)
def observe(hands: Array, hero: int, big_blind: float, obs: Array, mask: Array) -> None:
    """Fill ``obs[r]`` and ``mask[r]`` with the hero's view of row ``r``."""
    for r in range(hands.shape[0]):
        h = hands[r]
        n = h[CFG_SEATS]
        o = obs[r]
        o[:] = 0.0
        o[h[CARDS + hero]] = 1.0
        o[h[CARDS + hero + n]] = 1.0
        base = CARDS + 2 * n
        street = h[S_STREET]
        seen = 0 if street == 0 else street + 2
        for k in range(seen):
            o[52 + h[base + (1, 2, 3, 5, 7)[k]]] = 1.0
        at = 104
        o[at + street] = 1.0
        at += 4
        o[at + hero] = 1.0
        at += n
        complete = h[S_PHASE] == PH_COMPLETE
        pot = h[S_DEAD]
        for s in range(n):
            o[at + s] = h[P_STACK + s] / big_blind
            o[at + n + s] = 0.0 if complete else h[P_COMMITTED + s] / big_blind
            o[at + 2 * n + s] = h[P_FOLDED + s]
            pot += h[P_CONTRIBUTED + s]
        at += 3 * n
        betting = h[S_PHASE] == PH_BETTING
        if betting:
            o[at + h[S_TO_ACT]] = 1.0
        at += n
        o[at] = 0.0 if complete else pot / big_blind
        at += 1
        m = mask[r]
        m[:] = 0
        if betting and h[S_TO_ACT] == hero:
            can_fold, can_check, call, low, high, _ = legal(h)
            o[at] = can_fold
            o[at + 1] = can_check
            o[at + 2] = call / big_blind
            o[at + 3] = max(low, 0) / big_blind
            o[at + 4] = max(high, 0) / big_blind
            m[0] = can_fold
            m[1] = 1
            for k in range(2, 6):
                m[k] = low >= 0


@njit(cache=True, nogil=True, boundscheck=False)
def resolve(
    hands: Array, active: Array, ids: Array, kinds: Array, tos: Array, adjusted: Array
) -> None:
    """The decision of abstract action ``ids[r]`` in each active row.

    As ``ActionAbstraction.resolve``: a fold that is not allowed checks; a
    size is the current total plus the fraction of the pot after calling,
    clamped to the legal range; a raise when none is allowed checks or
    calls; ``adjusted[r]`` says the id was not legal as given (R-BET-1,
    R-NL-1, R-NL-2, R-PL-1, R-FL-1).
    """
    for r in range(hands.shape[0]):
        if not active[r]:
            continue
        h = hands[r]
        can_fold, _, call, low, high, _ = legal(h)
        action = ids[r]
        adjusted[r] = False
        tos[r] = 0
        if action == 0:
            if can_fold:
                kinds[r] = D_FOLD
            else:
                kinds[r] = D_CHECK_CALL
                adjusted[r] = True
            continue
        if action == 1:
            kinds[r] = D_CHECK_CALL
            continue
        seat = h[S_TO_ACT]
        current = h[P_COMMITTED + seat] + call
        if action == 2:
            target = low if low >= 0 else current
        elif action == 5:
            target = high if high >= 0 else current
        else:
            pot = h[S_DEAD]
            for s in range(h[CFG_SEATS]):
                pot += h[P_CONTRIBUTED + s]
            num = 1 if action == 3 else 2
            target = current + (num * (pot + call)) // 2
        if low < 0:
            kinds[r] = D_CHECK_CALL
            adjusted[r] = True
            continue
        clamped = min(max(target, low), high)
        kinds[r] = D_RAISE
        tos[r] = clamped
        adjusted[r] = clamped != target
