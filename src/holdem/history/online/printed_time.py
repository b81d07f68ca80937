"""The date and time a room printed for a hand: ``printed_time(lines)``.

Rooms print a hand's start in many forms; each is read as printed, in the
room's wall-clock time, with the zone that follows it when there is one:

- ``2013/05/24 18:30:23 CET``, ``2008/11/12 - 10:00:00 (ET)``,
  ``2012/02/09 - 22:09:43``, ``2013-05-28
  16:44:14``, ``2016/8/4 12:0:2``, ``2011/05/17 17:24:54 -0400``
  (PokerStars, Everleaf, PokerTracker, Winning, KingsClub, iPoker, Merge);
- ``18:30:23 UTC - 2013/05/24`` and ``13:22:50 2021/04/04`` (Full Tilt, Unibet);
- ``*** 08 03 2011 13:27:40`` (888: day, month, year);
- ``26 Aug 2011 16:03:31`` and ``22-Apr-2011 09:05:00`` (PKR, iPoker);
- ``Wed Aug 18 19:32:32 GMT+0100 2010`` (OnGame) and ``Thursday,December 6,
  21:31:27 ICT 2012`` (PartyPoker);
- ``11/02/2011 20:17:44`` (Merge's tracker export: month, day, year) and
  ``<startdate>30/01/2012 02:30`` (iPoker's Italian skin: day, month, year);
- ``starttime="20110517172454"`` (Merge XML, no zone printed);
- Unix seconds, ``DATE="1374166750"`` and ``<HAND time="1335014414"`` (Boss,
  Everest): a moment in UTC.

A zone abbreviation becomes an IANA zone when it names one unambiguously
(``_ZONES``: ``CET`` is Paris time with its summer hour, as PokerStars and
Winamax print it; ``WET`` Lisbon's; ``ET`` New York's), and ``GMT+0100`` or
``-0400`` becomes ``Etc/GMT-1`` or ``Etc/GMT+4`` (whole hours only). An
abbreviation naming no single zone (``IST``) is kept as printed, with no zone.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable
from dataclasses import dataclass

__all__ = ["PrintedTime", "printed_time"]

_ZONES = {
    "UTC": "UTC",
    "GMT": "UTC",
    "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon",
    "BST": "Europe/London",
    "CET": "Europe/Paris",
    "CEST": "Europe/Paris",
    "MEZ": "Europe/Berlin",
    "MESZ": "Europe/Berlin",
    "EET": "Europe/Helsinki",
    "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow",
    "MSKS": "Europe/Moscow",
    "MSD": "Europe/Moscow",
    "YEKT": "Asia/Yekaterinburg",
    "YEKST": "Asia/Yekaterinburg",
    "ET": "America/New_York",
    "EST": "America/New_York",
    "EDT": "America/New_York",
    "CT": "America/Chicago",
    "CST": "America/Chicago",
    "CDT": "America/Chicago",
    "MT": "America/Denver",
    "MST": "America/Denver",
    "MDT": "America/Denver",
    "PT": "America/Los_Angeles",
    "PST": "America/Los_Angeles",
    "PDT": "America/Los_Angeles",
    "BRT": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires",
    "ICT": "Asia/Bangkok",
    "HKT": "Asia/Hong_Kong",
    "SGT": "Asia/Singapore",
    "JST": "Asia/Tokyo",
    "AEST": "Australia/Sydney",
    "AEDT": "Australia/Sydney",
    "NZST": "Pacific/Auckland",
    "NZDT": "Pacific/Auckland",
}
"""Zone abbreviations rooms print, as the IANA zone whose rules they follow."""

_MONTH_NAMES = (
    *("jan", "feb", "mar", "apr", "may", "jun"),
    *("jul", "aug", "sep", "oct", "nov", "dec"),
)
_MONTHS = {name: number for number, name in enumerate(_MONTH_NAMES, 1)}
_ZONE = r"\(?(?P<zone>GMT[+-]\d{2}:?\d{2}|[+-]\d{4}\b|[A-Z]{2,5}\b)\)?"
# Winning pads nothing: "2016/8/4 12:0:2" is 12:00:02
_CLOCK = r"(?P<hour>\d{1,2}):(?P<minute>\d{1,2})(?::(?P<second>\d{1,2}))?\b"
_CLOCK_S = r"(?P<hour>\d{1,2}):(?P<minute>\d{2}):(?P<second>\d{2})"
_YMD = r"(?P<year>\d{4})[/.-](?P<month>\d{1,2})[/.-](?P<day>\d{1,2})"
_MONTH = r"(?P<month>[A-Z][a-z]{2,8})"
_PATTERNS = (
    # 2013/05/24 18:30:23 CET, 2012/02/09 - 22:09:43, 2013-05-28T16:44:14
    re.compile(rf"\b{_YMD}(?:\s*-\s*|[ T]+){_CLOCK}(?:\s+{_ZONE})?"),
    # 18:30:23 UTC - 2013/05/24 (Full Tilt), 13:22:50 2021/04/04 (Unibet)
    re.compile(rf"\b{_CLOCK_S}(?:\s+{_ZONE})?\s+(?:-\s+)?{_YMD}"),
    # *** 08 03 2011 13:27:40 (888: day month year)
    re.compile(
        rf"\*\*\* (?P<day>\d{{2}}) (?P<month>\d{{2}}) (?P<year>\d{{4}}) {_CLOCK_S}"
    ),
    # 26 Aug 2011 16:03:31 (PKR), 22-Apr-2011 09:05:00 (iPoker)
    re.compile(
        rf"\b(?P<day>\d{{1,2}})[ -]{_MONTH}[ -](?P<year>\d{{4}}) {_CLOCK_S}"
        rf"(?:\s+{_ZONE})?"
    ),
    # Wed Aug 18 19:32:32 GMT+0100 2010, Thursday,December 6, 21:31:27 ICT 2012
    re.compile(
        rf"\b[A-Z][a-z]{{2,8}},? ?{_MONTH} (?P<day>\d{{1,2}}),? {_CLOCK_S}"
        rf" {_ZONE} (?P<year>\d{{4}})"
    ),
    # 11/02/2011 20:17:44 (Merge's tracker export: month/day/year)
    re.compile(rf"\b(?P<month>\d{{2}})/(?P<day>\d{{2}})/(?P<year>\d{{4}}) {_CLOCK_S}"),
    # <startdate>30/01/2012 02:30</startdate> (iPoker.it: day/month/year)
    re.compile(
        rf"<startdate>(?P<day>\d{{2}})/(?P<month>\d{{2}})/(?P<year>\d{{4}}) {_CLOCK}"
    ),
    # starttime="20110517172454" (Merge XML)
    re.compile(
        r"starttime=\"(?P<year>\d{4})(?P<month>\d{2})(?P<day>\d{2})"
        r"(?P<hour>\d{2})(?P<minute>\d{2})(?P<second>\d{2})\""
    ),
)
_UNIX = re.compile(r"(?:\bDATE|<HAND time)=\"(?P<seconds>\d{9,10})\"")
_OFFSET = re.compile(r"^(?:GMT)?(?P<sign>[+-])(?P<hours>\d{2}):?(?P<minutes>\d{2})$")


@dataclass(frozen=True, slots=True)
class PrintedTime:
    """A hand's start as the room printed it.

    Attributes:
        moment: the wall-clock date and time as printed (naive).
        abbreviation: the zone as printed (``"ET"``, ``"GMT+0100"``), or
            ``None`` when none was printed.
        zone: the IANA zone of the abbreviation (``"America/New_York"``), or
            ``None`` when none was printed or it names no single zone.
    """

    moment: datetime.datetime
    abbreviation: str | None = None
    zone: str | None = None


def printed_time(lines: Iterable[str]) -> PrintedTime | None:
    """The first date and time printed in ``lines``, or ``None``.

    Args:
        lines: the hand's first lines as printed.

    Returns:
        The date, time and zone of the leftmost date and time on the first
        line that has one (in any form the module docstring lists); ``None``
        when no line has a valid date and time.

    >>> when = printed_time(["Game - 18:30:23 WET - 2013/05/24 [14:30:23 ET]"])
    >>> when.moment, when.abbreviation, when.zone
    (datetime.datetime(2013, 5, 24, 18, 30, 23), 'WET', 'Europe/Lisbon')
    """
    for line in lines:
        found = [m for p in _PATTERNS if (m := p.search(line))]
        for match in sorted(found, key=lambda m: m.start()):
            read = _read(match)
            if read is not None:
                return read
        unix = _UNIX.search(line)
        if unix is not None:
            seconds = int(unix["seconds"])
            moment = datetime.datetime.fromtimestamp(seconds, datetime.UTC)
            return PrintedTime(moment.replace(tzinfo=None), None, "UTC")
    return None


def _read(match: re.Match[str]) -> PrintedTime | None:
    month_text = match["month"]
    if month_text.isdigit():
        month = int(month_text)
    else:
        month = _MONTHS.get(month_text[:3].lower(), 0)
    try:
        moment = datetime.datetime(
            int(match["year"]),
            month,
            int(match["day"]),
            int(match["hour"]),
            int(match["minute"]),
            int(match["second"] or 0),
        )
    except ValueError:
        return None
    groups = match.groupdict()
    abbreviation = groups.get("zone")
    if abbreviation is None:
        return PrintedTime(moment)
    return PrintedTime(moment, abbreviation, _zone(abbreviation))


def _zone(abbreviation: str) -> str | None:
    """The IANA zone of a printed abbreviation or offset, or ``None``."""
    offset = _OFFSET.match(abbreviation)
    if offset is None:
        return _ZONES.get(abbreviation)
    hours, minutes = int(offset["hours"]), int(offset["minutes"])
    if minutes or hours > 12:
        return None
    if hours == 0:
        return "UTC"
    # POSIX-style Etc zones have the sign reversed: Etc/GMT-1 is UTC+1
    sign = "-" if offset["sign"] == "+" else "+"
    return f"Etc/GMT{sign}{hours}"
