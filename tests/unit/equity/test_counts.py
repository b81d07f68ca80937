"""The two ways of counting an enumeration, cases 083 and 084, and plans.

Small enumerations are counted in pure Python (``holdem.equity.counts``),
larger ones by the compiled kernels (``holdem.equity.deal``); both must give
the figures of the shared rule cases (and of the eval7 brute-force oracle in
test_equity.py, which runs on both paths through the ``path`` fixture).
"""

import subprocess
import sys
from fractions import Fraction

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from holdem.cards import Card, format_cards
from holdem.equity import (
    PYTHON_EXACT_LIMIT,
    PYTHON_SAMPLE_LIMIT,
    EquityPlan,
    calc,
    deal,
    equity,
    plan_equity,
)
from holdem.errors import InvalidInputError


def test_case_083_hand_against_a_range_drops_blocked_combos(path):
    # ../shared/cases/083: JcJd against TT+ on Qc 7h 2s: 22 live combos x 990
    # turn-and-river pairs; hero wins 6,441, the range 14,349, 990 ties.
    r = equity(["JcJd", "TT+"], board="Qc7h2s")
    hero, field = r.hands
    assert r.exact and r.boards == 21_780 and r.weight_scale == 1
    assert (hero.wins, field.wins, hero.ties, field.ties) == (6_441, 14_349, 990, 990)
    assert hero.ties_by_players == field.ties_by_players == (0, 0, 990)
    assert hero.total == 21_780
    assert hero.equity_exact == Fraction(578, 1815)
    assert field.equity_exact == Fraction(1237, 1815)


def test_case_084_a_tie_of_two_gives_the_third_nothing(path):
    # ../shared/cases/084: 8c 9d Th Jc; Ad2h, As3c, 4s4h; 42 rivers: 8 three-way
    # ties (any Q or 7), 2 two-way (Ac, Ah), 32 won by the fours alone.
    r = equity(["Ad2h", "As3c", "4s4h"], board="8c9dThJc")
    s1, s2, s3 = r.hands
    assert r.boards == 42
    assert (s1.wins, s1.ties, s1.ties_by_players) == (0, 10, (0, 0, 2, 8))
    assert (s2.wins, s2.ties, s2.ties_by_players) == (0, 10, (0, 0, 2, 8))
    assert (s3.wins, s3.ties, s3.ties_by_players) == (32, 8, (0, 0, 0, 8))
    assert s1.equity_exact == s2.equity_exact == Fraction(11, 126)
    assert s3.equity_exact == Fraction(52, 63)


def test_weighted_ranges_count_the_same_on_both_paths(monkeypatch):
    args = (["AhKh", "QQ+:0.5, AKs:1/3, 76s"], "Qc7h2s")
    monkeypatch.setattr(calc, "PYTHON_EXACT_LIMIT", 10**9)
    python = equity(*args)
    monkeypatch.setattr(calc, "PYTHON_EXACT_LIMIT", 0)
    compiled = equity(*args)
    assert python == compiled and python.weight_scale == 6


def test_monte_carlo_counts_the_same_on_both_paths(monkeypatch):
    # The pure-Python port draws exactly as the kernel: same seed, same counts,
    # with ranges (weighted combos, redraws on clashes) and a board to come.
    hands = ["QQ+:0.5, AKs, 76s:1/3", "JJ-88, AQs:0.25", "7c6c"]
    runs = {}
    for limit in (10**9, 0):
        monkeypatch.setattr(calc, "PYTHON_SAMPLE_LIMIT", limit)
        runs[limit] = [equity(hands, "2d3h9s", samples=3000, seed=s) for s in (0, 9)]
    assert runs[10**9] == runs[0]
    assert runs[0][0] != runs[0][1]


def test_plan_says_how_equity_would_count():
    assert plan_equity(["AsAh", "KsKh"], board="Js5s2c") == EquityPlan(
        exact=True, boards=990, players=2, ranges=0, compiled=False
    )
    assert plan_equity(["AsAh", "KsKh"]) == EquityPlan(
        exact=True, boards=1_712_304, players=2, ranges=0, compiled=True
    )
    assert plan_equity(["AsAh", "KsKh"], samples=5000) == EquityPlan(
        exact=False, boards=5000, players=2, ranges=0, compiled=False
    )
    assert plan_equity(["AsAh", "KsKh"], samples=50_000) == EquityPlan(
        exact=False, boards=50_000, players=2, ranges=0, compiled=True
    )
    assert plan_equity(["AsAh", "QQ+", "KdKc"], board="Ks7d2c").ranges == 1


def test_the_python_limit_counts_evaluations():
    # 3 hands on a flop: 43 cards left, 43 * 42 / 2 = 903 boards.
    plan = plan_equity(["AsAh", "KsKh", "QsQh"], board="Js5s2c")
    assert plan.boards == 903 and not plan.compiled
    assert PYTHON_EXACT_LIMIT >= 3 * 903
    assert plan_equity(["AsAh", "KsKh"], samples=PYTHON_SAMPLE_LIMIT // 2 + 1).compiled
    assert not plan_equity(
        ["AsAh", "KsKh"], samples=PYTHON_SAMPLE_LIMIT // 2 - 1
    ).compiled


def test_a_small_query_loads_neither_numpy_nor_numba():
    code = (
        "import sys\n"
        "from holdem.equity import equity\n"
        "r = equity(['AsAh', 'KsKh'], board='Js5s2c')\n"
        "assert [h.wins for h in r.hands] == [907, 83], r\n"
        "print(sorted(m for m in ('numpy', 'numba') if m in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_monte_carlo_counts_do_not_depend_on_the_chunk_size(monkeypatch):
    args = (["AsAh", "KsKh", "7c6c"],)
    one = equity(*args, samples=300_000, seed=5)
    monkeypatch.setattr(deal, "_CHUNK", 40_000)  # 10,000 deals per kernel call
    many = equity(*args, samples=300_000, seed=5)
    assert one == many


def test_exact_counts_do_not_depend_on_the_chunk_size(monkeypatch):
    one = equity(["AsAh", "KsKh"], exact=True)
    monkeypatch.setattr(deal, "_CHUNK", 50_000)
    assert equity(["AsAh", "KsKh"], exact=True) == one


@st.composite
def deals(draw):
    """2 to 4 hands (some as small ranges) and a board of 3 to 5 cards."""
    codes = draw(st.permutations(range(52)))
    players = draw(st.integers(2, 4))
    board_size = draw(st.integers(3, 5))
    hands = []
    for p in range(players):
        a, b = codes[2 * p], codes[2 * p + 1]
        hands.append(format_cards([Card.from_code(a), Card.from_code(b)]))
    if draw(st.booleans()):  # one hand becomes a small range
        hands[-1] = draw(st.sampled_from(["QQ+", "AKs, 76s:0.5", "T9s, 22:1/3"]))
    board = format_cards(
        [Card.from_code(c) for c in codes[2 * players : 2 * players + board_size]]
    )
    return hands, board


@settings(max_examples=40)
@given(deals(), st.integers(0, 2**70))
def test_python_and_compiled_counts_agree(deal_args, seed):
    hands, board = deal_args
    try:
        plan = plan_equity(hands, board)
    except InvalidInputError:
        assume(False)  # the range has no combo left beside these cards
    assume(plan.boards * plan.players <= 60_000)
    saved = calc.PYTHON_EXACT_LIMIT, calc.PYTHON_SAMPLE_LIMIT
    try:
        calc.PYTHON_EXACT_LIMIT = calc.PYTHON_SAMPLE_LIMIT = 10**9
        python = equity(hands, board), equity(hands, board, samples=500, seed=seed)
        calc.PYTHON_EXACT_LIMIT = calc.PYTHON_SAMPLE_LIMIT = 0
        compiled = equity(hands, board), equity(hands, board, samples=500, seed=seed)
    finally:
        calc.PYTHON_EXACT_LIMIT, calc.PYTHON_SAMPLE_LIMIT = saved
    assert python == compiled


def test_case_109_a_weighted_term_counts_its_combos_at_their_weight(path):
    # ../shared/cases/109: QsQh against "AA, JJ:0.5" on Ad 7c 4h 2s, all 44
    # rivers. Live: 3 AA combos (weight 1), QsQh wins no river against them;
    # 6 JJ combos (weight 1/2), it wins 42 of 44 against each (loses to the
    # two last jacks). (6 x 1/2 x 42) / (3 x 44 + 6 x 1/2 x 44) = 21/44.
    r = equity(["QsQh", "AA, JJ:0.5"], board="Ad7c4h2s", exact=True)
    assert r.exact
    assert r.hands[0].equity_exact == Fraction(21, 44)
    # a lone weighted term scales the numerator and the denominator alike
    alone = equity(["QsQh", "JJ:0.5"], board="Ad7c4h2s", exact=True)
    assert alone.hands[0].equity_exact == Fraction(42, 44)
