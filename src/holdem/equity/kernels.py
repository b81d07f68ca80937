"""numba kernels of the equity calculator (compiled once, cached on disk).

Every hand is two hole cards and a five-card board, so each showdown value
is a 7-card lookup in the evaluator's tables (``holdem.eval.tables``): the
key of a hand is the hole cards' key plus the board's, which the board
enumeration keeps as running sums. A flush is read from a 64-bit mask with
one 16-bit field of rank bits per suit (``CARD_BITS``).

Outcome counters, filled in place:

* ``wins[g, p]``: boards that player ``p`` won alone;
* ``ties[g, p, w]``: boards that ``p`` split with ``w - 1`` others;

where ``g`` is a weight class of the assignment of hole cards (exact
enumeration) or 0 (Monte Carlo).

The random source of Monte Carlo is splitmix64, seeded by the caller and
carried in a one-element ``uint64`` array, so chunked runs continue the same
stream and the same seed gives the same counts.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = ["CARD_BITS", "exact", "monte_carlo"]

Array = npt.NDArray[Any]

CARD_BITS = np.array(
    [1 << ((c & 3) * 16 + (c >> 2)) for c in range(52)], dtype=np.int64
)
"""Flush-mask bit of each card: suit field ``16 * suit``, bit ``rank - 2``."""

_GAMMA = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)


@njit(cache=True, inline="always")
def _next(state: Array) -> Any:
    x = state[0] + _GAMMA
    state[0] = x
    x = (x ^ (x >> np.uint64(30))) * _MIX1
    x = (x ^ (x >> np.uint64(27))) * _MIX2
    return x ^ (x >> np.uint64(31))


@njit(cache=True, inline="always")
def _below(state: Array, n: int) -> int:
    """A random int in [0, n), n < 2**32 (bias below n / 2**32)."""
    return int(((_next(state) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True, inline="always")
def _uniform(state: Array) -> float:
    return np.float64(_next(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True, inline="always")
def _score(
    n_players: int,
    hole_keys: Array,
    hole_bits: Array,
    board_key: int,
    board_bits: int,
    suits: Array,
    flush: Array,
    nonflush: Array,
    values: Array,
    wins: Array,
    ties: Array,
    group: int,
) -> None:
    best = -1
    n_best = 0
    for p in range(n_players):
        k = hole_keys[p] + board_key
        s = suits[k & 255]
        if s == 0:
            v = nonflush[k >> 8]
        else:
            v = flush[((hole_bits[p] | board_bits) >> (16 * (s - 1))) & 0x1FFF]
        values[p] = v
        if v > best:
            best = v
            n_best = 1
        elif v == best:
            n_best += 1
    if n_best == 1:
        for p in range(n_players):
            if values[p] == best:
                wins[group, p] += 1
                break
    else:
        for p in range(n_players):
            if values[p] == best:
                ties[group, p, n_best] += 1


@njit(cache=True, nogil=True)
def exact(
    holes: Array,
    groups: Array,
    a_lo: int,
    a_hi: int,
    f_lo: int,
    f_hi: int,
    avail: Array,
    need: int,
    board_key: int,
    board_bits: int,
    keys: Array,
    suits: Array,
    flush: Array,
    nonflush: Array,
    wins: Array,
    ties: Array,
) -> int:
    """Count outcomes over every board, for assignments ``a_lo..a_hi - 1``.

    Args:
        holes: ``(A, P, 2)`` hole-card codes of each assignment.
        groups: ``(A,)`` weight class of each assignment (row of the counters).
        a_lo: first assignment to do.
        a_hi: one past the last assignment to do.
        f_lo: first position, in the assignment's deck, of the first board
            card drawn (0 for all boards); ignored when ``need`` is 0.
        f_hi: one past the last such position (the deck size for all).
        avail: codes of the cards neither on the board nor dead.
        need: board cards still to come (0..5).
        board_key: key of the known board (sum of ``keys``).
        board_bits: flush mask of the known board (``CARD_BITS``).
        keys: the evaluator's card keys, int64.
        suits: flush suit + 1 by the low 8 bits of a 7-card key.
        flush: flush value by 13-bit rank mask.
        nonflush: 7-card non-flush value by rank-key sum.
        wins: ``(G, P)`` counters of lone wins (see module doc), updated.
        ties: ``(G, P, P + 1)`` counters of splits by size, updated.

    Returns:
        The number of boards counted.
    """
    n_players = holes.shape[1]
    hole_keys = np.empty(n_players, np.int64)
    hole_bits = np.empty(n_players, np.int64)
    values = np.empty(n_players, np.int64)
    deck = np.empty(52, np.int64)
    idx = np.empty(6, np.int64)
    part_key = np.empty(7, np.int64)
    part_bits = np.empty(7, np.int64)
    counted = 0
    for a in range(a_lo, a_hi):
        g = groups[a]
        used = np.int64(0)
        for p in range(n_players):
            c0 = holes[a, p, 0]
            c1 = holes[a, p, 1]
            hole_keys[p] = keys[c0] + keys[c1]
            hole_bits[p] = CARD_BITS[c0] | CARD_BITS[c1]
            used |= (np.int64(1) << c0) | (np.int64(1) << c1)
        n_deck = 0
        for c in avail:
            if not (used >> c) & 1:
                deck[n_deck] = c
                n_deck += 1
        if need == 0:
            _score(
                n_players,
                hole_keys,
                hole_bits,
                board_key,
                board_bits,
                suits,
                flush,
                nonflush,
                values,
                wins,
                ties,
                g,
            )
            counted += 1
            continue
        rest = need - 1
        for f in range(f_lo, min(f_hi, n_deck - rest)):
            part_key[0] = board_key + keys[deck[f]]
            part_bits[0] = board_bits | CARD_BITS[deck[f]]
            if rest == 0:
                _score(
                    n_players,
                    hole_keys,
                    hole_bits,
                    part_key[0],
                    part_bits[0],
                    suits,
                    flush,
                    nonflush,
                    values,
                    wins,
                    ties,
                    g,
                )
                counted += 1
                continue
            for j in range(rest):
                idx[j] = f + 1 + j
                c = deck[idx[j]]
                part_key[j + 1] = part_key[j] + keys[c]
                part_bits[j + 1] = part_bits[j] | CARD_BITS[c]
            while True:
                _score(
                    n_players,
                    hole_keys,
                    hole_bits,
                    part_key[rest],
                    part_bits[rest],
                    suits,
                    flush,
                    nonflush,
                    values,
                    wins,
                    ties,
                    g,
                )
                counted += 1
                j = rest - 1
                while j >= 0 and idx[j] == n_deck - rest + j:
                    j -= 1
                if j < 0:
                    break
                idx[j] += 1
                for q in range(j + 1, rest):
                    idx[q] = idx[q - 1] + 1
                for q in range(j, rest):
                    c = deck[idx[q]]
                    part_key[q + 1] = part_key[q] + keys[c]
                    part_bits[q + 1] = part_bits[q] | CARD_BITS[c]
    return counted


@njit(cache=True, nogil=True)
def monte_carlo(
    state: Array,
    samples: int,
    starts: Array,
    options: Array,
    cumulative: Array,
    deck: Array,
    need: int,
    board_key: int,
    board_bits: int,
    keys: Array,
    suits: Array,
    flush: Array,
    nonflush: Array,
    wins: Array,
    ties: Array,
) -> int:
    """Deal ``samples`` random hole-card assignments and boards; count outcomes.

    Args:
        state: ``(1,)`` uint64 splitmix64 state, advanced in place.
        samples: number of deals to count.
        starts: ``(P + 1,)``; player ``p``'s combos are ``options[starts[p]:
            starts[p + 1]]``.
        options: ``(M, 2)`` hole-card codes of every player's combos.
        cumulative: ``(M,)`` running sum of the weights within each player's
            combos (a combo is drawn with probability proportional to weight).
        deck: codes the board may be drawn from (shuffled in place); it may
            hold cards of the players' combos, which are skipped when drawn.
        need: board cards still to come (0..5).
        board_key: key of the known board (sum of ``keys``).
        board_bits: flush mask of the known board (``CARD_BITS``).
        keys: the evaluator's card keys, int64.
        suits: flush suit + 1 by the low 8 bits of a 7-card key.
        flush: flush value by 13-bit rank mask.
        nonflush: 7-card non-flush value by rank-key sum.
        wins: ``(1, P)`` counters of lone wins, updated.
        ties: ``(1, P, P + 1)`` counters of splits by size, updated.

    Returns:
        ``samples`` when done, or the number counted before 100,000 draws in
        a row gave hole cards that collide (the ranges hardly fit together).
    """
    n_players = starts.shape[0] - 1
    hole_keys = np.empty(n_players, np.int64)
    hole_bits = np.empty(n_players, np.int64)
    values = np.empty(n_players, np.int64)
    n_deck = deck.shape[0]
    for done in range(samples):
        misses = 0
        while True:
            used = np.int64(0)
            clash = False
            for p in range(n_players):
                lo = starts[p]
                hi = starts[p + 1]
                o = lo
                if hi - lo > 1:
                    u = _uniform(state) * cumulative[hi - 1]
                    top = hi - 1
                    while o < top:  # first combo whose running sum exceeds u
                        mid = (o + top) // 2
                        if cumulative[mid] > u:
                            top = mid
                        else:
                            o = mid + 1
                c0 = options[o, 0]
                c1 = options[o, 1]
                bits = (np.int64(1) << c0) | (np.int64(1) << c1)
                if used & bits:
                    clash = True
                    break
                used |= bits
                hole_keys[p] = keys[c0] + keys[c1]
                hole_bits[p] = CARD_BITS[c0] | CARD_BITS[c1]
            if not clash:
                break
            misses += 1
            if misses >= 100_000:
                return done
        bk = board_key
        bb = board_bits
        drawn = 0
        j = 0
        while drawn < need:
            r = j + _below(state, n_deck - j)
            c = deck[r]
            deck[r] = deck[j]
            deck[j] = c
            j += 1
            if (used >> c) & 1:
                continue
            bk += keys[c]
            bb |= CARD_BITS[c]
            drawn += 1
        _score(
            n_players,
            hole_keys,
            hole_bits,
            bk,
            bb,
            suits,
            flush,
            nonflush,
            values,
            wins,
            ties,
            0,
        )
    return samples
