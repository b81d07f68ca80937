"""HandState as an API: errors, copies, replays and per-seat views."""

import random

import pytest

from holdem import parse_cards
from holdem.cards import Deck
from holdem.engine import HandState, Phase, Street, run_dealer
from holdem.errors import BetSizeError, IllegalActionError, NotYourTurnError, StateError
from holdem.rules import DEALER as DEALER_TO_ACT
from holdem.rules import Call, DealBoard, DealHole, Fold, GameConfig, Raise

CONFIG = GameConfig(small_blind=5, big_blind=10)


def snapshot(state: HandState) -> tuple[object, ...]:
    return (
        list(state.events),
        list(state.stacks),
        list(state.committed),
        list(state.contributed),
        state.to_act,
        state.phase,
        state.current_bet,
        list(state.folded),
    )


def dealt_hand(seats: int = 4, seed: int = 1) -> HandState:
    state = HandState(CONFIG, [1000] * seats)
    run_dealer(state, Deck.shuffled(random.Random(seed)))
    return state


def test_R_BLIND_4_blinds_are_posted_as_live_bets() -> None:
    state = HandState(CONFIG, [1000] * 4)
    assert state.committed == [5, 10, 0, 0]
    assert state.stacks == [995, 990, 1000, 1000]
    assert state.to_act == DEALER_TO_ACT and state.phase is Phase.DEALING


def test_R_NL_2_refusal_names_rule_legal_options_and_changes_nothing() -> None:
    state = dealt_hand()
    before = snapshot(state)
    with pytest.raises(BetSizeError) as info:
        state.apply(Raise(2, 15))
    message = str(info.value)
    assert "minimum is 20" in message and "[R-NL-2]" in message
    assert "call 10" in message and "raise to 20..1000" in message
    assert info.value.rule == "R-NL-2"
    assert info.value.legal == state.legal_actions()
    assert snapshot(state) == before


def test_R_BET_2_out_of_turn_is_refused_and_changes_nothing() -> None:
    state = dealt_hand()
    before = snapshot(state)
    with pytest.raises(NotYourTurnError, match="seat 2's turn"):
        state.apply(Call(3))
    assert snapshot(state) == before


def test_player_action_while_dealer_is_to_act_is_refused() -> None:
    state = HandState(CONFIG, [1000] * 3)
    with pytest.raises(IllegalActionError, match="deal hole cards to seat 0"):
        state.apply(Fold(2))


def test_R_DEAL_1_hole_cards_go_in_seat_order() -> None:
    state = HandState(CONFIG, [1000] * 3)
    with pytest.raises(NotYourTurnError, match="seat 0 next"):
        state.apply(DealHole(1, parse_cards("AsKs")))
    state.apply(DealHole(0, parse_cards("AsKs")))
    with pytest.raises(IllegalActionError, match="As was already dealt"):
        state.apply(DealHole(1, parse_cards("AsQd")))


def test_complete_hand_refuses_everything() -> None:
    state = dealt_hand(seats=2)
    state.apply(Fold(1))  # heads-up: the button (seat 1) acts first pre-flop
    assert state.is_complete and state.payoffs == (5, -5)
    with pytest.raises(StateError):
        state.apply(DealBoard(parse_cards("2c3c4c")))


def test_copy_is_independent() -> None:
    state = dealt_hand()
    other = state.copy()
    other.apply(Call(2))
    assert state.to_act == 2 and other.to_act == 3
    assert state.stacks[2] == 1000 and other.stacks[2] == 990
    assert len(other.events) == len(state.events) + 1


def test_replay_of_event_log_gives_the_same_log() -> None:
    state = dealt_hand(seats=3, seed=4)
    state.apply(Raise(2, 30))
    state.apply(Call(0))
    state.apply(Fold(1))
    again = HandState.replay(CONFIG, [1000] * 3, state.events)
    assert again.events == state.events
    assert again.street is Street.PREFLOP and again.to_act == DEALER_TO_ACT


def test_R_HISTORY_1_view_hides_other_hole_cards() -> None:
    state = dealt_hand(seats=3)
    view = state.view(1)
    assert view.hole_cards[1] == state.hole_cards[1]
    assert view.hole_cards[0] is None and view.hole_cards[2] is None
    hidden = [e for e in view.events if isinstance(e, DealHole) and e.seat != 1]
    assert all(e.cards is None for e in hidden) and len(hidden) == 2
    assert view.legal is None  # seat 2 is to act, not seat 1
    assert state.view(2).legal == state.legal_actions()


def test_bad_stacks_are_refused() -> None:
    from holdem.errors import InvalidInputError

    for stacks in ([100], [100, 0], [100, -5], [100, 50.0], [100] * 23):
        with pytest.raises(InvalidInputError):
            HandState(CONFIG, stacks)  # type: ignore[arg-type]
