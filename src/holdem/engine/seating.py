"""Seat arithmetic shared by the engine's modules."""

from __future__ import annotations

__all__ = ["MAX_SEATS", "OTHERS", "ROTATIONS"]

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
