"""``HandHistory``: one hand as a PHH file records it, and the rules it implies.

A history holds the state-construction fields (variant, forced bets, limits,
starting stacks), the actions, and the optional fields. Its per-player arrays
follow the PHH player order, which is the engine's seat order: ``p1`` (seat 0)
is the small blind, the last player the button (R-BLIND-1). Heads-up the PHH
arrays of forced bets are reversed by rule, so ``forced_bets()`` reverses them:
seat 0 then posts the big blind and the button the small blind (R-TABLE-2).

Variant codes: ``NT`` (no-limit Texas hold'em) and ``FT`` (fixed-limit) are the
standard's; ``PT`` (pot-limit Texas hold'em, with ``min_bet``) is holdem's
extension, following the standard's letter pattern (``PO`` is pot-limit Omaha).
"""

from __future__ import annotations

import datetime
import math
from dataclasses import dataclass

from holdem.errors import InvalidInputError
from holdem.history.notation import PhhAction
from holdem.rules.config import ForcedBets, GameConfig, Structure

__all__ = [
    "STRUCTURES",
    "FieldValue",
    "HandHistory",
    "Scalar",
    "check_blind_order",
]

STRUCTURES: dict[str, Structure] = {
    "NT": Structure.NO_LIMIT,
    "FT": Structure.FIXED_LIMIT,
    "PT": Structure.POT_LIMIT,
}
"""Variant code -> betting structure. ``PT`` is holdem's documented extension."""

Scalar = str | int | float | bool | datetime.time | datetime.date | datetime.datetime
FieldValue = Scalar | tuple[Scalar, ...]
"""A value of an optional or user-defined field (TOML arrays become tuples)."""


@dataclass(frozen=True, slots=True)
class HandHistory:
    """One hand in the PHH format (Texas hold'em subset: NT, FT, PT).

    Attributes:
        variant: ``"NT"``, ``"FT"`` or ``"PT"`` (see the module docstring).
        antes: dead ante per player, in chips, PHH order (R-ANTE-1); a big
            blind ante is one non-zero entry.
        blinds_or_straddles: live blind or straddle per player, in chips, PHH
            order (R-BLIND-4); reversed heads-up by rule.
        starting_stacks: chips per player at the start, each >= 1.
        actions: the action notations in order (see ``notation``).
        min_bet: smallest bet in NT and PT (R-NL-1); ``None`` in FT.
        small_bet: FT bet pre-flop and on the flop (R-FL-1); ``None`` else.
        big_bet: FT bet on the turn and river; ``None`` else.
        ante_trimming_status: the optional PHH flag for short antes, or
            ``None`` when not recorded (holdem posts what a short stack has;
            R-ALLIN-BLIND).
        finishing_stacks: recorded stacks after the actions, or ``None``.
            Whole chips are ``int``; a record may split an odd chip into
            halves (``10162.5``), kept as ``float``.
        players: player names, or ``None``.
        hand: the hand's name or number, or ``None``.
        metadata: every other field (optional or user-defined, ``_x``) as
            ``(name, value)`` in file order; arrays are tuples.
    """

    variant: str
    antes: tuple[int, ...]
    blinds_or_straddles: tuple[int, ...]
    starting_stacks: tuple[int, ...]
    actions: tuple[PhhAction, ...]
    min_bet: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    ante_trimming_status: bool | None = None
    finishing_stacks: tuple[int | float, ...] | None = None
    players: tuple[str, ...] | None = None
    hand: int | str | None = None
    metadata: tuple[tuple[str, FieldValue], ...] = ()

    @property
    def seats(self) -> int:
        """Number of players dealt in."""
        return len(self.starting_stacks)

    @property
    def winnings(self) -> tuple[int | float, ...] | None:
        """The optional ``winnings`` field, or ``None`` when not recorded.

        PHH's ``winnings`` are the chips each player collected from the pots
        after the actions (a split pot may be recorded in half chips). The
        field is kept in ``metadata`` as read.

        Raises:
            InvalidInputError: unless it is one finite non-negative number per
                player (the reader checks this; a history built by hand may
                not).
        """
        for name, value in self.metadata:
            if name != "winnings":
                continue
            entries = value if isinstance(value, tuple) else (value,)
            amounts = [
                v
                for v in entries
                if isinstance(v, int | float)
                and not isinstance(v, bool)
                and 0 <= v < math.inf
            ]
            is_array = isinstance(value, tuple) and len(amounts) == len(entries)
            if not is_array or len(amounts) != self.seats:
                raise InvalidInputError(
                    "field winnings: must be one non-negative number per player"
                    f" ({self.seats}), got {value!r}"
                )
            return tuple(amounts)
        return None

    def forced_bets(self) -> ForcedBets:
        """Per-seat forced bets in the engine's seat order.

        Heads-up the PHH arrays are reversed ("the effective blind amounts are
        the reversed version of the array"): seat 0 posts the big blind and the
        button, seat 1, the small blind (R-TABLE-2). Dead blinds come from the
        user-defined ``_dead_blinds`` (see ``dead_blinds``), the big blind's
        seat from the user-defined ``_big_blind_seat`` (the player number,
        ``1`` for ``p1``, never reversed), which holdem writes because the
        amounts alone cannot tell a dead small blind with a live big blind
        posted right after the big blind, ``[2, 2, 0, ...]`` (R-TABLE-4..6);
        without it the amounts decide (``ForcedBets.big_blind`` is None).

        Raises:
            InvalidInputError: on non-int or negative chips, a malformed
                ``_dead_blinds``, or a ``_big_blind_seat`` that is not the
                number of a player posting a blind.
        """
        blinds, antes = self.blinds_or_straddles, self.antes
        if self.seats == 2:
            blinds, antes = blinds[::-1], antes[::-1]
        big_blind = self.big_blind_seat()
        return ForcedBets(tuple(blinds), tuple(antes), self.dead_blinds(), big_blind)

    def big_blind_seat(self) -> int | None:
        """The big blind's seat (0-based, engine order), from ``_big_blind_seat``.

        ``_big_blind_seat`` is the user-defined field holdem writes for a hand
        that gives its big blind (``ForcedBets.big_blind``): the player number,
        ``1`` for ``p1``, never reversed heads-up. ``None`` when absent.

        Raises:
            InvalidInputError: unless it is the number of a player posting a
                blind.
        """
        for name, value in self.metadata:
            if name != "_big_blind_seat":
                continue
            blinds = self.blinds_or_straddles
            if self.seats == 2:
                blinds = blinds[::-1]
            if type(value) is not int or not (
                1 <= value <= len(blinds) and blinds[value - 1]
            ):
                posting = [s + 1 for s, b in enumerate(blinds) if b]
                raise InvalidInputError(
                    "field _big_blind_seat: must be the number of a player"
                    f" posting a blind, one of {posting}; got {value!r:.40}"
                )
            return value - 1
        return None

    def dead_blinds(self) -> tuple[int, ...]:
        """Dead blind chips per player (R-TABLE-6), from ``_dead_blinds``.

        PHH has no field for dead blinds (a missed small blind posted as dead
        money on return, "post all"), so holdem writes the user-defined
        ``_dead_blinds``: one whole number of chips per player, PHH order
        (``p1`` first, never reversed heads-up). Zeros when absent.

        Raises:
            InvalidInputError: unless it is one non-negative whole number per
                player.
        """
        for name, value in self.metadata:
            if name != "_dead_blinds":
                continue
            entries = value if isinstance(value, tuple) else (value,)
            chips = [v for v in entries if type(v) is int and v >= 0]
            if not isinstance(value, tuple) or len(chips) != self.seats:
                raise InvalidInputError(
                    "field _dead_blinds: must be one non-negative whole number of"
                    f" chips per player ({self.seats}), got {value!r:.80}"
                )
            return tuple(chips)
        return (0,) * self.seats

    def config(self) -> GameConfig:
        """The rules this hand is dealt under.

        The big blind is the largest blind (or the minimum bet / small bet if
        there are no blinds); the small blind the smallest non-zero one below
        it. Per-seat amounts come from ``forced_bets()``; fixed-limit uses the
        default cap of a bet and three raises (R-FL-2).

        Raises:
            InvalidInputError: for an unknown variant, bad chip amounts or a
                small blind larger than the big blind (R-BLIND-2).
        """
        key = (
            self.variant,
            self.blinds_or_straddles,
            self.antes,
            self.min_bet,
            self.small_bet,
            self.big_bet,
        )
        # Only plain ints are kept: 2.0 == 2 would share another's config.
        plain = type(self.variant) is str and _all_ints(key[1:])
        cached = _CONFIGS.get(key) if plain else None
        if cached is not None:
            return cached
        config = self._new_config()
        if plain:
            if len(_CONFIGS) >= _CONFIGS_MAX:
                _CONFIGS.clear()
            _CONFIGS[key] = config
        return config

    def _new_config(self) -> GameConfig:
        structure = STRUCTURES.get(self.variant)
        if structure is None:
            raise InvalidInputError(f"unknown variant {self.variant!r}")
        check_blind_order(self.blinds_or_straddles)
        blinds = sorted(b for b in self.blinds_or_straddles if b > 0)
        limit = self.small_bet if structure is Structure.FIXED_LIMIT else self.min_bet
        big_blind = blinds[-1] if blinds else (limit or 1)
        small_blind = blinds[0] if len(blinds) > 1 else 0
        ante = max(self.antes, default=0)
        if structure is Structure.FIXED_LIMIT:
            return GameConfig(
                structure,
                small_blind=small_blind,
                big_blind=big_blind,
                ante=ante,
                small_bet=self.small_bet or 0,
                big_bet=self.big_bet or 0,
            )
        return GameConfig(
            structure,
            small_blind=small_blind,
            big_blind=big_blind,
            ante=ante,
            min_bet=self.min_bet or 0,
        )


# GameConfig (immutable) by its PHH fields: hands of a series share stakes.
_CONFIGS: dict[tuple[object, ...], GameConfig] = {}
_CONFIGS_MAX = 1024
_INT = {int}


def _all_ints(values: tuple[object, ...]) -> bool:
    """Every value an ``int`` (not ``bool``), ``None``, or a tuple of ``int``."""
    for value in values:
        if type(value) is tuple:
            if value and set(map(type, value)) != _INT:
                return False
        elif value is not None and type(value) is not int:
            return False
    return True


def check_blind_order(blinds: tuple[int, ...]) -> None:
    """Refuse a small blind larger than the big blind (R-BLIND-2).

    Args:
        blinds: the PHH ``blinds_or_straddles`` array as the file has it: the
            first two entries are the small and the big blind, heads-up too
            (the reversal to seat order comes later). A zero small blind is
            allowed, and so is a zero second entry: then ``p1`` posts the big
            blind and there is no small blind, as in a hand whose small blind
            is dead (R-TABLE-4).

    Raises:
        InvalidInputError: if the first entry is larger than a non-zero
            second entry.
    """
    if len(blinds) >= 2 and blinds[0] > blinds[1] > 0:
        raise InvalidInputError(
            f"the small blind (p1, {blinds[0]}) is larger than the big blind"
            f" (p2, {blinds[1]}): the first two entries are the small and the"
            " big blind, and the small blind is at most the big blind [R-BLIND-2]"
        )
