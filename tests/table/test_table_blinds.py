"""Button and blinds hand after hand: R-TABLE-1, -2, -4, -5, -6."""

from __future__ import annotations

import random

from table_helpers import fold_round, nl_table, play

from holdem.engine import PostBlind, PostDead
from holdem.rules import Call, Check
from holdem.table import (
    DecisionKind,
    PostToPlay,
    RandomBot,
    StraddlePolicy,
    Table,
    WaitForBigBlind,
)


def positions(hand) -> tuple[int, int | None, int]:  # type: ignore[no-untyped-def]
    return hand.button, hand.small_blind, hand.big_blind


def test_R_TABLE_4_big_blind_leaves_small_blind_is_dead():
    """Hand 1: button 1, SB 2, BB 3. The BB leaves: hand 2's BB moves to 4,
    its SB (3's seat) is dead, the button goes to 2; hand 3: BB 5, SB 4, the
    button dead on the empty seat 3."""
    table = nl_table(5)
    hand = table.start_hand(button=1)
    assert positions(hand) == (1, 2, 3)
    fold_round(hand)
    table.leave(3)
    hand2 = table.start_hand()
    assert positions(hand2) == (2, None, 4)
    assert hand2.seats == (4, 5, 1, 2)
    assert hand2.state is not None
    posted = [e for e in hand2.state.events if isinstance(e, PostBlind)]
    assert [(hand2.seats[e.seat], e.chips) for e in posted] == [(4, 2)]
    legal = hand2.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.seat == 5  # left of the big blind
    fold_round(hand2)
    hand3 = table.start_hand()
    assert positions(hand3) == (3, 4, 5)  # a dead button on the empty seat
    assert hand3.seats == (4, 5, 1, 2)


def test_R_TABLE_4_small_blind_leaves_dead_button():
    table = nl_table(5)
    fold_round(table.start_hand(button=1))
    table.leave(2)
    hand2 = table.start_hand()
    assert positions(hand2) == (2, 3, 4)  # the button sits on the empty seat 2
    assert hand2.seats == (3, 4, 5, 1)


def test_R_TABLE_2_three_to_two_players_nobody_takes_big_blind_twice():
    """Button 1, SB 2, BB 3; 1 leaves. Heads-up the button posts the small
    blind: 3 (last BB) is the button, 2 the BB. Then the BB alternates."""
    table = nl_table(4, players=[1, 2, 3])
    fold_round(table.start_hand(button=1))
    table.leave(1)
    hand2 = table.start_hand()
    assert positions(hand2) == (3, 3, 2)
    assert hand2.seats == (2, 3)
    fold_round(hand2)
    hand3 = table.start_hand()
    assert positions(hand3) == (2, 2, 3)


def test_R_TABLE_2_two_to_three_players_button_stays_big_blind_moves_on():
    """Heads-up button 2 (SB), BB 3; a new player at seat 1, after the BB,
    gets the big blind next; 3 posts the small blind, 2 keeps the button."""
    table = nl_table(4, players=[2, 3])
    hand = table.start_hand(button=2)
    assert positions(hand) == (2, 2, 3)
    fold_round(hand)
    table.join(1, "N", 200)
    hand2 = table.start_hand()
    assert positions(hand2) == (2, 3, 1)
    assert hand2.seats == (3, 1, 2)
    assert hand2.decision is not None and hand2.decision.kind is DecisionKind.BET


def test_R_TABLE_5_new_player_between_button_and_blinds_waits():
    """Players 1, 3, 4, 5; N sits in seat 2, between the small blind (1) and
    the big blind (3). Next hand N is between the button and the small blind:
    not dealt in, not asked. When the button has passed, N is asked."""
    table = nl_table(5, players=[1, 3, 4, 5])
    hand = table.start_hand(button=5)
    assert positions(hand) == (5, 1, 3)
    fold_round(hand)
    table.join(2, "N", 200)
    hand2 = table.start_hand()
    assert positions(hand2) == (1, 3, 4)
    assert 2 not in hand2.seats
    assert hand2.decision is not None and hand2.decision.kind is DecisionKind.BET
    fold_round(hand2)
    hand3 = table.start_hand()
    assert positions(hand3) == (3, 4, 5)
    decision = hand3.decision
    assert decision is not None
    assert (decision.seat, decision.kind) == (2, DecisionKind.POST_OR_WAIT)


def test_R_TABLE_5_player_left_of_big_blind_may_wait_and_takes_it_next_hand():
    """A new player directly left of the big blind is asked like any other
    (R-TABLE-5): waiting, it is not dealt in, and the big blind reaches it
    next hand."""
    table = nl_table(5, players=[1, 2, 3, 5])
    fold_round(table.start_hand(button=5))  # SB 1, BB 2
    table.join(4, "N", 200)
    hand2 = table.start_hand()  # BB 3: seat 4 is next
    assert positions(hand2) == (1, 2, 3)
    decision = hand2.decision
    assert decision is not None
    assert (decision.seat, decision.kind, decision.live) == (
        4,
        DecisionKind.POST_OR_WAIT,
        2,
    )
    hand2.apply(WaitForBigBlind(4))
    assert 4 not in hand2.seats
    fold_round(hand2)
    hand3 = table.start_hand()
    assert hand3.big_blind == 4 and 4 in hand3.seats


def test_R_TABLE_5_player_left_of_big_blind_posts_and_acts_first():
    """Posting, it is dealt in at once with a live 2 (case 028): it acts
    first pre-flop (R-BET-2), may check or raise; the big blind keeps the
    option."""
    table = nl_table(5, players=[1, 2, 3, 5])
    fold_round(table.start_hand(button=5))
    table.join(4, "N", 200)
    hand = table.start_hand()
    hand.apply(PostToPlay(4))
    assert hand.seats == (2, 3, 4, 5, 1)
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.seat == 4
    assert legal.can_check and legal.min_raise_to == 4
    play(hand, [Check(4), Call(5), Call(1), Call(2)])
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.seat == 3 and legal.can_check  # option
    play(hand, [Check(3)])
    assert hand.state is not None and hand.state.total_pot == 10
    assert hand.state.street == 1


def test_R_TABLE_4_R_TABLE_5_dead_small_blind_new_player_left_of_big_blind():
    """Button 1, SB 2, BB 3; the BB leaves and N sits in seat 5. Next hand:
    BB 4, the small blind dead (R-TABLE-4), the button on 2. N, directly
    left of the big blind, posts 2 (R-TABLE-5): N acts first, the big
    blind (4) last, with the option; the record names 4 the big blind."""
    table = nl_table(6, players=[1, 2, 3, 4, 6])
    fold_round(table.start_hand(button=1))
    table.leave(3)
    table.join(5, "N", 200)
    hand = table.start_hand()
    assert positions(hand) == (2, None, 4)
    decision = hand.decision
    assert decision is not None
    assert (decision.seat, decision.kind) == (5, DecisionKind.POST_OR_WAIT)
    hand.apply(PostToPlay(5))
    assert hand.seats == (4, 5, 6, 1, 2)
    state = hand.state
    assert state is not None
    blinds = [
        (hand.seats[e.seat], e.chips) for e in state.events if type(e) is PostBlind
    ]
    assert blinds == [(4, 2), (5, 2)]
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.seat == 5
    assert legal.can_check and legal.min_raise_to == 4
    play(hand, [Check(5), Call(6), Call(1), Call(2)])
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.seat == 4 and legal.can_check
    play(hand, [Check(4)])
    assert state.total_pot == 10 and state.street == 1
    fold_round(hand)
    record = hand.record
    assert record is not None
    assert (record.big_blind, record.small_blind, record.posted) == (4, None, (5,))
    assert state.forced.big_blind == 0  # hand seat of table seat 4


def test_R_TABLE_6_post_all_left_of_big_blind_with_dead_small_blind():
    """4 misses the big blind ("ML"), comes back and waits while asked; the
    hand the big blind reaches 3 with the small blind's seat empty (its
    player left), 4 posts all: 2 live, 1 dead (R-TABLE-6). 4 acts first,
    the big blind (3) last with the option."""
    table = nl_table(5)
    fold_round(table.start_hand(button=1))  # SB 2, BB 3
    table.sit_out(4)
    fold_round(table.start_hand())  # the BB skips 4
    assert table.seat(4).missed_big_blind  # type: ignore[union-attr]
    table.come_back(4)
    while True:
        hand = table.start_hand()
        fold_round(hand)  # 4 waits when asked
        if hand.big_blind == 2:
            break
    table.leave(2)
    hand = table.start_hand()
    assert (hand.small_blind, hand.big_blind) == (None, 3)
    decision = hand.decision
    assert decision is not None
    assert (decision.seat, decision.kind) == (4, DecisionKind.POST_ALL_OR_WAIT)
    assert (decision.live, decision.dead) == (2, 1)
    hand.apply(PostToPlay(4))
    assert hand.seats[:2] == (3, 4)
    state = hand.state
    assert state is not None
    assert PostDead(1, 1) in state.events and PostBlind(1, 2) in state.events
    assert state.total_pot == 2 + 2 + 1
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.seat == 4 and legal.can_check
    order = []
    while (decision := hand.decision) is not None and state.street == 0:
        assert decision.legal is not None
        order.append(decision.seat)
        hand.apply(decision.legal.check_or_call())
    assert order == [4, *hand.seats[2:], 3]
    fold_round(hand)
    assert not table.seat(4).missed_big_blind  # type: ignore[union-attr]


def _missed_big_blind_table():  # type: ignore[no-untyped-def]
    """Six players; 4 sits out as the big blind passes it (hand 2), comes
    back: hand 3 it sits between button and blinds; hand 4 it is asked."""
    table = nl_table(6)
    fold_round(table.start_hand(button=1))  # SB 2, BB 3
    table.sit_out(4)
    hand2 = table.start_hand()
    assert positions(hand2) == (2, 3, 5)  # the BB skips 4, which is "ML"
    assert 4 not in hand2.seats
    fold_round(hand2)
    assert table.seat(4).missed_big_blind  # type: ignore[union-attr]
    table.come_back(4)
    hand3 = table.start_hand()
    assert positions(hand3) == (3, 5, 6)
    assert 4 not in hand3.seats
    fold_round(hand3)
    hand4 = table.start_hand()
    assert positions(hand4) == (5, 6, 1)
    return table, hand4


def test_R_TABLE_6_post_all_big_blind_live_small_blind_dead():
    table, hand = _missed_big_blind_table()
    decision = hand.decision
    assert decision is not None
    assert (decision.seat, decision.kind) == (4, DecisionKind.POST_ALL_OR_WAIT)
    assert (decision.live, decision.dead) == (2, 1)
    hand.apply(PostToPlay(4))
    state = hand.state
    assert state is not None and 4 in hand.seats
    four = hand.seats.index(4)
    assert PostDead(four, 1) in state.events and PostBlind(four, 2) in state.events
    assert state.stacks[four] == 200 - 3
    assert state.total_pot == 1 + 2 + 2 + 1  # SB, BB, 4's live 2 and dead 1
    # everyone calls: 4's 2 is live, so it may check when its turn comes
    while hand.decision is not None and hand.decision.seat != 4:
        hand.apply(hand.decision.legal.check_or_call())  # type: ignore[union-attr]
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.can_check
    fold_round(hand)
    assert not table.seat(4).missed_big_blind  # type: ignore[union-attr]


def test_R_TABLE_6_wait_for_the_big_blind_then_post_only_it():
    table, hand = _missed_big_blind_table()
    hand.apply(WaitForBigBlind(4))
    assert 4 not in hand.seats
    fold_round(hand)
    hand5 = table.start_hand()
    assert hand5.big_blind == 2
    decision = hand5.decision  # asked again each hand until it posts or gets the BB
    assert decision is not None
    assert (decision.seat, decision.kind) == (4, DecisionKind.POST_ALL_OR_WAIT)
    fold_round(hand5)
    assert 4 not in hand5.seats
    fold_round(table.start_hand())  # BB 3
    hand7 = table.start_hand()
    assert hand7.big_blind == 4
    assert hand7.state is not None
    four = hand7.seats.index(4)
    assert not any(isinstance(e, PostDead) for e in hand7.state.events)
    assert PostBlind(four, 2) in hand7.state.events
    fold_round(hand7)
    assert not table.seat(4).missed_big_blind  # type: ignore[union-attr]


def test_R_TABLE_1_sitting_out_player_is_never_dealt_in():
    table = nl_table(4)
    table.sit_out(2)
    for _ in range(6):
        hand = (
            table.start_hand(button=1)
            if table.hand_number == 0
            else (table.start_hand())
        )
        assert 2 not in hand.seats
        fold_round(hand)


class _Forgetful(dict):  # type: ignore[type-arg]
    """A memo that remembers nothing: every plan is worked out afresh."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


def _session(table: Table) -> list[tuple]:  # type: ignore[type-arg]
    """Hands of a busy session: players sit out, come back, leave and join."""
    script = random.Random(5)
    bots = {s: RandomBot(random.Random(s), post_rate=0.5) for s in range(1, 9)}
    played = []
    for number in range(300):
        seated = {info.seat: info for info in table.players}
        seat = script.randint(1, 8)
        move = script.random()
        if seat not in seated and move < 0.3:
            table.join(seat, f"P{seat}-{number}", 200)
        elif seat in seated and move < 0.1 and len(seated) > 2:
            table.leave(seat)
        elif seat in seated and move < 0.25 and not seated[seat].sitting_out:
            table.sit_out(seat)
        elif seat in seated and move < 0.5 and seated[seat].sitting_out:
            table.come_back(seat)
        for info in table.players:
            if not info.stack:
                table.rebuy(info.seat, 200)
        if sum(1 for i in table.players if not i.sitting_out) < 2:
            continue
        record = table.play_hand(bots)
        played.append((record.button, record.small_blind, record.seats, record.events))
    return played


def test_R_TABLE_4_remembered_blind_plans_are_the_plans_worked_out_afresh():
    tables = []
    for memo in (True, False):
        table = nl_table(8, players=range(1, 7), seed=9, straddle=StraddlePolicy.SINGLE)
        if not memo:
            table._memo.plans = _Forgetful()
        tables.append(_session(table))
    assert tables[0] == tables[1]
    assert len(tables[0]) > 200


def _missed_small_blind_table(hands_away: int):  # type: ignore[no-untyped-def]
    """Five players; 3 posts the big blind in hand 1 (button 1, SB 2, BB 3),
    then sits out for ``hands_away`` hands: in hand 2 the small blind reaches
    its seat while it is away (dead), and the big blind has not come back
    round to it when it returns."""
    table = nl_table(5)
    hand1 = table.start_hand(button=1)
    assert positions(hand1) == (1, 2, 3)
    fold_round(hand1)
    table.sit_out(3)
    hand2 = table.start_hand()
    assert positions(hand2) == (2, None, 4)  # the small blind is dead on 3
    assert 3 not in hand2.seats
    fold_round(hand2)
    info = table.seat(3)
    assert info is not None and info.missed_small_blind
    assert not info.missed_big_blind
    for _ in range(hands_away - 1):
        fold_round(table.start_hand())
    table.come_back(3)
    return table


def test_R_TABLE_6_missed_small_blind_only_posts_it_dead_on_the_button():
    """R-TABLE-6 (amended): 3 missed only the small blind and comes back the
    next hand, on the button (BB 5, SB 4): it is asked to post the small
    blind (1) as dead money, nothing live, or to wait. Posting, it is dealt
    in on the button: the pot holds 1 + 2 + 1 dead; 3 faces the full 2."""
    table = _missed_small_blind_table(hands_away=1)
    hand = table.start_hand()
    assert positions(hand) == (3, 4, 5)
    decision = hand.decision
    assert decision is not None
    assert (decision.seat, decision.kind) == (3, DecisionKind.POST_ALL_OR_WAIT)
    assert (decision.live, decision.dead) == (0, 1)
    hand.apply(PostToPlay(3))
    assert hand.seats == (4, 5, 1, 2, 3)
    state = hand.state
    assert state is not None
    three = hand.seats.index(3)
    assert PostDead(three, 1) in state.events
    assert not any(type(e) is PostBlind and e.seat == three for e in state.events)
    assert state.total_pot == 1 + 2 + 1
    # 3 won the blinds of hand 1 as the big blind (201), less the dead 1
    assert state.stacks[three] == 201 - 1
    while (decision := hand.decision) is not None and decision.seat != 3:
        assert decision.legal is not None
        hand.apply(decision.legal.check_or_call())
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and not legal.can_check and legal.call_amount == 2
    fold_round(hand)
    info = table.seat(3)
    assert info is not None and not info.missed_small_blind


def test_R_TABLE_6_missed_small_blind_back_later_is_asked_not_dealt_free():
    """R-TABLE-6 (amended): away for hands 2 and 3 (the big blind went to 4,
    then 5), 3 comes back for hand 4 (BB 1): it sits after the big blind and
    is asked to post the missed small blind dead (it was dealt in with no
    post at all)."""
    table = _missed_small_blind_table(hands_away=2)
    hand = table.start_hand()
    assert positions(hand) == (4, 5, 1)
    decision = hand.decision
    assert decision is not None
    assert (decision.seat, decision.kind) == (3, DecisionKind.POST_ALL_OR_WAIT)
    assert (decision.live, decision.dead) == (0, 1)
    hand.apply(PostToPlay(3))
    state = hand.state
    assert state is not None and 3 in hand.seats
    assert PostDead(hand.seats.index(3), 1) in state.events
    assert state.total_pot == 1 + 2 + 1


def test_R_TABLE_6_missed_small_blind_may_wait_for_the_big_blind():
    """R-TABLE-6: waiting instead, 3 is asked again each hand until the big
    blind reaches it (hand 6), where it posts the big blind alone, nothing
    dead, and the mark is gone."""
    table = _missed_small_blind_table(hands_away=1)
    for expected_big_blind in (5, 1, 2):
        hand = table.start_hand()
        assert hand.big_blind == expected_big_blind
        decision = hand.decision
        assert decision is not None
        assert (decision.seat, decision.kind) == (3, DecisionKind.POST_ALL_OR_WAIT)
        hand.apply(WaitForBigBlind(3))
        assert 3 not in hand.seats
        fold_round(hand)
    hand = table.start_hand()
    assert hand.big_blind == 3
    state = hand.state
    assert state is not None
    three = hand.seats.index(3)
    assert PostBlind(three, 2) in state.events
    assert not any(type(e) is PostDead for e in state.events)
    fold_round(hand)
    info = table.seat(3)
    assert info is not None and not info.missed_small_blind
