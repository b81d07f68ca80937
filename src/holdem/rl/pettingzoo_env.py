"""A PettingZoo AEC environment: every seat is an agent, with action masks.

Needs the optional extra ``holdem[rl]`` (pettingzoo, gymnasium). Agents are
``seat_0`` .. ``seat_{n-1}`` (seat 0 is the button's left, the last seat the
button); one episode is one hand under a ``GameConfig``, every seat starting
from its configured stack. The environment owns its random source, seeded by
``reset(seed=...)``; it orders the deck (R-DEAL-4), the engine never
shuffles. ``observe(agent)`` is built from ``HandState.view(seat)`` only
(R-HISTORY-1); its dict is ``SeatCodec``'s, with ``action_mask``.

Rewards are the net chips of the hand, given to every agent when it ends;
then every agent is terminated. An action id that is not legal as given is
mapped to the nearest legal action and ``infos[agent]["adjusted"]`` says so.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gymnasium import spaces
from pettingzoo import AECEnv

from holdem.cards import Deck
from holdem.engine import HandState, Phase
from holdem.errors import InvalidInputError
from holdem.rl.actions import ActionAbstraction
from holdem.rl.gym_env import observation_space
from holdem.rl.hands import advance, check_table, start_hand
from holdem.rl.seat_io import SeatCodec
from holdem.rules.config import GameConfig

__all__ = ["HoldemAECEnv", "agent_name"]


def agent_name(seat: int) -> str:
    """The agent of hand seat ``seat``: ``seat_0`` for seat 0."""
    return f"seat_{seat}"


class HoldemAECEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """One hand per episode, every seat an agent (see the module docstring).

    Args:
        config: the game; ``GameConfig()`` by default (no-limit 1/2).
        stacks: chips per seat at the start of every hand; 2..10 seats.
        abstraction: the abstract actions, or ``None`` for the exact sizes.

    Raises:
        InvalidInputError: for a table ``check_table`` refuses.
    """

    metadata = {  # noqa: RUF012
        "render_modes": ["ansi"],
        "name": "holdem_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        config: GameConfig | None = None,
        stacks: Sequence[int] = (200, 200),
        *,
        abstraction: ActionAbstraction | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.config = config if config is not None else GameConfig()
        self.stacks = check_table(self.config, stacks)
        if render_mode is not None and render_mode != "ansi":
            raise InvalidInputError(
                f"render_mode must be None or 'ansi', got {render_mode!r}"
            )
        self.render_mode = render_mode
        n = len(self.stacks)
        self.codec = SeatCodec(n, self.config.big_blind, max(self.stacks), abstraction)
        self.possible_agents = [agent_name(s) for s in range(n)]
        self._seat = {agent_name(s): s for s in range(n)}
        self._observation_space = observation_space(self.codec, sum(self.stacks))
        self._action_space = spaces.Discrete(self.codec.actions)
        self._rng = random.Random(0)
        self._seeded = False
        self.state: HandState | None = None
        self._deck: Deck | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's observation space (the same dict for all)."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Every agent's action space (the same for all)."""
        return self._action_space

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Deal a new hand; ``seed`` seeds the environment's random source."""
        if seed is not None or not self._seeded:
            self._rng = random.Random(seed)
            self._seeded = True
            self._action_space.seed(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.state, self._deck = start_hand(self.config, self.stacks, self._rng)
        self._after_step()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation, from its own view of the hand."""
        assert self.state is not None
        return self.codec.observe(self.state, self._seat[agent])

    def step(self, action: int | None) -> None:
        """The selected agent acts (``None`` for an agent whose hand is over)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        assert state is not None and self._deck is not None
        if action is None:
            raise InvalidInputError(
                f"{agent} is to act: give an action id 0..{self.codec.actions - 1}"
            )
        resolved = self.codec.resolve(state, action)
        state.apply(resolved.action)
        advance(state, self._deck)
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {
            "action": str(resolved.action),
            "adjusted": resolved.adjusted,
        }
        self._after_step()

    def _after_step(self) -> None:
        """Select the seat to act, or end the hand for everyone."""
        state = self.state
        assert state is not None
        self._clear_rewards()
        if state.phase is Phase.BETTING:
            assert state.to_act is not None
            self.agent_selection = agent_name(state.to_act)
            return
        for agent, seat in self._seat.items():
            self.rewards[agent] = float(state.payoffs[seat])
            self.terminations[agent] = True
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """Each seat's chips and the board, as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi" or self.state is None:
            return None
        view = self.state.view(None)
        return (
            f"board {' '.join(map(str, view.board)) or '-'}; stacks"
            f" {list(view.stacks)}; bets {list(view.committed)}; {view.phase}"
        )

    def close(self) -> None:
        """Nothing to release."""
