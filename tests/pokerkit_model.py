"""PokerKit's award, modelled exactly, for the tests that use it as an oracle.

PokerKit drops the hands that won nothing before it makes the pots, so two
pots with the same winners become one, with one odd chip instead of two
(pokerkit issue #46; our case 074). R-POT-3 splits each pot on its own.
"""

from __future__ import annotations

from holdem.betting.pots import split_pot
from holdem.engine import AwardPot, HandState
from holdem.eval import rank_codes


def pokerkit_merged_award(ours: HandState) -> list[int]:
    """Final stacks as pokerkit awards them: the hands that won nothing are
    out before the pots are made, and each pot's odd chips go to its first
    winner (the lowest seat, as our R-POT-3 default)."""
    stacks = list(ours.stacks)
    if sum(not folded for folded in ours.folded) < 2:
        return stacks  # won without a showdown (R-SHOW-1): one pot, one winner
    won = set()
    for e in ours.events:
        if type(e) is AwardPot:
            for seat, chips in e.shares:
                stacks[seat] -= chips
                won.add(seat)
    out = [f or s not in won for s, f in enumerate(ours.folded)]
    board = [c.code for c in ours.board]
    rank = {
        s: rank_codes([c.code for c in ours.hole_cards[s] or ()] + board) for s in won
    }
    for pot in ours.hand_pots(ours.contributed, out):
        best = max(rank[s] for s in pot.eligible)
        winners = [s for s in pot.eligible if rank[s] == best]
        for seat, chips in split_pot(pot.amount, winners).items():
            stacks[seat] += chips
    return stacks
