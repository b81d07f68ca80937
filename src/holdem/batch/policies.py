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
- ``uniform``: the table's ``RandomBot`` (``holdem.table.bots``): uniform
  among check or call, fold when facing a bet (never when it could check),
  and a bet or raise when one is legal, to a size uniform from the minimum
  to the maximum. The same choices with the same chances; drawn from the
  hand's stream, not the bot's ``random.Random``.
- ``tight-aggressive``: the table's ``TightAggressiveBot``, decision for
  decision: the same ``preflop_bucket`` and sizes (three times the top bet
  plus the call pre-flop; the pot, or half of it, after the flop), the same
  made-hand categories. A function of the cards and the bets alone, so a
  replay through ``HandState`` asks the table's bot and gets the same answer
  (``tests/batch/test_sim_policies.py``).

The random policy's weights sit in the hand's row as cumulative thresholds
(``CFG_PARAMS``, times 2**53) and are compared with 53 random bits. Each
returns ``(kind, to)``: ``D_FOLD``, ``D_CHECK_CALL`` or ``D_RAISE`` to
``to`` chips in total on the street, always a legal choice.
"""

from __future__ import annotations

from typing import Any

import numpy.typing as npt
from numba import njit

from holdem.batch.jit import kernel
from holdem.batch.kernels import legal
from holdem.batch.layout import (
    CARDS,
    CFG_PARAMS,
    CFG_SEATS,
    CFG_TOP_BLIND,
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
    "tight_aggressive_decision",
    "uniform_decision",
]

Array = npt.NDArray[Any]

RANDOM_DEFAULTS = (0.25, 0.50, 0.18, 0.0, 0.07, 0.0)
"""Weights of the random policy: fold, call, min_raise, sized, all_in, open_fold."""

_HAND = SCRATCH + 40  # 5..7 cards being ranked (as in showdown.py)


@kernel
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


@kernel
def _category(h: Array, tables: Any) -> int:
    """The category of the best hand of the seat to act (after the flop).

    From its hole cards and the board dealt so far, ranked with the
    evaluator's tables: R-HAND-2's 2 for one pair, 3 for two pair...
    """
    n = h[CFG_SEATS]
    seat = h[S_TO_ACT]
    street = h[S_STREET]
    keys, suits, flush, nf5, nf6, nf7 = tables
    base = CARDS + 2 * n
    h[_HAND] = h[CARDS + seat]
    h[_HAND + 1] = h[CARDS + seat + n]
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
    return int(rank >> 20)


@kernel
def _strength(h: Array, tables: Any) -> int:
    """0 weak, 1 medium, 2 strong (see the module docstring)."""
    n = h[CFG_SEATS]
    seat = h[S_TO_ACT]
    a = h[CARDS + seat]
    b = h[CARDS + seat + n]
    if h[S_STREET] == 0:
        ra = (a >> 2) + 2
        rb = (b >> 2) + 2
        high = max(ra, rb)
        low = min(ra, rb)
        if (ra == rb and ra >= 8) or low >= 12:
            return 2
        if ra == rb or high == 14 or low >= 10:
            return 1
        return 0
    category = _category(h, tables)
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


@kernel
def bucket_decision(h: Array, tables: Any) -> tuple[int, int]:
    """The buckets policy's decision; ``tables`` is ``policy_tables()``."""
    can_fold, can_check, _, low, high, _ = legal(h)
    strength = _strength(h, tables)
    if strength == 2 and low >= 0:
        return D_RAISE, pot_raise_to(h, 1, 1, low, high)
    if strength >= 1 or can_check or not can_fold:
        return D_CHECK_CALL, 0
    return D_FOLD, 0


@kernel
def uniform_decision(h: Array) -> tuple[int, int]:
    """``RandomBot``'s decision: uniform among its options (module docstring)."""
    _, can_check, _, low, high, _ = legal(h)
    options = 1 + (0 if can_check else 1) + (1 if low >= 0 else 0)
    if options == 1:
        return D_CHECK_CALL, 0  # nothing to choose
    pick = min(int(bits53(h) * (options / 9007199254740992.0)), options - 1)
    if pick == 0:
        return D_CHECK_CALL, 0
    if pick == 1 and not can_check:
        return D_FOLD, 0
    span = high - low + 1
    draw = bits53(h) * (1.0 / 9007199254740992.0)
    return D_RAISE, low + min(int(draw * span), span - 1)


@njit(cache=True, nogil=True, boundscheck=False, inline="always")
def preflop_bucket(a: int, b: int) -> int:
    """``holdem.table.preflop_bucket`` of the hole cards with codes ``a``, ``b``.

    3 premium (tens or better, ace-king), 2 strong (other pairs from sevens,
    two suited cards of ten and up, ace-queen), 1 playable (smaller pairs,
    suited aces, suited connectors from five-four, two cards of ten and
    up), 0 the rest.
    """
    ra = (a >> 2) + 2
    rb = (b >> 2) + 2
    high = max(ra, rb)
    low = min(ra, rb)
    suited = (a & 3) == (b & 3)
    pair = high == low
    if (pair and high >= 10) or (high == 14 and low == 13):
        return 3
    if (pair and high >= 7) or (suited and low >= 10) or (high == 14 and low == 12):
        return 2
    if (
        pair
        or (suited and high == 14)
        or (suited and high - low == 1 and low >= 4)
        or low >= 10
    ):
        return 1
    return 0


@kernel
def tight_aggressive_decision(h: Array, tables: Any) -> tuple[int, int]:
    """``TightAggressiveBot``'s decision for the seat to act (module docstring).

    The pot is every chip put in (antes, pots gathered and this street's
    bets), the top bet the largest of this street's bets, as the bot reads
    them from its view; a size is clamped into the legal range as its
    ``_sized`` does.
    """
    _, can_check, call, low, high, _ = legal(h)
    n = h[CFG_SEATS]
    pot = h[S_DEAD]
    top_bet = 0
    for s in range(n):
        pot += h[P_CONTRIBUTED + s]
        top_bet = max(top_bet, h[P_COMMITTED + s])
    can_raise = low >= 0
    if h[S_STREET] == 0:
        seat = h[S_TO_ACT]
        bucket = preflop_bucket(h[CARDS + seat], h[CARDS + seat + n])
        # a Raise in the hand's log: pre-flop the bet stands above the
        # largest blind only after one (a bet or raise goes above it)
        raised = h[S_CURRENT] > h[CFG_TOP_BLIND]
        if can_raise and (bucket == 3 or (bucket == 2 and not raised)):
            return D_RAISE, min(max(3 * top_bet + call, low), high)
        if bucket >= 2 or (bucket == 1 and not raised) or can_check:
            return D_CHECK_CALL, 0
        return D_FOLD, 0
    category = _category(h, tables)
    if category >= 3:  # two pair or better
        if can_raise:
            return D_RAISE, min(max(top_bet + pot, low), high)
        return D_CHECK_CALL, 0
    if category == 2:  # one pair
        if can_check and can_raise:
            return D_RAISE, min(max(pot // 2, low), high)
        if can_check or 2 * call <= pot:
            return D_CHECK_CALL, 0
        return D_FOLD, 0
    if can_check:
        return D_CHECK_CALL, 0
    return D_FOLD, 0


def policy_tables() -> tuple[Any, ...]:
    """The evaluator's tables for the buckets policy and the showdown.

    ``(keys, suits, flush, nonflush5, nonflush6, nonflush7)``; ``suits`` has
    one row per hand size 5..7, the non-flush tables are the compact ones
    (``holdem.eval.batch.compact_nonflush``).
    """
    from holdem.eval.batch import compact_nonflush, key_tables

    keys, suits, flush = key_tables()
    return (keys, suits, flush, *(compact_nonflush(m) for m in (5, 6, 7)))
