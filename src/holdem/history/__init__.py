"""Hand histories: the PHH format (read, write) and replay through the engine.

``load``/``loads`` read one ``.phh`` hand, ``load_all``/``loads_all`` a
``.phhs`` file; ``dump``/``dumps`` and ``dump_all``/``dumps_all`` write them;
``history_from_state`` records a hand the engine dealt and
``history_from_record`` a table's hand, with its seats, button and time;
``replay_history`` deals a history through the engine and compares the
outcome with the record. ``stars_text`` writes a finished hand as
PokerStars-style text for one viewer (R-HISTORY-1).
Variant ``PT`` (pot-limit Texas hold'em) is holdem's documented extension of
the standard's ``NT`` and ``FT``; see ``holdem.history.phh``.
"""

from holdem.history.batch import (
    HandReport,
    ReplaySummary,
    find_history_files,
    replay_file,
)
from holdem.history.model import STRUCTURES, FieldValue, HandHistory
from holdem.history.money import Money
from holdem.history.notation import (
    PhhAction,
    PhhBetRaise,
    PhhCheckCall,
    PhhDealBoard,
    PhhDealHole,
    PhhFold,
    PhhNoOp,
    PhhShowMuck,
    format_action,
    parse_action,
)
from holdem.history.phh import (
    history_from_fields,
    load,
    load_all,
    loads,
    loads_all,
    parse_toml,
)
from holdem.history.record import history_from_state
from holdem.history.replay import HandReplay, Outcome, replay_history
from holdem.history.stars_seats import StarsHand
from holdem.history.stars_writer import stars_text, stars_texts
from holdem.history.table_phh import history_from_record
from holdem.history.writer import dump, dump_all, dumps, dumps_all

__all__ = [
    "STRUCTURES",
    "FieldValue",
    "HandHistory",
    "HandReplay",
    "HandReport",
    "Money",
    "Outcome",
    "PhhAction",
    "PhhBetRaise",
    "PhhCheckCall",
    "PhhDealBoard",
    "PhhDealHole",
    "PhhFold",
    "PhhNoOp",
    "PhhShowMuck",
    "ReplaySummary",
    "StarsHand",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "find_history_files",
    "format_action",
    "history_from_fields",
    "history_from_record",
    "history_from_state",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "parse_action",
    "parse_toml",
    "replay_file",
    "replay_history",
    "stars_text",
    "stars_texts",
]
