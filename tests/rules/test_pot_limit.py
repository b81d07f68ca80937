"""Pot-limit betting (R-PL-1) and case 057 of ../shared/cases."""

from rules_helpers import facing_bet, new_hand, refuse, unopened

from holdem.errors import BetSizeError
from holdem.rules import Bet, Call, Check, ForcedBets, GameConfig, Raise, Structure

PL_1_2 = GameConfig(structure=Structure.POT_LIMIT, small_blind=1, big_blind=2)


# Cases number seats S1..Sn clockwise with S1 on the button; the engine numbers
# them from the button's left, so Sk is engine seat (k - 2) % n.
def seat(k: int, n: int) -> int:
    return (k - 2) % n


def test_R_PL_1_case_057_max_raise_is_pot_after_the_call():
    """Case 057: pot-limit, blinds 1/2, stacks 500, three players."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    hand = new_hand(PL_1_2, [500] * n)
    state = hand.state
    # Decision A (S1): raise to 4 at least, 7 at most (2 + (3 + 2)).
    assert state.legal_actions() == facing_bet(s1, 2, (4, 7))
    refuse(state, Raise(s1, 8), BetSizeError, "R-PL-1")
    # Bring each player's total to 10: the flop pot is 30.
    hand.act(Raise(s1, 6))
    # S2: the pot is 9 and the call 5, so at most 6 + (9 + 5) = 20.
    assert state.legal_actions() == facing_bet(s2, 5, (10, 20))
    hand.act(Raise(s2, 10), Call(s3), Call(s1))
    hand.deal()
    assert state.total_pot == 30
    # Decision B (S2): bet from 2 up to 30.
    assert state.legal_actions() == unopened(s2, (2, 30))
    refuse(state, Bet(s2, 31), BetSizeError, "R-PL-1")
    hand.act(Bet(s2, 10))
    # Decision C (S3): call 10; raise to 20 .. 60 (10 + (30 + 10 + 10)).
    assert state.legal_actions() == facing_bet(s3, 10, (20, 60))
    refuse(state, Raise(s3, 61), BetSizeError, "R-PL-1")
    hand.act(Raise(s3, 60))
    assert state.committed[s3] == 60


def test_R_PL_1_case_057_pot_100_bet_50_max_total_250():
    """Case 057, separate check: pot 100, a player bets 50; the next player
    may call 50 and raise 200, a total of 250 (heads-up, blinds 25/50)."""
    n = 2
    s1, s2 = seat(1, n), seat(2, n)
    config = GameConfig(structure=Structure.POT_LIMIT, small_blind=25, big_blind=50)
    hand = new_hand(config, [1000, 1000])
    state = hand.state
    hand.act(Call(s1), Check(s2))
    hand.deal()
    assert state.total_pot == 100
    hand.act(Bet(s2, 50))
    assert state.legal_actions() == facing_bet(s1, 50, (100, 250))
    refuse(state, Raise(s1, 251), BetSizeError, "R-PL-1")
    hand.act(Raise(s1, 250))
    assert state.total_pot == 400


def test_R_PL_1_min_raise_as_no_limit():
    """R-PL-1: pot-limit is no-limit below the maximum: a raise must be at
    least the last bet or raise (R-NL-2)."""
    n = 3
    hand = new_hand(PL_1_2, [500] * n)
    refuse(hand.state, Raise(seat(1, n), 3), BetSizeError, "R-NL-2")


def test_R_PL_1_empty_pot_allows_the_minimum_bet_never_zero():
    """R-PL-1 with R-NL-1: with no blinds and no antes the pot is empty; the
    first bet is still the minimum bet (2), never a bet of 0."""
    forced = ForcedBets((0, 0, 0), (0, 0, 0))
    hand = new_hand(PL_1_2, [500] * 3, forced=forced)
    state = hand.state
    assert state.legal_actions() == unopened(0, (2, 2))
    refuse(state, Bet(0, 0), BetSizeError, "R-NL-1")
    hand.act(Bet(0, 2))
    # pot 2, call 2: at most 2 + (2 + 2) = 6
    assert state.legal_actions() == facing_bet(1, 2, (4, 6))
