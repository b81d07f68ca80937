"""The simulation runner: same numbers whatever the workers, every chip counted.

The chunk's bookkeeping is checked against the table driven directly here
(stacks read from the table before and after each hand, rebuys counted), and
the confidence interval against ``statistics.stdev``. Both engines: the
batch engine for bots it has policies for, the table for any other
(``tests/sim/test_batch_chunks.py`` holds the batch chunks to the reference).
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
import sys

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli
from holdem.errors import InvalidInputError
from holdem.sim import (
    SimulationJob,
    combine,
    derive_seed,
    make_bot,
    run_chunk,
    run_chunks,
    run_on_ray,
    run_simulation,
)
from holdem.table import Table

JOB = SimulationJob(
    hands=90,
    bots=("random", "tight-aggressive", "calling-station", "random"),
    seed=5,
    chunk_hands=40,
)
TABLE_JOB = dataclasses.replace(JOB, engine="table")


def test_a_job_is_cut_into_fixed_chunks_the_last_one_shorter():
    assert JOB.chunks == 3
    assert [JOB.chunk_size(c) for c in range(3)] == [40, 40, 10]


def test_built_in_bots_play_on_the_batch_engine_others_on_the_table():
    assert JOB.engine_used == "batch"
    assert JOB.batch_policies == (
        "uniform",
        "tight-aggressive",
        "calling-station",
        "uniform",
    )
    assert TABLE_JOB.engine_used == "table"
    equity = dataclasses.replace(JOB, bots=("equity", "random"))
    assert equity.engine_used == "table"
    assert "no policy for equity" in equity.engine_reason
    user = dataclasses.replace(JOB, bots=("holdem.table:RandomBot", "random"))
    assert user.engine_used == "table"
    assert "a user's bot (holdem.table:RandomBot)" in user.engine_reason
    with pytest.raises(InvalidInputError, match="no policy for equity"):
        dataclasses.replace(equity, engine="batch")
    with pytest.raises(InvalidInputError, match="unknown engine 'numba'"):
        dataclasses.replace(JOB, engine="numba")


@pytest.mark.parametrize("job", [JOB, TABLE_JOB], ids=["batch", "table"])
def test_the_same_job_gives_the_same_numbers_with_one_or_two_workers(job):
    one = run_simulation(job, workers=1)
    two = run_simulation(job, workers=2)
    assert one == two
    assert one.hands == 90
    assert one.chips_conserved


def test_R_DEAL_4_a_larger_batch_job_gives_the_same_totals_in_any_parts():
    # 40 chunks: one part in this process, several in each of 2 or 3 workers
    job = dataclasses.replace(JOB, hands=4000, chunk_hands=100, bots=("random",) * 6)
    one = run_simulation(job, workers=1)
    assert one == run_simulation(job, workers=2) == run_simulation(job, workers=3)
    pieces = [*run_chunks(job, 0, 7), *run_chunks(job, 7, 1), *run_chunks(job, 8, 32)]
    assert combine(job, pieces) == one
    assert one.chips_conserved and one.bought_in > 40 * 6 * 200


def test_a_users_bot_plays_on_the_table_as_the_built_in_one():
    # holdem.table:RandomBot called with the seat's seeded RNG is the bot
    # that "random" makes: the same hands, the same numbers
    users = dataclasses.replace(
        JOB, hands=40, bots=("holdem.table:RandomBot", "calling-station")
    )
    built_in = dataclasses.replace(
        users, bots=("random", "calling-station"), engine="table"
    )
    assert users.engine_used == "table"
    mine, theirs = run_simulation(users), run_simulation(built_in)
    assert [p.won for p in mine.players] == [p.won for p in theirs.players]
    assert mine.players[0].bot == "holdem.table:RandomBot"


@pytest.mark.parametrize(
    ("bot", "message"),
    [
        ("no_such_module_here:Bot", "cannot import 'no_such_module_here'"),
        ("holdem.table:NoSuchBot", "has no callable 'NoSuchBot'"),
    ],
)
def test_a_users_bot_that_cannot_be_made_is_refused(bot, message):
    with pytest.raises(InvalidInputError, match=message):
        SimulationJob(hands=10, bots=(bot, "random"), seed=1)


def test_chunks_combine_in_chunk_order_whatever_order_they_finish():
    chunks = [run_chunk(JOB, c) for c in range(JOB.chunks)]
    assert combine(JOB, chunks[::-1]) == combine(JOB, chunks)
    with pytest.raises(InvalidInputError, match="got chunks"):
        combine(JOB, chunks[:2])
    with pytest.raises(InvalidInputError, match="got chunks"):
        combine(JOB, [*chunks, chunks[0]])


def drive_chunk_by_hand(job: SimulationJob, chunk: int):
    """Play a chunk at a table driven here; per-seat hand-by-hand deltas."""
    table = Table(job.table_config(), rng=random.Random(derive_seed(job.seed, chunk)))
    bots = {
        seat: make_bot(kind, random.Random(derive_seed(job.seed, chunk, seat)))
        for seat, kind in enumerate(job.bots, 1)
    }
    for seat in bots:
        table.join(seat, f"P{seat}", job.stack)
    bought = dict.fromkeys(bots, job.stack)
    deltas = {seat: [] for seat in bots}
    for _ in range(job.chunk_size(chunk)):
        for info in table.players:
            if info.stack == 0:
                table.rebuy(info.seat, job.stack)
                bought[info.seat] += job.stack
        before = {p.seat: p.stack for p in table.players}
        table.play_hand(bots)
        for p in table.players:
            deltas[p.seat].append(p.stack - before[p.seat])
    final = {p.seat: p.stack for p in table.players}
    return bought, final, deltas


def test_a_chunk_counts_what_the_table_shows():
    result = run_chunk(JOB, 1)
    bought, final, deltas = drive_chunk_by_hand(JOB, 1)
    assert result.bought_in == sum(bought.values())
    assert result.stacks == sum(final.values())
    assert result.won == tuple(final[s] - bought[s] for s in sorted(final))
    assert result.won_squared == tuple(
        sum(d * d for d in deltas[s]) for s in sorted(deltas)
    )
    assert result.unbalanced_hands == 0


def test_bb_per_100_and_its_95_percent_interval():
    job = dataclasses.replace(TABLE_JOB, hands=40)  # a single chunk
    result = run_simulation(job)
    _, _, deltas = drive_chunk_by_hand(job, 0)
    for player in result.players:
        hands = deltas[player.seat]
        assert player.bb_per_100 == pytest.approx(100 * sum(hands) / 40 / 2)
        half_width = 1.959964 * statistics.stdev(hands) / math.sqrt(40) * 100 / 2
        assert player.ci95 == pytest.approx(half_width, rel=1e-6)
    # the two random bots (seats 1 and 4) pooled: per seat, hand by hand
    pooled = [a + b for a, b in zip(deltas[1], deltas[4], strict=True)]
    (random_bots,) = [b for b in result.bots if b.bot == "random"]
    assert (random_bots.seats, random_bots.won) == (2, sum(pooled))
    assert random_bots.bb_per_100 == pytest.approx(100 * sum(pooled) / 40 / 2 / 2)
    half_width = 1.959964 * statistics.stdev(pooled) / math.sqrt(40) * 100 / 2 / 2
    assert random_bots.ci95 == pytest.approx(half_width, rel=1e-6)
    assert [b.bot for b in result.bots] == [
        "random",
        "tight-aggressive",
        "calling-station",
    ]


def test_chips_are_conserved_before_and_after():
    result = run_simulation(JOB)
    assert result.bought_in == result.stacks + result.rake
    assert sum(p.won for p in result.players) == -result.rake == 0
    tampered = dataclasses.replace(result, stacks=result.stacks + 1)
    assert not tampered.chips_conserved


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"bots": ("random",)}, "2 to 10 players"),
        ({"bots": ("random",) * 11}, "2 to 10 players"),
        ({"bots": ("random", "shark")}, "unknown bot 'shark'"),
        ({"hands": 0}, "hands must be positive"),
        ({"stack": 2.5}, "stack must be a whole number of chips"),
        ({"small_blind": 3}, "small blind 3 is above the big blind 2"),
    ],
)
def test_a_bad_job_is_refused_with_a_clear_message(changes, message):
    fields = {
        "hands": 10,
        "bots": ("random", "random"),
        "seed": 1,
        **changes,
    }
    with pytest.raises(InvalidInputError, match=message):
        SimulationJob(**fields)


def test_workers_must_be_positive():
    with pytest.raises(InvalidInputError, match="workers must be a positive int"):
        run_simulation(JOB, workers=0)


def test_without_ray_installed_the_ray_runner_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray -> ImportError
    with pytest.raises(InvalidInputError, match=r"pip install 'holdem\[ray\]'"):
        run_on_ray(JOB, "auto")


def test_a_local_ray_instance_gives_the_same_totals_as_the_process_pool():
    ray = pytest.importorskip("ray", reason="Ray is the optional extra holdem[ray]")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    args = ["simulate", "--hands", "90", "--chunk-hands", "40", "--seed", "5"]
    try:
        on_ray = run_on_ray(JOB, None)  # the batch engine
        table_on_ray = run_on_ray(TABLE_JOB, None)
        # the command line joins the running instance (already initialized)
        cli_ray = CliRunner().invoke(cli, [*args, "--ray", "auto"])
    finally:
        ray.shutdown()
    assert on_ray == run_simulation(JOB, workers=2)
    assert table_on_ray == run_simulation(TABLE_JOB, workers=2)
    cli_pool = CliRunner().invoke(cli, [*args, "--workers", "2"])
    assert cli_ray.exit_code == cli_pool.exit_code == 0, cli_ray.output
    assert "Ray at auto" in cli_ray.output
    assert cli_ray.output.splitlines()[1:] == cli_pool.output.splitlines()[1:]


class _FakeRay:
    """Just enough of Ray to count the tasks in flight (2 CPUs)."""

    def __init__(self):
        self.in_flight = 0
        self.most = 0
        self.cancelled = 0

    def is_initialized(self):
        return True

    def cluster_resources(self):
        return {"CPU": 2.0}

    def remote(self, function):
        fake = self

        class Task:
            def remote(self, *args):
                fake.in_flight += 1
                fake.most = max(fake.most, fake.in_flight)
                return args

        return Task()

    def wait(self, refs, num_returns):
        self.in_flight -= 1
        return refs[:1], refs[1:]

    def get(self, ref):
        return run_chunks(*ref)

    def cancel(self, ref, force):
        self.cancelled += 1


def test_ray_gets_a_few_chunks_per_cpu_at_a_time(monkeypatch):
    job = dataclasses.replace(TABLE_JOB, hands=50, chunk_hands=2)  # 25 chunks
    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    assert run_on_ray(job, None) == run_simulation(job, workers=1)
    assert fake.most == 3 * 2  # not the 25 chunks at once

    def interrupt(chunk):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_on_ray(job, None, on_chunk=interrupt)
    assert fake.cancelled == 3 * 2 - 1  # the ones still in flight
    # on the batch engine, a few parts of several chunks per CPU
    fake = _FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    batch = dataclasses.replace(job, engine="auto")
    assert run_on_ray(batch, None) == run_simulation(batch, workers=1)
    assert fake.most == 3 * 2
