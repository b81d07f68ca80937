"""A table's chat: who may write, how much, what is kept, who is muted.

Players seated at a table write in its chat; spectators (logged in) only
where the house allows it (``ServerConfig.spectator_chat``, a table's own
``TableSpec.spectator_chat``). A message is 1 to ``MAX_CHAT_CHARACTERS``
characters once stripped, with no control characters; an account writes at
most ``CHAT_BURST`` messages per ``CHAT_WINDOW_SECONDS`` and one per
``CHAT_PACE_SECONDS`` (a refusal names the wait). A tournament table
(``TableSpec.chat_suspended_while_all_in``) refuses chat while a player is
all-in in a running hand. Each table keeps its last ``CHAT_HISTORY``
messages in memory for the sockets that connect later.

The text is sent as JSON text, never HTML: the page renders it with
``textContent``. Each viewer (an account) may mute players: the room then
sends none of their messages to that viewer's sockets.
"""

from __future__ import annotations

import logging
from collections import deque
from dataclasses import dataclass
from typing import Any

from holdem.errors import InvalidInputError, StateError
from holdem.rules.actions import short_repr
from holdem.server.config import ServerConfig
from holdem.server.errors import (
    AuthError,
    ForbiddenError,
    LimitError,
    NotFoundError,
    RateLimitedError,
)
from holdem.server.limits import SlidingWindow
from holdem.server.runner import TableRunner
from holdem.server.store import Account, Store

__all__ = [
    "CHAT_BURST",
    "CHAT_HISTORY",
    "CHAT_PACE_SECONDS",
    "CHAT_WINDOW_SECONDS",
    "MAX_CHAT_CHARACTERS",
    "MAX_MUTED",
    "Chat",
    "ChatLine",
    "check_text",
]

LOG = logging.getLogger("holdem.server")
MAX_CHAT_CHARACTERS = 200
CHAT_BURST = 5
"""Messages one account may write per ``CHAT_WINDOW_SECONDS``."""
CHAT_WINDOW_SECONDS = 10.0
CHAT_PACE_SECONDS = 1.0
"""The least time between two messages of one account."""
CHAT_HISTORY = 50
"""Messages a table keeps for the sockets that connect later."""
MAX_MUTED = 200
"""Players one viewer may mute."""
_BIDI = frozenset(
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
)


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A message as kept: its writer's account id and its JSON object."""

    sender: int
    message: dict[str, Any]


def check_text(text: object) -> str:
    """The chat text ``text`` stripped, once checked.

    Args:
        text: what the client sent.

    Returns:
        The text without leading and trailing white space.

    Raises:
        InvalidInputError: not a string; empty or over
            ``MAX_CHAT_CHARACTERS`` once stripped; a control character
            (line breaks, tabs, bidirectional overrides) in it.
    """
    if not isinstance(text, str):
        raise InvalidInputError(f"chat text is a string, got {short_repr(text)}")
    stripped = text.strip()
    if not 1 <= len(stripped) <= MAX_CHAT_CHARACTERS:
        raise InvalidInputError(
            f"a chat message has 1 to {MAX_CHAT_CHARACTERS} characters once"
            f" stripped, got {len(stripped)}"
        )
    for char in stripped:
        if ord(char) < 32 or 0x7F <= ord(char) < 0xA0 or char in _BIDI:
            raise InvalidInputError(
                f"a chat message has no control characters (U+{ord(char):04X}):"
                " one line of text"
            )
    return stripped


def _all_in(runner: TableRunner) -> bool:
    """Whether a player is all-in in the table's running hand."""
    hand = runner.table.hand
    if hand is None or hand.state is None:
        return False
    view = hand.state.view(None)
    return any(
        stack == 0 and not folded
        for stack, folded in zip(view.stacks, view.folded, strict=True)
    )


class Chat:
    """The room's chats: each table's recent messages, the limits, the mutes.

    Args:
        config: the room's settings (its clock, ``spectator_chat``).
        store: finds the accounts muted by name.
    """

    def __init__(self, config: ServerConfig, store: Store) -> None:
        self.config = config
        self.store = store
        self.history: dict[int, deque[ChatLine]] = {}
        self.muted: dict[int, set[int]] = {}  # viewer account id -> muted ids
        self._muted_names: dict[int, dict[int, str]] = {}
        keys = config.limiter_keys
        self._burst = SlidingWindow(CHAT_BURST, CHAT_WINDOW_SECONDS, config.now, keys)
        self._pace = SlidingWindow(1, CHAT_PACE_SECONDS, config.now, keys)

    def say(
        self, runner: TableRunner, account: Account | None, text: object
    ) -> ChatLine:
        """Check and keep a message ``account`` writes at ``runner``'s table.

        Returns:
            The line to send: ``{"type": "chat", "from", "seat", "text",
            "at"}`` (``seat`` is ``None`` for a spectator).

        Raises:
            InvalidInputError: text refused by ``check_text``.
            AuthError: no session (a visitor reads, never writes).
            ForbiddenError: a spectator where spectators may not write.
            StateError: a tournament table while a player is all-in.
            RateLimitedError: past the limits; the message names the wait.
        """
        clean = check_text(text)
        if account is None:
            raise AuthError("log in to chat")
        seat = runner.seat_of(account.id)
        table_id = runner.table_id
        if seat is None and not runner.spec.allows_spectator_chat(self.config):
            LOG.info("chat refused: spectator %s at table %d", account.name, table_id)
            raise ForbiddenError(
                "spectators may not write in this table's chat: take a seat to chat"
            )
        if runner.spec.chat_suspended_while_all_in and _all_in(runner):
            LOG.info(
                "chat refused: %s while all-in at table %d", account.name, table_id
            )
            raise StateError(
                "chat is suspended while a player is all-in: write again when"
                " the hand is over"
            )
        key = str(account.id)
        wait = self._pace.wait(key) or self._burst.wait(key)
        if wait is not None:
            seconds = max(1, int(wait.total_seconds() + 0.999))
            LOG.warning("chat rate limit: %s at table %d", account.name, table_id)
            raise RateLimitedError(
                f"you write too fast (at most {CHAT_BURST} messages per"
                f" {CHAT_WINDOW_SECONDS:g} s, one per {CHAT_PACE_SECONDS:g} s):"
                f" wait {seconds} s",
                retry_after=seconds,
            )
        self._pace.add(key)
        self._burst.add(key)
        message = {
            "type": "chat",
            "from": account.name,
            "seat": seat,
            "text": clean,
            "at": self.config.now().isoformat(),
        }
        line = ChatLine(account.id, message)
        kept = self.history.setdefault(table_id, deque(maxlen=CHAT_HISTORY))
        kept.append(line)
        return line

    def hides(self, viewer: Account | None, line: ChatLine) -> bool:
        """Whether ``viewer`` muted the writer of ``line``."""
        return viewer is not None and line.sender in self.muted.get(viewer.id, ())

    def recent(self, table_id: int, viewer: Account | None) -> list[dict[str, Any]]:
        """The table's kept messages that ``viewer`` has not muted, oldest first."""
        return [
            line.message
            for line in self.history.get(table_id, ())
            if not self.hides(viewer, line)
        ]

    def mute(self, viewer: Account | None, player: object, on: bool) -> list[str]:
        """Mute (``on``) or unmute ``player`` for ``viewer``'s sockets.

        Returns:
            The names ``viewer`` has muted now, sorted.

        Raises:
            AuthError: no session (a visitor mutes on the page alone).
            InvalidInputError: ``player`` not a name, or the viewer's own.
            NotFoundError: no account is called ``player``.
            LimitError: already ``MAX_MUTED`` players muted.
        """
        if viewer is None:
            raise AuthError("log in to mute players here (the page mutes for you)")
        if not isinstance(player, str) or not player.strip():
            raise InvalidInputError(
                f"player is the name of the one to mute, got {short_repr(player)}"
            )
        found = self.store.account_by_name(player.strip())
        if found is None:
            raise NotFoundError(f"no player {short_repr(player)}")
        if found.id == viewer.id:
            raise InvalidInputError("you cannot mute yourself")
        muted = self.muted.setdefault(viewer.id, set())
        names = self._muted_names.setdefault(viewer.id, {})
        if on:
            if found.id not in muted and len(muted) >= MAX_MUTED:
                raise LimitError(
                    f"you have muted {len(muted)} players, the most allowed"
                    f" ({MAX_MUTED}): unmute one first"
                )
            muted.add(found.id)
            names[found.id] = found.name
        else:
            muted.discard(found.id)
            names.pop(found.id, None)
        return sorted(names.values())
