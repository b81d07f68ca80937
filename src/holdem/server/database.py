"""Open the room's database: its URL, the Alembic migrations, the store."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from holdem.errors import InvalidInputError
from holdem.server.locks import lock_sqlite_file, room_lock
from holdem.server.store import Store

__all__ = ["engine_url", "migrate", "open_store"]

_MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def engine_url(url: str) -> str:
    """SQLAlchemy's URL for a database URL the user gives.

    ``postgresql://...`` uses psycopg 3; ``sqlite:///path`` is a file and a
    bare path is taken as a SQLite file.

    Raises:
        InvalidInputError: for a database other than SQLite or PostgreSQL.
    """
    if "://" not in url:
        return f"sqlite:///{url}"
    scheme, rest = url.split("://", 1)
    if scheme in ("postgresql", "postgres"):
        return f"postgresql+psycopg://{rest}"
    if scheme in ("postgresql+psycopg", "sqlite", "sqlite+pysqlite"):
        return url
    raise InvalidInputError(
        f"unsupported database {scheme!r}: use sqlite:///FILE or postgresql://..."
    )


def migrate(engine: sa.Engine) -> None:
    """Bring the database's schema up to the newest migration (Alembic).

    Under the room lock (``locks.room_lock``): of several processes started
    at once on a new database, one migrates and the others wait for it.
    """
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    with room_lock(engine), engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def open_store(
    url: str, *, now: Callable[[], datetime.datetime], exclusive: bool = False
) -> Store:
    """Connect to the database at ``url``, migrate it and return the store.

    ``exclusive``: a SQLite file is locked for this process (``holdem
    serve``: SQLite is the one-process room); PostgreSQL is never locked.

    Raises:
        InvalidInputError: for an unsupported database URL, or a SQLite file
            another process serves (with ``exclusive``).
    """
    url = engine_url(url)
    lock = None
    if exclusive and url.startswith("sqlite") and ":memory:" not in url:
        lock = lock_sqlite_file(url.split(":///", 1)[1])
    # The room calls its database from the event loop: a database that
    # hangs must not hold every table for long. PostgreSQL: give up a
    # connection after 3 s, a statement after 5 s, a lock after 2 s; SQLite
    # waits at most 1 s for another writer's lock. A timeout is a database
    # error like any other (faults.py: retried with back-off).
    connect_args: dict[str, Any] = {}
    if url.startswith("postgresql"):
        connect_args = {
            "connect_timeout": 3,
            "options": "-c statement_timeout=5000 -c lock_timeout=2000",
        }
    engine = sa.create_engine(url, connect_args=connect_args)
    if engine.dialect.name == "sqlite":

        @sa.event.listens_for(engine, "connect")
        def _pragmas(dbapi_connection: Any, _record: Any) -> None:
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute("PRAGMA busy_timeout=1000")
            cursor.close()

    migrate(engine)
    store = Store(engine, now=now)
    with room_lock(engine):
        store.house()
    store.file_lock = lock
    return store
