"""The OpenSpiel game passes OpenSpiel's random-simulation and serialization checks."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="needs the holdem[rl] extra (open-spiel)"
)
import holdem.rl.openspiel_game  # noqa: E402, F401  (registers python_holdem)

GAMES = [
    "python_holdem(stack=20)",
    "python_holdem(num_players=4,structure=pot-limit,stack=20,ante=1,straddles=1)",
    "python_holdem(num_players=10,structure=fixed-limit,stack=12)",
]


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_passes_with_serialization(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


def _random_states(game, rng, hands):
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            yield state
            if state.is_chance_node():
                codes, _ = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choice(codes))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        yield state


@pytest.mark.parametrize("name", GAMES[:2])
def test_R_HISTORY_1_information_states_hold_no_other_hole_cards(name):
    game = pyspiel.load_game(name)
    n = game.num_players()
    rng = random.Random(5)
    shape = game.information_state_tensor_shape()
    for state in _random_states(game, rng, 40):
        hand = state.hand
        for player in range(n):
            text = state.information_state_string(player)
            tensor = np.asarray(state.information_state_tensor(player))
            assert tensor.shape == tuple(shape)
            own = hand.hole_cards[player]
            for seat in range(n):
                cards = hand.hole_cards[seat]
                if seat == player or cards is None or hand.shown[seat]:
                    continue  # hands turned face up are public (R-SHOW-3)
                if not state.is_terminal():
                    assert all(
                        str(c) not in text for c in cards if c not in (own or ())
                    )
                    hole_bits = tensor[n : n + 52]
                    assert all(hole_bits[c.code] == 0 for c in cards)


def test_chance_deals_every_remaining_card_equally():
    game = pyspiel.load_game("python_holdem(stack=20)")
    state = game.new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and sum(p for _, p in outcomes) == pytest.approx(1)
    state.apply_action(51)  # As to seat 0 first (R-DEAL-1)
    assert all(code != 51 for code, _ in state.chance_outcomes())


def test_serialize_round_trip_mid_hand():
    game = pyspiel.load_game(GAMES[1])
    rng = random.Random(8)
    for state in _random_states(game, rng, 3):
        text = pyspiel.serialize_game_and_state(game, state)
        _, back = pyspiel.deserialize_game_and_state(text)
        assert back.history() == state.history()
        assert str(back) == str(state)
