"""Evaluate one hand of 5, 6 or 7 cards: the fast int path and ``HandValue``.

``rank_codes`` is the per-call path the showdown and the bots pay for: the
sum of the cards' additive keys (see ``tables``), read two cards at a time
from ``pair_keys`` (three int additions for seven cards, not six), one lookup
for a flush and one for the value (a dense ``int32`` view for 7 cards, a dict
for 5 and 6). It is about 30 bytecodes, so keep it that way; everything else
(checks, first use, jokers, flushes) is off that path. Its tables are closure
variables, not module globals, which saves a dictionary lookup per table per
call.

``evaluate`` has the same kind of fast path for seven cards from
``parse_cards`` (a tuple known to hold no card twice): it reads the cards'
keys from the cards themselves (two at a time, ``Card._pair``) and returns a
``HandValue`` holding only the rank and the cards; the best five and the
description are worked out on demand.

Rule: R-HAND-1..5; jokers R-DECK-2 (wild, or the "bug" house option).
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations

from holdem.cards import Card, _Distinct, parse_cards
from holdem.errors import InvalidInputError
from holdem.eval.tables import (
    FLUSH_SUIT,
    JOKER_RANK_KEY,
    KEY,
    SUIT_SHIFT,
    flush_table,
    nonflush_table,
    pair_keys,
    seven_card_array,
    suited_rank_pairs,
)
from holdem.eval.value import HandCategory, HandValue, rank_digits
from holdem.eval.wild import JokerRule, bug_rank, stand_ins, wild_rank

__all__ = [
    "best_five",
    "bug_rank_codes",
    "check_codes",
    "evaluate",
    "rank5",
    "rank6",
    "rank7",
    "rank_codes",
    "ranker",
]

_WILD_KEY = JOKER_RANK_KEY << SUIT_SHIFT
_WILD = JokerRule.WILD
_BUG = JokerRule.BUG


def _shown(value: object) -> str:
    """``value`` for a refusal's message, at most 40 characters."""
    if type(value) is int and value.bit_length() > 64:
        return f"an int of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the refusal
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def check_codes(codes: Sequence[int]) -> tuple[int, ...]:
    """Check that ``codes`` is one hand: 5 to 7 distinct card codes 0..55.

    Args:
        codes: ``Card.code`` values; 52 to 55 are the jokers.

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
            raise InvalidInputError(f"card code must be an int 0..55, got {c!r}")
        if not 0 <= c <= 55:
            raise InvalidInputError(f"card code must be an int 0..55, got {c!r}")
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
    """Everything off the fast path: checks, first use, jokers (wild)."""
    hand = check_codes(codes)
    _load()
    real = [c for c in hand if c < 52]
    if len(real) < len(hand):
        return wild_rank(real, len(hand) - len(real))
    return _table_rank(hand)


def bug_rank_codes(codes: Sequence[int]) -> int:
    """``rank_codes`` with jokers under the bug rule (``JokerRule.BUG``).

    A hand without a joker has the same value under both rules, so it takes
    the fast path; see ``holdem.eval.wild`` for how a bug plays.

    Raises:
        InvalidInputError: as ``check_codes``.
    """
    hand = check_codes(codes)
    real = [c for c in hand if c < 52]
    if len(real) < len(hand):
        return bug_rank(real, len(hand) - len(real))
    return rank_codes(hand)


def ranker(joker_rule: JokerRule = _WILD) -> Callable[[Sequence[int]], int]:
    """The per-call rank function for a joker rule (R-DECK-2).

    ``ranker(JokerRule.WILD)`` is ``rank_codes`` itself, so a showdown that
    takes its rank function from the game's config pays nothing for it.

    >>> ranker() is rank_codes
    True
    """
    if joker_rule is _WILD or joker_rule == _WILD:
        return rank_codes
    if joker_rule == _BUG:
        return bug_rank_codes
    raise InvalidInputError(f"joker_rule must be a JokerRule, got {joker_rule!r}")


def _table_rank(hand: tuple[int, ...]) -> int:
    """The table path for checked joker-free codes, after ``_load``."""
    k = 0
    for c in hand:
        k += KEY[c]
    suit = FLUSH_SUIT[len(hand) - 5][k & 255]
    if suit:
        return _flush(hand, suit - 1)
    table = seven_card_array() if len(hand) == 7 else nonflush_table(len(hand))
    return table[k >> SUIT_SHIFT]


def _flush(codes: Sequence[int], suit: int) -> int:
    mask = 0
    for c in codes:
        if c & 3 == suit:
            mask |= 1 << (c >> 2)
    return flush_table()[mask]


def _special(codes: Sequence[int], k: int, suit: int) -> int:
    """A hand whose suit part says flush: a real flush, or a joker, or bad input."""
    if k < _WILD_KEY and _loaded[0]:
        mask = 0
        for c in codes:
            mask |= _SUIT_BIT[c]
        value = flush_table()[(mask >> (16 * suit - 16)) & 0x1FFF]
        if value:
            return value
    return _slow(codes)  # a joker, first use, or a repeated card (value 0)


_SUIT_BIT = tuple(1 << (16 * (c & 3) + (c >> 2)) for c in range(52))
"""Bit of each card in a mask with 16 bits (13 used) per suit."""

_loaded = [False]
_F5, _F6, _F7 = FLUSH_SUIT


def _load() -> None:
    """Load the tables and bind them to the fast paths."""
    if not _loaded[0]:
        _bind()
        _loaded[0] = True


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


def best_five(
    hand: Sequence[Card], rank: int, joker_rule: str = "wild"
) -> tuple[Card, ...]:
    """Five cards of ``hand`` worth ``rank`` under ``joker_rule``, in natural order.

    ``HandValue.best_five`` calls it on first access.
    """
    if not any(c.is_joker for c in hand):
        return tuple(
            Card.from_code(c) for c in _pick_five([c.code for c in hand], rank)
        )
    # With jokers: the first five worth the value, ordered by stand-in cards.
    rank_of_rule = ranker(JokerRule(joker_rule))
    five = next(
        combo
        for combo in combinations(hand, 5)
        if rank_of_rule([c.code for c in combo]) == rank
    )
    real = [c.code for c in five if not c.is_joker]
    subs = iter(stand_ins(real, 5 - len(real), rank))
    stand = [(i, c.code if not c.is_joker else next(subs)) for i, c in enumerate(five)]
    return tuple(five[i] for i in _natural_order(stand, rank))


class _LazyValue(HandValue):
    """A ``HandValue`` as ``evaluate`` makes it, cheaply.

    Its rank and cards are set after creation, the best five worked out on
    first access (``best_five``, the function above). Having no ``__init__``
    of its own in Python, it is made in C (``_LazyValue()``). It behaves as,
    compares with and pickles to a ``HandValue``.
    """

    __slots__ = ()
    __init__ = object.__init__

    @property
    def best_five(self) -> tuple[Card, ...]:
        """The five cards that make the hand, in natural order (worked out once)."""
        try:
            return self._five
        except AttributeError:
            pass
        five = _best_five(self._cards, self._rank, getattr(self, "_rule", "wild"))
        self._five = five
        return five


def _fast_paths() -> tuple[
    Callable[[], None],
    Callable[[Sequence[int]], int],
    Callable[[int, int, int, int, int, int, int], int],
    Callable[[int, int, int, int, int, int], int],
    Callable[[int, int, int, int, int], int],
    Callable[..., HandValue],
    Callable[[Sequence[int], int], int],
    Callable[[Iterable[Card] | str, JokerRule], HandValue],
]:
    """The per-call functions, their tables bound as closure variables.

    A closure variable is read as fast as a local (module globals cost a
    dictionary lookup each, keyword-only defaults one per call). Until
    ``load`` binds them the tables are empty, so the first lookup misses
    (``KeyError``, ``IndexError``) and the miss handler loads them.
    """
    key = KEY
    pair: Sequence[Sequence[int]] = ()  # pair_keys(), once loaded
    suited: Sequence[Sequence[Sequence[int]]] = ()  # suited_rank_pairs()
    f5, f6, f7 = FLUSH_SUIT
    nf5: dict[int, int] = {}
    nf6: dict[int, int] = {}
    nf7: Sequence[int] = array("i")
    flush: Sequence[int] = ()
    wild_key = _WILD_KEY
    distinct = _Distinct
    lazy: Callable[[], HandValue] = _LazyValue
    once = tuple(1 << code for code in range(56))  # a mask bit per card

    def load() -> None:
        nonlocal pair, suited, nf5, nf6, nf7, flush
        pair, suited = pair_keys(), suited_rank_pairs()
        nf5, nf6 = nonflush_table(5), nonflush_table(6)
        nf7 = seven_card_array()
        flush = flush_table()

    def rank_codes(
        codes: Sequence[int],
    ) -> int:
        """Rank code of one hand of 5, 6 or 7 cards given as ``Card.code`` ints.

        Higher is better and equal is a tie (R-HAND-4, R-HAND-5); see
        ``holdem.eval.value`` for the layout and ``HandValue.from_rank`` to wrap
        it. Jokers (codes 52 to 55) are wild (R-DECK-2); for the bug rule use
        ``ranker(JokerRule.BUG)``.

        Args:
            codes: a tuple or list of 5, 6 or 7 distinct codes 0..55.

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
            a, b, c, d, e, f, g = codes
        except (ValueError, TypeError):
            return _five_or_six(codes)
        try:
            k = pair[a][b] + pair[c][d] + pair[e][f] + key[g]
            if f7[k & 255]:  # five cards of one suit, or a joker, or bad input
                return _flush7(codes, k)
            return nf7[k >> 8]
        except (KeyError, IndexError, TypeError):
            return _slow(codes)

    def flush7(codes: Sequence[int], k: int) -> int:
        """``rank_codes`` of seven codes whose key's suit part says flush."""
        if k < wild_key:  # codes 0..51 (poison and jokers are above)
            a, b, c, d, e, f, g = codes
            ranks = suited[f7[k & 255]]  # of the flush suit, two cards at a time
            value = flush[ranks[a][b] | ranks[c][d] | ranks[e][f] | ranks[g][g]]
            if value:
                return value
        return _slow(codes)  # a joker, first use, or a repeated card (value 0)

    def _five_or_six(codes: Sequence[int]) -> int:
        try:
            if len(codes) == 6:
                a, b, c, d, e, f = codes
                k = pair[a][b] + pair[c][d] + pair[e][f]
                if f6[k & 255]:
                    return _special(codes, k, f6[k & 255])
                return nf6[k >> 8]
            if len(codes) == 5:
                a, b, c, d, e = codes
                k = pair[a][b] + pair[c][d] + key[e]
                if f5[k & 255]:
                    return _special(codes, k, f5[k & 255])
                return nf5[k >> 8]
        except (KeyError, IndexError, TypeError):
            pass
        return _slow(codes)

    def rank7(
        a: int,
        b: int,
        c: int,
        d: int,
        e: int,
        f: int,
        g: int,
    ) -> int:
        """``rank_codes((a, b, c, d, e, f, g))`` without building a sequence."""
        try:
            k = pair[a][b] + pair[c][d] + pair[e][f] + key[g]
            if f7[k & 255]:
                return _flush7((a, b, c, d, e, f, g), k)
            return nf7[k >> 8]
        except (KeyError, IndexError, TypeError):
            return _slow((a, b, c, d, e, f, g))

    def rank6(
        a: int,
        b: int,
        c: int,
        d: int,
        e: int,
        f: int,
    ) -> int:
        """``rank_codes((a, b, c, d, e, f))`` without building a sequence."""
        try:
            k = pair[a][b] + pair[c][d] + pair[e][f]
            if f6[k & 255]:
                return _special((a, b, c, d, e, f), k, f6[k & 255])
            return nf6[k >> 8]
        except (KeyError, IndexError, TypeError):
            return _slow((a, b, c, d, e, f))

    def rank5(
        a: int,
        b: int,
        c: int,
        d: int,
        e: int,
    ) -> int:
        """``rank_codes((a, b, c, d, e))`` without building a sequence."""
        try:
            k = pair[a][b] + pair[c][d] + key[e]
            if f5[k & 255]:
                return _special((a, b, c, d, e), k, f5[k & 255])
            return nf5[k >> 8]
        except (KeyError, IndexError, TypeError):
            return _slow((a, b, c, d, e))

    def evaluate(
        cards: Iterable[Card] | str,
        joker_rule: JokerRule = _WILD,
    ) -> HandValue:
        """Value and best five cards of a hand of 5, 6 or 7 cards.

        Args:
            cards: hole cards and board together, in any order, as ``Card``
                values or as text (``"AsKsQsJsTs"``, read by ``parse_cards``).
            joker_rule: what a joker stands for (R-DECK-2): any card (``WILD``,
                the default) or only an ace or the card that completes a straight
                or a flush (``BUG``).

        Returns:
            The ``HandValue``: its rank, category, best five cards (R-HAND-1) and
            English description; all but the rank are worked out when first asked.

        Raises:
            InvalidInputError: if an item is not a ``Card``, a card appears twice,
                or there are not 5, 6 or 7 cards (``CardParseError`` for text
                that is not cards).

        >>> v = evaluate("AsKsQsJsTs9h2c")
        >>> v.describe(), v.cards_text()
        ('a Royal Flush', 'AsKsQsJsTs')
        >>> from holdem.cards import parse_cards
        >>> evaluate(parse_cards("5d4c3h2sAc9d")).describe()
        'a straight, Ace to Five'
        """
        # ``joker_rule`` is not keyword-only: CPython 3.11 does not inline a
        # call to a function with keyword-only parameters (about 6% of a call).
        if type(cards) is distinct:
            # Seven cards from parse_cards (so distinct Card values): the keys
            # are on the cards (``_pair``: with each other card), and the value
            # holds only the rank and the cards.
            try:
                a, b, c, d, e, f, g = cards
                k = a._pair[b.code] + c._pair[d.code] + e._pair[f.code] + g._key
                if not f7[k & 255]:  # a joker fails below: its key is off the table
                    v = lazy()
                    v._rank = nf7[k >> 8]
                    v._cards = cards
                    return v
                if k < wild_key:  # a flush of seven real cards
                    return parsed_flush(cards, k)
            except (ValueError, IndexError):
                pass  # not seven cards, a joker, or the tables not loaded yet
        return _evaluate(cards, joker_rule)

    def parsed_flush(cards: tuple[Card, ...], k: int) -> HandValue:
        """``evaluate`` of seven distinct real cards whose key says flush."""
        a, b, c, d, e, f, g = cards
        ranks = suited[f7[k & 255]]  # of the flush suit, two cards at a time
        v = lazy()
        v._rank = flush[
            ranks[a.code][b.code]
            | ranks[c.code][d.code]
            | ranks[e.code][f.code]
            | ranks[g.code][g.code]
        ]
        v._cards = cards
        return v

    def evaluate_rest(cards: Iterable[Card] | str, joker_rule: JokerRule) -> HandValue:
        """``evaluate`` off its fast path: flushes, plain sequences, checks."""
        if type(cards) is distinct or type(cards) is tuple or type(cards) is list:
            # Seven Cards: the fast path, once a mask of the codes shows no card
            # twice (parse_cards made them distinct). ``_key`` is on Cards alone
            # (so is ``_pair``, but b, d, f would not be read for it).
            try:
                a, b, c, d, e, f, g = cards
                k = a._key + b._key + c._key + d._key + e._key + f._key + g._key
                m = once[a.code] | once[b.code] | once[c.code] | once[d.code]
                m |= once[e.code] | once[f.code] | once[g.code]
                if m.bit_count() == 7:
                    s = f7[k & 255]
                    v = lazy()
                    if not s:
                        v._rank = nf7[k >> 8]
                    elif k < wild_key:  # a flush of seven real cards
                        ranks = suited[s]
                        m = ranks[a.code][b.code] | ranks[c.code][d.code]
                        m |= ranks[e.code][f.code] | ranks[g.code][g.code]
                        v._rank = flush[m]
                    else:
                        raise IndexError  # a joker
                    v._cards = tuple(cards)
                    return v
            except (ValueError, IndexError, AttributeError, TypeError):
                pass  # not seven Cards, a joker, or the tables not loaded yet
        if isinstance(cards, str):
            cards = parse_cards(cards)
        try:
            hand = tuple(cards)
        except TypeError:
            raise InvalidInputError(
                "cards must be a string or a sequence of Card values, got"
                f" {_shown(cards)} ({type(cards).__name__})"
            ) from None
        for c in hand:
            if not isinstance(c, Card):
                raise InvalidInputError(f"evaluate takes Card values, got {_shown(c)}")
        codes = [c.code for c in hand]
        if not 5 <= len(set(codes)) == len(codes) <= 7:
            check_codes(codes)  # raises, naming the problem
        try:
            rule = _WILD if joker_rule is _WILD else JokerRule(joker_rule)
        except ValueError:
            valid = ", ".join(repr(r.value) for r in JokerRule)
            raise InvalidInputError(
                f"joker_rule must be one of {valid} (a JokerRule), got"
                f" {_shown(joker_rule)}"
            ) from None
        value: HandValue = _LazyValue()
        value._rank = ranker(rule)(codes)  # loads the tables on first use
        value._cards = hand
        if rule is not _WILD:
            value._rule = rule.value
        return value

    return load, rank_codes, rank7, rank6, rank5, evaluate, flush7, evaluate_rest


(
    _bind,
    rank_codes,
    rank7,
    rank6,
    rank5,
    evaluate,
    _flush7,
    _evaluate,
) = _fast_paths()

_best_five = best_five  # the function, for _LazyValue's property of that name
