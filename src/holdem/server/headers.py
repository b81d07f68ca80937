"""Security headers on every HTTP answer of the room (docs/security.md).

The page is one HTML file, one JavaScript module and one style sheet, all
from the room itself, so the Content-Security-Policy allows only the room's
own origin (and its own sockets), no framing and no plugins; ``nosniff``
keeps browsers from reading a JSON or text answer as a script.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

__all__ = ["HEADERS", "SecurityHeaders"]

HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline';"
        b" img-src 'self' data:; connect-src 'self'; frame-ancestors 'none';"
        b" object-src 'none'; base-uri 'self'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
)
"""Added to every HTTP response (a response's own header of a name wins)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


class SecurityHeaders:
    """ASGI middleware adding ``HEADERS`` to each HTTP response's start."""

    def __init__(self, app: Callable[[Scope, Receive, Send], Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass ``scope`` on; add the headers to an HTTP response's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers.extend(h for h in HEADERS if h[0] not in present)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
