"""The quick ``.phh`` reader against the full one: the same history, or ``None``.

``holdem.history.phh_quick.quick_hand`` must read the plain real files (the
Pluribus hands) to exactly the ``HandHistory`` the full reader
(``parse_toml`` then ``read_hand``) builds, and on every mutated file of the
fuzz corpus either give that history or step aside (``None``), so that a
refused text is still refused by the full reader, with its field and line.
"""

from __future__ import annotations

import random

import pytest
from test_phh_fuzz import DATA, MUTATIONS, real_files

from holdem.errors import HistoryParseError
from holdem.history import find_history_files
from holdem.history.limits import check_text
from holdem.history.model import HandHistory
from holdem.history.phh import parse_toml, read_hand
from holdem.history.phh_quick import quick_hand

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"real PHH data not found at {DATA} (../shared/data)"
)


def full_reading(text: str) -> HandHistory | str:
    """The full reader's history, or its error message."""
    try:
        return read_hand(parse_toml(text), text)
    except HistoryParseError as error:
        return str(error)


def test_plain_real_files_are_read_quickly_to_the_full_readers_history() -> None:
    files = find_history_files([DATA])
    quick = 0
    for path in files:
        text = path.read_text(encoding="utf-8")
        history = quick_hand(text)
        if history is not None:
            quick += 1
            assert history == full_reading(text), path
    assert quick >= 4_200  # every Pluribus hand


def test_mutated_files_read_as_the_full_reader_reads_them_or_step_aside() -> None:
    rng = random.Random(12)
    originals = real_files()
    quick = refused = 0
    for case in range(3_000):
        data = rng.choice(originals)
        for _ in range(rng.randint(1, 3)):
            data = rng.choice(MUTATIONS)(rng, data)
        try:
            text = data.decode("utf-8")
            check_text(text)
        except (UnicodeDecodeError, HistoryParseError):
            continue
        history = quick_hand(text)
        full = full_reading(text)
        refused += isinstance(full, str)
        if history is not None:
            quick += 1
            assert history == full, (case, data[:300])
    assert quick > 300, quick  # both sides are exercised
    assert refused > 300, refused


@pytest.mark.parametrize(
    "line",
    [
        "variant = 'NL'",  # unknown variant: refused
        "variant = 'FT'",  # needs small_bet and big_bet
        "min_bet = 0",  # not positive
        "starting_stacks = [10000, 0]",
        "antes = [0, 0, 0]",  # not one per player
        "blinds_or_straddles = [100, 50]",  # small blind above big (R-BLIND-2)
        "actions = ['p3 f']",  # no such player
        "actions = ['d dh p1 5d5d']",  # a card twice (R-DECK-1)
        "finishing_stacks = [10162.5, 9837.5]",  # half chips: the full reader
        "winnings = [0, 150]",  # not a field this reader takes
        "hand = 1.5",
        "players = ['a']",
        "variant = 'NT'  # comment",
        "antes = [0,0]",
    ],
)
def test_texts_outside_the_plain_form_or_refused_step_aside(line: str) -> None:
    fields = {
        "variant": "variant = 'NT'",
        "antes": "antes = [0, 0]",
        "blinds_or_straddles": "blinds_or_straddles = [50, 100]",
        "min_bet": "min_bet = 100",
        "starting_stacks": "starting_stacks = [10000, 10000]",
        "actions": "actions = ['d dh p1 5d4h', 'd dh p2 KsAh', 'p2 f']",
    }
    plain = "\n".join(fields.values())
    assert quick_hand(plain) == full_reading(plain)
    name = line.split(" ")[0]
    fields[name] = line
    text = "\n".join(fields.values())
    assert quick_hand(text) is None
