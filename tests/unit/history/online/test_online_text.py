"""Encodings and amounts of online-room text (holdem.history.online.text)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from holdem.history.online.text import (
    MONEY,
    bracketed,
    chips,
    decode,
    first_start,
    hand_starts,
    is_plain_amount,
    split_hands,
)

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


def test_decode_gives_newlines_to_lines_ended_by_a_carriage_return_alone() -> None:
    """Old Mac OS line ends (CR alone): a file of them read as one hand (hand
    starts are found at line starts, after a newline); CRLF is left as is."""
    two = LINE + LINE
    assert decode(two.replace("\n", "\r").encode("utf-8")) == two
    assert decode(two.replace("\n", "\r\n").encode("utf-8")) == two.replace(
        "\n", "\r\n"
    )


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
        ("$985", 100, 98500),  # Bovada: "Seat 1: Dealer [ME] ($985 in chips)"
        ("$1,808.75", 100, 180875),
        ("$ 5", 100, 500),
        ("1 000", 1, 1000),
        ("$0.50", 100, 50),
        ("1,234,567", 1, 1234567),  # commas before three digits group thousands
        ("$1,234", 100, 123400),
        ("1.234,50", 100, 123450),  # a decimal comma after a thousands point
        ("7410.5", 10, 74105),  # tournament chips with a decimal, tenths
        ("0.125", 1000, 125),
    ],
)
def test_chips_turns_money_into_cents_and_chips(
    printed: str, scale: int, expected: int
) -> None:
    assert chips(printed, scale) == expected


@pytest.mark.parametrize("printed", ["$0.005", "abc", "$", "1.5", "1.2.3"])
def test_chips_refuses_amounts_that_are_not_whole_chips(printed: str) -> None:
    with pytest.raises(ValueError):
        chips(printed, 100 if printed != "1.5" else 1)


@given(st.text(alphabet="$0123456789,. €", max_size=8))
def test_a_plain_amount_is_one_money_matches_whole(text: str) -> None:
    # the quick test never accepts what the MONEY pattern would not
    if is_plain_amount(text):
        assert re.fullmatch(MONEY, text)


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        ("$1,808.75", True),
        ("1500", True),
        ("$0", True),
        ("€0,02", False),
        ("$", False),
        ("", False),
        ("1.", False),
        ("$1 000", False),
    ],
)
def test_plain_amounts_are_dollars_or_chips_with_separators(
    text: str, plain: bool
) -> None:
    assert is_plain_amount(text) is plain


@given(st.text(alphabet="[]Ah ", max_size=12))
def test_bracketed_finds_what_the_bracket_pattern_finds(text: str) -> None:
    # the pattern the readers searched with before: the oracle
    assert bracketed(text) == re.findall(r"\[([^\]]*)\]", text)


@pytest.mark.parametrize(
    ("text", "inside"),
    [
        ("*** TURN *** [Qc 4d 4s] [6s]", ["Qc 4d 4s", "6s"]),
        ("shows [ Th, 5c ]a flush", [" Th, 5c "]),
        ("[[Ah] Kd]", ["[Ah"]),
        ("Dealt to Hero [9s Th", []),
        ("[" * 1000, []),
        ("[]]", [""]),
    ],
)
def test_bracketed_reads_each_bracket_to_the_first_close(
    text: str, inside: list[str]
) -> None:
    assert bracketed(text) == inside


def test_money_reads_amounts_of_up_to_66_digits_whole() -> None:
    # the longest amount any room prints has a few digits; the bound keeps a
    # search through a line of digits from trying every end at every start
    grouped = "$1" + ",000" * 16 + ".25"
    assert re.fullmatch(MONEY, grouped)
    assert re.match(MONEY, "1" * 66 + "/")[0] == "1" * 66  # type: ignore[index]
    assert re.match(MONEY, "1" * 100)[0] == "1" * 66  # type: ignore[index]
    assert not is_plain_amount("1" * 67)
    assert is_plain_amount("1" * 66)


_HAND = re.compile(r"^\ufeff?[ \t]*Game #\d+:", re.M)
_TWO_LINES = re.compile(r"^Game #\d+\r?\n", re.M)  # a start ending at a newline


@pytest.mark.parametrize(
    ("start", "text", "first_lines"),
    [
        (_HAND, "Game #1: a\nx\nGame #2: b\n", [(1, "Game #1: a"), (3, "Game #2: b")]),
        (
            _HAND,
            "\ufeffGame #1: a\n\n  Game #2: b",
            [(1, "Game #1: a"), (3, "Game #2: b")],
        ),
        (_HAND, "notes\nGame #7: a\nnot Game #8: b", [(2, "Game #7: a")]),
        (_HAND, "\nGame #1: a\r\nGame #2: b", [(2, "Game #1: a"), (3, "Game #2: b")]),
        (
            _TWO_LINES,
            "Game #1\nGame #2\nGame #3\n",
            [(1, "Game #1"), (2, "Game #2"), (3, "Game #3")],
        ),
    ],
)
def test_split_hands_finds_each_start_at_a_line_start(
    start: re.Pattern[str], text: str, first_lines: list[tuple[int, str]]
) -> None:
    hands = split_hands(start, text, "f.txt")
    assert [(hand.line, hand.lines[0]) for hand in hands] == first_lines
    # the same starts as the pattern's own search finds
    assert len(hands) == len(list(start.finditer(text)))


@given(
    st.lists(
        st.sampled_from(
            ["Game #1: a", "  Game #2: b", "\ufeffGame #3", "x Game #4", ""]
        ),
        max_size=6,
    ),
    st.sampled_from(["\n", "\r\n"]),
)
def test_first_start_and_hand_starts_agree_with_the_patterns_search(
    rows: list[str], end: str
) -> None:
    # the oracle: the regular-expression engine's own search and finditer
    text = end.join(rows)
    for start in (_HAND, _TWO_LINES, re.compile(r"Game #\d")):
        found = start.search(text)
        assert first_start(start, text) == (-1 if found is None else found.start())
        assert hand_starts(start, text) == [f.start() for f in start.finditer(text)]


def _top_level_bar(pattern: str) -> bool:
    """Whether ``pattern`` has a ``|`` outside any group or class."""
    depth, escaped, in_class = 0, False, False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            return True
    return False


def test_every_line_start_pattern_is_one_line_start() -> None:
    # first_start and hand_starts look for "\n(?:X)" in place of "^X": the
    # same only when X has no top-level "|" ("^A|B" finds B anywhere)
    import importlib
    import pkgutil

    import holdem.history.online as online

    assert _top_level_bar("^A|B") and not _top_level_bar(r"^(?:A|B)[|]\|")
    for module in pkgutil.iter_modules(online.__path__):
        loaded = importlib.import_module(f"holdem.history.online.{module.name}")
        for name in ("_START", "_SESSION", "_DESCRIPTION"):
            pattern = getattr(loaded, name, None)
            if isinstance(pattern, re.Pattern) and pattern.pattern.startswith("^"):
                assert not _top_level_bar(pattern.pattern), (module.name, name)


def _literal_runs(pattern: re.Pattern[str]) -> list[str]:
    """The runs of plain characters at the top level of ``pattern``.

    Each run is matched, as written, by every match of the pattern (no
    repeat, branch or group around it, and no ignore-case flag).
    """
    from re import _parser  # the standard parser, for its syntax tree

    assert not pattern.flags & re.IGNORECASE
    runs, run = [], ""
    for op, value in _parser.parse(pattern.pattern, pattern.flags).data:
        if op is _parser.LITERAL:
            run += chr(value)
        else:
            runs.append(run)
            run = ""
    return [*runs, run]


def test_each_formats_needle_is_in_every_hand_start() -> None:
    # matches() refuses a text without the needle before searching for the
    # start pattern: so the needle must be text every match holds
    from holdem.history.online import cake, everest_xml, merge, winning
    from holdem.history.online.reader import HeaderParser
    from holdem.history.online.registry import PARSERS

    pairs = [
        (cake._START, "Hand#"),
        (everest_xml._SESSION, "<SESSION "),
        (merge._DESCRIPTION, '<description type="Holdem'),
        (winning._START, "Game started at: "),
    ]
    pairs += [
        (parser.start, parser.needle)
        for parser in PARSERS
        if isinstance(parser, HeaderParser) and parser.needle
    ]
    assert len(pairs) >= 17
    for pattern, needle in pairs:
        assert any(needle in run for run in _literal_runs(pattern)), needle
