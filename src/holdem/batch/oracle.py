"""The batch engine held to the reference: replay each hand through ``HandState``.

A batch hand's record is its cards, in the order of the deal, and its event
rows. ``replay`` deals the same cards from a ``Deck`` in that order with the
reference dealer (``run_dealer``) and applies the batch hand's decisions (its
fold, check, call, bet, raise and show rows) through ``HandState.apply``,
which checks each. ``mismatch`` then compares the two hands' payoffs and
their whole event logs (posts, deals, decisions, returned bets, hands shown,
awards), row by row: the way a chess move generator is held to perft.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np
import numpy.typing as npt

from holdem.batch.layout import (
    EV_AWARD,
    EV_BET,
    EV_CALL,
    EV_CHECK,
    EV_DEAL_BOARD,
    EV_DEAL_HOLE,
    EV_FOLD,
    EV_POST_ANTE,
    EV_POST_BLIND,
    EV_RAISE,
    EV_RETURN,
    EV_SHOW,
    EV_SHOW_ALL_IN,
)
from holdem.batch.play import BatchResult
from holdem.cards import Card, Deck
from holdem.engine import (
    AwardPot,
    HandState,
    PostAnte,
    PostBlind,
    ReturnUncalled,
    ShowAllIn,
    run_dealer,
)
from holdem.engine.hand import Event
from holdem.errors import HoldemError, InvalidInputError
from holdem.rules.actions import (
    DEALER,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    PlayerAction,
    Raise,
    Show,
)
from holdem.rules.config import GameConfig

__all__ = ["check_result", "event_rows", "mismatch", "mismatch_of", "replay"]

Row = tuple[int, int, int, int, int]


def event_rows(events: Sequence[Event]) -> list[Row]:
    """The reference engine's events as the batch engine's rows (``layout``)."""
    rows: list[Row] = []
    add = rows.append
    for e in events:
        kind = type(e)
        simple = _SEAT_ONLY.get(kind)
        if simple is not None:
            add((simple, e.seat, 0, 0, 0))  # type: ignore[union-attr]
        elif kind is Bet or kind is Raise:
            add((EV_BET if kind is Bet else EV_RAISE, e.seat, e.to, 0, 0))  # type: ignore[union-attr]
        elif kind in _SEAT_CHIPS:
            add((_SEAT_CHIPS[kind], e.seat, e.chips, 0, 0))  # type: ignore[union-attr]
        elif kind is DealHole or kind is ShowAllIn:
            a, b = e.cards  # type: ignore[union-attr, misc]
            code = EV_DEAL_HOLE if kind is DealHole else EV_SHOW_ALL_IN
            add((code, e.seat, a.code, b.code, 0))  # type: ignore[union-attr]
        elif kind is DealBoard:
            burn = e.burn  # type: ignore[union-attr]
            codes = [c.code for c in e.cards] + [-1, -1]  # type: ignore[union-attr]
            add((EV_DEAL_BOARD, -2 if burn is None else burn.code, *codes[:3]))  # type: ignore[arg-type]
        elif kind is AwardPot:
            pot, amount = e.pot, e.amount  # type: ignore[union-attr]
            rows.extend((EV_AWARD, pot, amount, s, c) for s, c in e.shares)  # type: ignore[union-attr]
        else:
            add((-1, 0, 0, 0, 0))  # nothing the batch engine makes
    return rows


_SEAT_ONLY = {Fold: EV_FOLD, Check: EV_CHECK, Call: EV_CALL, Show: EV_SHOW}
_SEAT_CHIPS = {
    PostAnte: EV_POST_ANTE,
    PostBlind: EV_POST_BLIND,
    ReturnUncalled: EV_RETURN,
}
_DECK = tuple(Card.from_code(code) for code in range(52))


def _decisions(rows: npt.NDArray[np.int64]) -> Iterator[PlayerAction | Show]:
    for kind, a, b, _, _ in rows.tolist():
        if kind == EV_FOLD:
            yield Fold(a)
        elif kind == EV_CHECK:
            yield Check(a)
        elif kind == EV_CALL:
            yield Call(a)
        elif kind == EV_BET:
            yield Bet(a, b)
        elif kind == EV_RAISE:
            yield Raise(a, b)
        elif kind == EV_SHOW:
            yield Show(a)


def replay(
    config: GameConfig,
    stacks: Sequence[int],
    cards: npt.NDArray[np.int64],
    rows: npt.NDArray[np.int64],
    *,
    to_end: bool = True,
) -> HandState:
    """The reference engine's hand from a batch hand's cards and decisions.

    With ``to_end=False`` a hand still in play is replayed up to its next
    decision (the seat then to act is the batch hand's too).

    Raises:
        HoldemError: the first decision the reference refuses (its message
            says why and cites the rule).
        StopIteration: the batch hand ran out of decisions before the end.
    """
    state = HandState(config, list(stacks))
    deck = Deck([_DECK[c] for c in cards.tolist()])
    decisions = _decisions(rows)
    while state.to_act is not None:
        if state.to_act == DEALER:
            run_dealer(state, deck)
            continue
        decision = next(decisions, None)
        if decision is None:
            if to_end:
                raise StopIteration
            break
        state.apply(decision)
    return state


def mismatch(result: BatchResult, i: int) -> str | None:
    """How row ``i`` of a recorded ``result`` differs from the reference, or None.

    Raises:
        InvalidInputError: if the result was played without ``record=True``.
    """
    if result.cards is None or result.events is None or result.event_counts is None:
        raise InvalidInputError(
            "the batch was not recorded: play_hands(..., record=True)"
        )
    return mismatch_of(
        result.game.config,
        result.hand_stacks(i),
        result.cards[i],
        result.events[i, : result.event_counts[i]],
        [int(x) for x in result.payoffs[i]],
        f"hand {result.first + i} (seed {result.seed})",
    )


def mismatch_of(
    config: GameConfig,
    stacks: Sequence[int],
    cards: npt.NDArray[np.int64],
    rows: npt.NDArray[np.int64],
    payoffs: Sequence[int],
    name: str,
) -> str | None:
    """How one batch hand differs from its replay through ``HandState``, or None.

    Args:
        config: the game.
        stacks: starting stacks, seat 0 first.
        cards: the hand's 2 x seats + 8 cards in the order of the deal.
        rows: its event rows (only those written).
        payoffs: its net chips per seat.
        name: how messages name the hand.
    """
    hand = f"{name}, stacks {list(stacks)}"
    try:
        state = replay(config, stacks, cards, rows)
    except HoldemError as error:
        return f"{hand}: the reference refuses a decision: {error}"
    except StopIteration:
        return f"{hand}: the batch hand ended before the reference's"
    ours = [tuple(r) for r in rows.tolist()]
    theirs = event_rows(state.events)
    if ours != theirs:
        at = next(
            (k for k, (a, b) in enumerate(zip(ours, theirs, strict=False)) if a != b),
            min(len(ours), len(theirs)),
        )
        return (
            f"{hand}: events differ at row {at}: batch {ours[at : at + 3]},"
            f" reference {theirs[at : at + 3]}"
        )
    if list(payoffs) != list(state.payoffs):
        return f"{hand}: payoffs {list(payoffs)} != reference {list(state.payoffs)}"
    return None


def check_result(result: BatchResult, limit: int = 5) -> list[str]:
    """Every row of ``result`` against the reference: up to ``limit`` differences."""
    found: list[str] = []
    for i in range(result.payoffs.shape[0]):
        problem = mismatch(result, i)
        if problem is not None:
            found.append(problem)
            if len(found) >= limit:
                break
    return found
