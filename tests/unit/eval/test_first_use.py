"""The first evaluation of a process: it loads the tables, off the fast path.

The rest of the suite evaluates hands long after the tables are loaded, so
the loading path (``single._slow`` without a joker, ``single._load``) runs
once per process, before any of its tests. This test starts a fresh
interpreter on the same ``holdem`` (and the same environment, so a mutant
under test in the mutation job stays in place) and checks the values of
its very first evaluations against the hand categories of R-HAND-1.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import holdem
from holdem.cards import parse_cards
from holdem.eval.single import rank_codes
from holdem.eval.value import HandCategory

_FIRST = """
from holdem.cards import parse_cards
from holdem.eval.single import rank_codes
from holdem.eval.value import HandCategory

def codes(text):
    return [c.code for c in parse_cards(text)]

# the first call of the process: seven cards, a full house, no joker
first = rank_codes(codes("AsAhAdKcKs2d7h"))
later = rank_codes(codes("AsKsQsJs9s2d3h"))
print(HandCategory(first >> 20).name, HandCategory(later >> 20).name, first > later)
"""


def test_R_HAND_1_the_first_evaluation_of_a_process_ranks_correctly():
    """R-HAND-1: aces full of kings, then an ace-high flush, evaluated first
    in a fresh process: a full house beats a flush."""
    src = str(Path(holdem.__file__).resolve().parents[1])
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([src, os.environ.get("PYTHONPATH", "")])
    )
    out = subprocess.run(
        [sys.executable, "-c", _FIRST],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["FULL_HOUSE", "FLUSH", "True"]
    # The same hands here, and a joker hand, which takes the same slow path
    # (checks, _load) in this process: a joker with four aces is five aces
    # (R-DECK-2, wild).
    five_aces = rank_codes([*(c.code for c in parse_cards("AsAhAdAc2d")), 52])
    assert HandCategory(five_aces >> 20) is HandCategory.FIVE_OF_A_KIND
