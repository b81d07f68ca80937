"""Raw outcome counts, hole-card assignments, and small runs in pure Python.

An exact enumeration small enough (at most ``PYTHON_EXACT_LIMIT`` hand
evaluations, see ``holdem.equity.limits``) is counted here, one
``rank7`` call per hand and board, so that a quick query loads neither numpy
nor numba: loading them and the compiled kernels costs more (about 0.5 s)
than evaluating half a million hands in Python. So is a Monte Carlo run of
at most ``PYTHON_SAMPLE_LIMIT`` evaluations, with the kernels' random stream
(splitmix64, 64-bit arithmetic masked by hand) and their way of drawing, so
the same seed gives the same counts on either path. Larger runs go to
``holdem.equity.deal``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import accumulate, combinations, product

from holdem.cards import Card
from holdem.equity.limits import EquityLimitError
from holdem.equity.ranges import Range
from holdem.errors import InvalidInputError
from holdem.eval import rank7

__all__ = ["Counts", "assignments", "exact", "monte_carlo", "weight_scale"]

Progress = Callable[[int, int], None]

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB
_MAX_MISSES = 100_000
_PROGRESS_EVERY = 10_000


@dataclass(frozen=True, slots=True)
class Counts:
    """Raw outcome counts of one run.

    Attributes:
        wins: per player, boards won alone (weighted).
        ties: per player, ``ties[p][w]`` boards split ``w`` ways (weighted).
        total: all boards counted (weighted).
        boards: all boards counted, unweighted.
        scale: weights are in units of ``1 / scale``.
    """

    wins: list[int]
    ties: list[list[int]]
    total: int
    boards: int
    scale: int


def weight_scale(ranges: Sequence[Range]) -> int:
    """The product of each range's least common weight denominator."""
    return math.prod(math.lcm(*(w.denominator for w in r.weights)) for r in ranges)


def assignments(ranges: Sequence[Range]) -> tuple[list[tuple[int, ...]], list[int]]:
    """Every way to give each player one combo with no card twice.

    Returns:
        The assignments (hole-card codes, two per player in order) and the
        integer weight of each: the product of the players' combo weights,
        each scaled by the least common denominator of its range's weights.
    """
    scales = [math.lcm(*(w.denominator for w in r.weights)) for r in ranges]
    ints = [
        [int(w * s) for w in r.weights] for r, s in zip(ranges, scales, strict=True)
    ]
    codes = [[(a.code, b.code) for a, b in r.combos] for r in ranges]
    out: list[tuple[int, ...]] = []
    weights: list[int] = []
    for pick in product(*(range(len(r)) for r in ranges)):
        seen: set[int] = set()
        ok = True
        weight = 1
        for p, i in enumerate(pick):
            a, b = codes[p][i]
            if a in seen or b in seen:
                ok = False
                break
            seen.add(a)
            seen.add(b)
            weight *= ints[p][i]
        if ok:
            out.append(tuple(c for p, i in enumerate(pick) for c in codes[p][i]))
            weights.append(weight)
    return out, weights


def exact(
    ranges: Sequence[Range],
    board: tuple[Card, ...],
    avail: Sequence[int],
    progress: Progress | None,
) -> Counts:
    """Count every board for every hole-card assignment, in pure Python.

    The same counts as ``holdem.equity.deal.exact``; meant for runs of at
    most ``PYTHON_EXACT_LIMIT`` hand evaluations (it is not checked here).

    Args:
        ranges: one per player, already without the board and dead cards.
        board: the known board cards.
        avail: codes of the cards neither on the board nor dead.
        progress: optional ``progress(done, total)`` callback, in boards,
            called after each assignment.

    Returns:
        Counts weighted by each assignment's integer weight.

    Raises:
        InvalidInputError: if no assignment gives every player distinct cards.

    Rule: R-HAND-1 (each hand is its best five of seven), R-POT-2 (equal
    best hands split: a board counts as a tie only for the hands that share
    the best value, by the number sharing it).
    """
    assigned, weights = assignments(ranges)
    if not assigned:
        raise InvalidInputError(
            "impossible to deal: no way gives every hand two cards without sharing one"
        )
    n_players = len(ranges)
    need = 5 - len(board)
    known = tuple(c.code for c in board)
    per_board = math.comb(len(avail) - 2 * n_players, need)
    total_boards = per_board * len(assigned)
    wins = [0] * n_players
    ties = [[0] * (n_players + 1) for _ in range(n_players)]
    players = range(n_players)
    for done, (holes, weight) in enumerate(zip(assigned, weights, strict=True)):
        used = set(holes)
        deck = [c for c in avail if c not in used]
        pairs = [(holes[2 * p], holes[2 * p + 1]) for p in players]
        won = [0] * n_players
        split = [[0] * (n_players + 1) for _ in players]
        for extra in combinations(deck, need):
            c1, c2, c3, c4, c5 = known + extra
            _score([rank7(a, b, c1, c2, c3, c4, c5) for a, b in pairs], won, split)
        for p in players:
            wins[p] += weight * won[p]
            for k in range(n_players + 1):
                ties[p][k] += weight * split[p][k]
        if progress is not None:
            progress((done + 1) * per_board, total_boards)
    return Counts(
        wins=wins,
        ties=ties,
        total=per_board * sum(weights),
        boards=total_boards,
        scale=weight_scale(ranges),
    )


def _score(values: list[int], wins: list[int], ties: list[list[int]]) -> None:
    """Count one board: a lone win, or a split among the best hands (R-POT-2)."""
    best = max(values)
    n_best = values.count(best)
    if n_best == 1:
        wins[values.index(best)] += 1
        return
    for p, v in enumerate(values):
        if v == best:
            ties[p][n_best] += 1


def monte_carlo(
    ranges: Sequence[Range],
    board: tuple[Card, ...],
    avail: Sequence[int],
    samples: int,
    seed: int,
    progress: Progress | None,
) -> Counts:
    """Count ``samples`` random deals in pure Python, as the kernels would.

    The same draws as ``holdem.equity.kernels.monte_carlo`` (so the same
    counts for the same seed): for each range with more than one combo, a
    combo by weight (a uniform float times the range's total weight, then
    the first combo whose running sum exceeds it); a redraw of every hand
    when two share a card; then the board cards by a partial shuffle of the
    deck that carries over from deal to deal. Meant for at most
    ``PYTHON_SAMPLE_LIMIT`` evaluations (not checked here).

    Args:
        ranges: one per player, already without the board and dead cards.
        board: the known board cards.
        avail: codes of the cards neither on the board nor dead.
        samples: number of deals.
        seed: seed of the random stream (any int; taken modulo ``2**64``).
        progress: optional ``progress(done, total)`` callback, in deals.

    Raises:
        EquityLimitError: if 100,000 draws in a row gave two hands the same
            card (with no remedy: the caller knows what else would do).
    """
    n_players = len(ranges)
    options = [[(a.code, b.code) for a, b in r.combos] for r in ranges]
    running = [list(accumulate(float(w) for w in r.weights)) for r in ranges]
    fixed = {c.code for r in ranges if len(r) == 1 for c in r.combos[0]}
    deck = [c for c in avail if c not in fixed]
    n_deck = len(deck)
    need = 5 - len(board)
    known = tuple(c.code for c in board)
    state = seed % 2**64
    wins = [0] * n_players
    ties = [[0] * (n_players + 1) for _ in range(n_players)]
    for done in range(1, samples + 1):
        misses = 0
        while True:
            used = 0
            pairs: list[tuple[int, int]] = []
            for opts, cumulative in zip(options, running, strict=True):
                o = 0
                if len(opts) > 1:
                    state = (state + _GAMMA) & _MASK
                    x = ((state ^ (state >> 30)) * _MIX1) & _MASK
                    x = ((x ^ (x >> 27)) * _MIX2) & _MASK
                    x ^= x >> 31
                    u = float(x >> 11) * (1.0 / 9007199254740992.0) * cumulative[-1]
                    top = len(opts) - 1
                    while o < top:  # first combo whose running sum exceeds u
                        mid = (o + top) // 2
                        if cumulative[mid] > u:
                            top = mid
                        else:
                            o = mid + 1
                c0, c1 = opts[o]
                bits = (1 << c0) | (1 << c1)
                if used & bits:
                    break
                used |= bits
                pairs.append((c0, c1))
            if len(pairs) == n_players:
                break
            misses += 1
            if misses >= _MAX_MISSES:
                raise EquityLimitError(
                    "the ranges hardly ever fit together without sharing a card"
                    " (100,000 draws in a row gave two hands the same card)",
                    remedy=None,
                )
        extra: list[int] = []
        j = 0
        while len(extra) < need:
            state = (state + _GAMMA) & _MASK
            x = ((state ^ (state >> 30)) * _MIX1) & _MASK
            x = ((x ^ (x >> 27)) * _MIX2) & _MASK
            x ^= x >> 31
            r = j + (((x >> 32) * (n_deck - j)) >> 32)
            c = deck[r]
            deck[r] = deck[j]
            deck[j] = c
            j += 1
            if not (used >> c) & 1:
                extra.append(c)
        c1, c2, c3, c4, c5 = known + tuple(extra)
        _score([rank7(a, b, c1, c2, c3, c4, c5) for a, b in pairs], wins, ties)
        if progress is not None and (done % _PROGRESS_EVERY == 0 or done == samples):
            progress(done, samples)
    return Counts(wins=wins, ties=ties, total=samples, boards=samples, scale=1)
