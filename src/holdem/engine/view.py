"""What one seat may see of a hand (R-HISTORY-1)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from holdem.betting.pots import Pot
from holdem.cards import Card
from holdem.engine.events import LegalActions, Phase, Street
from holdem.engine.hand import Event, Hand
from holdem.rules.actions import DealBoard, DealHole

__all__ = ["SeatView", "SeatViews", "view_of"]


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
    per decision: each new event is hidden once per viewer rather than the
    whole log at every view, and the pots are asked again only when the
    chips gathered, the folds or the phase change. The log is built afresh
    for a viewer whenever what it may see changes (a hand shown, a misdeal).

    Args:
        state: the hand; its events are only ever appended to.
        pots: the hand's pots now, as ``HandState.pots`` answers them.
    """

    __slots__ = ("_events", "_hidden", "_pots", "_pots_key", "_pots_of", "_state")

    def __init__(self, state: Hand, pots: Callable[[], tuple[Pot, ...]]) -> None:
        self._state = state
        self._pots_of = pots
        self._events = state.events
        # viewer -> (the hole cards it saw, the log as it saw it so far)
        self._hidden: dict[
            int | None, tuple[tuple[tuple[Card, ...] | None, ...], list[Event]]
        ] = {}
        self._pots_key: object = None
        self._pots: tuple[Pot, ...] = ()

    def view(self, seat: int | None, legal: LegalActions | None) -> SeatView:
        """Seat ``seat``'s view now (``None``: a spectator's).

        ``legal`` is the viewer's legal actions when it is to act, as in
        ``view_of``. ``seat`` must be a seat of the hand or ``None``
        (unchecked here).
        """
        state = self._state
        shown = state.shown
        visible = tuple(
            [
                cards if (s == seat or shown[s]) else None
                for s, cards in enumerate(state.hole_cards)
            ]
        )
        events = state.events
        if events is not self._events:  # a new log: start every viewer afresh
            self._events = events
            self._hidden.clear()
        cached = self._hidden.get(seat)
        if cached is None or cached[0] != visible or len(cached[1]) > len(events):
            hidden = [_hide(e, visible) for e in events]
            self._hidden[seat] = (visible, hidden)
        else:
            hidden = cached[1]
            done = len(hidden)
            if done < len(events):
                hidden.extend([_hide(e, visible) for e in events[done:]])
        committed, folded = tuple(state.committed), tuple(state.folded)
        key = (state.phase, tuple(state.contributed), committed, folded, state.dead)
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
            tuple(hidden),
        )
