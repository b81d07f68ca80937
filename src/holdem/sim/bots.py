"""Built-in bots by name, for the command line and the simulation runner.

A simulation names its bots as text (``random``, ``calling-station``,
``tight-aggressive``, ``equity``) so that a job can be sent to another
process or machine and rebuilt there with the same seeds. A user's bot is
named ``module:name``: ``name`` in the importable ``module`` is called with
the bot's own seeded ``random.Random`` and returns the bot (anything with
``decide(view)``, ``holdem.table.Bot``), in every process that plays it.

``BATCH_POLICIES`` names the batch engine's vectorised policy of each
built-in bot that has one (``holdem.batch.policies``): ``holdem simulate``
plays a job on the batch engine when every seat has one.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence

from holdem.errors import InvalidInputError
from holdem.table import (
    BaseBot,
    Bot,
    CallingStationBot,
    EquityBot,
    RandomBot,
    TightAggressiveBot,
)

__all__ = [
    "BATCH_POLICIES",
    "BOT_KINDS",
    "BOT_SHORT_NAMES",
    "is_user_bot",
    "make_bot",
    "parse_bot_kinds",
]

BOT_KINDS: dict[str, Callable[[random.Random], BaseBot]] = {
    "random": lambda rng: RandomBot(rng),
    "calling-station": lambda rng: CallingStationBot(),
    "tight-aggressive": lambda rng: TightAggressiveBot(),
    "equity": lambda rng: EquityBot(rng),
}
"""Bot kind -> a factory taking the bot's own seeded RNG."""

BATCH_POLICIES = {
    "random": "uniform",
    "calling-station": "calling-station",
    "tight-aggressive": "tight-aggressive",
}
"""Bot kind -> the batch engine's policy that plays as it does.

``calling-station`` and ``tight-aggressive`` decide as the table's bots do,
decision for decision; ``uniform`` makes ``RandomBot``'s choices with the
same chances from the batch hand's own random stream. ``equity`` (Monte
Carlo equity at every decision) and users' bots have none.
"""

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


def is_user_bot(kind: str) -> bool:
    """Whether ``kind`` names a user's bot (``module:name``), not a built-in one.

    >>> is_user_bot("mybots:Shark"), is_user_bot("random")
    (True, False)
    """
    return ":" in kind


def parse_bot_kinds(
    text: str, players: int, *, user_bots: bool = False
) -> tuple[str, ...]:
    """The bot kind of each of ``players`` seats, from a comma-separated list.

    One kind plays every seat; several kinds are dealt to the seats in turn
    (``random,tag`` at six seats: random, tag, random, tag, random, tag).
    Aliases: ``calling`` and ``station`` for ``calling-station``, ``tag`` for
    ``tight-aggressive``. With ``user_bots``, ``module:name`` names a user's
    bot (see the module docstring), imported here to check it.

    >>> parse_bot_kinds("random,tag", 4)
    ('random', 'tight-aggressive', 'random', 'tight-aggressive')

    Raises:
        InvalidInputError: for an unknown kind, an empty list, an empty name
            between commas (``tag,,random``), more kinds than players, or a
            user's bot that cannot be imported.
    """
    parts = text.split(",")
    if len(parts) > 1 and any(not part.strip() for part in parts):
        valid = ", ".join([*BOT_KINDS, *_ALIASES])
        raise InvalidInputError(
            f"an empty bot name in {text[:60]!r}: name each bot between the"
            f" commas ({valid})"
        )
    names = [name.strip() for name in parts if name.strip()]
    if not names:
        raise InvalidInputError(f"name at least one bot: {', '.join(BOT_KINDS)}")
    kinds = []
    for name in names:
        if user_bots and is_user_bot(name):
            _user_factory(name)  # refused here if it cannot be imported
            kinds.append(name)
            continue
        name = name.lower()
        kind = _ALIASES.get(name, name)
        if kind not in BOT_KINDS:
            valid = ", ".join([*BOT_KINDS, *_ALIASES])
            yours = ", or your own as module:name" if user_bots else ""
            raise InvalidInputError(
                f"unknown bot {name!r}: the bots are {valid}{yours}"
            )
        kinds.append(kind)
    if len(kinds) > players:
        raise InvalidInputError(
            f"{len(kinds)} bots named for {players} players: name at most {players}"
        )
    return tuple(kinds[i % len(kinds)] for i in range(players))


def make_bot(kind: str, rng: random.Random) -> Bot:
    """A new bot of ``kind`` (a key of ``BOT_KINDS``, or a user's ``module:name``).

    Raises:
        InvalidInputError: for an unknown kind, a user's bot that cannot be
            imported, or whose factory returns no bot.
    """
    if is_user_bot(kind):
        bot = _user_factory(kind)(rng)
        if not callable(getattr(bot, "decide", None)):
            raise InvalidInputError(
                f"bot {kind!r} returned {bot!r:.60}, not a bot: a bot has a"
                " decide(view) method (holdem.table.Bot)"
            )
        return bot  # type: ignore[return-value]  # has decide(): a Bot
    factory = BOT_KINDS.get(kind)
    if factory is None:
        raise InvalidInputError(
            f"unknown bot {kind!r}: the bots are {', '.join(BOT_KINDS)}"
        )
    return factory(rng)


def _user_factory(kind: str) -> Callable[[random.Random], object]:
    """The callable a user's bot ``module:name`` names.

    Raises:
        InvalidInputError: when the module cannot be imported, or has no
            callable ``name``.
    """
    module_name, _, name = kind.partition(":")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # the user's module: any error it raises
        raise InvalidInputError(
            f"cannot import {module_name!r} for the bot {kind!r}: {error}"
        ) from None
    factory = getattr(module, name, None)
    if not callable(factory):
        raise InvalidInputError(
            f"{module_name!r} has no callable {name!r} for the bot {kind!r}: name"
            " a class or function taking a random.Random and returning a bot"
        )
    return factory  # type: ignore[no-any-return]


def bot_kinds_of(kinds: Sequence[str]) -> tuple[str, ...]:
    """``kinds`` checked against ``BOT_KINDS`` (for jobs built in code).

    A user's bot (``module:name``) is imported to check it.

    Raises:
        InvalidInputError: for an unknown kind or a user's bot that cannot
            be imported.
    """
    for kind in kinds:
        if type(kind) is str and is_user_bot(kind):
            _user_factory(kind)
        elif kind not in BOT_KINDS:
            raise InvalidInputError(
                f"unknown bot {kind!r}: the bots are {', '.join(BOT_KINDS)}"
            )
    return tuple(kinds)
