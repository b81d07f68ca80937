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


def lock_sqlite_file(path: str) -> IO[bytes]:
    """Lock the SQLite file at ``path`` for this process; the open file.

    The lock is a ``flock`` on the database file itself, so a symbolic or
    hard link to it is the same file, and it lasts while the returned file
    is open: until the process ends, however it ends. (SQLite's own locks
    are POSIX ``fcntl`` locks, which a ``flock`` does not touch; the file
    stays open, so closing it cannot drop theirs.) The holder's pid is
    noted beside the real path (``.lock``) for the refusal's message.

    Raises:
        InvalidInputError: another process holds it.
    """
    real = os.path.realpath(path)
    handle = Path(real).open("ab")  # noqa: SIM115 - held open until the process ends
    note = Path(real + ".lock")
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        try:
            holder = "pid " + (note.read_text().strip() or "?")
        except OSError:
            holder = "another process"
        raise InvalidInputError(
            f"another holdem serve ({holder}) uses the SQLite file {real}:"
            " SQLite is for one process; for several, use PostgreSQL"
            " (--database-url postgresql://...)"
        ) from None
    with contextlib.suppress(OSError):
        note.write_text(str(os.getpid()))
    return handle
