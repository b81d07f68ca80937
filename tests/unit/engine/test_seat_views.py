"""SeatViews: views built as the hand goes on equal the views built afresh."""

from __future__ import annotations

import random

import pytest

from holdem.cards import Deck
from holdem.engine import HandState, Phase, next_dealer_steps, run_dealer
from holdem.engine.view import SeatViews, view_of
from holdem.rules import (
    Bet,
    Call,
    Check,
    DealHole,
    ExposeCard,
    Fold,
    ForcedBets,
    GameConfig,
    Muck,
    Raise,
    Show,
    Structure,
)


def legal_of(state: HandState, seat: int | None):  # type: ignore[no-untyped-def]
    if state.phase is Phase.BETTING and seat is not None and state.to_act == seat:
        return state.legal_actions()
    return None


def check_every_view(state: HandState, views: SeatViews) -> None:
    for seat in (*range(state.seats), None):
        legal = legal_of(state, seat)
        assert views.view(seat, legal) == view_of(state, seat, legal, state.pots)


def random_step(state: HandState, rng: random.Random):  # type: ignore[no-untyped-def]
    seat = state.to_act
    assert seat is not None and seat >= 0
    if state.phase is not Phase.BETTING:
        return Show(seat) if rng.random() < 0.7 else Muck(seat)
    legal = state.legal_actions()
    options = [Check(seat) if legal.can_check else Call(seat)]
    if legal.can_fold and rng.random() < 0.3:
        options.append(Fold(seat))
    if legal.min_raise_to is not None and legal.max_raise_to is not None:
        to = rng.choice((legal.min_raise_to, legal.max_raise_to))
        options.append(Bet(seat, to) if legal.is_bet else Raise(seat, to))
    return rng.choice(options)


@pytest.mark.parametrize("seed", range(40))
def test_R_HISTORY_1_views_built_step_by_step_equal_views_built_afresh(seed):
    rng = random.Random(seed)
    n = rng.randint(2, 7)
    game = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2, ante=seed % 2)
    blinds = [0] * n
    blinds[0], blinds[1 % n] = (1, 2) if n > 2 else (2, 1)
    dead = [0] * n
    if n > 3 and seed % 3 == 0:
        blinds[2], dead[2] = 2, 1  # "post all": a live big blind and a dead small
    forced = ForcedBets(tuple(blinds), (seed % 2,) * n, tuple(dead))
    stacks = [rng.choice((3, 20, 60, 200)) for _ in range(n)]
    state = HandState(game, stacks, forced)
    views = SeatViews(state, lambda: state.pots)
    check_every_view(state, views)
    deck = Deck.shuffled(rng)
    if seed % 5 == 0:  # a card exposed in the deal: a misdeal, dealt again
        state.apply(next_dealer_steps(state, deck)[0])  # seat 0 is dealt
        check_every_view(state, views)
        state.apply(ExposeCard(1))
        check_every_view(state, views)
        deck = Deck.shuffled(rng)
    run_dealer(state, deck)
    while not state.is_complete:
        check_every_view(state, views)
        state.apply(random_step(state, rng))
        run_dealer(state, deck)
    check_every_view(state, views)


def test_a_viewer_sees_a_hand_once_it_is_shown():
    game = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
    state = HandState(game, [100, 100])
    views = SeatViews(state, lambda: state.pots)
    deck = Deck.shuffled(random.Random(3))
    run_dealer(state, deck)
    before = views.view(0, legal_of(state, 0))
    assert before.hole_cards[1] is None
    while state.phase is Phase.BETTING:
        seat = state.to_act
        assert seat is not None
        legal = state.legal_actions()
        state.apply(Check(seat) if legal.can_check else Call(seat))
        run_dealer(state, deck)
    assert state.phase is Phase.SHOWDOWN
    shower = state.to_act
    assert shower is not None
    other = 1 - shower
    assert views.view(other, None).hole_cards[shower] is None
    state.apply(Show(shower))
    after = views.view(other, None)
    assert after.hole_cards[shower] == state.hole_cards[shower]
    dealt = [e for e in after.events if type(e) is DealHole and e.seat == shower]
    assert dealt[0].cards == state.hole_cards[shower]  # the deal, now seen
    assert after == view_of(state, other, None, state.pots)
