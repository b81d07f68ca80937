"""A tournament row as the room stored it reads back (R-TABLE-3, R-TOURN-1).

The room keeps a tournament as two JSON objects (``tournaments.spec``, the
lobby's ``TournamentSpec``, and ``tournaments.state``, ``state_json``); the
levels are not stored but made again from the spec. The literals below are
rows in the form the room wrote before the tournament layer's ``Level`` and
the table's ``BlindLevel`` became one type; they must still load, and the
level read back must be the published turbo sit-and-go schedule's
(``DEFAULT_SNG_SCHEDULE``: 10/20, 15/30, 25/50, 50/100, ...; 5 minutes a
level at turbo speed).
"""

from __future__ import annotations

import datetime
import json
import random

from holdem.server.tournament_spec import TournamentSpec
from holdem.table import BlindLevel
from holdem.tournament import Level, Placing
from holdem.tournament.stored import state_json, tournament_from_json

SPEC_ROW = """
{"name": "Turbo 6", "kind": "sng", "speed": "turbo", "seats": 6,
 "buy_in": 100, "fee": 10, "bots": 5, "max_entries": 0, "start_at": null}
"""

# Six entries of 1,500 chips; bot4 then bot5 out (6th, 5th), 9,000 chips in
# play among the four left, 31 hands dealt, started at 19:00 UTC.
STATE_ROW = """
{"version": 1, "phase": "running",
 "entries": ["ann", "bot1", "bot2", "bot3", "bot4", "bot5"],
 "out": [[["bot4", 1, 300, 2]], [["bot5", 1, 650, 4]]],
 "winner": null, "moves": [], "hands_reported": 31,
 "started_at": "2024-03-01T19:00:00+00:00",
 "player_entries": {"ann": ["ann"], "bot1": ["bot1"], "bot2": ["bot2"],
                    "bot3": ["bot3"], "bot4": ["bot4"], "bot5": ["bot5"]},
 "stacks": {"ann": 2950, "bot1": 1200, "bot2": 3100, "bot3": 1750},
 "tables": {"1": {"1": "ann", "2": "bot1", "4": "bot2", "6": "bot3"}},
 "positions": {"1": [4, 2, 4]},
 "hands": {"1": 31}, "most_hands": 31, "round": null, "round_busts": [],
 "next_table": 2}
"""

START = datetime.datetime(2024, 3, 1, 19, 0, tzinfo=datetime.UTC)


def test_R_TABLE_3_a_stored_tournament_row_reads_back_at_its_level() -> None:
    spec = TournamentSpec.from_json(json.loads(SPEC_ROW))
    structure = spec.structure()
    state = json.loads(STATE_ROW)
    t = tournament_from_json(structure, state, rng=random.Random(1))

    assert t.remaining == 4 and t.total_chips == 6 * 1_500
    assert t.placings == (  # in the order they went out
        Placing(("bot4",), 6, 6),
        Placing(("bot5",), 5, 5),
    )
    assert t.tables == {1: {1: "ann", 2: "bot1", 4: "bot2", 6: "bot3"}}
    # 17 minutes in at 5 minutes a level: level 4, 50/100 without an ante
    now = START + datetime.timedelta(minutes=17)
    assert t.level_at(now) == (4, Level(50, 100, minutes=5))
    assert t.level_at(now)[1] == BlindLevel(50, 100, 0, False, 5)  # one type
    assert t.tables_to_deal(now) == (1,)
    assert state_json(t) == state  # read back, written the same
