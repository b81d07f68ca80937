"""Play many hands at once: ``play_hands`` and its ``BatchResult``.

>>> from holdem.rules import GameConfig
>>> result = play_hands(GameConfig(), 6, 1000, seed=7, stacks=[200] * 6)
>>> result.payoffs.shape, int(result.payoffs.sum())
((1000, 6), 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from holdem.batch.game import BatchGame, policy_codes, stack_array
from holdem.batch.layout import EVENT_WIDTH, EXTERNAL
from holdem.errors import InvalidInputError
from holdem.rules.config import GameConfig

__all__ = ["BatchResult", "RandomWeights", "play_hands"]


@dataclass(frozen=True, slots=True)
class RandomWeights:
    """Weights of the random policy's choices (see ``holdem.batch.policies``).

    Attributes:
        fold: fold when facing a bet.
        call: check or call.
        min_raise: the smallest legal bet or raise.
        sized: a size drawn uniformly from the legal range.
        all_in: the largest legal size.
        open_fold: fold even when a check is possible (R-BET-1).

    The weights are non-negative and are scaled to sum to 1. The defaults
    are ``benchmarks/hands.py``'s: 25% fold, 50% call, 18% min raise, 7%
    all-in.
    """

    fold: float = 0.25
    call: float = 0.50
    min_raise: float = 0.18
    sized: float = 0.0
    all_in: float = 0.07
    open_fold: float = 0.0

    def array(self) -> npt.NDArray[np.float64]:
        """The weights in the kernels' order, scaled to sum to 1.

        Raises:
            InvalidInputError: for a negative weight or all zero.
        """
        values = np.array(
            [
                self.fold,
                self.call,
                self.min_raise,
                self.sized,
                self.all_in,
                self.open_fold,
            ],
            np.float64,
        )
        if not np.all(np.isfinite(values)) or values.min() < 0 or values.sum() <= 0:
            raise InvalidInputError(
                f"random policy weights must be non-negative and not all 0: {self}"
            )
        scaled: npt.NDArray[np.float64] = values / values.sum()
        return scaled


@dataclass(frozen=True)
class BatchResult:
    """What ``play_hands`` returns.

    Attributes:
        game: the game played.
        seed: the run's seed; hand ``first + i`` of the run is row ``i``.
        first: the run index of row 0.
        stacks: (1 or count, seats) starting stacks.
        payoffs: (count, seats) int64 net chips per seat (R-POT-4: each row
            sums to 0).
        decisions: (count,) betting decisions per hand.
        cards: (count, 2 x seats + 8) card codes in the order of the deal,
            or None when not recorded.
        events: (count, capacity, 5) event rows (``layout.EV_*``), or None.
        event_counts: (count,) rows of ``events`` each hand wrote, or None.
    """

    game: BatchGame
    seed: int
    first: int
    stacks: npt.NDArray[np.int64]
    payoffs: npt.NDArray[np.int64]
    decisions: npt.NDArray[np.int64]
    cards: npt.NDArray[np.int64] | None
    events: npt.NDArray[np.int64] | None
    event_counts: npt.NDArray[np.int64] | None

    def hand_stacks(self, i: int) -> list[int]:
        """Starting stacks of row ``i``."""
        row = self.stacks[i] if self.stacks.shape[0] > 1 else self.stacks[0]
        return [int(x) for x in row]


def play_hands(
    config: GameConfig | BatchGame,
    seats: int,
    count: int,
    *,
    seed: int,
    stacks: Any,
    policy: str | Sequence[str] = "random",
    weights: RandomWeights | None = None,
    first: int = 0,
    record: bool = False,
    capacity: int = 256,
    parallel: bool = False,
    chunk: int = 1024,
) -> BatchResult:
    """Deal and play ``count`` hands with the built-in policies, in numba.

    Hand ``first + i`` of the run ``seed`` is row ``i``; its cards and
    choices depend on ``(seed, first + i)`` only (R-DEAL-4), so any split of
    a run into calls gives the same hands.

    Args:
        config: the game, or a ``BatchGame`` made before.
        seats: players per hand, 2..10.
        count: hands to play.
        seed: the run's seed, 0 .. 2**64 - 1.
        stacks: starting chips, shape (seats,) for every hand or (count,
            seats) per hand; seat 0 is left of the button.
        policy: a built-in policy name for every seat (``random``,
            ``calling-station``, ``buckets``) or one per seat.
        weights: the random policy's weights (``RandomWeights()``).
        first: the run index of the first hand.
        record: keep the cards and the event log of each hand.
        capacity: event rows kept per hand when recording.
        parallel: play on every numba thread (``numba.set_num_threads``).
        chunk: hands per task of the parallel loop.

    Returns:
        The ``BatchResult``.

    Raises:
        InvalidInputError: for a bad config, seat count, stacks, policy,
            seed, count or a recorded hand longer than ``capacity`` events.
    """
    game = config if isinstance(config, BatchGame) else BatchGame.of(config, seats)
    if game.seats != seats:
        raise InvalidInputError(f"the game has {game.seats} seats, not {seats}")
    for name, value, top in (
        ("count", count, 10**12),
        ("first", first, 2**63 - 1),
        ("seed", seed, 2**64 - 1),
        ("capacity", capacity, 10**6),
        ("chunk", chunk, 10**9),
    ):
        if type(value) is not int or not 0 <= value <= top:
            raise InvalidInputError(
                f"{name} must be an int 0..{top}, got {value!r:.40}"
            )
    codes = policy_codes(policy, seats)
    if (codes == EXTERNAL).any():
        raise InvalidInputError("play_hands plays built-in policies only (no None)")
    params = (weights or RandomWeights()).array()
    stack_rows = stack_array(stacks, seats, count)
    from holdem.batch import run  # compiles (or loads) the kernels
    from holdem.batch.policies import policy_tables

    payoffs = np.zeros((count, seats), np.int64)
    decisions = np.zeros(count, np.int64)
    rows = count if record else 0
    cards = np.zeros((rows, 2 * seats + 8), np.int64)
    events = np.zeros((rows, capacity if record else 0, EVENT_WIDTH), np.int64)
    meta = np.zeros((rows, 2), np.int64)
    kernel = run.play_batch_parallel if parallel else run.play_batch
    kernel(
        game.template(codes, params),
        stack_rows,
        np.uint64(seed),
        first,
        policy_tables(),
        payoffs,
        decisions,
        cards,
        events,
        meta,
        max(chunk, 1),
    )
    if record and meta[:, 1].any():
        bad = int(np.nonzero(meta[:, 1])[0][0])
        raise InvalidInputError(
            f"hand {first + bad} has more than {capacity} events: play it again"
            " with a larger capacity"
        )
    return BatchResult(
        game,
        seed,
        first,
        stack_rows,
        payoffs,
        decisions,
        cards if record else None,
        events if record else None,
        meta[:, 0].copy() if record else None,
    )
