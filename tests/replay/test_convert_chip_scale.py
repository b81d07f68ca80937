"""Tournament chips are written as the room printed them (read in place).

Some readers read tournament chips whole, some in hundredths, and one
room's hands exported by PokerTracker are read whole while the room's own
text is read in hundredths: ``tournament_scale`` settles it from the seat
lines, so the PokerStars-style text prints each stack as the room did.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.money import Money
from holdem.history.online.to_phh import online_file_histories
from holdem.history.stars_seats import StarsHand
from holdem.history.stars_writer import stars_text

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"online hand histories not found at {DATA}"
)

SEATS = [
    # PokerTracker's export of an iPoker tournament: "€47,104.00 in chips"
    (
        "PokerTracker/tour/NLHE-MTT-EUR-22.25-22.25-202104.KO.iPoker.txt",
        "Seat 2: Player1 (47104 in chips)",
    ),
    # of a Microgaming one: "Hero sitting in seat 1 with 1500.00"
    (
        "PokerTracker/tour/NLHE-2max-USD-0-STT-201307.Microgaming.txt",
        "Seat 1: Hero (1500 in chips)",
    ),
    # of a Merge one: "Seat 1: Player9 ($6,679.00 in chips)" after a 25 ante
    (
        "PokerTracker/tour/NLHE-USD-SNG-2-201111.Merge.txt",
        "Seat 1: Player9 (6704 in chips)",
    ),
    # Cake's own text, read in hundredths: "Seat 1: Player9 (2,820 in chips)"
    (
        "Cake/tour/NLHE-10max-15-USD-201204.new.format.txt",
        "Seat 1: Player9 (2820 in chips)",
    ),
]


@pytest.mark.parametrize(("path", "seat_line"), SEATS)
def test_tournament_stacks_are_written_in_the_chips_printed(
    path: str, seat_line: str
) -> None:
    conversion = next(c for c in online_file_histories(DATA / path) if c.history)
    assert conversion.history is not None
    unit = dict(conversion.history.metadata).get("_chip_unit", 1)
    assert isinstance(unit, int)
    hand = StarsHand.from_history(conversion.history)
    text = stars_text(hand, None, money=Money(None, unit), tournament=1)
    assert seat_line in text.splitlines()
