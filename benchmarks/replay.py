"""Online-room text replay speed: hands parsed and replayed per second.

Run: ``.venv/bin/python benchmarks/replay.py [--repeat 3] [PATH ...]``

Every file under PATH (default ``../shared/data/hh``) is read into memory and
decoded once; then each repetition splits, parses and replays every hand of
every file in a known format (``replay_online_text``: text -> OnlineHand ->
engine -> comparison with the site's results). The rate counts the hands of
the best repetition, unreadable and not-hold'em hands included, by wall
time and by this process's CPU time; the goal is judged on CPU time, since
the machine may be shared (wall time then includes waiting for a core).

Goal (issue 9, item 5): at least 5,000 text hands/s parsed and replayed.
Exits 1 when the goal is missed, 2 when no hand is found.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from holdem.history.online import Outcome, decode, detect, find_online_files
from holdem.history.online.files import replay_online_text

GOAL = 5_000
DEFAULT = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "hh"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[DEFAULT])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    texts = []
    for path in find_online_files(args.paths):
        text = decode(path.read_bytes())
        if detect(text) is not None:
            texts.append((text, str(path)))
    for text, source in texts[:1]:
        replay_online_text(text, source)  # build the evaluator's tables first
    best = best_cpu = float("inf")
    hands = agreeing = 0
    for _ in range(args.repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        results = [
            r for text, source in texts for r in replay_online_text(text, source)
        ]
        best = min(best, time.perf_counter() - start)
        best_cpu = min(best_cpu, time.process_time() - start_cpu)
        hands = len(results)
        agreeing = sum(r.outcome is Outcome.AGREES for r in results)
    if not hands:
        print("no hand found in a known format", file=sys.stderr)
        return 2
    rate, rate_cpu = hands / best, hands / best_cpu
    print(
        f"{hands} text hands in {len(texts)} files ({agreeing} agree):"
        f" {best * 1000:.0f} ms wall, {rate:,.0f} hands/s;"
        f" {best_cpu * 1000:.0f} ms CPU, {rate_cpu:,.0f} hands/s (goal {GOAL:,})"
    )
    return 0 if rate_cpu >= GOAL else 1


if __name__ == "__main__":
    sys.exit(main())
