"""The online model's values: made quickly, still frozen dataclass values."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from holdem.history.online.model import (
    ActionKind,
    Collected,
    OnlineAction,
    OnlineHand,
    OnlineSeat,
    Post,
    PostKind,
)


def test_values_take_their_fields_by_position_keyword_and_default() -> None:
    action = OnlineAction(2, "Alice", ActionKind.RAISE, chips=300, line=14)
    assert (action.street, action.player, action.kind) == (2, "Alice", "raise")
    assert (action.chips, action.is_all_in, action.line) == (300, False, 14)
    assert action.is_implied is False
    assert Post("Bob", PostKind.BIG_BLIND, 10) == Post(
        player="Bob", kind=PostKind.BIG_BLIND, chips=10, is_all_in=False, line=0
    )
    assert Collected("Bob", 25).pot == "pot"
    assert Collected("Bob", 25).run == 1
    assert OnlineSeat(3, "Carol", 1500).is_sitting_out is False


def test_values_stay_frozen_hashable_and_replaceable() -> None:
    seat = OnlineSeat(1, "Alice", 200)
    with pytest.raises(dataclasses.FrozenInstanceError):
        seat.stack = 100  # type: ignore[misc]
    assert hash(seat) == hash(OnlineSeat(1, "Alice", 200))
    assert dataclasses.replace(seat, stack=150) == OnlineSeat(1, "Alice", 150)
    assert repr(seat) == (
        "OnlineSeat(seat=1, player='Alice', stack=200, is_sitting_out=False)"
    )


def test_values_refuse_missing_and_unknown_fields() -> None:
    with pytest.raises(TypeError, match="player"):
        OnlineAction(0)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="pot_size"):
        Collected("Bob", 25, pot_size=3)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        OnlineHand(site="PokerStars")  # type: ignore[call-arg]


def test_values_are_their_class_and_copy_and_pickle_by_their_fields() -> None:
    action = OnlineAction(1, "Alice", ActionKind.BET, 40, True, 9)
    assert type(action) is OnlineAction
    assert isinstance(action, OnlineAction)
    for copied in (copy.copy(action), pickle.loads(pickle.dumps(action))):
        assert type(copied) is OnlineAction
        assert copied == action
        assert copied.is_all_in is True
    post = Post("Bob", PostKind.ANTE, 5, line=3)
    assert copy.deepcopy(post) == post
    assert dataclasses.replace(post, chips=6).chips == 6
    with pytest.raises(dataclasses.FrozenInstanceError):
        post.chips = 7  # type: ignore[misc]
