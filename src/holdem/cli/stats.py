"""``holdem stats FILES... [--hero NAME] [--plot out.png|out.svg]``: player statistics.

FILES are PHH files (``.phh``, ``.phhs``), online rooms' text histories (any
format ``holdem replay`` reads), or folders searched for both, as ``holdem
convert`` finds them. Every hand is replayed through the engine
(``holdem.stats``); a hand the engine does not reproduce is left out and
counted on stderr.

The table shows, per player: hands, VPIP, PFR, AF, AFq, WTSD, W$SD, the net
result in big blinds, bb/100 with its 95% confidence interval, and the all-in
equity adjusted bb/100 (definitions in ``holdem.stats.summary``). With
``--hero`` only that player's row is shown.

``--plot`` draws the results graph of one player over his hands with
matplotlib (Agg backend, no display needed): the cumulative net in big
blinds and the all-in adjusted line. The player is ``--hero``, else the
hands' own hero (PHH ``_hero``, the room's ``Dealt to`` player) when they
name one, else the player with the most hands. ``.png`` or ``.svg`` by the
file's suffix.

Errors (a missing path, no hand, an unknown hero, another suffix) print one
line and exit with status 2.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import click

from holdem.cli.convert import _input_files
from holdem.cli.options import HistoryPath
from holdem.errors import HistoryParseError, HoldemError, InvalidInputError
from holdem.history.model import HandHistory
from holdem.history.online.to_phh import online_file_histories
from holdem.history.phh import load_each
from holdem.stats import (
    HandFacts,
    PlayerStats,
    hand_facts,
    player_stats,
    players_of,
    series,
)

__all__ = ["stats"]

PLOT_SUFFIXES = (".png", ".svg")


@click.command()
@click.argument("inputs", nargs=-1, required=True, type=HistoryPath())
@click.option("--hero", help="Show (and plot) this player only.")
@click.option(
    "--plot",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the results graph to this .png or .svg file.",
)
def stats(inputs: tuple[Path, ...], hero: str | None, plot: Path | None) -> None:
    """Player statistics and a results graph from hand histories."""
    try:
        if plot is not None and plot.suffix.lower() not in PLOT_SUFFIXES:
            raise InvalidInputError(
                f"--plot {plot}: the graph is written as .png or .svg, not"
                f" {plot.suffix or 'a file without a suffix'!r}"
            )
        histories, unreadable = _histories(inputs)
        facts: list[HandFacts] = []
        for history in histories:
            fact = hand_facts(history)
            if fact is not None:
                facts.append(fact)
        skipped = unreadable + len(histories) - len(facts)
        if not facts:
            raise InvalidInputError("no hand the engine reproduces in the files given")
        names = players_of(facts)
        if hero is not None and hero not in names:
            raise InvalidInputError(
                f"no player {hero!r} in these hands; players with the most hands:"
                f" {', '.join(names[:5])}"
            )
        shown = [hero] if hero is not None else names
        _print_table([player_stats(facts, name) for name in shown])
        if skipped:
            click.echo(
                f"{skipped} hand(s) left out: unreadable, or not reproduced by"
                " the engine (holdem replay says why)",
                err=True,
            )
        if plot is not None:
            who = hero or _default_hero(histories) or names[0]
            if who not in names:
                who = names[0]
            _plot(facts, who, plot)
            click.echo(f"wrote {plot}", err=True)
    except (HoldemError, OSError) as error:
        click.echo(f"Error: {error}", err=True)
        raise SystemExit(2) from None


def _histories(inputs: tuple[Path, ...]) -> tuple[list[HandHistory], int]:
    """Every hand of the files, and how many could not be read."""
    phh_files, online_files = _input_files(inputs)
    histories: list[HandHistory] = []
    unreadable = 0
    for path in phh_files:
        for _, hand in load_each(path):
            if isinstance(hand, HistoryParseError):
                unreadable += 1
            else:
                histories.append(hand)
    for path in online_files:
        try:
            conversions = online_file_histories(path)
        except InvalidInputError:
            if path in inputs:
                raise
            unreadable += 1
            continue
        for conversion in conversions:
            if conversion.history is None:
                unreadable += 1
            else:
                histories.append(conversion.history)
    return histories, unreadable


def _default_hero(histories: list[HandHistory]) -> str | None:
    """The most common ``_hero`` of the hands, or ``None``."""
    heroes = Counter(
        value
        for h in histories
        for name, value in h.metadata
        if name == "_hero" and isinstance(value, str)
    )
    return heroes.most_common(1)[0][0] if heroes else None


def _figure(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def _print_table(rows: list[PlayerStats]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Player statistics")
    for header in ("Player", "Hands", "VPIP", "PFR", "AF", "AFq", "WTSD", "W$SD"):
        table.add_column(
            header,
            justify="left" if header == "Player" else "right",
            no_wrap=True,
            min_width=len(header) if header == "Player" else 5,
        )
    for header in ("Net bb", "bb/100", "95% CI", "Adj. bb/100"):
        table.add_column(header, justify="right", no_wrap=True, min_width=len(header))
    for row in rows:
        ci = "-" if row.ci95 is None else f"{row.ci95[0]:.1f}..{row.ci95[1]:.1f}"
        table.add_row(
            row.player,
            str(row.hands),
            _figure(row.vpip),
            _figure(row.pfr),
            _figure(row.af, 2),
            _figure(row.afq),
            _figure(row.wtsd),
            _figure(row.wsd),
            f"{row.net_bb:.1f}",
            f"{row.bb_per_100:.1f}",
            ci,
            f"{row.adjusted_bb_per_100:.1f}",
        )
    table.caption = "Adj.: all-in equity adjusted. AF, AFq: flop to river."
    # at least 140 columns: the twelve columns stay whole in a pipe or a log
    Console(width=max(Console().width, 140)).print(table)


def _plot(facts: list[HandFacts], player: str, path: Path) -> None:
    """Draw ``player``'s results graph to ``path`` (PNG or SVG)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figures = player_stats(facts, player)
    lines = series(facts, player)
    hands = range(1, len(lines.won) + 1)
    figure, axes = plt.subplots(figsize=(10, 5.5), dpi=120)
    try:
        axes.plot(hands, lines.won, color="#1f77b4", linewidth=1.8, label="Won (bb)")
        axes.plot(
            hands,
            lines.adjusted,
            color="#d62728",
            linewidth=1.4,
            linestyle="--",
            label="All-in equity adjusted (bb)",
        )
        axes.axhline(0, color="#555555", linewidth=0.8)
        ci = (
            ""
            if figures.ci95 is None
            else f" (95% CI {figures.ci95[0]:.1f} .. {figures.ci95[1]:.1f})"
        )
        axes.set_title(
            f"{player}: {figures.hands} hands, {figures.bb_per_100:.1f} bb/100{ci}"
        )
        axes.set_xlabel("Hands")
        axes.set_ylabel("Big blinds won")
        axes.grid(True, alpha=0.3)
        axes.legend(loc="best")
        figure.tight_layout()
        figure.savefig(path, format=path.suffix.lower().lstrip("."))
    finally:
        plt.close(figure)
