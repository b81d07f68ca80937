"""What a table's hands work out again and again, remembered: one answer each."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from holdem.engine import LegalActions
from holdem.rules.actions import PlayerAction
from holdem.rules.config import ForcedBets, GameConfig
from holdem.table.seating import BlindPlan

if TYPE_CHECKING:
    from holdem.table.bots import Bot

__all__ = ["MEMO_SIZE", "HandMemo"]

Setup = tuple[
    BlindPlan,
    GameConfig,
    BlindPlan,
    int,
    "int | None",
    tuple[int, ...],
    dict[int, int],
    ForcedBets,
]
"""A plan, its game, and what its hand is dealt with (``HandMemo.setups``)."""

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
        setups: by the ``id`` of a plan with nothing to ask before the deal
            (no straddles offered), the plan and game with what its hand
            is dealt with: the plan after the seats settle, the button, the
            small blind, the seats in hand-seat order, each one's hand seat
            and the forced bets (each entry holds its plan, so no other
            object can take that id meanwhile).
    """

    __slots__ = ("askers", "forced", "orders", "plans", "setups")

    def __init__(self) -> None:
        self.plans: dict[object, BlindPlan] = {}
        self.forced: dict[
            tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int], ForcedBets
        ] = {}
        self.setups: dict[int, Setup] = {}
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
