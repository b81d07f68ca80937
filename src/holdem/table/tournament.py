"""Tournament mode: blind levels, eliminations and finishing places (R-TABLE-3).

A ``Tournament`` runs one table in tournament mode: every player starts with
a stack, nobody rebuys, tops up or sits out; the blinds and antes rise by a
schedule of levels, counted in hands played or in time from a clock passed
in (never read inside the rules); players out of chips are eliminated and
placed, and play goes on, heads-up at the end, until one player holds every
chip.
"""

from __future__ import annotations

import dataclasses
import datetime
import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from holdem.errors import InvalidInputError, TableError
from holdem.table.config import (
    BlindLevel,
    LevelClock,
    TableConfig,
    check_level_lengths,
    schedule_index,
)
from holdem.table.hand import TableHand
from holdem.table.record import HandRecord
from holdem.table.table import Table

if TYPE_CHECKING:
    from holdem.table.bots import Bot

__all__ = ["Tournament", "finishing_places"]


def finishing_places(
    busted: Sequence[tuple[str, int]], remaining: int
) -> dict[str, int]:
    """Places of the players eliminated in one hand.

    Args:
        busted: ``(player, starting stack of that hand)`` per player out.
        remaining: players still in after the hand.

    Returns:
        Place per player: the one who started the hand with more chips
        finishes higher, as card rooms rank players busted in the same hand;
        equal starting stacks share the place.

    >>> finishing_places([("A", 50), ("B", 80), ("C", 50)], 3)
    {'B': 4, 'A': 5, 'C': 5}
    """
    places: dict[str, int] = {}
    ordered = sorted(busted, key=lambda entry: -entry[1])
    for i, (player, stack) in enumerate(ordered):
        if i and stack == ordered[i - 1][1]:
            places[player] = places[ordered[i - 1][0]]
        else:
            places[player] = remaining + 1 + i
    return places


class Tournament:
    """A one-table tournament to a single winner (R-TABLE-3).

    Args:
        config: the table; ``tournament`` is set on it, and its game's
            structure and house options hold at every level.
        levels: the blind levels, first to last, each with its blinds, ante
            and big-blind ante flag; each but the last needs a length in
            hands (``level_by=HANDS``) or minutes (``TIME``).
        entrants: ``seat -> (player, starting stack)``.
        level_by: what moves to the next level.
        rng: the shuffler; ``random.SystemRandom()`` when omitted.
        now: the clock, needed for levels by time.

    Raises:
        InvalidInputError: no levels, a level without its length, levels by
            time without a clock, or fewer than two entrants.
        TableError: for a bad seat or a repeated player.
    """

    def __init__(
        self,
        config: TableConfig,
        levels: Sequence[BlindLevel],
        entrants: Mapping[int, tuple[str, int]],
        *,
        level_by: LevelClock = LevelClock.HANDS,
        rng: random.Random | None = None,
        now: Callable[[], datetime.datetime] | None = None,
    ) -> None:
        self.levels = tuple(levels)
        self.level_by = LevelClock(level_by)
        if not self.levels:
            raise InvalidInputError("a tournament needs at least one blind level")
        check_level_lengths(self.levels, self.level_by)
        if self.level_by is LevelClock.TIME and now is None:
            raise InvalidInputError("levels by time need a clock: pass now=...")
        if len(entrants) < 2:
            raise InvalidInputError("a tournament needs at least two players")
        self._now = now
        self._started: datetime.datetime | None = None
        self.table = Table(dataclasses.replace(config, tournament=True), rng=rng)
        for seat, (player, stack) in sorted(entrants.items()):
            self.table.join(seat, player, stack)
        self.total_chips = self.table.chips
        self.places: dict[str, int] = {}
        self.level = 0
        self.table.on_hand_complete = self._eliminate

    @property
    def is_over(self) -> bool:
        """One player holds every chip."""
        return len(self.table.players) == 1

    @property
    def winner(self) -> str | None:
        """The player who holds every chip, once the tournament is over."""
        return self.table.players[0].player if self.is_over else None

    @property
    def standings(self) -> tuple[tuple[int, str], ...]:
        """``(place, player)`` of everyone placed so far, best first."""
        return tuple(sorted((place, name) for name, place in self.places.items()))

    def current_level(self) -> int:
        """The level (1-based) the next hand is dealt at (R-TABLE-3)."""
        lengths = [level.length(self.level_by) for level in self.levels]
        if self.level_by is LevelClock.HANDS:
            return schedule_index(lengths, self.table.hand_number) + 1
        assert self._now is not None
        start = self._started if self._started is not None else self._now()
        minutes = (self._now() - start) / datetime.timedelta(minutes=1)
        return schedule_index(lengths, minutes) + 1

    def start_hand(self, *, button: int | None = None) -> TableHand:
        """Deal the next hand at the current level.

        Raises:
            TableError: once the tournament is over, or as
                ``Table.start_hand``.
        """
        if self.is_over:
            raise TableError(f"the tournament is over: {self.winner} won")
        if self._started is None and self._now is not None:
            self._started = self._now()
        number = self.current_level()
        if number != self.level:
            game = self.levels[number - 1].game(self.table.config.game)
            self.table.set_stakes(game, level=number)
            self.level = number
        return self.table.start_hand(button=button)

    def play_hand(
        self, bots: Mapping[int, Bot], *, button: int | None = None
    ) -> HandRecord:
        """Deal a hand at the current level and let ``bots`` play it."""
        return self.start_hand(button=button).play(bots)

    def play(self, bots: Mapping[int, Bot], *, max_hands: int = 100_000) -> str:
        """Play hands until one player holds every chip; return the winner.

        Raises:
            TableError: if ``max_hands`` hands do not finish it.
        """
        for _ in range(max_hands):
            if self.is_over:
                break
            self.play_hand(bots)
        winner = self.winner
        if winner is None:
            raise TableError(f"no winner after {max_hands} hands")
        return winner

    def _eliminate(self, record: HandRecord) -> None:
        busted = [
            (player, start)
            for player, start, stack in zip(
                record.players,
                record.starting_stacks,
                record.finishing_stacks,
                strict=True,
            )
            if not stack
        ]
        remaining = len(self.table.players)
        self.places.update(finishing_places(busted, remaining))
        if remaining == 1:
            self.places[self.table.players[0].player] = 1
