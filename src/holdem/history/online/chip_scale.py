"""How a reader read a tournament's chips: whole, or in hundredths.

Most readers read tournament chips whole, some in hundredths as their cash
games (Cake's ``2,820 in chips`` is 282000), and the same room's hands read
by another format's reader may differ (PokerTracker's export of an iPoker
tournament reads ``47,104.00`` whole). ``tournament_scale`` tells which by
comparing each seat's stack with the numbers its seat line prints, and
only when no seat line settles it falls back to what the room's reader is
known to do.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from holdem.history.online.model import OnlineHand

__all__ = ["HUNDREDTHS", "tournament_scale"]

HUNDREDTHS = 100
"""Chips per printed chip of a reader that reads them in hundredths."""
_TOURNAMENT_CENTS = frozenset({"Cake", "Everest", "iPoker", "Merge", "PartyPoker"})
"""Rooms whose readers read tournament chips in hundredths, as money."""
_TOURNAMENT_CENTS_HEADERS = ("Game started at", "** Game ID")
"""Headers of the other readers that do so (Winning's older text, PokerTracker)."""
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def tournament_scale(hand: OnlineHand, header: tuple[str, ...]) -> int:
    """Chips per tournament chip printed, as the hand's reader read them.

    1 when the seats' stacks are the numbers their seat lines print, in
    the hand's ``chip_unit`` (``Seat 1: Hero (1,500 in chips)`` read as
    1500; ``4941.25`` read as 494125, a ``chip_unit`` of 100),
    ``HUNDREDTHS`` when they are those numbers times 100 (``1,500`` read as
    150000), each within a tenth
    (some rooms print the stack after the ante); the seats vote and the
    larger count wins. When no seat line in ``header`` shows its stack (XML
    is not read: Everest prints hundredths there, ``balance="138000"``),
    the readers of ``_TOURNAMENT_CENTS`` and of the
    ``_TOURNAMENT_CENTS_HEADERS`` formats read hundredths, the others whole.

    Args:
        hand: a tournament hand as a reader read it.
        header: the hand's first lines as printed.
    """
    votes = {1: 0, HUNDREDTHS: 0}
    for seat in hand.seats:
        for printed in _printed_numbers(seat.player, header):
            for scale in votes:
                # within a tenth: a room may print the stack after the ante
                # the reader adds back (Merge's 6,679.00 read as 6704)
                read = printed * scale * hand.chip_unit
                if printed and abs(seat.stack - read) <= seat.stack / 10:
                    votes[scale] += 1
    if votes[1] != votes[HUNDREDTHS]:
        return max(votes, key=lambda scale: votes[scale])
    first = header[0].lstrip("\ufeff") if header else ""
    if hand.site in _TOURNAMENT_CENTS or first.startswith(_TOURNAMENT_CENTS_HEADERS):
        return HUNDREDTHS
    return 1


def _printed_numbers(player: str, header: tuple[str, ...]) -> set[Decimal]:
    """The numbers printed after ``player`` on the text lines naming him."""
    found: set[Decimal] = set()
    for line in header:
        if line.lstrip().startswith("<"):
            continue  # XML: Everest's balance="138000" is printed in hundredths
        at = line.find(player)
        if at < 0:
            continue
        for number in _NUMBER.findall(line[at + len(player) :]):
            try:
                found.add(Decimal(number.replace(",", "")))
            except InvalidOperation:  # pragma: no cover - the pattern is numeric
                continue
    return found
