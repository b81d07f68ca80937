"""Limits checked on PHH text before TOML parsing, and bounds on the values.

Issue 7, item 12: fuzzing found tracebacks and hangs on deep dotted keys (the
stdlib TOML parser is quadratic in their parts), integers past Python's
digit limit, ``inf`` or huge stacks and variants of the wrong type. Every one
must now be a ``HistoryParseError`` naming the line or the field.
"""

from __future__ import annotations

import sys

import pytest

from holdem.errors import HistoryParseError, InvalidInputError
from holdem.history import loads, parse_toml
from holdem.history.limits import (
    MAX_CHIPS,
    MAX_KEY_PARTS,
    MAX_LINE_CHARS,
    MAX_NESTING,
    MAX_TEXT_CHARS,
    check_text,
)

NT_HAND = """variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7h6h", "p3 f", "p1 f"]
"""


def with_field(name: str, value: str) -> str:
    lines = [ln for ln in NT_HAND.splitlines() if not ln.startswith(name + " ")]
    return "\n".join([*lines, f"{name} = {value}"]) + "\n"


def dotted(parts: int) -> str:
    return ".".join(f"k{i}" for i in range(parts))


# ------------------------------------------------------------ the text


def test_deep_dotted_key_is_refused_before_parsing() -> None:
    text = NT_HAND + dotted(50_000) + " = 1\n"  # took minutes in tomllib
    with pytest.raises(HistoryParseError) as info:
        loads(text)
    assert info.value.line == 7
    assert str(info.value) == (
        f"line 7: the line has {len(dotted(50_000)) + 4} characters; holdem"
        f" reads lines of at most {MAX_LINE_CHARS}"
    )
    short = NT_HAND + dotted(MAX_KEY_PARTS + 1) + " = 1\n"
    with pytest.raises(HistoryParseError) as info:
        loads(short)
    assert info.value.line == 7
    assert str(info.value) == (
        f"line 7: a dotted key has {MAX_KEY_PARTS + 1} parts; holdem reads keys"
        f" of at most {MAX_KEY_PARTS} parts"
    )


@pytest.mark.parametrize(
    "key",
    [
        f"[{dotted(MAX_KEY_PARTS + 1)}]",  # a table header
        f"[[{dotted(MAX_KEY_PARTS + 1)}]]",  # an array of tables
        "_x = {" + dotted(MAX_KEY_PARTS + 1) + " = 1}",  # in an inline table
        "a . 'b' . \"c\" . d.e.f.g.h.i = 1",  # quoted parts and spaces
    ],
)
def test_every_form_of_deep_key_is_refused(key: str) -> None:
    with pytest.raises(HistoryParseError, match="a dotted key has 9 parts") as info:
        loads(NT_HAND + key + "\n")
    assert info.value.line == 7


def test_dots_in_strings_comments_and_numbers_are_not_keys() -> None:
    dots = dotted(MAX_KEY_PARTS + 5)
    text = (
        NT_HAND
        + f'_note = "{dots}"  # {dots}\n'
        + f"_literal = '{dots}'\n"
        + f'_multi = """\n{dots}\n"""\n'
        + "_floats = [0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5]\n"
        + f"{dotted(MAX_KEY_PARTS)} = 1\n"  # at the limit: read
    )
    h = loads(text)
    assert dict(h.metadata)["_note"] == dots
    assert dict(h.metadata)["_multi"] == dots + "\n"


def test_nesting_is_limited_before_parsing() -> None:
    deep = "_x = " + "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1) + "\n"
    with pytest.raises(HistoryParseError) as info:
        loads(NT_HAND + deep)
    assert info.value.line == 7
    assert str(info.value) == (
        f"line 7: arrays or tables nested more than {MAX_NESTING} deep"
    )
    inline = "_x = " + "{a = " * (MAX_NESTING + 1) + "1" + "}" * (MAX_NESTING + 1)
    with pytest.raises(HistoryParseError, match="nested more than"):
        loads(NT_HAND + inline + "\n")
    ok = "_x = " + "[" * MAX_NESTING + "]" * MAX_NESTING + "\n"
    assert loads(NT_HAND + ok).variant == "NT"  # nested arrays are ignored


def test_brackets_in_strings_do_not_count() -> None:
    text = NT_HAND + '_note = "' + "[" * (MAX_NESTING + 5) + '"\n'
    assert dict(loads(text).metadata)["_note"] == "[" * (MAX_NESTING + 5)


def test_text_and_line_sizes_are_limited() -> None:
    with pytest.raises(HistoryParseError, match="characters; holdem reads at most"):
        check_text("#" * (MAX_TEXT_CHARS + 1))
    long_line = "x = 1\n# " + "y" * MAX_LINE_CHARS + "\n"
    with pytest.raises(HistoryParseError) as info:
        check_text(long_line)
    assert info.value.line == 2


def test_integer_past_pythons_digit_limit_is_a_parse_error() -> None:
    limit = sys.get_int_max_str_digits()
    if not limit or limit + 10 > MAX_LINE_CHARS:
        pytest.skip(f"Python's int digit limit is {limit}")
    text = with_field("min_bet", "1" * (limit + 10))
    with pytest.raises(HistoryParseError) as info:
        loads(text)
    assert info.value.line == 6
    assert str(info.value) == (
        f"line 6: a number has more than {limit} digits; chip amounts are at most"
        f" {MAX_CHIPS}"
    )


def test_parse_errors_are_invalid_input() -> None:
    with pytest.raises(InvalidInputError):
        parse_toml("a" + ".a" * 100 + " = 1")


# ------------------------------------------------------------ the values


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        (
            "starting_stacks",
            f"[200, {MAX_CHIPS + 1}, 200]",
            f"field starting_stacks[1]: {MAX_CHIPS + 1} chips is more than holdem"
            f" reads ({MAX_CHIPS})",
        ),
        (
            "starting_stacks",
            "[200, 1e300, 200]",
            "field starting_stacks[1]: a 301-digit number of chips is more than"
            f" holdem reads ({MAX_CHIPS})",
        ),
        (
            "starting_stacks",
            "[200, -inf, 200]",
            "field starting_stacks[1]: unknown amounts (inf) are not supported:"
            " give the chips",
        ),
        (
            "antes",
            "[0, nan, 0]",
            "field antes[1]: must be a number of chips, got nan",
        ),
        (
            "min_bet",
            "1e16",
            f"field min_bet: 10000000000000000 chips is more than holdem reads"
            f" ({MAX_CHIPS})",
        ),
        (
            "finishing_stacks",
            "[200, inf, 200]",
            "field finishing_stacks[1]: unknown amounts (inf) are not supported",
        ),
        (
            "finishing_stacks",
            "[200, nan, 200]",
            "field finishing_stacks[1]: must be a non-negative number, got nan",
        ),
        (
            "winnings",
            "[0, inf, 0]",
            "field winnings[1]: unknown amounts (inf) are not supported",
        ),
        (
            "winnings",
            f"[0, {MAX_CHIPS + 1}, 0]",
            f"field winnings[1]: {MAX_CHIPS + 1} chips is more than holdem reads"
            f" ({MAX_CHIPS})",
        ),
        ("variant", '["NT"]', "field variant: must be a string (NT, FT or PT), got"),
        ("variant", "1", "field variant: must be a string (NT, FT or PT), got 1"),
        ("variant", "{a = 1}", "field variant: must be a string (NT, FT or PT)"),
        ("antes", '"0, 0, 0"', "field antes: must be an array, got '0, 0, 0'"),
        ("actions", '"p1 f"', "field actions: must be an array, got 'p1 f'"),
        ("actions", '[["p1 f"]]', "field actions[0]: must be a string, got ['p1 f']"),
        ("players", "[1, 2, 3]", "field players[0]: must be a string, got 1"),
        ("hand", "[1]", "field hand: must be a string or an integer, got [1]"),
        ("seats", '[1, "2", 3]', "field seats[1]: must be of type int, got '2'"),
    ],
)
def test_values_are_typed_and_bounded(name: str, value: str, message: str) -> None:
    text = with_field(name, value)
    line = text.splitlines().index(f"{name} = {value}") + 1
    with pytest.raises(HistoryParseError) as info:
        loads(text)
    assert info.value.line == line
    assert str(info.value).startswith(f"line {line}: {message}")


def test_amounts_in_actions_are_bounded() -> None:
    huge = "9" * 5000  # past Python's int digit limit
    for action, message in [
        (f"p3 cbr {huge}", "has more digits than any stack holdem reads"),
        (f"p3 cbr {MAX_CHIPS + 1}", "is more than any stack holdem reads"),
        (f"p{huge} cc", r"does not exist \(the hand has 3\)"),
    ]:
        text = with_field("actions", f'["d dh p1 AsKs", "{action}"]')
        with pytest.raises(HistoryParseError, match=message) as info:
            loads(text)
        assert str(info.value).startswith("line 6: field actions[1]: ")
        assert len(str(info.value)) < 300


def test_half_chip_cites_the_odd_chip_rule_not_conservation() -> None:
    with pytest.raises(HistoryParseError) as info:
        loads(with_field("blinds_or_straddles", "[0.5, 1, 0]"))
    assert str(info.value) == (
        "line 6: field blinds_or_straddles[0]: chips are whole numbers, got 0.5"
        " (a chip is never split into parts: R-POT-3)"
    )
