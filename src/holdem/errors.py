"""The one exception hierarchy of holdem (STYLE.md section 5).

Every refusal says what was tried, why it was refused, what is legal, and the
rule id from RULES.md that it enforces.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "BetSizeError",
    "CardParseError",
    "HistoryParseError",
    "HoldemError",
    "IllegalActionError",
    "InvalidInputError",
    "NotYourTurnError",
    "StateError",
    "TableError",
]


class HoldemError(Exception):
    """Base class of every error that holdem raises on purpose.

    Attributes:
        rule: the rule id from RULES.md behind the refusal (``"R-NL-2"``), or
            ``""`` where no rule applies (a malformed value, say).
    """

    def __init__(self, message: str = "", *, rule: str = "") -> None:
        super().__init__(message)
        self.rule = rule


class InvalidInputError(HoldemError, ValueError):
    """Malformed input: a card like ``Xx``, negative chips, a bad configuration."""


class CardParseError(InvalidInputError):
    """A card or a run of cards could not be read (R-DECK-1)."""


class HistoryParseError(InvalidInputError):
    """A hand history could not be read.

    Attributes:
        line: 1-based line of the problem in the source text, or ``None``.
        column: 1-based column, or ``None``.
    """

    def __init__(
        self, message: str, *, line: int | None = None, column: int | None = None
    ) -> None:
        super().__init__(message, rule="")
        self.line = line
        self.column = column


class IllegalActionError(HoldemError):
    """A well-formed action that the rules do not allow now.

    Attributes:
        legal: what is legal at this moment (a ``LegalActions`` value for a
            betting decision, or a short description for dealer steps).
        rule: the rule id from RULES.md that refuses the action.
    """

    def __init__(self, message: str, *, legal: Any = None, rule: str = "") -> None:
        super().__init__(message, rule=rule)
        self.legal = legal


class NotYourTurnError(IllegalActionError):
    """An action by a seat (or by the dealer) that is not the one to act."""


class BetSizeError(IllegalActionError):
    """A bet or raise whose size is outside the legal range."""


class StateError(HoldemError):
    """A step that does not fit the phase, e.g. dealing while betting is open."""


class TableError(HoldemError):
    """Seating, buy-in or sitting-out problems at a table."""
