"""Hands in a row at tables of built-in players: ``play_ring`` and ``RingResult``.

A ring run deals ``hands`` hands at tables of ``len(policies)`` seats,
``block_hands`` hands in a row at each table (the last table fewer): each
table starts every seat with ``stack`` chips, carries the stacks from hand to
hand, buys a broke seat in again with ``stack`` chips before its next hand
(R-TABLE-7), and moves the button one seat a hand (R-TABLE-1: every seat is
dealt every hand), from a first button drawn for the table. It is what
``holdem simulate`` plays at a ``Table`` with its built-in bots, as the batch
engine plays it.

Hand ``g`` of the run (table ``g // block_hands``) draws its cards and its
players' choices from its own stream, keyed by ``(seed, g)``, and a table's
first button from one keyed by ``(seed, table)`` (R-DEAL-4): playing the
tables in one call or many, in any process, gives the same hands.

>>> from holdem.rules import GameConfig
>>> ring = play_ring(GameConfig(), ["uniform", "tight-aggressive", "calling-station"],
...                  seed=7, stack=200, block_hands=100, hands=250)
>>> ring.payoffs.shape, int(ring.payoffs.sum()), ring.bought_in.shape
((250, 3), 0, (3,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from holdem.batch.game import BatchGame, policy_codes
from holdem.batch.layout import EVENT_WIDTH, EXTERNAL
from holdem.batch.play import RandomWeights
from holdem.errors import InvalidInputError
from holdem.rules.config import MAX_CHIPS, GameConfig

__all__ = ["RingResult", "play_ring"]


@dataclass(frozen=True)
class RingResult:
    """What ``play_ring`` returns; seats are table seats ``0 .. n - 1``.

    Attributes:
        game: the game played.
        seed: the run's seed.
        block_hands: hands a table deals in a row.
        first_block: the first table played (its hands come first).
        payoffs: (count, n) int64 net chips per table seat, hand by hand
            (R-POT-4: each row sums to 0).
        buttons: (count,) the button's table seat of each hand.
        bought_in: (tables,) chips each table's seats bought in with, the
            first buy-ins and every rebuy.
        stacks: (tables, n) each table's stacks after its last hand.
        starts: (count, n) each hand's starting stacks by hand seat (seat 0
            left of the button), or None when not recorded.
        cards: (count, 2 x n + 8) card codes in the order of the deal, or None.
        events: (count, capacity, 5) event rows (``layout.EV_*``), or None.
        event_counts: (count,) rows of ``events`` each hand wrote, or None.
    """

    game: BatchGame
    seed: int
    block_hands: int
    first_block: int
    payoffs: npt.NDArray[np.int64]
    buttons: npt.NDArray[np.int64]
    bought_in: npt.NDArray[np.int64]
    stacks: npt.NDArray[np.int64]
    starts: npt.NDArray[np.int64] | None
    cards: npt.NDArray[np.int64] | None
    events: npt.NDArray[np.int64] | None
    event_counts: npt.NDArray[np.int64] | None

    def hand_seats(self, i: int) -> list[int]:
        """Table seat of each hand seat of row ``i`` (hand seat 0 first)."""
        n = self.game.seats
        button = int(self.buttons[i])
        return [(button + 1 + k) % n for k in range(n)]


def play_ring(
    config: GameConfig | BatchGame,
    policies: Sequence[str],
    *,
    seed: int,
    stack: int,
    block_hands: int,
    hands: int,
    first_block: int = 0,
    blocks: int | None = None,
    weights: RandomWeights | None = None,
    record: bool = False,
    capacity: int = 256,
) -> RingResult:
    """Play tables ``first_block .. first_block + blocks - 1`` of a ring run.

    Args:
        config: the game, or a ``BatchGame`` made before.
        policies: the built-in policy of each table seat, 2..10 of them
            (``holdem.batch.policies``).
        seed: the run's seed, 0 .. 2**64 - 1.
        stack: chips each seat buys in with, and again when broke.
        block_hands: hands a table deals in a row.
        hands: hands in the whole run; the last table deals what is left.
        first_block: the first table to play.
        blocks: tables to play (all those left by default).
        weights: the ``random`` policy's weights.
        record: keep each hand's starting stacks, cards and event log, for
            a replay through ``HandState`` (``holdem.batch.oracle``).
        capacity: event rows kept per hand when recording.

    Returns:
        The ``RingResult``, the hands of the tables played in order.

    Raises:
        InvalidInputError: for a bad config, policy, seed, count, a stack
            outside 1..MAX_CHIPS, a table that could hold more than
            MAX_CHIPS chips with its rebuys, tables outside the run, or a
            recorded hand longer than ``capacity`` events.
    """
    seats = len(policies)
    game = config if isinstance(config, BatchGame) else BatchGame.of(config, seats)
    if game.seats != seats:
        raise InvalidInputError(f"the game has {game.seats} seats, not {seats}")
    for name, value, low, top in (
        ("seed", seed, 0, 2**64 - 1),
        ("stack", stack, 1, MAX_CHIPS),
        ("block_hands", block_hands, 1, 10**15),
        ("hands", hands, 1, 10**15),
        ("capacity", capacity, 0, 10**6),
    ):
        if type(value) is not int or not low <= value <= top:
            raise InvalidInputError(
                f"{name} must be an int {low}..{top}, got {value!r:.40}"
            )
    most = stack * (seats + (seats - 1) * (min(block_hands, hands) - 1))
    if most > MAX_CHIPS:
        raise InvalidInputError(
            f"a table may hold {most:,} chips with every rebuy, more than a"
            f" stack holds ({MAX_CHIPS:,}): a smaller stack or fewer hands a table"
        )
    tables = -(-hands // block_hands)
    if blocks is None:
        blocks = tables - first_block if type(first_block) is int else 0
    if (
        type(first_block) is not int
        or type(blocks) is not int
        or first_block < 0
        or blocks < 1
        or first_block + blocks > tables
    ):
        raise InvalidInputError(
            f"the run has tables 0..{tables - 1}: cannot play {blocks!r:.20}"
            f" from {first_block!r:.20}"
        )
    codes = policy_codes(list(policies), seats)
    if (codes == EXTERNAL).any():
        raise InvalidInputError("play_ring plays built-in policies only (no None)")
    params = (weights or RandomWeights()).array()
    from holdem.batch import run  # compiles (or loads) the kernels
    from holdem.batch.policies import policy_tables

    start = first_block * block_hands
    count = min(hands, (first_block + blocks) * block_hands) - start
    rows = count if record else 0
    payoffs = np.zeros((count, seats), np.int64)
    buttons = np.zeros(count, np.int64)
    bought = np.zeros(blocks, np.int64)
    final = np.zeros((blocks, seats), np.int64)
    starts = np.zeros((rows, seats), np.int64)
    cards = np.zeros((rows, 2 * seats + 8), np.int64)
    events = np.zeros((rows, capacity if record else 0, EVENT_WIDTH), np.int64)
    meta = np.zeros((rows, 2), np.int64)
    run.play_ring(
        game.template(codes, params),
        codes,
        stack,
        np.uint64(seed),
        block_hands,
        hands,
        first_block,
        policy_tables(),
        payoffs,
        buttons,
        bought,
        final,
        starts,
        cards,
        events,
        meta,
    )
    if record and meta[:, 1].any():
        bad = int(np.nonzero(meta[:, 1])[0][0])
        raise InvalidInputError(
            f"hand {start + bad} has more than {capacity} events: play it again"
            " with a larger capacity"
        )
    return RingResult(
        game,
        seed,
        block_hands,
        first_block,
        payoffs,
        buttons,
        bought,
        final,
        starts if record else None,
        cards if record else None,
        events if record else None,
        meta[:, 0].copy() if record else None,
    )
