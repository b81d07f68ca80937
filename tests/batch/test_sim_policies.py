"""The batch policies of ``holdem simulate``'s bots decide as the table's bots.

At every decision of a recorded batch hand, the hand is replayed through
``HandState`` up to that decision (``holdem.batch.oracle.replay``) and the
table's bot is asked, with the seat's own view, what it does there:

- ``tight-aggressive`` and ``calling-station`` must give the batch hand's
  decision exactly (``TightAggressiveBot``, ``CallingStationBot``);
- ``uniform`` draws from the batch hand's stream, so it is compared in
  distribution: in each kind of spot (a check possible or not, a raise
  possible or not) its choices and raise sizes against ``RandomBot``'s, asked
  at the very same states.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np
import pytest

from holdem.batch import play_hands
from holdem.batch.layout import EV_BET, EV_CALL, EV_CHECK, EV_FOLD, EV_RAISE
from holdem.batch.oracle import replay
from holdem.rules import GameConfig
from holdem.rules.actions import Bet, Call, Check, Fold, Raise
from holdem.table import CallingStationBot, RandomBot, TightAggressiveBot
from holdem.table.decisions import Decision, DecisionKind, TableView

DECISIONS = (EV_FOLD, EV_CHECK, EV_CALL, EV_BET, EV_RAISE)
CONFIGS = {
    "plain": {},
    "antes": {"ante": 1},
    "straddle": {"straddles": 1, "small_blind": 1, "big_blind": 2},
    "pot-limit": {"structure": "pot-limit"},
    "fixed-limit": {"structure": "fixed-limit", "ante": 1},
}


def decision_of(row) -> object:
    kind, seat, to = int(row[0]), int(row[1]), int(row[2])
    return {
        EV_FOLD: lambda: Fold(seat),
        EV_CHECK: lambda: Check(seat),
        EV_CALL: lambda: Call(seat),
        EV_BET: lambda: Bet(seat, to),
        EV_RAISE: lambda: Raise(seat, to),
    }[kind]()


def spots(config: GameConfig, result):
    """Each decision of each hand: (policy index, state before it, its decision)."""
    assert result.events is not None and result.event_counts is not None
    for i in range(result.payoffs.shape[0]):
        rows = result.events[i, : result.event_counts[i]]
        stacks = result.hand_stacks(i)
        for r in np.nonzero(np.isin(rows[:, 0], DECISIONS))[0]:
            state = replay(config, stacks, result.cards[i], rows[:r], to_end=False)
            assert state.to_act == int(rows[r, 1])
            yield state, decision_of(rows[r])


def table_view(state, seat: int) -> TableView:
    """What a table shows the bot at hand seat ``seat`` (table seats = hand seats)."""
    legal = state.legal_actions()
    n = len(state.stacks)
    return TableView(
        seat=seat,
        hand_number=1,
        button=n - 1,
        big_blind=0 if n == 2 else 1,
        stack=state.stacks[seat],
        decision=Decision(seat, DecisionKind.BET, legal),
        seats=tuple(range(n)),
        hand_seat=seat,
        hand=state.view(seat),
    )


@pytest.mark.parametrize("config", list(CONFIGS))
@pytest.mark.parametrize("seats", [2, 4, 9])
def test_tight_aggressive_and_calling_station_decide_as_the_table_bots(
    config: str, seats: int
) -> None:
    game = GameConfig(**CONFIGS[config])
    policy = ["tight-aggressive", "uniform", "calling-station"] * 3
    bots = {
        "tight-aggressive": TightAggressiveBot(),
        "calling-station": CallingStationBot(),
    }
    # unequal stacks, from a chip short of the blinds to deep
    stacks = np.random.default_rng(seats).integers(1, 300, size=(120, seats))
    result = play_hands(
        game,
        seats,
        120,
        seed=seats,
        stacks=stacks,
        policy=policy[:seats],
        record=True,
        capacity=512,
    )
    asked = Counter()
    for state, decision in spots(game, result):
        name = policy[decision.seat]
        if name in bots:
            answer = bots[name].decide(table_view(state, decision.seat))
            assert answer == decision, (name, state.view(decision.seat), answer)
            asked[name, type(decision).__name__] += 1
    # the tight-aggressive bot folded, checked or called, and bet or raised
    tag = Counter({kind: n for (name, kind), n in asked.items() if name == policy[0]})
    assert tag["Fold"] and tag["Check"] + tag["Call"] and tag["Bet"] + tag["Raise"]


def test_uniform_chooses_as_random_bot_does() -> None:
    game = GameConfig(ante=1)
    result = play_hands(
        game, 6, 600, seed=21, stacks=[150] * 6, policy="uniform", record=True
    )
    bot = RandomBot(random.Random(21))
    ours: Counter = Counter()
    theirs: Counter = Counter()
    sizes: dict[str, list[float]] = {"ours": [], "theirs": []}
    for state, decision in spots(game, result):
        legal = state.legal_actions()
        spot = (legal.can_check, legal.min_raise_to is not None)
        for tally, action, size in (
            (ours, decision, sizes["ours"]),
            (theirs, bot.bet_from(legal), sizes["theirs"]),
        ):
            kind = type(action)
            choice = "raise" if kind in (Bet, Raise) else kind.__name__
            tally[spot, "call" if choice in ("Check", "Call") else choice] += 1
            if choice == "raise" and legal.max_raise_to > legal.min_raise_to:
                span = legal.max_raise_to - legal.min_raise_to
                size.append((action.to - legal.min_raise_to) / span)
    for spot in {key[0] for key in ours}:
        n_ours = sum(v for (s, _), v in ours.items() if s == spot)
        n_theirs = sum(v for (s, _), v in theirs.items() if s == spot)
        assert n_ours == n_theirs > 100, spot
        for choice in ("call", "Fold", "raise"):
            p, q = ours[spot, choice] / n_ours, theirs[spot, choice] / n_theirs
            pooled = (ours[spot, choice] + theirs[spot, choice]) / (2 * n_ours)
            assert (
                abs(p - q) <= 4.5 * math.sqrt(2 * pooled * (1 - pooled) / n_ours) + 1e-9
            )
    # never a fold when a check is free; a raise only when one is legal
    assert ours[(True, True), "Fold"] == ours[(True, False), "Fold"] == 0
    assert ours[(True, False), "raise"] == ours[(False, False), "raise"] == 0
    # raise sizes uniform over the legal range, as RandomBot's: mean 1/2,
    # variance 1/12
    for name, values in sizes.items():
        assert len(values) > 300, name
        assert abs(np.mean(values) - 0.5) < 4.5 * math.sqrt(1 / 12 / len(values)), name
