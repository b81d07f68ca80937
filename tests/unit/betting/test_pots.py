"""Side pots, uncalled bets and odd chips (R-POT-1..4, R-BET-7)."""

from holdem.betting import Pot, side_pots, split_pot, uncalled_bet
from holdem.rules.config import OddChipRule


def test_R_POT_1_three_all_ins_make_main_and_two_side_pots() -> None:
    # Case 011 shape: all-ins for 25, 50, 100 and a caller of 100.
    pots = side_pots([25, 50, 100, 100], [False] * 4)
    assert pots == (
        Pot(100, (0, 1, 2, 3)),
        Pot(75, (1, 2, 3)),
        Pot(100, (2, 3)),
    )
    assert sum(p.amount for p in pots) == 275  # R-POT-4


def test_R_POT_1_folded_chips_count_but_cannot_win() -> None:
    pots = side_pots([40, 100, 100], [True, False, False])
    assert pots == (Pot(240, (1, 2)),)


def test_R_POT_1_no_empty_side_pot_when_allin_is_matched_exactly() -> None:
    # Case 007: an all-in called exactly makes one pot, not an empty side pot.
    assert side_pots([100, 100, 100], [False, False, False]) == (Pot(300, (0, 1, 2)),)


def test_R_POT_3_odd_chips_go_to_the_winner_nearest_the_buttons_left() -> None:
    assert split_pot(5, [2, 0]) == {0: 3, 2: 2}
    assert split_pot(11, [4, 1, 3]) == {1: 5, 3: 3, 4: 3}
    assert split_pot(14, [4, 1, 3, 2]) == {1: 5, 2: 3, 3: 3, 4: 3}
    assert split_pot(10, [1, 0]) == {0: 5, 1: 5}


def test_R_POT_3_house_option_one_odd_chip_at_a_time_clockwise() -> None:
    one = OddChipRule.ONE_AT_A_TIME
    assert split_pot(5, [2, 0], one) == {0: 3, 2: 2}
    assert split_pot(11, [4, 1, 3], one) == {1: 4, 3: 4, 4: 3}
    assert split_pot(14, [4, 1, 3, 2], one) == {1: 4, 2: 4, 3: 3, 4: 3}


def test_R_BET_7_uncalled_part_of_largest_bet() -> None:
    assert uncalled_bet([30, 10, 0]) == (0, 20)
    assert uncalled_bet([50, 50, 10]) == (0, 0)


def test_R_POT_4_side_pots_keep_every_chip_of_a_folded_seat_above_the_top() -> None:
    # A folded seat put in more than any live seat: its chips above the top
    # live level go to the last pot; the pots add up to all chips put in.
    pots = side_pots([100, 30, 50], [True, False, False])
    assert pots == (Pot(90, (1, 2)), Pot(90, (2,)))
    assert sum(p.amount for p in pots) == 180


def test_R_POT_1_side_pots_of_a_public_call_with_folds_and_all_ins() -> None:
    contributed = [20, 60, 60, 45, 5]
    folded = [False, False, True, False, True]
    pots = side_pots(contributed, folded)
    assert pots == (
        Pot(20 * 4 + 5, (0, 1, 3)),
        Pot(25 * 3, (1, 3)),
        Pot(30, (1,)),
    )
    assert sum(p.amount for p in pots) == sum(contributed)
