"""Tracker definitions on hand-built hands: walks, options, splits, bb/100."""

from __future__ import annotations

import math

import pytest

from holdem.history import loads
from holdem.stats import hand_facts, player_stats, series
from holdem.stats.hand_facts import HandFacts


def _hand(actions: list[str], stacks: str = "[1000, 1000, 1000]") -> HandFacts:
    n = stacks.count(",") + 1
    blinds = ", ".join(["5", "10"] + ["0"] * (n - 2))
    text = (
        'variant = "NT"\n'
        f"antes = [{', '.join(['0'] * n)}]\n"
        f"blinds_or_straddles = [{blinds}]\n"
        "min_bet = 10\n"
        f"starting_stacks = {stacks}\n"
        f"players = {['A', 'B', 'C', 'D'][:n]!r}\n"
        f"actions = {actions!r}\n"
    ).replace("'", '"')
    facts = hand_facts(loads(text))
    assert facts is not None
    return facts


DEAL3 = ["d dh p1 AsKs", "d dh p2 2c7d", "d dh p3 QhQd"]


def test_walk_is_left_out_of_vpip_and_pfr() -> None:
    # p3 (button) and p1 (small blind) fold: the big blind (B) takes a walk
    facts = _hand([*DEAL3, "p3 f", "p1 f"])
    a, b, c = facts.players
    assert not b.preflop_decision and not b.vpip  # no decision: left out
    assert a.preflop_decision and c.preflop_decision
    stats = player_stats([facts], "B")
    assert stats.vpip is None and stats.pfr is None and stats.hands == 1
    assert stats.net_chips == 5 and facts.all_in is None


def test_big_blind_checking_his_option_is_not_voluntary() -> None:
    # C limps, A completes, B checks: A and C put money in voluntarily, B not
    actions = [*DEAL3, "p3 cc", "p1 cc", "p2 cc", "d db 3h8s9d"]
    actions += ["p1 cc", "p2 cbr 20", "p3 f", "p1 cc", "d db Tc", "p1 cc"]
    actions += ["p2 cc", "d db 4d", "p1 cc", "p2 cc", "p1 sm AsKs", "p2 sm 2c7d"]
    facts = _hand(actions)
    a, b, c = facts.players
    assert (a.vpip, b.vpip, c.vpip) == (True, False, True)
    assert not (a.pfr or b.pfr or c.pfr)
    assert (b.aggressive, b.calls, a.calls, c.folds) == (1, 0, 1, 1)
    assert a.showdown and b.showdown and not c.showdown
    assert a.won_at_showdown and not b.won_at_showdown  # ace high wins
    # pot: 10 from each pre-flop, 20 from A and B on the flop: 70
    assert a.net == 70 - 30 and b.net == -30 and c.net == -10
    stats_c = player_stats([facts], "C")
    assert stats_c.wtsd == 0.0 and stats_c.wsd is None
    assert stats_c.af is None and stats_c.afq == 0.0  # one fold, no call


def test_split_pot_counts_as_won_at_showdown_for_both() -> None:
    # the board is a royal flush: both play it and split (R-HAND-1, R-POT-2)
    actions = ["d dh p1 2c3d", "d dh p2 4c5d", "p2 cc", "p1 cc", "d db AhKhQh"]
    actions += ["p1 cc", "p2 cc", "d db Jh", "p1 cc", "p2 cc", "d db Th"]
    actions += ["p1 cc", "p2 cc", "p1 sm 2c3d", "p2 sm 4c5d"]
    facts = _hand(actions, "[1000, 1000]")
    assert all(p.won_at_showdown and p.net == 0 for p in facts.players)


def test_bb_per_100_and_its_95_percent_interval() -> None:
    # A wins the big blind (1 bb) in one hand and loses 1 bb in another:
    # 0 bb/100; over win, win, lose the mean is 1/3 bb, s by n - 1
    win = _hand([*DEAL3, "p3 f", "p1 cbr 30", "p2 f"])
    lose = _hand([*DEAL3, "p3 f", "p1 cc", "p2 cbr 40", "p1 f"])
    assert win.players[0].net == 10 and lose.players[0].net == -10
    stats = player_stats([win, lose], "A")
    assert stats.bb_per_100 == 0.0 and stats.net_bb == 0.0
    twice = player_stats([win, win, lose], "A")
    mean = (1 + 1 - 1) / 3
    s = math.sqrt(((1 - mean) ** 2 * 2 + (-1 - mean) ** 2) / 2)
    half = 1.959963984540054 * 100 * s / math.sqrt(3)
    assert twice.bb_per_100 == pytest.approx(100 * mean)
    assert twice.ci95 == pytest.approx((100 * mean - half, 100 * mean + half))
    assert series([win, win, lose], "A").won == pytest.approx((1.0, 2.0, 1.0))


def test_one_hand_has_no_interval_and_an_absent_player_no_figures() -> None:
    facts = _hand([*DEAL3, "p3 f", "p1 f"])
    assert player_stats([facts], "A").ci95 is None
    nobody = player_stats([facts], "Z")
    assert nobody.hands == 0 and nobody.vpip is None and nobody.bb_per_100 == 0.0


def test_a_hand_the_engine_refuses_tells_nothing() -> None:
    text = (
        'variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [5, 10]\n'
        "min_bet = 10\nstarting_stacks = [1000, 1000]\n"
        'actions = ["d dh p1 2c3d", "d dh p2 4c5d", "p2 cbr 15"]\n'
    )
    assert hand_facts(loads(text)) is None  # a raise below the minimum (R-NL-2)
