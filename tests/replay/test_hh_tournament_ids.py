"""Tournament numbers and buy-ins the header's ``Tournament #N`` does not give.

OnGame prints its tournament's number in the header's brackets, Merge in its
``<game data="..">``, Everleaf and Winning's older text only in the file's
name: each reader carries it into ``OnlineHand.tournament_id`` as printed, and
PHH's ``_tournament_id`` is its digits; iPoker's session ``<buyin>`` is
``OnlineHand.buy_in`` and PHH's ``_buy_in`` as printed. The values asserted
are copied from the files and their names, quoted beside each case.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.online import decode, detect
from holdem.history.online.model import OnlineHand
from holdem.history.online.to_phh import online_file_histories

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"online hand histories not found at {DATA}"
)

_CASES = [
    # '***** History for hand T5-18949598-1 (TOURNAMENT: "Freeroll tournois
    # live", R-274-110, buy-in: €0) *****'
    ("OnGame/tour/R-274-110.txt", "OnGame", "R-274-110", 274110),
    # '<game id="50104125-26" ... data="20120228|Hairy Frog Room  - Super Turbo
    # HU|50102278-1|50104125-26|true">'
    ("Merge/tour/NLHE-USD-STT-201202.exported.txt", "Merge", "50102278-1", 501022781),
    # the file's name: TID_1337923-1.txt
    ("Everleaf/tour/TID_1337923-1.txt", "Everleaf", "1337923", 1337923),
    # the file's name: "... HH00000000 T5731520-G0-201608.Regular.txt"
    (
        "Winning/tour/NLHE-9max-USD-5.00 HH00000000 T5731520-G0-201608.Regular.txt",
        "Winning",
        "5731520",
        5731520,
    ),
]


def _path(name: str) -> Path:
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    return path


def _first_hand(path: Path) -> OnlineHand:
    text = decode(path.read_bytes())
    parser = detect(text)
    assert parser is not None, f"no reader for {path}"
    return parser.parse(parser.split(text, str(path))[0])


@pytest.mark.parametrize(("name", "site", "printed", "number"), _CASES)
def test_tournament_id_is_read_as_printed(
    name: str, site: str, printed: str, number: int
) -> None:
    path = _path(name)
    hand = _first_hand(path)
    assert hand.site == site
    assert hand.is_tournament
    assert hand.tournament_id == printed


@pytest.mark.parametrize(("name", "site", "printed", "number"), _CASES)
def test_tournament_id_is_written_to_phh_as_its_digits(
    name: str, site: str, printed: str, number: int
) -> None:
    # the file's first hand: the one whose lines are quoted above
    first = online_file_histories(_path(name))[0]
    assert first.history is not None, first.message
    fields = dict(first.history.metadata)
    assert fields["_tournament"] is True
    assert fields["_tournament_id"] == number


def test_a_cash_game_has_no_tournament_id() -> None:
    # Everleaf's cash table: no "Chips" stakes, and no TID_ in the file's name
    path = _path("Everleaf/cash/NLHE-EUR-0.25-0.50-201202.euro.caret.txt")
    hand = _first_hand(path)
    assert not hand.is_tournament
    assert hand.tournament_id is None


def test_ongame_header_without_a_number_has_none() -> None:
    # '***** History for hand T5-569087-5 (TOURNAMENT: ) *****'
    path = _path("OnGame/tour/NLHE-9max-200906.missing.tourno.txt")
    hand = _first_hand(path)
    assert hand.is_tournament
    assert hand.tournament_id is None


@pytest.mark.parametrize(
    ("name", "buy_in"),
    [
        # "<buyin>$10+$1</buyin>" in the session's <general>
        ("iPoker/tour/NLHE-USD-10-1-201901.card.catcher.txt", "$10+$1"),
        # "<buyin>Pts 11.00+Pts 0.00</buyin>": paid in points, kept as printed
        ("iPoker/tour/NLHE-GBP-MTT-5-201403.FPPbuyin.txt", "Pts 11.00+Pts 0.00"),
    ],
)
def test_ipoker_buy_in_is_read_as_printed_and_written_to_phh(
    name: str, buy_in: str
) -> None:
    path = _path(name)
    hand = _first_hand(path)
    assert hand.is_tournament
    assert hand.buy_in == buy_in
    first = online_file_histories(path)[0]
    assert first.history is not None, first.message
    assert dict(first.history.metadata)["_buy_in"] == buy_in


def test_ipoker_cash_game_has_no_buy_in() -> None:
    # a cash session: "<gametype>Holdem SL $0.01/$0.02</gametype>", no <buyin>
    path = _path("iPoker/cash/NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml")
    hand = _first_hand(path)
    assert not hand.is_tournament
    assert hand.buy_in is None
