"""What one seat may see of a hand (R-HISTORY-1)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import sub

from holdem.betting.pots import Pot
from holdem.cards import Card
from holdem.engine.events import (
    LegalActions,
    Phase,
    PostAnte,
    PostBlind,
    PostDead,
    ReturnUncalled,
    Street,
)
from holdem.engine.hand import Event, Hand
from holdem.rules.actions import Bet, Call, Check, DealBoard, DealHole, Fold, Raise

__all__ = ["SeatView", "SeatViews", "in_posting_order", "view_of"]


@dataclass(frozen=True, slots=True)
class SeatView:
    """A seat's view of the hand: other players' hole cards stay hidden.

    Attributes:
        seat: the viewing seat, or ``None`` for a spectator.
        phase: the hand's phase.
        street: the current street.
        to_act: seat to act, ``DEALER`` (-1), or ``None`` when complete.
        hole_cards: per seat, the cards this viewer may see: its own, and
            others' only once shown at showdown (R-SHOW-2, R-SHOW-3).
        board: the board cards dealt so far.
        stacks: chips behind per seat.
        committed: chips bet on this street per seat, not yet in a pot.
        pots: main pot first, then side pots (chips from earlier streets).
        folded: whether each seat has folded.
        legal: the viewer's legal actions when it is to act, else ``None``.
        events: the event log with hidden hole cards replaced by ``None``.
    """

    seat: int | None
    phase: Phase
    street: Street
    to_act: int | None
    hole_cards: tuple[tuple[Card, ...] | None, ...]
    board: tuple[Card, ...]
    stacks: tuple[int, ...]
    committed: tuple[int, ...]
    pots: tuple[Pot, ...]
    folded: tuple[bool, ...]
    legal: LegalActions | None
    events: tuple[Event, ...]


def _hide(event: Event, visible: Sequence[tuple[Card, ...] | None]) -> Event:
    """The event as a viewer sees it: no unseen hole cards, no burn cards."""
    if type(event) is DealHole and visible[event.seat] is None:
        return DealHole(event.seat, None)
    if type(event) is DealBoard and event.burn is not None:
        return DealBoard(event.cards)  # burn cards are never shown (R-DEAL-2)
    return event


def view_of(
    state: Hand,
    seat: int | None,
    legal: LegalActions | None,
    pots: tuple[Pot, ...],
    *,
    with_mucked: bool = False,
) -> SeatView:
    """Build ``seat``'s view of ``state`` (``None``: a spectator's view).

    ``legal`` is the viewer's legal actions when it is to act, and ``pots``
    the hand's pots, both as ``HandState`` answers them.

    With ``with_mucked``, hands mucked at showdown are shown too: the hand
    history a player dealt in may ask for after the hand (R-HISTORY-1).
    """
    shown, mucked = state.shown, state.mucked
    visible = [
        cards if (s == seat or shown[s] or (with_mucked and mucked[s])) else None
        for s, cards in enumerate(state.hole_cards)
    ]
    events = tuple(_hide(e, visible) for e in state.events)
    return SeatView(
        seat,
        state.phase,
        state.street,
        state.to_act,
        tuple(visible),
        tuple(state.board),
        tuple(state.stacks),
        tuple(state.committed),
        pots,
        tuple(state.folded),
        legal,
        events,
    )


class SeatViews:
    """The seats' views of one hand as it goes on, each built from the last.

    ``view(seat, legal)`` equals ``view_of(state, seat, legal, state.pots)``
    (R-HISTORY-1: others' hole cards hidden until shown) but does less work
    per decision. One log with every hole card and burn card hidden is kept
    up to date, each event hidden once; a viewer's log is a copy of it with
    the deals of the seats it may see put back (its own, and hands shown).
    The pots are asked again only when the phase, the chips gathered from
    earlier streets, the folds or the dead money change.

    Args:
        state: the hand; its events are only ever appended to.
        pots: the hand's pots now, as ``HandState.pots`` answers them.
    """

    __slots__ = (
        "_deals",
        "_events",
        "_hidden",
        "_pots",
        "_pots_key",
        "_pots_of",
        "_seers",
        "_state",
    )

    def __init__(self, state: Hand, pots: Callable[[], tuple[Pot, ...]]) -> None:
        self._state = state
        self._pots_of = pots
        self._events = state.events
        self._hidden: list[Event] = []  # the log with no hole card seen
        self._deals: dict[int, list[int]] = {}  # seat -> indexes of its deals
        # viewer -> (the hole cards it sees, indexes of the deals it sees),
        # kept while only events that show no card are appended
        self._seers: dict[int | None, tuple[_Visible, list[int]]] = {}
        self._pots_key: object = None
        self._pots: tuple[Pot, ...] = ()

    def view(self, seat: int | None, legal: LegalActions | None) -> SeatView:
        """Seat ``seat``'s view now (``None``: a spectator's).

        ``legal`` is the viewer's legal actions when it is to act, as in
        ``view_of``. ``seat`` must be a seat of the hand or ``None``
        (unchecked here).
        """
        state = self._state
        events = state.events
        hidden = self._hidden
        if events is not self._events or len(hidden) > len(events):
            self._events = events  # a new log: hide it afresh
            hidden.clear()
            self._deals.clear()
            self._seers.clear()
        if len(hidden) < len(events):
            self._hide_new(events)
        seer = self._seers.get(seat)
        if seer is None:
            shown = state.shown
            visible = tuple(
                [
                    cards if (s == seat or shown[s]) else None
                    for s, cards in enumerate(state.hole_cards)
                ]
            )
            deals = self._deals
            seer = self._seers[seat] = (
                visible,
                [
                    i
                    for s, c in enumerate(visible)
                    if c is not None
                    for i in deals.get(s, ())
                ],
            )
        visible, patches = seer
        seen = hidden.copy()
        for i in patches:
            seen[i] = events[i]
        committed, folded = tuple(state.committed), tuple(state.folded)
        # the pots hold the chips gathered from earlier streets (put in this
        # hand, less this street's bets): they change only with those, the
        # folds, the dead money or the phase
        gathered = tuple(map(sub, state.contributed, state.committed))
        key = (state.phase, gathered, folded, state.dead)
        if key != self._pots_key:
            self._pots = self._pots_of()
            self._pots_key = key
        return SeatView(
            seat,
            state.phase,
            state.street,
            state.to_act,
            visible,
            tuple(state.board),
            tuple(state.stacks),
            committed,
            self._pots,
            folded,
            legal,
            tuple(seen),
        )

    def _hide_new(self, events: list[Event]) -> None:
        """Hide the events appended since the last view, as nobody sees them."""
        hidden, deals = self._hidden, self._deals
        for i in range(len(hidden), len(events)):
            event = events[i]
            if type(event) not in _SHOW_NO_CARD:
                self._seers.clear()  # what a viewer sees may change
            if type(event) is DealHole:
                deals.setdefault(event.seat, []).append(i)
                hidden.append(DealHole(event.seat, None))
            elif type(event) is DealBoard and event.burn is not None:
                hidden.append(DealBoard(event.cards))  # burns are never shown
            else:
                hidden.append(event)


_Visible = tuple[tuple[Card, ...] | None, ...]
# events after which every seat sees the same hole cards as before
_SHOW_NO_CARD = frozenset(
    (
        Fold,
        Check,
        Call,
        Bet,
        Raise,
        PostAnte,
        PostBlind,
        PostDead,
        ReturnUncalled,
        DealBoard,
    )
)


def in_posting_order(events: Iterable[Event], seats: int) -> list[Event]:
    """A hand's events in the order a reader expects the blinds posted.

    The engine posts the blinds in hand-seat order; heads-up seat 0 is the
    big blind and the button (seat 1) posts the small blind (R-BLIND-1), so
    the big blind's post comes first in the log. Shown to people, the small
    blind's post comes first, as at every other table; the log itself (and
    every history written from it) keeps the engine's order.

    Args:
        events: a hand's events (or a seat's view of them).
        seats: the number of seats in the hand.

    Returns:
        A new list: the same events, heads-up with the first two blind
        posts in small-blind, big-blind order.

    >>> in_posting_order([PostBlind(0, 10), PostBlind(1, 5)], 2)
    [PostBlind(seat=1, chips=5), PostBlind(seat=0, chips=10)]
    """
    out = list(events)
    if seats != 2:
        return out
    for i in range(len(out) - 1):
        first, second = out[i], out[i + 1]
        if type(first) is PostBlind and type(second) is PostBlind:
            if first.seat == 0 and second.seat == 1:
                out[i], out[i + 1] = second, first
            break
    return out
