"""What operators see of a running room: Prometheus metrics and log events.

``Telemetry`` is the room's one hook object (``room.telemetry``; each table's
runner holds the same one). The room, its runners and the app call it in one
line where something happens: a hand dealt, an action applied, a command
answered, a tick run late, a login. It keeps its metrics on a registry of its
own (a process may hold many apps: each test makes several), and logs its
events through ``holdem.server.logs.server_logger``. ``install(app, room)``
adds ``GET /metrics`` and the middleware that logs unhandled errors.

Every metric and every event is listed in docs/operations.md. Labels are
bounded by the code, never by the data: no table, account or address labels.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import re
import time
from collections.abc import Callable, Collection, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from fastapi import FastAPI, Request, Response
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    GCCollector,
    Histogram,
    PlatformCollector,
    ProcessCollector,
    generate_latest,
)
from starlette.types import ASGIApp, Receive, Scope, Send

from holdem.errors import HoldemError
from holdem.server.errors import AuthError, ForbiddenError, RateLimitedError
from holdem.server.logs import server_logger

if TYPE_CHECKING:
    from holdem.server.room import Room
    from holdem.server.store import Account, Store

__all__ = ["ACTION_SOURCES", "NAME_CUT", "Telemetry", "client_address", "install"]

ACTION_SOURCES = ("person", "bot", "timeout", "auto")
"""Who answered a decision: a person's ``act``, a server bot, the clock (the
seat's time ran out), or the room for the seat (an in-turn option such as
check/fold or auto-post, or a seat away or leaving)."""
NAME_CUT = 40
"""Characters of a login name kept in a log line."""
_STATEMENTS = ("select", "insert", "update", "delete")
_KIND = re.compile(r"[A-Za-z][A-Za-z0-9_.:-]{0,59}")
_STARTED = "_holdem_started"
_LATENCY_BUCKETS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5)
_DB_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1)
_LAG_BUCKETS = (0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5)


class Telemetry:
    """The room's metrics and log events.

    Args:
        connections: the room's open sockets by table (read when scraped).
        registry: where the metrics live; a new one by default.
        perf: a monotonic clock in seconds, for latencies.
        process: also export the process's CPU, memory, file descriptors,
            garbage collections and Python version (prometheus_client's
            default collectors).
    """

    def __init__(
        self,
        connections: Mapping[int, Collection[Any]] | None = None,
        *,
        registry: CollectorRegistry | None = None,
        perf: Callable[[], float] = time.perf_counter,
        process: bool = True,
    ) -> None:
        self.registry = CollectorRegistry() if registry is None else registry
        self.perf = perf
        self.log = server_logger()
        r = self.registry
        self.hands_dealt = Counter(
            "holdem_hands_dealt", "Hands dealt by this process.", registry=r
        )
        self.actions = Counter(
            "holdem_actions",
            "Answers applied to the table's decisions, by who answered.",
            ["source"],
            registry=r,
        )
        for source in ACTION_SOURCES:
            self.actions.labels(source)
        self.action_latency = Histogram(
            "holdem_action_latency_seconds",
            "From a person's act command received to its snapshots queued.",
            buckets=_LATENCY_BUCKETS,
            registry=r,
        )
        self.sockets_open = Gauge(
            "holdem_sockets_open", "Table WebSockets open now.", registry=r
        )
        if connections is not None:
            self.sockets_open.set_function(
                lambda: sum(len(c) for c in list(connections.values()))
            )
        self.clock_lag = Histogram(
            "holdem_clock_lag_seconds",
            "How late each tick of the room's clock ran after its schedule.",
            buckets=_LAG_BUCKETS,
            registry=r,
        )
        self.db_latency = Histogram(
            "holdem_db_latency_seconds",
            "Database statements' time, by kind of statement.",
            ["statement"],
            buckets=_DB_BUCKETS,
            registry=r,
        )
        self.errors = Counter(
            "holdem_errors",
            "Error log records of the holdem loggers, by event.",
            ["kind"],
            registry=r,
        )
        self.errors.labels("unhandled-error")
        if process:
            ProcessCollector(registry=r)
            PlatformCollector(registry=r)
            GCCollector(registry=r)
        self._counter = _ErrorCounter(self.errors)
        self._engine: sa.Engine | None = None

    # ----------------------------------------------------------------- play

    def hand_dealt(self) -> None:
        """A hand was dealt (counted once, when it starts)."""
        self.hands_dealt.inc()

    def action(self, source: str) -> None:
        """A decision was answered by ``source`` (one of ``ACTION_SOURCES``)."""
        self.actions.labels(source).inc()

    def command_done(self, kind: str, started: float) -> None:
        """A command was answered and published: time an ``act`` since ``started``.

        Args:
            kind: the command (``act``, ``sit``, ...); only ``act`` is timed.
            started: ``self.perf()`` when the command was received.
        """
        if kind == "act":
            self.action_latency.observe(self.perf() - started)

    def tick_late(self, seconds: float) -> None:
        """A tick of the clock ran ``seconds`` after its schedule."""
        self.clock_lag.observe(max(0.0, seconds))

    # ------------------------------------------------------------- accounts

    @contextlib.contextmanager
    def login(self, name: object, address: str) -> Iterator[None]:
        """Log the login attempt run inside: ``login``, or ``login-failed``.

        A rate-limited attempt is logged by ``refused``; a malformed one is
        not logged. The password is never seen here.
        """
        shown = _cut(name)
        try:
            yield
        except AuthError:
            self.log.warning("login-failed", name=shown, address=address)
            raise
        self.log.info("login", name=shown, address=address)

    def registered(self, account: Account, address: str) -> None:
        """A new account was opened (and logged in)."""
        self.log.info(
            "registered", name=account.name, account_id=account.id, address=address
        )

    def refused(self, error: HoldemError, request: Request) -> None:
        """An HTTP request was refused: log the refusals of note (rate limits)."""
        if isinstance(error, RateLimitedError):
            self.log.warning(
                "rate-limited",
                path=request.url.path,
                address=client_address(request),
                retry_after=error.retry_after,
            )

    # --------------------------------------------------------------- tables

    def table_created(self, table_id: int, name: str, dealt_here: bool) -> None:
        """A table was made (by a person, or the demo table at start)."""
        self.log.info(
            "table-created", table_id=table_id, name=_cut(name), dealt_here=dealt_here
        )

    # ------------------------------------------------------------ lifecycle

    def starting(self, store: Store) -> list[tuple[int, int]]:
        """Start watching: the database's statements and the error records.

        Returns:
            ``(hand_id, table_id)`` of the hands left running before the room
            voids them (for ``started``).
        """
        self._engine = store.engine
        sa.event.listen(store.engine, "before_cursor_execute", self._before)
        sa.event.listen(store.engine, "after_cursor_execute", self._after)
        logging.getLogger("holdem").addHandler(self._counter)
        return store.running_hands()

    def started(self, room: Room, running: list[tuple[int, int]]) -> None:
        """Log each hand the room voided at its start, then ``room-started``."""
        dealt = set(room.runners)
        for hand_id, table_id in running:
            if table_id in dealt:
                self.log.warning("hand-voided", hand_id=hand_id, table_id=table_id)
        engine = room.store.engine
        self.log.info(
            "room-started",
            database_kind=engine.dialect.name,
            database=engine.url.render_as_string(hide_password=True),
            tables=len(room.runners),
            process=room.config.process_id,
            hands_voided=room.voided,
        )

    def stopped(self, room: Room) -> None:
        """Log ``room-stopped`` and stop watching the database and the records."""
        self.log.info(
            "room-stopped",
            tables=len(room.runners),
            hands_running=sum(r.hand_id is not None for r in room.runners.values()),
        )
        logging.getLogger("holdem").removeHandler(self._counter)
        if self._engine is not None:
            sa.event.remove(self._engine, "before_cursor_execute", self._before)
            sa.event.remove(self._engine, "after_cursor_execute", self._after)
            self._engine = None

    def unhandled(self, scope: Scope, room: Room) -> None:
        """Log the error being raised out of a request or socket, with its table.

        Call inside the ``except`` block (the traceback is logged).
        """
        params = scope.get("path_params") or {}
        table_id = _number(params.get("table_id"))
        hand_id = _number(params.get("hand_id"))
        runner = room.runners.get(table_id) if table_id is not None else None
        if hand_id is None and runner is not None:
            hand_id = runner.hand_id
        self.log.error(
            "unhandled-error",
            path=scope.get("path"),
            method=scope.get("method", "WEBSOCKET"),
            table_id=table_id,
            hand_id=hand_id,
            exc_info=True,
        )

    def exposition(self) -> bytes:
        """The metrics in Prometheus's text format."""
        return generate_latest(self.registry)

    # ------------------------------------------------------------- database

    def _before(
        self,
        _conn: Any,
        _cursor: Any,
        _statement: str,
        _parameters: Any,
        context: Any,
        _executemany: bool,
    ) -> None:
        if context is not None:
            setattr(context, _STARTED, self.perf())

    def _after(
        self,
        _conn: Any,
        _cursor: Any,
        statement: str,
        _parameters: Any,
        context: Any,
        _executemany: bool,
    ) -> None:
        started = getattr(context, _STARTED, None)
        if started is None:
            return
        word = statement.lstrip()[:6].lower()
        kind = word if word in _STATEMENTS else "other"
        self.db_latency.labels(kind).observe(self.perf() - started)


class _ErrorCounter(logging.Handler):
    """Counts each ERROR (or worse) record into ``holdem_errors_total{kind}``.

    ``kind`` is the event's name (a structlog event, or a plain call's
    message template) when it is a short name, else ``other``: one series per
    place in the code, never per value.
    """

    def __init__(self, errors: Counter) -> None:
        super().__init__(logging.ERROR)
        self.errors = errors

    def emit(self, record: logging.LogRecord) -> None:
        event = record.msg.get("event") if isinstance(record.msg, dict) else record.msg
        kind = event if isinstance(event, str) and _KIND.fullmatch(event) else "other"
        self.errors.labels(kind).inc()


class _ErrorLog:
    """ASGI middleware: log an error escaping a request or a socket, re-raise."""

    def __init__(self, app: ASGIApp, *, room: Room) -> None:
        self.app = app
        self.room = room

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        try:
            await self.app(scope, receive, send)
        except Exception:
            self.room.telemetry.unhandled(scope, self.room)
            raise


def install(app: FastAPI, room: Room) -> None:
    """Add ``GET /metrics`` and the unhandled-error log to the room's app.

    ``/metrics`` answers only clients whose address is in the room's
    ``config.metrics_from`` networks (loopback by default); others get 403.
    """
    allowed = [ipaddress.ip_network(n, strict=False) for n in room.config.metrics_from]
    app.add_middleware(_ErrorLog, room=room)

    @app.get("/metrics", include_in_schema=False)
    async def metrics(request: Request) -> Response:
        address = client_address(request)
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            ip = None
        if ip is None or not any(ip in network for network in allowed):
            raise ForbiddenError(
                f"/metrics answers only {', '.join(room.config.metrics_from)}"
                " (holdem serve --metrics-from)"
            )
        return Response(room.telemetry.exposition(), media_type=CONTENT_TYPE_LATEST)


def client_address(request: Request) -> str:
    """The client's address as uvicorn saw it (after a trusted proxy's header).

    ``"?"`` when the server gives none.
    """
    return request.client.host if request.client else "?"


def _number(value: object) -> int | None:
    if type(value) is int:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit():
        return int(value)
    return None


def _cut(name: object) -> str | None:
    """A name for a log line: cut to ``NAME_CUT`` characters; None if not text."""
    if not isinstance(name, str):
        return None
    return name if len(name) <= NAME_CUT else name[: NAME_CUT - 1] + "\u2026"
