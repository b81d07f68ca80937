"""Tournaments over many tables: sit-and-go and multi-table (R-TOURN-1..5).

Above the table layer (which knows nothing of it): ``TournamentStructure``
announces the levels, breaks, stacks, money and seats; ``Tournament`` is the
pure state a driver steps (registration, the seat draw, levels, balancing,
breaking, hand for hand, places and prizes); ``play_bot_tournament`` drives
one with bots at ``Table``s in this process.
"""

from holdem.tournament.driver import HandSeen, TournamentRun, play_bot_tournament
from holdem.tournament.payouts import (
    MAX_ENTRIES,
    PAYOUTS,
    PayoutBracket,
    place_prizes,
    places_paid,
    prize_shares,
    split_prize,
)
from holdem.tournament.places import Bust, Placing, place_busts, placing_prizes
from holdem.tournament.seating import (
    Move,
    MoveReason,
    Seating,
    balance_target_seat,
    next_big_blind,
)
from holdem.tournament.state import HandOrder, HandOutcome, Phase, Refund, Tournament
from holdem.tournament.structure import (
    DEFAULT_MTT_SCHEDULE,
    DEFAULT_SNG_SCHEDULE,
    Break,
    Kind,
    Level,
    TournamentStructure,
    default_mtt,
    default_sng,
)

__all__ = [
    "DEFAULT_MTT_SCHEDULE",
    "DEFAULT_SNG_SCHEDULE",
    "MAX_ENTRIES",
    "PAYOUTS",
    "Break",
    "Bust",
    "HandOrder",
    "HandOutcome",
    "HandSeen",
    "Kind",
    "Level",
    "Move",
    "MoveReason",
    "Phase",
    "PayoutBracket",
    "Placing",
    "Refund",
    "Seating",
    "Tournament",
    "TournamentRun",
    "TournamentStructure",
    "balance_target_seat",
    "default_mtt",
    "default_sng",
    "next_big_blind",
    "place_busts",
    "place_prizes",
    "placing_prizes",
    "places_paid",
    "play_bot_tournament",
    "prize_shares",
    "split_prize",
]
