"""Speed of whole hands: holdem against pokerkit, texasholdem and rlcard.

Plays random six-max no-limit hands (blinds 1/2) through our engine and each
peer, interleaved round by round in the same run (so that a busy machine slows
every contender alike), and reports the median time per hand of each. One
seeded policy picks every decision in every engine: fold (only when facing a
bet) 25%, check/call 50%, the minimum raise 18%, all-in 7%. rlcard has no
minimum raise; it raises half the pot instead. Every engine keeps its own log
and checks every action, as in normal use, deals from a shuffled deck (ours
draws only the 2 x 6 + 8 cards a hand can use) and shows down. Only the play
is timed (not imports or setup).

Two settings: equal stacks of 200 big blinds, and unequal stacks of 10 to
800 chips, so that side pots happen (texasholdem and rlcard get the same
stacks). Floors (issue 22, item 6: one path per step, no inline copies): at
least 40x pokerkit and 4x texasholdem in both settings; the script exits 1
when one is missed.

    python benchmarks/hands.py [--rounds R] [--seed S] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import random
import statistics
import sys
import warnings
from collections.abc import Callable
from time import process_time

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
GOALS = {"pokerkit": 40.0, "texasholdem": 4.0}
"""Least ratio (peer's time per hand / ours) for each setting."""

# Decision weights: fold 25%, check/call 50%, min raise 18%, all-in 7%.
FOLD, CALL, MIN_RAISE = 0.25, 0.75, 0.93

Stacks = Callable[[random.Random], list[int]]
Player = Callable[[int, Stacks, int], int]
"""Plays ``hands`` hands from a seed; returns the betting decisions made."""


def equal_stacks(rng: random.Random) -> list[int]:
    return [200 * BIG_BLIND] * SEATS


def unequal_stacks(rng: random.Random) -> list[int]:
    return [rng.randint(10, 800) for _ in range(SEATS)]


def play_holdem(hands: int, stacks_for: Stacks, seed: int) -> int:
    rng = random.Random(seed)
    decisions = 0
    showdown = Phase.SHOWDOWN
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
            if state.phase is showdown:
                state.apply(Show(to_act))
                continue
            legal = state.legal_actions()
            decisions += 1
            roll = rng.random()
            if roll < FOLD and not legal.can_check:
                action = legal.fold()
            elif roll < CALL or legal.min_raise_to is None:
                action = legal.check_or_call()
            elif roll < MIN_RAISE:
                action = legal.raise_to(legal.min_raise_to)
            else:
                action = legal.raise_to(legal.max_raise_to)  # type: ignore[arg-type]
            state.apply(action)
    return decisions


def play_pokerkit(hands: int, stacks_for: Stacks, seed: int) -> int:
    rng = random.Random(seed)
    random.seed(seed)  # pokerkit shuffles its deck with the module RNG
    decisions = 0
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
            if roll < FOLD and state.checking_or_calling_amount:
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
    return decisions


def play_texasholdem(hands: int, stacks_for: Stacks, seed: int) -> int:
    from texasholdem import ActionType, TexasHoldEm

    rng = random.Random(seed)
    random.seed(seed)  # texasholdem shuffles and places the button with it
    decisions = 0
    for _ in range(hands):
        game = TexasHoldEm(buyin=1, big_blind=BIG_BLIND, small_blind=SMALL_BLIND,
                           max_players=SEATS)  # fmt: skip
        for player, chips in zip(game.players, stacks_for(rng), strict=True):
            player.chips = chips
        game.start_hand()
        while game.is_hand_running():
            decisions += 1
            roll = rng.random()
            seat = game.current_player
            to_call = game.chips_to_call(seat)
            chips = game.players[seat].chips
            total = game.player_bet_amount(seat) + to_call + game.min_raise()
            if roll < FOLD and to_call:
                action, to = ActionType.FOLD, None
            elif roll < CALL or to_call >= chips:
                action, to = ActionType.CALL if to_call else ActionType.CHECK, None
                if to_call >= chips:
                    action = ActionType.ALL_IN
            elif roll < MIN_RAISE and total < chips + game.player_bet_amount(seat):
                action, to = ActionType.RAISE, total
            else:
                action, to = ActionType.ALL_IN, None
            if not game.validate_move(action=action, total=to):
                action = ActionType.CALL if to_call else ActionType.CHECK
                to = None
            game.take_action(action, total=to)
    return decisions


def play_rlcard(hands: int, stacks_for: Stacks, seed: int) -> int:
    import numpy as np
    from rlcard.games.nolimitholdem.game import NolimitholdemGame
    from rlcard.games.nolimitholdem.round import Action

    rng = random.Random(seed)
    decisions = 0
    for index in range(hands):
        game = NolimitholdemGame(num_players=SEATS)
        game.np_random = np.random.RandomState(seed + index)
        game.init_chips = stacks_for(rng)
        game.dealer_id = SEATS - 1
        game.init_game()
        while not game.is_over():
            decisions += 1
            roll = rng.random()
            legal = game.get_legal_actions()
            if roll < FOLD and Action.FOLD in legal:
                action = Action.FOLD
            elif roll < CALL:
                action = Action.CHECK_CALL
            elif roll < MIN_RAISE and Action.RAISE_HALF_POT in legal:
                action = Action.RAISE_HALF_POT
            elif Action.ALL_IN in legal:
                action = Action.ALL_IN
            else:
                action = Action.CHECK_CALL
            game.step(action)
        game.get_payoffs()
    return decisions


def contenders() -> dict[str, tuple[Player, int]]:
    """Each engine and the hands it plays per round (slower peers play fewer)."""
    out: dict[str, tuple[Player, int]] = {
        "holdem": (play_holdem, 400),
        "pokerkit": (play_pokerkit, 10),
    }
    try:
        import texasholdem  # noqa: F401
    except ImportError:  # pragma: no cover - a dev dependency
        print("texasholdem is not installed: pip install -e '.[dev]'")
    else:
        out["texasholdem"] = (play_texasholdem, 60)
    try:
        import rlcard  # noqa: F401
    except ImportError:  # pragma: no cover - optional peer
        print("rlcard is not installed: its column is left out")
    else:
        out["rlcard"] = (play_rlcard, 60)
    return out


def measure(
    stacks_for: Stacks, rounds: int, seed: int
) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
    """Per engine: median microseconds per hand, median ratio to ours, and
    mean decisions per hand.

    Every round plays a batch of each engine in turn, each batch from a new
    seed shared by all engines (R-DEAL-4: same seed, same stacks). Time is
    the process's CPU time, so that other work on a shared machine does not
    count; each round's ratio compares batches run moments apart.
    """
    engines = contenders()
    times: dict[str, list[float]] = {name: [] for name in engines}
    decisions: dict[str, list[float]] = {name: [] for name in engines}
    for play, _ in engines.values():
        play(3, stacks_for, seed)  # warm up (imports, caches)
    for r in range(rounds):
        for name, (play, hands) in engines.items():
            gc.collect()  # no engine pays for the garbage of the one before
            start = process_time()
            made = play(hands, stacks_for, seed + r)
            times[name].append((process_time() - start) / hands * 1e6)
            decisions[name].append(made / hands)
    ours = times["holdem"]
    median = {name: statistics.median(values) for name, values in times.items()}
    ratio = {
        name: statistics.median(t / o for t, o in zip(values, ours, strict=True))
        for name, values in times.items()
    }
    mean = {name: statistics.fmean(values) for name, values in decisions.items()}
    return median, ratio, mean


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--profile", action="store_true", help="cProfile our side (top 15)"
    )
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # peers' deprecation warnings
    print(
        f"python {sys.version.split()[0]}, six-max no-limit 1/2, seed {args.seed},"
        f" {args.rounds} rounds interleaved; median CPU time per hand and"
        " median of the rounds' ratios"
    )
    missed = []
    for setting, stacks_for in (
        ("equal stacks 200 BB", equal_stacks),
        ("unequal stacks 10..800", unequal_stacks),
    ):
        median, ratios, mean = measure(stacks_for, args.rounds, args.seed)
        print(f"{setting}:")
        for name, micros in median.items():
            ratio = ratios[name]
            goal = GOALS.get(name)
            verdict = ""
            if goal is not None:
                ok = ratio >= goal
                verdict = f"  goal >= {goal:.0f}x: {'met' if ok else 'MISSED'}"
                if not ok:
                    missed.append(f"{setting}: {name} {ratio:.1f}x < {goal:.0f}x")
            print(
                f"  {name:12} {micros:10,.1f} us/hand  {mean[name]:5.1f} decisions/hand"
                f"  ratio {ratio:6.1f}x{verdict}"
            )
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        play_holdem(3000, unequal_stacks, args.seed)
        profiler.disable()
        print("\ncProfile of holdem, unequal stacks (top 15 by own time):")
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
    if missed:
        print("goals missed: " + "; ".join(missed))
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
