"""No-limit betting: bet and raise sizes, short all-ins, table stakes
(R-NL-1..4, R-BET-6), with the cases of ../shared/cases about them."""

import pytest
from rules_helpers import by_seat, facing_bet, new_hand, nl, refuse, unopened

from holdem.betting.pots import Pot
from holdem.engine import ReturnUncalled
from holdem.engine.legal import can_raise
from holdem.errors import BetSizeError, IllegalActionError
from holdem.rules import DEALER, Bet, Call, Check, Fold, Raise


# Cases number seats S1..Sn clockwise with S1 on the button; the engine numbers
# them from the button's left, so Sk is engine seat (k - 2) % n. Heads-up that
# puts S1 (button, small blind) at seat 1 and S2 (big blind) at seat 0.
def seat(k: int, n: int) -> int:
    return (k - 2) % n


# ------------------------------------------------------------------ R-NL-1


def test_R_NL_1_case_031_postflop_opening_bet_minimum_is_big_blind():
    """Case 031: blinds 1/2; pre-flop S1 raised to 4 and both blinds called
    (pot 12, stacks 96). On the flop the raise sizes of pre-flop are gone."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    hand = new_hand(nl(1, 2), [100] * n)
    state = hand.state
    hand.act(Raise(s1, 4), Call(s2), Call(s3))
    hand.deal()
    assert state.total_pot == 12
    assert state.stacks == [96, 96, 96]
    # Decision A (S2): check, or bet from 2 up to 96.
    assert state.legal_actions() == unopened(s2, (2, 96))
    refuse(state, Bet(s2, 1), BetSizeError)
    hand.act(Bet(s2, 2))
    # Decision B (S3): fold; call 2; raise to at least 4 (not 6).
    assert state.legal_actions() == facing_bet(s3, 2, (4, 96))
    refuse(state, Raise(s3, 3), BetSizeError, "R-NL-2")
    hand.act(Raise(s3, 7))
    # Decision C (S1): fold; call 7; raise to at least 12 (7 + 5).
    assert state.legal_actions() == facing_bet(s1, 7, (12, 96))
    refuse(state, Raise(s1, 11), BetSizeError, "R-NL-2")
    assert state.total_pot == 21


def test_R_NL_1_bet_below_big_blind_refused_citing_R_NL_1():
    """R-NL-1: the smallest bet is the big blind. An opening bet is not a
    raise, so the refusal cites R-NL-1 (R-NL-2 is about raises)."""
    n = 3
    hand = new_hand(nl(1, 2), [100] * n)
    hand.act(Call(seat(1, n)), Call(seat(2, n)), Check(seat(3, n)))
    hand.deal()
    err = refuse(hand.state, Bet(seat(2, n), 1), BetSizeError, "R-NL-1")
    assert "2" in str(err)


def test_R_NL_1_largest_bet_is_the_whole_stack():
    """R-NL-1: a bet above the player's stack is refused."""
    n = 3
    hand = new_hand(nl(1, 2), [100] * n)
    hand.act(Call(seat(1, n)), Call(seat(2, n)), Check(seat(3, n)))
    hand.deal()
    refuse(hand.state, Bet(seat(2, n), 99), BetSizeError, "R-NL-1")
    hand.act(Bet(seat(2, n), 98))
    assert hand.state.stacks[seat(2, n)] == 0


def test_R_NL_1_all_in_bet_for_less_than_big_blind_is_allowed():
    """R-NL-1 with R-BET-1: a player with 1 chip may bet it all-in although
    the smallest bet is the big blind; the next player may call 1."""
    n = 3
    s2, s3 = seat(2, n), seat(3, n)
    stacks = by_seat({1: 100, 2: 3, 3: 100}, lambda k: seat(k, n))
    hand = new_hand(nl(1, 2), stacks)
    hand.act(Call(seat(1, n)), Call(s2), Check(s3))
    hand.deal()
    assert hand.state.legal_actions() == unopened(s2, (1, 1))
    hand.act(Bet(s2, 1))
    legal = hand.state.legal_actions()
    assert (legal.seat, legal.can_fold, legal.call_amount) == (s3, True, 1)
    assert legal.can_raise


# ------------------------------------------------------------------ R-NL-2


def test_R_NL_2_case_009_min_raise_to_excludes_posted_chips():
    """Case 009: blinds 5/10, six players with 1000; S4 raises to 30 and the
    others fold to the big blind S3."""
    n = 6
    hand = new_hand(nl(5, 10), [1000] * n)
    state = hand.state
    s3, s4 = seat(3, n), seat(4, n)
    hand.act(Raise(s4, 30), *(Fold(seat(k, n)) for k in (5, 6, 1, 2)))
    # Decision A (S3): call adds 20; raise to at least 50 (adds 40) .. 1000.
    assert state.legal_actions() == facing_bet(s3, 20, (50, 1000))
    err = refuse(state, Raise(s3, 49), BetSizeError, "R-NL-2")
    assert "50" in str(err)
    hand.act(Raise(s3, 50))
    assert state.stacks[s3] == 950
    # Decision B (S4): call adds 20; re-raise to at least 70.
    assert state.legal_actions() == facing_bet(s4, 20, (70, 1000))
    hand.act(Call(s4))
    assert state.to_act == DEALER
    assert state.total_pot == 105
    final = {1: 1000, 2: 995, 3: 950, 4: 950, 5: 1000, 6: 1000}
    assert state.stacks == by_seat(final, lambda k: seat(k, n))


def test_R_NL_2_case_032_heads_up_10_25_min_raise_sequence():
    """Case 032: heads-up 10/25, stacks 1000; each makes the minimum raise."""
    n = 2
    s1, s2 = seat(1, n), seat(2, n)
    hand = new_hand(nl(10, 25), [1000, 1000])
    state = hand.state
    assert state.legal_actions() == facing_bet(s1, 15, (50, 1000))
    hand.act(Raise(s1, 50))
    assert state.legal_actions() == facing_bet(s2, 25, (75, 1000))
    refuse(state, Raise(s2, 60), BetSizeError, "R-NL-2")
    hand.act(Raise(s2, 75))
    assert state.legal_actions() == facing_bet(s1, 25, (100, 1000))
    hand.act(Raise(s1, 100))
    assert state.legal_actions() == facing_bet(s2, 25, (125, 1000))
    hand.act(Call(s2))
    assert state.to_act == DEALER
    assert state.total_pot == 200
    assert state.stacks == [900, 900]


def test_R_NL_2_case_033_min_reraise_is_last_increment():
    """Case 033: heads-up 50/100, stacks 20000; S1 raises to 250, S2 to 1000."""
    n = 2
    s1, s2 = seat(1, n), seat(2, n)
    hand = new_hand(nl(50, 100), [20000, 20000])
    state = hand.state
    hand.act(Raise(s1, 250), Raise(s2, 1000))
    # Decision A (S1): call to 1000 (adds 750); raise to 1750 .. 20000.
    assert state.legal_actions() == facing_bet(s1, 750, (1750, 20000))
    refuse(state, Raise(s1, 1700), BetSizeError, "R-NL-2")
    assert state.is_legal(Raise(s1, 2000))
    hand.act(Raise(s1, 2000))
    assert state.total_pot == 3000
    # Decision B (S2): the last increment is 1000, so at least 3000.
    assert state.legal_actions() == facing_bet(s2, 1000, (3000, 20000))


def test_R_NL_2_case_054_min_raise_2_8_14():
    """Case 054: blinds 1/2, six players; S5 has 200 and S6 has 11."""
    n = 6
    stacks = by_seat(
        {1: 200, 2: 200, 3: 200, 4: 200, 5: 200, 6: 11}, lambda k: seat(k, n)
    )
    hand = new_hand(nl(1, 2), stacks)
    state = hand.state
    s5, s6 = seat(5, n), seat(6, n)
    hand.act(Raise(seat(4, n), 8))
    # Decision A (S5): fold; call 8; raise to at least 14 .. 200.
    assert state.legal_actions() == facing_bet(s5, 8, (14, 200))
    refuse(state, Raise(s5, 12), BetSizeError, "R-NL-2")
    hand.act(Raise(s5, 14))
    # Decision B (S6, 11 chips): fold, or all-in for 11 as a call for less.
    assert state.legal_actions() == facing_bet(s6, 11, None)
    refuse(state, Raise(s6, 11), IllegalActionError, "R-BET-6")
    hand.act(Call(s6))
    assert state.stacks[s6] == 0
    # After the raise to 14 (increment 6) the next minimum raise-to is 20.
    assert state.legal_actions() == facing_bet(seat(1, n), 14, (20, 200))


# ------------------------------------------------------------ R-NL-3, R-NL-4


def test_R_NL_3_case_055_short_allin_does_not_reopen_to_raiser():
    """Case 055: blinds 1/2; S5 has 12, everyone else 200. S4 raises to 8,
    S5 is all-in for 12 (an increment of 4, less than 6)."""
    n = 6
    start = {1: 200, 2: 200, 3: 200, 4: 200, 5: 12, 6: 200}
    hand = new_hand(nl(1, 2), by_seat(start, lambda k: seat(k, n)))
    state = hand.state
    s4, s5, s6 = seat(4, n), seat(5, n), seat(6, n)
    hand.act(Raise(s4, 8), Raise(s5, 12))
    # Decision A (S6, not yet acted): raise to at least 18 (12 + 6, R-NL-4).
    assert state.legal_actions() == facing_bet(s6, 12, (18, 200))
    refuse(state, Raise(s6, 17), BetSizeError, "R-NL-2")
    hand.act(Call(s6), Fold(seat(1, n)), Fold(seat(2, n)), Fold(seat(3, n)))
    # Decision B (S4): fold or call 4 more; no raise.
    assert state.legal_actions() == facing_bet(s4, 4, None)
    refuse(state, Raise(s4, 18), IllegalActionError, "R-NL-3")
    hand.act(Call(s4))
    assert state.to_act == DEALER
    assert state.pots == (Pot(39, tuple(sorted((s4, s5, s6)))),)
    behind = {1: 200, 2: 199, 3: 198, 4: 188, 5: 0, 6: 188}
    assert state.stacks == by_seat(behind, lambda k: seat(k, n))
    # Later betting between S4 and S6 goes into a side pot.
    hand.deal()
    assert state.to_act == s4
    hand.act(Bet(s4, 10), Call(s6))
    assert state.pots == (
        Pot(39, tuple(sorted((s4, s5, s6)))),
        Pot(20, tuple(sorted((s4, s6)))),
    )


def test_R_NL_3_several_short_allins_that_add_up_to_a_full_raise_reopen():
    """R-NL-3, R-NL-4: S4 raises to 8 (by 6); S5 is all-in for 12 and S6 for
    16, each short; S1 calls. S4 now faces 8 more, a full raise in total, so S4 may
    raise again, by at least the last full raise (6): to 22."""
    n = 6
    stacks = by_seat(
        {1: 200, 2: 200, 3: 200, 4: 200, 5: 12, 6: 16}, lambda k: seat(k, n)
    )
    hand = new_hand(nl(1, 2), stacks)
    state = hand.state
    s4 = seat(4, n)
    hand.act(Raise(s4, 8), Raise(seat(5, n), 12), Raise(seat(6, n), 16))
    # S1 calls, so someone with chips is left to face a raise.
    hand.act(Call(seat(1, n)), Fold(seat(2, n)), Fold(seat(3, n)))
    assert state.legal_actions() == facing_bet(s4, 8, (22, 200))


def test_R_NL_4_min_raise_after_short_allin_stays_last_full_raise():
    """R-NL-4 (case 055's spot): after S4's raise to 8 (by 6) and S5's short
    all-in to 12, the minimum raise is still by 6: to 18. A full raise to 18
    keeps the increment at 6, so the next minimum is 24."""
    n = 6
    start = {1: 200, 2: 200, 3: 200, 4: 200, 5: 12, 6: 200}
    hand = new_hand(nl(1, 2), by_seat(start, lambda k: seat(k, n)))
    state = hand.state
    hand.act(Raise(seat(4, n), 8), Raise(seat(5, n), 12))
    assert state.legal_actions().min_raise_to == 18
    hand.act(Raise(seat(6, n), 18))
    assert state.legal_actions() == facing_bet(seat(1, n), 18, (24, 200))


# ----------------------------------------------------------------- R-BET-6


@pytest.fixture
def flop_bet_100():
    """Case 012's spot: heads-up 1/2, the flop pot is 40 (20 each), S2
    checks and S1 bets 100. Returns a function of S2's stack behind."""

    def make(behind: int):
        n = 2
        s1, s2 = seat(1, n), seat(2, n)
        hand = new_hand(
            nl(1, 2), by_seat({1: 500, 2: 20 + behind}, lambda k: seat(k, n))
        )
        hand.act(Raise(s1, 20), Call(s2))
        hand.deal()
        assert hand.state.total_pot == 40
        hand.act(Check(s2), Bet(s1, 100))
        return hand, s1, s2

    return make


def test_R_BET_6_case_012a_cannot_cover_call_all_in_for_less(flop_bet_100):
    """Case 012 (a): S2 has 80 behind: fold, or call all-in for 80; the 20
    of S1's bet that is not matched comes back; pot 200."""
    hand, s1, s2 = flop_bet_100(80)
    state = hand.state
    assert state.legal_actions() == facing_bet(s2, 80, None)
    refuse(state, Raise(s2, 80), IllegalActionError, "R-BET-6")
    hand.act(Call(s2))
    assert ReturnUncalled(s1, 20) in state.events
    assert state.total_pot == 200


def test_R_BET_6_case_012b_call_exactly_all_in_no_raise(flop_bet_100):
    """Case 012 (b): S2 has 100 behind: fold, or call 100 (all-in)."""
    hand, _s1, s2 = flop_bet_100(100)
    state = hand.state
    assert state.legal_actions() == facing_bet(s2, 100, None)
    refuse(state, Raise(s2, 100), IllegalActionError, "R-BET-6")
    hand.act(Call(s2))
    assert state.stacks[s2] == 0
    assert state.total_pot == 240


def test_R_NL_3_case_012c_short_allin_raise_then_call_or_fold(flop_bet_100):
    """Case 012 (c): S2 has 130 behind: fold; call 100; or all-in to 130 (the
    only raise size). S1, who already acted, then may only call 30 or fold."""
    hand, s1, s2 = flop_bet_100(130)
    state = hand.state
    assert state.legal_actions() == facing_bet(s2, 100, (130, 130))
    refuse(state, Raise(s2, 129), BetSizeError, "R-NL-2")
    refuse(state, Raise(s2, 200), BetSizeError, "R-NL-1")
    hand.act(Raise(s2, 130))
    assert state.legal_actions() == facing_bet(s1, 30, None)
    # Heads-up two rules forbid it: the short all-in does not reopen the
    # betting (R-NL-3, the case's reason) and nobody could call (R-BET-5);
    # the refusal names R-BET-5, which holds whatever the raise size.
    refuse(state, Raise(s1, 230), IllegalActionError, "R-BET-5")
    hand.act(Call(s1))
    assert state.total_pot == 300


def test_R_NL_1_post_flop_bet_below_min_bet_is_refused():
    """R-NL-1: with min_bet 10 (blinds 1/2) the smallest bet on every later
    street is 10, not the big blind."""
    hand = new_hand(nl(1, 2, min_bet=10), [200] * 3)
    state = hand.state
    hand.act(Call(2), Call(0), Check(1))
    hand.deal()
    assert state.legal_actions() == unopened(0, (10, 198))
    refuse(state, Bet(0, 9), BetSizeError, "R-NL-1")
    refuse(state, Bet(0, 2), BetSizeError, "R-NL-1")
    hand.act(Bet(0, 10))


def test_R_NL_2_a_raise_too_small_names_the_last_raise():
    """R-NL-2's own example: big blind 2, a raise by 6 to 8; a re-raise must
    be by at least 6 more, to at least 14. The refusal of a re-raise to 12
    gives the size asked, the minimum and the last raise it comes from; one
    of 250 with 200 chips in all names the maximum, the stack (R-NL-1)."""
    n = 3
    hand = new_hand(nl(1, 2), [200] * n)
    state = hand.state
    s1, s2 = seat(1, n), seat(2, n)
    hand.act(Raise(s1, 8))
    assert state.legal_actions() == facing_bet(s2, 7, (14, 200))
    err = refuse(state, Raise(s2, 12), BetSizeError, "R-NL-2")
    assert "cannot raise to 12: the minimum is 14 (last raise 6)." in str(err)
    err = refuse(state, Raise(s2, 250), BetSizeError, "R-NL-1")
    assert "cannot raise to 250: the maximum is 200." in str(err)


def test_R_NL_3_a_short_allin_bet_does_not_reopen_to_a_player_who_checked():
    """R-NL-3: blinds 1/2; seat 1 (the big blind) has 1 chip left on the
    flop. Seat 0 checks, seat 1 bets its last chip all-in (less than a full
    bet), seat 2, who had not acted, calls. Seat 0 has acted and faces only
    that short bet: it may call or fold, not raise."""
    hand = new_hand(nl(1, 2), [100, 3, 100])
    state = hand.state
    hand.act(Call(2), Call(0), Check(1))
    hand.deal()
    hand.act(Check(0), Bet(1, 1), Call(2))
    assert state.legal_actions() == facing_bet(0, 1, None)
    refuse(state, Raise(0, 3), IllegalActionError, "R-NL-3")


def test_R_NL_3_can_raise_after_acting_when_facing_a_full_raise():
    """R-NL-3: a player who has acted may raise again when it faces a full
    raise in total. Heads-up 1/2: the button (small blind) calls to 2, the
    big blind raises to 4 (a full raise of 2); the button may raise, as
    ``can_raise`` (engine.legal's public query) and the legal sizes say."""
    hand = new_hand(nl(1, 2), [100, 100])
    state = hand.state
    button = state.to_act
    hand.act(Call(button), Raise(1 - button, 4))
    assert can_raise(state, button)
    assert state.legal_actions() == facing_bet(button, 2, (6, 100))
