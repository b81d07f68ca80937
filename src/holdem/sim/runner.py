"""Run a simulation's chunks: in this process, in a process pool, or on Ray.

Every way runs the same chunks (``holdem.sim.job``) and sums them in chunk
order, so the same job gives the same numbers with 1 worker, W workers or a
Ray cluster. Ray is an optional extra (``pip install 'holdem[ray]'``),
imported only when asked for.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import itertools
import multiprocessing
import signal
from collections.abc import Callable
from typing import Any

from holdem.errors import InvalidInputError
from holdem.eval import rank_codes
from holdem.sim.job import ChunkResult, SimulationJob, run_chunk
from holdem.sim.results import SimulationResult, combine

__all__ = ["run_on_ray", "run_simulation"]

IN_FLIGHT_PER_WORKER = 3
"""Chunks submitted to the pool and not yet collected, per worker process."""

OnChunk = Callable[[ChunkResult], None]
"""Called as each chunk finishes (in the order they finish), e.g. for progress."""


def run_simulation(
    job: SimulationJob, *, workers: int = 1, on_chunk: OnChunk | None = None
) -> SimulationResult:
    """Play every chunk of ``job`` with ``workers`` processes; the summed result.

    One worker plays in this process; more use a
    ``concurrent.futures.ProcessPoolExecutor``. Where the system can fork
    (Linux, macOS), workers are forked from this process after the hand
    evaluator's tables are built, so each starts warm and a caller's script
    need not guard its top level with ``if __name__ == "__main__"``;
    elsewhere they are spawned. Chunks are handed to the pool a few per
    worker at a time, so a job of any size holds a bounded number of them;
    on an error or Ctrl-C (``KeyboardInterrupt``, re-raised) the chunks not
    started are dropped and the workers ended before it returns.

    Raises:
        InvalidInputError: for fewer than one worker.
    """
    if type(workers) is not int or workers < 1:
        raise InvalidInputError(f"workers must be a positive int, got {workers!r}")
    results: list[ChunkResult] = []
    if workers == 1 or job.chunks == 1:
        for chunk in range(job.chunks):
            results.append(run_chunk(job, chunk))
            if on_chunk is not None:
                on_chunk(results[-1])
        return combine(job, results)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    rank_codes((0, 4, 8, 12, 17, 21, 25))  # build the evaluator's tables once
    processes = min(workers, job.chunks)
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=processes,
        mp_context=context,
        initializer=_ignore_interrupts,
    )
    # chunks are submitted as others finish, a few per worker in flight, so
    # a job of any size holds a bounded number of futures (and Ctrl-C has
    # little to cancel); combine sums them in chunk order whatever the order
    # they finish in
    chunks = iter(range(job.chunks))
    in_flight: set[concurrent.futures.Future[ChunkResult]] = set()
    try:
        while True:
            room = IN_FLIGHT_PER_WORKER * processes - len(in_flight)
            for chunk in itertools.islice(chunks, room):
                in_flight.add(pool.submit(run_chunk, job, chunk))
            if not in_flight:
                break
            done, in_flight = concurrent.futures.wait(
                in_flight, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                results.append(future.result())
                if on_chunk is not None:
                    on_chunk(results[-1])
    except BaseException:
        # Ctrl-C or a failed chunk: drop the chunks not started and stop the
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

    A few chunks per CPU of the cluster are sent at a time; on an error or
    Ctrl-C the tasks sent are cancelled before it is re-raised.

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
    task = ray.remote(run_chunk)
    # as with the pool, a few chunks per CPU of the cluster in flight
    cpus = int(ray.cluster_resources().get("CPU", 1))
    limit = IN_FLIGHT_PER_WORKER * max(1, cpus)
    chunks = iter(range(job.chunks))
    pending: list[Any] = []
    results: list[ChunkResult] = []
    try:
        while True:
            for chunk in itertools.islice(chunks, limit - len(pending)):
                pending.append(task.remote(job, chunk))
            if not pending:
                break
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                results.append(ray.get(ref))
                if on_chunk is not None:
                    on_chunk(results[-1])
    except BaseException:
        for ref in pending:  # Ctrl-C or a failed chunk: stop the tasks sent
            ray.cancel(ref, force=True)
        raise
    return combine(job, results)
