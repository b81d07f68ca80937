"""``holdem simulate --tournament sng|mtt``: a bot tournament to one winner.

Plays the default sit-and-go or multi-table structure with the entries as
bots (``holdem.tournament.play_bot_tournament``): the seat draw, levels,
balancing, breaking, hand for hand and payouts all on, the chips checked
after every hand. Prints the places paid with their prizes, then the hands,
moves and speed. The same seed gives the same places.
"""

from __future__ import annotations

import datetime
import time
from collections.abc import Sequence

import click

from holdem.tournament import (
    Kind,
    TournamentRun,
    default_mtt,
    default_sng,
    play_bot_tournament,
)

__all__ = ["DEFAULT_ENTRIES", "report_lines", "run_tournament"]

DEFAULT_ENTRIES = {Kind.SIT_AND_GO: 6, Kind.MULTI_TABLE: 1000}
"""Entries when ``--entries`` is not given."""

_START = datetime.datetime(2024, 1, 1, 18, 0, tzinfo=datetime.UTC)


def run_tournament(kind: Kind, entries: int, seed: int, bots: Sequence[str]) -> None:
    """Play and print one bot tournament (the command's work).

    Raises:
        click.UsageError: a sit-and-go of more than 10 entries.
    """
    if kind is Kind.SIT_AND_GO:
        if entries > 10:
            raise click.UsageError(
                f"a sit-and-go is one table of 2 to 10 entries, got {entries}"
            )
        structure = default_sng(entries)
    else:
        structure = default_mtt(_START)
    started = time.perf_counter()
    run = play_bot_tournament(structure, entries=entries, bots=bots, seed=seed)
    seconds = time.perf_counter() - started
    for line in report_lines(run, seed, bots, seconds):
        click.echo(line)


def report_lines(
    run: TournamentRun, seed: int, bots: Sequence[str], seconds: float
) -> list[str]:
    """The places paid, their prizes, and the run's numbers."""
    tournament = run.tournament
    structure = tournament.structure
    entries = len(tournament.entries)
    kinds = {f"p{n}": bots[(n - 1) % len(bots)] for n in range(1, entries + 1)}
    prizes = tournament.prizes()
    lines = [
        f"{structure.kind.value} tournament: {entries:,} entries, buy-in"
        f" {structure.buy_in:,} + fee {structure.fee:,}, prize pool"
        f" {tournament.prize_pool:,}, {tournament.places_paid} places paid,"
        f" seed {seed}",
        f"{'place':>9}  {'entry':8} {'bot':18} {'prize':>9}",
    ]
    for placing in tournament.standings:
        if placing.first_place > tournament.places_paid:
            break
        places = (
            str(placing.first_place)
            if placing.first_place == placing.last_place
            else f"{placing.first_place}-{placing.last_place}"
        )
        for entry in placing.entries:
            lines.append(
                f"{places:>9}  {entry:8} {kinds[entry]:18} {prizes[entry]:>9,}"
            )
    paid = sum(prizes.values())
    rate = run.hands / seconds if seconds else float("inf")
    lines += [
        f"prizes paid: {paid:,} of a {tournament.prize_pool:,} pool"
        f" ({len(prizes)} entries in the money)",
        f"{run.hands:,} hands at {run.tables_at_start} table"
        f"{'' if run.tables_at_start == 1 else 's'}"
        f" ({run.hand_for_hand_hands} hand for hand), {run.balance_moves} moves"
        f" to balance, {run.break_moves} from broken tables,"
        f" {run.minutes:,.0f} simulated minutes",
        f"chips conserved after every hand: {entries * structure.starting_stack:,}",
        f"{seconds:.1f} s, {rate:,.0f} hands/s",
    ]
    return lines
