"""Replay many PHH files: find them, replay each hand, and tally the outcomes.

Used by ``holdem replay``. A bad hand never stops the run: it is reported on
one line naming the file, the hand and the field or action, and counted.
A hand is named by its table key in a ``.phhs`` file (``[3]`` is hand 3), by
its ``hand`` field in a ``.phh`` file, or else by its place in the file.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from holdem.errors import HistoryParseError
from holdem.history.limits import check_text
from holdem.history.phh import (
    hand_label,
    hand_tables,
    parse_toml,
    read_hand,
    read_text,
)
from holdem.history.phh_quick import quick_hand
from holdem.history.replay import HandReplay, Outcome, replay_history

__all__ = [
    "HandReport",
    "ReplaySummary",
    "find_history_files",
    "plural",
    "replay_file",
    "unreadable_file",
]

SUFFIXES = (".phh", ".phhs")
_DIGITS = re.compile(r"(\d+)")


@dataclass(frozen=True, slots=True)
class HandReport:
    """One replayed hand and where it came from.

    Attributes:
        source: the file, as given on the command line or found under it.
        hand: the hand's name (see the module docstring); ``"?"`` when the
            file could not be parsed at all.
        replay: the outcome of the replay.
    """

    source: str
    hand: str
    replay: HandReplay

    @property
    def outcome(self) -> Outcome:
        """Shortcut for ``replay.outcome``."""
        return self.replay.outcome

    def line(self) -> str:
        """One line for the report: ``FILE hand N: differ: actions[7] ...``."""
        if self.outcome is Outcome.REPRODUCED:
            if self.replay.whole_chip_split:
                return (
                    f"reproduced with whole-chip split: {self.source} hand {self.hand}"
                )
            return f"reproduced: {self.source} hand {self.hand}"
        return f"{self.source} hand {self.hand}: {self.outcome}: {self.replay.message}"


@dataclass(slots=True)
class ReplaySummary:
    """Counts over a run of ``holdem replay``.

    Attributes:
        counts: hands per outcome.
        whole_chip_splits: hands reproduced only up to R-POT-3's whole-chip
            split of a half-chip record, as ``"FILE hand N"``.
        reorders: recorded ``sm`` moved to follow the R-SHOW-2 order.
        reordered_hands: hands with at least one such move.
        added_shows: showdown hands the records left out (shown by the replay).
    """

    counts: dict[Outcome, int] = field(
        default_factory=lambda: dict.fromkeys(Outcome, 0)
    )
    whole_chip_splits: list[str] = field(default_factory=list)
    reorders: int = 0
    reordered_hands: int = 0
    added_shows: int = 0

    def add(self, report: HandReport) -> None:
        """Count one hand."""
        replay = report.replay
        self.counts[replay.outcome] += 1
        if replay.outcome is Outcome.REPRODUCED and replay.whole_chip_split:
            self.whole_chip_splits.append(f"{report.source} hand {report.hand}")
        self.reorders += replay.reorders
        self.reordered_hands += replay.reorders > 0
        self.added_shows += replay.added_shows

    @property
    def hands(self) -> int:
        """Hands seen."""
        return sum(self.counts.values())

    @property
    def ok(self) -> bool:
        """No hand differs, is illegal or is unreadable."""
        return self.hands == self.counts[Outcome.REPRODUCED]

    def line(self) -> str:
        """``N hands: R reproduced, D differ, I illegal, E unreadable``.

        ``1 hand: ...`` for a single hand.
        """
        c = self.counts
        return (
            f"{plural(self.hands, 'hand')}: {c[Outcome.REPRODUCED]} reproduced,"
            f" {c[Outcome.DIFFER]} differ, {c[Outcome.ILLEGAL]} illegal,"
            f" {c[Outcome.UNREADABLE]} unreadable"
        )


def plural(count: int, noun: str) -> str:
    """``"1 hand"``, ``"2 hands"``: a count and its noun."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _natural_key(path: Path) -> tuple[tuple[int, int | str], ...]:
    parts = _DIGITS.split(path.as_posix())
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts)


def find_history_files(paths: Iterable[str | Path]) -> list[Path]:
    """Files to replay: each file given, and every ``.phh``/``.phhs`` under a folder.

    Folders are searched recursively; files come in natural order (``2.phh``
    before ``10.phh``). A file named directly is read whatever its suffix.
    Every entry named like a hand file is listed, even a broken symbolic link
    or a folder named ``x.phh``, so that ``replay_file`` reports it rather
    than skipping it silently.
    A file reached twice (named twice, or named and found under a folder) is
    listed once, where it first came, as compared by resolved path.
    """
    out: list[Path] = []
    seen: set[Path] = set()
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = [p for p in path.rglob("*") if p.suffix in SUFFIXES]
            candidates = sorted(found, key=_natural_key)
        else:
            candidates = [path]
        for candidate in candidates:
            key = candidate.resolve()
            if key not in seen:
                seen.add(key)
                out.append(candidate)
    return out


def _unreadable(source: str, hand: str, message: str) -> HandReport:
    return HandReport(source, hand, HandReplay(Outcome.UNREADABLE, message))


def unreadable_file(path: Path, error: OSError) -> str:
    """Why the file ``path`` could not be read (``error``), in words.

    A folder named like a hand file, a broken symbolic link (with where it
    points), else the system's reason.
    """
    if isinstance(error, IsADirectoryError):
        return "a folder named like a hand file: expected a .phh or .phhs file"
    if isinstance(error, FileNotFoundError) and path.is_symlink():
        return f"a broken symbolic link (to {path.readlink()}): no file"
    return f"cannot read the file: {error.strerror or error}"


def replay_file(path: str | Path) -> Iterator[HandReport]:
    """Replay every hand of one ``.phh`` or ``.phhs`` file.

    Yields:
        One report per hand; a file that cannot be read (a folder, a broken
        link, too large, not UTF-8) or parsed as TOML, or a ``.phhs`` file
        with a top-level value that is not a table, yields one ``unreadable``
        report with hand ``"?"``. Messages give the line where known.
    """
    path = Path(path)
    source = str(path)
    quick = None
    try:
        text = read_text(path)
        if path.suffix != ".phhs":  # the plainest texts are read straight
            plain = text.removeprefix("\ufeff")
            check_text(plain)
            quick = quick_hand(plain)
        fields = {} if quick is not None else parse_toml(text)
    except OSError as error:
        yield _unreadable(source, "?", unreadable_file(path, error))
        return
    except HistoryParseError as error:
        yield _unreadable(source, "?", str(error))
        return
    if quick is not None:
        label = "1" if quick.hand is None else str(quick.hand)
        yield HandReport(source, label, replay_history(quick))
        return
    if path.suffix == ".phhs":
        try:
            tables = hand_tables(fields)
        except HistoryParseError as error:
            yield _unreadable(source, "?", str(error))
            return
    else:
        tables = [(hand_label(fields, "1"), fields)]
    for key, table in tables:
        try:
            history = read_hand(table, text, key if path.suffix == ".phhs" else None)
        except HistoryParseError as error:
            yield _unreadable(source, key, str(error))
            continue
        yield HandReport(source, key, replay_history(history))
