"""Bots: the protocol, the four built in, and R-HISTORY-1 (no peeking)."""

from __future__ import annotations

import dataclasses
import random

import pytest
from table_helpers import nl_table

from holdem.cards import parse_cards
from holdem.engine import HandState, ShowAllIn
from holdem.rules import Bet, Call, DealHole, Fold, Raise, Show
from holdem.table import (
    BaseBot,
    CallingStationBot,
    DecisionKind,
    EquityBot,
    RandomBot,
    StraddlePolicy,
    TableAction,
    TableView,
    TightAggressiveBot,
    preflop_bucket,
)


class Spy(BaseBot):
    """Wraps a bot and checks every view it is given (R-HISTORY-1)."""

    def __init__(self, inner: BaseBot) -> None:
        self.inner = inner
        self.views = 0

    def decide(self, view: TableView) -> TableAction:
        self.views += 1
        for field in dataclasses.fields(view):
            assert not isinstance(getattr(view, field.name), HandState)
        hand = view.hand
        if hand is not None:
            shown = {e.seat for e in hand.events if isinstance(e, Show | ShowAllIn)}
            for seat, cards in enumerate(hand.hole_cards):
                if seat != view.hand_seat and seat not in shown:
                    assert cards is None, f"seat {view.seat} sees hand seat {seat}"
            for event in hand.events:
                if isinstance(event, DealHole) and event.seat != view.hand_seat:
                    assert event.cards is None or event.seat in shown
            assert hand.hole_cards[view.hand_seat] is not None  # its own cards
        return self.inner.decide(view)


def test_R_HISTORY_1_bots_never_see_another_seats_hole_cards():
    table = nl_table(6, straddle=StraddlePolicy.MULTIPLE, seed=5)
    rng = random.Random(9)
    spies = {
        1: Spy(RandomBot(rng)),
        2: Spy(CallingStationBot()),
        3: Spy(TightAggressiveBot()),
        4: Spy(EquityBot(rng, samples=50)),
        5: Spy(RandomBot(rng)),
        6: Spy(CallingStationBot()),
    }
    showdowns = 0
    for _ in range(40):
        record = table.play_hand(spies)
        showdowns += any(isinstance(e, Show) for e in record.events)
        for info in table.players:
            if not info.stack:
                table.rebuy(info.seat, 200)
    assert showdowns > 0  # shown cards were visible, and checked, in some hands
    assert all(spy.views > 0 for spy in spies.values())


def test_calling_station_never_folds_or_raises():
    table = nl_table(3, seed=2)
    bots = {s: CallingStationBot() for s in (1, 2, 3)}
    for _ in range(10):
        record = table.play_hand(bots)
        assert not any(isinstance(e, Fold | Raise) for e in record.events)


def test_random_bots_play_only_legal_actions_for_many_hands():
    table = nl_table(4, seed=3, straddle=StraddlePolicy.SINGLE)
    rng = random.Random(1)
    bots = {s: RandomBot(rng) for s in (1, 2, 3, 4)}
    start = table.chips
    bought = 0
    for _ in range(100):
        table.play_hand(bots)
        for info in table.players:
            if not info.stack:
                table.rebuy(info.seat, 200)
                bought += 200
    assert table.chips == start + bought


class Tally(BaseBot):
    """Counts the betting answers of ``inner`` by what it was offered."""

    def __init__(self, inner: BaseBot) -> None:
        self.inner = inner
        self.facing_bet: dict[str, int] = {"fold": 0, "call": 0, "raise": 0}
        self.free: dict[str, int] = {"fold": 0, "call": 0, "raise": 0}
        self.sizes: list[tuple[int, int, int]] = []

    def decide(self, view: TableView) -> TableAction:
        action = self.inner.decide(view)
        decision = view.decision
        assert decision is not None
        legal = decision.legal
        if legal is None or legal.min_raise_to is None:
            return action
        kinds = self.free if legal.can_check else self.facing_bet
        if isinstance(action, Fold):
            kinds["fold"] += 1
        elif isinstance(action, Raise | Bet):
            kinds["raise"] += 1
            assert legal.max_raise_to is not None
            self.sizes.append((legal.min_raise_to, action.to, legal.max_raise_to))
        else:
            kinds["call"] += 1
        return action


def test_R_BET_1_random_bot_folds_only_facing_a_bet_and_draws_each_option_alike():
    # The rules let a player fold when it could check (R-BET-1, the
    # default); the random policy does not take that "option": facing a
    # bet it picks fold, call and raise a third of the time each, with
    # nothing to call check and bet half the time each.
    table = nl_table(6, seed=4)
    tallies = {
        s: Tally(RandomBot(random.Random(s), post_rate=0.0)) for s in range(1, 7)
    }
    for _ in range(400):
        table.play_hand(tallies)
        for info in table.players:
            if not info.stack:
                table.rebuy(info.seat, 200)
    free = {
        k: sum(t.free[k] for t in tallies.values()) for k in ("fold", "call", "raise")
    }
    facing = {
        k: sum(t.facing_bet[k] for t in tallies.values())
        for k in ("fold", "call", "raise")
    }
    assert free["fold"] == 0
    n_free, n_facing = sum(free.values()), sum(facing.values())
    assert n_free > 300 and n_facing > 300
    # within 5 standard deviations of a fair draw
    for count in (free["call"], free["raise"]):
        assert abs(count - n_free / 2) < 5 * (n_free / 4) ** 0.5
    for count in facing.values():
        assert abs(count - n_facing / 3) < 5 * (n_facing * 2 / 9) ** 0.5
    sizes = [size for t in tallies.values() for size in t.sizes]
    assert all(low <= to <= high for low, to, high in sizes)
    assert any(to == low < high for low, to, high in sizes)
    assert any(low < to < high for low, to, high in sizes)


@pytest.mark.parametrize(
    ("cards", "bucket"),
    [
        ("AsAd", 3),
        ("TcTd", 3),
        ("AhKc", 3),
        ("7c7d", 2),
        ("KsQs", 2),
        ("AdQc", 2),
        ("2c2d", 1),
        ("As5s", 1),
        ("5h4h", 1),
        ("KdJc", 1),
        ("7c2d", 0),
        ("Kc9d", 0),
    ],
)
def test_preflop_buckets(cards, bucket):
    assert preflop_bucket(parse_cards(cards)) == bucket


def _decision_view(hole: str, *, facing_raise: bool):  # type: ignore[no-untyped-def]
    """Seat 3's view pre-flop at a 1/2 table, holding ``hole``."""
    table = nl_table(3, seed=1)
    hand = table.start_hand(button=3)  # SB 1, BB 2, seat 3 acts first
    assert hand.state is not None
    # give seat 3 (hand seat 2) the hole cards under test; the view reads them
    hand.state.hole_cards[2] = parse_cards(hole)
    if facing_raise:
        hand.apply(Raise(3, 6))
        hand.apply(Call(1))
        hand.apply(Raise(2, 40))
    return hand, hand.view(3)


def test_tight_aggressive_raises_premium_and_folds_trash_to_a_raise():
    bot = TightAggressiveBot()
    _, view = _decision_view("AsAh", facing_raise=False)
    action = bot.decide(view)
    assert isinstance(action, Raise) and action.seat == 3
    _, view = _decision_view("7c2d", facing_raise=True)
    assert bot.decide(view) == Fold(3)


def test_equity_bot_raises_aces_and_folds_seven_deuce_to_a_big_raise():
    bot = EquityBot(random.Random(1), samples=400)
    _, view = _decision_view("AsAh", facing_raise=False)
    assert 0.7 < bot.estimate(view) < 0.8  # AA vs two random hands: about 73%
    assert isinstance(bot.decide(view), Raise)
    _, view = _decision_view("7c2d", facing_raise=True)
    assert bot.decide(view) == Fold(3)


def test_base_bot_waits_declines_and_shows():
    table = nl_table(6, straddle=StraddlePolicy.SINGLE)
    hand = table.start_hand(button=1)
    view = hand.view(4)
    assert view.decision is not None and view.decision.kind is DecisionKind.STRADDLE
    action = CallingStationBot().decide(view)
    assert type(action).__name__ == "DeclineStraddle"
    hand.apply(action)
    assert CallingStationBot().decide(hand.view(4)) == Call(4)
    assert hand.view(1).decision is None  # only the seat asked gets a decision
