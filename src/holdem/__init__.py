"""holdem: a Texas Hold'em dealer that follows the rules of a real card room.

Public API: cards (``Card``, ``Deck``, ``parse_cards``), hand evaluation
(``evaluate``, ``evaluate_batch``, ``HandValue``), the rules of one hand
(``GameConfig``, ``HandState`` and the action values) and the error hierarchy.
"""

from holdem.cards import Card, Deck, Rank, Suit, format_cards, parse_cards
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

__all__ = [
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
