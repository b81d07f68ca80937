"""PHH action notation: parse and format each action kind (PHH spec, "Actions")."""

from __future__ import annotations

import pytest

from holdem.cards import Card, parse_cards
from holdem.errors import HistoryParseError
from holdem.history.notation import (
    PhhBetRaise,
    PhhCheckCall,
    PhhDealBoard,
    PhhDealHole,
    PhhFold,
    PhhNoOp,
    PhhShowMuck,
    format_action,
    parse_action,
    parse_phh_cards,
)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("d dh p1 Ac2d", PhhDealHole(0, cards("Ac2d"))),
        ("d dh p2 ????", PhhDealHole(1, (None, None))),
        ("d dh p3 ??7h", PhhDealHole(2, (None, Card.parse("7h")))),
        ("d db Jc3d5c", PhhDealBoard(cards("Jc3d5c"))),
        ("d db 4h", PhhDealBoard(cards("4h"))),
        ("p3 cbr 7000", PhhBetRaise(2, 7000)),
        ("p1 cbr 23000.0", PhhBetRaise(0, 23000)),
        ("p2 f", PhhFold(1)),
        ("p3 cc", PhhCheckCall(2)),
        ("p1 sm Ac2d", PhhShowMuck(0, cards("Ac2d"))),
        ("p6 sm", PhhShowMuck(5, None)),
        ("p2 sm ????", PhhShowMuck(1, (None, None))),
        ("", PhhNoOp()),
        ("   ", PhhNoOp()),
        ("# Burn card 6s is exposed", PhhNoOp("Burn card 6s is exposed")),
        ("  p3 cbr 7000  # Dwan ", PhhBetRaise(2, 7000, "Dwan")),
    ],
)
def test_parse_each_action_kind(text: str, expected: object) -> None:
    assert parse_action(text, players=6) == expected


def test_show_dash_stands_for_the_dealt_cards() -> None:
    dealt = [cards("Ac2d"), None]
    assert parse_action("p1 sm -", players=2, dealt=dealt) == PhhShowMuck(
        0, cards("Ac2d")
    )
    with pytest.raises(HistoryParseError, match="none were dealt"):
        parse_action("p2 sm -", players=2, dealt=dealt)


def test_muck_property() -> None:
    assert PhhShowMuck(0, None).is_muck
    assert PhhShowMuck(0, (None, None)).is_muck
    assert not PhhShowMuck(0, (None, Card.parse("Ad"))).is_muck


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("d dh p1 XxAd", "cannot read card 'Xx'"),
        ("d dh p1 Ac", "2 hole cards"),
        ("d dh p1 AcAc", "appears twice"),
        ("d dh p1 aCkD", "cannot read card"),
        ("d db ??4h5h", "board cards must be known"),
        ("d xx", "unknown dealer action 'xx'"),
        ("p1 xx", "unknown action 'xx'"),
        ("p1 pb", "bring-in"),
        ("p1 sd Ac", "stand pat/discard"),
        ("p7 f", "player p7 does not exist"),
        ("p0 f", "unknown actor 'p0'"),
        ("x1 f", "unknown actor 'x1'"),
        ("p1 cbr 12.5", "not a whole number of chips"),
        ("p1 cbr -5", "not a whole number of chips"),
        ("p1 cbr", "expected 1 argument"),
        ("p1 f now", "expected 0 argument"),
    ],
)
def test_bad_notation_is_refused_with_a_one_line_message(text: str, match: str) -> None:
    with pytest.raises(HistoryParseError, match=match) as info:
        parse_action(text, players=6)
    assert "\n" not in str(info.value)


def test_parse_cards_unknown_and_known() -> None:
    assert parse_phh_cards("??Ad") == (None, Card.parse("Ad"))
    with pytest.raises(HistoryParseError):
        parse_phh_cards("A")


@pytest.mark.parametrize(
    "text",
    [
        "d dh p1 Ac2d",
        "d dh p2 ????",
        "d db Jc3d5c",
        "p3 cbr 7000",
        "p2 f",
        "p3 cc",
        "p1 sm Ac2d",
        "p6 sm",
        "p1 cbr 7000 # Dwan",
        "# a note",
        "",
    ],
)
def test_format_reads_back(text: str) -> None:
    action = parse_action(text, players=6)
    assert format_action(action) == text
    assert parse_action(format_action(action), players=6) == action


def test_quick_card_lookup_agrees_with_card_by_card_reading() -> None:
    """Hole cards, flops and turns are looked up whole; the result (or the
    refusal) is the same as reading card by card."""
    from itertools import product

    from holdem.history.notation import _checked_cards

    tokens = ["As", "Kd", "2c", "??", "Xx", "as", "A"]
    for count in (1, 2, 3, 4):
        for parts in product(tokens, repeat=count):
            text = "".join(parts)
            try:
                want: object = _checked_cards(text)
            except HistoryParseError as error:
                want = str(error)
            try:
                got: object = parse_phh_cards(text)
            except HistoryParseError as error:
                got = str(error)
            assert got == want, text


@pytest.mark.parametrize(
    "text",
    [
        "d dh p1 8sQc",
        "d dh p6 ????",
        "d dh p1 ??Ah",
        "d dh p7 8sQc",
        "d dh p0 8sQc",
        "d dh p01 8sQc",
        "d dh p1 8s8s",
        "d dh p1 8sQc # x",
        "d dh p1  8sQc",
        "d dh p1 8sQcAh",
        "d dh p1 8sQc extra",
        "d dh p\u00b2 8sQc",
        "d dh p1 Xx2c",
    ],
)
def test_quick_hole_card_path_agrees_with_the_full_reading(text: str) -> None:
    from holdem.history.notation import _parse_action

    def read(parse: object) -> object:
        try:
            return parse()  # type: ignore[operator]
        except HistoryParseError as error:
            return str(error)

    quick = read(lambda: parse_action(text, players=6))
    assert quick == read(lambda: _parse_action(text, 6, ()))
