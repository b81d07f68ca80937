"""What a table's hands work out again and again, remembered: one answer each."""

from __future__ import annotations

from holdem.rules.config import ForcedBets
from holdem.table.seating import BlindPlan

__all__ = ["MEMO_SIZE", "HandMemo"]

MEMO_SIZE = 256
"""Answers of one kind a table remembers; it forgets them all at this many."""


class HandMemo:
    """What a table's hands work out again and again: one answer each.

    Attributes:
        plans: ``plan_blinds``' answer by occupied seats, eligible players
            with their entries, and the last positions (R-TABLE-4).
        forced: ``ForcedBets`` by its blinds, antes, dead blinds and big
            blind's hand seat.
        orders: by dealt seats and button, the seats in hand-seat order
            (``hand_order``) and each one's hand seat.
    """

    __slots__ = ("forced", "orders", "plans")

    def __init__(self) -> None:
        self.plans: dict[object, BlindPlan] = {}
        self.forced: dict[
            tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int], ForcedBets
        ] = {}
        self.orders: dict[
            tuple[frozenset[int], int], tuple[tuple[int, ...], dict[int, int]]
        ] = {}
