"""HandState's refusals of bad input: a clear InvalidInputError saying what
was wrong and what was given (STYLE: bad input changes nothing and says what
is legal), pinned where the full mutation run of 2026-11-30 found them
loose."""

from __future__ import annotations

import pytest

from holdem.engine import HandState
from holdem.errors import InvalidInputError
from holdem.rules import GameConfig


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
