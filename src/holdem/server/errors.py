"""The room's own refusals, beside the rules' errors of ``holdem.errors``."""

from __future__ import annotations

from holdem.errors import HoldemError

__all__ = [
    "AuthError",
    "ForbiddenError",
    "LimitError",
    "NotFoundError",
    "NotOwnerError",
    "RateLimitedError",
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
    """A table another server process deals (``ServerConfig.tables``)."""


class WalletError(HoldemError):
    """Not enough chips in the wallet for a buy-in or a top-up."""


class RateLimitedError(HoldemError):
    """Too many attempts in a window: failed logins, tables created.

    Attributes:
        retry_after: whole seconds until another attempt is allowed.
    """

    def __init__(self, message: str, *, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after
