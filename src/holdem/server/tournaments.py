"""The room's tournaments: registering, starting, dealing, moving, paying.

``Tournaments`` keeps every tournament the lobby shows as a
``LiveTournament``: the tournament layer's ``Tournament`` (the pure state),
its entries' accounts and its tables, each a ``TournamentTableRunner`` in
the room's ``runners`` (so commands, sockets, faults and the clock's ticks
reach them as any table's). The room calls ``start`` once and ``tick`` on
each of its ticks.

Everything is in the database (``tournament_store``): a registration, its
money and (when it fills a sit-and-go) the start and the new tables are one
transaction; each hand's settlement writes the tournament's new state, the
places and prizes it made and the tables it closed in the same transaction
as the hand. A restart (or another process) reads the state back, every
table between hands (a hand left running is void), and the level clock goes
on from its last sign of life (``clock_at``, written at least every
``CLOCK_SAVE_SECONDS``): the outage is neither given nor taken.
"""

from __future__ import annotations

import datetime
import logging
import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from holdem.errors import InvalidInputError, StateError
from holdem.rules.actions import short_repr
from holdem.server.config import TableSpec
from holdem.server.errors import (
    NotFoundError,
    NotOwnerError,
    UnavailableError,
    WalletError,
)
from holdem.server.faults import is_database_error
from holdem.server.leases import Key, LeaseLost
from holdem.server.store import Account
from holdem.server.tournament_spec import TournamentSpec
from holdem.server.tournament_store import TournamentRow, TournamentStore
from holdem.server.tournament_table import TournamentTableRunner
from holdem.table import HandRecord
from holdem.table.config import LevelClock
from holdem.tournament import (
    HandOutcome,
    Level,
    Phase,
    Tournament,
    TournamentStructure,
    place_prizes,
)
from holdem.tournament.stored import (
    mark_dealing,
    shift_clock,
    state_json,
    tournament_from_json,
    void_hand,
)

if TYPE_CHECKING:
    from holdem.server.room import Room

__all__ = ["CLOCK_SAVE_SECONDS", "LiveTournament", "Tournaments"]

LOG = logging.getLogger("holdem.server")
CLOCK_SAVE_SECONDS = 1.0
"""How often a running tournament's clock writes its sign of life."""
SHOWN_FINISHED = 20
"""Finished tournaments the lobby keeps showing (the newest)."""


class LiveTournament:
    """One tournament of the room, with its entries' accounts and its tables."""

    def __init__(
        self,
        host: Tournaments,
        tournament_id: int,
        spec: TournamentSpec,
        tournament: Tournament,
        accounts: dict[str, Account],
    ) -> None:
        self.host = host
        self.id = tournament_id
        self.spec = spec
        self.structure: TournamentStructure = tournament.structure
        self.tournament = tournament
        self.accounts = accounts
        """Entry name -> account, for every entry made (refunded ones left out)."""
        self.tables: dict[int, int] = {}
        """Table number -> room table id, for the tables in play."""
        self.cancelled = False
        self.saved_clock: datetime.datetime | None = None

    # ---------------------------------------------------------------- queries

    def clock(self) -> datetime.datetime:
        """The room's clock (the level clock counts from the start on it)."""
        return self.host.room.config.now()

    def runner(self, number: int) -> TournamentTableRunner:
        """The runner of table ``number``."""
        found = self.host.room.runners[self.tables[number]]
        assert isinstance(found, TournamentTableRunner)
        return found

    def may_deal(self, number: int) -> bool:
        """Table ``number`` may start a hand now (the tournament says)."""
        return self.tournament.may_deal(number, self.clock())

    def buy_in_text(self) -> str:
        """The buy-in as a PokerStars header prints it: ``$100+$10 USD``."""
        return f"${self.spec.buy_in}+${self.spec.fee} USD"

    def status(self) -> str:
        """``registering``, ``running``, ``complete`` or ``cancelled``."""
        if self.cancelled:
            return "cancelled"
        return str(self.tournament.phase)

    def level(self) -> tuple[int, Level | None, datetime.datetime | None]:
        """The level now, its stakes (``None`` on a break) and when it ends."""
        tournament = self.tournament
        now = self.clock()
        if tournament.started_at is None:
            first = self.structure.levels[0]
            return 1, first, None
        number, stakes = tournament.level_at(now)
        if self.structure.level_by is not LevelClock.TIME:
            return number, stakes, None
        ends = tournament.started_at
        for item in self.structure.schedule:
            if item.minutes is None:
                return number, stakes, None
            ends += datetime.timedelta(minutes=item.minutes)
            if ends > now:
                return number, stakes, ends
        return number, stakes, None

    def table_json(self, number: int) -> dict[str, Any]:
        """The tournament as its table ``number`` shows it (``snapshot.table``)."""
        level, stakes, ends = self.level()
        return {
            "id": self.id,
            "name": self.spec.name,
            "table": number,
            "status": self.status(),
            "level": level,
            "small_blind": None if stakes is None else stakes.small_blind,
            "big_blind": None if stakes is None else stakes.big_blind,
            "ante": None if stakes is None else stakes.ante,
            "next_level_at": None if ends is None else ends.isoformat(),
            "players_left": self.tournament.remaining,
            "entries": len(self.tournament.entries),
        }

    def lobby_json(self, viewer: Account | None) -> dict[str, Any]:
        """The lobby's view of the tournament (``GET /api/tournaments/{id}``)."""
        tournament = self.tournament
        level, stakes, ends = self.level()
        now = self.clock()
        entries = len(tournament.entries)
        pool = tournament.prize_pool
        prizes = place_prizes(pool, max(entries, 2))
        started = tournament.phase is not Phase.REGISTERING
        stacks = [tournament.stack(e) for e in tournament.entries]
        alive = [s for s in stacks if s]
        paid = self.host.paid(self.id) if viewer is not None else {}
        you = None
        if viewer is not None:
            entry = self._entry_of(viewer.id)
            where = None
            if entry is not None:
                for number, seats in tournament.tables.items():
                    if entry in seats.values() and number in self.tables:
                        where = self.tables[number]
            result = paid.get(viewer.id)
            you = {
                "registered": entry is not None,
                "table_id": where,
                "place": None if result is None else result[0],
                "last_place": None if result is None else result[1],
                "prize": None if result is None else result[2],
            }
        return {
            "id": self.id,
            "name": self.spec.name,
            "kind": self.spec.kind,
            "speed": self.spec.speed,
            "seats": self.spec.seats,
            "buy_in": self.spec.buy_in,
            "fee": self.spec.fee,
            "max_entries": self.structure.max_entries,
            "start_at": self.spec.start_at,
            "status": self.status(),
            "entries": entries,
            "players": list(tournament.entries),
            "prize_pool": pool,
            "prizes": [
                {"place": place, "prize": prize}
                for place, prize in enumerate(prizes, start=1)
                if prize
            ],
            "level": level,
            "small_blind": None if stakes is None else stakes.small_blind,
            "big_blind": None if stakes is None else stakes.big_blind,
            "ante": None if stakes is None else stakes.ante,
            "next_level_at": None if ends is None else ends.isoformat(),
            "seconds_to_next_level": None
            if ends is None
            else max(0, round((ends - now).total_seconds())),
            "players_left": tournament.remaining if started else entries,
            "average_stack": sum(alive) // len(alive) if alive else None,
            "largest_stack": max(alive, default=None),
            "tables": [
                {
                    "table_id": table_id,
                    "number": number,
                    "players": len(tournament.tables.get(number, {})),
                }
                for number, table_id in sorted(self.tables.items())
            ],
            "results": [
                {
                    "players": list(p.entries),
                    "place": p.first_place,
                    "last_place": p.last_place,
                }
                for p in tournament.standings
            ],
            "you": you,
        }

    def _entry_of(self, account_id: int) -> str | None:
        for entry, account in self.accounts.items():
            if account.id == account_id and entry in self.tournament.entries:
                return entry
        return None

    # ------------------------------------------------------------- the hands

    def report(
        self, runner: TournamentTableRunner, hand_id: int, record: HandRecord
    ) -> tuple[Callable[[Any], None], HandOutcome]:
        """Report a finished hand; what to write with its settlement, and why.

        The tournament's state changes here, in memory; the returned writer
        stores it, the places and prizes and the closed tables in the hand's
        settlement transaction. Should that fail, the room's fault path reads
        the state again (``reload_state``).
        """
        tournament = self.tournament
        outcome = tournament.report_hand(runner.number, record, runner.table.positions)
        state = state_json(tournament)
        status = self.status()
        prizes = tournament.prizes()
        placed = [
            (
                self.accounts[entry].id,
                (p.first_place, p.last_place),
                prizes.get(entry, 0),
            )
            for p in outcome.placings
            for entry in p.entries
        ]
        closed = [self.tables[n] for n in outcome.broken if n in self.tables]
        if tournament.is_over:
            closed += [
                self.tables[n] for n in self.tables if self.tables[n] not in closed
            ]
        now = self.clock()
        store = self.host.store
        table_id = runner.table_id

        def write(db: Any) -> None:
            store.save(db, self.id, state, status, now)
            for account_id, places, prize in placed:
                store.place(db, self.id, account_id, places, prize, table_id, hand_id)
            store.close_tables(db, closed)

        self.saved_clock = now
        return write, outcome

    def carry_out(self, runner: TournamentTableRunner, outcome: HandOutcome) -> None:
        """After the settlement: tell the placed, move players, drop broken tables."""
        prizes = self.tournament.prizes()
        for placing in outcome.placings:
            for entry in placing.entries:
                account = self.accounts[entry]
                runner.outbox.append(
                    {
                        "type": "tournament-finish",
                        "to": account.id,
                        "tournament_id": self.id,
                        "place": placing.first_place,
                        "last_place": placing.last_place,
                        "prize": prizes.get(entry, 0),
                    }
                )
        room = self.host.room
        touched: list[TournamentTableRunner] = []
        for move in outcome.moves:
            source, target = self.runner(move.from_table), self.runner(move.to_table)
            account = source.unseat(move.from_seat)
            target.seat_entry(move.to_seat, move.entry, move.stack)
            source.outbox.append(
                {
                    "type": "moved",
                    "to": account.id,
                    "tournament_id": self.id,
                    "table_id": target.table_id,
                    "seat": move.to_seat,
                    "reason": str(move.reason),
                }
            )
            touched += [source, target]
        for number in outcome.broken:
            table_id = self.tables.pop(number, None)
            if table_id is not None:
                gone = room.runners.pop(table_id, None)
                room.tournament_tables.pop(table_id, None)
                if gone is not None and gone not in touched and gone is not runner:
                    touched.append(gone)  # type: ignore[arg-type]
        for other in dict.fromkeys(touched):
            if other is not runner:
                room.publish(other)

    def reload_state(self, void: int | None = None) -> None:
        """Read the stored state again (after a table's fault).

        Tables whose runners are dealing stay busy; ``void``'s hand is void.
        """
        row = self.host.store.tournaments(("running", "complete"))
        found = next((r for r in row if r.id == self.id), None)
        if found is None or found.state is None:
            return
        tournament = tournament_from_json(
            self.structure, found.state, rng=self.host.room.config.rng()
        )
        for number, table_id in self.tables.items():
            other = self.host.room.runners.get(table_id)
            if number != void and other is not None and other.table.hand is not None:
                mark_dealing(tournament, number)
        tournament.started_at = self.tournament.started_at  # the clock runs on
        self.tournament = tournament
        if void is not None:
            void_hand(tournament, void)


class Tournaments:
    """The room's tournaments.

    Args:
        room: the room (its store, clock, runners and bots).
    """

    def __init__(self, room: Room) -> None:
        self.room = room
        self.store = TournamentStore(room.store)
        self.live: dict[int, LiveTournament] = {}

    # ------------------------------------------------------------ the start

    def start(self) -> None:
        """Load the newest finished tournaments, for the lobby.

        A tournament not finished is run by the process holding its lease
        (``adopt``): all of its tables are dealt there, so hand for hand
        (R-TOURN-4) and balancing (R-TOURN-2) see every table at once.
        """
        self._catch_up()

    def _catch_up(self) -> None:
        """Load the finished tournaments shown that this process lacks."""
        for tournament_id in self.store.finished_ids(SHOWN_FINISHED):
            if tournament_id not in self.live:
                row = self.store.row(tournament_id)
                if row is not None:
                    self._load(row, tables=False)

    def lines(self, written: Mapping[Key, dict[str, Any]]) -> dict[Key, dict[str, Any]]:
        """The lobby lines of the tournaments run here changed since ``written``.

        They go into the lease rows, from which every process shows them.

        A tournament finished here gives its lease up (``Leases.close``):
        nothing is left to run, and every process reads it from the
        database from then on (``lobby``).
        """
        changed: dict[Key, dict[str, Any]] = {}
        leases = self.room.leases
        for tournament_id, live in self.live.items():
            key = ("tournament", tournament_id)
            if key not in leases.held:
                continue
            if live.status() in ("complete", "cancelled"):
                leases.close(key)
                leases.held.pop(key, None)
                continue
            try:
                line = live.lobby_json(None)
            except Exception:  # one tournament's line stops nothing else
                LOG.exception("tournament %d: no lobby line", tournament_id)
                continue
            if written.get(key) != line:
                changed[key] = line
        return changed

    def adopt(self, tournament_id: int) -> None:
        """Run a tournament whose lease this process just took.

        A running tournament's clock is moved on by the outage (the time
        from its last sign of life to now), each of its tables' unfinished
        hands is void, and its tables are dealt again from their last
        complete hands.
        """
        row = next(
            (
                r
                for r in self.store.tournaments(("registering", "running"))
                if r.id == tournament_id
            ),
            None,
        )
        if row is None:
            return
        try:
            self._load(row, tables=True)
        except Exception as error:  # a fault stops this tournament at most
            if is_database_error(error) or isinstance(error, LeaseLost):
                raise
            LOG.exception("tournament %d could not be loaded", row.id)

    def drop(self, tournament_id: int) -> None:
        """Stop running a tournament whose lease this process lost."""
        live = self.live.pop(tournament_id, None)
        if live is None:
            return
        for table_id in live.tables.values():
            self.room.runners.pop(table_id, None)
            self.room.tournament_tables.pop(table_id, None)
            for connection in list(self.room.connections.get(table_id, ())):
                connection.close(1012, "the tournament moved to another process")

    def _load(self, row: TournamentRow, *, tables: bool) -> None:
        config = self.room.config
        spec = TournamentSpec.from_json(row.spec)
        structure = spec.structure()
        entries = self.store.entries(row.id)
        accounts = {
            e.entry: self.room.store.account(e.account_id)
            for e in entries
            if e.status != "refunded"
        }
        if row.state is None:
            tournament = Tournament(structure, rng=config.rng())
            for e in entries:
                if e.status == "registered":
                    tournament.register(e.entry)
        else:
            tournament = tournament_from_json(structure, row.state, rng=config.rng())
        live = LiveTournament(self, row.id, spec, tournament, accounts)
        live.cancelled = row.status == "cancelled"
        self.live[row.id] = live
        if not tables or tournament.phase is not Phase.RUNNING:
            return
        now = config.now()
        if row.clock_at is not None:
            shift_clock(tournament, (now - row.clock_at).total_seconds())
        playing = {
            n: t for n, t in self.store.tables(row.id).items() if n in tournament.tables
        }
        for table_id in playing.values():
            self.room.tournament_tables[table_id] = row.id
        self.room.store.void_running_hands(sorted(playing.values()))
        with self.store.engine.begin() as db:
            self.store.save(db, row.id, state_json(tournament), "running", now)
        live.saved_clock = now
        for number, table_id in playing.items():
            self._open_runner(live, number, table_id)

    def _open_runner(self, live: LiveTournament, number: int, table_id: int) -> None:
        room = self.room
        spec = _table_spec(live, number)
        runner = TournamentTableRunner(
            table_id,
            spec,
            room.store,
            room.config,
            room.config.make_bot,
            live,
            number,
        )
        runner.telemetry = room.telemetry
        room.runners[table_id] = runner
        room.tournament_tables[table_id] = live.id
        live.tables[number] = table_id
        runner.load()

    # ----------------------------------------------------------- the lobby

    def get(self, tournament_id: object) -> LiveTournament:
        """The tournament ``tournament_id``, run (or shown) here.

        Raises:
            NotOwnerError: another process runs it (``address``: where its
                routes are; docs/protocol.md, Many processes).
            UnavailableError: its process stopped; another takes it over
                within ``config.lease_seconds``.
            NotFoundError: for an unknown one.
        """
        found = self.live.get(tournament_id) if type(tournament_id) is int else None
        if found is not None:
            return found
        if type(tournament_id) is int and 0 < tournament_id < 2**31:
            self._catch_up()
            if tournament_id in self.live:
                return self.live[tournament_id]
            key = ("tournament", tournament_id)
            if self.store.row(tournament_id) is not None:
                owner = self.room.leases.owner(key)
                if owner is not None and owner.process != self.room.config.process_id:
                    raise NotOwnerError(
                        f"tournament {tournament_id} is run by another server"
                        f" process of this room, at {owner.address or '/'}",
                        address=owner.address,
                    )
                self.room.hint()
                seconds = math.ceil(self.room.config.lease_seconds)
                raise UnavailableError(
                    f"tournament {tournament_id} is moving to another server"
                    f" process; it runs again within {seconds} s",
                    retry_after=seconds,
                )
        raise NotFoundError(f"no tournament {short_repr(tournament_id)}")

    def lobby(self, viewer: Account | None) -> list[dict[str, Any]]:
        """Every tournament shown, newest first.

        Those run or shown here come with the viewer's entry; those other
        processes run are their owners' last lines, each with ``address``
        (where its routes are: docs/protocol.md, Many processes).
        """
        self._catch_up()
        lines = {i: t.lobby_json(viewer) for i, t in self.live.items()}
        for tournament_id, line, owner in self.room.leases.tournament_lines():
            if tournament_id not in lines:
                lines[tournament_id] = {
                    **line,
                    "address": owner.address if owner else "",
                }
        return [lines[i] for i in sorted(lines, reverse=True)]

    def paid(
        self, tournament_id: int
    ) -> dict[int, tuple[int | None, int | None, int | None]]:
        """Account -> (place, last place covered, prize) of each entry placed."""
        return {
            e.account_id: (e.place, e.last_place, e.prize)
            for e in self.store.entries(tournament_id)
            if e.status == "placed"
        }

    def create(self, body: object, creator: Account) -> LiveTournament:
        """Create a tournament from a lobby request and register its bots.

        Raises:
            InvalidInputError: a spec out of range.
        """
        spec = TournamentSpec.from_json(body)
        structure = spec.structure()
        now = self.room.config.now()
        start = structure.start_time
        if start is not None and start <= now:
            raise InvalidInputError(
                f"start_at must be in the future (now {now.isoformat()})"
            )

        def place(db: Any, made: int) -> None:
            self.room.leases.place(db, ("tournament", made), here=True)

        tournament_id = self.store.create(spec.to_json(), creator.id, place=place)
        tournament = Tournament(structure, rng=self.room.config.rng())
        live = LiveTournament(self, tournament_id, spec, tournament, {})
        self.live[tournament_id] = live
        for _ in range(spec.bots):
            taken = {a.id for a in live.accounts.values()}
            bot = self.room._bot_account(taken)
            self.register(tournament_id, bot)
        return live

    def register(self, tournament_id: object, account: Account) -> LiveTournament:
        """Enter ``account``: buy-in and fee from its wallet (a bot's staked).

        A sit-and-go that this entry fills starts now: its seats are drawn
        and its table opened in the same transaction (R-TOURN-1).

        Raises:
            NotFoundError: an unknown tournament.
            StateError: registration closed, or already registered.
            WalletError: the wallet holds less than the buy-in and fee.
        """
        live = self.get(tournament_id)
        tournament = live.tournament
        spec = live.spec
        if live.cancelled:
            raise StateError(f"tournament {live.id} was cancelled")
        staked = account.kind == "bot"
        price = spec.buy_in + spec.fee
        if not staked:
            balance = self.room.store.account(account.id).balance
            if balance < price:
                raise WalletError(
                    f"the wallet holds {balance} chips: the buy-in and fee are"
                    f" {spec.buy_in} + {spec.fee} = {price}"
                )
        before = state_json(tournament)
        entry = account.name
        now = self.room.config.now()
        seatings = tournament.register(entry, now)
        tables = {s.table: _table_spec(live, s.table).to_json() for s in seatings}
        try:
            opened = self.store.register(
                live.id,
                account.id,
                entry,
                buy_in=spec.buy_in,
                fee=spec.fee,
                staked=staked,
                start=state_json(tournament) if seatings else None,
                tables=tables,
            )
        except Exception:
            live.tournament = tournament_from_json(
                live.structure, before, rng=tournament.rng
            )
            raise
        live.accounts[entry] = account
        live.saved_clock = now
        for number, table_id in sorted(opened.items()):
            self._open_runner(live, number, table_id)
        return live

    def unregister(self, tournament_id: object, account: Account) -> LiveTournament:
        """Take ``account`` off before the start: buy-in and fee back (R-TOURN-1).

        Raises:
            NotFoundError: an unknown tournament.
            StateError: after the start, or not registered.
        """
        live = self.get(tournament_id)
        before = state_json(live.tournament)
        live.tournament.unregister(account.name)
        try:
            self.store.unregister(live.id, account.id)
        except Exception:
            live.tournament = tournament_from_json(
                live.structure, before, rng=live.tournament.rng
            )
            raise
        live.accounts.pop(account.name, None)
        return live

    # ------------------------------------------------------------ the clock

    def tick(self) -> None:
        """Start multi-table tournaments at their time; write the clocks' life."""
        now = self.room.config.now()
        for live in list(self.live.values()):
            tournament = live.tournament
            if live.cancelled or tournament.is_over:
                continue
            try:
                if tournament.phase is Phase.REGISTERING:
                    start = live.structure.start_time
                    if start is not None and now >= start:
                        self._start_mtt(live, now)
                    continue
                saved = live.saved_clock
                if saved is None or (now - saved).total_seconds() >= CLOCK_SAVE_SECONDS:
                    self.store.heartbeat(live.id, now)
                    live.saved_clock = now
            except Exception:  # one tournament's error stops it at most
                LOG.exception("tournament %d met an error on the clock", live.id)

    def _start_mtt(self, live: LiveTournament, now: datetime.datetime) -> None:
        tournament = live.tournament
        if len(tournament.entries) < 2:
            for entry in list(tournament.entries):
                self.unregister(live.id, live.accounts[entry])
            with self.store.engine.begin() as db:
                self.store.save(db, live.id, state_json(tournament), "cancelled", now)
            live.cancelled = True
            return
        seatings = tournament.start(now)
        tables = {s.table: _table_spec(live, s.table).to_json() for s in seatings}
        with self.store.engine.begin() as db:
            opened = self.store.open_tables(db, live.id, tables)
            self.store.save(db, live.id, state_json(tournament), "running", now)
        live.saved_clock = now
        for number, table_id in sorted(opened.items()):
            self._open_runner(live, number, table_id)


def _table_spec(live: LiveTournament, number: int) -> TableSpec:
    """The room's spec of a tournament table (its blinds: the first level's)."""
    first = live.structure.levels[0]
    return TableSpec(
        name=f"{live.spec.name[:30]} #{live.id}-{number}",
        small_blind=first.small_blind,
        big_blind=first.big_blind,
        seat_count=live.structure.seats_per_table,
    )
