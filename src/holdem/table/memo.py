"""What a table's hands work out again and again, remembered: one answer each."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from holdem.engine import LegalActions
from holdem.rules.actions import PlayerAction
from holdem.rules.config import ForcedBets
from holdem.table.seating import BlindPlan

if TYPE_CHECKING:
    from holdem.table.bots import Bot

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
        askers: by the seats in hand-seat order, the bots last playing
            them (by hand seat) and how each is asked: whether it reads the
            hand, and its ``bet_from`` if it bets from the legal actions
            alone (``reads_view``).
    """

    __slots__ = ("askers", "forced", "orders", "plans")

    def __init__(self) -> None:
        self.plans: dict[object, BlindPlan] = {}
        self.forced: dict[
            tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int], ForcedBets
        ] = {}
        self.orders: dict[
            tuple[frozenset[int], int], tuple[tuple[int, ...], dict[int, int]]
        ] = {}
        self.askers: dict[
            tuple[int, ...],
            tuple[
                list[Bot | None],
                list[bool],
                list[Callable[[LegalActions], PlayerAction] | None],
            ],
        ] = {}
