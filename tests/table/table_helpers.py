"""Shared helpers of the table tests: build a table and drive a hand by script.

The cases in ../shared/cases call players S1, S2, ... clockwise; here S1 sits
in table seat 1, S2 in seat 2, and so on (seat numbers as players see them).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from holdem.rules import Action, GameConfig, Show, Structure
from holdem.table import (
    Decision,
    DecisionKind,
    Table,
    TableAction,
    TableConfig,
    TableHand,
)

__all__ = [
    "check_down",
    "decisions_until",
    "fold_round",
    "nl_table",
    "play",
    "run_to_end",
]


def nl_table(
    seats: int,
    *,
    small_blind: int = 1,
    big_blind: int = 2,
    stack: int = 200,
    players: Iterable[int] | None = None,
    seed: int = 7,
    **options: object,
) -> Table:
    """A no-limit table with a player ``S<n>`` in each of ``players``."""
    config = TableConfig(
        GameConfig(Structure.NO_LIMIT, small_blind=small_blind, big_blind=big_blind),
        seat_count=seats,
        min_buy_in=options.pop("min_buy_in", 1),  # type: ignore[arg-type]
        max_buy_in=options.pop("max_buy_in", 10_000),  # type: ignore[arg-type]
        **options,  # type: ignore[arg-type]
    )
    table = Table(config, rng=random.Random(seed))
    for seat in players if players is not None else range(1, seats + 1):
        table.join(seat, f"S{seat}", stack)
    return table


def play(hand: TableHand, script: Iterable[TableAction]) -> None:
    """Apply each answer, checking it comes from the seat asked."""
    for action in script:
        decision = hand.decision
        assert decision is not None, f"hand over before {action}"
        assert decision.seat == action.seat, (decision, action)  # type: ignore[union-attr]
        hand.apply(action)


def decisions_until(hand: TableHand, kind: DecisionKind) -> list[Decision]:
    """Check or call every betting decision until one of ``kind`` (or the end)."""
    seen: list[Decision] = []
    while (decision := hand.decision) is not None and decision.kind is not kind:
        seen.append(decision)
        assert decision.legal is not None
        hand.apply(decision.legal.check_or_call())
    return seen


def run_to_end(hand: TableHand) -> list[Decision]:
    """Check or call every betting decision and show at showdown."""
    seen: list[Decision] = []
    while (decision := hand.decision) is not None:
        seen.append(decision)
        action: Action
        if decision.kind is DecisionKind.SHOWDOWN:
            action = Show(decision.seat)
        else:
            assert decision.legal is not None, decision
            action = decision.legal.check_or_call()
        hand.apply(action)
    return seen


def check_down(hand: TableHand) -> list[int]:
    """Run the hand to its end; return the seats asked to bet, in order."""
    return [d.seat for d in run_to_end(hand) if d.kind is DecisionKind.BET]


def fold_round(hand: TableHand) -> None:
    """Everyone folds to the big blind (or checks); newcomers wait, no straddle."""
    from holdem.table import DeclineStraddle, WaitForBigBlind

    while (decision := hand.decision) is not None:
        if decision.kind is DecisionKind.STRADDLE:
            hand.apply(DeclineStraddle(decision.seat))
        elif decision.kind in (
            DecisionKind.POST_OR_WAIT,
            DecisionKind.POST_ALL_OR_WAIT,
        ):
            hand.apply(WaitForBigBlind(decision.seat))
        elif decision.kind is DecisionKind.SHOWDOWN:
            hand.apply(Show(decision.seat))
        else:
            legal = decision.legal
            assert legal is not None
            hand.apply(legal.fold() if legal.can_fold else legal.check_or_call())
