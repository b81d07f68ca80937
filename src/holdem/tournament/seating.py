"""Where players go: the seat draw, balancing and breaking (R-TOURN-1..3).

Pure functions over a table's occupied seats and the positions of its last
hand (``holdem.table.seating.Positions``); the next big blind is worked out
by the table's own rule (``plan_blinds``, R-TABLE-4), never a copy of it.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import StrEnum

from holdem.table.seating import Entry, Positions, distance, plan_blinds

__all__ = [
    "Move",
    "MoveReason",
    "Seating",
    "balance_target_seat",
    "deal_out",
    "next_big_blind",
]


class MoveReason(StrEnum):
    """Why a player changed tables."""

    BALANCE = "balance"  # R-TOURN-2
    BREAK = "break"  # R-TOURN-3


@dataclass(frozen=True, slots=True)
class Seating:
    """An entry given a seat: at the start, or as a late entry (R-TOURN-1).

    Attributes:
        entry: the entry's name.
        table: the table number (1-based).
        seat: the seat there, 1..seats_per_table.
        stack: the chips it sits down with.
    """

    entry: str
    table: int
    seat: int
    stack: int


@dataclass(frozen=True, slots=True)
class Move:
    """A player moved from one table to another between hands at both.

    Attributes:
        entry: the entry moved.
        from_table: the table left.
        from_seat: the seat left there.
        to_table: the table joined.
        to_seat: the seat taken there.
        stack: the chips carried.
        reason: balancing (R-TOURN-2) or a table broken (R-TOURN-3).
        sequence: the tournament's count of hands reported when the move
            was made (orders the record).
    """

    entry: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    stack: int
    reason: MoveReason
    sequence: int


def next_big_blind(
    seat_count: int, seats: Collection[int], positions: Positions | None
) -> int | None:
    """The seat that would post the big blind in the next hand (R-TABLE-4).

    Args:
        seat_count: seats at the table.
        seats: the seats with a player (every one can play: a tournament).
        positions: the last hand's positions, or ``None`` before any hand.

    Returns:
        The seat, or ``None`` before the table's first hand or with fewer
        than two players.

    >>> next_big_blind(9, {1, 3, 5, 8}, Positions(1, 3, 5))
    8
    """
    if positions is None or len(seats) < 2:
        return None
    eligible = dict.fromkeys(sorted(seats), Entry.IN)
    plan = plan_blinds(seat_count, frozenset(seats), eligible, positions)
    return plan.positions.big_blind


def balance_target_seat(
    seat_count: int,
    seats: Collection[int],
    positions: Positions | None,
    rng: random.Random,
) -> int:
    """The open seat a balancing move fills at the shorter table (R-TOURN-2).

    Args:
        seat_count: seats at the table.
        seats: the occupied seats (at least one seat is open).
        positions: the table's last hand's positions, or ``None``.
        rng: draws an open seat at a table that has not dealt yet.

    Returns:
        The worst position: the first open seat clockwise after the last big
        blind, the one that posts the big blind soonest; never the last big
        blind's own seat (the small blind's position next hand).

    >>> balance_target_seat(9, {1, 3, 5, 8}, Positions(1, 3, 5), random.Random(0))
    6
    """
    open_seats = [s for s in range(1, seat_count + 1) if s not in seats]
    if positions is None:
        return rng.choice(open_seats)
    last = positions.big_blind
    later = [s for s in open_seats if s != last] or open_seats
    return min(later, key=lambda s: distance(last, s, seat_count))


def deal_out(entries: Sequence[str], tables: int) -> list[list[str]]:
    """Deal ``entries`` (already shuffled) to ``tables`` tables in turn.

    The table counts then differ by at most one (R-TOURN-1).

    >>> deal_out(["a", "b", "c", "d", "e"], 2)
    [['a', 'c', 'e'], ['b', 'd']]
    """
    return [list(entries[t::tables]) for t in range(tables)]
