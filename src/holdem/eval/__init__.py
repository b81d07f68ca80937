"""Hand evaluation: one hand at a time, or numpy batches (R-HAND-1..5, R-DECK-2).

* ``rank_codes(codes)``: the fast per-call path; an ``int``, higher is better.
  ``rank7(a, b, c, d, e, f, g)`` (and ``rank6``, ``rank5``) take the codes
  as separate arguments.
* ``evaluate(cards)``: a ``HandValue`` with category, best five and description
  (cards as ``Card`` values or text), cheap: it holds the rank and the cards,
  the rest is worked out when asked.
* ``ranker(joker_rule)``: the per-call rank function for a joker rule
  (R-DECK-2): ``rank_codes`` itself for ``JokerRule.WILD``.
* ``evaluate_batch(codes)``: rank codes of an ``(n, 5..7)`` array at once.

Importing this package loads neither numpy nor numba; the batch path loads
them on first use. The lookup tables ship precomputed (``tables.bin``) and
load on the first call, in a few milliseconds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from holdem.eval.single import (
    bug_rank_codes,
    check_codes,
    evaluate,
    rank5,
    rank6,
    rank7,
    rank_codes,
    ranker,
)
from holdem.eval.value import HandCategory, HandValue, rank_digits, rank_of
from holdem.eval.wild import JokerRule

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "HandCategory",
    "HandValue",
    "JokerRule",
    "bug_rank_codes",
    "check_codes",
    "evaluate",
    "evaluate_batch",
    "rank5",
    "rank6",
    "rank7",
    "rank_codes",
    "rank_digits",
    "rank_of",
    "ranker",
]


def evaluate_batch(
    codes: npt.ArrayLike, *, engine: Literal["numba", "numpy"] = "numba"
) -> npt.NDArray[np.int32]:
    """Rank codes of many hands at once: ``out[i] == rank_codes(codes[i])``.

    See ``holdem.eval.batch.evaluate_batch`` (shape ``(n, 5..7)`` of codes
    0..51 in, ``int32`` of shape ``(n,)`` out; no jokers).

    Raises:
        InvalidInputError: for a bad shape, a code outside 0..51, or a card
            twice in a row.

    >>> import numpy as np
    >>> hands = np.array([[51, 47, 43, 39, 35], [0, 5, 10, 15, 20]])
    >>> evaluate_batch(hands).tolist() == [rank_codes(h) for h in hands.tolist()]
    True
    """
    from holdem.eval.batch import evaluate_batch as run  # loads numpy

    return run(codes, engine=engine)
