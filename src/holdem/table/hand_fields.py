"""What the table hand's helpers read and call on a hand: ``HandFields``.

``TableHand`` (hand.py) runs a hand and takes its set-up before the deal
(setup.py), its record (record.py) and the bots' play of a dealt hand
(autoplay.py) from modules of their own. Those modules take the hand as a
``HandFields``: the fields and methods of ``TableHand`` they use, declared
here, below all four, so that the table's modules import one way (setup,
record and autoplay below hand). ``TableHand`` has them all: a type checker
checks it wherever it passes itself.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol

from holdem.engine import HandState
from holdem.engine.view import SeatViews
from holdem.rules.config import ForcedBets, GameConfig
from holdem.table.config import TableConfig
from holdem.table.decisions import Decision, TableAction
from holdem.table.memo import HandMemo
from holdem.table.seating import BlindPlan, Entry

__all__ = ["HandFields", "HandStage"]


class HandStage(StrEnum):
    """Where a table hand is: players' choices before the deal, play, or done."""

    PRE_DEAL = "pre-deal"
    PLAYING = "playing"
    COMPLETE = "complete"


class HandFields(Protocol):
    """A table hand as its helpers see it (see ``TableHand`` for each field).

    Seats are the table's unless named hand seats; chips are ints.
    """

    number: int
    stage: HandStage
    button: int
    big_blind: int
    small_blind: int | None
    seats: tuple[int, ...]
    state: HandState | None
    _config: TableConfig
    _game: GameConfig
    _plan: BlindPlan
    _first_plan: BlindPlan
    _players: dict[int, tuple[str, int]]
    _eligible: dict[int, Entry]
    _level: int | None
    _posted: dict[int, tuple[int, int]]
    _straddles: list[int]
    _hand_seat: dict[int, int]
    _memo: HandMemo

    def _deal_with(self, forced: ForcedBets) -> None:
        """Deal the hand with these forced bets (hand seats)."""

    def _current_decision(self, state: HandState) -> Decision | None:
        """The decision the dealt hand asks now, or ``None``."""

    def _apply(self, decision: Decision | None, action: TableAction) -> None:
        """Apply a player's answer to ``decision`` (raises as ``apply``)."""

    def _continue(self) -> None:
        """Go on after an answer: the dealer, cards speaking, the end."""

    def _seat_views(self, state: HandState) -> SeatViews:
        """The hand seats' views of the dealt hand (kept between answers)."""
