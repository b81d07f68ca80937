"""Prize structures by number of entries, as data, and paying them out (R-TOURN-5).

``PAYOUTS`` is the published structure: for each bracket of entries (up to
and including ``max_entries``), bands of places and the share of the prize
pool each place in a band is paid, in basis points (hundredths of a percent;
each bracket adds up to 10,000). The shapes are the usual ones: a sit-and-go
of up to 3 pays the winner, 4 to 6 entries pay 65/35, 7 to 10 pay 50/30/20,
and larger fields pay about 15% of the entries, each place at least about
1.3 buy-ins, the shares falling as a power of the place (``1 / place**a``,
``a`` from 0.7 to 1.3 by bracket), averaged over each band, rounded to the
nearest basis point, the rounding's difference on first place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from holdem.errors import InvalidInputError

__all__ = [
    "BASIS_POINTS",
    "MAX_ENTRIES",
    "PAYOUTS",
    "PayoutBracket",
    "place_prizes",
    "places_paid",
    "prize_shares",
    "split_prize",
]

BASIS_POINTS = 10_000
"""The whole prize pool, in basis points."""


@dataclass(frozen=True, slots=True)
class PayoutBracket:
    """The prizes of one bracket of entries.

    Attributes:
        max_entries: the largest number of entries the bracket covers; it
            starts after the bracket before it.
        bands: ``(last place, basis points per place)``, best places first;
            a band runs from the place after the band before it.
    """

    max_entries: int
    bands: tuple[tuple[int, int], ...]


_PAYOUT_DATA: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] = (
    (3, ((1, 10000),)),
    (6, ((1, 6500), (2, 3500))),
    (10, ((1, 5000), (2, 3000), (3, 2000))),
    (20, ((1, 4800), (2, 2400), (3, 1600), (4, 1200))),
    (30, ((1, 5170), (2, 2100), (3, 1239), (4, 853), (5, 638))),
    (45, ((1, 4443), (2, 1934), (3, 1189), (4, 842), (5, 644), (6, 518), (7, 430))),
    (
        60,
        (
            (1, 4158),
            (2, 1810),
            (3, 1113),
            (4, 788),
            (5, 603),
            (6, 484),
            (7, 403),
            (8, 343),
            (9, 298),
        ),
    ),
    (
        100,
        (
            (1, 3014),
            (2, 1507),
            (3, 1005),
            (4, 753),
            (5, 603),
            (6, 502),
            (7, 431),
            (8, 377),
            (9, 335),
            (12, 275),
            (15, 216),
        ),
    ),
    (
        150,
        (
            (1, 2706),
            (2, 1355),
            (3, 903),
            (4, 677),
            (5, 542),
            (6, 452),
            (7, 387),
            (8, 339),
            (9, 301),
            (12, 248),
            (15, 194),
            (18, 160),
            (22, 133),
        ),
    ),
    (
        200,
        (
            (1, 2505),
            (2, 1252),
            (3, 834),
            (4, 626),
            (5, 501),
            (6, 417),
            (7, 358),
            (8, 313),
            (9, 278),
            (12, 229),
            (15, 179),
            (18, 148),
            (27, 110),
            (30, 86),
        ),
    ),
    (
        300,
        (
            (1, 1920),
            (2, 1027),
            (3, 713),
            (4, 550),
            (5, 450),
            (6, 382),
            (7, 333),
            (8, 295),
            (9, 265),
            (12, 222),
            (15, 179),
            (18, 150),
            (27, 115),
            (36, 85),
            (45, 68),
        ),
    ),
    (
        500,
        (
            (1, 1363),
            (2, 772),
            (3, 558),
            (4, 444),
            (5, 371),
            (6, 321),
            (7, 284),
            (8, 255),
            (9, 232),
            (12, 198),
            (15, 163),
            (18, 140),
            (27, 110),
            (36, 84),
            (45, 69),
            (63, 55),
            (75, 45),
        ),
    ),
    (
        700,
        (
            (1, 1220),
            (2, 696),
            (3, 503),
            (4, 400),
            (5, 334),
            (6, 289),
            (7, 255),
            (8, 229),
            (9, 209),
            (12, 179),
            (15, 147),
            (18, 126),
            (27, 99),
            (36, 76),
            (45, 62),
            (63, 50),
            (81, 39),
            (99, 33),
            (105, 30),
        ),
    ),
    (
        1000,
        (
            (1, 1070),
            (2, 625),
            (3, 452),
            (4, 359),
            (5, 300),
            (6, 259),
            (7, 229),
            (8, 206),
            (9, 188),
            (12, 160),
            (15, 132),
            (18, 113),
            (27, 89),
            (36, 68),
            (45, 56),
            (63, 45),
            (81, 35),
            (99, 30),
            (144, 24),
            (150, 20),
        ),
    ),
    (
        1500,
        (
            (1, 949),
            (2, 555),
            (3, 402),
            (4, 319),
            (5, 267),
            (6, 231),
            (7, 204),
            (8, 183),
            (9, 167),
            (12, 143),
            (15, 117),
            (18, 100),
            (27, 79),
            (36, 61),
            (45, 50),
            (63, 40),
            (81, 32),
            (99, 26),
            (144, 21),
            (189, 16),
            (225, 14),
        ),
    ),
    (
        2000,
        (
            (1, 933),
            (2, 512),
            (3, 370),
            (4, 294),
            (5, 246),
            (6, 213),
            (7, 188),
            (8, 169),
            (9, 154),
            (12, 131),
            (15, 108),
            (18, 93),
            (27, 73),
            (36, 56),
            (45, 46),
            (63, 37),
            (81, 29),
            (99, 24),
            (144, 19),
            (189, 15),
            (234, 12),
            (300, 10),
        ),
    ),
    (
        3000,
        (
            (1, 545),
            (2, 341),
            (3, 257),
            (4, 210),
            (5, 179),
            (6, 158),
            (7, 142),
            (8, 129),
            (9, 119),
            (12, 104),
            (15, 87),
            (18, 76),
            (27, 62),
            (36, 49),
            (45, 41),
            (63, 34),
            (81, 28),
            (99, 24),
            (144, 19),
            (189, 15),
            (234, 13),
            (324, 11),
            (414, 9),
            (450, 8),
        ),
    ),
    (
        5000,
        (
            (1, 600),
            (2, 286),
            (3, 215),
            (4, 176),
            (5, 151),
            (6, 133),
            (7, 119),
            (8, 108),
            (9, 100),
            (12, 87),
            (15, 73),
            (18, 64),
            (27, 52),
            (36, 41),
            (45, 35),
            (63, 28),
            (81, 23),
            (99, 20),
            (144, 16),
            (189, 13),
            (234, 11),
            (324, 9),
            (414, 7),
            (504, 6),
            (684, 5),
            (750, 5),
        ),
    ),
)

PAYOUTS: tuple[PayoutBracket, ...] = tuple(
    PayoutBracket(max_entries, bands) for max_entries, bands in _PAYOUT_DATA
)
"""The published prize structure, brackets by ``max_entries`` ascending."""

MAX_ENTRIES = PAYOUTS[-1].max_entries
"""The most entries the structure covers."""


def prize_shares(entries: int) -> tuple[int, ...]:
    """Basis points of the prize pool paid to each place, first place first.

    Args:
        entries: entries in the tournament (re-entries count), 2..MAX_ENTRIES.

    Returns:
        One share per place paid; they add up to ``BASIS_POINTS``.

    Raises:
        InvalidInputError: for fewer than 2 or more than ``MAX_ENTRIES``.

    Rule: R-TOURN-5.

    >>> prize_shares(6)
    (6500, 3500)
    >>> prize_shares(9)
    (5000, 3000, 2000)
    """
    if type(entries) is not int or not 2 <= entries <= MAX_ENTRIES:
        raise InvalidInputError(
            f"a prize structure covers 2..{MAX_ENTRIES} entries, got {entries!r}"
            " [R-TOURN-5]",
            rule="R-TOURN-5",
        )
    bracket = next(b for b in PAYOUTS if entries <= b.max_entries)
    shares: list[int] = []
    for last, share in bracket.bands:
        shares.extend([share] * (last - len(shares)))
    return tuple(shares)


def places_paid(entries: int) -> int:
    """How many places ``entries`` entries pay (R-TOURN-5).

    >>> places_paid(1000)
    150
    """
    return len(prize_shares(entries))


def place_prizes(pool: int, entries: int) -> tuple[int, ...]:
    """The prize of each place paid, in the pool's units, first place first.

    Args:
        pool: the prize pool: the buy-ins of all entries (fees are the
            house's), a whole number of chips or cents.
        entries: entries in the tournament.

    Returns:
        Each place's share of the pool rounded down; what the divisions
        leave over goes to first place, so the prizes add up to ``pool``.

    Raises:
        InvalidInputError: for a negative pool or entries out of range.

    Rule: R-TOURN-5.

    >>> place_prizes(1001, 9)
    (501, 300, 200)
    """
    if type(pool) is not int or pool < 0:
        raise InvalidInputError(f"a prize pool is a whole amount >= 0, got {pool!r}")
    prizes = [pool * share // BASIS_POINTS for share in prize_shares(entries)]
    prizes[0] += pool - sum(prizes)
    return tuple(prizes)


def split_prize(chips: int, winners: Sequence[str]) -> dict[str, int]:
    """Share ``chips`` equally among tied ``winners``.

    Args:
        chips: the prizes of the places the tie covers, added up.
        winners: the tied entries in seat order from the button's left.

    Returns:
        Each winner's prize; the remainder of the division goes to the
        first of them.

    Raises:
        InvalidInputError: for no winners.

    Rule: R-TOURN-5.

    >>> split_prize(101, ["A", "B"])
    {'A': 51, 'B': 50}
    """
    if not winners:
        raise InvalidInputError("a prize is shared among one or more winners")
    each, left = divmod(chips, len(winners))
    return {w: each + (left if i == 0 else 0) for i, w in enumerate(winners)}
