"""The room: its tables, accounts and open connections, and the clock's ticks.

``Room`` is what the web app talks to. It loads the tables from the store at
start (a hand left running by a crash is void: its chips never left the
seats), makes the demo table with bots when there is none, runs every
command on a table's ``TableRunner`` and sends each connection its own
snapshot after every change.

A fault stops one table at most: an error in a table's step (the clock's or
a command's) voids that table's running hand by the crash-safety path (the
same as a restart's: the hand row is void, the table is loaded again from
the database), is logged with the table and hand, and pauses that table
for a while (``Pause``; a back-off that doubles with each fault in a row).
A database error is nobody's fault: the room waits for the database
(``DatabaseWatch``), then loads again the tables it failed under.
"""

from __future__ import annotations

import asyncio
import datetime
import functools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from holdem.errors import HoldemError, InvalidInputError, TableError
from holdem.rules.actions import short_repr
from holdem.rules.config import MAX_CHIPS
from holdem.server.accounts import Accounts
from holdem.server.chat import Chat
from holdem.server.config import ServerConfig, TableSpec
from holdem.server.errors import (
    AuthError,
    ForbiddenError,
    LimitError,
    NotFoundError,
    NotOwnerError,
    RateLimitedError,
    UnavailableError,
)
from holdem.server.faults import LOG, DatabaseWatch, describe, is_database_error
from holdem.server.leases import Key, LeaseLost, Leases, socket_path
from holdem.server.outbox import Outbox, encode
from holdem.server.runner import Pause, TableRunner
from holdem.server.snapshot import snapshot, table_summary, you_json
from holdem.server.store import Account, Store
from holdem.server.telemetry import Telemetry
from holdem.server.tournaments import Tournaments
from holdem.table import TableConfig

__all__ = ["BOT_NAMES", "Connection", "Room"]

ADOPT_AT_ONCE = 4
"""Tables (or tournaments) taken over per tick: a process taking over a dead
one's many tables loads a few each tick (0.1 s), never all in one pass of
the event loop (33 tables had held it 1.8 s)."""

BOT_NAMES = (
    "Bot Ada",
    "Bot Bea",
    "Bot Cyd",
    "Bot Dov",
    "Bot Eli",
    "Bot Fay",
    "Bot Gus",
    "Bot Hal",
    "Bot Ivy",
    "Bot Jon",
)


@dataclass(eq=False, slots=True)
class Connection:
    """An open WebSocket: whose it is and the messages waiting to be sent.

    Made inside the event loop that serves the socket; ``send`` may be called
    from any thread (a test client runs each socket in a loop of its own).
    ``balance`` is the viewer's wallet as last read, ``seated`` whether the
    viewer held a seat at the last publish (``Room.publish`` reads wallets
    only for those and for seated viewers).
    """

    table_id: int
    account: Account | None
    address: str = ""
    queue: Outbox = field(default_factory=lambda: Outbox(64))
    loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.get_running_loop)
    balance: int | None = None
    balance_read: tuple[Any, ...] | None = None
    """When ``balance`` was read: the table's hand and the account's count
    of wallet writes in this process (``Store.wallet_writes``) then."""
    seated: bool = False
    session: str | None = None
    """The hash of the session token it was opened with (``token_hash``)."""
    close_code: int | None = None
    """Set by ``close``: the socket takes no more commands."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (encoded here) for the socket."""
        self.send_text(encode(message))

    def send_text(self, text: str, snapshot: bool = False) -> None:
        """Queue encoded JSON ``text``; ``snapshot``: a whole ``table`` message."""
        self._call(functools.partial(self.queue.put, text, snapshot=snapshot))

    def close(self, code: int, reason: str) -> None:
        """Close the socket with ``code`` once what waits is sent; no more commands."""
        self.close_code = code
        self._call(functools.partial(self.queue.close, code, reason))

    def _call(self, call: Callable[[], None]) -> None:
        """Run ``call`` on the socket's event loop (now if already on it)."""
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if here is self.loop:
            call()
        else:
            self.loop.call_soon_threadsafe(call)


class Room:
    """The room's tables and accounts over a store.

    Args:
        config: the room's settings.
        store: the database (migrated).
    """

    def __init__(self, config: ServerConfig, store: Store) -> None:
        self.config = config
        self.store = store
        self.accounts = Accounts(store, config)
        self.runners: dict[int, TableRunner] = {}
        self.connections: dict[int, set[Connection]] = {}
        self.anonymous: dict[str, int] = {}  # address -> sockets without a session
        self.sockets_of: dict[int, int] = {}  # account id -> sockets
        self.voided = 0
        self.unloadable: dict[int, str] = {}
        """Tables that could not be loaded at start (id -> why): leave only."""
        self.database = DatabaseWatch(store, config.now, config.database_retry_seconds)
        self.last_tick: datetime.datetime | None = None
        """When the clock last finished a tick (``tick``)."""
        self.telemetry = Telemetry(self.connections)
        self.tournaments = Tournaments(self)
        self.chat = Chat(config, store)
        self.leases = Leases(
            store.engine,
            process=config.process_id,
            address=config.advertise,
            ttl_seconds=config.lease_seconds,
        )
        store.fence = self._fence
        self.sole = store.engine.dialect.name == "sqlite"
        """SQLite: this is the room's one process (``holdem serve`` locks
        the file), so every lease is its own at start."""
        self.next_lease_round: datetime.datetime | None = None
        self.to_adopt: list[Key] = []
        """Leases taken and not yet loaded, oldest first (``ADOPT_AT_ONCE``
        a tick, so that taking over many tables never holds the loop long)."""
        self.summaries: dict[Key, dict[str, Any]] = {}
        """The lobby lines last written for what this process runs."""
        self.tournament_tables: dict[int, int] = {}
        """Table id -> tournament id, for the tables of tournaments run here."""
        """The lobby line last written for each table dealt here."""

    def start(self) -> None:
        """Join the room's processes, deal this process's share of the tables.

        Registers this process (``server.leases``), makes the demo table
        when the room has none (once, whichever process starts first: under
        the database's room lock), then takes the leases that are free,
        lapsed or still named for this process, and deals those tables:
        each one's unfinished hand is void first (a crash's, or a dead
        process's: every chip back where the hand began).
        """
        self.leases.register()
        self.last_tick = self.config.now()
        with self.store.room_lock():
            if not self.store.tables() and self.config.demo_table is not None:
                self.create_table(self.config.demo_table, bots=self.config.demo_bots)
        self.tournaments.start()
        self.lease_round(first=True)

    def stop(self) -> None:
        """Hand this process's tables to the others at once (a clean stop).

        Each running hand is void (its chips never left the seats), every
        lease is freed and the sockets are closed with 1012 ("service
        restart"): pages reconnect and are sent to the new owner.
        """
        for runner in list(self.runners.values()):
            self._close_sockets(runner.table_id, 1012, "the server is restarting")
        try:
            mine = [ref for kind, ref in self.leases.held if kind == "table"]
            mine += [i for i in self.runners if i not in mine]
            self.store.void_running_hands(sorted(mine))
        except LeaseLost:
            pass
        self.leases.release()

    # ---------------------------------------------------------------- leases

    def lease_round(self, *, first: bool = False) -> None:
        """Renew this process's leases, take free ones, stop lost ones.

        Run at start and from the clock every quarter of
        ``config.lease_seconds`` (sooner after a hint: ``hint``). Also
        writes the lobby lines of this process's tables that changed.
        """
        now = self.config.now()
        self.next_lease_round = now + datetime.timedelta(
            seconds=self.config.lease_seconds / 4
        )
        taken = self.leases.claim(everything=self.sole and first)
        lost, assigned = self.leases.heartbeat()
        # a table dealt here whose lease is gone (taken over, or a fenced
        # write already let go of it) stops here too
        lost |= {
            ("table", ref)
            for ref in self.runners
            if ref not in self.tournament_tables
            and ("table", ref) not in self.leases.held
        }
        for key in sorted(lost):
            self._drop(key, "another process of the room deals it now")
        for key in sorted(assigned):
            try:
                self.leases.adopted(key)
            except LeaseLost:
                continue
            taken.append(key)
        self.to_adopt += [key for key in taken if key not in self.to_adopt]
        self.adopt_some(len(self.to_adopt) if first else ADOPT_AT_ONCE)
        changed: dict[Key, dict[str, Any]] = {}
        for table_id, runner in self.runners.items():
            if table_id in self.tournament_tables:
                continue
            line = table_summary(runner)
            if self.summaries.get(("table", table_id)) != line:
                changed[("table", table_id)] = line
        changed.update(self.tournaments.lines(self.summaries))
        self.summaries.update(changed)
        self.leases.write_summaries(changed)

    def adopt_some(self, count: int) -> None:
        """Load up to ``count`` of the leases taken (``to_adopt``)."""
        while self.to_adopt and count > 0:
            key = self.to_adopt.pop(0)
            count -= 1
            if key in self.leases.held:  # not lost meanwhile
                self._adopt(key)

    def hint(self) -> None:
        """Another process changed the leases: look at them at the next tick."""
        self.next_lease_round = None

    def lobby(self, after: int, limit: int) -> tuple[list[dict[str, Any]], int | None]:
        """A lobby page over every process: ``(lines, next page's after)``.

        Read from the database, so any process answers for the whole room:
        a table dealt here has its line as of now, another's the line its
        owner last wrote (every quarter of ``config.lease_seconds``). Each
        line has ``socket``, the table's WebSocket address (its owner's,
        docs/protocol.md); a table moving between processes is ``status``
        ``moving`` with the room's generic address. While the database is
        unreachable, the page holds this process's own tables only.
        """
        try:
            rows = self.leases.lobby(after, limit + 1)
        except Exception as error:
            if not is_database_error(error):
                raise
            self.database.failed(error)
            return self._own_lobby(after, limit)
        lines = []
        for row in rows[:limit]:
            if row.summary is not None and "unloadable" in row.summary:
                continue  # its players may leave it (``command``); nobody sits
            runner = self.runners.get(row.table_id)
            if runner is not None:
                line = table_summary(runner)
                address = self.config.advertise
            elif row.summary is not None and row.owner is not None:
                line = dict(row.summary)
                address = row.owner.address
            else:
                spec = TableSpec.from_json(row.spec)
                unloaded = TableRunner(
                    row.table_id, spec, self.store, self.config, self.config.make_bot
                )
                line = table_summary(unloaded)
                line["status"] = {
                    "code": "moving",
                    "message": "the table is moving to another server process",
                    "until": None,
                }
                address = "" if row.owner is None else row.owner.address
            line["socket"] = socket_path(address, row.table_id)
            lines.append(line)
        following = rows[limit - 1].table_id if len(rows) > limit else None
        return lines, following

    def _own_lobby(
        self, after: int, limit: int
    ) -> tuple[list[dict[str, Any]], int | None]:
        """``lobby`` from this process's tables alone (the database is away)."""
        ids = sorted(
            i for i in self.runners if i > after and i not in self.tournament_tables
        )
        lines = []
        for table_id in ids[:limit]:
            line = table_summary(self.runners[table_id])
            line["socket"] = socket_path(self.config.advertise, table_id)
            lines.append(line)
        return lines, ids[limit - 1] if len(ids) > limit else None

    def _adopt(self, key: Key) -> None:
        """Deal a table (or run a tournament) whose lease was just taken."""
        kind, ref = key
        if kind == "tournament":
            self.tournaments.adopt(ref)
            return
        try:
            spec = TableSpec.from_json(self.store.table_spec(ref))
            voided = self.store.void_running_hands([ref])
            self.voided += voided
            runner = self._runner(ref, spec)
            runner.load()
        except LeaseLost:
            self.runners.pop(ref, None)
            return
        except Exception as error:  # a table that cannot load stops alone
            if is_database_error(error):
                self.runners.pop(ref, None)
                self.leases.held.pop(key, None)
                raise
            self.runners.pop(ref, None)
            self.unloadable[ref] = describe(error)
            self.leases.write_summaries({key: {"id": ref, "unloadable": True}})
            LOG.error(
                "table %d could not be loaded: %s; its players may leave",
                ref,
                self.unloadable[ref],
                exc_info=error,
                extra={"table_id": ref, "hand_id": None},
            )
            return
        LOG.info(
            "table %d is dealt here now (%d unfinished hand%s void)",
            ref,
            voided,
            "" if voided == 1 else "s",
            extra={"table_id": ref, "hand_id": None},
        )
        self.publish(runner)

    def _drop(self, key: Key, why: str) -> None:
        """Stop dealing a table whose lease this process lost."""
        kind, ref = key
        self.leases.held.pop(key, None)
        self.summaries.pop(key, None)
        if kind == "tournament":
            self.tournaments.drop(ref)
            return
        self.runners.pop(ref, None)
        LOG.warning(
            "table %d is no longer dealt here: %s",
            ref,
            why,
            extra={"table_id": ref, "hand_id": None},
        )
        self._close_sockets(ref, 1012, f"table {ref} moved to another server process")

    def _close_sockets(self, table_id: int, code: int, reason: str) -> None:
        for connection in list(self.connections.get(table_id, ())):
            connection.close(code, reason)

    def _fence(self, db: Any, table_id: int) -> None:
        """``Store.fence``: this process must hold the table's lease.

        A tournament's table is leased with its tournament (one process runs
        a tournament and deals all of its tables).
        """
        tournament = self.tournament_tables.get(table_id)
        if tournament is not None:
            self.leases.fence(db, ("tournament", tournament))
        else:
            self.leases.fence(db, ("table", table_id))

    # ---------------------------------------------------------------- tables

    def create_table(
        self, spec: TableSpec, *, bots: int = 0, maker: Account | None = None
    ) -> tuple[int, TableRunner | None]:
        """Store a new table with ``bots`` bots seated; its id and runner.

        All or nothing: the table and its bots' buy-ins (staked by the
        house, ``Store.create_table``) are one transaction, so a table whose
        bots cannot sit is not made. The runner is ``None`` when the new id
        goes to another process of the room (the least loaded: its lease is
        placed there, ``Leases.place``), which deals it (with its bots) from
        its next lease round, at once when hinted.
        ``maker`` is the account asking (``None``: the room itself), held to
        ``max_open_tables_per_account`` and ``table_creations`` per
        ``table_creation_window_seconds``.

        Raises:
            InvalidInputError: for a bots count outside 0..seat_count.
            TableError: the bots could not be seated (no table is made).
            LimitError: ``maker`` has its most open tables already.
            RateLimitedError: ``maker`` made its most tables this window.
        """
        rules = spec.table_config()
        spec.clock(self.config)  # R-TIME-1: refuse a clock that cannot run
        if type(bots) is not int or not 0 <= bots <= rules.seat_count:
            raise InvalidInputError(
                f"bots must be 0..{rules.seat_count}, got {short_repr(bots)}"
            )
        self._check_policy(spec, rules, maker)
        if maker is not None:
            self._check_tables_made(maker)
        seats = range(1, rules.seat_count + 1)
        spread = [*seats[::2], *seats[1::2]]  # 1, 3, 5, ..., then 2, 4, ...
        chosen: dict[int, tuple[int, int]] = {}
        for seat in spread[:bots]:
            account = self._bot_account({a for a, _ in chosen.values()})
            chosen[seat] = (account.id, rules.max_buy_in)
        owners: list[str] = []
        try:
            table_id = self.store.create_table(
                spec.to_json(),
                bots=chosen,
                created_by=None if maker is None else maker.id,
                place=lambda db, made: owners.append(
                    self.leases.place(db, ("table", made))
                ),
            )
        except HoldemError as error:
            raise TableError(
                f"no table was made: its {bots} bots could not be seated ({error})"
            ) from None
        here = owners == [self.config.process_id]
        self.telemetry.table_created(table_id, spec.name, here)
        if not here:
            return table_id, None
        runner = self._runner(table_id, spec)
        runner.load()
        return table_id, runner

    def _leave_stored(self, table_id: int, account: Account) -> None:
        """Cash out ``account``'s stored seat at a table that is not dealing.

        The seat holds what the last settled hand left it (a running hand
        changes no stored chip): the crash-safety path's own account.

        Raises:
            ForbiddenError: no stored seat of ``account`` at the table.
        """
        for row in self.store.seats(table_id):
            if row.account.id == account.id:
                self.store.cash_out(table_id, row.seat, account.id)
                return
        raise ForbiddenError("you have no seat at this table")

    def _check_policy(
        self, spec: TableSpec, rules: TableConfig, maker: Account | None
    ) -> None:
        """The house's limits on a new table (400 ``InvalidInputError``).

        Every chip the table can hold fits in one stack: the largest buy-in
        times the seats is at most ``MAX_CHIPS`` (a stack won above it
        could not be dealt or loaded again). A player's table takes at most
        ``config.max_rake_percent`` rake.
        """
        if rules.max_buy_in * rules.seat_count > MAX_CHIPS:
            raise InvalidInputError(
                f"the largest buy-in times the seats ({rules.max_buy_in} x"
                f" {rules.seat_count}) is over {MAX_CHIPS:,} chips, the most one"
                f" stack may hold: at most {MAX_CHIPS // rules.seat_count} here"
            )
        limit = self.config.max_rake_percent
        if maker is not None and spec.rake_percent > limit:
            raise InvalidInputError(
                f"rake_percent is 0..{limit} at a player's table, got"
                f" {spec.rake_percent}"
            )

    def _check_tables_made(self, maker: Account) -> None:
        config = self.config
        window = datetime.timedelta(seconds=config.table_creation_window_seconds)
        now = config.now()
        open_count, recent = self.store.tables_made(maker.id, now - window)
        if open_count >= config.max_open_tables_per_account:
            raise LimitError(
                f"{maker.name} has {open_count} open tables, the most one account"
                f" may have ({config.max_open_tables_per_account}): play at one"
                " of them or at another player's table"
            )
        if len(recent) >= config.table_creations:
            wait = recent[len(recent) - config.table_creations] + window - now
            seconds = max(1, math.ceil(wait.total_seconds()))
            raise RateLimitedError(
                f"{maker.name} made {len(recent)} tables in the last"
                f" {config.table_creation_window_seconds:g} s, the most allowed"
                f" ({config.table_creations}): try again in {seconds} s",
                retry_after=seconds,
            )

    def runner(self, table_id: object) -> TableRunner:
        """The table ``table_id``, dealt by this process.

        Raises:
            NotOwnerError: for a table another process deals (with the
                socket address where it lives).
            UnavailableError: for a table between two processes (its
                owner stopped; another takes it over within
                ``config.lease_seconds``).
            NotFoundError: for an unknown table.
        """
        found = self.runners.get(table_id) if type(table_id) is int else None
        if found is None:
            if type(table_id) is int and 0 < table_id < 2**31:
                self.check_owner(table_id)
            raise NotFoundError(f"no table {short_repr(table_id)}")
        return found

    def check_owner(self, table_id: int) -> None:
        """Say where a table not dealt here lives; return if nowhere.

        Raises:
            NotOwnerError: another live process deals it; ``socket`` is its
                WebSocket address (docs/protocol.md, Many processes).
            UnavailableError: its lease is free or lapsed, or given to this
                process and not yet loaded: a process deals it within
                ``config.lease_seconds``.
        """
        key = self.leases.key_of_table(table_id)
        if key is None or table_id in self.unloadable:
            return
        owner, left = self.leases.where(key)
        if owner is not None and owner.process != self.config.process_id:
            socket = socket_path(owner.address, table_id)
            raise NotOwnerError(
                f"table {table_id} is dealt by another server process of this"
                f" room, at {socket}",
                address=owner.address,
                socket=socket,
            )
        # free or lapsed, or just given to this process and not yet
        # loaded: this process looks at once (``hint``), unless it is
        # already loading it (``to_adopt``)
        if key not in self.to_adopt:
            self.hint()
        # the lease left, then a quarter lease for a process's next round
        seconds = max(1, math.ceil(left + self.config.lease_seconds / 4))
        raise UnavailableError(
            f"table {table_id} is moving to another server process (its"
            f" process stopped); it deals again within {seconds} s",
            retry_after=seconds,
        )

    def bot_account(self, runner: TableRunner) -> Account:
        """A bot's account not yet seated at ``runner``'s table (made if new)."""
        return self._bot_account({o.account.id for o in runner.occupants.values()})

    def _bot_account(self, seated: set[int]) -> Account:
        """A bot's account whose id is not in ``seated`` (made if new).

        Raises:
            TableError: every bot is in ``seated``.
        """
        for name in BOT_NAMES:
            account = self.store.account_by_name(name)
            if account is not None and account.id in seated:
                continue
            if account is None:
                account = self.store.create_account(
                    name, "bot", None, self.config.bot_chips
                )
            return account
        raise TableError("every bot is seated here already")

    def command(
        self, table_id: object, account: Account | None, kind: str, body: dict[str, Any]
    ) -> TableRunner:
        """Carry out a player's command at a table and publish the change.

        ``kind`` is one of ``act``, ``sit``, ``leave``, ``sit-out``,
        ``come-back``, ``add-chips``, ``options``, ``bots``, ``entropy`` with
        the body of docs/protocol.md.

        A table that fails under the command (not a refusal) is paused and
        its hand void (``fault``); a database error leaves the table to be
        loaded again once the database answers.

        Raises:
            NotFoundError: an unknown table.
            AuthError: no session.
            InvalidInputError: an unknown command or a malformed body.
            UnavailableError: the database is unreachable, or the table
                failed under the command (HTTP 503).
            HoldemError: whatever the table refuses (nothing changes).
        """
        started = self.telemetry.perf()
        if type(table_id) is int and table_id in self.unloadable:
            if account is None:
                raise AuthError("log in to play")
            if kind != "leave":
                raise UnavailableError(
                    f"table {table_id} could not be loaded"
                    f" ({self.unloadable[table_id]}): you may only leave it"
                )
            self._leave_stored(table_id, account)
            raise UnavailableError(
                f"table {table_id} could not be loaded; you left it and your"
                " chips are back in your wallet"
            )
        runner = self.runner(table_id)
        if account is None:
            raise AuthError("log in to play")
        if self.database.is_down:
            raise UnavailableError(
                "the room's database is unreachable: nothing changed; try again"
                " in a few seconds"
            )
        if runner.stale:
            if kind == "leave":  # the seat's stored chips go back to the wallet
                self._leave_stored(runner.table_id, account)
                runner.occupants = {
                    s: o
                    for s, o in runner.occupants.items()
                    if o.account.id != account.id
                }
                self.publish(runner)
                return runner
            reason = "" if runner.paused is None else f" ({runner.paused.reason})"
            raise UnavailableError(
                f"table {runner.table_id} could not be loaded again{reason}; it"
                " is paused and tried again later. You may leave: your chips as"
                " the last complete hand left them go back to your wallet"
            )
        try:
            self._command(runner, account, kind, body)
        except HoldemError:
            raise
        except LeaseLost as lost:  # another process deals it now
            self._drop(lost.key, "another process of the room deals it now")
            self.check_owner(runner.table_id)
            raise UnavailableError(
                f"table {runner.table_id} is moving to another server process:"
                " nothing changed; try again in a few seconds",
                retry_after=math.ceil(self.config.lease_seconds),
            ) from None
        except Exception as error:  # a fault stops this table at most
            if is_database_error(error):
                runner.stale = True
                self.database.failed(error, runner.table_id)
                raise UnavailableError(
                    "the room's database is unreachable: try again in a few seconds"
                ) from None
            self.fault(runner, error)
            raise UnavailableError(
                f"table {runner.table_id} met an error and is paused; its"
                " hand is void and every seat holds what it held when the hand"
                " began"
            ) from None
        self.publish(runner)
        self.telemetry.command_done(kind, started)
        return runner

    def _command(
        self, runner: TableRunner, account: Account, kind: str, body: dict[str, Any]
    ) -> None:
        match kind:
            case "act":
                runner.act(account.id, body.get("action"), body.get("amount"))
            case "sit":
                fresh = self.store.account(account.id)
                runner.sit(fresh, body.get("seat"), body.get("buy_in"))  # type: ignore[arg-type]
            case "leave":
                runner.leave(account.id)
            case "entropy":
                runner.add_entropy(account.id, body.get("text"))
            case "sit-out":
                runner.sit_out(account.id)
            case "come-back":
                runner.come_back(account.id)
            case "add-chips":
                runner.add_chips(account.id, body.get("chips"))  # type: ignore[arg-type]
            case "options":
                runner.set_options(
                    account.id, {k: v for k, v in body.items() if k != "type"}
                )
            case "bots":
                seat = body.get("seat")
                if seat is not None and type(seat) is not int:
                    raise InvalidInputError(
                        f"seat must be an integer, got {short_repr(seat)}"
                    )
                runner.add_bot(self.bot_account(runner), seat)
            case _:
                raise InvalidInputError(f"unknown command {short_repr(kind)}")

    # ------------------------------------------------------------ connections

    def connect(
        self, table_id: int, account: Account | None, address: str = ""
    ) -> Connection:
        """Register a WebSocket from ``address`` watching (or playing at) a table.

        Only the new socket is sent the table unless its viewer holds a seat
        there (the others then see the seat connected).

        Raises:
            NotFoundError: for an unknown table.
            LimitError: past ``max_spectators_per_table``,
                ``max_spectators_per_address`` (sockets without a session)
                or ``max_sockets_per_account``.
        """
        runner = self.runner(table_id)
        seated = account is not None and runner.seat_of(account.id) is not None
        self._check_caps(runner, account, address, seated=seated)
        connection = Connection(
            table_id, account, address, Outbox(self.config.max_queued_messages)
        )
        self.connections.setdefault(table_id, set()).add(connection)
        if account is None:
            self.anonymous[address] = self.anonymous.get(address, 0) + 1
        else:
            self.sockets_of[account.id] = self.sockets_of.get(account.id, 0) + 1
            runner.connected[account.id] = runner.connected.get(account.id, 0) + 1
            runner.resume(account.id)
        self.publish(runner, None if seated else connection)
        recent = self.chat.recent(table_id, account)
        if recent:
            connection.send({"type": "chat-history", "messages": recent})
        return connection

    def chat_command(
        self, connection: Connection, kind: str, body: dict[str, Any]
    ) -> None:
        """A socket's ``chat``, ``mute`` or ``unmute`` (docs/protocol.md, Chat).

        A chat message is encoded once and sent to every socket at the
        table whose viewer has not muted its writer; ``mute``/``unmute``
        answer the asking socket with ``{"type": "muted", "players"}``.

        Raises:
            HoldemError: the refusals of ``Chat.say`` and ``Chat.mute``.
        """
        runner = self.runner(connection.table_id)
        if kind != "chat":
            players = self.chat.mute(
                connection.account, body.get("player"), kind == "mute"
            )
            connection.send({"type": "muted", "players": players})
            return
        line = self.chat.say(runner, connection.account, body.get("text"))
        text = encode(line.message)
        for other in self.connections.get(runner.table_id, ()):
            if not self.chat.hides(other.account, line):
                other.send_text(text)

    def _check_caps(
        self,
        runner: TableRunner,
        account: Account | None,
        address: str,
        *,
        seated: bool,
    ) -> None:
        config = self.config
        if account is not None:
            count = self.sockets_of.get(account.id, 0)
            if count >= config.max_sockets_per_account:
                raise LimitError(
                    f"{account.name} has {count} sockets open, the most one account"
                    f" may have ({config.max_sockets_per_account}): close one first"
                )
        if seated:
            return
        watching = sum(
            1
            for c in self.connections.get(runner.table_id, ())
            if c.account is None or runner.seat_of(c.account.id) is None
        )
        if watching >= config.max_spectators_per_table:
            raise LimitError(
                f"table {runner.table_id} has {watching} spectators, the most it"
                f" takes ({config.max_spectators_per_table}): try again later"
            )
        if account is None:
            count = self.anonymous.get(address, 0)
            if count >= config.max_spectators_per_address:
                raise LimitError(
                    f"{count} sockets without a session are open from your"
                    f" address, the most allowed"
                    f" ({config.max_spectators_per_address}): close one or log in"
                )

    def disconnect(self, connection: Connection) -> None:
        """Forget a closed WebSocket; the seat stays (reload resumes it)."""
        watchers = self.connections.get(connection.table_id, set())
        if connection not in watchers:
            return
        watchers.discard(connection)
        account = connection.account
        if account is None:
            _count_down(self.anonymous, connection.address)
            return
        _count_down(self.sockets_of, account.id)
        runner = self.runners.get(connection.table_id)
        if runner is not None:
            _count_down(runner.connected, account.id)
            if runner.seat_of(account.id) is not None:
                self.publish(runner)

    def close_session(self, session: str, code: int, reason: str) -> int:
        """Close the sockets opened with ``session`` (a token hash); how many."""
        closing = [
            c
            for connections in self.connections.values()
            for c in connections
            if c.session == session and c.close_code is None
        ]
        for connection in closing:
            connection.close(code, reason)
        return len(closing)

    def publish(self, runner: TableRunner, only: Connection | None = None) -> None:
        """Send each connection at the table its messages and its snapshot.

        Each message is encoded once (``outbox.encode``) for every socket that
        gets it: the runner's messages once for all (a message with ``"to"``,
        an account id, goes to that account's sockets alone, without the
        key); the snapshot once for every spectator (a logged-in one's
        ``you`` is spliced in front) and once per seated viewer (their own
        cards and decision). Wallets are read for the viewers seated now or
        at the last publish (only seats move wallet chips) and for viewers
        never read yet, and only when the table's hand has started or ended
        since the last read or this process wrote the wallet since
        (``Store.wallet_writes``): not on every action, so a wallet changed by
        another process shows at this table's next hand. While the database
        is unreachable the last known balances are shown. ``only``: send
        just that new connection the snapshot (the runner's messages wait
        for the next publish).
        """
        if only is None:
            messages, runner.outbox = runner.outbox, []
            connections: Any = self.connections.get(runner.table_id, ())
        else:
            messages, connections = [], (only,)
        texts = [(m.get("to"), encode(_without_to(m))) for m in messages]
        seats = {o.account.id for o in runner.occupants.values()}
        hand = (runner.hand_id, runner.hands_played)
        writes = self.store.wallet_writes
        wanted = [
            c.account.id
            for c in connections
            if c.account is not None
            and (c.account.id in seats or c.seated or c.balance is None)
            and c.balance_read != (hand, writes[c.account.id])
        ]
        try:
            balances = self.store.balances(wanted) if wanted else {}
        except Exception as error:
            if not is_database_error(error):
                raise
            self.database.failed(error, runner.table_id)
            balances = {}  # the last known (each connection's own)
        shared: str | None = None  # the spectators' snapshot, from "table"
        for connection in connections:
            account = connection.account
            for to, text in texts:
                if to is None or (account is not None and account.id == to):
                    connection.send_text(text)
            if account is not None:
                if account.id in balances:
                    connection.balance = balances[account.id]
                    connection.balance_read = (hand, writes[account.id])
                connection.seated = account.id in seats
                if connection.seated:
                    view = snapshot(runner, account, connection.balance)
                    message = encode({"type": "table", "snapshot": view})
                    connection.send_text(message, snapshot=True)
                    continue
            if shared is None:
                spectators = snapshot(runner, None)
                del spectators["you"]
                shared = encode(spectators)[1:] + "}"
            you = (
                "null"
                if account is None
                else encode(you_json(runner, account, connection.balance))
            )
            message = '{"type":"table","snapshot":{"you":' + you + "," + shared
            connection.send_text(message, snapshot=True)

    def tick(self) -> None:
        """Run every table's clock; publish the tables that changed.

        Each table's step is guarded: an error pauses that table alone
        (``fault``). While the database is unreachable no table is run; once
        it answers, the tables it failed under are loaded again.
        """
        now = self.config.now()
        if self.database.is_down and not self.database.is_back():
            self.last_tick = now  # the clock runs: it waits for the database
            return
        if self.to_adopt and not self.database.is_down:
            try:
                self.adopt_some(ADOPT_AT_ONCE)
            except Exception as error:
                if not is_database_error(error):
                    raise
                self.database.failed(error)
                return
        if self.next_lease_round is None or now >= self.next_lease_round:
            try:
                self.lease_round()
            except Exception as error:
                if is_database_error(error):
                    self.database.failed(error)
                    return
                # a bug here must not stop the tables: they deal on, the
                # round is tried again at the next tick
                LOG.exception("the lease round failed: %s", describe(error))
        for runner in list(self.runners.values()):
            if self.database.is_down:
                break
            if runner.paused is not None and now < runner.paused.until:
                continue
            if runner.stale:
                self.reload(runner, runner.paused)
                continue
            if runner.paused is not None:
                LOG.warning(
                    "table %d deals again after its pause",
                    runner.table_id,
                    extra={"table_id": runner.table_id, "hand_id": None},
                )
                runner.paused = None
            self._guarded(runner, runner.tick)
        if not self.database.is_down:
            self.tournaments.tick()
        self.last_tick = now

    def _guarded(self, runner: TableRunner, step: Callable[[], None]) -> None:
        """Run ``step`` of ``runner``; a failure stops this table at most."""
        before = runner.progress()
        try:
            step()
        except LeaseLost as lost:  # another process deals it now
            self._drop(lost.key, "another process of the room deals it now")
            return
        except Exception as error:  # a fault stops this table at most
            if is_database_error(error):
                runner.stale = True
                self.database.failed(error, runner.table_id)
            else:
                self.fault(runner, error)
            return
        if runner.progress() != before:
            self.publish(runner)

    def fault(self, runner: TableRunner, error: BaseException) -> None:
        """Void ``runner``'s hand, load its table again, pause it; log it.

        The pause lasts ``config.fault_pause_seconds``, doubled with each
        fault in a row at this table (a settled hand ends the row), at most
        an hour; then the table deals again by itself. Meanwhile its players
        may leave (cash out), sit out and come back.
        """
        faults = runner.faults + 1
        seconds = min(self.config.fault_pause_seconds * 2 ** (faults - 1), 3600.0)
        until = self.config.now() + datetime.timedelta(seconds=seconds)
        pause = Pause(describe(error), until, faults)
        LOG.error(
            "table %d failed in hand %s: %s; the hand is void and the table"
            " pauses %.0f s",
            runner.table_id,
            runner.hand_id,
            pause.reason,
            seconds,
            exc_info=error,
            extra={"table_id": runner.table_id, "hand_id": runner.hand_id},
        )
        runner.faults = faults
        self.reload(runner, pause)

    def reload(self, runner: TableRunner, pause: Pause | None) -> None:
        """Load ``runner``'s table again from the database (the crash path).

        Its running hand is void: every seat holds what it held when the
        hand began (the hand changed no stored chip). People who were
        playing or are connected play on (a restart sits them out until
        their page connects); a seat that was leaving is cashed out.
        """
        table_id = runner.table_id
        runner.paused, runner.stale = pause, True
        try:
            self.store.void_running_hands([table_id])
            fresh = runner.reloaded()
            fresh.paused, fresh.faults = pause, runner.faults
            fresh.telemetry = self.telemetry
            fresh.load()
        except LeaseLost as lost:  # another process deals it now
            self._drop(lost.key, "another process of the room deals it now")
            return
        except Exception as error:  # the table stays stale; tried again later
            if is_database_error(error):
                self.database.failed(error, table_id)
            else:
                runner.faults += 1
                seconds = min(self.config.fault_pause_seconds * 2**runner.faults, 3600)
                runner.paused = Pause(
                    describe(error),
                    self.config.now() + datetime.timedelta(seconds=seconds),
                    runner.faults,
                )
                LOG.error(
                    "table %d could not be loaded again: %s",
                    table_id,
                    runner.paused.reason,
                    exc_info=error,
                    extra={"table_id": table_id, "hand_id": runner.hand_id},
                )
            self.publish(runner)
            return
        fresh.last_hand = runner.last_hand
        fresh.connected = dict(runner.connected)
        self.runners[table_id] = fresh
        for old_seat, old in runner.occupants.items():
            seat = fresh.seat_of(old.account.id)
            if seat is None or old.bot is not None:
                continue
            fresh.occupants[seat].options.update(old.options)
            fresh.occupants[seat].time_bank = old.time_bank
            fresh.occupants[seat].hands_dealt = old.hands_dealt
            account_id = old.account.id
            info = runner.table.seat(old_seat)
            playing = info is not None and not info.sitting_out
            if old.leaving:
                self._guarded(fresh, functools.partial(fresh.leave, account_id))
            elif playing or account_id in fresh.connected:
                self._guarded(fresh, functools.partial(fresh.resume, account_id))
        self.publish(fresh)

    def health(self) -> dict[str, Any]:
        """``{"status": "ok" | "degraded", "reasons", "paused", "tables"}``.

        Degraded while the database does not answer (``SELECT 1`` now) or
        the clock has not finished a tick for ``max(5, 50 ticks)`` seconds.
        ``paused`` lists the tables paused after a fault.
        """
        reasons = []
        failure = self.database.probe()
        if failure is not None:
            reasons.append(f"the database is unreachable: {failure}")
        elif self.database.is_down:
            reasons.append("the database answers again: the room reconnects")
        now = self.config.now()
        if self.config.tick_seconds is not None and self.last_tick is not None:
            stalled = (now - self.last_tick).total_seconds()
            if stalled > max(5.0, 50 * self.config.tick_seconds):
                reasons.append(f"the clock is stalled: last tick {stalled:.1f} s ago")
        paused = [
            {
                "table_id": r.table_id,
                "reason": r.paused.reason,
                "until": r.paused.until.isoformat(),
            }
            for r in self.runners.values()
            if r.paused is not None
        ]
        return {
            "status": "degraded" if reasons else "ok",
            "reasons": reasons,
            "paused": paused,
            "tables": len(self.runners),
        }

    def _runner(self, table_id: int, spec: TableSpec) -> TableRunner:
        runner = TableRunner(
            table_id, spec, self.store, self.config, self.config.make_bot
        )
        self.runners[table_id] = runner
        runner.telemetry = self.telemetry
        return runner


def _count_down(counts: dict[Any, int], key: Any) -> None:
    """Take one from ``counts[key]``, dropping the key at zero."""
    left = counts.get(key, 1) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)


def _without_to(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` without its ``"to"`` key (the addressee, not sent)."""
    if "to" not in message:
        return message
    return {k: v for k, v in message.items() if k != "to"}
