"""Fuzz the PHH reader and the replay with mutated real hand histories.

Issue 7, item 12: 8,000 malformed PHH files once gave 83 tracebacks and 45
hangs. Real files from ../shared/data/phh (read in place) are mutated with a
seeded ``random.Random``: byte flips, truncation, duplicated and deleted
lines, changed, inserted and swapped actions, huge or non-finite numbers,
deep dotted keys, deep nesting and values of the wrong type. Every case must
either read or raise a ``HoldemError`` (``HistoryParseError`` for the
reader), and a read hand must replay to an outcome without raising. No wall
clock: each pathological mutation (a deep key, deep nesting, a huge line)
must be refused by ``check_text`` before the TOML parser sees it, which is
what keeps every parse quick.
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from holdem.errors import HistoryParseError, HoldemError
from holdem.history import (
    Outcome,
    find_history_files,
    load_all,
    loads,
    replay_file,
    replay_history,
)
from holdem.history.limits import MAX_KEY_PARTS, MAX_LINE_CHARS, MAX_NESTING, check_text

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "phh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"real PHH data not found at {DATA} (../shared/data)"
)

Mutation = Callable[[random.Random, bytes], bytes]


def flip_bytes(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return data
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


def flip_chars(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return data
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        out[rng.randrange(len(out))] = ord(rng.choice("[]{}=\"'.,#-0129 \npfcbrsmdh?"))
    return bytes(out)


def truncate(rng: random.Random, data: bytes) -> bytes:
    if not data:
        return data
    return data[: rng.randrange(len(data))]


def duplicate_line(rng: random.Random, data: bytes) -> bytes:
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines) + 1), lines[i])
    return b"\n".join(lines)


def delete_line(rng: random.Random, data: bytes) -> bytes:
    lines = data.split(b"\n")
    del lines[rng.randrange(len(lines))]
    return b"\n".join(lines)


HUGE = [
    b"inf",
    b"-inf",
    b"nan",
    b"1e999",
    b"1e300",
    b"-1",
    b"0.5",
    b"10000000000000001",
    b"9" * 4400,  # past Python's int digit limit
    b"9" * 4000,
    b"true",
]


def huge_number(rng: random.Random, data: bytes) -> bytes:
    digits = [i for i, byte in enumerate(data) if 48 <= byte <= 57]
    if not digits:
        return data
    i = rng.choice(digits)
    j = i
    while j < len(data) and 48 <= data[j] <= 57:
        j += 1
    return data[:i] + rng.choice(HUGE) + data[j:]


WRONG = [b"[1]", b"{}", b'"NT"', b"true", b"1.5", b"[[1]]", b'["x"]', b"{a = 1}"]


def wrong_type(rng: random.Random, data: bytes) -> bytes:
    lines = data.split(b"\n")
    keyed = [i for i, line in enumerate(lines) if b" = " in line]
    if not keyed:
        return data
    i = rng.choice(keyed)
    key = lines[i].split(b" = ")[0]
    lines[i] = key + b" = " + rng.choice(WRONG)
    return b"\n".join(lines)


def deep_key(rng: random.Random, data: bytes) -> bytes:
    parts = rng.choice([MAX_KEY_PARTS + 1, 100, 5_000, 50_000])
    line = b".".join(b"k%d" % rng.randrange(9) for _ in range(parts)) + b" = 1"
    return data + b"\n" + line + b"\n"


def deep_nesting(rng: random.Random, data: bytes) -> bytes:
    depth = rng.choice([MAX_NESTING + 1, 500, 20_000])
    opener, closer = rng.choice([(b"[", b"]"), (b"{a = ", b"}")])
    return data + b"\n_x = " + opener * depth + b"1" + closer * depth + b"\n"


def long_line(rng: random.Random, data: bytes) -> bytes:
    return data + b"\n_x = '" + b"y" * (MAX_LINE_CHARS + rng.randrange(100)) + b"'\n"


ACTION = re.compile(rb"""(['"])((?:d d[hb]|p[0-9]+ )[^'"]*)\1""")
CARDS = [b"As", b"Kd", b"7h", b"2c", b"Tc", b"9s", b"??", b"Xx", b"Ah"]


def random_action(rng: random.Random) -> bytes:
    player = b"p%d" % rng.randint(1, 7)
    amount = b"%d" % rng.choice([0, 1, 2, 99, 10_000, rng.randrange(10**6)])
    cards = b"".join(rng.choice(CARDS) for _ in range(rng.choice([0, 1, 2, 3, 5])))
    return rng.choice(
        [
            player + b" cc",
            player + b" f",
            player + b" cbr " + amount,
            player + b" sm " + cards,
            player + b" sm",
            player + b" sm -",
            b"d db " + cards,
            b"d dh " + player + b" " + cards,
            b"",
            b"# note",
        ]
    )


def change_action(rng: random.Random, data: bytes) -> bytes:
    found = list(ACTION.finditer(data))
    if not found:
        return data
    match = rng.choice(found)
    quote = match[1]
    new = quote + random_action(rng) + quote
    if rng.random() < 0.5:
        new = match[0] + b", " + new  # insert rather than replace
    return data[: match.start()] + new + data[match.end() :]


def swap_actions(rng: random.Random, data: bytes) -> bytes:
    found = list(ACTION.finditer(data))
    if len(found) < 2:
        return data
    a, b = sorted(rng.sample(found, 2), key=lambda m: m.start())
    return data[: a.start()] + b[0] + data[a.end() : b.start()] + a[0] + data[b.end() :]


MUTATIONS: list[Mutation] = [
    change_action,
    change_action,
    swap_actions,
    flip_bytes,
    flip_chars,
    truncate,
    duplicate_line,
    delete_line,
    huge_number,
    wrong_type,
]
# Inputs the pre-scan must refuse, so that tomllib never sees them.
PATHOLOGICAL: list[Mutation] = [deep_key, deep_nesting, long_line]


def real_files() -> list[bytes]:
    files = find_history_files([DATA])
    # Every folder's files, a sample of the rest: the data varies by source.
    picked = files[:: max(1, len(files) // 200)]
    return [path.read_bytes() for path in picked]


def check_one(data: bytes) -> None:
    """Read ``data`` as PHH text; only HoldemError may come out."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return  # the file readers refuse it: see check_file
    try:
        history = loads(text)
    except HistoryParseError as error:
        assert "\n" not in str(error)
        return
    result = replay_history(history)
    assert result.outcome in Outcome
    assert "\n" not in result.message


def check_file(tmp: Path, data: bytes) -> None:
    path = tmp / "case.phh"
    path.write_bytes(data)
    with contextlib.suppress(HoldemError):
        load_all(path)
    (report,) = replay_file(path)
    assert "\n" not in report.line()


def run_cases(count: int, seed: int, tmp: Path) -> None:
    rng = random.Random(seed)
    originals = real_files()
    for case in range(count):
        data = rng.choice(originals)
        if rng.random() < 0.15:
            mutated = rng.choice(PATHOLOGICAL)(rng, data)
            with pytest.raises(HistoryParseError):
                check_text(mutated.decode("utf-8"))
        else:
            mutated = data
            for _ in range(rng.randint(1, 3)):
                mutated = rng.choice(MUTATIONS)(rng, mutated)
        try:
            check_one(mutated)
            if case % 20 == 0:
                check_file(tmp, mutated)
        except Exception as error:  # report the case that broke, then fail
            raise AssertionError(
                f"case {case} (seed {seed}) raised {error!r} on {mutated[:300]!r}"
            ) from error


def test_mutated_real_files_give_only_holdem_errors(tmp_path: Path) -> None:
    run_cases(600, seed=7, tmp=tmp_path)


@pytest.mark.slow
def test_mutated_real_files_sweep(tmp_path: Path) -> None:
    run_cases(8_000, seed=2024, tmp=tmp_path)
