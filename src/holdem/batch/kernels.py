"""The rules of one hand as numba functions over the batch arrays.

Each function takes one hand's rows of the arrays ``layout`` describes
(``scal[i]``, ``per[i]``, ``cards[i]``, ``events[i]``) and does what the
reference engine does in the method of the same name (``holdem.engine``:
``compute_legal``, ``_do_betting``, ``_next_to_act``, ``_end_street``,
``_do_deal_board``); ``showdown.py`` holds the showdown and the award. They
check nothing: the caller gives legal decisions (``legal`` says which). Every
batch hand is held to the reference by replay (``holdem.batch.oracle``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from holdem.batch.layout import (
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
    S_RUNOUT,
    S_STREET,
    S_TO_ACT,
    S_UNCAPPED,
)

__all__ = ["apply_decision", "deal_board", "emit", "legal", "start_hand"]

Array = npt.NDArray[Any]


@njit(cache=True, nogil=True, boundscheck=False)
def emit(scal: Array, ev: Array, kind: int, a: int, b: int, c: int, d: int) -> None:
    """Append one event row ``(kind, a, b, c, d)`` if the log has room."""
    k = scal[S_EVENTS]
    if k < ev.shape[0]:
        ev[k, 0] = kind
        ev[k, 1] = a
        ev[k, 2] = b
        ev[k, 3] = c
        ev[k, 4] = d
        scal[S_EVENTS] = k + 1
    elif ev.shape[0] > 0:
        scal[S_OVERFLOW] = 1


@njit(cache=True, nogil=True, boundscheck=False)
def start_hand(
    cfg: Array,
    blinds: Array,
    antes: Array,
    stacks: Array,
    scal: Array,
    per: Array,
    cards: Array,
    ev: Array,
) -> None:
    """Post the forced bets, deal the hole cards and give the first turn.

    As ``HandState(config, stacks)`` then ``run_dealer``: antes first, dead
    money (R-ANTE-1), then the blinds, each short seat all-in for what it
    has (R-ALLIN-BLIND); two rounds of hole cards from seat 0 (R-DEAL-1).
    """
    n = cfg[CFG_SEATS]
    scal[:] = 0
    per[:, :] = 0
    for s in range(n):
        per[P_STACK, s] = stacks[s]
        per[P_START, s] = stacks[s]
        per[P_ACTED_AT, s] = -1
    dead = 0
    for s in range(n):
        if antes[s]:
            posted = min(antes[s], per[P_STACK, s])
            per[P_STACK, s] -= posted
            per[P_ANTE, s] = posted
            dead += posted
            if per[P_STACK, s] == 0:
                per[P_ALL_IN, s] = 1
            emit(scal, ev, EV_POST_ANTE, s, posted, 0, 0)
    scal[S_DEAD] = dead
    for s in range(n):
        if blinds[s]:
            posted = min(blinds[s], per[P_STACK, s])
            per[P_STACK, s] -= posted
            per[P_COMMITTED, s] = posted
            per[P_CONTRIBUTED, s] = posted
            if per[P_STACK, s] == 0:
                per[P_ALL_IN, s] = 1
            emit(scal, ev, EV_POST_BLIND, s, posted, 0, 0)
    top = cfg[CFG_TOP_BLIND]
    scal[S_CURRENT] = top
    scal[S_LAST_RAISE] = max(top, cfg[CFG_MIN_BET])
    scal[S_FL_BASE] = top
    scal[S_RAISE_COUNT] = 1 if top else 0
    scal[S_LAST_AGGRESSOR] = -1
    able = 0
    for s in range(n):
        if not per[P_ALL_IN, s]:
            able += 1
    scal[S_ABLE] = able
    for s in range(n):
        emit(scal, ev, EV_DEAL_HOLE, s, cards[s], cards[s + n], 0)
    next_to_act(cfg, scal, per, cards, ev, cfg[CFG_FIRST])
    while scal[S_PHASE] == PH_DEALING:
        deal_board(cfg, scal, per, cards, ev)


@njit(cache=True, nogil=True, boundscheck=False)
def _has_caller(n: int, per: Array, seat: int, current: int) -> bool:
    # R-BET-5: some opponent could put in more than the current bet
    for s in range(n):
        if (
            s != seat
            and per[P_STACK, s] > 0
            and per[P_STACK, s] + per[P_COMMITTED, s] > current
            and not per[P_FOLDED, s]
        ):
            return True
    return False


@njit(cache=True, nogil=True, boundscheck=False)
def legal(
    cfg: Array, scal: Array, per: Array
) -> tuple[bool, bool, int, int, int, bool]:
    """The legal actions of the seat to act (as ``engine.legal.compute_legal``).

    Returns:
        ``(can_fold, can_check, call_amount, min_to, max_to, is_bet)``;
        ``min_to`` and ``max_to`` are -1 when no bet or raise is allowed
        (R-BET-1, R-BET-5, R-NL-1..3, R-PL-1, R-FL-1..3).
    """
    n = cfg[CFG_SEATS]
    seat = scal[S_TO_ACT]
    stack = per[P_STACK, seat]
    committed = per[P_COMMITTED, seat]
    current = scal[S_CURRENT]
    owed = current - committed
    can_check = owed <= 0
    call_amount = 0 if can_check else min(owed, stack)
    total = stack + committed
    fixed = cfg[CFG_STRUCTURE] == FIXED_LIMIT
    raises = False
    if total > current and scal[S_ABLE] > 1 and _has_caller(n, per, seat, current):
        acted_at = per[P_ACTED_AT, seat]
        if fixed:
            # R-FL-3: a full bet since it acted reopens; R-FL-2: the cap
            if not (acted_at >= 0 and acted_at >= scal[S_FL_BASE]):
                cap = cfg[CFG_CAP]
                raises = cap < 0 or scal[S_UNCAPPED] == 1 or scal[S_RAISE_COUNT] < cap
        else:
            # R-NL-3: reopened only by a full raise since it acted
            raises = acted_at < 0 or current - acted_at >= scal[S_LAST_RAISE]
    min_to = -1
    max_to = -1
    if raises:
        if fixed:
            unit = cfg[CFG_SMALL_BET] if scal[S_STREET] < 2 else cfg[CFG_BIG_BET]
            to = max(scal[S_FL_BASE] + unit, current + 1)
            min_to = min(to, total)
            max_to = min_to
        else:
            min_to = current + scal[S_LAST_RAISE]
            if cfg[CFG_STRUCTURE] == POT_LIMIT:
                pot = scal[S_DEAD]
                for s in range(n):
                    pot += per[P_CONTRIBUTED, s]
                pot_to = current + pot + max(owed, 0)  # R-PL-1
                max_to = min(total, pot_to if pot_to > min_to else min_to)
            else:
                max_to = total
            if min_to > max_to:  # all-in for less than a full raise
                min_to = max_to
    can_fold = cfg[CFG_FOLD_FREE] == 1 or not can_check
    return can_fold, can_check, call_amount, min_to, max_to, current == 0


@njit(cache=True, nogil=True, boundscheck=False)
def apply_decision(
    cfg: Array,
    scal: Array,
    per: Array,
    cards: Array,
    ev: Array,
    kind: int,
    to: int,
) -> None:
    """Carry out a legal decision of the seat to act (as ``_do_betting``).

    ``kind`` is ``D_FOLD``, ``D_CHECK_CALL`` or ``D_RAISE`` (a bet when
    nothing is bet yet) to a street total of ``to`` chips. Then passes the
    turn on (R-BET-4) and deals the streets due; a hand that reaches the
    showdown (or is won unseen) is left in ``PH_SHOWDOWN`` for
    ``showdown.finish``.
    """
    seat = scal[S_TO_ACT]
    current = scal[S_CURRENT]
    n = cfg[CFG_SEATS]
    if kind == D_FOLD:
        emit(scal, ev, EV_FOLD, seat, 0, 0, 0)
        per[P_FOLDED, seat] = 1
        scal[S_ABLE] -= 1
        per[P_ACTED_AT, seat] = current
        left = 0
        for s in range(n):
            if not per[P_FOLDED, s]:
                left += 1
        if left == 1:
            end_street(cfg, scal, per, cards, ev)
        else:
            next_to_act(cfg, scal, per, cards, ev, seat + 1)
    elif kind == D_CHECK_CALL:
        committed = per[P_COMMITTED, seat]
        if committed >= current:
            emit(scal, ev, EV_CHECK, seat, 0, 0, 0)
        else:
            emit(scal, ev, EV_CALL, seat, 0, 0, 0)
            chips = current - committed
            if chips >= per[P_STACK, seat]:
                chips = per[P_STACK, seat]
                per[P_ALL_IN, seat] = 1
                scal[S_ABLE] -= 1
            per[P_STACK, seat] -= chips
            per[P_COMMITTED, seat] += chips
            per[P_CONTRIBUTED, seat] += chips
        per[P_ACTED_AT, seat] = current
        next_to_act(cfg, scal, per, cards, ev, seat + 1)
    else:
        emit(scal, ev, EV_BET if current == 0 else EV_RAISE, seat, to, 0, 0)
        chips = to - per[P_COMMITTED, seat]
        per[P_STACK, seat] -= chips
        per[P_COMMITTED, seat] = to
        per[P_CONTRIBUTED, seat] += chips
        if per[P_STACK, seat] == 0:
            per[P_ALL_IN, seat] = 1
            scal[S_ABLE] -= 1
        increment = to - current
        if cfg[CFG_STRUCTURE] == FIXED_LIMIT:
            unit = cfg[CFG_SMALL_BET] if scal[S_STREET] < 2 else cfg[CFG_BIG_BET]
            # R-FL-3: an all-in of half a bet or more counts as a raise
            if to >= scal[S_FL_BASE] + unit or 2 * increment >= unit:
                scal[S_FL_BASE] = to
                scal[S_RAISE_COUNT] += 1
        elif increment >= scal[S_LAST_RAISE]:
            scal[S_LAST_RAISE] = increment  # R-NL-2; a short all-in: R-NL-4
        scal[S_CURRENT] = to
        scal[S_LAST_AGGRESSOR] = seat
        per[P_ACTED_AT, seat] = to
        next_to_act(cfg, scal, per, cards, ev, seat + 1)
    while scal[S_PHASE] == PH_DEALING:
        deal_board(cfg, scal, per, cards, ev)


@njit(cache=True, nogil=True, boundscheck=False)
def next_to_act(
    cfg: Array, scal: Array, per: Array, cards: Array, ev: Array, start: int
) -> None:
    """Give the turn to the first seat from ``start`` that must act (R-BET-4)."""
    n = cfg[CFG_SEATS]
    able = scal[S_ABLE]
    current = scal[S_CURRENT]
    if (
        cfg[CFG_STRUCTURE] == FIXED_LIMIT
        and able <= 2
        and scal[S_UNCAPPED] == 0
        and cfg[CFG_HU_UNCAPPED] == 1
        and (cfg[CFG_CAP] < 0 or scal[S_RAISE_COUNT] < cfg[CFG_CAP])
    ):
        scal[S_UNCAPPED] = 1  # R-FL-2: heads-up before the cap
    for k in range(n):
        seat = (start + k) % n
        if per[P_FOLDED, seat] or per[P_ALL_IN, seat]:
            continue
        committed = per[P_COMMITTED, seat]
        if able == 1 and committed < current:
            # R-BET-5: against all-in players only, a seat that matched every
            # chip they could put in has nothing left to decide
            top = 0
            for s in range(n):
                if s != seat and per[P_COMMITTED, s] > top:
                    top = per[P_COMMITTED, s]
            if committed >= top:
                continue
        if committed < current or (per[P_ACTED_AT, seat] < 0 and able > 1):
            scal[S_TO_ACT] = seat
            scal[S_PHASE] = PH_BETTING
            return
    end_street(cfg, scal, per, cards, ev)


@njit(cache=True, nogil=True, boundscheck=False)
def end_street(cfg: Array, scal: Array, per: Array, cards: Array, ev: Array) -> None:
    """Return the uncalled bet, then deal on, show down or award (R-BET-7)."""
    n = cfg[CFG_SEATS]
    current = scal[S_CURRENT]
    matched = 0
    for s in range(n):
        if per[P_COMMITTED, s] == current:
            matched += 1
    if matched <= 1:
        # the part of the largest bet that nobody matched (uncalled_bet)
        top = 0
        second = 0
        top_seat = 0
        for s in range(n):
            chips = per[P_COMMITTED, s]
            if chips > top:
                second = top
                top = chips
                top_seat = s
            elif chips > second:
                second = chips
        back = top - second
        if back:
            per[P_STACK, top_seat] += back
            per[P_COMMITTED, top_seat] -= back
            per[P_CONTRIBUTED, top_seat] -= back
            if per[P_ALL_IN, top_seat]:
                per[P_ALL_IN, top_seat] = 0
                scal[S_ABLE] += 1
            emit(scal, ev, EV_RETURN, top_seat, back, 0, 0)
    left = 0
    for s in range(n):
        per[P_COMMITTED, s] = 0
        if not per[P_FOLDED, s]:
            left += 1
    scal[S_TO_ACT] = -1
    if left == 1:
        scal[S_PHASE] = PH_SHOWDOWN  # R-SHOW-1: won unseen (showdown.finish)
        return
    if scal[S_ABLE] <= 1 and scal[S_RUNOUT] == 0:
        scal[S_RUNOUT] = 1  # R-BET-5, R-SHOW-3: no more betting; face up
        for s in range(n):
            if not per[P_FOLDED, s] and not per[P_SHOWN, s]:
                per[P_SHOWN, s] = 1
                emit(scal, ev, EV_SHOW_ALL_IN, s, cards[s], cards[s + n], 0)
    scal[S_PHASE] = PH_SHOWDOWN if scal[S_STREET] == 3 else PH_DEALING


@njit(cache=True, nogil=True, boundscheck=False)
def deal_board(
    cfg: Array,
    scal: Array,
    per: Array,
    cards: Array,
    ev: Array,
) -> None:
    """Burn and deal the next street, then open its betting (R-DEAL-2, R-BET-3).

    The cards come from ``cards`` after the hole cards: burn, flop, burn,
    turn, burn, river. After an all-in run-out the river goes straight to
    the showdown (R-SHOW-3).
    """
    n = cfg[CFG_SEATS]
    street = scal[S_STREET] + 1
    base = 2 * n
    if street == 1:
        emit(scal, ev, EV_DEAL_BOARD, cards[base], cards[base + 1],
             cards[base + 2], cards[base + 3])  # fmt: skip
    else:
        at = base + 2 * street
        emit(scal, ev, EV_DEAL_BOARD, cards[at], cards[at + 1], -1, -1)
    scal[S_STREET] = street
    scal[S_CURRENT] = 0
    scal[S_LAST_RAISE] = cfg[CFG_MIN_BET]
    scal[S_FL_BASE] = 0
    scal[S_RAISE_COUNT] = 0
    scal[S_UNCAPPED] = 0
    scal[S_LAST_AGGRESSOR] = -1
    for s in range(n):
        per[P_COMMITTED, s] = 0
        per[P_ACTED_AT, s] = -1
    if scal[S_RUNOUT]:
        if street == 3:
            scal[S_PHASE] = PH_SHOWDOWN
        return
    scal[S_PHASE] = PH_BETTING
    next_to_act(cfg, scal, per, cards, ev, 0)


def board_codes(cards: Array, seats: int) -> npt.NDArray[np.int64]:
    """The five board cards of a hand's ``cards`` row (flop, turn, river)."""
    base = 2 * seats
    return np.asarray(cards)[[base + 1, base + 2, base + 3, base + 5, base + 7]]
