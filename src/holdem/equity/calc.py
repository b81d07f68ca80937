"""Equity of 2 to 10 hands or ranges: exact enumeration or seeded Monte Carlo.

``equity(["AsAh", "KsKh"])`` deals every possible board (or ``samples``
random ones) and counts, for each hand, the boards it wins alone and the
boards it splits (R-POT-2: equal best hands split the pot). Every hand is
its best five of seven cards (R-HAND-1). Jokers are not dealt here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

from holdem.cards import Card, parse_cards
from holdem.equity.ranges import Range, parse_range
from holdem.equity.result import EquityResult, HandEquity
from holdem.errors import InvalidInputError

__all__ = [
    "AUTO_EXACT_LIMIT",
    "EXACT_LIMIT",
    "MAX_PLAYERS",
    "Progress",
    "equity",
]

MAX_PLAYERS = 10
"""Most hands at one table."""

AUTO_EXACT_LIMIT = 25_000_000
"""With ``exact=None``, enumerate when it deals at most this many boards."""

EXACT_LIMIT = 50_000_000_000
"""``exact=True`` refuses to deal more boards than this (hours of work)."""

_ASSIGNMENT_LIMIT = 2_000_000

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` in boards (or deals) between chunks."""

HandLike = str | Range | Iterable[Card]
CardsLike = str | Iterable[Card]


def _cards(value: CardsLike, what: str) -> tuple[Card, ...]:
    cards = parse_cards(value) if isinstance(value, str) else tuple(value)
    for c in cards:
        if not isinstance(c, Card):
            raise InvalidInputError(f"{what} must be cards, got {c!r}")
        if c.is_joker:
            raise InvalidInputError(
                f"{what}: jokers are not dealt in equity calculations"
            )
    return cards


def _hand(value: HandLike, seat: int) -> Range:
    if isinstance(value, Range):
        return value
    if isinstance(value, str):
        try:
            cards = parse_cards(value)
        except InvalidInputError:
            return parse_range(value)
        if len(cards) == 2:
            return Range.of_hand(cards, value.strip())
        if any(c.is_joker for c in cards):
            raise InvalidInputError("jokers are not dealt in equity calculations")
        raise InvalidInputError(
            f"hand {seat} {value!r}: a hold'em hand has 2 hole cards, got {len(cards)}"
        )
    return Range.of_hand(value)


def _check_unique(
    ranges: list[Range], board: tuple[Card, ...], dead: tuple[Card, ...]
) -> None:
    where: dict[Card, str] = {}
    places: list[tuple[str, tuple[Card, ...]]] = [
        (f"hand {i + 1} ({r.text})", r.combos[0])
        for i, r in enumerate(ranges)
        if len(r) == 1
    ]
    places += [("the board", board), ("the dead cards", dead)]
    for place, cards in places:
        for c in cards:
            if c in where:
                first = where[c]
                if first == place:
                    raise InvalidInputError(f"card {c} appears twice in {place}")
                raise InvalidInputError(
                    f"card {c} appears twice: in {first} and in {place}"
                )
            where[c] = place


def equity(
    hands: Sequence[HandLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    exact: bool | None = None,
    samples: int = 1_000_000,
    seed: int = 0,
    progress: Progress | None = None,
) -> EquityResult:
    """Win, tie and equity of each hand over the boards still to come.

    Args:
        hands: 2 to 10 hands: two cards (``"AsAh"`` or ``Card`` values), range
            text (``"QQ+, AKs:0.5"``, see ``parse_range``) or a ``Range``.
        board: known board cards, 0 to 5 (``"Js5s2c"`` or cards).
        dead: cards known to be out of play (folded, burned, seen).
        exact: True to deal every board, False for Monte Carlo, None to
            enumerate when that deals at most ``AUTO_EXACT_LIMIT`` boards.
        samples: deals for Monte Carlo (at least 1).
        seed: seed of the Monte Carlo deals; the same seed gives the same
            counts.
        progress: optional callback ``progress(done, total)`` between chunks.

    Returns:
        An ``EquityResult`` with the raw counts of every hand.

    Raises:
        InvalidInputError: for a malformed card or range, a card used twice,
            fewer than 2 or more than 10 hands, more cards than the deck has,
            a range with no combo left, or an enumeration too large.

    >>> r = equity(["AsAh", "KsKh"], board="Js5s2c")
    >>> [h.wins for h in r.hands], r.boards
    ([907, 83], 990)
    """
    if isinstance(hands, str):
        raise InvalidInputError("hands must be a list of hands, like ['AsAh', 'KsKh']")
    ranges = [_hand(h, i + 1) for i, h in enumerate(hands)]
    if not 2 <= len(ranges) <= MAX_PLAYERS:
        raise InvalidInputError(
            f"equity takes 2 to {MAX_PLAYERS} hands, got {len(ranges)}"
        )
    board_cards = _cards(board, "the board")
    dead_cards = _cards(dead, "the dead cards")
    if len(board_cards) > 5:
        raise InvalidInputError(f"a board has at most 5 cards, got {len(board_cards)}")
    _check_unique(ranges, board_cards, dead_cards)
    if type(samples) is not int or samples < 1:
        raise InvalidInputError(f"samples must be a positive int, got {samples!r}")
    if type(seed) is not int:
        raise InvalidInputError(f"seed must be an int, got {seed!r}")
    known = set(board_cards) | set(dead_cards)
    left = 52 - len(known)
    needed = 2 * len(ranges) + 5 - len(board_cards)
    if needed > left:
        raise InvalidInputError(
            f"{len(ranges)} hands need {needed} more cards but the deck has"
            f" {left} left after the board and dead cards"
        )
    fixed = {c for r in ranges if len(r) == 1 for c in r.combos[0]}
    narrowed = []
    for i, r in enumerate(ranges):
        blocked = known if len(r) == 1 else known | fixed
        kept = r.without(blocked)
        if not kept.combos:
            raise InvalidInputError(
                f"hand {i + 1} ({r.text}) has no combination left that avoids the"
                " board, dead cards and the other hands"
            )
        narrowed.append(kept)
    avail = [c for c in range(52) if Card.from_code(c) not in known]
    need = 5 - len(board_cards)
    per_board = math.comb(left - 2 * len(ranges), need)
    upper = math.prod(len(r) for r in narrowed)
    if exact is None:
        exact = upper * per_board <= AUTO_EXACT_LIMIT and upper <= _ASSIGNMENT_LIMIT
    if exact and (upper > _ASSIGNMENT_LIMIT or upper * per_board > EXACT_LIMIT):
        raise InvalidInputError(
            f"exact enumeration would deal up to {upper * per_board:,} boards over"
            f" {upper:,} hole-card assignments; use Monte Carlo (samples=...)"
        )
    from holdem.equity import deal  # numpy and numba load on first use

    if exact:
        counts = deal.exact(narrowed, board_cards, avail, progress)
    else:
        counts = deal.monte_carlo(narrowed, board_cards, avail, samples, seed, progress)
    results = tuple(
        HandEquity(
            r.text,
            counts.wins[p],
            sum(counts.ties[p]),
            tuple(counts.ties[p]),
            counts.total,
        )
        for p, r in enumerate(ranges)
    )
    return EquityResult(
        hands=results,
        board=board_cards,
        dead=dead_cards,
        exact=exact,
        boards=counts.boards,
        weight_scale=counts.scale,
        seed=None if exact else seed,
    )
