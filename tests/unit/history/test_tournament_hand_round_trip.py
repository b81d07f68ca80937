"""A tournament hand written as the room writes it reads back whole.

The room writes each tournament hand as PHH (``history_from_record`` with
the table named ``"T N"``, tournament T's table N, and ``_tournament_id``)
and as PokerStars text from that PHH (``stars_text(..., tournament=T)``:
``Tournament #T, ... - Level XIV (600/1200)`` and ``Table 'T N'``). Read
back by our PokerStars reader, the hand keeps its tournament, level and
table, in the reader's ``OnlineHand`` and in the PHH written from it.

Oracle: the tournament's own numbers (its id, the table number, the level
the one-table tournament dealt at: 13 levels of one hand each, so the 14th
hand is level 14) and the level's stakes (600/1200, a big-blind ante of
1,200; R-ANTE-1).
"""

from __future__ import annotations

import dataclasses
import datetime
import random

from holdem.history import StarsHand, dumps, loads, stars_text
from holdem.history.online import detect
from holdem.history.online.to_phh import online_text_histories
from holdem.history.table_phh import history_from_record
from holdem.rules import GameConfig
from holdem.table import BlindLevel, CallingStationBot, TableConfig, Tournament

TOURNAMENT = 734
TABLE = 3
START = datetime.datetime(2026, 1, 1, 20, 0, tzinfo=datetime.UTC)


def _level_14_hand_as_the_room_writes_it() -> tuple[str, str]:
    """PHH and PokerStars text of the 14th hand (level XIV)."""
    levels = [BlindLevel(5 * n, 10 * n, hands=1) for n in range(1, 14)]
    levels.append(BlindLevel(600, 1200, 1200, big_blind_ante=True))
    tournament = Tournament(
        TableConfig(GameConfig(), seat_count=6),
        levels,
        {seat: (f"P{seat}", 100_000) for seat in range(1, 5)},
        rng=random.Random(7),
    )
    bots = {seat: CallingStationBot() for seat in range(1, 5)}
    for _ in range(13):
        tournament.play_hand(bots)
    record = tournament.play_hand(bots)
    assert record.level == 14
    history = history_from_record(record, table=f"{TOURNAMENT} {TABLE}", time=START)
    history = dataclasses.replace(
        history, metadata=(*history.metadata, ("_tournament_id", TOURNAMENT))
    )
    phh = dumps(history)
    text = stars_text(StarsHand.from_history(loads(phh)), None, tournament=TOURNAMENT)
    return phh, text


def test_R_TABLE_3_a_tournament_hand_written_and_read_back_keeps_its_place() -> None:
    phh, text = _level_14_hand_as_the_room_writes_it()
    header, table_line = text.splitlines()[:2]
    assert (
        f"Tournament #{TOURNAMENT}, Hold'em No Limit - Level XIV (600/1200)" in header
    )
    assert table_line.startswith(f"Table '{TOURNAMENT} {TABLE}' 6-max Seat #")
    parser = detect(text)
    assert parser is not None
    (hand_text,) = parser.split(text, "")
    hand = parser.parse(hand_text)
    assert hand.site == "PokerStars" and hand.is_tournament
    assert hand.tournament_id == str(TOURNAMENT)
    assert hand.level == 14
    assert hand.table == f"{TOURNAMENT} {TABLE}"
    assert (hand.small_blind, hand.big_blind) == (600, 1200)
    (converted,) = online_text_histories(text)
    assert converted.history is not None, converted.message
    back = dict(converted.history.metadata)
    written = dict(loads(phh).metadata)
    for name in ("_tournament_id", "level", "table"):
        assert back[name] == written[name], name
    assert back["_tournament"] is True
    # the big-blind ante read back as posted (R-ANTE-1)
    assert sum(converted.history.antes) == 1200
