"""Hand ranges in the standard notation: ``"QQ+, AKs, AJo-ATo, 76s:0.5"``.

A range is a set of two-card combinations (combos), each with a weight in
(0, 1]. Terms are separated by commas (or spaces):

========================  ===================================================
``QQ``, ``QQ+``           a pair; ``+`` adds every higher pair
``QQ-99``                 the pairs from 99 to QQ
``AKs``, ``AKo``, ``AK``  suited (4 combos), offsuit (12), or both (16)
``A9s+``                  the kicker rises to one below the top card: A9s..AKs
``AJo-ATo``               the same top card, kickers from T to J
``AsKh``                  one exact combo
``random`` (or ``any``)   all 1,326 combos
``term:0.5``              a weight in (0, 1] for the term's combos
========================  ===================================================

A weight is a decimal with at most four digits after the point (``0.5``,
``.125``, ``1``) or a fraction of two numbers of at most four digits
(``1/3``); anything else (``1e-5000``, ``nan``, ``inf``, ``0.123456``) is
refused, so that exact counts stay small integers.

Ranks may be written in either case. A combo named by two terms keeps the
weight of the last. Weights are exact fractions, so enumerations over ranges
give exact counts.

>>> r = parse_range("QQ+, AKs, AJo-ATo, 76s:0.5")
>>> len(r), r.total_weight()
(50, Fraction(48, 1))
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from holdem.cards import Card, format_cards, parse_cards, suit_letters
from holdem.errors import InvalidInputError

__all__ = ["Combo", "Range", "parse_range"]

Combo = tuple[Card, Card]
"""Two hole cards, the higher code first."""

_RANKS = "23456789TJQKA"
_SUITS = "cdhs"
_WEIGHT = re.compile(r"(?:\d?\.\d{1,4}|\d(?:\.\d{0,4})?|\d{1,4}/\d{1,4})")
"""A bounded weight: a decimal with up to 4 digits after the point, or p/q."""


@dataclass(frozen=True, slots=True)
class Range:
    """A weighted set of two-card combos.

    Attributes:
        text: the notation it was read from (or the two cards, for a hand).
        combos: distinct combos, each ordered higher card code first, in the
            order the terms named them.
        weights: the weight of each combo, a fraction in (0, 1].
    """

    text: str
    combos: tuple[Combo, ...]
    weights: tuple[Fraction, ...]

    @classmethod
    def of_hand(cls, cards: Iterable[Card], text: str = "") -> Range:
        """The range of exactly one hand of two cards, weight 1.

        Raises:
            InvalidInputError: unless ``cards`` are two different non-joker cards.
        """
        pair = tuple(cards)
        if len(pair) != 2:
            raise InvalidInputError(
                f"a hold'em hand has 2 hole cards, got {len(pair)}: "
                f"{format_cards(pair) or 'none'}"
            )
        a, b = pair
        if a.is_joker or b.is_joker:
            raise InvalidInputError("jokers are not dealt in equity calculations")
        if a == b:
            raise InvalidInputError(f"card {a} appears twice in hand {a}{b}")
        combo = (a, b) if a.code > b.code else (b, a)
        return cls(text or format_cards(pair), (combo,), (Fraction(1),))

    def __len__(self) -> int:
        return len(self.combos)

    def total_weight(self) -> Fraction:
        """Sum of the weights: the number of combos a weight of 1 counts as."""
        return sum(self.weights, Fraction(0))

    def without(self, cards: Iterable[Card]) -> Range:
        """The combos that use none of ``cards`` (board, dead or known cards)."""
        gone = {c.code for c in cards}
        kept = [
            (combo, w)
            for combo, w in zip(self.combos, self.weights, strict=True)
            if combo[0].code not in gone and combo[1].code not in gone
        ]
        return Range(self.text, tuple(c for c, _ in kept), tuple(w for _, w in kept))


def _rank(ch: str, term: str, text: str) -> int:
    i = _RANKS.find(ch.upper())
    if i < 0:
        raise InvalidInputError(
            f"cannot read range term {term!r} in {text!r}: {ch!r} is not a rank"
            f" (one of {_RANKS})"
        )
    return i


def _pair_combos(r: int) -> list[Combo]:
    cards = [Card.from_code(r * 4 + s) for s in range(3, -1, -1)]
    return [(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]]


def _two_rank_combos(hi: int, lo: int, kind: str) -> list[Combo]:
    out: list[Combo] = []
    for s1 in range(3, -1, -1):
        for s2 in range(3, -1, -1):
            if (kind == "s" and s1 != s2) or (kind == "o" and s1 == s2):
                continue
            out.append((Card.from_code(hi * 4 + s1), Card.from_code(lo * 4 + s2)))
    return out


def _shape(part: str, term: str, text: str) -> tuple[int, int, str]:
    """Read ``AK``, ``AKs``, ``AKo`` or ``QQ``: (high rank, low rank, kind)."""
    if len(part) not in (2, 3):
        raise InvalidInputError(
            f"cannot read range term {term!r} in {text!r}: expected a hand like"
            " 'QQ', 'AKs', 'AJo' or 'AsKh'"
        )
    a, b = _rank(part[0], term, text), _rank(part[1], term, text)
    kind = part[2:].lower()
    if kind not in ("", "s", "o"):
        raise InvalidInputError(
            f"cannot read range term {term!r} in {text!r}: {part[2]!r} must be"
            " 's' (suited) or 'o' (offsuit)"
        )
    if a == b and kind:
        raise InvalidInputError(
            f"cannot read range term {term!r} in {text!r}: a pair is neither"
            " suited nor offsuit"
        )
    return max(a, b), min(a, b), kind


def _combos_of(shape: tuple[int, int, str]) -> list[Combo]:
    hi, lo, kind = shape
    if hi == lo:
        return _pair_combos(hi)
    return _two_rank_combos(hi, lo, kind)


def _looks_like_cards(term: str) -> bool:
    """Whether a 4-character term is meant as two cards (``AsKh``, ``XxAh``)."""
    if len(term) != 4 or "+" in term or "-" in term:
        return False
    if term[1].lower() in _SUITS:
        return True
    if term[2].upper() in _RANKS and term[3].lower() in _SUITS:
        return True
    return term[:2].lower() == "jk" or term[2:].lower() == "jk"


def _term_combos(term: str, text: str) -> list[Combo]:
    lowered = term.lower()
    if lowered in ("random", "any"):
        cards = [Card.from_code(c) for c in range(51, -1, -1)]
        return [(a, b) for i, a in enumerate(cards) for b in cards[i + 1 :]]
    if _looks_like_cards(term):
        hand = Range.of_hand(_cards_of(term, text), term)
        return list(hand.combos)
    if term.endswith("++"):
        raise InvalidInputError(
            f"cannot read range term {term!r} in {text!r}: a doubled plus; write"
            f" one '+', like {term.rstrip('+') + '+'!r}"
        )
    if term.endswith("+"):
        hi, lo, kind = _shape(term[:-1], term, text)
        if hi == lo:
            return [c for r in range(lo, 13) for c in _pair_combos(r)]
        return [c for k in range(lo, hi) for c in _two_rank_combos(hi, k, kind)]
    if "-" in term:
        left, _, right = term.partition("-")
        a, b = _shape(left, term, text), _shape(right, term, text)
        if a[0] == a[1] and b[0] == b[1]:  # QQ-99
            low, high = sorted((a[0], b[0]))
            return [c for r in range(low, high + 1) for c in _pair_combos(r)]
        if a[0] != b[0] or a[2] != b[2] or a[0] == a[1] or b[0] == b[1]:
            raise InvalidInputError(
                f"cannot read range term {term!r} in {text!r}: a dash joins two"
                " pairs ('QQ-99') or two hands with the same top card and kind"
                " ('AJo-ATo')"
            )
        low, high = sorted((a[1], b[1]))
        return [
            c for k in range(low, high + 1) for c in _two_rank_combos(a[0], k, a[2])
        ]
    return _combos_of(_shape(term, term, text))


def _cards_of(term: str, text: str) -> tuple[Card, Card]:
    for half in (term[:2], term[2:]):
        try:
            parse_cards(half)
        except InvalidInputError:
            raise InvalidInputError(
                f"cannot read range term {term!r} in {text!r}: bad card {half!r}"
                f" in {term!r} (a card is a rank {_RANKS} and a suit c, d, h, s,"
                " like 'As')"
            ) from None
    try:
        a, b = parse_cards(term)
    except InvalidInputError as exc:
        raise InvalidInputError(
            f"cannot read range term {term!r} in {text!r}: {exc}"
        ) from None
    return a, b


def _weight(raw: str, term: str, text: str) -> Fraction:
    # Match a short, bounded form before converting: Fraction() alone would
    # take "1e-5000" (a denominator of 5,000 digits) or "nan".
    w = Fraction(-1)
    if len(raw) <= 9 and _WEIGHT.fullmatch(raw):
        numerator, _, denominator = raw.partition("/")
        if denominator.strip("0"):
            w = Fraction(raw)
        elif not denominator:
            w = Fraction(numerator)
    if not 0 < w <= 1:
        shown = raw if len(raw) <= 20 else raw[:20] + "..."
        raise InvalidInputError(
            f"cannot read range term {term[:40]!r} in {text[:80]!r}: the weight"
            f" {shown!r} must be a number in (0, 1], a decimal with at most 4"
            " digits after the point (like 0.5 or 0.125) or a fraction like 1/3"
        )
    return w


def parse_range(text: str) -> Range:
    """Read a range such as ``"QQ+, AKs, AJo-ATo, 76s:0.5"`` (see module doc).

    Args:
        text: comma- or space-separated terms, each with an optional weight.

    Returns:
        The ``Range``; combos keep the order the terms named them.

    Raises:
        InvalidInputError: naming the term that cannot be read, or if the
            range is empty.

    >>> [format_cards(c) for c in parse_range("AKs").combos]
    ['AsKs', 'AhKh', 'AdKd', 'AcKc']
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"a range is text, got {type(text).__name__}")
    found: dict[Combo, Fraction] = {}
    terms = [t for t in suit_letters(text).replace(",", " ").split() if t]
    if not terms:
        raise InvalidInputError("a range needs at least one hand, got an empty text")
    for raw in terms:
        term, colon, weight_text = raw.partition(":")
        weight = _weight(weight_text, raw, text) if colon else Fraction(1)
        for combo in _term_combos(term, text):
            found.pop(combo, None)  # the last weight named wins
            found[combo] = weight
    return Range(text, tuple(found), tuple(found.values()))
