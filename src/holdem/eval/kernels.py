"""numba kernels of the evaluator (compiled once, cached on disk).

Imported on first use by ``batch`` and ``holdem.equity``, so that importing
``holdem`` does not load numba. Each kernel mirrors ``single.rank_codes``:
sum the cards' keys, look the flush suit up from the low 8 bits, then take
the flush value of the suit's rank mask or the non-flush value of the
rank-key sum (see ``tables``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = ["rank_batch", "rank_hand"]

IntArray = npt.NDArray[Any]


@njit(cache=True, nogil=True, boundscheck=False)
def rank_batch(
    codes: IntArray,
    keys: IntArray,
    suits: IntArray,
    flush: IntArray,
    nonflush: IntArray,
    out: IntArray,
) -> int:
    """Fill ``out[i]`` with the rank code of row ``i`` of ``codes``.

    Args:
        codes: ``(n, m)`` integer card codes, ``m`` in 5..7.
        keys: key of each card 0..51 (``tables.KEY``), int64.
        suits: flush suit + 1 by the low 8 bits of a key, for ``m`` cards.
        flush: flush value by 13-bit rank mask.
        nonflush: non-flush value by rank-key sum, for ``m`` cards.
        out: ``(n,)`` int32, written.

    Returns:
        -1 if every row is a hand of distinct codes 0..51, else the index of
        the first row that is not (``out`` is then incomplete).
    """
    n, m = codes.shape
    flat = codes.reshape(n * m)
    for i in range(n):
        seen = np.int64(0)
        for j in range(m):
            c = np.int64(codes[i, j])
            if c < 0 or c > 51:
                return i
            seen |= np.int64(1) << c
        # A repeated code leaves fewer than m bits set.
        seen -= (seen >> 1) & 0x5555555555555555
        seen = (seen & 0x3333333333333333) + ((seen >> 2) & 0x3333333333333333)
        seen = (seen + (seen >> 4)) & 0x0F0F0F0F0F0F0F0F
        if (seen * 0x0101010101010101) >> 56 != m:
            return i
        out[i] = rank_hand(flat, i * m, m, keys, suits, flush, nonflush)
    return -1


@njit(cache=True, nogil=True, boundscheck=False, inline="always")
def rank_hand(
    codes: IntArray,
    start: int,
    m: int,
    keys: IntArray,
    suits: IntArray,
    flush: IntArray,
    nonflush: IntArray,
) -> int:
    """Rank code of ``codes[start : start + m]`` (5..7 distinct cards).

    The one lookup of every numba path (``rank_batch``, the batch engine's
    showdowns): unchecked, so the caller vouches for distinct codes 0..51
    and tables of ``m`` cards (as in ``rank_batch``). R-HAND-1..5.
    """
    k = np.int64(0)
    for j in range(m):
        k += keys[codes[start + j]]
    s = suits[k & 255]
    if s == 0:
        return nonflush[k >> 8]  # type: ignore[no-any-return]
    mask = np.int64(0)
    for j in range(m):
        c = np.int64(codes[start + j])
        if (c & 3) == s - 1:
            mask |= np.int64(1) << (c >> 2)
    return flush[mask]  # type: ignore[no-any-return]
