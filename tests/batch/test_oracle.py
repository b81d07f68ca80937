"""Every batch hand replayed through HandState: same events, same payoffs.

100,000 random hands in the default run, across no-limit, pot-limit and
fixed-limit, 2 to 10 seats, equal and unequal stacks, with and without
antes, straddles and house options; ten million in the slow job
(``pytest -m slow tests/batch``; docs/batch.md). The oracle is the
reference engine: it deals the batch hand's cards from a Deck in the same
order and checks every decision (R-NL, R-PL, R-FL, R-POT, R-SHOW).
"""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from holdem.batch import RandomWeights, play_hands
from holdem.batch.oracle import check_result
from holdem.rules import GameConfig

# Sizes drawn from the whole legal range, all-ins and folds when a check is
# possible, so that every sizing rule and side pot is reached.
WEIGHTS = RandomWeights(
    fold=0.18, call=0.45, min_raise=0.12, sized=0.14, all_in=0.08, open_fold=0.03
)
STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")
CONFIGS = {
    "plain": {},
    "antes": {"ante": 1},
    "straddle-odd-chips": {
        "straddles": 1,
        "small_blind": 1,
        "big_blind": 3,
        "odd_chips": "one-at-a-time",
    },
    "house-options": {
        "fold_when_check": False,
        "heads_up_uncapped": False,
        "raise_cap": 3,
        "ante": 2,
    },
}
SEATS = tuple(range(2, 11))
HANDS = 1_400  # per case: 3 x 4 x 9 x 2 cases make 100,800 hands


def _stacks(kind: str, seats: int, count: int, seed: int) -> object:
    if kind == "equal":
        return [200] * seats
    # unequal: from one chip (all-in on the blind) to deep, side pots galore
    return np.random.default_rng(seed).integers(1, 600, size=(count, seats))


def run_case(
    structure: str, config: str, seats: int, stacks: str, hands: int, seed: int
) -> list[str]:
    game = GameConfig(structure=structure, **CONFIGS[config])
    result = play_hands(
        game,
        seats,
        hands,
        seed=seed,
        stacks=_stacks(stacks, seats, hands, seed),
        weights=WEIGHTS,
        record=True,
        capacity=1024,
    )
    return check_result(result)


@pytest.mark.parametrize("stacks", ["equal", "unequal"])
@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("config", list(CONFIGS))
@pytest.mark.parametrize("structure", STRUCTURES)
def test_batch_hands_replay_through_the_reference(
    structure: str, config: str, seats: int, stacks: str
) -> None:
    seed = zlib.crc32(f"{structure} {config} {seats} {stacks}".encode())
    assert run_case(structure, config, seats, stacks, HANDS, seed) == []


@pytest.mark.parametrize("policy", ["calling-station", "buckets"])
@pytest.mark.parametrize("structure", STRUCTURES)
def test_built_in_policies_replay_through_the_reference(
    structure: str, policy: str
) -> None:
    game = GameConfig(structure=structure, ante=1)
    for seats in (2, 6, 10):
        result = play_hands(
            game,
            seats,
            300,
            seed=seats,
            stacks=_stacks("unequal", seats, 300, seats),
            policy=policy,
            record=True,
        )
        assert check_result(result) == []


def test_the_oracle_finds_a_wrong_payoff_and_a_wrong_size() -> None:
    result = play_hands(
        GameConfig(), 6, 200, seed=3, stacks=[100] * 6, weights=WEIGHTS, record=True
    )
    assert result.events is not None
    assert check_result(result) == []
    raised = np.nonzero(result.events[:, :, 0] == 9)  # EV_RAISE rows
    hand, row = int(raised[0][0]), int(raised[1][0])
    result.events[hand, row, 2] -= 1  # one chip short of what was raised
    other = hand + 1
    result.payoffs[other, 0] += 1
    problems = check_result(result, limit=10)
    assert len(problems) == 2
    assert problems[0].startswith(f"hand {hand} ")
    assert problems[1].startswith(f"hand {other} ") and "payoffs" in problems[1]


@pytest.mark.overnight  # hours on one core: by hand, never in CI's time
@pytest.mark.parametrize("structure", STRUCTURES)
def test_ten_million_hands_replay_through_the_reference(structure: str) -> None:
    # 10,000,000 hands over the three structures, every seat count, both
    # kinds of stacks and every config (docs/batch.md: hours on one core)
    per_case = 10_000_000 // (3 * len(CONFIGS) * len(SEATS) * 2) + 1
    for config in CONFIGS:
        for seats in SEATS:
            for stacks in ("equal", "unequal"):
                for start in range(0, per_case, 20_000):
                    hands = min(20_000, per_case - start)
                    seed = zlib.crc32(
                        f"{structure} {config} {seats} {stacks} {start}".encode()
                    )
                    assert run_case(structure, config, seats, stacks, hands, seed) == []
