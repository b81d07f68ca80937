"""The quick TOML subset reader against ``tomllib``: same result, or ``None``.

``holdem.history.toml_subset.parse_subset`` must read every real PHH file
(the quick path is what makes replays fast) to exactly ``tomllib``'s result,
types included (``True`` is not ``1``), and on every mutated file of the
fuzz corpus either give ``tomllib``'s result or step aside (``None``), so
that ``tomllib`` still gives the errors with their line and column.
"""

from __future__ import annotations

import random
import tomllib
from typing import Any

import pytest
from test_phh_fuzz import DATA, MUTATIONS, real_files

from holdem.history import find_history_files
from holdem.history.toml_subset import parse_subset

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"real PHH data not found at {DATA} (../shared/data)"
)


def typed(value: Any) -> Any:
    """The value with every leaf's type beside it, so ``True != 1``."""
    if isinstance(value, dict):
        return {key: typed(item) for key, item in value.items()}, list(value)
    if isinstance(value, list):
        return [typed(item) for item in value]
    return type(value), value


def tomllib_result(text: str) -> Any:
    try:
        return typed(tomllib.loads(text))
    except (tomllib.TOMLDecodeError, ValueError) as error:
        return type(error)


def test_every_real_file_is_read_quickly_to_tomllibs_result() -> None:
    files = find_history_files([DATA])
    assert len(files) >= 4_278
    for path in files:
        text = path.read_text(encoding="utf-8").removeprefix("\ufeff")
        fields = parse_subset(text)
        assert fields is not None, path
        assert typed(fields) == tomllib_result(text), path


def test_mutated_files_read_as_tomllib_reads_them_or_step_aside() -> None:
    rng = random.Random(11)
    originals = real_files()
    quick = 0
    for case in range(3_000):
        data = rng.choice(originals)
        for _ in range(rng.randint(1, 3)):
            data = rng.choice(MUTATIONS)(rng, data)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            continue
        try:
            got = parse_subset(text)
        except ValueError as error:  # int(): too many digits, as tomllib
            assert tomllib_result(text) is type(error), (case, data[:300])
            continue
        if got is not None:
            quick += 1
            assert typed(got) == tomllib_result(text), (case, data[:300])
    assert quick > 1_000  # most mutations stay in the subset


@pytest.mark.parametrize(
    "text",
    [
        'a = "tab\\there"',  # escapes
        "a = 1_000",
        "a = +1",
        "a = 1e5",
        "a = inf",
        "a = 0x1f",
        "a = 2023-06-22",
        "a = [[1]]",
        "a = {b = 1}",
        "a.b = 1",
        '"a" = 1',
        "a = 1\r\n",
        "[[a]]\nb = 1",
        'a = """x"""',
        "a = '''x'''",
    ],
)
def test_valid_toml_outside_the_subset_steps_aside(text: str) -> None:
    assert parse_subset(text) is None
    tomllib.loads(text)  # valid: tomllib reads it


@pytest.mark.parametrize(
    "text",
    [
        "a = 1\na = 2",
        "a = 'x'\na = ['y']",
        "[x]\n[x]",
        "a = 1\n[a]",
        "a = ",
        "a = 1 2",
        "a = 01",
        "a = 1.",
        "a = [1,,2]",
        "a = [,]",
        "a = [1, 2",
        "a = [1 2]",
        "a = 1 # bell\x07",
        'a = "bell\x07"',
        "a = tru",
        "= 1",
        "a = 'x\ny'",
    ],
)
def test_invalid_toml_steps_aside_for_tomllibs_error(text: str) -> None:
    assert parse_subset(text) is None
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)


def test_the_subset_reads_tables_comments_and_multiline_arrays() -> None:
    text = (
        "# header\n\n[1]\nvariant = 'NT'\nactions = [\n  # pre-flop\n"
        '  "p1 cc",  # Ivey\n  "p2 f",\n]\nwinnings = [10162.5, -0, 3]\n'
        "ok = false\n[2]\nx = []  # none"
    )
    assert parse_subset(text) == {
        "1": {
            "variant": "NT",
            "actions": ["p1 cc", "p2 f"],
            "winnings": [10162.5, 0, 3],
            "ok": False,
        },
        "2": {"x": []},
    }
    assert typed(parse_subset(text)) == typed(tomllib.loads(text))


@pytest.mark.parametrize(
    "text",
    [
        "a = [1, -0, 22 ,3,]",
        "a = []",
        "a = [ ]",
        "a = ['x', \"y\" , '' ,]",
        'a = [\'say "hi"\', "it\'s"]',
        "a = [1, 'x']",
        # the split-read forms, and near misses left to the expressions
        "a = ['d dh p1 5d4h', 'p2 cbr 1225', 'p6 f']",
        'a = ["p1 cc", "p2 f"]',
        "a = ['x', 'y'] # c ', 'z'",
        "a = ['x', 'y' ]",
        "a = ['it\"s', '']",
        "a = 'Event #43'",
        "a = 'tab\there'",
        "a = 'no-break\u00a0space'",
        "a = [0, -1, 15]\nb = -0\nc = 10162.5\nd = -0.0\ne = true",
        "a = [1, 2] # c",
    ],
)
def test_one_line_arrays_read_as_tomllib_reads_them(text: str) -> None:
    assert typed(parse_subset(text)) == tomllib_result(text)


@pytest.mark.parametrize(
    "text", ["a = [,]", "a = [1,,]", "a = ['x',,]", "a = [1 2]", "a = ['it''s']"]
)
def test_bad_one_line_arrays_step_aside(text: str) -> None:
    assert parse_subset(text) is None
