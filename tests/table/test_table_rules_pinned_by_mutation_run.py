"""Table rules pinned after the mutation job's first run over table/ (issue 22).

Each test is named by its rule and checks what the rule or the method's
docstring says: the refusals (their error type, rule id and the value they
name), R-RIT-1's question of the runs, R-FAIR-1's cap on entropy, R-TABLE-7's
top-up and a tournament's set-up and play (R-TABLE-3).
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

import pytest

from holdem.cards import Deck
from holdem.errors import (
    IllegalActionError,
    InvalidInputError,
    NotYourTurnError,
    StateError,
    TableError,
)
from holdem.fairness.stream import MAX_ENTROPY_PER_SEAT
from holdem.rules import Fold, GameConfig, Structure
from holdem.table import (
    BlindLevel,
    CallingStationBot,
    ChooseRuns,
    DecisionKind,
    LevelClock,
    Table,
    TableConfig,
    Tournament,
)
from holdem.table.verifiable import VerifiableShuffler

# ----------------------------------------------------------- R-RIT-1


def _runs_table(max_runs: int = 2, seed: int = 5) -> Table:
    game = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2, max_runs=max_runs)
    config = TableConfig(game, seat_count=2, min_buy_in=1, max_buy_in=1000)
    table = Table(config, rng=random.Random(seed))
    table.join(1, "S1", 100)
    table.join(2, "S2", 100)
    return table


def _at_the_runs_question(table: Table):
    """Both players all-in pre-flop; the hand at its first RUNS decision."""
    hand = table.start_hand(button=1)
    while (decision := hand.decision) is not None and decision.kind is DecisionKind.BET:
        legal = decision.legal
        assert legal is not None
        if legal.can_raise:
            hand.apply(legal.raise_to(legal.max_raise_to))
        else:
            hand.apply(legal.check_or_call())
    decision = hand.decision
    assert decision is not None and decision.kind is DecisionKind.RUNS
    return hand, decision


@dataclass(frozen=True)
class _NotChooseRuns:
    """Has a seat and a whole number of runs, but is no ChooseRuns."""

    seat: int
    runs: int


@pytest.mark.parametrize(
    "answer",
    [
        lambda seat: Fold(seat),
        lambda seat: _NotChooseRuns(seat, 2),
        lambda seat: ChooseRuns(seat, "2"),
        lambda seat: ChooseRuns(seat, True),
    ],
    ids=["a fold", "not a ChooseRuns", "runs as text", "runs as a bool"],
)
def test_R_RIT_1_only_a_whole_number_of_runs_answers_the_question(answer) -> None:
    hand, decision = _at_the_runs_question(_runs_table())
    before = list(hand.state.events)
    with pytest.raises(NotYourTurnError) as info:
        hand.apply(answer(decision.seat))
    assert info.value.rule == "R-RIT-1"
    assert info.value.legal == decision
    assert f"answer ChooseRuns({decision.seat}, 1..2) [R-RIT-1]" in str(info.value)
    assert hand.decision == decision  # asked again, nothing changed
    assert hand.state.events == before


def test_R_RIT_1_more_runs_than_the_house_allows_names_the_limit() -> None:
    hand, decision = _at_the_runs_question(_runs_table(max_runs=2))
    with pytest.raises(IllegalActionError) as info:
        hand.apply(ChooseRuns(decision.seat, 3))
    assert info.value.rule == "R-RIT-1"
    assert info.value.legal == decision
    assert str(info.value) == (
        f"seat {decision.seat} cannot run the board 3 times: the house runs it"
        " 1 to 2 times [R-RIT-1]"
    )
    with pytest.raises(IllegalActionError):
        hand.apply(ChooseRuns(decision.seat, 0))
    assert hand.decision == decision


# ---------------------------------------------------------- R-FAIR-1


def test_R_FAIR_1_a_seat_adds_at_most_its_share_of_entropy_to_one_hand() -> None:
    shuffler = VerifiableShuffler(seed_source=lambda n: bytes(n))
    for i in range(MAX_ENTROPY_PER_SEAT):
        shuffler.add_entropy(1, f"one-{i}")
    with pytest.raises(InvalidInputError) as info:
        shuffler.add_entropy(1, "one too many")
    assert info.value.rule == "R-FAIR-1"
    assert str(info.value) == (
        f"a seat adds at most {MAX_ENTROPY_PER_SEAT} entropy strings to a hand"
        " [R-FAIR-1]"
    )
    # another seat's strings are its own: seat 2 may still add its share
    for i in range(MAX_ENTROPY_PER_SEAT):
        shuffler.add_entropy(2, f"two-{i}")
    entropy = shuffler.reveal()["entropy"]
    assert sorted(map(tuple, entropy)) == sorted(
        [(1, f"one-{i}") for i in range(MAX_ENTROPY_PER_SEAT)]
        + [(2, f"two-{i}") for i in range(MAX_ENTROPY_PER_SEAT)]
    )


def test_R_FAIR_1_a_verifiable_shuffler_keeps_its_state_secret() -> None:
    shuffler = VerifiableShuffler(seed_source=lambda n: bytes(n))
    with pytest.raises(
        NotImplementedError, match=r"^a verifiable shuffler has no state to save$"
    ):
        shuffler.getstate()
    with pytest.raises(
        NotImplementedError, match=r"^a verifiable shuffler has no state to restore$"
    ):
        shuffler.setstate(None)


@pytest.mark.parametrize("seed", [bytes(31), bytes(33), "x" * 32])
def test_R_FAIR_1_a_server_seed_is_32_bytes(seed: object) -> None:
    with pytest.raises(InvalidInputError, match=r"^a server seed is 32 bytes$"):
        VerifiableShuffler(seed_source=lambda n: seed)


# -------------------------------------------------------- R-MISDEAL-1


def test_R_MISDEAL_1_no_card_is_exposed_before_the_deal() -> None:
    # a straddle offer holds the deal (R-STRADDLE-1): no card is out yet
    game = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
    config = TableConfig(
        game, seat_count=3, min_buy_in=1, max_buy_in=1000, straddle="single"
    )
    table = Table(config, rng=random.Random(3))
    for seat in (1, 2, 3):
        table.join(seat, f"S{seat}", 100)
    hand = table.start_hand(button=1)
    assert hand.state is None  # the straddle is asked first
    with pytest.raises(StateError) as info:
        hand.report_exposed(1)
    assert info.value.rule == "R-MISDEAL-1"
    assert str(info.value) == (
        f"hand {hand.number} has not been dealt yet: no card to expose [R-MISDEAL-1]"
    )


def test_R_MISDEAL_2_report_exposed_needs_a_card() -> None:
    table = _runs_table()
    hand = table.start_hand(button=1)
    with pytest.raises(InvalidInputError, match=r"^name the exposed cards"):
        hand.report_exposed()


# ---------------------------------------------------------- R-TABLE-7


def _busted_heads_up() -> Table:
    """Two players of one big blind each, dealt until one has no chip."""
    game = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
    table = Table(
        TableConfig(game, seat_count=2, min_buy_in=1, max_buy_in=100),
        rng=random.Random(11),
    )
    table.join(1, "S1", 2)
    table.join(2, "S2", 2)
    bots = {1: CallingStationBot(), 2: CallingStationBot()}
    while all(p.stack for p in table.players):
        table.play_hand(bots)
    return table


def test_R_TABLE_7_a_broke_player_rebuys_and_cannot_top_up() -> None:
    table = _busted_heads_up()
    (broke,) = [p for p in table.players if not p.stack]
    with pytest.raises(TableError) as info:
        table.top_up(broke.seat, 10)
    assert str(info.value) == f"seat {broke.seat} ({broke.player}) has no chips: rebuy"
    table.rebuy(broke.seat, 10)
    assert table.seat(broke.seat).stack == 10  # type: ignore[union-attr]


def test_R_TABLE_7_a_top_up_is_a_positive_number_of_chips_within_the_buy_in() -> None:
    game = GameConfig(Structure.NO_LIMIT, small_blind=1, big_blind=2)
    table = Table(TableConfig(game, seat_count=2, min_buy_in=1, max_buy_in=100))
    table.join(1, "S1", 60)
    with pytest.raises(InvalidInputError, match=r"^top-up must be positive, got 0$"):
        table.top_up(1, 0)
    with pytest.raises(TableError) as info:
        table.top_up(1, 41)
    assert info.value.rule == "R-TABLE-7"
    assert str(info.value) == (
        "seat 1 has 60 chips: a top-up of 41 passes the maximum buy-in 100;"
        " at most 40 [R-TABLE-7]"
    )
    table.top_up(1, 40)  # up to the maximum exactly
    assert table.seat(1).stack == 100  # type: ignore[union-attr]


# ---------------------------------------------------------- R-TABLE-3


_LEVELS = (BlindLevel(5, 10, hands=3), BlindLevel(10, 20))


def _tournament(seed: int, players: int = 2) -> Tournament:
    return Tournament(
        TableConfig(GameConfig(), seat_count=6),
        _LEVELS,
        {seat: (f"P{seat}", 100) for seat in range(1, players + 1)},
        rng=random.Random(seed),
    )


def test_R_TABLE_3_a_heads_up_tournament_plays_to_its_winner() -> None:
    tournament = _tournament(seed=4)
    assert tournament.level == 0  # no hand dealt yet
    bots = {1: CallingStationBot(), 2: CallingStationBot()}
    winner = tournament.play(bots)
    assert winner == tournament.winner
    assert tournament.places == {winner: 1, ({"P1", "P2"} - {winner}).pop(): 2}
    assert tournament.table.chips == 200
    with pytest.raises(TableError, match=f"^the tournament is over: {winner} won$"):
        tournament.start_hand()


def test_R_TABLE_3_R_DEAL_4_the_same_seed_plays_the_same_tournament() -> None:
    bots = {1: CallingStationBot(), 2: CallingStationBot(), 3: CallingStationBot()}
    first, second = _tournament(seed=9, players=3), _tournament(seed=9, players=3)
    for _ in range(4):
        a, b = first.play_hand(bots), second.play_hand(bots)
        assert a.events == b.events
        assert a.button == b.button


def test_R_TABLE_3_a_tournament_has_at_least_two_players() -> None:
    with pytest.raises(
        InvalidInputError, match=r"^a tournament needs at least two players$"
    ):
        _tournament(seed=1, players=1)


def test_R_TABLE_3_the_button_given_to_a_tournament_hand_is_the_button() -> None:
    tournament = _tournament(seed=2, players=3)
    bots = {s: CallingStationBot() for s in (1, 2, 3)}
    record = tournament.play_hand(bots, button=3)
    assert record.button == 3
    # a tournament hand writes its level in PHH (HandRecord.phh_fields)
    assert record.phh_fields() == (
        ("seats", (1, 2, 3)),
        ("seat_count", 6),
        ("_button", 3),
        ("level", 1),
    )


# ---------------------------------------------------------- R-DEAL-4


def _check_or_call(hand) -> None:
    while (decision := hand.decision) is not None:
        assert decision.kind is DecisionKind.BET, decision
        hand.apply(decision.legal.check_or_call())


@pytest.mark.parametrize("jokers", [0, 2])
def test_R_DEAL_4_each_hand_draws_only_the_cards_it_can_use_from_the_rng(
    jokers: int,
) -> None:
    """``Deck.top``'s contract at a table (R-DEAL-4, R-MISDEAL-2, R-RIT-1).

    A hand draws two cards a seat, three burns and five board cards from the
    table's RNG; a card exposed and replaced draws one more, and each further
    run of the board draws its burns and cards. So the next hand's cards are
    the next ``Deck.top`` of the same RNG after exactly those draws.
    """
    seed = 21
    game = GameConfig(
        Structure.NO_LIMIT, small_blind=1, big_blind=2, max_runs=2, jokers=jokers
    )
    config = TableConfig(game, seat_count=3, min_buy_in=1, max_buy_in=1000)
    table = Table(config, rng=random.Random(seed))
    for seat in (1, 2, 3):
        table.join(seat, f"S{seat}", 100)
    hand = table.start_hand(button=1)
    hand.report_exposed(3)  # the third card dealt: replaced (R-MISDEAL-2)
    while (decision := hand.decision) is not None:
        if decision.kind is DecisionKind.RUNS:
            hand.apply(ChooseRuns(decision.seat, 2))
            continue
        legal = decision.legal
        if decision.seat == 3 and legal.can_fold:
            hand.apply(Fold(3))
        elif legal.can_raise:
            hand.apply(legal.raise_to(legal.max_raise_to))
        else:
            hand.apply(legal.check_or_call())
    assert hand.is_complete and hand.state.runs == 2
    # the reference draws: 3 seats x 2 + 8, one replacement, the second run
    reference = random.Random(seed)
    first = Deck.top(reference, 14, jokers=jokers)
    first.extend(reference, 1, jokers=jokers)
    first.extend(reference, 2 * 3 + 2 * 8 - 15, jokers=jokers)
    second = table.start_hand()
    n = len(second.seats)
    want = Deck.top(reference, 2 * n + 8, jokers=jokers).deal(2 * n + 8)
    _check_or_call(second)
    state = second.state
    dealt = [c for cards in state.hole_cards for c in cards]
    dealt += [*state.burns, *state.board]
    assert sorted(c.code for c in dealt) == sorted(c.code for c in want)


def test_R_TABLE_3_a_clocked_tournament_is_at_level_1_before_its_first_hand() -> None:
    moments = iter([datetime.datetime(2026, 12, 2, 18, 0, tzinfo=datetime.UTC)] * 3)
    tournament = Tournament(
        TableConfig(GameConfig(), seat_count=6),
        (BlindLevel(5, 10, minutes=10), BlindLevel(10, 20)),
        {1: ("P1", 100), 2: ("P2", 100)},
        level_by=LevelClock.TIME,
        rng=random.Random(1),
        now=lambda: next(moments),
    )
    assert tournament.current_level() == 1


def test_R_TABLE_3_first_place_is_given_only_when_one_player_is_left() -> None:
    tournament = _tournament(seed=6, players=3)
    bots = {s: CallingStationBot() for s in (1, 2, 3)}
    while not tournament.is_over:
        tournament.play_hand(bots)
        if not tournament.is_over:
            assert 1 not in tournament.places.values(), tournament.places
    assert sorted(tournament.places.values()) == [1, 2, 3]
    assert tournament.places[tournament.winner] == 1


def test_R_TABLE_1_a_hand_played_with_a_button_given_has_that_button() -> None:
    table = _runs_table(max_runs=1)
    bots = {1: CallingStationBot(), 2: CallingStationBot()}
    assert table.play_hand(bots, button=1).button == 1  # the first hand's only
    assert table.play_hand(bots).button == 2  # then it moves on (R-TABLE-1)


def test_R_TOURN_2_a_moved_player_is_seated_between_hands_once_with_chips() -> None:
    config = TableConfig(GameConfig(), seat_count=6, tournament=True)
    table = Table(config, rng=random.Random(2))
    table.join(1, "P1", 100)
    table.join(2, "P2", 100)
    table.seat_moved(4, "P4", 70)
    info = table.seat(4)
    assert info is not None and (info.player, info.stack) == ("P4", 70)
    refusals = [
        ((1, "P9", 50), TableError, "seat 1 is taken by P1"),
        ((5, "", 50), TableError, "a player needs a name, got ''"),
        ((5, 7, 50), TableError, "a player needs a name, got 7"),
        ((5, "P2", 50), TableError, "P2 is already seated at this table"),
        ((5, "P5", 0), InvalidInputError, "stack must be positive, got 0"),
    ]
    for args, error, message in refusals:
        with pytest.raises(error) as info_:
            table.seat_moved(*args)
        assert str(info_.value) == message
    assert [p.seat for p in table.players] == [1, 2, 4]
    hand = table.start_hand(button=1)
    with pytest.raises(TableError) as running:
        table.seat_moved(5, "P5", 50)
    assert running.value.rule == "R-TOURN-2"
    assert str(running.value) == (
        f"seat players between hands only: hand {hand.number} is running [R-TOURN-2]"
    )
    cash = Table(TableConfig(GameConfig(), seat_count=6), rng=random.Random(2))
    with pytest.raises(TableError, match=r"^only a tournament table seats moved"):
        cash.seat_moved(1, "P1", 100)


def test_R_TOURN_2_a_moved_player_is_dealt_in_at_once_under_the_gun() -> None:
    # button 1, blinds 2 and 3: seat 5 acts first; a moved player is in the
    # rotation at once (a new cash player there would wait for the big blind)
    config = TableConfig(GameConfig(), seat_count=6, tournament=True)
    table = Table(config, rng=random.Random(2))
    for seat in (1, 2, 3):
        table.join(seat, f"P{seat}", 100)
    table.seat_moved(5, "P5", 100)
    hand = table.start_hand(button=1)
    assert sorted(hand.seats) == [1, 2, 3, 5]
