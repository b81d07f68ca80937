"""The game's configuration and the action values of one hand."""

from holdem.rules.actions import (
    DEALER,
    Action,
    Bet,
    Call,
    Check,
    DealBoard,
    DealerStep,
    DealHole,
    ExposeCard,
    Fold,
    Muck,
    PlayerAction,
    Raise,
    ReplaceExposed,
    Show,
)
from holdem.rules.config import (
    ForcedBets,
    GameConfig,
    JokerRule,
    OddChipRule,
    Structure,
)

__all__ = [
    "DEALER",
    "Action",
    "Bet",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "DealerStep",
    "ExposeCard",
    "Fold",
    "ForcedBets",
    "GameConfig",
    "JokerRule",
    "Muck",
    "OddChipRule",
    "PlayerAction",
    "Raise",
    "ReplaceExposed",
    "Show",
    "Structure",
]
