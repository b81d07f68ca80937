"""Equity speed: exact preflop AsAh vs KsKh and a 1,000,000-board Monte Carlo.

Run: ``.venv/bin/python benchmarks/equity.py [--repeat 5] [--skip-loops]``

Warm timings (the numba kernels loaded and the tables built by one call
first), best of ``--repeat``. Peers, measured in the same run:

* exact: a Python loop over all 1,712,304 boards calling eval7.evaluate
  twice per board (eval7 has no preflop exact enumeration of its own), and
  the same loop around phevaluator's evaluate_cards;
* Monte Carlo: eval7.py_hand_vs_range_monte_carlo (C) for 1,000,000 boards;
* pokerkit.calculate_equities on 2,000 boards, scaled up to 1,712,304 (it
  would take several minutes to run in full).

Goals (issue 3): exact AsAh vs KsKh in at most 0.1 s, with AA winning
1,410,336, KK 292,660 and 9,308 ties; 1,000,000 Monte Carlo boards in at
most 0.1 s.

The pure-Python path (issue 7, item 8): an enumeration of at most
``PYTHON_EXACT_LIMIT`` hand evaluations, or a Monte Carlo run of at most
``PYTHON_SAMPLE_LIMIT``, skips numpy and numba. Its cost per evaluation is
measured warm (AsAh against any hand on a turn, enumerated and sampled), and
the cost of loading the kernels in a fresh process (numpy, numba, the cached
kernels, the numpy tables; the eval tables built first). Goal: a run at
either limit costs no more than loading the kernels would, so the
thresholds never make a query slower.

Exits 1 when a goal is missed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from itertools import combinations
from typing import Any

from holdem.equity import (
    PYTHON_EXACT_LIMIT,
    PYTHON_SAMPLE_LIMIT,
    equity,
    plan_equity,
)

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def best_time(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    best, out = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        out = run()
        best = min(best, time.perf_counter() - start)
    return best, out


def eval7_loop() -> tuple[int, int, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import eval7
    aa = [eval7.Card("As"), eval7.Card("Ah")]
    kk = [eval7.Card("Ks"), eval7.Card("Kh")]
    used = {"As", "Ah", "Ks", "Kh"}
    deck = [eval7.Card(r + s) for r in RANKS for s in SUITS if r + s not in used]
    ev = eval7.evaluate
    a = k = t = 0
    for board in combinations(deck, 5):
        b = list(board)
        x, y = ev(aa + b), ev(kk + b)
        if x > y:
            a += 1
        elif y > x:
            k += 1
        else:
            t += 1
    return a, k, t


def phevaluator_loop() -> tuple[int, int, int]:
    from phevaluator import evaluate_cards

    deck = [c for c in range(52) if c not in (51, 50, 47, 46)]
    a = k = t = 0
    for b1, b2, b3, b4, b5 in combinations(deck, 5):
        x = evaluate_cards(51, 50, b1, b2, b3, b4, b5)  # lower is better
        y = evaluate_cards(47, 46, b1, b2, b3, b4, b5)
        if x < y:
            a += 1
        elif y < x:
            k += 1
        else:
            t += 1
    return a, k, t


KERNEL_LOAD = """\
import time
from holdem.equity import calc, equity
from holdem.eval import rank_codes
rank_codes([48, 44, 40, 36, 32, 29, 0])  # the eval tables, paid by both paths
calc.PYTHON_EXACT_LIMIT = 0
start = time.perf_counter()
equity(["AsAh", "KsKh"], board="Js5s2c9d")
print(time.perf_counter() - start)
"""


def python_path(repeat: int) -> tuple[float, float, float]:
    """Seconds per evaluation on the pure-Python paths; kernel load seconds."""
    args = (["AsAh", "random"], "Js5s2c9d")
    plan = plan_equity(*args)
    assert not plan.compiled, plan
    secs, _ = best_time(lambda: equity(*args), repeat)
    per_eval = secs / (plan.boards * plan.players)
    deals = PYTHON_SAMPLE_LIMIT // 2
    assert not plan_equity(*args, samples=deals).compiled
    secs, _ = best_time(lambda: equity(*args, samples=deals), repeat)
    per_sample = secs / (deals * 2)
    loads = []
    for _ in range(repeat):
        out = subprocess.run(
            [sys.executable, "-c", KERNEL_LOAD],
            capture_output=True,
            text=True,
            check=True,
        )
        loads.append(float(out.stdout))
    return per_eval, per_sample, sorted(loads)[len(loads) // 2]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--skip-loops", action="store_true", help="skip slow peers")
    args = parser.parse_args()

    hands = ["AsAh", "KsKh"]
    equity(hands, exact=True)  # warm: load kernels, build tables
    equity(hands, exact=False, samples=1000)
    exact_s, r = best_time(lambda: equity(hands, exact=True), args.repeat)
    aa, kk = r.hands
    counts = (aa.wins, kk.wins, aa.ties)
    ok_counts = counts == (1_410_336, 292_660, 9_308)
    print(f"exact AsAh vs KsKh over {r.boards:,} boards, warm, best of {args.repeat}:")
    print(
        f"  holdem.equity(exact=True)      {exact_s:8.4f} s   AA wins {aa.wins:,},"
        f" KK wins {kk.wins:,}, ties {aa.ties:,}, AA equity {aa.equity:.5f}"
    )
    mc_s, m = best_time(
        lambda: equity(hands, exact=False, samples=1_000_000, seed=1), args.repeat
    )
    print("Monte Carlo, 1,000,000 boards, warm:")
    print(
        f"  holdem.equity(samples=1e6)     {mc_s:8.4f} s   AA equity"
        f" {m.hands[0].equity:.5f} (exact {aa.equity:.5f})"
    )

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        import eval7
    hero = [eval7.Card("As"), eval7.Card("Ah")]
    villain = eval7.HandRange("KsKh")
    e7_mc, e7_eq = best_time(
        lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], 1_000_000),
        args.repeat,
    )
    print(f"  eval7 monte carlo (C)          {e7_mc:8.4f} s   AA equity {e7_eq:.5f}")

    print("peers, exact:")
    peers: dict[str, float] = {}
    if not args.skip_loops:
        for name, loop in (
            ("eval7 loop", eval7_loop),
            ("phevaluator loop", phevaluator_loop),
        ):
            secs, got = best_time(loop, 1)
            peers[name] = secs
            agree = "agrees" if got == counts else f"DISAGREES {got}"
            print(f"  {name:<30} {secs:8.3f} s   (Python loop; {agree})")

    from pokerkit import Card as PKCard
    from pokerkit import Deck, StandardHighHand, calculate_equities, parse_range

    sample = 2_000
    pk_s, _ = best_time(
        lambda: calculate_equities(
            (parse_range("AsAh"), parse_range("KsKh")), PKCard.parse(""), 2, 5,
            Deck.STANDARD, (StandardHighHand,), sample_count=sample,
        ),
        1,
    )  # fmt: skip
    pk_full = pk_s * r.boards / sample
    peers["pokerkit (scaled)"] = pk_full
    print(
        f"  {'pokerkit (scaled)':<30} {pk_full:8.1f} s   ({sample:,} boards took"
        f" {pk_s:.3f} s)"
    )

    per_eval, per_sample, kernel_load = python_path(args.repeat)
    at_limit = per_eval * PYTHON_EXACT_LIMIT
    at_sample_limit = per_sample * PYTHON_SAMPLE_LIMIT
    print("pure Python (no numpy, no numba), warm:")
    print(
        f"  enumeration: {per_eval * 1e6:.2f} us per evaluation; at"
        f" PYTHON_EXACT_LIMIT ({PYTHON_EXACT_LIMIT:,}) {at_limit:.3f} s"
    )
    print(
        f"  Monte Carlo: {per_sample * 1e6:.2f} us per evaluation; at"
        f" PYTHON_SAMPLE_LIMIT ({PYTHON_SAMPLE_LIMIT:,}) {at_sample_limit:.3f} s"
    )
    print(f"  loading the kernels in a fresh process (median) {kernel_load:.3f} s")

    print("\ngoals:")
    print(f"  exact counts as published: {'PASS' if ok_counts else 'FAIL'}")
    print(
        f"  exact {exact_s:.4f} s [<= 0.1 s] {'PASS' if exact_s <= 0.1 else 'FAIL'}"
        + "".join(
            f" | {p} {s:.2f} s, ratio {s / exact_s:.0f}x" for p, s in peers.items()
        )
    )
    print(
        f"  Monte Carlo 1e6 {mc_s:.4f} s [<= 0.1 s] {'PASS' if mc_s <= 0.1 else 'FAIL'}"
        f" | eval7 C {e7_mc:.4f} s, ratio {e7_mc / mc_s:.2f}x"
    )
    ok_limit = max(at_limit, at_sample_limit) <= kernel_load
    print(
        f"  pure Python at the limits {at_limit:.3f} s, {at_sample_limit:.3f} s"
        f" [<= kernel load {kernel_load:.3f} s] {'PASS' if ok_limit else 'FAIL'}"
    )
    return 0 if ok_counts and exact_s <= 0.1 and mc_s <= 0.1 and ok_limit else 1


if __name__ == "__main__":
    sys.exit(main())
