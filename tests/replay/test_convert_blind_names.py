"""``holdem convert --to pokerstars`` names each blind as the site did.

Real hands from ../shared/data/hh (read in place) whose posts are out of the
usual order: a small blind posted by the button, a second small blind posted
dead. The text must print the role the site printed (``posts small blind``,
``posts big blind``; a dead small blind as PokerStars prints it, a second
``posts small blind`` after the live one), and reading the text back must
give the same hand: the same stacks at the end and chips won.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.history.model import HandHistory
from holdem.history.money import Money
from holdem.history.online.to_phh import online_file_histories
from holdem.history.stars_seats import StarsHand
from holdem.history.stars_writer import stars_text

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"online hand histories not found at {DATA}"
)

BLINDS = [
    # (file, hand id, the site's post lines, the posts as written, in order)
    (
        "Boss/cash/NLHE-SEK-5.00-10.00-201207.secondsb.txt",
        "1797085457",
        (
            'PLAYER="Player3" KIND="HAND_SB" VALUE="5.00"',
            'PLAYER="Player1" KIND="HAND_BB" VALUE="10.00"',
            'PLAYER="Player2" KIND="HAND_SB" VALUE="5.00"',
        ),
        (
            "Player3: posts small blind 5",
            "Player1: posts big blind 10",
            "Player2: posts small blind 5",  # the second: dead (R-TABLE-6)
        ),
        Money(None, unit=100),  # kronor written without a symbol
    ),
    (
        "PokerTracker/cash/NLHE-USD-0.50-1.00-201101.Merge.txt",
        "3047310402823",
        ("Player3: Post SB $0.50", "Player0: Post BB $1.00"),
        ("Player3: posts small blind $0.50", "Player0: posts big blind $1"),
        Money("USD"),
    ),
    (
        "iPoker/cash/NLHE-USD-0.02-0.04-201111.txt",
        "3051022743",
        (
            'player="Hero" type="1" sum="$0.02"',
            'player="Player9" type="2" sum="$0.04"',
            'player="Player5" type="1" sum="$0.02"',
        ),
        (
            "Hero: posts small blind $0.02",
            "Player9: posts big blind $0.04",
            "Player5: posts small blind $0.02",
        ),
        Money("USD"),
    ),
    (
        "PKR/cash/NLHE-10max-USD-0.02-0.04-201208.secondsb.txt",
        "2147619083",
        (
            "Player7 posts small blind ($0.02)",
            "Player0 posts big blind ($0.04)",
            "Player5 posts $0.02 dead",
        ),
        (
            "Player7: posts small blind $0.02",
            "Player0: posts big blind $0.04",
            "Player5: posts small blind $0.02",
        ),
        Money("USD"),
    ),
]


def _history(path: Path, hand_id: str) -> HandHistory:
    for conversion in online_file_histories(path):
        if conversion.hand_id == hand_id:
            assert conversion.history is not None, conversion.message
            return conversion.history
    raise AssertionError(f"no hand {hand_id} in {path}")


@pytest.mark.parametrize(("path", "hand_id", "printed", "written", "money"), BLINDS)
def test_R_TABLE_6_each_blind_keeps_its_role_and_reads_back(
    path: str,
    hand_id: str,
    printed: tuple[str, ...],
    written: tuple[str, ...],
    money: Money,
    tmp_path: Path,
) -> None:
    source = (DATA / path).read_text(encoding="utf-8", errors="replace")
    for line in printed:
        assert line in source  # the site's own posts
    history = _history(DATA / path, hand_id)
    text = stars_text(StarsHand.from_history(history), None, money=money)
    posts = [line for line in text.splitlines() if ": posts " in line]
    assert tuple(posts) == written
    out = tmp_path / "hand.txt"
    out.write_text(text + "\n", encoding="utf-8")
    again = _history(out, hand_id)
    original, read_back = dict(history.metadata), dict(again.metadata)
    assert read_back["winnings"] == original["winnings"]
    assert again.finishing_stacks == history.finishing_stacks
    assert again.starting_stacks == history.starting_stacks


PARTY_LIVE = "PartyPoker/cash/LHE-6max-USD-15-30-201104.live.second.sb.txt"


def test_R_TABLE_5_a_second_live_small_blind_reads_back_live(tmp_path: Path) -> None:
    # "Player2 posts small blind [$10 USD].", "Hero posts big blind [$15
    # USD].", "Player1 posts small blind [$10 USD]." then "Player1 calls [$5
    # USD]": the second small blind is live. PokerStars reads a second
    # "posts small blind" as dead, so it is written as a live blind posted
    # to be dealt in.
    source = (DATA / PARTY_LIVE).read_text(encoding="utf-8", errors="replace")
    assert "Player1 posts small blind [$10 USD]." in source
    assert "Player1 calls [$5 USD]" in source
    history = _history(DATA / PARTY_LIVE, "10398176832")
    text = stars_text(StarsHand.from_history(history), None, money=Money("USD"))
    posts = [line for line in text.splitlines() if ": posts " in line]
    assert posts == [
        "Player2: posts small blind $10",
        "Hero: posts big blind $15",
        "Player1: posts big blind $10",
    ]
    assert "Player1: calls $5" in text.splitlines()
    out = tmp_path / "hand.txt"
    out.write_text(text + "\n", encoding="utf-8")
    again = _history(out, "10398176832")
    assert again.finishing_stacks == history.finishing_stacks
