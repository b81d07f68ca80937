"""Hypothesis strategies and a scripted player for the engine's property tests.

A hand is drawn as a ``HandSetup`` (rules, stacks, forced bets, deck seed) and
played by ``play`` with a list of small integers, ``choices``, that pick each
decision from ``legal_actions()``. When the choices run out every seat checks
or calls and shows, so a shrunk example is short and always finishes.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from hypothesis import strategies as st

from holdem.cards import Deck
from holdem.engine import HandState, LegalActions, Phase, next_dealer_steps
from holdem.rules import (
    DEALER,
    Action,
    ForcedBets,
    GameConfig,
    Muck,
    Show,
    Structure,
)

__all__ = [
    "HandSetup",
    "choices",
    "configs",
    "hand_setups",
    "max_player_actions",
    "pick_action",
    "play",
]

STRUCTURES = tuple(Structure)


@dataclass(frozen=True)
class HandSetup:
    """Everything needed to deal one hand again, exactly the same way."""

    config: GameConfig
    stacks: tuple[int, ...]
    forced: ForcedBets
    seed: int

    @property
    def seats(self) -> int:
        return len(self.stacks)

    def new_state(self) -> HandState:
        return HandState(self.config, self.stacks, self.forced)

    def new_deck(self) -> Deck:
        return Deck.shuffled(random.Random(self.seed))


@st.composite
def configs(
    draw: st.DrawFn, seats: int, structures: Sequence[Structure] = STRUCTURES
) -> GameConfig:
    """A ``GameConfig`` that fits ``seats`` players: blinds, antes, straddles, caps."""
    structure = draw(st.sampled_from(structures))
    big_blind = draw(st.sampled_from((1, 2, 3, 10, 25, 100)))
    small_blind = draw(st.one_of(st.just(big_blind // 2), st.integers(0, big_blind)))
    ante = draw(st.one_of(st.just(0), st.integers(0, big_blind)))
    big_blind_ante = bool(ante) and draw(st.booleans())
    big_blind_seat = 0 if seats == 2 else 1
    straddles = draw(st.integers(0, min(2, seats - 1 - big_blind_seat)))
    min_bet = draw(st.one_of(st.just(0), st.integers(1, 2 * big_blind)))
    raise_cap = draw(st.sampled_from((4, 4, 3, 1, None)))
    return GameConfig(
        structure=structure,
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        big_blind_ante=big_blind_ante,
        straddles=straddles,
        min_bet=min_bet,
        raise_cap=raise_cap,
    )


def _stack_sizes(big_blind: int) -> st.SearchStrategy[int]:
    return st.one_of(
        st.integers(1, 3 * big_blind),  # tiny: all-in on the blind or ante
        st.integers(1, 300 * big_blind),
        st.just(200 * big_blind),
    )


@st.composite
def hand_setups(
    draw: st.DrawFn,
    min_seats: int = 2,
    max_seats: int = 10,
    structures: Sequence[Structure] = STRUCTURES,
) -> HandSetup:
    """A random hand: 2 to 10 seats, any structure, tiny to deep stacks."""
    seats = draw(st.integers(min_seats, max_seats))
    config = draw(configs(seats, structures))
    size = _stack_sizes(config.big_blind)
    if draw(st.booleans()):
        stacks = (draw(size),) * seats
    else:
        stacks = tuple(draw(st.lists(size, min_size=seats, max_size=seats)))
    forced = config.forced_bets(seats)
    if draw(st.integers(0, 7)) == 0:
        # A returning player posts a dead small blind (R-TABLE-6).
        seat = draw(st.integers(0, seats - 1))
        dead = [0] * seats
        dead[seat] = max(1, config.small_blind)
        forced = ForcedBets(forced.blinds_or_straddles, forced.antes, tuple(dead))
    seed = draw(st.integers(0, 2**32 - 1))
    return HandSetup(config, stacks, forced, seed)


choices = st.lists(st.integers(0, 255), max_size=80)
"""Decisions for ``play``: one small integer per decision, consumed in order."""


def pick_action(legal: LegalActions, choice: int) -> Action:
    """Turn one integer into a legal betting action of the seat to act."""
    kind = choice % 8
    if kind == 3 and legal.can_fold:
        return legal.fold()
    if kind >= 4 and legal.min_raise_to is not None and legal.max_raise_to is not None:
        low, high = legal.min_raise_to, legal.max_raise_to
        if kind == 4:
            return legal.raise_to(low)
        if kind == 5:
            return legal.raise_to(high)
        return legal.raise_to(low + (choice // 8) * (high - low) // 31)
    return legal.check_or_call()


def play(
    setup: HandSetup,
    decisions: Sequence[int] = (),
    *,
    after: Callable[[HandState, Action], None] | None = None,
    before: Callable[[HandState], None] | None = None,
    max_steps: int | None = None,
) -> HandState:
    """Play one hand to the end and return its final state.

    Args:
        setup: the hand to deal.
        decisions: one integer per betting or showdown decision; afterwards
            every seat checks or calls, and shows at showdown.
        after: called with the state and the action after every step applied
            (dealer steps one at a time, so invariants hold after each event).
        before: called with the state before every step.
        max_steps: fail if the hand takes more steps (default: a bound from
            ``max_player_actions`` plus the dealer's steps).
    """
    state = setup.new_state()
    deck = setup.new_deck()
    limit = max_steps if max_steps is not None else max_player_actions(setup) + 60
    pending: list[Action] = []
    index = 0
    for _ in range(limit):
        if state.is_complete:
            return state
        if before is not None:
            before(state)
        if state.to_act == DEALER:
            if not pending:
                pending = list(next_dealer_steps(state, deck))
            action: Action = pending.pop(0)
        else:
            seat = state.to_act
            assert seat is not None
            choice = decisions[index] if index < len(decisions) else None
            index += 1
            if state.phase is Phase.SHOWDOWN:
                action = Show(seat)
                if (
                    choice is not None
                    and choice % 4 == 0
                    and state.is_legal(Muck(seat))
                ):
                    action = Muck(seat)
            else:
                legal = state.legal_actions()
                action = (
                    legal.check_or_call()
                    if choice is None
                    else pick_action(legal, choice)
                )
        state.apply(action)
        if after is not None:
            after(state, action)
    raise AssertionError(f"the hand did not end within {limit} steps: {state!r}")


def max_player_actions(setup: HandSetup) -> int:
    """A bound on the player actions of a hand (betting and showdown).

    Every full bet or raise lifts the street's bet by at least the smallest
    bet or fixed-limit unit (R-NL-2, R-FL-1), and each short raise puts its
    maker all-in, so a street holds at most ``chips // unit + seats`` raises;
    after each, at most ``seats - 1`` others act (R-BET-4).
    """
    config = setup.config
    unit = min(config.min_bet, config.small_bet)
    seats = setup.seats
    raises = sum(setup.stacks) // unit + seats
    return 4 * (seats + raises * (seats - 1)) + seats
