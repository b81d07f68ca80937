"""Main pot, side pots, the uncalled bet and the odd-chip split.

Seats are numbered clockwise from the button's left (seat 0), so "the first
seat to the left of the button" is the lowest seat number (R-POT-3).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from holdem.rules.config import OddChipRule

__all__ = ["Pot", "side_pots", "split_pot", "stack_pots", "uncalled_bet"]


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: the main pot or a side pot.

    Attributes:
        amount: chips in the pot.
        eligible: seats that can win it (they matched its level and have not
            folded), in increasing seat order (R-POT-1).
    """

    amount: int
    eligible: tuple[int, ...]


def side_pots(
    contributed: Sequence[int],
    folded: Sequence[bool],
    reach: Sequence[int] | None = None,
) -> tuple[Pot, ...]:
    """Split the chips put in this hand into a main pot and side pots.

    A new pot starts at each level where a player still in the hand is all-in
    for less than others; folded players' chips count but they cannot win.
    Pots with the same eligible seats are merged and no pot is empty.

    Args:
        contributed: chips each seat put in this hand (blinds and bets after
            any uncalled bet was returned; or one layer such as the antes),
            indexed by seat.
        folded: whether each seat has folded (or mucked), indexed by seat.
        reach: per seat, the level up to which it may win; by default its own
            contribution. A big-blind ante is posted for the whole table, so
            the other seats reach it without putting anything in (R-ANTE-1).

    Returns:
        Pots from the main pot to the last side pot (R-POT-1).

    >>> for pot in side_pots([50, 100, 100, 30], [False, False, True, False]):
    ...     print(pot)
    Pot(amount=120, eligible=(0, 1, 3))
    Pot(amount=60, eligible=(0, 1))
    Pot(amount=100, eligible=(1,))
    >>> side_pots([0, 2, 0], [False] * 3, reach=[2, 2, 2])
    (Pot(amount=2, eligible=(0, 1, 2)),)
    """
    if reach is None:
        reach = contributed
    live: list[int] = []
    level: int | None = None
    single = True
    for s, out in enumerate(folded):
        if not out:
            live.append(s)
            if level is None:
                level = reach[s]
            elif reach[s] != level:
                single = False
    if single and live:  # no all-in for less: one pot, the common case
        amount = sum(contributed)
        return (Pot(amount, tuple(live)),) if amount else ()
    levels = sorted({reach[s] for s in live})
    pots: list[Pot] = []
    previous = 0
    last = levels[-1]
    for level in levels:
        top = level if level != last else max(level, max(contributed))
        amount = 0
        for c in contributed:
            if c > previous:
                amount += (c if c < top else top) - previous
        if amount:
            eligible = tuple([s for s in live if reach[s] >= level])
            if pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
        previous = top
    return tuple(pots)


def stack_pots(*layers: Iterable[Pot]) -> tuple[Pot, ...]:
    """Stack layers of pots, bottom layer first, into main pot and side pots.

    Adjacent pots that the same seats can win are one pot; empty pots vanish.

    >>> stack_pots([Pot(6, (0, 1))], [Pot(20, (0, 1)), Pot(5, (1,))])
    (Pot(amount=26, eligible=(0, 1)), Pot(amount=5, eligible=(1,)))
    """
    out: list[Pot] = []
    for layer in layers:
        for pot in layer:
            if not pot.amount:
                continue
            if out and out[-1].eligible == pot.eligible:
                out[-1] = Pot(out[-1].amount + pot.amount, pot.eligible)
            else:
                out.append(pot)
    return tuple(out)


def split_pot(
    amount: int,
    winners: Sequence[int],
    odd_chips: OddChipRule = OddChipRule.NEAREST_LEFT,
) -> dict[int, int]:
    """Share ``amount`` chips equally among ``winners``; settle the odd chips.

    Args:
        amount: chips in the pot (one pot: the main pot and each side pot are
            split on their own, each with its own odd chips).
        winners: the seats with the best hand; seat numbers run clockwise from
            the button's left, so the lowest seat is nearest the button's left.
        odd_chips: ``NEAREST_LEFT`` (default) gives every odd chip to the
            winner nearest the button's left; ``ONE_AT_A_TIME`` gives one odd
            chip at a time clockwise from the button's left (a house option).

    Returns:
        Chips won per winning seat, lowest seat first; the values sum to
        ``amount`` (R-POT-2, R-POT-3, R-POT-4).

    >>> split_pot(11, [4, 1, 3])
    {1: 5, 3: 3, 4: 3}
    >>> split_pot(11, [4, 1, 3], OddChipRule.ONE_AT_A_TIME)
    {1: 4, 3: 4, 4: 3}
    """
    order = sorted(winners)
    share, odd = divmod(amount, len(order))
    if odd_chips is OddChipRule.ONE_AT_A_TIME:
        return {seat: share + (1 if i < odd else 0) for i, seat in enumerate(order)}
    shares = dict.fromkeys(order, share)
    shares[order[0]] += odd
    return shares


def uncalled_bet(committed: Sequence[int]) -> tuple[int, int]:
    """The part of the largest bet of a street that nobody matched.

    Args:
        committed: chips each seat put in on this street, indexed by seat.

    Returns:
        ``(seat, chips)`` to give back to that seat before the pot is awarded;
        ``chips`` is 0 when the largest bet was matched (R-BET-7).

    >>> uncalled_bet([10, 30, 100])
    (2, 70)
    """
    top = second = 0
    top_seat = 0
    for seat, chips in enumerate(committed):
        if chips > top:
            top, second, top_seat = chips, top, seat
        elif chips > second:
            second = chips
    return top_seat, top - second
