"""``holdem replay PATH...``: deal recorded hands through the engine and compare.

Every ``.phh`` and ``.phhs`` file under the given folders (recursively), and
every such file given directly, is read; each hand is replayed (see
``holdem.history.replay``). Every other file (under a folder, or given
directly) is read as an online room's text history (see
``holdem.history.online``): each hand is dealt and its returns, collected
amounts and rake compared with the printed ones; then one line per hand that
differs or cannot be read, with the reason (our rules, the site's printed
result, a malformed file, or a feature not supported such as run it twice),
one per hand that agrees once dealt with antes its file never prints and its
pots prove (``agrees (antes inferred): ...``, R-ANTE-1), and a per-site table
(hands found, parsed, replayed, agreeing) are printed.
An online hand that agrees counts as reproduced, one that differs as differ
and one that cannot be read as unreadable; hands of other games are counted
apart (``, X not hold'em`` at the end of the last line, only when there are).
Each PHH hand that differs, is illegal or unreadable gets one line naming the
file, the hand and the first action or field where it went wrong; each hand
reproduced only up to R-POT-3's whole-chip split gets a line ``reproduced with
whole-chip split: FILE hand N``. The last line is exactly ``N hands: R
reproduced, D differ, I illegal, E unreadable`` (``1 hand: ...`` for one); the
exit status is 0 only when D, I and E are all 0 (else 1). So a folder of online
histories with files odd on purpose exits 1.
A file reached twice (named twice, or also under a named folder) is
replayed once. A broken symbolic link or a folder named like a hand file
(``x.phh``) is not skipped: it gets its own line and counts as unreadable.
When neither a ``.phh`` or ``.phhs`` file nor a file in a known online format
is found under the paths, or a path does not exist, nothing is replayed: an
error and exit status 2, like any usage error.
"""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

from holdem.cli.options import HistoryPath
from holdem.history.batch import (
    SUFFIXES,
    ReplaySummary,
    find_history_files,
    plural,
    replay_file,
)
from holdem.history.online import (
    OnlineSummary,
    Reason,
    find_online_files,
    replay_online_paths,
    summary_lines,
)
from holdem.history.online import Outcome as OnlineOutcome
from holdem.history.replay import Outcome

__all__ = ["replay"]

_PROGRESS_MIN_FILES = 50


@click.command()
@click.argument(
    "paths",
    nargs=-1,
    required=True,
    type=HistoryPath(),
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
    """Replay hand histories (PHH or online-room text; files or folders)."""
    missing = [p for p in paths if not p.exists() and not p.is_symlink()]
    if missing:
        raise click.UsageError(f"path {missing[0]} does not exist")
    online_named = [p for p in paths if _is_online_file(p)]
    phh_paths = [p for p in paths if p not in online_named]
    files = find_history_files(phh_paths)
    folders = [p for p in phh_paths if p.is_dir()]
    online = replay_online_paths(find_online_files([*folders, *online_named]))
    if not files and not _any_known(online):
        named = ", ".join(str(p) for p in paths)
        raise click.UsageError(
            f"no .phh or .phhs file or online-room history found under {named}"
        )
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
    if not online.results:
        click.echo(summary.line())
        if not summary.ok:
            raise SystemExit(1)
        return
    for line in summary_lines(online)[:-1]:
        click.echo(line)
    count = dict.fromkeys(OnlineOutcome, 0)
    for result in online.results:
        count[result.outcome] += 1
    c = summary.counts
    total = summary.hands + len(online.results) - count[OnlineOutcome.NOT_HOLDEM]
    other = count[OnlineOutcome.NOT_HOLDEM]
    click.echo(
        f"{plural(total, 'hand')}:"
        f" {c[Outcome.REPRODUCED] + count[OnlineOutcome.AGREES]} reproduced,"
        f" {c[Outcome.DIFFER] + count[OnlineOutcome.DIFFERS]} differ,"
        f" {c[Outcome.ILLEGAL]} illegal,"
        f" {c[Outcome.UNREADABLE] + count[OnlineOutcome.UNREADABLE]} unreadable"
        + (f", {other} not hold'em" if other else "")
    )
    failed = count[OnlineOutcome.DIFFERS] + count[OnlineOutcome.UNREADABLE]
    if not summary.ok or failed:
        raise SystemExit(1)


def _is_online_file(path: Path) -> bool:
    """A file named directly that is not PHH: read as online-room text."""
    return path.is_file() and path.suffix not in SUFFIXES


def _any_known(online: OnlineSummary) -> bool:
    """Whether any file was in a known online format or refused as unreadable.

    A file in no known format does not count; one that cannot be read or is
    too big (``read_history``) does, so its message is printed.
    """
    return any(
        r.site != "unknown" or r.reason is not Reason.NOT_SUPPORTED
        for r in online.results
    )
