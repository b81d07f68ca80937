"""``holdem convert --to pokerstars`` headers keep what the room printed.

Real files from ../shared/data/hh (read in place): each test compares the
written header and table lines with the lines the room printed. The
tournament's number and buy-in, the table's name and size are copied or
left out, never invented or written twice.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from holdem.cli.main import cli
from holdem.history.online.text import decode

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"online hand histories not found at {DATA}"
)

_HAND = re.compile(r"^PokerStars Hand #(\d+):")

# Files holding hands the site played against our rules or misprinted, with
# what each skip says; every hand of the other files here is written. Bovada's
# fixed-limit raise to 32.00 is not the one size the rules allow (R-FL-1), and
# its pot printed as 57.50 is not what its actions put in; iPoker's Hero
# checks out of turn (R-BET-3).
SKIPPING = {
    "Bovada/cash/LHE-USD-8-16-201204.old.format.txt": (
        "hand 2596795140: differs (our rules)",
        "[R-FL-1]",
        "hand 2596806815: differs (site's printed result)",
    ),
    "iPoker/tour/NLHE-USD-MTT-5r-201112.Sample.xml": (
        "hand 3869492660: differs (our rules)",
        "[R-BET-3]",
    ),
}


def _written(relative: str) -> dict[str, tuple[str, str]]:
    """Hand number -> (header line, table line) of the converted file."""
    result = CliRunner().invoke(
        cli, ["convert", str(DATA / relative), "--to", "pokerstars"]
    )
    # 1 when hands are skipped (each saying why), else 0: every hand written
    reasons = SKIPPING.get(relative, ())
    assert result.exit_code == (1 if reasons else 0), result.stderr
    assert all(reason in result.stderr for reason in reasons), result.stderr
    lines = result.stdout.splitlines()
    found = {}
    for index, line in enumerate(lines):
        match = _HAND.match(line)
        if match:
            found[match[1]] = (line, lines[index + 1])
    assert found, result.stderr
    return found


def _printed(relative: str) -> list[str]:
    return decode((DATA / relative).read_bytes()).splitlines()


STARS_KO = "Stars/tour/NLHE-9max-MTT-USD-2.50-201305.KO.txt"


def test_a_stars_tournament_keeps_its_buy_in_and_its_table_name() -> None:
    printed = _printed(STARS_KO)
    # "PokerStars Hand #99145265150: Tournament #734695129, $2.00+$0.50+$0.20
    # USD Hold'em No Limit - Level I (10/20) - ..." then "Table '734695129 21'"
    tables = {
        _HAND.match(line)[1]: printed[index + 1]  # type: ignore[index]
        for index, line in enumerate(printed)
        if _HAND.match(line)
    }
    written = _written(STARS_KO)
    for number, (header, table) in written.items():
        assert (
            "Tournament #734695129, $2.00+$0.50+$0.20 USD Hold'em No Limit - Level"
            in header
        )
        assert table == tables[number]  # as printed: the id not doubled
    assert "Table '734695129 21' 9-max Seat #1 is the button" in (
        table for _, table in written.values()
    )


@pytest.mark.parametrize(
    ("relative", "printed", "tables"),
    [
        # PKR prints its id on the line before each hand, the table's line
        (
            "PKR/tour/NLHE-USD-STT-201205.txt",
            "STT # 25738091",
            {"25738091": "Table #44761272 - STT # 25738091"},
        ),
        # iPoker's table name: "$3,500 GP R/A, 657149000, 657149000"
        (
            "iPoker/tour/NLHE-USD-MTT-5r-201112.Sample.xml",
            "<tablename>$3,500 GP R/A, 657149000, 657149000</tablename>",
            {"657149000": "$3,500 GP R/A, 657149000, 657149000"},
        ),
        (
            "iPoker/tour/NLHE-10max-MTT-10-1-201901.Bovada.converted.txt",
            "<tournamentcode>21387619</tournamentcode>",
            {
                "21387619": (
                    "Table 14 $10,000 Guaranteed (10K Chips 10-Minute Levels) 21387619"
                )
            },
        ),
        (
            "iPoker/tour/NLHE-USD-SNG-100-5-201610.new.tourno.format.xml",
            "<tablename>Hyper Turbo (500 Chips) (#16727068)</tablename>",
            {"16727068": "Hyper Turbo (500 Chips) (#16727068)"},
        ),
        # two tournaments in one file, each with its printed "Table ..." line
        (
            "PokerTracker/tour/NLHE-USD-SNG-2-201111.Merge.txt",
            "(Tournament: $2 Bounty Turbo, 42862423 Buy-In: $2+$0.20)",
            {
                "42862423": (
                    "$2 Bounty Turbo, 42862423 (Tournament: $2 Bounty Turbo,"
                    " 42862423 Buy-In: $2+$0.20)"
                ),
                "42912843": (
                    "Frigate Bird Room Super Turbo HU, 42912843 (Tournament:"
                    " Frigate Bird Room Super Turbo HU, 42912843 Buy-In:"
                    " $0+$0.00)"
                ),
            },
        ),
        # Bovada's id with a letter prefix: its digits; no table name is
        # printed, so the table is named as PokerStars names one, "<id> <table>"
        (
            "Bovada/tour/NLHE-9max-USD-MTT - $25-$2.50 - 202104.Ignititon.MVS.txt",
            "Tournament #M-20210422003411 TBL#18",
            {"20210422003411": "20210422003411 18"},
        ),
    ],
    ids=["PKR", "iPoker", "iPoker-code", "iPoker-#", "PokerTracker", "Bovada"],
)
def test_the_printed_tournament_number_is_kept(
    relative: str, printed: str, tables: dict[str, str]
) -> None:
    """Each hand's header keeps the printed tournament number; its table
    line keeps the printed table name as it is (the number not added again
    where the name holds it)."""
    assert any(printed in line for line in _printed(relative))
    seen = set()
    for header, table in _written(relative).values():
        # then the buy-in when the room printed one (iPoker's <buyin>)
        found = re.search(r": Tournament #(\d+), (?:[^,]*? )?Hold'em", header)
        assert found, header
        number = found[1]
        assert table.startswith(f"Table '{tables[number]}' "), (number, table)
        seen.add(number)
    assert seen == set(tables)


@pytest.mark.parametrize(
    "relative",
    [
        # "Bovada Hand #2596777580 TBL#951467 HOLDEM  Fixed Limit": no size
        "Bovada/cash/LHE-USD-8-16-201204.old.format.txt",
        # "Table Guarapuava (Real Money)": no size; a heads-up on seats 3, 6
        "PacificPoker/cash/888-FLH-USD-0.02-0.04.txt",
    ],
    ids=["Bovada", "888"],
)
def test_no_table_size_is_written_when_none_is_printed(relative: str) -> None:
    assert not any("max" in line.lower() for line in _printed(relative))
    for _, table in _written(relative).values():
        assert re.fullmatch(r"Table '[^']+' Seat #\d+ is the button", table), table
