"""PokerStars tournament headers read back: tournament, level and table.

Real hands from ../shared/data/hh (read in place), each file cut to its
first hand: the reader's ``OnlineHand`` and the PHH written from it keep the
tournament's number, the level and the table the header prints. The values
asserted are copied from the two lines quoted beside each case.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import decode, detect
from holdem.history.online.to_phh import online_text_histories

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"online hand histories not found at {DATA}"
)

_CASES = [
    # "PokerStars Hand #204469397162: Tournament #2570765244, Freeroll  Hold'em
    # No Limit - Level XII (350/700) - ..." / "Table '2570765244 708' 9-max"
    (
        "Stars/tour/NLHE-9max-MTT-Freeroll-201909.progressive.bounty.txt",
        "2570765244",
        12,
        "2570765244 708",
    ),
    # "... Tournament #2475523986, ₹136.50+₹13.50 INR Hold'em No Limit - Level
    # XXVI (2000/4000) - ..." / "Table '2475523986 8' 9-max"
    (
        "Stars/tour/NLHE-9max-MTT-INR-136.50-13.50-201901.txt",
        "2475523986",
        26,
        "2475523986 8",
    ),
    # "... Tournament #518183000, 2000+110 Hold'em No Limit - Level II (15/30)
    # - ..." / "Table '518183000 1' 9-max"
    (
        "Stars/tour/NLHE-play-STT-2000.201202.allin.blind.txt",
        "518183000",
        2,
        "518183000 1",
    ),
    # "... Tournament #734695129, $2.00+$0.50+$0.20 USD Hold'em No Limit -
    # Level I (10/20) - ..." / "Table '734695129 21' 9-max"
    ("Stars/tour/NLHE-9max-MTT-USD-2.50-201305.KO.txt", "734695129", 1, "734695129 21"),
]


def _first_hand_text(name: str) -> str:
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    text = decode(path.read_bytes())
    parser = detect(text)
    assert parser is not None, f"no reader for {path}"
    return "\n".join(parser.split(text, name)[0].lines) + "\n"


@pytest.mark.parametrize(("name", "tournament", "level", "table"), _CASES)
def test_R_TABLE_3_a_stars_tournament_header_reads_back(
    name: str, tournament: str, level: int, table: str
) -> None:
    text = _first_hand_text(name)
    parser = detect(text)
    assert parser is not None
    (hand_text,) = parser.split(text, name)
    hand = parser.parse(hand_text)
    assert hand.is_tournament
    assert (hand.tournament_id, hand.level, hand.table) == (tournament, level, table)
    (converted,) = online_text_histories(text, name)
    assert converted.history is not None, converted.message
    fields = dict(converted.history.metadata)
    assert fields["_tournament_id"] == int(tournament)
    assert fields["level"] == level
    assert fields["table"] == table


def test_a_stars_cash_hand_has_no_tournament_or_level() -> None:
    # "PokerStars Hand #257180854570: Hold'em No Limit ($0.05/$0.10 USD) - ..."
    name = "Stars/cash/2025-NL-6max-USD-0.05-0.10.cashout.txt"
    text = _first_hand_text(name)
    parser = detect(text)
    assert parser is not None
    hand = parser.parse(parser.split(text, name)[0])
    assert not hand.is_tournament
    assert (hand.tournament_id, hand.level, hand.table) == (None, None, "Wezen")
