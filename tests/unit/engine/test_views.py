"""A seat's view and the hand history carry the hand's public state
(R-HISTORY-1): every field equals the hand's own, only cards are hidden."""

import random

import pytest

from holdem.cards import Deck
from holdem.engine import HandState, PostBlind, in_posting_order, run_dealer
from holdem.errors import InvalidInputError, StateError
from holdem.rules import Bet, Call, Fold, GameConfig, Raise

CONFIG = GameConfig(small_blind=5, big_blind=10)


def _hand_on_the_flop() -> HandState:
    """Four players: seat 2 raises to 30, seat 3 folds, seats 0 and 1 call;
    on the flop seat 0 bets 40."""
    state = HandState(CONFIG, [1000] * 4)
    deck = Deck.shuffled(random.Random(11))
    run_dealer(state, deck)
    for action in (Raise(2, 30), Fold(3), Call(0), Call(1)):
        state.apply(action)
    run_dealer(state, deck)
    state.apply(Bet(0, 40))
    return state


@pytest.mark.parametrize("viewer", [0, 1, 2, 3, None])
def test_R_HISTORY_1_view_carries_every_public_field(viewer):
    state = _hand_on_the_flop()
    view = state.view(viewer)
    assert view.seat == viewer
    assert view.phase is state.phase
    assert view.street is state.street
    assert view.to_act == state.to_act == 1
    assert list(view.board) == state.board and len(view.board) == 3
    # R-BET-*: the preflop pot is 3 x 30; seat 0 has bet 40 on the flop.
    assert view.stacks == (930, 970, 970, 1000)
    assert view.committed == (40, 0, 0, 0)
    assert view.pots == state.pots and sum(p.amount for p in view.pots) == 90
    assert view.folded == (False, False, False, True)
    assert view.legal == (state.legal_actions() if viewer == 1 else None)


def test_R_HISTORY_1_view_refuses_a_seat_past_the_last():
    state = _hand_on_the_flop()
    for bad in (4, -1, 7):
        with pytest.raises(InvalidInputError) as info:
            state.view(bad)
        message = str(info.value)
        assert f"no seat {bad} " in message
        assert "engine seats are 0..3 (0 first left of the button, 3 the button)" in (
            message
        )


def test_R_HISTORY_1_hand_history_carries_the_final_state():
    state = _hand_on_the_flop()
    state.apply(Fold(1))
    state.apply(Fold(2))
    assert state.is_complete
    for viewer in range(4):
        history = state.hand_history(viewer)
        assert history.seat == viewer and history.legal is None
        assert history.pots == state.pots == ()
        assert history.stacks == tuple(state.stacks)
        # Seat 0 wins the 90 preflop chips; its 40 flop bet comes back.
        assert history.stacks == (1060, 970, 970, 1000)
        assert history.to_act is None


def test_R_HISTORY_1_hand_history_refusals_say_why():
    state = _hand_on_the_flop()
    with pytest.raises(StateError) as during:
        state.hand_history(0)
    assert "[R-HISTORY-1]" in str(during.value)
    assert during.value.rule == "R-HISTORY-1"
    state.apply(Fold(1))
    state.apply(Fold(2))
    for bad in (4, -1):
        with pytest.raises(InvalidInputError) as info:
            state.hand_history(bad)
        message = str(info.value)
        assert "seats are 0..3" in message and f"got {bad}" in message
        assert "[R-HISTORY-1]" in message


def test_R_BLIND_1_heads_up_the_small_blind_is_shown_posting_first():
    # heads-up the button (hand seat 1) posts the small blind, seat 0 the big
    state = HandState(CONFIG, [1000, 1000])
    assert state.events[:2] == [PostBlind(0, 10), PostBlind(1, 5)]
    shown = in_posting_order(state.events, 2)
    assert shown[:2] == [PostBlind(1, 5), PostBlind(0, 10)]
    assert state.events[:2] == [PostBlind(0, 10), PostBlind(1, 5)]  # untouched
    assert sorted(map(repr, shown)) == sorted(map(repr, state.events))


def test_three_handed_the_posting_order_is_the_engines():
    state = HandState(CONFIG, [1000] * 3)
    assert in_posting_order(state.events, 3) == list(state.events)
    assert state.events[:2] == [PostBlind(0, 5), PostBlind(1, 10)]
