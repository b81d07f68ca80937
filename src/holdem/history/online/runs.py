"""The board run more than once after an all-in: each run's part of the pots.

PokerStars (and other rooms) let the players all-in "run it twice": the
betting is one hand; after it the board is dealt twice, each pot is split
between the runs and each part is awarded on its own board. The engine deals
and awards the runs (R-RIT-1: equal shares, the odd chips of the split to the
first run, each share by R-POT-1..3); these functions read its awards per run
and the cards the printed runs share.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from holdem.cards import Card
from holdem.engine.events import AwardPot
from holdem.engine.state import HandState

__all__ = ["final_stacks", "run_awards", "shared_cards"]


def shared_cards(runs: Sequence[Sequence[Card]]) -> int:
    """How many board cards (0 to 5) every run has in common, flop first."""
    shared = 0
    first = runs[0]
    while shared < len(first) and all(
        len(board) > shared and board[shared] == first[shared] for board in runs
    ):
        shared += 1
    return shared


def run_awards(state: HandState, names: Sequence[str]) -> list[Counter[str]]:
    """Chips per player that each run of the board awards, first run first.

    Args:
        state: the finished hand; each ``AwardPot`` names its run (R-RIT-1).
        names: the player of each engine seat.

    Returns:
        Per run (``state.runs`` of them), chips won per player.
    """
    per_run: list[Counter[str]] = [Counter() for _ in range(state.runs)]
    for event in state.events:
        if type(event) is AwardPot:
            awarded = per_run[event.run - 1]
            for seat, chips in event.shares:
                awarded[names[seat]] += chips
    return per_run


def final_stacks(
    first: HandState, awarded: Mapping[str, int], names: Sequence[str]
) -> tuple[int, ...]:
    """Each seat's stack at the end: ``first``'s, with ``awarded`` paid instead."""
    stacks = list(first.stacks)
    for event in first.events:
        if type(event) is AwardPot:
            for seat, chips in event.shares:
                stacks[seat] -= chips
    for seat, name in enumerate(names):
        stacks[seat] += awarded.get(name, 0)  # not awarded[name]: no __missing__
    return tuple(stacks)
