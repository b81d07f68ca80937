"""Sum the chunks of a simulation and report per player: chips, bb/100, CI.

The win rate is in big blinds per 100 hands. Its 95% confidence interval is
the normal approximation over hands: each hand's net chips for a seat is one
observation; with n hands, mean m and sample standard deviation s,
``bb/100 = 100 m / big_blind`` and the half-width is
``1.96 * 100 * s / sqrt(n) / big_blind``. Hands at one table are nearly
independent (stacks carry over, bots keep no memory), so this is the usual
poker-tracker estimate. Every sum is an exact int added in chunk order, so
the figures do not depend on how many workers played the chunks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from holdem.errors import InvalidInputError
from holdem.sim.job import ChunkResult, SimulationJob

__all__ = ["PlayerResult", "SimulationResult", "combine"]

Z_95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One seat's result over the whole simulation.

    Attributes:
        seat: table seat, 1..players.
        bot: the bot kind.
        hands: hands played.
        won: net chips won (negative: lost), after rake, rebuys counted.
        won_squared: sum over hands of the chips won in the hand, squared.
        big_blind: chips, to express the win rate in big blinds.
    """

    seat: int
    bot: str
    hands: int
    won: int
    won_squared: int
    big_blind: int

    @property
    def bb_per_100(self) -> float:
        """Big blinds won per 100 hands.

        >>> PlayerResult(1, "random", 200, 40, 0, 2).bb_per_100
        10.0
        """
        return 100 * self.won / self.hands / self.big_blind

    @property
    def ci95(self) -> float:
        """Half-width of the 95% confidence interval of ``bb_per_100``.

        ``nan`` with fewer than two hands.
        """
        n = self.hands
        if n < 2:
            return math.nan
        variance = (self.won_squared - self.won * self.won / n) / (n - 1)
        return Z_95 * 100 * math.sqrt(max(variance, 0.0) / n) / self.big_blind


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """The whole job's result, summed over its chunks in order.

    Attributes:
        job: what was simulated.
        hands: hands played.
        bought_in: chips put on the table in all (buy-ins and rebuys).
        stacks: chips on the tables at the end.
        rake: chips the house took.
        players: per seat results, seat 1 first.
        unbalanced_hands: hands whose payoffs and rake did not sum to 0.
    """

    job: SimulationJob
    hands: int
    bought_in: int
    stacks: int
    rake: int
    players: tuple[PlayerResult, ...]
    unbalanced_hands: int

    @property
    def chips_conserved(self) -> bool:
        """Every chip bought in is in a stack or the rake, hand by hand (R-POT-4)."""
        return (
            self.bought_in == self.stacks + self.rake
            and not self.unbalanced_hands
            and sum(p.won for p in self.players) + self.rake == 0
        )


def combine(job: SimulationJob, chunks: Iterable[ChunkResult]) -> SimulationResult:
    """Sum ``chunks`` (every chunk of ``job`` once, in any order) in chunk order.

    Raises:
        InvalidInputError: if a chunk is missing or repeated.
    """
    ordered = sorted(chunks, key=lambda c: c.chunk)
    if [c.chunk for c in ordered] != list(range(job.chunks)):
        raise InvalidInputError(
            f"a job of {job.chunks} chunks got chunks {[c.chunk for c in ordered]}"
        )
    won = [0] * job.players
    won_squared = [0] * job.players
    for result in ordered:
        for i in range(job.players):
            won[i] += result.won[i]
            won_squared[i] += result.won_squared[i]
    hands = sum(c.hands for c in ordered)
    return SimulationResult(
        job=job,
        hands=hands,
        bought_in=sum(c.bought_in for c in ordered),
        stacks=sum(c.stacks for c in ordered),
        rake=sum(c.rake for c in ordered),
        players=tuple(
            PlayerResult(i + 1, kind, hands, won[i], won_squared[i], job.big_blind)
            for i, kind in enumerate(job.bots)
        ),
        unbalanced_hands=sum(c.unbalanced_hands for c in ordered),
    )
