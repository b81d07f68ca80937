"""Hand records of a table and their PHH form (seats, seat_count, button)."""

from __future__ import annotations

import dataclasses
import random

from table_helpers import fold_round, nl_table, run_to_end

from holdem.history import dumps, history_from_state, loads, replay_history
from holdem.rules import GameConfig, Structure
from holdem.table import CallingStationBot, HandRecord, RandomBot, Table, TableConfig
from holdem.table.record import RECORD_SETTERS


def phh(record: HandRecord) -> str:
    history = history_from_state(
        record.state, players=record.players, hand=record.number
    )
    return dumps(dataclasses.replace(history, metadata=record.phh_fields()))


def test_record_maps_hand_seats_to_table_seats_and_writes_phh_fields():
    """Case 044's table: button S3, so hand seat 0 is S4 and the last S3."""
    table = nl_table(6, players=[1, 3, 4, 6])
    hand = table.start_hand(button=3)
    run_to_end(hand)
    record = hand.record
    assert record is not None
    assert record.seats == (4, 6, 1, 3)
    assert record.players == ("S4", "S6", "S1", "S3")
    assert (record.button, record.small_blind, record.big_blind) == (3, 4, 6)
    assert record.hand_seat(1) == 2 and record.hand_seat(2) is None
    text = phh(record)
    assert "seats = [4, 6, 1, 3]" in text
    assert "seat_count = 6" in text
    assert "_button = 3" in text
    again = loads(text)
    assert dict(again.metadata)["seats"] == (4, 6, 1, 3)
    assert replay_history(again).outcome == "reproduced"


def test_record_of_a_dead_button_names_the_empty_seat():
    table = nl_table(5)
    fold_round(table.start_hand(button=1))
    table.leave(2)
    fold_round(table.start_hand())
    record = table.last_record
    assert record is not None and record.button == 2 and 2 not in record.seats
    assert dict(record.phh_fields())["_button"] == 2
    assert replay_history(loads(phh(record))).outcome == "reproduced"


def test_records_of_many_hands_replay_from_their_phh():
    for structure in Structure:
        config = TableConfig(
            GameConfig(structure, small_blind=1, big_blind=2),
            seat_count=4,
            min_buy_in=40,
            max_buy_in=200,
        )
        table = Table(config, rng=random.Random(4))
        rng = random.Random(8)
        bots = {1: RandomBot(rng), 2: CallingStationBot(), 3: RandomBot(rng)}
        for seat in bots:
            table.join(seat, f"P{seat}", 100)
        for _ in range(15):
            record = table.play_hand(bots)
            assert replay_history(loads(phh(record))).outcome == "reproduced"
            for info in table.players:
                if not info.stack:
                    table.rebuy(info.seat, 100)


def test_a_record_built_by_the_table_equals_the_constructors():
    """The table builds records through the slots' setters: the same value."""
    names = tuple(field.name for field in dataclasses.fields(HandRecord))
    assert len(RECORD_SETTERS) == len(names)
    for rake in (0, 5):
        config = TableConfig(
            GameConfig(small_blind=1, big_blind=2),
            seat_count=6,
            rake_percent=rake,
            rake_cap=3,
        )
        table = Table(config, rng=random.Random(6))
        bots = {s: RandomBot(random.Random(s), post_rate=0.0) for s in range(1, 7)}
        for seat in bots:
            table.join(seat, f"P{seat}", 200)
        for _ in range(20):
            before = {info.seat: info.stack for info in table.players}
            record = table.play_hand(bots)
            rebuilt = HandRecord(**{name: getattr(record, name) for name in names})
            assert record == rebuilt and repr(record) == repr(rebuilt)
            assert record.rake_paid == tuple(
                s - f
                for s, f in zip(
                    record.state.stacks, record.finishing_stacks, strict=True
                )
            )
            assert sum(record.rake_paid) == record.rake
            # R-POT-4: every chip is a stack or the house's rake
            after = {info.seat: info.stack for info in table.players}
            assert sum(after.values()) + record.rake == sum(before.values())
            assert not record.rake or rake
            for info in table.players:
                if not info.stack:
                    table.rebuy(info.seat, 200)
        assert (table.rake_collected > 0) == (rake > 0)
