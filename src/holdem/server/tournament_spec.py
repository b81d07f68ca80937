"""A tournament as the lobby creates it: kind, speed, seats, money, bots.

``TournamentSpec`` is the request body of ``POST /api/tournaments`` and the
stored ``tournaments.spec``; ``structure()`` makes the tournament layer's
``TournamentStructure`` from it, the same every time (a restart makes it
again from the stored spec).
"""

from __future__ import annotations

import dataclasses
import datetime
from dataclasses import dataclass
from typing import Any

from holdem.errors import InvalidInputError
from holdem.rules.actions import short_repr
from holdem.table.config import MAX_SEATS, MIN_SEATS
from holdem.tournament import (
    DEFAULT_SNG_SCHEDULE,
    Kind,
    Level,
    TournamentStructure,
)

__all__ = ["SPEEDS", "STARTING_STACK", "TournamentSpec"]

SPEEDS = {"standard": 10, "turbo": 5, "hyper": 2}
"""Minutes per level of each speed; the blinds are ``DEFAULT_SNG_SCHEDULE``'s."""
STARTING_STACK = 1_500
"""Tournament chips each entry starts with (75 big blinds at level 1)."""
MAX_MONEY = 1_000_000
MAX_ROOM_ENTRIES = 200


@dataclass(frozen=True, slots=True)
class TournamentSpec:
    """A tournament as the lobby makes it.

    Attributes:
        name: shown in the lobby, 1..40 characters.
        kind: ``"sng"`` (one table, starts when full) or ``"mtt"`` (many
            tables, starts at ``start_at``).
        speed: ``"standard"``, ``"turbo"`` or ``"hyper"``: 10, 5 or 2
            minutes a level.
        seats: seats per table, 2..10 (a sit-and-go's entries).
        buy_in: wallet chips into the prize pool per entry.
        fee: wallet chips to the house per entry.
        bots: bots registered at once, staked by the house; a sit-and-go
            keeps one seat for a person at least.
        max_entries: a multi-table tournament's most entries (2..200); a
            sit-and-go's is ``seats``.
        start_at: a multi-table tournament's start (ISO 8601, with a zone).

    Raises:
        InvalidInputError: on any value out of its range (the message says
            what is allowed).
    """

    name: str
    kind: str = "sng"
    speed: str = "standard"
    seats: int = 6
    buy_in: int = 100
    fee: int = 10
    bots: int = 0
    max_entries: int = 0
    start_at: str | None = None

    def __post_init__(self) -> None:
        if type(self.name) is not str or not 1 <= len(self.name.strip()) <= 40:
            raise InvalidInputError(
                f"a tournament name has 1 to 40 characters, got {short_repr(self.name)}"
            )
        if self.kind not in ("sng", "mtt"):
            raise InvalidInputError(
                f"kind is 'sng' or 'mtt', got {short_repr(self.kind)}"
            )
        if self.speed not in SPEEDS:
            raise InvalidInputError(
                f"speed is one of {', '.join(map(repr, SPEEDS))}, got"
                f" {short_repr(self.speed)}"
            )
        for key, low, high in (
            ("seats", MIN_SEATS, MAX_SEATS),
            ("buy_in", 0, MAX_MONEY),
            ("fee", 0, MAX_MONEY),
            ("bots", 0, MAX_ROOM_ENTRIES),
            ("max_entries", 0, MAX_ROOM_ENTRIES),
        ):
            value = getattr(self, key)
            if type(value) is not int or not low <= value <= high:
                raise InvalidInputError(
                    f"{key} is an integer {low}..{high}, got {short_repr(value)}"
                )
        if self.bots >= self.entries:
            raise InvalidInputError(
                f"bots is 0..{self.entries - 1}: a seat is kept for a person"
                f" ({self.entries} entries)"
            )
        self.structure()  # the tournament layer's checks

    @property
    def entries(self) -> int:
        """The most entries: ``seats`` for a sit-and-go."""
        return self.seats if self.kind == "sng" else self.max_entries

    def start_time(self) -> datetime.datetime | None:
        """A multi-table tournament's start, or ``None``.

        Raises:
            InvalidInputError: a start that is not ISO 8601 with a zone.
        """
        if self.kind == "sng":
            return None
        try:
            start = datetime.datetime.fromisoformat(str(self.start_at))
        except ValueError:
            start = None
        if start is None or start.tzinfo is None:
            raise InvalidInputError(
                "a multi-table tournament needs start_at, an ISO 8601 time with"
                f" a zone (2026-01-01T20:00:00+00:00), got {short_repr(self.start_at)}"
            )
        return start

    def structure(self) -> TournamentStructure:
        """The tournament layer's structure of this tournament.

        Raises:
            InvalidInputError: on what the tournament layer refuses.
        """
        minutes = SPEEDS[self.speed]
        schedule = tuple(
            dataclasses.replace(item, minutes=None if item.minutes is None else minutes)
            for item in DEFAULT_SNG_SCHEDULE
            if isinstance(item, Level)
        )
        return TournamentStructure(
            Kind(self.kind),
            schedule,
            starting_stack=STARTING_STACK,
            buy_in=self.buy_in,
            fee=self.fee,
            seats_per_table=self.seats,
            max_entries=self.entries,
            start_time=self.start_time(),
        )

    def to_json(self) -> dict[str, Any]:
        """The spec as a JSON object (stored with the tournament)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: object) -> TournamentSpec:
        """Read a spec from a JSON object (a request body or a stored row).

        Raises:
            InvalidInputError: for a non-object, an unknown field, or a value
                out of range.
        """
        if not isinstance(data, dict):
            raise InvalidInputError(
                f"a tournament is a JSON object, got {short_repr(data)}"
            )
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise InvalidInputError(
                f"unknown tournament fields {unknown}: the fields are {sorted(known)}"
            )
        if "name" not in data:
            raise InvalidInputError("a tournament needs a name")
        return cls(**data)
