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
    """One seat's result over the whole simulation, or one bot kind's.

    Attributes:
        seat: table seat, 1..players (for a bot kind: its first seat).
        bot: the bot kind.
        hands: hands played.
        won: net chips won (negative: lost), after rake, rebuys counted.
        won_squared: sum over hands of the chips won in the hand, squared.
        big_blind: chips, to express the win rate in big blinds.
        seats: seats pooled (a bot kind playing several seats); the win
            rate and its interval are per seat.
    """

    seat: int
    bot: str
    hands: int
    won: int
    won_squared: int
    big_blind: int
    seats: int = 1

    @property
    def bb_per_100(self) -> float:
        """Big blinds won per 100 hands (per seat).

        >>> PlayerResult(1, "random", 200, 40, 0, 2).bb_per_100
        10.0
        """
        return 100 * self.won / self.hands / self.big_blind / self.seats

    @property
    def ci95(self) -> float:
        """Half-width of the 95% confidence interval of ``bb_per_100``.

        ``nan`` with fewer than two hands.
        """
        n = self.hands
        if n < 2:
            return math.nan
        variance = (self.won_squared - self.won * self.won / n) / (n - 1)
        spread = math.sqrt(max(variance, 0.0) / n)
        return Z_95 * 100 * spread / self.big_blind / self.seats


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
        bots: per bot kind, its seats pooled (``SimulationJob.bot_kinds``
            order).
    """

    job: SimulationJob
    hands: int
    bought_in: int
    stacks: int
    rake: int
    players: tuple[PlayerResult, ...]
    unbalanced_hands: int
    bots: tuple[PlayerResult, ...] = ()

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
    kinds = job.bot_kinds
    kind_won = [0] * len(kinds)
    kind_won_squared = [0] * len(kinds)
    for result in ordered:
        for i in range(job.players):
            won[i] += result.won[i]
            won_squared[i] += result.won_squared[i]
        for k in range(len(kinds)):
            kind_won[k] += result.kind_won[k]
            kind_won_squared[k] += result.kind_won_squared[k]
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
        bots=tuple(
            PlayerResult(
                job.bots.index(kind) + 1,
                kind,
                hands,
                kind_won[k],
                kind_won_squared[k],
                job.big_blind,
                job.bots.count(kind),
            )
            for k, kind in enumerate(kinds)
        ),
    )
