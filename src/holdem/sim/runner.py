"""Run a simulation's chunks: in this process, in a process pool, or on Ray.

Every way runs the same chunks (``holdem.sim.job``) and sums them in chunk
order, so the same job gives the same numbers with 1 worker, W workers or a
Ray cluster. Work is handed out in parts of consecutive chunks
(``run_chunks``): one chunk each on the table engine; on the batch engine,
whose chunk takes milliseconds, a few parts per worker of up to
``MAX_PART_HANDS`` hands each, so that a part's compiled loop outweighs
sending it. How the chunks are parted changes no result. Ray is an optional
extra (``pip install 'holdem[ray]'``), imported only when asked for.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import itertools
import multiprocessing
import signal
from collections.abc import Callable, Iterator
from typing import Any

from holdem.errors import InvalidInputError
from holdem.eval import rank_codes
from holdem.sim.batch_chunks import run_batch_chunks, warm_batch
from holdem.sim.job import ChunkResult, SimulationJob, run_chunk
from holdem.sim.results import SimulationResult, combine

__all__ = ["parts", "run_chunks", "run_on_ray", "run_simulation"]

IN_FLIGHT_PER_WORKER = 3
"""Parts submitted to the pool and not yet collected, per worker process."""

PARTS_PER_WORKER = 4
"""On the batch engine: parts per worker, so that one slow part does not idle
the others at the end."""

MAX_PART_HANDS = 250_000
"""On the batch engine: most hands in a part (about a second of one core),
so that progress and Ctrl-C are seen between parts."""

Part = tuple[int, int]
"""A part of a job: its first chunk and its number of chunks."""


def run_chunks(job: SimulationJob, first: int, count: int) -> tuple[ChunkResult, ...]:
    """Play chunks ``first .. first + count - 1`` of ``job`` on its engine.

    Raises:
        InvalidInputError: for chunks outside the job.
    """
    if job.engine_used == "batch":
        return run_batch_chunks(job, first, count)
    if type(count) is not int or count < 1:
        raise InvalidInputError(f"count must be a positive int, got {count!r:.20}")
    return tuple(run_chunk(job, chunk) for chunk in range(first, first + count))


def parts(job: SimulationJob, workers: int) -> Iterator[Part]:
    """The parts ``job`` is handed out in to ``workers`` workers, in chunk order.

    One chunk each on the table engine; on the batch engine about
    ``PARTS_PER_WORKER`` a worker, each of up to ``MAX_PART_HANDS`` hands
    (at least a chunk).

    >>> job = SimulationJob(hands=10_000, bots=("random",) * 6, seed=1)
    >>> list(parts(job, 2))
    [(0, 2), (2, 2), (4, 2), (6, 2), (8, 2)]
    """
    size = 1
    if job.engine_used == "batch":
        share = -(-job.chunks // (workers * PARTS_PER_WORKER))
        size = max(1, min(share, MAX_PART_HANDS // job.chunk_hands))
    for first in range(0, job.chunks, size):
        yield first, min(size, job.chunks - first)


def _part_count(job: SimulationJob, workers: int) -> int:
    _, size = next(parts(job, workers))
    return -(-job.chunks // size)


OnChunk = Callable[[ChunkResult], None]
"""Called as each chunk finishes (in the order they finish), e.g. for progress."""


def run_simulation(
    job: SimulationJob, *, workers: int = 1, on_chunk: OnChunk | None = None
) -> SimulationResult:
    """Play every chunk of ``job`` with ``workers`` processes; the summed result.

    The chunks go out in ``parts``. One worker plays in this process; more use a
    ``concurrent.futures.ProcessPoolExecutor``. Where the system can fork
    (Linux, macOS), workers are forked from this process after the hand
    evaluator's tables are built (or the batch kernels compiled), so each
    starts warm and a caller's script
    need not guard its top level with ``if __name__ == "__main__"``;
    elsewhere they are spawned. Parts are handed to the pool a few per
    worker at a time, so a job of any size holds a bounded number of them;
    on an error or Ctrl-C (``KeyboardInterrupt``, re-raised) the parts not
    started are dropped and the workers ended before it returns.

    Raises:
        InvalidInputError: for fewer than one worker.
    """
    if type(workers) is not int or workers < 1:
        raise InvalidInputError(f"workers must be a positive int, got {workers!r}")
    results: list[ChunkResult] = []
    batch = job.engine_used == "batch"
    if workers == 1 or _part_count(job, workers) == 1:
        for first, count in parts(job, workers):
            for result in run_chunks(job, first, count):
                results.append(result)
                if on_chunk is not None:
                    on_chunk(result)
        return combine(job, results)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    # build the evaluator's tables (or the batch kernels) once, before the fork
    if batch:
        warm_batch(job)
    else:
        rank_codes((0, 4, 8, 12, 17, 21, 25))
    processes = min(workers, _part_count(job, workers))
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=processes,
        mp_context=context,
        initializer=_ignore_interrupts,
    )
    # parts are submitted as others finish, a few per worker in flight, so
    # a job of any size holds a bounded number of futures (and Ctrl-C has
    # little to cancel); combine sums them in chunk order whatever the order
    # they finish in
    todo = parts(job, workers)
    in_flight: set[concurrent.futures.Future[tuple[ChunkResult, ...]]] = set()
    try:
        while True:
            room = IN_FLIGHT_PER_WORKER * processes - len(in_flight)
            for first, count in itertools.islice(todo, room):
                in_flight.add(pool.submit(run_chunks, job, first, count))
            if not in_flight:
                break
            done, in_flight = concurrent.futures.wait(
                in_flight, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                for result in future.result():
                    results.append(result)
                    if on_chunk is not None:
                        on_chunk(result)
    except BaseException:
        # Ctrl-C or a failed part: drop the parts not started and stop the
        # workers now (they ignore SIGINT), rather than let them finish
        _stop(pool)
        raise
    pool.shutdown()
    return combine(job, results)


def _stop(pool: concurrent.futures.ProcessPoolExecutor) -> None:
    """Cancel ``pool``'s pending chunks and end its workers at once."""
    # the executor has no public way to end its workers before Python 3.14
    # (``terminate_workers``); its process table is read before the shutdown
    # forgets it
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()
    for process in workers:
        process.join(timeout=2)
        if process.is_alive():
            process.kill()
            process.join(timeout=2)


def _ignore_interrupts() -> None:
    """In a worker: leave Ctrl-C to the parent, which cancels the work."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def import_ray() -> Any:
    """The ``ray`` module.

    Raises:
        InvalidInputError: when Ray is not installed, saying how to install it.
    """
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise InvalidInputError(
            "Ray is not installed: pip install 'holdem[ray]' to run on a cluster"
        ) from None


def run_on_ray(
    job: SimulationJob, address: str | None, *, on_chunk: OnChunk | None = None
) -> SimulationResult:
    """Play every chunk of ``job`` as Ray tasks; the same result as the pool.

    Args:
        job: the simulation.
        address: the cluster to join (``"auto"``, ``"HOST:PORT"`` or
            ``"ray://HOST:PORT"``); ignored when Ray is already initialized
            in this process (e.g. ``ray.init(num_cpus=2)`` for a local one).
        on_chunk: called as each chunk finishes.

    The chunks go out in ``parts`` for the cluster's CPUs, a few parts per
    CPU at a time; on an error or Ctrl-C the tasks sent are cancelled before
    it is re-raised.

    Raises:
        InvalidInputError: when Ray is not installed, or no cluster answers
            at ``address``.
    """
    ray = import_ray()
    if not ray.is_initialized():
        try:
            ray.init(address=address, log_to_driver=False)
        except Exception as error:  # Ray's own errors: no cluster there
            raise InvalidInputError(
                f"cannot join the Ray cluster at {address!r}: {error}"
            ) from None
    task = ray.remote(run_chunks)
    # as with the pool, a few parts per CPU of the cluster in flight
    cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
    limit = IN_FLIGHT_PER_WORKER * cpus
    todo = parts(job, cpus)
    pending: list[Any] = []
    results: list[ChunkResult] = []
    try:
        while True:
            for first, count in itertools.islice(todo, limit - len(pending)):
                pending.append(task.remote(job, first, count))
            if not pending:
                break
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                for result in ray.get(ref):
                    results.append(result)
                    if on_chunk is not None:
                        on_chunk(result)
    except BaseException:
        for ref in pending:  # Ctrl-C or a failed part: stop the tasks sent
            ray.cancel(ref, force=True)
        raise
    return combine(job, results)
