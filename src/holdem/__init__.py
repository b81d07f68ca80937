"""holdem: a Texas Hold'em dealer that follows the rules of a real card room.

Public API: cards (``Card``, ``Deck``, ``parse_cards``), hand evaluation
(``evaluate``, ``evaluate_batch``, ``HandValue``), the rules of one hand
(``GameConfig``, ``HandState`` and the action values) and the error hierarchy.

The names load on first use (PEP 562), so that ``holdem --help`` and other
quick commands do not pay for the layers they do not use. The equity
function is ``holdem.equity.equity``: the name ``holdem.equity`` is its
package, which every import of a name in it binds to the package.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from holdem.cards import Card, Deck, Rank, Suit, format_cards, parse_cards
    from holdem.engine import HandState, LegalActions, Phase, Street, run_dealer
    from holdem.equity import EquityResult, HandEquity, Range, parse_range
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
    "parse_range",
]

_SOURCES: dict[str, str] = {
    "Card": "holdem.cards",
    "Deck": "holdem.cards",
    "Rank": "holdem.cards",
    "Suit": "holdem.cards",
    "format_cards": "holdem.cards",
    "parse_cards": "holdem.cards",
    "HandState": "holdem.engine",
    "LegalActions": "holdem.engine",
    "Phase": "holdem.engine",
    "Street": "holdem.engine",
    "run_dealer": "holdem.engine",
    "EquityResult": "holdem.equity",
    "HandEquity": "holdem.equity",
    "Range": "holdem.equity",
    "parse_range": "holdem.equity",
    "BetSizeError": "holdem.errors",
    "CardParseError": "holdem.errors",
    "HistoryParseError": "holdem.errors",
    "HoldemError": "holdem.errors",
    "IllegalActionError": "holdem.errors",
    "InvalidInputError": "holdem.errors",
    "NotYourTurnError": "holdem.errors",
    "StateError": "holdem.errors",
    "TableError": "holdem.errors",
    "HandCategory": "holdem.eval",
    "HandValue": "holdem.eval",
    "evaluate": "holdem.eval",
    "evaluate_batch": "holdem.eval",
    "rank_codes": "holdem.eval",
    "DEALER": "holdem.rules",
    "Bet": "holdem.rules",
    "Call": "holdem.rules",
    "Check": "holdem.rules",
    "DealBoard": "holdem.rules",
    "DealHole": "holdem.rules",
    "ExposeCard": "holdem.rules",
    "Fold": "holdem.rules",
    "ForcedBets": "holdem.rules",
    "GameConfig": "holdem.rules",
    "Muck": "holdem.rules",
    "Raise": "holdem.rules",
    "ReplaceExposed": "holdem.rules",
    "Show": "holdem.rules",
    "Structure": "holdem.rules",
}
"""Public name -> the module that defines it."""


def __getattr__(name: str) -> Any:
    """Import a public name's module on first use (PEP 562)."""
    module = _SOURCES.get(name)
    if module is None:
        raise AttributeError(f"module 'holdem' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
