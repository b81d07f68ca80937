"""Evaluate many hands at once: ``evaluate_batch`` (numba, or pure numpy).

Both engines use the tables of ``holdem.eval.tables`` as numpy arrays and
give exactly the values of ``rank_codes``: the numpy engine the dense
non-flush arrays (``numpy_tables``), the numba kernel (and every numba
path: the batch engine's showdowns) the compact ones (``compact_nonflush``,
about 200 times smaller, so that their lookups stay in the CPU's caches).
The numba kernel is compiled once and cached on disk (``cache=True``), so
later processes only load it.

Jokers are not supported here: a batch is a standard 52-card deal. Use
``rank_codes`` for hands with jokers (R-DECK-2).
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from holdem.cards import MAX_JOKERS, Card
from holdem.errors import InvalidInputError
from holdem.eval.tables import (
    FLUSH_SUIT,
    KEY,
    SUIT_SHIFT,
    flush_table,
    nonflush_table,
    nonflush_tables,
    seven_card_array,
)

__all__ = [
    "Tables",
    "compact_nonflush",
    "evaluate_batch",
    "key_tables",
    "numpy_tables",
]

Tables = tuple[
    npt.NDArray[np.int64],  # key of each card 0..51
    npt.NDArray[np.int8],  # flush suit + 1 by suit part, one row per size 5..7
    npt.NDArray[np.int32],  # flush value by 13-bit mask
    tuple[npt.NDArray[np.int32], ...],  # non-flush value by rank-key sum, 5..7
]


def _dense(table: dict[int, int]) -> npt.NDArray[np.int32]:
    out = np.zeros(max(table) + 1, dtype=np.int32)
    keys = np.fromiter(table.keys(), dtype=np.int64, count=len(table))
    out[keys] = np.fromiter(table.values(), dtype=np.int32, count=len(table))
    return out


@cache
def _nonflush_array(size: int) -> npt.NDArray[np.int32]:
    if size == 7:  # share the per-call array's memory
        return np.frombuffer(seven_card_array(), dtype=np.int32)
    return _dense(nonflush_tables()[size - 5])


@cache
def numpy_tables(size: int) -> Tables:
    """The evaluator's tables as read-only numpy arrays, for ``size`` cards.

    Built on first use and cached; shared with ``holdem.equity``. Only the
    non-flush array of ``size`` (5, 6 or 7) is real, the others are empty.
    """
    keys, suits, flush = key_tables()
    nonflush = tuple(
        _nonflush_array(n) if n == size else np.zeros(1, np.int32) for n in (5, 6, 7)
    )
    for a in nonflush:
        a.flags.writeable = False
    return keys, suits, flush, nonflush


@cache
def key_tables() -> tuple[
    npt.NDArray[np.int64], npt.NDArray[np.int8], npt.NDArray[np.int32]
]:
    """The first three of ``numpy_tables``: card keys, flush suits, flush values.

    Read-only, shared by every size (``suits`` has one row per size 5..7).
    """
    keys = np.array(KEY[:52], dtype=np.int64)
    suits = np.array(FLUSH_SUIT, dtype=np.int8)
    flush = np.array(flush_table(), dtype=np.int32)
    for a in (keys, suits, flush):
        a.flags.writeable = False
    return keys, suits, flush


@cache
def compact_nonflush(size: int) -> npt.NDArray[np.uint16]:
    """The non-flush table of ``size`` (5..7) cards in compact form, read-only.

    The numba paths' table (``kernels.rank_hand``; layout and hash in
    ``holdem.eval.kernels``): every rank-key sum of ``nonflush_table(size)``
    in a slot of its own, about 1.3 slots per sum, each slot 16 bits (seven
    cards: 49,205 sums in 65,536 slots, 172 KB in all). Built from the
    shipped tables on first use (a few milliseconds once compiled), then
    cached.
    """
    from holdem.eval import kernels  # loads numba on first use

    table = nonflush_table(size)
    sums = np.fromiter(table.keys(), dtype=np.int64, count=len(table))
    values = np.fromiter(table.values(), dtype=np.int64, count=len(table))
    distinct, numbers = np.unique(values, return_inverse=True)
    slot_bits = max(1, int(np.ceil(np.log2(len(table) / 0.8))))  # load <= 0.8
    bucket_bits = slot_bits - 3  # about 6 sums a bucket
    head = 2 + (1 << bucket_bits) + (1 << slot_bits)
    out = np.zeros(head + 2 * len(distinct), np.uint16)
    out[:2] = bucket_bits, slot_bits
    out[head::2] = distinct & 0xFFFF
    out[head + 1 :: 2] = distinct >> 16
    if not kernels.build_compact(sums, numbers.astype(np.int64), out):
        # pragma: no cover - the shipped tables build (a test checks them)
        raise RuntimeError(f"no compact table of the {size}-card sums: rehash")
    out.flags.writeable = False
    return out


def _check_shape(codes: Any) -> npt.NDArray[np.integer[Any]]:
    arr = np.asarray(codes)
    if arr.ndim != 2 or not 5 <= arr.shape[1] <= 7:
        raise InvalidInputError(
            "a batch is an array of shape (n, 5..7) of card codes,"
            f" got shape {arr.shape}"
        )
    if not np.issubdtype(arr.dtype, np.integer) or arr.dtype == np.bool_:
        raise InvalidInputError(f"card codes must be integers, got dtype {arr.dtype}")
    return arr


def _bad_row_error(arr: npt.NDArray[np.integer[Any]], row: int) -> InvalidInputError:
    hand = [int(c) for c in arr[row]]
    for c in hand:
        if not 0 <= c <= 51:
            what = "a joker" if 52 <= c < 52 + MAX_JOKERS else "not a card"
            return InvalidInputError(
                f"row {row}: code {c} is {what}; a batch takes codes 0..51"
                " (use rank_codes for jokers)"
            )
    for c in hand:
        if hand.count(c) > 1:
            return InvalidInputError(
                f"row {row}: card {Card.from_code(c)} appears twice"
            )
    return InvalidInputError(f"row {row}: not a hand")  # pragma: no cover


def _numpy_engine(arr: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int32]:
    size = arr.shape[1]
    c = arr.astype(np.intp, copy=False)
    bad = (c < 0) | (c > 51)
    if bad.any():
        raise _bad_row_error(arr, int(np.nonzero(bad.any(axis=1))[0][0]))
    ordered = np.sort(c, axis=1)
    dup = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
    if dup.any():
        raise _bad_row_error(arr, int(np.nonzero(dup)[0][0]))
    keys, suits, flush, nonflush = numpy_tables(size)
    k = keys[c].sum(axis=1)
    suit = suits[size - 5][k & 255].astype(np.intp)
    out: npt.NDArray[np.int32] = nonflush[size - 5][k >> SUIT_SHIFT]
    rows = np.nonzero(suit)[0]
    if rows.size:
        cards = c[rows]
        in_suit = (cards & 3) == (suit[rows] - 1)[:, None]
        mask = np.where(in_suit, 1 << (cards >> 2), 0).sum(axis=1)
        out[rows] = flush[mask]
    return out


def evaluate_batch(
    codes: npt.ArrayLike, *, engine: Literal["numba", "numpy"] = "numba"
) -> npt.NDArray[np.int32]:
    """Rank codes of many hands: ``out[i] == rank_codes(codes[i])``.

    Args:
        codes: integer array of shape ``(n, k)``, ``k`` in 5..7, of card codes
            0..51 (``Card.code``); each row one hand, its cards distinct.
        engine: ``"numba"`` (compiled, about 20 ns a hand) or ``"numpy"``
            (pure numpy, same values, several times slower).

    Returns:
        ``int32`` array of shape ``(n,)``; higher is better, equal is a tie
        (R-HAND-4, R-HAND-5).

    Raises:
        InvalidInputError: for a wrong shape or dtype, a code outside 0..51
            (jokers included) or a card twice in a row; the message names the
            first bad row.

    >>> import numpy as np
    >>> from holdem.eval import rank_codes
    >>> hands = np.array([[51, 47, 43, 39, 35, 31, 0], [0, 1, 2, 3, 4, 8, 12]])
    >>> [int(v) for v in evaluate_batch(hands)] == [rank_codes(h) for h in hands]
    True
    """
    arr = _check_shape(codes)
    if engine == "numpy":
        return _numpy_engine(arr)
    if engine != "numba":
        raise InvalidInputError(f"engine must be 'numba' or 'numpy', got {engine!r}")
    from holdem.eval import kernels  # loads numba on first use

    keys, suits, flush = key_tables()
    out = np.empty(arr.shape[0], dtype=np.int32)
    bad = kernels.rank_batch(
        np.ascontiguousarray(arr),
        keys,
        suits[arr.shape[1] - 5],
        flush,
        compact_nonflush(arr.shape[1]),
        out,
    )
    if bad >= 0:
        raise _bad_row_error(arr, bad)
    return out
