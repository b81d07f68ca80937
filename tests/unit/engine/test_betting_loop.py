"""play_betting plays the hands that legal_actions() and apply() play, step by step.

``play_betting`` carries out the answers it can see are legal without
``apply``'s second look; every other answer goes through ``apply``. Here
the same deciders play the same decks both ways, through every structure
(R-NL-2, R-PL-1, R-FL-2, R-FL-3), short all-ins (R-NL-4, R-BET-5), the
house option on folding when a check is free (R-BET-1) and answers that
are refused (out of turn, a check facing a bet, a size outside the legal
ones, a bet where a raise is due, a show before the showdown): after every
return the two hands must be equal, field by field, and a refused answer
must be the one ``apply`` refuses, with the hand unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from holdem.cards import Deck
from holdem.engine import HandState, LegalActions, Phase, run_dealer
from holdem.engine.betting_loop import play_betting
from holdem.errors import HoldemError
from holdem.rules import (
    Bet,
    Call,
    Check,
    Fold,
    GameConfig,
    PlayerAction,
    Raise,
    Show,
    Structure,
)

CONFIGS = [
    GameConfig(small_blind=5, big_blind=10),
    GameConfig(small_blind=5, big_blind=10, ante=2, straddles=1),
    GameConfig(small_blind=5, big_blind=10, fold_when_check=False),
    GameConfig(Structure.POT_LIMIT, small_blind=5, big_blind=10),
    GameConfig(Structure.FIXED_LIMIT, small_bet=10, big_bet=20),
    GameConfig(
        Structure.FIXED_LIMIT, small_bet=10, big_bet=20, heads_up_uncapped=False
    ),
]


def fields(state: HandState) -> tuple[object, ...]:
    """Every field of the hand that play can change (the cache aside)."""
    return (
        list(state.events),
        list(state.stacks),
        list(state.committed),
        list(state.contributed),
        list(state.folded),
        list(state.all_in),
        state.to_act,
        state.phase,
        state.street,
        state.current_bet,
        state.last_aggressor,
        state.runout,
        list(state._acted_at),
        state._able,
        state._last_raise_size,
        state._fl_base,
        state._raise_count,
        state._uncapped,
        state.legal_actions() if state.phase is Phase.BETTING else None,
    )


def decider(rng: random.Random) -> Callable[[LegalActions], PlayerAction]:
    """Answers from the legal actions, and now and then an illegal answer."""

    def decide(legal: LegalActions) -> PlayerAction:
        seat, roll = legal.seat, rng.random()
        low, high = legal.min_raise_to, legal.max_raise_to
        if roll < 0.06:
            return rng.choice(
                [
                    Check(seat),
                    Call(seat),
                    Fold(seat),
                    Fold(seat + 1),
                    Call(seat + 1),
                    Check(seat - 1),
                    Raise(seat, 1),
                    Bet(seat, 10**6),
                    Raise(seat + 1, (low or 20) + 1),
                    Show(seat),
                ]
            )
        if low is not None and high is not None and roll < 0.15:
            # a size at or just outside the legal ones, and the wrong kind
            to = rng.choice([low - 1, low, high, high + 1])
            return (
                (Raise if legal.is_bet else Bet)(seat, to)
                if roll < 0.08
                else (legal.raise_to(to))
            )
        if low is not None and high is not None and roll < 0.45:
            return legal.raise_to(rng.randint(low, high))
        if roll < 0.7 and legal.can_fold:
            return legal.fold()
        return legal.check_or_call()

    return decide


def step_by_step(
    state: HandState, deciders: list[Callable[[LegalActions], PlayerAction]]
) -> PlayerAction | None:
    """play_betting's contract, with the public API only."""
    while state.phase is Phase.BETTING:
        legal = state.legal_actions()
        action = deciders[legal.seat](legal)
        try:
            state.apply(action)
        except HoldemError:
            return action
    return None


@pytest.mark.parametrize("config", CONFIGS, ids=range(len(CONFIGS)))
@pytest.mark.parametrize("seed", range(12))
def test_R_BET_4_play_betting_plays_as_apply_step_by_step(config, seed, monkeypatch):
    rng = random.Random(seed)
    refused = carried = 0
    # the answers play_betting leaves to apply: only the refused ones
    real_apply, applied = HandState.apply, []

    def counted(self: HandState, action: object) -> None:
        applied.append(self)
        real_apply(self, action)  # type: ignore[arg-type]

    monkeypatch.setattr(HandState, "apply", counted)
    for _ in range(25):
        seats = rng.randint(2, 9)
        # short stacks too: all-ins for less than a raise (R-NL-4, R-BET-5)
        stacks = [
            rng.choice([rng.randint(1, 40), rng.randint(40, 600)]) for _ in range(seats)
        ]
        order = Deck.shuffled(random.Random(rng.random())).deal(52)
        hands = [HandState(config, stacks) for _ in range(2)]
        decks = [Deck(order) for _ in range(2)]
        seed_of_deciders = rng.random()
        deciders = [
            [decider(random.Random(f"{seed_of_deciders}-{s}")) for s in range(seats)]
            for _ in range(2)
        ]
        fast, slow = hands
        while not fast.is_complete:
            if fast.to_act is not None and fast.to_act < 0:
                for hand, deck in zip(hands, decks, strict=True):
                    run_dealer(hand, deck)
            elif fast.phase is Phase.SHOWDOWN:
                for hand in hands:
                    hand.apply(Show(hand.to_act))  # type: ignore[arg-type]
            else:
                applied.clear()
                answers = (
                    play_betting(fast, deciders[0]),
                    step_by_step(slow, deciders[1]),
                )
                assert answers[0] == answers[1]
                assert applied.count(fast) == (answers[0] is not None)
                if answers[0] is not None:
                    refused += 1
                    before = fields(fast)
                    with pytest.raises(HoldemError):
                        fast.apply(answers[0])  # refused, unchanged
                    assert fields(fast) == before
                    for hand in hands:
                        hand.apply(hand.legal_actions().check_or_call())
            assert fields(fast) == fields(slow)
        assert fast.events == slow.events
        carried += sum(type(e) in (Fold, Check, Call, Bet, Raise) for e in fast.events)
    assert refused > 5 and carried > 100
