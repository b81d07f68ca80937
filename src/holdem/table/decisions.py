"""What the table asks a player, the answers before the deal, and a seat's view.

Every decision of a hand goes through one protocol: the running hand names
the ``Decision`` it waits for (a seat and its kind) and takes the answer with
``apply``. Before the deal the answers are the values of this module; then
they are the engine's actions (``Fold``, ``Check``, ``Call``, ``Bet``,
``Raise``, ``Show``, ``Muck``) with the table's seat numbers.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import StrEnum

from holdem.engine import LegalActions, SeatView
from holdem.rules.actions import (
    Bet,
    Call,
    Check,
    Fold,
    Muck,
    PlayerAction,
    Raise,
    Show,
)

__all__ = [
    "ChooseRuns",
    "DeclineStraddle",
    "Decision",
    "DecisionKind",
    "PostToPlay",
    "PreDealAction",
    "Straddle",
    "TableAction",
    "TableView",
    "WaitForBigBlind",
    "reads_hand",
    "reads_view",
    "with_seat",
]


class DecisionKind(StrEnum):
    """What a player is asked.

    ``POST_OR_WAIT``: a new player may post a big blind (live) to be dealt in
    now, or wait for the big blind (R-TABLE-5). ``POST_ALL_OR_WAIT``: a
    player marked as having missed blinds may post them all ("post all"):
    the big blind live and the small blind dead after a missed big blind,
    the small blind dead alone (``live`` 0) when only it was missed; or wait
    for the big blind (R-TABLE-6).
    ``STRADDLE``: post a straddle or not (R-STRADDLE-1). ``BET``: a betting
    decision (``legal`` says what is allowed). ``SHOWDOWN``: show or muck
    a losing hand (R-SHOW-2; hands that must show or win are turned up
    without asking, R-SHOW-4). ``RUNS``: how many times to run the rest of
    the board, 1 up to ``runs`` (R-RIT-1).
    """

    POST_OR_WAIT = "post-or-wait"
    POST_ALL_OR_WAIT = "post-all-or-wait"
    STRADDLE = "straddle"
    BET = "bet"
    SHOWDOWN = "showdown"
    RUNS = "runs"


_BET, _SHOWDOWN = DecisionKind.BET, DecisionKind.SHOWDOWN


@dataclass(frozen=True, slots=True)
class Decision:
    """The decision a running hand waits for.

    Attributes:
        seat: the table seat (1..seat_count) that decides.
        kind: what is asked.
        legal: for ``BET``, the legal actions with the table seat; else
            ``None``.
        live: chips posted as a live bet if the player posts or straddles
            (the big blind, or the straddle); 0 for ``BET`` and ``SHOWDOWN``,
            and for a "post all" of a missed small blind alone.
        dead: chips posted as dead money with it (the small blind of "post
            all"; R-TABLE-6); else 0.
        can_muck: for ``SHOWDOWN``, whether the seat may muck; the first to
            show, and the last claimant of a pot, must show (R-SHOW-2).
        runs: for ``RUNS``, the most runs the house allows (R-RIT-1); else 0.
    """

    seat: int
    kind: DecisionKind
    legal: LegalActions | None = None
    live: int = 0
    dead: int = 0
    can_muck: bool = False
    runs: int = 0


@dataclass(frozen=True, slots=True)
class PostToPlay:
    """Post now to be dealt in: a big blind, or "post all" (R-TABLE-5, -6)."""

    seat: int


@dataclass(frozen=True, slots=True)
class WaitForBigBlind:
    """Sit this hand out and come in when the big blind reaches the seat."""

    seat: int


@dataclass(frozen=True, slots=True)
class Straddle:
    """Post the straddle offered (R-STRADDLE-1)."""

    seat: int


@dataclass(frozen=True, slots=True)
class DeclineStraddle:
    """Do not straddle (R-STRADDLE-1)."""

    seat: int


@dataclass(frozen=True, slots=True)
class ChooseRuns:
    """How many times the player all-in wants the board run (R-RIT-1).

    Attributes:
        seat: the table seat that answers.
        runs: 1 up to the ``runs`` the decision offers; the board is run as
            many times as every player left agrees on, else once.
    """

    seat: int
    runs: int


PreDealAction = PostToPlay | WaitForBigBlind | Straddle | DeclineStraddle
TableAction = PreDealAction | ChooseRuns | PlayerAction
"""An answer to a ``Decision``, with the table's seat number."""


@dataclass(frozen=True, slots=True)
class TableView:
    """What one seat may know when it decides (R-HISTORY-1).

    Attributes:
        seat: the viewer's table seat.
        hand_number: the table's count of hands, 1 for the first.
        button: the button's table seat (it may be an empty seat; R-TABLE-4).
        big_blind: the big blind's table seat.
        stack: the viewer's chips behind now.
        decision: the decision asked of the viewer, or ``None``.
        seats: table seat of each hand seat (hand seat 0 is the button's
            left), or ``()`` before the deal.
        hand_seat: the viewer's hand seat, or ``None`` if not dealt in.
        hand: the engine's view for the viewer's hand seat (others' hole
            cards hidden until shown), or ``None`` before the deal, and
            for a bot whose class says it does not read it
            (``reads_hand``).
    """

    seat: int
    hand_number: int
    button: int
    big_blind: int
    stack: int
    decision: Decision | None
    seats: tuple[int, ...] = ()
    hand_seat: int | None = None
    hand: SeatView | None = None


_new_object = object.__new__
DECISION_SETTERS = tuple(
    getattr(Decision, name).__set__
    for name in ("seat", "kind", "legal", "live", "dead", "can_muck", "runs")
)
"""Setters of ``Decision``'s slots, in field order: the hot path of a
simulation builds a Decision per step without the dataclass's ``__init__``
(``object.__new__``, then each setter; equal to the constructor's)."""
VIEW_SETTERS = tuple(
    getattr(TableView, name).__set__
    for name in (
        "seat",
        "hand_number",
        "button",
        "big_blind",
        "stack",
        "decision",
        "seats",
        "hand_seat",
        "hand",
    )
)
"""Setters of ``TableView``'s slots, in field order (as ``DECISION_SETTERS``)."""


def showdown_decision(seat: int, can_muck: bool) -> Decision:
    """``Decision(seat, DecisionKind.SHOWDOWN, can_muck=can_muck)``, built directly.

    >>> showdown_decision(2, True) == Decision(2, DecisionKind.SHOWDOWN, can_muck=True)
    True
    """
    s_seat, s_kind, s_legal, s_live, s_dead, s_muck, s_runs = DECISION_SETTERS
    decision = _new_object(Decision)
    s_seat(decision, seat)
    s_kind(decision, _SHOWDOWN)
    s_legal(decision, None)
    s_live(decision, 0)
    s_dead(decision, 0)
    s_muck(decision, can_muck)
    s_runs(decision, 0)
    return decision


def reads_hand(bot: object) -> bool:
    """Whether the table builds ``view.hand`` for ``bot``: it may read it.

    False only when the bot's own class (not a base class) sets
    ``reads_hand = False``: a subclass may override ``bet`` and read the
    hand, so it is given the whole view unless it says otherwise.

    >>> from holdem.table import CallingStationBot, TightAggressiveBot
    >>> reads_hand(CallingStationBot()), reads_hand(TightAggressiveBot())
    (False, True)
    >>> class Cautious(CallingStationBot): ...
    >>> reads_hand(Cautious())
    True
    """
    return type(bot).__dict__.get("reads_hand", True) is not False


def reads_view(bot: object) -> bool:
    """Whether the table makes a view for ``bot``'s betting and showdown answers.

    False only when the bot's own class (not a base class) sets
    ``reads_view = False``: it then keeps ``BaseBot.decide`` (show at the
    showdown) and bets by ``bet_from(legal)``, which the table asks with the
    hand's legal actions. A subclass may override ``bet`` or ``decide``, so
    it is asked through ``decide`` unless it says otherwise.

    >>> from holdem.table import CallingStationBot, RandomBot, TightAggressiveBot
    >>> import random
    >>> reads_view(RandomBot(random.Random(1))), reads_view(TightAggressiveBot())
    (False, True)
    >>> class Cautious(CallingStationBot): ...
    >>> reads_view(Cautious())
    True
    """
    return type(bot).__dict__.get("reads_view", True) is not False


def with_seat(action: PlayerAction, seat: int) -> PlayerAction:
    """``action`` (a player's action) with hand seat ``seat`` instead.

    The same as ``dataclasses.replace(action, seat=seat)``, built directly
    for the engine's own action types (the hot path of a simulation): the
    table maps its seats to the hand's with it.

    >>> with_seat(Raise(4, 60), 1)
    Raise(seat=1, to=60)
    """
    kind = type(action)
    if kind is Call or kind is Check or kind is Fold or kind is Muck:
        return kind(seat)
    if type(action) is Bet or type(action) is Raise:
        return type(action)(seat, action.to)
    if type(action) is Show:
        return Show(seat, action.cards)
    return dataclasses.replace(action, seat=seat)
