"""Hands with jokers: wild (R-DECK-2), or the card-room "bug" (a house option).

``JokerRule.WILD`` (the default): a joker stands for whatever card makes the
hand best: any rank and suit, even a card the hand already holds. So five of a
kind is possible (four Tens and a joker), and so is a flush with a repeated
rank (``As Ks 9s 5s`` and a joker make the flush ``A A K 9 5``, which beats
``A K Q 9 5``: flushes compare rank by rank, highest first, R-HAND-4).

``JokerRule.BUG``: a joker counts only as an ace, or as the card that
completes a straight, a flush or a straight flush. Read as the card rooms
write it (Robert's Rules of Poker, draw high with the joker, as card rooms
post it): "the joker may be used only as an ace, or to complete a straight,
flush, or straight flush"; "if the joker is used to make a flush, it will be
the highest card of the flush not present in the hand"; "five aces is the
best possible hand (four aces and joker)". So, for each five cards:

* a joker that is not part of a straight or a flush is an ace, of any suit,
  even an ace already held: ``AAAA`` and a joker are five aces (five of a
  kind, the top hand), ``KKK`` and a joker are three Kings with an ace, never
  four Kings;
* in a straight (or a straight flush) a joker is the rank the sequence lacks;
* in a flush a joker is the highest card of that suit the hand does not hold
  (``As Ks 9s 5s`` and a joker: ``A K Q 9 5``, never two aces).

Of 6 or 7 cards the best five count (R-HAND-1), as ever.

Both searches are a handful of table lookups: five of a kind first, then the
best non-flush value over the jokers' possible ranks, then for each suit with
enough cards the best straight flush or flush.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from itertools import combinations_with_replacement

from holdem.eval.tables import RANK_KEYS, flush_value, nonflush_table
from holdem.eval.value import HandCategory, rank_of

__all__ = ["JokerRule", "bug_rank", "stand_ins", "wild_rank"]


class JokerRule(StrEnum):
    """What a joker may stand for (R-DECK-2).

    ``WILD``: any card, one already held included (the default).
    ``BUG``: the card-room "bug": only an ace, or the card that completes a
    straight or a flush (a house option).
    """

    WILD = "wild"
    BUG = "bug"


_RANK_SUMS = tuple(
    tuple(
        sum(RANK_KEYS[r] for r in ranks)
        for ranks in combinations_with_replacement(range(13), j)
    )
    for j in range(3)
)
"""Sums of rank keys of every multiset of 0, 1 or 2 ranks: the jokers' choices.

Three or four jokers need no search: see ``wild_rank``."""

_WINDOWS = tuple(
    (top, [14 if r == 1 else r for r in range(top, top - 5, -1)])
    for top in range(14, 4, -1)
)
"""Each straight, highest first: (top card, its five ranks); 5 is the wheel."""


def _straight_top(present: set[int], jokers: int) -> int:
    """Top card of the best straight that ``jokers`` wild cards complete, or 0."""
    for top, window in _WINDOWS:
        if sum(r not in present for r in window) <= jokers:
            return top
    return 0


def _best_suited(ranks: list[int], jokers: int) -> int:
    """Best flush or straight flush of one suit's ranks plus ``jokers`` wild cards."""
    top = _straight_top(set(ranks), jokers)
    if top:
        return rank_of(HandCategory.STRAIGHT_FLUSH, top)
    # No straight flush: every joker is best as an Ace, even a second one.
    return rank_of(HandCategory.FLUSH, *sorted(ranks + [14] * jokers, reverse=True)[:5])


def _counts(real: Sequence[int]) -> list[int]:
    counts = [0] * 13
    for c in real:
        counts[c >> 2] += 1
    return counts


def wild_rank(real: Sequence[int], jokers: int) -> int:
    """Rank code of a hand of real cards plus wild jokers (R-DECK-2).

    Args:
        real: codes 0..51 of the real cards, distinct (validated by the caller).
        jokers: 1 to 4; ``len(real) + jokers`` is 5, 6 or 7.

    Returns:
        The rank code of the best hand the jokers can make.
    """
    counts = _counts(real)
    for r in range(12, -1, -1):
        if counts[r] + jokers >= 5:
            return rank_of(HandCategory.FIVE_OF_A_KIND, r + 2)
    if jokers <= 2:
        # No rank reaches five, so every choice of joker ranks is a table entry.
        table = nonflush_table(len(real) + jokers)
        base = sum(RANK_KEYS[c >> 2] for c in real)
        best = max(table[base + extra] for extra in _RANK_SUMS[jokers])
    else:
        # Three jokers and no five of a kind: the real ranks are all different
        # (a pair would make five). The best non-flush hand is then four of
        # the highest real rank (three jokers), the next real rank the kicker:
        # nothing but five of a kind and straight flushes beats four of a kind.
        high = sorted({c >> 2 for c in real}, reverse=True)
        best = rank_of(HandCategory.FOUR_OF_A_KIND, high[0] + 2, high[1] + 2)
    for suit in range(4):
        suited = [(c >> 2) + 2 for c in real if c & 3 == suit]
        if len(suited) + jokers >= 5:
            best = max(best, _best_suited(suited, jokers))
    return best


def bug_rank(real: Sequence[int], jokers: int) -> int:
    """Rank code of real cards plus jokers under the bug rule (see the module).

    Args:
        real: codes 0..51 of the real cards, distinct (validated by the caller).
        jokers: 1 to 4; ``len(real) + jokers`` is 5, 6 or 7.

    Returns:
        The rank code of the best hand: the jokers as aces, or completing a
        straight, a flush or a straight flush.
    """
    counts = _counts(real)
    if counts[12] + jokers >= 5:
        return rank_of(HandCategory.FIVE_OF_A_KIND, 14)  # "five aces"
    # Every joker an ace; no rank reaches five, so it is a table entry. The
    # table's straights include those an ace completes (T-J-Q-K-A, A-2-3-4-5).
    table = nonflush_table(len(real) + jokers)
    best = table[sum(RANK_KEYS[c >> 2] for c in real) + jokers * RANK_KEYS[12]]
    top = _straight_top({(c >> 2) + 2 for c in real}, jokers)
    if top:
        best = max(best, rank_of(HandCategory.STRAIGHT, top))
    for suit in range(4):
        suited = {(c >> 2) + 2 for c in real if c & 3 == suit}
        if len(suited) + jokers < 5:
            continue
        top = _straight_top(suited, jokers)
        if top:
            best = max(best, rank_of(HandCategory.STRAIGHT_FLUSH, top))
        # A flush: each joker is the highest card of the suit not held.
        missing = [r for r in range(14, 1, -1) if r not in suited][:jokers]
        five = sorted(suited | set(missing), reverse=True)[:5]
        best = max(best, flush_value(five))  # a straight flush if in sequence
    return best


def _ranks_of(rank: int) -> list[int]:
    """The five card ranks of a five-card hand worth ``rank``."""
    cat = rank >> 20
    digits = [(rank >> shift) & 15 for shift in (16, 12, 8, 4, 0)]
    if cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        return [14 if r == 1 else r for r in range(digits[0], digits[0] - 5, -1)]
    if cat == HandCategory.FIVE_OF_A_KIND:
        return [digits[0]] * 5
    shape = {
        HandCategory.FOUR_OF_A_KIND: (4, 1),
        HandCategory.FULL_HOUSE: (3, 2),
        HandCategory.THREE_OF_A_KIND: (3, 1, 1),
        HandCategory.TWO_PAIR: (2, 2, 1),
        HandCategory.ONE_PAIR: (2, 1, 1, 1),
    }.get(HandCategory(cat), (1, 1, 1, 1, 1))
    return [r for r, n in zip(digits, shape, strict=False) for _ in range(n)]


def stand_ins(real: Sequence[int], jokers: int, rank: int) -> tuple[int, ...]:
    """Cards (codes 0..51) that the jokers of a five-card hand stand for.

    Args:
        real: codes of the real cards; ``len(real) + jokers == 5``.
        jokers: 1 to 4.
        rank: the hand's rank code (from ``wild_rank`` or ``bug_rank``).

    Returns:
        One code per joker, highest first, such that the five cards are
        worth ``rank``: the ranks the value needs that the real cards lack,
        in the flush suit for a flush, else in a suit that makes none.
    """
    missing = _ranks_of(rank)
    for c in real:
        missing.remove((c >> 2) + 2)
    suits = {c & 3 for c in real}
    if rank >> 20 in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH):
        suit = suits.pop()
    else:
        suit = next(s for s in (3, 2, 1, 0) if len(suits) > 1 or s not in suits)
    return tuple(sorted(((r - 2) * 4 + suit for r in missing), reverse=True))
