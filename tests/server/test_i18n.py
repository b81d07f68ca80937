"""The room's languages: catalogs, hand descriptions, negotiation, page routes."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from fastapi.testclient import TestClient
from room_helpers import FakeClock

from holdem.cards import parse_cards
from holdem.eval import evaluate
from holdem.server import ServerConfig, create_app, open_store
from holdem.server.i18n import (
    LANGUAGES,
    LOCALE_DIR,
    Catalogs,
    describe,
    extract_messages,
    negotiate,
)
from holdem.server.refusal_text import REFUSALS

pytestmark = pytest.mark.server
PLACEHOLDER = re.compile(r"\{\w+\}")


@pytest.fixture(scope="module")
def catalogs() -> Catalogs:
    return Catalogs.load()


def _po(lang: str) -> list[tuple[str | None, str, str]]:
    path = LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as po:
        catalog = read_po(po, locale=lang)
    return [(m.context, str(m.id), str(m.string)) for m in catalog if m.id]


def test_template_holds_every_string_of_the_page_and_the_descriptions() -> None:
    with (LOCALE_DIR / "messages.pot").open("rb") as pot:
        committed = {(m.context, m.id) for m in read_po(pot) if m.id}
    extracted = {(m.context, m.id) for m in extract_messages() if m.id}
    assert committed == extracted, "run: python -m holdem.server.i18n"
    assert (None, "Fold") in extracted
    assert (None, "Wait for the big blind") in extracted  # index.html and app.js
    assert ("hand", "two pair, {high} and {low}") in extracted


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_string_is_translated_with_its_placeholders(lang: str) -> None:
    with (LOCALE_DIR / "messages.pot").open("rb") as pot:
        wanted = {(m.context, m.id) for m in read_po(pot) if m.id}
    entries = _po(lang)
    assert {(context, msgid) for context, msgid, _ in entries} == wanted
    for _context, msgid, text in entries:
        assert text, f"{lang}: {msgid!r} is not translated"
        used, given = set(PLACEHOLDER.findall(text)), set(PLACEHOLDER.findall(msgid))
        if msgid in REFUSALS:
            # a refusal may leave out what the player knows (their seat) or
            # what is English (zxcvbn's hint); it adds nothing unknown
            assert used <= given, (lang, msgid, text)
        else:
            assert used == given, (lang, msgid, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_refusals_show_no_rule_id(lang: str, catalogs: Catalogs) -> None:
    for msgid in REFUSALS:
        text = catalogs.messages[lang][msgid]
        assert not re.search(r"R-[A-Z]+-\d", text), (lang, text)
        assert set(PLACEHOLDER.findall(text)) <= set(PLACEHOLDER.findall(msgid))


def test_what_native_readers_found(catalogs: Catalogs) -> None:
    fi, de = catalogs.messages["fi"], catalogs.messages["de"]
    # Finnish poker checks with "sökö"; "tarkista" is "verify"
    assert fi["Check"] == "Sökö"
    assert fi["checks"] == "sököttää"
    poker = [m for m in fi if re.search(r"\bcheck", m, re.I) and "password" not in m]
    assert len(poker) >= 5
    assert not [m for m in poker if "tarkist" in fi[m].lower()]
    # a German hand description is nominative ("zwei Paare"): never after
    # "mit", which takes the dative ("mit zwei Paaren")
    assert "mit {hand}" not in de["{player} wins {amount} with {hand}"]
    # one form of address: "du" throughout, never "Sie"
    formal = re.compile(r"\b(Sie|Ihnen|Ihr|Ihre|Ihren)\b")
    assert not [text for text in de.values() if formal.search(text)]
    # "Log out" and a tournament's "Unregister" differ in German
    assert de["Log out"] != de["Unregister"]
    assert de["Log in"] != de["Register for this tournament"]


def test_page_labels_in_each_language(catalogs: Catalogs) -> None:
    assert catalogs.messages["en"]["Fold"] == "Fold"
    assert catalogs.messages["fi"]["Fold"] == "Luovuta"
    assert catalogs.messages["sv"]["Fold"] == "Lägg dig"
    assert catalogs.messages["de"]["Fold"] == "Passen"
    assert catalogs.messages["pl"]["Fold"] == "Pas"
    assert catalogs.messages["pl"]["Small blind"] == "Mała ciemna"
    assert catalogs.messages["sv"]["Big blind"] == "Stora mörken"


HANDS = {
    # cards: (English, Finnish, Swedish, German, Polish)
    "Kh4c9dKs4d2c3c": (
        "two pair, Kings and Fours",
        "kaksi paria, kuninkaat ja neloset",
        "tvåpar, kungar och fyror",
        "zwei Paare, Könige und Vieren",
        "dwie pary, króle i czwórki",
    ),
    "9hTcJdQsKd2c3c": (
        "a straight, Nine to King",
        "suora, ysistä kuninkaaseen",
        "stege, nia till kung",
        "eine Straße, Neun bis König",
        "strit od dziewiątki do króla",
    ),
    "Ah2c3d4s5h9cKd": (
        "a straight, Ace to Five",
        "suora, ässästä vitoseen",
        "stege, ess till femma",
        "eine Straße, Ass bis Fünf",
        "strit od asa do piątki",
    ),
    "KhKcKd4s4h2c7d": (
        "a full house, Kings full of Fours",
        "täyskäsi, kuninkaat ja neloset",
        "kåk, kungar över fyror",
        "ein Full House, Könige über Vieren",
        "full, króle na czwórkach",
    ),
    "JhJc9d4s2h7c8d": (
        "a pair of Jacks",
        "pari, jätkät",
        "ett par knektar",
        "ein Paar Buben",
        "para waletów",
    ),
    "AhAcAdAs2h7c8d": (
        "four of a kind, Aces",
        "neloset, ässät",
        "fyrtal i ess",
        "ein Vierling, Asse",
        "kareta asów",
    ),
    "Qh9h7h4h2h7c8d": (
        "a flush, Queen high",
        "väri, korkeimpana kuningatar",
        "färg, dam högst",
        "ein Flush, Dame hoch",
        "kolor, najwyższa karta: dama",
    ),
    "AhKhQhJhTh2c3d": (
        "a Royal Flush",
        "kuningasvärisuora",
        "royal straight flush",
        "ein Royal Flush",
        "poker królewski",
    ),
    "Kh9c7d4s2h3c8d": (
        "high card King",
        "ei paria, korkeimpana kuningas",
        "högsta kort kung",
        "höchste Karte König",
        "wysoka karta, król",
    ),
}


@pytest.mark.parametrize("cards", sorted(HANDS))
def test_hand_descriptions_from_category_and_ranks(
    cards: str, catalogs: Catalogs
) -> None:
    value = evaluate(parse_cards(cards))
    for lang, expected in zip(LANGUAGES, HANDS[cards], strict=True):
        assert describe(value, catalogs.translations[lang]) == expected
    assert describe(value) == value.describe()  # English without a catalog


@pytest.mark.parametrize(
    ("header", "chosen", "expected"),
    [
        ("fi-FI,fi;q=0.9,en-US;q=0.8", None, "fi"),
        ("de-AT", None, "de"),
        ("fr-FR,pl;q=0.7,sv;q=0.8", None, "sv"),
        ("fr-FR", None, "en"),
        (None, None, "en"),
        ("fi", "pl", "pl"),
        ("fi", "xx", "fi"),
        ("sv;q=bad, de", None, "de"),
    ],
)
def test_negotiate(header: str | None, chosen: str | None, expected: str) -> None:
    assert negotiate(header, chosen) == expected


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    clock = FakeClock()
    store = open_store(f"sqlite:///{tmp_path / 'room.db'}", now=clock)
    config = ServerConfig(
        now=clock,
        rng=lambda: random.Random(7),
        tick_seconds=None,
        demo_table=None,
        tune_gc=False,
    )
    with TestClient(create_app(config, store)) as test_client:
        yield test_client


def test_page_language_from_header_then_cookie(client: TestClient) -> None:
    page = client.get("/", headers={"Accept-Language": "pl-PL,pl;q=0.9"})
    assert page.status_code == 200
    assert '<html lang="pl">' in page.text
    client.cookies.set("holdem_lang", "sv")
    page = client.get("/", headers={"Accept-Language": "pl-PL"})
    assert '<html lang="sv">' in page.text
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200


def test_catalog_route(client: TestClient) -> None:
    answer = client.get("/i18n/de.json")
    assert answer.status_code == 200
    body = answer.json()
    assert body["lang"] == "de"
    assert body["messages"]["Raise to {amount}"] == "Erhöhen auf {amount}"
    assert [lang["code"] for lang in body["languages"]] == list(LANGUAGES)
    refused = client.get("/i18n/xx.json")
    assert refused.status_code == 400
    assert refused.json()["error"]["kind"] == "InvalidInputError"


def test_describe_route(client: TestClient) -> None:
    answer = client.post(
        "/i18n/describe",
        json={
            "lang": "fi",
            "hands": [
                {"cards": ["Kh", "4c"], "board": ["9d", "Ks", "4d", "2c", "3c"]},
                {"cards": ["Kh", "4c"], "board": ["9d", "Ks"]},
            ],
        },
    )
    assert answer.status_code == 200
    assert answer.json()["descriptions"] == ["kaksi paria, kuninkaat ja neloset", None]
    bad = client.post(
        "/i18n/describe", json={"lang": "fi", "hands": [{"cards": ["Zz"]}]}
    )
    assert bad.status_code == 400
    bad = client.post("/i18n/describe", json={"lang": "xx", "hands": []})
    assert bad.status_code == 400
