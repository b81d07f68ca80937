"""The table: hand after hand, seats, button and blinds, buy-ins, bots.

Built on the hand engine: a ``Table`` seats players, moves the button and the
blinds by the dead-button rule, asks the players' own decisions before the
deal (post or wait, straddle) and then the engine's, through one protocol
(``TableHand.decision`` / ``apply``), and owns the shuffle (R-DEAL-4).
``Tournament`` raises the blinds by levels to a single winner (R-TABLE-3).
"""

from holdem.table.bots import (
    BaseBot,
    Bot,
    CallingStationBot,
    EquityBot,
    RandomBot,
    TightAggressiveBot,
    preflop_bucket,
)
from holdem.table.config import BlindLevel, LevelClock, StraddlePolicy, TableConfig
from holdem.table.decisions import (
    ChooseRuns,
    Decision,
    DecisionKind,
    DeclineStraddle,
    PostToPlay,
    PreDealAction,
    Straddle,
    TableAction,
    TableView,
    WaitForBigBlind,
    reads_hand,
    reads_view,
)
from holdem.table.hand import HandStage, TableHand
from holdem.table.record import HandRecord
from holdem.table.table import SeatInfo, Table
from holdem.table.tournament import Tournament, finishing_places

__all__ = [
    "BaseBot",
    "BlindLevel",
    "Bot",
    "CallingStationBot",
    "ChooseRuns",
    "DeclineStraddle",
    "Decision",
    "DecisionKind",
    "EquityBot",
    "HandRecord",
    "HandStage",
    "LevelClock",
    "PostToPlay",
    "PreDealAction",
    "RandomBot",
    "SeatInfo",
    "Straddle",
    "StraddlePolicy",
    "Table",
    "TableAction",
    "TableConfig",
    "TableHand",
    "TableView",
    "TightAggressiveBot",
    "Tournament",
    "WaitForBigBlind",
    "finishing_places",
    "preflop_bucket",
    "reads_hand",
    "reads_view",
]
