"""Registration, login and sessions: argon2 hashes, tokens, rate limits."""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import os
import re
import secrets
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from zxcvbn import zxcvbn

from holdem.errors import InvalidInputError
from holdem.rules.actions import short_repr
from holdem.server.config import ServerConfig
from holdem.server.errors import AuthError, RateLimitedError
from holdem.server.limits import LoginLimits, SlidingWindow
from holdem.server.store import Account, Store, name_key

__all__ = ["Accounts", "password_problem", "token_hash"]

_NAME = re.compile(r"[A-Za-z0-9_\-]{3,20}")
_T = TypeVar("_T")
_ZXCVBN_MAX = 72
MIN_PASSWORD = 8
MIN_SCORE = 2
MAX_PASSWORD = 200
MAX_NAME_INPUT = 100


def token_hash(token: str) -> str:
    """The stored form of a session token (SHA-256, hex).

    A leaked table of sessions gives no usable token.
    """
    return hashlib.sha256(token.encode()).hexdigest()


class Accounts:
    """People's accounts over a ``Store``.

    Passwords are checked and hashed on a small pool of threads, never on
    the event loop (argon2 takes tens of milliseconds of CPU each).

    Args:
        store: the database.
        config: the room's settings (starting chips, session length, the
            rate limits and the hashing pool's size).
    """

    def __init__(self, store: Store, config: ServerConfig) -> None:
        self.store = store
        self.starting_chips = config.starting_chips
        self.session_ttl = config.session_ttl
        self.limits = LoginLimits(
            attempts=config.login_attempts,
            address_attempts=config.login_address_attempts,
            name_attempts=config.login_name_attempts,
            window=config.login_window_seconds,
            slow_seconds=config.login_slow_seconds,
            now=config.now,
            max_keys=config.limiter_keys,
        )
        self.registrations = SlidingWindow(
            config.register_attempts,
            config.register_window_seconds,
            config.now,
            config.limiter_keys,
        )
        self.hash_queue = config.hash_queue
        self.hash_threads = max(1, config.hash_threads)
        self._pool: ThreadPoolExecutor | None = None
        self._waiting = 0
        self._hasher = PasswordHasher()
        self._dummy_hash: str | None = None

    def close(self) -> None:
        """Stop the hashing threads (once the room stops; made again on use)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    async def register(
        self, name: object, password: object, address: str = "?"
    ) -> tuple[Account, str]:
        """Open an account and log it in: ``(account, session token)``.

        Raises:
            RateLimitedError: after ``register_attempts`` registrations from
                ``address`` in the window, or when the hashing pool is full.
            InvalidInputError: for a name other than 3..20 letters, digits,
                ``_`` or ``-``, a password shorter than 8 characters or too
                easy to guess (``password_problem``), or a name taken
                (whatever its case or Unicode form).
        """
        name, password = _credentials(name, password)
        if not _NAME.fullmatch(name):
            raise InvalidInputError(
                f"a name has 3 to 20 letters, digits, '_' or '-', got "
                f"{short_repr(name)}"
            )
        wait = self.registrations.wait(address)
        if wait is not None:
            seconds = max(1, int(wait.total_seconds() + 0.999))
            raise RateLimitedError(
                f"too many registrations from your address: try again in {seconds} s",
                retry_after=seconds,
            )
        self.registrations.add(address)
        if self.store.account_by_name(name) is not None:
            raise InvalidInputError(f"the name {short_repr(name)} is taken")
        password_hash = await self._in_pool(self._checked_hash, name, password)
        account = self.store.create_account(
            name, "person", password_hash, self.starting_chips
        )
        self.limits.succeed(name_key(name), address)
        return account, self._open_session(account)

    async def login(
        self, name: object, password: object, address: str
    ) -> tuple[Account, str]:
        """Check a name and password: ``(account, new session token)``.

        An unknown name (or a bot's, which has no password) is checked
        against a dummy hash, so that it takes as long as a real one.

        Raises:
            RateLimitedError: when a limit of ``LoginLimits`` stops it, or
                when the hashing pool is full.
            AuthError: for a wrong name or password (one message for both).
        """
        name, password = _credentials(name, password)
        key = name_key(name)
        attempt = self.limits.reserve(key, address)  # counted until it is right
        account = self.store.account_by_name(name)
        stored = None if account is None else account.password_hash
        try:
            ok = await self._in_pool(self._verify, stored, password)
        except RateLimitedError:  # the pool was full: never checked
            self.limits.release(key, address, attempt)
            raise
        if not ok or account is None:
            self.limits.fail(key, address, attempt)
            raise AuthError("wrong name or password")
        self.limits.release(key, address, attempt)
        self.limits.succeed(key, address)
        return account, self._open_session(account)

    async def _in_pool(self, work: Callable[..., _T], *args: Any) -> _T:
        """``work(*args)`` on a hashing thread; 429 when too many wait."""
        if self._waiting >= self.hash_queue:
            raise RateLimitedError(
                "the room is busy checking passwords: try again in 1 s",
                retry_after=1,
            )
        self._waiting += 1
        try:
            if self._pool is None:
                self._pool = ThreadPoolExecutor(
                    self.hash_threads,
                    thread_name_prefix="holdem-hash",
                    initializer=_yield_to_the_tables,
                )
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._pool, work, *args)
        finally:
            self._waiting -= 1

    def _checked_hash(self, name: str, password: str) -> str:
        problem = password_problem(password, name)
        if problem is not None:
            raise InvalidInputError(problem)
        return self._hasher.hash(password)

    def _verify(self, stored: str | None, password: str) -> bool:
        """Whether ``password`` matches ``stored``.

        For ``None`` (no such account) False, after the same work against
        the dummy hash.
        """
        if stored is None:
            self._verify_hash(self.dummy_hash(), password)
            return False
        return self._verify_hash(stored, password)

    def _verify_hash(self, stored: str, password: str) -> bool:
        try:
            return self._hasher.verify(stored, password)
        except (VerificationError, InvalidHashError):
            return False

    def dummy_hash(self) -> str:
        """A hash of a random password, made once: what unknown names verify."""
        if self._dummy_hash is None:
            self._dummy_hash = self._hasher.hash(secrets.token_urlsafe(16))
        return self._dummy_hash

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


def password_problem(password: str, name: str) -> str | None:
    """Why ``password`` is too weak for the account ``name``; ``None`` if fine.

    At least 8 characters, and a zxcvbn score of at least 2 (of 0..4) with
    the name as a word the guesser knows: common passwords (``password``,
    ``12345678``), repeats (eight spaces) and the name itself are refused.
    zxcvbn reads the first 72 characters.
    """
    if len(password) < MIN_PASSWORD:
        return f"a password has at least {MIN_PASSWORD} characters"
    result = zxcvbn(password[:_ZXCVBN_MAX], user_inputs=[name, name_key(name)])
    if result["score"] >= MIN_SCORE:
        return None
    feedback = result["feedback"]
    hints = [feedback.get("warning") or "", *feedback.get("suggestions", ())]
    hint = " ".join(h.strip() for h in hints if h.strip())
    return (
        "this password is too easy to guess"
        + (f" ({hint})" if hint else "")
        + ": use a longer phrase of uncommon words, not your name,"
        " a common password or a repeat"
    )


def _yield_to_the_tables() -> None:
    """Lower this hashing thread's CPU priority below the event loop's.

    On a server with one core (or a busy one) argon2's hashes would take the
    CPU the tables' event loop needs: at the lowest priority (nice 19, per
    thread on Linux) a hash runs on what the loop leaves, so a flood of
    registrations slows registration, not the tables. Elsewhere: no-op.
    """
    native = getattr(threading, "get_native_id", None)
    setpriority = getattr(os, "setpriority", None)
    if native is None or setpriority is None:
        return
    with contextlib.suppress(OSError):
        setpriority(os.PRIO_PROCESS, native(), 19)


def _credentials(name: object, password: object) -> tuple[str, str]:
    if type(name) is not str or type(password) is not str:
        raise InvalidInputError("give a name and a password, both strings")
    if len(name) > MAX_NAME_INPUT:
        raise InvalidInputError(f"a name has at most {MAX_NAME_INPUT} characters")
    if len(password) > MAX_PASSWORD:
        raise InvalidInputError(f"a password has at most {MAX_PASSWORD} characters")
    return name.strip(), password
