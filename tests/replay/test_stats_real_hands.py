"""Player statistics on real recorded hands (../shared/data, read in place).

Every expected value here is counted by hand from the hand's actions, cited
by file; the all-in equity is counted as outs over the cards left, and checked
against eval7 (an independent evaluator) on a flop spot.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from holdem.history import load
from holdem.stats import hand_facts, player_stats

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / ".." / "shared" / "data" / "phh"

pytestmark = pytest.mark.skipif(
    not DATA.is_dir(), reason=f"real PHH data not found at {DATA} (../shared/data)"
)


def _facts(name: str):  # type: ignore[no-untyped-def]
    facts = hand_facts(load(DATA / name))
    assert facts is not None
    return facts


def test_dwan_ivey_2009_counts() -> None:
    # historical/dwan-ivey-2009.phh: Dwan opens to 7000, Ivey 3-bets to 23000,
    # Antonius folds his big blind, Dwan calls; Ivey bets the flop (Dwan
    # calls), bets the turn, Dwan raises, Ivey re-raises all in, Dwan calls
    # all in for his 553500; 7-high straight beats the wheel on the turn.
    facts = _facts("historical/dwan-ivey-2009.phh")
    ivey, antonius, dwan = facts.players
    assert (ivey.vpip, ivey.pfr, ivey.aggressive, ivey.calls) == (True, True, 3, 0)
    assert (dwan.vpip, dwan.pfr, dwan.aggressive, dwan.calls) == (True, True, 1, 2)
    assert (antonius.vpip, antonius.pfr, antonius.preflop_decision) == (
        False,
        False,
        True,
    )
    # pot: 553500 from each of the two all-in players, 500 ante + 2000 blind
    assert dwan.net == 2 * 553500 + 2500 - 553500 == 556000
    assert ivey.net == -553500 and antonius.net == -2500
    assert dwan.won_at_showdown and ivey.showdown and not ivey.won_at_showdown
    assert not antonius.saw_flop and not antonius.showdown
    # all in on the turn Jc3d5c4h: Ivey (Ac2d, the wheel) has no out against
    # 7h6h's 3-7 straight (one club left to come cannot make his flush)
    spot = facts.all_in
    assert spot is not None and len(spot.board) == 4
    assert spot.expected == (0, 0, 1109500)
    assert spot.adjusted_net == (-553500, -2500, 556000)


def test_pluribus_32_38_turn_all_in_counted_by_outs() -> None:
    # pluribus/32/38.phh: Budd (p1, KcAc) 3-bets, Gogo (p6, KsJd) calls; the
    # turn JsTd6c5c, Gogo raises all in, Budd calls. Budd's outs on the river
    # (44 cards): three aces, nine clubs, the three other queens (Broadway):
    # 15; a king gives Gogo two pair. The pot is 10000 x 2 + Eddie's 100.
    facts = _facts("pluribus/32/38.phh")
    budd, eddie, *_, gogo = facts.players
    assert (budd.vpip, budd.pfr, budd.aggressive, budd.calls) == (True, True, 2, 1)
    assert (gogo.vpip, gogo.pfr, gogo.aggressive, gogo.calls) == (True, True, 1, 1)
    assert (eddie.vpip, eddie.net) == (False, -100)
    assert budd.net == 10100 and gogo.net == -10000
    spot = facts.all_in
    assert spot is not None
    assert spot.expected[0] == Fraction(20100 * 15, 44)
    assert spot.expected[5] == Fraction(20100 * 29, 44)
    assert spot.adjusted_net[0] == Fraction(20100 * 15, 44) - 10000
    stats = player_stats([facts], "Budd")
    assert stats.net_bb == 101.0
    assert stats.adjusted_bb == pytest.approx((20100 * 15 / 44 - 10000) / 100)


def test_pluribus_31_24_flop_all_in_equity_matches_eval7() -> None:
    # pluribus/31/24.phh: all in on the flop QcJh4d, QhAs against KsKc. Every
    # turn and river (990 of them) is counted with eval7, an independent
    # evaluator: the expected chips are the pot times the share won.
    eval7 = pytest.importorskip("eval7")
    facts = _facts("pluribus/31/24.phh")
    spot = facts.all_in
    assert spot is not None
    assert [str(c) for c in spot.board] == ["Qc", "Jh", "4d"]
    hands = [[eval7.Card(str(c)) for c in hole] for hole in spot.hole_cards]
    board = [eval7.Card(str(c)) for c in spot.board]
    used = {str(c) for c in (*spot.board, *(c for h in spot.hole_cards for c in h))}
    deck = [c for c in eval7.Deck().cards if str(c) not in used]
    shares = [Fraction(0)] * len(hands)
    boards = 0
    for i, turn in enumerate(deck):
        for river in deck[i + 1 :]:
            values = [eval7.evaluate([*h, *board, turn, river]) for h in hands]
            best = max(values)
            winners = [k for k, v in enumerate(values) if v == best]
            for k in winners:
                shares[k] += Fraction(1, len(winners))
            boards += 1
    assert boards == 990
    pot = sum(spot.expected)
    for seat, share in zip(spot.seats, shares, strict=True):
        assert spot.expected[seat] == pot * share / boards
