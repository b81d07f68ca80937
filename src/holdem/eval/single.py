"""Evaluate one hand of 5, 6 or 7 cards: the fast int path and ``HandValue``.

``rank_codes`` is the per-call path the showdown and the bots pay for: the
sum of the cards' additive keys (see ``tables``), one lookup for a flush and
one for the value (an ``array`` for 7 cards, a dict for 5 and 6). It is about
30 bytecodes, so keep it that way; everything else (checks, first use,
jokers, flushes) is off that path.

Rule: R-HAND-1..5; jokers R-DECK-2.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Sequence
from itertools import combinations

from holdem.cards import Card
from holdem.errors import InvalidInputError
from holdem.eval.tables import (
    FLUSH_SUIT,
    JOKER_RANK_KEY,
    KEY,
    SUIT_SHIFT,
    flush_table,
    nonflush_tables,
    seven_card_array,
)
from holdem.eval.value import HandCategory, HandValue, rank_digits
from holdem.eval.wild import stand_ins, wild_rank

__all__ = [
    "check_codes",
    "evaluate",
    "rank5",
    "rank6",
    "rank7",
    "rank_codes",
]

_KEY = KEY
_F5, _F6, _F7 = FLUSH_SUIT
# Filled on first use (a cache: building them takes about 0.2 s). Until then
# every lookup misses (KeyError, IndexError), and the miss handler fills them.
_NF5: dict[int, int] = {}
_NF6: dict[int, int] = {}
_NF7: Sequence[int] = array("i")
_FLUSH: Sequence[int] = ()
_WILD_KEY = JOKER_RANK_KEY << SUIT_SHIFT


def _load() -> None:
    global _NF5, _NF6, _NF7, _FLUSH
    if not _FLUSH:
        _NF5, _NF6, _ = nonflush_tables()
        _NF7 = seven_card_array()
        _FLUSH = flush_table()


def check_codes(codes: Sequence[int]) -> tuple[int, ...]:
    """Check that ``codes`` is one hand: 5 to 7 distinct card codes 0..53.

    Args:
        codes: ``Card.code`` values; 52 and 53 are the jokers.

    Returns:
        The codes as a tuple of ``int``.

    Raises:
        InvalidInputError: naming the problem: a code that is not a card, a
            card that appears twice, or a count other than 5, 6 or 7.
    """
    try:
        out = tuple(codes)
    except TypeError:
        raise InvalidInputError(
            f"a hand is a sequence of card codes, got {type(codes).__name__}"
        ) from None
    for c in out:
        if isinstance(c, bool) or not hasattr(c, "__index__"):
            raise InvalidInputError(f"card code must be an int 0..53, got {c!r}")
        if not 0 <= c <= 53:
            raise InvalidInputError(f"card code must be an int 0..53, got {c!r}")
    out = tuple(int(c) for c in out)
    seen: set[int] = set()
    for c in out:
        if c in seen:
            raise InvalidInputError(
                f"card {Card.from_code(c)} appears twice in the hand"
            )
        seen.add(c)
    if not 5 <= len(out) <= 7:
        raise InvalidInputError(
            f"a hand has 5, 6 or 7 cards (R-HAND-1), got {len(out)}"
        )
    return out


def _slow(codes: Sequence[int]) -> int:
    """Everything off the fast path: checks, first use, jokers."""
    hand = check_codes(codes)
    _load()
    real = [c for c in hand if c < 52]
    if len(real) < len(hand):
        return wild_rank(real, len(hand) - len(real))
    return _fast(hand)


def _fast(hand: tuple[int, ...]) -> int:
    """The table path for checked joker-free codes, after ``_load``."""
    k = 0
    for c in hand:
        k += _KEY[c]
    suit = FLUSH_SUIT[len(hand) - 5][k & 255]
    if suit:
        return _flush(hand, suit - 1)
    return (_NF5, _NF6, _NF7)[len(hand) - 5][k >> SUIT_SHIFT]


def _flush(codes: Sequence[int], suit: int) -> int:
    mask = 0
    for c in codes:
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    return _FLUSH[mask]


def _special(codes: Sequence[int], k: int, suit: int) -> int:
    """A hand whose suit part says flush: a real flush, or a joker, or bad input."""
    if k < _WILD_KEY and _FLUSH:
        value = _flush(codes, suit - 1)
        if value:
            return value
    return _slow(codes)  # a joker, first use, or a repeated card (value 0)


def rank_codes(codes: Sequence[int]) -> int:
    """Rank code of one hand of 5, 6 or 7 cards given as ``Card.code`` ints.

    Higher is better and equal is a tie (R-HAND-4, R-HAND-5); see
    ``holdem.eval.value`` for the layout and ``HandValue.from_rank`` to wrap
    it. Jokers (codes 52, 53) are wild (R-DECK-2).

    Args:
        codes: a tuple or list of 5, 6 or 7 distinct codes 0..53.

    Returns:
        The rank code, a positive ``int`` below ``2**24``.

    Raises:
        InvalidInputError: for a wrong number of cards or a code that is not a
            card. For speed, a card given twice is caught only when it makes an
            impossible hand; ``check_codes`` (or ``evaluate``) checks fully.

    >>> from holdem.cards import parse_cards
    >>> a = rank_codes([c.code for c in parse_cards("AsKsQsJsTs9h2c")])
    >>> b = rank_codes([c.code for c in parse_cards("AhAdAcAs2h")])
    >>> a > b
    True
    """
    try:
        n = len(codes)
        if n == 7:
            a, b, c, d, e, f, g = codes
            k = _KEY[a] + _KEY[b] + _KEY[c] + _KEY[d] + _KEY[e] + _KEY[f] + _KEY[g]
            s = _F7[k & 255]
            if s:
                return _special(codes, k, s)
            return _NF7[k >> 8]
        if n == 6:
            a, b, c, d, e, f = codes
            k = _KEY[a] + _KEY[b] + _KEY[c] + _KEY[d] + _KEY[e] + _KEY[f]
            s = _F6[k & 255]
            if s:
                return _special(codes, k, s)
            return _NF6[k >> 8]
        if n == 5:
            a, b, c, d, e = codes
            k = _KEY[a] + _KEY[b] + _KEY[c] + _KEY[d] + _KEY[e]
            s = _F5[k & 255]
            if s:
                return _special(codes, k, s)
            return _NF5[k >> 8]
    except (KeyError, IndexError, TypeError):
        pass
    return _slow(codes)


def rank7(a: int, b: int, c: int, d: int, e: int, f: int, g: int) -> int:
    """``rank_codes((a, b, c, d, e, f, g))`` without building a sequence."""
    try:
        k = _KEY[a] + _KEY[b] + _KEY[c] + _KEY[d] + _KEY[e] + _KEY[f] + _KEY[g]
        s = _F7[k & 255]
        if s:
            return _special((a, b, c, d, e, f, g), k, s)
        return _NF7[k >> 8]
    except (KeyError, IndexError, TypeError):
        return _slow((a, b, c, d, e, f, g))


def rank6(a: int, b: int, c: int, d: int, e: int, f: int) -> int:
    """``rank_codes((a, b, c, d, e, f))`` without building a sequence."""
    try:
        k = _KEY[a] + _KEY[b] + _KEY[c] + _KEY[d] + _KEY[e] + _KEY[f]
        s = _F6[k & 255]
        if s:
            return _special((a, b, c, d, e, f), k, s)
        return _NF6[k >> 8]
    except (KeyError, IndexError, TypeError):
        return _slow((a, b, c, d, e, f))


def rank5(a: int, b: int, c: int, d: int, e: int) -> int:
    """``rank_codes((a, b, c, d, e))`` without building a sequence."""
    try:
        k = _KEY[a] + _KEY[b] + _KEY[c] + _KEY[d] + _KEY[e]
        s = _F5[k & 255]
        if s:
            return _special((a, b, c, d, e), k, s)
        return _NF5[k >> 8]
    except (KeyError, IndexError, TypeError):
        return _slow((a, b, c, d, e))


def _natural_order(cards: list[tuple[int, int]], rank: int) -> list[int]:
    """Order five (position, stand-in code) pairs for display; return positions."""
    cat = rank >> 20
    counts = [0] * 13
    for _, code in cards:
        counts[code >> 2] += 1
    if cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        wheel = (rank >> 16) & 15 == 5

        def key(item: tuple[int, int]) -> tuple[int, ...]:
            r = item[1] >> 2
            return (-1 if wheel and r == 12 else r, item[1] & 3, -item[0])
    elif cat == HandCategory.FLUSH:

        def key(item: tuple[int, int]) -> tuple[int, ...]:
            return (item[1] >> 2, item[1] & 3, -item[0])
    else:

        def key(item: tuple[int, int]) -> tuple[int, ...]:
            r = item[1] >> 2
            return (counts[r], r, item[1] & 3, -item[0])

    return [pos for pos, _ in sorted(cards, key=key, reverse=True)]


_GROUPS = {
    HandCategory.HIGH_CARD: (1, 1, 1, 1, 1),
    HandCategory.ONE_PAIR: (2, 1, 1, 1),
    HandCategory.TWO_PAIR: (2, 2, 1),
    HandCategory.THREE_OF_A_KIND: (3, 1, 1),
    HandCategory.FULL_HOUSE: (3, 2),
    HandCategory.FOUR_OF_A_KIND: (4, 1),
}
"""How many cards each compared rank of a rank code stands for."""


def _pick_five(codes: Sequence[int], rank: int) -> list[int]:
    """The best five of joker-free ``codes``, read off the rank code.

    In natural order: the ranks in the order they are compared (a straight
    from its top card down, the wheel's ace last), higher suit first within
    a rank. Any five worth ``rank`` would do (R-HAND-5).
    """
    cat = rank >> 20
    digits = rank_digits(rank)
    if cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        digits = tuple(14 if r == 1 else r for r in range(digits[0], digits[0] - 5, -1))
    if cat in (HandCategory.FLUSH, HandCategory.STRAIGHT_FLUSH):
        suits = [c & 3 for c in codes]
        suit = max(range(4), key=suits.count)  # the only suit with five cards
        return [(r - 2) * 4 + suit for r in digits]
    by_rank: dict[int, list[int]] = {}
    for c in sorted(codes, reverse=True):
        by_rank.setdefault((c >> 2) + 2, []).append(c)
    counts = _GROUPS.get(HandCategory(cat), (1, 1, 1, 1, 1))
    return [c for r, n in zip(digits, counts, strict=False) for c in by_rank[r][:n]]


def _best_five(hand: tuple[Card, ...], rank: int) -> tuple[Card, ...]:
    """Five cards of ``hand`` worth ``rank``, in natural order."""
    if not any(c.is_joker for c in hand):
        return tuple(
            Card.from_code(c) for c in _pick_five([c.code for c in hand], rank)
        )
    # With jokers: the first five worth the value, ordered by stand-in cards.
    five = next(
        combo
        for combo in combinations(hand, 5)
        if rank_codes([c.code for c in combo]) == rank
    )
    real = [c.code for c in five if not c.is_joker]
    subs = iter(stand_ins(real, 5 - len(real), rank))
    stand = [(i, c.code if not c.is_joker else next(subs)) for i, c in enumerate(five)]
    return tuple(five[i] for i in _natural_order(stand, rank))


def evaluate(cards: Iterable[Card]) -> HandValue:
    """Value and best five cards of a hand of 5, 6 or 7 cards.

    Args:
        cards: hole cards and board together, in any order; jokers are wild
            (R-DECK-2).

    Returns:
        The ``HandValue``: its rank, category, best five cards (R-HAND-1) and
        English description.

    Raises:
        InvalidInputError: if an item is not a ``Card``, a card appears twice,
            or there are not 5, 6 or 7 cards.

    >>> from holdem.cards import parse_cards
    >>> v = evaluate(parse_cards("AsKsQsJsTs9h2c"))
    >>> v.describe(), v.cards_text()
    ('a Royal Flush', 'AsKsQsJsTs')
    >>> evaluate(parse_cards("5d4c3h2sAc9d")).describe()
    'a straight, Ace to Five'
    """
    hand = tuple(cards)
    for c in hand:
        if not isinstance(c, Card):
            raise InvalidInputError(f"evaluate takes Card values, got {c!r}")
    codes = [c.code for c in hand]
    if not 5 <= len(set(codes)) == len(codes) <= 7:
        check_codes(codes)  # raises, naming the problem
    rank = rank_codes(codes)
    return HandValue(rank, _best_five(hand, rank))
