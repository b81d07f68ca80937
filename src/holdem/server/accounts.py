"""Registration, login and sessions: argon2 hashes, tokens, a login rate limit."""

from __future__ import annotations

import datetime
import hashlib
import re
import secrets
from collections import deque
from collections.abc import Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from holdem.errors import InvalidInputError
from holdem.rules.actions import short_repr
from holdem.server.errors import AuthError, RateLimitedError
from holdem.server.store import Account, Store

__all__ = ["Accounts", "LoginLimiter", "token_hash"]

_NAME = re.compile(r"[A-Za-z0-9_\-]{3,20}")
MIN_PASSWORD = 8
MAX_PASSWORD = 200


def token_hash(token: str) -> str:
    """The stored form of a session token (SHA-256, hex).

    A leaked table of sessions gives no usable token.
    """
    return hashlib.sha256(token.encode()).hexdigest()


class LoginLimiter:
    """Failed logins per key (a name, an address) in a sliding window.

    Args:
        attempts: failures allowed in the window.
        window: the window's length in seconds.
        now: the clock.
    """

    def __init__(
        self,
        attempts: int,
        window: float,
        now: Callable[[], datetime.datetime],
    ) -> None:
        self.attempts = attempts
        self.window = datetime.timedelta(seconds=window)
        self.now = now
        self._failures: dict[str, deque[datetime.datetime]] = {}

    def check(self, *keys: str) -> None:
        """Refuse when any key has used up its attempts.

        Raises:
            RateLimitedError: with the seconds until the oldest failure ages out.
        """
        now = self.now()
        for key in keys:
            failures = self._failures.get(key)
            if failures is None:
                continue
            while failures and failures[0] + self.window <= now:
                failures.popleft()
            if len(failures) >= self.attempts:
                wait = failures[0] + self.window - now
                raise RateLimitedError(
                    f"too many failed logins: try again in"
                    f" {max(1, int(wait.total_seconds() + 0.999))} s",
                    retry_after=max(1, int(wait.total_seconds() + 0.999)),
                )
            if not failures:
                del self._failures[key]

    def fail(self, *keys: str) -> None:
        """Count a failed attempt against each key."""
        now = self.now()
        for key in keys:
            self._failures.setdefault(key, deque()).append(now)


class Accounts:
    """People's accounts over a ``Store``.

    Args:
        store: the database.
        starting_chips: chips granted to each new account.
        session_ttl: how long a session lasts.
        limiter: the login rate limit.
    """

    def __init__(
        self,
        store: Store,
        *,
        starting_chips: int,
        session_ttl: datetime.timedelta,
        limiter: LoginLimiter,
    ) -> None:
        self.store = store
        self.starting_chips = starting_chips
        self.session_ttl = session_ttl
        self.limiter = limiter
        self._hasher = PasswordHasher()

    def register(self, name: object, password: object) -> tuple[Account, str]:
        """Open an account and log it in: ``(account, session token)``.

        Raises:
            InvalidInputError: for a name other than 3..20 letters, digits,
                ``_`` or ``-``, a password shorter than 8 characters, or a
                name taken.
        """
        name, password = _credentials(name, password)
        if not _NAME.fullmatch(name):
            raise InvalidInputError(
                f"a name has 3 to 20 letters, digits, '_' or '-', got "
                f"{short_repr(name)}"
            )
        if len(password) < MIN_PASSWORD:
            raise InvalidInputError(
                f"a password has at least {MIN_PASSWORD} characters"
            )
        account = self.store.create_account(
            name, "person", self._hasher.hash(password), self.starting_chips
        )
        return account, self._open_session(account)

    def login(
        self, name: object, password: object, address: str
    ) -> tuple[Account, str]:
        """Check a name and password: ``(account, new session token)``.

        Raises:
            RateLimitedError: after too many failures for the name or address.
            AuthError: for a wrong name or password (one message for both).
        """
        name, password = _credentials(name, password)
        keys = (f"name:{name.lower()}", f"address:{address}")
        self.limiter.check(*keys)
        account = self.store.account_by_name(name)
        ok = False
        if account is not None and account.password_hash is not None:
            try:
                ok = self._hasher.verify(account.password_hash, password)
            except (VerificationError, InvalidHashError):
                ok = False
        if not ok or account is None:
            self.limiter.fail(*keys)
            raise AuthError("wrong name or password")
        return account, self._open_session(account)

    def session(self, token: str | None) -> Account | None:
        """The account of a live session token, or ``None``."""
        if not token or len(token) > MAX_PASSWORD:
            return None
        return self.store.session_account(token_hash(token))

    def logout(self, token: str | None) -> None:
        """End a session (nothing happens for an unknown token)."""
        if token:
            self.store.end_session(token_hash(token))

    def _open_session(self, account: Account) -> str:
        token = secrets.token_urlsafe(32)
        expires = self.store.now() + self.session_ttl
        self.store.create_session(account.id, token_hash(token), expires)
        return token


def _credentials(name: object, password: object) -> tuple[str, str]:
    if type(name) is not str or type(password) is not str:
        raise InvalidInputError("give a name and a password, both strings")
    if len(password) > MAX_PASSWORD:
        raise InvalidInputError(f"a password has at most {MAX_PASSWORD} characters")
    return name.strip(), password
