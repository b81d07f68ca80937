"""A table hand's set-up before the deal: who is dealt in, straddles, forced bets.

Once every player's choice before the deal is in (post or wait, R-TABLE-5,
R-TABLE-6), the seats dealt in settle (R-TABLE-2, R-TABLE-4), straddles are
offered left of the big blind (R-STRADDLE-1), and the hand is dealt with its
forced bets. The same answers come round hand after hand: each is worked
out once and kept in the table's ``HandMemo``. ``TableHand`` takes these
functions as its methods.
"""

from __future__ import annotations

import dataclasses

from holdem.rules.config import ForcedBets
from holdem.table.config import StraddlePolicy
from holdem.table.hand_fields import HandFields
from holdem.table.memo import MEMO_SIZE
from holdem.table.seating import Positions, between, fresh_plan, hand_order

__all__ = ["deal", "next_straddle_seat", "settle_seats", "straddle_size"]

_NO_STRADDLE = StraddlePolicy.NONE


def settle_seats(hand: HandFields) -> None:
    """Fix who is dealt in once every post-or-wait answer is in."""
    plan = hand._plan
    dealt = set(plan.dealt) | set(hand._posted)
    if len(dealt) < 2:
        # everyone else would wait: nobody waits (and nobody owes), from
        # the big blind round to the button
        bb, button = plan.positions.big_blind, hand.button
        n = hand._config.seat_count
        dealt |= {s for s in (*between(bb, button, n), button) if s in hand._eligible}
        hand._posted.clear()
    if len(dealt) < 2:
        # all the others sit between the button and the big blind: start
        # afresh, the blinds on the players right of the big blind
        plan = fresh_plan(
            hand._config.seat_count,
            hand._eligible,
            big_blind=plan.positions.big_blind,
        )
        hand._plan = plan
        hand._posted.clear()
        hand.button = plan.positions.button
        hand.small_blind = plan.small_blind
        dealt = set(plan.dealt)
    elif len(dealt) == 2 and not plan.heads_up:
        # two players dealt in play heads-up: the one who is not the big
        # blind has the button and posts the small blind (R-TABLE-2); so
        # nobody misses it
        (other,) = dealt - {plan.positions.big_blind}
        positions = Positions(other, other, plan.positions.big_blind)
        plan = dataclasses.replace(
            plan,
            positions=positions,
            small_blind=other,
            heads_up=True,
            missed_small=(),
        )
        hand._plan = plan
        hand._posted.clear()
        hand.button = hand.small_blind = other
    key = (frozenset(dealt), hand.button)
    orders = hand._memo.orders
    known = orders.get(key)
    if known is None:
        seats = hand_order(dealt, hand.button, hand._config.seat_count)
        if len(orders) >= MEMO_SIZE:
            orders.clear()
        known = orders[key] = (seats, {seat: i for i, seat in enumerate(seats)})
    hand.seats, hand_seat = known
    hand._hand_seat = hand_seat  # shared: only ever read


def straddle_size(hand: HandFields) -> int:
    """The next straddle's size: double the last blind or straddle (R-STRADDLE-1)."""
    size: int = hand._game.big_blind << (len(hand._straddles) + 1)
    return size


def next_straddle_seat(hand: HandFields) -> int | None:
    """The seat offered the next straddle, or ``None`` (R-STRADDLE-1).

    Only a player with chips behind the straddle is offered it: the straddle
    buys the option to act last pre-flop, which an all-in straddler would
    not have, and unlike a blind it is never forced (R-ALLIN-BLIND is for
    forced bets), so nobody goes all-in blind by choice. A stack of exactly
    the straddle, or less, is not offered it (the seat acts under the gun);
    one chip more is.
    """
    policy = hand._config.straddle
    if policy is _NO_STRADDLE or hand._plan.heads_up:
        return None
    if hand._straddles and policy is StraddlePolicy.SINGLE:
        return None
    last = hand._straddles[-1] if hand._straddles else hand.big_blind
    index = hand._hand_seat[last] + 1
    if index >= len(hand.seats):
        return None  # the button straddled: nobody is left of it
    seat = hand.seats[index]
    if seat in hand._posted or hand._players[seat][1] <= straddle_size(hand):
        return None
    return seat


def deal(hand: HandFields) -> None:
    """Deal ``hand``, seats settled, with its forced bets (remembered once each)."""
    game, seats = hand._game, hand.seats
    n = len(seats)
    blinds, antes, dead = [0] * n, [0] * n, [0] * n
    index = hand._hand_seat
    if hand.small_blind is not None:
        blinds[index[hand.small_blind]] = game.small_blind
    blinds[index[hand.big_blind]] = game.big_blind
    for seat, (live, dead_chips) in hand._posted.items():
        blinds[index[seat]] = live
        dead[index[seat]] = dead_chips
    size = game.big_blind
    for seat in hand._straddles:
        size *= 2
        blinds[index[seat]] = size
    if game.big_blind_ante:
        antes[index[hand.big_blind]] = game.ante
    else:
        antes = [game.ante] * n
    # the same forced bets come round again and again: one value each.
    # The big blind's seat is given: a dead small blind and a live big
    # blind posted right after it look alike by amounts (R-TABLE-4..6).
    key = (tuple(blinds), tuple(antes), tuple(dead), index[hand.big_blind])
    memo = hand._memo
    known = memo.forced
    forced = known.get(key)
    if forced is None:
        forced = ForcedBets(*key)
        if len(known) >= MEMO_SIZE:
            known.clear()
        known[key] = forced
    first = hand._first_plan
    if (
        not first.ask
        and not hand._posted
        and not hand._straddles
        and hand._config.straddle is _NO_STRADDLE
    ):
        # a plan with nothing to ask sets up the same way every time
        setups = memo.setups
        if len(setups) >= MEMO_SIZE:
            setups.clear()
        setups[id(first)] = (
            first,
            game,
            hand._plan,
            hand.button,
            hand.small_blind,
            seats,
            index,
            forced,
        )
    hand._deal_with(forced)
