"""Results of an equity calculation: raw counts per hand, exact shares.

>>> h = HandEquity("AsAh", wins=3, ties=1, ties_by_players=(0, 0, 1), total=4)
>>> h.win, h.tie, h.equity
(0.75, 0.25, 0.875)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from holdem.cards import Card

__all__ = ["EquityResult", "HandEquity"]


@dataclass(frozen=True, slots=True)
class HandEquity:
    """One player's outcomes over every board counted.

    Counts are numbers of boards (exact enumeration) or deals (Monte Carlo).
    With weighted ranges each board counts its assignment's weight, in units
    of ``1 / EquityResult.weight_scale`` so that counts stay integers.

    Attributes:
        hand: the hand or range as given, e.g. ``"AsAh"`` or ``"QQ+, AKs"``.
        wins: boards this hand won alone.
        ties: boards it split with one or more other hands.
        ties_by_players: ``ties_by_players[w]`` is how many boards it split
            ``w`` ways (indices 0 and 1 are 0); sums to ``ties``.
        total: all boards counted (the same for every hand).
    """

    hand: str
    wins: int
    ties: int
    ties_by_players: tuple[int, ...]
    total: int

    @property
    def tie_share(self) -> Fraction:
        """Pots won through splits: each split ``w`` ways counts ``1 / w``."""
        return sum(
            (Fraction(n, w) for w, n in enumerate(self.ties_by_players) if n),
            Fraction(0),
        )

    @property
    def equity_exact(self) -> Fraction:
        """Share of the pot this hand wins on average, as an exact fraction."""
        return (self.wins + self.tie_share) / self.total if self.total else Fraction(0)

    @property
    def equity(self) -> float:
        """Share of the pot this hand wins on average, 0..1."""
        return float(self.equity_exact)

    @property
    def win(self) -> float:
        """Fraction of boards won alone, 0..1."""
        return self.wins / self.total if self.total else 0.0

    @property
    def tie(self) -> float:
        """Fraction of boards split, 0..1."""
        return self.ties / self.total if self.total else 0.0


@dataclass(frozen=True, slots=True)
class EquityResult:
    """The outcome of ``equity()``.

    Attributes:
        hands: one ``HandEquity`` per player, in the order given.
        board: the known board cards.
        dead: the dead cards (known to be out of play).
        exact: True for a full enumeration, False for Monte Carlo.
        boards: boards counted, unweighted (deals, for Monte Carlo).
        weight_scale: counts are in units of ``1 / weight_scale`` boards (1
            unless ranges carry weights other than 1).
        seed: the Monte Carlo seed, or ``None`` for an enumeration.
    """

    hands: tuple[HandEquity, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    exact: bool
    boards: int
    weight_scale: int
    seed: int | None
