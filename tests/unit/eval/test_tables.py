"""The properties the lookup tables rely on (see holdem.eval.tables)."""

from collections import Counter
from itertools import combinations_with_replacement

import pytest

from holdem.eval.tables import (
    FLUSH_SUIT,
    JOKER_RANK_KEY,
    KEY,
    RANK_KEYS,
    SUIT_KEYS,
    SUIT_SHIFT,
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
    assert len(KEY) == 108
    for code in range(52):
        assert KEY[code] >> SUIT_SHIFT == RANK_KEYS[code >> 2]
        assert KEY[code] & 255 == SUIT_KEYS[code & 3]
    # seven real cards stay below 2**31; a joker or a bad code lands above
    assert 4 * KEY[51] + 3 * KEY[47] < 2**31
    assert KEY[52] == KEY[53] >= 2**31
    assert all(k >= 2**40 for k in KEY[54:])
