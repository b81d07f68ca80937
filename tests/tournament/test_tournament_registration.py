"""Registration, the start, late entry and re-entry (R-TOURN-1), levels (R-TABLE-3)."""

from __future__ import annotations

import dataclasses
import datetime
import random

import pytest

from holdem.errors import InvalidInputError, StateError
from holdem.table.config import LevelClock
from holdem.tournament import (
    Break,
    Kind,
    Level,
    Phase,
    Tournament,
    TournamentStructure,
    default_mtt,
    default_sng,
)

START = datetime.datetime(2024, 3, 1, 19, 0, tzinfo=datetime.UTC)
MINUTE = datetime.timedelta(minutes=1)


def mtt(**changes: object) -> Tournament:
    return Tournament(default_mtt(START, **changes), rng=random.Random(1))


def test_R_TOURN_1_unregistering_before_the_start_refunds_buy_in_and_fee():
    t = mtt(buy_in=1_000, fee=90)
    t.register("Ann")
    t.register("Bob")
    refund = t.unregister("Ann")
    assert (refund.player, refund.buy_in, refund.fee) == ("Ann", 1_000, 90)
    assert t.entries == ["Bob"]
    with pytest.raises(StateError, match="not registered"):
        t.unregister("Ann")
    t.register("Ann")
    t.start(START)
    with pytest.raises(StateError, match="R-TOURN-1"):
        t.unregister("Bob")


def test_R_TOURN_1_sit_and_go_starts_when_full_by_random_draw():
    t = Tournament(default_sng(6), rng=random.Random(3))
    for name in "ABCDE":
        assert t.register(name, START) == ()
    assert t.phase is Phase.REGISTERING
    seatings = t.register("F", START)
    assert t.phase is Phase.RUNNING
    assert sorted(s.entry for s in seatings) == list("ABCDEF")
    assert {s.table for s in seatings} == {1}
    assert all(s.stack == 1_500 for s in seatings)
    with pytest.raises(StateError, match="closed"):
        t.register("G", START)


def test_R_TOURN_1_multi_table_starts_at_its_time_tables_balanced_by_draw():
    t = mtt()
    for n in range(20):
        t.register(f"p{n}")
    with pytest.raises(StateError, match="starts at"):
        t.start(START - MINUTE)
    assert t.phase is Phase.REGISTERING  # the refusal changed nothing
    seatings = t.start(START)
    per_table = [len(s) for s in t.tables.values()]
    assert sorted(per_table) == [6, 7, 7]
    assert len({(s.table, s.seat) for s in seatings}) == 20


def test_R_TOURN_1_late_registration_until_the_stated_level_then_closed():
    t = mtt(late_registration_level=2)
    t.register("A")
    t.register("B")
    t.start(START)
    (seating,) = t.register("C", START + 20 * MINUTE)  # level 2: 15..30 minutes
    assert seating.stack == 20_000
    assert t.stack("C") == 20_000
    assert t.total_chips == 3 * 20_000
    with pytest.raises(StateError, match="registration is closed"):
        t.register("D", START + 30 * MINUTE)  # level 3
    assert t.entries == ["A", "B", "C"]


def test_R_TOURN_1_re_entry_is_a_new_entry_only_where_allowed():
    t = mtt(late_registration_level=3, re_entry=True)
    t.register("A")
    with pytest.raises(StateError, match="already registered"):
        t.register("A")
    t.register("B")
    t.start(START)
    with pytest.raises(StateError, match="already registered"):
        t.register("A", START)  # still in


def test_R_TABLE_3_levels_by_time_with_a_break():
    structure = TournamentStructure(
        Kind.MULTI_TABLE,
        (
            Level(10, 20, minutes=10),
            Break(5),
            Level(20, 40, 40, True, minutes=10),
            Level(50, 100),
        ),
        start_time=START,
    )
    t = Tournament(structure, rng=random.Random(1))
    t.register("A")
    t.register("B")
    t.start(START)
    assert t.level_at(START + 9 * MINUTE) == (1, Level(10, 20, minutes=10))
    assert t.level_at(START + 12 * MINUTE) == (1, None)  # the break
    assert t.tables_to_deal(START + 12 * MINUTE) == ()
    assert t.tables_to_deal(START + 15 * MINUTE) == (1,)
    assert t.level_at(START + 15 * MINUTE)[0] == 2
    assert t.level_at(START + 600 * MINUTE)[0] == 3


def test_R_TABLE_3_levels_by_hands_count_the_busiest_table():
    structure = TournamentStructure(
        Kind.SIT_AND_GO,
        (Level(10, 20, hands=2), Level(20, 40)),
        level_by=LevelClock.HANDS,
        seats_per_table=3,
        max_entries=3,
    )
    t = Tournament(structure, rng=random.Random(1))
    for name in "ABC":
        t.register(name)
    assert t.start_hand(1).level == 1
    assert t.level_at() == (1, Level(10, 20, hands=2))


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"schedule": ()}, "the schedule"),
        ({"schedule": (Level(1, 2),) * 2}, "level 1 has no length in minutes"),
        ({"seats_per_table": 11}, "seats_per_table"),
        ({"late_registration_level": 99}, "late_registration_level"),
        ({"start_time": None}, "start_time"),
        ({"starting_stack": 0}, "starting_stack"),
    ],
)
def test_a_bad_structure_says_what_is_allowed(changes, message):
    with pytest.raises(InvalidInputError, match=message):
        dataclasses.replace(default_mtt(START), **changes)
