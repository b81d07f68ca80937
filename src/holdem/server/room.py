"""The room: its tables, accounts and open connections, and the clock's ticks.

``Room`` is what the web app talks to. It loads the tables from the store at
start (a hand left running by a crash is void: its chips never left the
seats), makes the demo table with bots when there is none, runs every
command on a table's ``TableRunner`` and sends each connection its own
snapshot after every change.
"""

from __future__ import annotations

import asyncio
import datetime
import functools
import math
from dataclasses import dataclass, field
from typing import Any

from holdem.errors import InvalidInputError, TableError
from holdem.rules.actions import short_repr
from holdem.server.accounts import Accounts, LoginLimiter
from holdem.server.config import ServerConfig, TableSpec
from holdem.server.errors import (
    AuthError,
    LimitError,
    NotFoundError,
    NotOwnerError,
    RateLimitedError,
)
from holdem.server.outbox import Outbox, encode
from holdem.server.runner import TableRunner
from holdem.server.snapshot import snapshot, you_json
from holdem.server.store import Account, Store

__all__ = ["BOT_NAMES", "Connection", "Room"]

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
    seated: bool = False

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (encoded here) for the socket."""
        self.send_text(encode(message))

    def send_text(self, text: str, snapshot: bool = False) -> None:
        """Queue encoded JSON ``text``; ``snapshot``: a whole ``table`` message."""
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if here is self.loop:
            self.queue.put(text, snapshot=snapshot)
        else:
            put = functools.partial(self.queue.put, text, snapshot=snapshot)
            self.loop.call_soon_threadsafe(put)


class Room:
    """The room's tables and accounts over a store.

    Args:
        config: the room's settings.
        store: the database (migrated).
    """

    def __init__(self, config: ServerConfig, store: Store) -> None:
        self.config = config
        self.store = store
        self.accounts = Accounts(
            store,
            starting_chips=config.starting_chips,
            session_ttl=config.session_ttl,
            limiter=LoginLimiter(
                config.login_attempts, config.login_window_seconds, config.now
            ),
        )
        self.runners: dict[int, TableRunner] = {}
        self.connections: dict[int, set[Connection]] = {}
        self.anonymous: dict[str, int] = {}  # address -> sockets without a session
        self.sockets_of: dict[int, int] = {}  # account id -> sockets
        self.voided = 0

    def start(self) -> None:
        """Void hands a crash left running, load the tables, make the demo table.

        With ``config.tables`` set, only this process's own tables: a hand
        running at another process's table is that process's to finish.
        """
        every = self.store.tables()
        own = [(i, spec) for i, spec in every if self.config.owns(i)]
        ids = None if self.config.tables is None else [i for i, _ in own]
        self.voided = self.store.void_running_hands(ids)
        for table_id, spec in own:
            runner = self._runner(table_id, TableSpec.from_json(spec))
            runner.load()
        if not every and self.config.demo_table is not None:
            self.create_table(self.config.demo_table, bots=self.config.demo_bots)

    # ---------------------------------------------------------------- tables

    def create_table(
        self, spec: TableSpec, *, bots: int = 0, maker: Account | None = None
    ) -> tuple[int, TableRunner | None]:
        """Store a new table and seat ``bots`` bots; its id and runner.

        The runner is ``None`` when the new id falls to another process
        (``config.tables``): the row stays for that process, which deals it
        from its next start (without the bots). ``maker`` is the account
        asking (``None``: the room itself), held to
        ``max_open_tables_per_account`` and ``table_creations`` per
        ``table_creation_window_seconds``.

        Raises:
            InvalidInputError: for a bots count outside 0..seat_count.
            LimitError: ``maker`` has its most open tables already.
            RateLimitedError: ``maker`` made its most tables this window.
        """
        rules = spec.table_config()
        if type(bots) is not int or not 0 <= bots <= rules.seat_count:
            raise InvalidInputError(
                f"bots must be 0..{rules.seat_count}, got {short_repr(bots)}"
            )
        if maker is not None:
            self._check_tables_made(maker)
        table_id = self.store.create_table(
            spec.to_json(), None if maker is None else maker.id
        )
        if not self.config.owns(table_id):
            return table_id, None
        runner = self._runner(table_id, spec)
        seats = range(1, rules.seat_count + 1)
        spread = [*seats[::2], *seats[1::2]]  # 1, 3, 5, ..., then 2, 4, ...
        for seat in spread[:bots]:
            runner.add_bot(self.bot_account(runner), seat)
        return table_id, runner

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
        """The table ``table_id``.

        Raises:
            NotOwnerError: for a table another process deals.
            NotFoundError: for an unknown table.
        """
        found = self.runners.get(table_id) if type(table_id) is int else None
        if found is None:
            if type(table_id) is int:
                self.check_owner(table_id)
            raise NotFoundError(f"no table {short_repr(table_id)}")
        return found

    def check_owner(self, table_id: int) -> None:
        """Refuse a table whose id falls to another process.

        Raises:
            NotOwnerError: when ``config.tables`` gives ``table_id`` to
                another process.
        """
        if not self.config.owns(table_id):
            raise NotOwnerError(
                f"table {table_id} is dealt by another server process "
                f"({self.config.tables_text()})"
            )

    def bot_account(self, runner: TableRunner) -> Account:
        """A bot's account not yet seated at ``runner``'s table (made if new)."""
        seated = {o.account.name for o in runner.occupants.values()}
        for name in BOT_NAMES:
            if name in seated:
                continue
            account = self.store.account_by_name(name)
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
        ``come-back``, ``add-chips``, ``options``, ``bots`` with the body of
        docs/protocol.md.

        Raises:
            NotFoundError: an unknown table.
            AuthError: no session.
            InvalidInputError: an unknown command or a malformed body.
            HoldemError: whatever the table refuses (nothing changes).
        """
        runner = self.runner(table_id)
        if account is None:
            raise AuthError("log in to play")
        match kind:
            case "act":
                runner.act(account.id, body.get("action"), body.get("amount"))
            case "sit":
                fresh = self.store.account(account.id)
                runner.sit(fresh, body.get("seat"), body.get("buy_in"))  # type: ignore[arg-type]
            case "leave":
                runner.leave(account.id)
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
        self.publish(runner)
        return runner

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
        return connection

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

    def publish(self, runner: TableRunner, only: Connection | None = None) -> None:
        """Send each connection at the table its messages and its snapshot.

        Each message is encoded once (``outbox.encode``) for every socket that
        gets it: the runner's messages once for all; the snapshot once for
        every spectator (a logged-in one's ``you`` is spliced in front) and
        once per seated viewer (their own cards and decision). Wallets are
        read for the viewers seated now or at the last publish (only seats
        move wallet chips) and for viewers never read yet. ``only``: send
        just that new connection the snapshot (the runner's messages wait
        for the next publish).
        """
        if only is None:
            messages, runner.outbox = runner.outbox, []
            connections: Any = self.connections.get(runner.table_id, ())
        else:
            messages, connections = [], (only,)
        texts = [encode(m) for m in messages]
        seats = {o.account.id for o in runner.occupants.values()}
        balances = self.store.balances(
            c.account.id
            for c in connections
            if c.account is not None
            and (c.account.id in seats or c.seated or c.balance is None)
        )
        shared: str | None = None  # the spectators' snapshot, from "table"
        for connection in connections:
            for text in texts:
                connection.send_text(text)
            account = connection.account
            if account is not None:
                connection.balance = balances.get(account.id, connection.balance)
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
        """Run every table's clock; publish the tables that changed."""
        for runner in list(self.runners.values()):
            before = runner.progress()
            runner.tick()
            if runner.progress() != before:
                self.publish(runner)

    def _runner(self, table_id: int, spec: TableSpec) -> TableRunner:
        runner = TableRunner(
            table_id, spec, self.store, self.config, self.config.make_bot
        )
        self.runners[table_id] = runner
        return runner


def _count_down(counts: dict[Any, int], key: Any) -> None:
    """Take one from ``counts[key]``, dropping the key at zero."""
    left = counts.get(key, 1) - 1
    if left > 0:
        counts[key] = left
    else:
        counts.pop(key, None)
