"""The Gymnasium environment passes Gymnasium's own checker (holdem[rl])."""

from __future__ import annotations

import pytest

gymnasium = pytest.importorskip("gymnasium", reason="needs the holdem[rl] extra")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from holdem.errors import InvalidInputError  # noqa: E402
from holdem.rl import ActionAbstraction  # noqa: E402
from holdem.rl.gym_env import HoldemEnv  # noqa: E402
from holdem.rules import GameConfig  # noqa: E402
from holdem.table import CallingStationBot, TightAggressiveBot  # noqa: E402

CONFIGS = [
    pytest.param(GameConfig(), (40, 40), id="no-limit-heads-up"),
    pytest.param(
        GameConfig(structure="pot-limit", ante=1, straddles=1), (30,) * 6, id="pl-6"
    ),
    pytest.param(GameConfig(structure="fixed-limit"), (40,) * 10, id="fl-10"),
]


@pytest.mark.parametrize(("config", "stacks"), CONFIGS)
@pytest.mark.parametrize("abstract", [False, True])
def test_check_env_passes(config, stacks, abstract):
    abstraction = ActionAbstraction.default() if abstract else None
    env = HoldemEnv(config, stacks, hero=None, abstraction=abstraction)
    check_env(env, skip_render_check=True)


def test_same_seed_same_hands_R_DEAL_4():
    def play(seed):
        env = HoldemEnv(GameConfig(), (40, 40, 40), hero=1)
        obs, _ = env.reset(seed=seed)
        trace = [obs["observation"].tobytes()]
        done = False
        while not done:
            obs, reward, done, _, _ = env.step(1)
            trace.append(obs["observation"].tobytes())
        return trace, reward

    assert play(7) == play(7)


def test_reward_is_the_heros_net_chips_and_chips_are_conserved_R_POT_4():
    env = HoldemEnv(
        GameConfig(ante=1),
        (50, 60, 70),
        hero=2,
        opponents=[CallingStationBot(), TightAggressiveBot()],
        abstraction=ActionAbstraction.default(),
    )
    for seed in range(40):
        env.reset(seed=seed)
        done = False
        while not done:
            _, reward, done, _, info = env.step(env.action_space.sample())
        assert reward == info["payoffs"][2]
        assert sum(info["payoffs"]) == 0


def test_user_callable_opponent_sees_only_its_own_view():
    seen = []

    def opponent(view):
        seen.append(view)
        return view.legal.check_or_call()

    env = HoldemEnv(GameConfig(), (40, 40), hero=0, opponents=[opponent])
    for seed in range(20):
        env.reset(seed=seed)
        done = False
        while not done:
            _, _, done, _, _ = env.step(1)
    assert seen
    assert all(
        v.seat == 1 and v.hole_cards[0] is None for v in seen if v.phase == "betting"
    )


def test_abstraction_reports_each_actions_chips_and_adjustment():
    env = HoldemEnv(
        GameConfig(small_blind=1, big_blind=2),
        (100, 100),
        hero=1,  # the button: small blind, first to act pre-flop (R-TABLE-2)
        opponents=[CallingStationBot()],
        abstraction=ActionAbstraction.parse(["fold", "call", "pot", "all-in"]),
    )
    obs, _ = env.reset(seed=1)
    # pot 3, to call 1: a pot-sized raise is to 2 + (3 + 1) = 6 (R-PL-1 measure)
    assert obs["action_chips"].tolist() == [1, 2, 6, 100]
    _, _, _, _, info = env.step(2)
    assert info == {"action": "seat 1 raises to 6", "adjusted": False, "payoffs": None}


def test_bad_tables_are_refused_with_the_reason():
    with pytest.raises(InvalidInputError, match="2 to 10 seats"):
        HoldemEnv(GameConfig(), (10,) * 11)
    with pytest.raises(InvalidInputError, match="joker"):
        HoldemEnv(GameConfig(jokers=1), (10, 10))
    with pytest.raises(InvalidInputError, match="opponents"):
        HoldemEnv(GameConfig(), (10, 10, 10), opponents=[CallingStationBot()])
