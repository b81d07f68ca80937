"""Built-in bots by name, for the command line and the simulation runner.

A simulation names its bots as text (``random``, ``calling-station``,
``tight-aggressive``, ``equity``) so that a job can be sent to another
process or machine and rebuilt there with the same seeds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from holdem.errors import InvalidInputError
from holdem.table import (
    BaseBot,
    CallingStationBot,
    EquityBot,
    RandomBot,
    TightAggressiveBot,
)

__all__ = ["BOT_KINDS", "BOT_SHORT_NAMES", "make_bot", "parse_bot_kinds"]

BOT_KINDS: dict[str, Callable[[random.Random], BaseBot]] = {
    "random": lambda rng: RandomBot(rng),
    "calling-station": lambda rng: CallingStationBot(),
    "tight-aggressive": lambda rng: TightAggressiveBot(),
    "equity": lambda rng: EquityBot(rng),
}
"""Bot kind -> a factory taking the bot's own seeded RNG."""

_ALIASES = {
    "calling": "calling-station",
    "station": "calling-station",
    "tag": "tight-aggressive",
}

BOT_SHORT_NAMES = {
    "random": "random",
    "calling-station": "station",
    "tight-aggressive": "tag",
    "equity": "equity",
}
"""Bot kind -> the short name used for its players (``tag3``: seat 3)."""


def parse_bot_kinds(text: str, players: int) -> tuple[str, ...]:
    """The bot kind of each of ``players`` seats, from a comma-separated list.

    One kind plays every seat; several kinds are dealt to the seats in turn
    (``random,tag`` at six seats: random, tag, random, tag, random, tag).
    Aliases: ``calling`` and ``station`` for ``calling-station``, ``tag`` for
    ``tight-aggressive``.

    >>> parse_bot_kinds("random,tag", 4)
    ('random', 'tight-aggressive', 'random', 'tight-aggressive')

    Raises:
        InvalidInputError: for an unknown kind, an empty list, an empty name
            between commas (``tag,,random``), or more kinds than players.
    """
    parts = text.split(",")
    if len(parts) > 1 and any(not part.strip() for part in parts):
        valid = ", ".join([*BOT_KINDS, *_ALIASES])
        raise InvalidInputError(
            f"an empty bot name in {text[:60]!r}: name each bot between the"
            f" commas ({valid})"
        )
    names = [name.strip().lower() for name in parts if name.strip()]
    if not names:
        raise InvalidInputError(f"name at least one bot: {', '.join(BOT_KINDS)}")
    kinds = []
    for name in names:
        kind = _ALIASES.get(name, name)
        if kind not in BOT_KINDS:
            valid = ", ".join([*BOT_KINDS, *_ALIASES])
            raise InvalidInputError(f"unknown bot {name!r}: the bots are {valid}")
        kinds.append(kind)
    if len(kinds) > players:
        raise InvalidInputError(
            f"{len(kinds)} bots named for {players} players: name at most {players}"
        )
    return tuple(kinds[i % len(kinds)] for i in range(players))


def make_bot(kind: str, rng: random.Random) -> BaseBot:
    """A new bot of ``kind`` (a key of ``BOT_KINDS``) with its own ``rng``.

    Raises:
        InvalidInputError: for an unknown kind.
    """
    factory = BOT_KINDS.get(kind)
    if factory is None:
        raise InvalidInputError(
            f"unknown bot {kind!r}: the bots are {', '.join(BOT_KINDS)}"
        )
    return factory(rng)


def bot_kinds_of(kinds: Sequence[str]) -> tuple[str, ...]:
    """``kinds`` checked against ``BOT_KINDS`` (for jobs built in code).

    Raises:
        InvalidInputError: for an unknown kind.
    """
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise InvalidInputError(
                f"unknown bot {kind!r}: the bots are {', '.join(BOT_KINDS)}"
            )
    return tuple(kinds)
