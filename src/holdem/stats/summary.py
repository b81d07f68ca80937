"""Per-player statistics over many hands, and the results graph's series.

Each figure is a ratio of the counts of ``holdem.stats.hand_facts``
(definitions there), as PokerTracker 4 and Hold'em Manager define them:

- VPIP (%) = hands with voluntary pre-flop money / hands with a pre-flop
  decision (walks left out).
- PFR (%) = hands with a pre-flop bet or raise / hands with a pre-flop
  decision.
- AF (aggression factor) = (bets + raises) / calls, flop to river; ``None``
  with no call.
- AFq (aggression frequency, %) = (bets + raises) / (bets + raises + calls
  + folds), flop to river.
- WTSD (%) = hands gone to showdown / hands that saw the flop.
- W$SD (%) = hands won at showdown / hands gone to showdown.
- bb/100 = 100 x the mean result per hand in big blinds (each hand in its own
  big blind, so stakes may be mixed), with a 95% confidence interval by the
  normal approximation: ``bb/100 +- 1.96 x 100 x s / sqrt(n)``, ``s`` the
  sample standard deviation of the per-hand results (``n - 1``); none with
  fewer than two hands.
- all-in adjusted bb/100: the same mean with each hand's all-in adjusted
  result (``holdem.stats.allin``) where it had an all-in spot.

A ratio with a zero denominator is ``None`` (shown as ``-``), never 0.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from holdem.stats.hand_facts import HandFacts

__all__ = ["PlayerStats", "ResultSeries", "player_stats", "players_of", "series"]

Z_95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


def _percent(part: int, whole: int) -> float | None:
    return 100.0 * part / whole if whole else None


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's figures over the hands he was dealt into.

    Attributes:
        player: the player's name.
        hands: hands dealt in.
        vpip: VPIP in percent, or ``None``.
        pfr: PFR in percent, or ``None``.
        af: aggression factor, or ``None`` (no post-flop call).
        afq: aggression frequency in percent, or ``None``.
        wtsd: went to showdown, percent of hands that saw the flop, or ``None``.
        wsd: won at showdown, percent of showdowns, or ``None``.
        net_chips: chips won (+) or lost (-), after the rake.
        net_bb: the same in big blinds (each hand in its own big blind).
        bb_per_100: big blinds won per 100 hands.
        ci95: the 95% confidence interval of ``bb_per_100`` as ``(low, high)``,
            or ``None`` with fewer than two hands.
        adjusted_bb: all-in adjusted net in big blinds.
        adjusted_bb_per_100: all-in adjusted big blinds per 100 hands.
        all_in_hands: hands with an all-in spot (board cards to come).
    """

    player: str
    hands: int
    vpip: float | None
    pfr: float | None
    af: float | None
    afq: float | None
    wtsd: float | None
    wsd: float | None
    net_chips: int
    net_bb: float
    bb_per_100: float
    ci95: tuple[float, float] | None
    adjusted_bb: float
    adjusted_bb_per_100: float
    all_in_hands: int

    def to_json(self) -> dict[str, object]:
        """The figures as a JSON object (``ci95`` a two-element list or null)."""
        return {
            "player": self.player,
            "hands": self.hands,
            "vpip": self.vpip,
            "pfr": self.pfr,
            "af": self.af,
            "afq": self.afq,
            "wtsd": self.wtsd,
            "wsd": self.wsd,
            "net_chips": self.net_chips,
            "net_bb": self.net_bb,
            "bb_per_100": self.bb_per_100,
            "ci95": list(self.ci95) if self.ci95 is not None else None,
            "adjusted_bb": self.adjusted_bb,
            "adjusted_bb_per_100": self.adjusted_bb_per_100,
            "all_in_hands": self.all_in_hands,
        }


@dataclass(frozen=True, slots=True)
class ResultSeries:
    """A player's results hand after hand, for the graph.

    Attributes:
        won: cumulative net in big blinds after each hand (hand 1 first).
        adjusted: cumulative all-in adjusted net in big blinds.
    """

    won: tuple[float, ...]
    adjusted: tuple[float, ...]


def _rows(facts: Iterable[HandFacts], player: str) -> list[tuple[HandFacts, int]]:
    """The hands ``player`` was dealt into, with his seat in each."""
    rows = []
    for hand in facts:
        for p in hand.players:
            if p.player == player:
                rows.append((hand, p.seat))
                break
    return rows


def _results(rows: Sequence[tuple[HandFacts, int]]) -> tuple[list[float], list[float]]:
    """Per-hand net and all-in adjusted net, in big blinds."""
    won, adjusted = [], []
    for hand, seat in rows:
        p = hand.players[seat]
        won.append(p.net / p.big_blind)
        spot = hand.all_in
        net = spot.adjusted_net[seat] if spot is not None else p.net
        adjusted.append(float(net) / p.big_blind)
    return won, adjusted


def players_of(facts: Iterable[HandFacts]) -> list[str]:
    """Every player named in ``facts``, most hands first, then by name."""
    counts: dict[str, int] = {}
    for hand in facts:
        for p in hand.players:
            counts[p.player] = counts.get(p.player, 0) + 1
    return sorted(counts, key=lambda name: (-counts[name], name))


def player_stats(facts: Sequence[HandFacts], player: str) -> PlayerStats:
    """``player``'s figures over ``facts`` (definitions in the module docstring).

    Args:
        facts: replayed hands (``hand_facts``), in the order played.
        player: a name as ``PlayerHand.player`` has it.

    Returns:
        His figures; all counts 0 and ratios ``None`` if he played no hand.
    """
    rows = _rows(facts, player)
    mine = [hand.players[seat] for hand, seat in rows]
    decisions = sum(p.preflop_decision for p in mine)
    aggressive = sum(p.aggressive for p in mine)
    calls = sum(p.calls for p in mine)
    folds = sum(p.folds for p in mine)
    showdowns = sum(p.showdown for p in mine)
    won, adjusted = _results(rows)
    n = len(mine)
    mean = statistics.fmean(won) if won else 0.0
    ci95 = None
    if n >= 2:
        half = Z_95 * 100 * statistics.stdev(won) / math.sqrt(n)
        ci95 = (100 * mean - half, 100 * mean + half)
    return PlayerStats(
        player=player,
        hands=n,
        vpip=_percent(sum(p.vpip for p in mine), decisions),
        pfr=_percent(sum(p.pfr for p in mine), decisions),
        af=aggressive / calls if calls else None,
        afq=_percent(aggressive, aggressive + calls + folds),
        wtsd=_percent(showdowns, sum(p.saw_flop for p in mine)),
        wsd=_percent(sum(p.won_at_showdown for p in mine), showdowns),
        net_chips=sum(p.net for p in mine),
        net_bb=sum(won),
        bb_per_100=100 * mean,
        ci95=ci95,
        adjusted_bb=sum(adjusted),
        adjusted_bb_per_100=100 * statistics.fmean(adjusted) if adjusted else 0.0,
        all_in_hands=sum(hand.all_in is not None for hand, _ in rows),
    )


def series(facts: Sequence[HandFacts], player: str) -> ResultSeries:
    """``player``'s cumulative results in big blinds, hand after hand."""
    won, adjusted = _results(_rows(facts, player))
    total_won = total_adjusted = 0.0
    cumulative_won, cumulative_adjusted = [], []
    for w, a in zip(won, adjusted, strict=True):
        total_won += w
        total_adjusted += a
        cumulative_won.append(total_won)
        cumulative_adjusted.append(total_adjusted)
    return ResultSeries(tuple(cumulative_won), tuple(cumulative_adjusted))
