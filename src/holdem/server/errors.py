"""The room's own refusals, beside the rules' errors of ``holdem.errors``."""

from __future__ import annotations

from holdem.errors import HoldemError, InvalidInputError

__all__ = [
    "AuthError",
    "ForbiddenError",
    "LimitError",
    "MediaTypeError",
    "NotFoundError",
    "NotOwnerError",
    "RateLimitedError",
    "UnavailableError",
    "TooLargeError",
    "WalletError",
]


class AuthError(HoldemError):
    """No valid session where one is needed, or a wrong name or password."""


class ForbiddenError(HoldemError):
    """A valid session asking for what is not theirs (a seat, a history)."""


class NotFoundError(HoldemError):
    """An unknown table or hand."""


class LimitError(HoldemError):
    """A cap reached: the message says which cap, its size and what to do.

    Spectators at one table or from one address, sockets of one account,
    open tables of one account (``ServerConfig``).
    """


class NotOwnerError(HoldemError):
    """A table or tournament another process of the room runs (HTTP 421).

    Attributes:
        address: the owner's advertised address: its HTTP routes are
            ``address + path`` (a path through the front door such as
            ``/node/b``, or ``http(s)://host:port``).
        socket: for a table, its WebSocket address at the owner (``None``
            for a tournament).
    """

    def __init__(
        self, message: str, *, address: str, socket: str | None = None
    ) -> None:
        super().__init__(message)
        self.address = address
        self.socket = socket


class WalletError(HoldemError):
    """Not enough chips in the wallet for a buy-in or a top-up."""


class UnavailableError(HoldemError):
    """The room cannot serve this now (HTTP 503); nothing changed.

    Its database is unreachable, the table met an error and is paused, or
    the table is moving between server processes.

    Attributes:
        retry_after: whole seconds worth waiting before trying again, or
            ``None`` when unknown.
    """

    def __init__(self, message: str, *, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class TooLargeError(InvalidInputError):
    """A request body or socket message over the room's size limit (413)."""


class MediaTypeError(InvalidInputError):
    """A request body that is not sent as ``application/json`` (415)."""


class RateLimitedError(HoldemError):
    """Too many attempts in a window: failed logins, registrations, tables made.

    Or the room is busy checking passwords.

    Attributes:
        retry_after: whole seconds until another attempt is allowed.
    """

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
