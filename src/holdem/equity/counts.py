"""Raw outcome counts, hole-card assignments, and small enumerations in Python.

An exact enumeration small enough (at most ``PYTHON_EXACT_LIMIT`` hand
evaluations, see ``holdem.equity.limits``) is counted here, one
``rank7`` call per hand and board, so that a quick query loads neither numpy
nor numba: loading them and the compiled kernels costs more (about 0.6 s)
than evaluating half a million hands in Python. Larger runs go to
``holdem.equity.deal``, which gives the same counts.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from holdem.cards import Card
from holdem.equity.ranges import Range
from holdem.errors import InvalidInputError
from holdem.eval import rank7

__all__ = ["Counts", "assignments", "exact", "weight_scale"]

Progress = Callable[[int, int], None]


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
            values = [rank7(a, b, c1, c2, c3, c4, c5) for a, b in pairs]
            best = max(values)
            n_best = values.count(best)
            if n_best == 1:
                won[values.index(best)] += 1
            else:
                for p in players:
                    if values[p] == best:
                        split[p][n_best] += 1
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
