"""Action spaces for learning agents: the exact legal sizes, or an abstraction.

Both map an integer action id to one of the engine's actions through the
seat's ``LegalActions`` (R-BET-1) and say what they did:

- ``ExactActions``: id 0 folds, 1 checks or calls, ``2 + k`` bets or raises
  to ``k`` chips in total on this street (R-NL-1, R-NL-2, R-PL-1, R-FL-1);
  the mask marks exactly the legal ids.
- ``ActionAbstraction``: a short list of abstract actions (fold, check or
  call, fractions of the pot, the minimum raise, all-in; or the house's own
  list), each mapped to the nearest legal action. ``chips`` gives, per
  abstract action, the street total it comes to now, so an observation can
  say which size each abstract action means.

An id the seat cannot take as given is mapped to the nearest legal action
(a bet or raise outside the legal range to the nearest legal size, a raise
when none is allowed to check or call, a fold that is not allowed to a
check) and ``Resolved.adjusted`` says so; the environments report it in
``info``. Only ids outside the action space raise.

>>> from holdem.engine import LegalActions
>>> legal = LegalActions(0, True, False, 2, 4, 100, False)
>>> abstraction = ActionAbstraction.parse(["fold", "call", "pot", "all-in"])
>>> abstraction.chips(legal, committed=2, pot=6)
(2, 4, 12, 100)
>>> abstraction.resolve(legal, 2, committed=2, pot=6).action
Raise(seat=0, to=12)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from holdem.engine import LegalActions
from holdem.errors import InvalidInputError
from holdem.rules.actions import Bet, Fold, PlayerAction, Raise

__all__ = [
    "CHECK_CALL",
    "FOLD",
    "RAISE_BASE",
    "AbstractAction",
    "AbstractKind",
    "ActionAbstraction",
    "ExactActions",
    "Resolved",
]

FOLD = 0
"""Exact action id of a fold."""
CHECK_CALL = 1
"""Exact action id of a check or call."""
RAISE_BASE = 2
"""Exact action id of a bet or raise to 0 chips; ``RAISE_BASE + k`` is to ``k``."""


@dataclass(frozen=True, slots=True)
class Resolved:
    """An action id mapped to the engine's action.

    Attributes:
        action: the legal action carried out for the seat to act.
        adjusted: the id asked for something not legal as given and was
            mapped to the nearest legal action.
    """

    action: PlayerAction
    adjusted: bool


def _raise_or_call(legal: LegalActions, to: int) -> Resolved:
    """A bet or raise to ``to`` chips clamped to the legal range, or a call."""
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is None or high is None:
        return Resolved(legal.check_or_call(), True)
    clamped = min(max(to, low), high)
    return Resolved(legal.raise_to(clamped), clamped != to)


def _fold(legal: LegalActions) -> Resolved:
    if legal.can_fold:
        return Resolved(legal.fold(), False)
    return Resolved(legal.check_or_call(), True)  # R-BET-1 house option


class ExactActions:
    """Every legal size as its own action id (see the module docstring).

    Args:
        max_chips: the largest street total any seat can bet or raise to (the
            largest starting stack); the space has ``max_chips + 3`` ids.

    Raises:
        InvalidInputError: if ``max_chips`` is not a positive int.

    >>> from holdem.engine import LegalActions
    >>> exact = ExactActions(10)
    >>> legal = LegalActions(0, True, False, 2, 4, 10, False)
    >>> [i for i, ok in enumerate(exact.mask(legal)) if ok]
    [0, 1, 6, 7, 8, 9, 10, 11, 12]
    >>> exact.resolve(legal, 5)
    Resolved(action=Raise(seat=0, to=4), adjusted=True)
    """

    def __init__(self, max_chips: int) -> None:
        if type(max_chips) is not int or max_chips <= 0:
            raise InvalidInputError(
                f"max_chips must be a positive whole number, got {max_chips!r:.40}"
            )
        self.max_chips = max_chips
        self.size = max_chips + RAISE_BASE + 1

    def mask(self, legal: LegalActions | None) -> list[bool]:
        """Which ids are legal now, as given (all False when not to act)."""
        mask = [False] * self.size
        if legal is None:
            return mask
        mask[FOLD] = legal.can_fold
        mask[CHECK_CALL] = True
        low, high = legal.min_raise_to, legal.max_raise_to
        if low is not None and high is not None:
            for to in range(low, min(high, self.max_chips) + 1):
                mask[RAISE_BASE + to] = True
        return mask

    def resolve(self, legal: LegalActions, action_id: int) -> Resolved:
        """The engine's action for ``action_id``.

        Raises:
            InvalidInputError: for an id outside ``0 .. size - 1``.
        """
        action_id = _check_id(action_id, self.size)
        if action_id == FOLD:
            return _fold(legal)
        if action_id == CHECK_CALL:
            return Resolved(legal.check_or_call(), False)
        return _raise_or_call(legal, action_id - RAISE_BASE)

    def describe(self, action_id: int) -> str:
        """A short text for ``action_id``: ``fold``, ``check/call``, ``raise to 40``."""
        action_id = _check_id(action_id, self.size)
        if action_id == FOLD:
            return "fold"
        if action_id == CHECK_CALL:
            return "check/call"
        return f"bet/raise to {action_id - RAISE_BASE}"


def _check_id(action_id: object, size: int) -> int:
    # numpy integers come from action spaces: take any integral value
    if isinstance(action_id, bool) or not hasattr(action_id, "__index__"):
        raise InvalidInputError(
            f"an action id is a whole number 0..{size - 1}, got {action_id!r:.40}"
        )
    value = int(action_id)  # type: ignore[call-overload, unused-ignore]
    if not 0 <= value < size:
        raise InvalidInputError(f"no action id {value}: the ids are 0..{size - 1}")
    return value


class AbstractKind(StrEnum):
    """What an abstract action does."""

    FOLD = "fold"
    CHECK_CALL = "call"
    POT = "pot"  # a bet or raise of a fraction of the pot
    MIN_RAISE = "min-raise"
    ALL_IN = "all-in"


@dataclass(frozen=True, slots=True)
class AbstractAction:
    """One abstract action.

    Attributes:
        kind: fold, check/call, a fraction of the pot, the minimum raise or
            all-in.
        fraction: for ``POT``, the bet or raise as a fraction of the pot
            (``Fraction(1, 2)`` for half the pot); else 0.
    """

    kind: AbstractKind
    fraction: Fraction = Fraction(0)

    def __str__(self) -> str:
        if self.kind is AbstractKind.POT:
            return "pot" if self.fraction == 1 else f"{self.fraction} pot"
        return str(self.kind)

    @staticmethod
    def parse(text: str) -> AbstractAction:
        """Read one abstract action from its text.

        The forms: ``fold``, ``call`` (or ``check``), ``min-raise``,
        ``all-in``, ``pot``, ``1/2 pot``, ``0.75 pot`` or ``2 pot``.

        Raises:
            InvalidInputError: for any other text, listing the forms.
        """
        words = str(text).strip().lower().replace("_", "-")
        if words in ("fold", "f"):
            return AbstractAction(AbstractKind.FOLD)
        if words in ("call", "check", "check/call", "c"):
            return AbstractAction(AbstractKind.CHECK_CALL)
        if words in ("min-raise", "min", "minraise"):
            return AbstractAction(AbstractKind.MIN_RAISE)
        if words in ("all-in", "allin", "shove"):
            return AbstractAction(AbstractKind.ALL_IN)
        if words.endswith("pot"):
            number = words[:-3].strip() or "1"
            try:
                fraction = Fraction(number)
            except (ValueError, ZeroDivisionError):
                fraction = Fraction(-1)
            if fraction > 0:
                return AbstractAction(AbstractKind.POT, fraction)
        raise InvalidInputError(
            f"unknown abstract action {text!r:.40}: use fold, call, min-raise,"
            " all-in, pot, or a positive fraction of the pot such as '1/2 pot'"
            " or '0.75 pot'"
        )


class ActionAbstraction:
    """A list of abstract actions, each mapped to a legal action when asked.

    A fraction ``x`` of the pot bets or raises to the current bet plus ``x``
    times the pot after calling (the pot-limit measure of R-PL-1, where
    ``x = 1`` is the largest pot-limit raise), clamped to the legal range.

    Args:
        actions: the abstract actions, in id order; at least one, no repeats.

    Raises:
        InvalidInputError: for an empty list or a repeated action.
    """

    def __init__(self, actions: Iterable[AbstractAction]) -> None:
        self.actions = tuple(actions)
        if not self.actions:
            raise InvalidInputError("an action abstraction needs at least one action")
        if len(set(self.actions)) != len(self.actions):
            raise InvalidInputError(
                "an action abstraction lists each action once, got"
                f" {[str(a) for a in self.actions]}"
            )
        self.size = len(self.actions)

    @classmethod
    def parse(cls, texts: Iterable[str]) -> ActionAbstraction:
        """The house's list as text, e.g. ``["fold", "call", "1/2 pot", "all-in"]``.

        Raises:
            InvalidInputError: as ``AbstractAction.parse`` and the constructor.
        """
        return cls(AbstractAction.parse(text) for text in texts)

    @classmethod
    def default(cls) -> ActionAbstraction:
        """Fold, check/call, half the pot, the pot, all-in."""
        return cls.parse(["fold", "call", "1/2 pot", "pot", "all-in"])

    def _target(
        self, action: AbstractAction, legal: LegalActions, committed: int, pot: int
    ) -> int:
        """The street total ``action`` aims at, before clamping."""
        current = committed + legal.call_amount
        match action.kind:
            case AbstractKind.POT:
                after_call = pot + legal.call_amount
                return current + int(action.fraction * after_call)
            case AbstractKind.MIN_RAISE:
                return legal.min_raise_to or current
            case AbstractKind.ALL_IN:
                return legal.max_raise_to or current
        return current

    def resolve(
        self, legal: LegalActions, action_id: int, *, committed: int, pot: int
    ) -> Resolved:
        """The engine's action for abstract action ``action_id``.

        Args:
            legal: the seat's legal actions.
            action_id: index into ``actions``.
            committed: the seat's chips bet on this street so far.
            pot: every chip in the middle now (pots and this street's bets).

        Raises:
            InvalidInputError: for an id outside ``0 .. size - 1``.
        """
        action = self.actions[_check_id(action_id, self.size)]
        if action.kind is AbstractKind.FOLD:
            return _fold(legal)
        if action.kind is AbstractKind.CHECK_CALL:
            return Resolved(legal.check_or_call(), False)
        return _raise_or_call(legal, self._target(action, legal, committed, pot))

    def chips(
        self, legal: LegalActions | None, *, committed: int, pot: int
    ) -> tuple[int, ...]:
        """Per abstract action, the seat's street total after it (0 if not to act)."""
        if legal is None:
            return (0,) * self.size
        out = []
        for action_id in range(self.size):
            action = self.resolve(legal, action_id, committed=committed, pot=pot).action
            if type(action) is Bet or type(action) is Raise:
                out.append(action.to)
            elif type(action) is Fold:
                out.append(committed)
            else:
                out.append(committed + legal.call_amount)
        return tuple(out)

    def mask(self, legal: LegalActions | None) -> list[bool]:
        """Which abstract actions apply as given now (the rest are adjusted)."""
        if legal is None:
            return [False] * self.size
        out = []
        for action in self.actions:
            if action.kind is AbstractKind.FOLD:
                out.append(legal.can_fold)
            elif action.kind is AbstractKind.CHECK_CALL:
                out.append(True)
            else:
                out.append(legal.can_raise)
        return out

    def describe(self, action_id: int) -> str:
        """The abstract action's text, e.g. ``1/2 pot``."""
        return str(self.actions[_check_id(action_id, self.size)])
