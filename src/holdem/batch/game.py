"""A game for the batch engine: a ``GameConfig`` and a number of seats as arrays.

The batch engine deals what the reference engine deals for
``HandState(config, stacks)``: the config's blinds, straddles and antes
(R-BLIND-1..4, R-STRADDLE-1, R-ANTE-1) under no-limit, pot-limit or
fixed-limit (R-NL, R-PL, R-FL), 2 to 10 seats. It leaves out what the
reference takes from a table, not a config: jokers (R-DECK-2), the big-blind
ante, dead blinds and misdeals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from holdem.batch.layout import (
    CFG_BIG_BET,
    CFG_CAP,
    CFG_FIRST,
    CFG_FOLD_FREE,
    CFG_HU_UNCAPPED,
    CFG_MIN_BET,
    CFG_ONE_AT_A_TIME,
    CFG_PARAMS,
    CFG_SEATS,
    CFG_SMALL_BET,
    CFG_STRUCTURE,
    CFG_TOP_BLIND,
    EXTERNAL,
    FIXED_LIMIT,
    H_SIZE,
    NO_LIMIT,
    P_ANTE_OWED,
    P_BLIND,
    P_POLICY,
    POLICY_NAMES,
    POT_LIMIT,
)
from holdem.engine.forced_bets import last_blind
from holdem.errors import InvalidInputError
from holdem.rules.config import MAX_CHIPS, GameConfig, OddChipRule, Structure

__all__ = ["MAX_BATCH_SEATS", "BatchGame", "policy_codes", "stack_array"]

MAX_BATCH_SEATS = 10
"""Most seats at a batch table (the issue's 2 to 10)."""

_STRUCTURES = {
    Structure.NO_LIMIT: NO_LIMIT,
    Structure.POT_LIMIT: POT_LIMIT,
    Structure.FIXED_LIMIT: FIXED_LIMIT,
}


@dataclass(frozen=True)
class BatchGame:
    """A ``GameConfig`` at ``seats`` seats, as the batch kernels read it.

    Attributes:
        config: the game (structure, blinds, antes, straddles, options).
        seats: players dealt in, 2..10.
        row: (``H_SIZE``,) int64, a hand's row with the game filled in
            (``layout``: ``CFG_*``, ``P_BLIND``, ``P_ANTE_OWED``).

    Raises:
        InvalidInputError: for a config with jokers or a big-blind ante, or
            seats outside 2..10.
    """

    config: GameConfig
    seats: int
    row: npt.NDArray[np.int64]

    @classmethod
    def of(cls, config: GameConfig, seats: int) -> BatchGame:
        """The batch form of ``config`` at ``seats`` seats (see the class)."""
        if type(config) is not GameConfig:
            raise InvalidInputError(f"config must be a GameConfig, got {config!r:.40}")
        if type(seats) is not int or not 2 <= seats <= MAX_BATCH_SEATS:
            raise InvalidInputError(
                f"a batch table has 2 to {MAX_BATCH_SEATS} seats, got {seats!r:.40}"
            )
        if config.jokers:
            raise InvalidInputError(
                "the batch engine deals a 52-card deck: jokers (R-DECK-2) are"
                " for the reference engine (HandState)"
            )
        if config.big_blind_ante and config.ante:
            raise InvalidInputError(
                "the batch engine posts an ante from every seat: a big-blind"
                " ante (R-ANTE-1) is for the reference engine (HandState)"
            )
        forced = config.forced_bets(seats)
        blinds = forced.blinds_or_straddles
        cfg = np.zeros(H_SIZE, np.int64)
        cfg[CFG_STRUCTURE] = _STRUCTURES[config.structure]
        cfg[CFG_SEATS] = seats
        cfg[CFG_MIN_BET] = config.min_bet
        cfg[CFG_SMALL_BET] = config.small_bet
        cfg[CFG_BIG_BET] = config.big_bet
        cfg[CFG_CAP] = -1 if config.raise_cap is None else config.raise_cap
        cfg[CFG_FOLD_FREE] = int(config.fold_when_check)
        cfg[CFG_HU_UNCAPPED] = int(config.heads_up_uncapped)
        cfg[CFG_ONE_AT_A_TIME] = int(config.odd_chips is OddChipRule.ONE_AT_A_TIME)
        cfg[CFG_FIRST] = last_blind(blinds) + 1  # R-BET-2, R-STRADDLE-1
        cfg[CFG_TOP_BLIND] = max(blinds)
        cfg[P_BLIND : P_BLIND + seats] = blinds
        cfg[P_ANTE_OWED : P_ANTE_OWED + seats] = forced.antes
        return cls(config, seats, cfg)

    def template(
        self, policies: npt.NDArray[np.int64], weights: npt.NDArray[np.float64]
    ) -> npt.NDArray[np.int64]:
        """A hand's row with the game, the seats' policies and the weights.

        ``weights`` are the random policy's six weights summing to 1
        (``RandomWeights.array``), kept as integer thresholds x 2**53.
        """
        row = self.row.copy()
        row[P_POLICY : P_POLICY + self.seats] = policies
        scaled = np.floor(weights * float(2**53)).astype(np.int64)
        if weights[4] == 0:
            # no all-in weight: the others' thresholds reach 2**53 exactly,
            # so rounding never leaves a sliver of all-ins
            checked = [k for k in (5, 0, 1, 2, 3) if weights[k] > 0]
            scaled[checked[-1]] += 2**53 - int(scaled[[5, 0, 1, 2, 3]].sum())
        row[CFG_PARAMS : CFG_PARAMS + len(scaled)] = scaled
        return row


def stack_array(stacks: Any, seats: int, count: int) -> npt.NDArray[np.int64]:
    """``stacks`` as an int64 array of shape (1, seats) or (count, seats).

    Raises:
        InvalidInputError: for another shape, a non-integer dtype, or a stack
            outside 1..MAX_CHIPS (R-TABLE-7: every seat dealt in has chips).
    """
    arr = np.asarray(stacks)
    if arr.dtype == np.bool_ or not np.issubdtype(arr.dtype, np.integer):
        raise InvalidInputError(
            f"stacks are whole chips (an integer array), got dtype {arr.dtype}"
        )
    if arr.ndim == 1:
        arr = arr[None, :]
    if arr.ndim != 2 or arr.shape[1] != seats or arr.shape[0] not in (1, count):
        raise InvalidInputError(
            f"stacks must have shape ({seats},) or ({count}, {seats}), got"
            f" {np.shape(stacks)}"
        )
    if arr.size and (arr.min() < 1 or arr.max() > MAX_CHIPS):
        raise InvalidInputError(
            f"every stack must be 1..{MAX_CHIPS:,} chips (R-TABLE-7), got"
            f" {int(arr.min())}..{int(arr.max())}"
        )
    return np.ascontiguousarray(arr, dtype=np.int64)


def policy_codes(
    policy: str | Sequence[str | None], seats: int
) -> npt.NDArray[np.int64]:
    """Per-seat policy codes from a name, or one name (or None) per seat.

    ``None`` marks a seat the caller decides (``EXTERNAL``).

    Raises:
        InvalidInputError: for an unknown name or a list of the wrong length.
    """
    names = [policy] * seats if isinstance(policy, str) else list(policy)
    if len(names) != seats:
        raise InvalidInputError(
            f"{seats} seats need {seats} policies, got {len(names)}"
        )
    codes = np.empty(seats, np.int64)
    for seat, name in enumerate(names):
        if name is None:
            codes[seat] = EXTERNAL
        elif name in POLICY_NAMES:
            codes[seat] = POLICY_NAMES[name]
        else:
            raise InvalidInputError(
                f"unknown policy {name!r:.40} for seat {seat}: the built-in"
                f" policies are {', '.join(POLICY_NAMES)} (None: the caller's)"
            )
    return codes
