"""No observation ever holds another seat's hole cards (R-HISTORY-1).

Two checks over a few hundred random hands: every observation's card bits
are exactly the viewer's own hole cards and the board; and changing another
seat's hole cards (to cards nobody is dealt) changes none of the viewer's
observations while the hand goes on.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from holdem.cards import Deck
from holdem.engine import HandState
from holdem.rl import ActionAbstraction, SeatCodec, advance
from holdem.rules import GameConfig

CONFIGS = [
    (GameConfig(), 2),
    (GameConfig(structure="pot-limit", ante=1, straddles=1), 6),
    (GameConfig(structure="fixed-limit"), 10),
]


def _play(config, n, cards, actions_rng, codec, viewer):
    """Observations of ``viewer`` at every step of a hand dealt from ``cards``."""
    state = HandState(config, [40] * n)
    deck = Deck(cards)
    advance(state, deck)
    seen = []
    while not state.is_complete:
        seen.append({k: v.copy() for k, v in codec.observe(state, viewer).items()})
        choice = actions_rng.randrange(codec.actions)
        state.apply(codec.resolve(state, choice).action)
        advance(state, deck)
    return seen, state


@pytest.mark.parametrize(("config", "n"), CONFIGS)
@pytest.mark.parametrize("abstract", [False, True])
def test_R_HISTORY_1_observations_hold_only_own_cards_and_board(config, n, abstract):
    codec = SeatCodec(
        n, config.big_blind, 40, ActionAbstraction.default() if abstract else None
    )
    fields = codec.encoder.fields
    rng = random.Random(2024)
    for _ in range(60):
        cards = Deck.top(rng, 52)._cards
        viewer = rng.randrange(n)
        seen, state = _play(
            config, n, cards[: 2 * n + 8], random.Random(rng.random()), codec, viewer
        )
        for obs in seen:
            vector = obs["observation"]
            hole = set(np.flatnonzero(vector[fields["hole_cards"]]))
            assert hole == {c.code for c in state.hole_cards[viewer]}
        # after the showdown too: the vector never names others' cards
        final = codec.observe(state, viewer)["observation"]
        assert set(np.flatnonzero(final[fields["hole_cards"]])) == {
            c.code for c in state.hole_cards[viewer]
        }
        assert set(np.flatnonzero(final[fields["board"]])) == {
            c.code for c in state.board
        }


@pytest.mark.parametrize(("config", "n"), CONFIGS)
def test_R_HISTORY_1_others_cards_do_not_change_the_view(config, n):
    codec = SeatCodec(n, config.big_blind, 40, None)
    rng = random.Random(99)
    for _ in range(40):
        cards = list(Deck.top(rng, 52)._cards)
        used = 2 * n + 8
        viewer = rng.randrange(n)
        other = rng.choice([s for s in range(n) if s != viewer])
        swapped = list(cards)
        # hole cards go round twice: the other seat's cards sit at other and
        # n + other in the deal; give it two cards nobody is dealt
        swapped[other], swapped[n + other] = cards[used], cards[used + 1]
        seed = rng.random()
        a, _ = _play(config, n, cards[:used], random.Random(seed), codec, viewer)
        b, _ = _play(config, n, swapped[:used], random.Random(seed), codec, viewer)
        assert len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            for key in x:
                assert np.array_equal(x[key], y[key])
        # and the engine's view the encoder reads hides them too
        state = HandState(config, [40] * n)
        advance(state, Deck(cards[:used]))
        if not state.is_complete:
            assert state.view(viewer).hole_cards[other] is None
