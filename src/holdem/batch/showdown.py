"""The end of a batch hand: the order of the showdown, the pots, the award.

As the reference engine's ``showdown.show_order``, ``betting.pots.side_pots``
and ``stack_pots`` (through ``hand_pots``) and ``showdown.award``: every hand
still in shows in turn (the batch engine's players never muck), then each
pot, main pot first, goes to its best hands, ranked with the evaluator's
tables (``holdem.eval.kernels.rank_hand``), odd chips by the game's rule.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from holdem.batch.kernels import emit
from holdem.batch.layout import (
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
)
from holdem.eval.kernels import rank_hand

__all__ = ["finish"]

Array = npt.NDArray[Any]


@njit(cache=True, nogil=True, boundscheck=False)
def _show_all(cfg: Array, scal: Array, per: Array, ev: Array) -> None:
    """Show every hand still in, in the order of R-SHOW-2 (``show_order``).

    The river's last bettor first, else the first active seat left of the
    button; then the last side pot's players clockwise, then those all-in
    for earlier pots, the pot reached last shown last (Robert's Rules).
    """
    n = cfg[CFG_SEATS]
    runout = scal[S_RUNOUT] == 1
    active_top = -1
    live_top = -1
    first_active = -1
    for s in range(n):
        if per[P_FOLDED, s]:
            continue
        c = per[P_CONTRIBUTED, s]
        live_top = max(live_top, c)
        if not runout and not per[P_ALL_IN, s]:
            active_top = max(active_top, c)
            if first_active < 0:
                first_active = s
    top = active_top if first_active >= 0 else live_top
    first = scal[S_LAST_AGGRESSOR]
    if first < 0:
        first = first_active
        if first < 0:
            for s in range(n):
                if not per[P_FOLDED, s] and per[P_CONTRIBUTED, s] >= top:
                    first = s
                    break
    # sort the seats still in by (pot reached last, clockwise from first)
    order = np.empty(n, np.int64)
    keys = np.empty(n, np.int64)
    count = 0
    for s in range(n):
        if per[P_FOLDED, s]:
            continue
        key = -min(per[P_CONTRIBUTED, s], top) * n + (s - first) % n
        j = count
        while j > 0 and keys[j - 1] > key:
            keys[j] = keys[j - 1]
            order[j] = order[j - 1]
            j -= 1
        keys[j] = key
        order[j] = s
        count += 1
    for k in range(count):
        s = order[k]
        if not per[P_SHOWN, s]:
            per[P_SHOWN, s] = 1
            emit(scal, ev, EV_SHOW, s, 0, 0, 0)


@njit(cache=True, nogil=True, boundscheck=False)
def _add_pot(amounts: Array, masks: Array, count: int, amount: int, mask: int) -> int:
    # stack_pots: empty pots vanish; neighbours with the same seats are one
    if amount == 0:
        return count
    if count and masks[count - 1] == mask:
        amounts[count - 1] += amount
        return count
    amounts[count] = amount
    masks[count] = mask
    return count + 1


@njit(cache=True, nogil=True, boundscheck=False)
def _side_pots(
    per: Array, field: int, n: int, amounts: Array, masks: Array, count: int
) -> int:
    """Add the pots of one layer (``per[field]``: antes or bets; R-POT-1)."""
    levels = np.empty(n, np.int64)
    nlevels = 0
    most = 0
    for s in range(n):
        c = per[field, s]
        most = max(most, c)
        if per[P_FOLDED, s]:
            continue
        j = 0
        while j < nlevels and levels[j] != c:
            j += 1
        if j == nlevels:
            k = nlevels
            while k > 0 and levels[k - 1] > c:
                levels[k] = levels[k - 1]
                k -= 1
            levels[k] = c
            nlevels += 1
    previous = 0
    for li in range(nlevels):
        level = levels[li]
        top = level if li < nlevels - 1 else max(level, most)
        amount = 0
        mask = 0
        for s in range(n):
            c = per[field, s]
            if c > previous:
                amount += min(c, top) - previous
            if not per[P_FOLDED, s] and c >= level:
                mask |= 1 << s
        count = _add_pot(amounts, masks, count, amount, mask)
        previous = top
    return count


@njit(cache=True, nogil=True, boundscheck=False)
def finish(
    cfg: Array,
    scal: Array,
    per: Array,
    cards: Array,
    ev: Array,
    keys: Array,
    suits: Array,
    flush: Array,
    nonflush: Array,
) -> None:
    """Show down and award every pot; the hand is then complete.

    ``keys``, ``suits``, ``flush`` and ``nonflush`` are the evaluator's
    seven-card tables (``holdem.eval.batch.numpy_tables(7)``, the suit row
    of seven cards). Rules: R-SHOW-1, R-SHOW-2, R-POT-1..4.
    """
    n = cfg[CFG_SEATS]
    left = 0
    winner = 0
    for s in range(n):
        if not per[P_FOLDED, s]:
            left += 1
            winner = s
    scal[S_PHASE] = PH_COMPLETE
    scal[S_TO_ACT] = -1
    if left == 1:
        # R-SHOW-1: the last player wins every chip, unseen
        amount = scal[S_DEAD]
        for s in range(n):
            amount += per[P_CONTRIBUTED, s]
        if amount:
            per[P_STACK, winner] += amount
            emit(scal, ev, EV_AWARD, 0, amount, winner, amount)
        return
    _show_all(cfg, scal, per, ev)
    amounts = np.zeros(2 * n + 2, np.int64)
    masks = np.zeros(2 * n + 2, np.int64)
    count = 0
    if scal[S_DEAD]:
        count = _side_pots(per, P_ANTE, n, amounts, masks, count)  # R-ANTE-1
    count = _side_pots(per, P_CONTRIBUTED, n, amounts, masks, count)
    ranks = np.full(n, -1, np.int64)
    hand = np.empty(7, np.int64)
    base = 2 * n
    hand[2] = cards[base + 1]
    hand[3] = cards[base + 2]
    hand[4] = cards[base + 3]
    hand[5] = cards[base + 5]
    hand[6] = cards[base + 7]
    one_at_a_time = cfg[CFG_ONE_AT_A_TIME] == 1
    for p in range(count):
        amount = amounts[p]
        mask = masks[p]
        best = -1
        winners = 0
        for s in range(n):
            if not (mask >> s) & 1:
                continue
            rank = ranks[s]
            if rank < 0:
                hand[0] = cards[s]
                hand[1] = cards[s + n]
                rank = ranks[s] = rank_hand(hand, 7, keys, suits, flush, nonflush)
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
            per[P_STACK, s] += chips
            emit(scal, ev, EV_AWARD, p, amount, s, chips)
