"""A tournament's level as a room printed it: ``printed_level(lines)``.

Rooms print the level in the hand's first lines, as a roman numeral or a
number: PokerStars' ``- Level IV (50/100) -``, PartyPoker's ``Level: 4``,
Winning's ``- Level 4``. A level 0 printed is no level (``None``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["printed_level"]

_LEVEL = re.compile(r"\bLevel:? ?([IVXLC]+|\d+)\b")
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def printed_level(lines: Iterable[str]) -> int | None:
    """The first level printed in ``lines`` (roman or not), or ``None``.

    >>> printed_level(["Tournament #7, Hold'em No Limit - Level XIV (600/1200)"])
    14
    >>> printed_level(["Trny: 61 Level: 4 Blinds(50/100)"]), printed_level([""])
    (4, None)
    """
    found = _LEVEL.search(" ".join(lines))
    if found is None:
        return None
    text = found[1]
    if text.isdigit():
        return int(text) or None
    values = [_ROMAN[c] for c in text]
    return sum(
        -v if v < w else v for v, w in zip(values, [*values[1:], 0], strict=True)
    )
