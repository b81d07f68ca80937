"""stack_pots: empty pots vanish wherever they are in a layer (R-POT-1)."""

from holdem.betting.pots import Pot, stack_pots


def test_R_POT_1_an_empty_pot_does_not_hide_the_pots_after_it():
    layers = ([Pot(0, (0, 1, 2)), Pot(30, (0, 1)), Pot(5, (1,))],)
    assert stack_pots(*layers) == (Pot(30, (0, 1)), Pot(5, (1,)))
    assert stack_pots([Pot(6, (0, 1))], [Pot(0, (0, 1)), Pot(4, (0, 1))]) == (
        Pot(10, (0, 1)),
    )
