"""``player_line``: the one-lookup path gives what trying each name gives."""

from __future__ import annotations

import pytest

from holdem.history.online.dispatch import player_line

# Lines as rooms print them (888, Absolute, Winning after "Player ")
_LINES = [
    ("Player1 folds", " "),
    ("Player10 calls [$0.02]", " "),
    ("Player1 - Calls $1", " - "),
    ("Hero brings $4 to table 45406961", " "),
    ("Player12 raises [$0.10]", " "),
    ("Seat 1: Player1 ( $1.00 )", " "),
    ("Player1", " "),  # a name alone: no separator, no player line
    ("", " "),
]
_NAMES = ["Player10", "Player12", "Player1", "Hero"]  # longest first


@pytest.mark.parametrize(("line", "separator"), _LINES)
def test_lookup_agrees_with_trying_each_name(line: str, separator: str) -> None:
    looked_up = player_line(line, set(_NAMES), False, separator)
    tried = player_line(line, _NAMES, True, separator)
    assert looked_up == tried


def test_player_and_rest_after_the_separator() -> None:
    assert player_line("Player10 calls [$0.02]", _NAMES, False) == (
        "Player10",
        "calls [$0.02]",
    )
    assert player_line("Player1 - Calls $1", _NAMES, False, " - ") == (
        "Player1",
        "Calls $1",
    )
    assert player_line("Seat 1: Player1 ( $1.00 )", _NAMES, False) is None


def test_a_name_with_a_space_is_tried_whole() -> None:
    # "Big Al calls": the first word "Big" is no one; the longer name wins
    names = ["Big Al Jr", "Big Al"]
    assert player_line("Big Al calls 5", names, True) == ("Big Al", "calls 5")
    assert player_line("Big Al Jr folds", names, True) == ("Big Al Jr", "folds")
    assert player_line("Big Al calls 5", names, False) is None  # why spaced exists
