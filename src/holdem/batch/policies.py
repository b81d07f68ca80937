"""The built-in players of the batch engine, one decision at a time in numba.

- ``random``: draws from the hand's own stream (``rng.py``): fold when facing
  a bet with weight ``fold``, check or call with ``call``, the smallest bet
  or raise with ``min_raise``, a size drawn uniformly from the legal range
  with ``sized``, all-in (the largest size) with ``all_in``; with weight
  ``open_fold`` it folds even when it could check (R-BET-1 lets it). The
  defaults are those of ``benchmarks/hands.py``: 25% fold, 50% check/call,
  18% min raise, 7% all-in.
- ``calling-station``: always checks or calls.
- ``buckets``: hand-strength buckets. Pre-flop, pairs of eights and up and
  two cards of queen and up raise the pot, other pairs, an ace or two cards
  of ten and up call, the rest check or fold. After the flop the seat's best
  hand (evaluator tables, R-HAND-1) decides: two pair or better raises the
  pot, a pair calls, less checks or folds.

Each returns ``(kind, to)``: ``D_FOLD``, ``D_CHECK_CALL`` or ``D_RAISE`` to
``to`` chips in total on the street, always a legal choice.
"""

from __future__ import annotations

from typing import Any

import numpy.typing as npt
from numba import njit

from holdem.batch.kernels import legal
from holdem.batch.layout import (
    CFG_SEATS,
    D_CHECK_CALL,
    D_FOLD,
    D_RAISE,
    P_COMMITTED,
    P_CONTRIBUTED,
    POL_BUCKETS,
    POL_RANDOM,
    S_CURRENT,
    S_DEAD,
    S_STREET,
    S_TO_ACT,
)
from holdem.batch.rng import uniform
from holdem.eval.kernels import rank_hand

__all__ = ["RANDOM_DEFAULTS", "decide", "pot_raise_to"]

Array = npt.NDArray[Any]

RANDOM_DEFAULTS = (0.25, 0.50, 0.18, 0.0, 0.07, 0.0)
"""Weights of the random policy: fold, call, min_raise, sized, all_in, open_fold."""


@njit(cache=True, nogil=True, boundscheck=False)
def pot_raise_to(
    cfg: Array, scal: Array, per: Array, num: int, den: int, low: int, high: int
) -> int:
    """The street total of a bet or raise of ``num/den`` of the pot, clamped.

    As ``rl.actions.ActionAbstraction``: the current bet plus the fraction of
    the pot after calling (R-PL-1's measure), within ``low .. high``.
    """
    n = cfg[CFG_SEATS]
    seat = scal[S_TO_ACT]
    pot = scal[S_DEAD]
    for s in range(n):
        pot += per[P_CONTRIBUTED, s]
    current = scal[S_CURRENT]
    owed = max(current - per[P_COMMITTED, seat], 0)
    to = current + (num * (pot + owed)) // den
    return min(max(to, low), high)


@njit(cache=True, nogil=True, boundscheck=False)
def _passive(can_check: bool, can_fold: bool) -> tuple[int, int]:
    if can_check or not can_fold:
        return D_CHECK_CALL, 0
    return D_FOLD, 0


@njit(cache=True, nogil=True, boundscheck=False)
def _strength(
    cfg: Array, scal: Array, cards: Array, seat: int, tables: Any, hand: Array
) -> int:
    """0 weak, 1 medium, 2 strong (see the module docstring)."""
    n = cfg[CFG_SEATS]
    a = cards[seat]
    b = cards[seat + n]
    street = scal[S_STREET]
    if street == 0:
        ra = (a >> 2) + 2
        rb = (b >> 2) + 2
        high = max(ra, rb)
        low = min(ra, rb)
        if (ra == rb and ra >= 8) or low >= 12:
            return 2
        if ra == rb or high == 14 or low >= 10:
            return 1
        return 0
    keys, suits, flush, nf5, nf6, nf7 = tables
    base = 2 * n
    hand[0] = a
    hand[1] = b
    hand[2] = cards[base + 1]
    hand[3] = cards[base + 2]
    hand[4] = cards[base + 3]
    m = 5
    if street >= 2:
        hand[5] = cards[base + 5]
        m = 6
    if street == 3:
        hand[6] = cards[base + 7]
        m = 7
    if m == 5:
        rank = rank_hand(hand, 5, keys, suits[0], flush, nf5)
    elif m == 6:
        rank = rank_hand(hand, 6, keys, suits[1], flush, nf6)
    else:
        rank = rank_hand(hand, 7, keys, suits[2], flush, nf7)
    category = rank >> 20
    if category >= 3:
        return 2
    return 1 if category == 2 else 0


@njit(cache=True, nogil=True, boundscheck=False)
def decide(
    policy: int,
    params: Array,
    cfg: Array,
    scal: Array,
    per: Array,
    cards: Array,
    rng: Array,
    i: int,
    tables: Any,
    hand: Array,
) -> tuple[int, int]:
    """The built-in ``policy``'s decision for the seat to act of hand ``i``.

    ``tables`` is ``policy_tables()``; ``hand`` scratch space of 7 ints.
    """
    can_fold, can_check, _, low, high, _ = legal(cfg, scal, per)
    if policy == POL_RANDOM:
        roll = uniform(rng, i)
        fold, call, min_raise, sized, _all_in, open_fold = (
            params[0], params[1], params[2], params[3], params[4], params[5]
        )  # fmt: skip
        if roll < open_fold and can_fold:
            return D_FOLD, 0
        roll -= open_fold
        if roll < fold and not can_check:
            return D_FOLD, 0
        if roll < fold + call or low < 0:
            return D_CHECK_CALL, 0
        if roll < fold + call + min_raise:
            return D_RAISE, low
        if roll < fold + call + min_raise + sized:
            span = high - low + 1
            return D_RAISE, low + min(int(uniform(rng, i) * span), span - 1)
        return D_RAISE, high
    if policy == POL_BUCKETS:
        strength = _strength(cfg, scal, cards, scal[S_TO_ACT], tables, hand)
        if strength == 2 and low >= 0:
            return D_RAISE, pot_raise_to(cfg, scal, per, 1, 1, low, high)
        if strength >= 1:
            return D_CHECK_CALL, 0
        return _passive(can_check, can_fold)
    return D_CHECK_CALL, 0  # the calling station


def policy_tables() -> tuple[Any, ...]:
    """The evaluator's tables for the buckets policy and the showdown.

    ``(keys, suits, flush, nonflush5, nonflush6, nonflush7)``; ``suits`` has
    one row per hand size 5..7.
    """
    from holdem.eval.batch import numpy_tables

    keys, suits, flush, nf = numpy_tables(7)
    nf5 = numpy_tables(5)[3][0]
    nf6 = numpy_tables(6)[3][1]
    return (keys, suits, flush, nf5, nf6, nf[2])
