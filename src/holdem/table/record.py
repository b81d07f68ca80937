"""The record of one finished hand at a table, in the table's seat numbers."""

from __future__ import annotations

from dataclasses import dataclass

from holdem.engine import AwardPot, Event, HandState
from holdem.engine.seating import MAX_SEATS
from holdem.table.config import TableConfig, split_rake
from holdem.table.hand_fields import HandFields

__all__ = [
    "NO_RAKE",
    "RECORD_SETTERS",
    "HandRecord",
    "hand_record",
    "new_record",
    "take_rake",
]


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand dealt at a table, from the forced bets to the award.

    The engine's part (``state``) numbers seats as hands do: hand seat 0 is
    the first seat after the button, the last hand seat is the button's (or,
    with a dead button, the nearest seat right of it). ``seats`` maps them
    back to the table.

    Attributes:
        number: the table's count of hands, 1 for the first.
        seat_count: seats at the table.
        button: the button's table seat; a dead button may be an empty seat
            or a player not dealt in (R-TABLE-4).
        small_blind: the table seat that posted the small blind, or ``None``
            when it was dead (R-TABLE-4).
        big_blind: the table seat that posted the big blind.
        seats: table seat of each hand seat.
        players: player of each hand seat.
        posted: table seats that posted to be dealt in (a new player's big
            blind, or "post all"; R-TABLE-5, R-TABLE-6).
        straddles: table seats that straddled, in order (R-STRADDLE-1).
        state: the finished hand (hand seats); its ``events`` show any
            misdeal (R-MISDEAL-1, -3).
        rake: chips the house took (0 without a flop).
        rake_paid: chips of rake each hand seat paid, from what it won.
        level: the tournament level (1 for the first), or ``None``.
    """

    number: int
    seat_count: int
    button: int
    small_blind: int | None
    big_blind: int
    seats: tuple[int, ...]
    players: tuple[str, ...]
    posted: tuple[int, ...]
    straddles: tuple[int, ...]
    state: HandState
    rake: int
    rake_paid: tuple[int, ...]
    level: int | None = None

    @property
    def events(self) -> tuple[Event, ...]:
        """The hand's event log (hand seats)."""
        return tuple(self.state.events)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """Chips each hand seat had before the forced bets."""
        return self.state.starting_stacks

    @property
    def finishing_stacks(self) -> tuple[int, ...]:
        """Chips each hand seat has after the award and the rake."""
        return tuple(
            s - r for s, r in zip(self.state.stacks, self.rake_paid, strict=True)
        )

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Net chips each hand seat won (+) or lost (-), after the rake."""
        return tuple(
            f - s
            for f, s in zip(self.finishing_stacks, self.starting_stacks, strict=True)
        )

    @property
    def misdeals(self) -> int:
        """Deals voided and dealt again (R-MISDEAL-1, -3)."""
        return self.state.misdeals

    def hand_seat(self, seat: int) -> int | None:
        """The hand seat of table seat ``seat``, or ``None`` if not dealt in."""
        return self.seats.index(seat) if seat in self.seats else None

    def phh_fields(self) -> tuple[tuple[str, int | tuple[int, ...]], ...]:
        """PHH fields for the table: ``seats``, ``seat_count``, ``_button``.

        ``seats`` and ``seat_count`` are PHH's optional fields (seat numbers
        counted from 1, as here); PHH has no field for the button, so it is
        the user-defined ``_button`` (its table seat), and ``level`` is
        written for tournaments.
        """
        fields: list[tuple[str, int | tuple[int, ...]]] = [
            ("seats", self.seats),
            ("seat_count", self.seat_count),
            ("_button", self.button),
        ]
        if self.level is not None:
            fields.append(("level", self.level))
        return tuple(fields)


RECORD_SETTERS = tuple(
    getattr(HandRecord, name).__set__
    for name in (
        "number",
        "seat_count",
        "button",
        "small_blind",
        "big_blind",
        "seats",
        "players",
        "posted",
        "straddles",
        "state",
        "rake",
        "rake_paid",
        "level",
    )
)
"""Setters of ``HandRecord``'s slots, in field order: a table builds one
record per hand without the dataclass's ``__init__`` (``object.__new__``,
then each setter; equal to the constructor's)."""


def new_record(
    number: int,
    seat_count: int,
    button: int,
    small_blind: int | None,
    big_blind: int,
    seats: tuple[int, ...],
    players: tuple[str, ...],
    posted: tuple[int, ...],
    straddles: tuple[int, ...],
    state: HandState,
    rake: int,
    rake_paid: tuple[int, ...],
    level: int | None,
) -> HandRecord:
    """``HandRecord(...)`` with every field in order, built directly.

    The table makes one per hand (a simulation's path): through the slots'
    setters, without the frozen dataclass's ``__init__``; the same value.
    """
    (
        r_number,
        r_seat_count,
        r_button,
        r_small_blind,
        r_big_blind,
        r_seats,
        r_players,
        r_posted,
        r_straddles,
        r_state,
        r_rake,
        r_rake_paid,
        r_level,
    ) = RECORD_SETTERS
    record = _new_object(HandRecord)
    r_number(record, number)
    r_seat_count(record, seat_count)
    r_button(record, button)
    r_small_blind(record, small_blind)
    r_big_blind(record, big_blind)
    r_seats(record, seats)
    r_players(record, players)
    r_posted(record, posted)
    r_straddles(record, straddles)
    r_state(record, state)
    r_rake(record, rake)
    r_rake_paid(record, rake_paid)
    r_level(record, level)
    return record


def hand_record(hand: HandFields, state: HandState) -> HandRecord:
    """The record of ``hand``, its engine hand ``state`` complete, rake taken.

    The rake comes from the pots awarded (R-POT-4: none without a rake).
    """
    config = hand._config
    seats = hand.seats
    rake, paid = take_rake(config, state)
    players = hand._players
    posted, straddles = hand._posted, hand._straddles
    return new_record(
        hand.number,
        config.seat_count,
        hand.button,
        hand.small_blind,
        hand.big_blind,
        seats,
        tuple([players[s][0] for s in seats]),
        tuple(posted) if posted else (),
        tuple(straddles) if straddles else (),
        state,
        rake,
        paid,
        hand._level,
    )


def take_rake(config: TableConfig, state: HandState) -> tuple[int, tuple[int, ...]]:
    """The rake of ``state``'s awarded pots, and the chips each hand seat paid.

    The rake comes from the pots awarded (R-POT-4: none without a rake).
    """
    if config.rake_percent:
        # the awards end the log (R-POT-2): read them from the end
        events = state.events
        start = len(events)
        while start and type(events[start - 1]) is AwardPot:
            start -= 1
        awards: list[AwardPot] = events[start:]  # type: ignore[assignment]
        total = sum(e.amount for e in awards)
        # capped by the players dealt in where the table has rake tiers
        rake = config.rake(total, flop_dealt=len(state.board) >= 3, players=state.seats)
        shares = [share for e in awards for share in e.shares]
        return rake, split_rake(shares, rake, state.seats)
    return 0, NO_RAKE[len(state.stacks)]  # R-POT-4: no rake, none paid


NO_RAKE = tuple((0,) * n for n in range(MAX_SEATS + 1))
"""Rake paid per hand seat when the table takes none, by number of seats."""
_new_object = object.__new__
