"""Hands in a row at a table (``play_ring``): replayed, bookkept, reproducible.

Every ring hand is replayed through ``HandState`` by the oracle
(``holdem.batch.oracle.mismatch_of``): same events, same payoffs. The
table's bookkeeping (stacks carried over, rebuys when broke, R-TABLE-7; the
button one seat on a hand, R-TABLE-1) is checked against a loop written
here from the payoffs alone.
"""

from __future__ import annotations

import numpy as np
import pytest

from holdem.batch import play_ring
from holdem.batch.oracle import mismatch_of
from holdem.errors import InvalidInputError
from holdem.rules import GameConfig

POLICIES = ("uniform", "tight-aggressive", "calling-station", "buckets", "random")


def replay_all(ring, config: GameConfig) -> list[str]:
    """Every hand of a recorded ring run through the oracle; the differences."""
    assert ring.starts is not None and ring.cards is not None
    assert ring.events is not None and ring.event_counts is not None
    problems = []
    for i in range(ring.payoffs.shape[0]):
        seats = ring.hand_seats(i)
        problem = mismatch_of(
            config,
            [int(x) for x in ring.starts[i]],
            ring.cards[i],
            ring.events[i, : ring.event_counts[i]],
            [int(ring.payoffs[i, t]) for t in seats],
            f"ring hand {i} (seed {ring.seed})",
        )
        if problem is not None:
            problems.append(problem)
    return problems


@pytest.mark.parametrize("structure", ["no-limit", "pot-limit", "fixed-limit"])
@pytest.mark.parametrize("seats", [2, 3, 6, 10])
def test_ring_hands_replay_through_the_reference(structure: str, seats: int) -> None:
    # short stacks (20 big blinds): all-ins, side pots and rebuys
    config = GameConfig(structure=structure, ante=1)
    policies = [POLICIES[s % len(POLICIES)] for s in range(seats)]
    ring = play_ring(
        config,
        policies,
        seed=seats,
        stack=40,
        block_hands=60,
        hands=150,
        record=True,
        capacity=512,
    )
    assert replay_all(ring, config) == []


def test_R_TABLE_7_stacks_carry_over_and_a_broke_seat_buys_in_again() -> None:
    seats, stack, block = 4, 30, 50
    ring = play_ring(
        GameConfig(),
        ["uniform", "tight-aggressive", "uniform", "calling-station"],
        seed=11,
        stack=stack,
        block_hands=block,
        hands=170,  # tables of 50, 50, 50 and 20 hands
        record=True,
    )
    assert ring.starts is not None
    assert ring.bought_in.shape == (4,) and ring.stacks.shape == (4, seats)
    for table in range(4):
        stacks = [stack] * seats
        bought = seats * stack
        for i in range(table * block, min(170, (table + 1) * block)):
            for t in range(seats):
                if stacks[t] == 0:
                    stacks[t] = stack
                    bought += stack
            seat_of = ring.hand_seats(i)
            assert [int(x) for x in ring.starts[i]] == [stacks[t] for t in seat_of]
            assert int(ring.payoffs[i].sum()) == 0  # R-POT-4
            stacks = [s + int(p) for s, p in zip(stacks, ring.payoffs[i], strict=True)]
        assert [int(x) for x in ring.stacks[table]] == stacks
        assert int(ring.bought_in[table]) == bought == sum(stacks)
    assert (ring.bought_in > seats * stack).all()  # a rebuy at every table


def test_R_TABLE_1_the_button_moves_one_seat_a_hand() -> None:
    ring = play_ring(
        GameConfig(), ["uniform"] * 3, seed=5, stack=100, block_hands=7, hands=21
    )
    for table in range(3):
        buttons = [int(b) for b in ring.buttons[table * 7 : table * 7 + 7]]
        assert buttons == [(buttons[0] + k) % 3 for k in range(7)]
    # heads-up (R-TABLE-2): hand seat 0, left of the button, is the other seat
    two = play_ring(
        GameConfig(), ["uniform"] * 2, seed=5, stack=100, block_hands=4, hands=4
    )
    for i in range(4):
        assert two.hand_seats(i) == [1 - int(two.buttons[i]), int(two.buttons[i])]


def test_R_DEAL_4_any_split_of_the_tables_plays_the_same_hands() -> None:
    args = {
        "seed": 2**64 - 5,
        "stack": 60,
        "block_hands": 40,
        "hands": 200,
        "record": True,
    }
    policies = ["tight-aggressive", "uniform", "calling-station", "uniform"]
    whole = play_ring(GameConfig(ante=1), policies, **args)
    parts = [
        play_ring(GameConfig(ante=1), policies, first_block=0, blocks=2, **args),
        play_ring(GameConfig(ante=1), policies, first_block=2, blocks=1, **args),
        play_ring(GameConfig(ante=1), policies, first_block=3, **args),
    ]
    for name in ("payoffs", "buttons", "bought_in", "stacks", "starts", "cards"):
        joined = np.concatenate([getattr(p, name) for p in parts])
        assert np.array_equal(getattr(whole, name), joined), name
    other = play_ring(GameConfig(ante=1), policies, **{**args, "seed": 1})
    assert not np.array_equal(whole.cards, other.cards)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"policies": ["uniform", "shark"]}, "unknown policy 'shark'"),
        ({"policies": ["uniform", None]}, "built-in policies only"),
        ({"policies": ["uniform"]}, "2 to 10 seats"),
        ({"stack": 0}, "stack must be an int 1.."),
        ({"seed": -1}, "seed must be an int 0.."),
        ({"hands": 10, "first_block": 3}, "the run has tables 0..1"),
        ({"hands": 10, "blocks": 3}, "the run has tables 0..1"),
        ({"stack": 10**14, "block_hands": 100}, "more than a stack holds"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(kwargs, message) -> None:
    args = {
        "policies": ["uniform", "uniform"],
        "seed": 1,
        "stack": 100,
        "block_hands": 5,
        "hands": 20,
        **kwargs,
    }
    policies = args.pop("policies")
    with pytest.raises(InvalidInputError, match=message):
        play_ring(GameConfig(), policies, **args)
