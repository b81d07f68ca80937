"""The counting behind ``equity()``: numpy arrays in, numba kernels run.

Imported on first use, so that ``import holdem`` loads neither numpy nor
numba. Exact runs enumerate every hole-card assignment of the ranges (with
its exact integer weight) times every board; Monte Carlo runs draw both.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from holdem.cards import Card
from holdem.equity import kernels
from holdem.equity.counts import Counts, assignments, weight_scale
from holdem.equity.limits import EquityLimitError
from holdem.equity.ranges import Range
from holdem.errors import InvalidInputError
from holdem.eval.batch import numpy_tables

__all__ = ["exact", "monte_carlo"]

Progress = Callable[[int, int], None]
_CHUNK = 1_000_000
"""Boards (or deals) per kernel call: a compiled kernel cannot see signals,
so work runs in chunks of well under a second, and Ctrl-C (SIGINT, handled
by Python between chunks) stops a long run within a second whether or not a
terminal or a progress callback is attached."""


def _tables() -> tuple[npt.NDArray[Any], ...]:
    keys, suits, flush, nonflush = numpy_tables(7)
    return keys, suits[2], flush, nonflush[2]


def _board_key(board: tuple[Card, ...], keys: npt.NDArray[np.int64]) -> tuple[int, int]:
    key = sum(int(keys[c.code]) for c in board)
    bits = 0
    for c in board:
        bits |= int(kernels.CARD_BITS[c.code])
    return key, bits


def _plan(
    n_assign: int, n_deck: int, need: int
) -> list[tuple[int, int, int, int, int]]:
    """Chunks (a_lo, a_hi, f_lo, f_hi, boards) of about ``_CHUNK`` boards."""
    per = math.comb(n_deck, need)
    if n_assign * per <= _CHUNK:
        return [(0, n_assign, 0, n_deck, n_assign * per)]
    chunks = []
    if per >= _CHUNK and need >= 1:
        for a in range(n_assign):
            f = 0
            while f < n_deck - need + 1:
                lo, boards = f, 0
                while f < n_deck - need + 1 and boards < _CHUNK:
                    boards += math.comb(n_deck - 1 - f, need - 1)
                    f += 1
                chunks.append((a, a + 1, lo, f, boards))
        return chunks
    step = max(1, _CHUNK // per)
    for a in range(0, n_assign, step):
        hi = min(n_assign, a + step)
        chunks.append((a, hi, 0, n_deck, (hi - a) * per))
    return chunks


def exact(
    ranges: Sequence[Range],
    board: tuple[Card, ...],
    avail: Sequence[int],
    progress: Progress | None,
) -> Counts:
    """Count every board for every hole-card assignment of ``ranges``.

    Args:
        ranges: one per player, already without the board and dead cards.
        board: the known board cards.
        avail: codes of the cards neither on the board nor dead.
        progress: optional ``progress(done, total)`` callback, in boards.

    Returns:
        Counts weighted by each assignment's integer weight.

    Raises:
        InvalidInputError: if no assignment gives every player distinct cards.
    """
    assigned, weights = assignments(ranges)
    if not assigned:
        raise InvalidInputError(
            "impossible to deal: no way gives every hand two cards without sharing one"
        )
    n_players = len(ranges)
    distinct = sorted(set(weights))
    group_of = {w: g for g, w in enumerate(distinct)}
    holes = np.array(assigned, dtype=np.int64).reshape(len(assigned), n_players, 2)
    groups = np.array([group_of[w] for w in weights], dtype=np.int64)
    wins = np.zeros((len(distinct), n_players), np.int64)
    ties = np.zeros((len(distinct), n_players, n_players + 1), np.int64)
    keys, suits, flush, nonflush = _tables()
    board_key, board_bits = _board_key(board, keys)
    cards = np.array(avail, dtype=np.int64)
    need = 5 - len(board)
    n_deck = len(avail) - 2 * n_players
    chunks = _plan(len(assigned), n_deck, need)
    total = sum(c[4] for c in chunks)
    done = 0
    for a_lo, a_hi, f_lo, f_hi, boards in chunks:
        kernels.exact(
            holes,
            groups,
            a_lo,
            a_hi,
            f_lo,
            f_hi,
            cards,
            need,
            board_key,
            board_bits,
            keys,
            suits,
            flush,
            nonflush,
            wins,
            ties,
        )
        done += boards
        if progress is not None:
            progress(done, total)
    # Weigh each class of assignments by its exact (Python int) weight.
    per_board = math.comb(n_deck, need)
    return Counts(
        wins=[
            sum(w * int(wins[g, p]) for g, w in enumerate(distinct))
            for p in range(n_players)
        ],
        ties=[
            [
                sum(w * int(ties[g, p, k]) for g, w in enumerate(distinct))
                for k in range(n_players + 1)
            ]
            for p in range(n_players)
        ],
        total=per_board * sum(weights),
        boards=per_board * len(assigned),
        scale=weight_scale(ranges),
    )


def monte_carlo(
    ranges: Sequence[Range],
    board: tuple[Card, ...],
    avail: Sequence[int],
    samples: int,
    seed: int,
    progress: Progress | None,
) -> Counts:
    """Count ``samples`` random deals: combos by weight, then the board.

    Args:
        ranges: one per player, already without the board and dead cards.
        board: the known board cards.
        avail: codes of the cards neither on the board nor dead.
        samples: number of deals.
        seed: seed of the random stream (any int; taken modulo ``2**64``).
        progress: optional ``progress(done, total)`` callback, in deals.

    Raises:
        EquityLimitError: if the ranges almost never fit together (with no
            remedy: the caller knows whether exact enumeration would do).
    """
    n_players = len(ranges)
    starts = np.zeros(n_players + 1, np.int64)
    starts[1:] = np.cumsum([len(r) for r in ranges])
    options = np.array(
        [(a.code, b.code) for r in ranges for a, b in r.combos], dtype=np.int64
    ).reshape(-1, 2)
    cumulative = np.concatenate(
        [np.cumsum([float(w) for w in r.weights]) for r in ranges]
    )
    fixed = {c.code for r in ranges if len(r) == 1 for c in r.combos[0]}
    deck = np.array([c for c in avail if c not in fixed], dtype=np.int64)
    state = np.array([seed % 2**64], dtype=np.uint64)
    wins = np.zeros((1, n_players), np.int64)
    ties = np.zeros((1, n_players, n_players + 1), np.int64)
    keys, suits, flush, nonflush = _tables()
    board_key, board_bits = _board_key(board, keys)
    step = _CHUNK // 4
    done = 0
    while done < samples:
        n = min(step, samples - done)
        got = kernels.monte_carlo(
            state,
            n,
            starts,
            options,
            cumulative,
            deck,
            5 - len(board),
            board_key,
            board_bits,
            keys,
            suits,
            flush,
            nonflush,
            wins,
            ties,
        )
        if got < n:
            raise EquityLimitError(
                "the ranges hardly ever fit together without sharing a card"
                " (100,000 draws in a row gave two hands the same card)",
                remedy=None,
            )
        done += n
        if progress is not None:
            progress(done, samples)
    return Counts(
        wins=[int(x) for x in wins[0]],
        ties=[[int(x) for x in row] for row in ties[0]],
        total=samples,
        boards=samples,
        scale=1,
    )
