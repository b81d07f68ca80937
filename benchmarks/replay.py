"""Replay speed: PHH load-and-play against pokerkit, and online text hands/s.

Run: ``.venv/bin/python benchmarks/replay.py [--rounds 5] [--phh DIR] [PATH ...]``

PHH: every ``.phh``/``.phhs`` file under ``--phh`` (default
``../shared/data/phh``, 4,278 hands) is read into memory once. Each round
times, in this process's CPU time, our load-and-play (``loads``/``loads_all``
on the text, then ``replay_history`` of every hand: parse, check, deal and
compare with the record) and pokerkit's (``HandHistory.loads`` on the same
bytes, then iterating every state of the hand), in alternating order so
that a noisy machine slows both alike. The medians, the spread and the ratio
of the medians are printed; goal: at least 10x pokerkit.

Text: every file under PATH (default ``../shared/data/hh``) is read and
decoded once; each round splits, parses and replays every hand of every file
in a known format (``replay_online_text``: text -> OnlineHand -> engine ->
comparison with the site's results), file by file, counting each file's
results and letting its parsed hands go before the next, as ``holdem
replay`` does. One untimed round first warms up (the evaluator's tables,
the readers' caches), as the PHH part does. The rate counts every hand,
unreadable and not-hold'em hands included; goal: at least 5,000 hands/s of
CPU time (the median round).

CPU time is used because the machine may be shared (wall time then includes
waiting for a core). Exits 1 when a goal is missed, 2 when no hand is found.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from pokerkit import HandHistory as PkHandHistory

from holdem.history.batch import find_history_files
from holdem.history.online import Outcome, decode, detect, find_online_files
from holdem.history.online.files import replay_online_text
from holdem.history.phh import loads, loads_all
from holdem.history.replay import Outcome as PhhOutcome
from holdem.history.replay import replay_history

TEXT_GOAL = 5_000
"""Online text hands parsed and replayed per second of CPU time."""
RATIO_GOAL = 10.0
"""Our PHH load-and-play against pokerkit's, in hands per second."""
_AGREES = Outcome.AGREES
SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "data"


def _cpu(run: Callable[[], int]) -> tuple[float, int]:
    start = time.process_time()
    count = run()
    return time.process_time() - start, count


def _spread(values: list[float]) -> str:
    return f"{min(values):,.0f}..{max(values):,.0f}"


def bench_phh(folder: Path, rounds: int) -> bool | None:
    """PHH load-and-play against pokerkit; ``None`` when there is no hand."""
    files = [(p, p.read_text(encoding="utf-8")) for p in find_history_files([folder])]
    if not files:
        print(f"no PHH file under {folder}", file=sys.stderr)
        return None
    reproduced = 0

    def ours() -> int:
        nonlocal reproduced
        reproduced = count = 0
        for path, text in files:
            hands = loads_all(text) if path.suffix == ".phhs" else (loads(text),)
            for hand in hands:
                count += 1
                reproduced += replay_history(hand).outcome is PhhOutcome.REPRODUCED
        return count

    def theirs() -> int:
        count = 0
        for _, text in files:
            for _state in PkHandHistory.loads(text):
                pass
            count += 1
        return count

    ours(), theirs()  # warm up: the evaluator's tables, pokerkit's caches
    our_rates: list[float] = []
    their_rates: list[float] = []
    for index in range(rounds):
        pair = [(ours, our_rates), (theirs, their_rates)]
        for run, rates in pair if index % 2 == 0 else pair[::-1]:
            seconds, count = _cpu(run)
            rates.append(count / seconds)
    ours_median = statistics.median(our_rates)
    theirs_median = statistics.median(their_rates)
    ratios = [a / b for a, b in zip(our_rates, their_rates, strict=True)]
    ratio = ours_median / theirs_median
    print(
        f"PHH load-and-play, {len(files)} files ({reproduced} hands reproduced),"
        f" {rounds} rounds, CPU hands/s median (min..max):\n"
        f"  holdem   {ours_median:9,.0f}  ({_spread(our_rates)})\n"
        f"  pokerkit {theirs_median:9,.0f}  ({_spread(their_rates)})\n"
        f"  ratio    {ratio:9.1f}x (per round {min(ratios):.1f}..{max(ratios):.1f};"
        f" goal {RATIO_GOAL:.0f}x)"
    )
    return ratio >= RATIO_GOAL


def bench_text(paths: list[Path], rounds: int) -> bool | None:
    """Online text hands/s; ``None`` when there is no hand."""
    texts = []
    for path in find_online_files(paths):
        text = decode(path.read_bytes())
        if detect(text) is not None:
            texts.append((text, str(path)))
    hands = agreeing = 0

    def run() -> int:
        # file by file, as ``holdem replay`` goes: a file's results are
        # counted and its parsed hands let go before the next file (the CLI
        # keeps no parsed hand either, see ``OnlineSummary``); holding all
        # 5,000 hands at once would time Python's collector walking them
        nonlocal agreeing
        count = agreeing = 0
        for text, source in texts:
            for result in replay_online_text(text, source):
                count += 1
                agreeing += result.outcome is _AGREES
        return count

    run()  # warm up, as for PHH: the evaluator's tables, the readers' caches
    rates, walls = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        seconds, hands = _cpu(run)
        walls.append(hands / (time.perf_counter() - start))
        rates.append(hands / seconds if seconds else 0.0)
    if not hands:
        print("no hand found in a known format", file=sys.stderr)
        return None
    rate = statistics.median(rates)
    print(
        f"text: {hands} hands in {len(texts)} files ({agreeing} agree),"
        f" {rounds} rounds: {rate:,.0f} CPU hands/s median ({_spread(rates)}),"
        f" {statistics.median(walls):,.0f} wall (goal {TEXT_GOAL:,} CPU)"
    )
    return rate >= TEXT_GOAL


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=[SHARED / "hh"])
    parser.add_argument("--phh", type=Path, default=SHARED / "phh")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", choices=("phh", "text"))
    args = parser.parse_args()
    results = []
    if args.only != "text":
        results.append(bench_phh(args.phh, args.rounds))
    if args.only != "phh":
        results.append(bench_text(args.paths, args.rounds))
    if None in results:
        return 2
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
