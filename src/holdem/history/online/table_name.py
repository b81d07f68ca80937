"""A table's name as the room names it, without the words its text adds.

The readers keep the table as the room's text prints it, and some rooms
print more than the name: Full Tilt's ``Table Vera (6 max)`` names the table
``Vera`` and says it seats six; 888's and Absolute's ``Table Plovdiv (Real
Money)`` add the kind of money. PokerStars' own text writes the name alone
(``Table 'Vera' 6-max``), its size apart, so the PHH ``table`` field and the
text ``holdem convert`` writes take the name from ``room_table``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["RoomTable", "room_table"]

_MONEY = re.compile(
    r"\s*\(\s*(?:real|play|practice)\s*(?:money|play)\s*\)", re.IGNORECASE
)
"""``(Real Money)``, ``( Real Money )``, ``(Play Money)``, ``(Practice Play)``."""
_SIZE = re.compile(r"(?:,\s*)?\b(\d{1,2})[ -]max\b", re.IGNORECASE)
"""``6 max``, ``6-max``, ``6-Max`` inside parentheses."""
_PARENTHESES = re.compile(r"\s*\(([^()]*)\)")
_TABLE_WORD = re.compile(r"^Table\s+(?=[^\W\d_])")
"""``Table `` before a name that starts with a letter (``Table Vera``), not
before a number (``Table #45``, ``Table 12``: the word is part of it)."""


@dataclass(frozen=True, slots=True)
class RoomTable:
    """A table's name and the seats its printed name gives.

    Attributes:
        name: the table's name, or ``None`` when the text gives none.
        seat_count: the seats its name prints (``(6 max)``), or ``None``.
    """

    name: str | None
    seat_count: int | None


def room_table(printed: str) -> RoomTable:
    """The table's name in ``printed`` without the room's additions.

    Drops the kind of money in parentheses (``(Real Money)``), takes the
    table's size out of parentheses (``(6 max)``, ``(Turbo, 6-max)`` ->
    ``(Turbo)``), and a leading ``Table`` before a name (``Table Vera``);
    whatever else the room prints is kept.

    >>> room_table("Table Vera (6 max)")
    RoomTable(name='Vera', seat_count=6)
    >>> room_table("Table Plovdiv (Real Money)")
    RoomTable(name='Plovdiv', seat_count=None)
    >>> room_table("New Castle (Turbo 6-max) 13774")
    RoomTable(name='New Castle (Turbo) 13774', seat_count=6)
    >>> room_table("Table #45 [18949637]").name
    'Table #45 [18949637]'
    >>> room_table("  ")
    RoomTable(name=None, seat_count=None)
    """
    name = _MONEY.sub("", printed)
    seat_count: int | None = None

    def without_size(match: re.Match[str]) -> str:
        nonlocal seat_count
        inside = match[1]
        size = _SIZE.search(inside)
        if size is None:
            return match[0]
        seat_count = int(size[1])
        rest = _SIZE.sub("", inside).strip(" ,")
        return f" ({rest})" if rest else ""

    name = _PARENTHESES.sub(without_size, name)
    name = _TABLE_WORD.sub("", name.strip()).strip()
    return RoomTable(name or None, seat_count)
