"""Lookup tables of the evaluator, built deterministically and cached.

The small tables are built at import, the large ones on first use.

Each card has an additive *key*; the key of a hand is the sum of its cards'
keys (``KEY[code]``), which packs two things into one small ``int``:

* bits 8 and up: the sum of the card's *rank key* (``RANK_KEYS``). The rank
  keys are chosen so that, among hands of the same size, every multiset of
  ranks (at most four of each) has its own sum, so the sum identifies the
  ranks of the hand; ``nonflush_tables()[n - 5][sum]`` is then the best
  non-flush value of those ``n`` ranks (``seven_card_array()`` for n = 7).
* bits 0..7: the sum of the card's *suit key* (``SUIT_KEYS``). For a hand of
  ``n`` cards (5, 6 or 7), ``FLUSH_SUIT[n - 5][sum & 255]`` is 0 if no suit has
  five cards, else the flush suit plus one.

A hand with a flush then needs its flush suit's ranks as a 13-bit mask, and
``flush_table()[mask]`` is its straight-flush or flush value. In a hand of at
most seven cards a flush excludes four of a kind and a full house, so the
flush value is the hand's value.

The rank keys were found by a greedy search (each key the smallest that keeps
the sums distinct, the deuce's key being 0), the suit keys by an exhaustive search
for the smallest keys that tell the flush suit in hands of 5, 6 and 7 cards.
Both properties are checked by the tests. The largest hand key is below
``2**31``; almost all are below ``2**30``, where CPython's int arithmetic is
fastest.

A joker's key has a rank part of ``JOKER_RANK_KEY``, larger than any sum of
real rank keys, so a hand with a joker finds no entry in the non-flush tables
and takes the wild-card path (R-DECK-2). Codes 54..107 (and negative codes, which
Python indexes from the end) have ``POISON_KEY``, which also finds no entry.

Rule: R-HAND-2..5.
"""

from __future__ import annotations

from array import array
from functools import cache
from itertools import combinations_with_replacement

from holdem.eval.value import HandCategory, rank_of

__all__ = [
    "FLUSH_SUIT",
    "JOKER_RANK_KEY",
    "KEY",
    "POISON_KEY",
    "RANK_KEYS",
    "STRAIGHT_TOP",
    "SUIT_KEYS",
    "SUIT_SHIFT",
    "flush_table",
    "flush_value",
    "nonflush_tables",
    "nonflush_value",
    "seven_card_array",
]

RANK_KEYS = (
    0,
    1,
    5,
    24,
    112,
    521,
    2247,
    9244,
    30823,
    103066,
    250154,
    667453,
    1526359,
)
"""Rank key of each rank, deuce (index 0) to ace (index 12)."""

SUIT_KEYS = (0, 1, 25, 32)
"""Suit key of clubs, diamonds, hearts, spades."""

SUIT_SHIFT = 8
"""Bits of the suit part of a hand key."""

JOKER_RANK_KEY = 1 << 23
"""Rank part of a joker's key; above every sum of seven real rank keys."""

POISON_KEY = 1 << 40
"""Key of an invalid code; makes the hand's key miss every table."""


def _build_key() -> tuple[int, ...]:
    keys = [
        (RANK_KEYS[code >> 2] << SUIT_SHIFT) + SUIT_KEYS[code & 3] for code in range(52)
    ]
    keys += [JOKER_RANK_KEY << SUIT_SHIFT] * 2
    keys += [POISON_KEY] * 54  # 54..107, and -54..-1 counted from the end
    return tuple(keys)


KEY = _build_key()
"""Additive key of each card code 0..53 (and poison for 54..107)."""


def _build_straight_top() -> tuple[int, ...]:
    """Top card rank of the best straight in a 13-bit rank mask, or 0."""
    out = [0] * 8192
    windows = [(top, 0b11111 << (top - 6)) for top in range(14, 5, -1)]
    windows.append((5, 0b1000000001111))  # the wheel, A-2-3-4-5 (R-HAND-3)
    for mask in range(8192):
        for top, w in windows:
            if mask & w == w:
                out[mask] = top
                break
    return tuple(out)


STRAIGHT_TOP = _build_straight_top()
"""Top rank (5..14) of the best straight in a rank mask (bit r-2 for rank r)."""


def _top_ranks(mask: int, count: int) -> list[int]:
    out = []
    for r in range(14, 1, -1):
        if mask >> (r - 2) & 1:
            out.append(r)
            if len(out) == count:
                break
    return out


def nonflush_value(counts: list[int]) -> int:
    """Best value of a multiset of ranks, ignoring suits.

    Args:
        counts: length 15; ``counts[r]`` is how many cards of rank ``r``
            (2..14) the hand has, any number (a wild card may repeat a rank).
            The total must be at least five.

    Returns:
        The rank code of the best five of them without a flush (R-HAND-2).
    """
    present = 0
    for r in range(2, 15):
        if counts[r]:
            present |= 1 << (r - 2)
    by_count = sorted(((counts[r], r) for r in range(2, 15) if counts[r]), reverse=True)
    top_count, top = by_count[0]
    if top_count >= 5:
        return rank_of(HandCategory.FIVE_OF_A_KIND, top)
    if top_count == 4:
        kicker = _top_ranks(present & ~(1 << (top - 2)), 1)
        return rank_of(HandCategory.FOUR_OF_A_KIND, top, *kicker)
    second_count, second = by_count[1] if len(by_count) > 1 else (0, 0)
    if top_count == 3 and second_count >= 2:
        return rank_of(HandCategory.FULL_HOUSE, top, second)
    straight = STRAIGHT_TOP[present]
    if straight:
        return rank_of(HandCategory.STRAIGHT, straight)
    if top_count == 3:
        kickers = _top_ranks(present & ~(1 << (top - 2)), 2)
        return rank_of(HandCategory.THREE_OF_A_KIND, top, *kickers)
    if top_count == 2 and second_count == 2:
        rest = present & ~(1 << (top - 2)) & ~(1 << (second - 2))
        return rank_of(HandCategory.TWO_PAIR, top, second, *_top_ranks(rest, 1))
    if top_count == 2:
        kickers = _top_ranks(present & ~(1 << (top - 2)), 3)
        return rank_of(HandCategory.ONE_PAIR, top, *kickers)
    return rank_of(HandCategory.HIGH_CARD, *_top_ranks(present, 5))


def flush_value(ranks: list[int]) -> int:
    """Value of five or more cards of one suit: a straight flush or a flush.

    Args:
        ranks: the ranks (2..14) of the suit's cards; a rank may repeat when a
            wild card stands for a card already present (R-DECK-2).

    Returns:
        The straight-flush value if five of the ranks are in sequence (R-HAND-3),
        else the flush value of the five highest, repeats included.
    """
    mask = 0
    for r in ranks:
        mask |= 1 << (r - 2)
    top = STRAIGHT_TOP[mask]
    if top:
        return rank_of(HandCategory.STRAIGHT_FLUSH, top)
    return rank_of(HandCategory.FLUSH, *sorted(ranks, reverse=True)[:5])


@cache
def flush_table() -> tuple[int, ...]:
    """Value of the flush suit's cards by 13-bit rank mask (0 if < 5 cards).

    Built on first use (about 20 ms), then cached.
    """
    out = [0] * 8192
    for mask in range(8192):
        if mask.bit_count() >= 5:
            out[mask] = flush_value([r for r in range(2, 15) if mask >> (r - 2) & 1])
    return tuple(out)


def _grow(smaller: dict[int, int], n: int) -> dict[int, int]:
    """Values of n-rank multisets: the best of dropping one rank from each."""
    out: dict[int, int] = {}
    keys = RANK_KEYS
    for combo in combinations_with_replacement(range(13), n):
        total = 0
        run = 0
        last = -1
        for i in combo:  # sorted, so equal ranks are adjacent
            total += keys[i]
            run = run + 1 if i == last else 1
            last = i
            if run == 5:
                break
        else:
            out[total] = max([smaller[total - keys[i]] for i in set(combo)])
    return out


@cache
def nonflush_tables() -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Best non-flush value by rank-key sum, for hands of 5, 6 and 7 cards.

    Built on first use (about 0.15 s), then cached. A hand of 6 or 7 ranks is
    worth the best of its hands of one rank fewer (R-HAND-1, R-HAND-4).
    """
    five: dict[int, int] = {}
    counts = [0] * 15
    for combo in combinations_with_replacement(range(13), 5):
        if combo[0] == combo[4]:
            continue
        for r in range(2, 15):
            counts[r] = 0
        for i in combo:
            counts[i + 2] += 1
        five[sum(RANK_KEYS[i] for i in combo)] = nonflush_value(counts)
    six = _grow(five, 6)
    return five, six, _grow(six, 7)


@cache
def seven_card_array() -> array[int]:
    """``nonflush_tables()[2]`` as a dense ``array('i')`` indexed by rank-key sum.

    32 MB, of which the hands touch about 3 MB; a list index is the fastest
    lookup in CPython, and numpy and numba views share the same memory.
    """
    seven = nonflush_tables()[2]
    out = array("i", bytes(4 * (max(seven) + 1)))
    for k, v in seven.items():
        out[k] = v
    return out


def _build_flush_suit(n: int) -> tuple[int, ...]:
    out = [0] * (1 << SUIT_SHIFT)
    for c in range(n + 1):
        for d in range(n + 1 - c):
            for h in range(n + 1 - c - d):
                s = n - c - d - h
                total = c * SUIT_KEYS[0] + d * SUIT_KEYS[1]
                total += h * SUIT_KEYS[2] + s * SUIT_KEYS[3]
                for suit, count in enumerate((c, d, h, s)):
                    if count >= 5:
                        out[total] = suit + 1
    return tuple(out)


FLUSH_SUIT = (_build_flush_suit(5), _build_flush_suit(6), _build_flush_suit(7))
"""For 5, 6, 7 cards (index 0, 1, 2): flush suit + 1, or 0, by a key's low 8 bits."""
