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

__all__ = ["check_result", "event_rows", "mismatch", "replay"]

Row = tuple[int, int, int, int, int]


def event_rows(events: Sequence[Event]) -> list[Row]:
    """The reference engine's events as the batch engine's rows (``layout``)."""
    rows: list[Row] = []
    for e in events:
        match e:
            case PostAnte(seat, chips):
                rows.append((EV_POST_ANTE, seat, chips, 0, 0))
            case PostBlind(seat, chips):
                rows.append((EV_POST_BLIND, seat, chips, 0, 0))
            case DealHole(seat, cards):
                assert cards is not None  # the reference dealt them here
                rows.append((EV_DEAL_HOLE, seat, cards[0].code, cards[1].code, 0))
            case DealBoard(cards, burn):
                codes = [c.code for c in cards] + [-1] * (3 - len(cards))
                rows.append((EV_DEAL_BOARD, -2 if burn is None else burn.code,
                             codes[0], codes[1], codes[2]))  # fmt: skip
            case Fold(seat):
                rows.append((EV_FOLD, seat, 0, 0, 0))
            case Check(seat):
                rows.append((EV_CHECK, seat, 0, 0, 0))
            case Call(seat):
                rows.append((EV_CALL, seat, 0, 0, 0))
            case Bet(seat, to):
                rows.append((EV_BET, seat, to, 0, 0))
            case Raise(seat, to):
                rows.append((EV_RAISE, seat, to, 0, 0))
            case ReturnUncalled(seat, chips):
                rows.append((EV_RETURN, seat, chips, 0, 0))
            case ShowAllIn(seat, cards):
                rows.append((EV_SHOW_ALL_IN, seat, cards[0].code, cards[1].code, 0))
            case Show(seat, _):
                rows.append((EV_SHOW, seat, 0, 0, 0))
            case AwardPot(pot, amount, shares):
                rows.extend((EV_AWARD, pot, amount, s, c) for s, c in shares)
            case _:
                rows.append((-1, 0, 0, 0, 0))  # nothing the batch engine makes
    return rows


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
) -> HandState:
    """The reference engine's hand from a batch hand's cards and decisions.

    Raises:
        HoldemError: the first decision the reference refuses (its message
            says why and cites the rule).
        StopIteration: the batch hand ran out of decisions before the end.
    """
    state = HandState(config, list(stacks))
    deck = Deck(Card.from_code(int(c)) for c in cards)
    decisions = _decisions(rows)
    while state.to_act is not None:
        if state.to_act == DEALER:
            run_dealer(state, deck)
            continue
        state.apply(next(decisions))
    return state


def mismatch(result: BatchResult, i: int) -> str | None:
    """How row ``i`` of a recorded ``result`` differs from the reference, or None."""
    if result.cards is None or result.events is None or result.event_counts is None:
        raise InvalidInputError("the batch was not recorded: play_hands(..., record=True)")
    stacks = result.hand_stacks(i)
    rows = result.events[i, : result.event_counts[i]]
    hand = f"hand {result.first + i} (seed {result.seed}, stacks {stacks})"
    try:
        state = replay(result.game.config, stacks, result.cards[i], rows)
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
            f"{hand}: events differ at row {at}: batch {ours[at: at + 3]},"
            f" reference {theirs[at: at + 3]}"
        )
    payoffs = [int(x) for x in result.payoffs[i]]
    if payoffs != list(state.payoffs):
        return f"{hand}: payoffs {payoffs} != reference {list(state.payoffs)}"
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
