"""``stars_time``: a hand's start as PokerStars writes it.

Oracles: headers of real PokerStars hands in ../shared/data/hh (read in
place), whose bracketed ET the room computed itself, and the rule that a
time with no known offset is never converted.
"""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from holdem.history.stars_seats import PrintedZone
from holdem.history.stars_time import NO_TIME, stars_time

STARS = Path(__file__).resolve().parents[3] / ".." / "shared" / "data" / "hh" / "Stars"


@pytest.mark.parametrize(
    ("relative", "zone"),
    [
        ("cash/2025-NL-uncalled-bet.txt", "Europe/Paris"),  # CET in April: +2
        ("tour/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt", "Europe/Lisbon"),
    ],
)
def test_the_room_s_own_time_zone_and_new_york_time(relative: str, zone: str) -> None:
    path = STARS / relative
    if not path.is_file():
        pytest.skip(f"{path} not found (../shared/data/hh)")
    header = path.read_text(encoding="utf-8-sig").splitlines()[0]
    found = re.search(
        r" - (\d{4})/(\d\d)/(\d\d) (\d+):(\d\d):(\d\d) (\w+) (\[.*\])$", header
    )
    assert found is not None, header
    year, month, day, hour, minute, second = (int(found[i]) for i in range(1, 7))
    name = found[7]
    time = datetime.datetime(
        year, month, day, hour, minute, second, tzinfo=PrintedZone(name, ZoneInfo(zone))
    )
    assert header.endswith(" - " + stars_time(time))


def test_new_york_time_alone_is_written_as_et() -> None:
    time = datetime.datetime(2013, 5, 8, 8, 55, 55, tzinfo=ZoneInfo("America/New_York"))
    assert stars_time(time) == "2013/05/08 08:55:55 ET"


def test_a_zone_with_no_known_offset_and_no_zone_are_not_converted() -> None:
    named = datetime.datetime(2018, 12, 13, 17, 20, 46, tzinfo=PrintedZone("IST", None))
    assert stars_time(named) == "2018/12/13 17:20:46 IST"
    assert (
        stars_time(datetime.datetime(2011, 8, 26, 17, 39, 25)) == "2011/08/26 17:39:25"
    )


def test_no_time_is_the_unix_epoch_in_utc_alone() -> None:
    assert stars_time(NO_TIME) == "1970/01/01 00:00:00 UTC"
