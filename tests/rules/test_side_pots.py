"""Main and side pots, awards, splits and odd chips (R-POT-1..4), with the
cases of ../shared/cases about them.

(Named test_side_pots.py, not test_pots.py, so that its module name does not
clash with tests/unit/betting/test_pots.py.)
"""

import pytest
from rules_helpers import awards, by_seat, new_hand, nl

from holdem.betting.pots import Pot
from holdem.engine import AwardPot, ShowAllIn
from holdem.rules import DEALER, Bet, Call, Check, Fold, Muck, Raise, Show
from holdem.rules.config import OddChipRule


# Cases number seats S1..Sn clockwise with S1 on the button; the engine numbers
# them from the button's left, so Sk is engine seat (k - 2) % n.
def seat(k: int, n: int) -> int:
    return (k - 2) % n


def eligible(*seats: int) -> tuple[int, ...]:
    return tuple(sorted(seats))


# ------------------------------------------------------------------ R-POT-1


def test_R_POT_1_case_005_later_caller_is_in_the_main_pot():
    """Case 005: blinds 1/2; S1 button 200, S2 small blind 30, S3 big blind
    200. S1 raises to 60, S2 calls all-in for 30, S3 calls 60."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    stacks = by_seat({1: 200, 2: 30, 3: 200}, lambda k: seat(k, n))
    holes = {s1: "JdJh", s2: "AhKc", s3: "KsQs"}
    hand = new_hand(nl(1, 2), stacks, holes, "Kd9c5h4s2c")
    state = hand.state
    hand.act(Raise(s1, 60), Call(s2), Call(s3))
    assert state.stacks[s2] == 0
    assert state.to_act == DEALER
    assert state.pots == (Pot(90, eligible(s1, s2, s3)), Pot(60, eligible(s1, s3)))
    for _street in ("flop", "turn", "river"):
        hand.deal()
        # S2, first left of the button, is all-in: S3 acts first.
        assert hand.order_of_play(Check(s3), Check(s1)) == [s3, s1]
    hand.showdown()
    assert awards(state) == [
        AwardPot(0, 90, ((s2, 90),)),
        AwardPot(1, 60, ((s3, 60),)),
    ]
    assert state.stacks == by_seat({1: 140, 2: 90, 3: 200}, lambda k: seat(k, n))


def test_R_POT_1_case_007_allin_for_exactly_the_bet_makes_no_side_pot():
    """Case 007: blinds 1/2; S1 100, S2 100, S3 (big blind) 50. S1 raises to
    50, S2 calls, S3 calls all-in for exactly 50."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    stacks = by_seat({1: 100, 2: 100, 3: 50}, lambda k: seat(k, n))
    holes = {s1: "QhQd", s2: "9s8s", s3: "Ah3d"}
    hand = new_hand(nl(1, 2), stacks, holes, "AsKd9h6c2s")
    state = hand.state
    hand.act(Raise(s1, 50), Call(s2), Call(s3))
    assert state.stacks[s3] == 0
    assert state.pots == (Pot(150, eligible(s1, s2, s3)),)
    for _street in ("flop", "turn", "river"):
        hand.deal()
        hand.act(Check(s2), Check(s1))
        assert state.pots == (Pot(150, eligible(s1, s2, s3)),)
    hand.showdown()
    assert awards(state) == [AwardPot(0, 150, ((s3, 150),))]
    assert state.stacks == by_seat({1: 50, 2: 50, 3: 150}, lambda k: seat(k, n))


def test_R_POT_1_case_011_four_allins_three_pots():
    """Case 011: blinds 1/2; S1 100, S2 20, S3 50, S4 100; everyone is
    all-in pre-flop; each pot goes to a different player."""
    n = 4
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    stacks = by_seat({1: 100, 2: 20, 3: 50, 4: 100}, lambda k: seat(k, n))
    holes = {s1: "QhJh", s2: "AsAc", s3: "KdKh", s4: "8c8d"}
    hand = new_hand(nl(1, 2), stacks, holes, "AdKc8h5s2d")
    state = hand.state
    hand.act(Raise(s4, 100), Call(s1), Call(s2), Call(s3))
    assert state.to_act == DEALER
    assert state.pots == (
        Pot(80, eligible(s1, s2, s3, s4)),
        Pot(90, eligible(s1, s3, s4)),
        Pot(100, eligible(s1, s4)),
    )
    hand.deal()
    assert state.is_complete
    assert {e.seat for e in state.events if isinstance(e, ShowAllIn)} == {0, 1, 2, 3}
    assert awards(state) == [
        AwardPot(0, 80, ((s2, 80),)),
        AwardPot(1, 90, ((s3, 90),)),
        AwardPot(2, 100, ((s4, 100),)),
    ]
    final = {1: 0, 2: 80, 3: 90, 4: 100}
    assert state.stacks == by_seat(final, lambda k: seat(k, n))


def test_R_POT_1_case_072_side_pot_won_without_main():
    """Case 072: blinds 1/2; S1 300, S2 100, S3 300. S2 is all-in pre-flop;
    S3 and S1 are all-in on the flop."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    stacks = by_seat({1: 300, 2: 100, 3: 300}, lambda k: seat(k, n))
    holes = {s1: "8h8c", s2: "ThTc", s3: "AcKd"}
    hand = new_hand(nl(1, 2), stacks, holes, "Ts8d5c3h2s")
    state = hand.state
    hand.act(Call(s1), Raise(s2, 100), Call(s3), Call(s1))
    hand.deal()
    assert state.to_act == s3
    hand.act(Bet(s3, 200), Call(s1))
    assert state.pots == (Pot(300, eligible(s1, s2, s3)), Pot(400, eligible(s1, s3)))
    hand.deal()
    assert state.is_complete
    assert awards(state) == [
        AwardPot(0, 300, ((s2, 300),)),
        AwardPot(1, 400, ((s1, 400),)),
    ]
    assert state.stacks == by_seat({1: 400, 2: 300, 3: 0}, lambda k: seat(k, n))


# ------------------------------------------------------------ R-POT-2, -3


def test_R_POT_3_case_063_odd_chip_to_first_winner_left_of_button():
    """Case 063: blinds 1/2, four players with 100; S4 and S1 tie with
    A-K-Q-J-9 and split a pot of 39: S4 gets 20, S1 gets 19."""
    n = 4
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    holes = {s4: "QsJd", s1: "QdJc"}
    hand = new_hand(nl(1, 2), [100] * n, holes, "AhKh9c5d2s")
    state = hand.state
    hand.act(Call(s4), Call(s1), Fold(s2), Check(s3))
    assert state.total_pot == 7
    hand.deal()
    hand.act(Bet(s3, 4), Call(s4), Call(s1))
    assert state.total_pot == 19
    hand.deal()
    hand.act(Check(s3), Check(s4), Check(s1))
    hand.deal()
    hand.act(Check(s3), Bet(s4, 10), Call(s1), Fold(s3))
    assert state.total_pot == 39
    assert hand.showdown() == [s4, s1]
    assert awards(state) == [AwardPot(0, 39, tuple(sorted(((s4, 20), (s1, 19)))))]
    final = {1: 103, 2: 99, 3: 94, 4: 104}
    assert state.stacks == by_seat(final, lambda k: seat(k, n))


def _three_way_split(**options: object):
    """A pot of 11 (antes 4, a dead small blind 1, three calls of 2) split
    three ways on a royal-flush board by S3, S4 and S1 (S2 folded)."""
    n = 4
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    hand = new_hand(nl(1, 2, ante=1, **options), [100] * n, {}, "AsKsQsJsTs")
    state = hand.state
    hand.act(Call(s4), Call(s1), Fold(s2), Check(s3))
    assert state.total_pot == 11
    hand.check_down()
    return state, (s1, s3, s4)


def test_R_POT_3_odd_chips_all_to_the_winner_nearest_the_buttons_left():
    """R-POT-3 (Swedish seed, the default): 11 / 3 is 3 each and 2 odd chips,
    both to S3, the winner nearest the button's left: S3 5, S4 3, S1 3."""
    state, (s1, s3, s4) = _three_way_split()
    assert awards(state) == [
        AwardPot(0, 11, tuple(sorted(((s3, 5), (s4, 3), (s1, 3)))))
    ]


def test_R_POT_3_house_option_odd_chips_one_at_a_time_clockwise():
    """R-POT-3 house option (Robert's Rules): the two odd chips go one at a
    time clockwise from the button's left: S3 4, S4 4, S1 3."""
    state, (s1, s3, s4) = _three_way_split(odd_chips=OddChipRule.ONE_AT_A_TIME)
    assert awards(state) == [
        AwardPot(0, 11, tuple(sorted(((s3, 4), (s4, 4), (s1, 3)))))
    ]


def _case_074(s3_mucks: bool, **options: object):
    """Case 074: five seats numbered from the button's left (S1 small blind
    = engine seat 0 ... S5 button = seat 4); S3 is all-in for 25 and S2, S4
    tie with A-A-K-9-7 for the main pot (101) and the side pot (223)."""
    s1, s2, s3, s4, s5 = range(5)
    stacks = [100, 200, 25, 200, 200]
    holes = {s1: "8c3c", s2: "AdKc", s3: "QcQh", s4: "AsKd", s5: "TcTs"}
    hand = new_hand(nl(1, 2, **options), stacks, holes, "Ah9c7d4s2h")
    state = hand.state
    hand.act(Raise(s3, 25), Call(s4), Call(s5), Fold(s1), Call(s2))
    hand.deal()
    hand.act(Bet(s2, 41), Call(s4), Call(s5))
    hand.deal()
    hand.act(Bet(s2, 50), Call(s4), Fold(s5))
    hand.deal()
    hand.act(Check(s2), Check(s4))
    assert state.pots == (Pot(101, (s2, s3, s4)), Pot(223, (s2, s4)))
    # no river bet: the first active seat left of the button shows first,
    # then S4 (in the side pot), and S3, all-in for the main pot only, last
    # (R-SHOW-2 as amended; the case's own order S2, S3, S4 predates it and
    # awards the same)
    assert state.to_act == s2
    hand.act(Show(s2), Show(s4))
    assert state.to_act == s3
    hand.act(Muck(s3) if s3_mucks else Show(s3))
    assert state.is_complete
    return state, (s2, s4)


@pytest.mark.parametrize("s3_mucks", [True, False], ids=["S3 mucks", "S3 shows"])
def test_R_POT_3_case_074_each_pot_keeps_its_own_odd_chip(s3_mucks):
    """Case 074: S2 gets the odd chip of each pot (51 + 112), S4 50 + 111,
    whether the short all-in S3 shows or mucks: a muck removes a contender,
    never a pot (R-POT-1, R-POT-3, R-SHOW-2)."""
    state, (s2, s4) = _case_074(s3_mucks)
    assert awards(state) == [
        AwardPot(0, 101, ((s2, 51), (s4, 50))),
        AwardPot(1, 223, ((s2, 112), (s4, 111))),
    ]
    assert state.stacks == [99, 247, 0, 245, 134]


def test_R_POT_3_case_074_house_option_gives_the_same_two_way_split():
    """With two tied winners the house option (one chip at a time) gives the
    same shares as the default: one odd chip per pot, to S2."""
    state, _ = _case_074(True, odd_chips=OddChipRule.ONE_AT_A_TIME)
    assert state.stacks == [99, 247, 0, 245, 134]


@pytest.mark.parametrize("odd_chips", list(OddChipRule))
def test_R_POT_3_case_075_three_way_tie_with_dead_money_splits_evenly(odd_chips):
    """Case 075: S1, S3 and S5 all-in for 1000 tie with Q-Q-A-T-8; the pot
    of 3150 (S2's folded blind 50 and S4's folded call 100 included) divides
    evenly: 1050 each, no odd chip under either odd-chip rule."""
    s1, s2, s3, s4, s5 = range(5)
    stacks = [1000, 3000, 1000, 3000, 1000]
    holes = {s1: "AcTd", s2: "9c2c", s3: "AhTc", s4: "KcJc", s5: "AsTh"}
    hand = new_hand(nl(25, 50, odd_chips=odd_chips), stacks, holes, "3c8s5sQdQh")
    state = hand.state
    hand.act(Raise(s3, 100), Call(s4), Raise(s5, 1000), Call(s1), Fold(s2))
    hand.act(Call(s3), Fold(s4))
    assert state.pots == (Pot(3150, (s1, s3, s5)),)
    while not state.is_complete:
        hand.deal()
    assert awards(state) == [AwardPot(0, 3150, ((s1, 1050), (s3, 1050), (s5, 1050)))]
    assert state.stacks == [1050, 2950, 1050, 2900, 1050]


def test_R_POT_2_each_pot_split_among_its_best_eligible_hands():
    """R-POT-2: S2 (all-in for 20) and S3 tie for the main pot and split it;
    S3 alone wins the side pot against S1."""
    n = 3
    s1, s2, s3 = seat(1, n), seat(2, n), seat(3, n)
    stacks = by_seat({1: 100, 2: 20, 3: 100}, lambda k: seat(k, n))
    holes = {s1: "7c6d", s2: "AcKd", s3: "AhKs"}
    hand = new_hand(nl(1, 2), stacks, holes, "Qs9h5c4d2h")
    state = hand.state
    hand.act(Raise(s1, 50), Call(s2), Call(s3))
    assert state.pots == (Pot(60, eligible(s1, s2, s3)), Pot(60, eligible(s1, s3)))
    hand.check_down()
    assert awards(state) == [
        AwardPot(0, 60, tuple(sorted(((s2, 30), (s3, 30))))),
        AwardPot(1, 60, ((s3, 60),)),
    ]
    assert state.stacks == by_seat({1: 50, 2: 30, 3: 140}, lambda k: seat(k, n))


# ------------------------------------------------------------------ R-POT-4


def test_R_POT_4_no_chip_created_or_lost():
    """R-POT-4: the stacks plus the chips in the middle equal the starting
    total after every step, and the stacks alone after the hand (the helper
    checks this after every step of every rule test; here explicitly on a
    hand with antes, a side pot, an uncalled bet and an odd chip)."""
    n = 4
    s1, s2, s3, s4 = (seat(k, n) for k in (1, 2, 3, 4))
    stacks = by_seat({1: 300, 2: 55, 3: 300, 4: 301}, lambda k: seat(k, n))
    holes = {s1: "AcKc", s2: "AdKd", s3: "AhKh", s4: "2c3d"}
    hand = new_hand(nl(1, 2, ante=1), stacks, holes, "AsKs8d7h2h")
    state = hand.state
    start = sum(stacks)
    hand.act(Raise(s4, 10), Call(s1), Raise(s2, 54), Call(s3), Call(s4), Call(s1))
    assert sum(state.stacks) + state.total_pot == start
    hand.deal()
    hand.act(Bet(s3, 100), Call(s4), Raise(s1, 245), Fold(s3), Call(s4))
    hand.deal()
    assert state.is_complete
    assert sum(state.stacks) == start
    assert sum(state.payoffs) == 0
