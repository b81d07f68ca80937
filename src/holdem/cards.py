"""Cards, ranks, suits and the deck; the standard text form ``As``, ``Td``, ``2c``.

A card is an immutable value with an integer ``code``: ``(rank - 2) * 4 + suit``
for the 52 standard cards (suits in the order clubs, diamonds, hearts, spades),
so ``2c`` is 0 and ``As`` is 51; the (up to four) jokers are 52 to 55 and print
as ``Jk`` (R-DECK-1, R-DECK-2). Codes are what the evaluator and numpy batches
take.

>>> parse_cards("AsKd")
(Card.parse('As'), Card.parse('Kd'))
>>> Card.parse("As").code, Card.parse("2c").code
(51, 0)
>>> str(Card.from_code(32))
'Tc'
"""

from __future__ import annotations

from collections.abc import Iterable, MutableSequence
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Protocol

from holdem.errors import CardParseError, InvalidInputError

__all__ = [
    "JOKER_TEXT",
    "MAX_JOKERS",
    "Card",
    "Deck",
    "Rank",
    "Shuffler",
    "Suit",
    "format_cards",
    "parse_cards",
    "suit_letters",
]

JOKER_TEXT = "Jk"
"""Text form of a joker; the n-th ``Jk`` in one string is the n-th joker."""

MAX_JOKERS = 4
"""Jokers a deck may hold (R-DECK-2); their codes are 52 to 55."""


class Rank(IntEnum):
    """Card rank, 2 (deuce) to 14 (ace); the ace also plays low (R-HAND-3)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """One-character text form: ``2``..``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_CHARS[self - 2]

    @property
    def english(self) -> str:
        """English name, e.g. ``Ace``, ``Ten``, ``Five`` (hand-history wording)."""
        return _RANK_NAMES[self - 2]


class Suit(StrEnum):
    """Card suit; its value is the letter used in text (R-DECK-1)."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def position(self) -> int:
        """Position 0..3 in the order clubs, diamonds, hearts, spades."""
        return _SUIT_ORDER.index(self.value)


_RANK_CHARS = "23456789TJQKA"
_RANK_NAMES = (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight",
    "Nine", "Ten", "Jack", "Queen", "King", "Ace",
)  # fmt: skip
_SUIT_ORDER = "cdhs"
_JOKER_CODES = (52, 53, 54, 55)

# The evaluator's additive key of each card, kept on the card so that
# ``holdem.eval.evaluate`` reads it in one attribute load, and the keys of the
# card with each card (``card._pair[other.code]``), so that it adds seven keys
# in three additions; holdem.eval.tables documents the keys and re-exports
# these constants.
_EVAL_RANK_KEYS = (
    0, 1, 5, 24, 112, 521, 2247, 9244, 30823, 103066, 250154, 667453, 1526359,
)  # fmt: skip
_EVAL_SUIT_KEYS = (0, 1, 25, 32)
_EVAL_SUIT_SHIFT = 8
_EVAL_JOKER_RANK_KEY = 1 << 23


def _eval_key(code: int) -> int:
    if code >= 52:
        return _EVAL_JOKER_RANK_KEY << _EVAL_SUIT_SHIFT
    rank_key = _EVAL_RANK_KEYS[code >> 2] << _EVAL_SUIT_SHIFT
    return rank_key + _EVAL_SUIT_KEYS[code & 3]


_EVAL_KEYS = tuple(_eval_key(code) for code in range(56))
_EVAL_PAIRS = tuple(tuple(key + other for other in _EVAL_KEYS) for key in _EVAL_KEYS)
"""``_EVAL_PAIRS[a][b] == _EVAL_KEYS[a] + _EVAL_KEYS[b]``: two cards' key."""


@dataclass(frozen=True, slots=True, eq=True, order=False)
class Card:
    """One playing card, identified by its integer ``code``.

    Attributes:
        code: 0..51 for the standard cards (``(rank - 2) * 4 + suit index``),
            52 to 55 for the jokers.

    Use ``Card.parse("As")`` or ``Card.from_code(51)``; both return shared
    instances, so cards compare and hash by code.
    """

    code: int
    _key: int = field(init=False, repr=False, compare=False, hash=False)
    _pair: tuple[int, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __hash__(self) -> int:
        return self.code

    def __eq__(self, other: object) -> bool:
        return type(other) is Card and other.code == self.code

    def __post_init__(self) -> None:
        if type(self.code) is not int or not 0 <= self.code <= 55:
            raise InvalidInputError(
                f"card code must be an int 0..55, got {self.code!r}"
            )
        object.__setattr__(self, "_key", _EVAL_KEYS[self.code])
        object.__setattr__(self, "_pair", _EVAL_PAIRS[self.code])

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return Card.from_code, (self.code,)

    @staticmethod
    def from_code(code: int) -> Card:
        """Return the card with this code (0..55).

        Raises:
            InvalidInputError: if ``code`` is not an int in 0..55.
        """
        if type(code) is not int or not 0 <= code <= 55:
            raise InvalidInputError(f"card code must be an int 0..55, got {code!r}")
        return _CARDS[code]

    @staticmethod
    def parse(text: str) -> Card:
        """Read one card: rank char then suit letter (``As``, ``td``), or ``Jk``.

        Raises:
            CardParseError: if ``text`` is not one card (R-DECK-1).
        """
        cards = parse_cards(text)
        if len(cards) != 1:
            raise CardParseError(f"expected one card, got {text!r}")
        return cards[0]

    @property
    def is_joker(self) -> bool:
        """True for the wild cards of R-DECK-2 (codes 52 to 55)."""
        return self.code >= 52

    @property
    def rank(self) -> Rank | None:
        """The rank, or ``None`` for a joker."""
        return None if self.code >= 52 else Rank(self.code // 4 + 2)

    @property
    def suit(self) -> Suit | None:
        """The suit, or ``None`` for a joker."""
        return None if self.code >= 52 else Suit(_SUIT_ORDER[self.code % 4])

    def __str__(self) -> str:
        return _TEXT[self.code]

    def __repr__(self) -> str:
        if self.code > 52:  # "Jk" reads back as the first joker
            return f"Card.from_code({self.code})"
        return f"Card.parse({_TEXT[self.code]!r})"


_TEXT = tuple([r + s for r in _RANK_CHARS for s in _SUIT_ORDER] + [JOKER_TEXT] * 4)
_CARDS = tuple(Card(code) for code in range(56))
_BY_TEXT = {text.lower(): _CARDS[code] for code, text in enumerate(_TEXT[:52])}
_DECKS = tuple(_CARDS[: 52 + jokers] for jokers in range(MAX_JOKERS + 1))
"""The cards of a full deck with 0, 1, ... jokers (R-DECK-2), in code order."""
_new_object = object.__new__


_SUIT_SYMBOLS = str.maketrans("♠♥♦♣♤♡♢♧", "shdcshdc")
_TEN_HINT = " (a ten is T: 'Ts', not '10s')"


def suit_letters(text: str) -> str:
    """``text`` with the suit symbols the web page prints as letters.

    ``♠♥♦♣`` (and the outlined ``♤♡♢♧``) become ``s``, ``h``, ``d``, ``c``.

    >>> suit_letters("A♠ K♥")
    'As Kh'
    """
    return text if text.isascii() else text.translate(_SUIT_SYMBOLS)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a run of cards such as ``"AsKd"``, ``"As Kd"`` or ``"As,Kd"``.

    Args:
        text: two characters per card; spaces and commas between cards are
            allowed. ``Jk`` is a joker: the first in the string is code 52,
            the second 53, and so on up to four (R-DECK-2). A suit may be
            written as the symbol the web page prints (``A♠``, see
            ``suit_letters``).

    Returns:
        The cards in the order written (may be empty for ``""``), all
        different: a tuple that ``holdem.eval.evaluate`` trusts to hold no
        card twice.

    Raises:
        CardParseError: on an unknown rank or suit, a dangling character, a
            fifth joker, or a card written twice (R-DECK-1).

    >>> [str(c) for c in parse_cards("Th 9h")]
    ['Th', '9h']
    >>> [str(c) for c in parse_cards("T♠ 9♥")]
    ['Ts', '9h']
    """
    if not isinstance(text, str):
        raise CardParseError(f"cards must be given as text, got {type(text).__name__}")
    compact = suit_letters(text.replace(" ", "").replace(",", ""))
    hint = _TEN_HINT if "10" in compact else ""
    if len(compact) % 2:
        raise CardParseError(
            f"cannot read cards {text!r}: each card is a rank and a suit, like"
            f" 'As'{hint}"
        )
    out: list[Card] = []
    jokers = 0
    for i in range(0, len(compact), 2):
        token = compact[i : i + 2]
        if token.lower() == JOKER_TEXT.lower():
            if jokers == MAX_JOKERS:
                raise CardParseError(
                    f"cannot read cards {text!r}: more than {MAX_JOKERS} jokers"
                    " (R-DECK-2)"
                )
            out.append(_CARDS[_JOKER_CODES[jokers]])
            jokers += 1
            continue
        card = _BY_TEXT.get(token.lower())
        if card is None or token[0] not in _RANK_CHARS + _RANK_CHARS.lower():
            raise CardParseError(
                f"cannot read card {token!r} in {text!r}: rank must be one of "
                f"{_RANK_CHARS}, suit one of {_SUIT_ORDER} or ♠♥♦♣{hint}"
                " (R-DECK-1)"
            )
        if card in out:
            raise CardParseError(f"card {card} appears twice in {text!r}")
        out.append(card)
    return _Distinct(out)


class _Distinct(tuple[Card, ...]):
    """A tuple of cards known to hold no card twice (made by ``parse_cards``).

    Only a marker: ``holdem.eval.evaluate`` skips its repeated-card check for
    it. Slices and sums of such tuples are plain tuples, checked as usual.
    """

    __slots__ = ()


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in the compact text form, e.g. ``"AsKd"``."""
    return "".join(_TEXT[c.code] for c in cards)


class Shuffler(Protocol):
    """A random source: ``random.Random(seed)`` or ``random.SystemRandom()``."""

    def shuffle(self, x: MutableSequence[int], /) -> None:
        """Shuffle ``x`` in place."""

    def getrandbits(self, k: int, /) -> int:
        """A uniform random int of ``k`` bits (0 when ``k`` is 0)."""


def _not_an_rng(rng: object, method: str) -> InvalidInputError:
    """The refusal of a shuffle source without ``method`` (R-DEAL-4)."""
    return InvalidInputError(
        f"the deck needs an RNG with {method}() (random.Random(seed) to replay,"
        f" random.SystemRandom() for a live game), got {type(rng).__name__}"
        " [R-DEAL-4]",
        rule="R-DEAL-4",
    )


def _check_jokers(jokers: object) -> None:
    if type(jokers) is not int or not 0 <= jokers <= MAX_JOKERS:
        raise InvalidInputError(
            f"a deck has 0 to {MAX_JOKERS} jokers (R-DECK-2), not {jokers!r}"
        )


_TOP_STEPS: dict[tuple[int, int], tuple[tuple[int, int, int], ...]] = {}
"""``(size, count)``: for each of the first ``count`` positions ``i`` of a
deck of ``size`` cards, the position, how many cards are left to pick from
(``size - i``) and the bits a pick below that takes (``Deck.top``)."""


def _pick_steps(size: int, count: int) -> tuple[tuple[int, int, int], ...]:
    steps = _TOP_STEPS.get((size, count))
    if steps is None:
        steps = _TOP_STEPS[size, count] = tuple(
            (i, size - i, (size - i - 1).bit_length()) for i in range(count)
        )
    return steps


def _shuffle_front(
    rng: Shuffler, pool: list[Card], steps: tuple[tuple[int, int, int], ...]
) -> None:
    """Put uniformly drawn cards of ``pool`` at its first ``len(steps)`` places.

    A partial Fisher-Yates shuffle: position ``i`` takes one of the cards at
    ``i`` or after, each as likely (``left`` of them: ``bits`` random bits,
    drawn again while the number is not below ``left``, an exact uniform
    pick), so every order of the cards put in front is equally likely.
    """
    try:
        getrandbits = rng.getrandbits
    except AttributeError:
        raise _not_an_rng(rng, "getrandbits") from None
    for i, left, bits in steps:
        j = getrandbits(bits)
        while j >= left:
            j = getrandbits(bits)
        j += i
        pool[i], pool[j] = pool[j], pool[i]


class Deck:
    """A deck that deals from the top, in an order fixed when it is made.

    The deck never draws on a global random source: pass the shuffler in
    (``random.SystemRandom()`` for live play, ``random.Random(seed)`` for tests,
    simulation and replay, where the same seed deals the same cards; R-DEAL-4).

    >>> deck = Deck(parse_cards("AsKdQh"))
    >>> deck.deal(2), len(deck)
    ((Card.parse('As'), Card.parse('Kd')), 1)
    """

    __slots__ = ("_cards", "_next")

    def __init__(self, cards: Iterable[Card]) -> None:
        """Make a deck that deals ``cards`` in the order given (top first).

        Raises:
            InvalidInputError: if a card appears twice or is not a ``Card``.
        """
        self._cards = tuple(cards)
        for card in self._cards:
            if type(card) is not Card:
                raise InvalidInputError(
                    f"a deck holds Card values, not a {type(card).__name__}"
                )
        if len({c.code for c in self._cards}) != len(self._cards):
            raise InvalidInputError("a deck cannot hold the same card twice")
        self._next = 0

    @classmethod
    def _of_codes(cls, codes: Iterable[int]) -> Deck:
        deck = cls.__new__(cls)
        deck._cards = tuple(map(_CARDS.__getitem__, codes))
        deck._next = 0
        return deck

    @classmethod
    def shuffled(cls, rng: Shuffler, *, jokers: int = 0) -> Deck:
        """A full deck of 52 cards plus ``jokers`` (0..4), ordered by ``rng``.

        Raises:
            InvalidInputError: if ``jokers`` is not 0..4 (R-DECK-2).
        """
        _check_jokers(jokers)
        codes = list(range(52 + jokers))
        try:
            rng.shuffle(codes)
        except AttributeError:
            raise _not_an_rng(rng, "shuffle") from None
        return cls._of_codes(codes)

    @classmethod
    def top(cls, rng: Shuffler, count: int, *, jokers: int = 0) -> Deck:
        """The top ``count`` cards of a deck shuffled by ``rng``, and no more.

        Each order of ``count`` distinct cards is as likely as from
        ``shuffled``, but only the cards a hand can use are drawn (a six-player
        hand to the river needs 2 x 6 + 8 = 20, burns included; R-DEAL-4: the
        same seed deals the same cards). ``extend`` draws more if needed.

        Raises:
            InvalidInputError: if ``jokers`` is not 0..4, ``count`` is larger
                than the deck, or ``rng`` has no ``getrandbits`` (R-DEAL-4).
        """
        if type(jokers) is not int or jokers:  # the usual deck: no jokers
            _check_jokers(jokers)
        size = 52 + jokers
        if type(count) is not int or not 0 <= count <= size:
            raise InvalidInputError(
                f"cannot take {count!r} cards from a deck of {size} cards"
            )
        pool = [*_DECKS[jokers]]
        steps = _TOP_STEPS.get((size, count)) or _pick_steps(size, count)
        _shuffle_front(rng, pool, steps)
        deck = _new_object(cls)
        deck._cards = tuple(pool[:count])
        deck._next = 0
        return deck

    def extend(self, rng: Shuffler, count: int, *, jokers: int = 0) -> None:
        """Put ``count`` more cards at the bottom, drawn by ``rng``.

        The cards are drawn uniformly, in a uniform order, from the cards of
        a full deck with ``jokers`` (0..4) that this deck does not hold: a
        ``top`` deck extended deals as a deck ``top`` would have made with
        the larger count (R-DEAL-4: the same seed deals the same cards).

        Raises:
            InvalidInputError: if ``jokers`` is not 0..4, fewer than ``count``
                cards are missing from the deck, or ``rng`` has no
                ``getrandbits`` (R-DEAL-4).
        """
        _check_jokers(jokers)
        held = {card.code for card in self._cards}
        pool = [card for card in _CARDS[: 52 + jokers] if card.code not in held]
        if type(count) is not int or not 0 <= count <= len(pool):
            raise InvalidInputError(
                f"cannot add {count!r} cards to the deck: {len(pool)} are not in it"
            )
        _shuffle_front(rng, pool, _pick_steps(len(pool), count))
        self._cards += tuple(pool[:count])

    def deal(self, count: int = 1) -> tuple[Card, ...]:
        """Take ``count`` cards from the top.

        Raises:
            InvalidInputError: if fewer than ``count`` cards are left.
        """
        end = self._next + count
        if count < 0 or end > len(self._cards):
            raise InvalidInputError(
                f"cannot deal {count} cards: {len(self)} left in the deck"
            )
        cards = self._cards[self._next : end]
        self._next = end
        return cards

    def __len__(self) -> int:
        return len(self._cards) - self._next
