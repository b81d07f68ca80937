"""Each batch hand's own random stream: SplitMix64, keyed by (seed, hand).

A hand's stream starts from ``hand_key(seed, index)``, a hash of the run's
seed and the hand's index in the run, and advances by SplitMix64 (Steele,
Lea and Flood, "Fast splittable pseudorandom number generators", 2014). So
the cards and the built-in policies' choices of hand ``index`` depend on the
seed and the index alone: the same whatever the batch size, the split into
calls or the worker that plays it (R-DEAL-4: the same seed deals the same
cards). Not for live play, where the room draws from ``SystemRandom``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from holdem.batch.jit import kernel
from holdem.batch.layout import CARDS, CFG_SEATS, S_RNG, SCRATCH

__all__ = ["bits53", "deal_cards", "hand_key", "next_u64"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_DECK = SCRATCH  # 52 cards of work space while shuffling

Array = npt.NDArray[Any]


@njit(cache=True, nogil=True, inline="always")
def _mix(z: np.uint64) -> np.uint64:
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, nogil=True)
def hand_key(seed: np.uint64, index: int) -> np.int64:
    """The starting state of hand ``index``'s stream under ``seed`` (as int64 bits)."""
    key = _mix(_mix(np.uint64(seed) + _GOLDEN) ^ (np.uint64(index) * _GOLDEN))
    return np.int64(key)


@njit(cache=True, nogil=True, inline="always")
def _advance(state: np.uint64) -> tuple[np.uint64, np.uint64]:
    """SplitMix64's step: the next state and its 64 random bits."""
    state = state + _GOLDEN
    return state, _mix(state)


@njit(cache=True, nogil=True, inline="always")
def next_u64(h: Array) -> np.uint64:
    """The next 64 random bits of the hand's stream (``h[S_RNG]``; SplitMix64)."""
    state, bits = _advance(np.uint64(h[S_RNG]))
    h[S_RNG] = np.int64(state)
    return bits


@njit(cache=True, nogil=True, inline="always")
def bits53(h: Array) -> int:
    """A random int in ``0 .. 2**53 - 1``.

    An int64, so that comparing it with the int64 thresholds needs no
    conversion to float.
    """
    return np.int64(next_u64(h) >> np.uint64(11))  # type: ignore[return-value]


@kernel
def deal_cards(h: Array) -> None:
    """The top ``2 x seats + 8`` cards of a deck shuffled by the hand's stream.

    Written to ``h[CARDS:]`` in the order of the deal. A Fisher-Yates
    shuffle stopped after the cards a hand can use: every order of that many
    distinct cards is equally likely (as ``Deck.top``). Each draw is
    Lemire's product of 32 random bits and the cards left.
    """
    for k in range(52):
        h[_DECK + k] = k
    state = np.uint64(h[S_RNG])  # in a register, not the row, while dealing
    for k in range(2 * h[CFG_SEATS] + 8):
        state, bits = _advance(state)
        high = bits >> np.uint64(32)
        j = k + int((high * np.uint64(52 - k)) >> np.uint64(32))
        card = h[_DECK + j]
        h[_DECK + j] = h[_DECK + k]
        h[_DECK + k] = card
        h[CARDS + k] = card
    h[S_RNG] = np.int64(state)
