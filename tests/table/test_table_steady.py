"""A steady table's hands, played in one go, are the hands of the general path.

``Table.play_hand`` plays a hand at a table whose seating has not changed in
one function (steady.py); ``start_hand(...).play`` always takes the general
path. Two tables with the same seed, one through each, must deal the same
cards (R-DEAL-4), move the button and blinds the same way (R-TABLE-1,
R-TABLE-4), award the same pots and rake (R-POT-4) and leave the same stacks,
hand after hand, through rebuys, sitting out, joins and leaves (R-TABLE-5..7).
"""

from __future__ import annotations

import random

import pytest
from table_helpers import nl_table

import holdem.table.table as table_module
from holdem.engine import LegalActions
from holdem.errors import BetSizeError
from holdem.rules import Bet, PlayerAction, Raise
from holdem.table import BaseBot, CallingStationBot, RandomBot, Table


def record_facts(table: Table) -> tuple[object, ...]:
    record = table.last_record
    assert record is not None
    return (
        record.number,
        record.button,
        record.small_blind,
        record.big_blind,
        record.seats,
        record.players,
        record.posted,
        record.straddles,
        tuple(record.state.events),
        record.starting_stacks,
        record.finishing_stacks,
        record.rake,
        record.rake_paid,
        record.level,
        table.players,
        table.positions,
        table.rake_collected,
        table.hand_number,
    )


def between_hands(table: Table, rng: random.Random, stack: int) -> None:
    """Rebuy the broke; now and then sit a player out, bring one back, or
    let one leave and another join."""
    for info in table.players:
        if not info.stack:
            table.rebuy(info.seat, stack)
    roll = rng.random()
    seats = [info.seat for info in table.players]
    if roll < 0.01:
        table.sit_out(rng.choice(seats))
    elif roll < 0.1:
        out = [info.seat for info in table.players if info.sitting_out]
        if out:
            table.come_back(rng.choice(out))
    elif roll < 0.11 and len(seats) > 3:
        seat = rng.choice(seats)
        table.leave(seat)
        table.join(seat, f"N{rng.randrange(10**6)}", stack)


class FreshRandomBot(RandomBot):
    """RandomBot's answers, each made anew by its constructor (not the shared
    Fold, Check and Call of LegalActions, nor raise_to's own build)."""

    reads_view = False

    def bet_from(self, legal: LegalActions) -> PlayerAction:
        answer = super().bet_from(legal)
        if isinstance(answer, (Bet, Raise)):
            return type(answer)(answer.seat, answer.to)
        return type(answer)(answer.seat)


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (1, {}),
        (2, {"rake_percent": 5, "rake_cap": 3}),
        (3, {"min_buy_in": 40, "max_buy_in": 40}),
        (4, {"fresh": True}),
        (5, {"min_buy_in": 20, "max_buy_in": 20, "fresh": True}),
    ],
)
def test_R_DEAL_4_steady_hands_equal_the_general_paths(seed, options, monkeypatch):
    fused = []
    real = table_module.play_steady

    def counting(*args):  # type: ignore[no-untyped-def]
        record = real(*args)
        fused.append(record is not None)
        return record

    monkeypatch.setattr(table_module, "play_steady", counting)
    options = dict(options)
    # fresh: every answer a new value, equal to the shared ones (play_betting
    # compares kinds and values, never identities)
    bot = FreshRandomBot if options.pop("fresh", False) else RandomBot
    stack = options.get("max_buy_in", 200)
    tables = [nl_table(6, seed=seed, stack=stack, **dict(options)) for _ in range(2)]
    bots = [
        {
            s: bot(random.Random(seed * 10 + s), post_rate=0.0)
            if s % 3
            else CallingStationBot()
            for s in range(1, 7)
        }
        for _ in range(2)
    ]
    schedules = [random.Random(seed), random.Random(seed)]
    for _ in range(400):
        for i, table in enumerate(tables):
            between_hands(table, schedules[i], stack)
        tables[0].play_hand(bots[0])
        tables[1].start_hand().play(bots[1])
        assert record_facts(tables[0]) == record_facts(tables[1])
    assert sum(fused) > 100  # most hands went through the steady path


def test_a_bot_reading_the_view_takes_the_general_path(monkeypatch):
    fused = []
    real = table_module.play_steady
    monkeypatch.setattr(
        table_module,
        "play_steady",
        lambda *args: fused.append(result := real(*args)) or result,
    )
    table = nl_table(3, seed=5)
    bots = {1: CallingStationBot(), 2: CallingStationBot(), 3: BaseBot()}
    for _ in range(20):
        table.play_hand(bots)
    assert fused and all(record is None for record in fused)


class RaiseToOne(BaseBot):
    """Bets from the legal actions alone: a raise to 1 chip, under any
    minimum raise (R-NL-2)."""

    reads_view = False

    def bet_from(self, legal: LegalActions) -> PlayerAction:
        return Raise(legal.seat, 1)


def test_R_NL_2_refused_steady_answer_leaves_the_hand_open_as_play_does():
    outcomes = []
    for steady in (True, False):
        table = nl_table(3, seed=6)
        callers = {s: CallingStationBot() for s in range(1, 4)}
        for _ in range(6):  # every position seen: the steady path is ready
            table.play_hand(callers)
        bots = {1: RaiseToOne(), 2: CallingStationBot(), 3: CallingStationBot()}
        with pytest.raises(BetSizeError) as refused:
            if steady:
                table.play_hand(bots)
            else:
                table.start_hand().play(bots)
        hand = table.hand
        assert hand is not None and hand.decision is not None
        assert hand.decision.seat == 1
        outcomes.append(
            (
                str(refused.value),
                refused.value.legal,
                hand.decision,
                hand.view(1),
                tuple(hand.state.events) if hand.state else (),
            )
        )
        legal = hand.decision.legal
        assert legal is not None
        hand.apply(legal.check_or_call())
        hand.play(callers)
        assert table.hand is None
    assert outcomes[0] == outcomes[1]
