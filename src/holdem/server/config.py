"""How a room runs: its clock, shuffler, timings and the tables it starts with."""

from __future__ import annotations

import datetime
import ipaddress
import random
import re
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from holdem.errors import InvalidInputError
from holdem.rules.actions import short_repr
from holdem.rules.config import GameConfig, Structure
from holdem.table import Bot, TableConfig, TightAggressiveBot

__all__ = [
    "LOBBY_PAGE_MAX",
    "Clock",
    "ServerConfig",
    "TableSpec",
    "origin_of",
    "utc_now",
]

MAX_NAME = 40
_CLOCK_SECONDS = (
    "action_seconds",
    "time_bank_seconds",
    "time_bank_growth_seconds",
    "time_bank_cap_seconds",
)
_CLOCK_FIELDS = (*_CLOCK_SECONDS, "time_bank_growth_hands")
_FLAGS = ("spectator_chat", "chat_suspended_while_all_in")
MAX_CLOCK_SECONDS = 3600.0
"""The longest any of a table's clocks may be (an hour)."""


@dataclass(frozen=True, slots=True)
class Clock:
    """A table's clock (R-TIME-1), the room's defaults filled in.

    Attributes:
        action_seconds: time for each decision before the bank runs (> 0).
        time_bank_seconds: a seat's bank when it sits down (>= 0).
        time_bank_growth_seconds: added to a seat's bank every
            ``time_bank_growth_hands`` hands it is dealt (>= 0).
        time_bank_growth_hands: hands dealt per growth (>= 1).
        time_bank_cap_seconds: the most a bank grows to (>= the start bank).

    Raises:
        InvalidInputError: a value out of its range, naming it.
    """

    action_seconds: float
    time_bank_seconds: float
    time_bank_growth_seconds: float
    time_bank_growth_hands: int
    time_bank_cap_seconds: float

    def __post_init__(self) -> None:
        for name in _CLOCK_SECONDS:
            value = getattr(self, name)
            positive = name == "action_seconds"
            if (
                type(value) not in (int, float)
                or value != value  # NaN
                or not 0 <= value <= MAX_CLOCK_SECONDS
                or (positive and value == 0)
            ):
                low = "over 0" if positive else "0"
                raise InvalidInputError(
                    f"{name} is a number of seconds, {low} to"
                    f" {MAX_CLOCK_SECONDS:g}; got {short_repr(value)} [R-TIME-1]",
                    rule="R-TIME-1",
                )
        hands = self.time_bank_growth_hands
        if type(hands) is not int or not 1 <= hands <= 1000:
            raise InvalidInputError(
                f"time_bank_growth_hands is a whole number of hands, 1..1000; got"
                f" {short_repr(hands)} [R-TIME-1]",
                rule="R-TIME-1",
            )
        if self.time_bank_cap_seconds < self.time_bank_seconds:
            raise InvalidInputError(
                f"time_bank_cap_seconds ({self.time_bank_cap_seconds:g}) is below"
                f" the starting time_bank_seconds ({self.time_bank_seconds:g}):"
                " the cap is at least the start [R-TIME-1]",
                rule="R-TIME-1",
            )

    def grown(self, bank: float) -> float:
        """``bank`` after one growth: plus the growth, at most the cap (R-TIME-1)."""
        return min(self.time_bank_cap_seconds, bank + self.time_bank_growth_seconds)


def utc_now() -> datetime.datetime:
    """The wall clock in UTC: the live room's clock."""
    return datetime.datetime.now(datetime.UTC)


@dataclass(frozen=True, slots=True)
class TableSpec:
    """A table as the lobby creates it.

    Attributes:
        name: shown in the lobby, 1..40 characters.
        structure: ``"no-limit"``, ``"pot-limit"`` or ``"fixed-limit"``.
        small_blind, big_blind, ante: chips (R-BLIND-2, R-ANTE-1).
        seat_count: 2..10 seats.
        min_buy_in, max_buy_in: chips; 0 means 20 and 100 big blinds.
        rake_percent: the house's percent of each pot that sees a flop.
        rake_cap: most chips raked from one hand; 0 for no cap.
        rake_caps: the cap by the number of players dealt instead, as
            ``(players, cap)`` tiers rising from 2 players (JSON: a list of
            ``[players, cap]`` pairs; ``TableConfig.rake_caps``).
        max_runs: the most times the players all-in may run the board,
            1 (the default: once) to 3 (R-RIT-1, a cash-game house option).
        action_seconds, time_bank_seconds, time_bank_growth_seconds,
        time_bank_growth_hands, time_bank_cap_seconds: the table's clock
            (R-TIME-1, ``Clock``); ``None`` takes the room's setting.
        spectator_chat: whether spectators may write in the chat; ``None``
            takes the room's setting.
        chat_suspended_while_all_in: refuse chat while a player is all-in
            in a running hand (a tournament's option).

    Raises:
        InvalidInputError: on any value the table layer refuses.
    """

    name: str
    structure: str = "no-limit"
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    seat_count: int = 6
    min_buy_in: int = 0
    max_buy_in: int = 0
    rake_percent: int = 0
    rake_cap: int = 0
    rake_caps: tuple[tuple[int, int], ...] = ()
    max_runs: int = 1
    action_seconds: float | None = None
    time_bank_seconds: float | None = None
    time_bank_growth_seconds: float | None = None
    time_bank_growth_hands: int | None = None
    time_bank_cap_seconds: float | None = None
    spectator_chat: bool | None = None
    chat_suspended_while_all_in: bool = False

    def __post_init__(self) -> None:
        if type(self.name) is not str or not 1 <= len(self.name.strip()) <= MAX_NAME:
            raise InvalidInputError(
                f"a table name has 1 to {MAX_NAME} characters, got "
                f"{short_repr(self.name)}"
            )
        for flag in _FLAGS:
            value = getattr(self, flag)
            if type(value) is not bool and not (
                value is None and flag == "spectator_chat"
            ):
                raise InvalidInputError(
                    f"{flag} is true or false, got {short_repr(value)}"
                )
        tiers = self.rake_caps
        if isinstance(tiers, list | tuple) and all(
            isinstance(tier, list | tuple) for tier in tiers
        ):  # JSON's lists of pairs, as the table layer takes them
            object.__setattr__(self, "rake_caps", tuple(tuple(t) for t in tiers))
        self.table_config()  # every other check is the table layer's
        # each clock value set here is checked against the defaults' ranges
        given = {k: getattr(self, k) for k in _CLOCK_FIELDS}
        Clock(
            **{
                "action_seconds": 20.0,
                "time_bank_seconds": 0.0,
                "time_bank_growth_seconds": 0.0,
                "time_bank_growth_hands": 1,
                "time_bank_cap_seconds": MAX_CLOCK_SECONDS,
            }
            | {k: v for k, v in given.items() if v is not None}
        )

    def clock(self, config: ServerConfig) -> Clock:
        """The table's clock: its own values, else the room's (R-TIME-1).

        Raises:
            InvalidInputError: the values together make no clock (a cap below
                the start bank).
        """
        values: dict[str, Any] = {}
        for key in _CLOCK_FIELDS:
            own = getattr(self, key)
            values[key] = getattr(config, key) if own is None else own
        return Clock(**values)

    def allows_spectator_chat(self, config: ServerConfig) -> bool:
        """Whether spectators may write in this table's chat."""
        own = self.spectator_chat
        return config.spectator_chat if own is None else own

    def table_config(self) -> TableConfig:
        """The table layer's configuration of this table.

        Raises:
            InvalidInputError: on a value the rules refuse.
        """
        try:
            structure = Structure(self.structure)
        except ValueError:
            valid = ", ".join(repr(s.value) for s in Structure)
            raise InvalidInputError(
                f"unknown structure {short_repr(self.structure)}: one of {valid}"
            ) from None
        game = GameConfig(
            structure=structure,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            max_runs=self.max_runs,
        )
        return TableConfig(
            game,
            seat_count=self.seat_count,
            min_buy_in=self.min_buy_in,
            max_buy_in=self.max_buy_in,
            rake_percent=self.rake_percent,
            rake_cap=self.rake_cap or None,
            rake_caps=self.rake_caps,
        )

    def to_json(self) -> dict[str, Any]:
        """The spec as a JSON object (stored with the table)."""
        spec: dict[str, Any] = {
            "name": self.name,
            "structure": self.structure,
            "small_blind": self.small_blind,
            "big_blind": self.big_blind,
            "ante": self.ante,
            "seat_count": self.seat_count,
            "min_buy_in": self.min_buy_in,
            "max_buy_in": self.max_buy_in,
            "rake_percent": self.rake_percent,
            "rake_cap": self.rake_cap,
            "max_runs": self.max_runs,
        } | {
            key: getattr(self, key)
            for key in (*_CLOCK_FIELDS, *_FLAGS)
            if getattr(self, key) not in (None, False)
        }
        if self.rake_caps:  # tables without tiers are stored as before
            spec["rake_caps"] = [list(tier) for tier in self.rake_caps]
        return spec

    @classmethod
    def from_json(cls, data: object) -> TableSpec:
        """Read a spec from a JSON object (a request body or a stored row).

        Raises:
            InvalidInputError: for a non-object, an unknown field, or a value
                the rules refuse.
        """
        if not isinstance(data, dict):
            raise InvalidInputError(f"a table is a JSON object, got {short_repr(data)}")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidInputError(
                f"unknown table fields {unknown}: the fields are {sorted(known)}"
            )
        if "name" not in data:
            raise InvalidInputError("a table needs a name")
        for key, value in data.items():
            if key in (*_FLAGS, "rake_caps") or (
                key in _CLOCK_FIELDS and value is None
            ):
                continue  # checked by __post_init__
            if key in _CLOCK_SECONDS:
                if type(value) not in (int, float):
                    raise InvalidInputError(
                        f"{key} must be a number of seconds, got {short_repr(value)}"
                    )
                continue
            if key not in ("name", "structure") and type(value) is not int:
                raise InvalidInputError(
                    f"{key} must be an integer, got {short_repr(value)}"
                )
        return cls(**data)


def origin_of(url: str) -> str | None:
    """The origin ``scheme://host[:port]`` of ``url``, or ``None``.

    Lower case, the default port dropped; ``None`` for what is not an
    http(s) origin (``"null"``, a path, junk).

    >>> origin_of("HTTPS://Room.example:443")
    'https://room.example'
    >>> origin_of("http://127.0.0.1:8000")
    'http://127.0.0.1:8000'
    """
    try:
        parts = urllib.parse.urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not parts.hostname:
        return None
    if parts.path not in ("", "/") or parts.query or parts.fragment:
        return None
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    if port is None or port == {"http": 80, "https": 443}[scheme]:
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


LOBBY_PAGE_MAX = 200
"""The most tables one lobby page (``GET /api/tables?limit=``) holds."""
_CAPS = (
    "max_spectators_per_table",
    "max_spectators_per_address",
    "max_sockets_per_account",
    "max_queued_messages",
    "max_open_tables_per_account",
    "table_creations",
    "lobby_page_size",
)

DEMO_TABLE = TableSpec(name="Demo table", seat_count=6)


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """The room's settings; the live defaults are the ones ``holdem serve`` uses.

    Attributes:
        now: the clock, returning aware UTC datetimes (tests pass a fake).
        rng: makes each table's shuffler: ``random.SystemRandom`` live
            (R-DEAL-4), a seeded ``random.Random`` in tests.
        starting_chips: chips granted to a new account's wallet.
        session_ttl: how long a login lasts.
        action_seconds: time for each decision before the time bank runs
            (a table's own ``TableSpec.action_seconds`` wins; R-TIME-1).
        time_bank_seconds: a seat's extra time when it sits down, spent
            across its session and kept across reconnects and restarts.
        time_bank_growth_seconds: added to each seat's bank every
            ``time_bank_growth_hands`` hands it is dealt.
        time_bank_growth_hands: hands per growth of the bank.
        time_bank_cap_seconds: the most a bank grows to.
        spectator_chat: whether spectators (logged in, no seat) may write
            in a table's chat (a table's own setting wins).
        max_timeouts: timeouts in a row after which a seat is sat out.
        bot_seconds: how long a bot waits before acting (0 in tests).
        hand_pause_seconds: pause between hands (0 in tests).
        login_attempts: failed logins allowed per name or address per window.
        login_window_seconds: the rate limit's window.
        demo_table: the table made (with ``demo_bots`` bots) when the room
            has no table yet, or ``None``.
        demo_bots: bots seated at the demo table.
        tick_seconds: how often the room checks its clocks; ``None`` for no
            background ticker (tests call ``Room.tick``).
        cookie_secure: mark the session cookie Secure (behind HTTPS).
        bot_chips: chips granted to each bot's wallet when it is made (its
            winnings go there; its buy-ins and rebuys are staked by the house).
        make_bot: makes the server-side bot for a bot seat.
        tune_gc: at start, freeze the objects made so far and raise the
            garbage collector's thresholds (process-wide; off in tests).
        process_id: this process's name among the room's processes (one
            PostgreSQL, many ``holdem serve``; ``server.leases``). A process
            started again under the same name takes its tables back at once.
        advertise: where this process's table sockets are reached, as the
            lobby tells clients: ``""`` (the page's own origin: one process,
            or a front door that routes every socket), a path through a
            front door (``/node/a``) or ``http(s)://host:port``.
        lease_seconds: how long a table's lease lasts past its owner's last
            heartbeat: a process that dies loses its tables after this long
            and another process deals them (heartbeats come every quarter).
        fault_pause_seconds: how long a table pauses after its first fault
            in a row (its hand void); doubled with each further one, up to
            an hour.
        database_retry_seconds: the longest wait between two tries of an
            unreachable database (the waits double from 0.25 s up to it).
        metrics_from: the networks (CIDR) whose clients ``GET /metrics``
            answers; loopback by default (docs/operations.md).
        allowed_origins: origins (``scheme://host[:port]``) besides the
            room's own (the Host it is reached at) whose pages may change
            state or open a table socket (docs/security.md).
        trusted_proxies: addresses or networks (``10.0.0.0/8``) of the
            reverse proxies whose ``X-Forwarded-For`` and
            ``X-Forwarded-Proto`` are believed; others' are ignored.
        api_docs: serve the interactive API docs at ``/api/docs``.
        max_body_bytes: the largest request body accepted (413 above).
        max_message_bytes: the largest WebSocket message accepted.
        hash_threads: threads hashing passwords, off the event loop.
        hash_queue: password checks allowed to wait for a thread; more are
            refused with 429 (the room is busy).
        login_address_attempts: failed logins allowed per address (any
            names) per window.
        login_name_attempts: failed logins for one name (from anywhere)
            per window before addresses that never logged in to it are
            slowed to one attempt per ``login_slow_seconds``.
        login_slow_seconds: see ``login_name_attempts``.
        register_attempts: registrations allowed per address per window.
        register_window_seconds: the registration limit's window.
        limiter_keys: most names and addresses each rate limit remembers.
        max_rake_percent: the most rake (percent of a pot) a player's table
            may take; the house's own tables are not held to it.
        max_spectators_per_table: sockets at one table whose viewer holds
            no seat there (a seated player's socket is always let in).
        max_spectators_per_address: sockets without a session from one
            address, over all tables.
        max_sockets_per_account: sockets of one account, over all tables.
        max_queued_messages: messages that may wait for one socket (see
            ``holdem.server.outbox``).
        max_open_tables_per_account: open tables one account has made.
        table_creations: tables one account may make per
            ``table_creation_window_seconds``.
        table_creation_window_seconds: that rate's window.
        lobby_page_size: tables in a lobby page when the client names no
            ``limit`` (at most ``LOBBY_PAGE_MAX``).
    """

    now: Callable[[], datetime.datetime] = utc_now
    rng: Callable[[], random.Random] = random.SystemRandom
    starting_chips: int = 10_000
    session_ttl: datetime.timedelta = datetime.timedelta(days=7)
    action_seconds: float = 20.0
    time_bank_seconds: float = 30.0
    time_bank_growth_seconds: float = 5.0
    time_bank_growth_hands: int = 10
    time_bank_cap_seconds: float = 60.0
    spectator_chat: bool = False
    max_timeouts: int = 2
    bot_seconds: float = 0.8
    hand_pause_seconds: float = 3.0
    login_attempts: int = 5
    login_window_seconds: float = 60.0
    demo_table: TableSpec | None = DEMO_TABLE
    demo_bots: int = 3
    tick_seconds: float | None = 0.1
    cookie_secure: bool = False
    bot_chips: int = 10_000_000
    make_bot: Callable[[], Bot] = TightAggressiveBot
    tune_gc: bool = True
    process_id: str = "local"
    advertise: str = ""
    lease_seconds: float = 8.0
    fault_pause_seconds: float = 30.0
    database_retry_seconds: float = 4.0
    metrics_from: tuple[str, ...] = ("127.0.0.0/8", "::1/128")

    allowed_origins: tuple[str, ...] = ()
    trusted_proxies: tuple[str, ...] = ()
    api_docs: bool = False
    max_body_bytes: int = 16_384
    max_message_bytes: int = 8_192
    hash_threads: int = 2
    hash_queue: int = 64
    login_address_attempts: int = 20
    login_name_attempts: int = 20
    login_slow_seconds: float = 5.0
    register_attempts: int = 10
    register_window_seconds: float = 600.0
    limiter_keys: int = 10_000
    max_rake_percent: int = 10
    max_spectators_per_table: int = 200
    max_spectators_per_address: int = 50
    max_sockets_per_account: int = 20
    max_queued_messages: int = 64
    max_open_tables_per_account: int = 5
    table_creations: int = 3
    table_creation_window_seconds: float = 600.0
    lobby_page_size: int = 50

    def __post_init__(self) -> None:
        Clock(**{key: getattr(self, key) for key in _CLOCK_FIELDS})
        _check_networks("metrics_from", self.metrics_from)
        _check_networks("trusted_proxies", self.trusted_proxies)
        for origin in self.allowed_origins:
            if origin_of(origin) != origin.lower().rstrip("/"):
                raise InvalidInputError(
                    "an allowed origin is scheme://host[:port], got "
                    + short_repr(origin)
                )
        for name in _CAPS:
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise InvalidInputError(
                    f"{name} is a whole number of at least 1, got {short_repr(value)}"
                )
        if self.lobby_page_size > LOBBY_PAGE_MAX:
            raise InvalidInputError(
                f"lobby_page_size is 1..{LOBBY_PAGE_MAX}, got {self.lobby_page_size}"
            )
        if not 0.5 <= self.lease_seconds <= 3600:
            raise InvalidInputError(
                "lease_seconds is 0.5..3600, got " + short_repr(self.lease_seconds)
            )
        _check_advertise(self.advertise)
        if not _PROCESS_NAME.fullmatch(self.process_id):
            raise InvalidInputError(
                "a process's name (--name) is 1..80 of A-Z a-z 0-9 . _ : -, got "
                + short_repr(self.process_id)
            )


_PROCESS_NAME = re.compile(r"[A-Za-z0-9._:-]{1,80}")
_PATH_SEGMENT = re.compile(r"[A-Za-z0-9_~-][A-Za-z0-9._~-]*")


def _check_advertise(address: str) -> None:
    """Refuse an advertised address that is not "", /path or http(s)://host:port.

    A path is segments of letters, digits and ``. _ ~ -`` (no ``..``, no
    query): it is pasted into the lobby's socket addresses and the page.
    """
    if address == "":
        return
    if address.startswith("/") and len(address) <= 100:
        segments = address.rstrip("/").split("/")[1:]
        if segments and all(_PATH_SEGMENT.fullmatch(s) for s in segments):
            return
    elif origin_of(address) is not None and len(address) <= 200:
        parts = urllib.parse.urlsplit(address)
        if parts.path in ("", "/") and not (parts.query or parts.fragment):
            return
    raise InvalidInputError(
        "--advertise is a path through the front door (/node/a) or"
        " http(s)://host:port, got " + short_repr(address)
    )


def _check_networks(field: str, networks: object) -> None:
    """Refuse anything but a tuple of addresses or CIDR networks.

    Args:
        field: the setting's name, for the message (``metrics_from``,
            ``trusted_proxies``).
        networks: its value.

    Raises:
        InvalidInputError: naming the first value that is not a network.
    """
    if not isinstance(networks, tuple):
        raise InvalidInputError(
            f"{field} is a tuple of networks, got {short_repr(networks)}"
        )
    for network in networks:
        try:
            ipaddress.ip_network(network, strict=False)
        except (TypeError, ValueError):
            raise InvalidInputError(
                f"{field}: {short_repr(network)} is not an address or network"
                " (e.g. 127.0.0.1, 10.0.0.0/8, ::1/128)"
            ) from None
