"""Why a step is refused: the checks behind ``HandState.check_action``.

``HandState.apply`` checks every step here (betting, dealing, an exposed
card, the runs of the board; showing and mucking in showdown.py) before
carrying it out. A refused step raises an error that says what was tried,
why it is refused, what is legal and the rule id (STYLE.md section 5).
These functions never change the state.
"""

from __future__ import annotations

from typing import Any

from holdem.cards import Card, format_cards
from holdem.engine.events import LegalActions, Phase, Street
from holdem.engine.hand import Hand, live_board
from holdem.engine.legal import compute_legal, has_caller
from holdem.engine.seating import seat_range
from holdem.errors import (
    BetSizeError,
    IllegalActionError,
    InvalidInputError,
    NotYourTurnError,
    StateError,
)
from holdem.rules.actions import (
    DEALER,
    Action,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    ExposeCard,
    Fold,
    Muck,
    Raise,
    ReplaceExposed,
    RunIt,
    Show,
    short_repr,
)
from holdem.rules.config import Structure

__all__ = [
    "check_betting",
    "check_deal",
    "check_expose",
    "check_new_cards",
    "check_run_it",
    "check_seat",
    "dealer_task",
    "expected",
    "phase_rule",
]

SeatedAction = Fold | Check | Call | Bet | Raise | Show | Muck | DealHole
"""The actions that name a seat."""

BOARD_SIZES = (3, 1, 1)
"""Cards dealt for the flop, the turn and the river (R-DEAL-3)."""


def expected(state: Hand) -> str:
    """What the hand waits for, in words (for messages)."""
    if state.phase is Phase.COMPLETE:
        return "the hand is complete"
    if state.to_act == DEALER:
        return "the dealer must " + dealer_task(state)
    if state.phase is Phase.SHOWDOWN:
        return f"seat {state.to_act} must show or muck"
    return f"seat {state.to_act} to act: {state._legal or compute_legal(state)}"


def phase_rule(state: Hand) -> str:
    """The rule that says what must happen next (for refusals)."""
    if state.phase is Phase.COMPLETE:
        # won unseen when all others folded, else the pots were awarded
        return "R-SHOW-1" if state.folded.count(False) == 1 else "R-POT-2"
    if state.phase is Phase.SHOWDOWN:
        return "R-SHOW-2"
    if state.phase is Phase.BETTING:
        return "R-BET-4"  # the betting round is not over
    if state._dealt < state.seats:
        return "R-DEAL-1"  # no betting before every seat has its cards
    if state._exposed:
        return "R-MISDEAL-2"
    return "R-BET-5" if state.runout else "R-BET-4"  # the round is over


def dealer_task(state: Hand) -> str:
    """The dealer step due now, in words, e.g. "deal the flop"."""
    if state.needs_new_deck:
        return (
            "gather the cards and reshuffle after the misdeal, then deal"
            " again from the new deck, hole cards to seat 0 first"
        )
    if state._dealt < state.seats:
        return f"deal hole cards to seat {state._dealt}"
    if state._exposed:
        return "replace the exposed hole card"
    street = {0: "the flop", 3: "the turn", 4: "the river"}
    task = "deal " + street.get(len(live_board(state)), "the board")
    if state.run_boards:
        task += f" of run {len(state.run_boards) + 1} (R-RIT-1)"
    return task


def check_seat(state: Hand, action: SeatedAction) -> None:
    """Raise unless ``action.seat`` is a seat at this hand (an int in range)."""
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < state.seats:
        raise InvalidInputError(
            f"{type(action).__name__}: no seat {short_repr(seat)} at this"
            f" hand: {seat_range(state.seats)}"
        )


def check_betting(state: Hand, action: Fold | Check | Call | Bet | Raise) -> None:
    """Raise unless the betting action is legal now (R-BET-1..4, R-NL, R-PL, R-FL).

    A bad seat is refused first (``check_seat``). Fills the hand's cache of
    the legal actions (a pure query) while betting.
    """
    legal = state._legal  # set only while betting
    if legal is None:
        if state.phase is not Phase.BETTING:
            check_seat(state, action)
            rule = phase_rule(state)
            raise (StateError if state.phase is Phase.COMPLETE else NotYourTurnError)(
                f"{action} is not possible now: {expected(state)} [{rule}]",
                rule=rule,
            )
        legal = state._legal = compute_legal(state)
    seat = action.seat
    if seat != legal.seat or type(seat) is not int:
        check_seat(state, action)  # a seat of this hand, else the wrong one
        rule = "R-BET-2" if state.street == Street.PREFLOP else "R-BET-3"
        raise NotYourTurnError(
            f"seat {seat} cannot act: it is seat {legal.seat}'s turn."
            f" Legal: {legal} [{rule}]",
            legal=legal,
            rule=rule,
        )
    kind = type(action)
    if kind is Fold:
        if not legal.can_fold:
            raise IllegalActionError(
                f"seat {seat} cannot fold: there is no bet to face, so it"
                " may check (this table refuses a fold when a check is"
                f" possible). Legal: {legal} [R-BET-1]",
                legal=legal,
                rule="R-BET-1",
            )
    elif kind is Check:
        if not legal.can_check:
            raise IllegalActionError(
                f"seat {seat} cannot check: it faces a bet of"
                f" {state.current_bet}. Legal: {legal} [R-BET-1]",
                legal=legal,
                rule="R-BET-1",
            )
    elif kind is Call:
        if legal.can_check:
            raise IllegalActionError(
                f"seat {seat} cannot call: there is no bet to call, so it"
                f" may check. Legal: {legal} [R-BET-1]",
                legal=legal,
                rule="R-BET-1",
            )
    else:
        _check_size(state, action, legal)  # type: ignore[arg-type]


def _check_size(state: Hand, action: Bet | Raise, legal: LegalActions) -> None:
    seat, to = action.seat, action.to
    if type(to) is not int:
        raise InvalidInputError(
            "a bet or raise is a whole number of chips (int, not bool), got"
            f" {short_repr(to)}"
        )
    verb = "bet" if type(action) is Bet else "raise"
    if legal.min_raise_to is None or legal.max_raise_to is None:
        rule = _no_raise_rule(state, seat)
        raise IllegalActionError(
            f"seat {seat} cannot {verb}: {_NO_RAISE_REASON[rule]}."
            f" Legal: {legal} [{rule}]",
            legal=legal,
            rule=rule,
        )
    if (type(action) is Bet) != legal.is_bet:
        right = "bet" if legal.is_bet else "raise"
        raise IllegalActionError(
            f"seat {seat} cannot {verb}: "
            + (
                "there is a bet to raise"
                if right == "raise"
                else "there is no bet yet, so it may bet"
            )
            + f". Legal: {legal} [R-BET-1]",
            legal=legal,
            rule="R-BET-1",
        )
    if not legal.min_raise_to <= to <= legal.max_raise_to:
        # too small: R-NL-1 for an opening bet, R-NL-2 for a raise;
        # too large: the whole stack (R-NL-1) or the pot (R-PL-1)
        small = "R-NL-1" if legal.is_bet else "R-NL-2"
        rule = {
            Structure.NO_LIMIT: small if to < legal.min_raise_to else "R-NL-1",
            Structure.POT_LIMIT: small if to < legal.min_raise_to else "R-PL-1",
            Structure.FIXED_LIMIT: "R-FL-1",
        }[state.config.structure]
        if legal.min_raise_to == legal.max_raise_to:
            why = f"the only size is {legal.min_raise_to}"
        elif to < legal.min_raise_to:
            why = f"the minimum is {legal.min_raise_to}"
            if rule == "R-NL-2" and not legal.is_bet:
                why += f" (last raise {state._last_raise_size})"
        else:
            why = f"the maximum is {legal.max_raise_to}"
        raise BetSizeError(
            f"seat {seat} cannot {verb} to {short_repr(to)}: {why}."
            f" Legal: {legal} [{rule}]",
            legal=legal,
            rule=rule,
        )


def _no_raise_rule(state: Hand, seat: int) -> str:
    if state.stacks[seat] + state.committed[seat] <= state.current_bet:
        return "R-BET-6"
    if state._able <= 1 or not has_caller(state, seat):
        return "R-BET-5"
    if state.config.structure is Structure.FIXED_LIMIT:
        if 0 <= state._fl_base <= state._acted_at[seat]:
            return "R-FL-3"
        return "R-FL-2"
    return "R-NL-3"


def check_deal(state: Hand, action: Action) -> None:
    """Raise unless the dealer step is due now (R-DEAL-1..3, R-MISDEAL-2).

    A ``DealHole`` naming no seat of this hand is refused first
    (``check_seat``).
    """
    if type(action) is DealHole:
        check_seat(state, action)
    if state.to_act != DEALER:
        rule = phase_rule(state)
        raise (StateError if state.phase is Phase.COMPLETE else NotYourTurnError)(
            f"the dealer cannot act now: {expected(state)} [{rule}]", rule=rule
        )
    n = state.seats
    if type(action) is DealHole:
        if state._dealt >= n:
            raise StateError(
                f"hole cards are already dealt: {expected(state)} [R-DEAL-1]",
                rule="R-DEAL-1",
            )
        if action.seat != state._dealt:
            raise NotYourTurnError(
                f"hole cards go to seat {state._dealt} next, not seat"
                f" {action.seat}: dealing runs clockwise from the button's"
                " left [R-DEAL-1]",
                rule="R-DEAL-1",
            )
        if action.cards is not None:
            check_new_cards(state, action.cards, 2, "hole cards")
        return
    if state.needs_new_deck:
        raise StateError(
            f"{action} is void after the misdeal: {expected(state)} [R-MISDEAL-1]",
            rule="R-MISDEAL-1",
        )
    if state._dealt < n:
        raise StateError(
            f"the board comes after the hole cards: {expected(state)} [R-DEAL-1]",
            rule="R-DEAL-1",
        )
    if type(action) is ReplaceExposed:
        if not state._exposed:
            raise StateError(
                f"no exposed card to replace: {expected(state)} [R-MISDEAL-2]",
                rule="R-MISDEAL-2",
            )
        check_new_cards(state, (action.card,), 1, "replacement card")
        return
    if state._exposed:
        raise StateError(f"{expected(state)} first [R-MISDEAL-2]", rule="R-MISDEAL-2")
    assert type(action) is DealBoard
    dealt = len(live_board(state))  # a later run's board once run again (R-RIT-1)
    size = BOARD_SIZES[dealt and dealt - 2]
    cards = action.cards
    extra = () if action.burn is None else (action.burn,)
    if extra and not state.board and state.burns:
        raise IllegalActionError(
            f"the flop comes without a burn card: the exposed hole card"
            f" {state.burns[0]} was the burn before the flop [R-MISDEAL-2]",
            rule="R-MISDEAL-2",
        )
    check_new_cards(state, tuple(cards) + extra, size + len(extra), "board cards")


def check_run_it(state: Hand, action: RunIt) -> None:
    """Raise unless the board may be run ``action.times`` times now (R-RIT-1).

    Only where the house allows it (``GameConfig.max_runs``), once no more
    betting can follow (every player left in the hand all-in, or all but
    one, R-BET-5), before the river and before the runs are chosen.
    """
    most = state.config.max_runs
    times = action.times
    if type(times) is not int or not 1 <= times <= most:
        allowed = "only once here" if most == 1 else f"1 to {most} times"
        raise IllegalActionError(
            f"the board cannot be run {short_repr(times)} times: the house runs"
            f" it {allowed} (GameConfig.max_runs) [R-RIT-1]",
            rule="R-RIT-1",
        )
    if state.to_act != DEALER or not state.runout:
        raise (StateError if state.phase is Phase.COMPLETE else NotYourTurnError)(
            "the board is run more than once only when no more betting can"
            f" follow, every player left all-in or all but one: {expected(state)}"
            " [R-RIT-1]",
            rule="R-RIT-1",
        )
    if state._shared >= 0 or len(state.board) >= 5:
        done = "the runs were chosen" if state._shared >= 0 else "the river is out"
        raise StateError(
            f"the board cannot be run again: {done}; {expected(state)} [R-RIT-1]",
            rule="R-RIT-1",
        )


def check_new_cards(state: Hand, cards: Any, count: int, what: str) -> None:
    """Raise unless ``cards`` are ``count`` Cards not yet seen (R-DECK-1, -2)."""
    if not isinstance(cards, tuple) or len(cards) != count:
        if isinstance(cards, tuple | list) and all(type(c) is Card for c in cards):
            kind = "a tuple" if isinstance(cards, tuple) else "a list"
            shown = f"{len(cards)} ({format_cards(cards)}) as {kind}"
        else:
            shown = type(cards).__name__
        raise InvalidInputError(
            f"{what}: expected a tuple of {count} card(s), got {shown} [R-DEAL-3]",
            rule="R-DEAL-3",
        )
    seen = state._seen
    codes = set()
    for card in cards:
        if type(card) is not Card:
            raise InvalidInputError(f"{what}: {short_repr(card)} is not a Card")
        code = card.code
        if code >= 52 and code - 52 >= (jokers := state.config.jokers):
            raise IllegalActionError(
                f"{what}: this game's deck has {jokers} joker(s) [R-DECK-2]",
                rule="R-DECK-2",
            )
        if code in seen or code in codes:
            raise IllegalActionError(
                f"{what}: {card} was already dealt in this hand [R-DECK-1]",
                rule="R-DECK-1",
            )
        codes.add(code)


def check_expose(state: Hand, action: ExposeCard) -> None:
    """Raise unless an exposed card can be reported now (R-MISDEAL-1..3)."""
    started = any(a >= 0 for a in state._acted_at)
    # Once all-in hands are face up (R-SHOW-3) the deal is past recall.
    if state.phase is Phase.COMPLETE or state.board or started or state.runout:
        raise StateError(
            "an exposed card makes a misdeal only before any player acts"
            f" [R-MISDEAL-1]: {expected(state)}",
            rule="R-MISDEAL-1",
        )
    index = action.index
    # card k of the deal went to seat (k - 1) % n (R-DEAL-1)
    if (
        type(index) is not int
        or not 1 <= index <= 2 * state.seats
        or (index - 1) % state.seats >= state._dealt
    ):
        dealt = (
            f"seats 0..{state._dealt - 1} have their cards"
            if state._dealt
            else "no hole cards are out yet"
        )
        raise InvalidInputError(
            f"card {short_repr(index)} of the deal has not been dealt: {dealt}"
            " [R-MISDEAL-1]",
            rule="R-MISDEAL-1",
        )
    seat = (index - 1) % state.seats
    if state.hole_cards[seat] is None:
        raise StateError(
            f"seat {seat}'s hole cards are unknown to the engine [R-MISDEAL-2]",
            rule="R-MISDEAL-2",
        )


# ---------------------------------------------------------------- actions


_NO_RAISE_REASON = {
    "R-BET-6": "its stack does not cover more than a call",
    "R-BET-5": "no opponent could call a raise (all are all-in or short)",
    "R-FL-3": "no full raise since it acted (a short all-in does not reopen)",
    "R-FL-2": "the betting is capped (a bet and three raises)",
    "R-NL-3": "it already acted and faces less than a full raise",
}
