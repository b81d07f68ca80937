"""The properties the lookup tables rely on (see holdem.eval.tables)."""

import os
from collections import Counter
from itertools import combinations_with_replacement
from math import comb
from pathlib import Path

import pytest

from holdem.cards import Card
from holdem.eval import tables
from holdem.eval.tables import (
    FLUSH_SUIT,
    JOKER_RANK_KEY,
    KEY,
    RANK_KEYS,
    STRAIGHT_TOP,
    SUIT_KEYS,
    SUIT_SHIFT,
    build_flush_table,
    build_nonflush_tables,
    encode_tables,
    flush_table,
    nonflush_table,
    nonflush_tables,
    pair_keys,
    seven_card_array,
    suited_rank_pairs,
)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_rank_key_sums_identify_the_ranks(size):
    sums = Counter()
    for combo in combinations_with_replacement(range(13), size):
        if max(Counter(combo).values()) <= 4:
            sums[sum(RANK_KEYS[i] for i in combo)] += 1
    assert max(sums.values()) == 1
    assert max(sums) < JOKER_RANK_KEY


@pytest.mark.parametrize("size", [5, 6, 7])
def test_suit_key_sums_tell_the_flush_suit(size):
    for counts in combinations_with_replacement(range(4), size):
        per_suit = Counter(counts)
        total = sum(SUIT_KEYS[s] for s in counts)
        assert total < 1 << SUIT_SHIFT
        flush = [s for s in range(4) if per_suit[s] >= 5]
        assert FLUSH_SUIT[size - 5][total] == (flush[0] + 1 if flush else 0)


def test_card_keys():
    assert len(KEY) == 112
    for code in range(52):
        assert KEY[code] >> SUIT_SHIFT == RANK_KEYS[code >> 2]
        assert KEY[code] & 255 == SUIT_KEYS[code & 3]
    # seven real cards stay below 2**31; a joker or a bad code lands above
    assert 4 * KEY[51] + 3 * KEY[47] < 2**31
    assert KEY[52] == KEY[53] == KEY[54] == KEY[55] >= 2**31
    assert all(k >= 2**40 for k in KEY[56:])
    # each card carries its key, and its key plus each card's, for evaluate
    assert [Card.from_code(c)._key for c in range(56)] == list(KEY[:56])
    for a in range(56):
        row = Card.from_code(a)._pair
        assert row == tuple(KEY[a] + KEY[b] for b in range(56))
        assert row == pair_keys()[a][:56]


def test_pair_keys_add_two_cards_keys_and_keep_the_poison():
    pairs = pair_keys()
    assert len(pairs) == len(KEY) and {len(row) for row in pairs} == {len(KEY)}
    for a in range(-56, 112):
        for b in range(-56, 112):
            if 0 <= a < 56 and 0 <= b < 56:
                assert pairs[a][b] == KEY[a] + KEY[b]
            else:  # 56..111 and -56..-1 are not cards
                assert pairs[a][b] >= 2**40


def test_suited_rank_pairs_are_the_rank_masks_of_one_suit():
    masks = suited_rank_pairs()
    assert len(masks) == 5  # by FLUSH_SUIT value: 0 (none), then suit + 1
    for suit in range(4):
        for a in range(52):
            for b in range(52):
                want = 0
                for c in (a, b):
                    if c % 4 == suit:
                        want |= 1 << (c // 4)
                assert masks[suit + 1][a][b] == want


def test_shipped_tables_equal_a_fresh_build():
    """tables.bin (loaded by every process) equals the tables built in Python.
    ``HOLDEM_WRITE_TABLES=1 pytest -k shipped_tables`` rewrites it."""
    path = Path(tables.__file__).with_name(tables.DATA_FILE)
    if os.environ.get("HOLDEM_WRITE_TABLES") == "1":
        path.write_bytes(encode_tables())
    assert path.read_bytes() == encode_tables()
    assert flush_table() == build_flush_table()
    built = build_nonflush_tables()
    for size in (5, 6, 7):
        assert nonflush_table(size) == built[size - 5]
    dense = seven_card_array()
    assert len(dense) == max(built[2]) + 1
    assert all(dense[k] == v for k, v in built[2].items())
    assert sum(1 for v in dense if v) == len(built[2]) == 49205


def test_straight_top_is_the_best_window_in_each_mask():
    windows = [(top, 0b11111 << (top - 6)) for top in range(14, 5, -1)]
    windows.append((5, 0b1000000001111))  # the wheel (R-HAND-3)
    for mask in range(8192):
        want = next((top for top, w in windows if mask & w == w), 0)
        assert STRAIGHT_TOP[mask] == want


def test_R_HAND_1_nonflush_tables_hold_every_hand_of_5_6_and_7_ranks():
    """One entry per multiset of 5, 6 or 7 ranks (out of 13) with no rank
    five times or more (four suits: five of a kind needs a joker, R-DECK-2),
    counted by combinatorics: C(13 + k - 1, k) multisets, less those with a
    rank 5, 6 or 7 times."""
    five, six, seven = nonflush_tables()
    assert len(five) == comb(17, 5) - 13
    assert len(six) == comb(18, 6) - 13 - 13 * 12
    assert len(seven) == comb(19, 7) - 13 - 13 * 12 - 13 * comb(13, 2)
    assert (five, six, seven) == tuple(nonflush_table(k) for k in (5, 6, 7))
