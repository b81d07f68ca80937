"""The loops of the batch engine: whole hands in one go, or a step at a time.

``play_batch`` deals and plays hands with the built-in policies in one
compiled loop (``play_batch_parallel``: the same loop over chunks of hands on
every numba thread). ``play_ring`` plays hands in a row at tables, stacks
carried from hand to hand (``holdem.batch.ring``). ``begin_rows`` and
``step_rows`` keep many hands open at once for a caller that decides some
seats itself (``EXTERNAL`` policy): each call plays the built-in seats until
every open hand waits for the caller or is complete. All go through
``begin`` and ``play_on``: one path.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit, prange

from holdem.batch.jit import kernel
from holdem.batch.kernels import apply_decision, legal, start_hand
from holdem.batch.layout import (
    CARDS,
    CFG_SEATS,
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
    PH_SHOWDOWN,
    POL_BUCKETS,
    POL_RANDOM,
    POL_TIGHT_AGGRESSIVE,
    POL_UNIFORM,
    S_DECISIONS,
    S_EVENTS,
    S_OVERFLOW,
    S_PHASE,
    S_RNG,
    S_TO_ACT,
)
from holdem.batch.policies import (
    bucket_decision,
    random_decision,
    tight_aggressive_decision,
    uniform_decision,
)
from holdem.batch.rng import deal_cards, hand_key
from holdem.batch.showdown import finish

__all__ = [
    "begin_rows",
    "check_step",
    "first_button",
    "play_batch",
    "play_batch_parallel",
    "play_ring",
    "step_rows",
]

Array = npt.NDArray[Any]


@kernel
def play_on(h: Array, ev: Array, tables: Any) -> None:
    """Play the built-in seats until an ``EXTERNAL`` seat is to act or the end."""
    while h[S_PHASE] == PH_BETTING:
        policy = h[P_POLICY + h[S_TO_ACT]]
        if policy == EXTERNAL:
            return
        if policy == POL_RANDOM:
            kind, to = random_decision(h)
        elif policy == POL_BUCKETS:
            kind, to = bucket_decision(h, tables)
        elif policy == POL_TIGHT_AGGRESSIVE:
            kind, to = tight_aggressive_decision(h, tables)
        elif policy == POL_UNIFORM:
            kind, to = uniform_decision(h)
        else:
            kind, to = D_CHECK_CALL, 0  # the calling station
        h[S_DECISIONS] += 1
        apply_decision(h, ev, kind, to)
    if h[S_PHASE] == PH_SHOWDOWN:
        keys, suits, flush, _, _, nf7 = tables
        finish(h, ev, keys, suits[2], flush, nf7)


@kernel
def begin(h: Array, ev: Array, stacks: Array, k: int, seed: Any, index: int) -> None:
    """Start hand ``index`` of the run in ``h``: its stream, cards, forced bets.

    ``h`` holds the game and policies already (a row of ``template``);
    ``stacks[k]`` (or ``stacks[0]`` for every hand alike) are its stacks.
    """
    row = k if stacks.shape[0] > 1 else 0
    for s in range(h[CFG_SEATS]):
        h[P_START + s] = stacks[row, s]
    h[S_RNG] = hand_key(seed, index)
    deal_cards(h)
    start_hand(h, ev)


def _play_batch(
    template: Array,
    stacks: Array,
    seed: Any,
    first: int,
    tables: Any,
    payoffs: Array,
    decisions: Array,
    cards_out: Array,
    events_out: Array,
    meta: Array,
    chunk: int,
) -> None:
    """Play hands ``first .. first + len(payoffs) - 1`` of the run ``seed``.

    ``template`` is a hand's row with the game and policies (``H_SIZE``,);
    ``stacks`` is (1, n) for every hand alike or (count, n) per hand. With
    ``cards_out`` (count, 2n + 8) and ``events_out`` (count, E, 5) of
    ``count`` rows the hands are recorded (``meta[i]`` = events written,
    overflow flag); with 0 rows nothing is.
    """
    count = payoffs.shape[0]
    n = template[CFG_SEATS]
    record = cards_out.shape[0] == count and count > 0
    chunks = (count + chunk - 1) // chunk
    for c in prange(chunks):
        h = template.copy()
        no_events = np.zeros((0, EVENT_WIDTH), np.int64)
        for i in range(c * chunk, min(count, (c + 1) * chunk)):
            ev = events_out[i] if record else no_events
            begin(h, ev, stacks, i, seed, first + i)
            play_on(h, ev, tables)
            for s in range(n):
                payoffs[i, s] = h[P_STACK + s] - h[P_START + s]
            decisions[i] = h[S_DECISIONS]
            if record:
                for k in range(2 * n + 8):
                    cards_out[i, k] = h[CARDS + k]
                meta[i, 0] = h[S_EVENTS]
                meta[i, 1] = h[S_OVERFLOW]


play_batch = njit(cache=True, nogil=True, boundscheck=False)(_play_batch)
play_batch_parallel = njit(cache=True, nogil=True, parallel=True)(_play_batch)


_BUTTON_SALT = np.uint64(0x5EA7B077)  # the button's stream apart from the hands'


@njit(cache=True, nogil=True)
def first_button(seed: Any, block: int, seats: int) -> Any:
    """The first hand's button (table seat ``0 .. seats - 1``) of table ``block``.

    Drawn from a stream of its own, keyed by ``(seed, block)`` (R-DEAL-4).
    """
    key = np.uint64(hand_key(np.uint64(seed) ^ _BUTTON_SALT, block))
    return np.int64(key % np.uint64(seats))  # not int(): a uint64 in numba


@njit(cache=True, nogil=True, boundscheck=False)
def play_ring(
    template: Array,
    policies: Array,
    rebuy: int,
    seed: Any,
    block_hands: int,
    total: int,
    first_block: int,
    tables: Any,
    payoffs: Array,
    buttons: Array,
    bought: Array,
    final: Array,
    starts: Array,
    cards_out: Array,
    events_out: Array,
    meta: Array,
) -> None:
    """Play tables ``first_block ..`` of a ring run: hands in a row at each.

    Table ``b`` deals hands ``b * block_hands ..`` (up to ``total`` in the
    run) of the run ``seed`` in a row, each seat (table seat ``t``, policy
    ``policies[t]``) starting with ``rebuy`` chips and buying in again with
    ``rebuy`` before a hand when broke (R-TABLE-7); the button moves one seat
    a hand (R-TABLE-1: every seat is dealt in), from ``first_button``. Hand
    seat ``k`` of a hand is table seat ``(button + 1 + k) % n``.

    Out, one row per hand: ``payoffs`` (net chips by table seat), ``buttons``;
    per table: ``bought`` (chips bought in), ``final`` (stacks by table
    seat). With as many rows in ``cards_out`` as hands: also ``starts``
    (stacks by hand seat), the cards, the events and ``meta`` (events
    written, overflow flag).
    """
    n = template[CFG_SEATS]
    count = payoffs.shape[0]
    record = cards_out.shape[0] == count and count > 0
    h = template.copy()
    stacks = np.empty(n, np.int64)
    now = np.empty((1, n), np.int64)
    no_events = np.zeros((0, EVENT_WIDTH), np.int64)
    i = 0
    for b in range(bought.shape[0]):
        block = first_block + b
        start = block * block_hands
        size = min(block_hands, total - start)
        for t in range(n):
            stacks[t] = rebuy
        paid = n * rebuy
        button = first_button(seed, block, n)
        for j in range(size):
            for t in range(n):
                if stacks[t] == 0:
                    stacks[t] = rebuy
                    paid += rebuy
            for k in range(n):
                t = (button + 1 + k) % n
                now[0, k] = stacks[t]
                h[P_POLICY + k] = policies[t]
            ev = events_out[i] if record else no_events
            begin(h, ev, now, 0, seed, start + j)
            play_on(h, ev, tables)
            for k in range(n):
                t = (button + 1 + k) % n
                stacks[t] = h[P_STACK + k]
                payoffs[i, t] = h[P_STACK + k] - h[P_START + k]
            buttons[i] = button
            if record:
                for k in range(n):
                    starts[i, k] = h[P_START + k]
                for k in range(2 * n + 8):
                    cards_out[i, k] = h[CARDS + k]
                meta[i, 0] = h[S_EVENTS]
                meta[i, 1] = h[S_OVERFLOW]
            i += 1
            button = (button + 1) % n
        bought[b] = paid
        for t in range(n):
            final[b, t] = stacks[t]


@njit(cache=True, nogil=True, boundscheck=False)
def begin_rows(
    hands: Array,
    events: Array,
    template: Array,
    stacks: Array,
    seed: Any,
    rows: Array,
    indices: Array,
    tables: Any,
) -> None:
    """Deal hand ``indices[k]`` into row ``rows[k]`` and play it to the caller.

    ``stacks`` is (1, n) or one row per entry of ``rows``.
    """
    for k in range(rows.shape[0]):
        h = hands[rows[k]]
        h[:] = template
        ev = events[rows[k]]
        begin(h, ev, stacks, k, seed, indices[k])
        play_on(h, ev, tables)


@njit(cache=True, nogil=True, boundscheck=False)
def check_step(hands: Array, active: Array, kinds: Array, tos: Array) -> int:
    """The first active row whose decision is not legal now, else -1.

    A row must be betting with an ``EXTERNAL`` seat to act; ``kinds[r]``
    ``D_FOLD`` needs a fold allowed (R-BET-1), ``D_RAISE`` a size in the
    legal range (R-NL-1, R-NL-2, R-PL-1, R-FL-1..3).
    """
    for r in range(active.shape[0]):
        if not active[r]:
            continue
        h = hands[r]
        if h[S_PHASE] != PH_BETTING or h[P_POLICY + h[S_TO_ACT]] != EXTERNAL:
            return r
        can_fold, _, _, low, high, _ = legal(h)
        kind = kinds[r]
        if kind == D_FOLD:
            if not can_fold:
                return r
        elif kind == D_RAISE:
            if low < 0 or not low <= tos[r] <= high:
                return r
        elif kind != D_CHECK_CALL:
            return r
    return -1


@njit(cache=True, nogil=True, boundscheck=False)
def step_rows(
    hands: Array,
    events: Array,
    active: Array,
    kinds: Array,
    tos: Array,
    tables: Any,
) -> None:
    """Carry out the caller's decision in each active row, then play on.

    The decisions must pass ``check_step`` first (nothing is checked here).
    """
    for r in range(active.shape[0]):
        if not active[r]:
            continue
        h = hands[r]
        ev = events[r]
        h[S_DECISIONS] += 1
        apply_decision(h, ev, kinds[r], tos[r])
        play_on(h, ev, tables)


def new_hands(rows: int) -> npt.NDArray[np.int64]:
    """Rows for ``rows`` open hands (``begin_rows`` fills them)."""
    return np.zeros((rows, H_SIZE), np.int64)


@njit(cache=True, nogil=True, boundscheck=False)
def legal_rows(hands: Array, out: Array) -> None:
    """``out[r]`` = the legal actions of row ``r``'s seat to act, if betting.

    Columns: seat to act (-1 when the hand is not betting), can_fold,
    can_check, call_amount, min_to, max_to (-1 for no raise), is_bet.
    """
    for r in range(hands.shape[0]):
        h = hands[r]
        if h[S_PHASE] != PH_BETTING:
            out[r, 0] = -1
            for k in range(1, 7):
                out[r, k] = 0
            out[r, 4] = -1
            out[r, 5] = -1
            continue
        can_fold, can_check, call, low, high, is_bet = legal(h)
        out[r, 0] = h[S_TO_ACT]
        out[r, 1] = can_fold
        out[r, 2] = can_check
        out[r, 3] = call
        out[r, 4] = low
        out[r, 5] = high
        out[r, 6] = is_bet
