"""The tournaments' rows: specs, states, entries, tables, and their money.

Money moves as the cash tables' does, one transaction per change, through
the wallets' ledger: a registration takes the buy-in (``tournament-entry``,
held by the house until the prizes are paid) and the fee
(``tournament-fee``, the house's) from the wallet; unregistering gives both
back (``entry-refund``, ``fee-refund``); a place is paid with its prize
(``tournament-prize``, 0 out of the money: the ledger then shows every
finish), in the transaction of the hand that placed it. A bot's buy-in and
fee are staked by the house (``stake``), as at the cash tables.

Tournament chips are never wallet chips: they live in the tournament's
state (``holdem.tournament.stored``), written with every hand's settlement.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from holdem.errors import StateError
from holdem.server.errors import NotFoundError
from holdem.server.schema import room_tables, tournament_entries, tournaments
from holdem.server.store import STAKE, Store

__all__ = ["EntryRow", "TournamentRow", "TournamentStore"]

ENTRY = "tournament-entry"
FEE = "tournament-fee"
ENTRY_REFUND = "entry-refund"
FEE_REFUND = "fee-refund"
PRIZE = "tournament-prize"


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """A stored tournament."""

    id: int
    spec: dict[str, Any]
    status: str
    state: dict[str, Any] | None
    clock_at: datetime.datetime | None


@dataclass(frozen=True, slots=True)
class EntryRow:
    """A stored entry: who, under which name, and how it ended."""

    account_id: int
    entry: str
    seq: int
    status: str
    place: int | None
    last_place: int | None
    prize: int | None


def _utc(value: datetime.datetime | None) -> datetime.datetime | None:
    if value is not None and value.tzinfo is None:
        return value.replace(tzinfo=datetime.UTC)
    return value


class TournamentStore:
    """The tournaments' part of the room's database.

    Args:
        store: the room's store (its engine, clock and ledger).
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.engine = store.engine
        self.fence: Callable[[sa.Connection, int], None] | None = None
        """Run inside each transaction that writes a tournament, with its
        id: raises if this process no longer runs it (``server.leases``)."""

    def _fenced(self, db: sa.Connection, tournament_id: int) -> None:
        if self.fence is not None:
            self.fence(db, tournament_id)

    # --------------------------------------------------------------- reading

    def tournaments(self, statuses: Sequence[str]) -> list[TournamentRow]:
        """The tournaments in ``statuses``, by id."""
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(tournaments)
                .where(tournaments.c.status.in_(list(statuses)))
                .order_by(tournaments.c.id)
            ).all()
        return [
            TournamentRow(
                r.id,
                dict(r.spec),
                r.status,
                None if r.state is None else dict(r.state),
                _utc(r.clock_at),
            )
            for r in rows
        ]

    def finished_ids(self, limit: int) -> list[int]:
        """The newest ``limit`` finished (complete or cancelled) ids."""
        with self.engine.connect() as db:
            ids = db.execute(
                sa.select(tournaments.c.id)
                .where(tournaments.c.status.in_(["complete", "cancelled"]))
                .order_by(tournaments.c.id.desc())
                .limit(limit)
            ).scalars()
            return sorted(int(i) for i in ids)

    def row(self, tournament_id: int) -> TournamentRow | None:
        """One tournament's row; ``None`` for an unknown id."""
        with self.engine.connect() as db:
            r = db.execute(
                sa.select(tournaments).where(tournaments.c.id == tournament_id)
            ).first()
        if r is None:
            return None
        return TournamentRow(
            r.id,
            dict(r.spec),
            r.status,
            None if r.state is None else dict(r.state),
            _utc(r.clock_at),
        )

    def entries(self, tournament_id: int) -> list[EntryRow]:
        """A tournament's entries (refunded ones too), in registration order."""
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(tournament_entries)
                .where(tournament_entries.c.tournament_id == tournament_id)
                .order_by(tournament_entries.c.seq)
            ).all()
        return [
            EntryRow(
                r.account_id,
                r.entry,
                r.seq,
                r.status,
                r.place,
                r.last_place,
                None if r.prize is None else int(r.prize),
            )
            for r in rows
        ]

    def tables(self, tournament_id: int) -> dict[int, int]:
        """A tournament's open tables: its table number -> room table id."""
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(room_tables.c.id, room_tables.c.tournament_table).where(
                    room_tables.c.tournament_id == tournament_id,
                    room_tables.c.closed.is_(False),
                )
            ).all()
        return {int(r.tournament_table): int(r.id) for r in rows}

    # -------------------------------------------------------------- changing

    def create(
        self,
        spec: Mapping[str, Any],
        created_by: int | None,
        place: Callable[[sa.Connection, int], None] | None = None,
    ) -> int:
        """Store a new tournament, registering; its id.

        ``place`` gives it to a process (its lease), in the same transaction.
        """
        now = self.store.now()
        with self.engine.begin() as db:
            tournament_id: int = db.execute(
                tournaments.insert().values(
                    spec=dict(spec),
                    status="registering",
                    state=None,
                    created_at=now,
                    created_by=created_by,
                    clock_at=None,
                )
            ).inserted_primary_key[0]  # type: ignore[index]
            if place is not None:
                place(db, tournament_id)
        return tournament_id

    def register(
        self,
        tournament_id: int,
        account_id: int,
        entry: str,
        *,
        buy_in: int,
        fee: int,
        staked: bool,
        start: Mapping[str, Any] | None,
        tables: Mapping[int, Mapping[str, Any]],
    ) -> dict[int, int]:
        """Take the buy-in and fee and enter ``account_id``, in one transaction.

        Args:
            tournament_id: the tournament.
            account_id: the wallet that pays (a bot's is staked first).
            entry: the name the entry plays under.
            buy_in: held by the house for the prize pool.
            fee: the house's.
            staked: the house stakes both (a bot's entry).
            start: the state to store when this entry starts the
                tournament, else ``None``.
            tables: the tables to open now: number -> table spec (JSON).

        Returns:
            The room table id of each table opened, by number.

        Raises:
            WalletError: the wallet holds less than ``buy_in + fee``.
        """
        now = self.store.now()
        house = self.store.house().id
        move = self.store._move
        with self.engine.begin() as db:
            self._fenced(db, tournament_id)
            seq = db.execute(
                sa.select(sa.func.count())
                .select_from(tournament_entries)
                .where(tournament_entries.c.tournament_id == tournament_id)
            ).scalar_one()
            if staked and buy_in + fee:
                move(db, account_id, buy_in + fee, STAKE, None, None, now)
            if buy_in:
                move(db, account_id, -buy_in, ENTRY, None, None, now,
                     tournament_id=tournament_id)  # fmt: skip
            if fee:
                move(db, account_id, -fee, FEE, None, None, now,
                     tournament_id=tournament_id)  # fmt: skip
                move(db, house, fee, FEE, None, None, now, tournament_id=tournament_id)
            # an earlier, refunded entry of the same account is replaced
            db.execute(
                tournament_entries.delete().where(
                    tournament_entries.c.tournament_id == tournament_id,
                    tournament_entries.c.account_id == account_id,
                )
            )
            db.execute(
                tournament_entries.insert().values(
                    tournament_id=tournament_id,
                    account_id=account_id,
                    entry=entry,
                    seq=int(seq) + 1,
                    buy_in=buy_in,
                    fee=fee,
                    status="registered",
                    at=now,
                )
            )
            opened = self._open_tables(db, tournament_id, tables)
            if start is not None:
                self.save(db, tournament_id, start, "running", now)
        return opened

    def unregister(self, tournament_id: int, account_id: int) -> tuple[int, int]:
        """Give back the buy-in and fee of a registered entry; ``(buy_in, fee)``.

        Raises:
            StateError: the account has no entry that may be refunded.
        """
        now = self.store.now()
        house = self.store.house().id
        move = self.store._move
        with self.engine.begin() as db:
            self._fenced(db, tournament_id)
            row = db.execute(
                sa.select(tournament_entries).where(
                    tournament_entries.c.tournament_id == tournament_id,
                    tournament_entries.c.account_id == account_id,
                    tournament_entries.c.status == "registered",
                )
            ).first()
            status = db.execute(
                sa.select(tournaments.c.status).where(tournaments.c.id == tournament_id)
            ).scalar()
            if row is None or status != "registering":
                raise StateError(
                    f"no entry to refund in tournament {tournament_id} (it refunds"
                    " only before the start) [R-TOURN-1]",
                    rule="R-TOURN-1",
                )
            buy_in, fee = int(row.buy_in), int(row.fee)
            if buy_in:
                move(db, account_id, buy_in, ENTRY_REFUND, None, None, now,
                     tournament_id=tournament_id)  # fmt: skip
            if fee:
                move(db, house, -fee, FEE_REFUND, None, None, now,
                     tournament_id=tournament_id)  # fmt: skip
                move(db, account_id, fee, FEE_REFUND, None, None, now,
                     tournament_id=tournament_id)  # fmt: skip
            db.execute(
                tournament_entries.update()
                .where(
                    tournament_entries.c.tournament_id == tournament_id,
                    tournament_entries.c.account_id == account_id,
                )
                .values(status="refunded")
            )
        return buy_in, fee

    def save(
        self,
        db: sa.Connection,
        tournament_id: int,
        state: Mapping[str, Any],
        status: str,
        clock_at: datetime.datetime,
    ) -> None:
        """Write a tournament's state in the transaction ``db``."""
        self._fenced(db, tournament_id)
        db.execute(
            tournaments.update()
            .where(tournaments.c.id == tournament_id)
            .values(state=dict(state), status=status, clock_at=clock_at)
        )

    def heartbeat(self, tournament_id: int, now: datetime.datetime) -> None:
        """The level clock's sign of life (a restart resumes it from here)."""
        with self.engine.begin() as db:
            self._fenced(db, tournament_id)
            db.execute(
                tournaments.update()
                .where(tournaments.c.id == tournament_id)
                .values(clock_at=now)
            )

    def place(
        self,
        db: sa.Connection,
        tournament_id: int,
        account_id: int,
        places: tuple[int, int],
        prize: int,
        table_id: int | None,
        hand_id: int | None,
    ) -> bool:
        """Record a finish and pay its prize, once, in the transaction ``db``.

        Returns:
            Whether it was recorded now (``False``: it was already).
        """
        entries = tournament_entries.c
        done = db.execute(
            tournament_entries.update()
            .where(
                entries.tournament_id == tournament_id,
                entries.account_id == account_id,
                entries.status == "registered",
            )
            .values(status="placed", place=places[0], last_place=places[1], prize=prize)
        )
        if done.rowcount != 1:
            return False
        self.store._move(
            db,
            account_id,
            prize,
            PRIZE,
            table_id,
            hand_id,
            self.store.now(),
            tournament_id=tournament_id,
            place=places[0],
        )
        return True

    def open_tables(
        self,
        db: sa.Connection,
        tournament_id: int,
        tables: Mapping[int, Mapping[str, Any]],
    ) -> dict[int, int]:
        """Open room tables for a tournament in ``db``; their ids by number."""
        return self._open_tables(db, tournament_id, tables)

    def close_tables(self, db: sa.Connection, table_ids: Sequence[int]) -> None:
        """Close room tables (broken or finished) in the transaction ``db``."""
        if table_ids:
            db.execute(
                room_tables.update()
                .where(room_tables.c.id.in_(list(table_ids)))
                .values(closed=True)
            )

    def status(self, tournament_id: int) -> str:
        """A tournament's status.

        Raises:
            NotFoundError: for an unknown tournament.
        """
        with self.engine.connect() as db:
            found = db.execute(
                sa.select(tournaments.c.status).where(tournaments.c.id == tournament_id)
            ).scalar()
        if found is None:
            raise NotFoundError(f"no tournament {tournament_id}")
        return str(found)

    def _open_tables(
        self,
        db: sa.Connection,
        tournament_id: int,
        tables: Mapping[int, Mapping[str, Any]],
    ) -> dict[int, int]:
        opened = {}
        for number, spec in tables.items():
            opened[number] = db.execute(
                room_tables.insert().values(
                    spec=dict(spec),
                    created_at=self.store.now(),
                    closed=False,
                    tournament_id=tournament_id,
                    tournament_table=number,
                )
            ).inserted_primary_key[0]  # type: ignore[index]
        return opened
