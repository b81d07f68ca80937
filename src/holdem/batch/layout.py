"""Where the batch engine keeps each hand: field numbers of its arrays.

A batch of ``N`` hands at a table of ``n`` seats lives in a few numpy arrays
(structure of arrays), so that numba loops over hands without objects:

- ``cfg`` (``CFG_SIZE``,) int64: the game, the same for every hand;
- ``blinds``, ``antes`` (n,) int64: the forced bets per seat (R-BLIND, R-ANTE);
- ``scal`` (N, ``S_SIZE``) int64: one hand's counters (street, current bet...);
- ``per`` (N, ``P_SIZE``, n) int64: one hand's per-seat values (stacks...);
- ``cards`` (N, 2n + 8) int64: the deck's top cards in the order of the deal
  (two rounds of hole cards from seat 0, then burn, flop, burn, turn, burn,
  river; R-DEAL-1, R-DEAL-2);
- ``rng`` (N,) uint64: each hand's own random stream (see ``rng.py``);
- ``events`` (N, E, 5) int64: the hand's event log, one row per event,
  ``(kind, a, b, c, d)`` with the kinds ``EV_*`` below (E = 0 records none).

The names are the engine's (``holdem.engine.HandState``): seat 0 is the first
seat left of the button and the last seat is the button.
"""

from __future__ import annotations

__all__ = [
    "ABSTRACT_ACTIONS",
    "CFG_SIZE",
    "EXTERNAL",
    "POLICY_NAMES",
]

# ------------------------------------------------------------ game (cfg)
CFG_STRUCTURE = 0  # 0 no-limit, 1 pot-limit, 2 fixed-limit
CFG_SEATS = 1
CFG_MIN_BET = 2  # R-NL-1
CFG_SMALL_BET = 3  # R-FL-1
CFG_BIG_BET = 4
CFG_CAP = 5  # R-FL-2: bets per street, -1 for none
CFG_FOLD_FREE = 6  # R-BET-1: a fold is allowed when a check is
CFG_HU_UNCAPPED = 7  # R-FL-2 table option
CFG_ONE_AT_A_TIME = 8  # R-POT-3 house option
CFG_FIRST = 9  # first seat to act pre-flop (R-BET-2)
CFG_TOP_BLIND = 10  # the largest blind (R-ALLIN-BLIND)
CFG_SIZE = 11

NO_LIMIT, POT_LIMIT, FIXED_LIMIT = 0, 1, 2

# ------------------------------------------------------- per hand (scal)
S_PHASE = 0  # PH_* below
S_TO_ACT = 1  # a seat while betting or at showdown, else -1
S_STREET = 2  # 0 pre-flop .. 3 river
S_CURRENT = 3  # the street's largest bet (current_bet)
S_LAST_RAISE = 4  # the last full raise size (R-NL-2, R-NL-4)
S_FL_BASE = 5  # the last full fixed-limit bet (R-FL-3)
S_RAISE_COUNT = 6  # bets and raises this street (R-FL-2)
S_UNCAPPED = 7  # heads-up before the cap (R-FL-2)
S_ABLE = 8  # seats in the hand and not all-in
S_LAST_AGGRESSOR = 9  # the street's last bettor or raiser, -1 for none
S_RUNOUT = 10  # no more betting: the board is run out (R-BET-5)
S_DEAD = 11  # antes: dead money (R-ANTE-1)
S_EVENTS = 12  # rows written to ``events``
S_OVERFLOW = 13  # 1 when the hand had more events than ``events`` holds
S_DECISIONS = 14  # betting decisions made
S_SIZE = 15

PH_DEALING, PH_BETTING, PH_SHOWDOWN, PH_COMPLETE = 0, 1, 2, 3

# ---------------------------------------------------- per seat (per[i, f])
P_STACK = 0
P_START = 1  # the stack the hand began with
P_COMMITTED = 2  # bet this street, not yet in a pot
P_CONTRIBUTED = 3  # bets this hand (antes apart, R-ANTE-1)
P_FOLDED = 4
P_ALL_IN = 5
P_ACTED_AT = 6  # the current bet when the seat last acted, -1 if not yet
P_ANTE = 7  # the ante it posted
P_SHOWN = 8
P_SIZE = 9

# ----------------------------------------------------------- event kinds
EV_POST_ANTE = 1  # (seat, chips)
EV_POST_BLIND = 2  # (seat, chips)
EV_DEAL_HOLE = 3  # (seat, card, card)
EV_DEAL_BOARD = 4  # (burn, card, card, card) on the flop, (burn, card) later
EV_FOLD = 5  # (seat)
EV_CHECK = 6
EV_CALL = 7
EV_BET = 8  # (seat, to)
EV_RAISE = 9  # (seat, to)
EV_RETURN = 10  # (seat, chips) an uncalled bet back (R-BET-7)
EV_SHOW_ALL_IN = 11  # (seat, card, card) face up, no betting follows (R-SHOW-3)
EV_SHOW = 12  # (seat) shows at showdown (R-SHOW-2)
EV_AWARD = 13  # (pot, amount, seat, chips): one row per winner (R-POT-2)
EVENT_WIDTH = 5

# ----------------------------------------------------- decisions (policy)
D_FOLD, D_CHECK_CALL, D_RAISE = 0, 1, 2

# ---------------------------------------------------- built-in policies
EXTERNAL = -1
"""A seat whose decisions the caller gives (``BatchHands.step``)."""
POL_RANDOM = 0
POL_CALLING_STATION = 1
POL_BUCKETS = 2
POLICY_NAMES = {"random": POL_RANDOM, "calling-station": POL_CALLING_STATION,
                "buckets": POL_BUCKETS}  # fmt: skip
"""Names of the built-in policies (``holdem.batch.policies`` describes them)."""

ABSTRACT_ACTIONS = ("fold", "call", "min-raise", "1/2 pot", "pot", "all-in")
"""The vector environment's action ids, in order (see ``rl.vector_env``)."""
