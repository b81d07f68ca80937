"""``holdem simulate``: bots only, full speed, over every core or a Ray cluster.

The job is cut into chunks of hands, each a fresh table seeded from the
seed and the chunk's index (``holdem.sim``), so the numbers are the same
for the same seed whatever ``--workers`` is, and on Ray. Built-in bots with
a vectorised policy (random, calling-station, tight-aggressive) play on the
batch engine (numba); the equity bot and users' bots (``module:name``) on
the reference table; the second line of the output says which, and why.
The output has a row per seat (bot, hands, chips won, bb/100 with its 95%
confidence interval) and a line saying that chips were conserved, with the
totals before and after; when they were not, the line says so and the exit
status is 1. Bad options exit with status 2.

A run estimated at more than a minute says so on stderr before it starts.
Ctrl-C (SIGINT) stops a run at once: the chunks not started are dropped,
the worker processes ended, "interrupted" printed on stderr, and the exit
status is 130.
"""

from __future__ import annotations

import math
import os
import signal
import sys
import threading

import click
from click.core import ParameterSource
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)

from holdem.cli.options import WholeNumberRange
from holdem.cli.simulate_tournament import DEFAULT_ENTRIES, run_tournament
from holdem.errors import HoldemError
from holdem.rules import Structure
from holdem.rules.config import MAX_CHIPS
from holdem.sim import (
    ENGINES,
    ChunkResult,
    SimulationJob,
    SimulationResult,
    parse_bot_kinds,
    run_on_ray,
    run_simulation,
)
from holdem.tournament import MAX_ENTRIES, Kind

__all__ = ["blinds_option", "parse_blinds", "simulate"]


def parse_blinds(text: str) -> tuple[int, int]:
    """``"1/2"`` -> ``(1, 2)``: small blind and big blind in chips.

    Raises:
        click.BadParameter: for anything but two whole numbers of chips.
    """
    parts = text.split("/")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise click.BadParameter(
            f"{text!r}: give the small and big blind as SB/BB, e.g. 1/2"
        )
    small_blind, big_blind = (int(p) for p in parts)
    if big_blind > MAX_CHIPS or small_blind > MAX_CHIPS:
        raise click.BadParameter(
            f"{text[:60]!r}: a blind is at most {MAX_CHIPS:,} chips"
        )
    return small_blind, big_blind


def blinds_option(
    ctx: click.Context, param: click.Parameter, value: str
) -> tuple[int, int]:
    """Click callback of ``--blinds``: ``parse_blinds``."""
    return parse_blinds(value)


# the job counts hands with the same bound as chips; a count of hands is
# checked here so the message speaks of hands, not chips
MAX_HANDS = MAX_CHIPS


DEFAULT_BOTS = ("tight-aggressive", "calling-station", "random")
"""The bots of ``--bots`` not given, dealt to the seats in turn."""

# CPU seconds per hand at six seats, measured (time.process_time, 2,000
# hands, this 2-core machine) and rounded up: about 0.29 ms with the
# default bots, 0.07 s when equity bots play (they deal boards to decide);
# on the batch engine about 3 us (1,000,000 hands of the default bots)
_SECONDS_PER_HAND = 3e-4
_SECONDS_PER_HAND_EQUITY = 0.1
_SECONDS_PER_HAND_BATCH = 5e-6
_WARN_SECONDS = 60
_INTERRUPTED = 130  # 128 + SIGINT, as shells report it


def estimate_seconds(job: SimulationJob, workers: int) -> float:
    """Rough wall seconds ``job`` takes on ``workers`` processes."""
    if job.engine_used == "batch":
        per_hand = _SECONDS_PER_HAND_BATCH
    elif "equity" in job.bots:
        per_hand = _SECONDS_PER_HAND_EQUITY
    else:
        per_hand = _SECONDS_PER_HAND
    return job.hands * per_hand * job.players / 6 / min(workers, job.chunks)


def _duration(seconds: float) -> str:
    """``90`` -> ``"2 minutes"``: a rough duration in its largest unit."""
    for unit, size in (("year", 365 * 86400), ("day", 86400), ("hour", 3600)):
        if seconds >= 2 * size:
            return _count(round(seconds / size), unit)
    return _count(max(1, round(seconds / 60)), "minute")


def _workers(job: SimulationJob, workers: int) -> str:
    """``2 workers``; fewer than asked with the reason: one chunk per worker.

    >>> _workers(SimulationJob(hands=500, bots=("random",) * 2, seed=1), 2)[:15]
    '1 worker (of 2:'
    """
    used = min(workers, job.chunks)
    if used == workers:
        return _count(used, "worker")
    return (
        f"{_count(used, 'worker')} (of {workers}: the {job.hands:,} hands are"
        f" {_count(job.chunks, 'chunk')} of up to {job.chunk_hands:,}, and a"
        " chunk is one worker's; a smaller --chunk-hands gives more)"
    )


def _count(number: int, noun: str) -> str:
    """``1 worker``, ``2 workers``: a count with its noun in the right number."""
    return f"{number:,} {noun}{'' if number == 1 else 's'}"


@click.command()
@click.option(
    "--hands",
    type=WholeNumberRange(1, MAX_HANDS),
    default=10_000,
    show_default=True,
    help="Number of hands to deal.",
)
@click.option("--players", type=WholeNumberRange(2, 10), default=6, show_default=True)
@click.option(
    "--bots",
    default=",".join(DEFAULT_BOTS),
    show_default=True,
    help="Bot kinds dealt to the seats in turn: random, calling-station,"
    " tight-aggressive, equity (aliases calling, tag), or your own as"
    " module:name (called with a seeded random.Random, returns a bot).",
)
@click.option("--seed", type=int, default=1, show_default=True)
@click.option(
    "--workers",
    type=WholeNumberRange(min=1),
    default=None,
    help="Processes (default: every core). The numbers do not depend on it.",
)
@click.option(
    "--blinds", default="1/2", show_default=True, callback=blinds_option, help="SB/BB."
)
@click.option(
    "--stack",
    type=WholeNumberRange(1, MAX_CHIPS),
    default=200,
    show_default=True,
    help="Chips each player buys in with, and again when broke. All a table's"
    " chips (stacks and rebuys over a chunk) must fit one stack: at most"
    " 10**15 / (players + (players - 1) x (chunk-hands - 1)).",
)
@click.option(
    "--structure",
    type=click.Choice([s.value for s in Structure]),
    default=Structure.NO_LIMIT.value,
    show_default=True,
)
@click.option(
    "--chunk-hands",
    type=WholeNumberRange(1, MAX_HANDS),
    default=1000,
    show_default=True,
    help="Hands per fresh table; part of the job (another size deals other cards).",
)
@click.option(
    "--engine",
    type=click.Choice(ENGINES),
    default="auto",
    show_default=True,
    help="batch: numba, for random, calling-station and tight-aggressive;"
    " table: Table and HandState, the reference, any bot; auto: batch when"
    " every bot has a policy there. Part of the job (they deal other cards).",
)
@click.option(
    "--ray",
    "ray_address",
    metavar="ADDRESS",
    default=None,
    help="Run on a Ray cluster (auto, HOST:PORT); needs holdem[ray]. auto joins"
    " one already running here (start it with 'ray start --head').",
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar on stderr (default: on a terminal).",
)
@click.option(
    "--tournament",
    type=click.Choice([k.value for k in Kind]),
    default=None,
    help="Play a bot tournament to one winner instead: a sit-and-go (sng) or"
    " a multi-table tournament (mtt); prints the places and prizes.",
)
@click.option(
    "--entries",
    type=WholeNumberRange(2, MAX_ENTRIES),
    default=None,
    help="Entries of --tournament (default: 6 for sng, 1000 for mtt).",
)
def simulate(
    hands: int,
    players: int,
    bots: str,
    seed: int,
    workers: int | None,
    blinds: tuple[int, int],
    stack: int,
    structure: str,
    chunk_hands: int,
    engine: str,
    ray_address: str | None,
    progress: bool | None,
    tournament: str | None,
    entries: int | None,
) -> None:
    """Simulate bots playing hand after hand; chips won and bb/100 per seat."""
    if tournament is not None or entries is not None:
        _tournament(tournament, entries, bots, seed)
        return
    try:
        kinds = (
            tuple(DEFAULT_BOTS[i % len(DEFAULT_BOTS)] for i in range(players))
            if click.get_current_context().get_parameter_source("bots")
            is ParameterSource.DEFAULT
            else parse_bot_kinds(bots, players, user_bots=True)
        )
        job = SimulationJob(
            hands=hands,
            bots=kinds,
            seed=seed,
            structure=Structure(structure),
            small_blind=blinds[0],
            big_blind=blinds[1],
            stack=stack,
            chunk_hands=chunk_hands,
            engine=engine,
        )
    except HoldemError as error:
        raise click.UsageError(str(error)) from None
    workers = workers or os.cpu_count() or 1
    if ray_address is None and (seconds := estimate_seconds(job, workers)) > (
        _WARN_SECONDS
    ):
        click.echo(
            f"holdem: about {_duration(seconds)} for {job.hands:,} hands on"
            f" {_workers(job, workers)} (estimated); Ctrl-C stops it",
            err=True,
        )
    # take Ctrl-C even when the shell started us ignoring it (a script's
    # ``&`` job), as ``holdem equity`` does
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if ignored and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
    console = Console(stderr=True)
    if progress is None:
        progress = console.is_terminal
    bar = Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("hands"),
        TimeRemainingColumn(),
        console=console,
        transient=True,
        disable=not progress,
    )
    with bar:
        task = bar.add_task("simulate", total=job.hands)

        def advance(chunk: ChunkResult) -> None:
            bar.advance(task, chunk.hands)

        try:
            if ray_address is not None:
                result = run_on_ray(job, ray_address, on_chunk=advance)
            else:
                result = run_simulation(job, workers=workers, on_chunk=advance)
        except HoldemError as error:
            raise click.UsageError(str(error)) from None
        except KeyboardInterrupt:
            bar.stop()
            click.echo("holdem: interrupted (Ctrl-C); no result", err=True)
            sys.exit(_INTERRUPTED)
    where = f"Ray at {ray_address}" if ray_address else _workers(job, workers)
    click.echo(
        f"{job.hands:,} hands, {job.players} players, {structure}"
        f" {blinds[0]}/{blinds[1]}, {stack}-chip stacks, seed {seed}"
        f" ({_count(job.chunks, 'chunk')} of {job.chunk_hands}; {where})"
    )
    click.echo(f"engine: {_ENGINE_NAMES[job.engine_used]}: {job.engine_reason}")
    for line in report_lines(result):
        click.echo(line)
    if not result.chips_conserved:
        raise SystemExit(1)


_ENGINE_NAMES = {
    "batch": "batch (holdem.batch, numba)",
    "table": "table (Table and HandState, the reference)",
}

_CASH_ONLY: tuple[str, ...] = ("hands", "players", "workers", "blinds", "stack")
_CASH_ONLY += ("structure", "chunk_hands", "engine", "ray_address", "progress")


def _tournament(kind: str | None, entries: int | None, bots: str, seed: int) -> None:
    """``--tournament``: a bot tournament to one winner (``simulate_tournament``)."""
    ctx = click.get_current_context()
    if kind is None:
        raise click.UsageError("--entries goes with --tournament sng or mtt")
    given = [
        f"--{name.replace('_', '-').replace('-address', '')}"
        for name in _CASH_ONLY
        if ctx.get_parameter_source(name) is not ParameterSource.DEFAULT
    ]
    if given:
        raise click.UsageError(
            f"{', '.join(given)} set a cash-game simulation; a tournament takes"
            " --entries, --seed and --bots"
        )
    tournament_kind = Kind(kind)
    count = entries or DEFAULT_ENTRIES[tournament_kind]
    try:
        kinds = (
            DEFAULT_BOTS
            if ctx.get_parameter_source("bots") is ParameterSource.DEFAULT
            else parse_bot_kinds(bots, len(bots.split(",")))
        )
        run_tournament(tournament_kind, count, seed, kinds)
    except HoldemError as error:
        raise click.UsageError(str(error)) from None


def report_lines(result: SimulationResult) -> list[str]:
    """The per-seat table and the chips line of ``result``."""
    lines = [
        f"{'seat':>4}  {'bot':16} {'hands':>9} {'chips won':>11} {'bb/100':>9}  95% CI"
    ]
    for p in result.players:
        ci = "n/a" if math.isnan(p.ci95) else f"±{p.ci95:.1f}"
        lines.append(
            f"{p.seat:>4}  {p.bot:16} {p.hands:>9,} {p.won:>+11,}"
            f" {p.bb_per_100:>+9.1f}  {ci}"
        )
    if len(result.bots) < len(result.players):  # a bot kind plays several seats
        lines.append("by bot, its seats pooled (bb/100 per seat):")
        for b in result.bots:
            ci = "n/a" if math.isnan(b.ci95) else f"±{b.ci95:.1f}"
            lines.append(
                f"{b.seats:>4}x {b.bot:16}{b.hands:>9,} {b.won:>+11,}"
                f" {b.bb_per_100:>+9.1f}  {ci}"
            )
    after = f"{result.stacks + result.rake:,} after (stacks {result.stacks:,}"
    after += f" + rake {result.rake:,})"
    if result.chips_conserved:
        lines.append(
            f"chips conserved: {result.bought_in:,} before (buy-ins and rebuys),"
            f" {after}"
        )
    else:
        lines.append(
            f"chips NOT conserved: {result.bought_in:,} before, {after};"
            f" {result.unbalanced_hands} hands did not balance"
        )
    return lines
