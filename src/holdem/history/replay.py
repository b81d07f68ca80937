"""Replay a PHH history through the engine and compare the outcome with the record.

Every recorded action is applied to a ``HandState`` built from the history's
fields; the engine itself decides pots and winners from the recorded cards
(R-SHOW-4, R-POT-1..3). The hand must then be complete: a record that stops
while the engine still waits for an action (a deal, a bet) never awarded the
chips in the pot (R-POT-2) and differs, even if its ``finishing_stacks``
match the stacks at that point; its message cites the rule of the step the
hand waits for (R-DEAL-1, R-BET-4, R-BET-5, R-SHOW-2), not R-POT-4: no chip
was created or lost. Then the stacks are compared with
``finishing_stacks`` when the record has them (else the chips must balance,
R-POT-4), and the optional ``winnings`` with the chips each seat collected
from the pots (``AwardPot`` shares; a returned uncalled bet is not won).
Both are after the rake, as the PHH standard says: the engine's figures less
``_rake_paid``, or less the rake a record without it shows
(``holdem.history.rake``).

How records map onto the engine:

- ``d dh`` and ``d db`` are ``DealHole`` and ``DealBoard`` (PHH records no
  burns); ``pN cc`` is a check or a call, ``pN cbr`` a bet or a raise to the
  street total, as the engine's current bet says.
- ``pN sm`` after an all-in: the engine has already turned known hands face
  up (R-SHOW-3), so a recorded show of the same cards is a confirmation;
  other cards are a discrepancy. Unknown hands are shown with the recorded
  cards.
- At a river showdown the engine asks seats in R-SHOW-2 order. A record may
  list ``sm`` in another order: the next seat's own ``sm`` is taken from the
  rest of the record and applied first (``reorders`` counts these). A seat
  with no ``sm`` left in the record shows its known cards (or mucks unknown
  ones), as when the record ends during the showdown.
- ``sm`` without cards, or with only unknown cards (``????``), is a muck.

Outcomes: ``reproduced`` (stacks and winnings equal the record, or differ
only by the whole-chip split of R-POT-3 where the record split an odd chip
into halves), ``differ``, ``illegal`` (the engine refused an action; the
message carries the rule id) and ``unreadable`` (the hand cannot be parsed or
built). Messages name seats as PHH players (``p1``) and cards as text
(``As``), never as Python reprs.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from typing import NoReturn

from holdem.engine import refusals
from holdem.engine.events import AwardPot, Phase
from holdem.engine.state import MAX_SEATS, HandState
from holdem.errors import IllegalActionError, InvalidInputError, StateError
from holdem.history.model import HandHistory
from holdem.history.notation import (
    PhhAction,
    PhhBetRaise,
    PhhCheckCall,
    PhhDealBoard,
    PhhDealHole,
    PhhFold,
    PhhShowMuck,
    format_action,
    format_phh_cards,
    runs_of,
)
from holdem.history.rake import inferred_rake_paid, recorded_rake_paid
from holdem.rules.actions import (
    DEALER,
    Action,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Raise,
    RunIt,
    Show,
)
from holdem.rules.config import ForcedBets, GameConfig

__all__ = ["HandReplay", "Outcome", "replay_history"]

_RULE_ID = re.compile(r"\[(R-[A-Z0-9-]+)\]")
_SEAT = re.compile(r"\bseat (\d+)")
_CARD_REPR = re.compile(r"""Card\.parse\(['"]([^'"()]{1,4})['"]\)""")
_CARD_TUPLE = re.compile(r"""\((?:Card\.parse\(['"][^'"()]{1,4}['"]\),? ?)+\)""")


class Outcome(StrEnum):
    """How a replayed hand compares with its record."""

    REPRODUCED = "reproduced"
    DIFFER = "differ"
    ILLEGAL = "illegal"
    UNREADABLE = "unreadable"


@dataclass(frozen=True, slots=True)
class HandReplay:
    """The result of replaying one history.

    Attributes:
        outcome: reproduced, differ, illegal or unreadable.
        message: one line saying where and how it diverged; ``""`` when
            reproduced.
        action_index: index in ``actions`` of the first action that diverged
            or was refused, or ``None`` (a difference in the final stacks).
        state: the engine's hand after the replay (``None`` if it could not
            be built).
        whole_chip_split: reproduced only up to R-POT-3's whole-chip split of
            a pot the record split into half chips (in ``finishing_stacks``
            or ``winnings``).
        reorders: recorded ``sm`` applied out of their place in the record to
            follow the R-SHOW-2 order.
        added_shows: showdown hands the record left out, shown (or mucked if
            unknown) by the replay.
        rake_paid: chips of rake each seat paid from the pots it collected,
            as ``_rake_paid`` records or the record's stacks and winnings
            show (``holdem.history.rake``); zeros for an unraked hand, empty
            when the hand could not be built. The state's stacks are before
            the rake.
    """

    outcome: Outcome
    message: str = ""
    action_index: int | None = None
    state: HandState | None = None
    whole_chip_split: bool = False
    reorders: int = 0
    added_shows: int = 0
    rake_paid: tuple[int, ...] = ()


class _Stop(Exception):
    def __init__(self, outcome: Outcome, index: int | None, message: str) -> None:
        super().__init__(message)
        self.outcome = outcome
        self.index = index


def replay_history(history: HandHistory) -> HandReplay:
    """Deal ``history`` through the engine and compare the result with the record.

    Args:
        history: a hand read by ``holdem.history.loads``.

    Returns:
        The outcome with a one-line message, the final state and the counts
        of showdown reorderings and added shows.
    """
    try:
        winnings = history.winnings
        finishing = history.finishing_stacks or ()
        plain = not finishing or (
            set(map(type, finishing)) == _INT and min(finishing) >= 0
        )  # the reader's whole chips: a quick check
        if not plain and not all(0 <= x < math.inf for x in finishing):
            # a history built by hand
            raise InvalidInputError(
                f"field finishing_stacks: must be finite and non-negative, got"
                f" {finishing!r:.80}"
            )
        config = history.config()
        runs = max(map(runs_of, history.actions), default=0)
        if runs > config.max_runs:
            config = replace(config, max_runs=runs)  # the house ran it again
        state = HandState(
            config, history.starting_stacks, _forced_bets(history, config)
        )
    except InvalidInputError as error:
        return HandReplay(
            Outcome.UNREADABLE, f"cannot build the hand: {_players(str(error))}"
        )
    return _Replayer(history, state, winnings).run()


# history.forced_bets() for a hand's (blinds, antes, dead blinds, big blind
# seat), or None
# where they are the config's own: the engine then posts them its quick way.
_FORCED: dict[tuple[object, ...], tuple[GameConfig, ForcedBets | None]] = {}
_FORCED_MAX = 1024
_INT = {int}
# Fold, check and call of each seat: values, shared by every replay.
_SEATS = frozenset(range(MAX_SEATS))
_FOLDS = tuple(map(Fold, range(MAX_SEATS)))
_CHECKS = tuple(map(Check, range(MAX_SEATS)))
_CALLS = tuple(map(Call, range(MAX_SEATS)))


def _forced_bets(history: HandHistory, config: GameConfig) -> ForcedBets | None:
    """``history.forced_bets()``, or ``None`` when they are ``config``'s own.

    Raises:
        InvalidInputError: as ``history.forced_bets()``.
    """
    key = (
        history.blinds_or_straddles,
        history.antes,
        history.dead_blinds(),
        history.big_blind_seat(),
    )
    try:
        memo = _FORCED.get(key)
    except TypeError:  # a history built by hand, with lists
        return history.forced_bets()
    # A config is kept (and so the same object) only for whole-chip fields.
    if memo is None or memo[0] is not config:
        forced = history.forced_bets()
        own = forced == config.forced_bets(history.seats)
        memo = (config, None if own else forced)
        if len(_FORCED) >= _FORCED_MAX:
            _FORCED.clear()
        _FORCED[key] = memo
    return memo[1]


class _Replayer:
    def __init__(
        self,
        history: HandHistory,
        state: HandState,
        winnings: tuple[int | float, ...] | None,
    ) -> None:
        self.history = history
        self.winnings = winnings
        self.actions = history.actions
        self.state = state
        # indices of recorded ``sm`` applied before their place (R-SHOW-2)
        self.taken: set[int] = set()
        self.reorders = 0
        self.added_shows = 0
        self.rake_paid: tuple[int, ...] | None = None

    def run(self) -> HandReplay:
        state, taken, apply = self.state, self.taken, self.state.apply
        try:
            for index, action in enumerate(self.actions):
                if taken and index in taken:
                    continue
                # The commonest actions are mapped here, the rest by a call.
                step: Action | None
                if type(action) is PhhFold and type(action.seat) is int:
                    step = _FOLDS[action.seat] if action.seat in _SEATS else None
                    step = step or Fold(action.seat)  # no such seat: refused
                elif type(action) is PhhDealHole and None not in action.cards:
                    step = DealHole(action.seat, action.cards)  # type: ignore[arg-type]
                else:
                    step = self._engine_action(action)
                if step is None:
                    if type(action) is PhhShowMuck:
                        self._show_or_muck(index, action)
                    continue
                try:  # self._apply, inlined: this runs once per action
                    apply(step)
                except (InvalidInputError, IllegalActionError, StateError) as error:
                    self._refused(index, error)
            while state.phase is Phase.SHOWDOWN:
                self._add_show(len(self.actions) - 1)
            return self._compare()
        except _Stop as stop:
            return self._result(stop.outcome, str(stop), stop.index)

    def _result(
        self, outcome: Outcome, message: str, index: int | None, split: bool = False
    ) -> HandReplay:
        if index is not None and 0 <= index < len(self.actions):
            text = format_action(self.actions[index])
            message = f'actions[{index}] "{text}": {message}'
        return HandReplay(
            outcome,
            message,
            index,
            self.state,
            split,
            self.reorders,
            self.added_shows,
            self.rake_paid or (0,) * self.state.seats,
        )

    # ------------------------------------------------------------- actions

    def _engine_action(self, action: PhhAction) -> Action | None:
        """The engine's action for a recorded one; ``None`` for ``sm`` and no-ops."""
        # Dispatch on the exact type: this runs once per recorded action.
        if type(action) is PhhCheckCall:
            seat, state = action.seat, self.state
            if type(seat) is not int or not 0 <= seat < state.seats:
                return Check(seat)  # refused: no such seat (a history built by hand)
            facing = state.current_bet > state.committed[seat]
            return _CALLS[seat] if facing else _CHECKS[seat]
        if type(action) is PhhFold:
            seat = action.seat
            if type(seat) is not int or not 0 <= seat < MAX_SEATS:
                return Fold(seat)  # refused: no such seat
            return _FOLDS[seat]
        if type(action) is PhhBetRaise:
            seat, to = action.seat, action.to
            return Raise(seat, to) if self.state.current_bet else Bet(seat, to)
        if type(action) is PhhDealHole:
            cards = action.cards
            known = None if None in cards else cards
            return DealHole(action.seat, known)  # type: ignore[arg-type]
        if type(action) is PhhDealBoard:
            return DealBoard(action.cards)
        runs = runs_of(action)
        if runs:
            return RunIt(runs)  # R-RIT-1: the runs the players agreed
        return None

    def _apply(self, index: int, action: Action) -> None:
        try:
            self.state.apply(action)
        except (InvalidInputError, IllegalActionError, StateError) as error:
            self._refused(index, error)

    def _refused(self, index: int, error: Exception) -> NoReturn:
        """Stop at a refused action: unreadable, or illegal with its rule id."""
        state = self.state
        if isinstance(error, InvalidInputError):
            raise _Stop(Outcome.UNREADABLE, index, _players(str(error))) from None
        message = _players(str(error))
        rule = getattr(error, "rule", "") or _rule_in(message)
        if not rule:  # every engine refusal names one; this is a safety net
            rule = refusals.phase_rule(state)
            message += f" [{rule}]"
        raise _Stop(Outcome.ILLEGAL, index, message) from None

    # ------------------------------------------------------------ showdown

    def _show_or_muck(self, index: int, action: PhhShowMuck) -> None:
        state, seat = self.state, action.seat
        if state.shown[seat]:
            self._confirm(index, action)  # already face up (R-SHOW-3)
            return
        live = not state.folded[seat] and not state.mucked[seat]
        if state.phase is Phase.SHOWDOWN and live:
            self._showdown_until(seat, index)
        if state.phase is Phase.COMPLETE and live:
            self._confirm(index, action)  # e.g. a winner shows after the award
            return
        self._check_cards(index, action)
        self._apply(index, self._show_action(index, action))

    def _show_action(self, index: int, action: PhhShowMuck) -> Show | Muck:
        if action.is_muck or action.cards is None or None in action.cards:
            return Muck(action.seat)
        try:  # a show of other than two cards is refused by Show itself
            return Show(action.seat, tuple(c for c in action.cards if c is not None))
        except InvalidInputError as error:
            raise _Stop(Outcome.UNREADABLE, index, _players(str(error))) from None

    def _confirm(self, index: int, action: PhhShowMuck) -> None:
        """A recorded show of a hand that needs no more showing: check the cards."""
        state, seat = self.state, action.seat
        if action.cards is None:
            if state.shown[seat]:
                raise _Stop(
                    Outcome.DIFFER,
                    index,
                    f"the record mucks p{seat + 1}, but the hand is face up"
                    " (R-SHOW-3: all-in hands are turned face up)",
                )
            return
        self._check_cards(index, action)

    def _check_cards(self, index: int, action: PhhShowMuck) -> None:
        """Stop with ``differ`` if the record shows other cards than were dealt."""
        seat, cards = action.seat, action.cards
        held = self.state.hole_cards[seat]
        if held is None or cards is None:
            return  # nothing to compare: the engine never saw them, or a muck
        if not {c for c in cards if c is not None} <= set(held):
            raise _Stop(
                Outcome.DIFFER,
                index,
                f"expected p{seat + 1} to show {format_phh_cards(cards)},"
                f" got {format_phh_cards(held)} (dealt to p{seat + 1})",
            )

    def _showdown_until(self, seat: int, index: int) -> None:
        """Let the seats that show before ``seat`` (R-SHOW-2) act first."""
        state = self.state
        while state.phase is Phase.SHOWDOWN and state.to_act != seat:
            other = state.to_act
            later = self._find_show(other, index)
            if later is None:
                self._add_show(index)
                continue
            self.taken.add(later)
            self.reorders += 1
            self._apply(later, self._show_action(later, self.actions[later]))  # type: ignore[arg-type]

    def _find_show(self, seat: int | None, after: int) -> int | None:
        for j in range(after + 1, len(self.actions)):
            action = self.actions[j]
            is_show = isinstance(action, PhhShowMuck) and action.seat == seat
            if is_show and j not in self.taken:
                return j
        return None

    def _add_show(self, index: int) -> None:
        """Show (or muck, if unknown) the hand of the seat the engine waits for."""
        seat = self.state.to_act
        assert seat is not None and seat >= 0  # the SHOWDOWN phase names a seat
        self.added_shows += 1
        known = self.state.hole_cards[seat] is not None
        action: Show | Muck = Show(seat) if known else Muck(seat)
        try:
            self.state.apply(action)
        except (IllegalActionError, StateError, InvalidInputError) as error:
            raise _Stop(
                Outcome.DIFFER,
                index,
                f"the record leaves p{seat + 1}'s showdown hand out and it cannot"
                f" be completed: {_players(str(error))}",
            ) from None

    # ------------------------------------------------------------- outcome

    def _compare(self) -> HandReplay:
        state, history = self.state, self.history
        if not state.is_complete:
            # The engine waits for an action the record does not have (shows
            # missing at a showdown were added above): the pot was never
            # awarded, whatever the finishing_stacks say (R-POT-2).
            last = len(self.actions) - 1 if self.actions else None
            return self._result(Outcome.DIFFER, _incomplete(state), last)
        split = False
        expected = history.finishing_stacks
        try:
            paid = recorded_rake_paid(history, _collected(state))
        except InvalidInputError as error:
            return self._result(Outcome.DIFFER, str(error), None)
        self.rake_paid = paid
        if expected is None:
            if sum(state.stacks) != sum(state.starting_stacks):
                return self._result(
                    Outcome.DIFFER,
                    f"chips do not balance: {sum(state.starting_stacks)} before,"
                    f" {sum(state.stacks)} after [R-POT-4]",
                    None,
                )
        elif paid is not None or list(state.stacks) != list(expected):
            # int == float is exact; the record's stacks are after the rake
            want = [Fraction(x) for x in expected]
            got = _less(state.stacks, paid)
            if got != want and paid is None:
                paid = self.rake_paid = inferred_rake_paid(
                    history, _awarded(state, exact=False), got, want
                )
                got = _less(state.stacks, paid)
            if got != want:
                if _less(_whole_chip_split(state), paid) != want:
                    return self._result(
                        Outcome.DIFFER,
                        "finishing_stacks differ after the last action: "
                        + _differences(want, got),
                        None,
                    )
                split = True
        winnings = self.winnings
        if winnings is not None:
            want = [Fraction(x) for x in winnings]
            won = _awarded(state, exact=False)
            if paid is None and won != want:
                paid = self.rake_paid = inferred_rake_paid(history, won, won, want)
            got = _less(won, paid)
            if got != want:
                if _less(_awarded(state, exact=True), paid) != want:
                    return self._result(
                        Outcome.DIFFER,
                        "winnings (pots collected) differ after the last action: "
                        + _differences(want, got),
                        None,
                    )
                split = True
        return self._result(Outcome.REPRODUCED, "", None, split=split)


def _differences(want: list[Fraction], got: list[Fraction]) -> str:
    return ", ".join(
        f"p{s + 1} expected {_chips(w)} got {_chips(g)}"
        for s, (w, g) in enumerate(zip(want, got, strict=True))
        if w != g
    )


def _collected(state: HandState) -> list[int]:
    """Whole chips each seat collected from the pots (``AwardPot``)."""
    won = [0] * state.seats
    for event in state.events:
        if isinstance(event, AwardPot):
            for seat, chips in event.shares:
                won[seat] += chips
    return won


def _less(
    chips: Sequence[int | Fraction], paid: tuple[int, ...] | None
) -> list[Fraction]:
    """``chips`` per seat less the rake each seat paid (none when ``None``)."""
    if paid is None:
        return [Fraction(x) for x in chips]
    return [Fraction(x) - p for x, p in zip(chips, paid, strict=True)]


def _whole_chip_split(state: HandState) -> list[Fraction]:
    """Stacks as if every split pot were shared exactly (half chips allowed)."""
    exact = [Fraction(x) for x in state.stacks]
    for event in state.events:
        if isinstance(event, AwardPot) and len(event.shares) > 1:
            share = Fraction(event.amount, len(event.shares))
            for seat, chips in event.shares:
                exact[seat] += share - chips
    return exact


def _awarded(state: HandState, *, exact: bool) -> list[Fraction]:
    """Chips each seat collected from the pots (``AwardPot``; R-POT-2).

    An uncalled bet returned (``ReturnUncalled``) is not won. With ``exact``,
    a split pot is shared exactly, half chips allowed (as some records do),
    instead of in whole chips with the odd chips first left of the button
    (R-POT-3).
    """
    won = [Fraction(0)] * state.seats
    for event in state.events:
        if isinstance(event, AwardPot):
            for seat, chips in event.shares:
                if exact:
                    won[seat] += Fraction(event.amount, len(event.shares))
                else:
                    won[seat] += chips
    return won


def _chips(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def _incomplete(state: HandState) -> str:
    """Why a replayed hand is not over: who must act, and the chips in the pot."""
    if state.to_act == DEALER:
        waiting = _players(f"the dealer must {refusals.dealer_task(state)}")
    elif state.phase is Phase.SHOWDOWN:
        waiting = f"p{(state.to_act or 0) + 1} must show or muck"
    else:
        waiting = f"p{(state.to_act or 0) + 1} must act ({state.legal_actions()})"
    in_pot = sum(state.starting_stacks) - sum(state.stacks)
    chips = "1 chip" if in_pot == 1 else f"{in_pot} chips"
    # The rule is the one for the step the hand waits for (R-DEAL-1, R-BET-4,
    # R-BET-5, R-SHOW-2...): no chip was lost, the pot was never awarded.
    return (
        f"the record ends before the hand is complete: {waiting};"
        f" {chips} still in the pot [{refusals.phase_rule(state)}]"
    )


def _players(message: str) -> str:
    """An engine message in PHH terms: seat 0 is ``p1``, cards are ``As``.

    Python reprs of cards (``Card.parse('As')``, or a tuple of them) are
    written as card text, so no report line shows code.
    """
    message = _CARD_TUPLE.sub(
        lambda m: "".join(c[1] for c in _CARD_REPR.finditer(m[0])), message
    )
    message = _CARD_REPR.sub(lambda m: m[1], message)
    return _SEAT.sub(lambda m: f"p{int(m[1]) + 1}", message)


def _rule_in(message: str) -> str:
    found = _RULE_ID.search(message)
    return found[1] if found else ""
