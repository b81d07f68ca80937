"""One hand's state machine: forced bets, the deal, betting, showdown, pots."""

from holdem.engine.betting_loop import Decider, play_betting
from holdem.engine.dealing import next_dealer_steps, run_dealer
from holdem.engine.events import (
    AwardPot,
    BoardRun,
    LegalActions,
    Misdeal,
    Phase,
    PostAnte,
    PostBlind,
    PostDead,
    ReturnUncalled,
    ShowAllIn,
    Street,
)
from holdem.engine.hand import Event
from holdem.engine.state import HandState
from holdem.engine.view import SeatView, in_posting_order

__all__ = [
    "AwardPot",
    "BoardRun",
    "Decider",
    "Event",
    "HandState",
    "LegalActions",
    "Misdeal",
    "Phase",
    "PostAnte",
    "PostBlind",
    "PostDead",
    "ReturnUncalled",
    "SeatView",
    "ShowAllIn",
    "Street",
    "in_posting_order",
    "next_dealer_steps",
    "play_betting",
    "run_dealer",
]
