"""Equity of 2 to 10 hands or ranges: exact enumeration or seeded Monte Carlo.

``equity(["AsAh", "KsKh"])`` deals every possible board (or ``samples``
random ones) and counts, for each hand, the boards it wins alone and the
boards it splits (R-POT-2: equal best hands split the pot). Every hand is
its best five of seven cards (R-HAND-1). Jokers are not dealt here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from holdem.cards import Card, parse_cards
from holdem.equity.limits import (
    ASSIGNMENT_LIMIT,
    AUTO_EXACT_LIMIT,
    EXACT_LIMIT,
    MAX_SAMPLES,
    PYTHON_EXACT_LIMIT,
    PYTHON_SAMPLE_LIMIT,
    EquityLimitError,
    Remedy,
)
from holdem.equity.ranges import Range, parse_range
from holdem.equity.result import EquityResult, HandEquity
from holdem.errors import InvalidInputError

__all__ = [
    "AUTO_EXACT_LIMIT",
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "MAX_PLAYERS",
    "MAX_SAMPLES",
    "EquityPlan",
    "Progress",
    "equity",
    "plan_equity",
]

MAX_PLAYERS = 10
"""Most hands at one table."""

DEFAULT_SAMPLES = 1_000_000
"""Monte Carlo deals when ``samples`` is not given."""

_SEARCH_LIMIT = 100_000
"""Combos the search for one possible deal may try before it gives up."""

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
        terms = value.replace(",", " ").split()
        if len(terms) > 1 and all(len(t) == 4 for t in terms):
            return parse_range(value)  # "AsKs, AhKh": a range of exact combos
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


def _deal_exists(ranges: Sequence[Range]) -> bool | None:
    """Whether some deal gives every range a combo with no card twice.

    A depth-first search, smallest range first; ``None`` when it gives up
    after ``_SEARCH_LIMIT`` steps without an answer.
    """
    order = sorted(
        (tuple((1 << a.code) | (1 << b.code) for a, b in r.combos) for r in ranges),
        key=len,
    )
    steps = 0

    def search(player: int, used: int) -> bool | None:
        nonlocal steps
        if player == len(order):
            return True
        for bits in order[player]:
            steps += 1
            if steps > _SEARCH_LIMIT:
                return None
            if used & bits:
                continue
            found = search(player + 1, used | bits)
            if found is None:
                return None
            if found:
                return True
        return False

    return search(0, 0)


def _check_samples(samples: object) -> int:
    if type(samples) is not int or not 1 <= samples <= MAX_SAMPLES:
        raise InvalidInputError(
            f"samples must be an int from 1 to {MAX_SAMPLES:,} (MAX_SAMPLES),"
            f" got {samples!r}"
        )
    return samples


@dataclass(frozen=True, slots=True)
class EquityPlan:
    """How ``equity()`` would count, decided before any board is dealt.

    Attributes:
        exact: True for an exact enumeration, False for Monte Carlo.
        boards: boards to deal: an upper bound for an enumeration over ranges
            (hole-card assignments that share a card are skipped), the
            number of deals for Monte Carlo.
        players: number of hands (2 to 10); each board is one evaluation
            per hand.
        ranges: how many of the hands are ranges of more than one combo
            (after removing the known cards); Monte Carlo draws their combos.
        compiled: True when the run uses the compiled (numba) kernels,
            False for a small run counted in pure Python (at most
            ``PYTHON_EXACT_LIMIT`` evaluations for an enumeration,
            ``PYTHON_SAMPLE_LIMIT`` for Monte Carlo; the same counts).
    """

    exact: bool
    boards: int
    players: int
    ranges: int
    compiled: bool


@dataclass(frozen=True, slots=True)
class _Setup:
    ranges: list[Range]
    narrowed: list[Range]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    avail: list[int]
    samples: int
    can_enumerate: bool
    plan: EquityPlan


def _setup(
    hands: Sequence[HandLike],
    board: CardsLike,
    dead: CardsLike,
    exact: bool | None,
    samples: int | None,
    seed: int,
) -> _Setup:
    """Check every argument and decide how to count (see ``equity``)."""
    if isinstance(hands, str):
        raise InvalidInputError("hands must be a list of hands, like ['AsAh', 'KsKh']")
    ranges = [_hand(h, i + 1) for i, h in enumerate(hands)]
    if not 2 <= len(ranges) <= MAX_PLAYERS:
        raise InvalidInputError(
            f"equity takes 2 to {MAX_PLAYERS} hands, got {len(ranges)}"
        )
    board_cards = _cards(board, "the board")
    dead_cards = _cards(dead, "the dead cards")
    if len(board_cards) not in (0, 3, 4, 5):
        raise InvalidInputError(
            "a board has 0, 3, 4 or 5 cards (the flop, turn and river, R-DEAL-3),"
            f" got {len(board_cards)}; other cards known to be out of play are"
            " dead cards"
        )
    _check_unique(ranges, board_cards, dead_cards)
    if samples is not None:
        _check_samples(samples)
        if exact:
            raise InvalidInputError(
                f"samples={samples!r} counts Monte Carlo deals, but exact=True"
                " deals every board: give one or the other"
            )
        exact = False
    n_samples = DEFAULT_SAMPLES if samples is None else samples
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
    if _deal_exists(narrowed) is False:
        named = ", ".join(f"hand {i + 1} ({r.text})" for i, r in enumerate(ranges))
        besides = ", with the board and dead cards out of the deck" if known else ""
        raise InvalidInputError(
            f"impossible to deal: {named} cannot each get two cards without"
            f" sharing one{besides}"
        )
    avail = [c for c in range(52) if Card.from_code(c) not in known]
    need = 5 - len(board_cards)
    per_board = math.comb(left - 2 * len(ranges), need)
    upper = math.prod(len(r) for r in narrowed)
    boards = upper * per_board
    can_enumerate = upper <= ASSIGNMENT_LIMIT and boards <= EXACT_LIMIT
    if exact is None:
        exact = boards <= AUTO_EXACT_LIMIT and upper <= ASSIGNMENT_LIMIT
    if exact and upper > ASSIGNMENT_LIMIT:
        raise EquityLimitError(
            f"exact enumeration would visit up to {upper:,} hole-card"
            f" assignments, more than the limit of {ASSIGNMENT_LIMIT:,}",
            remedy="sample",
        )
    if exact and boards > EXACT_LIMIT:
        raise EquityLimitError(
            f"exact enumeration would deal up to {boards:,} boards, more than"
            f" the limit of {EXACT_LIMIT:,}",
            remedy="sample",
        )
    players = len(ranges)
    plan = EquityPlan(
        exact=exact,
        boards=boards if exact else n_samples,
        players=players,
        ranges=sum(len(r) > 1 for r in narrowed),
        compiled=(
            boards * players > PYTHON_EXACT_LIMIT
            if exact
            else n_samples * players > PYTHON_SAMPLE_LIMIT
        ),
    )
    return _Setup(
        ranges, narrowed, board_cards, dead_cards, avail, n_samples, can_enumerate, plan
    )


def plan_equity(
    hands: Sequence[HandLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int = 0,
) -> EquityPlan:
    """How ``equity()`` with these arguments would count, without counting.

    Takes the arguments of ``equity`` and checks them the same way, so a
    caller can tell the size of a run (say, to warn that it will be long)
    before starting it.

    Returns:
        An ``EquityPlan``: exact or Monte Carlo, boards to deal, players, and
        whether the compiled kernels are needed.

    Raises:
        InvalidInputError: exactly as ``equity`` does.

    >>> plan_equity(["AsAh", "KsKh"], board="Js5s2c")
    EquityPlan(exact=True, boards=990, players=2, ranges=0, compiled=False)
    """
    return _setup(hands, board, dead, exact, samples, seed).plan


def equity(
    hands: Sequence[HandLike],
    board: CardsLike = (),
    dead: CardsLike = (),
    *,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
) -> EquityResult:
    """Win, tie and equity of each hand over the boards still to come.

    Args:
        hands: 2 to 10 hands: two cards (``"AsAh"`` or ``Card`` values), range
            text (``"QQ+, AKs:0.5"``, see ``parse_range``) or a ``Range``.
        board: known board cards: 0, 3, 4 or 5 (``"Js5s2c"`` or cards;
            R-DEAL-3: the flop, the turn, the river).
        dead: cards known to be out of play (folded, burned, seen).
        exact: True to deal every board (at most ``EXACT_LIMIT`` boards),
            False for Monte Carlo, None to choose: Monte Carlo when
            ``samples`` is given, else enumerate when that deals at most
            ``AUTO_EXACT_LIMIT`` boards.
        samples: Monte Carlo deals, 1 to ``MAX_SAMPLES``; ``None`` means
            ``DEFAULT_SAMPLES`` when sampling. Refused with ``exact=True``,
            which deals every board instead.
        seed: seed of the Monte Carlo deals; the same seed gives the same
            counts.
        progress: optional callback ``progress(done, total)`` between chunks.

    A small run (at most ``PYTHON_EXACT_LIMIT`` evaluations to enumerate,
    ``PYTHON_SAMPLE_LIMIT`` to sample; see ``plan_equity``) is counted in
    pure Python, with the same counts; anything larger loads numpy and the
    compiled kernels, and runs in chunks of well under a second, so that a
    KeyboardInterrupt (Ctrl-C) stops it between two chunks.

    Returns:
        An ``EquityResult`` with the raw counts of every hand.

    Raises:
        InvalidInputError: for a malformed card or range, a card used twice,
            a board of 1, 2 or more than 5 cards (R-DEAL-3),
            fewer than 2 or more than 10 hands, more cards than the deck has,
            a range with no combo left, hands that cannot all be dealt,
            ``samples`` out of range or given with ``exact=True``.
        EquityLimitError: (an ``InvalidInputError``) for an enumeration
            over the limits, or ranges that Monte Carlo can hardly deal
            together.

    >>> r = equity(["AsAh", "KsKh"], board="Js5s2c")
    >>> [h.wins for h in r.hands], r.boards
    ([907, 83], 990)
    """
    setup = _setup(hands, board, dead, exact, samples, seed)
    plan = setup.plan
    narrowed = setup.narrowed
    if plan.compiled:
        from holdem.equity import deal as way  # numpy and numba load here
    else:
        from holdem.equity import counts as way  # type: ignore[no-redef]
    if plan.exact:
        found = way.exact(narrowed, setup.board, setup.avail, progress)
    else:
        try:
            found = way.monte_carlo(
                narrowed, setup.board, setup.avail, setup.samples, seed, progress
            )
        except EquityLimitError as error:
            remedy: Remedy | None = "enumerate" if setup.can_enumerate else None
            raise EquityLimitError(error.reason, remedy=remedy) from None
    results = tuple(
        HandEquity(
            r.text,
            found.wins[p],
            sum(found.ties[p]),
            tuple(found.ties[p]),
            found.total,
        )
        for p, r in enumerate(setup.ranges)
    )
    return EquityResult(
        hands=results,
        board=setup.board,
        dead=setup.dead,
        exact=plan.exact,
        boards=found.boards,
        weight_scale=found.scale,
        seed=None if plan.exact else seed,
    )
