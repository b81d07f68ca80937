"""A Gymnasium single-agent environment: one seat learns, the others are bots.

Needs the optional extra ``holdem[rl]`` (gymnasium). Each episode is one hand
under a ``GameConfig`` (no-limit, pot-limit or fixed-limit; blinds, antes and
straddles as it says), every seat starting from its configured stack. The
environment owns its random source: ``reset(seed=...)`` seeds it, it orders
the deck and it seeds the built-in opponents (R-DEAL-4: the same seed and
actions deal the same hand); the engine never shuffles.

Observations come from ``HandState.view(hero)`` only (R-HISTORY-1); see
``SeatCodec`` for the dict. The reward is the hero's net chips when the hand
ends (0 before). An action id that is not legal as given is mapped to the
nearest legal action and ``info["adjusted"]`` says so.

A hand that ends before the hero acts (every other seat folds to a blind,
say) is not an episode: ``reset`` deals on, and ``info["skipped_hands"]`` and
``info["skipped_payoff"]`` count those hands and the hero's chips in them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from holdem.engine import HandState, Phase
from holdem.errors import InvalidInputError
from holdem.rl.actions import ActionAbstraction
from holdem.rl.hands import advance, check_table, start_hand
from holdem.rl.opponents import Opponent, opponent_action
from holdem.rl.seat_io import SeatCodec
from holdem.rules.config import GameConfig
from holdem.table.bots import RandomBot

__all__ = ["HoldemEnv", "observation_space"]

_MAX_SKIPPED = 1000  # hands dealt in one reset before giving up


def observation_space(codec: SeatCodec, total_chips: int) -> spaces.Dict:
    """The ``spaces.Dict`` of ``codec.observe``'s values.

    ``total_chips`` is every chip at the table: no chip field (in big blinds)
    can exceed it.
    """
    high = max(1.0, total_chips / codec.encoder.big_blind)
    parts: dict[str, spaces.Space[Any]] = {
        "observation": spaces.Box(
            low=0.0, high=high, shape=(codec.encoder.size,), dtype=np.float32
        ),
        "action_mask": spaces.Box(0, 1, shape=(codec.actions,), dtype=np.int8),
    }
    if codec.abstraction is not None:
        parts["action_chips"] = spaces.Box(
            0, codec.max_chips, shape=(codec.actions,), dtype=np.int64
        )
    return spaces.Dict(parts)


class HoldemEnv(gym.Env[dict[str, Any], np.int64]):
    """One hand per episode; the hero acts, opponents answer in between.

    Args:
        config: the game; ``GameConfig()`` by default (no-limit 1/2).
        stacks: chips per seat at the start of every hand, seat 0 first (the
            button's left; the last seat is the button); 2..10 seats.
        hero: the learner's seat, or ``None`` for a seat drawn from the
            environment's random source every hand.
        opponents: one per other seat, in seat order (a table ``Bot`` or a
            callable from ``SeatView`` to an action); by default
            ``RandomBot``s seeded from the environment's random source.
        abstraction: the abstract actions, or ``None`` for the exact sizes
            (``ExactActions``).

    Raises:
        InvalidInputError: for a table ``check_table`` refuses, a hero seat
            not at the table, or a number of opponents other than seats - 1.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        config: GameConfig | None = None,
        stacks: Sequence[int] = (200, 200),
        *,
        hero: int | None = 0,
        opponents: Sequence[Opponent] | None = None,
        abstraction: ActionAbstraction | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.config = config if config is not None else GameConfig()
        self.stacks = check_table(self.config, stacks)
        n = len(self.stacks)
        if hero is not None and (type(hero) is not int or not 0 <= hero < n):
            raise InvalidInputError(
                f"hero must be a seat 0..{n - 1} or None, got {hero!r:.40}"
            )
        if opponents is not None and len(opponents) != n - 1:
            raise InvalidInputError(
                f"{n} seats need {n - 1} opponents (one per other seat), got"
                f" {len(opponents)}"
            )
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidInputError(
                f"render_mode must be None or 'ansi', got {render_mode!r}"
            )
        self.render_mode = render_mode
        self.fixed_hero = hero
        self.hero = hero if hero is not None else 0
        self._given_opponents = opponents
        self.codec = SeatCodec(n, self.config.big_blind, max(self.stacks), abstraction)
        self.action_space = spaces.Discrete(self.codec.actions)
        self.observation_space = observation_space(self.codec, sum(self.stacks))
        self._rng = random.Random(0)
        self._opponents: list[Opponent] = []
        self.state: HandState | None = None
        self._deck: Any = None
        self._hands = 0

    # ---------------------------------------------------------------- gym API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new hand and play the opponents up to the hero's first turn."""
        super().reset(seed=seed)
        if seed is not None or self._hands == 0:
            self._rng = random.Random(int(self.np_random.integers(2**63)))
            self._opponents = self._make_opponents()
        skipped, skipped_payoff = 0, 0
        while True:
            self._hands += 1
            if self.fixed_hero is None:
                self.hero = self._rng.randrange(len(self.stacks))
            self.state, self._deck = start_hand(self.config, self.stacks, self._rng)
            self._play_opponents()
            if not self.state.is_complete:
                break
            skipped += 1
            skipped_payoff += self.state.payoffs[self.hero]
            if skipped >= _MAX_SKIPPED:
                raise InvalidInputError(
                    f"{skipped} hands in a row ended before seat {self.hero}"
                    " could act: the forced bets leave it no decision"
                )
        info = {
            "hero": self.hero,
            "skipped_hands": skipped,
            "skipped_payoff": skipped_payoff,
        }
        return self.codec.observe(self.state, self.hero), info

    def step(
        self, action: np.int64
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Carry out the hero's action, then the opponents', to the hero's turn."""
        state = self.state
        if state is None or state.is_complete:
            raise InvalidInputError("the hand is over (or not dealt): call reset()")
        resolved = self.codec.resolve(state, int(action))
        state.apply(resolved.action)
        advance(state, self._deck)
        self._play_opponents()
        done = state.is_complete
        reward = float(state.payoffs[self.hero]) if done else 0.0
        info = {
            "action": str(resolved.action),
            "adjusted": resolved.adjusted,
            "payoffs": state.payoffs if done else None,
        }
        return self.codec.observe(state, self.hero), reward, done, False, info

    def render(self) -> str | None:
        """The hero's view as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        view = self.state.view(self.hero)
        cards = view.hole_cards[self.hero] or ()
        return (
            f"seat {self.hero} holds {' '.join(map(str, cards))}; board"
            f" {' '.join(map(str, view.board)) or '-'}; stacks {list(view.stacks)};"
            f" bets {list(view.committed)}; {view.phase}"
        )

    # ---------------------------------------------------------------- private

    def _make_opponents(self) -> list[Opponent]:
        if self._given_opponents is not None:
            return list(self._given_opponents)
        return [
            RandomBot(random.Random(self._rng.getrandbits(64)))
            for _ in range(len(self.stacks) - 1)
        ]

    def _opponent_at(self, seat: int) -> Opponent:
        index = seat if seat < self.hero else seat - 1
        return self._opponents[index]

    def _play_opponents(self) -> None:
        state = self.state
        assert state is not None
        while state.phase is Phase.BETTING and state.to_act != self.hero:
            seat = state.to_act
            assert seat is not None
            state.apply(opponent_action(self._opponent_at(seat), state, self._hands))
            advance(state, self._deck)
