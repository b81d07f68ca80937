"""Fixed-limit betting: bet sizes, the cap, short all-ins and completion
(R-FL-1..4), with the cases of ../shared/cases about them."""

from rules_helpers import by_seat, facing_bet, new_hand, put_in, refuse, unopened

from holdem.engine import Phase
from holdem.errors import BetSizeError, IllegalActionError
from holdem.rules import (
    DEALER,
    Bet,
    Call,
    Check,
    Fold,
    ForcedBets,
    GameConfig,
    Raise,
    Structure,
)


def fl(small_blind: int, big_blind: int, **options) -> GameConfig:
    """A fixed-limit game; "$2/$4" has blinds 1/2 (R-BLIND-3)."""
    return GameConfig(
        structure=Structure.FIXED_LIMIT,
        small_blind=small_blind,
        big_blind=big_blind,
        **options,
    )


# Cases number seats S1..Sn clockwise with S1 on the button; the engine numbers
# them from the button's left, so Sk is engine seat (k - 2) % n. Heads-up that
# puts S1 (button, small blind) at seat 1 and S2 (big blind) at seat 0.
def seat(k: int, n: int) -> int:
    return (k - 2) % n


# ------------------------------------------------------------------ R-FL-1


def test_R_FL_1_case_051_bet_sizes_by_street():
    """Case 051: fixed-limit 2/4 (blinds 1/2), three players with 100."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    hand = new_hand(fl(1, 2), [100] * n)
    state = hand.state
    # Pre-flop: S1's only raise is to 4.
    assert state.legal_actions() == facing_bet(s1, 2, (4, 4))
    refuse(state, Raise(s1, 3), BetSizeError, "R-FL-1")
    err = refuse(state, Raise(s1, 5), BetSizeError, "R-FL-1")
    assert f"seat {s1} cannot raise to 5: the only size is 4." in str(err)
    hand.act(Raise(s1, 4))
    assert state.legal_actions() == facing_bet(s2, 3, (6, 6))
    hand.act(Call(s2))
    assert state.legal_actions() == facing_bet(s3, 2, (6, 6))
    hand.act(Call(s3))
    assert state.total_pot == 12
    # Flop: opening bet exactly 2, raise exactly to 4.
    hand.deal()
    hand.act(Check(s2))
    assert state.legal_actions() == unopened(s3, (2, 2))
    refuse(state, Bet(s3, 4), BetSizeError, "R-FL-1")
    hand.act(Bet(s3, 2))
    assert state.legal_actions() == facing_bet(s1, 2, (4, 4))
    hand.act(Raise(s1, 4), Fold(s2), Call(s3))
    assert state.total_pot == 20
    # Turn: opening bet exactly 4 (not 2), raise exactly to 8.
    hand.deal()
    assert state.legal_actions() == unopened(s3, (4, 4))
    refuse(state, Bet(s3, 2), BetSizeError, "R-FL-1")
    hand.act(Check(s3), Bet(s1, 4))
    assert state.legal_actions() == facing_bet(s3, 4, (8, 8))
    hand.act(Raise(s3, 8), Call(s1))
    assert state.total_pot == 36
    # River: opening bet exactly 4.
    hand.deal()
    assert state.legal_actions() == unopened(s3, (4, 4))
    hand.act(Bet(s3, 4), Call(s1))
    assert state.total_pot == 44
    assert put_in(state) == by_seat({1: 20, 2: 4, 3: 20}, lambda k: seat(k, n))
    # Showdown: S3 made the last river bet and shows first (R-SHOW-2).
    assert state.phase is Phase.SHOWDOWN
    assert state.to_act == s3


# ------------------------------------------------------------------ R-FL-2


def test_R_FL_2_case_035_cap_after_bet_and_three_raises():
    """Case 035: fixed-limit 2/4, four players on the flop, pot 8."""
    n = 4
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    hand = new_hand(fl(1, 2), [100] * n)
    state = hand.state
    hand.act(Call(s4), Call(s1), Call(s2), Check(s3))
    hand.deal()
    assert state.total_pot == 8
    hand.act(Bet(s2, 2), Raise(s3, 4), Raise(s4, 6), Raise(s1, 8))
    assert state.legal_actions() == facing_bet(s2, 6, None)
    refuse(state, Raise(s2, 10), IllegalActionError, "R-FL-2")
    hand.act(Call(s2))
    assert state.legal_actions() == facing_bet(s3, 4, None)
    refuse(state, Raise(s3, 10), IllegalActionError, "R-FL-2")
    hand.act(Call(s3))
    assert state.legal_actions() == facing_bet(s4, 2, None)
    refuse(state, Raise(s4, 10), IllegalActionError, "R-FL-2")
    hand.act(Call(s4))
    assert state.to_act == DEALER
    assert state.total_pot == 40


def test_R_FL_2_case_052a_big_blind_counts_as_the_bet_preflop():
    """Case 052 (a): four players, 2/4; S4 raises to 4, S1 to 6, S2 to 8: the
    third raise caps the round."""
    n = 4
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    hand = new_hand(fl(1, 2), [200] * n)
    state = hand.state
    hand.act(Raise(s4, 4), Raise(s1, 6), Raise(s2, 8))
    assert state.legal_actions() == facing_bet(s3, 6, None)
    refuse(state, Raise(s3, 10), IllegalActionError, "R-FL-2")
    hand.act(Call(s3))
    assert state.legal_actions() == facing_bet(s4, 4, None)
    hand.act(Call(s4))
    assert state.legal_actions() == facing_bet(s1, 2, None)
    hand.act(Call(s1))
    assert state.to_act == DEALER
    assert state.total_pot == 32


def test_R_FL_2_case_052b_heads_up_raising_is_unlimited():
    """Case 052 (b): only S1 and S3 are left from the start of the turn;
    S3 bets 4, S1 raises to 8, S3 to 12, S1 to 16, S3 to 20."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    hand = new_hand(fl(1, 2), [200] * n)
    state = hand.state
    hand.act(Call(s1), Fold(s2), Check(s3))
    hand.deal()
    hand.act(Check(s3), Check(s1))
    hand.deal()
    hand.act(Bet(s3, 4), Raise(s1, 8), Raise(s3, 12), Raise(s1, 16), Raise(s3, 20))
    # S1 may still raise (to 24), call (adds 4, to 20) or fold.
    assert state.legal_actions() == facing_bet(s1, 4, (24, 24))
    hand.act(Raise(s1, 24))
    assert state.legal_actions() == facing_bet(s3, 4, (28, 28))


def test_R_FL_2_cap_is_configurable():
    """R-FL-2: the cap counts the bet (the big blind pre-flop): with
    ``raise_cap=3`` a bet and two raises cap the round."""
    n = 4
    hand = new_hand(fl(1, 2, raise_cap=3), [200] * n)
    state = hand.state
    hand.act(Raise(seat(4, n), 4), Raise(seat(1, n), 6))
    assert state.legal_actions() == facing_bet(seat(2, n), 5, None)
    refuse(state, Raise(seat(2, n), 8), IllegalActionError, "R-FL-2")


def test_R_FL_2_no_cap_when_configured_off():
    """R-FL-2: ``raise_cap=None`` lifts the cap."""
    n = 4
    hand = new_hand(fl(1, 2, raise_cap=None), [200] * n)
    state = hand.state
    hand.act(Raise(seat(4, n), 4), Raise(seat(1, n), 6), Raise(seat(2, n), 8))
    assert state.legal_actions() == facing_bet(seat(3, n), 6, (10, 10))


def test_R_FL_2_capped_round_stays_capped_after_a_fold():
    """R-FL-2 (RRP): a round capped three-way stays capped when folds leave
    two players."""
    n = 4
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    hand = new_hand(fl(1, 2), [200] * n)
    state = hand.state
    hand.act(Raise(s4, 4), Raise(s1, 6), Raise(s2, 8), Fold(s3), Fold(s4))
    assert state.legal_actions() == facing_bet(s1, 2, None)
    refuse(state, Raise(s1, 10), IllegalActionError, "R-FL-2")


def test_R_FL_2_heads_up_after_a_fold_before_the_cap_is_unlimited():
    """R-FL-2: a fold that leaves two players before the cap lifts it: on the
    flop S2 bets, S3 raises, S1 folds; S2 and S3 may raise on and on."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    hand = new_hand(fl(1, 2), [200] * n)
    state = hand.state
    hand.act(Call(s1), Call(s2), Check(s3))
    hand.deal()
    hand.act(Bet(s2, 2), Raise(s3, 4), Fold(s1))
    hand.act(Raise(s2, 6), Raise(s3, 8), Raise(s2, 10))
    assert state.legal_actions() == facing_bet(s3, 2, (12, 12))


def test_R_FL_2_heads_up_hand_is_unlimited_preflop():
    """R-FL-2: heads-up from the start, the big blind and four raises."""
    n = 2
    s1, s2 = seat(1, n), seat(2, n)
    hand = new_hand(fl(1, 2), [200, 200])
    state = hand.state
    hand.act(Raise(s1, 4), Raise(s2, 6), Raise(s1, 8), Raise(s2, 10))
    assert state.legal_actions() == facing_bet(s1, 2, (12, 12))


def test_R_FL_2_table_option_keeps_the_cap_heads_up():
    """R-FL-2 table option off (heads_up_uncapped=False): heads-up, the big
    blind and three raises cap the round; a fourth raise is refused."""
    n = 2
    s1, s2 = seat(1, n), seat(2, n)
    hand = new_hand(fl(1, 2, heads_up_uncapped=False), [200, 200])
    state = hand.state
    hand.act(Raise(s1, 4), Raise(s2, 6), Raise(s1, 8))
    assert state.legal_actions() == facing_bet(s2, 2, None)
    refuse(state, Raise(s2, 10), IllegalActionError, "R-FL-2")
    hand.act(Call(s2))
    assert state.to_act == DEALER


def test_R_FL_2_table_option_off_a_fold_to_two_players_keeps_the_cap():
    """R-FL-2 table option off: on the flop S2 bets, S3 raises and S1 folds;
    heads-up now, but the cap stays: S2 raises to 6, S3 to 8, then no more."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    hand = new_hand(fl(1, 2, heads_up_uncapped=False), [200] * n)
    state = hand.state
    hand.act(Call(s1), Call(s2), Check(s3))
    hand.deal()
    hand.act(Bet(s2, 2), Raise(s3, 4), Fold(s1), Raise(s2, 6), Raise(s3, 8))
    assert state.legal_actions() == facing_bet(s2, 2, None)


def test_R_FL_2_antes_only_the_first_bet_counts_toward_the_cap():
    """R-FL-2: with antes and no blinds nothing counts as the bet pre-flop:
    a bet and three raises (to 8) are allowed, the fourth raise is not."""
    n = 3
    forced = ForcedBets((0, 0, 0), (1, 1, 1))
    hand = new_hand(fl(1, 2), [200] * n, forced=forced)
    state = hand.state
    assert state.legal_actions() == unopened(0, (2, 2))
    hand.act(Bet(0, 2), Raise(1, 4), Raise(2, 6))
    assert state.legal_actions() == facing_bet(0, 4, (8, 8))
    hand.act(Raise(0, 8))
    assert state.legal_actions() == facing_bet(1, 4, None)


def test_R_FL_2_all_in_player_does_not_count_toward_cap():
    """R-FL-2: the cap applies only with three or more players who are not
    all-in. The small blind is all-in on its blind, so S1 and S3 may raise
    past a bet and three raises."""
    n = 3
    s1, s3 = seat(1, n), seat(3, n)
    stacks = by_seat({1: 200, 2: 1, 3: 200}, lambda k: seat(k, n))
    hand = new_hand(fl(1, 2), stacks)
    state = hand.state
    hand.act(Raise(s1, 4), Raise(s3, 6), Raise(s1, 8))
    assert state.legal_actions() == facing_bet(s3, 2, (10, 10))


# ------------------------------------------------------------ R-FL-3, R-FL-4
# Fixed-limit 10/20 (blinds 5/10). Pre-flop everyone calls 10; on the flop S2
# bets 10 and S3 is all-in for a raise of less than a full bet.


def _short_allin_on_flop(s3_stack: int, s2_stack: int = 200):
    n = 3
    stacks = by_seat({1: 200, 2: s2_stack, 3: s3_stack}, lambda k: seat(k, n))
    hand = new_hand(fl(5, 10), stacks)
    hand.act(Call(seat(1, n)), Call(seat(2, n)), Check(seat(3, n)))
    hand.deal()
    return hand, seat(1, n), seat(2, n), seat(3, n)


def test_R_FL_3_allin_under_half_a_bet_does_not_reopen():
    """R-FL-3: S2 bets 10; S3 is all-in for 14 (4 more, under half of 10).
    S1, who has not acted, may fold, call 14 or complete to 20 (R-FL-4); if
    S1 calls, S2, who has acted and faces only 4 more, may not raise."""
    hand, s1, s2, s3 = _short_allin_on_flop(24)
    state = hand.state
    hand.act(Bet(s2, 10))
    assert state.legal_actions() == facing_bet(s3, 10, (14, 14))
    hand.act(Raise(s3, 14))
    assert state.legal_actions() == facing_bet(s1, 14, (20, 20))
    hand.act(Call(s1))
    assert state.legal_actions() == facing_bet(s2, 4, None)
    refuse(state, Raise(s2, 24), IllegalActionError, "R-FL-3")


def test_R_FL_3_a_short_allin_bet_does_not_reopen_to_a_player_who_checked():
    """R-FL-3: on the flop S2 checks and S3 is all-in for 4 (under half of
    10). S1 calls; S2, who has acted, faces 4 more and may not raise: the
    refusal cites R-FL-3 (not the cap, R-FL-2: no bet or raise was made)."""
    hand, s1, s2, s3 = _short_allin_on_flop(14)
    state = hand.state
    hand.act(Check(s2), Bet(s3, 4), Call(s1))
    assert state.legal_actions() == facing_bet(s2, 4, None)
    refuse(state, Raise(s2, 10), IllegalActionError, "R-FL-3")


def test_R_FL_3_allin_of_half_a_bet_counts_as_full_raise():
    """R-FL-3: S3 is all-in for 15 over S2's 10 (half a bet): a full raise.
    S1 may make a full raise on it, to 25; S2 may raise again too."""
    hand, s1, s2, s3 = _short_allin_on_flop(25)
    state = hand.state
    hand.act(Bet(s2, 10), Raise(s3, 15))
    assert state.legal_actions() == facing_bet(s1, 15, (25, 25))
    hand.act(Call(s1))
    assert state.legal_actions() == facing_bet(s2, 5, (25, 25))


def test_R_FL_4_completion_of_short_allin_raise_reopens():
    """R-FL-4: S1 completes S3's short all-in (14) to a full raise, 20; S2,
    now facing a full raise, may raise again (to 30)."""
    hand, s1, s2, s3 = _short_allin_on_flop(24)
    state = hand.state
    hand.act(Bet(s2, 10), Raise(s3, 14), Raise(s1, 20))
    assert state.legal_actions() == facing_bet(s2, 10, (30, 30))


def test_R_FL_4_allin_bet_for_less_than_a_bet_may_be_completed():
    """R-FL-4: S2 opens all-in for 4 (less than half of 10). S3 may fold,
    call 4 or complete the bet to 10; then S1 faces a bet of 10 and may raise
    to 20."""
    hand, s1, s2, s3 = _short_allin_on_flop(200, s2_stack=14)
    state = hand.state
    assert state.legal_actions() == unopened(s2, (4, 4))
    hand.act(Bet(s2, 4))
    assert state.legal_actions() == facing_bet(s3, 4, (10, 10))
    hand.act(Raise(s3, 10))
    assert state.legal_actions() == facing_bet(s1, 10, (20, 20))


def test_R_FL_4_completion_after_two_short_allins_reopens():
    """R-FL-3, R-FL-4: fixed-limit 10/20, four players call 10 pre-flop. On
    the flop seat 0 bets 10; seat 1 is all-in for 14 and seat 2 for 18 (each
    less than half a bet more); seat 3 completes to 20, a full raise over the
    bet, so seat 0 may raise again (to 30)."""
    hand = new_hand(fl(5, 10), [200, 24, 28, 200])
    state = hand.state
    hand.act(Call(2), Call(3), Call(0), Check(1))
    hand.deal()
    hand.act(Bet(0, 10), Raise(1, 14), Raise(2, 18))
    assert state.legal_actions() == facing_bet(3, 18, (20, 20))
    hand.act(Raise(3, 20))
    assert state.legal_actions() == facing_bet(0, 10, (30, 30))
