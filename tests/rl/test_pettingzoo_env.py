"""The PettingZoo AEC environment passes PettingZoo's own api_test (holdem[rl])."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="needs the holdem[rl] extra")
from pettingzoo.test import api_test

from holdem.rl import ActionAbstraction
from holdem.rl.pettingzoo_env import HoldemAECEnv
from holdem.rules import GameConfig

# a dict observation with an action mask is what PettingZoo's own card games
# use; api_test still warns that it is not a Box
pytestmark = pytest.mark.filterwarnings("ignore:Observation:UserWarning")


@pytest.mark.parametrize(
    ("config", "stacks"),
    [
        (GameConfig(), (40, 40)),
        (GameConfig(structure="pot-limit", straddles=2, ante=1), (30, 40, 50, 60)),
        (GameConfig(structure="fixed-limit", big_blind_ante=True, ante=2), (40,) * 9),
    ],
)
@pytest.mark.parametrize("abstract", [False, True])
def test_api_test_passes(config, stacks, abstract):
    abstraction = ActionAbstraction.default() if abstract else None
    api_test(HoldemAECEnv(config, stacks, abstraction=abstraction), num_cycles=300)


def test_masked_actions_apply_as_given_and_rewards_sum_to_zero_R_POT_4():
    env = HoldemAECEnv(GameConfig(ante=1), (30, 50, 70))
    for seed in range(30):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, done, _, _ = env.last()
            if done:
                env.step(None)
                continue
            legal = [i for i, ok in enumerate(obs["action_mask"]) if ok]
            env.step(legal[(seed * 7 + len(legal)) % len(legal)])
            assert env.infos[agent]["adjusted"] is False
        assert not env.agents
    env.reset(seed=3)


def test_final_rewards_are_the_payoffs():
    env = HoldemAECEnv(GameConfig(), (20, 20, 20))
    env.reset(seed=11)
    totals = {}
    for agent in env.agent_iter():
        _, reward, done, _, _ = env.last()
        if done:
            totals[agent] = reward
            env.step(None)
        else:
            env.step(1)  # everyone checks or calls to the showdown
    assert sum(totals.values()) == 0
    assert totals == {f"seat_{s}": float(p) for s, p in enumerate(env.state.payoffs)}
