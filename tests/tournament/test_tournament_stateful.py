"""A stateful hypothesis test: registration, hands, eliminations, moves, levels.

Real tables deal every hand (bots play them); the machine checks after each
step that the tournament's seating is the tables' seating, that no chip is
created or lost (R-TOURN-1), that the tables stay balanced between hands
(R-TOURN-2, R-TOURN-3), that the places made cover the worst places in order
(R-TOURN-4), that the levels only rise and each hand is dealt at its level
(R-TABLE-3), and that prizes add up to the pool at the end (R-TOURN-5).
"""

from __future__ import annotations

import datetime
import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from holdem.errors import StateError
from holdem.table import CallingStationBot, RandomBot, Table, TableConfig
from holdem.table.config import LevelClock
from holdem.tournament import (
    Kind,
    Level,
    Phase,
    Tournament,
    TournamentStructure,
)

START = datetime.datetime(2024, 6, 1, 12, 0, tzinfo=datetime.UTC)
LEVELS = (
    Level(10, 20, hands=3),
    Level(20, 40, 5, hands=3),
    Level(50, 100, 100, big_blind_ante=True, hands=4),
    Level(100, 200, 25),
)
NAMES = [f"n{i}" for i in range(40)]


class TournamentMachine(RuleBasedStateMachine):
    @initialize(
        seats=st.integers(2, 9),
        late=st.integers(0, 3),
        re_entry=st.booleans(),
        seed=st.integers(0, 2**32),
    )
    def setup(self, seats: int, late: int, re_entry: bool, seed: int) -> None:
        self.structure = TournamentStructure(
            Kind.MULTI_TABLE,
            LEVELS,
            level_by=LevelClock.HANDS,
            starting_stack=300,
            buy_in=50,
            fee=5,
            seats_per_table=seats,
            max_entries=60,
            start_time=START,
            late_registration_level=late,
            re_entry=re_entry,
        )
        self.tournament = Tournament(self.structure, rng=random.Random(seed))
        self.rng = random.Random(seed + 1)
        self.tables: dict[int, Table] = {}
        self.bots: dict[str, object] = {}
        self.registered: set[str] = set()
        self.last_level = 0
        self.refunds = 0

    # ------------------------------------------------------------ registration

    @precondition(lambda self: self.tournament.phase is Phase.REGISTERING)
    @rule(name=st.sampled_from(NAMES))
    def register(self, name: str) -> None:
        if name in self.registered:
            with pytest.raises(StateError):
                self.tournament.register(name, START)
            return
        assert self.tournament.register(name, START) == ()
        self.registered.add(name)

    @precondition(lambda self: self.tournament.phase is Phase.REGISTERING)
    @rule(name=st.sampled_from(NAMES))
    def unregister(self, name: str) -> None:
        if name not in self.registered:
            with pytest.raises(StateError):
                self.tournament.unregister(name)
            return
        refund = self.tournament.unregister(name)
        assert (refund.player, refund.buy_in, refund.fee) == (name, 50, 5)
        self.registered.discard(name)

    @precondition(lambda self: self.tournament.phase is Phase.REGISTERING)
    @rule()
    def start(self) -> None:
        if len(self.registered) < 2:
            with pytest.raises(StateError):
                self.tournament.start(START)
            return
        with pytest.raises(StateError):
            self.tournament.start(START - datetime.timedelta(minutes=1))
        for seating in self.tournament.start(START):
            self._seat(seating.table, seating.seat, seating.entry, seating.stack)
        counts = [len(t.players) for t in self.tables.values()]
        assert max(counts) - min(counts) <= 1  # the draw is balanced

    @precondition(lambda self: self.tournament.phase is Phase.RUNNING)
    @rule(name=st.sampled_from(NAMES))
    def late_register(self, name: str) -> None:
        tournament = self.tournament
        open_ = tournament.is_registration_open()
        level, _ = tournament.level_at()
        if not open_:
            assert (
                level > self.structure.late_registration_level
                or tournament.is_hand_for_hand
                or len(tournament.entries) == 60
            )
        try:
            (seating,) = tournament.register(name)
        except StateError:
            return  # closed, or this player is still in (or has no re-entry)
        assert open_ and level <= self.structure.late_registration_level
        self._seat(seating.table, seating.seat, seating.entry, seating.stack)

    # ------------------------------------------------------------------ hands

    @precondition(lambda self: self.tournament.phase is Phase.RUNNING)
    @rule(picks=st.lists(st.integers(0, 100), min_size=1, max_size=25))
    def play_hands(self, picks: list[int]) -> None:
        for pick in picks:
            if self.tournament.phase is Phase.RUNNING:
                self.play_hand(pick)
                self.seating_is_the_tables()
                self.chips_are_conserved()

    def play_hand(self, pick: int) -> None:
        tournament = self.tournament
        ready = tournament.tables_to_deal()
        if not ready:
            return
        table_id = ready[pick % len(ready)]
        order = tournament.start_hand(table_id)
        assert order.level >= self.last_level  # levels only rise
        self.last_level = order.level
        table = self.tables[table_id]
        if table.level != order.level:
            table.set_stakes(order.stakes.game(self.structure.game), level=order.level)
        bots = {s.seat: self.bots[s.player] for s in table.players}
        record = table.play_hand(bots)
        assert record.state.config.big_blind == order.stakes.big_blind
        outcome = tournament.report_hand(table_id, record, table.positions)
        for move in outcome.moves:
            self.tables[move.from_table].leave(move.from_seat)
            self._seat(move.to_table, move.to_seat, move.entry, move.stack)
        for closed in outcome.broken:
            assert not self.tables.pop(closed).players
        if tournament.hand_for_hand_round is None and not tournament.is_over:
            counts = [len(s) for s in tournament.tables.values()]
            assert max(counts) - min(counts) <= 1  # R-TOURN-2
            seats = self.structure.seats_per_table
            assert tournament.remaining > (len(counts) - 1) * seats  # R-TOURN-3

    @precondition(lambda self: self.tournament.is_over)
    @rule(name=st.sampled_from(NAMES))
    def after_the_end(self, name: str) -> None:
        tournament = self.tournament
        assert tournament.tables_to_deal() == ()
        with pytest.raises(StateError):
            tournament.register(name)
        (winner,) = (p for p in tournament.placings if p.first_place == 1)
        assert tournament.stack(winner.entries[0]) == tournament.total_chips

    def _seat(self, table_id: int, seat: int, entry: str, stack: int) -> None:
        if table_id not in self.tables:
            config = TableConfig(
                self.structure.game,
                seat_count=self.structure.seats_per_table,
                tournament=True,
            )
            self.tables[table_id] = Table(config, rng=random.Random(table_id))
        self.tables[table_id].seat_moved(seat, entry, stack)
        if entry not in self.bots:
            self.bots[entry] = (
                RandomBot(random.Random(len(self.bots)))
                if len(self.bots) % 2
                else CallingStationBot()
            )

    # ------------------------------------------------------------- invariants

    @invariant()
    def seating_is_the_tables(self) -> None:
        if self.tournament.phase is Phase.REGISTERING:
            return
        seated = {
            t: {s.seat: s.player for s in table.players}
            for t, table in self.tables.items()
        }
        assert seated == {t: dict(s) for t, s in self.tournament.tables.items()}

    @invariant()
    def chips_are_conserved(self) -> None:
        tournament = self.tournament
        if tournament.phase is Phase.REGISTERING:
            return
        total = len(tournament.entries) * self.structure.starting_stack
        assert tournament.total_chips == total
        assert sum(t.chips for t in self.tables.values()) == total

    @invariant()
    def places_cover_the_worst_places(self) -> None:
        tournament = self.tournament
        entries = len(tournament.entries)
        places = sorted(
            place
            for p in tournament.placings
            for place in range(p.first_place, p.last_place + 1)
        )
        if tournament.is_over:
            assert places == list(range(1, entries + 1))
            assert sum(tournament.prizes().values()) == tournament.prize_pool
        else:
            assert places == list(range(entries - len(places) + 1, entries + 1))
            assert len(places) <= entries - tournament.remaining


# each step may deal a hand at real tables: fewer, longer examples than the
# profile's default, the profile's other settings (derandomized in CI) kept
TournamentMachine.TestCase.settings = settings(
    settings.default, max_examples=60, stateful_step_count=60
)
test_tournament_state_machine = TournamentMachine.TestCase
