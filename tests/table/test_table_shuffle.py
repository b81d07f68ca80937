"""The table's shuffle deals exactly what ``random.Random.shuffle`` deals (R-DEAL-4)."""

from __future__ import annotations

import random

import pytest
from table_helpers import nl_table

from holdem.cards import Deck
from holdem.errors import InvalidInputError
from holdem.rules import DealHole
from holdem.table import CallingStationBot
from holdem.table.shuffle import ExactShuffler


@pytest.mark.parametrize("size", [52, 53, 56])
def test_R_DEAL_4_the_same_seed_gives_the_same_order_and_leaves_the_same_state(size):
    for seed in range(300):
        theirs, ours = random.Random(seed), random.Random(seed)
        for _ in range(3):
            expected, got = list(range(size)), list(range(size))
            theirs.shuffle(expected)
            ExactShuffler(ours).shuffle(got)
            assert got == expected
        assert ours.getstate() == theirs.getstate()


class Biased(random.Random):
    """A subclass with its own draws: it must shuffle by its own method."""

    def random(self) -> float:
        return 0.0


@pytest.mark.parametrize("rng", [Biased(1), random.SystemRandom()])
def test_other_random_sources_shuffle_by_their_own_method(rng):
    x = list(range(52))
    ExactShuffler(rng).shuffle(x)
    assert sorted(x) == list(range(52))
    if isinstance(rng, Biased):
        expected = list(range(52))
        Biased(1).shuffle(expected)
        assert x == expected


def test_R_DEAL_4_a_seeded_table_deals_the_decks_random_shuffle_orders():
    table = nl_table(6, seed=31)
    bots = {s: CallingStationBot() for s in range(1, 7)}
    rng = random.Random(31)
    rng.choice(range(6))  # the first button is drawn before the first deck
    for _ in range(5):
        record = table.play_hand(bots)
        deck = Deck.shuffled(rng)
        holes = [e for e in record.events if isinstance(e, DealHole)]
        n = len(holes)
        expected = deck.deal(2 * n)
        assert [h.cards for h in holes] == [
            (expected[i], expected[n + i]) for i in range(n)
        ]


def test_R_DEAL_4_a_table_without_a_random_source_says_what_it_got():
    table = nl_table(3, seed=1)
    table.rng = object()  # type: ignore[assignment]
    with pytest.raises(InvalidInputError, match=r"RNG with shuffle\(\).*got object"):
        table.start_hand(button=1)
