"""Blind levels and stakes (R-TABLE-3, R-BLIND-2), pinned after the mutation run.

A level's bet sizes follow its blinds (``BlindLevel.game``: the minimum bet
and the fixed-limit bets are the level's big blind and twice it, whatever the
base said); a level refuses blinds the wrong way round; the refusals name
their rule and the value at fault.
"""

from __future__ import annotations

import random

import pytest

from holdem.errors import InvalidInputError, TableError
from holdem.rules import GameConfig, Structure
from holdem.table import BlindLevel, LevelClock, Table, TableConfig
from holdem.table.config import check_level_lengths, schedule_index


def test_R_TABLE_3_a_levels_bet_sizes_follow_its_big_blind() -> None:
    no_limit = GameConfig(small_blind=1, big_blind=2, min_bet=4)
    assert BlindLevel(50, 100).game(no_limit).min_bet == 100
    fixed = GameConfig(
        Structure.FIXED_LIMIT, small_blind=1, big_blind=2, small_bet=4, big_bet=8
    )
    game = BlindLevel(50, 100).game(fixed)
    assert (game.small_bet, game.big_bet) == (100, 200)


def test_R_BLIND_2_a_level_refuses_a_small_blind_above_the_big_blind() -> None:
    assert BlindLevel(100, 100).big_blind == 100  # equal blinds are allowed
    with pytest.raises(InvalidInputError) as info:
        BlindLevel(101, 100)
    assert info.value.rule == "R-BLIND-2"
    assert str(info.value) == "small blind 101 is above the big blind 100 [R-BLIND-2]"
    with pytest.raises(InvalidInputError, match=r"^small_blind must be non-negative"):
        BlindLevel(-1, 100)


@pytest.mark.parametrize(
    ("level_by", "unit"), [(LevelClock.HANDS, "hands"), (LevelClock.TIME, "minutes")]
)
def test_R_TABLE_3_a_level_without_its_length_is_named(level_by, unit) -> None:
    with pytest.raises(InvalidInputError) as info:
        check_level_lengths([BlindLevel(1, 2), BlindLevel(2, 4)], level_by)
    assert info.value.rule == "R-TABLE-3"
    assert str(info.value).startswith(f"level 1 has no length in {unit} ")


def test_R_TABLE_3_a_schedule_needs_a_level() -> None:
    with pytest.raises(InvalidInputError) as info:
        schedule_index([], 0)
    assert str(info.value) == "a schedule needs at least one level [R-TABLE-3]"


def test_R_TABLE_3_stakes_change_between_hands_and_never_to_straddles() -> None:
    table = Table(TableConfig(GameConfig(), seat_count=2), rng=random.Random(1))
    table.join(1, "S1", 200)
    table.join(2, "S2", 200)
    straddled = GameConfig(straddles=1)
    with pytest.raises(TableError) as info:
        table.set_stakes(straddled)
    assert str(info.value) == "straddles are the players' choice [R-STRADDLE-1]"
    table.start_hand(button=1)
    with pytest.raises(TableError) as info:
        table.set_stakes(GameConfig(small_blind=2, big_blind=4))
    assert str(info.value) == "the stakes change between hands only [R-TABLE-3]"


def test_a_player_who_is_not_sitting_out_cannot_come_back() -> None:
    table = Table(TableConfig(GameConfig(), seat_count=2), rng=random.Random(1))
    table.join(1, "S1", 200)
    with pytest.raises(TableError) as info:
        table.come_back(1)
    assert str(info.value) == "seat 1 (S1) is not sitting out"
