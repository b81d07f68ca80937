"""Table seats for a Bovada hand whose players are named by their position.

Bovada names players by position (``Small Blind``, ``UTG+1``, ``Dealer``)
and some files print scrambled seat numbers or player ids in their place:
``table_seats`` gives the seats and the button as the table had them.
"""

from __future__ import annotations

from holdem.history.online.model import OnlineSeat

__all__ = ["position", "table_seats"]


def table_seats(
    seats: list[OnlineSeat], rank: dict[str, int], in_hand: set[str]
) -> tuple[list[OnlineSeat], int]:
    """Table seat numbers and the button's seat for players named by position.

    The printed seat numbers when they seat the players in the hand clockwise
    in the order their position names give (``rank``: small blind, big blind,
    UTG..., the dealer last) and fit a table (1 to 10); else the order of the
    seat lines (Ignition prints player ids as seat numbers, the lines in table
    order); else 1, 2... in the names' order. The button is the dealer's
    seat; with no dealer, the seat before the first player in the hand.
    The seats are returned as given when their printed numbers stand.
    """
    order = sorted((p for p in rank if p in in_hand), key=rank.__getitem__)
    printed = [seat.seat for seat in seats]
    by_line = list(range(1, len(seats) + 1))
    for numbers in (printed, by_line):
        if max(numbers) > _MAX_TABLE or len(set(numbers)) != len(numbers):
            continue
        seat_of = {s.player: n for s, n in zip(seats, numbers, strict=True)}
        button = _button(seat_of, order)
        dealt = sorted(order, key=lambda p: (seat_of[p] - button - 1) % 1000)
        if dealt == order:
            break
    else:
        by_name = sorted(by_line, key=lambda i: rank[seats[i - 1].player])
        numbers = [by_name.index(i) + 1 for i in by_line]
        seat_of = {s.player: n for s, n in zip(seats, numbers, strict=True)}
        button = seat_of.get("Dealer", 0)
    if numbers is printed:
        return seats, button
    renumbered = [
        OnlineSeat(number, seat.player, seat.stack, seat.is_sitting_out)
        for seat, number in zip(seats, numbers, strict=True)
    ]
    return renumbered, button


def _button(seat_of: dict[str, int], order: list[str]) -> int:
    """The dealer's seat, else the seat before the first player dealt in."""
    if "Dealer" in seat_of:
        return seat_of["Dealer"]
    return seat_of[order[0]] - 1 if order else 0


_MAX_TABLE = 10
"""The most seats a Bovada table has (a larger seat number is a player id)."""


def position(name: str) -> int | None:
    """Order of a position name clockwise from the small blind, or ``None``."""
    if name == "Small Blind":
        return 0
    if name == "Big Blind":
        return 1
    if name == "UTG":
        return 2
    if name.startswith("UTG+") and name[4:].isdigit():
        return 2 + int(name[4:])
    if name == "Dealer":
        return 50
    return None
