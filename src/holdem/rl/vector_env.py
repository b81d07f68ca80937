"""A Gymnasium vector environment over the batch engine: many hands per step.

``HoldemVectorEnv(num_envs, ...)`` plays ``num_envs`` tables at once in
numba (``holdem.batch.OpenHands``). In each, one seat (``hero``) learns and
the others play a built-in batch policy (random, calling-station, buckets,
uniform or tight-aggressive: ``holdem.batch.policies``). Gymnasium's vector
API: ``reset(seed=...) -> (obs, infos)`` and ``step(actions) -> (obs,
rewards, terminated, truncated, infos)``.

- Observations: a dict of batched arrays, ``observation`` (num_envs, size)
  float32 laid out as ``ObservationEncoder`` (the hero's own cards and the
  board only, R-HISTORY-1; chips in big blinds) and ``action_mask``
  (num_envs, 6) int8.
- Actions: ids of ``ABSTRACT_ACTIONS`` (fold, call, min-raise, 1/2 pot, pot,
  all-in), mapped to the nearest legal action as ``ActionAbstraction`` does;
  ``infos["adjusted"]`` marks ids that were not legal as given.
- Episodes are hands. The reward is the hero's net chips when the hand ends
  (0 before). A finished hand is replaced at once (Gymnasium's same-step
  autoreset): that step returns the new hand's observation, the finished
  one's in ``infos["final_obs"]``. Hands that end before the hero acts are
  dealt past, counted in ``infos["skipped_hands"]`` and
  ``infos["skipped_payoff"]``.
- Reproducible: table ``j``'s ``k``-th hand is hand ``k * num_envs + j`` of
  the run ``seed`` (R-DEAL-4).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from holdem.batch import BatchGame, RandomWeights
from holdem.batch.layout import ABSTRACT_ACTIONS
from holdem.batch.open_hands import OpenHands
from holdem.errors import InvalidInputError
from holdem.rl.observe import ObservationEncoder
from holdem.rules.config import GameConfig

__all__ = ["HoldemVectorEnv"]

_MAX_SKIPPED = 1000


class HoldemVectorEnv(
    VectorEnv[dict[str, Any], npt.NDArray[np.int64], npt.NDArray[Any]]
):
    """``num_envs`` hands at once; the hero acts, batch policies answer.

    Args:
        num_envs: tables played at once.
        config: the game; ``GameConfig()`` by default (no-limit 1/2).
        stacks: chips per seat at the start of every hand, 2..10 seats.
        hero: the learner's seat.
        opponents: the other seats' built-in policy (``random``,
            ``calling-station``, ``buckets``, ``uniform``,
            ``tight-aggressive``).
        weights: the random policy's weights.
        capacity: event rows kept per hand in ``hands.events`` (0: none),
            for a replay through ``HandState`` (``holdem.batch.oracle``).

    Raises:
        InvalidInputError: for a bad table, hero seat or policy.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        config: GameConfig | None = None,
        stacks: Sequence[int] = (200, 200),
        *,
        hero: int = 0,
        opponents: str = "random",
        weights: RandomWeights | None = None,
        capacity: int = 0,
    ) -> None:
        self.config = config if config is not None else GameConfig()
        seats = len(stacks)
        self.game = BatchGame.of(self.config, seats)
        if type(hero) is not int or not 0 <= hero < seats:
            raise InvalidInputError(
                f"hero must be a seat 0..{seats - 1}, got {hero!r:.40}"
            )
        if type(num_envs) is not int or num_envs < 1:
            raise InvalidInputError(
                f"num_envs must be a positive int, got {num_envs!r:.40}"
            )
        policy: list[str | None] = [opponents] * seats
        policy[hero] = None
        self.hands = OpenHands(
            self.game, num_envs, policy=policy, weights=weights, capacity=capacity
        )
        self.stacks = np.asarray(stacks, np.int64)
        self.hands.deal([], [], seed=0, stacks=self.stacks)  # checks the stacks
        self.hero = hero
        self.num_envs = num_envs
        self.encoder = ObservationEncoder(seats, self.config.big_blind)
        total = float(self.stacks.sum()) / self.config.big_blind
        actions = len(ABSTRACT_ACTIONS)
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, max(total, 1.0), (self.encoder.size,), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(actions)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    0.0, max(total, 1.0), (num_envs, self.encoder.size), np.float32
                ),
                "action_mask": spaces.Box(0, 1, (num_envs, actions), np.int8),
            }
        )
        self.action_space = spaces.MultiDiscrete([actions] * num_envs)
        self._obs = np.zeros((num_envs, self.encoder.size), np.float32)
        self._mask = np.zeros((num_envs, actions), np.int8)
        self._seed = 0
        self._dealt = np.zeros(num_envs, np.int64)  # hands dealt per table
        from holdem.rl import vector_kernels

        self._kernels = vector_kernels

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new hand at every table, played up to the hero's first turn."""
        if seed is not None:
            if type(seed) is not int or not 0 <= seed < 2**64:
                raise InvalidInputError(
                    f"seed must be an int 0..2**64-1, got {seed!r:.40}"
                )
            self._seed = seed
        self._dealt[:] = 0
        skipped, skipped_payoff = self._deal(np.ones(self.num_envs, np.bool_))
        return self._observation(), {
            "skipped_hands": skipped,
            "skipped_payoff": skipped_payoff,
        }

    def step(
        self, actions: Any
    ) -> tuple[
        dict[str, Any],
        npt.NDArray[Any],
        npt.NDArray[Any],
        npt.NDArray[Any],
        dict[str, Any],
    ]:
        """Carry out the hero's action at every table, then the opponents'."""
        ids = np.asarray(actions, np.int64).reshape(-1)
        if (
            ids.shape != (self.num_envs,)
            or ids.min() < 0
            or ids.max() >= len(ABSTRACT_ACTIONS)
        ):
            raise InvalidInputError(
                f"actions are {self.num_envs} ids 0..{len(ABSTRACT_ACTIONS) - 1}"
                f" ({', '.join(ABSTRACT_ACTIONS)})"
            )
        hands = self.hands
        active = hands.waiting
        kinds = np.zeros(self.num_envs, np.int64)
        tos = np.zeros(self.num_envs, np.int64)
        adjusted = np.zeros(self.num_envs, np.bool_)
        self._kernels.resolve(hands.hands, active, ids, kinds, tos, adjusted)
        hands.step(active, kinds, tos)
        done = hands.complete.copy()
        rewards = np.where(done, hands.payoffs[:, self.hero], 0).astype(np.float64)
        infos: dict[str, Any] = {"adjusted": adjusted}
        if done.any():
            infos["final_obs"] = self._observation()
            infos["payoffs"] = hands.payoffs.copy()
            skipped, skipped_payoff = self._deal(done)
            infos["skipped_hands"] = skipped
            infos["skipped_payoff"] = skipped_payoff
        truncated = np.zeros(self.num_envs, np.bool_)
        return self._observation(), rewards, done, truncated, infos

    def _deal(
        self, rows: npt.NDArray[np.bool_]
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Deal at the ``rows`` tables until the hero has a decision at each."""
        skipped = np.zeros(self.num_envs, np.int64)
        payoff = np.zeros(self.num_envs, np.int64)
        todo = rows.copy()
        for _ in range(_MAX_SKIPPED):
            which = np.nonzero(todo)[0]
            if not which.size:
                return skipped, payoff
            index = self._dealt[which] * self.num_envs + which
            self._dealt[which] += 1
            self.hands.deal(which, index, seed=self._seed, stacks=self.stacks)
            over = self.hands.complete[which]
            skipped[which[over]] += 1
            payoff[which[over]] += self.hands.payoffs[which[over], self.hero]
            todo[:] = False
            todo[which[over]] = True
        raise InvalidInputError(
            f"{_MAX_SKIPPED} hands in a row ended before seat {self.hero} could"
            " act: the forced bets leave it no decision"
        )

    def _observation(self) -> dict[str, Any]:
        self._kernels.observe(
            self.hands.hands,
            self.hero,
            float(self.config.big_blind),
            self._obs,
            self._mask,
        )
        return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}
