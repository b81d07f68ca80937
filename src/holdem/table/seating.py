"""Who is dealt in, where the button sits and who posts the blinds.

The table keeps the positions of the last hand (button, small blind, big
blind) and works out the next hand from them with the dead-button rule
(R-TABLE-4): the big blind moves forward one seat every hand to the next
player who can take it, the small blind goes where the big blind was and the
button where the small blind was, so a seat may hold a dead button or there
may be no small blind. Heads-up the button posts the small blind (R-TABLE-2).

Seats here are table seats, ``1..seat_count``, clockwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from holdem.errors import TableError
from holdem.table.decisions import DecisionKind

__all__ = [
    "BlindPlan",
    "Entry",
    "Positions",
    "between",
    "fresh_plan",
    "hand_order",
    "plan_blinds",
]


class Entry(StrEnum):
    """How a player who can take the big blind stands before a hand.

    ``IN``: playing in the rotation. ``NEW``: has not yet posted or taken the
    big blind (R-TABLE-5). ``MISSED``: marked as having missed the big blind,
    "ML" (R-TABLE-6). ``MISSED_SMALL``: marked as having missed the small
    blind only (away when it reached their seat; R-TABLE-6).
    """

    IN = "in"
    NEW = "new"
    MISSED = "missed"
    MISSED_SMALL = "missed-small"


@dataclass(frozen=True, slots=True)
class Positions:
    """Where the button and the blinds were in a hand (table seats).

    Attributes:
        button: the button's seat (possibly a dead button).
        small_blind: the small blind's position (possibly dead: nobody
            posted there).
        big_blind: the big blind's seat.
    """

    button: int
    small_blind: int
    big_blind: int


@dataclass(frozen=True, slots=True)
class BlindPlan:
    """The next hand before the players' own decisions.

    Attributes:
        positions: button, small-blind position and big blind of the hand.
        small_blind: the seat that posts the small blind, or ``None`` for a
            dead small blind (R-TABLE-4).
        heads_up: two players can play; the button posts the small blind.
        dealt: seats dealt in whatever the others decide.
        ask: seats asked to post or wait, with what they are asked, in turn.
        skipped: occupied seats the big blind passed over (marked "ML").
        missed_small: the occupied seat the small blind reached while its
            player was away (a dead small blind; marked as having missed
            it, R-TABLE-6), if any. Never heads-up: the button posts the
            small blind (R-TABLE-2).
    """

    positions: Positions
    small_blind: int | None
    heads_up: bool
    dealt: tuple[int, ...]
    ask: tuple[tuple[int, DecisionKind], ...]
    skipped: tuple[int, ...]
    missed_small: tuple[int, ...] = ()


def distance(start: int, seat: int, seat_count: int) -> int:
    """Seats moved clockwise from ``start`` to ``seat`` (0..seat_count-1)."""
    return (seat - start) % seat_count


def between(start: int, end: int, seat_count: int) -> tuple[int, ...]:
    """Seats strictly after ``start`` and before ``end``, clockwise."""
    steps = distance(start, end, seat_count) or seat_count
    return tuple((start + k - 1) % seat_count + 1 for k in range(1, steps))


def _next(start: int, seats: Mapping[int, object], seat_count: int) -> int:
    """The first of ``seats`` strictly after ``start``, clockwise (or ``start``)."""
    for seat in (*between(start, start, seat_count), start):
        if seat in seats:
            return seat
    raise TableError("no seat to move to")  # not reached: callers pass seats


def _previous(start: int, seats: Mapping[int, object], seat_count: int) -> int:
    """The first of ``seats`` strictly before ``start``, counterclockwise."""
    for seat in reversed(between(start, start, seat_count)):
        if seat in seats:
            return seat
    return start


def hand_order(
    dealt: tuple[int, ...] | set[int], button: int, seat_count: int
) -> tuple[int, ...]:
    """Dealt seats in hand-seat order: from the button's left, the button last."""
    return tuple(sorted(dealt, key=lambda s: (s - button - 1) % seat_count))


def fresh_plan(
    seat_count: int,
    eligible: Mapping[int, Entry],
    *,
    button: int | None = None,
    big_blind: int | None = None,
) -> BlindPlan:
    """Deal everyone in, the blinds on the players after the button.

    Used for the table's first hand (with ``button``) and when the waiting
    rules would leave fewer than two players dealt in (with the
    ``big_blind`` the rotation reached): nobody then owes a blind.

    Raises:
        TableError: if fewer than two players can play, or the button is
            not on one of them.
    """
    if len(eligible) < 2:
        raise TableError(
            f"a hand needs two players who can play; {len(eligible)} can"
            " (seated, not sitting out, with chips) [R-TABLE-7]",
            rule="R-TABLE-7",
        )
    if big_blind is not None:
        small_blind = _previous(big_blind, eligible, seat_count)
        button_seat = (
            small_blind
            if len(eligible) == 2
            else _previous(small_blind, eligible, seat_count)
        )
    else:
        if button is None or button not in eligible:
            raise TableError(
                f"the first button must be on a player who can play: seat"
                f" {button!r} is not; players: {sorted(eligible)}"
            )
        button_seat = button
        if len(eligible) == 2:
            small_blind = button
            big_blind = _next(button, eligible, seat_count)
        else:
            small_blind = _next(button, eligible, seat_count)
            big_blind = _next(small_blind, eligible, seat_count)
    return BlindPlan(
        Positions(button_seat, small_blind, big_blind),
        small_blind,
        len(eligible) == 2,
        tuple(eligible),
        (),
        (),
    )


def plan_blinds(
    seat_count: int,
    occupied: frozenset[int],
    eligible: Mapping[int, Entry],
    previous: Positions,
) -> BlindPlan:
    """Plan the next hand from the last one's positions (R-TABLE-1, -2, -4..6).

    Args:
        seat_count: seats at the table.
        occupied: seats with a player, able to play or not.
        eligible: seats whose player can take the big blind (seated, not
            sitting out, with chips), with how each stands.
        previous: the positions of the last hand dealt.

    Returns:
        The plan: the big blind on the next eligible seat after the last big
        blind; heads-up the other player has the button and the small blind;
        else the small blind where the big blind was (dead if that player is
        not in; a player away then has missed it) and the button where the
        small blind was. A new or returning player between the button and
        the big blind waits; one after the big blind, the very next one too,
        is asked to post or wait (R-TABLE-5, R-TABLE-6).

    Raises:
        TableError: if fewer than two players can play (R-TABLE-7).
    """
    if len(eligible) < 2:
        return fresh_plan(seat_count, eligible)  # raises
    big_blind = _next(previous.big_blind, eligible, seat_count)
    skipped = tuple(
        s
        for s in between(previous.big_blind, big_blind, seat_count)
        if s in occupied and s not in eligible
    )
    if len(eligible) == 2:
        (other,) = (s for s in eligible if s != big_blind)
        return BlindPlan(
            Positions(other, other, big_blind),
            other,
            True,
            (big_blind, other),
            (),
            skipped,
        )
    small_position = previous.big_blind
    button = previous.small_blind
    d_small = distance(button, small_position, seat_count)
    if not 0 < d_small < distance(button, big_blind, seat_count):
        # the last small blind's seat is not behind the new blinds (players
        # left or came back around them): the button goes just right of the
        # small blind, possibly a dead button
        button = (small_position - 2) % seat_count + 1
    small_blind = small_position if eligible.get(small_position) is Entry.IN else None
    # R-TABLE-6: a player away when the small blind reaches their seat has
    # missed it (a new player there has no blind to miss: it waits)
    missed_small = (
        (small_position,)
        if small_position in occupied and small_position not in eligible
        else ()
    )
    dealt = [big_blind] + ([small_blind] if small_blind is not None else [])
    ask: list[tuple[int, DecisionKind]] = []
    for seat in (*between(big_blind, button, seat_count), button):
        entry = eligible.get(seat)
        if entry is Entry.IN:
            dealt.append(seat)
        elif entry is not None:
            kind = (
                DecisionKind.POST_OR_WAIT
                if entry is Entry.NEW
                else DecisionKind.POST_ALL_OR_WAIT
            )
            ask.append((seat, kind))
    return BlindPlan(
        Positions(button, small_position, big_blind),
        small_blind,
        False,
        tuple(dealt),
        tuple(ask),
        skipped,
        missed_small,
    )
