"""Speed of whole hands: holdem against pokerkit, in the same run.

Plays random six-max no-limit hands (blinds 1/2) through our engine and
through pokerkit. A seeded RNG picks each decision: fold, check/call, the
minimum raise or all-in. Both engines keep their event log and check every
action, as in normal use; both deal from a shuffled deck (ours draws only
the 2 x 6 + 8 cards a hand can use) and show down.
Only the play is timed (not imports or setup).

Two settings: equal stacks of 200 big blinds, and unequal stacks of 10 to
800 chips, so that side pots happen. pokerkit is slow, so it plays fewer
hands of the same kind.

    python benchmarks/hands.py [--hands N] [--seed S] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
from collections.abc import Callable
from time import perf_counter

from pokerkit import Automation, Mode, NoLimitTexasHoldem

from holdem.cards import Deck
from holdem.engine import HandState, Phase, run_dealer
from holdem.rules import DEALER, GameConfig, Show

SEATS = 6
SMALL_BLIND, BIG_BLIND = 1, 2
CONFIG = GameConfig(small_blind=SMALL_BLIND, big_blind=BIG_BLIND)
PK_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)

# Decision weights: fold 25%, check/call 50%, min raise 18%, all-in 7%.
FOLD, CALL, MIN_RAISE = 0.25, 0.75, 0.93

Stacks = Callable[[random.Random], list[int]]


def equal_stacks(rng: random.Random) -> list[int]:
    return [200 * BIG_BLIND] * SEATS


def unequal_stacks(rng: random.Random) -> list[int]:
    return [rng.randint(10, 800) for _ in range(SEATS)]


def play_holdem(hands: int, stacks_for: Stacks, seed: int) -> tuple[float, int]:
    """Play ``hands`` hands; return (seconds, betting decisions made)."""
    rng = random.Random(seed)
    decisions = 0
    start = perf_counter()
    for _ in range(hands):
        state = HandState(CONFIG, stacks_for(rng))
        # R-DEAL-4: a seeded deck; only the cards a hand can use are drawn
        # (2 per seat, 5 board cards, 3 burns), in uniformly random order.
        deck = Deck.top(rng, 2 * SEATS + 8)
        while True:
            to_act = state.to_act
            if to_act is None:
                break
            if to_act == DEALER:
                run_dealer(state, deck)
                continue
            if state.phase is Phase.SHOWDOWN:
                state.apply(Show(to_act))
                continue
            legal = state.legal_actions()
            decisions += 1
            roll = rng.random()
            if roll < FOLD and legal.can_fold:
                action = legal.fold()
            elif roll < CALL or legal.min_raise_to is None:
                action = legal.check_or_call()
            elif roll < MIN_RAISE:
                action = legal.raise_to(legal.min_raise_to)
            else:
                action = legal.raise_to(legal.max_raise_to)  # type: ignore[arg-type]
            state.apply(action)
    return perf_counter() - start, decisions


def play_pokerkit(hands: int, stacks_for: Stacks, seed: int) -> tuple[float, int]:
    """Play ``hands`` hands with pokerkit; return (seconds, betting decisions)."""
    rng = random.Random(seed)
    random.seed(seed)  # pokerkit shuffles its deck with the module RNG
    decisions = 0
    start = perf_counter()
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(
            PK_AUTOMATIONS,
            True,
            0,
            (SMALL_BLIND, BIG_BLIND),
            BIG_BLIND,
            stacks_for(rng),
            SEATS,
            mode=Mode.TOURNAMENT,
        )
        while state.status:
            if state.actor_index is None:
                raise RuntimeError(f"pokerkit waits for a manual step: {state}")
            decisions += 1
            roll = rng.random()
            can_raise = state.can_complete_bet_or_raise_to()
            if roll < FOLD and state.can_fold():
                state.fold()
            elif roll < CALL or not can_raise:
                state.check_or_call()
            elif roll < MIN_RAISE:
                state.complete_bet_or_raise_to(
                    state.min_completion_betting_or_raising_to_amount
                )
            else:
                state.complete_bet_or_raise_to(
                    state.max_completion_betting_or_raising_to_amount
                )
    return perf_counter() - start, decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="holdem hands")
    parser.add_argument(
        "--pokerkit-hands", type=int, default=0, help="default: hands / 40"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--profile", action="store_true", help="cProfile our side (top 15)"
    )
    args = parser.parse_args(argv)
    pk_hands = args.pokerkit_hands or max(100, args.hands // 40)
    print(f"python {sys.version.split()[0]}, six-max no-limit 1/2, seed {args.seed}")
    for name, stacks_for in (
        ("equal stacks 200 BB", equal_stacks),
        ("unequal stacks 10..800", unequal_stacks),
    ):
        play_holdem(min(500, args.hands), stacks_for, args.seed + 1)  # warm up
        ours_s, ours_decisions = play_holdem(args.hands, stacks_for, args.seed)
        pk_s, pk_decisions = play_pokerkit(pk_hands, stacks_for, args.seed)
        ours_rate, pk_rate = args.hands / ours_s, pk_hands / pk_s
        print(
            f"{name:23} holdem {ours_rate:8,.0f} hands/s"
            f" ({args.hands} hands, {ours_decisions / args.hands:.1f} decisions/hand)"
            f" | pokerkit {pk_rate:5,.0f} hands/s"
            f" ({pk_hands} hands, {pk_decisions / pk_hands:.1f} decisions/hand)"
            f" | ratio {ours_rate / pk_rate:5.1f}x"
        )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play_holdem(args.hands, unequal_stacks, args.seed)
        profiler.disable()
        print("\ncProfile of holdem, unequal stacks (top 15 by own time):")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
