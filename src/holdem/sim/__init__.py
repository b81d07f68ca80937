"""Simulation at scale: bots only, chunks of hands over processes or Ray.

``SimulationJob`` says what to play; ``run_simulation`` plays it in a
process pool and ``run_on_ray`` on a Ray cluster (optional extra
``holdem[ray]``); both sum the same seeded chunks in order, so the same job
gives the same ``SimulationResult`` whatever the number of workers. A job
whose bots all have a policy in the batch engine plays there (numba,
``holdem.batch``); any other on the reference table (``Table`` and
``HandState``): ``SimulationJob.engine_used``.
"""

from holdem.sim.bots import BATCH_POLICIES, BOT_KINDS, make_bot, parse_bot_kinds
from holdem.sim.job import (
    ENGINES,
    ChunkResult,
    SimulationJob,
    derive_seed,
    run_chunk,
)
from holdem.sim.results import PlayerResult, SimulationResult, combine
from holdem.sim.runner import run_chunks, run_on_ray, run_simulation

__all__ = [
    "BATCH_POLICIES",
    "BOT_KINDS",
    "ENGINES",
    "ChunkResult",
    "PlayerResult",
    "SimulationJob",
    "SimulationResult",
    "combine",
    "derive_seed",
    "make_bot",
    "parse_bot_kinds",
    "run_chunk",
    "run_chunks",
    "run_on_ray",
    "run_simulation",
]
