"""An independent, slow hand evaluator written straight from RULES.md.

It knows nothing of holdem.eval's tables: it reads R-HAND-2..4 literally on
five cards and takes the best of all five-card subsets (R-HAND-1). Cards are
(rank 2..14, suit 0..3) pairs; a card may repeat (a joker's stand-in, R-DECK-2).

A value is ``(category, compared ranks)``; categories count 1 (high card) to
10 (five of a kind) as in R-HAND-2 read bottom up.
"""

from collections import Counter
from itertools import combinations, combinations_with_replacement

Card = tuple[int, int]


def value5(cards: list[Card]) -> tuple[int, tuple[int, ...]]:
    ranks = sorted((r for r, _ in cards), reverse=True)
    flush = len({s for _, s in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
    elif distinct == [14, 5, 4, 3, 2]:  # the wheel, R-HAND-3
        top = 5
    groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    shape = [n for _, n in groups]
    by_group = tuple(r for r, _ in groups)
    if shape[0] == 5:
        return (10, (groups[0][0],))
    if top and flush:
        return (9, (top,))
    if shape[0] == 4:
        return (8, by_group)
    if shape[:2] == [3, 2]:
        return (7, by_group)
    if flush:
        return (6, tuple(ranks))
    if top:
        return (5, (top,))
    if shape[0] == 3:
        return (4, by_group)
    if shape[:2] == [2, 2]:
        return (3, by_group)
    if shape[0] == 2:
        return (2, by_group)
    return (1, tuple(ranks))


def best(cards: list[Card]) -> tuple[int, tuple[int, ...]]:
    return max(value5(list(five)) for five in combinations(cards, 5))


def best_codes(codes: list[int]) -> tuple[int, tuple[int, ...]]:
    """Best value of real cards and jokers (52, 53) given as codes."""
    real = [((c >> 2) + 2, c & 3) for c in codes if c < 52]
    jokers = len(codes) - len(real)
    every = [(r, s) for r in range(2, 15) for s in range(4)]
    return max(
        best(real + list(stand))
        for stand in combinations_with_replacement(every, jokers)
    )
