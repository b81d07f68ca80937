"""The table hand's fast paths give what the plain computations give.

The decision is worked out once per change of the hand, the players'
actions are mapped to hand seats without ``dataclasses.replace``, and the
seats' views are built incrementally: each is checked here against the
straightforward answer at every step of many hands.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from table_helpers import nl_table

from holdem.cards import parse_cards
from holdem.engine import LegalActions, Phase
from holdem.errors import IllegalActionError
from holdem.rules import Bet, Call, Check, Fold, Muck, Raise, Show
from holdem.table import (
    BaseBot,
    CallingStationBot,
    DecisionKind,
    RandomBot,
    StraddlePolicy,
    TableAction,
    TableHand,
    TableView,
    TightAggressiveBot,
    reads_hand,
    reads_view,
)
from holdem.table.decisions import with_seat
from holdem.table.memo import HandMemo


def expected_decision_legal(hand: TableHand):  # type: ignore[no-untyped-def]
    state = hand.state
    assert state is not None
    return state.legal_actions()._replace(seat=hand.seats[state.to_act])


def test_the_decision_follows_every_change_of_the_hand():
    table = nl_table(6, straddle=StraddlePolicy.MULTIPLE, seed=3)
    bots = {s: RandomBot(random.Random(s)) for s in range(1, 7)}
    for _ in range(30):
        hand = table.start_hand()
        while (decision := hand.decision) is not None:
            assert hand.decision == decision  # asked again: the same answer
            state = hand.state
            if state is not None and state.phase is Phase.BETTING:
                assert decision.kind is DecisionKind.BET
                assert decision.seat == hand.seats[state.to_act]
                assert decision.legal == expected_decision_legal(hand)
            elif state is not None:
                assert decision.kind is DecisionKind.SHOWDOWN
                assert decision.legal is None
            hand.apply(bots[decision.seat].decide(hand.view(decision.seat)))
        assert hand.to_act is None
        for info in table.players:
            if not info.stack:
                table.rebuy(info.seat, 200)


def test_a_refused_action_leaves_the_decision_as_it_was():
    table = nl_table(3, seed=4)
    hand = table.start_hand(button=1)
    decision = hand.decision
    assert decision is not None and decision.legal is not None
    assert decision.legal.call_amount == 2
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(Check(decision.seat))
    assert refused.value.legal == decision.legal  # the table seat's legal actions
    assert hand.decision == decision
    hand.apply(decision.legal.raise_to(6))
    after = hand.decision
    assert after is not None and after.seat != decision.seat
    assert after.legal is not None and after.legal.call_amount == 5


def test_the_decision_follows_an_exposed_card_and_the_redeal():
    table = nl_table(3, seed=6)
    hand = table.start_hand(button=1)
    before = hand.decision
    assert before is not None
    hand.report_exposed(1)  # a misdeal: dealt again, same forced bets
    after = hand.decision
    assert after is not None and after.seat == before.seat
    state = hand.state
    assert state is not None and state.misdeals == 1
    assert after.legal == expected_decision_legal(hand)


class _Fold(Fold):
    """A subclass of an engine action: still mapped field by field."""


@pytest.mark.parametrize(
    "action",
    [
        Fold(5),
        Check(5),
        Call(5),
        Bet(5, 40),
        Raise(5, 90),
        Show(5),
        Show(5, parse_cards("AsKd")),
        Muck(5),
        _Fold(5),
    ],
)
def test_actions_are_mapped_to_hand_seats_as_replace_would(action):
    mapped = with_seat(action, 2)
    assert mapped == dataclasses.replace(action, seat=2)
    assert type(mapped) is type(action)
    assert mapped.seat == 2


def test_R_HISTORY_1_every_seat_view_equals_the_engine_view_at_every_step():
    table = nl_table(6, straddle=StraddlePolicy.SINGLE, seed=8)
    bots = {s: RandomBot(random.Random(10 + s)) for s in range(1, 7)}
    for _ in range(25):
        hand = table.start_hand()
        while (decision := hand.decision) is not None:
            state = hand.state
            for seat in range(1, 7):
                view = hand.view(seat)
                hand_seat = hand.seats.index(seat) if seat in hand.seats else None
                assert view.hand_seat == hand_seat
                if state is None or hand_seat is None:
                    assert view.hand is None
                else:
                    assert view.hand == state.view(hand_seat)
                    assert view.stack == state.stacks[hand_seat]
                assert (view.decision is not None) == (seat == decision.seat)
            hand.apply(bots[decision.seat].decide(hand.view(decision.seat)))
        for info in table.players:
            if not info.stack:
                table.rebuy(info.seat, 200)


class Recorder(BaseBot):
    """Keeps every view it is given and answers as ``inner``."""

    def __init__(self, inner: BaseBot) -> None:
        self.inner = inner
        self.views: list[TableView] = []

    def decide(self, view: TableView) -> TableAction:
        self.views.append(view)
        return self.inner.decide(view)


class FullViewRandomBot(RandomBot):
    """A subclass: given the whole view unless it says otherwise."""


def test_bots_that_decide_from_the_decision_alone_are_not_given_the_hand():
    assert not reads_hand(CallingStationBot()) and not reads_hand(RandomBot(None))  # type: ignore[arg-type]
    assert reads_hand(TightAggressiveBot()) and reads_hand(FullViewRandomBot(None))  # type: ignore[arg-type]
    assert reads_hand(Recorder(CallingStationBot()))

    class Seen(CallingStationBot):
        reads_hand = False

        def __init__(self) -> None:
            self.views: list[TableView] = []

        def decide(self, view: TableView) -> TableAction:
            self.views.append(view)
            return super().decide(view)

    table = nl_table(3, seed=12)
    bots = {1: Seen(), 2: Recorder(CallingStationBot()), 3: CallingStationBot()}
    table.play_hand(bots, button=1)
    light, full = bots[1].views, bots[2].views
    assert light and full
    for view in light:
        assert view.hand is None and view.hand_seat is not None
        assert view.decision is not None and view.decision.seat == 1
        assert view.stack >= 0 and view.seats
    assert all(view.hand is not None for view in full)


def test_a_light_view_changes_no_decision_of_the_built_in_bots():
    records = []
    for kind in (RandomBot, FullViewRandomBot):
        table = nl_table(6, seed=21)
        bots = {s: kind(random.Random(s)) for s in range(1, 7)}
        played = []
        for _ in range(40):
            for info in table.players:
                if not info.stack:
                    table.rebuy(info.seat, 200)
            record = table.play_hand(bots)
            played.append((record.events, record.finishing_stacks))
        records.append(played)
    assert records[0] == records[1]


def _stepped(table, bots) -> tuple:  # type: ignore[no-untyped-def]
    """Play one hand a decision at a time through ``decision``, ``view``, ``apply``."""
    hand = table.start_hand()
    while (decision := hand.decision) is not None:
        hand.apply(bots[decision.seat].decide(hand.view(decision.seat)))
    return hand.record


@pytest.mark.parametrize("straddle", [StraddlePolicy.NONE, StraddlePolicy.MULTIPLE])
def test_play_gives_the_views_and_hands_of_one_step_at_a_time(straddle):
    runs = []
    for step in (False, True):
        table = nl_table(6, straddle=straddle, seed=41)
        inner = {
            1: RandomBot(random.Random(1)),
            2: TightAggressiveBot(),
            3: CallingStationBot(),
            4: RandomBot(random.Random(4)),
            5: FullViewRandomBot(random.Random(5)),
            6: TightAggressiveBot(),
        }
        bots = {s: Recorder(bot) for s, bot in inner.items()}
        records = []
        for _ in range(60):
            for info in table.players:
                if not info.stack:
                    table.rebuy(info.seat, 200)
            record = _stepped(table, bots) if step else table.play_hand(bots)
            records.append((record.events, record.finishing_stacks, record.seats))
        runs.append((records, {s: bot.views for s, bot in bots.items()}))
    (played, played_views), (stepped, stepped_views) = runs
    assert played == stepped
    assert played_views == stepped_views


class Stubborn(BaseBot):
    """Answers every bet decision with ``answer`` (whatever it is asked)."""

    def __init__(self, answer: TableAction) -> None:
        self.answer = answer

    def bet(self, view, legal):  # type: ignore[no-untyped-def]
        return self.answer


@pytest.mark.parametrize(
    ("answer", "error", "words"),
    [
        (Check(1), "IllegalActionError", "seat 1 cannot check"),
        (Raise(1, 3), "BetSizeError", "seat 1 cannot raise to 3"),
        (Call(2), "NotYourTurnError", "seat 1 is asked"),
        (Muck(1), "NotYourTurnError", "is not possible before the showdown"),
    ],
)
def test_play_refuses_a_bots_illegal_answer_as_apply_does(answer, error, words):
    messages = []
    for through_play in (True, False):
        table = nl_table(3, seed=4)
        bots = {1: Stubborn(answer), 2: CallingStationBot(), 3: CallingStationBot()}
        hand = table.start_hand(button=3)  # seat 1 posts the small blind
        while (decision := hand.decision) is not None and decision.seat != 1:
            hand.apply(bots[decision.seat].decide(hand.view(decision.seat)))
        before = hand.decision
        assert before is not None and before.seat == 1
        with pytest.raises(Exception) as refused:
            if through_play:
                hand.play(bots)
            else:
                hand.apply(bots[1].decide(hand.view(1)))
        assert type(refused.value).__name__ == error
        assert words in str(refused.value)
        assert hand.decision == before  # nothing changed
        messages.append((str(refused.value), getattr(refused.value, "legal", None)))
    assert messages[0] == messages[1]


def test_random_bot_plays_the_same_hands_for_the_same_seed():
    runs = []
    for _ in range(2):
        table = nl_table(6, seed=22)
        bots = {s: RandomBot(random.Random(s)) for s in range(1, 7)}
        played = []
        for _ in range(60):
            for info in table.players:
                if not info.stack:
                    table.rebuy(info.seat, 200)
            record = table.play_hand(bots)
            played.append((record.events, record.finishing_stacks))
        runs.append((played, [bots[s].rng.getstate() for s in bots]))
    assert runs[0] == runs[1]
    assert any(type(e) is Raise for played in runs[0][0] for e in played[0])


def test_reads_view_is_the_own_class_choice():
    assert not reads_view(CallingStationBot()) and not reads_view(RandomBot(None))  # type: ignore[arg-type]
    assert reads_view(TightAggressiveBot()) and reads_view(FullViewRandomBot(None))  # type: ignore[arg-type]
    assert reads_view(BaseBot()) and reads_view(Recorder(CallingStationBot()))


class StubbornFromLegal(CallingStationBot):
    """Bets from the legal actions alone, always with ``answer``'s kind."""

    reads_view = False

    def __init__(self, answer: TableAction) -> None:
        self.answer = answer

    def bet(self, view, legal):  # type: ignore[no-untyped-def]
        return self.bet_from(legal)

    def bet_from(self, legal):  # type: ignore[no-untyped-def]
        return dataclasses.replace(self.answer, seat=legal.seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("answer", "error", "words"),
    [
        (Check(1), "IllegalActionError", "seat 1 cannot check"),
        (Raise(1, 3), "BetSizeError", "seat 1 cannot raise to 3"),
        (Muck(1), "NotYourTurnError", "is not possible before the showdown"),
    ],
)
def test_play_refuses_an_illegal_answer_from_legal_alone_as_apply_does(
    answer, error, words
):
    messages = []
    for through_play in (True, False):
        table = nl_table(3, seed=4)
        bots = {
            1: StubbornFromLegal(answer),
            2: CallingStationBot(),
            3: CallingStationBot(),
        }
        hand = table.start_hand(button=3)  # seat 1 posts the small blind
        while (decision := hand.decision) is not None and decision.seat != 1:
            hand.apply(bots[decision.seat].decide(hand.view(decision.seat)))
        before = hand.decision
        assert before is not None and before.seat == 1
        with pytest.raises(Exception) as refused:
            if through_play:
                hand.play(bots)
            else:
                hand.apply(bots[1].decide(hand.view(1)))
        assert type(refused.value).__name__ == error
        assert words in str(refused.value)
        assert hand.decision == before  # nothing changed
        messages.append((str(refused.value), getattr(refused.value, "legal", None)))
    assert messages[0] == messages[1]


@pytest.mark.parametrize("can_check", [False, True])
@pytest.mark.parametrize(
    "raise_sizes", [None, (4, 4), (4, 5), (10, 200), (3, 1000), (7, 7 + 2**33)]
)
def test_random_bot_picks_each_option_and_size_evenly(can_check, raise_sizes):
    # The oracle is the uniform law the bot promises: each option (fold only
    # facing a bet, R-BET-1) equally often, and a raise to every size from
    # the minimum to the maximum equally often. Bounds: about 4.5 standard
    # deviations, so a fair bot fails them about once in 100,000 seeds.
    low, high = raise_sizes or (None, None)
    legal = LegalActions(
        seat=2,
        can_fold=not can_check,
        can_check=can_check,
        call_amount=0 if can_check else 2,
        min_raise_to=low,
        max_raise_to=high,
        is_bet=can_check,
    )
    bot = RandomBot(random.Random(5))
    draws = 6000
    answers = [bot.bet_from(legal) for _ in range(draws)]
    kinds = [type(a) for a in answers]
    expected = [Check if can_check else Call]
    expected += [] if can_check else [Fold]
    expected += [] if low is None else [Bet if can_check else Raise]
    assert set(kinds) == set(expected)
    assert all(a.seat == 2 for a in answers)
    share = draws / len(expected)
    for kind in expected:
        assert (
            abs(kinds.count(kind) - share)
            <= 4.5 * (share * (1 - 1 / len(expected))) ** 0.5
        )
    if low is None or high is None:
        return
    sizes = [a.to for a in answers if type(a) in (Bet, Raise)]
    assert all(low <= to <= high for to in sizes)
    width = high - low + 1
    if width <= 2:
        for to in range(low, high + 1):
            part = len(sizes) / width
            assert abs(sizes.count(to) - part) <= 4.5 * (part * (1 - 1 / width)) ** 0.5
    else:
        # the mean and the quarters of the range, for a uniform size
        mean, sd = (low + high) / 2, width / 12**0.5
        assert abs(sum(sizes) / len(sizes) - mean) < 4.5 * sd / len(sizes) ** 0.5
        quarter = sum(1 for to in sizes if to - low < width / 4)
        part = len(sizes) / 4
        assert abs(quarter - part) < 4.5 * (part * 0.75) ** 0.5


def test_a_plan_seen_before_deals_as_a_table_that_remembers_nothing():
    """R-TABLE-1, -4..6: remembered set-ups deal what working them out deals."""
    runs = []
    for forget in (False, True):
        table = nl_table(6, seed=9, players=[1, 2, 3, 5, 6])
        bots = {s: RandomBot(random.Random(s), post_rate=0.5) for s in range(1, 7)}
        played = []
        for number in range(80):
            if forget:
                table._memo = HandMemo()
            if number == 20:
                table.sit_out(2)
            if number == 30:
                table.join(4, "S4", 200)
            if number == 45:
                table.come_back(2)
            if number == 60:
                table.leave(6)
            for info in table.players:
                if not info.stack:
                    table.rebuy(info.seat, 200)
            record = table.play_hand(bots)
            played.append(
                (
                    record.events,
                    record.seats,
                    record.button,
                    record.small_blind,
                    record.big_blind,
                    record.posted,
                    record.state.forced,
                    record.finishing_stacks,
                )
            )
        runs.append((played, table.players))
    assert runs[0] == runs[1]


def plain_players(table):  # type: ignore[no-untyped-def]
    """SeatInfo of every seat, made afresh from the table's seats."""
    from holdem.table import SeatInfo
    from holdem.table.seating import Entry

    return tuple(
        SeatInfo(
            s,
            found.player,
            found.stack,
            found.sitting_out,
            found.entry is Entry.NEW,
            found.entry is Entry.MISSED,
            found.entry is Entry.MISSED_SMALL,
        )
        for s, found in table._seats.items()
    )


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kept_seat_infos_follow_every_change_of_a_seat(seed):
    # R-TABLE-5..7: stacks after each hand, sitting out and back, rebuys,
    # top-ups, leaving and joining, the "ML" mark and a newcomer dealt in
    rng = random.Random(seed)
    table = nl_table(6, seed=seed, players=range(1, 5))
    bots = {s: RandomBot(random.Random(seed * 10 + s)) for s in range(1, 7)}
    names = iter(f"N{i}" for i in range(1000))
    for _ in range(120):
        assert table.players == plain_players(table)
        for info in table.players:
            assert table.seat(info.seat) == info
        seat = rng.randint(1, 6)
        found = table.seat(seat)
        move = rng.random()
        if found is None:
            if move < 0.3:
                table.join(seat, next(names), 200)
        elif not found.stack:
            table.rebuy(seat, 150)
        elif move < 0.15:
            table.sit_out(seat)
        elif move < 0.35 and found.sitting_out:
            table.come_back(seat)
        elif move < 0.45 and found.stack < 5000:
            table.top_up(seat, 10)
        elif move < 0.5:
            table.leave(seat)
        assert table.players == plain_players(table)
        if sum(1 for p in table.players if p.stack and not p.sitting_out) >= 2:
            table.play_hand(bots)
