"""Betting in general: actions, order of action, end of a round, all-ins and
the uncalled bet (R-BET-1..7), with the cases of ../shared/cases about them."""

import pytest
from rules_helpers import (
    awards,
    by_seat,
    facing_bet,
    new_hand,
    nl,
    option,
    put_in,
    refuse,
    unopened,
)

from holdem.cards import parse_cards
from holdem.engine import AwardPot, Phase, PostBlind, ReturnUncalled, ShowAllIn
from holdem.errors import IllegalActionError, NotYourTurnError
from holdem.rules import (
    DEALER,
    Bet,
    Call,
    Check,
    Fold,
    ForcedBets,
    Raise,
)


# Cases number seats S1..Sn clockwise with S1 on the button; the engine numbers
# them from the button's left, so Sk is engine seat (k - 2) % n. Heads-up that
# puts S1 (button, small blind) at seat 1 and S2 (big blind) at seat 0.
def seat(k: int, n: int) -> int:
    return (k - 2) % n


# ----------------------------------------------------------------- R-BET-1


def test_R_BET_1_check_only_without_a_bet_call_raise_only_facing_one():
    """R-BET-1: with no bet to face a player may check or bet; facing a bet a
    player may fold, call or raise. Anything else is refused, citing R-BET-1.
    A fold is allowed when a check is possible (the default)."""
    n = 3
    hand = new_hand(nl(1, 2), [100] * n)
    state = hand.state
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    refuse(state, Check(s1), IllegalActionError, "R-BET-1")
    refuse(state, Bet(s1, 4), IllegalActionError, "R-BET-1")
    hand.act(Call(s1), Call(s2))
    assert state.legal_actions() == option(s3, (4, 100))
    refuse(state, Call(s3), IllegalActionError, "R-BET-1")
    hand.act(Check(s3))
    hand.deal()
    assert state.legal_actions() == unopened(s2, (2, 98))
    refuse(state, Raise(s2, 4), IllegalActionError, "R-BET-1")
    refuse(state, Call(s2), IllegalActionError, "R-BET-1")
    # All-in is a bet for the whole stack.
    hand.act(Bet(s2, 98))
    assert state.stacks[s2] == 0
    assert state.legal_actions() == facing_bet(s3, 98, None)


def test_R_BET_1_fold_when_a_check_is_possible_stands_and_is_recorded():
    """R-BET-1 (default): the big blind may fold its option, and S2 may fold
    with no bet on the flop; each fold stands, is recorded as a Fold, and the
    hand goes on without that seat."""
    n = 3
    hand = new_hand(nl(1, 2), [100] * n)
    state = hand.state
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    hand.act(Call(s1), Call(s2))
    assert state.legal_actions().can_fold
    hand.act(Fold(s3))
    assert state.folded[s3] and state.events[-1] == Fold(s3)
    assert state.to_act == DEALER
    hand.deal()
    assert state.legal_actions() == unopened(s2, (2, 98))
    hand.act(Fold(s2))
    assert state.is_complete
    assert awards(state) == [AwardPot(0, 6, ((s1, 6),))]
    assert state.stacks == by_seat({1: 104, 2: 98, 3: 98}, lambda k: seat(k, n))


def test_R_BET_1_house_option_refuses_a_fold_when_a_check_is_possible():
    """R-BET-1 house option (fold_when_check=False): a fold with nothing to
    call is refused, citing R-BET-1, and changes nothing."""
    n = 3
    hand = new_hand(nl(1, 2, fold_when_check=False), [100] * n)
    state = hand.state
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    hand.act(Call(s1), Call(s2))
    assert state.legal_actions() == option(s3, (4, 100), can_fold=False)
    refuse(state, Fold(s3), IllegalActionError, "R-BET-1")
    hand.act(Check(s3))
    hand.deal()
    assert state.legal_actions() == unopened(s2, (2, 98), can_fold=False)
    refuse(state, Fold(s2), IllegalActionError, "R-BET-1")
    hand.act(Bet(s2, 10))
    assert state.legal_actions().can_fold  # facing a bet, a fold is allowed


# ----------------------------------------------------------------- R-BET-2


def _case_003_hand_1():
    """Case 003, hand 1: heads-up, blinds 10/20, stacks 750; S1 (button)."""
    n = 2
    s1, s2 = seat(1, n), seat(2, n)
    hand = new_hand(nl(10, 20), [750, 750])
    hand.act(Raise(s1, 60), Call(s2))
    hand.deal()
    hand.act(Check(s2), Bet(s1, 60), Call(s2))
    hand.deal()
    hand.act(Check(s2), Check(s1))
    hand.deal()
    hand.act(Bet(s2, 100), Fold(s1))
    return hand, s1, s2


def test_R_BET_2_case_003_heads_up_full_hand():
    """Case 003 (R-BET-2, R-BET-3, R-TABLE-2): heads-up, blinds 10/20, stacks
    750. The button S1 posts 10 and acts first pre-flop, last afterwards."""
    n = 2
    s1, s2 = seat(1, n), seat(2, n)
    hand = new_hand(nl(10, 20), [750, 750])
    state = hand.state
    assert {e for e in state.events if isinstance(e, PostBlind)} == {
        PostBlind(s1, 10),
        PostBlind(s2, 20),
    }
    assert hand.order_of_play(Raise(s1, 60), Call(s2)) == [s1, s2]
    hand.deal()
    assert hand.order_of_play(Check(s2), Bet(s1, 60), Call(s2)) == [s2, s1, s2]
    hand.deal()
    assert hand.order_of_play(Check(s2), Check(s1)) == [s2, s1]
    hand.deal()
    assert state.total_pot == 240
    assert hand.order_of_play(Bet(s2, 100), Fold(s1)) == [s2, s1]
    assert state.is_complete
    assert ReturnUncalled(s2, 100) in state.events
    assert awards(state) == [AwardPot(0, 240, ((s2, 240),))]
    # No showdown: S2 shows nothing (R-SHOW-1).
    assert state.shown == [False, False]
    assert state.view(s1).hole_cards[s2] is None
    assert state.stacks == by_seat({1: 630, 2: 870}, lambda k: seat(k, n))


def test_R_BET_2_case_003_hand_2_button_moved_to_s2():
    """Case 003, hand 2 (the button moved to S2; moving it is R-TABLE-1's):
    the players keep the stacks hand 1 left them (S1 630, S2 870); S2 now
    posts 10 and acts first, S1 posts 20 and has the option."""
    first, h1_s1, h1_s2 = _case_003_hand_1()
    after = {1: first.state.stacks[h1_s1], 2: first.state.stacks[h1_s2]}
    assert after == {1: 630, 2: 870}

    # Button S2: S2 is engine seat 1 and S1 seat 0.
    def s(k: int) -> int:
        return {2: 1, 1: 0}[k]

    hand = new_hand(nl(10, 20), by_seat(after, s))
    state = hand.state
    assert {e for e in state.events if isinstance(e, PostBlind)} == {
        PostBlind(s(2), 10),
        PostBlind(s(1), 20),
    }
    assert state.stacks == by_seat({1: 610, 2: 860}, s)
    assert state.legal_actions() == facing_bet(s(2), 10, (40, 860 + 10))
    hand.act(Call(s(2)))
    assert state.legal_actions() == option(s(1), (40, 630))


def test_R_BET_2_case_037_big_blind_option_after_limp():
    """Case 037: blinds 1/2, four players with 200; S4 and S1 fold and S2
    completes: the big blind still has the option."""
    n = 4
    hand = new_hand(nl(1, 2), [200] * n)
    state = hand.state
    hand.act(Fold(seat(4, n)), Fold(seat(1, n)), Call(seat(2, n)))
    # Decision A (S3): check, or raise to 4..200; no flop before S3 acts.
    assert state.phase is Phase.BETTING
    assert state.legal_actions() == option(seat(3, n), (4, 200))
    hand.act(Raise(seat(3, n), 6))
    # Decision B (S2): fold; call 4 more; raise to at least 10.
    assert state.legal_actions() == facing_bet(seat(2, n), 4, (10, 200))
    hand.act(Call(seat(2, n)))
    assert state.to_act == DEALER
    assert state.total_pot == 12
    final = {1: 200, 2: 194, 3: 194, 4: 200}
    assert state.stacks == by_seat(final, lambda k: seat(k, n))


def test_R_BET_2_case_050_heads_up_limp_option():
    """Case 050 (R-TABLE-2): heads-up 1/2, stacks 100; the button completes,
    the big blind has the option and acts first after the flop."""
    n = 2
    s1, s2 = seat(1, n), seat(2, n)
    hand = new_hand(nl(1, 2), [100, 100])
    state = hand.state
    assert {e for e in state.events if isinstance(e, PostBlind)} == {
        PostBlind(s1, 1),
        PostBlind(s2, 2),
    }
    assert state.legal_actions() == facing_bet(s1, 1, (4, 100))
    hand.act(Call(s1))
    # Decision A (S2): check or raise (minimum raise-to 4).
    assert state.legal_actions() == option(s2, (4, 100))
    hand.act(Check(s2))
    hand.deal()
    # Decision B: S2 acts first after the flop.
    assert state.to_act == s2
    hand.act(Bet(s2, 2), Raise(s1, 6), Call(s2))
    assert state.to_act == DEALER
    assert state.total_pot == 16
    assert state.stacks == [92, 92]


def test_R_BET_2_out_of_turn_pre_flop_refused():
    """R-BET-2: pre-flop S1 (left of the big blind) acts first; S2 acting
    first is refused and told whose turn it is."""
    n = 3
    hand = new_hand(nl(1, 2), [100] * n)
    err = refuse(hand.state, Call(seat(2, n)), NotYourTurnError, "R-BET-2")
    assert f"seat {seat(1, n)}" in str(err)


def test_R_BET_2_no_blinds_left_of_button_acts_first():
    """R-BET-2: with no blinds (antes only), the player left of the button
    acts first, and there is no bet to face."""
    hand = new_hand(nl(1, 2), [100] * 3, forced=ForcedBets((0, 0, 0), (1, 1, 1)))
    state = hand.state
    assert state.to_act == 0
    assert state.legal_actions() == unopened(0, (2, 99))


# ----------------------------------------------------------------- R-BET-3


def test_R_BET_3_case_036_first_active_left_of_button_skips_folded():
    """Case 036: blinds 1/2, four players with 200."""
    n = 4
    hand = new_hand(nl(1, 2), [200] * n)
    state = hand.state
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    order = hand.order_of_play(Call(s4), Call(s1), Call(s2), Check(s3))
    assert order == [s4, s1, s2, s3]
    assert state.total_pot == 8
    hand.deal()
    order = hand.order_of_play(
        Check(s2), Check(s3), Bet(s4, 4), Fold(s1), Call(s2), Fold(s3)
    )
    assert order == [s2, s3, s4, s1, s2, s3]
    assert state.total_pot == 16
    assert state.stacks == by_seat(
        {1: 198, 2: 194, 3: 198, 4: 194}, lambda k: seat(k, n)
    )
    hand.deal()
    # Turn: S2, then S4; the folded button S1 and S3 are never asked.
    assert hand.order_of_play(Check(s2), Check(s4)) == [s2, s4]
    assert state.to_act == DEALER


def test_R_BET_3_out_of_turn_on_the_flop_cites_R_BET_3():
    """R-BET-3: on the flop S2 (first left of the button) acts first; the
    button acting first is refused with the post-flop order rule."""
    n = 3
    hand = new_hand(nl(1, 2), [100] * n)
    hand.act(Call(seat(1, n)), Call(seat(2, n)), Check(seat(3, n)))
    hand.deal()
    refuse(hand.state, Check(seat(1, n)), NotYourTurnError, "R-BET-3")


# ----------------------------------------------------------------- R-BET-4


def test_R_BET_4_a_player_never_raises_own_bet():
    """R-BET-4: if everyone after a raiser only calls or folds, the round ends
    without asking the raiser again."""
    n = 4
    hand = new_hand(nl(1, 2), [100] * n)
    state = hand.state
    hand.act(Raise(seat(4, n), 6), Call(seat(1, n)), Fold(seat(2, n)), Call(seat(3, n)))
    assert state.to_act == DEALER
    assert state.total_pot == 19


def test_R_BET_4_a_raise_makes_everyone_act_again():
    """R-BET-4: after a full raise, every player not all-in acts again."""
    n = 3
    hand = new_hand(nl(1, 2), [100] * n)
    state = hand.state
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    order = hand.order_of_play(Raise(s1, 6), Raise(s2, 12), Call(s3), Call(s1))
    assert order == [s1, s2, s3, s1]
    assert state.to_act == DEALER
    assert state.total_pot == 36


# ----------------------------------------------------------------- R-BET-5


def test_R_BET_5_case_013_no_raise_when_opponent_all_in_board_run_out():
    """Case 013: heads-up 10/20, S1 (button) 1000, S2 300. S1 raises to 60,
    S2 re-raises all-in to 300."""
    n = 2
    s1, s2 = seat(1, n), seat(2, n)
    holes = {s1: "AhQd", s2: "JsJc"}
    stacks = by_seat({1: 1000, 2: 300}, lambda k: seat(k, n))
    hand = new_hand(nl(10, 20), stacks, holes, "9d6c4h3s2s")
    state = hand.state
    hand.act(Raise(s1, 60), Raise(s2, 300))
    # S1: fold, or call 240 more. No raise.
    assert state.legal_actions() == facing_bet(s1, 240, None)
    refuse(state, Raise(s1, 540), IllegalActionError, "R-BET-5")
    hand.act(Call(s1))
    # No flop, turn or river betting: the dealer deals all five cards.
    assert state.to_act == DEALER
    seen = []
    while state.to_act == DEALER:
        hand.deal()
        seen.append(state.to_act)
    assert all(x is None or x == DEALER for x in seen)
    assert state.is_complete
    assert state.board == list(parse_cards("9d6c4h3s2s"))
    # Both hands are turned face up (R-SHOW-3).
    assert state.shown == [True, True]
    assert {e.seat for e in state.events if isinstance(e, ShowAllIn)} == {s1, s2}
    assert awards(state) == [AwardPot(0, 600, ((s2, 600),))]
    assert state.stacks == by_seat({1: 700, 2: 600}, lambda k: seat(k, n))


# ----------------------------------------------------------------- R-BET-7


def test_R_BET_7_uncalled_part_of_a_bet_returned_before_award():
    """R-BET-7 (and case 012a): a call all-in for less returns the unmatched
    part of the bet to the bettor before the pot is awarded."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    stacks = by_seat({1: 500, 2: 500, 3: 30}, lambda k: seat(k, n))
    holes = {s1: "AsAd", s2: "7c2d", s3: "KsKd"}
    hand = new_hand(nl(1, 2), stacks, holes, "Ah9c5d3h2s")
    state = hand.state
    hand.act(Raise(s1, 100), Fold(s2), Call(s3))
    assert ReturnUncalled(s1, 70) in state.events
    assert put_in(state)[s1] == 30
    hand.deal()
    assert state.is_complete
    assert awards(state) == [AwardPot(0, 61, ((s1, 61),))]


# ------------------------------------------------------------------ case 086
# S1 is the non-button seat (engine seat 0), S2 the button (seat 1).


@pytest.mark.parametrize(
    ("blind_seat", "first"),
    [pytest.param(0, 1, id="A-S1-posts"), pytest.param(1, 0, id="B-button-posts")],
)
def test_R_BET_2_case_086_heads_up_single_blind_with_antes(blind_seat, first):
    """Case 086: heads-up, stacks 400, antes 1 and one blind of 2: the player
    left of the blind acts first, the blind has the option, and on the flop
    S1 (the non-button seat) acts first."""
    blinds = [0, 0]
    blinds[blind_seat] = 2
    forced = ForcedBets(tuple(blinds), (1, 1))
    hand = new_hand(nl(1, 2), [400, 400], forced=forced)
    state = hand.state
    assert state.total_pot == 4
    assert state.stacks[blind_seat] == 397 and state.stacks[first] == 399
    assert state.legal_actions() == facing_bet(first, 2, (4, 399))
    hand.act(Call(first))
    assert state.legal_actions() == option(blind_seat, (4, 399))
    hand.act(Check(blind_seat))
    assert state.total_pot == 6
    hand.deal()
    assert state.to_act == 0


# ------------------------------------------------------------------ case 087


def _case_087(stacks, holes):
    return new_hand(nl(10, 20), stacks, holes, "Kd7c2h5s3d")


def test_R_BET_5_case_087a_lone_player_must_answer_a_short_allin_blind():
    """Case 087 (A): the big blind (S1, seat 0) is all-in for 15; the button
    must still fold or call (no raise: nobody could answer it); the call is
    priced at the full blind and 5 comes back. S1's nines win 30."""
    hand = _case_087([15, 500], {0: "9s9d", 1: "AhQc"})
    state = hand.state
    assert state.legal_actions() == facing_bet(1, 10, None)
    hand.act(Call(1))
    assert ReturnUncalled(1, 5) in state.events
    assert state.total_pot == 30
    hand.deal()
    assert state.is_complete and all(state.shown)
    assert state.stacks == [30, 485]


def test_R_BET_5_case_087b_fold_returns_the_unmatched_part():
    hand = _case_087([15, 500], {0: "9s9d", 1: "AhQc"})
    hand.act(Fold(1))
    state = hand.state
    assert ReturnUncalled(0, 5) in state.events
    assert awards(state) == [AwardPot(0, 20, ((0, 20),))]
    assert state.stacks == [25, 490]


def test_R_BET_5_case_087c_blind_below_the_small_blind_nothing_to_decide():
    """Case 087 (C): the big blind has 6: the button's 10 covers it, so 4
    comes back and the board is dealt at once; S1 wins 12."""
    hand = _case_087([6, 500], {0: "9s9d", 1: "AhQc"})
    state = hand.state
    assert state.is_complete
    assert ReturnUncalled(1, 4) in state.events
    assert awards(state) == [AwardPot(0, 12, ((0, 12),))]
    assert state.stacks == [12, 494]


def test_R_BET_5_case_087d_three_handed_small_blind_must_still_call_or_fold():
    """Case 087 (D): S1 small blind (seat 0, 500), S2 big blind all-in for 15
    (seat 1), S3 button (seat 2, 500). S3 may raise; after S3 folds, S1 must
    still fold or call; S1 calls and S2's nines win 30."""
    hand = _case_087([500, 15, 500], {0: "AhQc", 1: "9s9d"})
    state = hand.state
    assert state.legal_actions() == facing_bet(2, 20, (40, 500))
    hand.act(Fold(2))
    assert state.legal_actions() == facing_bet(0, 10, None)
    hand.act(Call(0))
    assert state.total_pot == 30
    hand.deal()
    assert state.stacks == [485, 30, 500]


def test_R_BET_5_big_blind_all_in_for_exactly_the_small_blind_post():
    """R-BET-5: heads-up 10/20, the big blind has only 10 and posts it all-in:
    the button's 10 matches every chip it could win, so nobody decides; the
    board is dealt at once and nothing comes back."""
    hand = _case_087([10, 500], {0: "9s9d", 1: "AhQc"})
    state = hand.state
    assert state.is_complete
    assert not any(isinstance(e, ReturnUncalled) for e in state.events)
    assert awards(state) == [AwardPot(0, 20, ((0, 20),))]
    assert state.stacks == [20, 490]


def test_R_BET_5_no_raise_when_the_only_opponent_can_just_call():
    """R-BET-5: the button is all-in for 50; the small blind (1000) faces it,
    and the big blind, its only opponent with chips, has exactly 50 in all:
    a raise could only be called for less, so none is offered."""
    hand = new_hand(nl(1, 2), [1000, 50, 50])
    state = hand.state
    hand.act(Raise(2, 50))
    assert state.legal_actions() == facing_bet(0, 49, None)
    refuse(state, Raise(0, 100), IllegalActionError, "R-BET-5")


def test_R_BET_2_live_big_blind_next_to_the_big_blind_keeps_the_order():
    """R-BET-2 with R-TABLE-5: a new player in seat 2 posts a live big blind
    next to the big blind; the big blind still closes the blinds, so seat 2
    acts first (and may check its own live blind, or raise)."""
    forced = ForcedBets((1, 2, 2, 0, 0), (0,) * 5)
    hand = new_hand(nl(1, 2), [200] * 5, forced=forced)
    state = hand.state
    assert state.legal_actions() == option(2, (4, 200))
    hand.act(Check(2), Call(3), Call(4), Call(0))
    assert state.legal_actions() == option(1, (4, 200))
