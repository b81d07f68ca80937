"""How much work ``equity()`` takes on, and the error that says it would not.

The limits keep a call from running for hours (or overflowing the kernels'
64-bit counters) without a word:

* ``MAX_SAMPLES``: at most 10,000,000,000 Monte Carlo deals (about ten minutes).
* ``EXACT_LIMIT``: an exact enumeration deals at most 2,000,000,000 boards
  (about half a minute); ``AUTO_EXACT_LIMIT`` is the smaller size up to which
  ``exact=None`` chooses to enumerate.
* ``ASSIGNMENT_LIMIT``: at most 2,000,000 ways to give every range a combo.
* ``PYTHON_EXACT_LIMIT``: an enumeration of at most 500,000 hand evaluations
  (boards times players) is counted in pure Python, without loading numpy or
  numba (which cost more to load than such a run takes);
  ``PYTHON_SAMPLE_LIMIT``: the same for a Monte Carlo run of at most 40,000
  evaluations (deals times players), with the same counts.

``EquityLimitError`` carries the reason apart from the remedy, so that the
command line can name its own flags (``--samples N``, ``--exact``) where the
library names its arguments (``exact=False, samples=N``).

>>> str(EquityLimitError("too big", remedy="sample"))
'too big; use Monte Carlo instead (exact=False, samples=N)'
"""

from __future__ import annotations

from typing import Literal

from holdem.errors import InvalidInputError

__all__ = [
    "ASSIGNMENT_LIMIT",
    "AUTO_EXACT_LIMIT",
    "EXACT_LIMIT",
    "MAX_SAMPLES",
    "PYTHON_EXACT_LIMIT",
    "PYTHON_SAMPLE_LIMIT",
    "EquityLimitError",
    "Remedy",
]

MAX_SAMPLES = 10_000_000_000
"""Most Monte Carlo deals one call takes (``samples`` is 1 to this)."""

EXACT_LIMIT = 2_000_000_000
"""Most boards an exact enumeration deals (about 30 seconds of work)."""

AUTO_EXACT_LIMIT = 25_000_000
"""With ``exact=None``, enumerate when it deals at most this many boards."""

ASSIGNMENT_LIMIT = 2_000_000
"""Most hole-card assignments (one combo per range) an enumeration visits."""

PYTHON_EXACT_LIMIT = 500_000
"""Most hand evaluations (boards times players) an enumeration does in pure
Python (about 0.3 s) before it uses the compiled kernels instead (about 0.6 s
to load numpy, numba and the cached kernels, then far faster per board)."""

PYTHON_SAMPLE_LIMIT = 40_000
"""Most hand evaluations (deals times players) a Monte Carlo run does in pure
Python (about 3 us each with the random draws, so about 0.15 s)."""

Remedy = Literal["sample", "enumerate"]
"""The other way of counting that may work: Monte Carlo, or exact enumeration."""

_LIBRARY_REMEDY: dict[Remedy | None, str] = {
    "sample": "use Monte Carlo instead (exact=False, samples=N)",
    "enumerate": "narrow the ranges or enumerate exactly (exact=True)",
    None: "narrow the ranges",
}


class EquityLimitError(InvalidInputError):
    """A calculation refused for its size; another way of counting may work.

    Attributes:
        reason: what was refused and why, without the remedy.
        remedy: ``"sample"`` (Monte Carlo may do), ``"enumerate"`` (exact
            enumeration may do) or ``None`` (only narrower ranges may).
    """

    def __init__(self, reason: str, *, remedy: Remedy | None) -> None:
        super().__init__(f"{reason}; {_LIBRARY_REMEDY[remedy]}")
        self.reason = reason
        self.remedy = remedy
