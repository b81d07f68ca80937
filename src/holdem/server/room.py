"""The room: its tables, accounts and open connections, and the clock's ticks.

``Room`` is what the web app talks to. It loads the tables from the store at
start (a hand left running by a crash is void: its chips never left the
seats), makes the demo table with bots when there is none, runs every
command on a table's ``TableRunner`` and sends each connection its own
snapshot after every change.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from holdem.errors import InvalidInputError, TableError
from holdem.rules.actions import short_repr
from holdem.server.accounts import Accounts
from holdem.server.config import ServerConfig, TableSpec
from holdem.server.errors import AuthError, NotFoundError, NotOwnerError
from holdem.server.runner import TableRunner
from holdem.server.snapshot import snapshot
from holdem.server.store import Account, Store

__all__ = ["BOT_NAMES", "CLOSE", "Connection", "Room"]

CLOSE = "__close__"
"""The key of the queued message that tells the sender to close the socket."""

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
    """

    table_id: int
    account: Account | None
    queue: asyncio.Queue[dict[str, Any]] = field(default_factory=asyncio.Queue)
    loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.get_running_loop)
    session: str | None = None
    """The hash of the session token it was opened with (``token_hash``)."""
    close_code: int | None = None
    """Set by ``close``: the socket takes no more commands."""

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the socket."""
        try:
            here = asyncio.get_running_loop()
        except RuntimeError:
            here = None
        if here is self.loop:
            self.queue.put_nowait(message)
        else:
            self.loop.call_soon_threadsafe(self.queue.put_nowait, message)

    def close(self, code: int, reason: str) -> None:
        """Close the socket with ``code``; it takes no more commands."""
        self.close_code = code
        self.send({CLOSE: code, "reason": reason})


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
        self, spec: TableSpec, *, bots: int = 0
    ) -> tuple[int, TableRunner | None]:
        """Store a new table and seat ``bots`` bots; its id and runner.

        The runner is ``None`` when the new id falls to another process
        (``config.tables``): the row stays for that process, which deals it
        from its next start (without the bots).

        Raises:
            InvalidInputError: for a bots count outside 0..seat_count.
        """
        rules = spec.table_config()
        if type(bots) is not int or not 0 <= bots <= rules.seat_count:
            raise InvalidInputError(
                f"bots must be 0..{rules.seat_count}, got {short_repr(bots)}"
            )
        table_id = self.store.create_table(spec.to_json())
        if not self.config.owns(table_id):
            return table_id, None
        runner = self._runner(table_id, spec)
        seats = range(1, rules.seat_count + 1)
        spread = [*seats[::2], *seats[1::2]]  # 1, 3, 5, ..., then 2, 4, ...
        for seat in spread[:bots]:
            runner.add_bot(self.bot_account(runner), seat)
        return table_id, runner

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

    def connect(self, table_id: int, account: Account | None) -> Connection:
        """Register a WebSocket watching (or playing at) a table.

        Raises:
            NotFoundError: for an unknown table.
        """
        runner = self.runner(table_id)
        connection = Connection(table_id, account)
        self.connections.setdefault(table_id, set()).add(connection)
        if account is not None:
            runner.connected[account.id] = runner.connected.get(account.id, 0) + 1
            runner.resume(account.id)
        self.publish(runner)
        return connection

    def disconnect(self, connection: Connection) -> None:
        """Forget a closed WebSocket; the seat stays (reload resumes it)."""
        self.connections.get(connection.table_id, set()).discard(connection)
        runner = self.runners.get(connection.table_id)
        if runner is not None and connection.account is not None:
            count = runner.connected.get(connection.account.id, 1) - 1
            if count > 0:
                runner.connected[connection.account.id] = count
            else:
                runner.connected.pop(connection.account.id, None)
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

    def publish(self, runner: TableRunner) -> None:
        """Send each connection at the table its messages and its snapshot."""
        messages, runner.outbox = runner.outbox, []
        connections = self.connections.get(runner.table_id, ())
        balances = self.store.balances(
            c.account.id for c in connections if c.account is not None
        )
        for connection in connections:
            for message in messages:
                connection.send(message)
            account = connection.account
            balance = None if account is None else balances.get(account.id)
            connection.send(
                {"type": "table", "snapshot": snapshot(runner, account, balance)}
            )

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
