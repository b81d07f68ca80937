"""A tournament's stored state: written, read back, the same tournament.

Oracle: a bot tournament played to one winner (``play_bot_tournament``);
after every hand the state goes through JSON text and back, and the
tournament read back must write the same state, answer every query the same
(places, prizes, seats, stacks, the level, the tables that may deal) and
keep every chip (R-TOURN-1..5).
"""

from __future__ import annotations

import datetime
import json
import random

import pytest

from holdem.errors import InvalidInputError
from holdem.tournament import HandSeen, Tournament, default_sng, play_bot_tournament
from holdem.tournament.stored import (
    shift_clock,
    state_json,
    tournament_from_json,
    void_hand,
)
from holdem.tournament.structure import default_mtt

START = datetime.datetime(2024, 3, 1, 19, 0, tzinfo=datetime.UTC)


def _same(a: Tournament, b: Tournament, now: datetime.datetime) -> None:
    assert state_json(b) == state_json(a)
    assert b.placings == a.placings and b.prizes() == a.prizes()
    assert b.tables == a.tables and b.remaining == a.remaining
    assert b.level_at(now) == a.level_at(now)
    assert b.is_hand_for_hand == a.is_hand_for_hand
    assert b.total_chips == a.total_chips


def test_R_TOURN_state_reads_back_after_every_hand_of_a_multi_table_tournament() -> (
    None
):
    structure = default_mtt(START, max_entries=30)
    seen = 0

    def check(hand: HandSeen) -> None:
        nonlocal seen
        seen += 1
        text = json.dumps(state_json(hand.tournament))
        back = tournament_from_json(structure, json.loads(text), rng=random.Random(1))
        _same(hand.tournament, back, START + datetime.timedelta(minutes=seen))

    run = play_bot_tournament(
        structure, entries=25, bots=("tight-aggressive",), seed=3, on_hand=check
    )
    assert run.tournament.is_over and run.balance_moves + run.break_moves > 0
    assert seen == run.hands


def test_a_void_hand_frees_its_table_and_the_clock_stands_still() -> None:
    t = Tournament(default_sng(3), rng=random.Random(1))
    t.register("Ann")
    t.register("Bob")
    t.register("Cy", START)
    (table,) = t.tables_to_deal(START)
    t.start_hand(table, START)
    assert t.tables_to_deal(START) == ()
    back = tournament_from_json(t.structure, state_json(t), rng=random.Random(2))
    assert back.tables_to_deal(START) == (table,)  # stored between hands
    void_hand(t, table)
    assert t.tables_to_deal(START) == (table,)
    late = START + datetime.timedelta(minutes=25)
    assert t.level_at(late)[0] == 3  # 10-minute levels
    shift_clock(t, 20 * 60)  # the room was down 20 minutes
    assert t.level_at(late)[0] == 1


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(version=99),
        lambda d: d.pop("stacks"),
        lambda d: d["stacks"].update(Ann=1),
        lambda d: d.update(phase="paused"),
    ],
)
def test_malformed_states_are_refused(change: object) -> None:
    t = Tournament(default_sng(3), rng=random.Random(1))
    for name in ("Ann", "Bob"):
        t.register(name)
    t.register("Cy", START)
    data = json.loads(json.dumps(state_json(t)))
    change(data)  # type: ignore[operator]
    with pytest.raises(InvalidInputError):
        tournament_from_json(t.structure, data, rng=random.Random(1))
