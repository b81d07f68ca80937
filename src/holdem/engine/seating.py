"""Seat arithmetic shared by the engine's modules."""

from __future__ import annotations

__all__ = ["MAX_SEATS", "OTHERS", "ROTATIONS", "seat_name", "seat_range"]

MAX_SEATS = 22
"""Most seats one deck can deal to the river: 2 x 22 + 5 + 3 burns = 52."""

ROTATIONS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((start + k) % n for k in range(n)) for start in range(n + 1))
    for n in range(MAX_SEATS + 1)
)
"""``ROTATIONS[n][start]``: the seats of an n-seat hand in turn from ``start``.

``start`` may also be ``n`` (the seat after the last), which is seat 0.
"""

OTHERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(rotation[1:] for rotation in rotations) for rotations in ROTATIONS
)
"""``OTHERS[n][seat]``: the other seats of an n-seat hand, in turn after ``seat``."""


def seat_name(seat: int, seats: int) -> str:
    """An engine seat in words for messages, numbered from 0 at the button's left.

    >>> seat_name(0, 6), seat_name(5, 6)
    ('engine seat 0 (first left of the button)', 'engine seat 5 (the button)')
    """
    if seat == seats - 1:
        return f"engine seat {seat} (the button)"
    place = seat + 1
    suffix = (
        "th"
        if 10 <= place % 100 <= 20
        else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    )
    if place == 1:
        return f"engine seat {seat} (first left of the button)"
    return f"engine seat {seat} ({place}{suffix} left of the button)"


def seat_range(seats: int) -> str:
    """The engine seats of a hand in words, for messages.

    >>> seat_range(6)
    'engine seats are 0..5 (0 first left of the button, 5 the button)'
    """
    last = seats - 1
    return f"engine seats are 0..{last} (0 first left of the button, {last} the button)"
