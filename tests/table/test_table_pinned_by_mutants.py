"""Table rules an audit's one-line mutants of ``table/`` showed unpinned.

Each test names the mutant it kills; the expected values come from the rules
(../shared/RULES.md), through the table's public API only.
"""

from __future__ import annotations

import random

import pytest
from table_helpers import fold_round, nl_table

from holdem.engine import PostAnte, PostBlind
from holdem.rules import GameConfig, Structure
from holdem.table import (
    DecisionKind,
    StraddlePolicy,
    Table,
    TableConfig,
    WaitForBigBlind,
)


def positions(hand) -> tuple[int, int | None, int]:  # type: ignore[no-untyped-def]
    return hand.button, hand.small_blind, hand.big_blind


def test_R_TABLE_5_new_player_in_the_small_blinds_seat_waits():
    """Hand 1: button 1, SB 2, BB 3. The big blind leaves and N sits in its
    seat, where the small blind falls next hand: N is between the button
    and the big blind, so it waits (R-TABLE-5): the small blind is dead
    (R-TABLE-4), N is neither dealt in nor asked, and posts nothing.
    Kills ``eligible.get(small_position) is Entry.IN`` -> ``in eligible``
    (N posted the small blind and was dealt in at once)."""
    table = nl_table(5)
    fold_round(table.start_hand(button=1))
    table.leave(3)
    table.join(3, "N", 200)
    hand = table.start_hand()
    assert positions(hand) == (2, None, 4)
    assert 3 not in hand.seats
    assert hand.seats == (4, 5, 1, 2)
    decision = hand.decision
    assert decision is not None
    assert (decision.seat, decision.kind) == (5, DecisionKind.BET)
    state = hand.state
    assert state is not None
    blinds = [
        (hand.seats[e.seat], e.chips) for e in state.events if type(e) is PostBlind
    ]
    assert blinds == [(4, 2)]
    fold_round(hand)
    info = table.seat(3)
    assert info is not None and info.waiting and info.stack == 200


def test_R_TABLE_4_dead_button_one_seat_right_of_the_small_blind():
    """Heads-up at a four-seat table: button and SB 1, BB 3. N sits in seat
    2. Next hand the big blind moves on to 1 (R-TABLE-4), the small blind
    goes where the big blind was (3) and the button one seat right of it,
    seat 2, never onto the big blind. Kills the dead button computed two
    seats back, ``(small_position - 2)`` -> ``(small_position - 3)`` (the
    button landed on the big blind's seat 1)."""
    table = nl_table(4, players=[1, 3])
    hand = table.start_hand(button=1)
    assert positions(hand) == (1, 1, 3)
    fold_round(hand)
    table.join(2, "N", 200)
    hand2 = table.start_hand()
    assert positions(hand2) == (2, 3, 1)
    assert hand2.button != hand2.big_blind


def test_R_BLIND_1_fresh_blinds_sit_right_of_the_big_blind():
    """Eight seats, players 1, 2, 6: button 1, SB 2, BB 6. 2 and 6 leave; N3
    and N4 sit between the button and the blinds. Waiting, they would leave
    seat 1 alone, so nobody waits: the big blind moves on to 1, the small
    blind is the player right of it (4) and the button right of that (3)
    (R-BLIND-1, R-TABLE-4): seat 4 acts after the big blind on every later
    street and posts 1, seat 1 posts 2. Kills ``_previous`` walking
    clockwise (the small blind on 3, after the big blind)."""
    table = nl_table(8, players=[1, 2, 6])
    hand = table.start_hand(button=1)
    assert positions(hand) == (1, 2, 6)
    fold_round(hand)
    table.leave(2)
    table.leave(6)
    table.join(3, "N3", 200)
    table.join(4, "N4", 200)
    hand2 = table.start_hand()
    assert positions(hand2) == (3, 4, 1)
    assert hand2.seats == (4, 1, 3)  # from the button's left, the button last
    state = hand2.state
    assert state is not None
    blinds = [
        (hand2.seats[e.seat], e.chips) for e in state.events if type(e) is PostBlind
    ]
    assert blinds == [(4, 1), (1, 2)]


def test_R_ANTE_1_big_blind_ante_is_posted_by_the_big_blind():
    """Blinds 5/10 with a big-blind ante of 10, four players, button 1: the
    big blind (3) posts the whole table's ante, nobody else posts one
    (R-ANTE-1). Kills the ante put on the small blind's seat."""
    game = GameConfig(
        Structure.NO_LIMIT, small_blind=5, big_blind=10, ante=10, big_blind_ante=True
    )
    table = Table(TableConfig(game, seat_count=4), rng=random.Random(3))
    for seat in range(1, 5):
        table.join(seat, f"S{seat}", 1000)
    hand = table.start_hand(button=1)
    assert positions(hand) == (1, 2, 3)
    state = hand.state
    assert state is not None
    antes = [(hand.seats[e.seat], e.chips) for e in state.events if type(e) is PostAnte]
    assert antes == [(3, 10)]
    assert state.stacks[hand.seats.index(3)] == 1000 - 10 - 10
    assert state.stacks[hand.seats.index(2)] == 1000 - 5
    assert state.total_pot == 5 + 10 + 10


def test_R_TABLE_2_heads_up_conversion_puts_the_button_on_a_player_dealt_in():
    """Hand 1: button 1, SB 2, BB 3 (players 1..4). 1 and 2 leave; N sits in
    seat 2, where the button falls next hand, and waits for the big blind.
    Two players are dealt in: heads-up the player who is not the big blind
    (3) has the button and posts the small blind (R-TABLE-2); the table's
    button and the record say so, not the waiting N. Kills the heads-up
    conversion that left ``table.button`` on seat 2."""
    table = nl_table(6, players=[1, 2, 3, 4])
    fold_round(table.start_hand(button=1))
    table.leave(1)
    table.leave(2)
    table.join(2, "N", 200)
    hand = table.start_hand()
    decision = hand.decision
    assert decision is not None
    assert (decision.seat, decision.kind) == (2, DecisionKind.POST_OR_WAIT)
    hand.apply(WaitForBigBlind(2))
    assert hand.seats == (4, 3)
    assert positions(hand) == (3, 3, 4)
    assert table.button == 3
    fold_round(hand)
    assert hand.record is not None and hand.record.button == 3
    assert table.button == 3
    hand2 = table.start_hand()
    assert positions(hand2) == (3, 4, 2)  # the big blind moves on to N


@pytest.mark.parametrize(
    ("stack", "asked"),
    [(3, DecisionKind.BET), (4, DecisionKind.BET), (5, DecisionKind.STRADDLE)],
    ids=["one chip less", "exactly the straddle", "one chip more"],
)
def test_R_STRADDLE_1_straddle_offered_only_with_chips_behind_it(stack, asked):
    """A straddle buys the option: the straddler acts as the big blind, last
    pre-flop (R-STRADDLE-1). A player whose whole stack is the straddle
    would be all-in blind with no option left, and unlike a blind the
    straddle is never forced (R-ALLIN-BLIND is for forced bets): so it is
    offered only to a player with chips behind it. Seat 4 (left of the big
    blind 3) with 4 chips, exactly the straddle, or 3, one chip less, is
    not asked (its first decision is a bet, under the gun); with 5 it is
    offered the straddle (the Swedish seed: a voluntary straddle, and the
    straddler "acts as the big blind"). Kills ``stack <= straddle`` ->
    ``stack < straddle``."""
    table = nl_table(4, players=[1, 2, 3], straddle=StraddlePolicy.SINGLE)
    table.join(4, "S4", stack)
    hand = table.start_hand(button=1)
    assert positions(hand) == (1, 2, 3)
    decision = hand.decision
    assert decision is not None
    assert (decision.seat, decision.kind) == (4, asked)
