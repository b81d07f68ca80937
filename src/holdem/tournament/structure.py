"""A tournament's structure: levels, breaks, stacks, money (R-TABLE-3, R-TOURN-1).

``TournamentStructure`` is frozen and checked when made. Its schedule is a
sequence of ``Level`` and ``Break`` values; levels go by time (minutes from
the start, the clock passed in by the driver, never read here) or by hands
(the hands dealt at the table that has dealt the most). A new level applies
from each table's next hand, never inside a hand (case 105).

``DEFAULT_MTT_SCHEDULE`` and ``DEFAULT_SNG_SCHEDULE`` are the default
structures, as data.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar

from holdem.errors import InvalidInputError
from holdem.rules.config import GameConfig, check_chips
from holdem.table.config import (
    MAX_SEATS,
    MIN_SEATS,
    BlindLevel,
    LevelClock,
    check_level_lengths,
)

__all__ = [
    "DEFAULT_MTT_SCHEDULE",
    "DEFAULT_SNG_SCHEDULE",
    "Break",
    "Kind",
    "Level",
    "TournamentStructure",
    "default_mtt",
    "default_sng",
]

_E = TypeVar("_E", bound=StrEnum)
_DEFAULT_GAME = GameConfig()


class Kind(StrEnum):
    """A sit-and-go starts when full, a multi-table one at its time (R-TOURN-1)."""

    SIT_AND_GO = "sng"
    MULTI_TABLE = "mtt"


Level = BlindLevel
"""One blind level: the table layer's ``BlindLevel`` under the name this
package has always given it (R-TABLE-3, R-BLIND-2, R-ANTE-1)."""


@dataclass(frozen=True, slots=True)
class Break:
    """A pause between levels: no table deals a hand (levels by time only).

    Attributes:
        minutes: its length, positive.
    """

    minutes: int

    def __post_init__(self) -> None:
        if type(self.minutes) is not int or self.minutes <= 0:
            raise InvalidInputError(
                f"a break lasts a positive whole number of minutes, got"
                f" {self.minutes!r}"
            )


@dataclass(frozen=True, slots=True)
class TournamentStructure:
    """Everything a tournament is announced with (R-TOURN-1, R-TABLE-3).

    Attributes:
        kind: sit-and-go (starts when ``max_entries`` have registered) or
            multi-table (starts at ``start_time``).
        schedule: levels and breaks in order; every level but the last has a
            length in minutes (``level_by=TIME``) or hands (``HANDS``);
            breaks only with levels by time, never first or last.
        level_by: what moves the tournament to its next level.
        starting_stack: chips each entry starts with.
        buy_in: the part of the price that goes to the prize pool (money
            units, e.g. cents).
        fee: the house's part of the price, paid on top.
        seats_per_table: 2..10.
        max_entries: the most entries (a sit-and-go starts when they are in;
            re-entries count).
        start_time: when a multi-table tournament starts; ``None`` for a
            sit-and-go.
        late_registration_level: registration stays open to the end of
            this level (1-based); 0 for none.
        re_entry: an eliminated player may enter again while registration is
            open (a new entry).
        game: the rules of each hand; its blinds and ante are the level's.

    Raises:
        InvalidInputError: for any field out of its range (the message names
            it and the allowed values).
    """

    kind: Kind
    schedule: tuple[Level | Break, ...]
    level_by: LevelClock = LevelClock.TIME
    starting_stack: int = 20_000
    buy_in: int = 100
    fee: int = 10
    seats_per_table: int = 9
    max_entries: int = 1000
    start_time: datetime.datetime | None = None
    late_registration_level: int = 0
    re_entry: bool = False
    game: GameConfig = _DEFAULT_GAME

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", _enum(Kind, self.kind, "kind"))
        object.__setattr__(
            self, "level_by", _enum(LevelClock, self.level_by, "level_by")
        )
        object.__setattr__(self, "schedule", tuple(self.schedule))
        self._check_schedule()
        check_chips("starting_stack", self.starting_stack, positive=True)
        check_chips("buy_in", self.buy_in)
        check_chips("fee", self.fee)
        seats = self.seats_per_table
        if type(seats) is not int or not MIN_SEATS <= seats <= MAX_SEATS:
            raise InvalidInputError(
                f"seats_per_table is {MIN_SEATS}..{MAX_SEATS}, got {seats!r}"
            )
        if type(self.max_entries) is not int or self.max_entries < 2:
            raise InvalidInputError(
                f"max_entries must be a whole number >= 2, got {self.max_entries!r}"
            )
        if self.kind is Kind.SIT_AND_GO:
            if self.max_entries > seats:
                raise InvalidInputError(
                    f"a sit-and-go is one table: max_entries {self.max_entries}"
                    f" exceeds seats_per_table {seats} [R-TOURN-1]",
                    rule="R-TOURN-1",
                )
            if self.late_registration_level or self.re_entry:
                raise InvalidInputError(
                    "a sit-and-go starts when full: no late registration or"
                    " re-entry [R-TOURN-1]",
                    rule="R-TOURN-1",
                )
        elif not isinstance(self.start_time, datetime.datetime):
            raise InvalidInputError(
                f"a multi-table tournament needs a start_time (datetime), got"
                f" {self.start_time!r} [R-TOURN-1]",
                rule="R-TOURN-1",
            )
        levels = len(self.levels)
        late = self.late_registration_level
        if type(late) is not int or not 0 <= late <= levels:
            raise InvalidInputError(
                f"late_registration_level is 0..{levels} (a level number or 0"
                f" for none), got {late!r}"
            )
        if type(self.re_entry) is not bool:
            raise InvalidInputError(
                f"re_entry must be True or False: {self.re_entry!r}"
            )
        if not isinstance(self.game, GameConfig) or self.game.straddles:
            raise InvalidInputError(
                "game must be a GameConfig without straddles (a tournament posts none)"
            )

    def _check_schedule(self) -> None:
        schedule = self.schedule
        if not schedule or not all(isinstance(s, Level | Break) for s in schedule):
            raise InvalidInputError(
                "the schedule is one or more Level values, with Break values"
                " between them [R-TABLE-3]",
                rule="R-TABLE-3",
            )
        if isinstance(schedule[0], Break) or isinstance(schedule[-1], Break):
            raise InvalidInputError(
                "a break comes between two levels, not first or last"
            )
        by_time = self.level_by is LevelClock.TIME
        if not by_time and any(isinstance(s, Break) for s in schedule):
            raise InvalidInputError(
                "breaks last minutes: levels by hands take none (use level_by=TIME)"
            )
        check_level_lengths(self.levels, self.level_by)

    @property
    def levels(self) -> tuple[Level, ...]:
        """The levels alone, in order (level ``n`` is ``levels[n - 1]``)."""
        return tuple(s for s in self.schedule if isinstance(s, Level))


def _enum(kind: type[_E], value: object, name: str) -> _E:
    try:
        return kind(value)  # type: ignore[arg-type]  # checked: ValueError
    except ValueError:
        valid = ", ".join(repr(k.value) for k in kind)
        raise InvalidInputError(
            f"unknown {name} {value!r}: the valid values are {valid}"
        ) from None


def _levels(
    blinds: Sequence[tuple[int, int, int]],
    *,
    minutes: int,
    big_blind_ante: bool,
    break_every: int = 0,
    break_minutes: int = 5,
) -> tuple[Level | Break, ...]:
    out: list[Level | Break] = []
    for number, (small_blind, big_blind, ante) in enumerate(blinds, start=1):
        last = number == len(blinds)
        out.append(
            Level(
                small_blind,
                big_blind,
                ante,
                big_blind_ante=big_blind_ante,
                minutes=None if last else minutes,
            )
        )
        if break_every and not last and number % break_every == 0:
            out.append(Break(break_minutes))
    return tuple(out)


DEFAULT_MTT_SCHEDULE: tuple[Level | Break, ...] = _levels(
    [
        (100, 200, 200),
        (150, 300, 300),
        (200, 400, 400),
        (250, 500, 500),
        (300, 600, 600),
        (400, 800, 800),
        (500, 1_000, 1_000),
        (600, 1_200, 1_200),
        (800, 1_600, 1_600),
        (1_000, 2_000, 2_000),
        (1_200, 2_400, 2_400),
        (1_500, 3_000, 3_000),
        (2_000, 4_000, 4_000),
        (2_500, 5_000, 5_000),
        (3_000, 6_000, 6_000),
        (4_000, 8_000, 8_000),
        (5_000, 10_000, 10_000),
        (6_000, 12_000, 12_000),
        (8_000, 16_000, 16_000),
        (10_000, 20_000, 20_000),
        (12_500, 25_000, 25_000),
        (15_000, 30_000, 30_000),
        (20_000, 40_000, 40_000),
        (25_000, 50_000, 50_000),
        (30_000, 60_000, 60_000),
        (40_000, 80_000, 80_000),
        (50_000, 100_000, 100_000),
        (60_000, 120_000, 120_000),
        (80_000, 160_000, 160_000),
        (100_000, 200_000, 200_000),
        (150_000, 300_000, 300_000),
        (200_000, 400_000, 400_000),
        (300_000, 600_000, 600_000),
        (500_000, 1_000_000, 1_000_000),
    ],
    minutes=15,
    big_blind_ante=True,
    break_every=6,
)
"""The default multi-table structure: 15-minute levels with a big-blind ante
from the first, a 5-minute break after every sixth level, for a 20,000-chip
starting stack (100 big blinds)."""

DEFAULT_SNG_SCHEDULE: tuple[Level | Break, ...] = _levels(
    [
        (10, 20, 0),
        (15, 30, 0),
        (25, 50, 0),
        (50, 100, 0),
        (75, 150, 0),
        (100, 200, 0),
        (100, 200, 25),
        (200, 400, 25),
        (300, 600, 50),
        (400, 800, 50),
        (600, 1_200, 75),
        (800, 1_600, 75),
        (1_000, 2_000, 100),
        (1_500, 3_000, 150),
        (2_000, 4_000, 200),
        (3_000, 6_000, 300),
        (5_000, 10_000, 500),
    ],
    minutes=10,
    big_blind_ante=False,
)
"""The default sit-and-go structure: 10-minute levels, antes from each player
from level 7, for a 1,500-chip starting stack."""


def default_mtt(
    start_time: datetime.datetime, *, max_entries: int = 5_000, **changes: object
) -> TournamentStructure:
    """The default multi-table tournament (9-handed, late registration to level 6).

    ``changes`` replace any other field (``buy_in=1_000``, ``re_entry=True``).
    """
    structure = TournamentStructure(
        Kind.MULTI_TABLE,
        DEFAULT_MTT_SCHEDULE,
        starting_stack=20_000,
        seats_per_table=9,
        max_entries=max_entries,
        start_time=start_time,
        late_registration_level=6,
    )
    return dataclasses.replace(structure, **changes)  # type: ignore[arg-type]


def default_sng(seats: int = 6, **changes: object) -> TournamentStructure:
    """The default sit-and-go for ``seats`` players (one table, starts when full)."""
    structure = TournamentStructure(
        Kind.SIT_AND_GO,
        DEFAULT_SNG_SCHEDULE,
        starting_stack=1_500,
        seats_per_table=seats,
        max_entries=seats,
    )
    return dataclasses.replace(structure, **changes)  # type: ignore[arg-type]
