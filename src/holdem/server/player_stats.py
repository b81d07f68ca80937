"""A player's statistics and results graph from his stored hands (``/api/me/stats``).

Each finished hand is read as the player's own copy of its PHH (his cards and
those that reached the showdown, R-HISTORY-1; all-in hands are shown,
R-SHOW-3) and replayed by ``holdem.stats``: the figures of
``holdem.stats.summary`` and the cumulative series for the page's graph.
"""

from __future__ import annotations

from typing import Any

from holdem.errors import HoldemError
from holdem.history.phh import loads
from holdem.server.hands import viewer_phh
from holdem.server.store import Store
from holdem.stats import HandFacts, hand_facts, player_stats, series

__all__ = ["stats_json"]


def stats_json(store: Store, account_id: int, name: str, limit: int) -> dict[str, Any]:
    """The figures and the series of ``name`` over his last ``limit`` hands.

    Returns:
        ``{"stats": PlayerStats.to_json(), "series": {"won": [...],
        "adjusted": [...]} (cumulative big blinds per hand), "skipped": n}``.
    """
    facts: list[HandFacts] = []
    skipped = 0
    for seat, summary in store.player_summaries(account_id, limit):
        try:
            phh = viewer_phh(summary, seat)
            fact = None if phh is None else hand_facts(loads(phh))
        except HoldemError:
            fact = None
        if fact is None:
            skipped += 1
        else:
            facts.append(fact)
    lines = series(facts, name)
    return {
        "stats": player_stats(facts, name).to_json(),
        "series": {
            "won": [round(x, 2) for x in lines.won],
            "adjusted": [round(x, 2) for x in lines.adjusted],
        },
        "skipped": skipped,
    }
