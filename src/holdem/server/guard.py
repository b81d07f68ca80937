"""The room's request guards (docs/security.md): an ASGI middleware and a JSON reader.

``RequestGuard`` wraps the application and, before any route runs:

- believes ``X-Forwarded-For`` and ``X-Forwarded-Proto`` only from
  ``config.trusted_proxies`` (then sets the request's client address and
  scheme from them);
- refuses a state-changing request (any method but GET, HEAD, OPTIONS) or a
  WebSocket handshake whose ``Origin`` is neither the room's own (the scheme
  and ``Host`` it is reached at) nor one of ``config.allowed_origins``: 403,
  or the handshake closed with ``WS_BAD_ORIGIN`` (HTTP 403 to the client).
  A request without ``Origin`` passes (curl, bots with a bearer token:
  browsers always send it on cross-origin POSTs and socket handshakes),
  unless its ``Sec-Fetch-Site`` says a browser sent it from another site;
- refuses a request body over ``config.max_body_bytes`` (413, before it is
  read whole) and a non-empty body of a state-changing request that is not
  ``application/json`` (415; a cross-site form or ``no-cors`` fetch can
  only send ``text/plain``, forms or multipart).

``parse_json`` reads a body or a socket message with a nesting limit, so
that deep JSON is a 400 (or an error message on the socket), not a
``RecursionError``.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from starlette.datastructures import Headers
from starlette.responses import JSONResponse

from holdem.errors import HoldemError, InvalidInputError
from holdem.server.config import ServerConfig, origin_of
from holdem.server.encode import error_json
from holdem.server.errors import ForbiddenError, MediaTypeError, TooLargeError

__all__ = ["MAX_JSON_DEPTH", "WS_BAD_ORIGIN", "RequestGuard", "parse_json"]

MAX_JSON_DEPTH = 32
"""The deepest nesting of arrays and objects a body or message may have."""
WS_BAD_ORIGIN = 4403
"""The close code of a socket handshake from an origin not allowed."""
LOG = logging.getLogger("holdem.server")
_PATH_CUT = 200
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
_TOKENS = re.compile(r'\\.|["\[\]{}]', re.DOTALL)
"""What the depth count reads: an escape (skipped whole), a quote, a bracket."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def parse_json(raw: bytes | str, what: str = "the body") -> Any:
    """The JSON value of ``raw`` (UTF-8), nested at most ``MAX_JSON_DEPTH`` deep.

    >>> parse_json(b'{"type": "ping"}')
    {'type': 'ping'}

    Raises:
        InvalidInputError: for text that is not UTF-8 or not JSON, or that
            nests arrays and objects deeper than ``MAX_JSON_DEPTH``.
    """
    try:
        text = raw.decode("utf-8") if isinstance(raw, bytes) else raw
    except UnicodeDecodeError:
        raise InvalidInputError(f"{what} is not UTF-8 text") from None
    deepest = _deepest(text)
    if deepest > MAX_JSON_DEPTH:
        raise InvalidInputError(
            f"{what} nests arrays and objects {deepest} deep: at most {MAX_JSON_DEPTH}"
        )
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise InvalidInputError(f"{what} is not JSON") from None


def _deepest(text: str) -> int:
    """The deepest nesting of brackets in ``text`` outside its strings.

    One pass, linear in the text's length whatever it holds (an unclosed
    string or a run of escapes included): the regex finds each escape, quote
    and bracket once, and a two-state machine (in a string or not) counts.
    """
    depth = deepest = 0
    in_string = False
    for token in _TOKENS.findall(text):
        if token == '"':
            in_string = not in_string
        elif in_string or len(token) == 2:  # a bracket in a string, an escape
            continue
        elif token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


class RequestGuard:
    """The ASGI middleware of the module docstring.

    Args:
        app: the application it guards.
        config: the room's settings (origins, proxies, the body size cap).
    """

    def __init__(self, app: ASGIApp, config: ServerConfig) -> None:
        self.app = app
        self.config = config
        self.allowed = frozenset(
            o for o in map(origin_of, config.allowed_origins) if o is not None
        )
        self.proxies = tuple(
            ipaddress.ip_network(p, strict=False) for p in config.trusted_proxies
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Guard one HTTP request or WebSocket handshake (ASGI)."""
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if self.proxies:
            scope = self._behind_proxy(scope)
        headers = Headers(scope=scope)
        if scope["type"] == "websocket":
            if self._origin_refusal(scope, headers) is not None:
                _log_refusal(403, scope)
                await send({"type": "websocket.close", "code": WS_BAD_ORIGIN})
                return
            await self.app(scope, receive, send)
            return
        if scope["method"] in _SAFE_METHODS:
            await self.app(scope, receive, send)
            return
        refusal = self._origin_refusal(scope, headers)
        if refusal is not None:
            await _refuse(refusal, 403, scope, receive, send)
            return
        limit = self.config.max_body_bytes
        length = headers.get("content-length", "")
        if length.isdigit() and int(length) > limit:
            await _refuse(_too_large(limit), 413, scope, receive, send)
            return
        messages: list[Message] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > limit:
                await _refuse(_too_large(limit), 413, scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        media = headers.get("content-type", "").split(";")[0].strip().lower()
        if size and media != "application/json":
            error = MediaTypeError(
                f"a request body is JSON sent as application/json, got"
                f" {media[:60] or 'no Content-Type'}"
            )
            await _refuse(error, 415, scope, receive, send)
            return

        async def replay() -> Message:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)

    def _origin_refusal(self, scope: Scope, headers: Headers) -> HoldemError | None:
        origin = headers.get("origin")
        if origin is None:
            site = headers.get("sec-fetch-site", "none").lower()
            if site in ("cross-site", "same-site"):
                return ForbiddenError(
                    f"a {site} request without Origin: not from the room's page"
                )
            return None
        seen = origin_of(origin)
        if seen is not None and (seen in self.allowed or seen == _own(scope, headers)):
            return None
        return ForbiddenError(
            f"requests from the origin {origin[:80]!r} are not allowed:"
            " only the room's own page (and the origins its operator allows)"
        )

    def _behind_proxy(self, scope: Scope) -> Scope:
        """``scope`` with the client and scheme a trusted proxy reports."""
        peer = scope.get("client")
        if not peer or not self._trusted(peer[0]):
            return scope
        headers = Headers(scope=scope)
        scope = dict(scope)
        hops = [h.strip() for h in headers.get("x-forwarded-for", "").split(",")]
        client = peer[0]
        for hop in reversed([h for h in hops if h]):
            if not _is_address(hop):
                break
            client = hop
            if not self._trusted(hop):
                break
        scope["client"] = (client, 0)
        proto = headers.get("x-forwarded-proto", "").split(",")[0].strip().lower()
        if proto in ("http", "https"):
            secure = proto == "https"
            if scope["type"] == "websocket":
                scope["scheme"] = "wss" if secure else "ws"
            else:
                scope["scheme"] = proto
        return scope

    def _trusted(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.proxies)


def _own(scope: Scope, headers: Headers) -> str | None:
    """The room's own origin as this request reached it: scheme and Host."""
    host = headers.get("host")
    if not host:
        return None
    scheme = {"ws": "http", "wss": "https"}.get(scope["scheme"], scope["scheme"])
    return origin_of(f"{scheme}://{host}")


def _is_address(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _too_large(limit: int) -> TooLargeError:
    return TooLargeError(f"a request body has at most {limit} bytes")


def _log_refusal(status: int, scope: Scope) -> None:
    """One warning line per refusal: status, method, path and address (no body)."""
    client = scope.get("client")
    path = scope.get("path", "")
    if len(path) > _PATH_CUT:
        path = path[: _PATH_CUT - 1] + "\u2026"
    LOG.warning(
        "request-refused",
        extra={
            "status": status,
            "method": scope.get("method", "WEBSOCKET"),
            "path": path,
            "address": client[0] if client else "?",
        },
    )


async def _refuse(
    error: HoldemError, status: int, scope: Scope, receive: Receive, send: Send
) -> None:
    _log_refusal(status, scope)
    response = JSONResponse({"error": error_json(error)}, status_code=status)
    await response(scope, receive, send)
