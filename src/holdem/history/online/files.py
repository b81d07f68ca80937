"""Read online-room history files and folders, replay them, and summarise per site.

``replay_online_file(path)`` reads one file (any encoding ``text.decode``
knows), recognises its site (``registry.detect``), splits it into hands and
replays each; a malformed hand becomes an ``unreadable`` result whose message
names the file, the hand and the line, and the rest of the file goes on.
``replay_online_paths(paths)`` does the same for files and folders and returns
an ``OnlineSummary`` with one ``SiteSummary`` per site.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

from holdem.errors import HistoryParseError
from holdem.history.online.registry import detect
from holdem.history.online.replay import (
    OnlineReplay,
    Outcome,
    Reason,
    replay_online_hand,
)
from holdem.history.online.text import check_lines, read_history

__all__ = [
    "OnlineSummary",
    "SiteSummary",
    "find_online_files",
    "replay_online_file",
    "replay_online_paths",
    "replay_online_text",
    "summarize",
]

SKIPPED_SUFFIXES = frozenset(
    {".phh", ".phhs", ".hp", ".hands", ".gt", ".tsv", ".md", ".json", ".toml", ".py"}
)
"""Files under a folder that are not online-room histories: PHH (read by
``holdem.history``), other programs' computed results (``.hp``, ``.hands``
and ``.gt`` sidecars: hints, not truth), manifests and notes."""


def find_online_files(paths: Iterable[Path]) -> list[Path]:
    """Files to read: each file given, and every file under each folder.

    Folders are walked recursively in sorted order; files whose suffix is in
    ``SKIPPED_SUFFIXES`` (or hidden) are left out there. A file reached twice
    is listed once.
    """
    found: dict[Path, None] = {}
    for path in paths:
        if path.is_dir():
            for child in sorted(path.rglob("*")):
                if (
                    child.is_file()
                    and child.suffix.lower() not in SKIPPED_SUFFIXES
                    and not child.name.startswith(".")
                ):
                    found.setdefault(child.resolve(), None)
        else:
            found.setdefault(path.resolve(), None)
    return list(found)


def replay_online_text(text: str, source: str = "") -> list[OnlineReplay]:
    """Replay every hand of one file's text.

    Returns:
        One result per hand found, in file order; a text in no known format
        gives one ``unreadable`` result (site ``"unknown"``, line 1).
    """
    parser = detect(text)
    if parser is None:
        return [
            OnlineReplay(
                "unknown",
                source,
                "",
                1,
                Outcome.UNREADABLE,
                Reason.NOT_SUPPORTED,
                f"{source or 'text'}: not a hand history in a format we read",
            )
        ]
    results: list[OnlineReplay] = []
    for hand_text in parser.split(text, source):
        try:
            check_lines(hand_text)
            hand = parser.parse(hand_text)
        except HistoryParseError as error:
            results.append(
                OnlineReplay(
                    parser.name,
                    source,
                    "",
                    hand_text.line,
                    Outcome.UNREADABLE,
                    Reason.MALFORMED,
                    str(error),
                )
            )
            continue
        results.append(replay_online_hand(hand))
    return _check_next_stacks(results)


def _check_next_stacks(results: list[OnlineReplay]) -> list[OnlineReplay]:
    """Make a difference the site's when the next hand's stacks agree with us.

    When the engine's final stacks after a hand that differs on the chips
    collected equal the starting stacks of the next hand at the same table
    (for every player seated in both, at least two), the site's printed
    result is what is wrong (R-POT-4: the chips balance). A hand already
    found the site's (its pots pay more than its printed bets put in) gets
    the same note: it is more evidence.
    """
    for index, result in enumerate(results[:-1]):
        if not result.final_stacks or result.reason not in _CHECKED_NEXT:
            continue
        after, hand = results[index + 1].hand, result.hand
        if after is None or hand is None or after.table != hand.table:
            continue
        starting = {seat.player: seat.stack for seat in after.seats}
        shared = [(p, chips) for p, chips in result.final_stacks if p in starting]
        if len(shared) >= 2 and all(starting[p] == chips for p, chips in shared):
            results[index] = replace(
                result,
                reason=Reason.SITE_RESULT,
                message=f"{result.message} (the next hand's stacks agree with"
                " our engine)",
            )
    return results


_CHECKED_NEXT = (Reason.OUR_RULES, Reason.SITE_RESULT)
"""Reasons of a hand whose engine stacks the next hand's may back."""


def replay_online_file(path: Path | str) -> list[OnlineReplay]:
    """Replay every hand of one online-room history file.

    Args:
        path: a text history in any of the encodings ``text.decode`` reads.

    Returns:
        One result per hand (see ``replay_online_text``).

    Raises:
        OSError: if the file cannot be read.
        HistoryParseError: if it is larger than 16 MiB (``read_history``).
    """
    path = Path(path)
    return replay_online_text(read_history(path), str(path))


@dataclass(frozen=True, slots=True)
class SiteSummary:
    """Counts for one site (the room named in the hands' headers).

    Attributes:
        site: the room's name.
        found: hands found (including unreadable ones).
        parsed: hands read without error.
        not_holdem: parsed hands of other games, skipped.
        replayed: hold'em hands dealt through the engine.
        agreeing: replayed hands whose results agree with the site's.
        disagreements: the hands that differ or are unreadable.
        printed: the names the room's headers print, when more than one
            (``("PokerStars", "PokerStars Zoom")``), else empty.
    """

    site: str
    found: int
    parsed: int
    not_holdem: int
    replayed: int
    agreeing: int
    disagreements: tuple[OnlineReplay, ...]
    printed: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class OnlineSummary:
    """The results of a run over files and folders.

    The results hold no parsed hand (``OnlineReplay.hand`` is ``None``): a
    file's hands are let go once its results are final (after the next
    hand's stacks were checked), as nothing in the summary or its report
    reads them; a big folder's hands would otherwise all stay in memory.
    ``replay_online_file`` and ``replay_online_text`` keep them.

    Attributes:
        sites: one summary per site, most hands first.
        results: every hand's result, in file order, without its hand.
    """

    sites: tuple[SiteSummary, ...]
    results: tuple[OnlineReplay, ...]

    @property
    def found(self) -> int:
        """Hands found in all."""
        return len(self.results)

    @property
    def agreeing(self) -> int:
        """Hands that agree, in all."""
        return sum(site.agreeing for site in self.sites)


# one room printed under several names: its name by the prefix printed
_ROOMS = (
    ("pokerstars", "PokerStars"),
    ("full tilt", "Full Tilt Poker"),
    ("bodog", "Bodog"),
)


def room_of(site: str) -> str:
    """The room a header's site name belongs to.

    Case is ignored and a room's variants (``"PokerStars Zoom"``, ``"Full
    Tilt Rush"``, ``"Bodog.eu"``) are the room.

    >>> room_of("POKERSTARS"), room_of("Full Tilt Rush"), room_of("Bodog UK")
    ('PokerStars', 'Full Tilt Poker', 'Bodog')
    """
    lower = site.lower()
    for prefix, room in _ROOMS:
        if lower.startswith(prefix):
            return room
    return site


def summarize(results: Iterable[OnlineReplay]) -> OnlineSummary:
    """Group results by room (``room_of`` each site name) and count them."""
    everything = tuple(results)
    by_site: dict[str, list[OnlineReplay]] = {}
    for result in everything:
        by_site.setdefault(room_of(result.site), []).append(result)
    sites = []
    for site, group in by_site.items():
        printed = tuple(sorted({r.site for r in group}))
        count = dict.fromkeys(Outcome, 0)
        for result in group:
            count[result.outcome] += 1
        parsed = len(group) - count[Outcome.UNREADABLE]
        sites.append(
            SiteSummary(
                site,
                len(group),
                parsed,
                count[Outcome.NOT_HOLDEM],
                count[Outcome.AGREES] + count[Outcome.DIFFERS],
                count[Outcome.AGREES],
                tuple(
                    r
                    for r in group
                    if r.outcome in (Outcome.DIFFERS, Outcome.UNREADABLE)
                ),
                printed if len(printed) > 1 else (),
            )
        )
    sites.sort(key=lambda s: (-s.found, s.site))
    return OnlineSummary(tuple(sites), everything)


def replay_online_paths(paths: Iterable[Path | str]) -> OnlineSummary:
    """Replay every online-room history under ``paths`` and summarise per site.

    A file that cannot be read (``OSError``) or is too big (``read_history``)
    gives one ``unreadable`` result.
    The results hold no parsed hand (see ``OnlineSummary``).
    """
    results: list[OnlineReplay] = []
    for path in find_online_files(Path(p) for p in paths):
        try:
            results.extend(map(_without_hand, replay_online_file(path)))
        except (OSError, HistoryParseError) as error:
            # a file that cannot be read, or too big to read (read_history)
            message = (
                f"{path}: cannot read: {error}"
                if isinstance(error, OSError)
                else str(error)
            )
            results.append(
                OnlineReplay(
                    "unknown",
                    str(path),
                    "",
                    1,
                    Outcome.UNREADABLE,
                    Reason.MALFORMED,
                    message,
                )
            )
    return summarize(results)


def _without_hand(result: OnlineReplay) -> OnlineReplay:
    """``result`` holding no parsed hand (its other fields as they are)."""
    if result.hand is None:
        return result
    return OnlineReplay(
        result.site,
        result.source,
        result.hand_id,
        result.line,
        result.outcome,
        result.reason,
        result.message,
        None,
        result.final_stacks,
    )
