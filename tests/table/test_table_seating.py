"""Seating, buy-ins, rebuys and top-ups (R-TABLE-7), the rake, and refusals."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from table_helpers import fold_round, nl_table, run_to_end

from holdem.errors import (
    IllegalActionError,
    InvalidInputError,
    NotYourTurnError,
    TableError,
)
from holdem.rules import Call, Check, GameConfig, Raise
from holdem.table import (
    CallingStationBot,
    SeatInfo,
    Table,
    TableConfig,
    WaitForBigBlind,
)


def test_buy_in_limits_and_taken_seats_refused_with_what_is_legal():
    table = Table(
        TableConfig(GameConfig(), seat_count=3, min_buy_in=40, max_buy_in=200),
        rng=random.Random(1),
    )
    with pytest.raises(TableError, match=r"40\.\.200"):
        table.join(1, "A", 39)
    with pytest.raises(TableError, match=r"40\.\.200"):
        table.join(1, "A", 201)
    table.join(1, "A", 40)
    with pytest.raises(TableError, match="taken"):
        table.join(1, "B", 100)
    with pytest.raises(TableError, match="already seated"):
        table.join(2, "A", 100)
    with pytest.raises(TableError, match=r"seats are 1\.\.3"):
        table.join(4, "B", 100)
    assert [p.player for p in table.players] == ["A"]


def test_default_buy_in_is_20_to_100_big_blinds():
    config = TableConfig(GameConfig(small_blind=5, big_blind=10))
    assert (config.min_buy_in, config.max_buy_in) == (200, 1000)


def test_table_never_posts_straddles_from_game_config():
    with pytest.raises(InvalidInputError, match="R-STRADDLE-1"):
        TableConfig(GameConfig(straddles=1))


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"min_buy_in": -1}, "the minimum buy-in (min_buy_in) must be non-negative"),
        ({"max_buy_in": 1.5}, "the maximum buy-in (max_buy_in) must be a whole"),
        (
            {"min_buy_in": 200, "max_buy_in": 100},
            "the maximum buy-in 100 is below the minimum buy-in 200",
        ),
        ({"rake_percent": 101}, "the rake (rake_percent) is a percentage of the pot"),
        ({"rake_cap": -3}, "the rake cap (rake_cap) must be non-negative"),
    ],
)
def test_config_refusals_name_the_option_in_poker_words(options, words):
    with pytest.raises(InvalidInputError) as refused:
        TableConfig(GameConfig(), **options)
    assert str(refused.value).startswith(words)


def test_engine_seat_words_become_the_table_seat():
    # an engine message names "engine seat N" (0 = first left of the button);
    # the table shows the table seat instead, with no engine numbering
    table = nl_table(3)
    hand = table.start_hand(button=1)
    assert hand.seats == (2, 3, 1)
    assert hand._table_seats_in("the stack of engine seat 0 and seat 2") == (
        "the stack of seat 2 and seat 1"
    )


@pytest.mark.parametrize("seats", [1, 11])
def test_two_to_ten_seats(seats):
    with pytest.raises(InvalidInputError, match="2 to 10"):
        TableConfig(GameConfig(), seat_count=seats)


def test_R_TABLE_7_rebuy_and_top_up_between_hands_only():
    table = nl_table(3, max_buy_in=300)
    hand = table.start_hand(button=1)
    with pytest.raises(TableError, match="R-TABLE-7"):
        table.top_up(1, 10)
    with pytest.raises(TableError, match="dealt into hand 1"):
        table.leave(2)
    fold_round(hand)
    table.top_up(1, 100)
    assert table.seat(1).stack == 300  # type: ignore[union-attr]
    with pytest.raises(TableError, match="at most 0"):
        table.top_up(1, 1)
    with pytest.raises(TableError, match="top up instead"):
        table.rebuy(2, 100)


def test_R_TABLE_7_broke_player_is_out_until_rebuy():
    table = nl_table(3, players=[1, 2, 3])
    hand = table.start_hand(button=1)  # SB 2, BB 3; 1 acts first
    hand.apply(Raise(1, 200))
    hand.apply(Call(2))
    for decision in iter(lambda: hand.decision, None):
        if decision.seat == 3:
            hand.apply(decision.legal.fold())  # type: ignore[union-attr]
            break
    run_to_end(hand)
    broke = [p.seat for p in table.players if p.stack == 0]
    assert len(broke) == 1  # a split pot is possible in theory, not with seed 7
    hand2 = table.start_hand()
    assert broke[0] not in hand2.seats
    fold_round(hand2)
    table.rebuy(broke[0], 150)
    assert table.seat(broke[0]).stack == 150  # type: ignore[union-attr]


def test_R_POT_4_rake_with_a_cap_and_no_flop_no_rake():
    table = nl_table(3, rake_percent=Fraction(5), rake_cap=3)
    start = table.chips
    fold_round(table.start_hand(button=1))  # folds to the big blind: no flop
    assert table.last_record is not None and table.last_record.rake == 0
    assert table.chips == start
    hand = table.start_hand()
    run_to_end(hand)  # everyone calls 2 and checks down: pot 6
    record = table.last_record
    assert record is not None
    assert record.rake == 0  # 5% of 6 chips rounds down to 0
    assert table.chips + table.rake_collected == start
    hand = table.start_hand()
    hand.apply(Raise(hand.to_act, 100))  # type: ignore[arg-type]
    run_to_end(hand)  # pot 300: 5% is 15, capped at 3
    record = table.last_record
    assert record is not None and record.rake == 3
    assert sum(record.rake_paid) == 3 and sum(record.payoffs) == -3
    assert table.chips + table.rake_collected == start


def test_rake_rule_percent_of_pot_rounded_down():
    config = TableConfig(GameConfig(), rake_percent=Fraction(5, 2))
    assert config.rake(100, flop_dealt=True, players=6) == 2
    assert config.rake(100, flop_dealt=False, players=6) == 0


# A published tiered cap: heads-up 1 chip, 3-4 players 2, 5 or more 4.
TIERS = ((2, 1), (3, 2), (5, 4))


@pytest.mark.parametrize(
    ("players", "cap"), [(2, 1), (3, 2), (4, 2), (5, 4), (6, 4), (10, 4)]
)
def test_R_POT_4_rake_cap_by_players_dealt(players: int, cap: int) -> None:
    config = TableConfig(GameConfig(), rake_percent=5, rake_caps=TIERS)
    assert config.rake_cap_for(players) == cap
    # 5% of 1000 is 50: every tier's cap binds
    assert config.rake(1000, flop_dealt=True, players=players) == cap
    # 5% of 20 is 1: below every cap
    assert config.rake(20, flop_dealt=True, players=players) == 1
    assert config.rake(1000, flop_dealt=False, players=players) == 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rake_caps": ((3, 2),)}, r"rise from 2"),
        ({"rake_caps": ((2, 1), (2, 3))}, r"each once"),
        ({"rake_caps": ((2, 1), (5, 3), (4, 2))}, r"rise from 2"),
        ({"rake_caps": ((2, 1), (11, 3))}, r"at most 10"),
        ({"rake_caps": ((2, -1),)}, r"must be non-negative"),
        ({"rake_caps": ((2, 1.5),)}, r"whole number of chips"),
        ({"rake_caps": ((2,),)}, r"\(players, cap\) pairs"),
        ({"rake_caps": ((2, 1),), "rake_cap": 3}, r"not both"),
    ],
)
def test_bad_rake_tiers_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(InvalidInputError, match=message):
        TableConfig(GameConfig(), rake_percent=5, **options)  # type: ignore[arg-type]


def test_R_POT_4_a_hand_is_raked_by_the_tier_of_the_players_dealt_in():
    # 100 big blinds each, all in before the flop: the pot is 600 (six
    # players) or 400 (four) or 200 (heads-up); 5% binds every tier's cap
    for players, cap in ((6, 4), (4, 2), (2, 1)):
        table = nl_table(
            players, stack=200, rake_percent=5, rake_caps=TIERS, max_buy_in=200
        )
        start = table.chips
        hand = table.start_hand(button=1)
        hand.apply(Raise(hand.to_act, 200))  # type: ignore[arg-type]
        run_to_end(hand)
        record = table.last_record
        assert record is not None and len(record.seats) == players
        assert record.rake == cap
        assert table.chips + table.rake_collected == start


def test_answers_out_of_turn_or_of_the_wrong_kind_change_nothing():
    table = nl_table(5, players=[1, 2, 3, 5])
    fold_round(table.start_hand(button=3))  # SB 5, BB 1
    table.join(4, "N", 200)
    hand = table.start_hand()  # button 5, SB 1, BB 2: N is asked
    with pytest.raises(NotYourTurnError, match="seat 4 is asked"):
        hand.apply(WaitForBigBlind(1))
    with pytest.raises(NotYourTurnError, match="PostToPlay"):
        hand.apply(Call(4))
    assert hand.decision is not None and hand.decision.seat == 4


def test_engine_refusal_names_the_table_seat():
    table = nl_table(3)
    hand = table.start_hand(button=1)
    with pytest.raises(Exception, match=r"^seat 1 cannot raise") as error:
        hand.apply(Raise(1, 3))
    assert error.value.legal.seat == 1  # type: ignore[attr-defined]


def test_engine_refusal_names_only_the_table_seat():
    """The engine numbers hand seats from the small blind; the message names
    the table seat asked, once, with the rule and that seat's legal actions."""
    table = nl_table(3)
    hand = table.start_hand(button=1)
    decision = hand.decision
    assert decision is not None and decision.legal is not None
    assert decision.legal.call_amount > 0  # facing the big blind
    with pytest.raises(IllegalActionError) as error:
        hand.apply(Check(decision.seat))
    message = str(error.value)
    assert message.startswith(f"seat {decision.seat} cannot check")
    assert "hand seat" not in message and "table seat" not in message
    assert error.value.rule == "R-BET-1"
    assert error.value.legal == decision.legal


def test_button_is_set_for_the_first_hand_only():
    table = nl_table(3)
    fold_round(table.start_hand(button=1))
    with pytest.raises(TableError, match="R-TABLE-1"):
        table.start_hand(button=2)


def test_a_hand_needs_two_players():
    table = nl_table(3, players=[1])
    with pytest.raises(TableError, match="two players"):
        table.start_hand()


def test_nobody_leaves_while_pre_deal_decisions_are_open():
    table = nl_table(5, players=[1, 2, 3, 5])
    fold_round(table.start_hand(button=3))
    table.join(4, "N", 200)
    hand = table.start_hand()
    assert hand.decision is not None and hand.decision.seat == 4
    with pytest.raises(TableError, match="leave after it is over"):
        table.leave(4)
    hand.apply(WaitForBigBlind(4))
    assert table.leave(4) == 200  # not dealt in: free to go


def test_house_options_pass_through_to_every_hand():
    """The table deals under its game config as given: odd chips, fold when
    a check is possible, jokers, heads-up uncapped (RULES.md house options)."""
    game = GameConfig(
        "fixed-limit",
        small_blind=1,
        big_blind=2,
        odd_chips="one-at-a-time",
        fold_when_check=False,
        heads_up_uncapped=False,
        jokers=1,
    )
    table = Table(TableConfig(game, seat_count=3), rng=random.Random(2))
    for seat in (1, 2, 3):
        table.join(seat, f"P{seat}", 100)
    hand = table.start_hand(button=1)
    assert hand.state is not None and hand.state.config is game
    run_to_end(hand)
    assert table.chips == 300


def test_R_DEAL_4_same_seed_same_cards_and_secure_shuffle_by_default():
    def events(seed: int) -> list[object]:
        table = nl_table(4, seed=seed)
        out: list[object] = []
        for number in range(5):
            hand = table.start_hand(button=1) if number == 0 else table.start_hand()
            run_to_end(hand)
            assert hand.record is not None
            out.extend(hand.record.events)
        return out

    assert events(21) == events(21)
    assert events(21) != events(22)
    table = Table(TableConfig(GameConfig()))
    assert isinstance(table.rng, random.SystemRandom)


def test_R_TABLE_6_seat_info_says_who_waits_and_who_missed_the_big_blind():
    table = nl_table(4, players=(1, 2, 3), seed=3)
    assert table.players == (
        SeatInfo(1, "S1", 200, False, True, False),
        SeatInfo(2, "S2", 200, False, True, False),
        SeatInfo(3, "S3", 200, False, True, False),
    )
    table.play_hand({s: CallingStationBot() for s in (1, 2, 3)}, button=1)
    table.sit_out(2)
    for _ in range(3):  # the big blind passes seat 2 by: "ML"
        table.play_hand({s: CallingStationBot() for s in (1, 3)})
    info = table.seat(2)
    assert info == SeatInfo(2, "S2", info.stack, True, False, True)  # type: ignore[union-attr]
    assert hash(info) == hash(SeatInfo(2, "S2", info.stack, True, False, True))  # type: ignore[union-attr]
    assert table.seat(4) is None
