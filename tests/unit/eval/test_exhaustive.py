"""Exact oracles over every hand: category counts and distinct values.

The expected numbers are read in place from ../shared/data/tables/
hand_category_counts.csv (published figures, re-derived by enumeration),
never from our own output. Five-card hands go through both batch engines
and the per-call path; all 133,784,560 seven-card hands through the numba
batch path (about 3 s).
"""

import csv
import math
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from holdem.eval import HandCategory, evaluate_batch, rank_codes

CSV = (
    Path(__file__).parents[3]
    / ".."
    / "shared"
    / "data"
    / "tables"
    / "hand_category_counts.csv"
)

# CSV rows (high to low) -> our categories; royal and other straight flushes merge.
ROWS = {
    "royal_flush": HandCategory.STRAIGHT_FLUSH,
    "straight_flush_excluding_royal": HandCategory.STRAIGHT_FLUSH,
    "four_of_a_kind": HandCategory.FOUR_OF_A_KIND,
    "full_house": HandCategory.FULL_HOUSE,
    "flush": HandCategory.FLUSH,
    "straight": HandCategory.STRAIGHT,
    "three_of_a_kind": HandCategory.THREE_OF_A_KIND,
    "two_pair": HandCategory.TWO_PAIR,
    "one_pair": HandCategory.ONE_PAIR,
    "high_card": HandCategory.HIGH_CARD,
}


def expected(column: str) -> dict[int, int]:
    if not CSV.exists():
        pytest.skip(f"oracle table {CSV} is absent (../shared not beside the repo)")
    out: dict[int, int] = {}
    with CSV.open() as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        for row in rows:
            if row["category"] == "total":
                out[0] = int(row[column])
            else:
                cat = int(ROWS[row["category"]])
                out[cat] = out.get(cat, 0) + int(row[column])
    return out


def colex_combinations(n: int, k: int) -> np.ndarray:
    """All k-subsets of range(n) as rows, ordered so that those of range(m)
    come first (their largest element is below m)."""
    rows = np.fromiter(
        (c for combo in combinations(range(n), k) for c in combo),
        dtype=np.int8,
        count=math.comb(n, k) * k,
    ).reshape(-1, k)
    return rows[np.argsort(rows[:, -1], kind="stable")]


@pytest.fixture(scope="module")
def all_five() -> np.ndarray:
    return colex_combinations(52, 5)


def by_category(ranks: np.ndarray) -> dict[int, int]:
    counts = np.bincount(ranks >> 20, minlength=11)
    return {cat: int(counts[cat]) for cat in range(1, 11) if counts[cat]}


def test_R_HAND_2_five_card_category_counts(all_five):
    want = expected("five_card")
    ranks = evaluate_batch(all_five)
    assert len(ranks) == want.pop(0) == 2_598_960
    assert by_category(ranks) == want


def test_R_HAND_4_five_card_distinct_values(all_five):
    want = expected("distinct_five_card_classes")
    distinct = np.unique(evaluate_batch(all_five))
    assert len(distinct) == want.pop(0) == 7462
    assert by_category(distinct) == want


def test_numpy_engine_equals_numba_on_every_five_card_hand(all_five):
    assert np.array_equal(
        evaluate_batch(all_five, engine="numpy"), evaluate_batch(all_five)
    )


def test_per_call_path_equals_batch_on_every_five_card_hand(all_five):
    ranks = evaluate_batch(all_five)
    step = 7  # every 7th hand: 371,280 calls, covering every category
    hands = all_five[::step].tolist()
    assert [rank_codes(h) for h in hands] == ranks[::step].tolist()


def test_R_HAND_1_seven_card_category_counts_over_all_hands():
    want = expected("seven_card")
    fives = colex_combinations(50, 5)
    total = np.zeros(11, dtype=np.int64)
    hands = np.empty((fives.shape[0], 7), dtype=np.int8)
    n = 0
    for a in range(52):
        for b in range(a + 1, 52):
            # every 7-card hand whose two lowest cards are a < b
            m = math.comb(51 - b, 5)
            if m == 0:
                continue
            chunk = hands[:m]
            chunk[:, 0] = a
            chunk[:, 1] = b
            chunk[:, 2:] = fives[:m] + (b + 1)
            total += np.bincount(evaluate_batch(chunk) >> 20, minlength=11)
            n += m
    assert n == want.pop(0) == 133_784_560
    assert {cat: int(total[cat]) for cat in range(1, 11) if total[cat]} == want
