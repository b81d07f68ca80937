"""The step API and the vector environment, held to the reference engine."""

from __future__ import annotations

import numpy as np
import pytest

from holdem.batch import BatchGame
from holdem.batch.layout import CARDS, S_EVENTS
from holdem.batch.open_hands import CHECK_CALL, FOLD, RAISE, OpenHands
from holdem.batch.oracle import mismatch_of, replay
from holdem.errors import IllegalActionError
from holdem.rl.observe import ObservationEncoder
from holdem.rules import GameConfig

gymnasium = pytest.importorskip("gymnasium")
from holdem.rl.vector_env import HoldemVectorEnv  # noqa: E402


def _row_events(hands: OpenHands, r: int) -> np.ndarray:
    return hands.events[r, : hands.hands[r, S_EVENTS]]


@pytest.mark.parametrize("structure", ["no-limit", "pot-limit", "fixed-limit"])
def test_caller_decisions_replay_through_the_reference(structure: str) -> None:
    config = GameConfig(structure=structure, ante=1)
    seats, rows = 4, 64
    hands = OpenHands(
        BatchGame.of(config, seats),
        rows,
        policy=[None, "random", None, "buckets"],
        capacity=512,
    )
    rng = np.random.default_rng(7)
    stacks = rng.integers(1, 300, size=(rows, seats))
    hands.deal(np.arange(rows), np.arange(rows), seed=11, stacks=stacks)
    for _ in range(200):
        waiting = hands.waiting
        if not waiting.any():
            break
        legal = hands.legal()
        kinds = np.full(rows, CHECK_CALL)
        tos = np.zeros(rows, np.int64)
        roll = rng.random(rows)
        can_raise = legal[:, 4] >= 0
        kinds[(roll < 0.2) & (legal[:, 1] == 1)] = FOLD
        raising = (roll > 0.7) & can_raise
        kinds[raising] = RAISE
        span = np.maximum(legal[:, 5] - legal[:, 4], 0)
        tos[raising] = (legal[:, 4] + (rng.random(rows) * (span + 1)).astype(np.int64))[
            raising
        ]
        hands.step(waiting, kinds, tos)
    assert hands.complete.all()
    for r in range(rows):
        cards = hands.hands[r, CARDS : CARDS + 2 * seats + 8]
        problem = mismatch_of(
            config,
            [int(x) for x in stacks[r]],
            cards,
            _row_events(hands, r),
            [int(x) for x in hands.payoffs[r]],
            f"row {r}",
        )
        assert problem is None


def test_an_illegal_caller_decision_is_refused_and_changes_nothing() -> None:
    hands = OpenHands(BatchGame.of(GameConfig(), 3), 2, policy=[None, None, None])
    hands.deal([0, 1], [0, 1], seed=1, stacks=[100, 100, 100])
    before = hands.hands.copy()
    legal = hands.legal()
    with pytest.raises(IllegalActionError, match="row 1"):
        hands.step([True, True], [CHECK_CALL, RAISE], [0, int(legal[1, 5]) + 1])
    assert np.array_equal(hands.hands, before)


def test_vector_env_observations_are_the_single_env_encoders() -> None:
    config = GameConfig(ante=1)
    stacks = [120, 80, 200]
    env = HoldemVectorEnv(16, config, stacks, hero=1, opponents="random", capacity=512)
    obs, _ = env.reset(seed=5)
    encoder = ObservationEncoder(3, config.big_blind)
    total_reward = 0.0
    rng = np.random.default_rng(3)
    for _ in range(60):
        for r in range(16):
            state = replay(
                config,
                stacks,
                env.hands.hands[r, CARDS : CARDS + 14],
                _row_events(env.hands, r),
                to_end=False,
            )
            assert state.to_act == 1  # every table waits for the hero
            expected = encoder.encode(state.view(1))
            assert np.allclose(obs["observation"][r], expected)
            legal = state.legal_actions()
            assert obs["action_mask"][r, 0] == legal.can_fold
            assert obs["action_mask"][r, 2] == legal.can_raise
        masked = [rng.choice(np.nonzero(m)[0]) for m in obs["action_mask"]]
        obs, rewards, terminated, truncated, _ = env.step(np.array(masked))
        assert not truncated.any()
        assert not rewards[~terminated].any()
        total_reward += float(rewards.sum())
    assert obs["observation"].shape == (16, encoder.size)
    assert env.observation_space.contains(obs)


def test_vector_env_same_seed_same_hands() -> None:
    a = HoldemVectorEnv(8, GameConfig(), [200] * 6, opponents="buckets")
    b = HoldemVectorEnv(8, GameConfig(), [200] * 6, opponents="buckets")
    oa, _ = a.reset(seed=42)
    ob, _ = b.reset(seed=42)
    assert np.array_equal(oa["observation"], ob["observation"])
    for step in range(20):
        actions = np.full(8, step % 6)
        ra = a.step(actions)
        rb = b.step(actions)
        assert np.array_equal(ra[0]["observation"], rb[0]["observation"])
        assert np.array_equal(ra[1], rb[1])
