"""Each batch hand's own random stream: SplitMix64, keyed by (seed, hand).

A hand's stream starts from ``hand_key(seed, index)``, a hash of the batch
seed and the hand's index in the run, and advances by SplitMix64 (Steele,
Lea and Flood, "Fast splittable pseudorandom number generators", 2014). So
the cards and the built-in policies' choices of hand ``index`` depend on the
seed and the index alone: the same whatever the batch size, the split into
chunks or the worker that plays it (R-DEAL-4: the same seed deals the same
cards). Not for live play, where the room draws from ``SystemRandom``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = ["below", "deal_deck", "hand_key", "next_u64", "uniform"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True, nogil=True)
def _mix(z: np.uint64) -> np.uint64:
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@njit(cache=True, nogil=True)
def hand_key(seed: int, index: int) -> np.uint64:
    """The starting state of hand ``index``'s stream under ``seed``."""
    return _mix(_mix(np.uint64(seed) + _GOLDEN) ^ (np.uint64(index) * _GOLDEN))


@njit(cache=True, nogil=True)
def next_u64(rng: npt.NDArray[np.uint64], i: int) -> np.uint64:
    """The next 64 random bits of stream ``rng[i]`` (SplitMix64)."""
    state = rng[i] + _GOLDEN
    rng[i] = state
    return _mix(state)


@njit(cache=True, nogil=True)
def below(rng: npt.NDArray[np.uint64], i: int, bound: int) -> int:
    """A random int in ``0 .. bound - 1`` (``bound`` < 2**32; Lemire's product)."""
    high = next_u64(rng, i) >> np.uint64(32)
    return int((high * np.uint64(bound)) >> np.uint64(32))


@njit(cache=True, nogil=True)
def uniform(rng: npt.NDArray[np.uint64], i: int) -> float:
    """A random float in [0, 1) with 53 random bits."""
    return float(next_u64(rng, i) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, nogil=True, boundscheck=False)
def deal_deck(
    rng: npt.NDArray[np.uint64],
    i: int,
    deck: npt.NDArray[Any],
    out: npt.NDArray[Any],
) -> None:
    """Fill ``out`` with the top ``len(out)`` cards of a deck shuffled by ``rng[i]``.

    A Fisher-Yates shuffle stopped after ``len(out)`` cards: every order of
    that many distinct cards is equally likely (as ``Deck.top``). ``deck`` is
    scratch space of 52 ints (overwritten).
    """
    for k in range(52):
        deck[k] = k
    for k in range(out.shape[0]):
        j = k + below(rng, i, 52 - k)
        card = deck[j]
        deck[j] = deck[k]
        deck[k] = card
        out[k] = card
