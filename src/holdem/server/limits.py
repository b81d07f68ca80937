"""Rate limits of logins and registrations, in bounded memory (docs/security.md).

Every key is kept as a 16-byte digest (a 50 MiB name costs what a short one
does), each key keeps at most as many times as its limit counts, and a limit
remembers at most ``max_keys`` keys: the one that failed least recently is
forgotten first, and keys whose times have all aged out are dropped as soon
as they reach the front.

Logins are limited so that an attacker cannot lock the owner out
(docs/security.md, Lockout):

- per (name, address): ``attempts`` failures per window lock that pair;
- per address: ``address_attempts`` failures (any names) lock that address;
- per name, from anywhere: after ``name_attempts`` failures in the window,
  an address the name never logged in from (since the room started) may try
  only once per ``slow_seconds`` across all such addresses. Addresses the
  owner logged in from are never slowed by it.

A login counts against the first two before its password is hashed
(``reserve``; uncounted if it was right), so that concurrent attempts cannot
all pass the check before any of them fails.
"""

from __future__ import annotations

import datetime
import hashlib
from collections import OrderedDict, deque
from collections.abc import Callable

from holdem.server.errors import RateLimitedError

__all__ = ["LoginLimits", "SlidingWindow", "digest"]

_KNOWN_PER_NAME = 8


def digest(text: str) -> bytes:
    """A key's stored form: 16 bytes of BLAKE2b, whatever the text's length."""
    data = text.encode("utf-8", "surrogatepass")
    return hashlib.blake2b(data, digest_size=16).digest()


def _seconds(wait: datetime.timedelta) -> int:
    """Whole seconds to wait, at least 1 (a ``Retry-After`` value)."""
    return max(1, int(wait.total_seconds() + 0.999))


class SlidingWindow:
    """Events per key within the last ``window`` seconds, at most ``limit`` each.

    Args:
        limit: events allowed per key in the window (at least 1).
        window: the window's length in seconds.
        now: the clock.
        max_keys: most keys remembered (the least recently used goes first).
    """

    def __init__(
        self,
        limit: int,
        window: float,
        now: Callable[[], datetime.datetime],
        max_keys: int,
    ) -> None:
        self.limit = max(1, limit)
        self.window = datetime.timedelta(seconds=window)
        self.now = now
        self.max_keys = max(1, max_keys)
        self._times: OrderedDict[bytes, deque[datetime.datetime]] = OrderedDict()

    def __len__(self) -> int:
        """How many keys are remembered now."""
        return len(self._times)

    def wait(self, key: str) -> datetime.timedelta | None:
        """How long until ``key`` may have another event; ``None`` if now."""
        times = self._times.get(digest(key))
        if times is None:
            return None
        now = self.now()
        while times and times[0] + self.window <= now:
            times.popleft()
        if not times:  # a key is never kept without times
            del self._times[digest(key)]
            return None
        if len(times) < self.limit:
            return None
        return times[0] + self.window - now

    def add(self, key: str, now: datetime.datetime | None = None) -> datetime.datetime:
        """Count an event for ``key`` at ``now`` (the clock's by default).

        Returns:
            The time it is counted at (for ``remove``).
        """
        now = self.now() if now is None else now
        stored = digest(key)
        times = self._times.pop(stored, None)
        if times is None:
            times = deque(maxlen=self.limit)
        times.append(now)
        self._times[stored] = times  # the most recent at the end
        self._trim(now)
        return now

    def remove(self, key: str, when: datetime.datetime) -> None:
        """Uncount the event ``add`` counted for ``key`` at ``when``.

        Nothing happens if it aged out (or was pushed out) meanwhile; a key
        left without times is forgotten.
        """
        stored = digest(key)
        times = self._times.get(stored)
        if times is None or when not in times:
            return
        times.remove(when)
        if not times:
            del self._times[stored]

    def _trim(self, now: datetime.datetime) -> None:
        while self._times:
            _key, oldest = next(iter(self._times.items()))
            if len(self._times) <= self.max_keys and oldest[-1] + self.window > now:
                return
            self._times.popitem(last=False)


class LoginLimits:
    """The login limits of the module docstring.

    Args:
        attempts: failures per (name, address) per window.
        address_attempts: failures per address per window.
        name_attempts: failures per name per window before unknown
            addresses are slowed.
        window: the window's length in seconds.
        slow_seconds: the gap between attempts from unknown addresses at a
            name over ``name_attempts``.
        now: the clock.
        max_keys: most keys each limit remembers.
    """

    def __init__(
        self,
        *,
        attempts: int,
        address_attempts: int,
        name_attempts: int,
        window: float,
        slow_seconds: float,
        now: Callable[[], datetime.datetime],
        max_keys: int,
    ) -> None:
        self.now = now
        self.pairs = SlidingWindow(attempts, window, now, max_keys)
        self.addresses = SlidingWindow(address_attempts, window, now, max_keys)
        self.names = SlidingWindow(name_attempts, window, now, max_keys)
        self.slow = datetime.timedelta(seconds=slow_seconds)
        self.max_keys = max(1, max_keys)
        self._known: OrderedDict[bytes, tuple[bytes, ...]] = OrderedDict()
        self._next_unknown: OrderedDict[bytes, datetime.datetime] = OrderedDict()

    def size(self) -> int:
        """Keys remembered, all limits together (bounded by 5 x ``max_keys``)."""
        return (
            len(self.pairs)
            + len(self.addresses)
            + len(self.names)
            + len(self._known)
            + len(self._next_unknown)
        )

    def check(self, name_key: str, address: str) -> None:
        """Refuse a login of ``name_key`` from ``address`` that a limit stops.

        Raises:
            RateLimitedError: with the seconds to wait.
        """
        for limit, key, what in (
            (self.pairs, _pair(name_key, address), "for this name from your address"),
            (self.addresses, address, "from your address"),
        ):
            wait = limit.wait(key)
            if wait is not None:
                raise RateLimitedError(
                    f"too many failed logins {what}: try again in {_seconds(wait)} s",
                    retry_after=_seconds(wait),
                )
        if self.names.wait(name_key) is None or self.is_known(name_key, address):
            return
        name = digest(name_key)
        now = self.now()
        ready = self._next_unknown.get(name, now)
        if ready > now:
            raise RateLimitedError(
                "too many failed logins for this name: from an address it has not"
                f" logged in from, try again in {_seconds(ready - now)} s",
                retry_after=_seconds(ready - now),
            )
        self._next_unknown.pop(name, None)
        self._next_unknown[name] = now + self.slow
        while len(self._next_unknown) > self.max_keys:
            self._next_unknown.popitem(last=False)

    def reserve(self, name_key: str, address: str) -> datetime.datetime:
        """Check a login of ``name_key`` from ``address`` and count it as failed.

        The attempt counts against the (name, address) and address limits
        before its password is hashed, so that no more attempts than they
        allow can be hashing at once (concurrent requests each see the ones
        before them). Then ``fail`` counts it against the name too, or
        ``release`` uncounts it (the password was right, or never checked).
        The name's limit needs no reservation: ``check`` already spaced the
        attempts it slows.

        Returns:
            The time it counts at (for ``fail`` and ``release``).

        Raises:
            RateLimitedError: as ``check``; then nothing is counted.
        """
        self.check(name_key, address)
        return self._count(name_key, address)  # check saw room: nothing pushed out

    def release(self, name_key: str, address: str, when: datetime.datetime) -> None:
        """Uncount the attempt ``reserve`` counted at ``when``."""
        self.pairs.remove(_pair(name_key, address), when)
        self.addresses.remove(address, when)

    def fail(
        self, name_key: str, address: str, reserved: datetime.datetime | None = None
    ) -> None:
        """Count a failed login of ``name_key`` from ``address``.

        Args:
            name_key: the name's key.
            address: the client's address.
            reserved: the time ``reserve`` counted the attempt at (then it
                is only counted against the name now); ``None`` counts it
                against all three limits.
        """
        if reserved is None:
            self._count(name_key, address)
        self.names.add(name_key)

    def _count(self, name_key: str, address: str) -> datetime.datetime:
        """Count an attempt against the (name, address) and address limits."""
        now = self.now()
        self.pairs.add(_pair(name_key, address), now)
        self.addresses.add(address, now)
        return now

    def succeed(self, name_key: str, address: str) -> None:
        """Remember ``address`` as one the owner of ``name_key`` logs in from."""
        name, place = digest(name_key), digest(address)
        known = tuple(a for a in self._known.pop(name, ()) if a != place)
        self._known[name] = (*known[-(_KNOWN_PER_NAME - 1) :], place)
        while len(self._known) > self.max_keys:
            self._known.popitem(last=False)

    def is_known(self, name_key: str, address: str) -> bool:
        """Whether ``name_key`` logged in (or registered) from ``address``."""
        return digest(address) in self._known.get(digest(name_key), ())


def _pair(name_key: str, address: str) -> str:
    return f"{len(name_key)}:{name_key}@{address}"
