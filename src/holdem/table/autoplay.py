"""Bots playing a dealt hand: the table's hot loop (a simulation's inner loop).

``TableHand.play`` asks the bots every decision; once the hand is dealt,
``play_dealt`` does it with the per-hand lookups made once: the same
decisions, views and answers as ``TableHand.decision``, ``view`` and
``apply`` one step at a time (R-HISTORY-1: a bot sees its own view only).
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import is_
from typing import TYPE_CHECKING

from holdem.engine import LegalActions, Phase
from holdem.engine.seating import MAX_SEATS
from holdem.errors import HoldemError, TableError
from holdem.rules.actions import (
    Bet,
    Call,
    Check,
    Fold,
    Muck,
    PlayerAction,
    Raise,
    Show,
)
from holdem.table.decisions import (
    DECISION_SETTERS,
    VIEW_SETTERS,
    Decision,
    DecisionKind,
    TableAction,
    TableView,
    reads_hand,
    reads_view,
    with_seat,
)
from holdem.table.hand_fields import HandFields, HandStage
from holdem.table.memo import MEMO_SIZE

if TYPE_CHECKING:
    from holdem.engine import HandState
    from holdem.table.bots import Bot

__all__ = [
    "MUCKS",
    "SHARED_ACTIONS",
    "SHOWS",
    "hand_action",
    "play_dealt",
    "refuse",
    "speak_cards",
]

SHARED_ACTIONS: dict[type, tuple[PlayerAction, ...]] = {
    kind: tuple(kind(seat) for seat in range(MAX_SEATS))
    for kind in (Fold, Check, Call, Show, Muck)
}
"""Per action type without a size, one instance for each hand seat (actions
are values: one will do)."""
MUCKS = SHARED_ACTIONS[Muck]
SHOWS = SHARED_ACTIONS[Show]
_new_object = object.__new__
_new_legal = tuple.__new__
_BET = DecisionKind.BET
_BETTING, _COMPLETE, _SHOWDOWN = Phase.BETTING, Phase.COMPLETE, Phase.SHOWDOWN
_PLAYING = HandStage.PLAYING


def speak_cards(
    state: HandState, seats: tuple[int, ...], asks_to_muck: frozenset[int]
) -> None:
    """Turn up at the showdown every hand that must show or may win.

    Cards speak (R-SHOW-4): the dealer shows, without asking, a hand that
    may not be mucked (R-SHOW-2) or that no hand shown beats; a beaten hand
    is mucked, unless its table seat (``seats[hand seat]``) is in
    ``asks_to_muck`` (its player turned "muck losing hands" off): the
    showdown then stops at that seat, which is asked to show or muck.
    """
    while state.phase is _SHOWDOWN:
        seat = state.to_act
        assert seat is not None and seat >= 0  # a seat shows in this phase
        if state.is_legal(MUCKS[seat]) and state.is_beaten(seat):
            if seats[seat] in asks_to_muck:
                return  # asked: show or muck its losing hand
            state.apply(MUCKS[seat])
        else:
            state.apply(SHOWS[seat])


def hand_action(action: TableAction, seat: int, hand_seat: int) -> PlayerAction | None:
    """A player's usual answer, from table ``seat``, with ``hand_seat`` instead.

    ``None`` for anything else (another seat's answer, a pre-deal answer, a
    subclass, a show naming cards): ``TableHand._apply`` then judges it.
    """
    kind = type(action)
    if getattr(action, "seat", None) != seat:
        return None
    shared = SHARED_ACTIONS.get(kind)
    if shared is not None:
        if kind is Show and action.cards is not None:  # type: ignore[union-attr]
            return None
        return shared[hand_seat]
    if kind is Bet:
        return Bet(hand_seat, action.to)  # type: ignore[union-attr]
    if kind is Raise:
        return Raise(hand_seat, action.to)  # type: ignore[union-attr]
    return None


def play_dealt(hand: HandFields, bots: Mapping[int, Bot]) -> None:
    """``hand.play`` from the deal on: the engine's decisions until the end.

    The same decisions, views and answers as ``decision``, ``view`` and
    ``apply`` one step at a time, with the per-hand lookups done once
    and the usual answers (a player's action, from the seat asked) put
    straight to the engine. Anything else goes through ``_apply``,
    which refuses it as ``apply`` does.
    """
    state = hand.state
    assert state is not None
    seats = hand.seats
    players = [bots.get(seat) for seat in seats]
    # how each bot is asked, worked out once for the same bots in the same
    # seats (a table plays the same bots hand after hand)
    memo = hand._memo.askers
    known = memo.get(seats)
    if known is not None and all(map(is_, known[0], players)):
        full, quick = known[1], known[2]
    else:
        full = [bot is not None and reads_hand(bot) for bot in players]
        # bots that bet from the legal actions alone (reads_view): asked
        # with the hand's own, their answers go straight to the engine
        quick = [
            None if bot is None or reads_view(bot) else getattr(bot, "bet_from", None)
            for bot in players
        ]
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        memo[seats] = (players, full, quick)
    number, button, big_blind = hand.number, hand.button, hand.big_blind
    # Decision and TableView made through their slots' setters, inline:
    # two per decision, every hand (equal to the constructors' values)
    new_object, new_legal = _new_object, _new_legal
    d_seat, d_kind, d_legal, d_live, d_dead, d_muck, d_runs = DECISION_SETTERS
    (
        v_seat,
        v_number,
        v_button,
        v_big_blind,
        v_stack,
        v_decision,
        v_seats,
        v_hand_seat,
        v_hand,
    ) = VIEW_SETTERS
    while True:
        hand_seat = state.to_act
        if hand_seat is None or hand_seat < 0:
            return  # complete (or the dealer's turn: not after _continue)
        bet_from = quick[hand_seat]
        if bet_from is not None:
            # BaseBot.decide's answers: bet_from(legal) and, at the
            # showdown, show (R-SHOW-2: the engine refuses nothing here)
            answer = (
                bet_from(state.legal_actions())
                if state.phase is _BETTING
                else SHOWS[hand_seat]
            )
            try:
                state.apply(answer)
            except HoldemError:
                # refused, nothing changed: refuse it again, with table seats
                refuse(hand, state, answer)
                raise  # not reached: _refuse raised
            if state.phase is not _BETTING:
                # the dealer's steps, the runs asked (R-RIT-1), the cards
                # turned up (R-SHOW-4) and the end: the hand's one path
                hand._continue()
                if hand.stage != _PLAYING:
                    return
            continue
        seat = seats[hand_seat]
        bot = players[hand_seat]
        if bot is None:
            raise TableError(f"no bot plays seat {seat}")
        legal: LegalActions | None = None
        if state.phase is _BETTING:
            legal = state.legal_actions()
            decision = new_object(Decision)
            d_seat(decision, seat)
            d_kind(decision, _BET)
            d_legal(
                decision,
                legal
                if legal.seat == seat
                else new_legal(LegalActions, (seat, *legal[1:])),
            )
            d_live(decision, 0)
            d_dead(decision, 0)
            d_muck(decision, False)
            d_runs(decision, 0)
        else:
            showdown = hand._current_decision(state)  # show or muck
            assert showdown is not None
            decision = showdown
        view = new_object(TableView)
        v_seat(view, seat)
        v_number(view, number)
        v_button(view, button)
        v_big_blind(view, big_blind)
        v_stack(view, state.stacks[hand_seat])
        v_decision(view, decision)
        v_seats(view, seats)
        v_hand_seat(view, hand_seat)
        v_hand(
            view,
            hand._seat_views(state).view(hand_seat, legal) if full[hand_seat] else None,
        )
        action = bot.decide(view)
        kind = type(action)
        if (kind is Call or kind is Check or kind is Fold) and action.seat == seat:
            mapped: PlayerAction | None = SHARED_ACTIONS[kind][hand_seat]
        else:
            mapped = hand_action(action, seat, hand_seat)
        if mapped is None:
            hand._apply(decision, action)
            continue
        try:
            state.apply(mapped)
        except HoldemError:
            # refused, nothing changed: refuse it again, with table seats
            hand._apply(decision, action)
            raise  # not reached: _apply raised
        if state.phase is not _BETTING:
            # the dealer's steps, the runs asked (R-RIT-1), the cards turned
            # up (R-SHOW-4) and the end: the hand's one path
            hand._continue()
            if hand.stage != _PLAYING:
                return


def refuse(hand: HandFields, state: HandState, action: PlayerAction) -> None:
    """Refuse ``action`` (hand seats) as ``TableHand.apply`` does: it raises."""
    decision = hand._current_decision(state)
    seat = action.seat
    table_action: TableAction = action
    if type(seat) is int and 0 <= seat < len(hand.seats):
        table_action = with_seat(action, hand.seats[seat])
    hand._apply(decision, table_action)
