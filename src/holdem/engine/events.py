"""What the engine records: the phase, the legal-action answer and the events.

The event log of a hand holds every action applied (players' and dealer's)
and the events the dealer makes happen on its own: posting forced bets,
returning an uncalled bet, turning all-in hands face up, misdeals and awards.
Replaying the actions of a log rebuilds the same log.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import NamedTuple

from holdem.cards import Card, format_cards
from holdem.rules.actions import Bet, Call, Check, Fold, Raise

__all__ = [
    "AutoEvent",
    "AwardPot",
    "BoardRun",
    "LegalActions",
    "Misdeal",
    "Phase",
    "PostAnte",
    "PostBlind",
    "PostDead",
    "ReturnUncalled",
    "ShowAllIn",
    "Street",
]


class Street(IntEnum):
    """Betting round: pre-flop, flop, turn, river (R-DEAL-3). Showdown is a phase."""

    PREFLOP = 0
    FLOP = 1
    TURN = 2
    RIVER = 3


class Phase(StrEnum):
    """Where a hand is: the dealer deals, players bet, hands are shown, or done."""

    DEALING = "dealing"
    BETTING = "betting"
    SHOWDOWN = "showdown"
    COMPLETE = "complete"


_SHARED = 32
"""Seats below this get shared ``Fold``, ``Check`` and ``Call`` instances."""
_FOLDS = tuple(Fold(seat) for seat in range(_SHARED))
_CHECKS = tuple(Check(seat) for seat in range(_SHARED))
_CALLS = tuple(Call(seat) for seat in range(_SHARED))
_new_object = object.__new__
# Bet's and Raise's slots, set straight (frozen dataclasses refuse setattr)
_set_bet_seat = vars(Bet)["seat"].__set__
_set_bet_to = vars(Bet)["to"].__set__
_set_raise_seat = vars(Raise)["seat"].__set__
_set_raise_to = vars(Raise)["to"].__set__


class LegalActions(NamedTuple):
    """What the seat to act may do now (an action mask for bots and UIs).

    Attributes:
        seat: the seat to act.
        can_fold: folding is allowed: always by default, even when a check
            is possible (the fold stands); only when facing a bet under the
            house option ``GameConfig(fold_when_check=False)`` (R-BET-1).
        can_check: there is nothing to call.
        call_amount: chips the seat adds to call (0 when it can check); less
            than the bet when calling all-in (R-BET-6).
        min_raise_to: smallest legal bet or raise, as the seat's street total,
            or ``None`` when no bet or raise is allowed.
        max_raise_to: largest legal bet or raise (street total), or ``None``.
        is_bet: a bet or raise here opens the street's betting (``Bet``)
            rather than raising a bet (``Raise``).

    An immutable named tuple: cheap to build once per decision.

    >>> legal = LegalActions(0, True, False, 20, 50, 1000, False)
    >>> legal.raise_to(60)
    Raise(seat=0, to=60)
    """

    seat: int
    can_fold: bool
    can_check: bool
    call_amount: int
    min_raise_to: int | None
    max_raise_to: int | None
    is_bet: bool

    @property
    def can_raise(self) -> bool:
        """A bet or raise is allowed."""
        return self.min_raise_to is not None

    def fold(self) -> Fold:
        """The fold action of this seat."""
        seat = self.seat
        if type(seat) is int and 0 <= seat < _SHARED:
            return _FOLDS[seat]  # actions are values: one instance will do
        return Fold(seat)

    def check_or_call(self) -> Check | Call:
        """Check when there is nothing to call, else call."""
        seat = self.seat
        if type(seat) is int and 0 <= seat < _SHARED:
            return _CHECKS[seat] if self.can_check else _CALLS[seat]
        return Check(seat) if self.can_check else Call(seat)

    def raise_to(self, to: int) -> Bet | Raise:
        """The ``Bet`` or ``Raise`` to a street total of ``to`` chips (unchecked)."""
        seat = self.seat
        if type(to) is int and type(seat) is int:
            # what the constructors make of two ints, without their checks
            if self.is_bet:
                action: Bet | Raise = _new_object(Bet)
                _set_bet_seat(action, seat)
                _set_bet_to(action, to)
            else:
                action = _new_object(Raise)
                _set_raise_seat(action, seat)
                _set_raise_to(action, to)
            return action
        return Bet(seat, to) if self.is_bet else Raise(seat, to)

    def __str__(self) -> str:
        options = []
        if self.can_fold:
            options.append("fold")
        options.append("check" if self.can_check else f"call {self.call_amount}")
        if self.min_raise_to is not None:
            verb = "bet" if self.is_bet else "raise to"
            if self.min_raise_to == self.max_raise_to:
                options.append(f"{verb} {self.min_raise_to}")
            else:
                options.append(f"{verb} {self.min_raise_to}..{self.max_raise_to}")
        return ", ".join(options)


@dataclass(frozen=True, slots=True)
class PostAnte:
    """A seat posted ``chips`` of dead ante (R-ANTE-1); less if all-in."""

    seat: int
    chips: int

    def __str__(self) -> str:
        return f"seat {self.seat} posts an ante of {self.chips}"


@dataclass(frozen=True, slots=True)
class PostBlind:
    """A seat posted ``chips`` as a live blind or straddle (R-BLIND-4)."""

    seat: int
    chips: int

    def __str__(self) -> str:
        return f"seat {self.seat} posts a blind of {self.chips}"


@dataclass(frozen=True, slots=True)
class PostDead:
    """A seat posted ``chips`` of dead blind money, e.g. a missed small blind."""

    seat: int
    chips: int

    def __str__(self) -> str:
        return f"seat {self.seat} posts {self.chips} dead"


@dataclass(frozen=True, slots=True)
class ReturnUncalled:
    """The unmatched ``chips`` of a seat's bet went back to it (R-BET-7)."""

    seat: int
    chips: int

    def __str__(self) -> str:
        return f"seat {self.seat} takes back {self.chips} uncalled"


@dataclass(frozen=True, slots=True)
class ShowAllIn:
    """A seat's hand was turned face up because no betting can follow (R-SHOW-3).

    That happens when at most one player in the hand is not all-in, so the
    seat shown need not be all-in itself.
    """

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return (
            f"seat {self.seat} shows {format_cards(self.cards)} (no betting can follow)"
        )


@dataclass(frozen=True, slots=True)
class Misdeal:
    """The deal was void; cards go back and the hand is dealt again (R-MISDEAL)."""

    rule: str

    def __str__(self) -> str:
        return f"misdeal [{self.rule}]: the cards are gathered and reshuffled"


@dataclass(frozen=True, slots=True)
class AwardPot:
    """Pot ``pot`` (0 = main pot) of ``amount`` chips was won.

    Attributes:
        pot: index of the pot, main pot first.
        amount: chips in that pot.
        shares: ``(seat, chips)`` per winner, lowest seat first; odd chips go
            to the winner nearest the button's left, or one at a time
            clockwise under the house option (R-POT-2, R-POT-3).
        run: the run of the board this award is for, 1 for the first (and
            only, unless the board was run more than once, R-RIT-1); then
            ``amount`` is that run's share of the pot.
    """

    pot: int
    amount: int
    shares: tuple[tuple[int, int], ...]
    run: int = 1

    def __str__(self) -> str:
        name = "main pot" if self.pot == 0 else f"side pot {self.pot}"
        if self.run != 1:
            name = f"run {self.run}: {name}"
        won = ", ".join(f"seat {seat} wins {chips}" for seat, chips in self.shares)
        return f"{name} of {self.amount}: {won}"


@dataclass(frozen=True, slots=True)
class BoardRun:
    """Run ``run`` of a board run more than once is dealt in full (R-RIT-1).

    Attributes:
        run: 1 for the first run, 2 for the second, 3 for the third.
        board: that run's five board cards, the cards all runs share first.
    """

    run: int
    board: tuple[Card, ...]

    def __str__(self) -> str:
        return f"run {self.run} of the board: {format_cards(self.board)}"


AutoEvent = (
    PostAnte
    | PostBlind
    | PostDead
    | ReturnUncalled
    | ShowAllIn
    | Misdeal
    | AwardPot
    | BoardRun
)
