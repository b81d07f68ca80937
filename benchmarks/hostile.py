"""Reading crafted online-room histories: does the time grow linearly?

Run: ``.venv/bin/python benchmarks/hostile.py [--data DIR] [--only NAME]``

Files are bounded at 16 MiB and lines at 16 KiB (``text.read_history``,
``text.check_lines``); within those bounds a regular expression that tries
every end at every start, or a search repeated per hand over the whole file,
makes reading one crafted (or just large) file take seconds to minutes.

For each format in ``registry.PARSERS``, the first hand of the first file
under ``--data`` (default ``../shared/data/hh``) that the format reads is the
template, and these inputs are built from it in memory:

- lines: each line of the hand in turn, with a run of one payload (``1``,
  ``$1``, ``(``, `` (``, ``[``, a space, ``1,``, ``<``, ``- ``, `` wins``)
  appended, put in place of all but its first word, or put after its first
  three words (the rest after the run), or put in place of its first number,
  to 4 Ki and 16 Ki characters; the hand is
  read as ``holdem replay`` reads it (``check_lines``, then ``parse``; a
  refusal is a result too). Each reader's worst line per payload is shown.
- hands: the hand repeated to 256 KiB and 1 MiB, split (``split``) and
  recognised (``detect``) as a file of many small hands.
- blank: the hand, then 64 Ki or 256 Ki empty lines and a line ``x``, split.

Each input is timed in CPU time (the machine may be shared), median of 3.
Exits 1 when any input takes more than 0.5 s, or when the larger input
takes more than 8 times the smaller (4 times the size: linear growth gives
about 4) and over 20 ms (shorter times are too noisy to compare). A reader
raising anything but ``HistoryParseError`` on a crafted hand is listed after
the table (a bug to fix: ``holdem replay`` would stop there), not failed.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from holdem.errors import HistoryParseError
from holdem.history.online.files import find_online_files
from holdem.history.online.registry import PARSERS, SiteParser, detect
from holdem.history.online.text import HandText, check_lines, read_history

LIMIT = 0.5
"""The most CPU seconds any one input may take."""
RATIO = 8.0
"""The most the 4x input may take against the 1x one."""
FLOOR = 0.02
"""Seconds under which the ratio is not judged."""
PAYLOADS = ("1", "$1", "(", " (", "[", " ", "1,", "<", "- ", " wins")
"""What the crafted lines repeat."""
MODES = ("append", "word", "inside", "number")
"""Where the run goes: at the line's end, after its first word, after its
first three words (before the rest: ``Seat 1: NAME ( ( ... ( showed``), or
in place of its first number (``1`` makes ``Seat 111...1: NAME``)."""
_NUMBER = re.compile(r"\d+")
LINE_SIZES = (4096, 16384)
FILE_SIZES = (256 * 1024, 1024 * 1024)
BLANK_LINES = (64 * 1024, 256 * 1024)
SHARED = Path(__file__).resolve().parents[1] / ".." / "shared" / "data" / "hh"


def _cpu(run: Callable[[], object]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def _median(run: Callable[[], object]) -> float:
    return statistics.median(_cpu(run) for _ in range(3))


# Errors other than HistoryParseError that reading raised, by reader: bugs
# to report (``holdem replay`` would stop on them), not timing failures
_UNEXPECTED: dict[str, set[str]] = {}


def _read(parser: SiteParser, hand: HandText) -> object:
    """One hand read as ``holdem replay`` reads it; a refusal is a result."""
    try:
        check_lines(hand)
        return parser.parse(hand)
    except HistoryParseError as error:
        return error
    except Exception as error:  # noted below; the timing goes on
        _UNEXPECTED.setdefault(_name(parser), set()).add(type(error).__name__)
        return error


def _crafted(
    hand: HandText, index: int, payload: str, size: int, mode: str
) -> HandText:
    line = hand.lines[index]
    if mode == "number":
        found = _NUMBER.search(line)
        if found is None:
            return hand  # nothing to lengthen: read as it is
        run = payload * (size // len(payload))
        rest = max(0, size - len(line) + len(found[0]))
        body = line[: found.start()] + run[:rest] + line[found.end() :]
    elif mode == "inside":
        words = line.split(" ")
        head, tail = " ".join(words[:3]), "".join(" " + word for word in words[3:])
        run = payload * (size // len(payload))
        body = head + run[: max(0, size - len(head) - len(tail))] + tail
    else:
        head = line if mode == "append" else line.partition(" ")[0] + " "
        body = (head + payload * (size // len(payload)))[:size]
    lines = (*hand.lines[:index], body, *hand.lines[index + 1 :])
    return HandText(hand.source, hand.line, lines)


def _templates(data: Path) -> dict[int, tuple[SiteParser, HandText]]:
    found: dict[int, tuple[SiteParser, HandText]] = {}
    for path in sorted(find_online_files([data])):
        text = read_history(path)
        parser = detect(text)
        if parser is None or id(parser) in found:
            continue
        hands = parser.split(text, "")
        if hands:
            found[id(parser)] = (parser, hands[0])
    return found


def _name(parser: SiteParser) -> str:
    return type(parser).__module__.rsplit(".", 1)[-1]


def _row(name: str, what: str, small: float, large: float) -> bool:
    ratio = large / small if small > 0 else float("inf")
    bad = large > LIMIT or (large > FLOOR and ratio > RATIO)
    verdict = "FAIL" if bad else "ok"
    print(
        f"{name:17} {what:34} {small * 1e3:9.1f} {large * 1e3:9.1f}"
        f" {min(ratio, 999.0):6.1f}  {verdict}",
        flush=True,
    )
    return not bad


def _lines(parser: SiteParser, hand: HandText) -> bool:
    ok = True
    for payload in PAYLOADS:
        # the worst line at the larger size (one run), then timed properly
        worst = (-1.0, 0, "append")
        for index in range(len(hand.lines)):
            for mode in MODES:
                crafted = _crafted(hand, index, payload, LINE_SIZES[1], mode)
                spent = _cpu(lambda crafted=crafted: _read(parser, crafted))
                worst = max(worst, (spent, index, mode))
        _, index, mode = worst
        small, large = (
            _median(lambda crafted=crafted: _read(parser, crafted))
            for crafted in (
                _crafted(hand, index, payload, size, mode) for size in LINE_SIZES
            )
        )
        what = f"line {index} {mode} {payload!r}"
        ok = _row(_name(parser), what, small, large) and ok
    return ok


def _files(parser: SiteParser, hand: HandText) -> bool:
    one = "\n".join(hand.lines) + "\n\n"
    times = []
    for size in FILE_SIZES:
        text = one * max(1, size // len(one))
        times.append(_median(lambda text=text: (parser.split(text, ""), detect(text))))
    ok = _row(_name(parser), "hands: split and detect", *times)
    times = []
    for count in BLANK_LINES:
        text = one + "\n" * count + "x\n" + one
        times.append(_median(lambda text=text: parser.split(text, "")))
    return _row(_name(parser), "blank lines: split", *times) and ok


def main() -> int:
    """Time every crafted input; 1 when one is too slow or grows too fast."""
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--data", type=Path, default=SHARED)
    options.add_argument("--only", help="one format, by its module (pokerstars)")
    args = options.parse_args()
    templates = _templates(args.data)
    if not templates:
        print(f"no hand found under {args.data}", file=sys.stderr)
        return 2
    print(f"{'reader':17} {'input':34} {'1x ms':>9} {'4x ms':>9} {'ratio':>6}")
    ok = True
    for parser in PARSERS:
        if id(parser) not in templates or args.only not in (None, _name(parser)):
            continue
        hand = templates[id(parser)][1]
        ok = _files(parser, hand) and ok
        ok = _lines(parser, hand) and ok
    for name, errors in sorted(_UNEXPECTED.items()):
        print(f"note: {name} raised {', '.join(sorted(errors))} on crafted input")
    print("all linear" if ok else "FAILED: see the rows marked FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
