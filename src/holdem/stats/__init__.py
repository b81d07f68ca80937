"""Player statistics from hand histories: VPIP, PFR, aggression, showdowns, bb/100.

``hand_facts(history)`` replays one hand and counts what each player did;
``player_stats(facts, player)`` sums them into a player's figures and
``series(facts, player)`` gives the results graph's cumulative lines (won, and
all-in equity adjusted). Definitions follow the trackers (PokerTracker 4,
Hold'em Manager); each module's docstring states them.
"""

from holdem.stats.allin import AllInSpot, all_in_spot
from holdem.stats.hand_facts import HandFacts, PlayerHand, hand_facts, player_names
from holdem.stats.summary import (
    PlayerStats,
    ResultSeries,
    player_stats,
    players_of,
    series,
)

__all__ = [
    "AllInSpot",
    "HandFacts",
    "PlayerHand",
    "PlayerStats",
    "ResultSeries",
    "all_in_spot",
    "hand_facts",
    "player_names",
    "player_stats",
    "players_of",
    "series",
]
