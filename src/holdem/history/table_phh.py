"""PHH histories of table hands: the hand, plus where and when it was dealt.

``history_from_record`` writes every hand a ``Table`` deals (dead blinds,
straddles, antes, misdeals, rake) as a ``HandHistory`` with the PHH
standard's optional fields for the table:

- ``hand``: the table's hand number; ``table``: its name or number, if given.
- ``seats``: each player's table seat (counted from 1, as the table numbers
  them), ``p1`` first; ``seat_count``: the seats at the table.
- ``level``: the tournament level, for tournament hands.
- ``time``, ``day``, ``month``, ``year`` and ``time_zone`` when a start time
  is given (see ``time_fields``).
- ``winnings``: chips each player collected from the pots, after the rake
  (the PHH standard: "the winnings should denote the post-rake values").

and these user-defined fields, as the standard allows:

- ``_button``: the button's table seat. PHH has no button field: by the
  standard the last player has the button, so ``seats[-1]`` is the button
  whenever it is live; with a dead button (R-TABLE-4) it is an empty seat or
  a player not dealt in, which only ``_button`` can say. It is always written.
- ``_dead_blinds``: dead blind chips per player (R-TABLE-6), read back by
  ``HandHistory.forced_bets`` (see ``history_from_state``).
- ``_rake`` and ``_rake_paid``: the house's rake and each player's share of
  it, written when a rake was taken. ``finishing_stacks`` are the stacks
  the players kept, after the rake (R-POT-4: they plus ``_rake`` are the
  stacks before); ``replay_history`` takes ``_rake_paid`` off the engine's
  deal to compare.
"""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

from holdem.engine.events import AwardPot
from holdem.engine.state import HandState
from holdem.errors import InvalidInputError
from holdem.history.model import FieldValue, HandHistory
from holdem.history.record import history_from_state
from holdem.table.record import HandRecord

__all__ = ["history_from_record", "time_fields", "winnings"]


def history_from_record(
    record: HandRecord,
    *,
    table: str | int | None = None,
    time: datetime.datetime | None = None,
) -> HandHistory:
    """The PHH history of a hand dealt at a table, with the table's fields.

    Args:
        record: a finished table hand (``Table.last_record``, or the record
            ``TableHand.play`` returns).
        table: the table's name or number, or ``None`` to leave it out.
        time: when the hand started, or ``None`` to leave the time out (see
            ``time_fields``).

    Returns:
        A history that replays as ``reproduced``; its fields are described in
        the module docstring (``seats``, ``seat_count``, ``_button``, ...).

    Raises:
        InvalidInputError: for what PHH cannot record (jokers, R-DECK-2; a
            fixed-limit cap other than a bet and three raises, R-FL-2), or a
            ``table`` that is neither a string nor an int.
    """
    if table is not None and type(table) not in (str, int):
        raise InvalidInputError(
            f"table must be a name (str) or a number (int), got {table!r}"
        )
    history = history_from_state(
        record.state, players=record.players, hand=record.number
    )
    fields: list[tuple[str, FieldValue]] = []
    if table is not None:
        fields.append(("table", table))
    fields += [("seats", record.seats), ("seat_count", record.seat_count)]
    if record.level is not None:
        fields.append(("level", record.level))
    if time is not None:
        fields += time_fields(time)
    fields.append(("winnings", winnings(record.state, record.rake_paid)))
    fields.append(("_button", record.button))
    fields += history.metadata  # _dead_blinds
    if record.rake:
        fields += [("_rake", record.rake), ("_rake_paid", record.rake_paid)]
    return HandHistory(
        variant=history.variant,
        antes=history.antes,
        blinds_or_straddles=history.blinds_or_straddles,
        starting_stacks=history.starting_stacks,
        actions=history.actions,
        min_bet=history.min_bet,
        small_bet=history.small_bet,
        big_bet=history.big_bet,
        finishing_stacks=record.finishing_stacks,
        players=history.players,
        hand=history.hand,
        metadata=tuple(fields),
    )


def time_fields(time: datetime.datetime) -> tuple[tuple[str, FieldValue], ...]:
    """PHH's time fields for a hand that started at ``time``.

    ``time`` is the local time of day (whole seconds), ``day``, ``month`` and
    ``year`` the local date. A time with a ``ZoneInfo`` zone also gets
    ``time_zone`` (its IANA name); any other aware time is written in UTC
    with ``time_zone = "UTC"``; a naive time gets no zone, which the
    standard reads as UTC.

    >>> [n for n, _ in time_fields(datetime.datetime(2024, 5, 1, 20, 15, 3))]
    ['time', 'day', 'month', 'year']
    """
    zone: str | None = None
    if time.tzinfo is not None:
        if isinstance(time.tzinfo, ZoneInfo):
            zone = time.tzinfo.key
        else:
            time = time.astimezone(datetime.UTC)
            zone = "UTC"
    fields: list[tuple[str, FieldValue]] = [
        ("time", time.time().replace(microsecond=0)),
        ("day", time.day),
        ("month", time.month),
        ("year", time.year),
    ]
    if zone is not None:
        fields.append(("time_zone", zone))
    return tuple(fields)


def winnings(state: HandState, rake_paid: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Chips each seat collected from the pots (``AwardPot``; R-POT-2), after the rake.

    Args:
        state: a finished hand.
        rake_paid: chips of rake each seat paid from what it collected;
            empty for no rake.

    A returned uncalled bet (R-BET-7) is not won. The rake is taken off, as
    the PHH standard's ``winnings`` are "the post-rake values".
    """
    won = [0] * state.seats
    for event in state.events:
        if isinstance(event, AwardPot):
            for seat, chips in event.shares:
                won[seat] += chips
    for seat, chips in enumerate(rake_paid):
        won[seat] -= chips
    return tuple(won)
