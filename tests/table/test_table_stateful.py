"""A hypothesis state machine over a cash table: players join, leave, sit out,
come back, rebuy, top up, go broke and play hands.

After every hand: chips are conserved (stacks + rake + cash-outs = buy-ins;
R-POT-4), the big blind never falls on the same player twice in a row nor
skips a player who could take it (R-TABLE-4), the button never moves
backward (it moves clockwise or stays, never past the last big blind;
heads-up the other player has it; R-TABLE-1, R-TABLE-2, R-TABLE-4), and a
sitting-out player is never dealt in (R-TABLE-6).
"""

from __future__ import annotations

import random

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from holdem.rules import GameConfig
from holdem.table import (
    BaseBot,
    RandomBot,
    StraddlePolicy,
    Table,
    TableAction,
    TableConfig,
    TableView,
)

SEATS = 6
SEAT = st.integers(1, SEATS)


class Shover(BaseBot):
    """Goes all-in whenever it can: players go broke quickly."""

    def bet(self, view: TableView, legal) -> TableAction:  # type: ignore[no-untyped-def]
        if legal.max_raise_to is not None:
            return legal.raise_to(legal.max_raise_to)
        return legal.check_or_call()


def distance(start: int, seat: int) -> int:
    return (seat - start) % SEATS


class TableMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.config = TableConfig(
            GameConfig(small_blind=1, big_blind=2),
            seat_count=SEATS,
            min_buy_in=20,
            max_buy_in=200,
            straddle=StraddlePolicy.MULTIPLE,
            rake_percent=5,
            rake_cap=2,
        )
        self.table = Table(self.config, rng=random.Random(0))
        self.bought = 0
        self.cashed = 0
        self.names = 0
        self.last: tuple[int, int, str] | None = None  # button, big blind, player
        self.bot_rng = random.Random(1)

    # ------------------------------------------------------------- seating

    @rule(seat=SEAT, chips=st.integers(20, 200))
    def join(self, seat: int, chips: int) -> None:
        if self.table.seat(seat) is None:
            self.names += 1
            self.table.join(seat, f"P{self.names}", chips)
            self.bought += chips

    @rule(seat=SEAT)
    def leave(self, seat: int) -> None:
        if self.table.seat(seat) is not None:
            self.cashed += self.table.leave(seat)

    @rule(seat=SEAT)
    def sit_out(self, seat: int) -> None:
        info = self.table.seat(seat)
        if info is not None and not info.sitting_out:
            self.table.sit_out(seat)

    @rule(seat=SEAT)
    def come_back(self, seat: int) -> None:
        info = self.table.seat(seat)
        if info is not None and info.sitting_out:
            self.table.come_back(seat)

    @rule(seat=SEAT, chips=st.integers(20, 200))
    def rebuy(self, seat: int, chips: int) -> None:
        info = self.table.seat(seat)
        if info is not None and info.stack == 0:
            self.table.rebuy(seat, chips)
            self.bought += chips

    @rule(seat=SEAT, chips=st.integers(1, 180))
    def top_up(self, seat: int, chips: int) -> None:
        info = self.table.seat(seat)
        if info is not None and info.stack > 0 and info.stack + chips <= 200:
            self.table.top_up(seat, chips)
            self.bought += chips

    # ---------------------------------------------------------------- play

    def can_play(self) -> bool:
        return sum(1 for p in self.table.players if p.stack and not p.sitting_out) >= 2

    @precondition(can_play)
    @rule(seed=st.integers(0, 2**16), shove=st.booleans(), hands=st.integers(1, 4))
    def play(self, seed: int, shove: bool, hands: int) -> None:
        rng = random.Random(seed)
        for _ in range(hands):
            if not self.can_play():
                break
            self.play_one(rng, shove)
            self.chips_are_conserved()

    def play_one(self, rng: random.Random, shove: bool) -> None:
        before = {p.seat: p for p in self.table.players}
        bots = {
            seat: Shover() if shove and seat % 2 else RandomBot(rng) for seat in before
        }
        record = self.table.play_hand(bots)
        # a sitting-out or broke player is never dealt in
        for seat in record.seats:
            assert not before[seat].sitting_out and before[seat].stack > 0
        player = before[record.big_blind].player
        if self.last is not None:
            button, big_blind, last_player = self.last
            assert player != last_player, "big blind twice in a row"
            # nobody who could take the big blind was passed over
            for seat in range(1, SEATS + 1):
                d = distance(big_blind, seat)
                if 0 < d < distance(big_blind, record.big_blind):
                    info = before.get(seat)
                    assert info is None or info.sitting_out or not info.stack, (
                        f"seat {seat} skipped the big blind"
                    )
            if len(record.seats) == 2:
                # heads-up the other player has the button and posts the
                # small blind, wherever that is (R-TABLE-2)
                assert record.button == record.small_blind == record.seats[1]
            else:
                # the button moves clockwise (or stays) and never past the
                # last big blind: it does not move backward (dead button)
                assert distance(button, record.button) <= distance(button, big_blind)
        self.last = (record.button, record.big_blind, player)

    @invariant()
    def chips_are_conserved(self) -> None:
        table = self.table
        assert table.chips + table.rake_collected + self.cashed == self.bought


TableMachine.TestCase.settings = settings(
    max_examples=30, stateful_step_count=40, deadline=None
)
test_table_state_machine = TableMachine.TestCase
