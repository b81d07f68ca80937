"""Hands that forfeit: players the site shows folding after they went all-in.

The engine never lets an all-in player fold (R-BET-1: he has nothing left to
decide), but sites print such folds for players sitting out: the player gives
up the pots. The replay deals such a hand face down and has it muck at the
showdown; where R-SHOW-2 makes it show first, it shows the weakest cards
nobody holds, and a single player left against forfeits shows the strongest.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from holdem.cards import Card
from holdem.engine.state import HandState
from holdem.eval import rank_codes
from holdem.history.online.model import ActionKind, OnlineHand
from holdem.rules.actions import Action, Show

__all__ = ["against_forfeits", "extreme_cards", "forfeits_of", "unknown_must_show"]


def forfeits_of(hand: OnlineHand) -> frozenset[str]:
    """Players the site shows folding after going all-in (they forfeit)."""
    actions = hand.actions
    all_in = {p.player for p in hand.posts if p.is_all_in}
    if not all_in and not any(map(_IS_ALL_IN, actions)):
        return _NONE  # nobody all-in (most hands): nobody forfeits
    out = set()
    fold = ActionKind.FOLD
    for action in actions:
        if action.is_all_in:
            all_in.add(action.player)
        elif all_in and action.kind is fold and action.player in all_in:
            out.add(action.player)
    return frozenset(out) if out else _NONE


_NONE: frozenset[str] = frozenset()
_IS_ALL_IN = attrgetter("is_all_in")


def extreme_cards(state: HandState, *, strongest: bool) -> tuple[Card, ...]:
    """The two unseen cards making the strongest or weakest hand with the board."""
    seen = {card.code for card in state.board}
    for cards in state.hole_cards:
        seen.update(card.code for card in cards or ())
    spare = [code for code in range(52) if code not in seen]
    board = [card.code for card in state.board]
    pairs = [(a, b) for i, a in enumerate(spare) for b in spare[i + 1 :]]
    ranks = [rank_codes([a, b, *board]) for a, b in pairs]
    pick = ranks.index(max(ranks) if strongest else min(ranks))
    return Card.from_code(pairs[pick][0]), Card.from_code(pairs[pick][1])


def against_forfeits(
    state: HandState,
    names: Sequence[str],
    seat: int,
    forfeits: frozenset[str],
    step: Action,
) -> Action:
    """The showdown step of an unknown hand when some hands forfeit.

    A forfeit that must show first (R-SHOW-2) shows the weakest cards nobody
    holds; the one player left against forfeits shows the strongest, so the
    forfeits cannot win. ``names`` gives the player of each engine seat.
    """
    if names[seat] in forfeits:
        if state.is_legal(step):
            return step
        return Show(seat, extreme_cards(state, strongest=False))
    others = [s for s in state.in_hand() if s != seat]
    if all(names[s] in forfeits for s in others):
        return Show(seat, extreme_cards(state, strongest=True))
    return step


def unknown_must_show(
    state: HandState, name: str, hand: OnlineHand, step: Action
) -> Action:
    """The showdown step of an unknown hand the engine makes show (R-SHOW-2).

    Sites let the first to show muck, or print no cards for him; when the
    site pays him (``name``, to show now in ``state``) nothing, or no more
    than the pots only he can win, the record says he lost the others, so
    he turns up the weakest cards nobody holds. Otherwise the muck ``step``
    stays (and differs).
    """
    seat = state.to_act
    assert seat is not None and seat >= 0  # a seat is to show
    collected = sum(c.chips for c in hand.collected if c.player == name)
    # pots only he can win are his whatever he holds (a side pot after an
    # all-in caller): the site paying him those alone says he lost the rest
    alone = sum(pot.amount for pot in state.pots if pot.eligible == (seat,))
    if collected and collected > alone:
        return step
    return Show(seat, extreme_cards(state, strongest=False))
