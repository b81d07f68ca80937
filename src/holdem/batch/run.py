"""The loops of the batch engine: whole hands in one go, or a step at a time.

``play_batch`` deals and plays ``count`` hands with the built-in policies in
one compiled loop (``play_batch_parallel``: the same loop over chunks of
hands on every numba thread). ``begin_rows`` and ``step_rows`` keep many
hands open at once for a caller that decides some seats itself (``EXTERNAL``
in ``policies``): each call plays the built-in seats until every open hand
waits for the caller or is complete. Both go through ``play_on``, one path.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from holdem.batch.kernels import apply_decision, legal, start_hand
from holdem.batch.layout import (
    CFG_SEATS,
    D_FOLD,
    D_RAISE,
    EVENT_WIDTH,
    EXTERNAL,
    P_SIZE,
    P_STACK,
    P_START,
    PH_BETTING,
    PH_SHOWDOWN,
    S_DECISIONS,
    S_EVENTS,
    S_OVERFLOW,
    S_PHASE,
    S_SIZE,
    S_TO_ACT,
)
from holdem.batch.policies import decide
from holdem.batch.rng import deal_deck, hand_key
from holdem.batch.showdown import finish

__all__ = ["begin_rows", "play_batch", "play_batch_parallel", "step_rows"]

Array = npt.NDArray[Any]


@njit(cache=True, nogil=True, boundscheck=False)
def begin(
    cfg: Array,
    blinds: Array,
    antes: Array,
    stacks: Array,
    seed: int,
    index: int,
    scal: Array,
    per: Array,
    cards: Array,
    rng: Array,
    r: int,
    ev: Array,
    deck: Array,
) -> None:
    """Start hand ``index`` of the run: its stream, its cards, its forced bets."""
    rng[r] = hand_key(seed, index)
    deal_deck(rng, r, deck, cards)
    start_hand(cfg, blinds, antes, stacks, scal, per, cards, ev)


@njit(cache=True, nogil=True, boundscheck=False)
def play_on(
    cfg: Array,
    policies: Array,
    params: Array,
    tables: Any,
    scal: Array,
    per: Array,
    cards: Array,
    rng: Array,
    r: int,
    ev: Array,
    hand: Array,
) -> None:
    """Play the built-in seats until an ``EXTERNAL`` seat is to act or the end."""
    while scal[S_PHASE] == PH_BETTING:
        policy = policies[scal[S_TO_ACT]]
        if policy == EXTERNAL:
            return
        kind, to = decide(policy, params, cfg, scal, per, cards, rng, r, tables, hand)
        scal[S_DECISIONS] += 1
        apply_decision(cfg, scal, per, cards, ev, kind, to)
    if scal[S_PHASE] == PH_SHOWDOWN:
        keys, suits, flush, _, _, nf7 = tables
        finish(cfg, scal, per, cards, ev, keys, suits[2], flush, nf7)


def _play_batch(
    cfg: Array,
    blinds: Array,
    antes: Array,
    stacks: Array,
    seed: int,
    first: int,
    policies: Array,
    params: Array,
    tables: Any,
    payoffs: Array,
    decisions: Array,
    cards_out: Array,
    events_out: Array,
    meta: Array,
    chunk: int,
) -> None:
    """Play hands ``first .. first + len(payoffs) - 1`` of the run ``seed``.

    ``stacks`` is (1, n) for every hand alike or (count, n) per hand. With
    ``cards_out`` (count, 2n + 8) and ``events_out`` (count, E, 5) of
    ``count`` rows the hands are recorded (``meta[i]`` = events written,
    overflow flag); with 0 rows nothing is.
    """
    count = payoffs.shape[0]
    n = cfg[CFG_SEATS]
    record = cards_out.shape[0] == count and count > 0
    chunks = (count + chunk - 1) // chunk
    for c in prange(chunks):
        scal = np.zeros(S_SIZE, np.int64)
        per = np.zeros((P_SIZE, n), np.int64)
        own_cards = np.zeros(2 * n + 8, np.int64)
        rng = np.zeros(1, np.uint64)
        deck = np.zeros(52, np.int64)
        hand = np.zeros(7, np.int64)
        no_events = np.zeros((0, EVENT_WIDTH), np.int64)
        for i in range(c * chunk, min(count, (c + 1) * chunk)):
            row = stacks[i] if stacks.shape[0] > 1 else stacks[0]
            cards = cards_out[i] if record else own_cards
            ev = events_out[i] if record else no_events
            begin(cfg, blinds, antes, row, seed, first + i, scal, per, cards, rng, 0,
                  ev, deck)  # fmt: skip
            play_on(cfg, policies, params, tables, scal, per, cards, rng, 0, ev, hand)
            for s in range(n):
                payoffs[i, s] = per[P_STACK, s] - per[P_START, s]
            decisions[i] = scal[S_DECISIONS]
            if record:
                meta[i, 0] = scal[S_EVENTS]
                meta[i, 1] = scal[S_OVERFLOW]


play_batch = njit(cache=True, nogil=True, boundscheck=False)(_play_batch)
play_batch_parallel = njit(cache=True, nogil=True, parallel=True)(_play_batch)


@njit(cache=True, nogil=True, boundscheck=False)
def begin_rows(
    cfg: Array,
    blinds: Array,
    antes: Array,
    stacks: Array,
    seed: int,
    rows: Array,
    indices: Array,
    policies: Array,
    params: Array,
    tables: Any,
    scal: Array,
    per: Array,
    cards: Array,
    rng: Array,
    events: Array,
) -> None:
    """Deal hand ``indices[k]`` into row ``rows[k]`` and play it to the caller."""
    deck = np.zeros(52, np.int64)
    hand = np.zeros(7, np.int64)
    for k in range(rows.shape[0]):
        r = rows[k]
        row = stacks[k] if stacks.shape[0] > 1 else stacks[0]
        begin(cfg, blinds, antes, row, seed, indices[k], scal[r], per[r], cards[r],
              rng, r, events[r], deck)  # fmt: skip
        play_on(cfg, policies, params, tables, scal[r], per[r], cards[r], rng, r,
                events[r], hand)  # fmt: skip


@njit(cache=True, nogil=True, boundscheck=False)
def check_step(
    cfg: Array,
    policies: Array,
    scal: Array,
    per: Array,
    active: Array,
    kinds: Array,
    tos: Array,
) -> int:
    """The first active row whose decision is not legal now, else -1.

    A row must be betting with an ``EXTERNAL`` seat to act; ``kinds[r]``
    ``D_FOLD`` needs a fold allowed (R-BET-1), ``D_RAISE`` a size in the
    legal range (R-NL-1, R-NL-2, R-PL-1, R-FL-1..3).
    """
    for r in range(active.shape[0]):
        if not active[r]:
            continue
        if scal[r, S_PHASE] != PH_BETTING or policies[scal[r, S_TO_ACT]] != EXTERNAL:
            return r
        can_fold, _, _, low, high, _ = legal(cfg, scal[r], per[r])
        kind = kinds[r]
        if kind == D_FOLD:
            if not can_fold:
                return r
        elif kind == D_RAISE:
            if low < 0 or not low <= tos[r] <= high:
                return r
        elif kind != 1:
            return r
    return -1


@njit(cache=True, nogil=True, boundscheck=False)
def step_rows(
    cfg: Array,
    policies: Array,
    params: Array,
    tables: Any,
    scal: Array,
    per: Array,
    cards: Array,
    rng: Array,
    events: Array,
    active: Array,
    kinds: Array,
    tos: Array,
) -> None:
    """Carry out the caller's decision in each active row, then play on.

    The decisions must pass ``check_step`` first (nothing is checked here).
    """
    hand = np.zeros(7, np.int64)
    for r in range(active.shape[0]):
        if not active[r]:
            continue
        scal[r, S_DECISIONS] += 1
        apply_decision(cfg, scal[r], per[r], cards[r], events[r], kinds[r], tos[r])
        play_on(cfg, policies, params, tables, scal[r], per[r], cards[r], rng, r,
                events[r], hand)  # fmt: skip


def empty_events(rows: int, capacity: int) -> npt.NDArray[np.int64]:
    """An event log of ``capacity`` rows per hand for ``rows`` hands."""
    return np.zeros((rows, capacity, EVENT_WIDTH), np.int64)
