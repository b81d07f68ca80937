"""Shared helpers of the rule tests (tests/rules): build a hand from a case.

The cases in ../shared/cases number seats S1, S2, ... clockwise from the
button; the engine numbers them clockwise from the button's left (seat 0 is the
small blind with three or more players, the big blind heads-up, and the last
seat is the button). Each test module maps one to the other with its own tiny
``seat`` function, so the mapping is visible where it is used.

Cards are always explicit: ``stacked_deck`` puts the cases' hole and board
cards where a real deal takes them from (round-robin hole cards from the
button's left, then burn + flop, burn + turn, burn + river), so the showdown
is fixed by the rules and never by chance.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

import pytest

from holdem.cards import Card, Deck, parse_cards
from holdem.engine import AwardPot, HandState, LegalActions, Phase, run_dealer
from holdem.errors import HoldemError, IllegalActionError
from holdem.rules import (
    DEALER,
    Action,
    ForcedBets,
    GameConfig,
    Show,
    Structure,
)

__all__ = [
    "Hand",
    "awards",
    "by_seat",
    "facing_bet",
    "new_hand",
    "nl",
    "option",
    "put_in",
    "refuse",
    "snapshot",
    "stacked_deck",
    "unopened",
]


def stacked_deck(
    seats: int,
    holes: Mapping[int, str] | None = None,
    board: str = "",
    burns: str = "",
) -> Deck:
    """A deck ordered so that a real deal gives these cards to these seats.

    Args:
        seats: players dealt in.
        holes: engine seat -> its two hole cards, e.g. ``{0: "AhKc"}``; other
            seats get filler cards.
        board: up to five board cards in deal order (flop, turn, river).
        burns: up to three burn cards (before flop, turn, river).

    Filler cards (for seats, board or burns not given) are taken from the
    cards left over, lowest first, and the unused rest follows as the stub.
    """
    holes = dict(holes or {})
    hole = {s: parse_cards(text) for s, text in holes.items()}
    board_cards = list(parse_cards(board))
    burn_cards = list(parse_cards(burns))
    used = {c for cards in hole.values() for c in cards}
    used.update(board_cards)
    used.update(burn_cards)
    assert len(used) == sum(map(len, hole.values())) + len(board_cards) + len(
        burn_cards
    ), "a card is given twice"
    filler = iter(
        [Card.from_code(code) for code in range(52) if Card.from_code(code) not in used]
    )
    for s in range(seats):
        if s not in hole:
            hole[s] = (next(filler), next(filler))
    while len(burn_cards) < 3:
        burn_cards.append(next(filler))
    while len(board_cards) < 5:
        board_cards.append(next(filler))
    order = [hole[s][0] for s in range(seats)] + [hole[s][1] for s in range(seats)]
    order += [burn_cards[0], *board_cards[:3], burn_cards[1], board_cards[3]]
    order += [burn_cards[2], board_cards[4]]
    order += list(filler)
    return Deck(order)


@dataclass
class Hand:
    """A hand under test: its state, the stacked deck it is dealt from, and
    the chips at the start (R-POT-4 is checked after every step)."""

    state: HandState
    deck: Deck
    total: int = field(init=False)

    def __post_init__(self) -> None:
        self.total = sum(self.state.starting_stacks)
        self.check_chips()

    def check_chips(self) -> None:
        """R-POT-4: no chip is created or lost, and no stack is negative."""
        state = self.state
        assert all(s >= 0 for s in state.stacks)
        if state.is_complete:
            assert sum(state.stacks) == self.total
        else:
            assert sum(state.stacks) + state.total_pot == self.total

    def deal(self) -> None:
        """Let the dealer deal what is due (hole cards, or the next street(s))."""
        assert self.state.to_act == DEALER, f"the dealer is not to act: {self.state!r}"
        run_dealer(self.state, self.deck)
        self.check_chips()

    def act(self, *actions: Action) -> None:
        """Apply players' actions in order, each after checking it is legal."""
        for action in actions:
            assert self.state.is_legal(action), f"{action} is refused: {self.state!r}"
            self.state.apply(action)
            self.check_chips()

    def order_of_play(self, *actions: Action) -> list[int]:
        """Apply ``actions`` and return the seat to act before each one."""
        order = []
        for action in actions:
            order.append(self.state.to_act)
            self.act(action)
        return order

    def check_down(self) -> list[int]:
        """Everyone checks or calls to the river, then all show; return the
        showdown order (used where a case fixes only the cards and the pot)."""
        state = self.state
        while state.phase is not Phase.SHOWDOWN and not state.is_complete:
            if state.to_act == DEALER:
                self.deal()
            else:
                self.act(state.legal_actions().check_or_call())
        return self.showdown()

    def showdown(self) -> list[int]:
        """Every seat asked at showdown shows; return the seats in that order."""
        order = []
        while self.state.phase is Phase.SHOWDOWN:
            seat = self.state.to_act
            assert seat is not None and seat >= 0
            order.append(seat)
            self.act(Show(seat))
        assert self.state.is_complete
        return order


def new_hand(
    config: GameConfig,
    stacks: list[int],
    holes: Mapping[int, str] | None = None,
    board: str = "",
    *,
    burns: str = "",
    forced: ForcedBets | None = None,
) -> Hand:
    """Post the forced bets and deal the hole cards; stop at the first decision."""
    state = HandState(config, stacks, forced)
    hand = Hand(state, stacked_deck(len(stacks), holes, board, burns))
    hand.deal()
    return hand


def nl(small_blind: int, big_blind: int, **options: object) -> GameConfig:
    """A no-limit config named by its blinds (R-BLIND-3)."""
    return GameConfig(
        structure=Structure.NO_LIMIT,
        small_blind=small_blind,
        big_blind=big_blind,
        **options,  # type: ignore[arg-type]
    )


def facing_bet(
    seat: int, call: int, raise_to: tuple[int, int] | None = None
) -> LegalActions:
    """Legal actions of a seat facing a bet: fold, call ``call`` chips, and a
    raise to ``raise_to`` (min, max street totals) or no raise at all."""
    low, high = raise_to if raise_to is not None else (None, None)
    return LegalActions(
        seat=seat,
        can_fold=True,
        can_check=False,
        call_amount=call,
        min_raise_to=low,
        max_raise_to=high,
        is_bet=False,
    )


def option(
    seat: int, raise_to: tuple[int, int] | None, *, can_fold: bool = True
) -> LegalActions:
    """A blind's option: check, or raise the blinds (a raise, not a bet); a
    fold is allowed unless the table refuses it (R-BET-1 house option)."""
    low, high = raise_to if raise_to is not None else (None, None)
    return LegalActions(
        seat=seat,
        can_fold=can_fold,
        can_check=True,
        call_amount=0,
        min_raise_to=low,
        max_raise_to=high,
        is_bet=False,
    )


def unopened(
    seat: int, bet: tuple[int, int] | None, *, can_fold: bool = True
) -> LegalActions:
    """No bet yet on the street: check, or bet ``bet`` (min, max); a fold is
    allowed unless the table refuses it (R-BET-1 house option)."""
    low, high = bet if bet is not None else (None, None)
    return LegalActions(
        seat=seat,
        can_fold=can_fold,
        can_check=True,
        call_amount=0,
        min_raise_to=low,
        max_raise_to=high,
        is_bet=True,
    )


def snapshot(state: HandState) -> tuple[object, ...]:
    """Everything a refused action must leave exactly as it was."""
    legal = state.legal_actions() if state.phase is Phase.BETTING else None
    return (
        tuple(state.events),
        tuple(state.stacks),
        tuple(state.committed),
        tuple(state.contributed),
        state.to_act,
        state.phase,
        state.street,
        tuple(state.hole_cards),
        tuple(state.board),
        tuple(state.burns),
        tuple(state.folded),
        tuple(state.shown),
        tuple(state.mucked),
        state.misdeals,
        state.pots,
        legal,
    )


def refuse(
    state: HandState,
    action: Action,
    error: type[HoldemError] = IllegalActionError,
    rule: str | None = None,
) -> HoldemError:
    """Assert ``action`` is refused with ``error`` citing ``rule``, that the
    message says what is legal, and that the state did not change at all."""
    before = snapshot(state)
    assert not state.is_legal(action)
    with pytest.raises(error):
        state.check_action(action)
    with pytest.raises(error) as info:
        state.apply(action)
    assert snapshot(state) == before
    err = info.value
    message = str(err)
    if rule is not None:
        assert f"[{rule}]" in message, message
        assert err.rule == rule, message  # what a program reads
    if isinstance(err, IllegalActionError) and state.phase is Phase.BETTING:
        legal = state.legal_actions()
        assert err.legal == legal
        assert f"Legal: {legal}" in message, message
    return err


def put_in(state: HandState) -> list[int]:
    """Chips each seat has put in this hand so far (antes included): its
    starting stack less its stack now (before any pot is awarded)."""
    return [s0 - s for s0, s in zip(state.starting_stacks, state.stacks, strict=True)]


def awards(state: HandState) -> list[AwardPot]:
    """The pots awarded, main pot first."""
    return [e for e in state.events if isinstance(e, AwardPot)]


def by_seat(values: Mapping[int, object], to_seat) -> list:
    """Values given per case seat (``{1: 540, 2: 485}`` for S1, S2) as a list
    indexed by engine seat, ``to_seat`` mapping a case seat number to it."""
    out: list = [None] * len(values)
    for k, value in values.items():
        out[to_seat(k)] = value
    return out
