"""Where the batch engine keeps each hand: field numbers of its arrays.

A batch of ``N`` hands at a table of ``n`` seats lives in two numpy arrays,
so that numba loops over hands without objects:

- ``hands`` (N, ``H_SIZE``) int64: one row per hand, holding its counters
  (``S_*``: street, current bet...), its game (``CFG_*``, the same in every
  row), its per-seat values (``P_X + seat``: stacks, bets, flags, the
  game's blinds and antes, the seats' policies), its cards (``CARDS``: the
  deck's top 2n + 8 in the order of the deal, two rounds of hole cards from
  seat 0, then burn, flop, burn, turn, burn, river; R-DEAL-1, R-DEAL-2), its
  random stream (``S_RNG``) and scratch space;
- ``events`` (N, E, 5) int64: the hand's event log, one row per event,
  ``(kind, a, b, c, d)`` with the kinds ``EV_*`` below (E = 0 records none).

One row per hand (not an array per field) keeps numba's reference counting
out of the inner loops: every function takes the hand's row and its log.

The names are the engine's (``holdem.engine.HandState``): seat 0 is the first
seat left of the button and the last seat is the button.
"""

from __future__ import annotations

__all__ = [
    "ABSTRACT_ACTIONS",
    "H_SIZE",
    "EXTERNAL",
    "POLICY_NAMES",
]

# ------------------------------------------------------- per hand: counters
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
S_RNG = 15  # the hand's SplitMix64 state (the bits of a uint64)

# ------------------------------------------------------- per hand: the game
CFG_STRUCTURE = 16  # 0 no-limit, 1 pot-limit, 2 fixed-limit
CFG_SEATS = 17
CFG_MIN_BET = 18  # R-NL-1
CFG_SMALL_BET = 19  # R-FL-1
CFG_BIG_BET = 20
CFG_CAP = 21  # R-FL-2: bets per street, -1 for none
CFG_FOLD_FREE = 22  # R-BET-1: a fold is allowed when a check is
CFG_HU_UNCAPPED = 23  # R-FL-2 table option
CFG_ONE_AT_A_TIME = 24  # R-POT-3 house option
CFG_FIRST = 25  # first seat to act pre-flop (R-BET-2)
CFG_TOP_BLIND = 26  # the largest blind (R-ALLIN-BLIND)
CFG_PARAMS = 27  # 6 slots: the random policy's cumulative weights x 2**53

NO_LIMIT, POT_LIMIT, FIXED_LIMIT = 0, 1, 2

# -------------------------------------------- per hand: per seat (h[P_X + s])
MAX_SEATS = 10
"""The stride of the per-seat fields: at most 10 seats."""
_SEATS0 = 40
P_STACK = _SEATS0
P_START = _SEATS0 + 10  # the stack the hand began with
P_COMMITTED = _SEATS0 + 20  # bet this street, not yet in a pot
P_CONTRIBUTED = _SEATS0 + 30  # bets this hand (antes apart, R-ANTE-1)
P_FOLDED = _SEATS0 + 40
P_ALL_IN = _SEATS0 + 50
P_ACTED_AT = _SEATS0 + 60  # the current bet when it last acted, -1 if not yet
P_ANTE = _SEATS0 + 70  # the ante it posted
P_SHOWN = _SEATS0 + 80
P_BLIND = _SEATS0 + 90  # the game's blind or straddle for the seat
P_ANTE_OWED = _SEATS0 + 100  # the game's ante for the seat
P_POLICY = _SEATS0 + 110  # the seat's built-in policy, or EXTERNAL
CARDS = _SEATS0 + 120  # 2 x seats + 8 cards in the order of the deal
SCRATCH = CARDS + 2 * MAX_SEATS + 8  # work space of the showdown
SCRATCH_SIZE = 80
H_SIZE = SCRATCH + SCRATCH_SIZE

PH_DEALING, PH_BETTING, PH_SHOWDOWN, PH_COMPLETE = 0, 1, 2, 3

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
POL_UNIFORM = 3
POL_TIGHT_AGGRESSIVE = 4
POLICY_NAMES = {
    "random": POL_RANDOM,
    "calling-station": POL_CALLING_STATION,
    "buckets": POL_BUCKETS,
    "uniform": POL_UNIFORM,
    "tight-aggressive": POL_TIGHT_AGGRESSIVE,
}
"""Names of the built-in policies (``holdem.batch.policies`` describes them)."""

ABSTRACT_ACTIONS = ("fold", "call", "min-raise", "1/2 pot", "pot", "all-in")
"""The vector environment's action ids, in order (see ``rl.vector_env``)."""
