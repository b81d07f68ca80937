"""holdem: a Texas Hold'em dealer that follows the rules of a real card room.

Public API: cards (``Card``, ``Deck``, ``parse_cards``), hand evaluation
(``evaluate``, ``evaluate_batch``, ``HandValue``), the rules of one hand
(``GameConfig``, ``HandState`` and the action values) and the error hierarchy.
"""

from holdem.cards import Card, Deck, Rank, Suit, format_cards, parse_cards
from holdem.engine import HandState, LegalActions, Phase, Street, run_dealer
from holdem.equity import EquityResult, HandEquity, Range, equity, parse_range
from holdem.errors import (
    BetSizeError,
    CardParseError,
    HistoryParseError,
    HoldemError,
    IllegalActionError,
    InvalidInputError,
    NotYourTurnError,
    StateError,
    TableError,
)
from holdem.eval import (
    HandCategory,
    HandValue,
    evaluate,
    evaluate_batch,
    rank_codes,
)
from holdem.rules import (
    DEALER,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    ExposeCard,
    Fold,
    ForcedBets,
    GameConfig,
    Muck,
    Raise,
    ReplaceExposed,
    Show,
    Structure,
)

__all__ = [
    "DEALER",
    "Bet",
    "Call",
    "Check",
    "DealBoard",
    "DealHole",
    "ExposeCard",
    "Fold",
    "ForcedBets",
    "GameConfig",
    "HandState",
    "LegalActions",
    "Muck",
    "Phase",
    "Raise",
    "ReplaceExposed",
    "Show",
    "Street",
    "Structure",
    "run_dealer",
    "BetSizeError",
    "Card",
    "CardParseError",
    "Deck",
    "HistoryParseError",
    "HoldemError",
    "IllegalActionError",
    "InvalidInputError",
    "NotYourTurnError",
    "Rank",
    "StateError",
    "Suit",
    "TableError",
    "format_cards",
    "parse_cards",
    "HandCategory",
    "HandValue",
    "evaluate",
    "evaluate_batch",
    "rank_codes",
    "EquityResult",
    "HandEquity",
    "Range",
    "equity",
    "parse_range",
]
