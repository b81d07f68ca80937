"""The same seed gives the same hands for any split of the run (R-DEAL-4)."""

from __future__ import annotations

import numpy as np
import pytest

from holdem.batch import RandomWeights, play_hands
from holdem.rules import GameConfig

WEIGHTS = RandomWeights(sized=0.1, open_fold=0.02)


def _run(count: int, first: int, **kw: object) -> tuple[np.ndarray, ...]:
    result = play_hands(
        GameConfig(ante=1),
        6,
        count,
        seed=99,
        first=first,
        stacks=[150] * 6,
        weights=WEIGHTS,
        record=True,
        **kw,
    )  # type: ignore[arg-type]
    assert result.cards is not None and result.events is not None
    return result.payoffs, result.cards, result.events, result.decisions


@pytest.mark.parametrize("split", [(1000,), (1, 999), (400, 600), (333, 333, 334)])
def test_R_DEAL_4_any_split_of_a_run_plays_the_same_hands(
    split: tuple[int, ...],
) -> None:
    whole = _run(1000, 0)
    parts = []
    first = 0
    for count in split:
        parts.append(_run(count, first))
        first += count
    for k, array in enumerate(whole):
        assert np.array_equal(array, np.concatenate([p[k] for p in parts]))


def test_R_DEAL_4_the_parallel_loop_plays_the_same_hands() -> None:
    serial = _run(1000, 0)
    parallel = _run(1000, 0, parallel=True, chunk=37)
    for a, b in zip(serial, parallel, strict=True):
        assert np.array_equal(a, b)


def test_another_seed_deals_other_cards() -> None:
    a = play_hands(GameConfig(), 6, 200, seed=1, stacks=[100] * 6, record=True)
    b = play_hands(GameConfig(), 6, 200, seed=2, stacks=[100] * 6, record=True)
    assert a.cards is not None and b.cards is not None
    assert (a.cards != b.cards).any(axis=1).mean() > 0.99


def test_R_DECK_1_cards_are_distinct_and_every_card_as_likely() -> None:
    result = play_hands(
        GameConfig(),
        10,
        20_000,
        seed=5,
        stacks=[100] * 10,
        policy="calling-station",
        record=True,
    )
    cards = result.cards
    assert cards is not None and cards.shape == (20_000, 28)
    ordered = np.sort(cards, axis=1)
    assert (ordered[:, 1:] != ordered[:, :-1]).all()  # no card twice in a hand
    assert cards.min() == 0 and cards.max() == 51
    # each position of the deal sees each card 20,000 / 52 = 385 times; a
    # deviation of 6 standard deviations (about 115) would be a broken shuffle
    for position in (0, 9, 20, 27):
        counts = np.bincount(cards[:, position], minlength=52)
        assert np.abs(counts - 20_000 / 52).max() < 115


def test_R_POT_4_no_chip_is_created_or_lost() -> None:
    stacks = np.random.default_rng(0).integers(1, 500, size=(5000, 9))
    for structure in ("no-limit", "pot-limit", "fixed-limit"):
        result = play_hands(
            GameConfig(structure=structure, ante=2),
            9,
            5000,
            seed=3,
            stacks=stacks,
            weights=WEIGHTS,
        )
        assert (result.payoffs.sum(axis=1) == 0).all()
        assert (result.payoffs >= -stacks).all()
