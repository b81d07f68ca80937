"""The room's hint channel: PostgreSQL ``LISTEN``/``NOTIFY`` between processes.

A process that places a table on another process, or frees its leases at a
clean stop, sends ``NOTIFY holdem_room`` in the same transaction; every
process listening runs its lease round at its next tick instead of waiting
for the heartbeat's. A hint only hurries what the heartbeat does anyway: a
lost notification (a dropped connection) costs at most a quarter of a lease.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import sqlalchemy as sa

from holdem.server.faults import LOG
from holdem.server.leases import NOTIFY_CHANNEL

__all__ = ["HintListener"]


class HintListener:
    """Listen for hints in a thread; call ``on_hint`` on the event loop.

    Args:
        engine: the room's PostgreSQL engine (its URL is used for a
            connection of the listener's own, in autocommit).
        on_hint: called on ``loop`` for each notification.
        loop: the room's event loop.
    """

    def __init__(
        self,
        engine: sa.Engine,
        on_hint: Callable[[], None],
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        url = engine.url.set(drivername="postgresql")
        self.conninfo = url.render_as_string(hide_password=False)
        self.on_hint = on_hint
        self.loop = loop
        self.stopped = threading.Event()
        self.thread = threading.Thread(
            target=self._run, name="holdem-hints", daemon=True
        )

    def start(self) -> None:
        """Start listening (returns at once)."""
        self.thread.start()

    def stop(self) -> None:
        """Stop listening; the thread ends within a second."""
        self.stopped.set()

    def _run(self) -> None:
        import psycopg

        while not self.stopped.is_set():
            try:
                with psycopg.connect(
                    self.conninfo, autocommit=True, connect_timeout=3
                ) as connection:
                    connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    while not self.stopped.is_set():
                        for _ in connection.notifies(timeout=1.0):
                            self.loop.call_soon_threadsafe(self.on_hint)
            except Exception as error:  # the heartbeat covers what is missed
                LOG.warning("the hint channel failed (%s); listening again", error)
                self.stopped.wait(2.0)
