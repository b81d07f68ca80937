"""What one seat may see of a hand (R-HISTORY-1)."""

from __future__ import annotations

from dataclasses import dataclass

from holdem.betting.pots import Pot
from holdem.cards import Card
from holdem.engine.events import LegalActions, Phase, Street
from holdem.engine.hand import Event, Hand
from holdem.rules.actions import DealBoard, DealHole

__all__ = ["SeatView", "view_of"]


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


def _hide(event: Event, visible: list[tuple[Card, ...] | None]) -> Event:
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
