"""HandState's refusals of bad input: a clear InvalidInputError saying what
was wrong and what was given (STYLE: bad input changes nothing and says what
is legal), pinned where the full mutation run of 2026-11-30 found them
loose."""

from __future__ import annotations

import pytest

from holdem.engine import HandState
from holdem.errors import InvalidInputError
from holdem.rules import ForcedBets, GameConfig


@pytest.mark.parametrize(
    ("config", "stacks", "message"),
    [
        ("x", [100, 100], "config must be a GameConfig, got 'x'"),
        (None, [100, 100], "config must be a GameConfig, got None"),
        (
            GameConfig(),
            "abc",
            "stacks are a list or tuple of chips per seat, got 'abc'",
        ),
        (GameConfig(), 5, "stacks are a list or tuple of chips per seat, got 5"),
    ],
)
def test_hand_state_refuses_a_bad_config_or_stacks_saying_what_it_got(
    config, stacks, message
):
    with pytest.raises(InvalidInputError) as info:
        HandState(config, stacks)
    assert str(info.value) == message


def test_R_BLIND_1_stacks_may_be_a_tuple():
    """Stacks are a list or a tuple of chips: a tuple is taken as a list
    would be (the blinds 1 and 2 posted, R-BLIND-1)."""
    state = HandState(GameConfig(), (100, 100, 100))
    assert state.stacks == [99, 98, 100]
    assert state.starting_stacks == (100, 100, 100)


def test_hand_state_refuses_forced_bets_of_another_type_saying_what_it_got():
    with pytest.raises(InvalidInputError) as info:
        HandState(GameConfig(), [100, 100], "x")  # type: ignore[arg-type]
    assert str(info.value) == "forced must be ForcedBets or None, got 'x'"


_SEATS = (
    "a hand needs 2 to 22 seats (two hole cards each, five board cards and"
    " three burns from 52), got {}"
)


def test_R_DECK_1_twenty_two_seats_use_the_whole_deck():
    """R-DECK-1, R-DEAL-1..3: 52 cards hold 22 x 2 hole cards, 5 board cards
    and 3 burns exactly: 22 seats may play a hand, 23 or 1 may not."""
    assert HandState(GameConfig(), [100] * 22).seats == 22
    for n in (23, 1):
        with pytest.raises(InvalidInputError) as info:
            HandState(GameConfig(), [100] * n)
        assert str(info.value) == _SEATS.format(n)


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        # heads-up the button is engine seat 1, the big blind seat 0
        ([100, 0], "the stack of engine seat 1 (the button) must be positive, got 0"),
        (
            [-5, 100, 100],
            "the stack of engine seat 0 (first left of the button) must be"
            " positive, got -5",
        ),
        (
            [100, 100, 1.5, 100],
            "the stack of engine seat 2 (3rd left of the button) must be a whole"
            " number of chips (int), got 1.5",
        ),
        (
            [100, True],
            "the stack of engine seat 1 (the button) must be a whole number of"
            " chips (int), got True",
        ),
    ],
)
def test_hand_state_refuses_a_bad_stack_naming_the_seat_and_value(stacks, message):
    with pytest.raises(InvalidInputError) as info:
        HandState(GameConfig(), stacks)
    assert str(info.value) == message


def test_hand_state_takes_the_smallest_and_largest_stacks():
    """A stack of 1 chip (heads-up the big blind, all-in for part of it,
    R-TABLE-2, R-ALLIN-BLIND) and one of MAX_CHIPS (the button posts the
    small blind, 1) are both whole positive stacks."""
    from holdem.engine.state import MAX_CHIPS

    state = HandState(GameConfig(), [1, MAX_CHIPS])
    assert state.stacks == [0, MAX_CHIPS - 1]
    assert state.all_in == [True, False]


def test_hand_state_refuses_forced_bets_for_another_number_of_seats():
    forced = ForcedBets((1, 2, 0), (0, 0, 0), (0, 0, 0))
    with pytest.raises(InvalidInputError) as info:
        HandState(GameConfig(), [100, 100], forced)
    assert str(info.value) == "forced bets name 3 seats, the hand has 2"


def test_a_new_hand_has_no_aggressor_no_run_out_and_needs_no_new_deck():
    """Before any action nobody has bet or raised (R-SHOW-2 reads the last
    aggressor), no run-out has begun (R-BET-5) and no misdeal asks for a
    new deck (R-MISDEAL-1): None, False and False."""
    state = HandState(GameConfig(), [100, 100, 100])
    assert state.last_aggressor is None
    assert state.runout is False
    assert state.needs_new_deck is False
