"""Reading and writing PHH text: fields, variants, chips, errors, round trips."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from holdem.cards import parse_cards
from holdem.errors import HistoryParseError, InvalidInputError
from holdem.history import (
    HandHistory,
    PhhBetRaise,
    PhhDealHole,
    PhhShowMuck,
    dump,
    dump_all,
    dumps,
    dumps_all,
    load,
    load_all,
    loads,
    loads_all,
)
from holdem.rules import Structure

DATA = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "phh"
needs_data = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"real PHH data not found at {DATA}"
)

NT_HAND = """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7h6h", "p3 f", "p1 f"]
"""


def with_field(text: str, name: str, value: str) -> str:
    lines = [line for line in text.splitlines() if not line.startswith(name + " ")]
    return "\n".join([*lines, f"{name} = {value}"])


# ------------------------------------------------------------ real files


@needs_data
def test_load_dwan_ivey_fields() -> None:
    h = load(DATA / "historical" / "dwan-ivey-2009.phh")
    assert h.variant == "NT"
    assert h.antes == (500, 500, 500)
    assert h.blinds_or_straddles == (1000, 2000, 0)
    assert h.min_bet == 2000 and h.small_bet is None and h.big_bet is None
    assert h.starting_stacks == (1125600, 2000000, 553500)
    assert h.ante_trimming_status is True
    assert h.finishing_stacks is None
    assert h.players == ("Phil Ivey", "Patrik Antonius", "Tom Dwan")
    assert h.actions[0] == PhhDealHole(0, parse_cards("Ac2d"), "")
    assert h.actions[1] == PhhDealHole(1, (None, None))
    assert h.actions[3] == PhhBetRaise(2, 7000)
    assert PhhShowMuck(2, parse_cards("7h6h")) in h.actions
    assert dict(h.metadata) == {
        "author": "Juho Kim",
        "event": "Full Tilt Million Dollar Cash Game S4E12",
        "year": 2009,
        "currency": "USD",
    }
    config = h.config()
    assert config.structure is Structure.NO_LIMIT
    assert (config.small_blind, config.big_blind, config.min_bet) == (1000, 2000, 2000)


@needs_data
def test_load_wsop_fixed_limit_fields() -> None:
    h = load(DATA / "wsop-2023-43-day5" / "35.phh")
    assert h.variant == "FT"
    assert (h.small_bet, h.big_bet, h.min_bet) == (200000, 400000, None)
    assert h.hand == 35
    assert h.finishing_stacks == (13725000, 7550000, 3150000, 3800000, 1475000)
    assert h.actions[2] == PhhDealHole(2, (None, None))
    assert h.actions[-1] == PhhShowMuck(4, None)
    config = h.config()
    assert config.structure is Structure.FIXED_LIMIT
    assert (config.small_bet, config.big_bet, config.raise_cap) == (200000, 400000, 4)


@needs_data
def test_load_big_blind_ante() -> None:
    h = load(DATA / "wsop-2023-43-day5" / "2.phh")
    assert h.antes == (0, 120000, 0, 0, 0)
    assert h.forced_bets().antes == (0, 120000, 0, 0, 0)


@needs_data
def test_half_chip_finishing_stacks_are_kept() -> None:
    h = load(DATA / "pluribus" / "32" / "23.phh")
    assert h.finishing_stacks == (9950, 9275, 10387.5, 10000, 10000, 10387.5)
    assert type(h.finishing_stacks[0]) is int
    assert loads(dumps(h)) == h


@needs_data
def test_real_files_round_trip() -> None:
    for path in sorted((DATA / "wsop-2023-43-day5").glob("*.phh")):
        h = load(path)
        assert loads(dumps(h)) == h, path


# ------------------------------------------------------------ variants


def test_heads_up_forced_bets_are_reversed() -> None:
    h = loads(
        'variant = "NT"\nantes = [0, 3]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
        "starting_stacks = [100, 100]\nactions = []"
    )
    forced = h.forced_bets()
    assert forced.blinds_or_straddles == (2, 1)  # seat 0 big blind, button small
    assert forced.antes == (3, 0)


def test_pot_limit_extension_variant_pt() -> None:
    h = loads(with_field(NT_HAND, "variant", '"PT"'))
    assert h.variant == "PT"
    assert h.config().structure is Structure.POT_LIMIT
    assert dumps(h).startswith('variant = "PT"\n')
    assert loads(dumps(h)) == h


@pytest.mark.parametrize("variant", ["PO", "NS", "F7S", "nt", ""])
def test_other_variants_are_a_clear_error(variant: str) -> None:
    with pytest.raises(HistoryParseError, match="field variant: unknown variant"):
        loads(with_field(NT_HAND, "variant", f'"{variant}"'))


def test_fixed_limit_needs_small_and_big_bet() -> None:
    text = with_field(NT_HAND, "variant", '"FT"')
    with pytest.raises(HistoryParseError, match="field min_bet: is not a field of"):
        loads(text)
    text = text.replace("min_bet = 2\n", "")
    with pytest.raises(HistoryParseError, match="field small_bet: is required"):
        loads(text)
    h = loads(with_field(with_field(text, "small_bet", "2"), "big_bet", "4"))
    assert (h.small_bet, h.big_bet, h.min_bet) == (2, 4, None)


def test_no_limit_needs_min_bet() -> None:
    with pytest.raises(HistoryParseError, match="field min_bet: is required"):
        loads(NT_HAND.replace("min_bet = 2\n", ""))


# ------------------------------------------------------------ chips


def test_integral_floats_are_whole_chips() -> None:
    h = loads(with_field(NT_HAND, "starting_stacks", "[200.0, 150, 1e3]"))
    assert h.starting_stacks == (200, 150, 1000)
    assert all(type(s) is int for s in h.starting_stacks)


@pytest.mark.parametrize(
    ("name", "value", "match"),
    [
        (
            "starting_stacks",
            "[200, -5, 200]",
            r"field starting_stacks\[1\]: must be positive",
        ),
        (
            "starting_stacks",
            "[200, 0, 200]",
            r"field starting_stacks\[1\]: must be positive",
        ),
        (
            "starting_stacks",
            "[200, inf, 200]",
            r"starting_stacks\[1\]: unknown amounts",
        ),
        ("starting_stacks", "[200, 200]", "field antes: needs one entry per player"),
        ("starting_stacks", "[200]", "a hand needs 2 players"),
        ("starting_stacks", '"200"', "field starting_stacks: must be an array"),
        (
            "blinds_or_straddles",
            "[0.5, 1, 0]",
            r"blinds_or_straddles\[0\]: chips are whole",
        ),
        ("antes", "[0, -1, 0]", r"field antes\[1\]: must be non-negative"),
        ("antes", "[0, true, 0]", r"field antes\[1\]: must be a number of chips"),
        ("min_bet", "0", "field min_bet: must be positive"),
        ("min_bet", "2.5", "field min_bet: chips are whole"),
        (
            "finishing_stacks",
            "[1, -2, 3]",
            r"finishing_stacks\[1\]: must be a non-negative",
        ),
        ("finishing_stacks", "[1, 2]", "finishing_stacks: needs one entry per player"),
        ("players", '["a", 2, "c"]', r"field players\[1\]: must be a string"),
        (
            "winnings",
            "[0, -3, 3]",
            r"field winnings\[1\]: must be a non-negative number, got -3",
        ),
        ("winnings", "[0, 3]", "field winnings: needs one entry per player"),
        ("hand", "1.5", "field hand: must be a string or an integer"),
        ("year", '"2009"', "field year: must be of type int"),
        ("ante_trimming_status", "1", "ante_trimming_status: must be true or false"),
        ("bring_in", "1", "field bring_in: is a stud field"),
        ("actions", '["d dh p1 AsXx"]', r"field actions\[0\]: cannot read card 'Xx'"),
        ("actions", '["p1 zz"]', r"field actions\[0\]: unknown action 'zz'"),
        ("actions", "[1]", r"field actions\[0\]: must be a string"),
    ],
)
def test_bad_fields_name_the_field(name: str, value: str, match: str) -> None:
    with pytest.raises(HistoryParseError, match=match) as info:
        loads(with_field(NT_HAND, name, value))
    assert "\n" not in str(info.value)


@pytest.mark.parametrize(
    ("blinds", "stacks", "small", "big"),
    [
        ("[5, 2, 0]", "[200, 200, 200]", 5, 2),
        ("[2, 1]", "[200, 200]", 2, 1),  # heads-up: the file's order, SB first
    ],
)
def test_small_blind_larger_than_big_blind_is_refused_R_BLIND_2(
    blinds: str, stacks: str, small: int, big: int
) -> None:
    n = stacks.count(",") + 1
    text = (
        f'variant = "NT"\nantes = [{", ".join(["0"] * n)}]\n'
        f"blinds_or_straddles = {blinds}\nmin_bet = 2\n"
        f'starting_stacks = {stacks}\nactions = ["p2 f"]\n'
    )
    with pytest.raises(HistoryParseError) as info:
        loads(text)
    assert info.value.line == 3
    assert str(info.value) == (
        f"line 3: field blinds_or_straddles: the small blind (p1, {small}) is"
        f" larger than the big blind (p2, {big}): the first two entries are the"
        " small and the big blind, and the small blind is at most the big blind"
        " [R-BLIND-2]"
    )


# [2, 0, 0]: no small blind, p1 posts the big blind (a dead small blind,
# R-TABLE-4); PokerKit reads it so too.
@pytest.mark.parametrize("blinds", ["[0, 2, 0]", "[2, 2, 0]", "[1, 2, 4]", "[2, 0, 0]"])
def test_zero_or_equal_small_blind_and_straddles_are_read(blinds: str) -> None:
    h = loads(with_field(NT_HAND, "blinds_or_straddles", blinds))
    assert str(list(h.blinds_or_straddles)).replace(" ", "") == blinds.replace(" ", "")


def test_small_blind_check_also_guards_histories_built_by_hand() -> None:
    h = HandHistory("NT", (0, 0, 0), (5, 2, 0), (200, 200, 200), (), min_bet=2)
    with pytest.raises(InvalidInputError, match=r"\[R-BLIND-2\]$"):
        h.config()


def test_winnings_are_kept_and_read_back() -> None:
    h = loads(with_field(NT_HAND, "winnings", "[0, 3, 0.5]"))
    assert h.winnings == (0, 3, 0.5)
    assert loads(dumps(h)) == h
    assert loads(NT_HAND).winnings is None
    built = HandHistory("NT", (0, 0), (1, 2), (9, 9), (), min_bet=2,
                        metadata=(("winnings", ("x", 1)),))  # fmt: skip
    with pytest.raises(InvalidInputError, match="field winnings: must be one"):
        _ = built.winnings
    infinite = HandHistory("NT", (0, 0), (1, 2), (9, 9), (), min_bet=2,
                           metadata=(("winnings", (0, float("inf"))),))  # fmt: skip
    with pytest.raises(InvalidInputError, match="field winnings: must be one"):
        _ = infinite.winnings


def test_missing_required_field() -> None:
    with pytest.raises(HistoryParseError, match="field actions: is required"):
        loads(NT_HAND.replace('actions = ["d dh', 'xactions = ["d dh'))


def test_malformed_toml_gives_line_and_column() -> None:
    with pytest.raises(HistoryParseError, match="malformed TOML") as info:
        loads('variant = "NT"\nantes = [0, 0\nmin_bet = 2\n')
    assert info.value.line == 3
    assert info.value.column is not None
    assert isinstance(info.value, InvalidInputError)


# ------------------------------------------------------------ writing


def test_dumps_layout_and_metadata_round_trip() -> None:
    text = (
        NT_HAND
        + 'author = "Juho \\"J\\" Kim"\nevent = "line\\nbreak ünïcode"\n'
        + 'time = 07:32:00\nday = 22\n_sponsors = ["", "GGPoker", ""]\n'
        + '_odd = 1.25\n_flag = false\n"odd key" = 3\n_nested = {a = 1}\n'
    )
    h = loads(text)
    assert ("time", datetime.time(7, 32)) in h.metadata
    assert ("_sponsors", ("", "GGPoker", "")) in h.metadata
    assert "_nested" not in dict(h.metadata)  # tables are ignored, as allowed
    out = dumps(h)
    assert out.splitlines()[:6] == [
        'variant = "NT"',
        "antes = [0, 0, 0]",
        "blinds_or_straddles = [1, 2, 0]",
        "min_bet = 2",
        "starting_stacks = [200, 200, 200]",
        "actions = [",
    ]
    assert loads(out) == h


def test_history_equality_is_by_value() -> None:
    assert loads(NT_HAND) == loads(NT_HAND)
    assert hash(loads(NT_HAND)) == hash(loads(NT_HAND))
    assert isinstance(loads(NT_HAND), HandHistory)


def test_phhs_round_trip_and_files(tmp_path: Path) -> None:
    one = loads(NT_HAND)
    two = loads(with_field(NT_HAND, "hand", "7"))
    text = dumps_all([one, two])
    assert text.startswith("[1]\n") and "\n[2]\n" in text
    assert loads_all(text) == (one, two)
    dump_all([one, two], tmp_path / "hands.phhs")
    assert load_all(tmp_path / "hands.phhs") == (one, two)
    dump(two, tmp_path / "one.phh")
    assert load(tmp_path / "one.phh") == two
    assert load_all(tmp_path / "one.phh") == (two,)


def test_phhs_errors_name_the_hand() -> None:
    bad = dumps_all([loads(NT_HAND)]) + "\n[2]\n" + with_field(NT_HAND, "min_bet", "-1")
    line = bad.splitlines().index("min_bet = -1") + 1
    with pytest.raises(HistoryParseError) as info:
        loads_all(bad)
    assert str(info.value) == (
        f"hand [2]: line {line}: field min_bet: must be positive, got -1"
    )
    assert info.value.line == line
    with pytest.raises(HistoryParseError, match="only tables"):
        loads_all("x = 1\n")


def test_non_utf8_file(tmp_path: Path) -> None:
    path = tmp_path / "bad.phh"
    path.write_bytes(b"variant = '\xff'\n")
    with pytest.raises(HistoryParseError, match="not UTF-8"):
        load(path)


def test_deeply_nested_toml_is_a_parse_error_not_a_crash() -> None:
    from holdem.errors import HistoryParseError
    from holdem.history import loads

    with pytest.raises(HistoryParseError) as info:
        loads("x = " + "[" * 2000 + "]" * 2000)
    assert str(info.value) == "line 1: arrays or tables nested more than 32 deep"
    assert info.value.line == 1


def test_byte_order_mark_is_ignored() -> None:
    from holdem.history import loads

    text = (
        "\ufeffvariant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n"
        "min_bet = 2\nstarting_stacks = [100, 100]\nactions = []\n"
    )
    assert loads(text).starting_stacks == (100, 100)


def test_load_on_a_phhs_file_points_to_load_all(tmp_path: Path) -> None:
    path = tmp_path / "many.phhs"
    dump_all([loads(NT_HAND), loads(NT_HAND)], path)
    with pytest.raises(HistoryParseError) as info:
        load(path)
    assert str(info.value) == (
        f"{path}: a .phhs file holds many hands: read it with load_all"
    )
    assert len(load_all(path)) == 2


def test_loads_on_phhs_text_points_to_loads_all() -> None:
    text = dumps_all([loads(NT_HAND)])
    with pytest.raises(HistoryParseError) as info:
        loads(text)
    assert str(info.value) == (
        "the text holds only tables ([1], ...), as a .phhs file of many hands"
        " does: read it with loads_all (load_all for a file)"
    )
    assert loads_all(text) == (loads(NT_HAND),)


def test_load_errors_name_the_file_the_hand_and_the_line(tmp_path: Path) -> None:
    one = tmp_path / "one.phh"
    one.write_text(with_field(NT_HAND, "min_bet", "0"), encoding="utf-8")
    with pytest.raises(HistoryParseError) as info:
        load(one)
    line = one.read_text().splitlines().index("min_bet = 0") + 1
    assert str(info.value) == (
        f"{one} hand 1: line {line}: field min_bet: must be positive, got 0"
    )
    assert info.value.line == line
    many = tmp_path / "many.phhs"
    bad = with_field(NT_HAND, "antes", "[0, 0]")
    many.write_text(f"[1]\n{NT_HAND}\n[2]\n{bad}\n", encoding="utf-8")
    with pytest.raises(HistoryParseError) as info:
        load_all(many)
    line = many.read_text().splitlines().index("antes = [0, 0]") + 1
    assert str(info.value) == (
        f"{many} hand 2: line {line}: field antes: needs one entry per player"
        " (3), got 2"
    )
    assert info.value.line == line
    broken = tmp_path / "broken.phh"
    broken.write_text('variant = "NT"\nantes = [0,,0]\n', encoding="utf-8")
    with pytest.raises(HistoryParseError) as info:
        load_all(broken)
    assert str(info.value).startswith(f"{broken} hand ?: malformed TOML: ")
    assert info.value.line == 2
    named = tmp_path / "named.phh"
    named.write_text(with_field(NT_HAND, "hand", '"final"').replace("200]", "0]"))
    with pytest.raises(HistoryParseError, match=f"^{named} hand final: line "):
        load(named)


def test_load_never_opens_a_pipe(tmp_path: Path) -> None:
    import os

    os.mkfifo(tmp_path / "pipe.phh")  # opening it would wait for a writer
    with pytest.raises(HistoryParseError) as info:
        load(tmp_path / "pipe.phh")
    assert str(info.value) == f"{tmp_path / 'pipe.phh'} hand ?: not a regular file"


def test_line_of_a_missing_field_is_not_taken_from_the_next_hand() -> None:
    missing = NT_HAND.replace("min_bet = 2\n", "")
    text = f"[1]\n{missing}\n[2]\n{NT_HAND}"
    with pytest.raises(HistoryParseError) as info:
        loads_all(text)
    assert str(info.value) == "hand [1]: field min_bet: is required for variant NT"
    assert info.value.line is None


def test_line_of_a_bad_action_is_its_own_line() -> None:
    text = NT_HAND.replace(
        'actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 7h6h", "p3 f", "p1 f"]',
        'actions = [\n  "d dh p1 AsKs",\n  "",\n  "d dh p2 ????",\n  "p9 f",\n]',
    )
    with pytest.raises(HistoryParseError) as info:
        loads(text)
    line = text.splitlines().index('  "p9 f",') + 1
    assert info.value.line == line
    assert str(info.value).startswith(f"line {line}: field actions[3]: ")


def test_too_large_file_is_refused_unread(tmp_path: Path) -> None:
    from holdem.history.limits import MAX_TEXT_CHARS

    path = tmp_path / "big.phh"
    with path.open("wb") as file:
        file.truncate(MAX_TEXT_CHARS + 1)  # sparse: nothing is written
    with pytest.raises(HistoryParseError) as info:
        load(path)
    assert str(info.value) == (
        f"{path} hand ?: the file has more than {MAX_TEXT_CHARS} bytes; holdem"
        f" reads at most {MAX_TEXT_CHARS} per file (split it into several files)"
    )


def test_load_on_a_folder_is_an_os_error(tmp_path: Path) -> None:
    (tmp_path / "x.phh").mkdir()
    with pytest.raises(IsADirectoryError):
        load(tmp_path / "x.phh")


def test_configs_are_shared_only_between_plain_int_fields() -> None:
    """Hands with the same stakes share one config; 2.0 == 2 must not."""
    import dataclasses

    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
        "min_bet = 2\nstarting_stacks = [200, 200]\nactions = []"
    )
    first, second = loads(text), loads(text.replace("200]", "300]"))
    assert first.config() is second.config()
    assert first.config().big_blind == 2
    floats = dataclasses.replace(first, blinds_or_straddles=(1.0, 2.0))
    try:
        config = floats.config()
    except InvalidInputError:
        return  # refused: not the int hand's config
    assert config is not first.config()
    assert type(config.big_blind) is float
