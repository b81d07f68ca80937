"""The game a PokerStars-style header names, and its betting structure.

``game_of`` reads the header's text after ``Hand #ID:`` (``Hold'em No Limit
($0.01/$0.02 USD)``, ``Tournament #1, $1+$0.10 Hold'em Pot Limit``...): the
game as printed for summaries, whether it is hold'em, and its structure.
"""

from __future__ import annotations

import re

from holdem.rules.config import Structure

__all__ = ["game_of"]

# A non-hold'em game's name. A draw game's words start where a run of word
# characters, quotes and spaces starts (the look-behind): tried at every
# character of a long run, ``[\w' ]+Draw`` took time quadratic in its length.
_OTHER_GAME = re.compile(
    r"(Omaha[^(,-]*|Razz|7 Card Stud[^(,-]*|(?<![\w' ])[\w' ]+Draw[^(,-]*)"
)


def game_of(rest: str) -> tuple[str, bool, Structure | None]:
    """``(game as printed, is hold'em, structure)`` from the header's rest."""
    upper = rest.upper()
    if "HOLD'EM" not in upper and "HOLDEM" not in upper:
        found = _OTHER_GAME.search(rest)
        return (found[1].strip() if found else rest[:40]), False, None
    if "MIXED" in upper and "(HOLD'EM" not in upper and "HOLD'EM NO LIMIT" not in upper:
        return rest[:40], False, None
    if "POT LIMIT PRE-FLOP" in upper:
        # pot-limit before the flop (OnlineHand.preflop_structure), then this
        return (
            "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop",
            True,
            Structure.NO_LIMIT,
        )
    if "NO LIMIT" in upper:
        return "Hold'em No Limit", True, Structure.NO_LIMIT
    if "POT LIMIT" in upper:
        return "Hold'em Pot Limit", True, Structure.POT_LIMIT
    if "LIMIT" in upper:
        return "Hold'em Limit", True, Structure.FIXED_LIMIT
    # no betting structure printed (BetOnline tournaments): no-limit
    return "Hold'em No Limit", True, Structure.NO_LIMIT
