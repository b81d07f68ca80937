"""Pure chip arithmetic of one hand: pots, side pots, odd chips, uncalled bets."""

from holdem.betting.pots import Pot, side_pots, split_pot, stack_pots, uncalled_bet

__all__ = ["Pot", "side_pots", "split_pot", "stack_pots", "uncalled_bet"]
