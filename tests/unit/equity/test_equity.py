"""equity(): exact enumeration and seeded Monte Carlo (R-HAND-1, R-POT-2).

Independent oracle: a brute-force loop over every board with eval7 as the
evaluator (a peer used only as a test oracle), checked on both ways of
counting (pure Python and the compiled kernels, the ``path`` fixture).
"""

import warnings
from fractions import Fraction
from itertools import combinations

import pytest

with warnings.catch_warnings():  # eval7 imports an old pyparsing API
    warnings.simplefilter("ignore", DeprecationWarning)
    import eval7

from holdem.cards import Card, parse_cards
from holdem.equity import (
    EXACT_LIMIT,
    MAX_SAMPLES,
    EquityLimitError,
    equity,
    parse_range,
    plan_equity,
)
from holdem.errors import InvalidInputError


def brute_force(hands: list[str], board: str = "", dead: str = "") -> list[tuple]:
    """(wins, ties, tie share) per hand over every board, by eval7."""
    holes = [[eval7.Card(str(c)) for c in parse_cards(h)] for h in hands]
    known = [eval7.Card(str(c)) for c in parse_cards(board)]
    used = {str(c) for c in parse_cards("".join(hands) + board + dead)}
    deck = [
        eval7.Card(r + s) for r in "23456789TJQKA" for s in "cdhs" if r + s not in used
    ]
    wins = [0] * len(hands)
    ties = [0] * len(hands)
    share = [Fraction(0)] * len(hands)
    for rest in combinations(deck, 5 - len(known)):
        full = known + list(rest)
        values = [eval7.evaluate(h + full) for h in holes]
        top = max(values)
        winners = [p for p, v in enumerate(values) if v == top]
        for p in winners:
            if len(winners) == 1:
                wins[p] += 1
            else:
                ties[p] += 1
                share[p] += Fraction(1, len(winners))
    return list(zip(wins, ties, share, strict=True))


def outcome(result) -> list[tuple]:
    return [(h.wins, h.ties, h.tie_share) for h in result.hands]


def test_exact_preflop_aces_against_kings():
    # The figures of the issue: AsAh vs KsKh over all 1,712,304 boards.
    r = equity(["AsAh", "KsKh"], exact=True)
    assert r.exact and r.boards == 1_712_304
    aa, kk = r.hands
    assert (aa.wins, kk.wins, aa.ties, kk.ties) == (1_410_336, 292_660, 9_308, 9_308)
    assert aa.total == kk.total == 1_712_304
    assert aa.equity + kk.equity == pytest.approx(1.0)
    assert aa.equity_exact == Fraction(1_410_336 * 2 + 9_308, 2 * 1_712_304)


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AsAh", "KsKh"], "Js5s2c", ""),
        (["AsKs", "7h7d", "QcJc"], "Ts9s2h", "3d"),
        (["2c2d", "AhKh", "9s8s", "AdKd"], "Th7h6d5c", ""),
        (["AsKd", "AhKc"], "QhJdTs", "2c2d"),  # mostly split pots
        (["2c3d", "4h5s", "6c7c"], "AsKsQsJsTs", ""),  # the board plays: a 3-way split
    ],
)
def test_exact_matches_a_brute_force_oracle(path, hands, board, dead):
    assert plan_equity(hands, board, dead).compiled is (path == "compiled")
    assert outcome(equity(hands, board, dead, exact=True)) == brute_force(
        hands, board, dead
    )


def test_three_way_split_shares():
    r = equity(["2c3d", "4h5s", "6c7c"], "AsKsQsJsTs")
    assert all(
        h.ties_by_players[3] == 1 and h.equity_exact == Fraction(1, 3) for h in r.hands
    )


def test_monte_carlo_is_seeded_and_close_to_exact():
    exact = equity(["AsAh", "KsKh", "7c6c"], exact=True)
    a = equity(["AsAh", "KsKh", "7c6c"], exact=False, samples=400_000, seed=7)
    b = equity(["AsAh", "KsKh", "7c6c"], exact=False, samples=400_000, seed=7)
    c = equity(["AsAh", "KsKh", "7c6c"], exact=False, samples=400_000, seed=8)
    assert not a.exact and a.seed == 7 and a.boards == 400_000
    assert outcome(a) == outcome(b)
    assert outcome(a) != outcome(c)
    for e, m in zip(exact.hands, a.hands, strict=True):
        assert m.equity == pytest.approx(e.equity, abs=0.004)  # > 5 standard errors


def test_monte_carlo_counts_do_not_depend_on_chunking():
    calls = []
    whole = equity(["AsAh", "KsKh"], exact=False, samples=600_000, seed=3)
    chunked = equity(
        ["AsAh", "KsKh"], exact=False, samples=600_000, seed=3,
        progress=lambda done, total: calls.append((done, total)),
    )  # fmt: skip
    assert outcome(whole) == outcome(chunked)
    assert len(calls) > 1 and calls[-1] == (600_000, 600_000)


def test_exact_progress_reports_every_board():
    calls = []
    r = equity(["AsAh", "KsKh"], exact=True, progress=lambda d, t: calls.append((d, t)))
    assert calls[-1] == (r.boards, r.boards) and len(calls) > 1
    assert outcome(r) == outcome(equity(["AsAh", "KsKh"], exact=True))


def test_range_against_a_hand_is_the_weighted_sum_of_its_combos():
    board = "Qs7h2d"
    r = equity(["QQ+, 76s:0.5", "AhKh"], board, exact=True)
    combos = parse_range("QQ+, 76s:0.5").without(parse_cards(board + "AhKh"))
    scale = r.weight_scale
    assert scale == 2
    wins = ties = 0
    total = 0
    for combo, w in zip(combos.combos, combos.weights, strict=True):
        single = equity(["".join(map(str, combo)), "AhKh"], board, exact=True)
        wins += int(w * scale) * single.hands[1].wins
        ties += int(w * scale) * single.hands[1].ties
        total += int(w * scale) * single.hands[1].total
    assert (r.hands[1].wins, r.hands[1].ties, r.hands[1].total) == (wins, ties, total)


def test_range_monte_carlo_is_close_to_exact():
    hands = ["QQ+, AKs", "AJo-ATo, 76s"]
    exact = equity(hands, "Th9d2c", exact=True)
    mc = equity(hands, "Th9d2c", exact=False, samples=300_000, seed=11)
    assert mc.hands[0].equity == pytest.approx(exact.hands[0].equity, abs=0.005)


def test_range_weights_change_monte_carlo_like_exact():
    hands = ["AA, 72o:0.1", "KK"]
    exact = equity(hands, exact=False, samples=300_000, seed=2)
    heavy = equity(["AA, 72o", "KK"], exact=False, samples=300_000, seed=2)
    assert exact.hands[0].equity > heavy.hands[0].equity + 0.1


def test_auto_chooses_exact_when_quick():
    assert equity(["AsAh", "KsKh"]).exact
    assert not equity(["random", "random"], samples=1000).exact


def test_ten_players_and_cards_as_values():
    pairs = [
        "AsAh",
        "KsKh",
        "QsQh",
        "JsJh",
        "TsTh",
        "9s9h",
        "8s8h",
        "7s7h",
        "6s6h",
        "5s5h",
    ]
    hands = [parse_cards(h) for h in pairs]
    r = equity(hands, exact=False, samples=20_000, seed=1)
    assert len(r.hands) == 10 and r.hands[0].hand == "AsAh"
    assert sum(h.equity for h in r.hands) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("hands", "kwargs", "message"),
    [
        (["AsAh"], {}, "2 to 10 hands, got 1"),
        (["AsAh"] * 11, {}, "2 to 10 hands, got 11"),
        (
            ["AsAh", "AsKh"],
            {},
            "card As appears twice: in hand 1 \\(AsAh\\) and in hand 2",
        ),
        (["AsAh", "KsKh"], {"board": "As2c3d"}, "card As appears twice: in hand 1"),
        (
            ["AsAh", "KsKh"],
            {"board": "2c3d4h", "dead": "2c"},
            "appears twice: in the board",
        ),
        (["AsAh", "KsKh"], {"board": "2c3d4h5s6h7h"}, "0, 3, 4 or 5 cards .*, got 6"),
        # R-DEAL-3: the flop is three cards at once; then the turn, the river
        (["AsAh", "KsKh"], {"board": "Js"}, "0, 3, 4 or 5 cards .*, got 1"),
        (["AsAh", "KsKh"], {"board": "Js5s"}, "0, 3, 4 or 5 cards .*, got 2"),
        (["AsAhKd", "KsKh"], {}, "2 hole cards, got 3"),
        (["AsAh", "QQ+, AKx"], {}, "'AKx'"),
        (["AsAh", "KsXh"], {}, "KsXh"),
        (["AsAh", "KsKh"], {"board": "Jk2c3d"}, "jokers"),
        (["AsAh", "KsJk"], {}, "jokers"),
        (
            ["AsAh", "AA"],
            {"board": "AdAc2h"},
            "hand 2 \\(AA\\) has no combination left",
        ),
        (
            ["AsAh", "KsKh"],
            {"samples": 0, "exact": False},
            "samples must be an int from 1 to 10,000,000,000 \\(MAX_SAMPLES\\), got 0",
        ),
        (["random", "random", "random"], {"exact": True}, "use Monte Carlo"),
        ("AsAh KsKh", {}, "list of hands"),
    ],
)
def test_bad_input_is_refused_with_the_reason(hands, kwargs, message):
    with pytest.raises(InvalidInputError, match=message):
        equity(hands, **kwargs)


def test_more_players_than_the_deck_allows():
    hands = [
        "2c2d",
        "3c3d",
        "4c4d",
        "5c5d",
        "6c6d",
        "7c7d",
        "8c8d",
        "9c9d",
        "2h3h",
        "4h5h",
    ]
    held = set(parse_cards("".join(hands)))
    dead = [c for c in map(Card.from_code, range(52)) if c not in held][:28]
    with pytest.raises(
        InvalidInputError, match="10 hands need 25 more cards but the deck has"
    ):
        equity(hands, dead=dead)


@pytest.mark.parametrize("kwargs", [{}, {"exact": True}, {"samples": 10}])
def test_hands_that_cannot_all_be_dealt_are_impossible(kwargs):
    # Three pairs of aces need six aces; the deck has four.
    with pytest.raises(InvalidInputError) as caught:
        equity(["AA", "AA", "AA"], **kwargs)
    assert str(caught.value) == (
        "impossible to deal: hand 1 (AA), hand 2 (AA), hand 3 (AA) cannot each"
        " get two cards without sharing one"
    )
    assert "hardly" not in str(caught.value)


def test_impossible_deal_names_the_board_and_dead_cards():
    with pytest.raises(InvalidInputError) as caught:
        equity(["AA", "AA"], dead="AsAh")
    assert str(caught.value) == (
        "impossible to deal: hand 1 (AA), hand 2 (AA) cannot each get two cards"
        " without sharing one, with the board and dead cards out of the deck"
    )


def test_ranges_that_hardly_ever_fit_together(path):
    # Ten hands share twenty cards exactly: a deal exists, but Monte Carlo
    # draws combos independently and about 1 in 700,000 draws fits.
    hands = ["AA,KK,QQ,JJ,TT"] * 10
    with pytest.raises(EquityLimitError) as caught:
        equity(hands, samples=10)
    error = caught.value
    assert error.reason == (
        "the ranges hardly ever fit together without sharing a card"
        " (100,000 draws in a row gave two hands the same card)"
    )
    assert error.remedy is None  # 30**10 assignments: enumerating is no way out
    assert str(error) == f"{error.reason}; narrow the ranges"


@pytest.mark.parametrize("samples", [2**63, 2**64, MAX_SAMPLES + 1, -1, 0, True, 1.0])
def test_samples_outside_1_to_max_samples_are_refused(samples):
    with pytest.raises(InvalidInputError) as caught:
        equity(["AsAh", "KsKh"], exact=False, samples=samples)
    assert str(caught.value) == (
        "samples must be an int from 1 to 10,000,000,000 (MAX_SAMPLES),"
        f" got {samples!r}"
    )


def test_max_samples_is_ten_billion():
    assert MAX_SAMPLES == 10**10


def test_samples_with_exact_true_is_refused():
    with pytest.raises(InvalidInputError) as caught:
        equity(["AsAh", "KsKh"], exact=True, samples=1000)
    assert str(caught.value) == (
        "samples=1000 counts Monte Carlo deals, but exact=True deals every"
        " board: give one or the other"
    )


def test_samples_given_means_monte_carlo():
    r = equity(["AsAh", "KsKh"], samples=1000, seed=5)
    assert not r.exact and r.boards == 1000 and r.seed == 5
    assert equity(["AsAh", "KsKh"], exact=False).boards == 1_000_000


def test_exact_enumeration_over_the_board_limit_is_refused():
    assert EXACT_LIMIT == 2_000_000_000
    with pytest.raises(EquityLimitError) as caught:
        equity(["22+", "22+"], exact=True)
    error = caught.value
    assert error.remedy == "sample"
    assert str(error) == (
        "exact enumeration would deal up to 10,417,657,536 boards, more than the"
        " limit of 2,000,000,000; use Monte Carlo instead (exact=False, samples=N)"
    )


def test_exact_enumeration_over_the_assignment_limit_is_refused():
    with pytest.raises(EquityLimitError) as caught:
        equity(["random", "random", "random"], exact=True)
    assert str(caught.value) == (
        "exact enumeration would visit up to 2,331,473,976 hole-card assignments,"
        " more than the limit of 2,000,000; use Monte Carlo instead"
        " (exact=False, samples=N)"
    )


def test_exact_combos_separated_by_commas_are_a_range():
    # "AsKs, AhKh" is two exact combos (range notation), not four hole cards:
    # with a fixed hero, its counts are the sums over the two hands.
    both = equity(["QsQc", "AsKs, AhKh"], board="2c3d4h")
    one = equity(["QsQc", "AsKs"], board="2c3d4h")
    two = equity(["QsQc", "AhKh"], board="2c3d4h")
    assert (
        both.boards == one.boards + two.boards == 2 * 990
    )  # C(45, 2) turns and rivers each
    for p in range(2):
        assert both.hands[p].wins == one.hands[p].wins + two.hands[p].wins
        assert both.hands[p].ties == one.hands[p].ties + two.hands[p].ties
    assert both.hands[1].hand == "AsKs, AhKh"
    with pytest.raises(InvalidInputError, match="2 hole cards, got 3"):
        equity(["QsQc", "As Kh Qd"])
