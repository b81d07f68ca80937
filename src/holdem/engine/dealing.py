"""The dealer's hands: turn a ``Deck`` into the dealer steps a hand asks for.

The engine never shuffles; the table orders a ``Deck`` with an injected RNG
(R-DEAL-4) and these functions take cards from its top in the order of a real
deal: one card at a time clockwise from the button's left, twice round
(R-DEAL-1), and a burn before the flop, the turn and the river (R-DEAL-2).
"""

from __future__ import annotations

from holdem.cards import Deck
from holdem.engine.hand import live_board
from holdem.engine.state import HandState
from holdem.errors import StateError
from holdem.rules.actions import DEALER, DealBoard, DealerStep, DealHole, ReplaceExposed

__all__ = ["next_dealer_steps", "run_dealer"]


def next_dealer_steps(state: HandState, deck: Deck) -> tuple[DealerStep, ...]:
    """The dealer steps due now, with cards taken from ``deck``.

    Returns:
        All hole-card deals at once (dealt round by round, so seat 0 gets the
        first and the ``n+1``-th card), or the replacement of an exposed card,
        or the next board street with its burn card; ``()`` if the dealer is
        not to act.

    Raises:
        InvalidInputError: if the deck runs out.
        StateError: after a misdeal, if ``deck`` has already dealt cards:
            the cards must be gathered and reshuffled (R-MISDEAL-1).
    """
    if state.to_act != DEALER:
        return ()
    if state.needs_new_deck and _dealt_from(deck):
        raise StateError(
            "misdeal: the cards must be gathered and reshuffled; deal again from"
            " a new deck, not the one the void deal came from [R-MISDEAL-1]",
            rule="R-MISDEAL-1",
        )
    n = state.seats
    dealt = state._dealt
    if dealt < n:
        remaining = n - dealt
        first = deck.deal(remaining)
        second = deck.deal(remaining)
        return tuple(
            [DealHole(dealt + i, (first[i], second[i])) for i in range(remaining)]
        )
    if state._exposed:
        return (ReplaceExposed(deck.deal(1)[0]),)
    if not state.board and state.burns:
        # R-MISDEAL-2: the exposed hole card was the burn before the flop
        return (DealBoard(deck.deal(3)),)
    burn = deck.deal(1)[0]
    # the board under way: a later run's once the board is run again (R-RIT-1)
    size = 3 if not live_board(state) else 1
    return (DealBoard(deck.deal(size), burn),)


def _dealt_from(deck: Deck) -> int:
    """How many cards ``deck`` has dealt (0 for a freshly ordered deck)."""
    return len(deck._cards) - len(deck)


def run_dealer(state: HandState, deck: Deck) -> None:
    """Apply dealer steps from ``deck`` until a player is to act or the hand ends.

    Each step goes through ``state.apply`` (its check, then the step).

    Raises:
        StateError: after a misdeal, when ``deck`` is the old deck (it has
            dealt cards already): reshuffle first (R-MISDEAL-1).
        InvalidInputError: if the deck runs out.
    """
    apply = state.apply
    while state.to_act == DEALER:
        for step in next_dealer_steps(state, deck):
            apply(step)
