"""The web application: HTTP routes and the tables' WebSockets (docs/protocol.md).

``create_app(config, store)`` builds it and does nothing else; the room
starts (voids hands a crash left running, loads the tables, seats the demo
table's bots) when the application starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import importlib
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Annotated, Any

from fastapi import (
    FastAPI,
    Query,
    Request,
    Response,
    WebSocket,
    WebSocketDisconnect,
)
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from holdem.errors import (
    HoldemError,
    IllegalActionError,
    InvalidInputError,
    StateError,
    TableError,
)
from holdem.rules.actions import short_repr
from holdem.server import hand_export
from holdem.server.accounts import token_hash
from holdem.server.config import LOBBY_PAGE_MAX, ServerConfig, TableSpec
from holdem.server.encode import error_json
from holdem.server.errors import (
    AuthError,
    ForbiddenError,
    LimitError,
    MediaTypeError,
    NotFoundError,
    NotOwnerError,
    RateLimitedError,
    TooLargeError,
    UnavailableError,
    WalletError,
)
from holdem.server.faults import DATABASE_ERRORS, LOG, is_database_error
from holdem.server.guard import RequestGuard, parse_json
from holdem.server.hands import hand_history
from holdem.server.headers import SecurityHeaders
from holdem.server.hints import HintListener
from holdem.server.leases import socket_path
from holdem.server.outbox import WS_TOO_SLOW
from holdem.server.paths import ROW_ID_MAX, RowAfter, RowId, RowIdQuery
from holdem.server.room import Connection, Room
from holdem.server.snapshot import snapshot, table_summary
from holdem.server.store import Account, Store
from holdem.server.telemetry import client_address
from holdem.server.telemetry import install as install_telemetry
from holdem.server.tournament_routes import install as install_tournaments

__all__ = [
    "COOKIE",
    "WS_FULL",
    "WS_LOGGED_OUT",
    "WS_NOT_FOUND",
    "WS_NOT_OWNER",
    "create_app",
    "status_of",
]

COOKIE = "holdem_session"
_STATIC = Path(__file__).resolve().parent / "static"
_STATUS: tuple[tuple[type[HoldemError], int], ...] = (
    (TooLargeError, 413),
    (MediaTypeError, 415),
    (InvalidInputError, 400),
    (AuthError, 401),
    (ForbiddenError, 403),
    (NotFoundError, 404),
    (RateLimitedError, 429),
    (NotOwnerError, 421),
    (LimitError, 409),
    (IllegalActionError, 409),
    (StateError, 409),
    (TableError, 409),
    (WalletError, 409),
    (UnavailableError, 503),
)
WS_NOT_FOUND = 4404
"""The close code of a table socket for an unknown table (after an error)."""
WS_NOT_OWNER = 4421
"""The close code of a table socket for a table another process deals."""
WS_LOGGED_OUT = 4401
"""The close code of a table socket whose session logged out."""
WS_FULL = 4429
"""The close code of a table socket past a cap (``LimitError``, after an error)."""
SEND_SECONDS = 30.0
"""The longest one message may take to leave for its socket before closing."""
_REASONS = {
    "int_parsing": "must be an integer",
    "int_type": "must be an integer",
    "missing": "is missing",
}
_HTTP_KINDS = {404: "NotFoundError", 405: "MethodNotAllowedError"}
_PLACEHOLDER = (
    "<!doctype html><title>holdem</title><h1>holdem room</h1>"
    "<p>The web page is not installed; the API is under <code>/api</code>.</p>"
)


def status_of(error: HoldemError) -> int:
    """The HTTP status of a refusal (docs/protocol.md, Errors)."""
    for kind, status in _STATUS:
        if isinstance(error, kind):
            return status
    return 400


def create_app(config: ServerConfig, store: Store) -> FastAPI:
    """The room's web application over ``store`` (migrated), set by ``config``."""
    room = Room(config, store)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        running = room.telemetry.starting(store)
        room.start()
        room.telemetry.started(room, running)
        if config.tune_gc:
            _tune_gc()
        ticker = hints = None
        if config.tick_seconds is not None:
            ticker = asyncio.create_task(_tick(room, config.tick_seconds))
            if store.engine.dialect.name == "postgresql":
                hints = HintListener(
                    store.engine, room.hint, asyncio.get_running_loop()
                )
                hints.start()
        yield
        if ticker is not None:
            ticker.cancel()
        if hints is not None:
            hints.stop()
        room.telemetry.stopped(room)
        try:  # hand the tables over at once (a clean stop)
            room.stop()
        except Exception as error:  # the leases lapse by themselves
            LOG.warning("the tables could not be handed over: %s", error)
        room.accounts.close()

    docs = config.api_docs
    app = FastAPI(
        title="holdem room",
        lifespan=lifespan,
        docs_url="/api/docs" if docs else None,
        redoc_url=None,
        openapi_url="/api/openapi.json" if docs else None,
    )
    app.state.room = room
    app.add_middleware(RequestGuard, config=config)
    app.add_middleware(SecurityHeaders)

    @app.exception_handler(HoldemError)
    async def _refused(request: Request, error: HoldemError) -> JSONResponse:
        headers = {}
        retry_after = getattr(error, "retry_after", None)
        if isinstance(error, (RateLimitedError, UnavailableError)) and retry_after:
            headers["Retry-After"] = str(retry_after)
        room.telemetry.refused(error, request)
        return JSONResponse(
            {"error": error_json(error)}, status_code=status_of(error), headers=headers
        )

    async def _unreachable(_request: Request, error: Exception) -> JSONResponse:
        if not is_database_error(error):
            raise error
        room.database.failed(error)
        refusal = UnavailableError(
            "the room's database is unreachable: try again in a few seconds"
        )
        return JSONResponse({"error": error_json(refusal)}, status_code=503)

    for failure in DATABASE_ERRORS:
        app.add_exception_handler(failure, _unreachable)

    @app.exception_handler(RequestValidationError)
    async def _malformed(
        _request: Request, error: RequestValidationError
    ) -> JSONResponse:
        refusal = InvalidInputError(_validation_message(error.errors()))
        return JSONResponse({"error": error_json(refusal)}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, error: StarletteHTTPException) -> Response:
        kind = _HTTP_KINDS.get(error.status_code, "HTTPError")
        message = str(error.detail)
        if error.status_code == 404:
            message = f"no such route: {_cut(request.url.path)}"
        elif error.status_code == 405:
            message = f"{request.method} is not allowed on {_cut(request.url.path)}"
        body = {"kind": kind, "message": message, "rule": "", "legal": None}
        return JSONResponse(
            {"error": body},
            status_code=error.status_code,
            headers=getattr(error, "headers", None),
        )

    def account_of(request: Request) -> Account | None:
        return room.accounts.session(_token(request))

    def logged_in(request: Request) -> Account:
        account = account_of(request)
        if account is None:
            raise AuthError("log in first")
        return account

    def with_cookie(
        request: Request, body: dict[str, Any], token: str, status: int
    ) -> JSONResponse:
        response = JSONResponse(body, status_code=status)
        response.set_cookie(
            COOKIE,
            token,
            max_age=int(config.session_ttl.total_seconds()),
            httponly=True,
            samesite="strict",
            secure=config.cookie_secure or request.url.scheme == "https",
            path="/",
        )
        return response

    @app.get("/api/health")
    async def health() -> JSONResponse:
        report = room.health()
        return JSONResponse(
            report, status_code=200 if report["status"] == "ok" else 503
        )

    @app.post("/api/register")
    async def register(request: Request) -> JSONResponse:
        body = await _body(request)
        account, token = await room.accounts.register(
            body.get("name"), body.get("password"), client_address(request)
        )
        room.telemetry.registered(account, client_address(request))
        return with_cookie(request, _player(account, token), token, 201)

    @app.post("/api/login")
    async def login(request: Request) -> JSONResponse:
        body = await _body(request)
        address = client_address(request)
        with room.telemetry.login(body.get("name"), address):
            account, token = await room.accounts.login(
                body.get("name"), body.get("password"), address
            )
        return with_cookie(request, _player(account, token), token, 200)

    @app.post("/api/logout")
    async def logout(request: Request) -> Response:
        token = _token(request)
        room.accounts.logout(token)
        if token:
            room.close_session(token_hash(token), WS_LOGGED_OUT, "logged out")
        response = Response(status_code=204)
        response.delete_cookie(
            COOKIE,
            path="/",
            httponly=True,
            samesite="strict",
            secure=config.cookie_secure or request.url.scheme == "https",
        )
        return response

    @app.get("/api/me")
    async def me(request: Request) -> dict[str, Any]:
        account = store.account(logged_in(request).id)
        seats = []  # at every table of the room, whichever process deals it
        for table_id, seat, stack in store.seats_of(account.id):
            runner = room.runners.get(table_id)
            info = None if runner is None else runner.table.seat(seat)
            live = stack if info is None else info.stack  # as of now if here
            seats.append({"table_id": table_id, "seat": seat, "stack": live})
        return {
            "player": {"name": account.name, "balance": account.balance},
            "seats": seats,
        }

    @app.get("/api/me/ledger")
    async def my_ledger(request: Request, limit: int = 50) -> dict[str, Any]:
        account = logged_in(request)
        return {"entries": store.ledger_entries(account.id, _limit(limit))}

    @app.get("/api/me/stats")
    async def my_stats(request: Request, limit: int = 500) -> dict[str, Any]:
        from holdem.server.player_stats import stats_json

        account = logged_in(request)
        count = _limit(limit)  # replays and equity run off the event loop
        return await asyncio.to_thread(
            stats_json, store, account.id, account.name, count
        )

    @app.get("/api/tables")
    async def tables(limit: int | None = None, after: RowAfter = 0) -> dict[str, Any]:
        size = config.lobby_page_size if limit is None else limit
        if not 1 <= size <= LOBBY_PAGE_MAX:
            raise InvalidInputError(f"limit is 1..{LOBBY_PAGE_MAX}, got {size}")
        lines, following = room.lobby(after, size)
        return {"tables": lines, "next": following}

    @app.post("/api/tables", status_code=201)
    async def create_table(request: Request) -> Any:
        account = logged_in(request)
        body = await _body(request)
        bots = body.pop("bots", 0)
        spec = TableSpec.from_json(body)
        table_id, runner = room.create_table(spec, bots=bots, maker=account)
        if runner is not None:
            line = table_summary(runner)
            line["socket"] = socket_path(config.advertise, table_id)
            return line
        lines, _ = room.lobby(table_id - 1, 1)  # placed on another process
        return lines[0]

    @app.get("/api/tables/{table_id}")
    async def table(request: Request, table_id: RowId) -> dict[str, Any]:
        return snapshot(room.runner(table_id), account_of(request))

    for kind in (
        "sit",
        "leave",
        "sit-out",
        "come-back",
        "add-chips",
        "act",
        "options",
        "bots",
        "entropy",
    ):
        app.add_api_route(
            f"/api/tables/{{table_id}}/{kind}",
            _command_route(room, kind, account_of),
            methods=["POST"],
            name=f"table-{kind}",
        )

    @app.get("/api/tables/{table_id}/hands")
    async def table_hands(
        request: Request, table_id: RowId, limit: int = 20
    ) -> dict[str, Any]:
        account = logged_in(request)
        store.table_spec(table_id)  # NotFoundError for an unknown table
        return {"hands": store.hands_of(table_id, account.id, _limit(limit))}

    @app.get("/api/hands/{hand_id}")
    async def hand(request: Request, hand_id: RowId) -> dict[str, Any]:
        account = logged_in(request)
        row, _events = store.hand(hand_id)
        seat = store.dealt_in(hand_id, account.id)
        if seat is None:
            raise ForbiddenError(
                f"you were not dealt into hand {hand_id} [R-HISTORY-1]",
                rule="R-HISTORY-1",
            )
        spec = store.table_spec(row["table_id"])  # a closed table's too
        return hand_history(row, spec, seat)

    @app.get("/api/me/hands/export")
    async def export_hands(
        request: Request,
        format: str = "pokerstars",
        hand: RowIdQuery = None,
        table: RowIdQuery = None,
        session: RowIdQuery = None,
        from_: Annotated[str | None, Query(alias="from")] = None,
        to: str | None = None,
    ) -> Response:
        account = logged_in(request)
        picked = hand_export.select_hands(
            store,
            account.id,
            hand=hand,
            table=table,
            session=session,
            since=from_,
            until=to,
        )
        stem = f"holdem-hand-{hand}" if hand is not None else "holdem-hands"
        file = hand_export.export_file(picked, format, name=stem)
        disposition = f'attachment; filename="{file.name}"'  # digits and ASCII
        return Response(
            file.body,
            media_type=file.media_type,
            headers={"Content-Disposition": disposition},
        )

    @app.websocket("/ws/tables/{table_id}")
    async def table_socket(websocket: WebSocket, table_id: str) -> None:
        token = websocket.query_params.get("token") or websocket.cookies.get(COOKIE)
        account = room.accounts.session(token)
        number = int(table_id) if table_id.isascii() and table_id.isdigit() else None
        if number is not None and not 0 < number <= ROW_ID_MAX:
            number = None  # no table: answered 4404 below, the database not asked
        if number is not None and number not in room.runners:
            try:
                room.check_owner(number)
            except (NotOwnerError, UnavailableError) as refusal:
                # NotOwnerError: the error names the owner's socket, which
                # the page follows; UnavailableError: moving, try again
                code = WS_NOT_OWNER if isinstance(refusal, NotOwnerError) else 1013
                await websocket.accept()
                await websocket.send_json(_error(refusal))
                await websocket.close(code=code, reason=_cut(str(refusal), 120))
                return
        if number is None or number not in room.runners:
            # accepted first, so that the client sees why (a refused
            # handshake is a bare HTTP 403 to it)
            reason = f"no table {_cut(table_id, 40)}"
            await websocket.accept()
            await websocket.send_json(_error(NotFoundError(reason)))
            await websocket.close(code=WS_NOT_FOUND, reason=reason)
            return
        await websocket.accept()
        address = websocket.client.host if websocket.client else "?"
        try:
            connection = room.connect(number, account, address)
        except LimitError as refusal:
            await websocket.send_json(_error(refusal))
            await websocket.close(code=WS_FULL, reason=_cut(str(refusal), 120))
            return
        connection.session = None if account is None or not token else token_hash(token)
        await _serve_socket(room, websocket, connection)

    install_tournaments(app, room, account_of)
    _install_page(app)
    install_telemetry(app, room)
    return app


def _command_route(room: Room, kind: str, account_of: Any) -> Any:
    async def route(request: Request, table_id: RowId) -> dict[str, Any]:
        account = account_of(request)
        body = await _body(request, empty_ok=True)
        runner = room.command(table_id, account, kind, body)
        return snapshot(runner, account)

    route.__name__ = f"table_{kind.replace('-', '_')}"
    return route


async def _serve_socket(
    room: Room, websocket: WebSocket, connection: Connection
) -> None:
    account, table_id = connection.account, connection.table_id
    runner = room.runner(table_id)
    seat = None if account is None else runner.seat_of(account.id)
    welcome = {
        "type": "welcome",
        "table_id": table_id,
        "player": None if account is None else account.name,
        "seat": seat,
    }
    try:
        await websocket.send_json(welcome)
    except BaseException:
        room.disconnect(connection)
        raise
    sender = asyncio.create_task(_send(websocket, connection))
    limit = room.config.max_message_bytes
    try:
        while True:
            if connection.close_code is not None:  # logged out
                await asyncio.wait({sender}, timeout=10)  # it closes the socket
                break
            try:
                text = await websocket.receive_text()
            except KeyError:
                connection.send(_error(InvalidInputError("a message is JSON text")))
                continue
            # uvicorn closes over-size frames (ws_max_size); this is for
            # servers that do not
            if len(text) > limit:
                refusal = TooLargeError(f"a message has at most {limit} characters")
                connection.send(_error(refusal))
                continue
            try:
                message = parse_json(text, "a message")
            except InvalidInputError as error:
                connection.send(_error(error))
                continue
            _handle(room, connection, message)
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        room.disconnect(connection)


def _handle(room: Room, connection: Connection, message: Any) -> None:
    if connection.close_code is not None:
        return  # logged out: the socket is closing
    try:
        if not isinstance(message, dict) or type(message.get("type")) is not str:
            raise InvalidInputError('a message is a JSON object with a "type"')
        kind = message["type"]
        if kind == "ping":
            connection.send({"type": "pong"})
            return
        if kind in ("chat", "mute", "unmute"):
            room.chat_command(connection, kind, message)
            return
        # the socket's own account: a logout closes its sockets (close_code);
        # "sit" reads the wallet afresh itself (Room.command)
        room.command(connection.table_id, connection.account, kind, message)
    except HoldemError as error:
        connection.send(_error(error))
    except DATABASE_ERRORS as error:  # one the command did not catch itself
        if not is_database_error(error):
            raise
        room.database.failed(error, connection.table_id)
        refusal = UnavailableError(
            "the room's database is unreachable: try again in a few seconds"
        )
        connection.send(_error(refusal))


def _error(error: HoldemError) -> dict[str, Any]:
    return {"type": "error", "error": error_json(error)}


async def _send(websocket: WebSocket, connection: Connection) -> None:
    """Send the connection's queue until it closes (or the socket does)."""
    with contextlib.suppress(WebSocketDisconnect, TimeoutError):
        while True:
            text = await connection.queue.get()
            if text is None:  # logged out, or the reader fell too far behind
                reason = connection.queue.closing or "too slow"
                async with asyncio.timeout(SEND_SECONDS):
                    await websocket.close(
                        code=connection.queue.close_code, reason=_cut(reason, 120)
                    )
                return
            try:
                async with asyncio.timeout(SEND_SECONDS):
                    await websocket.send_text(text)
            except TimeoutError:  # the client reads nothing: its buffers are full
                reason = f"the socket took over {SEND_SECONDS:g} s to take a message"
                async with asyncio.timeout(SEND_SECONDS):
                    await websocket.close(code=WS_TOO_SLOW, reason=reason)
                return


async def _tick(room: Room, seconds: float) -> None:
    """The room's clock: ``Room.tick`` every ``seconds``, whatever befalls one."""
    loop = asyncio.get_running_loop()
    while True:
        due = loop.time() + seconds
        await asyncio.sleep(seconds)
        room.telemetry.tick_late(loop.time() - due)
        try:
            room.tick()
        except Exception:  # the clock never stops: logged, and on
            LOG.exception("the room's clock met an error; it goes on")


def _tune_gc() -> None:
    """Shorten the collector's pauses, which stall every table at once.

    What exists once the room has started (modules, the loaded tables)
    lives as long as the process: ``gc.freeze`` keeps it out of every later
    collection. Larger thresholds make full collections (which scan every
    object the connections made) about ten times rarer. Memory only: refcounts
    still free acyclic garbage at once. With 1,000 players on 100 tables
    (benchmarks/room.py) the full collections took 100-180 ms each and set
    the p99 action latency.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(5_000, 20, 100)


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return request.cookies.get(COOKIE)


async def _body(request: Request, *, empty_ok: bool = False) -> dict[str, Any]:
    raw = await request.body()
    if not raw and empty_ok:
        return {}
    body = parse_json(raw)
    if not isinstance(body, dict):
        raise InvalidInputError(f"the body is a JSON object, got {short_repr(body)}")
    return body


def _cut(text: str, limit: int = 80) -> str:
    """``text``, cut to ``limit`` characters (with an ellipsis) for a message."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _validation_message(errors: Sequence[Any]) -> str:
    """A short message naming the fields FastAPI could not read."""
    parts = []
    for item in errors[:3]:
        location = [str(x) for x in item.get("loc", ()) if x not in ("body",)]
        where = location[-1] if location else "input"
        kind = {"path": "path parameter", "query": "query parameter"}.get(
            location[0] if location else "", "field"
        )
        value = item.get("input")
        shown = "" if value is None else f", got {_cut(repr(value), 40)}"
        reason = _REASONS.get(item.get("type", ""), item.get("msg", "is invalid"))
        parts.append(f"{kind} {where!r} {reason}{shown}")
    return "; ".join(parts) or "malformed input"


def _limit(limit: int) -> int:
    if not 1 <= limit <= 500:
        raise InvalidInputError(f"limit is 1..500, got {limit}")
    return limit


def _player(account: Account, token: str) -> dict[str, Any]:
    return {
        "player": {"name": account.name, "balance": account.balance},
        "token": token,
    }


def _install_page(app: FastAPI) -> None:
    """Serve the web page: ``holdem.server.web.install(app)`` when it exists."""
    try:
        web = importlib.import_module("holdem.server.web")
    except ModuleNotFoundError:
        web = None
    if web is not None:
        web.install(app)
        return
    if _STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=_STATIC), name="static")

    @app.get("/", response_class=HTMLResponse)
    async def index() -> str:
        page = _STATIC / "index.html"
        return page.read_text() if page.is_file() else _PLACEHOLDER
