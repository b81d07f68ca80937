"""``holdem replay PATH...``: deal recorded PHH hands through the engine.

Every ``.phh`` and ``.phhs`` file under the given folders (recursively), and
every file given directly, is read; each hand is replayed (see
``holdem.history.replay``). Each hand that differs, is illegal or unreadable
gets one line naming the file, the hand and the first action or field where it
went wrong; each hand reproduced only up to R-POT-3's whole-chip split gets a
line ``reproduced with whole-chip split: FILE hand N``. The last line is
exactly ``N hands: R reproduced, D differ, I illegal, E unreadable`` (``1
hand: ...`` for one); the exit status is 0 only when D, I and E are all 0
(else 1). A file reached twice (named twice, or also under a named folder) is
replayed once. A broken symbolic link or a folder named like a hand file
(``x.phh``) is not skipped: it gets its own line and counts as unreadable.
When no ``.phh`` or ``.phhs`` file is found under the paths, or a path does
not exist, nothing is replayed: an error and exit status 2, like any usage
error.
"""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from holdem.history.batch import (
    ReplaySummary,
    find_history_files,
    plural,
    replay_file,
)
from holdem.history.replay import Outcome

__all__ = ["replay"]

_PROGRESS_MIN_FILES = 50


@click.command()
@click.argument(
    "paths",
    nargs=-1,
    required=True,
    type=click.Path(path_type=Path),
)
@click.option(
    "--progress/--no-progress",
    default=None,
    help="Show a progress bar on stderr (default: on a terminal, for long runs).",
)
@click.option(
    "-v",
    "--verbose",
    is_flag=True,
    help="Also name the hands whose showdown order was rearranged (R-SHOW-2).",
)
def replay(paths: tuple[Path, ...], progress: bool | None, verbose: bool) -> None:
    """Replay PHH hand histories (files or folders) and compare the results."""
    missing = [p for p in paths if not p.exists() and not p.is_symlink()]
    if missing:
        raise click.UsageError(f"path {missing[0]} does not exist")
    files = find_history_files(paths)
    if not files:
        named = ", ".join(str(p) for p in paths)
        raise click.UsageError(f"no .phh or .phhs file found under {named}")
    console = Console(stderr=True)
    if progress is None:
        progress = console.is_terminal and len(files) >= _PROGRESS_MIN_FILES
    summary = ReplaySummary()
    bar = Progress(
        TextColumn("replaying"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("files"),
        console=console,
        transient=True,
        disable=not progress,
    )
    with bar:
        task = bar.add_task("replay", total=len(files))
        for path in files:
            for report in replay_file(path):
                summary.add(report)
                replayed = report.replay
                if (
                    replayed.outcome is not Outcome.REPRODUCED
                    or replayed.whole_chip_split
                ):
                    click.echo(report.line())
                if verbose and replayed.reorders:
                    click.echo(
                        f"show order rearranged ({replayed.reorders} sm, R-SHOW-2):"
                        f" {report.source} hand {report.hand}"
                    )
            bar.advance(task)
    if summary.reorders or summary.added_shows:
        hands = plural(summary.reordered_hands, "hand")
        added = plural(summary.added_shows, "unrecorded showdown hand")
        click.echo(
            f"showdowns: {summary.reorders} recorded sm moved into R-SHOW-2 order"
            f" in {hands}; {added} shown"
        )
    click.echo(summary.line())
    if not summary.ok:
        raise SystemExit(1)
