"""The room's database: accounts, sessions, wallets and ledger, tables, hands.

One ``Store`` over a SQLAlchemy engine, SQLite (embedded, the default) or
PostgreSQL (through psycopg 3); ``holdem.server.database.open_store`` makes
it after applying the Alembic migrations. Every change of chips is one
transaction that writes the wallet, the seat and the ledger together, so
wallets plus table chips plus the house's rake always add up to the chips
granted (``check_chips``).
"""

from __future__ import annotations

import collections
import contextlib
import datetime
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import IO, Any

import sqlalchemy as sa

from holdem.errors import InvalidInputError
from holdem.rules.actions import short_repr
from holdem.server.chips import ChipReport, count_chips
from holdem.server.errors import NotFoundError, WalletError
from holdem.server.locks import room_lock
from holdem.server.schema import (
    accounts,
    hand_events,
    hand_players,
    hands,
    ledger,
    room_tables,
    seats,
    sessions,
)

__all__ = ["Account", "SeatRow", "Store", "name_key"]

HOUSE = "house"
STAKE = "stake"
"""The ledger reason of chips the house stakes for a bot's buy-in or rebuy."""


# The mutation job (docs/mutation.md) mutates only the settlement here:
# settle_hand and _move.
# pragma: no mutate start
def _utc(value: datetime.datetime) -> datetime.datetime:
    """SQLite hands datetimes back naive: they were stored in UTC."""
    if value.tzinfo is None:
        return value.replace(tzinfo=datetime.UTC)
    return value


@dataclass(frozen=True, slots=True)
class Account:
    """An account: a person, a bot, or the house (which holds the rake)."""

    id: int
    name: str
    kind: str
    password_hash: str | None
    balance: int


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A stored seat: who sits there and their chips on the table."""

    seat: int
    account: Account
    stack: int
    time_bank: float | None = None
    """Seconds left in the seat's bank; ``None``: the table's start bank."""


def name_key(name: str) -> str:
    """The form of a name that no two accounts share: NFKC, then casefold.

    >>> name_key("ABC") == name_key("abc") == name_key("\uff41\uff42\uff43")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


def _account(row: Any) -> Account:
    return Account(row.id, row.name, row.kind, row.password_hash, int(row.balance))


class Store:
    """The room's database.

    Args:
        engine: a SQLAlchemy engine whose schema is migrated.
        now: the clock for timestamps.
    """

    def __init__(
        self, engine: sa.Engine, *, now: Callable[[], datetime.datetime]
    ) -> None:
        self.engine = engine
        self.now = now
        self.fence: Callable[[sa.Connection, int], None] | None = None
        """Run inside every transaction that writes a table's chips or
        hands: raises if this process no longer deals the table (the room's
        lease fencing, ``server.leases``); ``None``: no check."""
        self.file_lock: IO[bytes] | None = None
        """A SQLite file's lock, held as long as the store (``open_store``)."""
        self.wallet_writes: collections.Counter[int] = collections.Counter()
        """Wallet writes by this process, by account id (``_move``; a write
        rolled back is counted too): the room re-reads a viewer's wallet when
        its count moves, not on every message (``Room.publish``)."""

    def room_lock(self) -> contextlib.AbstractContextManager[None]:
        """The room-wide lock across processes (``locks.room_lock``)."""
        return room_lock(self.engine)

    # -------------------------------------------------------------- accounts

    def create_account(
        self, name: str, kind: str, password_hash: str | None, grant: int
    ) -> Account:
        """Open an account with ``grant`` chips in its wallet (a ledger row).

        Raises:
            InvalidInputError: if the name is taken.
        """
        now = self.now()
        with self.engine.begin() as db:
            taken = db.execute(
                sa.select(accounts.c.id).where(accounts.c.name_key == name_key(name))
            ).first()
            if taken is not None:
                raise InvalidInputError(f"the name {short_repr(name)} is taken")
            account_id = db.execute(
                accounts.insert().values(
                    name=name,
                    name_key=name_key(name),
                    kind=kind,
                    password_hash=password_hash,
                    balance=0,
                    created_at=now,
                )
            ).inserted_primary_key[0]  # type: ignore[index]
            if grant:
                self._move(db, account_id, grant, "grant", None, None, now)
        return self.account(account_id)

    def account(self, account_id: int) -> Account:
        """The account with ``account_id``.

        Raises:
            NotFoundError: for an unknown id.
        """
        with self.engine.connect() as db:
            row = db.execute(
                sa.select(accounts).where(accounts.c.id == account_id)
            ).first()
        if row is None:
            raise NotFoundError(f"no account {account_id}")
        return _account(row)

    def balances(self, account_ids: Iterable[int]) -> dict[int, int]:
        """The wallet balances (chips) of ``account_ids``, in one query.

        Unknown ids are left out of the answer.
        """
        ids = sorted(set(account_ids))
        if not ids:
            return {}
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(accounts.c.id, accounts.c.balance).where(
                    accounts.c.id.in_(ids)
                )
            ).all()
        return {row.id: int(row.balance) for row in rows}

    def account_by_name(self, name: str) -> Account | None:
        """The account called ``name`` (any case or Unicode form), or ``None``."""
        with self.engine.connect() as db:
            row = db.execute(
                sa.select(accounts).where(accounts.c.name_key == name_key(name))
            ).first()
        return None if row is None else _account(row)

    def house(self) -> Account:
        """The house's account (the rake's wallet), made when first asked."""
        found = self.account_by_name(HOUSE)
        if found is None:
            try:
                return self.create_account(HOUSE, "house", None, 0)
            except InvalidInputError:  # another process made it just now
                found = self.account_by_name(HOUSE)
                assert found is not None
        return found

    def create_session(
        self, account_id: int, token_hash: str, expires_at: datetime.datetime
    ) -> None:
        """Store a session (by the hash of its token)."""
        with self.engine.begin() as db:
            db.execute(
                sessions.insert().values(
                    token_hash=token_hash,
                    account_id=account_id,
                    created_at=self.now(),
                    expires_at=expires_at,
                )
            )

    def session_account(self, token_hash: str) -> Account | None:
        """The account of a live session, or ``None`` (unknown or expired)."""
        with self.engine.connect() as db:
            row = db.execute(
                sa.select(sessions.c.expires_at, accounts)
                .join(accounts, accounts.c.id == sessions.c.account_id)
                .where(sessions.c.token_hash == token_hash)
            ).first()
        if row is None or _utc(row.expires_at) <= self.now():
            return None
        return _account(row)

    def end_session(self, token_hash: str) -> None:
        """Forget a session."""
        with self.engine.begin() as db:
            db.execute(sessions.delete().where(sessions.c.token_hash == token_hash))

    def ledger_entries(self, account_id: int, limit: int) -> list[dict[str, Any]]:
        """The account's ledger, newest first, as JSON objects."""
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(ledger)
                .where(ledger.c.account_id == account_id)
                .order_by(ledger.c.id.desc())
                .limit(limit)
            ).all()
        return [
            {
                "id": r.id,
                "delta": int(r.delta),
                "reason": r.reason,
                "table_id": r.table_id,
                "hand_id": r.hand_id,
                "balance": int(r.balance),
                "at": _utc(r.at).isoformat(),
                "tournament_id": r.tournament_id,
                "place": r.place,
            }
            for r in rows
        ]

    # ---------------------------------------------------------------- tables

    def create_table(
        self,
        spec: Mapping[str, Any],
        bots: Mapping[int, tuple[int, int]] | None = None,
        created_by: int | None = None,
        place: Callable[[sa.Connection, int], None] | None = None,
    ) -> int:
        """Store a new table's spec and seat its bots, all or nothing; its id.

        Args:
            spec: the table's spec (JSON).
            bots: seat -> (bot's account id, chips): each buy-in is staked by
                the house (``buy_in(staked=True)``), in the same transaction
                as the table, so a table whose bots cannot sit is never made.
            created_by: the account that made it (``None``: the room).
            place: gives the new table to a process (its lease), in the
                same transaction (``Leases.place``).
        """
        with self.engine.begin() as db:
            table_id: int = db.execute(
                room_tables.insert().values(
                    spec=dict(spec),
                    created_at=self.now(),
                    closed=False,
                    created_by=created_by,
                )
            ).inserted_primary_key[0]  # type: ignore[index]
            for seat, (account_id, chips) in (bots or {}).items():
                self._stake_and_move(db, account_id, chips, "buy-in", table_id, True)
                db.execute(
                    seats.insert().values(
                        table_id=table_id, seat=seat, account_id=account_id, stack=chips
                    )
                )
            if place is not None:
                place(db, table_id)
        return table_id

    def tables_made(
        self, account_id: int, since: datetime.datetime
    ) -> tuple[int, list[datetime.datetime]]:
        """The account's open tables (a count) and when it made any after ``since``.

        Returns:
            ``(open tables made by the account, creation times after since,
            oldest first)``.
        """
        made_by = room_tables.c.created_by == account_id
        with self.engine.connect() as db:
            open_count = db.execute(
                sa.select(sa.func.count())
                .select_from(room_tables)
                .where(made_by, room_tables.c.closed.is_(False))
            ).scalar_one()
            times = db.execute(
                sa.select(room_tables.c.created_at)
                .where(made_by, room_tables.c.created_at > since)
                .order_by(room_tables.c.created_at)
            ).scalars()
            recent = [_utc(t) for t in times]
        return int(open_count), recent

    def tables(self) -> list[tuple[int, dict[str, Any]]]:
        """Every open cash table: ``(id, spec)`` by id.

        A tournament's tables are its runner's (``server.tournaments``).
        """
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(room_tables.c.id, room_tables.c.spec)
                .where(
                    room_tables.c.closed.is_(False),
                    room_tables.c.tournament_id.is_(None),
                )
                .order_by(room_tables.c.id)
            ).all()
        return [(r.id, dict(r.spec)) for r in rows]

    def table_spec(self, table_id: int) -> dict[str, Any]:
        """The stored spec of a table, open or closed.

        Raises:
            NotFoundError: for an unknown table.
        """
        with self.engine.connect() as db:
            spec = db.execute(
                sa.select(room_tables.c.spec).where(room_tables.c.id == table_id)
            ).scalar()
        if spec is None:
            raise NotFoundError(f"no table {table_id}")
        return dict(spec)

    def seats(self, table_id: int) -> list[SeatRow]:
        """The seats taken at a table, by seat number."""
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(seats.c.seat, seats.c.stack, seats.c.time_bank, accounts)
                .join(accounts, accounts.c.id == seats.c.account_id)
                .where(seats.c.table_id == table_id)
                .order_by(seats.c.seat)
            ).all()
        return [
            SeatRow(
                r.seat,
                _account(r),
                int(r.stack),
                None if r.time_bank is None else float(r.time_bank),
            )
            for r in rows
        ]

    def seats_of(self, account_id: int) -> list[tuple[int, int, int]]:
        """An account's seats at open tables: ``(table_id, seat, stack)``.

        The stack is what the last settled hand left (a running hand changes
        no stored chip).
        """
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(seats.c.table_id, seats.c.seat, seats.c.stack)
                .join(room_tables, room_tables.c.id == seats.c.table_id)
                .where(
                    seats.c.account_id == account_id,
                    room_tables.c.closed.is_(False),
                )
                .order_by(seats.c.table_id)
            ).all()
        return [(int(r.table_id), int(r.seat), int(r.stack)) for r in rows]

    def set_time_banks(self, table_id: int, banks: Mapping[int, float]) -> None:
        """Store each seat's time bank, ``{seat: seconds}``, in one transaction.

        A seat no longer taken is skipped (no row to update). R-TIME-1: the
        bank outlives a reconnect and a restart.
        """
        if not banks:
            return
        with self.engine.begin() as db:
            self._fenced(db, table_id)
            for seat, seconds in banks.items():
                db.execute(
                    seats.update()
                    .where(seats.c.table_id == table_id, seats.c.seat == seat)
                    .values(time_bank=float(seconds))
                )

    def buy_in(
        self,
        table_id: int,
        seat: int,
        account_id: int,
        chips: int,
        *,
        staked: bool = False,
    ) -> None:
        """Move ``chips`` from the wallet to a new seat, in one transaction.

        With ``staked`` (a bot's seat) the house stakes the chips in the same
        transaction (``_stake``): no wallet a person can drain pays for it.

        Raises:
            WalletError: if the wallet holds fewer chips.
        """
        with self.engine.begin() as db:
            self._fenced(db, table_id)
            self._stake_and_move(db, account_id, chips, "buy-in", table_id, staked)
            db.execute(
                seats.insert().values(
                    table_id=table_id, seat=seat, account_id=account_id, stack=chips
                )
            )

    def add_chips(
        self,
        table_id: int,
        seat: int,
        account_id: int,
        chips: int,
        *,
        staked: bool = False,
    ) -> None:
        """Move ``chips`` from the wallet onto a seat's stack (rebuy, top-up).

        ``staked`` as for ``buy_in`` (a bot's rebuy).

        Raises:
            WalletError: if the wallet holds fewer chips.
        """
        with self.engine.begin() as db:
            self._fenced(db, table_id)
            self._stake_and_move(db, account_id, chips, "add-chips", table_id, staked)
            db.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(stack=seats.c.stack + chips)
            )

    def cash_out(self, table_id: int, seat: int, account_id: int) -> int:
        """Move a seat's stack back to the wallet and free the seat; the chips."""
        with self.engine.begin() as db:
            self._fenced(db, table_id)
            row = db.execute(
                sa.select(seats.c.stack).where(
                    seats.c.table_id == table_id,
                    seats.c.seat == seat,
                    seats.c.account_id == account_id,
                )
            ).first()
            if row is None:
                raise NotFoundError(f"account {account_id} is not at seat {seat}")
            chips = int(row.stack)
            db.execute(
                seats.delete().where(seats.c.table_id == table_id, seats.c.seat == seat)
            )
            self._move(db, account_id, chips, "cash-out", table_id, None, self.now())
        return chips

    # ----------------------------------------------------------------- hands

    def start_hand(
        self,
        table_id: int,
        number: int,
        starting: Mapping[int, tuple[int, int]],
        button: int | None = None,
    ) -> int:
        """Record a hand as running; ``starting`` maps seat -> (account, stack).

        ``button`` is the hand's button seat, kept so that a restart moves
        the button on from it (``last_position``; R-TABLE-1).
        """
        with self.engine.begin() as db:
            self._fenced(db, table_id)
            hand_id: int = db.execute(
                hands.insert().values(
                    table_id=table_id,
                    number=number,
                    button=button,
                    status="running",
                    started_at=self.now(),
                    starting={str(s): list(v) for s, v in starting.items()},
                    pot=0,
                    rake=0,
                )
            ).inserted_primary_key[0]  # type: ignore[index]
        return hand_id

    # pragma: no mutate end
    def settle_hand(
        self,
        hand_id: int,
        table_id: int,
        *,
        stacks: Mapping[int, int],
        players: Mapping[int, int],
        pot: int,
        rake: int,
        summary: Mapping[str, Any],
        events: Iterable[Mapping[str, Any]],
        also: Callable[[sa.Connection], None] | None = None,
    ) -> None:
        """Settle a finished hand in one transaction.

        Args:
            hand_id: the running hand.
            table_id: its table.
            stacks: seat -> finishing stack, for each seat dealt in.
            players: seat -> account, for each seat dealt in.
            pot: chips awarded (before the rake).
            rake: chips to the house's wallet.
            summary: the hand's public summary (JSON).
            events: the full event log (JSON objects), in order.
            also: writes more in the same transaction (a tournament's
                state, places and prizes: ``server.tournaments``).
        """
        now = self.now()
        house = self.house().id
        with self.engine.begin() as db:
            self._fenced(db, table_id)
            for seat, stack in stacks.items():
                db.execute(
                    seats.update()
                    .where(seats.c.table_id == table_id, seats.c.seat == seat)
                    .values(stack=stack)
                )
            if rake:
                self._move(db, house, rake, "rake", table_id, hand_id, now)
            db.execute(
                hands.update()
                .where(hands.c.id == hand_id)
                .values(
                    status="complete",
                    ended_at=now,
                    pot=pot,
                    rake=rake,
                    summary=dict(summary),
                )
            )
            rows = [
                {"hand_id": hand_id, "seq": i, "event": dict(e)}
                for i, e in enumerate(events)
            ]
            if rows:
                db.execute(hand_events.insert(), rows)
            db.execute(
                hand_players.insert(),
                [
                    {"hand_id": hand_id, "account_id": a, "seat": s}
                    for s, a in players.items()
                ],
            )
            if also is not None:
                also(db)

    # pragma: no mutate start
    def running_hands(self) -> list[tuple[int, int]]:
        """``(hand_id, table_id)`` of each hand left running, oldest first.

        At a start, before ``void_running_hands``: the hands a crash left
        (the room logs each one it voids).
        """
        query = (
            sa.select(hands.c.id, hands.c.table_id)
            .where(hands.c.status == "running")
            .order_by(hands.c.id)
        )
        with self.engine.connect() as db:
            return [(int(row.id), int(row.table_id)) for row in db.execute(query)]

    def void_running_hands(self, table_ids: Iterable[int] | None = None) -> int:
        """Mark hands left running (by a crash) void; how many.

        Their chips never left the seats: a hand changes them only when it
        settles. ``table_ids`` limits it to those tables (a process's own,
        when several processes share the database); ``None`` is every table.
        """
        query = hands.update().where(hands.c.status == "running")
        if table_ids is not None:
            table_ids = list(table_ids)
            query = query.where(hands.c.table_id.in_(table_ids))
        with self.engine.begin() as db:
            for table_id in table_ids or ():
                self._fenced(db, table_id)
            result = db.execute(query.values(status="void", ended_at=self.now()))
        return int(result.rowcount)

    def last_position(self, table_id: int) -> tuple[int, int | None]:
        """``(highest hand number, last complete hand's button)`` of a table.

        The number counts void hands too (no two hands of a table share a
        number); the button is ``None`` before any complete hand with one.
        """
        with self.engine.connect() as db:
            number = db.execute(
                sa.select(sa.func.coalesce(sa.func.max(hands.c.number), 0)).where(
                    hands.c.table_id == table_id
                )
            ).scalar_one()
            button = db.execute(
                sa.select(hands.c.button)
                .where(
                    hands.c.table_id == table_id,
                    hands.c.status == "complete",
                    hands.c.button.is_not(None),
                )
                .order_by(hands.c.id.desc())
                .limit(1)
            ).scalar()
        return int(number), None if button is None else int(button)

    def ping(self) -> None:
        """Ask the database a trivial question (``SELECT 1``).

        Raises:
            sqlalchemy.exc.SQLAlchemyError: when the database does not answer.
        """
        with self.engine.connect() as db:
            db.execute(sa.text("SELECT 1"))

    def hand(self, hand_id: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """A finished hand's row (as a dict) and its event log.

        Raises:
            NotFoundError: for an unknown or unfinished hand.
        """
        with self.engine.connect() as db:
            row = db.execute(sa.select(hands).where(hands.c.id == hand_id)).first()
            if row is None or row.status != "complete":
                raise NotFoundError(f"no finished hand {hand_id}")
            events = db.execute(
                sa.select(hand_events.c.event)
                .where(hand_events.c.hand_id == hand_id)
                .order_by(hand_events.c.seq)
            ).all()
        found = dict(row._mapping)
        for key in ("started_at", "ended_at"):
            found[key] = _utc(found[key]).isoformat()
        return found, [dict(e.event) for e in events]

    def dealt_in(self, hand_id: int, account_id: int) -> int | None:
        """The seat ``account_id`` had in a hand, or ``None`` if not dealt in."""
        with self.engine.connect() as db:
            row = db.execute(
                sa.select(hand_players.c.seat).where(
                    hand_players.c.hand_id == hand_id,
                    hand_players.c.account_id == account_id,
                )
            ).first()
        return None if row is None else int(row.seat)

    def hands_of(
        self, table_id: int, account_id: int, limit: int
    ) -> list[dict[str, Any]]:
        """Finished hands at a table ``account_id`` was dealt into, newest first."""
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(hands)
                .join(hand_players, hand_players.c.hand_id == hands.c.id)
                .where(
                    hands.c.table_id == table_id,
                    hand_players.c.account_id == account_id,
                    hands.c.status == "complete",
                )
                .order_by(hands.c.id.desc())
                .limit(limit)
            ).all()
        return [
            {
                "id": r.id,
                "number": r.number,
                "ended_at": _utc(r.ended_at).isoformat(),
                "pot": int(r.pot),
                "showdown": bool((r.summary or {}).get("showdown")),
                "winners": (r.summary or {}).get("winners", []),
            }
            for r in rows
        ]

    def exported_hands(
        self,
        account_id: int,
        *,
        limit: int,
        hand_ids: Iterable[int] | None = None,
        table_id: int | None = None,
        since: datetime.datetime | None = None,
        until: datetime.datetime | None = None,
    ) -> list[tuple[dict[str, Any], int]]:
        """``(row, seat)`` of finished hands ``account_id`` was dealt into.

        Oldest first, at most ``limit`` of them, narrowed to ``hand_ids``, a
        table, and hands started in ``[since, until)`` when given
        (R-HISTORY-1: only hands the player was dealt into).
        """
        query = (
            sa.select(hands, hand_players.c.seat.label("viewer_seat"))
            .join(hand_players, hand_players.c.hand_id == hands.c.id)
            .where(
                hand_players.c.account_id == account_id,
                hands.c.status == "complete",
                hands.c.summary.is_not(None),
            )
            .order_by(hands.c.id)
            .limit(limit)
        )
        if hand_ids is not None:
            query = query.where(hands.c.id.in_(list(hand_ids)))
        if table_id is not None:
            query = query.where(hands.c.table_id == table_id)
        if since is not None:
            query = query.where(hands.c.started_at >= since)
        if until is not None:
            query = query.where(hands.c.started_at < until)
        with self.engine.connect() as db:
            rows = db.execute(query).all()
        found = []
        for r in rows:
            row = {k: v for k, v in r._mapping.items() if k != "viewer_seat"}
            for key in ("started_at", "ended_at"):
                row[key] = _utc(row[key]).isoformat()
            found.append((row, int(r.viewer_seat)))
        return found

    def hand_times(
        self, account_id: int, table_id: int
    ) -> list[tuple[int, datetime.datetime, datetime.datetime]]:
        """``(id, started_at, ended_at)`` of a player's finished hands at a table.

        Oldest first; what a session is cut from (``hand_export``).
        """
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(hands.c.id, hands.c.started_at, hands.c.ended_at)
                .join(hand_players, hand_players.c.hand_id == hands.c.id)
                .where(
                    hand_players.c.account_id == account_id,
                    hands.c.table_id == table_id,
                    hands.c.status == "complete",
                )
                .order_by(hands.c.id)
            ).all()
        return [(int(r.id), _utc(r.started_at), _utc(r.ended_at)) for r in rows]

    def player_summaries(
        self, account_id: int, limit: int
    ) -> list[tuple[int, dict[str, Any]]]:
        """``(seat, summary)`` of the last ``limit`` finished hands of a player.

        Oldest first (the order they were played), at every table.
        """
        with self.engine.connect() as db:
            rows = db.execute(
                sa.select(hand_players.c.seat, hands.c.summary)
                .join(hands, hand_players.c.hand_id == hands.c.id)
                .where(
                    hand_players.c.account_id == account_id,
                    hands.c.status == "complete",
                )
                .order_by(hands.c.id.desc())
                .limit(limit)
            ).all()
        return [(int(r.seat), r.summary) for r in reversed(rows) if r.summary]

    def pot_stats(self, table_id: int, last: int = 100) -> tuple[int, int]:
        """``(hands played, average pot of the last ``last`` hands)`` at a table."""
        with self.engine.connect() as db:
            count = db.execute(
                sa.select(sa.func.count())
                .select_from(hands)
                .where(hands.c.table_id == table_id, hands.c.status == "complete")
            ).scalar_one()
            recent = (
                sa.select(hands.c.pot)
                .where(hands.c.table_id == table_id, hands.c.status == "complete")
                .order_by(hands.c.id.desc())
                .limit(last)
                .subquery()
            )
            average = db.execute(sa.select(sa.func.avg(recent.c.pot))).scalar_one()
        return int(count), int(average or 0)

    # ---------------------------------------------------------------- checks

    def check_chips(self) -> ChipReport:
        """Count every chip: wallets + tables + rake against the chips granted."""
        return count_chips(self.engine)

    # --------------------------------------------------------------- private

    def _fenced(self, db: sa.Connection, table_id: int) -> None:
        """``fence`` the table inside ``db``'s transaction, if the room set one."""
        if self.fence is not None:
            self.fence(db, table_id)

    def _stake_and_move(
        self,
        db: sa.Connection,
        account_id: int,
        chips: int,
        reason: str,
        table_id: int,
        staked: bool,
    ) -> None:
        """Take ``chips`` from a wallet for ``reason``; staked first if ``staked``.

        A stake is a ledger row ``stake`` of ``+chips``: chips the house puts
        into play for a bot, counted beside the grants (``count_chips``).
        """
        now = self.now()
        if staked:
            self._move(db, account_id, chips, STAKE, table_id, None, now)
        self._move(db, account_id, -chips, reason, table_id, None, now)

    # pragma: no mutate end
    def _move(
        self,
        db: sa.Connection,
        account_id: int,
        delta: int,
        reason: str,
        table_id: int | None,
        hand_id: int | None,
        now: datetime.datetime,
        *,
        tournament_id: int | None = None,
        place: int | None = None,
    ) -> int:
        """Change a wallet by ``delta`` with its ledger row; the new balance.

        ``tournament_id`` and ``place`` name the tournament (and the place
        paid) of a tournament's row.
        """
        self.wallet_writes[account_id] += 1
        row = db.execute(
            accounts.update()
            .where(accounts.c.id == account_id, accounts.c.balance + delta >= 0)
            .values(balance=accounts.c.balance + delta)
            .returning(accounts.c.balance)
        ).first()
        if row is None:
            have = db.execute(
                sa.select(accounts.c.balance).where(accounts.c.id == account_id)
            ).scalar()
            raise WalletError(
                f"the wallet holds {have} chips: {-delta} are needed for the {reason}"
            )
        balance = int(row.balance)
        db.execute(
            ledger.insert().values(
                account_id=account_id,
                delta=delta,
                balance=balance,
                reason=reason,
                table_id=table_id,
                hand_id=hand_id,
                at=now,
                tournament_id=tournament_id,
                place=place,
            )
        )
        return balance
