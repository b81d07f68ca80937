"""Equity: how often each hand wins, ties, and its share of the pot.

* ``equity(hands, board, dead, exact=..., samples=..., seed=...)``: exact
  enumeration of every remaining board or seeded Monte Carlo, 2 to 10 hands.
* ``parse_range("QQ+, AKs, AJo-ATo, 76s:0.5")``: ranges in the standard notation.
* ``plan_equity(...)``: how ``equity`` would count (exact or Monte Carlo,
  boards, compiled kernels or pure Python), without counting.
* Limits (``holdem.equity.limits``): at most ``MAX_SAMPLES`` Monte Carlo deals
  and ``EXACT_LIMIT`` enumerated boards; ``EquityLimitError`` says which.
  Runs of at most ``PYTHON_EXACT_LIMIT`` (enumeration) or
  ``PYTHON_SAMPLE_LIMIT`` (Monte Carlo) evaluations are counted in pure
  Python, without numpy or numba, with the same counts.
"""

from holdem.equity.calc import (
    DEFAULT_SAMPLES,
    MAX_PLAYERS,
    EquityPlan,
    Progress,
    equity,
    plan_equity,
)
from holdem.equity.limits import (
    AUTO_EXACT_LIMIT,
    EXACT_LIMIT,
    MAX_SAMPLES,
    PYTHON_EXACT_LIMIT,
    PYTHON_SAMPLE_LIMIT,
    EquityLimitError,
)
from holdem.equity.ranges import Combo, Range, parse_range
from holdem.equity.result import EquityResult, HandEquity

__all__ = [
    "AUTO_EXACT_LIMIT",
    "DEFAULT_SAMPLES",
    "EXACT_LIMIT",
    "MAX_PLAYERS",
    "MAX_SAMPLES",
    "PYTHON_EXACT_LIMIT",
    "PYTHON_SAMPLE_LIMIT",
    "Combo",
    "EquityLimitError",
    "EquityPlan",
    "EquityResult",
    "HandEquity",
    "Progress",
    "Range",
    "equity",
    "parse_range",
    "plan_equity",
]
