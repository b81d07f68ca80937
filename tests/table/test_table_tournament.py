"""Tournament mode (R-TABLE-3): levels, eliminations, places, one winner."""

from __future__ import annotations

import datetime
import itertools
import random

import pytest

from holdem.errors import InvalidInputError, TableError
from holdem.rules import GameConfig
from holdem.table import (
    BlindLevel,
    CallingStationBot,
    LevelClock,
    RandomBot,
    TableConfig,
    TightAggressiveBot,
    Tournament,
    finishing_places,
)
from holdem.table.config import schedule_index

LEVELS = (
    BlindLevel(5, 10, hands=5),
    BlindLevel(10, 20, hands=5),
    BlindLevel(25, 50, ante=5, hands=10),
    BlindLevel(100, 200, ante=25),
)


def entrants(n: int, stack: int = 500) -> dict[int, tuple[str, int]]:
    return {seat: (f"P{seat}", stack + seat) for seat in range(1, n + 1)}


def test_R_TABLE_3_tournament_plays_to_a_single_winner():
    rng = random.Random(3)
    tournament = Tournament(
        TableConfig(GameConfig(), seat_count=6), LEVELS, entrants(6), rng=rng
    )
    bots = {
        1: RandomBot(random.Random(1)),
        2: CallingStationBot(),
        3: TightAggressiveBot(),
        4: RandomBot(random.Random(4)),
        5: CallingStationBot(),
        6: TightAggressiveBot(),
    }
    seen_levels = []
    while not tournament.is_over:
        record = tournament.play_hand(bots)
        seen_levels.append(record.level)
        assert tournament.table.chips == tournament.total_chips  # no rake
    winner = tournament.play(bots)
    assert winner == tournament.winner
    (last,) = tournament.table.players
    assert last.stack == sum(500 + s for s in range(1, 7))
    assert tournament.places[winner] == 1
    assert sorted(tournament.places) == [f"P{s}" for s in range(1, 7)]
    # levels rise by hands played: 5 hands at level 1, 5 at level 2, ...
    assert seen_levels[:5] == [1] * 5
    assert seen_levels[5:10] == [2] * 5
    assert all(a <= b for a, b in itertools.pairwise(seen_levels))
    with pytest.raises(TableError, match="over"):
        tournament.start_hand()


def test_R_TABLE_3_level_sets_blinds_and_antes():
    tournament = Tournament(
        TableConfig(GameConfig(), seat_count=3),
        (BlindLevel(50, 100, ante=10, hands=1), BlindLevel(100, 200, ante=20)),
        entrants(3, 5000),
        rng=random.Random(1),
    )
    hand = tournament.start_hand(button=1)
    assert hand.state is not None
    assert hand.state.forced.blinds_or_straddles == (50, 100, 0)
    assert hand.state.forced.antes == (10, 10, 10)
    hand.play({s: CallingStationBot() for s in (1, 2, 3)})
    hand2 = tournament.start_hand()
    assert hand2.state is not None and max(hand2.state.forced.antes) == 20
    assert tournament.level == 2


def test_R_TABLE_3_levels_by_time_use_the_clock_passed_in():
    clock = [datetime.datetime(2026, 1, 1, 12, 0)]
    tournament = Tournament(
        TableConfig(GameConfig(), seat_count=3),
        (
            BlindLevel(5, 10, minutes=15),
            BlindLevel(10, 20),
        ),
        entrants(3, 5000),
        level_by=LevelClock.TIME,
        rng=random.Random(1),
        now=lambda: clock[0],
    )
    bots = {s: CallingStationBot() for s in (1, 2, 3)}
    assert tournament.play_hand(bots, button=1).level == 1
    clock[0] += datetime.timedelta(minutes=14, seconds=59)
    assert tournament.play_hand(bots).level == 1
    clock[0] += datetime.timedelta(seconds=1)
    assert tournament.play_hand(bots).level == 2


def test_R_TABLE_3_no_rebuys_no_sitting_out_no_late_joins():
    tournament = Tournament(
        TableConfig(GameConfig(), seat_count=4),
        LEVELS,
        entrants(3),
        rng=random.Random(1),
    )
    table = tournament.table
    with pytest.raises(TableError, match="no top up"):
        table.top_up(1, 10)
    with pytest.raises(TableError, match="no sitting out"):
        table.sit_out(1)
    tournament.play_hand({s: CallingStationBot() for s in (1, 2, 3)}, button=1)
    with pytest.raises(TableError, match="under way"):
        table.join(4, "Late", 500)


def test_places_of_players_out_in_one_hand_by_starting_stack():
    """Two players out in the same hand with three left: the one who started
    the hand with more chips is 4th, the other 5th; equal stacks share."""
    assert finishing_places([("A", 100), ("B", 300)], 3) == {"B": 4, "A": 5}
    assert finishing_places([("A", 100), ("B", 100)], 1) == {"A": 2, "B": 2}


def test_tournament_config_refusals():
    config = TableConfig(GameConfig(), seat_count=3)
    with pytest.raises(InvalidInputError, match="at least one"):
        Tournament(config, (), entrants(3))
    with pytest.raises(InvalidInputError, match="no length"):
        Tournament(config, (BlindLevel(1, 2), BlindLevel(2, 4)), entrants(3))
    with pytest.raises(InvalidInputError, match="clock"):
        Tournament(config, (BlindLevel(1, 2),), entrants(3), level_by="time")


def test_one_level_type_for_the_table_and_the_tournament_layer():
    """``holdem.tournament.Level`` is the table's ``BlindLevel``, not a copy."""
    from holdem.tournament import Level

    assert Level is BlindLevel
    assert Level(20, 40, 40, True, minutes=10) == BlindLevel(
        20, 40, ante=40, big_blind_ante=True, minutes=10
    )


def test_R_ANTE_1_a_level_with_a_big_blind_ante_at_a_one_table_tournament():
    """The big blind posts the level's ante for the table (R-ANTE-1); the
    level, not the table's game, says so."""
    tournament = Tournament(
        TableConfig(GameConfig(), seat_count=3),
        (BlindLevel(50, 100, 100, big_blind_ante=True, hands=1), BlindLevel(100, 200)),
        entrants(3, 5000),
        rng=random.Random(1),
    )
    hand = tournament.start_hand(button=1)
    assert hand.state is not None
    forced = hand.state.forced
    assert forced.blinds_or_straddles == (50, 100, 0)
    assert forced.antes == (0, 100, 0)  # the big blind's seat posts it
    hand.play({s: CallingStationBot() for s in (1, 2, 3)})
    hand2 = tournament.start_hand()
    assert hand2.state is not None and hand2.state.forced.antes == (0, 0, 0)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"small_blind": 30, "big_blind": 20}, r"above the big blind 20 \[R-BLIND-2\]"),
        ({"small_blind": 1, "big_blind": 0}, "big_blind must be positive"),
        ({"small_blind": 1, "big_blind": 2, "ante": -1}, "ante must be non-negative"),
        ({"small_blind": 1, "big_blind": 2, "ante": 1.5}, "ante must be a whole"),
        ({"small_blind": 1, "big_blind": 2, "big_blind_ante": 1}, "True or False"),
        ({"small_blind": 1, "big_blind": 2, "minutes": 0}, "minutes must be a pos"),
        ({"small_blind": 1, "big_blind": 2, "hands": 2.0}, "hands must be a pos"),
    ],
)
def test_R_TABLE_3_a_bad_level_says_what_is_allowed(fields, message):
    with pytest.raises(InvalidInputError, match=message):
        BlindLevel(**fields)


@pytest.mark.parametrize(
    ("lengths", "spent", "index"),
    [
        ([5, 5, None], 0, 0),
        ([5, 5, None], 4, 0),
        ([5, 5, None], 5, 1),  # a level ends the moment its length is reached
        ([5, 5, None], 9.99, 1),
        ([5, 5, None], 10_000, 2),
        ([5, 5], 10, 1),  # past the last length: the last level goes on
        ([None], 3, 0),
    ],
)
def test_R_TABLE_3_schedule_index(lengths, spent, index):
    assert schedule_index(lengths, spent) == index
