"""Placing the players eliminated in one hand, and their prizes (R-TOURN-4, R-TOURN-5).

Players out in the same hand at the same table are placed by their stacks
at the start of that hand, the larger higher; equal stacks tie (the rule of
the one-table ``holdem.table.finishing_places``, reused here). In a
hand-for-hand hand, players out at different tables tie: the tables' busts
are ranked within each table, and the first-ranked of every table tie for
the best places the hand covers, the second-ranked for the next, and so on
(both rules hold wherever they speak; this one order satisfies them).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from holdem.table import finishing_places
from holdem.tournament.payouts import place_prizes, split_prize

__all__ = ["Bust", "Placing", "place_busts", "placing_prizes"]


@dataclass(frozen=True, slots=True)
class Bust:
    """An entry eliminated in a hand.

    Attributes:
        entry: the entry's name.
        table: the table it was at.
        starting_stack: its chips at the start of that hand.
        order: its hand seat there (0 = first left of the button), which
            orders a tie's odd chips (R-TOURN-5).
    """

    entry: str
    table: int
    starting_stack: int
    order: int


@dataclass(frozen=True, slots=True)
class Placing:
    """A finishing place, or places shared by a tie (R-TOURN-4).

    Attributes:
        entries: the entries placed, more than one for a tie; a tie is listed
            by table, then seat order from the button's left (the first takes
            the odd chips of a shared prize; R-TOURN-5).
        first_place: the best place covered (1 = the winner).
        last_place: the worst place covered; ``first_place + len(entries) - 1``.
    """

    entries: tuple[str, ...]
    first_place: int
    last_place: int


def place_busts(busts: Sequence[Bust], remaining: int) -> tuple[Placing, ...]:
    """Place the entries out in one hand (or one hand-for-hand hand).

    Args:
        busts: the entries out, at one table, or at several tables in the
            same hand-for-hand hand.
        remaining: entries still in after the hand.

    Returns:
        Placings best first, covering places ``remaining + 1`` to
        ``remaining + len(busts)``.

    Rule: R-TOURN-4.

    >>> out = [Bust("A", 1, 500, 0), Bust("B", 1, 300, 1), Bust("C", 2, 200, 4)]
    >>> [(p.entries, p.first_place, p.last_place) for p in place_busts(out, 5)]
    [(('A', 'C'), 6, 7), (('B',), 8, 8)]
    """
    by_table: dict[int, list[Bust]] = {}
    for bust in busts:
        by_table.setdefault(bust.table, []).append(bust)
    tiers: dict[int, list[Bust]] = {}
    for _, table_busts in sorted(by_table.items()):
        ranks = finishing_places([(b.entry, b.starting_stack) for b in table_busts], 0)
        dense = {rank: i for i, rank in enumerate(sorted(set(ranks.values())))}
        for bust in sorted(table_busts, key=lambda b: b.order):
            tiers.setdefault(dense[ranks[bust.entry]], []).append(bust)
    placings = []
    place = remaining + 1
    for _, tier in sorted(tiers.items()):
        placings.append(
            Placing(tuple(b.entry for b in tier), place, place + len(tier) - 1)
        )
        place += len(tier)
    return tuple(placings)


def placing_prizes(
    placings: Sequence[Placing], pool: int, entries: int
) -> Mapping[str, int]:
    """Each placed entry's prize: a tie shares the places it covers (R-TOURN-5).

    Args:
        placings: the placings so far (any order).
        pool: the prize pool (the buy-ins of all entries).
        entries: the number of entries, which picks the prize structure.

    Returns:
        Prize per entry placed in the money (entries out of it are left
        out). Once every place is placed, the prizes add up to ``pool``.

    >>> placing_prizes([Placing(("A", "B"), 2, 3), Placing(("W",), 1, 1)], 1010, 9)
    {'A': 253, 'B': 252, 'W': 505}
    """
    prizes = place_prizes(pool, entries)
    paid: dict[str, int] = {}
    for placing in placings:
        chips = sum(prizes[placing.first_place - 1 : placing.last_place])
        if chips:
            paid.update(split_prize(chips, placing.entries))
    return paid
