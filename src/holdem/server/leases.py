"""Who deals each table: leases in the database, renewed by a heartbeat.

The room runs on any number of ``holdem serve`` processes over one
PostgreSQL (one process on SQLite). Each table (``("table", id)``) and each
tournament (``("tournament", id)``) has a lease row: the process that owns
it, until when, and a generation. A process deals a table only while it
holds the lease, and every write that settles chips at that table checks,
in the same transaction, that the lease still has the generation it took
(``fence``, with the row locked ``FOR UPDATE``): a process that lost its
lease (it stalled past the expiry and another took the table over) can
write nothing more there. Two processes can therefore never both deal a
table: the second one's first settlement is refused and rolled back.

Why a lease row and not a session advisory lock: an advisory lock lives as
long as one database connection, which a pool recycles, a pooler
(PgBouncer) shares and a half-dead TCP connection keeps for minutes; a row
with an expiry and a generation is visible to every process (the lobby's
owner and address come from it), fences writes by a number rather than by
the life of a socket, and hands a table over the moment its owner says so.

Times are the database's (``SELECT now()`` on PostgreSQL), so the
processes' own clocks may disagree; SQLite, one process by definition, uses
the process's clock.
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from holdem.server.schema import leases, processes, room_tables

__all__ = ["Key", "LeaseLost", "Leases", "LobbyRow", "Owner", "socket_path"]

Key = tuple[str, int]
"""A leased thing: ``("table", table_id)`` or ``("tournament", id)``."""

NOTIFY_CHANNEL = "holdem_room"
"""The PostgreSQL ``LISTEN``/``NOTIFY`` channel of lease changes (a hint)."""


class LeaseLost(Exception):
    """This process no longer holds the lease it wrote under: nothing written.

    Not a refusal nor a fault: another process deals the table now (it took
    the lease over after this one stalled past its expiry).
    """

    def __init__(self, key: Key) -> None:
        super().__init__(f"{key[0]} {key[1]} is no longer this process's")
        self.key = key


@dataclass(frozen=True, slots=True)
class LobbyRow:
    """A table as the lobby reads it from the database.

    ``summary``: the lobby line its owner last wrote (``None`` before the
    owner has loaded it); ``owner``: its live owner, ``None`` while it
    moves between processes.
    """

    table_id: int
    spec: dict[str, Any]
    summary: dict[str, Any] | None
    owner: Owner | None


@dataclass(frozen=True, slots=True)
class Owner:
    """A lease's live owner: its process id and advertised address."""

    process: str
    address: str


class Leases:
    """This process's leases over the room's database.

    Args:
        engine: the room's database (migrated).
        process: this process's id, unique among the room's live processes.
        address: where this process's table sockets are reached: ``""``
            (the same origin as the page), a path through a front door
            (``/node/a``) or ``http(s)://host:port``.
        ttl_seconds: how long a lease lasts past its last renewal.
        clock: the time now, read inside a transaction (default: the
            database's on PostgreSQL, the process's on SQLite).
    """

    def __init__(
        self,
        engine: sa.Engine,
        *,
        process: str,
        address: str,
        ttl_seconds: float,
        clock: Callable[[sa.Connection], datetime.datetime] | None = None,
    ) -> None:
        self.engine = engine
        self.process = process
        self.address = address
        self.ttl = datetime.timedelta(seconds=ttl_seconds)
        self.postgres = engine.dialect.name == "postgresql"
        self.clock = clock or (_database_now if self.postgres else _process_now)
        self.held: dict[Key, int] = {}
        """What this process holds: key -> the generation it took."""

    # -------------------------------------------------------------- process

    def register(self) -> None:
        """Write (or renew) this process's row, and forget long-dead ones."""
        with self.engine.begin() as db:
            now = self.clock(db)
            db.execute(processes.delete().where(processes.c.id == self.process))
            db.execute(
                processes.insert().values(
                    id=self.process,
                    address=self.address,
                    started_at=now,
                    heartbeat_at=now,
                )
            )
            db.execute(
                processes.delete().where(processes.c.heartbeat_at < now - 10 * self.ttl)
            )

    def twin_seen(self) -> float | None:
        """Seconds since a process with this id last beat, or ``None``.

        A process started under the id of one that is still alive would
        take its tables from under it; ``holdem serve`` waits for the twin's
        leases to lapse, and refuses to start if it keeps beating.
        """
        with self.engine.connect() as db:
            now = self.clock(db)
            seen = db.execute(
                sa.select(processes.c.heartbeat_at).where(
                    processes.c.id == self.process
                )
            ).scalar()
        if seen is None:
            return None
        return (now - _utc(seen)).total_seconds()

    def address_holder(self) -> str | None:
        """Another live process advertising this one's address, or ``None``.

        Two processes at one address would send clients of one to the
        other, which would answer that the first deals the table: neither
        could be reached. ``holdem serve`` refuses to start then.
        """
        with self.engine.connect() as db:
            now = self.clock(db)
            holder = db.execute(
                sa.select(processes.c.id).where(
                    processes.c.address == self.address,
                    processes.c.id != self.process,
                    processes.c.heartbeat_at > now - self.ttl,
                )
            ).scalar()
        return None if holder is None else str(holder)

    def heartbeat(self) -> tuple[set[Key], set[Key]]:
        """Renew this process's row and leases; ``(lost, assigned)``.

        ``lost``: leases this process held that another took over (it
        stalled past their expiry): stop dealing them at once. ``assigned``:
        leases another process gave this one (``place``) not yet held: the
        caller adopts them (``adopted``).
        """
        with self.engine.begin() as db:
            now = self.clock(db)
            db.execute(
                processes.update()
                .where(processes.c.id == self.process)
                .values(heartbeat_at=now, address=self.address)
            )
            db.execute(
                leases.update()
                .where(leases.c.owner == self.process)
                .values(expires_at=now + self.ttl)
            )
            rows = db.execute(
                sa.select(leases.c.kind, leases.c.ref_id, leases.c.generation).where(
                    leases.c.owner == self.process
                )
            ).all()
        mine = {(r.kind, int(r.ref_id)): int(r.generation) for r in rows}
        lost = {k for k, g in self.held.items() if mine.get(k) != g}
        for key in lost:
            del self.held[key]
        assigned = set(mine) - set(self.held)
        return lost, assigned

    def adopted(self, key: Key, *, generation: int | None = None) -> int:
        """Take over a lease placed on this process; its new generation.

        The generation goes up, so that whatever wrote under the lease
        before (a process that was given the table and died) is fenced out.

        Raises:
            LeaseLost: the lease is no longer this process's.
        """
        kind, ref = key
        with self.engine.begin() as db:
            now = self.clock(db)
            query = leases.update().where(
                leases.c.kind == kind,
                leases.c.ref_id == ref,
                leases.c.owner == self.process,
            )
            if generation is not None:
                query = query.where(leases.c.generation == generation)
            row = db.execute(
                query.values(
                    generation=leases.c.generation + 1, expires_at=now + self.ttl
                ).returning(leases.c.generation)
            ).first()
        if row is None:
            raise LeaseLost(key)
        self.held[key] = int(row.generation)
        return self.held[key]

    # ------------------------------------------------------------- claiming

    def claim(self, *, everything: bool = False, own: bool = True) -> list[Key]:
        """Take over leases nobody holds: free or expired; what was taken.

        This process takes its share of them: enough that it holds no more
        than the live processes' average plus one (at least one a round, so
        that a room whose processes are all full still deals every table).
        ``own``: also, all of them, the leases still named for this process
        id (a process restarted under the same id takes its tables back at
        once). ``everything``: every lease, held or not (SQLite: the one
        process). Each taken lease's generation goes up (compare-and-set on
        the old one): of two processes racing for a table, one wins.
        """
        with self.engine.connect() as db:
            now = self.clock(db)
            free = leases.c.owner.is_(None) | (leases.c.expires_at < now)
            if own:
                free = free | (leases.c.owner == self.process)
            rows = db.execute(
                sa.select(
                    leases.c.kind, leases.c.ref_id, leases.c.generation, leases.c.owner
                )
                .where(sa.true() if everything else free)
                .order_by(leases.c.kind.desc(), leases.c.ref_id)
            ).all()
            rows = [r for r in rows if (str(r.kind), int(r.ref_id)) not in self.held]
            if not rows:
                return []
            quota = len(rows)
            if not everything:
                live, total = self._load(db, now)
                share = math.ceil((total + len(rows)) / max(1, live))
                quota = max(1, share - self._mine_count())
        taken: list[Key] = []
        others = 0
        for row in rows:
            key = (str(row.kind), int(row.ref_id))
            named_mine = own and row.owner == self.process
            if not (everything or named_mine):
                if others >= quota:
                    continue
                others += 1
            generation = self._take(key, int(row.generation), everything, own)
            if generation is not None:
                self.held[key] = generation
                taken.append(key)
        return taken

    def _take(
        self, key: Key, generation: int, everything: bool, own: bool
    ) -> int | None:
        """Compare-and-set one lease to this process; its generation, or None."""
        kind, ref = key
        with self.engine.begin() as db:
            now = self.clock(db)
            free = leases.c.owner.is_(None) | (leases.c.expires_at < now)
            if own:
                free = free | (leases.c.owner == self.process)
            query = leases.update().where(
                leases.c.kind == kind,
                leases.c.ref_id == ref,
                leases.c.generation == generation,
            )
            if not everything:
                query = query.where(free)
            row = db.execute(
                query.values(
                    owner=self.process,
                    generation=generation + 1,
                    expires_at=now + self.ttl,
                ).returning(leases.c.generation)
            ).first()
        return None if row is None else int(row.generation)

    def _mine_count(self) -> int:
        return sum(1 for kind, _ in self.held if kind == "table")

    def _load(self, db: sa.Connection, now: datetime.datetime) -> tuple[int, int]:
        """``(live processes, tables they hold)``."""
        live = db.execute(
            sa.select(sa.func.count())
            .select_from(processes)
            .where(processes.c.heartbeat_at > now - self.ttl)
        ).scalar_one()
        held = db.execute(
            sa.select(sa.func.count())
            .select_from(leases)
            .where(
                leases.c.kind == "table",
                leases.c.owner.is_not(None),
                leases.c.expires_at >= now,
            )
        ).scalar_one()
        return int(live), int(held)

    # ------------------------------------------------------------ placement

    def place(self, db: sa.Connection, key: Key, *, here: bool = False) -> str:
        """Give a new table (or tournament) to the least-loaded live process.

        Called inside the transaction that makes it. ``here``: to this
        process (a tournament is run where it is made). Returns the owner's
        process id; when it is this process, the lease is held at once.
        """
        now = self.clock(db)
        if here:
            return self._insert(db, key, self.process, now)
        load = (
            sa.select(leases.c.owner, sa.func.count().label("n"))
            .where(leases.c.expires_at >= now)
            .group_by(leases.c.owner)
            .subquery()
        )
        owner = db.execute(
            sa.select(processes.c.id)
            .outerjoin(load, load.c.owner == processes.c.id)
            .where(processes.c.heartbeat_at > now - self.ttl)
            .order_by(sa.func.coalesce(load.c.n, 0), processes.c.id)
            .limit(1)
        ).scalar()
        return self._insert(db, key, self.process if owner is None else str(owner), now)

    def _insert(
        self, db: sa.Connection, key: Key, owner: str, now: datetime.datetime
    ) -> str:
        db.execute(
            leases.insert().values(
                kind=key[0],
                ref_id=key[1],
                owner=owner,
                generation=1,
                expires_at=now + self.ttl,
            )
        )
        if owner == self.process:
            self.held[key] = 1
        else:
            self.notify(db, "placed")
        return owner

    def fence(self, db: sa.Connection, key: Key) -> None:
        """Refuse a write under a lease this process no longer holds.

        Run inside the writing transaction: the lease row is locked until
        it commits, so a takeover waits for the write or the write sees the
        takeover. Raises ``LeaseLost`` (the transaction rolls back).
        """
        generation = self.held.get(key)
        row = db.execute(
            sa.select(leases.c.owner, leases.c.generation)
            .where(leases.c.kind == key[0], leases.c.ref_id == key[1])
            .with_for_update()
        ).first()
        if (
            generation is None
            or row is None
            or row.owner != self.process
            or int(row.generation) != generation
        ):
            self.held.pop(key, None)
            raise LeaseLost(key)

    # ------------------------------------------------------------ releasing

    def release(self, keys: Iterable[Key] | None = None) -> None:
        """Hand leases over at once (a clean stop): free, for any process.

        ``None``: every lease this process holds, and its process row.
        """
        chosen = list(self.held) if keys is None else list(keys)
        with self.engine.begin() as db:
            for kind, ref in chosen:
                generation = self.held.pop((kind, ref), None)
                if generation is None:
                    continue
                db.execute(
                    leases.update()
                    .where(
                        leases.c.kind == kind,
                        leases.c.ref_id == ref,
                        leases.c.owner == self.process,
                        leases.c.generation == generation,
                    )
                    .values(owner=None, expires_at=None)
                )
            if keys is None:
                db.execute(processes.delete().where(processes.c.id == self.process))
            self.notify(db, "released")

    def close(self, key: Key) -> None:
        """Forget the lease of a table closed for good (a tournament's)."""
        self.held.pop(key, None)
        with self.engine.begin() as db:
            db.execute(
                leases.delete().where(
                    leases.c.kind == key[0], leases.c.ref_id == key[1]
                )
            )

    # -------------------------------------------------------------- reading

    def owner(self, key: Key) -> Owner | None:
        """The live owner of ``key``; ``None`` when free, lapsed or unknown."""
        return self.where(key)[0]

    def where(self, key: Key) -> tuple[Owner | None, float]:
        """``(live owner or None, seconds until a process may take it)``.

        An owner is live while its lease holds and it beat within half a
        lease: one that stopped beating (killed, cut off) is not sent
        clients any more, though its lease still holds for the rest of the
        ttl. The seconds are 0 when the lease is free or lapsed.
        """
        with self.engine.connect() as db:
            now = self.clock(db)
            row = db.execute(
                sa.select(
                    leases.c.expires_at,
                    processes.c.id,
                    processes.c.address,
                    processes.c.heartbeat_at,
                )
                .select_from(
                    leases.outerjoin(processes, processes.c.id == leases.c.owner)
                )
                .where(leases.c.kind == key[0], leases.c.ref_id == key[1])
            ).first()
        if row is None or row.expires_at is None:
            return None, 0.0
        left = max(0.0, (_utc(row.expires_at) - now).total_seconds())
        beating = (
            row.heartbeat_at is not None and _utc(row.heartbeat_at) > now - self.ttl / 2
        )
        if row.id is None or left == 0.0 or not beating:
            return None, left
        return Owner(str(row.id), str(row.address)), left

    def key_of_table(self, table_id: int) -> Key | None:
        """The lease a table is dealt under; ``None`` for no open table.

        A cash table has its own lease; a tournament's table is dealt with
        its tournament, by the process holding the tournament's lease.
        """
        with self.engine.connect() as db:
            row = db.execute(
                sa.select(
                    room_tables.c.tournament_id,
                    room_tables.c.closed,
                    leases.c.generation,
                )
                .select_from(
                    room_tables.outerjoin(
                        leases,
                        (leases.c.kind == "table")
                        & (leases.c.ref_id == room_tables.c.id),
                    )
                )
                .where(room_tables.c.id == table_id)
            ).first()
        if row is None or row.closed:
            return None
        if row.tournament_id is not None:
            return ("tournament", int(row.tournament_id))
        return None if row.generation is None else ("table", table_id)

    def write_summaries(self, summaries: dict[Key, dict[str, Any]]) -> None:
        """Store the lobby lines of what this process runs, in one go."""
        if not summaries:
            return
        with self.engine.begin() as db:
            for (kind, ref), summary in summaries.items():
                db.execute(
                    leases.update()
                    .where(
                        leases.c.kind == kind,
                        leases.c.ref_id == ref,
                        leases.c.owner == self.process,
                    )
                    .values(summary=summary)
                )

    def tournament_lines(self) -> list[tuple[int, dict[str, Any], Owner | None]]:
        """Every running or registering tournament's last lobby line, by id.

        Each is ``(id, line, live owner or None)``; a tournament whose owner
        wrote no line yet is left out.
        """
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(
                    leases.c.ref_id,
                    leases.c.summary,
                    (leases.c.expires_at >= self._now_sql(db)).label("alive"),
                    processes.c.id,
                    processes.c.address,
                )
                .select_from(
                    leases.outerjoin(processes, processes.c.id == leases.c.owner)
                )
                .where(leases.c.kind == "tournament", leases.c.summary.is_not(None))
                .order_by(leases.c.ref_id)
            ).all()
        return [
            (
                int(r.ref_id),
                dict(r.summary),
                Owner(str(r.id), str(r.address))
                if r.id is not None and r.alive
                else None,
            )
            for r in rows
        ]

    def _now_sql(self, db: sa.Connection) -> Any:
        """The time now as a SQL expression: the database's own on PostgreSQL."""
        if self.clock is _database_now:
            return sa.func.now()
        return sa.literal(self.clock(db), sa.DateTime(timezone=True))

    def lobby(self, after: int, limit: int) -> list[LobbyRow]:
        """Open tables with id above ``after``, at most ``limit``, by id."""
        with self.engine.connect() as db:
            # one round trip: the database's clock inside the query itself
            now = self._now_sql(db)
            rows = db.execute(
                sa.select(
                    leases.c.ref_id,
                    leases.c.summary,
                    (leases.c.expires_at >= now).label("alive"),
                    processes.c.id,
                    processes.c.address,
                    room_tables.c.spec,
                )
                .select_from(
                    leases.join(
                        room_tables, room_tables.c.id == leases.c.ref_id
                    ).outerjoin(processes, processes.c.id == leases.c.owner)
                )
                .where(leases.c.kind == "table", leases.c.ref_id > after)
                .order_by(leases.c.ref_id)
                .limit(limit)
            ).all()
        out = []
        for r in rows:
            alive = r.id is not None and bool(r.alive)
            owner = Owner(str(r.id), str(r.address)) if alive else None
            out.append(LobbyRow(int(r.ref_id), dict(r.spec), r.summary, owner))
        return out

    def notify(self, db: sa.Connection, what: str) -> None:
        """Hint every process to look at the leases now (PostgreSQL only)."""
        if self.postgres:
            db.execute(
                sa.text("SELECT pg_notify(:channel, :what)"),
                {"channel": NOTIFY_CHANNEL, "what": what},
            )


def socket_path(address: str, table_id: int) -> str:
    """The WebSocket of a table at a process advertised at ``address``."""
    return f"{address.rstrip('/')}/ws/tables/{table_id}"


def _database_now(db: sa.Connection) -> datetime.datetime:
    return _utc(db.execute(sa.select(sa.func.now())).scalar_one())


def _process_now(_db: sa.Connection) -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def _utc(value: datetime.datetime) -> datetime.datetime:
    """SQLite gives naive datetimes back: they are UTC."""
    if value.tzinfo is None:
        return value.replace(tzinfo=datetime.UTC)
    return value
