"""The game's configuration: betting structure, forced bets, limits, deck.

``GameConfig`` is what a table deals under; ``ForcedBets`` is what one hand's
seats post, worked out from the config (or read from a hand history that
records per-seat blinds and antes, as PHH does).

Seats of one hand are numbered clockwise from the button's left: seat 0 is the
first seat after the button and the last seat is the button. Heads-up, the
button posts the small blind, so seat 0 is the big blind (R-TABLE-2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from holdem.errors import InvalidInputError
from holdem.eval.wild import JokerRule

__all__ = [
    "ForcedBets",
    "GameConfig",
    "MAX_CHIPS",
    "MAX_RUNS",
    "JokerRule",
    "OddChipRule",
    "Structure",
    "check_chips",
]


class Structure(StrEnum):
    """Betting structure (R-NL, R-PL, R-FL)."""

    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


class OddChipRule(StrEnum):
    """Who gets the chips a split pot cannot share evenly (R-POT-3).

    ``NEAREST_LEFT``: all odd chips to the winner nearest the button's left
    (the Swedish seed; the default). ``ONE_AT_A_TIME``: one odd chip at a
    time clockwise from the button's left (Robert's Rules; a house option).
    """

    NEAREST_LEFT = "nearest-left"
    ONE_AT_A_TIME = "one-at-a-time"


MAX_CHIPS = 10**15
"""The most chips any amount may be: a stack, a blind, a bet (10**15)."""

MAX_RUNS = 4
"""The most runs of the board the engine deals (R-RIT-1).

R-RIT-1 has a room run the board up to three times; the engine deals what a
recorded house dealt too (The Big Game ran a hand four times, d1h61).
"""


def check_chips(name: str, value: object, *, positive: bool = False) -> int:
    """Return ``value`` if it is a whole, non-negative number of chips.

    Raises:
        InvalidInputError: for a float, bool, Decimal or negative value (chips
            are ints everywhere; RULES.md), or one above ``MAX_CHIPS``.
    """
    if type(value) is not int:
        shown = repr(value)
        shown = shown if len(shown) <= 40 else shown[:37] + "..."
        raise InvalidInputError(
            f"{name} must be a whole number of chips (int), got {shown}"
        )
    if value < 0 or (positive and value == 0):
        need = "positive" if positive else "non-negative"
        shown = str(value) if value > -(10**40) else "a huge negative number"
        raise InvalidInputError(f"{name} must be {need}, got {shown}")
    if value > MAX_CHIPS:
        raise InvalidInputError(
            f"{name} must be at most {MAX_CHIPS:,} chips, got a"
            f" {len(str(value)) if value < 10**4000 else 'very long'}-digit number"
        )
    return value


_E = TypeVar("_E", bound=StrEnum)


def _enum_value(name: str, kind: type[_E], value: object) -> _E:
    """``value`` as a member of ``kind``: a member, or its text (``"no-limit"``).

    Raises:
        InvalidInputError: for anything else, listing the valid values.
    """
    if isinstance(value, kind):
        return value
    if type(value) is str:
        try:
            return kind(value)
        except ValueError:
            pass
    valid = ", ".join(repr(m.value) for m in kind)
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:40] + "..."
    raise InvalidInputError(f"unknown {name} {shown}: the valid values are {valid}")


_ZEROS = tuple((0,) * n for n in range(32))


@dataclass(frozen=True, slots=True)
class ForcedBets:
    """What each seat of one hand posts before the deal.

    Attributes:
        blinds_or_straddles: live blind or straddle per seat, in chips; a blind
            counts toward the poster's bet (R-BLIND-4). The largest one sets
            the amount to call pre-flop even when its poster is short
            (R-ALLIN-BLIND), and its poster acts last pre-flop (R-BET-2,
            R-STRADDLE-1).
        antes: dead ante per seat, in chips (R-ANTE-1); a big-blind ante is a
            single non-zero entry.
        dead_blinds: dead chips per seat that go straight into the pot, such
            as a missed small blind posted on return (R-TABLE-6).
        big_blind: the seat (0-based hand seat) of the big blind, or ``None``
            to read it from the amounts (the default, as PHH files from
            elsewhere do). When given, that seat's blind starts the run of
            blinds: the last blind is the big blind, or the last straddle of
            the strictly rising run of blinds right after it (R-STRADDLE-1),
            and the next seat acts first pre-flop (R-BET-2). Live big blinds
            posted elsewhere by new or returning players (R-TABLE-5,
            R-TABLE-6) are not part of the run, even right after the big
            blind when the small blind is dead (R-TABLE-4).

    Raises:
        InvalidInputError: for arrays of different lengths, chips that are
            not whole and non-negative, or a ``big_blind`` that is not a seat
            posting a blind.

    >>> ForcedBets((2, 2, 0, 0), (0, 0, 0, 0), big_blind=0).big_blind
    0
    """

    blinds_or_straddles: tuple[int, ...]
    antes: tuple[int, ...]
    dead_blinds: tuple[int, ...] = field(default=())
    big_blind: int | None = None

    def __post_init__(self) -> None:
        for name in ("blinds_or_straddles", "antes", "dead_blinds"):
            if type(getattr(self, name)) is not tuple:
                object.__setattr__(self, name, tuple(getattr(self, name)))
        n = len(self.blinds_or_straddles)
        if not self.dead_blinds:
            object.__setattr__(self, "dead_blinds", _ZEROS[n] if n < 32 else (0,) * n)
        if len(self.antes) != n or len(self.dead_blinds) != n:
            raise InvalidInputError(
                "blinds_or_straddles, antes and dead_blinds need one entry per seat"
                f" (got {n}, {len(self.antes)}, {len(self.dead_blinds)})"
            )
        values = self.blinds_or_straddles + self.antes + self.dead_blinds
        if not (set(map(type, values)) <= {int} and min(values, default=0) >= 0):
            for name in ("blinds_or_straddles", "antes", "dead_blinds"):
                for i, chips in enumerate(getattr(self, name)):
                    check_chips(f"{name}[{i}]", chips)
        big_blind = self.big_blind
        if big_blind is not None and (
            type(big_blind) is not int
            or not 0 <= big_blind < n
            or not self.blinds_or_straddles[big_blind]
        ):
            posting = [s for s in range(n) if self.blinds_or_straddles[s]]
            raise InvalidInputError(
                f"big_blind must be the hand seat of a blind, got {big_blind!r:.40}:"
                f" the seats posting a blind are {posting} (or None to read it"
                " from the amounts) [R-BLIND-1]"
            )


@dataclass(frozen=True, slots=True)
class GameConfig:
    """The rules a table deals under.

    Attributes:
        structure: no-limit, pot-limit or fixed-limit.
        small_blind: chips; any amount up to the big blind (R-BLIND-2).
        big_blind: chips, positive. In fixed-limit it equals ``small_bet``.
        ante: chips posted by every player dealt in (R-ANTE-1), or, with
            ``big_blind_ante``, by the big blind alone for the whole table.
        big_blind_ante: the big blind posts the table's ante.
        straddles: number of straddles posted left of the big blind, each
            twice the one before (R-STRADDLE-1); 0 for none.
        min_bet: smallest bet in no-limit and pot-limit (R-NL-1); defaults to
            the big blind.
        small_bet: fixed-limit bet pre-flop and on the flop (R-FL-1); defaults
            to the big blind.
        big_bet: fixed-limit bet on the turn and river; defaults to twice the
            small bet.
        raise_cap: fixed-limit bets per street, counting the bet (R-FL-2):
            4 is "a bet and three raises"; ``None`` for no cap.
        jokers: wild jokers in the deck, 0..4 (R-DECK-2).
        joker_rule: what a joker may stand for: any card (``WILD``, the
            default) or the card-room "bug" (``BUG``; R-DECK-2).
        odd_chips: who gets a split pot's odd chips (R-POT-3): the winner
            nearest the button's left (default) or one at a time clockwise.
        fold_when_check: a player may fold when a check is possible and the
            fold stands (R-BET-1, the default); ``False`` refuses such a fold.
        heads_up_uncapped: fixed-limit raising is unlimited once the action is
            heads-up before the cap (R-FL-2, the default); ``False`` keeps the
            cap.
        max_runs: the most times the rest of the board may be run when the
            players all-in agree (R-RIT-1, a house option for cash games):
            1 (the default) deals it once, 2 allows run it twice, 3 thrice
            (up to ``MAX_RUNS``, for a recorded house that ran it more).

    Raises:
        InvalidInputError: on non-int or negative chips, a small blind above
            the big blind, or a cap below 1.

    >>> forced = GameConfig(small_blind=1, big_blind=2).forced_bets(3)
    >>> forced.blinds_or_straddles, forced.antes, forced.big_blind
    ((1, 2, 0), (0, 0, 0), None)
    """

    structure: Structure = Structure.NO_LIMIT
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    big_blind_ante: bool = False
    straddles: int = 0
    min_bet: int = 0
    small_bet: int = 0
    big_bet: int = 0
    raise_cap: int | None = 4
    jokers: int = 0
    joker_rule: JokerRule = JokerRule.WILD
    odd_chips: OddChipRule = OddChipRule.NEAREST_LEFT
    fold_when_check: bool = True
    heads_up_uncapped: bool = True
    max_runs: int = 1

    def __post_init__(self) -> None:
        for name, kind in (
            ("structure", Structure),
            ("joker_rule", JokerRule),
            ("odd_chips", OddChipRule),
        ):
            object.__setattr__(self, name, _enum_value(name, kind, getattr(self, name)))
        check_chips("small_blind", self.small_blind)
        check_chips("big_blind", self.big_blind, positive=True)
        check_chips("ante", self.ante)
        check_chips("straddles", self.straddles)
        if self.small_blind > self.big_blind:
            raise InvalidInputError(
                f"small blind {self.small_blind} is above the big blind"
                f" {self.big_blind} (R-BLIND-2)"
            )
        for name in ("min_bet", "small_bet", "big_bet"):
            check_chips(name, getattr(self, name))
        if self.min_bet == 0:
            object.__setattr__(self, "min_bet", self.big_blind)
        if self.small_bet == 0:
            object.__setattr__(self, "small_bet", self.big_blind)
        if self.big_bet == 0:
            object.__setattr__(self, "big_bet", 2 * self.small_bet)
        if self.big_bet < self.small_bet:
            raise InvalidInputError(
                f"big bet {self.big_bet} is below the small bet {self.small_bet}"
                " (R-FL-1)"
            )
        if self.raise_cap is not None and (
            type(self.raise_cap) is not int or self.raise_cap < 1
        ):
            raise InvalidInputError(
                "raise_cap counts the bet and raises of a street (R-FL-2): a"
                f" whole number from 1, or None for no cap; got {self.raise_cap!r}"
            )
        if type(self.jokers) is not int or not 0 <= self.jokers <= 4:
            raise InvalidInputError(
                f"jokers must be a whole number 0..4 (R-DECK-2), got {self.jokers!r}"
            )
        if type(self.max_runs) is not int or not 1 <= self.max_runs <= MAX_RUNS:
            raise InvalidInputError(
                f"max_runs is how many times the board may be run, 1..{MAX_RUNS}"
                f" (R-RIT-1), got {self.max_runs!r}"
            )
        for name in ("big_blind_ante", "fold_when_check", "heads_up_uncapped"):
            if type(getattr(self, name)) is not bool:
                raise InvalidInputError(
                    f"{name} must be True or False, got {getattr(self, name)!r}"
                )

    def forced_bets(self, seats: int) -> ForcedBets:
        """Per-seat forced bets for a hand of ``seats`` players (2..10+).

        Seat 0 is the button's left and the last seat the button; heads-up the
        button posts the small blind (R-BLIND-1, R-TABLE-2, R-STRADDLE-1).

        Straddles that do not fit (more than the seats from the big blind's
        left to the button, or any heads-up) are not posted.

        Raises:
            InvalidInputError: for fewer than two seats.
        """
        if type(seats) is not int or seats < 2:
            raise InvalidInputError(f"a hand needs at least 2 seats, got {seats!r}")
        blinds = [0] * seats
        if seats == 2:
            blinds[1], blinds[0] = self.small_blind, self.big_blind
            big_blind_seat = 0
        else:
            blinds[0], blinds[1] = self.small_blind, self.big_blind
            big_blind_seat = 1
        # Straddles sit left of the big blind, at most up to the button;
        # heads-up the button has posted the small blind, so none is posted.
        straddles = min(self.straddles, seats - 2) if seats > 2 else 0
        amount = self.big_blind
        for k in range(1, straddles + 1):
            amount *= 2
            blinds[big_blind_seat + k] = amount
        antes = [0] * seats
        if self.big_blind_ante:
            antes[big_blind_seat] = self.ante
        else:
            antes = [self.ante] * seats
        # The config's chips were checked when it was made: skip the checks.
        forced = object.__new__(ForcedBets)
        object.__setattr__(forced, "blinds_or_straddles", tuple(blinds))
        object.__setattr__(forced, "antes", tuple(antes))
        object.__setattr__(forced, "dead_blinds", (0,) * seats)
        # None: the amounts say where the big blind is, as they always have
        object.__setattr__(forced, "big_blind", None)
        return forced

    def bet_unit(self, street: int) -> int:
        """Fixed-limit bet size on ``street`` (0 pre-flop .. 3 river; R-FL-1)."""
        return self.small_bet if street < 2 else self.big_bet
