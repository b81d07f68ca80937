"""One hand of Texas Hold'em as an explicit state machine.

``HandState`` changes only through ``apply(action)``, which checks the action
first (``check_action``) and appends it, with whatever the dealer does on its
own, to the hand's event log. Seats are numbered clockwise from the button's
left: seat 0 is first after the button and the last seat is the button
(heads-up the button posts the small blind and seat 0 is the big blind).

This module holds the public class: its queries, the checks and ``apply``.
Each step has one path: its check (refusals.py, showdown.py), then what it
changes in ``Steps`` (steps.py) and how the turn then passes on, to the
showdown and the award, in ``Turns`` (turns.py), the bases of ``HandState``.

>>> from holdem.rules import GameConfig, Fold, Raise
>>> state = HandState(GameConfig(small_blind=5, big_blind=10), [1000] * 6)
>>> state.phase, state.to_act
(<Phase.DEALING: 'dealing'>, -1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from holdem.betting.pots import Pot
from holdem.cards import Card
from holdem.engine import forced_bets, refusals, showdown
from holdem.engine.events import (
    AwardPot,
    BoardRun,
    LegalActions,
    Misdeal,
    Phase,
    PostAnte,
    PostBlind,
    PostDead,
    ReturnUncalled,
    ShowAllIn,
    Street,
)
from holdem.engine.hand import Event, Hand, hand_pots
from holdem.engine.legal import compute_legal
from holdem.engine.seating import MAX_SEATS, ROTATIONS, seat_name, seat_range
from holdem.engine.steps import Steps
from holdem.engine.view import SeatView, view_of
from holdem.errors import (
    HoldemError,
    InvalidInputError,
    StateError,
)
from holdem.rules.actions import (
    DEALER,
    Action,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    ExposeCard,
    Fold,
    Muck,
    Raise,
    ReplaceExposed,
    RunIt,
    Show,
    short_repr,
)
from holdem.rules.config import (
    MAX_CHIPS,
    ForcedBets,
    GameConfig,
    Structure,
    check_chips,
)

__all__ = ["MAX_SEATS", "HandState"]

# enum members bound once: the hot paths compare against these
_DEALING, _BETTING_PH, _SHOWDOWN, _COMPLETE = tuple(Phase)
_PREFLOP = Street.PREFLOP


class HandState(Steps):
    """The state of one hand, from the forced bets to the award of the pots.

    Args:
        config: the game's rules (structure, limits, deck).
        stacks: chips each seat brings to the hand, seat 0 first (the
            button's left); every seat needs at least 1 chip (R-TABLE-7).
        forced: per-seat blinds, straddles, antes and dead blinds; by default
            ``config.forced_bets(len(stacks))``.

    Raises:
        InvalidInputError: on fewer than 2 or more than 22 seats, non-int or
            non-positive stacks, or forced bets of the wrong length.

    After a misdeal ``needs_new_deck`` is True until the new deal starts: the
    cards must be gathered and reshuffled (R-MISDEAL-1, R-MISDEAL-3).

    Forced bets are posted as the hand is made (events ``PostAnte``,
    ``PostBlind``, ``PostDead``); a seat short of its blind or ante posts what
    it has and is all-in (R-ALLIN-BLIND). Then ``to_act`` is ``DEALER``.
    """

    __slots__ = ()

    def __init__(
        self,
        config: GameConfig,
        stacks: Sequence[int],
        forced: ForcedBets | None = None,
    ) -> None:
        if type(config) is not GameConfig:
            raise InvalidInputError(
                f"config must be a GameConfig, got {short_repr(config)}"
            )
        if type(stacks) is not list and not isinstance(stacks, (list, tuple)):
            raise InvalidInputError(
                "stacks are a list or tuple of chips per seat, got"
                f" {short_repr(stacks)}"
            )
        if forced is not None and type(forced) is not ForcedBets:
            raise InvalidInputError(
                f"forced must be ForcedBets or None, got {short_repr(forced)}"
            )
        n = len(stacks)
        if not 2 <= n <= MAX_SEATS:
            raise InvalidInputError(
                f"a hand needs 2 to {MAX_SEATS} seats (two hole cards each, five"
                f" board cards and three burns from 52), got {n}"
            )
        if not (
            set(map(type, stacks)) == {int}
            and min(stacks) > 0
            and max(stacks) <= MAX_CHIPS
        ):
            for seat, chips in enumerate(stacks):
                check_chips(f"the stack of {seat_name(seat, n)}", chips, positive=True)
        if forced is None:
            forced, first, posts, top, plan = forced_bets.config_plan(config, n)
        elif len(forced.blinds_or_straddles) != n:
            raise InvalidInputError(
                f"forced bets name {len(forced.blinds_or_straddles)} seats,"
                f" the hand has {n}"
            )
        else:
            first, posts, top, plan = forced_bets.given_plan(forced)
        self._first = first
        self.config = config
        self.forced = forced
        self.seats = n
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self.stacks = list(stacks)
        self.committed = [0] * n
        self.contributed = [0] * n
        self.dead = 0
        self.folded = [False] * n
        self.all_in = [False] * n
        self.shown = [False] * n
        self.mucked = [False] * n
        self.hole_cards: list[tuple[Card, ...] | None] = [None] * n
        self.board: list[Card] = []
        self.burns: list[Card] = []
        self.events: list[Event] = []
        self.street = _PREFLOP
        self.phase = _DEALING
        self.to_act: int | None = DEALER
        self.last_aggressor: int | None = None
        self.runout = False
        self.runs = 1  # R-RIT-1: the times the rest of the board is run
        self.run_boards: list[tuple[Card, ...]] = []
        self._shared = -1  # board cards all runs share; -1 until RunIt
        self.misdeals = 0
        self.needs_new_deck = False
        self._dealt = 0
        self._exposed: list[int] = []
        self._acted_at = [-1] * n
        self._order = ROTATIONS[n]  # seats in turn from each seat (R-BET-4)
        self._legal: LegalActions | None = None
        self._seen: set[int] = set()
        self._fixed = config.structure is Structure.FIXED_LIMIT
        self._pot_limit = config.structure is Structure.POT_LIMIT
        self._fold_free = config.fold_when_check  # R-BET-1
        if posts is not None:
            forced_bets.post_blinds(self, posts, top)
        elif plan is None or not forced_bets.post_planned(self, plan):
            forced_bets.post_forced_bets(self)  # a seat short (R-ALLIN-BLIND)
        # seats that can still bet: in the hand and not all-in
        self._able = self.all_in.count(False)

    # ------------------------------------------------------------------ setup

    # ---------------------------------------------------------------- queries

    @property
    def is_complete(self) -> bool:
        """The pots have been awarded."""
        return self.phase is _COMPLETE

    @property
    def pots(self) -> tuple[Pot, ...]:
        """Chips gathered from earlier streets: main pot first (R-POT-1).

        Bets of the current street are in ``committed`` until it ends; once
        the hand is complete every pot has been awarded and none is left.
        """
        if self.phase is _COMPLETE:
            return ()
        gathered = [
            c - s for c, s in zip(self.contributed, self.committed, strict=True)
        ]
        return self.hand_pots(gathered, self.folded)

    def hand_pots(self, live: Sequence[int], out: Sequence[bool]) -> tuple[Pot, ...]:
        """Pots from dead money and ``live`` chips; ``out`` seats cannot win.

        Layers, bottom first: dead blinds (every seat still in may win them),
        the antes (R-ANTE-1, a short ante wins only what it matched), then the
        blinds and bets (R-POT-1).
        """
        return hand_pots(self, live, out)

    @property
    def total_pot(self) -> int:
        """All chips in the middle: dead money, pots and this street's bets.

        0 once the hand is complete (every chip has been awarded).
        """
        if self.phase is _COMPLETE:
            return 0
        return self.dead + sum(self.contributed)

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Net chips won (+) or lost (-) per seat so far; final once complete."""
        return tuple(
            s - s0 for s, s0 in zip(self.stacks, self.starting_stacks, strict=True)
        )

    @property
    def runs_open(self) -> bool:
        """The players may still choose to run the rest of the board again.

        True once no betting can follow, before the river and before a
        ``RunIt``, where the house allows more than one run (R-RIT-1):
        ``apply(RunIt(times))`` is then legal for ``times`` in
        ``1..config.max_runs``.
        """
        return (
            self.runout
            and self.to_act == DEALER
            and self._shared < 0
            and len(self.board) < 5
            and self.config.max_runs > 1
        )

    def is_beaten(self, seat: int) -> bool:
        """Whether ``seat``'s hand cannot win a pot against the hands shown.

        Cards speak (R-SHOW-4): a seat asked at the showdown whose hand is
        not beaten is turned up; only a beaten hand may be mucked (R-SHOW-2).
        """
        return showdown.is_beaten(self, seat)

    def in_hand(self) -> tuple[int, ...]:
        """Seats that have not folded (or mucked), lowest first."""
        return tuple(
            s for s in range(self.seats) if not self.folded[s] and not self.mucked[s]
        )

    def legal_actions(self) -> LegalActions:
        """What the seat to act may do now.

        Raises:
            StateError: if no seat is to act (the dealer's turn, or complete).
        """
        legal = self._legal
        if legal is not None:
            return legal
        if self.phase is not _BETTING_PH:
            rule = refusals.phase_rule(self)
            raise StateError(
                f"no betting decision now: the hand is in the {self.phase} phase"
                f" ({refusals.expected(self)}) [{rule}]",
                rule=rule,
            )
        legal = self._legal = compute_legal(self)
        return legal

    def is_legal(self, action: Action) -> bool:
        """Whether ``apply(action)`` would succeed now (never raises)."""
        try:
            self.check_action(action)
        except HoldemError:
            return False
        return True

    # ----------------------------------------------------------------- checks

    def check_action(self, action: Action) -> None:
        """Raise if ``action`` is not allowed now; change nothing.

        Raises:
            NotYourTurnError: a seat acts out of turn, or a player acts while
                the dealer is to act (or the other way round).
            BetSizeError: a bet or raise outside the legal sizes (R-NL-1,
                R-NL-2, R-PL-1, R-FL-1).
            IllegalActionError: fold, check, call, bet or raise that the
                rules forbid now (R-BET-1, R-NL-3, R-FL-2), a card already
                seen (R-DECK-1), a muck that would leave a pot unclaimed.
            StateError: the hand is complete, or a step of another phase.
            InvalidInputError: a malformed action (wrong types or card count).
        """
        check = _CHECKS.get(type(action))
        if check is None:
            raise InvalidInputError(
                f"not an action: {short_repr(action)} (a {type(action).__name__})"
            )
        check(self, action)

    def apply(self, action: Action) -> None:
        """Check ``action`` and carry it out, appending it to ``events``.

        Every step takes one path: ``check_action``, then the step's own
        method (``Steps``), which passes the turn on (``Turns``).

        Raises:
            The errors of ``check_action``; the state is then exactly as
            before.
        """
        self.check_action(action)
        self._carry_out(action)

    def _carry_out(self, action: Action) -> None:
        """Log ``action`` and make its changes; it has been checked."""
        self._legal = None
        self.events.append(action)
        _CARRY_OUT[type(action)](self, action)

    def _deal_each_seat(self, hands: Sequence[tuple[Card, ...] | None]) -> bool:
        """Deal a replayed record's hole cards, every seat at once, if all are legal.

        ``hands[seat]`` is the seat's two cards, or ``None`` where the record
        does not know them. Applies ``DealHole(seat, hands[seat])`` for each
        seat in turn, as ``apply`` would, and returns True; returns False,
        changing nothing, unless ``hands`` names every seat and each of those
        steps is legal in turn (R-DEAL-1, R-DECK-1): the caller then applies
        them one by one to learn which is refused.
        """
        if len(hands) != self.seats:
            return False
        trial = self.copy()  # tried first, so that a refusal changes nothing
        try:
            steps = [DealHole(seat, cards) for seat, cards in enumerate(hands)]
            for step in steps:
                trial.apply(step)
        except HoldemError:
            return False
        for step in steps:
            self.apply(step)
        return True

    # ------------------------------------------------------------ utilities

    def copy(self) -> HandState:
        """An independent copy (for search, undo and what-ifs)."""
        other = HandState.__new__(HandState)
        for name in _SHARED_SLOTS:
            setattr(other, name, getattr(self, name))
        for name in _LIST_SLOTS:
            setattr(other, name, getattr(self, name).copy())
        return other

    @classmethod
    def replay(
        cls,
        config: GameConfig,
        stacks: Sequence[int],
        actions: Iterable[Event],
        forced: ForcedBets | None = None,
    ) -> HandState:
        """Rebuild a hand by applying the actions of an event log in order.

        The dealer's own events in ``actions`` (posts, returns, awards) are
        skipped: the engine makes them again, so ``replay(..., h.events)``
        gives a hand whose ``events`` equal ``h.events``.

        Raises:
            The errors of ``apply`` for the first action that is not legal.
        """
        state = cls(config, stacks, forced)
        apply = state.apply
        for action in actions:
            kind = type(action)
            if kind in _AUTO_KINDS or (
                kind not in _ACTION_KINDS and isinstance(action, _AUTO_EVENTS)
            ):
                continue
            apply(action)  # type: ignore[arg-type]  # not a dealer's event
        return state

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see: others' hole cards hidden until shown.

        Pass ``None`` for a spectator (R-HISTORY-1).

        Raises:
            InvalidInputError: for a seat that is not at this hand.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.seats):
            raise InvalidInputError(
                f"no seat {short_repr(seat)} at this hand: {seat_range(self.seats)}"
            )
        return view_of(self, seat, self._legal_of(seat), self.pots)

    def hand_history(self, seat: int) -> SeatView:
        """The finished hand's history as ``seat``, a player dealt in, may see it.

        Shows every hand that reached the showdown, mucked ones included;
        hands folded before the showdown and the burn cards stay hidden
        (R-HISTORY-1). During the hand use ``view``, which shows only the
        seat's own cards and hands turned face up.

        Raises:
            InvalidInputError: for a seat that is not at this hand (or None).
            StateError: while the hand is not complete.
        """
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise InvalidInputError(
                f"the hand history is for a player dealt in: {seat_range(self.seats)},"
                f" got {short_repr(seat)} [R-HISTORY-1]"
            )
        if self.phase is not _COMPLETE:
            raise StateError(
                "the hand history is given after the hand; until then a player"
                " sees only its own hole cards (use view) [R-HISTORY-1]",
                rule="R-HISTORY-1",
            )
        return view_of(self, seat, None, self.pots, with_mucked=True)

    def _legal_of(self, seat: int | None) -> LegalActions | None:
        if self.phase is _BETTING_PH and seat is not None and self.to_act == seat:
            return self.legal_actions()
        return None

    def __repr__(self) -> str:
        return (
            f"<HandState {self.phase} street={self.street.name} to_act={self.to_act}"
            f" stacks={self.stacks} pot={self.total_pot}>"
        )


# slots holding lists or sets are copied; the others are immutable values
_LIST_SLOTS = (
    "_acted_at", "_ante_reach", "_antes", "_exposed", "_seen", "all_in", "board",
    "burns", "committed", "contributed", "events", "folded", "hole_cards",
    "mucked", "run_boards", "shown", "stacks",
)  # fmt: skip
_SHARED_SLOTS = tuple(n for n in Hand.__slots__ if n not in _LIST_SLOTS)
_BETTING_KINDS = frozenset((Fold, Check, Call, Bet, Raise))
# the step each kind of action takes once checked (the one path: apply)
_CARRY_OUT: dict[type, Callable[[Steps, Any], None]] = {
    **dict.fromkeys(_BETTING_KINDS, HandState._do_betting),
    Show: HandState._do_show_or_muck,
    Muck: HandState._do_show_or_muck,
    DealHole: HandState._do_deal_hole,
    DealBoard: HandState._do_deal_board,
    ExposeCard: HandState._do_expose,
    ReplaceExposed: HandState._do_replace,
    RunIt: HandState._do_run_it,
}
# the check of each kind of action (check_action: a seat, if the action
# names one, must be at this hand; then the rules of the step)
_CHECKS: dict[type, Callable[[Hand, Any], None]] = {
    **dict.fromkeys(_BETTING_KINDS, refusals.check_betting),
    Show: showdown.check_show_or_muck,
    Muck: showdown.check_show_or_muck,
    DealHole: refusals.check_deal,
    DealBoard: refusals.check_deal,
    ReplaceExposed: refusals.check_deal,
    ExposeCard: refusals.check_expose,
    RunIt: refusals.check_run_it,
}


_AUTO_EVENTS = (
    PostAnte, PostBlind, PostDead, ReturnUncalled, ShowAllIn, Misdeal, AwardPot,
    BoardRun,
)  # fmt: skip
_AUTO_KINDS = frozenset(_AUTO_EVENTS)
_ACTION_KINDS = _BETTING_KINDS | {Show, Muck, DealHole, DealBoard, ExposeCard}
_ACTION_KINDS |= {ReplaceExposed, RunIt}
