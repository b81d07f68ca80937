"""What a socket has waiting to be sent: JSON text, bounded, snapshots collapsed.

``Room.publish`` encodes each message once (``encode``) and puts the same
text in every queue that gets it: a table's spectators share one encoded
snapshot, so a change costs one encoding per kind of viewer, not one per
socket. A socket's queue is bounded: a reader that falls ``limit`` messages
behind has its waiting snapshots dropped when a newer one arrives (a
snapshot is the whole table, so only the newest matters); one still
``limit`` messages behind after that (hand results, errors and pongs it
does not read) is closed with ``WS_TOO_SLOW`` and a reason.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

import orjson

__all__ = ["WS_TOO_SLOW", "Outbox", "encode"]

WS_TOO_SLOW = 4408
"""The close code of a table socket whose reader fell too far behind."""


def encode(message: dict[str, Any]) -> str:
    """``message`` as the JSON text a socket sends (compact, UTF-8 kept).

    orjson writes the same text as ``json.dumps(message, separators=(",",
    ":"), ensure_ascii=False)`` for the room's messages (keys that are not
    strings are written as strings, as ``json`` does) at about a twentieth
    of the cost: at 2,000 players ``json`` was a tenth of a process's time.

    Raises:
        TypeError: for a value JSON cannot hold.
    """
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


class Outbox:
    """One socket's messages waiting to be sent, at most ``limit`` of them.

    Used inside one event loop (``Connection.send`` hops threads first).

    Args:
        limit: messages that may wait (1 or more).
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.closing: str | None = None
        """Why the socket is to be closed (it fell behind), or ``None``."""
        self.close_code = WS_TOO_SLOW
        """The close code to close it with (``close`` sets another)."""
        self.collapsed = 0
        """Snapshots dropped because a newer one superseded them."""
        self._items: deque[tuple[bool, str]] = deque()
        self._ready = asyncio.Event()

    def __len__(self) -> int:
        return len(self._items)

    def put(self, text: str, *, snapshot: bool = False) -> None:
        """Queue ``text``; ``snapshot`` marks a whole-table ``table`` message.

        At the limit, a new snapshot drops the snapshots still waiting; if
        the queue is still full the socket is marked for closing
        (``closing``) and its queue emptied.
        """
        if self.closing is not None:
            return
        if len(self._items) >= self.limit and snapshot:
            kept = deque(item for item in self._items if not item[0])
            self.collapsed += len(self._items) - len(kept)
            self._items = kept
        if len(self._items) >= self.limit:
            self.closing = (
                f"the socket fell {len(self._items)} messages behind"
                f" (at most {self.limit} may wait): read faster, then reconnect"
            )
            self._items.clear()
        else:
            self._items.append((snapshot, text))
        self._ready.set()

    def close(self, code: int, reason: str) -> None:
        """Close the socket with ``code`` once the texts waiting are sent.

        Nothing queued after this is sent (the session logged out, say).
        """
        if self.closing is None:
            self.closing, self.close_code = reason, code
        self._ready.set()

    async def get(self) -> str | None:
        """The next text to send, waiting for one; ``None``: close the socket."""
        while not self._items:
            if self.closing is not None:
                return None
            self._ready.clear()
            await self._ready.wait()
        return self._items.popleft()[1]
