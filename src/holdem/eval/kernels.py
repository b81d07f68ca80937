"""numba kernels of the evaluator (compiled once, cached on disk).

Imported on first use by ``batch`` and ``holdem.equity``, so that importing
``holdem`` does not load numba. Each kernel mirrors ``single.rank_codes``:
sum the cards' keys, look the flush suit up from the low 8 bits, then take
the flush value of the suit's rank mask or the non-flush value of the
rank-key sum (see ``tables``).

The non-flush values sit in a *compact table* (``build_compact``): the
rank-key sums of ``m`` cards are sparse (49,205 sums of seven cards below
8.1 million), so instead of a dense array indexed by the sum (32 MB for
seven cards, whose lookups miss the caches) a perfect hash maps each sum to
a slot of its own, about 1.3 slots per sum, and each slot holds the
number of the sum's value among the table's distinct values (16 bits; 172
KB for seven cards in all). Layout of the uint16 array: ``[bucket_bits,
slot_bits]``, one displacement per bucket, the value numbers by slot, then
the distinct values in order, each as two halves (low 16 bits first). A
sum ``r`` hashes to ``x = r * MULTIPLIER`` (mod 2**64); its bucket is the
top ``bucket_bits`` of ``x``, its slot the next ``slot_bits`` plus the
bucket's displacement (mod the slots).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

__all__ = ["MULTIPLIER", "build_compact", "nonflush_value", "rank_batch", "rank_hand"]

IntArray = npt.NDArray[Any]

MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)
"""The compact tables' hash multiplier (2**64 over the golden ratio, odd)."""
_HEADER = 2  # bucket_bits, slot_bits
_SIXTY_FOUR = np.uint64(64)


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
        nonflush: the compact non-flush table of ``m`` cards
            (``batch.compact_nonflush``).
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
def nonflush_value(table: IntArray, rank_sum: Any) -> int:
    """The value of the rank-key sum ``rank_sum`` in a compact table.

    Unchecked: ``rank_sum`` must be a sum of the table's size (another finds
    some other hand's value).
    """
    bucket_bits = np.uint64(table[0])
    slot_bits = np.uint64(table[1])
    x = np.uint64(rank_sum) * MULTIPLIER
    bucket = np.int64(x >> (_SIXTY_FOUR - bucket_bits))
    slots = np.int64(1) << np.int64(slot_bits)
    hashed = np.int64(x >> (_SIXTY_FOUR - bucket_bits - slot_bits))
    slot = (hashed + np.int64(table[_HEADER + bucket])) & (slots - 1)
    values = _HEADER + (np.int64(1) << np.int64(bucket_bits)) + slots
    at = values + 2 * np.int64(table[values - slots + slot])
    return np.int64(table[at]) | (np.int64(table[at + 1]) << 16)  # type: ignore[return-value]


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
    and tables of ``m`` cards (as in ``rank_batch``; ``nonflush`` the
    compact table). R-HAND-1..5.
    """
    k = np.int64(0)
    for j in range(m):
        k += keys[codes[start + j]]
    s = suits[k & 255]
    if s == 0:
        return nonflush_value(nonflush, k >> 8)
    mask = np.int64(0)
    for j in range(m):
        c = np.int64(codes[start + j])
        if (c & 3) == s - 1:
            mask |= np.int64(1) << (c >> 2)
    return flush[mask]  # type: ignore[no-any-return]


@njit(cache=True, nogil=True)
def build_compact(sums: IntArray, numbers: IntArray, out: IntArray) -> bool:
    """Put ``numbers[i]`` in the slot of the sum ``sums[i]`` of the table ``out``.

    ``out`` is the compact table (uint16, see the module docstring) with its
    first two entries set; the displacements and the slots are written
    here. Hash and displace: the buckets, largest first, each take the
    smallest displacement that puts all their sums in free slots. Returns
    False (``out`` incomplete) when two sums of one bucket hash alike, which
    no displacement parts.
    """
    bucket_bits = np.uint64(out[0])
    slot_bits = np.uint64(out[1])
    buckets = 1 << np.int64(bucket_bits)
    slots = 1 << np.int64(slot_bits)
    mask = slots - 1
    n = sums.shape[0]
    bucket = np.empty(n, np.int64)
    hashed = np.empty(n, np.int64)
    for i in range(n):
        x = np.uint64(sums[i]) * MULTIPLIER
        bucket[i] = np.int64(x >> (_SIXTY_FOUR - bucket_bits))
        hashed[i] = np.int64(x >> (_SIXTY_FOUR - bucket_bits - slot_bits)) & mask
    order = np.argsort(bucket, kind="mergesort")
    start = np.zeros(buckets + 1, np.int64)
    for i in range(n):
        start[bucket[i] + 1] += 1
    sizes = start[1:].copy()
    for b in range(buckets):
        start[b + 1] += start[b]
    taken = np.zeros(slots, np.bool_)
    for b in np.argsort(-sizes, kind="mergesort"):
        members = order[start[b] : start[b + 1]]
        if members.shape[0] == 0:
            break
        for j in range(members.shape[0]):
            for k in range(j):
                if hashed[members[j]] == hashed[members[k]]:
                    return False
        placed = False
        for d in range(slots):
            free = True
            for j in range(members.shape[0]):
                if taken[(hashed[members[j]] + d) & mask]:
                    free = False
                    break
            if free:
                for j in range(members.shape[0]):
                    s = (hashed[members[j]] + d) & mask
                    taken[s] = True
                    out[_HEADER + buckets + s] = numbers[members[j]]
                out[_HEADER + b] = d
                placed = True
                break
        if not placed:
            return False
    return True
