"""A job's chunks on the batch engine: ``holdem.batch.play_ring``, one call.

Chunk ``c`` of the job is table ``c`` of a ring run (``holdem.batch.ring``)
of ``job.hands`` hands, ``job.chunk_hands`` a table, seeded from the job's
seed alone: hand ``g`` of the job draws its cards and the bots' choices
from its own stream, keyed by ``(seed, g)``, and a table's first button
from one keyed by ``(seed, c)``. So, as on the table engine, a chunk gives
the same result whichever call, process or machine plays it, and the job's
sums, taken in chunk order, do not depend on how the chunks were split.

Each table plays the game of the reference path (``holdem.sim.job``):
every seat buys in with ``job.stack``, and again before a hand when broke;
the button moves one seat a hand; no rake. The bots are the batch engine's
policies of ``BATCH_POLICIES``; every hand replays through ``HandState``
with the same events and payoffs (``tests/sim/test_batch_chunks.py``).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from holdem.batch import play_ring
from holdem.errors import InvalidInputError
from holdem.sim.job import ChunkResult, SimulationJob, derive_seed

__all__ = ["batch_seed", "run_batch_chunks", "warm_batch"]

_INT64_SQUARES = 2**62
"""Sums of squares up to this are exact in int64 (they are ints otherwise)."""


def batch_seed(job: SimulationJob) -> int:
    """The ring run's 64-bit seed, derived from the job's seed alone."""
    return derive_seed(job.seed, -1)


def run_batch_chunks(
    job: SimulationJob, first: int, count: int
) -> tuple[ChunkResult, ...]:
    """Play chunks ``first .. first + count - 1`` of ``job`` on the batch engine.

    Raises:
        InvalidInputError: for chunks outside the job, or a job with a bot
            the batch engine has no policy for.
    """
    policies = job.batch_policies
    if policies is None:
        raise InvalidInputError(
            f"the batch engine has no policy for a bot of {job.bots}: play it on"
            " the table engine"
        )
    if (
        type(first) is not int
        or type(count) is not int
        or count < 1
        or not 0 <= first <= first + count <= job.chunks
    ):
        raise InvalidInputError(
            f"no chunks {first!r:.20} + {count!r:.20}: the job has {job.chunks}"
        )
    ring = play_ring(
        job.table_config().game,
        policies,
        seed=batch_seed(job),
        stack=job.stack,
        block_hands=job.chunk_hands,
        hands=job.hands,
        first_block=first,
        blocks=count,
    )
    kinds = job.bot_kinds
    by_kind = np.array([kinds.index(kind) for kind in job.bots], np.int64)
    results = []
    row = 0
    for b in range(count):
        chunk = first + b
        hands = job.chunk_size(chunk)
        payoffs = ring.payoffs[row : row + hands]
        row += hands
        # per hand, the chips all the seats of each bot kind won
        in_kind = np.stack(
            [payoffs[:, by_kind == k].sum(axis=1) for k in range(len(kinds))], axis=1
        )
        results.append(
            ChunkResult(
                chunk=chunk,
                hands=hands,
                bought_in=int(ring.bought_in[b]),
                stacks=int(ring.stacks[b].sum()),
                rake=0,
                won=_ints(payoffs.sum(axis=0)),
                won_squared=_squares(payoffs),
                unbalanced_hands=int(np.count_nonzero(payoffs.sum(axis=1))),
                kind_won=_ints(in_kind.sum(axis=0)),
                kind_won_squared=_squares(in_kind),
            )
        )
    return tuple(results)


def warm_batch(job: SimulationJob) -> None:
    """Compile (or load) the batch kernels in this process: one hand of ``job``.

    Called before worker processes are forked, so that each starts warm.
    """
    policies = job.batch_policies
    if policies is not None:
        play_ring(
            job.table_config().game,
            policies,
            seed=0,
            stack=job.stack,
            block_hands=1,
            hands=1,
        )


def _ints(values: npt.NDArray[np.int64]) -> tuple[int, ...]:
    return tuple(int(v) for v in values)


def _squares(payoffs: npt.NDArray[np.int64]) -> tuple[int, ...]:
    """Per column, the sum of the squares, exact (int64 when it cannot overflow)."""
    if not payoffs.size:
        return (0,) * int(payoffs.shape[1])
    largest = int(np.abs(payoffs).max())
    if largest * largest * payoffs.shape[0] < _INT64_SQUARES:
        return _ints((payoffs * payoffs).sum(axis=0))
    columns: list[list[int]] = payoffs.T.tolist()
    return tuple(sum(v * v for v in column) for column in columns)
