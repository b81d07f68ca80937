"""Which seated player a line of a text history is about.

Most rooms start a player's line with the name as seated, then a separator
(``Player1 folds``, ``Player1 - Calls $1``). Trying each seated name in turn
costs a test per name per line; when no seated name holds a space, the text
before the line's first separator is the only name that can match, so one
lookup gives the same answer.
"""

from __future__ import annotations

from collections.abc import Collection

__all__ = ["player_line"]


def player_line(
    line: str, names: Collection[str], spaced: bool, separator: str = " "
) -> tuple[str, str] | None:
    """``(player, rest)`` for a line starting with a seated name and ``separator``.

    Args:
        line: the line as printed.
        names: the seated players, tried in the order given when ``spaced``
            (longest first, so a name that starts another loses to it).
        spaced: whether a seated name holds a space: then each name is
            tried in turn; else the text before the first ``separator``
            (which must start with a space) is looked up.
        separator: what follows the name (`` `` or `` - ``).

    Returns:
        The player and the rest of the line after the separator, or
        ``None`` when no seated name starts the line.
    """
    if not spaced:
        name, found, rest = line.partition(separator)
        if found and name in names:
            return name, rest
        return None
    for name in names:
        if line.startswith(name + separator):
            return name, line[len(name) + len(separator) :]
    return None
