"""R-RIT-1 at a table (the players left choose the runs) and R-SHOW-4 (cards
speak: the dealer turns up the hands that must show or may win)."""

from __future__ import annotations

import random

import pytest

from holdem.engine import AwardPot, BoardRun
from holdem.errors import IllegalActionError, InvalidInputError
from holdem.rules import GameConfig, Muck, RunIt, Show, Structure
from holdem.table import ChooseRuns, DecisionKind, Table, TableConfig
from holdem.table.bots import BaseBot


def cash_table(max_runs: int, seed: int = 5, **options: object) -> Table:
    game = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2, max_runs=max_runs)
    config = TableConfig(game, seat_count=2, min_buy_in=1, max_buy_in=1000, **options)  # type: ignore[arg-type]
    table = Table(config, rng=random.Random(seed))
    table.join(1, "S1", 100)
    table.join(2, "S2", 100)
    return table


def shove_to_the_runs(table: Table):
    """Both players all-in pre-flop; returns the hand at its first RUNS ask."""
    hand = table.start_hand(button=1)
    while (decision := hand.decision) is not None and decision.kind is DecisionKind.BET:
        legal = decision.legal
        assert legal is not None
        if legal.can_raise:
            hand.apply(legal.raise_to(legal.max_raise_to))
        else:
            hand.apply(legal.check_or_call())
    return hand


def test_R_RIT_1_every_player_left_is_asked_and_the_agreed_runs_are_dealt():
    table = cash_table(max_runs=3)
    hand = shove_to_the_runs(table)
    asked = []
    for runs in (3, 3):
        decision = hand.decision
        assert decision is not None and decision.kind is DecisionKind.RUNS
        assert decision.runs == 3
        asked.append(decision.seat)
        hand.apply(ChooseRuns(decision.seat, runs))
    assert sorted(asked) == [1, 2]
    assert hand.is_complete
    events = hand.state.events
    assert RunIt(3) in events
    assert [e.run for e in events if type(e) is BoardRun] == [1, 2, 3]
    awards = [e for e in events if type(e) is AwardPot]
    assert sum(a.amount for a in awards) == 200  # R-POT-4 across the runs
    assert sum(hand.record.finishing_stacks) == 200
    cards = [*hand.state.board, *hand.state.burns]
    for board in hand.state.run_boards:
        cards += board[hand.state._shared :]
    assert len(set(cards)) == len(cards) == 5 * 3 + 3 * 3  # R-DECK-1


def test_R_RIT_1_players_who_disagree_run_it_once():
    table = cash_table(max_runs=2)
    hand = shove_to_the_runs(table)
    first = hand.decision
    assert first is not None
    hand.apply(ChooseRuns(first.seat, 2))
    second = hand.decision
    assert second is not None and second.seat != first.seat
    hand.apply(ChooseRuns(second.seat, 1))
    assert hand.is_complete
    assert RunIt(1) in hand.state.events
    assert not hand.state.run_boards


def test_R_RIT_1_a_choice_above_the_house_limit_is_refused():
    table = cash_table(max_runs=2)
    hand = shove_to_the_runs(table)
    decision = hand.decision
    assert decision is not None
    with pytest.raises(IllegalActionError, match="R-RIT-1"):
        hand.apply(ChooseRuns(decision.seat, 3))
    assert hand.decision == decision  # nothing changed


def test_R_RIT_1_no_runs_in_a_tournament_and_at_most_three():
    game = GameConfig(small_blind=1, big_blind=2, max_runs=2)
    with pytest.raises(InvalidInputError, match="R-RIT-1"):
        TableConfig(game, seat_count=2, tournament=True)
    with pytest.raises(InvalidInputError, match="R-RIT-1"):
        TableConfig(GameConfig(max_runs=4), seat_count=2)


def test_R_RIT_1_bots_ask_to_run_it_twice():
    table = cash_table(max_runs=3)
    record = table.play_hand({1: AllInBot(), 2: AllInBot()}, button=1)
    assert RunIt(2) in record.events


class AllInBot(BaseBot):
    def bet(self, view, legal):  # type: ignore[no-untyped-def]
        if legal.can_raise:
            return legal.raise_to(legal.max_raise_to)
        return legal.check_or_call()


class Recorder(BaseBot):
    def __init__(self) -> None:
        self.kinds: list[DecisionKind] = []

    def decide(self, view):  # type: ignore[no-untyped-def]
        assert view.decision is not None
        self.kinds.append(view.decision.kind)
        return super().decide(view)


def test_R_SHOW_4_cards_speak_nobody_is_asked_and_the_loser_is_mucked():
    """Checked down to the river: the dealer turns up the hand that shows
    first and mucks a beaten hand; nobody is asked Show or Muck."""
    for seed in range(12):
        table = cash_table(max_runs=1, seed=seed)
        bots = {1: Recorder(), 2: Recorder()}
        record = table.play_hand(bots, button=1)
        assert all(k is DecisionKind.BET for b in bots.values() for k in b.kinds)
        shows = [e for e in record.events if type(e) in (Show, Muck)]
        awards = [e for e in record.events if type(e) is AwardPot]
        winners = {seat for a in awards for seat, _ in a.shares}
        for step in shows:
            if type(step) is Muck:
                assert step.seat not in winners  # a winner is never mucked
        assert all(type(s) is Show for s in shows if s.seat in winners)


def test_R_SHOW_2_a_player_who_keeps_losing_hands_is_asked_only_when_beaten():
    """With "muck losing hands" off, a seat is asked Show or Muck only for
    a hand a shown hand beats; a winning hand is turned up unasked."""
    asked = 0
    for seed in range(30):
        table = cash_table(max_runs=1, seed=seed)
        table.asks_to_muck.update({1, 2})
        bots = {1: Recorder(), 2: Recorder()}
        record = table.play_hand(bots, button=1)
        awards = [e for e in record.events if type(e) is AwardPot]
        for seat, bot in bots.items():
            if DecisionKind.SHOWDOWN in bot.kinds:
                asked += 1
                hand_seat = record.seats.index(seat)
                won = any(s == hand_seat for a in awards for s, _ in a.shares)
                assert not won
    assert asked  # some seed reaches a beaten second hand
