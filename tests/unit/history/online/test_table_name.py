"""``room_table``: the table's name as the room names it, its size apart.

The printed names are real ones from ../shared/data/hh (Full Tilt, 888,
Absolute, Cake, PartyPoker); the names expected are the rooms' own (Full
Tilt's ``Table Vera (6 max)`` is table ``Vera``, six-max).
"""

from __future__ import annotations

import pytest

from holdem.history.online.table_name import RoomTable, room_table


@pytest.mark.parametrize(
    ("printed", "expected"),
    [
        ("Table Vera (6 max)", RoomTable("Vera", 6)),  # Full Tilt
        ("Table Tree Line (6 max)", RoomTable("Tree Line", 6)),
        ("Table Plovdiv (Real Money)", RoomTable("Plovdiv", None)),  # 888
        ("Table Alagoinhas (Practice Play)", RoomTable("Alagoinhas", None)),
        ("Table Skagen ( Real Money )", RoomTable("Skagen", None)),  # PartyPoker
        ("CHILE HWY (Real Money)", RoomTable("CHILE HWY", None)),  # Absolute
        ("Paris (6-max) 11985", RoomTable("Paris 11985", 6)),  # Cake
        ("Melbourne (Turbo, 6-max) 11667", RoomTable("Melbourne (Turbo) 11667", 6)),
        ("Calgary (2-Max) 13141", RoomTable("Calgary 13141", 2)),
        # kept as printed: no room word, a name in parentheses, a number
        ("May IV", RoomTable("May IV", None)),
        ("John Wayne (50bb)", RoomTable("John Wayne (50bb)", None)),
        ("Table #45 [18949637]", RoomTable("Table #45 [18949637]", None)),
        ("", RoomTable(None, None)),
    ],
)
def test_the_room_words_are_taken_off_the_name(
    printed: str, expected: RoomTable
) -> None:
    assert room_table(printed) == expected
