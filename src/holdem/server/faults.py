"""When something fails: the database's errors, faults in words, the watch.

Which errors are the database's, how a fault is put in words, and the watch
over an unreachable database.

A fault stops one table at most, never the room (docs/ARCHITECTURE: faults
stop the least they can). A database error is nobody's fault: the room
waits for the database, asking it again after waits that double from 0.25 s
up to ``ServerConfig.database_retry_seconds``, so it deals again within a
few seconds of the database's return.
"""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable

from sqlalchemy import exc

from holdem.server.store import Store

__all__ = ["DATABASE_ERRORS", "LOG", "DatabaseWatch", "describe", "is_database_error"]

LOG = logging.getLogger("holdem.server")
"""The room's log: faults with their table and hand (``extra``)."""

DATABASE_ERRORS: tuple[type[Exception], ...] = (
    exc.OperationalError,
    exc.InterfaceError,
    exc.DBAPIError,
    exc.TimeoutError,  # no pooled connection came back in time
)
"""The errors of an unreachable database (not a table's fault)."""

_FIRST_WAIT = 0.25


def is_database_error(error: BaseException) -> bool:
    """Whether ``error`` says the database is unreachable (not a bug of ours).

    An ``IntegrityError`` or a ``ProgrammingError`` is a ``DBAPIError`` too,
    but the database answered: that is a fault, not an outage.
    """
    if isinstance(error, exc.IntegrityError | exc.ProgrammingError | exc.DataError):
        return False
    return isinstance(error, DATABASE_ERRORS)


def describe(error: BaseException, limit: int = 200) -> str:
    """``"Kind: first line of the message"``, at most ``limit`` characters."""
    reason = getattr(error, "orig", None) or error
    lines = str(reason).strip().splitlines()
    text = f"{type(error).__name__}: {lines[0] if lines else ''}".rstrip(": ")
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


class DatabaseWatch:
    """Whether the database answers, and when to ask it again.

    Args:
        store: the room's database.
        now: the room's clock (aware UTC).
        longest: the longest wait between two tries, in seconds.
    """

    def __init__(
        self, store: Store, now: Callable[[], datetime.datetime], longest: float
    ) -> None:
        self.store = store
        self.now = now
        self.longest = longest
        self.error: str | None = None
        """Why the database is taken as unreachable; ``None`` while it answers."""
        self.since: datetime.datetime | None = None
        self._wait = _FIRST_WAIT
        self._retry_at = now()

    @property
    def is_down(self) -> bool:
        """The database failed and has not answered since."""
        return self.error is not None

    def failed(self, error: BaseException, table_id: int | None = None) -> None:
        """Take the database as unreachable after ``error``; log the first."""
        if self.error is None:
            self.since = self.now()
            self._wait = _FIRST_WAIT
            LOG.error(
                "the database is unreachable: %s; the room waits for it",
                describe(error),
                extra={"table_id": table_id},
            )
        self.error = describe(error)
        self._retry_at = self.now() + datetime.timedelta(seconds=self._wait)

    def is_back(self) -> bool:
        """Whether the database answers again (asked once its wait is over)."""
        if self.error is None:
            return True
        if self.now() < self._retry_at:
            return False
        try:
            self.store.ping()
        except DATABASE_ERRORS as error:
            self._wait = min(self._wait * 2, self.longest)
            self.error = describe(error)
            self._retry_at = self.now() + datetime.timedelta(seconds=self._wait)
            return False
        LOG.warning("the database answers again: the room goes on")
        self.error = None
        self.since = None
        return True

    def probe(self) -> str | None:
        """Ask the database now (``SELECT 1``); why it failed, or ``None``."""
        try:
            self.store.ping()
        except DATABASE_ERRORS as error:
            self.failed(error)
            return describe(error)
        return None
