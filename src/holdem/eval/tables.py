"""Lookup tables of the evaluator, built deterministically and shipped as data.

The small tables are built at import, the large ones loaded on first use.

Each card has an additive *key*; the key of a hand is the sum of its cards'
keys (``KEY[code]``), which packs two things into one small ``int``:

* bits 8 and up: the sum of the card's *rank key* (``RANK_KEYS``). The rank
  keys are chosen so that, among hands of the same size, every multiset of
  ranks (at most four of each) has its own sum, so the sum identifies the
  ranks of the hand; ``nonflush_tables()[n - 5][sum]`` is then the best
  non-flush value of those ``n`` ranks (``seven_card_array()`` for n = 7).
* bits 0..7: the sum of the card's *suit key* (``SUIT_KEYS``). For a hand of
  ``n`` cards (5, 6 or 7), ``FLUSH_SUIT[n - 5][sum & 255]`` is 0 if no suit has
  five cards, else the flush suit plus one.

A hand with a flush then needs its flush suit's ranks as a 13-bit mask, and
``flush_table()[mask]`` is its straight-flush or flush value. In a hand of at
most seven cards a flush excludes four of a kind and a full house, so the
flush value is the hand's value.

The keys are kept on each ``Card`` too (``holdem.cards`` defines the
constants, re-exported here), so ``evaluate`` reads them in one attribute load.

Each int addition in CPython allocates its result, so the per-call paths add
the keys two cards at a time: ``pair_keys()[a][b]`` (and ``Card._pair``, the
same ints) is the key of cards ``a`` and ``b`` together, three additions for
seven cards instead of six. Likewise a flush path ORs the flush suit's rank
masks of two cards at a time (``suited_rank_pairs``).

The rank keys were found by a greedy search (each key the smallest that keeps
the sums distinct, the deuce's key being 0), the suit keys by an exhaustive search
for the smallest keys that tell the flush suit in hands of 5, 6 and 7 cards.
Both properties are checked by the tests. The largest hand key is below
``2**31``; almost all are below ``2**30``, where CPython's int arithmetic is
fastest.

A joker's key has a rank part of ``JOKER_RANK_KEY``, larger than any sum of
real rank keys, so a hand with a joker finds no entry in the non-flush tables
and takes the wild-card path (R-DECK-2). Codes 56..111 (and negative codes, which
Python indexes from the end) have ``POISON_KEY``, which also finds no entry.

The tables are computed by the ``build_*`` functions below, but a process
does not pay for that (0.2 to 0.7 s of Python): they ship precomputed in
``tables.bin`` beside this module (about 200 KB: the flush table and the
(key, value) pairs of the non-flush tables, zlib-compressed), loaded on first
use in a few milliseconds. A test rebuilds the tables and compares them with
the file (and rewrites it with ``HOLDEM_WRITE_TABLES=1``).

Rule: R-HAND-2..5.
"""

from __future__ import annotations

import mmap
import pkgutil
import zlib
from array import array
from collections import deque
from contextlib import suppress
from functools import cache
from itertools import combinations_with_replacement

from holdem.cards import (
    _EVAL_JOKER_RANK_KEY,
    _EVAL_PAIRS,
    _EVAL_RANK_KEYS,
    _EVAL_SUIT_KEYS,
    _EVAL_SUIT_SHIFT,
    Card,
)
from holdem.eval.value import HandCategory, rank_of

__all__ = [
    "FLUSH_SUIT",
    "JOKER_RANK_KEY",
    "KEY",
    "POISON_KEY",
    "RANK_KEYS",
    "STRAIGHT_TOP",
    "SUIT_KEYS",
    "SUIT_SHIFT",
    "build_flush_table",
    "build_nonflush_tables",
    "flush_table",
    "flush_value",
    "nonflush_table",
    "nonflush_tables",
    "nonflush_value",
    "encode_tables",
    "pair_keys",
    "seven_card_array",
    "suited_rank_pairs",
]

RANK_KEYS: tuple[int, ...] = _EVAL_RANK_KEYS
"""Rank key of each rank, deuce (index 0) to ace (index 12)."""

SUIT_KEYS: tuple[int, ...] = _EVAL_SUIT_KEYS
"""Suit key of clubs, diamonds, hearts, spades."""

SUIT_SHIFT = _EVAL_SUIT_SHIFT
"""Bits of the suit part of a hand key."""

JOKER_RANK_KEY = _EVAL_JOKER_RANK_KEY
"""Rank part of a joker's key; above every sum of seven real rank keys."""

POISON_KEY = 1 << 40
"""Key of an invalid code; makes the hand's key miss every table."""


def _build_key() -> tuple[int, ...]:
    keys = [Card.from_code(code)._key for code in range(56)]  # see holdem.cards
    keys += [POISON_KEY] * 56  # 56..111, and -56..-1 counted from the end
    return tuple(keys)


KEY = _build_key()
"""Additive key of each card code 0..55 (and poison for 56..111)."""


@cache
def pair_keys() -> tuple[tuple[int, ...], ...]:
    """``KEY[a] + KEY[b]`` as ``pair_keys()[a][b]``: the key of two cards at once.

    ``rank_codes`` sums seven cards' keys as three pairs and one card: three
    int additions instead of six, each of which allocates an int. Indexed
    like ``KEY`` (a code 56..111 or -56..-1 is poison): a pair with a code
    that is not a card has ``POISON_KEY``. Built on first use; the ints are
    those of ``Card._pair`` (``card._pair[other.code]``, the same sums, for
    ``evaluate``).
    """
    poison = (POISON_KEY,) * len(KEY)
    rows = [row + poison[56:] for row in _EVAL_PAIRS]
    return (*rows, *(poison,) * (len(KEY) - 56))


@cache
def suited_rank_pairs() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """The rank masks of two cards in one suit, for the flush paths.

    ``suited_rank_pairs()[suit + 1][a][b]`` is the 13-bit rank mask (bit
    ``r - 2`` for rank ``r``) of those of the cards ``a`` and ``b`` (codes
    0..51) that are of ``suit`` (0..3, clubs to spades; the index is the
    ``FLUSH_SUIT`` value). OR-ing three pairs and ``[g][g]`` gives the flush
    suit's ranks of seven cards in small ints (OR-ing the cards' bits of a
    52-bit mask took 30% longer); index 0 is empty. The rows of the cards of
    other suits are one shared tuple.
    """
    out: list[tuple[tuple[int, ...], ...]] = [()]
    for suit in range(4):
        alone = tuple(1 << (b >> 2) if b & 3 == suit else 0 for b in range(52))
        out.append(
            tuple(
                tuple(alone[a] | x for x in alone) if a & 3 == suit else alone
                for a in range(52)
            )
        )
    return tuple(out)


def _build_straight_top() -> tuple[int, ...]:
    """Top card rank of the best straight in a 13-bit rank mask, or 0."""
    out = [0] * 8192
    windows = [(5, 0b1000000001111)]  # the wheel, A-2-3-4-5 (R-HAND-3)
    windows += [(top, 0b11111 << (top - 6)) for top in range(6, 15)]
    for top, w in windows:  # low to high: a higher straight overwrites
        rest = 0x1FFF & ~w
        sub = rest
        while True:  # every mask that holds the window: w | a subset of rest
            out[w | sub] = top
            if not sub:
                break
            sub = (sub - 1) & rest
    return tuple(out)


STRAIGHT_TOP = _build_straight_top()
"""Top rank (5..14) of the best straight in a rank mask (bit r-2 for rank r)."""


def _top_ranks(mask: int, count: int) -> list[int]:
    out = []
    for r in range(14, 1, -1):
        if mask >> (r - 2) & 1:
            out.append(r)
            if len(out) == count:
                break
    return out


def nonflush_value(counts: list[int]) -> int:
    """Best value of a multiset of ranks, ignoring suits.

    Args:
        counts: length 15; ``counts[r]`` is how many cards of rank ``r``
            (2..14) the hand has, any number (a wild card may repeat a rank).
            The total must be at least five.

    Returns:
        The rank code of the best five of them without a flush (R-HAND-2).
    """
    present = 0
    for r in range(2, 15):
        if counts[r]:
            present |= 1 << (r - 2)
    by_count = sorted(((counts[r], r) for r in range(2, 15) if counts[r]), reverse=True)
    top_count, top = by_count[0]
    if top_count >= 5:
        return rank_of(HandCategory.FIVE_OF_A_KIND, top)
    if top_count == 4:
        kicker = _top_ranks(present & ~(1 << (top - 2)), 1)
        return rank_of(HandCategory.FOUR_OF_A_KIND, top, *kicker)
    second_count, second = by_count[1] if len(by_count) > 1 else (0, 0)
    if top_count == 3 and second_count >= 2:
        return rank_of(HandCategory.FULL_HOUSE, top, second)
    straight = STRAIGHT_TOP[present]
    if straight:
        return rank_of(HandCategory.STRAIGHT, straight)
    if top_count == 3:
        kickers = _top_ranks(present & ~(1 << (top - 2)), 2)
        return rank_of(HandCategory.THREE_OF_A_KIND, top, *kickers)
    if top_count == 2 and second_count == 2:
        rest = present & ~(1 << (top - 2)) & ~(1 << (second - 2))
        return rank_of(HandCategory.TWO_PAIR, top, second, *_top_ranks(rest, 1))
    if top_count == 2:
        kickers = _top_ranks(present & ~(1 << (top - 2)), 3)
        return rank_of(HandCategory.ONE_PAIR, top, *kickers)
    return rank_of(HandCategory.HIGH_CARD, *_top_ranks(present, 5))


def flush_value(ranks: list[int]) -> int:
    """Value of five or more cards of one suit: a straight flush or a flush.

    Args:
        ranks: the ranks (2..14) of the suit's cards; a rank may repeat when a
            wild card stands for a card already present (R-DECK-2).

    Returns:
        The straight-flush value if five of the ranks are in sequence (R-HAND-3),
        else the flush value of the five highest, repeats included.
    """
    mask = 0
    for r in ranks:
        mask |= 1 << (r - 2)
    top = STRAIGHT_TOP[mask]
    if top:
        return rank_of(HandCategory.STRAIGHT_FLUSH, top)
    return rank_of(HandCategory.FLUSH, *sorted(ranks, reverse=True)[:5])


def build_flush_table() -> tuple[int, ...]:
    """Value of the flush suit's cards by 13-bit rank mask (0 if < 5 cards)."""
    out = [0] * 8192
    for mask in range(8192):
        if mask.bit_count() >= 5:
            out[mask] = flush_value([r for r in range(2, 15) if mask >> (r - 2) & 1])
    return tuple(out)


def _grow(smaller: dict[int, int], n: int) -> dict[int, int]:
    """Values of n-rank multisets: the best of dropping one rank from each."""
    out: dict[int, int] = {}
    keys = RANK_KEYS
    for combo in combinations_with_replacement(range(13), n):
        total = 0
        run = 0
        last = -1
        for i in combo:  # sorted, so equal ranks are adjacent
            total += keys[i]
            run = run + 1 if i == last else 1
            last = i
            if run == 5:
                break
        else:
            out[total] = max([smaller[total - keys[i]] for i in set(combo)])
    return out


def build_nonflush_tables() -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Best non-flush value by rank-key sum, for hands of 5, 6 and 7 cards.

    A hand of 6 or 7 ranks is worth the best of its hands of one rank fewer
    (R-HAND-1, R-HAND-4). Takes 0.2 to 0.7 s: processes load ``tables.bin``.
    """
    five: dict[int, int] = {}
    counts = [0] * 15
    for combo in combinations_with_replacement(range(13), 5):
        if combo[0] == combo[4]:
            continue
        for r in range(2, 15):
            counts[r] = 0
        for i in combo:
            counts[i + 2] += 1
        five[sum(RANK_KEYS[i] for i in combo)] = nonflush_value(counts)
    six = _grow(five, 6)
    return five, six, _grow(six, 7)


def _build_flush_suit(n: int) -> tuple[int, ...]:
    out = [0] * (1 << SUIT_SHIFT)
    for c in range(n + 1):
        for d in range(n + 1 - c):
            for h in range(n + 1 - c - d):
                s = n - c - d - h
                total = c * SUIT_KEYS[0] + d * SUIT_KEYS[1]
                total += h * SUIT_KEYS[2] + s * SUIT_KEYS[3]
                for suit, count in enumerate((c, d, h, s)):
                    if count >= 5:
                        out[total] = suit + 1
    return tuple(out)


FLUSH_SUIT = (_build_flush_suit(5), _build_flush_suit(6), _build_flush_suit(7))
"""For 5, 6, 7 cards (index 0, 1, 2): flush suit + 1, or 0, by a key's low 8 bits."""


# --- the shipped data file ----------------------------------------------------

DATA_FILE = "tables.bin"
"""The precomputed tables, a resource of this package (see the module docstring).

It is read through the import system (``pkgutil.get_data``), like code: the
core does no other I/O. ``encode_tables()`` makes its content; the test
``test_shipped_tables_equal_a_fresh_build`` rewrites it when run with
``HOLDEM_WRITE_TABLES=1``.
"""

_MAGIC = b"holdem-eval-tables-1\n"


def encode_tables() -> bytes:
    """The content of ``tables.bin``, built in Python (takes 0.2 to 0.7 s).

    Little-endian ``int32``: the flush table (8192 values), then for 5, 6 and
    7 cards the number of entries, the sorted keys and their values; zlib.
    """
    parts = array("i", build_flush_table())
    for table in build_nonflush_tables():
        keys = sorted(table)
        parts.append(len(keys))
        parts.extend(keys)
        parts.extend(table[k] for k in keys)
    if _BIG_ENDIAN:  # pragma: no cover
        parts.byteswap()
    return _MAGIC + zlib.compress(parts.tobytes(), 9)


_BIG_ENDIAN = array("i", [1]).tobytes()[0] == 0


@cache
def _loaded() -> tuple[tuple[int, ...], tuple[array[int], ...]]:
    """The flush table and, for 5, 6, 7 cards, the sorted keys then values."""
    data = pkgutil.get_data(__name__.rpartition(".")[0], DATA_FILE)
    if data is None or not data.startswith(_MAGIC):  # pragma: no cover
        raise RuntimeError(f"holdem.eval's {DATA_FILE} is missing or damaged")
    parts = array("i")
    parts.frombytes(zlib.decompress(data[len(_MAGIC) :]))
    if _BIG_ENDIAN:  # pragma: no cover
        parts.byteswap()
    flush = tuple(parts[:8192])
    at = 8192
    pairs: list[array[int]] = []
    for _ in range(3):
        n = parts[at]
        pairs.append(parts[at + 1 : at + 1 + 2 * n])
        at += 1 + 2 * n
    return flush, tuple(pairs)


def flush_table() -> tuple[int, ...]:
    """Value of the flush suit's cards by 13-bit rank mask (0 if < 5 cards).

    Loaded from ``tables.bin`` on first use, then cached.
    """
    return _loaded()[0]


@cache
def nonflush_table(size: int) -> dict[int, int]:
    """Best non-flush value by rank-key sum for hands of ``size`` (5..7) cards.

    Loaded from ``tables.bin`` on first use, then cached; equal to
    ``build_nonflush_tables()[size - 5]``.
    """
    pairs = _loaded()[1][size - 5]
    n = len(pairs) // 2
    return dict(zip(pairs[:n], pairs[n:], strict=True))


def nonflush_tables() -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """``nonflush_table(5), nonflush_table(6), nonflush_table(7)``."""
    return nonflush_table(5), nonflush_table(6), nonflush_table(7)


@cache
def seven_card_array() -> memoryview:
    """``nonflush_tables()[2]`` as a dense ``int32`` view indexed by rank-key sum.

    32 MB of an anonymous map, of which only the 49,205 entries are written.
    Where the system has them (Linux), it asks for huge pages (2 MB): the
    entries lie on about 3,300 of the 7,900 small pages, more than the CPU
    keeps addresses for, and a page walk on most lookups cost ``rank_codes``
    about 5% of its time; with huge pages the whole map (32 MB) is resident,
    without them about 13 MB. Indexing it is as fast as an ``array``, and
    numpy and numba views share the same memory.
    """
    pairs = _loaded()[1][2]
    n = len(pairs) // 2
    keys = pairs[:n]
    size = keys[n - 1] + 1
    view = memoryview(_anonymous_map(4 * size)).cast("i")
    deque(map(view.__setitem__, keys, pairs[n:]), maxlen=0)  # view[k] = v
    return view


def _anonymous_map(size: int) -> mmap.mmap:
    """``size`` bytes of zeroed memory, in huge pages where the system allows."""
    private = getattr(mmap, "MAP_PRIVATE", 0) | getattr(mmap, "MAP_ANONYMOUS", 0)
    memory = mmap.mmap(-1, size, flags=private) if private else mmap.mmap(-1, size)
    huge = getattr(mmap, "MADV_HUGEPAGE", None)
    if huge is not None:
        with suppress(OSError):  # only a hint: small pages work the same
            memory.madvise(huge)
    return memory
