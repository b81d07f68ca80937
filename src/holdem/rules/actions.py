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

__all__ = [
    "DEALER",
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
    "Show",
]

DEALER: Final = -1
"""Value of ``HandState.to_act`` when the next step is the dealer's."""


@dataclass(frozen=True, slots=True)
class Fold:
    """Give up the hand; allowed when a check is possible too (R-BET-1).

    A fold with nothing to call stands, unless the table refuses it with the
    house option ``GameConfig(fold_when_check=False)``.
    """

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} folds"


@dataclass(frozen=True, slots=True)
class Check:
    """Pass without betting (only when there is nothing to call; R-BET-1)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} checks"


@dataclass(frozen=True, slots=True)
class Call:
    """Match the largest bet of the street, or put in the whole stack if short.

    The chips added are ``LegalActions.call_amount`` (R-BET-1, R-BET-6).
    """

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} calls"


@dataclass(frozen=True, slots=True)
class Bet:
    """Open the betting on a street with no bet yet.

    Attributes:
        seat: the seat that bets.
        to: the player's total on this street after the bet, in chips.
    """

    seat: int
    to: int

    def __str__(self) -> str:
        return f"seat {self.seat} bets {self.to}"


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

    def __str__(self) -> str:
        return f"seat {self.seat} raises to {self.to}"


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

    def __str__(self) -> str:
        shown = "" if self.cards is None else " " + format_cards(self.cards)
        return f"seat {self.seat} shows{shown}"


@dataclass(frozen=True, slots=True)
class Muck:
    """Give up the pot at showdown without showing (R-SHOW-2)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} mucks"


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

    def __str__(self) -> str:
        shown = "????" if self.cards is None else format_cards(self.cards)
        return f"dealer deals {shown} to seat {self.seat}"


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

    def __str__(self) -> str:
        return f"dealer deals {format_cards(self.cards)}"


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

    def __str__(self) -> str:
        return f"dealer exposes card {self.index} of the deal"


@dataclass(frozen=True, slots=True)
class ReplaceExposed:
    """Replace the exposed hole card with the next card of the deck (R-MISDEAL-2).

    Attributes:
        card: the new card; the exposed card becomes the first burn card.
    """

    card: Card

    def __str__(self) -> str:
        return f"dealer replaces the exposed card with {self.card}"


PlayerAction = Fold | Check | Call | Bet | Raise | Show | Muck
DealerStep = DealHole | DealBoard | ExposeCard | ReplaceExposed
Action = PlayerAction | DealerStep
