"""An online hand's hero (``OnlineHand.hero``) is carried into PHH and the text.

The readers fill ``OnlineHand.hero`` with the player the room dealt cards to
privately (``Dealt to Hero [2h Th]``); here the field is set on a parsed
hand, so the test does not depend on a reader. The PHH gets ``_hero`` and
the PokerStars-style text is written as he saw it (R-HISTORY-1).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from holdem.history.money import Money
from holdem.history.online.registry import detect
from holdem.history.online.text import decode
from holdem.history.online.to_phh import online_file_histories, online_history
from holdem.history.stars_seats import StarsHand
from holdem.history.stars_writer import stars_text

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / ".." / "shared" / "data" / "hh"
HEADS_UP = DATA / "Stars" / "cash" / "NLHE-2max-USD-0.25-0.50-201005.Hitnrun.txt"

pytestmark = pytest.mark.skipif(
    not HEADS_UP.is_file(), reason=f"online hand histories not found at {DATA}"
)


def _first_hand(hero: str | None) -> StarsHand:
    text = decode(HEADS_UP.read_bytes())
    parser = detect(text)
    assert parser is not None
    hand_text = next(iter(parser.split(text, str(HEADS_UP))))
    hand = dataclasses.replace(parser.parse(hand_text), hero=hero)
    history = online_history(hand, hand_text.lines[:12])
    assert dict(history.metadata).get("_hero") == hero
    return StarsHand.from_history(history)


def test_R_HISTORY_1_the_online_hero_is_written_as_the_viewer() -> None:
    hand = _first_hand("Hero")
    assert hand.hero == "Hero"
    seat = hand.seats[hand.players.index("Hero")]
    lines = stars_text(hand, seat, money=Money("USD")).splitlines()
    # as PokerStars printed it: "Dealt to Hero [2h Th]", small blind first
    assert lines[4:8] == [
        "Hero: posts small blind $0.25",
        "Player1: posts big blind $0.50",
        "*** HOLE CARDS ***",
        "Dealt to Hero [2h Th]",
    ]


def test_R_HISTORY_1_a_hand_naming_no_hero_has_none() -> None:
    assert _first_hand(None).hero is None


FULL_TILT = (
    DATA / "FTP" / "cash" / "NLHE-6max-USD-0.01-0.02-201305.new.gameline.format.txt"
)


def test_the_table_is_written_as_the_room_names_it() -> None:
    # "Full Tilt Poker Game #32616909390: Table Vera (6 max) - NL Hold'em"
    (conversion, *_) = online_file_histories(FULL_TILT)
    assert conversion.history is not None, conversion.message
    fields = dict(conversion.history.metadata)
    assert (fields["table"], fields["seat_count"]) == ("Vera", 6)
    money = Money("USD")  # a cash game in dollars (written without: play money)
    text = stars_text(StarsHand.from_history(conversion.history), None, money=money)
    assert text.splitlines()[1].startswith("Table 'Vera' 6-max Seat #")


HEADS_UP_LONE_BLIND = [
    # 888: "Player0 posts small blind [$5]" on the button, nobody else posts
    (
        "PacificPoker/cash/888-LHE-HU-USD-10-20-201202.cancelled.hand.txt",
        "Player0: posts small blind $5",
        "Seat 6: Player0 (button) (small blind) collected ($0)",
    ),
    # Microgaming: "Hero posted the small blind - 10.00", the other all-in
    (
        "PokerTracker/tour/NLHE-2max-USD-0-STT-201307.Microgaming.allin.blind.txt",
        "Hero: posts small blind 10",
        "Seat 1: Hero (button) (small blind) showed [6d Kh] and won (20) with a"
        " pair of Kings",
    ),
]


@pytest.mark.parametrize(("path", "post", "summary"), HEADS_UP_LONE_BLIND)
def test_R_TABLE_2_a_heads_up_button_blind_alone_is_the_small_blind(
    path: str, post: str, summary: str
) -> None:
    (conversion, *_) = online_file_histories(DATA / path)
    assert conversion.history is not None, conversion.message
    hand = StarsHand.from_history(conversion.history)
    fields = dict(conversion.history.metadata)
    currency = fields.get("currency")
    money = Money(currency if isinstance(currency, str) else None)
    lines = stars_text(hand, None, money=money).splitlines()
    assert post in lines
    assert summary in lines
