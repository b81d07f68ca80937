"""The tournament lobby's routes (docs/protocol.md, Tournaments).

- ``GET /api/tournaments``: every tournament shown, newest first.
- ``GET /api/tournaments/{id}``: one, with the viewer's entry (``you``).
- ``POST /api/tournaments``: create one (``TournamentSpec``'s fields).
- ``POST /api/tournaments/{id}/register`` and ``/unregister``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request

from holdem.errors import InvalidInputError
from holdem.rules.actions import short_repr
from holdem.server.errors import AuthError
from holdem.server.guard import parse_json
from holdem.server.paths import RowId
from holdem.server.room import Room
from holdem.server.store import Account

__all__ = ["install"]


def install(
    app: FastAPI, room: Room, account_of: Callable[[Request], Account | None]
) -> None:
    """Add the tournament routes to ``app``."""
    tournaments = room.tournaments

    def logged_in(request: Request) -> Account:
        account = account_of(request)
        if account is None:
            raise AuthError("log in first")
        return account

    @app.get("/api/tournaments")
    async def lobby(request: Request) -> dict[str, Any]:
        return {"tournaments": tournaments.lobby(account_of(request))}

    @app.get("/api/tournaments/{tournament_id}")
    async def one(request: Request, tournament_id: RowId) -> dict[str, Any]:
        return tournaments.get(tournament_id).lobby_json(account_of(request))

    @app.post("/api/tournaments", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        account = logged_in(request)
        body = await _body(request)
        return tournaments.create(body, account).lobby_json(account)

    @app.post("/api/tournaments/{tournament_id}/register")
    async def register(request: Request, tournament_id: RowId) -> dict[str, Any]:
        account = logged_in(request)
        live = tournaments.register(tournament_id, account)
        for runner_id in live.tables.values():
            runner = room.runners.get(runner_id)
            if runner is not None:
                room.publish(runner)
        return live.lobby_json(account)

    @app.post("/api/tournaments/{tournament_id}/unregister")
    async def unregister(request: Request, tournament_id: RowId) -> dict[str, Any]:
        account = logged_in(request)
        return tournaments.unregister(tournament_id, account).lobby_json(account)


async def _body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    body = parse_json(raw) if raw else {}
    if not isinstance(body, dict):
        raise InvalidInputError(f"the body is a JSON object, got {short_repr(body)}")
    return body
