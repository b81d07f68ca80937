"""A hand's start as PokerStars writes it: ``stars_time(time)``.

PokerStars writes the room's wall-clock time with its zone, then the same
moment in New York time in brackets: ``2010/06/06 22:24:02 WET [2010/06/06
17:24:02 ET]``; a time in ET has no brackets. Here a time whose zone is
named but has no known offset (``IST``, see ``stars_seats.PrintedZone``) is
written with that name and no brackets, and a time with no zone at all (888
and PKR print none) with none: never as UTC. A hand with no start time gets
``NO_TIME``, the Unix epoch in UTC: the text needs a date for trackers to
import it, and 1970, years before any online room, cannot be taken for the
hand's real date.
"""

from __future__ import annotations

import datetime
from zoneinfo import ZoneInfo

__all__ = ["NO_TIME", "stars_time"]

NO_TIME = datetime.datetime(1970, 1, 1, tzinfo=datetime.UTC)
"""The start written for a hand with none: the Unix epoch, in UTC."""
_EASTERN = ZoneInfo("America/New_York")
_EASTERN_NAMES = ("ET", "EST", "EDT")


def stars_time(time: datetime.datetime) -> str:
    """``time`` as PokerStars writes a hand's start.

    Args:
        time: when the hand started: aware (its zone's name is written),
            named with no offset, or naive (no zone written).

    Returns:
        ``YYYY/MM/DD HH:MM:SS``, then the zone's name when it has one, then
        the New York time in brackets when the offset is known and the zone
        is not New York's; ``NO_TIME`` as ``1970/01/01 00:00:00 UTC`` alone.

    >>> from zoneinfo import ZoneInfo
    >>> stars_time(datetime.datetime(2013, 7, 1, 20, 0, tzinfo=ZoneInfo("UTC")))
    '2013/07/01 20:00:00 UTC [2013/07/01 16:00:00 ET]'
    >>> stars_time(datetime.datetime(2011, 3, 8, 13, 27, 40))
    '2011/03/08 13:27:40'
    """
    text = f"{time:%Y/%m/%d %H:%M:%S}"
    if time == NO_TIME:
        return f"{text} UTC"
    zone = time.tzname() if time.tzinfo is not None else None
    if not zone:
        return text
    offset = time.utcoffset()
    if offset is None:
        return f"{text} {zone}"
    eastern = time.astimezone(_EASTERN)
    if zone in _EASTERN_NAMES and eastern.utcoffset() == offset:
        return f"{text} ET"
    return f"{text} {zone} [{eastern:%Y/%m/%d %H:%M:%S} ET]"
