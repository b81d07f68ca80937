"""``holdem convert`` keeps a showdown muck a muck (read in place).

Each hand below reaches the showdown and the site prints that one player
mucked his hand (some print the cards too). A mucked hand does not contend
(R-SHOW-2), so the PHH must write ``pN sm`` with no cards and the
PokerStars-style text ``NAME: mucks hand`` and ``Seat N: NAME ... mucked``,
never ``shows`` or ``showed`` for him.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.model import HandHistory
from holdem.history.money import Money
from holdem.history.notation import PhhShowMuck
from holdem.history.online.to_phh import online_file_histories
from holdem.history.stars_seats import StarsHand
from holdem.history.stars_writer import stars_text

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"online hand histories not found at {DATA}"
)

MUCKS = [
    # (file, hand id, the player who mucks, the line the site prints)
    (
        "FTP/cash/NLHE-6max-USD-0.01-0.02-201305.new.gameline.format.txt",
        "32616909390",
        "Hero",
        "Seat 3: Hero (small blind) mucked [Jh 7d] - a pair of Sixes",
    ),
    (
        "PacificPoker/cash/888-FLH-USD-0.02-0.04.txt",
        "311166013",
        "Player9",
        "Player9 mucks [ Tc, Ac ]",
    ),
    (
        "Bovada/cash/FLHE-6max-USD - $30-$60 - 201512.new.blinds.txt",
        "3183548059",
        "Dealer",
        "Dealer : Mucks [Kc Kh] (One pair)",
    ),
    (
        "Merge/cash/NLHE-9max-play-10-20-201208.txt",
        "33325037-507",
        "Player4",
        '<cards type="MUCKED" cards="7d,6d" player="7"/>',
    ),
    (
        "PokerTracker/cash/NLHE-EUR-0.05-0.10-201901.iPoker.new.version.txt",
        "4402349920",
        "Player3",
        "Player3: Mucks [HA CA] One Pair, Aces",
    ),
    (
        "PokerTracker/cash/NLHE-USD-0.50-1.00-201101.Everest.txt",
        "6450887557",
        "Player14",
        "Player14 mucked [8d 8s]",
    ),
    (
        "Cake/cash/LHE-FR-0.02-0.04-201105.All.streets.with.mucked.txt",
        "2589013774000145",
        "Play***3",
        "Play***3: mucks [9h,As] (TwoPair) .",
    ),
]


def _history(path: str, hand_id: str) -> HandHistory:
    for conversion in online_file_histories(DATA / path):
        if conversion.hand_id == hand_id:
            assert conversion.history is not None, conversion.message
            return conversion.history
    raise AssertionError(f"no hand {hand_id} in {path}")


@pytest.mark.parametrize(("path", "hand_id", "player", "printed"), MUCKS)
def test_R_SHOW_2_a_showdown_muck_is_written_as_a_muck(
    path: str, hand_id: str, player: str, printed: str
) -> None:
    text = (DATA / path).read_text(encoding="utf-8", errors="replace")
    assert printed in text  # the site's own words
    history = _history(path, hand_id)
    players = history.players or ()
    seat = players.index(player)
    ends = [a for a in history.actions if isinstance(a, PhhShowMuck)]
    assert [a.seat for a in ends].count(seat) == 1
    (his,) = [a for a in ends if a.seat == seat]
    assert his.is_muck  # "pN sm", not "pN sm Jh7d"
    assert any(not a.is_muck for a in ends)  # someone else showed and won
    winnings = dict(history.metadata)["winnings"]
    assert isinstance(winnings, tuple)
    assert winnings[seat] == 0
    lines = stars_text(StarsHand.from_history(history), None, money=Money("USD"))
    said = [line for line in lines.splitlines() if player in line]
    assert f"{player}: mucks hand" in said
    assert not any(f"{player}: shows" in line for line in said)
    assert not any("showed [" in line for line in said)
    assert any(line.startswith("Seat ") and " mucked" in line for line in said)
