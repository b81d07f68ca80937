"""Actions of one hand: players' betting decisions and the dealer's steps.

All are frozen values. Players' actions carry the seat that acts; ``Bet`` and
``Raise`` carry ``to``, the player's total on this street after the action (a
"raise-to", never a "raise-by"; R-BET-1). Dealer steps carry the cards dealt,
which the table layer draws from a ``Deck`` it ordered with an injected RNG:
the engine itself never shuffles (R-DEAL-4).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from holdem.cards import Card, format_cards
from holdem.errors import InvalidInputError

__all__ = [
    "DEALER",
    "short_repr",
    "Action",
    "Bet",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "DealerStep",
    "ExposeCard",
    "Fold",
    "Muck",
    "PlayerAction",
    "Raise",
    "ReplaceExposed",
    "RunIt",
    "Show",
]

DEALER: Final = -1
"""Value of ``HandState.to_act`` when the next step is the dealer's."""

_LONG = 10**24
_set = object.__setattr__  # frozen dataclasses set their fields this way


def short_repr(value: object) -> str:
    """``value`` for a message, at most 40 characters (never an unbounded one).

    >>> short_repr(10**5000)
    'an int of 16610 bits'
    >>> short_repr("AsKs")
    "'AsKs'"
    """
    if type(value) is int and not -_LONG < value < _LONG:
        return f"an int of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__ must not hide the real refusal
        text = f"a {type(value).__name__}"
    return text if len(text) <= 40 else text[:37] + "..."


def _check_seat(value: object) -> None:
    if type(value) is not int:
        raise InvalidInputError(
            f"a seat is a whole number (int, not bool), got {short_repr(value)}"
        )


def _check_to(value: object) -> None:
    if type(value) is not int:
        raise InvalidInputError(
            "a bet or raise is a whole number of chips (int, not bool),"
            f" got {short_repr(value)}"
        )


def _check_cards(value: object, what: str, count: int | None) -> None:
    """Raise unless ``value`` is a tuple of Card values (``count`` of them).

    Raises:
        InvalidInputError: for a list (actions are immutable values), any
            other type, a non-Card element or a wrong count (R-DEAL-3).
    """
    # A tuple subclass counts too: ``parse_cards`` returns one (cards.py).
    if isinstance(value, tuple) and all(type(card) is Card for card in value):
        if count is None or len(value) == count:
            return
        shown = f"{len(value)} ({format_cards(value)})"
    elif type(value) is list and all(type(card) is Card for card in value):
        shown = f"{len(value)} ({format_cards(value)}) as a list"
    else:
        shown = short_repr(value)
    need = "a tuple of Card values" if count is None else f"a tuple of {count} Cards"
    raise InvalidInputError(
        f"{what}: expected {need}, got {shown} [R-DEAL-3]", rule="R-DEAL-3"
    )


@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the hand; allowed when a check is possible too (R-BET-1).

    A fold with nothing to call stands, unless the table refuses it with the
    house option ``GameConfig(fold_when_check=False)``.
    """

    seat: int

    def __init__(self, seat: int) -> None:  # faster than __post_init__
        if type(seat) is not int:
            _check_seat(seat)
        _set(self, "seat", seat)

    def __str__(self) -> str:
        return f"seat {short_repr(self.seat)} folds"


@dataclass(frozen=True, slots=True)
class Check:
    """Pass without betting (only when there is nothing to call; R-BET-1)."""

    seat: int

    def __init__(self, seat: int) -> None:  # faster than __post_init__
        if type(seat) is not int:
            _check_seat(seat)
        _set(self, "seat", seat)

    def __str__(self) -> str:
        return f"seat {short_repr(self.seat)} checks"


@dataclass(frozen=True, slots=True)
class Call:
    """Match the largest bet of the street, or put in the whole stack if short.

    The chips added are ``LegalActions.call_amount`` (R-BET-1, R-BET-6).
    """

    seat: int

    def __init__(self, seat: int) -> None:  # faster than __post_init__
        if type(seat) is not int:
            _check_seat(seat)
        _set(self, "seat", seat)

    def __str__(self) -> str:
        return f"seat {short_repr(self.seat)} calls"


@dataclass(frozen=True, slots=True)
class Bet:
    """Open the betting on a street with no bet yet.

    Attributes:
        seat: the seat that bets.
        to: the player's total on this street after the bet, in chips.
    """

    seat: int
    to: int

    def __init__(self, seat: int, to: int) -> None:  # faster than __post_init__
        if type(seat) is not int or type(to) is not int:
            _check_seat(seat)
            _check_to(to)
        _set(self, "seat", seat)
        _set(self, "to", to)

    def __str__(self) -> str:
        return f"seat {short_repr(self.seat)} bets {short_repr(self.to)}"


@dataclass(frozen=True, slots=True)
class Raise:
    """Raise the current bet to ``to`` chips in total on this street.

    Attributes:
        seat: the seat that raises.
        to: the player's total on this street after the raise, in chips
            (chips posted as a blind this street count toward it; R-BLIND-4).
    """

    seat: int
    to: int

    def __init__(self, seat: int, to: int) -> None:  # faster than __post_init__
        if type(seat) is not int or type(to) is not int:
            _check_seat(seat)
            _check_to(to)
        _set(self, "seat", seat)
        _set(self, "to", to)

    def __str__(self) -> str:
        return f"seat {short_repr(self.seat)} raises to {short_repr(self.to)}"


@dataclass(frozen=True, slots=True)
class Show:
    """Turn the hole cards face up at showdown (R-SHOW-2).

    Attributes:
        seat: the seat that shows.
        cards: the cards shown; ``None`` to show the cards the engine holds.
            Given only when replaying a record whose hole cards were unknown.
    """

    seat: int
    cards: tuple[Card, ...] | None = None

    def __init__(self, seat: int, cards: tuple[Card, ...] | None = None) -> None:
        if type(seat) is not int:
            _check_seat(seat)
        if cards is not None:
            _check_cards(cards, "shown cards", 2)
        _set(self, "seat", seat)
        _set(self, "cards", cards)

    def __str__(self) -> str:
        shown = "" if self.cards is None else " " + format_cards(self.cards)
        return f"seat {short_repr(self.seat)} shows{shown}"


@dataclass(frozen=True, slots=True)
class Muck:
    """Give up the pot at showdown without showing (R-SHOW-2)."""

    seat: int

    def __init__(self, seat: int) -> None:  # faster than __post_init__
        if type(seat) is not int:
            _check_seat(seat)
        _set(self, "seat", seat)

    def __str__(self) -> str:
        return f"seat {short_repr(self.seat)} mucks"


@dataclass(frozen=True, slots=True)
class DealHole:
    """Deal the two hole cards of one seat (R-DEAL-1).

    Attributes:
        seat: the seat dealt to; seats are dealt in order from the button's left.
        cards: the two cards, or ``None`` where a replayed record does not
            know them (``????`` in PHH).
    """

    seat: int
    cards: tuple[Card, ...] | None

    def __init__(self, seat: int, cards: tuple[Card, ...] | None) -> None:
        if type(seat) is not int:
            _check_seat(seat)
        if cards is not None and not (
            type(cards) is tuple
            and len(cards) == 2
            and type(cards[0]) is Card
            and type(cards[1]) is Card
        ):
            _check_cards(cards, "hole cards", 2)
        _set_hole_seat(self, seat)  # the slots, set straight: dealt in bulk
        _set_hole_cards(self, cards)

    def __str__(self) -> str:
        shown = "????" if self.cards is None else format_cards(self.cards)
        return f"dealer deals {shown} to seat {short_repr(self.seat)}"


@dataclass(frozen=True, slots=True)
class DealBoard:
    """Deal the flop (three cards), the turn or the river (one card).

    Attributes:
        cards: the board cards of this street (R-DEAL-3).
        burn: the card burned first (R-DEAL-2), or ``None`` where a replayed
            record does not say.
    """

    cards: tuple[Card, ...]
    burn: Card | None = None

    def __init__(self, cards: tuple[Card, ...], burn: Card | None = None) -> None:
        if not (
            type(cards) is tuple
            and (
                (len(cards) == 1 and type(cards[0]) is Card)
                or (
                    len(cards) == 3
                    and type(cards[0]) is Card
                    and type(cards[1]) is Card
                    and type(cards[2]) is Card
                )
            )
        ):
            _check_cards(cards, "board cards", None)
        if burn is not None and type(burn) is not Card:
            raise InvalidInputError(
                f"a burn card is a Card or None, got {short_repr(burn)}"
            )
        _set_board_cards(self, cards)  # the slots, set straight: dealt in bulk
        _set_board_burn(self, burn)

    def __str__(self) -> str:
        return f"dealer deals {format_cards(self.cards)}"


# the slots of the dealer's steps (frozen dataclasses refuse setattr)
_set_hole_seat = vars(DealHole)["seat"].__set__
_set_hole_cards = vars(DealHole)["cards"].__set__
_set_board_cards = vars(DealBoard)["cards"].__set__
_set_board_burn = vars(DealBoard)["burn"].__set__


@dataclass(frozen=True, slots=True)
class ExposeCard:
    """The live dealer reports that card ``index`` of the deal was exposed.

    Attributes:
        index: 1-based position of the card in the order of the deal (the
            first card goes to the button's left; R-DEAL-1). Cards 1 and 2,
            or a second exposed card, make a misdeal (R-MISDEAL-1, -3); any
            other single card is replaced after the deal (R-MISDEAL-2).
    """

    index: int

    def __post_init__(self) -> None:
        if type(self.index) is not int:
            raise InvalidInputError(
                "the exposed card's place in the deal is a whole number (int),"
                f" got {short_repr(self.index)}"
            )

    def __str__(self) -> str:
        return f"dealer exposes card {short_repr(self.index)} of the deal"


@dataclass(frozen=True, slots=True)
class ReplaceExposed:
    """Replace the exposed hole card with the next card of the deck (R-MISDEAL-2).

    Attributes:
        card: the new card; the exposed card becomes the first burn card.
    """

    card: Card

    def __post_init__(self) -> None:
        if type(self.card) is not Card:
            raise InvalidInputError(
                f"the replacement is a Card, got {short_repr(self.card)}"
            )

    def __str__(self) -> str:
        return f"dealer replaces the exposed card with {self.card}"


@dataclass(frozen=True, slots=True)
class RunIt:
    """Deal the rest of the board ``times`` times: "run it twice" (R-RIT-1).

    The dealer's step once the players all-in (or all but one) have agreed
    how many times to run the board, before its next card: the table asks
    them and applies the number they all chose (1 when they differ).

    Attributes:
        times: how many runs, 1 up to the house's ``GameConfig.max_runs``.
    """

    times: int

    def __post_init__(self) -> None:
        if type(self.times) is not int:
            raise InvalidInputError(
                "the number of runs is a whole number (int), got"
                f" {short_repr(self.times)} [R-RIT-1]",
                rule="R-RIT-1",
            )

    def __str__(self) -> str:
        word = {1: "once", 2: "twice", 3: "three times", 4: "four times"}.get(
            self.times
        )
        return f"dealer runs the board {word or short_repr(self.times)}"


PlayerAction = Fold | Check | Call | Bet | Raise | Show | Muck
DealerStep = DealHole | DealBoard | ExposeCard | ReplaceExposed | RunIt
Action = PlayerAction | DealerStep
