"""A tournament over many tables, as a pure object a driver steps (R-TOURN-1..5).

``Tournament`` holds registration, the seating of every table, the stacks,
the level clock, the placings and the record of moves. It does no I/O and
reads no clock: every call that depends on time takes ``now``; the seat
draw uses the RNG passed in. It never holds a ``Table``: a driver (``holdem
simulate`` now, a room later, possibly over many processes) keeps the
tables and steps the tournament:

1. ``register``/``unregister`` players; ``start(now)`` (a sit-and-go starts
   itself when full); the seatings returned are the players to seat.
2. ``tables_to_deal(now)``: the tables that may deal a hand now;
   ``start_hand(table, now)`` says the level to deal it at.
3. After the hand, ``report_hand(table, record, positions)``: the
   eliminations placed, the players to move (done now, between hands at
   both tables) and the tables broken.

Hand for hand (R-TOURN-4) is explicit: in it a round opens when every table
is between hands, each table deals one hand, and no table deals again until
every table has reported; its eliminations are placed together.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from holdem.errors import InvalidInputError, StateError
from holdem.table.config import LevelClock, schedule_index
from holdem.table.record import HandRecord
from holdem.table.seating import Positions
from holdem.tournament.payouts import MAX_ENTRIES, places_paid
from holdem.tournament.places import Bust, Placing, place_busts, placing_prizes
from holdem.tournament.seating import (
    Move,
    MoveReason,
    Seating,
    balance_target_seat,
    deal_out,
    next_big_blind,
)
from holdem.tournament.structure import Kind, Level, TournamentStructure

__all__ = ["HandOrder", "HandOutcome", "Phase", "Refund", "Tournament"]


class Phase(StrEnum):
    """Where a tournament is."""

    REGISTERING = "registering"
    RUNNING = "running"
    COMPLETE = "complete"


@dataclass(frozen=True, slots=True)
class Refund:
    """Money returned to a player who unregistered before the start (R-TOURN-1).

    Attributes:
        player: the player.
        buy_in: the buy-in returned.
        fee: the fee returned.
    """

    player: str
    buy_in: int
    fee: int


@dataclass(frozen=True, slots=True)
class HandOrder:
    """What a table deals its next hand at (R-TABLE-3).

    Attributes:
        table: the table.
        level: the level number (1-based).
        stakes: that level's blinds and ante.
        hand_for_hand: the hand is part of a hand-for-hand round.
    """

    table: int
    level: int
    stakes: Level
    hand_for_hand: bool


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What a reported hand set off, for the driver to carry out now.

    Attributes:
        placings: eliminations placed now (best first); in hand for hand,
            the whole round's, once its last table reports. Provisional
            while late registration is open (see ``Tournament.placings``).
        moves: players to move now, in order: leave ``from_table``, sit at
            ``to_table`` (both between hands).
        broken: tables closed now: broken (their players are in ``moves``)
            or left empty by eliminations.
    """

    placings: tuple[Placing, ...]
    moves: tuple[Move, ...]
    broken: tuple[int, ...]


class Tournament:
    """The state of one sit-and-go or multi-table tournament (R-TOURN-1..5).

    Args:
        structure: the announced structure.
        rng: draws the seats (R-TOURN-1, R-TOURN-3); seed it for simulation,
            ``random.SystemRandom()`` in a live room.

    >>> from holdem.tournament.structure import default_sng
    >>> t = Tournament(default_sng(3), rng=random.Random(1))
    >>> for name in ("Ann", "Bob"):
    ...     _ = t.register(name)
    >>> now = datetime.datetime(2024, 5, 1, 20, 0)
    >>> len(t.register("Cy", now))   # full: a sit-and-go starts itself
    3
    >>> t.phase
    <Phase.RUNNING: 'running'>
    """

    def __init__(self, structure: TournamentStructure, *, rng: random.Random) -> None:
        if not isinstance(structure, TournamentStructure):
            raise InvalidInputError(
                f"structure must be a TournamentStructure, got {structure!r}"
            )
        if structure.max_entries > MAX_ENTRIES:
            raise InvalidInputError(
                f"the prize structure covers at most {MAX_ENTRIES} entries;"
                f" max_entries is {structure.max_entries} [R-TOURN-5]",
                rule="R-TOURN-5",
            )
        self.structure = structure
        self.rng = rng
        self.phase = Phase.REGISTERING
        self.entries: list[str] = []
        """Every entry made, in order (re-entries are new entries)."""
        self._out: list[list[Bust]] = []  # eliminations, hand by hand
        self._winner: str | None = None
        self.moves: list[Move] = []
        """Every move between tables, in order (R-TOURN-2, R-TOURN-3)."""
        self.hands_reported = 0
        self.started_at: datetime.datetime | None = None
        self._player_entries: dict[str, list[str]] = {}
        self._stacks: dict[str, int] = {}  # entries still in: chips
        self._where: dict[str, tuple[int, int]] = {}  # entry -> (table, seat)
        self._tables: dict[int, dict[int, str]] = {}  # table -> seat -> entry
        self._positions: dict[int, Positions] = {}
        self._hands: dict[int, int] = {}  # hands dealt per table
        self._most_hands = 0  # the level clock by hands
        self._busy: set[int] = set()  # tables dealing a hand
        self._round: set[int] | None = None  # hand for hand: tables yet to report
        self._round_busts: list[Bust] = []
        self._next_table = 1

    # ---------------------------------------------------------------- queries

    @property
    def placings(self) -> tuple[Placing, ...]:
        """Every placing, in the order made (the worst places first).

        Places count from the entries made: while late registration is open
        they are provisional, and each late entry moves the players already
        out one place down (R-TOURN-1, R-TOURN-4).
        """
        placings: list[Placing] = []
        left = len(self.entries)
        for busts in self._out:
            left -= len(busts)
            placings += place_busts(busts, left)
        if self._winner is not None:
            placings.append(Placing((self._winner,), 1, 1))
        return tuple(placings)

    @property
    def remaining(self) -> int:
        """Entries still in."""
        return len(self._stacks)

    @property
    def prize_pool(self) -> int:
        """The buy-ins of all entries (R-TOURN-5)."""
        return self.structure.buy_in * len(self.entries)

    @property
    def places_paid(self) -> int:
        """Places paid for the entries so far (R-TOURN-5)."""
        return places_paid(max(len(self.entries), 2))

    @property
    def is_over(self) -> bool:
        """One entry holds every chip."""
        return self.phase is Phase.COMPLETE

    @property
    def tables(self) -> Mapping[int, Mapping[int, str]]:
        """Table -> seat -> entry, for every table in play."""
        return {t: dict(seats) for t, seats in self._tables.items()}

    def stack(self, entry: str) -> int:
        """Chips of an entry still in (0 once eliminated)."""
        return self._stacks.get(entry, 0)

    @property
    def total_chips(self) -> int:
        """Chips of every entry still in: entries times the starting stack."""
        return sum(self._stacks.values())

    @property
    def is_hand_for_hand(self) -> bool:
        """The tables play hand for hand: one from the money (R-TOURN-4)."""
        if self._round is not None:
            return True
        paid = self.places_paid
        return len(self._tables) > 1 and paid < self.remaining <= paid + 1

    @property
    def hand_for_hand_round(self) -> frozenset[int] | None:
        """Tables yet to report in the open hand-for-hand round, or ``None``."""
        return None if self._round is None else frozenset(self._round)

    def level_at(
        self, now: datetime.datetime | None = None
    ) -> tuple[int, Level | None]:
        """The level number and its stakes at ``now``; ``None`` stakes on a break.

        Levels by hands count the hands dealt at the table that has dealt
        the most; levels by time count from the start (R-TABLE-3).

        Raises:
            InvalidInputError: levels by time without ``now``.
        """
        structure = self.structure
        schedule = structure.schedule
        if structure.level_by is LevelClock.HANDS:
            # no breaks by hands (checked): the schedule is the levels
            index = schedule_index(
                [lv.hands for lv in structure.levels], self._most_hands
            )
            return index + 1, structure.levels[index]
        if now is None or not isinstance(now, datetime.datetime):
            raise InvalidInputError(
                f"levels go by time: pass now (a datetime), got {now!r}"
            )
        start = self.started_at or now
        minutes = (now - start) / datetime.timedelta(minutes=1)
        index = schedule_index([item.minutes for item in schedule], minutes)
        item = schedule[index]
        number = sum(isinstance(s, Level) for s in schedule[: index + 1])
        return number, item if isinstance(item, Level) else None

    def is_registration_open(self, now: datetime.datetime | None = None) -> bool:
        """Entries are taken: before the start, or up to the late level (R-TOURN-1)."""
        if len(self.entries) >= self.structure.max_entries:
            return False
        if self.phase is Phase.REGISTERING:
            return True
        if self.phase is Phase.COMPLETE or self.is_hand_for_hand:
            return False
        number, _ = self.level_at(now)
        return number <= self.structure.late_registration_level

    def tables_to_deal(self, now: datetime.datetime | None = None) -> tuple[int, ...]:
        """The tables that may start a hand now, by number.

        None while a break runs; in hand for hand, only tables that have
        not dealt in the open round, and a round opens only when every table
        is between hands (R-TOURN-4). A table waiting to give a player to a
        shorter table (R-TOURN-2) or to break (R-TOURN-3) does not deal.
        """
        if not self._may_deal_now(now):
            return ()
        held = self._held()
        return tuple(
            t for t in sorted(self._tables) if t not in held and self._may_deal(t)
        )

    def may_deal(self, table: int, now: datetime.datetime | None = None) -> bool:
        """``table`` may start a hand now (it is in ``tables_to_deal(now)``)."""
        return (
            self._may_deal_now(now)
            and self._may_deal(table)
            and table not in self._held()
        )

    def _may_deal_now(self, now: datetime.datetime | None) -> bool:
        """Any table may deal: running, not on a break, no round waiting."""
        if self.phase is not Phase.RUNNING:
            return False
        if self.structure.level_by is LevelClock.TIME and self.level_at(now)[1] is None:
            return False
        return not (self._round is None and self._busy and self.is_hand_for_hand)

    def _may_deal(self, table: int) -> bool:
        """``table`` is between hands with two players, in the round if one is open."""
        if table in self._busy or len(self._tables.get(table, ())) < 2:
            return False
        return self._round is None or table in self._round

    def prizes(self) -> Mapping[str, int]:
        """Prize per entry placed in the money so far (R-TOURN-5)."""
        return placing_prizes(self.placings, self.prize_pool, max(len(self.entries), 2))

    @property
    def standings(self) -> tuple[Placing, ...]:
        """Every placing, best first."""
        return tuple(sorted(self.placings, key=lambda p: p.first_place))

    # ------------------------------------------------------------ registration

    def register(
        self, player: str, now: datetime.datetime | None = None
    ) -> tuple[Seating, ...]:
        """Enter ``player`` (a re-entry, where allowed, is a new entry).

        Returns:
            The seatings to carry out now: every entry's when this entry
            fills a sit-and-go and starts it; a late entry's own seat; else
            none (seats are drawn at the start).

        Raises:
            InvalidInputError: for a name that is not a non-empty string.
            StateError: registration closed or full, a player already in,
                or a re-entry where none is allowed (R-TOURN-1).
        """
        if type(player) is not str or not player.strip():
            raise InvalidInputError(f"a player needs a name, got {player!r}")
        if not self.is_registration_open(now):
            raise StateError(
                f"registration is closed: {len(self.entries)} entries of"
                f" {self.structure.max_entries}, phase {self.phase}, late"
                f" registration to level {self.structure.late_registration_level}"
                " [R-TOURN-1]",
                rule="R-TOURN-1",
            )
        made = self._player_entries.get(player, [])
        if made and (made[-1] in self._stacks or self.phase is Phase.REGISTERING):
            raise StateError(
                f"{player} is already registered [R-TOURN-1]", rule="R-TOURN-1"
            )
        if made and not self.structure.re_entry:
            raise StateError(
                f"{player} was eliminated and this tournament has no re-entry"
                " [R-TOURN-1]",
                rule="R-TOURN-1",
            )
        fills = (
            self.structure.kind is Kind.SIT_AND_GO
            and len(self.entries) + 1 == self.structure.max_entries
        )
        if fills and self.structure.level_by is LevelClock.TIME and now is None:
            raise InvalidInputError(
                "this entry fills the sit-and-go and starts it; levels go by"
                " time: pass now (a datetime)"
            )
        entry = player if not made else f"{player} #{len(made) + 1}"
        self._player_entries.setdefault(player, []).append(entry)
        self.entries.append(entry)
        if self.phase is Phase.RUNNING:
            return (self._seat_late(entry),)
        if fills:
            return self.start(now)
        return ()

    def unregister(self, player: str) -> Refund:
        """Take ``player`` off the list before the start; buy-in and fee back.

        Raises:
            StateError: after the start, or for a player not registered
                (R-TOURN-1).
        """
        if self.phase is not Phase.REGISTERING:
            raise StateError(
                "the tournament has started: no unregistering [R-TOURN-1]",
                rule="R-TOURN-1",
            )
        if player not in self._player_entries:
            raise StateError(f"{player!r} is not registered")
        del self._player_entries[player]
        self.entries.remove(player)
        return Refund(player, self.structure.buy_in, self.structure.fee)

    def start(self, now: datetime.datetime | None = None) -> tuple[Seating, ...]:
        """Start: every entry seated by random draw (R-TOURN-1).

        Returns:
            Every entry's seat, by table then seat.

        Raises:
            StateError: already started, fewer than two entries, or a
                multi-table tournament before its start time.
        """
        structure = self.structure
        if self.phase is not Phase.REGISTERING:
            raise StateError(f"the tournament is already {self.phase}")
        if len(self.entries) < 2:
            raise StateError(
                f"a tournament needs two entries; it has {len(self.entries)}"
            )
        if structure.kind is Kind.MULTI_TABLE:
            assert structure.start_time is not None  # checked by the structure
            if now is None or now < structure.start_time:
                raise StateError(
                    f"the tournament starts at {structure.start_time}, not at"
                    f" {now} [R-TOURN-1]",
                    rule="R-TOURN-1",
                )
        elif structure.level_by is LevelClock.TIME and now is None:
            raise InvalidInputError("levels go by time: pass now (a datetime)")
        self.phase = Phase.RUNNING
        self.started_at = now
        drawn = list(self.entries)
        self.rng.shuffle(drawn)
        seats = structure.seats_per_table
        count = -(-len(drawn) // seats)
        seatings = []
        for group in deal_out(drawn, count):
            table = self._new_table()
            for entry, seat in zip(
                group,
                sorted(self.rng.sample(range(1, seats + 1), len(group))),
                strict=True,
            ):
                seatings.append(self._sit(entry, table, seat, structure.starting_stack))
        return tuple(seatings)

    # ------------------------------------------------------------------ hands

    def start_hand(self, table: int, now: datetime.datetime | None = None) -> HandOrder:
        """The level ``table`` deals its next hand at; the table is then busy.

        Raises:
            StateError: a table that may not deal now (see ``tables_to_deal``).
        """
        if not self.may_deal(table, now):
            raise StateError(
                f"table {table!r} may not deal now; tables that may:"
                f" {list(self.tables_to_deal(now))} [R-TOURN-4]",
                rule="R-TOURN-4",
            )
        hand_for_hand = self.is_hand_for_hand
        if hand_for_hand and self._round is None:
            self._round = set(self.tables_to_deal(now))
        number, stakes = self.level_at(now)
        assert stakes is not None  # tables_to_deal: not on a break
        self._busy.add(table)
        self._hands[table] = self._hands.get(table, 0) + 1
        return HandOrder(table, number, stakes, hand_for_hand)

    def report_hand(
        self, table: int, record: HandRecord, positions: Positions | None
    ) -> HandOutcome:
        """Take a finished hand at ``table``; place, move and break as due.

        Args:
            table: the table that dealt it.
            record: the table's record of the hand.
            positions: the table's positions after it (``Table.positions``).

        Returns:
            What to carry out now (see ``HandOutcome``).

        Raises:
            StateError: a table not dealing, a hand whose players or chips
                are not the tournament's, or chips created or lost.
        """
        if table not in self._busy:
            raise StateError(f"table {table!r} is not dealing a hand")
        seats = self._tables[table]
        busts: list[Bust] = []
        start_total = finish_total = 0
        for order, (seat, entry, start, finish) in enumerate(
            zip(
                record.seats,
                record.players,
                record.starting_stacks,
                record.finishing_stacks,
                strict=True,
            )
        ):
            if seats.get(seat) != entry or self._stacks[entry] != start:
                raise StateError(
                    f"table {table} hand {record.number}: seat {seat} is"
                    f" {entry} with {start} chips; the tournament has"
                    f" {seats.get(seat)} with {self._stacks.get(entry)}"
                )
            start_total += start
            finish_total += finish
            if finish:
                self._stacks[entry] = finish
            else:
                busts.append(Bust(entry, table, start, order))
        if start_total != finish_total or record.rake:
            raise StateError(
                f"table {table} hand {record.number}: chips created or lost"
                f" ({start_total} before, {finish_total} after, rake {record.rake})"
            )
        self._busy.discard(table)
        self.hands_reported += 1
        self._most_hands = max(self._most_hands, self._hands[table])
        if positions is not None:
            self._positions[table] = positions
        for bust in busts:
            del self._stacks[bust.entry]
            del self._where[bust.entry]
            del seats[record.seats[bust.order]]
        broken: list[int] = []
        if not seats:
            del self._tables[table]  # every player out: the table closes
            self._positions.pop(table, None)
            broken.append(table)
        self._check_chips()
        placings: list[Placing] = []
        if self._round is not None:
            self._round_busts.extend(busts)
            self._round.discard(table)
            if not self._round:
                placings += self._place(self._round_busts)
                self._round, self._round_busts = None, []
        else:
            placings += self._place(busts)
        moves: list[Move] = []
        if self.remaining == 1:
            (self._winner,) = self._stacks
            placings.append(Placing((self._winner,), 1, 1))
            self.phase = Phase.COMPLETE
        elif self._round is None:
            broken += self._break_tables(moves)
            self._balance(moves)
        return HandOutcome(tuple(placings), tuple(moves), tuple(broken))

    # ---------------------------------------------------------------- private

    def _check_chips(self) -> None:
        """No chip is created or lost: entries times the starting stack."""
        expected = len(self.entries) * self.structure.starting_stack
        total = self.total_chips
        if total != expected:
            raise StateError(
                f"chips not conserved: {total} in play, {len(self.entries)} entries"
                f" of {self.structure.starting_stack} make {expected}"
            )

    def _place(self, busts: list[Bust]) -> tuple[Placing, ...]:
        if not busts:
            return ()
        self._out.append(list(busts))
        return place_busts(busts, self.remaining)

    def _new_table(self) -> int:
        table = self._next_table
        self._next_table += 1
        self._tables[table] = {}
        self._hands[table] = 0
        return table

    def _sit(self, entry: str, table: int, seat: int, stack: int) -> Seating:
        self._tables[table][seat] = entry
        self._tables[table] = dict(sorted(self._tables[table].items()))
        self._where[entry] = (table, seat)
        self._stacks[entry] = stack
        return Seating(entry, table, seat, stack)

    def _seat_late(self, entry: str) -> Seating:
        """A late entry: a random open seat at a shortest table between hands."""
        seats = self.structure.seats_per_table
        idle = [
            t
            for t, taken in self._tables.items()
            if t not in self._busy and len(taken) < seats
        ]
        if idle:
            fewest = min(len(self._tables[t]) for t in idle)
            table = self.rng.choice([t for t in idle if len(self._tables[t]) == fewest])
        else:
            table = self._new_table()
        taken = self._tables[table]
        seat = self.rng.choice([s for s in range(1, seats + 1) if s not in taken])
        seating = self._sit(entry, table, seat, self.structure.starting_stack)
        self._check_chips()
        return seating

    def _breaking_table(self) -> int | None:
        """The table to break now, if the players fit at one table fewer."""
        tables = self._tables
        seats = self.structure.seats_per_table
        if len(tables) > 1 and self.remaining <= (len(tables) - 1) * seats:
            return max(tables)  # the fixed order: the highest number first
        return None

    def _held(self) -> set[int]:
        """Tables that wait: one that breaks, or gives players to a shorter one.

        None in an open hand-for-hand round: every table in it deals once.
        """
        if self._round is not None:
            return set()
        breaking = self._breaking_table()
        counts = {t: len(s) for t, s in self._tables.items() if t != breaking}
        shortest = min(counts.values(), default=0)
        held = {t for t, n in counts.items() if n >= shortest + 2}
        if breaking is not None:
            held.add(breaking)
        return held

    def _break_tables(self, moves: list[Move]) -> list[int]:
        """Break tables while the players fit at one fewer (R-TOURN-3)."""
        broken = []
        seats = self.structure.seats_per_table
        while (table := self._breaking_table()) is not None and table not in self._busy:
            leaving = list(self._tables[table].items())
            self.rng.shuffle(leaving)
            for from_seat, entry in leaving:
                open_tables = [
                    t
                    for t, taken in self._tables.items()
                    if t != table and t not in self._busy and len(taken) < seats
                ]
                if not open_tables:
                    break  # the others are dealing: go on when they report
                fewest = min(len(self._tables[t]) for t in open_tables)
                to_table = self.rng.choice(
                    [t for t in open_tables if len(self._tables[t]) == fewest]
                )
                taken = self._tables[to_table]
                to_seat = self.rng.choice(
                    [s for s in range(1, seats + 1) if s not in taken]
                )
                moves.append(
                    self._move(
                        entry, table, from_seat, to_table, to_seat, MoveReason.BREAK
                    )
                )
            if self._tables[table]:
                break
            del self._tables[table]
            self._positions.pop(table, None)
            broken.append(table)
        return broken

    def _balance(self, moves: list[Move]) -> None:
        """Move players one at a time from fuller to shorter tables (R-TOURN-2)."""
        seats = self.structure.seats_per_table
        tables = self._tables
        breaking = self._breaking_table()
        while len(tables) > 1:
            counts = {t: len(s) for t, s in tables.items() if t != breaking}
            if not counts:
                return
            shortest = min(counts.values())
            idle = [t for t in counts if t not in self._busy]
            sources = [t for t in idle if len(tables[t]) >= shortest + 2]
            if not sources:
                return
            source = max(sources, key=lambda t: (len(tables[t]), -t))
            targets = [t for t in idle if len(tables[t]) <= len(tables[source]) - 2]
            if not targets:
                return
            target = min(targets, key=lambda t: (len(tables[t]), t))
            from_seat = next_big_blind(
                seats, tables[source].keys(), self._positions.get(source)
            )
            if from_seat is None:
                from_seat = self.rng.choice(sorted(tables[source]))
            to_seat = balance_target_seat(
                seats, tables[target].keys(), self._positions.get(target), self.rng
            )
            entry = tables[source][from_seat]
            moves.append(
                self._move(
                    entry, source, from_seat, target, to_seat, MoveReason.BALANCE
                )
            )

    def _move(
        self,
        entry: str,
        from_table: int,
        from_seat: int,
        to_table: int,
        to_seat: int,
        reason: MoveReason,
    ) -> Move:
        del self._tables[from_table][from_seat]
        stack = self._stacks[entry]
        self._sit(entry, to_table, to_seat, stack)
        move = Move(
            entry,
            from_table,
            from_seat,
            to_table,
            to_seat,
            stack,
            reason,
            self.hands_reported,
        )
        self.moves.append(move)
        return move
