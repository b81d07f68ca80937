"""What a table deals under: the game, its seats, buy-ins, straddles and rake.

``TableConfig`` is frozen and checked when made. Seat numbers are the ones
the players see, ``1..seat_count``, fixed for the session.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from holdem.errors import InvalidInputError
from holdem.rules.config import GameConfig, check_chips

__all__ = [
    "BlindLevel",
    "LevelClock",
    "StraddlePolicy",
    "TableConfig",
    "check_level_lengths",
    "schedule_index",
    "split_rake",
]

MIN_SEATS = 2
MAX_SEATS = 10


class StraddlePolicy(StrEnum):
    """The house straddle policy (R-STRADDLE-1).

    ``NONE``: no straddle. ``SINGLE``: the player left of the big blind may
    straddle (twice the big blind). ``MULTIPLE``: after a straddle, each next
    player up to the button may re-straddle, each double the one before.
    """

    NONE = "none"
    SINGLE = "single"
    MULTIPLE = "multiple"


class LevelClock(StrEnum):
    """What moves a tournament to its next level (R-TABLE-3)."""

    HANDS = "hands"
    TIME = "time"


@dataclass(frozen=True, slots=True)
class BlindLevel:
    """One tournament level: its blinds, ante and length (R-TABLE-3).

    The one level type of every tournament: a one-table ``Tournament`` here
    and the tournament layer's structure (``holdem.tournament.Level`` is
    this class).

    Attributes:
        small_blind: chips, at most the big blind (R-BLIND-2).
        big_blind: chips, positive.
        ante: chips each player dealt in posts, or, with ``big_blind_ante``,
            the ante the big blind posts for the table (R-ANTE-1).
        big_blind_ante: the big blind posts the ante for everyone (R-ANTE-1).
        minutes: the level's length when levels go by time (``LevelClock.TIME``);
            ``None`` for the last level (it lasts to the end).
        hands: the level's length when levels go by hands (``LevelClock.HANDS``);
            ``None`` for the last level.

    Raises:
        InvalidInputError: for chips that are not whole and non-negative, a
            small blind above the big blind, a flag that is not a bool, or a
            length that is not a positive whole number.

    >>> level = BlindLevel(50, 100, 100, big_blind_ante=True, minutes=15)
    >>> level.length(LevelClock.TIME), level.length(LevelClock.HANDS)
    (15, None)
    """

    small_blind: int
    big_blind: int
    ante: int = 0
    big_blind_ante: bool = False
    minutes: int | None = None
    hands: int | None = None

    def __post_init__(self) -> None:
        check_chips("small_blind", self.small_blind)
        check_chips("big_blind", self.big_blind, positive=True)
        check_chips("ante", self.ante)
        if self.small_blind > self.big_blind:
            raise InvalidInputError(
                f"small blind {self.small_blind} is above the big blind"
                f" {self.big_blind} [R-BLIND-2]",
                rule="R-BLIND-2",
            )
        if type(self.big_blind_ante) is not bool:
            raise InvalidInputError(
                f"big_blind_ante must be True or False, got {self.big_blind_ante!r}"
            )
        for name in ("minutes", "hands"):
            value = getattr(self, name)
            if value is not None and (type(value) is not int or value <= 0):
                raise InvalidInputError(
                    f"a level's {name} must be a positive whole number or None,"
                    f" got {value!r}"
                )

    def length(self, level_by: LevelClock) -> int | None:
        """The level's length in the unit levels go by: hands or minutes."""
        return self.hands if level_by is LevelClock.HANDS else self.minutes

    def game(self, base: GameConfig) -> GameConfig:
        """``base`` with this level's blinds and ante (bet sizes follow the blind).

        >>> BlindLevel(50, 100, 100, big_blind_ante=True).game(GameConfig()).ante
        100
        """
        return dataclasses.replace(
            base,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            ante=self.ante,
            big_blind_ante=self.big_blind_ante,
            min_bet=0,
            small_bet=0,
            big_bet=0,
        )


def check_level_lengths(levels: Sequence[BlindLevel], level_by: LevelClock) -> None:
    """Refuse levels of which one but the last has no length (R-TABLE-3).

    Args:
        levels: the levels, first to last.
        level_by: what moves to the next level: each level but the last
            needs its length in that unit (hands or minutes).

    Raises:
        InvalidInputError: naming the first level without its length.
    """
    unit = "hands" if level_by is LevelClock.HANDS else "minutes"
    for number, level in enumerate(levels[:-1], start=1):
        if level.length(level_by) is None:
            raise InvalidInputError(
                f"level {number} has no length in {unit} (levels go by"
                f" {level_by}; only the last level lasts to the end)"
                " [R-TABLE-3]",
                rule="R-TABLE-3",
            )


def schedule_index(lengths: Sequence[int | None], spent: float) -> int:
    """Which item of a schedule runs once ``spent`` of it has gone by (R-TABLE-3).

    Args:
        lengths: each item's length in one unit (hands or minutes), in
            order; ``None`` for an item that lasts to the end.
        spent: hands dealt or minutes gone since the start, ``>= 0``.

    Returns:
        The 0-based index of the item running: an item ends the moment its
        length is reached; past the last length, the last item.

    >>> schedule_index([15, 15, None], 29.9), schedule_index([15, 15], 30)
    (1, 1)
    """
    if not lengths:
        raise InvalidInputError("a schedule needs at least one level [R-TABLE-3]")
    ends = 0
    for index, length in enumerate(lengths):
        if length is None:
            return index
        ends += length
        if spent < ends:
            return index
    return len(lengths) - 1


TABLE_MAX_RUNS = 3
"""The most runs of the board a cash table offers (R-RIT-1)."""


@dataclass(frozen=True, slots=True)
class TableConfig:
    """The rules and house options of one table.

    Attributes:
        game: the rules of each hand: structure, blinds, ante or big-blind
            ante, and the house options of RULES.md (odd chips, fold when a
            check is possible, jokers, heads-up uncapped); passed to the
            engine as they are. Its ``straddles`` must be 0: straddles are the
            players' own choice (``straddle``; R-STRADDLE-1).
        seat_count: seats at the table, 2..10; numbered 1..seat_count.
        min_buy_in: fewest chips a player may sit down or rebuy with; 0 means
            20 big blinds.
        max_buy_in: most chips a player may sit down with or top up to; 0
            means 100 big blinds.
        straddle: the house straddle policy (R-STRADDLE-1).
        rake_percent: the house's share of each pot that sees a flop, in
            percent (an ``int`` or a ``Fraction``, e.g. ``Fraction(5, 2)``);
            rounded down to whole chips. 0 for no rake.
        rake_cap: most chips raked from one hand; ``None`` for no cap.
        rake_caps: a cap by the number of players dealt, as large rooms
            publish theirs: ``(players, cap)`` tiers, ``players`` rising from
            2 (each tier holds from its count up to the next tier's); e.g.
            ``((2, 5), (3, 10), (5, 15))`` caps a heads-up hand at 5 chips,
            3 or 4 players at 10 and 5 or more at 15. ``()`` for none; not
            with ``rake_cap``.
        tournament: tournament mode (R-TABLE-3): no buy-ins after the start,
            no rebuys, top-ups or sitting out, players out of chips are
            eliminated.

    Run it twice is the game's house option ``game.max_runs`` (R-RIT-1):
    up to 3 at a cash table, 1 in a tournament.

    Raises:
        InvalidInputError: on a seat count outside 2..10, buy-ins out of
            order, a rake outside 0..100 percent, rake tiers not rising from
            2 players or given with ``rake_cap``, or game straddles.
    """

    game: GameConfig
    seat_count: int = 9
    min_buy_in: int = 0
    max_buy_in: int = 0
    straddle: StraddlePolicy = StraddlePolicy.NONE
    rake_percent: int | Fraction = 0
    rake_cap: int | None = None
    rake_caps: tuple[tuple[int, int], ...] = ()
    tournament: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.game, GameConfig):
            raise InvalidInputError(f"game must be a GameConfig, got {self.game!r}")
        if self.game.straddles:
            raise InvalidInputError(
                "a table never posts straddles for its players: set the house"
                " policy with TableConfig(straddle=...) instead of"
                " GameConfig(straddles=...) [R-STRADDLE-1]",
                rule="R-STRADDLE-1",
            )
        runs = self.game.max_runs
        if runs > TABLE_MAX_RUNS or (runs > 1 and self.tournament):
            where = "a tournament deals it once" if self.tournament else "up to 3"
            raise InvalidInputError(
                f"a table runs the board {runs} times: it runs it again in cash"
                f" games only, {where} (GameConfig.max_runs) [R-RIT-1]",
                rule="R-RIT-1",
            )
        if type(self.seat_count) is not int or not (
            MIN_SEATS <= self.seat_count <= MAX_SEATS
        ):
            raise InvalidInputError(
                f"a table has {MIN_SEATS} to {MAX_SEATS} seats, got {self.seat_count!r}"
            )
        check_chips("the minimum buy-in (min_buy_in)", self.min_buy_in)
        check_chips("the maximum buy-in (max_buy_in)", self.max_buy_in)
        big_blind = self.game.big_blind
        if self.min_buy_in == 0:
            object.__setattr__(self, "min_buy_in", 20 * big_blind)
        if self.max_buy_in == 0:
            object.__setattr__(
                self, "max_buy_in", max(100 * big_blind, self.min_buy_in)
            )
        if self.max_buy_in < self.min_buy_in:
            raise InvalidInputError(
                f"the maximum buy-in {self.max_buy_in} is below the minimum buy-in"
                f" {self.min_buy_in}"
            )
        if not isinstance(self.straddle, StraddlePolicy):
            try:
                object.__setattr__(self, "straddle", StraddlePolicy(self.straddle))
            except ValueError:
                valid = ", ".join(repr(p.value) for p in StraddlePolicy)
                raise InvalidInputError(
                    f"unknown straddle policy {self.straddle!r}: the valid values"
                    f" are {valid}"
                ) from None
        rake = self.rake_percent
        if type(rake) not in (int, Fraction) or not 0 <= rake <= 100:
            raise InvalidInputError(
                "the rake (rake_percent) is a percentage of the pot from 0 to 100,"
                f" an int or Fraction, got {rake!r}"
            )
        if self.rake_cap is not None:
            check_chips("the rake cap (rake_cap)", self.rake_cap)
        self._check_rake_caps()
        if type(self.tournament) is not bool:
            raise InvalidInputError(
                f"tournament (a tournament table or not) must be True or False, got"
                f" {self.tournament!r}"
            )
        if self.tournament and self.rake_percent:
            raise InvalidInputError("a tournament table takes no rake from pots")

    def _check_rake_caps(self) -> None:
        tiers = self.rake_caps
        if type(tiers) is not tuple or not all(
            type(tier) is tuple and len(tier) == 2 for tier in tiers
        ):
            raise InvalidInputError(
                f"rake_caps is a tuple of (players, cap) pairs, got {str(tiers)[:60]}"
            )
        if tiers and self.rake_cap is not None:
            raise InvalidInputError(
                "give one rake cap for every hand (rake_cap) or a cap by players"
                " dealt (rake_caps), not both"
            )
        counts = [players for players, _ in tiers]
        if tiers and (
            not all(type(n) is int for n in counts)
            or counts[0] != MIN_SEATS
            or counts != sorted(set(counts))
            or counts[-1] > MAX_SEATS
        ):
            raise InvalidInputError(
                f"rake_caps' player counts rise from {MIN_SEATS} to at most"
                f" {MAX_SEATS}, each once, got {counts}"
            )
        for _, cap in tiers:
            check_chips("a rake cap in rake_caps", cap)

    def rake_cap_for(self, players: int) -> int | None:
        """The most rake from a hand dealt to ``players`` players, or ``None``.

        >>> TableConfig(GameConfig(), rake_percent=5,
        ...             rake_caps=((2, 1), (3, 2), (5, 3))).rake_cap_for(4)
        2
        """
        if not self.rake_caps:
            return self.rake_cap
        return next(cap for n, cap in reversed(self.rake_caps) if n <= players)

    def rake(self, pot: int, *, flop_dealt: bool, players: int) -> int:
        """Chips the house takes from a pot of ``pot`` chips.

        No flop, no rake; otherwise ``rake_percent`` of the pot rounded down,
        at most the cap for ``players`` dealt in (``rake_cap`` or the tier
        of ``rake_caps``; R-POT-4 counts the rake among the chips).

        >>> TableConfig(GameConfig(), rake_percent=5, rake_cap=3).rake(
        ...     100, flop_dealt=True, players=6)
        3
        >>> tiers = TableConfig(GameConfig(), rake_percent=5,
        ...                     rake_caps=((2, 1), (3, 2), (5, 3)))
        >>> [tiers.rake(100, flop_dealt=True, players=n) for n in (2, 4, 6)]
        [1, 2, 3]
        """
        if not flop_dealt or not self.rake_percent:
            return 0
        chips = int(Fraction(pot) * self.rake_percent / 100)
        cap = self.rake_cap_for(players)
        return chips if cap is None else min(chips, cap)


def split_rake(
    shares: Sequence[tuple[int, int]], rake: int, seats: int
) -> tuple[int, ...]:
    """Chips of rake each seat pays, out of what it won.

    Args:
        shares: ``(seat, chips)`` won, pot by pot (main pot first), each pot's
            winners from the button's left.
        rake: chips the house takes, at most the chips won.
        seats: seats in the hand.

    Returns:
        Per seat, its share of the rake in proportion to what it won, rounded
        down; the chips left over come from the first winners listed, one
        each (so no chip is created or lost; R-POT-4).

    >>> split_rake([(0, 50), (2, 51)], 3, 3)
    (2, 0, 1)
    >>> split_rake([(0, 2), (0, 2), (1, 1)], 4, 2)  # seat 0 won two pots
    (3, 1)
    """
    paid = [0] * seats
    won = [0] * seats
    for seat, chips in shares:
        won[seat] += chips
    total = sum(won)
    if not rake or not total:
        return tuple(paid)
    left = rake
    for seat, chips in shares:
        cut = chips * rake // total
        paid[seat] += cut
        left -= cut
    # the odd chips, one a winner in the order first listed, from seats that
    # won more than they pay so far (a seat may win several pots: what it
    # won in all of them counts); a pass always places one, as rake <= total
    order = list(dict.fromkeys(seat for seat, _ in shares))
    while left:
        for seat in order:
            if left and won[seat] > paid[seat]:
                paid[seat] += 1
                left -= 1
    return tuple(paid)
