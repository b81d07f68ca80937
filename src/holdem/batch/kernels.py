"""The rules of one hand as numba functions over the batch arrays.

Each function takes one hand's rows of the arrays ``layout`` describes
(``hands[i]``, ``events[i]``) and does what the
reference engine does in the method of the same name (``holdem.engine``:
``compute_legal``, ``_do_betting``, ``_next_to_act``, ``_end_street``,
``_do_deal_board``); ``showdown.py`` holds the showdown and the award. They
check nothing: the caller gives legal decisions (``legal`` says which). Every
batch hand is held to the reference by replay (``holdem.batch.oracle``).
"""

from __future__ import annotations

from typing import Any

import numpy.typing as npt
from numba import njit

from holdem.batch.jit import kernel
from holdem.batch.layout import (
    CARDS,
    CFG_BIG_BET,
    CFG_CAP,
    CFG_FIRST,
    CFG_FOLD_FREE,
    CFG_HU_UNCAPPED,
    CFG_MIN_BET,
    CFG_SEATS,
    CFG_SMALL_BET,
    CFG_STRUCTURE,
    CFG_TOP_BLIND,
    D_CHECK_CALL,
    D_FOLD,
    EV_BET,
    EV_CALL,
    EV_CHECK,
    EV_DEAL_BOARD,
    EV_DEAL_HOLE,
    EV_FOLD,
    EV_POST_ANTE,
    EV_POST_BLIND,
    EV_RAISE,
    EV_RETURN,
    EV_SHOW_ALL_IN,
    FIXED_LIMIT,
    P_ACTED_AT,
    P_ALL_IN,
    P_ANTE,
    P_ANTE_OWED,
    P_BLIND,
    P_COMMITTED,
    P_CONTRIBUTED,
    P_FOLDED,
    P_SHOWN,
    P_STACK,
    P_START,
    PH_BETTING,
    PH_DEALING,
    PH_SHOWDOWN,
    POT_LIMIT,
    S_ABLE,
    S_CURRENT,
    S_DEAD,
    S_EVENTS,
    S_FL_BASE,
    S_LAST_AGGRESSOR,
    S_LAST_RAISE,
    S_OVERFLOW,
    S_PHASE,
    S_RAISE_COUNT,
    S_RNG,
    S_RUNOUT,
    S_STREET,
    S_TO_ACT,
    S_UNCAPPED,
)

__all__ = ["apply_decision", "deal_board", "emit", "legal", "start_hand"]

Array = npt.NDArray[Any]


@njit(cache=True, nogil=True, boundscheck=False, inline="always")
def emit(h: Array, ev: Array, kind: int, a: int, b: int, c: int, d: int) -> None:
    """Append one event row ``(kind, a, b, c, d)`` if the log has room."""
    k = h[S_EVENTS]
    if k < ev.shape[0]:
        ev[k, 0] = kind
        ev[k, 1] = a
        ev[k, 2] = b
        ev[k, 3] = c
        ev[k, 4] = d
        h[S_EVENTS] = k + 1
    elif ev.shape[0] > 0:
        h[S_OVERFLOW] = 1


@kernel
def start_hand(h: Array, ev: Array) -> None:
    """Post the forced bets, deal the hole cards and give the first turn.

    ``h`` holds the game, the policies, the cards and the starting stacks
    (``P_START``); the rest is set here. As ``HandState(config, stacks)``
    then ``run_dealer``: antes first, dead money (R-ANTE-1), then the blinds,
    each short seat all-in for what it has (R-ALLIN-BLIND); two rounds of
    hole cards from seat 0 (R-DEAL-1).
    """
    n = h[CFG_SEATS]
    for f in range(S_RNG):
        h[f] = 0
    for s in range(n):
        h[P_STACK + s] = h[P_START + s]
        h[P_ACTED_AT + s] = -1
        for f in (P_COMMITTED, P_CONTRIBUTED, P_FOLDED, P_ALL_IN, P_ANTE, P_SHOWN):
            h[f + s] = 0
    dead = 0
    for s in range(n):
        if h[P_ANTE_OWED + s]:
            posted = min(h[P_ANTE_OWED + s], h[P_STACK + s])
            h[P_STACK + s] -= posted
            h[P_ANTE + s] = posted
            dead += posted
            if h[P_STACK + s] == 0:
                h[P_ALL_IN + s] = 1
            emit(h, ev, EV_POST_ANTE, s, posted, 0, 0)
    h[S_DEAD] = dead
    for s in range(n):
        if h[P_BLIND + s]:
            posted = min(h[P_BLIND + s], h[P_STACK + s])
            h[P_STACK + s] -= posted
            h[P_COMMITTED + s] = posted
            h[P_CONTRIBUTED + s] = posted
            if h[P_STACK + s] == 0:
                h[P_ALL_IN + s] = 1
            emit(h, ev, EV_POST_BLIND, s, posted, 0, 0)
    top = h[CFG_TOP_BLIND]
    h[S_CURRENT] = top
    h[S_LAST_RAISE] = max(top, h[CFG_MIN_BET])
    h[S_FL_BASE] = top
    h[S_RAISE_COUNT] = 1 if top else 0
    h[S_LAST_AGGRESSOR] = -1
    able = 0
    for s in range(n):
        if not h[P_ALL_IN + s]:
            able += 1
    h[S_ABLE] = able
    for s in range(n):
        emit(h, ev, EV_DEAL_HOLE, s, h[CARDS + s], h[CARDS + s + n], 0)
    next_to_act(h, ev, h[CFG_FIRST])
    while h[S_PHASE] == PH_DEALING:
        deal_board(h, ev)


@njit(cache=True, nogil=True, boundscheck=False, inline="always")
def _has_caller(n: int, h: Array, seat: int, current: int) -> bool:
    # R-BET-5: some opponent could put in more than the current bet
    for s in range(n):
        if (
            s != seat
            and h[P_STACK + s] > 0
            and h[P_STACK + s] + h[P_COMMITTED + s] > current
            and not h[P_FOLDED + s]
        ):
            return True
    return False


@njit(cache=True, nogil=True, boundscheck=False, inline="always")
def legal(h: Array) -> tuple[bool, bool, int, int, int, bool]:
    """The legal actions of the seat to act (as ``engine.legal.compute_legal``).

    Returns:
        ``(can_fold, can_check, call_amount, min_to, max_to, is_bet)``;
        ``min_to`` and ``max_to`` are -1 when no bet or raise is allowed
        (R-BET-1, R-BET-5, R-NL-1..3, R-PL-1, R-FL-1..3).
    """
    n = h[CFG_SEATS]
    seat = h[S_TO_ACT]
    stack = h[P_STACK + seat]
    committed = h[P_COMMITTED + seat]
    current = h[S_CURRENT]
    owed = current - committed
    can_check = owed <= 0
    call_amount = 0 if can_check else min(owed, stack)
    total = stack + committed
    fixed = h[CFG_STRUCTURE] == FIXED_LIMIT
    raises = False
    if total > current and h[S_ABLE] > 1 and _has_caller(n, h, seat, current):
        acted_at = h[P_ACTED_AT + seat]
        if fixed:
            # R-FL-3: a full bet since it acted reopens; R-FL-2: the cap
            if not (acted_at >= 0 and acted_at >= h[S_FL_BASE]):
                cap = h[CFG_CAP]
                raises = cap < 0 or h[S_UNCAPPED] == 1 or h[S_RAISE_COUNT] < cap
        else:
            # R-NL-3: reopened only by a full raise since it acted
            raises = acted_at < 0 or current - acted_at >= h[S_LAST_RAISE]
    min_to = -1
    max_to = -1
    if raises:
        if fixed:
            unit = h[CFG_SMALL_BET] if h[S_STREET] < 2 else h[CFG_BIG_BET]
            to = max(h[S_FL_BASE] + unit, current + 1)
            min_to = min(to, total)
            max_to = min_to
        else:
            min_to = current + h[S_LAST_RAISE]
            if h[CFG_STRUCTURE] == POT_LIMIT:
                pot = h[S_DEAD]
                for s in range(n):
                    pot += h[P_CONTRIBUTED + s]
                pot_to = current + pot + max(owed, 0)  # R-PL-1
                max_to = min(total, pot_to if pot_to > min_to else min_to)
            else:
                max_to = total
            if min_to > max_to:  # all-in for less than a full raise
                min_to = max_to
    can_fold = h[CFG_FOLD_FREE] == 1 or not can_check
    return can_fold, can_check, call_amount, min_to, max_to, current == 0


@njit(cache=True, nogil=True, boundscheck=False, inline="always")
def apply_decision(h: Array, ev: Array, kind: int, to: int) -> None:
    """Carry out a legal decision of the seat to act (as ``_do_betting``).

    ``kind`` is ``D_FOLD``, ``D_CHECK_CALL`` or ``D_RAISE`` (a bet when
    nothing is bet yet) to a street total of ``to`` chips. Then passes the
    turn on (R-BET-4) and deals the streets due; a hand that reaches the
    showdown (or is won unseen) is left in ``PH_SHOWDOWN`` for
    ``showdown.finish``.
    """
    seat = h[S_TO_ACT]
    current = h[S_CURRENT]
    n = h[CFG_SEATS]
    if kind == D_FOLD:
        emit(h, ev, EV_FOLD, seat, 0, 0, 0)
        h[P_FOLDED + seat] = 1
        h[S_ABLE] -= 1
        h[P_ACTED_AT + seat] = current
        left = 0
        for s in range(n):
            if not h[P_FOLDED + s]:
                left += 1
        if left == 1:
            end_street(h, ev)
        else:
            next_to_act(h, ev, seat + 1)
    elif kind == D_CHECK_CALL:
        committed = h[P_COMMITTED + seat]
        if committed >= current:
            emit(h, ev, EV_CHECK, seat, 0, 0, 0)
        else:
            emit(h, ev, EV_CALL, seat, 0, 0, 0)
            chips = current - committed
            if chips >= h[P_STACK + seat]:
                chips = h[P_STACK + seat]
                h[P_ALL_IN + seat] = 1
                h[S_ABLE] -= 1
            h[P_STACK + seat] -= chips
            h[P_COMMITTED + seat] += chips
            h[P_CONTRIBUTED + seat] += chips
        h[P_ACTED_AT + seat] = current
        next_to_act(h, ev, seat + 1)
    else:
        emit(h, ev, EV_BET if current == 0 else EV_RAISE, seat, to, 0, 0)
        chips = to - h[P_COMMITTED + seat]
        h[P_STACK + seat] -= chips
        h[P_COMMITTED + seat] = to
        h[P_CONTRIBUTED + seat] += chips
        if h[P_STACK + seat] == 0:
            h[P_ALL_IN + seat] = 1
            h[S_ABLE] -= 1
        increment = to - current
        if h[CFG_STRUCTURE] == FIXED_LIMIT:
            unit = h[CFG_SMALL_BET] if h[S_STREET] < 2 else h[CFG_BIG_BET]
            # R-FL-3: an all-in of half a bet or more counts as a raise
            if to >= h[S_FL_BASE] + unit or 2 * increment >= unit:
                h[S_FL_BASE] = to
                h[S_RAISE_COUNT] += 1
        elif increment >= h[S_LAST_RAISE]:
            h[S_LAST_RAISE] = increment  # R-NL-2; a short all-in: R-NL-4
        h[S_CURRENT] = to
        h[S_LAST_AGGRESSOR] = seat
        h[P_ACTED_AT + seat] = to
        next_to_act(h, ev, seat + 1)
    while h[S_PHASE] == PH_DEALING:
        deal_board(h, ev)


@njit(cache=True, nogil=True, boundscheck=False, inline="always")
def next_to_act(h: Array, ev: Array, start: int) -> None:
    """Give the turn to the first seat from ``start`` (0..n) that must act (R-BET-4)."""
    n = h[CFG_SEATS]
    able = h[S_ABLE]
    current = h[S_CURRENT]
    if (
        h[CFG_STRUCTURE] == FIXED_LIMIT
        and able <= 2
        and h[S_UNCAPPED] == 0
        and h[CFG_HU_UNCAPPED] == 1
        and (h[CFG_CAP] < 0 or h[S_RAISE_COUNT] < h[CFG_CAP])
    ):
        h[S_UNCAPPED] = 1  # R-FL-2: heads-up before the cap
    seat = start - 1
    for _ in range(n):
        seat += 1  # clockwise from start, without a division
        if seat >= n:
            seat -= n
        if h[P_FOLDED + seat] or h[P_ALL_IN + seat]:
            continue
        committed = h[P_COMMITTED + seat]
        if able == 1 and committed < current:
            # R-BET-5: against all-in players only, a seat that matched every
            # chip they could put in has nothing left to decide
            top = 0
            for s in range(n):
                if s != seat and h[P_COMMITTED + s] > top:
                    top = h[P_COMMITTED + s]
            if committed >= top:
                continue
        if committed < current or (h[P_ACTED_AT + seat] < 0 and able > 1):
            h[S_TO_ACT] = seat
            h[S_PHASE] = PH_BETTING
            return
    end_street(h, ev)


@kernel
def end_street(h: Array, ev: Array) -> None:
    """Return the uncalled bet, then deal on, show down or award (R-BET-7)."""
    n = h[CFG_SEATS]
    current = h[S_CURRENT]
    matched = 0
    for s in range(n):
        if h[P_COMMITTED + s] == current:
            matched += 1
    if matched <= 1:
        # the part of the largest bet that nobody matched (uncalled_bet)
        top = 0
        second = 0
        top_seat = 0
        for s in range(n):
            chips = h[P_COMMITTED + s]
            if chips > top:
                second = top
                top = chips
                top_seat = s
            elif chips > second:
                second = chips
        back = top - second
        if back:
            h[P_STACK + top_seat] += back
            h[P_COMMITTED + top_seat] -= back
            h[P_CONTRIBUTED + top_seat] -= back
            if h[P_ALL_IN + top_seat]:
                h[P_ALL_IN + top_seat] = 0
                h[S_ABLE] += 1
            emit(h, ev, EV_RETURN, top_seat, back, 0, 0)
    left = 0
    for s in range(n):
        h[P_COMMITTED + s] = 0
        if not h[P_FOLDED + s]:
            left += 1
    h[S_TO_ACT] = -1
    if left == 1:
        h[S_PHASE] = PH_SHOWDOWN  # R-SHOW-1: won unseen (showdown.finish)
        return
    if h[S_ABLE] <= 1 and h[S_RUNOUT] == 0:
        h[S_RUNOUT] = 1  # R-BET-5, R-SHOW-3: no more betting; face up
        for s in range(n):
            if not h[P_FOLDED + s] and not h[P_SHOWN + s]:
                h[P_SHOWN + s] = 1
                emit(h, ev, EV_SHOW_ALL_IN, s, h[CARDS + s], h[CARDS + s + n], 0)
    h[S_PHASE] = PH_SHOWDOWN if h[S_STREET] == 3 else PH_DEALING


@kernel
def deal_board(h: Array, ev: Array) -> None:
    """Burn and deal the next street, then open its betting (R-DEAL-2, R-BET-3).

    The cards come from ``h[CARDS:]`` after the hole cards: burn, flop, burn,
    turn, burn, river. After an all-in run-out the river goes straight to
    the showdown (R-SHOW-3).
    """
    n = h[CFG_SEATS]
    street = h[S_STREET] + 1
    base = 2 * n
    if street == 1:
        emit(
            h,
            ev,
            EV_DEAL_BOARD,
            h[CARDS + base],
            h[CARDS + base + 1],
            h[CARDS + base + 2],
            h[CARDS + base + 3],
        )
    else:
        at = base + 2 * street
        emit(h, ev, EV_DEAL_BOARD, h[CARDS + at], h[CARDS + at + 1], -1, -1)
    h[S_STREET] = street
    h[S_CURRENT] = 0
    h[S_LAST_RAISE] = h[CFG_MIN_BET]
    h[S_FL_BASE] = 0
    h[S_RAISE_COUNT] = 0
    h[S_UNCAPPED] = 0
    h[S_LAST_AGGRESSOR] = -1
    for s in range(n):
        h[P_COMMITTED + s] = 0
        h[P_ACTED_AT + s] = -1
    if h[S_RUNOUT]:
        if street == 3:
            h[S_PHASE] = PH_SHOWDOWN
        return
    h[S_PHASE] = PH_BETTING
    next_to_act(h, ev, 0)
