"""``holdem simulate`` on the batch engine: its chunks held to the reference.

A job's batch chunks (``holdem.sim.batch_chunks``) are the tables of a ring
run (``holdem.batch.play_ring``). Here the same run is played again with
every hand recorded, each hand is replayed through ``HandState`` by the
oracle (``holdem.batch.oracle.mismatch_of``: same events, same payoffs),
and the chunk results are summed here from those replayed payoffs.
"""

from __future__ import annotations

import dataclasses

import pytest

from holdem.batch import play_ring
from holdem.batch.oracle import mismatch_of
from holdem.errors import InvalidInputError
from holdem.rules import Structure
from holdem.sim import SimulationJob, run_chunks
from holdem.sim.batch_chunks import batch_seed

JOB = SimulationJob(
    hands=250,
    bots=(
        "tight-aggressive",
        "calling-station",
        "random",
        "random",
        "tight-aggressive",
    ),
    seed=17,
    stack=60,  # 30 big blinds: all-ins and rebuys
    chunk_hands=100,
)


@pytest.mark.parametrize("structure", list(Structure))
def test_batch_chunks_are_hands_that_replay_through_the_reference(structure):
    job = dataclasses.replace(JOB, structure=structure)
    config = job.table_config().game
    ring = play_ring(
        config,
        job.batch_policies,
        seed=batch_seed(job),
        stack=job.stack,
        block_hands=job.chunk_hands,
        hands=job.hands,
        record=True,
        capacity=512,
    )
    payoffs = []  # per hand, by job seat, as the reference paid them
    for i in range(job.hands):
        seat_of = ring.hand_seats(i)
        rows = ring.events[i, : ring.event_counts[i]]
        hand = [int(ring.payoffs[i, t]) for t in seat_of]
        starts = [int(x) for x in ring.starts[i]]
        problem = mismatch_of(config, starts, ring.cards[i], rows, hand, f"hand {i}")
        assert problem is None
        by_seat = [0] * job.players
        for k, t in enumerate(seat_of):
            by_seat[t] = hand[k]
        payoffs.append(by_seat)
    chunks = run_chunks(job, 0, job.chunks)
    assert [c.hands for c in chunks] == [100, 100, 50]
    for chunk in chunks:
        hands = payoffs[chunk.chunk * 100 : chunk.chunk * 100 + chunk.hands]
        assert chunk.won == tuple(sum(column) for column in zip(*hands, strict=True))
        assert chunk.won_squared == tuple(
            sum(x * x for x in column) for column in zip(*hands, strict=True)
        )
        tag = [h[0] + h[4] for h in hands]  # the two tight-aggressive seats
        assert chunk.kind_won[0] == sum(tag)
        assert chunk.kind_won_squared[0] == sum(x * x for x in tag)
        assert chunk.unbalanced_hands == 0 and chunk.rake == 0
        assert chunk.bought_in == chunk.stacks > job.players * job.stack


def test_chips_of_a_huge_stack_are_squared_exactly():
    # 2 players, 2 hands a table, the largest stack the job allows: squares
    # of ~10**14 chips pass int64, and must still be exact
    most = 10**15 // 3
    job = SimulationJob(
        hands=6, bots=("random", "random"), seed=3, stack=most, chunk_hands=2
    )
    ring = play_ring(
        job.table_config().game,
        job.batch_policies,
        seed=batch_seed(job),
        stack=most,
        block_hands=2,
        hands=6,
    )
    for chunk in run_chunks(job, 0, job.chunks):
        rows = ring.payoffs[2 * chunk.chunk : 2 * chunk.chunk + 2].tolist()
        assert chunk.won_squared == tuple(
            sum(x * x for x in column) for column in zip(*rows, strict=True)
        )
    assert max(abs(x) for row in ring.payoffs.tolist() for x in row) > 2**32


def test_chunks_outside_the_job_are_refused():
    with pytest.raises(InvalidInputError, match="the job has 3"):
        run_chunks(JOB, 2, 2)
