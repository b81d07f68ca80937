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


# --- jokers: brute force over stand-in cards, per five cards (R-DECK-2) ---------
#
# A five-card value depends on the stand-ins only through their ranks and
# through whether all five cards share a suit. So for the real cards ``real``
# of a five, the stand-ins are tried in every choice of ranks, and in two suit
# patterns: all in the real cards' one suit (when they have one; a flush is
# then possible) and all in a suit none of them has (no flush). Any other
# choice of suits gives one of these values.

RANKS = range(2, 15)


def _off_suit(real: list[Card]) -> int:
    suits = {s for _, s in real}
    return next(s for s in range(4) if s not in suits) if len(suits) < 4 else 0


def _suit_patterns(real: list[Card]) -> list[int]:
    suits = {s for _, s in real}
    return [*suits, _off_suit(real)] if len(suits) == 1 else [_off_suit(real)]


def wild_five(real: list[Card], jokers: int) -> tuple[int, tuple[int, ...]]:
    """A wild joker is any card, one held included."""
    return max(
        value5(real + [(r, s) for r in ranks])
        for ranks in combinations_with_replacement(RANKS, jokers)
        for s in _suit_patterns(real)
    )


STRAIGHTS = [
    [14 if r == 1 else r for r in range(top, top - 5, -1)] for top in range(14, 4, -1)
]


def bug_stand_ins(real: list[Card], jokers: int) -> list[list[Card]]:
    """Every legal choice of stand-ins for the bug: aces (any suit, held ones
    too), the ranks a straight lacks, or in a flush the highest cards of the
    suit that the five do not hold."""
    out = [[(14, _off_suit(real))] * jokers]  # all aces, making no flush
    ranks = [r for r, _ in real]
    suits = {s for _, s in real}
    one_suit = len(suits) == 1
    for window in STRAIGHTS:
        if len(set(ranks)) == len(ranks) and set(ranks) <= set(window):
            lacking = [r for r in window if r not in ranks]
            out.append([(r, _off_suit(real)) for r in lacking])
            if one_suit:
                out.append([(r, next(iter(suits))) for r in lacking])
    if one_suit:
        (s,) = suits
        lacking = [r for r in range(14, 1, -1) if (r, s) not in real][:jokers]
        out.append([(r, s) for r in lacking])
    return out


def bug_five(real: list[Card], jokers: int) -> tuple[int, tuple[int, ...]]:
    return max(value5(real + stand) for stand in bug_stand_ins(real, jokers))


def best_with_jokers(codes: list[int], rule: str) -> tuple[int, tuple[int, ...]]:
    """Best five of real cards and jokers (codes 52..55) under ``rule``."""
    five = wild_five if rule == "wild" else bug_five
    out = (0, ())
    for combo in combinations(codes, 5):
        real = [((c >> 2) + 2, c & 3) for c in combo if c < 52]
        jokers = 5 - len(real)
        out = max(out, five(real, jokers) if jokers else value5(real))
    return out
