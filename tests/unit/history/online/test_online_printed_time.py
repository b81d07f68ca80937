"""``printed_time``: the date, time and zone each room prints, read in place.

Each case is a line of a real file in ../shared/data/hh (read in place) and
the date and time as the line prints them, read by eye: day-month-year for
888 (its files hold days past 12 in the first place), month/day/year for
Merge's tracker export (``11/02/2011`` in a file of November 2011). Unix
seconds were turned into UTC by GNU ``date -u -d @N``, an independent tool.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from holdem.history.online.printed_time import printed_time
from holdem.history.online.text import decode

HH = Path(__file__).resolve().parents[4] / ".." / "shared" / "data" / "hh"

CASES = [
    # file, text on the line, (y, m, d, h, min, s), abbreviation, IANA zone
    (
        "Stars/tour/NLHE-FPP-MTT-1r-201005.AllinLotsRebuy.txt",
        "2010/06/04 19:54:02 WET [2010/06/04 14:54:02 ET]",
        (2010, 6, 4, 19, 54, 2),
        "WET",
        "Europe/Lisbon",
    ),
    (
        "FTP/cash/NLHE-6max-USD-0.01-0.02-201305.new.gameline.format.txt",
        "08:55:55 ET - 2013/05/08",
        (2013, 5, 8, 8, 55, 55),
        "ET",
        "America/New_York",
    ),
    (
        "PacificPoker/cash/888-FLH-USD-0.02-0.04.txt",
        "*** 08 03 2011 13:27:40",
        (2011, 3, 8, 13, 27, 40),
        None,
        None,
    ),
    (
        "PKR/cash/NLHE-USD-1.00-2.00-201108.post.both.txt",
        "Start time of hand: 26 Aug 2011 17:39:25",
        (2011, 8, 26, 17, 39, 25),
        None,
        None,
    ),
    (  # GMT+0100 is UTC+1: the POSIX zone Etc/GMT-1 (its sign reversed)
        "OnGame/cash/LHE-9max-USD-0.50-1.00-201008.All-in.with.showdown.txt",
        "Start hand: Wed Aug 18 19:32:32 GMT+0100 2010",
        (2010, 8, 18, 19, 32, 32),
        "GMT+0100",
        "Etc/GMT-1",
    ),
    (
        "PartyPoker/cash/NLHE-0.02-0.04-USD-201207.players.joining.leaving.txt",
        "Tuesday, July 31, 21:08:37 YEKST 2012",
        (2012, 7, 31, 21, 8, 37),
        "YEKST",
        "Asia/Yekaterinburg",
    ),
    (
        "PartyPoker/cash/NLHE-6max-USD-0.10-0.25-201212.unseated.big.blind.txt",
        "Thursday,December 6, 21:31:27 ICT 2012",
        (2012, 12, 6, 21, 31, 27),
        "ICT",
        "Asia/Bangkok",
    ),
    (
        "Merge/cash/FLHE-9max-USD-0.02-0.04.20110416.xml",
        'starttime="20110416150310"',
        (2011, 4, 16, 15, 3, 10),
        None,
        None,
    ),
    (
        "Merge/tour/NLHE-HU-USD-5.75-STT-201208.new.header.format.txt",
        'starttime="2012/08/23 02:10:05 -0300"',
        (2012, 8, 23, 2, 10, 5),
        "-0300",
        "Etc/GMT+3",
    ),
    (
        "PokerTracker/cash/NLHE-2max-EUR-25.00-50.00-201305.new.format.txt",
        "starting - 2013-05-28 16:44:14",
        (2013, 5, 28, 16, 44, 14),
        None,
        None,
    ),
    (
        "PokerTracker/tour/NLHE-USD-SNG-2-201111.Merge.txt",
        "Holdem NL Tournament 11/02/2011 21:16:13",
        (2011, 11, 2, 21, 16, 13),
        None,
        None,
    ),
    (  # Winning pads no field: 12:0:2 is 12:00:02
        "Winning/tour/NLHE-9max-USD-5.00 HH00000000 T5731520-G0-201608.Regular.txt",
        "Game started at: 2016/8/4 12:0:2",
        (2016, 8, 4, 12, 0, 2),
        None,
        None,
    ),
    (  # the Italian skin writes day/month/year and no seconds
        "iPoker/tour/NLHE-EUR-SNG-0.50.iPoker.it.txt",
        "<startdate>30/01/2012 02:30</startdate>",
        (2012, 1, 30, 2, 30, 0),
        None,
        None,
    ),
    (  # date -u -d @1374166750: Thu Jul 18 16:59:10 UTC 2013
        "Boss/cash/NLHE-SEK-2.00-4.00-201307.add.call.txt",
        'DATE="1374166750"',
        (2013, 7, 18, 16, 59, 10),
        None,
        "UTC",
    ),
    (  # date -u -d @1335014414: Sat Apr 21 13:20:14 UTC 2012
        "Everest/cash/LHE-USD-0.02-0.04-201204.txt",
        '<HAND time="1335014414"',
        (2012, 4, 21, 13, 20, 14),
        None,
        "UTC",
    ),
]


@pytest.mark.parametrize(
    ("relative", "printed", "moment", "abbreviation", "zone"),
    CASES,
    ids=[case[0].split("/")[0] + ":" + case[1][:24] for case in CASES],
)
def test_the_date_time_and_zone_as_printed(
    relative: str,
    printed: str,
    moment: tuple[int, ...],
    abbreviation: str | None,
    zone: str | None,
) -> None:
    path = HH / relative
    if not path.is_file():
        pytest.skip(f"{path} not found (../shared/data/hh)")
    text = decode(path.read_bytes())
    line = next(line for line in text.splitlines() if printed in line)
    read = printed_time([line])
    assert read is not None
    assert read.moment == datetime.datetime(*moment)
    assert read.abbreviation == abbreviation
    assert read.zone == zone
    if zone is not None:
        ZoneInfo(zone)  # a zone zoneinfo knows


def test_the_first_line_with_a_time_wins_and_none_is_none() -> None:
    assert printed_time(["Table 'Olga' 6-max", "no time here"]) is None
    read = printed_time(["Game #1", "2011/02/30 10:00:00 ET", "2011/03/01 10:00:00"])
    # 30 February is no date: the next line's date is taken
    assert read is not None and read.moment == datetime.datetime(2011, 3, 1, 10)


def test_an_abbreviation_of_no_single_zone_is_kept_without_one() -> None:
    read = printed_time(["- 2018/12/13 17:20:46 IST [2018/12/13 06:50:46 ET]"])
    assert read is not None
    assert (read.abbreviation, read.zone) == ("IST", None)
