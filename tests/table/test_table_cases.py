"""The table cases of ../shared/cases, played through the table's public API.

Values are the cases' own (transcribed; the files are not read here).
"""

from __future__ import annotations

import pytest
from table_helpers import check_down, fold_round, nl_table, play, run_to_end

from holdem.engine import Misdeal, PostBlind, PostDead
from holdem.errors import TableError
from holdem.history import StarsHand, stars_text
from holdem.rules import Bet, Call, Check, Fold, Raise, Show
from holdem.table import (
    DecisionKind,
    DeclineStraddle,
    PostToPlay,
    Straddle,
    StraddlePolicy,
    WaitForBigBlind,
)


def posts(hand) -> dict[int, int]:  # type: ignore[no-untyped-def]
    """Live blinds posted, by table seat."""
    assert hand.state is not None
    return {
        hand.seats[e.seat]: e.chips
        for e in hand.state.events
        if isinstance(e, PostBlind)
    }


def test_R_TABLE_2_case_003_heads_up_two_hands():
    """Case 003: S1 button posts 10, S2 20; S1 first pre-flop, last after.
    Stacks after hand 1: S1 630, S2 870. Hand 2: S2 button posts 10, S1 20,
    S2 first pre-flop."""
    table = nl_table(2, small_blind=10, big_blind=20, stack=750)
    hand = table.start_hand(button=1)
    assert posts(hand) == {1: 10, 2: 20}
    assert (hand.button, hand.big_blind) == (1, 2)
    play(hand, [Raise(1, 60), Call(2)])  # S1 acts first pre-flop
    play(hand, [Check(2), Bet(1, 60), Call(2)])  # S2 first on the flop
    play(hand, [Check(2), Check(1)])
    assert hand.state is not None and hand.state.total_pot == 240
    play(hand, [Bet(2, 100), Fold(1)])
    assert hand.is_complete
    assert [p.stack for p in table.players] == [630, 870]
    hand2 = table.start_hand()
    assert (hand2.button, hand2.big_blind) == (2, 1)
    assert posts(hand2) == {2: 10, 1: 20}
    assert hand2.to_act == 2


def test_R_BLIND_1_R_TABLE_1_case_044_positions_and_the_button_moves():
    """Case 044: button S3: SB S4, BB S5; pre-flop S6 S1 S2 S3 S4 S5; after
    the flop S4 S5 S6 S1 S2 S3. Hand 2: button S4, SB S5, BB S6, pre-flop
    S1..S6."""
    table = nl_table(6)
    hand = table.start_hand(button=3)
    assert posts(hand) == {4: 1, 5: 2}
    order = check_down(hand)
    assert order[:6] == [6, 1, 2, 3, 4, 5]
    assert order[6:12] == [4, 5, 6, 1, 2, 3]  # the flop
    hand2 = table.start_hand()
    assert (hand2.button, hand2.small_blind, hand2.big_blind) == (4, 5, 6)
    assert posts(hand2) == {5: 1, 6: 2}
    assert check_down(hand2)[:6] == [1, 2, 3, 4, 5, 6]


def test_R_TABLE_5_case_028_new_player_posts_live_big_blind():
    """Case 028: S1 button, S2 SB, S3 BB, N (between S4 and S1) posts 2. S4
    calls; N may check or raise to 4 (its 2 is live); pot 8 after S3 checks;
    N, S2, S3, S4 each 2 down, S1 nothing."""
    table = nl_table(5, players=[1, 2, 3, 4])
    fold_round(table.start_hand(button=4))  # last hand: button S4, BB S2
    table.join(5, "N", 200)
    before = {p.seat: p.stack for p in table.players}
    hand = table.start_hand()
    assert (hand.button, hand.small_blind, hand.big_blind) == (1, 2, 3)
    decision = hand.decision
    assert decision is not None
    assert (decision.seat, decision.kind, decision.live) == (
        5,
        DecisionKind.POST_OR_WAIT,
        2,
    )
    hand.apply(PostToPlay(5))
    assert 5 in hand.seats
    play(hand, [Call(4)])
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.seat == 5
    assert legal.can_check and legal.min_raise_to == 4
    play(hand, [Check(5), Fold(1), Call(2), Check(3)])
    assert hand.state is not None and hand.state.total_pot == 8
    assert hand.state.street == 1  # pre-flop is over
    stacks = dict(zip(hand.seats, hand.state.stacks, strict=True))
    for seat in (2, 3, 4, 5):
        assert stacks[seat] == before[seat] - 2
    assert stacks[1] == before[1]


def test_R_TABLE_5_case_028_variant_raise_makes_new_player_add_four():
    table = nl_table(5, players=[1, 2, 3, 4])
    fold_round(table.start_hand(button=4))
    table.join(5, "N", 200)
    hand = table.start_hand()
    play(hand, [PostToPlay(5), Raise(4, 6)])
    assert hand.decision is not None and hand.decision.legal is not None
    assert hand.decision.legal.call_amount == 4


def test_R_TABLE_5_case_070_new_player_waits_for_the_big_blind():
    """Case 070: hand K button S1, SB S2, BB S3; N sits between S4 and S5 and
    waits. Hands K and K+1: N not dealt in; K+1: button S2, SB S3, BB S4.
    K+2: button S3, SB S4, BB N (2), dealt in, with the option."""
    # seats: S1=1, S2=2, S3=3, S4=4, N=5, S5=6
    table = nl_table(6, players=[1, 2, 3, 4, 6])
    fold_round(table.start_hand(button=6))  # BB S2, so hand K has BB S3
    table.join(5, "N", 200)
    hand_k = table.start_hand()
    assert (hand_k.button, hand_k.small_blind, hand_k.big_blind) == (1, 2, 3)
    assert hand_k.decision is not None
    assert hand_k.decision.kind is DecisionKind.POST_OR_WAIT
    hand_k.apply(WaitForBigBlind(5))
    assert 5 not in hand_k.seats
    fold_round(hand_k)
    hand_k1 = table.start_hand()
    assert (hand_k1.button, hand_k1.small_blind, hand_k1.big_blind) == (2, 3, 4)
    assert 5 not in hand_k1.seats
    fold_round(hand_k1)
    stack = table.seat(5).stack  # type: ignore[union-attr]
    assert stack == 200  # N paid nothing while waiting
    hand_k2 = table.start_hand()
    assert (hand_k2.button, hand_k2.small_blind, hand_k2.big_blind) == (3, 4, 5)
    assert posts(hand_k2) == {4: 1, 5: 2}
    assert 5 in hand_k2.seats
    decisions = []
    while hand_k2.decision is not None and hand_k2.decision.seat != 5:
        decision = hand_k2.decision
        decisions.append(decision.seat)
        hand_k2.apply(decision.legal.check_or_call())  # type: ignore[union-attr]
    legal = hand_k2.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.can_check and legal.min_raise_to == 4
    assert decisions == [6, 1, 2, 3, 4]


def test_R_STRADDLE_1_case_048_single_straddle():
    """Case 048: S1 button, S2 SB, S3 BB, S4 straddles 4. S5 calls 4 (could
    raise to 8), S6 folds, S1 calls, S2 folds, S3 calls; S4 may check or
    raise to 8. Pot 17; flop order S3 S4 S5 S1; stacks S1 196, S2 199, S3
    196, S4 196, S5 196, S6 200."""
    table = nl_table(6, straddle=StraddlePolicy.SINGLE)
    hand = table.start_hand(button=1)
    decision = hand.decision
    assert decision is not None
    assert (decision.seat, decision.kind, decision.live) == (
        4,
        DecisionKind.STRADDLE,
        4,
    )
    hand.apply(Straddle(4))
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.seat == 5
    assert (legal.call_amount, legal.min_raise_to) == (4, 8)
    play(hand, [Call(5), Fold(6), Call(1), Fold(2), Call(3)])
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.seat == 4
    assert legal.can_check and legal.min_raise_to == 8
    play(hand, [Check(4)])
    assert hand.state is not None and hand.state.total_pot == 17
    assert hand.state.stacks == [199, 196, 196, 196, 200, 196]  # S2..S6, S1
    assert hand.seats == (2, 3, 4, 5, 6, 1)
    assert check_down(hand)[:4] == [3, 4, 5, 1]


def test_R_STRADDLE_1_case_049_multiple_straddles_double():
    """Case 049: S4 straddles 4, S5 re-straddles 8 (S6 is then offered 16 and
    declines). To call 8, min raise-to 16; S4 adds 4; S5 may check or raise
    to 16; pot 27; flop order S4 S5 S7; stacks S1 300, S2 299, S3 298, S4
    292, S5 292, S6 300, S7 292."""
    table = nl_table(7, stack=300, straddle=StraddlePolicy.MULTIPLE)
    hand = table.start_hand(button=1)
    hand.apply(Straddle(4))
    decision = hand.decision
    assert decision is not None
    assert (decision.seat, decision.kind, decision.live) == (
        5,
        DecisionKind.STRADDLE,
        8,
    )
    hand.apply(Straddle(5))
    assert hand.decision is not None and hand.decision.live == 16
    hand.apply(DeclineStraddle(6))
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.seat == 6
    assert (legal.call_amount, legal.min_raise_to) == (8, 16)
    play(hand, [Fold(6), Call(7), Fold(1), Fold(2), Fold(3)])
    assert hand.decision.legal.call_amount == 4  # type: ignore[union-attr]
    play(hand, [Call(4)])
    legal = hand.decision.legal  # type: ignore[union-attr]
    assert legal is not None and legal.seat == 5
    assert legal.can_check and legal.min_raise_to == 16
    play(hand, [Check(5)])
    assert hand.state is not None and hand.state.total_pot == 27
    stacks = dict(zip(hand.seats, hand.state.stacks, strict=True))
    assert stacks == {1: 300, 2: 299, 3: 298, 4: 292, 5: 292, 6: 300, 7: 292}
    assert check_down(hand)[:3] == [4, 5, 7]


def test_R_STRADDLE_1_straddle_is_never_posted_for_a_player():
    table = nl_table(6, straddle=StraddlePolicy.MULTIPLE)
    hand = table.start_hand(button=1)
    hand.apply(DeclineStraddle(4))
    assert posts(hand) == {2: 1, 3: 2}
    assert hand.decision is not None and hand.decision.seat == 4


def test_R_MISDEAL_1_case_066_table_reshuffles_same_button_same_blinds():
    """Case 066: the first card exposed: misdeal; the button does not move,
    the blinds stay (S2 199, S3 198), the table deals again."""
    table = nl_table(4, seed=11)
    hand = table.start_hand(button=1)
    state = hand.state
    assert state is not None
    first_deal = list(state.hole_cards)
    hand.report_exposed(1)
    assert state.misdeals == 1 and Misdeal("R-MISDEAL-1") in state.events
    assert hand.button == 1 and hand.seats == (2, 3, 4, 1)
    assert state.stacks == [199, 198, 200, 200]
    assert all(cards is not None for cards in state.hole_cards)
    assert state.hole_cards != first_deal  # gathered and reshuffled
    assert hand.decision is not None and hand.decision.seat == 4
    check_down(hand)
    assert hand.record is not None and hand.record.misdeals == 1
    assert table.start_hand().button == 2  # R-TABLE-1 after the hand


def test_R_MISDEAL_3_case_068_two_exposed_cards_redeal():
    table = nl_table(4, seed=12)
    hand = table.start_hand(button=1)
    hand.report_exposed(3, 7)
    assert hand.state is not None and hand.state.misdeals == 1
    assert hand.state.stacks == [199, 198, 200, 200]
    assert not any(isinstance(e, PostDead) for e in hand.state.events)


def _check_or_fold(hand) -> None:  # type: ignore[no-untyped-def]
    """Every player checks when they can and otherwise folds (case 088)."""
    while (decision := hand.decision) is not None:
        if decision.kind is DecisionKind.SHOWDOWN:
            hand.apply(Show(decision.seat))
            continue
        legal = decision.legal
        assert legal is not None
        hand.apply(Check(decision.seat) if legal.can_check else Fold(decision.seat))


def test_R_TABLE_4_R_TABLE_6_case_088_heads_up_beside_a_sitting_out_player():
    """Case 088: seats 1, 2, 3 of six; hand 1 button 3 (SB 1, BB 2). Seat 3
    sits out for hands 2..5: the big blind alternates between 1 and 2, the
    button posting the small blind (R-TABLE-2, R-TABLE-4); the big blind
    passing seat 3 marks it "ML" (R-TABLE-6). Back for hand 6, the big blind
    reaches seat 3, who posts only the big blind (2), nothing dead; the
    button (1) acts first pre-flop. The table holds 600 after every hand."""
    table = nl_table(6, players=[1, 2, 3])

    def deal(button, small_blind, big_blind, dealt, first=None):  # type: ignore[no-untyped-def]
        hand = table.start_hand(button=first)
        assert (hand.button, hand.small_blind, hand.big_blind) == (
            button,
            small_blind,
            big_blind,
        )
        assert set(hand.seats) == dealt
        assert posts(hand) == {small_blind: 1, big_blind: 2}
        return hand

    _check_or_fold(deal(3, 1, 2, {1, 2, 3}, first=3))
    assert table.chips == 600
    table.sit_out(3)
    _check_or_fold(deal(2, 2, 1, {1, 2}))
    info = table.seat(3)
    assert info is not None and info.missed_big_blind
    assert table.chips == 600
    for button, big_blind in ((1, 2), (2, 1), (1, 2)):
        _check_or_fold(deal(button, button, big_blind, {1, 2}))
        assert table.chips == 600
    table.come_back(3)
    hand = deal(1, 2, 3, {1, 2, 3})
    assert hand.state is not None
    assert not any(type(e) is PostDead for e in hand.state.events)
    assert hand.to_act == 1  # the button, left of the big blind
    _check_or_fold(hand)
    assert table.chips == 600
    info = table.seat(3)
    assert info is not None and not info.missed_big_blind


def test_R_TABLE_7_case_089_no_top_up_during_a_hand_even_after_folding():
    """Case 089: blinds 1/2, buy-in 40..200, seats 1..3 with 100, button 3.
    Seat 3 folds first; its top-up of 50, and seat 1's (still in), are
    refused while the hand runs and change nothing (stacks 99 / 98 / 100);
    after the hand seat 3 (100) tops up to 150 (R-TABLE-7, R-BET-6)."""
    table = nl_table(6, players=[1, 2, 3], stack=100, min_buy_in=40, max_buy_in=200)
    hand = table.start_hand(button=3)
    play(hand, [Fold(3)])
    for seat in (3, 1):
        with pytest.raises(TableError) as info:
            table.top_up(seat, 50)
        assert info.value.rule == "R-TABLE-7"
    assert hand.state is not None
    assert {s: hand.state.stacks[i] for i, s in enumerate(hand.seats)} == {
        1: 99,
        2: 98,
        3: 100,
    }
    assert [p.stack for p in table.players] == [100, 100, 100]
    play(hand, [Call(1), Check(2)])
    run_to_end(hand)
    assert hand.is_complete
    assert table.seat(1).stack + table.seat(2).stack == 200  # type: ignore[union-attr]
    assert table.seat(3).stack == 100  # type: ignore[union-attr]
    table.top_up(3, 50)
    assert table.seat(3).stack == 150  # type: ignore[union-attr]
    assert table.chips == 350


def test_R_BET_7_R_POT_4_case_108_no_flop_no_rake_then_rake_after_the_return():
    """Case 108: blinds 5/10, rake 10 % with no cap, seats 1..3 with 1000.
    Hand A (button 3): 3 raises to 30, both blinds fold: no flop, no rake;
    stacks 995 / 990 / 1015. Hand B (button 1, SB 2, BB 3): 1 calls, 2
    completes, 3 checks; on the flop 2 and 3 check, 1 bets 100 and both
    fold. The 100 goes back first (R-BET-7): the pot is 30, the rake 3, and
    1 collects 27; stacks 1012 / 980 / 1005, plus 3 raked (R-POT-4)."""
    table = nl_table(
        6,
        players=[1, 2, 3],
        small_blind=5,
        big_blind=10,
        stack=1000,
        rake_percent=10,
    )
    hand = table.start_hand(button=3)
    play(hand, [Raise(3, 30), Fold(1), Fold(2)])
    assert hand.record is not None and hand.record.rake == 0
    assert [p.stack for p in table.players] == [995, 990, 1015]
    hand = table.start_hand()
    assert (hand.button, hand.small_blind, hand.big_blind) == (1, 2, 3)
    play(hand, [Call(1), Call(2), Check(3)])
    play(hand, [Check(2), Check(3), Bet(1, 100), Fold(2), Fold(3)])
    record = hand.record
    assert record is not None
    assert record.rake == 3
    assert [p.stack for p in table.players] == [1012, 980, 1005]
    assert table.rake_collected == 3
    assert table.chips + table.rake_collected == 3000
    text = stars_text(StarsHand.from_record(record), None)
    player = table.seat(1).player  # type: ignore[union-attr]
    assert f"Uncalled bet (100) returned to {player}" in text
    assert f"{player} collected 27 from pot" in text
    assert "Total pot 30 | Rake 3" in text
    assert "collected (27)" in text
