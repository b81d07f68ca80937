"""The web page: ``install(app)`` adds the page, its files and its catalogs.

``create_app`` calls ``install`` when this module exists (docs/protocol.md,
"Where the web page plugs in"). Routes added here:

- ``GET /``: ``static/index.html`` in the language the browser asks for
  (``Accept-Language``) or the one the page's switch remembered (the
  ``holdem_lang`` cookie).
- ``GET /static/...``: the page's CSS and its one JavaScript module.
- ``GET /i18n/{lang}.json``: the page's strings in one language.
- ``POST /i18n/describe``: hand descriptions in one language, from cards the
  client already holds (shown hands and the board); nothing secret.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from holdem.cards import Card
from holdem.errors import HoldemError, InvalidInputError
from holdem.eval import evaluate
from holdem.rules.actions import short_repr
from holdem.server.guard import parse_json
from holdem.server.i18n import LANGUAGES, Catalogs, describe, negotiate

__all__ = ["LANG_COOKIE", "install"]

LANG_COOKIE = "holdem_lang"
_STATIC = Path(__file__).resolve().parent / "static"
_NAMES = {
    "en": "English",
    "fi": "Suomi",
    "sv": "Svenska",
    "de": "Deutsch",
    "pl": "Polski",
}
_MAX_HANDS = 20


def _bad(message: str) -> JSONResponse:
    error = {"kind": "InvalidInputError", "message": message, "rule": "", "legal": None}
    return JSONResponse({"error": error}, status_code=400)


def _describe_one(item: object, catalogs: Catalogs, lang: str) -> str | None:
    """One description, or ``None`` when fewer than five cards are known."""
    if not isinstance(item, dict):
        raise ValueError("each hand is an object with cards and board")
    texts = [*(item.get("cards") or []), *(item.get("board") or [])]
    if not all(isinstance(text, str) for text in texts) or len(texts) > 7:
        raise ValueError("cards and board are lists of card strings, 7 at most")
    cards = tuple(Card.parse(text) for text in texts)
    if len(cards) < 5 or len(set(cards)) != len(cards):
        return None
    return describe(evaluate(cards), catalogs.translations[lang])


def install(app: FastAPI) -> None:
    """Add the web page's routes and files to the room's application."""
    catalogs = Catalogs.load()
    page = (_STATIC / "index.html").read_text(encoding="utf-8")
    app.mount("/static", StaticFiles(directory=_STATIC), name="static")
    languages = [{"code": code, "name": _NAMES[code]} for code in LANGUAGES]

    @app.get("/", response_class=HTMLResponse)
    async def index(request: Request) -> str:
        lang = negotiate(
            request.headers.get("accept-language"), request.cookies.get(LANG_COOKIE)
        )
        return page.replace('lang="en"', f'lang="{lang}"', 1)

    @app.get("/i18n/{lang}.json")
    async def messages(lang: str) -> JSONResponse:
        if lang not in LANGUAGES:
            return _bad(
                f"unknown language {short_repr(lang)}: one of {', '.join(LANGUAGES)}"
            )
        return JSONResponse(
            {
                "lang": lang,
                "languages": languages,
                "messages": dict(catalogs.messages[lang]),
            },
            headers={"Cache-Control": "no-cache"},
        )

    @app.post("/i18n/describe")
    async def describe_hands(request: Request) -> JSONResponse:
        try:
            body: Any = parse_json(await request.body())
        except InvalidInputError:
            return _bad("the body is a JSON object")
        if not isinstance(body, dict):
            return _bad("the body is a JSON object with lang and hands")
        lang = body.get("lang")
        hands = body.get("hands")
        if lang not in LANGUAGES:
            return _bad(
                f"unknown language {short_repr(lang)}: one of {', '.join(LANGUAGES)}"
            )
        if not isinstance(hands, list) or len(hands) > _MAX_HANDS:
            return _bad(f"hands is a list of at most {_MAX_HANDS} objects")
        try:
            found = [_describe_one(item, catalogs, str(lang)) for item in hands]
        except (HoldemError, ValueError) as error:
            return _bad(str(error))
        return JSONResponse({"lang": lang, "descriptions": found})
