"""``holdem evaluate`` and ``holdem equity``: hand strength from the command line.

Bad input (a malformed card or range, a card twice, a wrong number of cards,
more players than the deck allows, hands that cannot all be dealt, a run over
the limits) is a usage error: a one-line message and exit status 2, no
traceback. Messages name the flags (``--samples N``, ``--exact``), not the
library's arguments.

A run estimated at more than a minute says so on stderr before it starts.
Ctrl-C (SIGINT) stops a run within a second, with or without a terminal:
the library runs its compiled kernels in short chunks, and this command
takes SIGINT even when started with it ignored (as a background job of a
script is); it prints "interrupted" on stderr and exits with status 130.
"""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import click

from holdem.cards import parse_cards
from holdem.equity.calc import EquityPlan
from holdem.equity.limits import MAX_SAMPLES, EquityLimitError
from holdem.errors import HoldemError
from holdem.eval import evaluate as evaluate_hand
from holdem.eval.value import HandCategory

__all__ = ["equity", "estimate_seconds", "evaluate"]

# Seconds per hand evaluation (one board for one hand), measured on an idle
# 2-core machine (benchmarks/equity.py) and rounded up: the compiled
# enumeration evaluates a hand in about 7.5 ns (so EXACT_LIMIT boards take
# about 30 s heads-up), Monte Carlo in about 23 ns with two-card hands and
# 55 to 130 ns with ranges (it draws their combos and redraws clashes); pure
# Python in about 0.6 us to enumerate, 2 to 5 us to sample. A busy machine
# is slower.
_SECONDS_PER_EVALUATION = {
    "exact": 1e-8,
    "sample": 3e-8,
    "sample ranges": 1e-7,
    "python exact": 8e-7,
    "python sample": 5e-6,
}
_WARN_SECONDS = 60
_INTERRUPTED = 130  # 128 + SIGINT, as shells report it


def estimate_seconds(plan: EquityPlan) -> float:
    """Rough seconds a run takes: evaluations times a measured cost each."""
    if not plan.compiled:
        kind = "python exact" if plan.exact else "python sample"
    elif plan.exact:
        kind = "exact"
    else:
        kind = "sample ranges" if plan.ranges else "sample"
    return plan.boards * plan.players * _SECONDS_PER_EVALUATION[kind]


def _duration(seconds: float) -> str:
    if seconds < 120:
        return f"{seconds:.0f} seconds"
    if seconds < 7200:
        return f"{seconds / 60:.0f} minutes"
    return f"{seconds / 3600:.1f} hours"


@contextmanager
def _usage_errors() -> Iterator[None]:
    """Turn holdem's input errors into click usage errors (exit status 2)."""
    try:
        yield
    except EquityLimitError as exc:
        raise click.UsageError(_cli_remedy(exc)) from None
    except HoldemError as exc:
        raise click.UsageError(str(exc)) from None


def _cli_remedy(error: EquityLimitError) -> str:
    """The library's refusal, with the flags that may work instead."""
    if error.remedy == "sample":
        return f"{error.reason}; use --samples N (Monte Carlo) instead"
    if error.remedy == "enumerate":
        return f"{error.reason}; narrow the ranges or use --exact"
    return f"{error.reason}; narrow the ranges"


def _count(n: int, noun: str) -> str:
    return f"{n:,} {noun}" if n == 1 else f"{n:,} {noun}s"


def _category_name(category: HandCategory) -> str:
    return category.name.lower().replace("_", " ")


@click.command(short_help="Evaluate one hand of 5, 6 or 7 cards.")
@click.argument("cards", nargs=-1, required=True)
def evaluate(cards: tuple[str, ...]) -> None:
    """Evaluate one hand of 5, 6 or 7 cards, e.g. AsKsQsJsTs9h2c (Jk is a joker)."""
    with _usage_errors():
        value = evaluate_hand(parse_cards("".join(cards)))
    click.echo(f"category:    {_category_name(value.category)}")
    click.echo(f"best five:   {' '.join(str(c) for c in value.best_five)}")
    click.echo(f"description: {value.describe()}")
    click.echo(f"rank:        {value.rank}")


@contextmanager
def _progress_bar(enabled: bool) -> Iterator[Callable[[int, int], None] | None]:
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("dealing boards", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def _percent(x: float) -> str:
    return f"{100 * x:7.3f}%"


@click.command(short_help="Equity of 2 to 10 hands or ranges.")
@click.argument("hands", nargs=-1, required=True)
@click.option(
    "--board",
    default="",
    help="Known board cards: 0, 3, 4 or 5 (flop, turn, river), e.g. Js5s2c.",
)
@click.option("--dead", default="", help="Cards out of play, e.g. 2c7d.")
@click.option("--exact", is_flag=True, help="Deal every possible board.")
@click.option(
    "--samples",
    type=int,
    default=None,
    help=f"Monte Carlo deals, 1 to {MAX_SAMPLES:,}.",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="Monte Carlo seed."
)
def equity(
    hands: tuple[str, ...],
    board: str,
    dead: str,
    exact: bool,
    samples: int | None,
    seed: int,
) -> None:
    """Equity of 2 to 10 HANDS: two cards (AsAh) or ranges ("QQ+,AKs,76s:0.5").

    With neither --exact nor --samples, every board is dealt when that is
    quick (at most 25,000,000 boards), else 1,000,000 random deals. --exact
    deals at most 2,000,000,000 boards (about 30 seconds); --samples is 1 to
    10,000,000,000. A run estimated at more than a minute says so first;
    Ctrl-C stops any run within a second.
    """
    from holdem.equity import equity as run
    from holdem.equity import plan_equity

    if exact and samples is not None:
        raise click.UsageError("choose --exact or --samples, not both")
    if samples is not None and not 1 <= samples <= MAX_SAMPLES:
        raise click.BadParameter(
            f"must be 1 to {MAX_SAMPLES:,} deals, got {samples:,}",
            param_hint="'--samples'",
        )
    how_exact = True if exact else None
    with _usage_errors():
        plan = plan_equity(
            list(hands), board, dead, exact=how_exact, samples=samples, seed=seed
        )
    seconds = estimate_seconds(plan)
    if seconds > _WARN_SECONDS:
        what = "boards" if plan.exact else "deals"
        click.echo(
            f"holdem: about {_duration(seconds)} for {plan.boards:,} {what}"
            " (estimated); Ctrl-C stops it",
            err=True,
        )
    # Python handles SIGINT between two chunks of the compiled kernels; take
    # it even when the shell started us ignoring it (a script's ``&`` job).
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    if ignored and threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.default_int_handler)
    # The bar is drawn between chunks of a million boards, so only runs long
    # enough to need it show it (and only on a terminal); a pure-Python run
    # is quick and does not load rich for it.
    bar = plan.compiled and sys.stderr.isatty()
    try:
        with _usage_errors(), _progress_bar(bar) as progress:
            result = run(
                list(hands),
                board,
                dead,
                exact=how_exact,
                samples=samples,
                seed=seed,
                progress=progress,
            )
    except KeyboardInterrupt:
        click.echo("holdem: interrupted (Ctrl-C); no result", err=True)
        sys.exit(_INTERRUPTED)
    how = (
        f"exact enumeration of {_count(result.boards, 'board')}"
        if result.exact
        else f"Monte Carlo, {_count(result.boards, 'deal')}, seed {result.seed}"
    )
    if result.board:
        how += f", board {''.join(str(c) for c in result.board)}"
    if result.dead:
        how += f", dead {''.join(str(c) for c in result.dead)}"
    click.echo(how)
    width = max(4, *(len(h.hand) for h in result.hands))
    click.echo(
        f"{'hand':<{width}}  {'win':>8}  {'tie':>8}  {'equity':>8}"
        f"  {'wins':>13}  {'ties':>13}  {'total':>13}"
    )
    for h in result.hands:
        click.echo(
            f"{h.hand:<{width}}  {_percent(h.win)}  {_percent(h.tie)}"
            f"  {_percent(h.equity)}  {h.wins:>13,}  {h.ties:>13,}  {h.total:>13,}"
        )
    if result.weight_scale != 1:
        click.echo(f"(weighted counts, in units of 1/{result.weight_scale} board)")
