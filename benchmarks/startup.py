"""Start-up: cold ``holdem`` commands as fresh processes (issue 7, item 8).

Run: ``.venv/bin/python benchmarks/startup.py [--rounds 7] [--script]``

Each round runs every command once, in turn (interleaved, so a busy
machine slows them alike), as ``python -m holdem ...`` (or the ``holdem``
console script with ``--script``); the medians over the rounds are printed.
Two more fresh processes split the cost of a quick query:

* ``python -c pass``: the interpreter alone;
* a probe that imports the CLI, then builds the evaluator's tables (one
  ``rank_codes`` call), timing each step from inside the process.

Goal: every command that needs no batch kernel (``--help``, ``evaluate``,
an equity query small enough for pure Python) in at most 0.3 s, median of
the rounds; the script exits 1 if one is slower. ``equity AsAh KsKh``
(preflop, 1,712,304 boards) loads numpy, numba and the cached kernels, and
a small Monte Carlo run (``--samples 10000``, pure Python) does 20,000
evaluations; both are shown for comparison, without a goal.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

GOAL_SECONDS = 0.3

QUICK = [
    ("holdem --help", ["--help"]),
    ("holdem", []),
    ("holdem evaluate AsKsQsJsTs9h2c", ["evaluate", "AsKsQsJsTs9h2c"]),
    (
        "holdem equity AsAh KsKh --board Js5s2c",
        ["equity", "AsAh", "KsKh", "--board", "Js5s2c"],
    ),
]
OTHER = [
    (
        "holdem equity AsAh KsKh --samples 10000 (Python)",
        ["equity", "AsAh", "KsKh", "--samples", "10000"],
    ),
    ("holdem equity AsAh KsKh (kernels)", ["equity", "AsAh", "KsKh"]),
]

PROBE = """\
import json, time
t0 = time.perf_counter()
import holdem.cli.main, holdem.cli.equity
t1 = time.perf_counter()
from holdem.eval import rank_codes
rank_codes([48, 44, 40, 36, 32, 29, 0])
t2 = time.perf_counter()
print(json.dumps({"import the CLI": t1 - t0, "build the eval tables": t2 - t1}))
"""


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        argv,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        check=True,
        env={**os.environ, "COLUMNS": "80"},
    )
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument(
        "--script", action="store_true", help="run the holdem console script"
    )
    args = parser.parse_args()
    if args.script:
        prefix = [str(Path(sys.executable).with_name("holdem"))]
    else:
        prefix = [sys.executable, "-m", "holdem"]
    commands = [*QUICK, *OTHER]
    times: dict[str, list[float]] = {name: [] for name, _ in commands}
    times["python -c pass"] = []
    parts: dict[str, list[float]] = {}
    timed(prefix + OTHER[-1][1])  # compile the kernels into the cache once
    for _ in range(args.rounds):
        times["python -c pass"].append(timed([sys.executable, "-c", "pass"]))
        for name, argv in commands:
            times[name].append(timed(prefix + argv))
        probe = subprocess.run(
            [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
        )
        for part, seconds in json.loads(probe.stdout).items():
            parts.setdefault(part, []).append(seconds)
    print(f"cold start-up, median of {args.rounds} interleaved rounds")
    width = max(len(name) for name in times)
    missed = []
    for name, samples in times.items():
        median = statistics.median(samples)
        quick = name in dict(QUICK)
        verdict = ""
        if quick:
            ok = median <= GOAL_SECONDS
            verdict = f"  goal <= {GOAL_SECONDS:.1f} s: {'met' if ok else 'MISSED'}"
            if not ok:
                missed.append(name)
        print(f"  {name:<{width}}  {median:6.3f} s{verdict}")
    print("inside a fresh process (median):")
    for part, samples in parts.items():
        print(f"  {part:<{width}}  {statistics.median(samples):6.3f} s")
    if missed:
        print(f"goal missed by: {', '.join(missed)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
