"""Hand values: the category enum, the integer rank code and ``HandValue``.

A hand's strength is one ``int``, its *rank*: higher is better and equal means
a tie (R-HAND-4, R-HAND-5). The rank is self-describing::

    rank = category << 20 | d1 << 16 | d2 << 12 | d3 << 8 | d4 << 4 | d5

where ``category`` is a ``HandCategory`` (1..10) and ``d1..d5`` are card ranks
(2..14, or 0 where unused) in the order they are compared: the ranks that make
the category first, then the kickers, highest first. For example a pair of
Jacks with Ace, Nine, Four is ``ONE_PAIR, 11, 14, 9, 4``; a straight is only
its top card (5 for the wheel, R-HAND-3). Every rank fits in 24 bits.

>>> from holdem.cards import parse_cards
>>> v = HandValue.from_rank(rank_of(HandCategory.ONE_PAIR, 11, 14, 9, 4),
...                         parse_cards("JdJsAh9c4d"))
>>> v.category.name, str(v)
('ONE_PAIR', 'a pair of Jacks')
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from holdem.cards import Card, Rank, format_cards

__all__ = [
    "CATEGORY_SHIFT",
    "HandCategory",
    "HandValue",
    "rank_digits",
    "rank_of",
]

CATEGORY_SHIFT = 20
"""Bit position of the category in a rank code."""


class HandCategory(IntEnum):
    """The ten hand categories of R-HAND-2, lowest (1) to highest (10)."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9
    FIVE_OF_A_KIND = 10


def rank_of(category: HandCategory | int, *digits: int) -> int:
    """Pack a category and up to five compared card ranks into a rank code.

    Args:
        category: the hand category (1..10).
        *digits: card ranks 2..14 in comparison order, at most five.

    Returns:
        The rank code described in the module docstring.

    >>> rank_of(HandCategory.STRAIGHT, 5) < rank_of(HandCategory.STRAIGHT, 6)
    True
    """
    code = int(category) << CATEGORY_SHIFT
    shift = 16
    for d in digits:
        code |= d << shift
        shift -= 4
    return code


def rank_digits(rank: int) -> tuple[int, ...]:
    """The compared card ranks of a rank code, without the unused zeros.

    >>> rank_digits(rank_of(HandCategory.TWO_PAIR, 13, 4, 9))
    (13, 4, 9)
    """
    out = []
    for shift in (16, 12, 8, 4, 0):
        d = (rank >> shift) & 15
        if d:
            out.append(d)
    return tuple(out)


def _plural(r: int) -> str:
    name = Rank(r).english
    return name + "es" if name.endswith("x") else name + "s"


def _name(r: int) -> str:
    return Rank(r).english


def _describe(rank: int) -> str:
    cat = rank >> CATEGORY_SHIFT
    d = rank_digits(rank)
    if cat == HandCategory.HIGH_CARD:
        return f"high card {_name(d[0])}"
    if cat == HandCategory.ONE_PAIR:
        return f"a pair of {_plural(d[0])}"
    if cat == HandCategory.TWO_PAIR:
        return f"two pair, {_plural(d[0])} and {_plural(d[1])}"
    if cat == HandCategory.THREE_OF_A_KIND:
        return f"three of a kind, {_plural(d[0])}"
    if cat in (HandCategory.STRAIGHT, HandCategory.STRAIGHT_FLUSH):
        top = d[0]
        low = "Ace" if top == 5 else _name(top - 4)
        if cat == HandCategory.STRAIGHT:
            return f"a straight, {low} to {_name(top)}"
        if top == 14:
            return "a Royal Flush"
        return f"a straight flush, {low} to {_name(top)}"
    if cat == HandCategory.FLUSH:
        return f"a flush, {_name(d[0])} high"
    if cat == HandCategory.FULL_HOUSE:
        return f"a full house, {_plural(d[0])} full of {_plural(d[1])}"
    if cat == HandCategory.FOUR_OF_A_KIND:
        return f"four of a kind, {_plural(d[0])}"
    return f"five of a kind, {_plural(d[0])}"


class HandValue:
    """The value of a poker hand: its rank code and its best five cards.

    Values compare, hash and test equal by ``rank`` alone, so equal values are
    a tie whatever the suits (R-HAND-4, R-HAND-5). A value is immutable and
    cheap: ``evaluate`` stores the rank and the cards it was given; the
    category, the best five and the description are worked out when asked.

    Attributes:
        rank: the rank code (see the module docstring); higher is better.
        best_five: the five cards that make the hand, in natural order: the
            cards of the category first (pair before kickers, trips before the
            pair of a full house, a straight from its top card down), then the
            kickers high to low. A joker stands where its stand-in card goes.

    >>> from holdem.eval import evaluate
    >>> from holdem.cards import parse_cards
    >>> v = evaluate(parse_cards("Kh4c9dKs4d2c3c"))
    >>> str(v), v.category.name
    ('two pair, Kings and Fours', 'TWO_PAIR')
    >>> v.cards_text()
    'KsKh4d4c9d'
    """

    __slots__ = ("_cards", "_five", "_rank", "_rule")

    _rank: int
    _cards: tuple[Card, ...]
    _five: tuple[Card, ...]
    _rule: str

    def __init__(self, rank: int, best_five: Iterable[Card] = ()) -> None:
        five = tuple(best_five)
        self._rank = rank
        self._cards = five
        self._five = five

    @classmethod
    def from_rank(cls, rank: int, best_five: Iterable[Card] = ()) -> HandValue:
        """Wrap a rank code (from ``rank_codes`` or a batch) as a ``HandValue``.

        Args:
            rank: a rank code; not checked for being reachable.
            best_five: the best five cards, if known (``()`` otherwise).
        """
        return cls(rank, best_five)

    @property
    def rank(self) -> int:
        """The rank code (see the module docstring); higher is better."""
        return self._rank

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards that make the hand, in natural order.

        A value from ``evaluate`` works them out on first access.
        """
        return self._five

    @property
    def category(self) -> HandCategory:
        """The hand category (R-HAND-2)."""
        return HandCategory(self._rank >> CATEGORY_SHIFT)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The compared card ranks, category ranks first, then kickers."""
        return rank_digits(self._rank)

    def describe(self) -> str:
        """The English description used in hand histories.

        Examples: ``"a pair of Jacks"``, ``"two pair, Kings and Fours"``,
        ``"a flush, Queen high"``, ``"a straight, Five to Nine"``.
        """
        return _describe(self._rank)

    def cards_text(self) -> str:
        """The best five cards in text form, e.g. ``"JsJd Ah9c4d"`` without spaces."""
        return format_cards(self.best_five)

    def __str__(self) -> str:
        return _describe(self._rank)

    def __repr__(self) -> str:
        return f"HandValue(rank={self._rank!r}, best_five={self.best_five!r})"

    def __hash__(self) -> int:
        return hash((self._rank,))

    def __reduce__(self) -> tuple[type[HandValue], tuple[int, tuple[Card, ...]]]:
        return HandValue, (self._rank, self.best_five)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandValue):
            return self._rank == other._rank
        return NotImplemented

    def __lt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self._rank < other._rank
        return NotImplemented

    def __le__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self._rank <= other._rank
        return NotImplemented

    def __gt__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self._rank > other._rank
        return NotImplemented

    def __ge__(self, other: HandValue) -> bool:
        if isinstance(other, HandValue):
            return self._rank >= other._rank
        return NotImplemented
