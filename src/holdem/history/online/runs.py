"""The board run more than once after an all-in: each run's part of the pots.

PokerStars (and other rooms) let the players all-in "run it twice": the
betting is one hand; after it the board is dealt twice, each pot is split
between the runs and each part is awarded on its own board. RULES.md is
silent on it; we split each pot into equal parts, the odd chips one at a time
from the first run on (PokerStars prints the first run's part as the larger),
and share each part among that run's winners of the pot as the engine shares
a pot (R-POT-2, R-POT-3).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

from holdem.betting.pots import split_pot
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


def run_awards(runs: Sequence[HandState], names: Sequence[str]) -> list[Counter[str]]:
    """Chips per player that each run awards, first run first.

    Args:
        runs: the finished hand once per run, each after its own showdown;
            one state means the board was dealt once (the engine's awards).
        names: the player of each engine seat.

    Returns:
        Per run, chips won per player: run ``r`` of ``n`` gets
        ``amount // n`` of each pot, plus one of its odd chips if ``r`` is
        below ``amount % n``, shared among that run's winners of the pot.
    """
    count = len(runs)
    per_run: list[Counter[str]] = []
    for run, state in enumerate(runs):
        awarded: Counter[str] = Counter()
        for event in state.events:
            if type(event) is not AwardPot:
                continue
            if count == 1:
                for seat, chips in event.shares:
                    name = names[seat]
                    awarded[name] = awarded.get(name, 0) + chips
                continue
            share, odd = divmod(event.amount, count)
            part = share + (1 if run < odd else 0)
            winners = [seat for seat, chips in event.shares if chips]
            for seat, chips in split_pot(part, winners, state.config.odd_chips).items():
                awarded[names[seat]] += chips
        per_run.append(awarded)
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
