"""The end of a batch hand: the order of the showdown, the pots, the award.

As the reference engine's ``showdown.show_order``, ``betting.pots.side_pots``
and ``stack_pots`` (through ``hand_pots``) and ``showdown.award``: every hand
still in shows in turn (the batch engine's players never muck), then each
pot, main pot first, goes to its best hands, ranked with the evaluator's
tables (``holdem.eval.kernels.rank_hand``), odd chips by the game's rule.
"""

from __future__ import annotations

from typing import Any

import numpy.typing as npt
from numba import njit

from holdem.batch.jit import kernel
from holdem.batch.kernels import emit
from holdem.batch.layout import (
    CARDS,
    CFG_ONE_AT_A_TIME,
    CFG_SEATS,
    EV_AWARD,
    EV_SHOW,
    P_ALL_IN,
    P_ANTE,
    P_CONTRIBUTED,
    P_FOLDED,
    P_SHOWN,
    P_STACK,
    PH_COMPLETE,
    S_DEAD,
    S_LAST_AGGRESSOR,
    S_PHASE,
    S_RUNOUT,
    S_TO_ACT,
    SCRATCH,
)
from holdem.eval.kernels import rank_hand

__all__ = ["finish"]

Array = npt.NDArray[Any]


# scratch space of the showdown in the hand's row (layout.SCRATCH)
_ORDER = SCRATCH  # 10 seats in the order they show
_KEYS = SCRATCH + 10  # their sort keys
_LEVELS = SCRATCH + 20  # a layer's all-in levels
_RANKS = SCRATCH + 30  # the hand rank of each seat still in
_HAND = SCRATCH + 40  # 7 cards being ranked
_AMOUNTS = SCRATCH + 48  # up to 11 pots
_MASKS = SCRATCH + 60  # the seats that can win each pot, as bits


@kernel
def _show_all(h: Array, ev: Array) -> None:
    """Show every hand still in, in the order of R-SHOW-2 (``show_order``).

    The river's last bettor first, else the first active seat left of the
    button; then the last side pot's players clockwise, then those all-in
    for earlier pots, the pot reached last shown last (Robert's Rules).
    """
    n = h[CFG_SEATS]
    runout = h[S_RUNOUT] == 1
    active_top = -1
    live_top = -1
    first_active = -1
    for s in range(n):
        if h[P_FOLDED + s]:
            continue
        c = h[P_CONTRIBUTED + s]
        live_top = max(live_top, c)
        if not runout and not h[P_ALL_IN + s]:
            active_top = max(active_top, c)
            if first_active < 0:
                first_active = s
    top = active_top if first_active >= 0 else live_top
    first = h[S_LAST_AGGRESSOR]
    if first < 0:
        first = first_active
        if first < 0:
            for s in range(n):
                if not h[P_FOLDED + s] and h[P_CONTRIBUTED + s] >= top:
                    first = s
                    break
    # sort the seats still in by (pot reached last, clockwise from first)
    count = 0
    for s in range(n):
        if h[P_FOLDED + s]:
            continue
        after = s - first  # seats clockwise from first, without a division
        if after < 0:
            after += n
        key = -min(h[P_CONTRIBUTED + s], top) * n + after
        j = count
        while j > 0 and h[_KEYS + j - 1] > key:
            h[_KEYS + j] = h[_KEYS + j - 1]
            h[_ORDER + j] = h[_ORDER + j - 1]
            j -= 1
        h[_KEYS + j] = key
        h[_ORDER + j] = s
        count += 1
    for k in range(count):
        s = h[_ORDER + k]
        if not h[P_SHOWN + s]:
            h[P_SHOWN + s] = 1
            emit(h, ev, EV_SHOW, s, 0, 0, 0)


@njit(cache=True, nogil=True, boundscheck=False, inline="always")
def _add_pot(h: Array, count: int, amount: int, mask: int) -> int:
    # stack_pots: empty pots vanish; neighbours with the same seats are one
    if amount == 0:
        return count
    if count and h[_MASKS + count - 1] == mask:
        h[_AMOUNTS + count - 1] += amount
        return count
    h[_AMOUNTS + count] = amount
    h[_MASKS + count] = mask
    return count + 1


@kernel
def _side_pots(h: Array, field: int, count: int) -> int:
    """Add the pots of one layer (``h[field + seat]``: antes or bets; R-POT-1)."""
    n = h[CFG_SEATS]
    nlevels = 0
    most = 0
    for s in range(n):
        c = h[field + s]
        most = max(most, c)
        if h[P_FOLDED + s]:
            continue
        j = 0
        while j < nlevels and h[_LEVELS + j] != c:
            j += 1
        if j == nlevels:
            k = nlevels
            while k > 0 and h[_LEVELS + k - 1] > c:
                h[_LEVELS + k] = h[_LEVELS + k - 1]
                k -= 1
            h[_LEVELS + k] = c
            nlevels += 1
    previous = 0
    for li in range(nlevels):
        level = h[_LEVELS + li]
        top = level if li < nlevels - 1 else max(level, most)
        amount = 0
        mask = 0
        for s in range(n):
            c = h[field + s]
            if c > previous:
                amount += min(c, top) - previous
            if not h[P_FOLDED + s] and c >= level:
                mask |= 1 << s
        count = _add_pot(h, count, amount, mask)
        previous = top
    return count


@kernel
def finish(
    h: Array,
    ev: Array,
    keys: Array,
    suits: Array,
    flush: Array,
    nonflush: Array,
) -> None:
    """Show down and award every pot; the hand is then complete.

    ``keys``, ``suits``, ``flush`` and ``nonflush`` are the evaluator's
    seven-card tables (``holdem.eval.batch.key_tables()``, the suit row of
    seven cards, and ``compact_nonflush(7)``). Rules: R-SHOW-1, R-SHOW-2, R-POT-1..4.
    """
    n = h[CFG_SEATS]
    left = 0
    winner = 0
    for s in range(n):
        if not h[P_FOLDED + s]:
            left += 1
            winner = s
    h[S_PHASE] = PH_COMPLETE
    h[S_TO_ACT] = -1
    if left == 1:
        # R-SHOW-1: the last player wins every chip, unseen
        amount = h[S_DEAD]
        for s in range(n):
            amount += h[P_CONTRIBUTED + s]
        if amount:
            h[P_STACK + winner] += amount
            emit(h, ev, EV_AWARD, 0, amount, winner, amount)
        return
    _show_all(h, ev)
    count = 0
    if h[S_DEAD]:
        count = _side_pots(h, P_ANTE, count)  # R-ANTE-1
    count = _side_pots(h, P_CONTRIBUTED, count)
    base = CARDS + 2 * n
    h[_HAND + 2] = h[base + 1]
    h[_HAND + 3] = h[base + 2]
    h[_HAND + 4] = h[base + 3]
    h[_HAND + 5] = h[base + 5]
    h[_HAND + 6] = h[base + 7]
    for s in range(n):
        # every hand still in, up front: the lookups overlap in the CPU
        if not h[P_FOLDED + s]:
            h[_HAND] = h[CARDS + s]
            h[_HAND + 1] = h[CARDS + s + n]
            h[_RANKS + s] = rank_hand(h, _HAND, 7, keys, suits, flush, nonflush)
    one_at_a_time = h[CFG_ONE_AT_A_TIME] == 1
    for p in range(count):
        amount = h[_AMOUNTS + p]
        mask = h[_MASKS + p]
        best = -1
        winners = 0
        for s in range(n):
            if not (mask >> s) & 1:
                continue
            rank = h[_RANKS + s]
            if rank > best:
                best = rank
                winners = 1 << s
            elif rank == best:
                winners |= 1 << s
        ways = 0
        for s in range(n):
            ways += (winners >> s) & 1
        share = amount // ways
        odd = amount - share * ways
        k = 0
        for s in range(n):
            if not (winners >> s) & 1:
                continue
            # R-POT-3: odd chips to the winner nearest the button's left, or
            # one at a time clockwise from there (house option)
            if one_at_a_time:
                chips = share + (1 if k < odd else 0)
            else:
                chips = share + (odd if k == 0 else 0)
            k += 1
            h[P_STACK + s] += chips
            emit(h, ev, EV_AWARD, p, amount, s, chips)
