"""evaluate_batch: the numba and numpy engines against the per-call path."""

from itertools import combinations_with_replacement

import numpy as np
import pytest

from holdem.errors import InvalidInputError
from holdem.eval import evaluate_batch, rank_codes
from holdem.eval.batch import compact_nonflush
from holdem.eval.tables import nonflush_table


def random_hands(n: int, size: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :size]


@pytest.mark.parametrize("size", [5, 6, 7])
@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.int32, np.int64])
def test_batch_equals_rank_codes_row_by_row(size, dtype):
    hands = random_hands(4000, size, seed=size).astype(dtype)
    out = evaluate_batch(hands)
    assert out.dtype == np.int32 and out.shape == (4000,)
    assert out.tolist() == [rank_codes(h.tolist()) for h in hands]
    assert all(int(out[i]) == rank_codes(hands[i]) for i in range(50))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_numpy_engine_gives_identical_values(size):
    hands = random_hands(50_000, size, seed=10 + size)
    assert np.array_equal(evaluate_batch(hands, engine="numpy"), evaluate_batch(hands))


def test_batch_accepts_lists_and_empty_batches():
    assert evaluate_batch([[51, 47, 43, 39, 35]]).tolist() == [
        rank_codes([51, 47, 43, 39, 35])
    ]
    for engine in ("numba", "numpy"):
        assert evaluate_batch(np.empty((0, 7), np.int64), engine=engine).shape == (0,)


@pytest.mark.parametrize("engine", ["numba", "numpy"])
@pytest.mark.parametrize(
    ("rows", "message"),
    [
        ([[0, 1, 2, 3, 4, 5, 52]], "row 0: code 52 is a joker"),
        ([[0, 1, 2, 3, 4], [0, 1, 2, 3, 60]], "row 1: code 60 is not a card"),
        ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [0, 1, 2, 3, -1]], "row 2: code -1"),
        ([[0, 1, 2, 3, 4, 5], [9, 9, 10, 11, 12, 13]], "row 1: card 4d appears twice"),
        ([[0, 1, 2, 3]], r"shape \(n, 5..7\).*\(1, 4\)"),
        ([[0, 1, 2, 3, 4, 5, 6, 7]], r"got shape \(1, 8\)"),
        ([0, 1, 2, 3, 4], r"got shape \(5,\)"),
        ([[0.0, 1.0, 2.0, 3.0, 4.0]], "must be integers, got dtype float64"),
    ],
)
def test_bad_batches_are_refused_naming_the_row(engine, rows, message):
    with pytest.raises(InvalidInputError, match=message):
        evaluate_batch(np.array(rows), engine=engine)


def test_unknown_engine_is_refused():
    with pytest.raises(InvalidInputError, match="engine must be"):
        evaluate_batch([[0, 1, 2, 3, 4]], engine="cuda")  # type: ignore[arg-type]


@pytest.mark.parametrize("size", [5, 6, 7])
def test_R_HAND_1_compact_table_gives_rank_codes_on_every_nonflush_hand(size):
    """The numba paths' compact non-flush table, checked on one hand of each
    multiset of ``size`` ranks (no rank five times): every entry of the
    shipped table, against the per-call path."""
    hands = []
    for ranks in combinations_with_replacement(range(13), size):
        if max(ranks.count(r) for r in set(ranks)) > 4:
            continue
        # suits in turn: at most two cards of a suit, a rank's cards distinct
        hands.append([4 * r + i % 4 for i, r in enumerate(ranks)])
    assert len(hands) == len(nonflush_table(size))
    compact = compact_nonflush(size)
    assert compact.nbytes < {5: 50_000, 6: 110_000, 7: 180_000}[size]
    assert evaluate_batch(np.array(hands)).tolist() == [rank_codes(h) for h in hands]
