"""Encodings and amounts of online-room text (holdem.history.online.text)."""

from __future__ import annotations

import pytest

from holdem.history.online.text import chips, decode

LINE = "Seat 1: Player1 (€12.87 in chips)\n"


@pytest.mark.parametrize(
    "data",
    [
        LINE.encode("utf-8"),
        b"\xef\xbb\xbf" + LINE.encode("utf-8"),
        b"\xff\xfe" + LINE.encode("utf-16-le"),
        LINE.encode("cp1252"),
    ],
    ids=["utf-8", "utf-8 with BOM", "utf-16le", "cp1252"],
)
def test_decode_reads_every_encoding_of_the_data(data: bytes) -> None:
    assert decode(data) == LINE


@pytest.mark.parametrize(
    ("printed", "scale", "expected"),
    [
        ("$0.05", 100, 5),
        ("$10", 100, 1000),
        ("€12.87", 100, 1287),
        ("$2,418.66", 100, 241866),
        ("$0,02", 100, 2),  # a decimal comma, as in "$0,02-$0,04"
        ("1,500", 1, 1500),
        ("13575", 1, 13575),
    ],
)
def test_chips_turns_money_into_cents_and_chips(
    printed: str, scale: int, expected: int
) -> None:
    assert chips(printed, scale) == expected


@pytest.mark.parametrize("printed", ["$0.005", "abc", "$", "1.5"])
def test_chips_refuses_amounts_that_are_not_whole_chips(printed: str) -> None:
    with pytest.raises(ValueError):
        chips(printed, 100 if printed != "1.5" else 1)
