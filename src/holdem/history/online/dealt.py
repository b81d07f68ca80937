"""Whose history a hand is: the player its ``Dealt to NAME [..]`` line names.

Rooms print the cards they dealt privately on one line, ``Dealt to NAME
[Ah Kd]``, for the player whose history the file is (``OnlineHand.hero``).
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["dealt_to"]


def dealt_to(line: str, names: Iterable[str]) -> str | None:
    """The seated player a ``Dealt to NAME [cards]`` line names, or ``None``.

    Args:
        line: the line, starting ``Dealt to``.
        names: the seated players, tried in the order given (the first whose
            name and `` [`` start the rest of the line is the one).
    """
    rest = line[len("Dealt to ") :]
    for name in names:
        if rest.startswith(f"{name} ["):
            return name
    return None
