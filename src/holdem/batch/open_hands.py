"""Many hands open at once, some seats decided by the caller: ``OpenHands``.

The step API of the batch engine, for the vector environment
(``holdem.rl.vector_env``) and any caller with its own players: each row
holds one hand; seats whose policy is ``None`` wait for the caller, the
others play the built-in policies in numba between the caller's steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from holdem.batch.game import BatchGame, policy_codes, stack_array
from holdem.batch.layout import (
    D_CHECK_CALL,
    D_FOLD,
    D_RAISE,
    EVENT_WIDTH,
    EXTERNAL,
    H_SIZE,
    P_POLICY,
    P_STACK,
    P_START,
    PH_BETTING,
    PH_COMPLETE,
    S_PHASE,
    S_TO_ACT,
)
from holdem.batch.play import RandomWeights
from holdem.errors import IllegalActionError, InvalidInputError

__all__ = ["FOLD", "CHECK_CALL", "RAISE", "OpenHands"]

FOLD, CHECK_CALL, RAISE = D_FOLD, D_CHECK_CALL, D_RAISE
"""Decision kinds of ``OpenHands.step``."""


class OpenHands:
    """``rows`` hands open at once; the caller decides the seats without a policy.

    Args:
        game: the game (a ``BatchGame``).
        rows: hands held at once.
        policy: per seat a built-in policy name, or ``None`` for a seat the
            caller decides; one name for every seat.
        weights: the random policy's weights.
        capacity: event rows kept per hand (0: none).

    Raises:
        InvalidInputError: for a bad policy list, rows < 1 or capacity < 0.
    """

    def __init__(
        self,
        game: BatchGame,
        rows: int,
        *,
        policy: str | Sequence[str | None],
        weights: RandomWeights | None = None,
        capacity: int = 0,
    ) -> None:
        if type(rows) is not int or rows < 1:
            raise InvalidInputError(f"rows must be a positive int, got {rows!r:.40}")
        if type(capacity) is not int or capacity < 0:
            raise InvalidInputError(
                f"capacity must be an int >= 0, got {capacity!r:.40}"
            )
        from holdem.batch import run
        from holdem.batch.policies import policy_tables

        self._run = run
        self._tables = policy_tables()
        self.game = game
        self.seats = game.seats
        self.policies = policy_codes(policy, game.seats)
        self._template = game.template(
            self.policies, (weights or RandomWeights()).array()
        )
        self.hands = np.zeros((rows, H_SIZE), np.int64)
        self.hands[:, S_PHASE] = PH_COMPLETE
        self.events = np.zeros((rows, capacity, EVENT_WIDTH), np.int64)
        self._legal = np.zeros((rows, 7), np.int64)

    def deal(self, rows: Any, indices: Any, *, seed: int, stacks: Any) -> None:
        """Deal hand ``indices[k]`` of the run ``seed`` into row ``rows[k]``.

        Plays the built-in seats up to the caller's first decision (or the
        end: a hand may be over before any caller's seat acts).

        Raises:
            InvalidInputError: for rows out of range, lengths that differ, a
                seed outside 0..2**64-1, or bad stacks (``stack_array``).
        """
        rows_ = np.asarray(rows, np.int64).reshape(-1)
        indices_ = np.asarray(indices, np.int64).reshape(-1)
        if rows_.shape != indices_.shape:
            raise InvalidInputError("rows and indices need the same length")
        if rows_.size and (rows_.min() < 0 or rows_.max() >= self.hands.shape[0]):
            raise InvalidInputError(f"rows are 0..{self.hands.shape[0] - 1}")
        if type(seed) is not int or not 0 <= seed < 2**64:
            raise InvalidInputError(f"seed must be an int 0..2**64-1, got {seed!r:.40}")
        stack_rows = stack_array(stacks, self.seats, len(rows_))
        self._run.begin_rows(
            self.hands,
            self.events,
            self._template,
            stack_rows,
            np.uint64(seed),
            rows_,
            indices_,
            self._tables,
        )

    @property
    def to_act(self) -> npt.NDArray[np.int64]:
        """Per row, the seat to act while betting, else -1."""
        betting = self.hands[:, S_PHASE] == PH_BETTING
        return np.where(betting, self.hands[:, S_TO_ACT], -1)

    @property
    def waiting(self) -> npt.NDArray[np.bool_]:
        """Rows whose hand waits for the caller's decision."""
        seats = self.to_act
        policy = self.hands[np.arange(len(seats)), P_POLICY + np.maximum(seats, 0)]
        out: npt.NDArray[np.bool_] = (seats >= 0) & (policy == EXTERNAL)
        return out

    @property
    def complete(self) -> npt.NDArray[np.bool_]:
        """Rows whose hand is over (or not dealt yet)."""
        return self.hands[:, S_PHASE] == PH_COMPLETE  # type: ignore[no-any-return]

    @property
    def payoffs(self) -> npt.NDArray[np.int64]:
        """(rows, seats) net chips per seat so far; final once complete."""
        n = self.seats
        out: npt.NDArray[np.int64] = (
            self.hands[:, P_STACK : P_STACK + n] - self.hands[:, P_START : P_START + n]
        )
        return out

    def legal(self) -> npt.NDArray[np.int64]:
        """The legal actions of every row's seat to act, shape (rows, 7).

        Columns: seat to act (-1 if none), can_fold, can_check, call_amount,
        min_to, max_to (-1: no raise), is_bet (R-BET-1).
        """
        self._run.legal_rows(self.hands, self._legal)
        return self._legal

    def step(self, active: Any, kinds: Any, tos: Any) -> None:
        """Carry out the caller's decisions in the ``active`` rows, then play on.

        ``kinds[r]`` is ``FOLD``, ``CHECK_CALL`` or ``RAISE`` (a bet when
        nothing is bet) to a street total of ``tos[r]`` chips.

        Raises:
            IllegalActionError: when a row does not wait for the caller or
                its decision is not legal; nothing is carried out then.
        """
        active_ = np.ascontiguousarray(active, np.bool_)
        kinds_ = np.ascontiguousarray(kinds, np.int64)
        tos_ = np.ascontiguousarray(tos, np.int64)
        rows = self.hands.shape[0]
        if not active_.shape == kinds_.shape == tos_.shape == (rows,):
            raise InvalidInputError(f"active, kinds and tos need shape ({rows},)")
        bad = self._run.check_step(self.hands, active_, kinds_, tos_)
        if bad >= 0:
            legal = self.legal()[bad]
            raise IllegalActionError(
                f"row {bad}: decision {int(kinds_[bad])} to {int(tos_[bad])} is"
                f" not legal now (seat to act {int(legal[0])}; can fold"
                f" {bool(legal[1])}, call {int(legal[3])}, raise to"
                f" {int(legal[4])}..{int(legal[5])}; -1 for none) [R-BET-1]",
                rule="R-BET-1",
            )
        self._run.step_rows(
            self.hands, self.events, active_, kinds_, tos_, self._tables
        )
