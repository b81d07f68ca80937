"""``OnlineHand.hero``: whose history a real file is, as the room prints it.

Each room names the player it dealt cards to privately (``Dealt to Hero
[9c 7c]``, iPoker's session ``<nickname>``...): that is the history's owner
(R-HISTORY-1), and his cards are the ones printed there. A hand that prints
no such line (an observer's or a replayer's file) names no one. The names and
cards asserted are copied from the files' own lines, quoted beside each case.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from holdem.cards import parse_cards
from holdem.history.online import decode, detect
from holdem.history.online.model import OnlineHand

DATA = Path(__file__).resolve().parents[2] / ".." / "shared" / "data" / "hh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"online hand histories not found at {DATA}"
)


def _hand(name: str, index: int = 0) -> OnlineHand:
    path = DATA / name
    if not path.is_file():
        pytest.skip(f"{path} not found")
    text = decode(path.read_bytes())
    parser = detect(text)
    assert parser is not None, f"no reader for {name}"
    return parser.parse(parser.split(text, str(path))[index])


# (file, hand index, site, hero, hero's cards): the line quoted prints them
_HEROES = [
    # "Dealt to Hero [ Td, Qd ]"
    (
        "PacificPoker/cash/888-FHE-USD-5-10-201203.all.in.blind.txt",
        0,
        "888poker",
        "Hero",
        "Td Qd",
    ),
    # "Dealt to Hero [9c 7c]"
    (
        "Absolute/cash/IHH20090610 Chile Way - Hold'em No Limit $0.02(Real Money)"
        " Table 9339866.txt",
        0,
        "Absolute",
        "Hero",
        "9c 7c",
    ),
    # "Dealt to Hero [9d,6d]"
    (
        "Cake/cash/LHE-6max-USD-3.00-6.00-201207.datetime.dashes.txt",
        0,
        "Cake",
        "Hero",
        "9d 6d",
    ),
    # "Dealt to Hero [ Ad, 5c ]"
    (
        "Everleaf/cash/NLHE-10max-USD-0.25-0.50-200911.All-in.in.player.line.txt",
        0,
        "Everleaf",
        "Hero",
        "Ad 5c",
    ),
    # "Dealt to Hero: [Ts 9h]", after "Dealt to Player0: [X X]" for the others
    ("KingsClub/cash/LHE-USD-40-80-202012.txt", 0, "KingsClub", "Hero", "Ts 9h"),
    # "Dealing to Hero: [Kd, Ks]"
    (
        "OnGame/cash/LHE-9max-USD-0.50-1.00-201008.All-in.with.showdown.txt",
        0,
        "OnGame",
        "Hero",
        "Kd Ks",
    ),
    # "Dealing [J s][Q h] to Hero"
    ("PKR/cash/NLHE-10max-USD-0.02-0.04-201206.txt", 1, "PKR", "Hero", "Js Qh"),
    # "Dealt to Hero [  9c Ad ]"
    (
        "PartyPoker/cash/LHE-6max-USD-15-30-201104.live.second.sb.txt",
        0,
        "PartyPoker",
        "Hero",
        "9c Ad",
    ),
    # "Dealt to Player4 [7h 5s]" (PokerTracker's text of a "Merge Game")
    (
        "PokerTracker/cash/NLHE-6max-USD-0.02-0.04-201412.Merge.v2.post.sb.txt",
        0,
        "Merge",
        "Player4",
        "7h 5s",
    ),
    # "Dealt to Player13 [5d 3c]" (Everest's text, kept by PokerTracker)
    (
        "PokerTracker/cash/NLHE-USD-0.50-1.00-201101.Everest.txt",
        0,
        "Everest",
        "Player13",
        "5d 3c",
    ),
    # "Dealt to Hero [Js 7d]"
    (
        "SealsWithClubs/cash/LHE-6max-mBTC-2.00-4.00-201305.txt",
        0,
        "Seals With Clubs",
        "Hero",
        "Js 7d",
    ),
    # "Dealt to Hero [Ac 7c]"
    ("Unibet/cash/NLHE-EUR-0.05-0.10-202104.Banzi.txt", 0, "Unibet", "Hero", "Ac 7c"),
    # "Player Player1 received card: [5h]", "... received card: [9s]"; the
    # other player "received a card." face down
    (
        "Winning/cash/LHE-2max-USD-2.00-4.00-201608.HH00000000 G0.txt",
        0,
        "Winning",
        "Player1",
        "5h 9s",
    ),
    # "Dealt to Hero [6c 7h]" (Winning's PokerStars-like text)
    (
        "Winning/tour/NLHE-9max-NA-0-0-201907.SCHEDULEDID-TN-The Venom - $5,000,000"
        " GTD - Day 1C GAMETYPE.txt",
        0,
        "Winning",
        "Hero",
        "6c 7h",
    ),
    # '<Action seq="4" type="DealCards" seat="4">' with <Card value="4"
    # suit="s"/> <Card value="9" suit="c"/>; seat 4 is alias="hero"
    (
        "Microgaming/cash/NLHE-0.05-0.10-201111.posted.to.play.txt",
        0,
        "Microgaming",
        "hero",
        "4s 9c",
    ),
]


@pytest.mark.parametrize(
    ("name", "index", "site", "hero", "held"),
    _HEROES,
    ids=[f"{case[2]}-{Path(case[0]).name[:24]}" for case in _HEROES],
)
def test_R_HISTORY_1_hero_is_the_player_dealt_cards_privately(
    name: str, index: int, site: str, hero: str, held: str
) -> None:
    hand = _hand(name, index)
    assert hand.site == site
    assert hand.hero == hero
    assert dict(hand.hole_cards)[hero] == tuple(parse_cards(held))


def test_R_HISTORY_1_ipoker_hero_is_the_session_nickname() -> None:
    # "<nickname>Player1</nickname>", and Player1 sits at the table
    hand = _hand("iPoker/cash/NLHE-GBP-0.05-0.10-201307.uncalled.less.than.rake.xml")
    assert hand.hero == "Player1"
    assert "Player1" in {seat.player for seat in hand.seats}


def test_R_HISTORY_1_ipoker_hero_is_hero_with_his_pocket_cards() -> None:
    # "<nickname>Hero</nickname>"; '<cards type="Pocket" player="Hero">H3 CJ</cards>'
    hand = _hand("iPoker/cash/NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml")
    assert hand.hero == "Hero"
    assert dict(hand.hole_cards)["Hero"] == tuple(parse_cards("3h Jc"))


@pytest.mark.parametrize(
    "name",
    [
        # a practice table's history with no "Dealt to" line at all
        "PacificPoker/cash/888-FLH-PM-0.50-1.00.txt",
        # The Big Game's replayer shows every player's cards: no one's own
        "TheBigGame/cash/TheBigGame.S1E01.txt",
    ],
)
def test_R_HISTORY_1_a_hand_naming_no_one_has_no_hero(name: str) -> None:
    assert _hand(name).hero is None
