"""One hand for a learning environment: dealt from the environment's RNG.

Chance stays outside the rules (R-DEAL-4): the environment owns a
``random.Random`` seeded by its ``reset(seed)``, orders a ``Deck`` with it and
lets the engine take the dealer's steps from that deck. Players see the hand
only through ``HandState.view(seat)`` (R-HISTORY-1).

At showdown every seat still in shows (R-SHOW-2 lets a beaten hand muck; an
environment's agents have no muck action, and the ACPC protocol shows every
hand that reaches showdown too).

>>> import random
>>> from holdem.rules import GameConfig
>>> state, deck = start_hand(GameConfig(), (100, 100), random.Random(1))
>>> state.phase, state.to_act
(<Phase.BETTING: 'betting'>, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from holdem.cards import Deck
from holdem.engine import HandState, Phase, run_dealer
from holdem.errors import InvalidInputError
from holdem.rules.actions import DEALER, Show
from holdem.rules.config import GameConfig

__all__ = ["MAX_RL_SEATS", "advance", "check_table", "start_hand"]

MAX_RL_SEATS = 10
"""The most seats an environment deals to (the issue's 2 to 10)."""

_CARDS_PER_HAND_BEYOND_HOLES = 8  # three burns and five board cards


def check_table(config: GameConfig, stacks: Sequence[int]) -> tuple[int, ...]:
    """Return ``stacks`` as a tuple if an environment can deal this table.

    Args:
        config: the game; any structure, blinds, antes and straddles.
        stacks: chips per seat at the start of every hand, seat 0 first (the
            button's left; the last seat is the button).

    Raises:
        InvalidInputError: for a config that is not a ``GameConfig``, jokers
            (the environments' card encodings hold the 52 standard cards,
            R-DECK-1), fewer than 2 or more than 10 seats, or stacks that are
            not positive whole chips (R-TABLE-7).
    """
    if type(config) is not GameConfig:
        raise InvalidInputError(f"config must be a GameConfig, got {config!r:.60}")
    if config.jokers:
        raise InvalidInputError(
            f"the environments deal the 52 standard cards (R-DECK-1); got a deck"
            f" with {config.jokers} joker(s): use GameConfig(jokers=0)"
        )
    if not isinstance(stacks, (list, tuple)):
        raise InvalidInputError(
            f"stacks are a list or tuple of chips per seat, got {stacks!r:.60}"
        )
    if not 2 <= len(stacks) <= MAX_RL_SEATS:
        raise InvalidInputError(
            f"an environment deals to 2 to {MAX_RL_SEATS} seats, got {len(stacks)}"
        )
    for seat, chips in enumerate(stacks):
        if type(chips) is not int or chips <= 0:
            raise InvalidInputError(
                f"the stack of seat {seat} must be a positive whole number of"
                f" chips (R-TABLE-7), got {chips!r:.40}"
            )
    return tuple(stacks)


def start_hand(
    config: GameConfig,
    stacks: Sequence[int],
    rng: random.Random,
    deck: Deck | None = None,
) -> tuple[HandState, Deck]:
    """Post the forced bets, deal from a deck ordered by ``rng``, and advance.

    Args:
        config: the game (blinds, antes and straddles post as it says).
        stacks: chips per seat, seat 0 first; checked by ``check_table``.
        rng: the environment's random source; it alone orders the deck.
        deck: a deck to deal from instead (a known deal replayed); ``rng``
            is then not drawn on.

    Returns:
        The hand, advanced to the first betting decision (or complete, when
        the forced bets put every seat but one all-in), and its deck.

    Raises:
        InvalidInputError: as ``check_table``.
    """
    stacks = check_table(config, stacks)
    if deck is None:
        deck = Deck.top(rng, 2 * len(stacks) + _CARDS_PER_HAND_BEYOND_HOLES)
    state = HandState(config, list(stacks))
    advance(state, deck)
    return state, deck


def advance(state: HandState, deck: Deck) -> None:
    """Take the dealer's steps and the showdown until a seat bets or the end.

    Every seat still in at showdown shows, in the order R-SHOW-2 asks.
    """
    while True:
        if state.to_act == DEALER:
            run_dealer(state, deck)
        elif state.phase is Phase.SHOWDOWN:
            seat = state.to_act
            assert seat is not None  # a seat shows in turn at showdown
            state.apply(Show(seat))
        else:
            return
