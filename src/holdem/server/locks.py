"""Locks across the room's processes: the database's, and a SQLite file's.

``room_lock``: one process at a time runs the migrations, makes the house
and the demo table (PostgreSQL's session advisory lock; SQLite has one
process). ``lock_sqlite_file``: a second ``holdem serve`` on the same SQLite
file is refused, plainly (SQLite is the one-process room).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO

import sqlalchemy as sa

from holdem.errors import InvalidInputError

__all__ = ["ROOM_LOCK", "lock_sqlite_file", "room_lock"]

ROOM_LOCK = 0x686F6C64656D  # "holdem": the advisory lock's key
_WAIT_MS = 120_000  # the longest a process waits for another's migrations


@contextlib.contextmanager
def room_lock(engine: sa.Engine) -> Iterator[None]:
    """Hold the room-wide lock while the block runs (PostgreSQL; else none).

    Waits up to two minutes for another process holding it (its migrations
    on a new database take a few seconds).
    """
    if engine.dialect.name != "postgresql":
        yield
        return
    with engine.connect() as db:
        db.execute(sa.text(f"SET statement_timeout = {_WAIT_MS}"))
        db.execute(sa.text(f"SET lock_timeout = {_WAIT_MS}"))
        db.execute(sa.select(sa.func.pg_advisory_lock(ROOM_LOCK)))
        db.commit()
        try:
            yield
        finally:
            db.execute(sa.select(sa.func.pg_advisory_unlock(ROOM_LOCK)))
            db.commit()


def lock_sqlite_file(path: str) -> IO[str]:
    """Lock the SQLite file at ``path`` for this process; the open lock file.

    The lock (``path + ".lock"``, ``flock``) lasts while the returned file
    is open, so until the process ends, however it ends.

    Raises:
        InvalidInputError: another process holds it.
    """
    lock_path = Path(path + ".lock")
    handle = lock_path.open("a+")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.seek(0)
        holder = handle.read().strip() or "another process"
        handle.close()
        raise InvalidInputError(
            f"another holdem serve (pid {holder}) uses the SQLite file {path}:"
            " SQLite is for one process; for several, use PostgreSQL"
            " (--database-url postgresql://...)"
        ) from None
    handle.seek(0)
    handle.truncate()
    handle.write(str(os.getpid()))
    handle.flush()
    return handle
