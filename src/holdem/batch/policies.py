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

The random policy's weights sit in the hand's row as cumulative thresholds
(``CFG_PARAMS``, times 2**53) and are compared with 53 random bits. Each
returns ``(kind, to)``: ``D_FOLD``, ``D_CHECK_CALL`` or ``D_RAISE`` to
``to`` chips in total on the street, always a legal choice.
"""

from __future__ import annotations

from typing import Any

import numpy.typing as npt
from numba import njit

from holdem.batch.kernels import legal
from holdem.batch.layout import (
    CARDS,
    CFG_PARAMS,
    CFG_SEATS,
    D_CHECK_CALL,
    D_FOLD,
    D_RAISE,
    P_COMMITTED,
    P_CONTRIBUTED,
    S_CURRENT,
    S_DEAD,
    S_STREET,
    S_TO_ACT,
    SCRATCH,
)
from holdem.batch.rng import bits53
from holdem.eval.kernels import rank_hand

__all__ = [
    "RANDOM_DEFAULTS",
    "bucket_decision",
    "policy_tables",
    "pot_raise_to",
    "random_decision",
]

Array = npt.NDArray[Any]

RANDOM_DEFAULTS = (0.25, 0.50, 0.18, 0.0, 0.07, 0.0)
"""Weights of the random policy: fold, call, min_raise, sized, all_in, open_fold."""

_HAND = SCRATCH + 40  # 5..7 cards being ranked (as in showdown.py)


@njit(cache=True, nogil=True, boundscheck=False)
def pot_raise_to(h: Array, num: int, den: int, low: int, high: int) -> int:
    """The street total of a bet or raise of ``num/den`` of the pot, clamped.

    As ``rl.actions.ActionAbstraction``: the current bet plus the fraction of
    the pot after calling (R-PL-1's measure), within ``low .. high``.
    """
    n = h[CFG_SEATS]
    seat = h[S_TO_ACT]
    pot = h[S_DEAD]
    for s in range(n):
        pot += h[P_CONTRIBUTED + s]
    current = h[S_CURRENT]
    owed = max(current - h[P_COMMITTED + seat], 0)
    to = current + (num * (pot + owed)) // den
    return int(min(max(to, low), high))


@njit(cache=True, nogil=True, boundscheck=False)
def _strength(h: Array, tables: Any) -> int:
    """0 weak, 1 medium, 2 strong (see the module docstring)."""
    n = h[CFG_SEATS]
    seat = h[S_TO_ACT]
    a = h[CARDS + seat]
    b = h[CARDS + seat + n]
    street = h[S_STREET]
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
    base = CARDS + 2 * n
    h[_HAND] = a
    h[_HAND + 1] = b
    h[_HAND + 2] = h[base + 1]
    h[_HAND + 3] = h[base + 2]
    h[_HAND + 4] = h[base + 3]
    h[_HAND + 5] = h[base + 5]
    h[_HAND + 6] = h[base + 7]
    if street == 1:
        rank = rank_hand(h, _HAND, 5, keys, suits[0], flush, nf5)
    elif street == 2:
        rank = rank_hand(h, _HAND, 6, keys, suits[1], flush, nf6)
    else:
        rank = rank_hand(h, _HAND, 7, keys, suits[2], flush, nf7)
    category = rank >> 20
    if category >= 3:
        return 2
    return 1 if category == 2 else 0


@njit(cache=True, nogil=True, boundscheck=False, inline="always")
def random_decision(h: Array) -> tuple[int, int]:
    """The random policy's decision for the seat to act of hand ``h``."""
    can_fold, can_check, _, low, high, _ = legal(h)
    roll = bits53(h)
    limit = h[CFG_PARAMS + 5]  # open_fold
    if roll < limit and can_fold:
        return D_FOLD, 0
    limit += h[CFG_PARAMS]  # fold
    if roll < limit and not can_check and can_fold:
        return D_FOLD, 0
    limit += h[CFG_PARAMS + 1]  # call
    if roll < limit or low < 0:
        return D_CHECK_CALL, 0
    limit += h[CFG_PARAMS + 2]  # min_raise
    if roll < limit:
        return D_RAISE, low
    limit += h[CFG_PARAMS + 3]  # sized
    if roll < limit:
        span = high - low + 1
        draw = bits53(h) * (1.0 / 9007199254740992.0)
        return D_RAISE, low + min(int(draw * span), span - 1)
    return D_RAISE, high


@njit(cache=True, nogil=True, boundscheck=False)
def bucket_decision(h: Array, tables: Any) -> tuple[int, int]:
    """The buckets policy's decision; ``tables`` is ``policy_tables()``."""
    can_fold, can_check, _, low, high, _ = legal(h)
    strength = _strength(h, tables)
    if strength == 2 and low >= 0:
        return D_RAISE, pot_raise_to(h, 1, 1, low, high)
    if strength >= 1 or can_check or not can_fold:
        return D_CHECK_CALL, 0
    return D_FOLD, 0


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
