"""The tournament rules by id (R-TOURN-1..5, R-TABLE-3), on real bot tournaments.

The checks run inside the driver's hook, before each hand's moves are done:
the oracle for "who posts the big blind next" is the table itself, a copy
of it dealing its next hand, not the tournament's own reckoning.
"""

from __future__ import annotations

import copy
import datetime
import itertools
import random
from dataclasses import dataclass, field

import pytest

from holdem.table import Table
from holdem.table.seating import between
from holdem.tournament import (
    Bust,
    HandSeen,
    MoveReason,
    Placing,
    place_busts,
    place_prizes,
    placing_prizes,
    play_bot_tournament,
    split_prize,
)
from holdem.tournament.payouts import MAX_ENTRIES, PAYOUTS, prize_shares
from holdem.tournament.structure import default_mtt, default_sng

START = datetime.datetime(2024, 3, 1, 19, 0, tzinfo=datetime.UTC)
BOTS = ("random", "calling-station", "tight-aggressive")


def next_big_blind_dealt(table: Table) -> int:
    """The big blind of the next hand, found by dealing it at a copy."""
    return copy.deepcopy(table).start_hand().big_blind


@dataclass
class Checks:
    """What the hook saw and checked."""

    balance_source: int = 0
    balance_target_posts_next: int = 0
    balance_target_later: int = 0
    break_moves: int = 0
    moved_dealt_next: int = 0
    moved_waited: int = 0
    multi_bust_hands: int = 0
    hands: int = 0
    h4h_rounds_checked: int = 0
    cross_table_ties: int = 0
    expect_bb: dict[int, int] = field(default_factory=dict)  # table -> seat
    expect_dealt: dict[int, set[str]] = field(default_factory=dict)
    h4h_dealt: set[int] = field(default_factory=set)


def check_hand(seen: HandSeen, checks: Checks) -> None:
    tournament, tables, record = seen.tournament, seen.tables, seen.record
    checks.hands += 1
    # no chip created or lost: entries times the starting stack
    total = len(tournament.entries) * tournament.structure.starting_stack
    assert sum(t.chips for t in tables.values()) == total
    assert tournament.total_chips == total
    # R-TOURN-3 / R-TABLE-5: nobody dealt in between the button and the small blind
    table = tables[seen.table]
    positions = table.positions
    assert positions is not None
    if positions.button != positions.small_blind:
        between_sb_and_button = between(
            positions.button, positions.small_blind, table.config.seat_count
        )
        assert not set(record.seats) & set(between_sb_and_button)
    # R-TOURN-2: the moved player posts the big blind at the first hand after
    if seen.table in checks.expect_bb:
        assert record.big_blind == checks.expect_bb.pop(seen.table)
        checks.balance_target_posts_next += 1
    # R-TOURN-3: moved players are dealt in at once unless they wait
    # between the small blind and the button
    for entry in checks.expect_dealt.pop(seen.table, set()):
        if entry in record.players:
            checks.moved_dealt_next += 1
        else:
            seats = tournament.tables.get(seen.table, {})
            seat = next((s for s, e in seats.items() if e == entry), None)
            if seat is None:
                continue  # moved on again before the table dealt
            assert seat in between(
                positions.button, positions.small_blind, table.config.seat_count
            )
            checks.moved_waited += 1
    # R-TOURN-4: players out in one hand at one table, by starting stack
    outcome = seen.outcome
    busted = {
        p: s
        for p, s, f in zip(
            record.players, record.starting_stacks, record.finishing_stacks, strict=True
        )
        if not f
    }
    if len(busted) > 1 and not seen.order.hand_for_hand:
        checks.multi_bust_hands += 1
        placed = [p for p in outcome.placings if set(p.entries) <= set(busted)]
        for better, worse in itertools.pairwise(placed):
            assert min(busted[e] for e in better.entries) > max(
                busted[e] for e in worse.entries
            )
        for placing in placed:
            assert len({busted[e] for e in placing.entries}) == 1
    # R-TOURN-4: hand for hand: no table deals twice in a round
    if seen.order.hand_for_hand:
        assert seen.table not in checks.h4h_dealt
        checks.h4h_dealt.add(seen.table)
        # a round closes when its last table reports: then the next opens
        if tournament.hand_for_hand_round is None:
            checks.h4h_rounds_checked += 1
            checks.h4h_dealt.clear()
    touched: set[int] = set()
    for move in outcome.moves:
        source, target = tables[move.from_table], tables[move.to_table]
        fresh = not touched & {move.from_table, move.to_table}
        touched |= {move.from_table, move.to_table}
        for moved in (move.from_table, move.to_table):
            checks.expect_bb.pop(moved, None)  # the seating changed again
        if move.reason is MoveReason.BALANCE and fresh:
            # R-TOURN-2: the player who would be the next big blind there
            assert next_big_blind_dealt(source) == move.from_seat
            assert target.seat(move.to_seat) is None
            checks.balance_source += 1
            last = target.positions
            if last is not None:
                assert move.to_seat != last.big_blind  # the small blind's next
                ahead = next_big_blind_dealt(target)
                gap = between(last.big_blind, ahead, target.config.seat_count)
                if any(target.seat(s) is None for s in gap):
                    checks.expect_bb[move.to_table] = move.to_seat
                else:
                    checks.balance_target_later += 1
        elif move.reason is MoveReason.BREAK:
            checks.break_moves += 1
            checks.expect_dealt.setdefault(move.to_table, set()).add(move.entry)


def run_checked(entries: int, seed: int, **changes: object) -> tuple[Checks, object]:
    checks = Checks()
    structure = default_mtt(START, **changes)
    run = play_bot_tournament(
        structure,
        entries=entries,
        bots=BOTS,
        seed=seed,
        on_hand=lambda seen: check_hand(seen, checks),
    )
    return checks, run


@pytest.fixture(scope="module")
def checked_runs() -> list[tuple[Checks, object]]:
    return [run_checked(150, seed, seats_per_table=6) for seed in (1, 2, 3)]


def totals(runs: list[tuple[Checks, object]]) -> Checks:
    out = Checks()
    for checks, _ in runs:
        for name in (
            "balance_source",
            "balance_target_posts_next",
            "break_moves",
            "moved_dealt_next",
            "multi_bust_hands",
            "h4h_rounds_checked",
        ):
            setattr(out, name, getattr(out, name) + getattr(checks, name))
    return out


def test_R_TOURN_2_balancing_moves_the_next_big_blind_to_post_it_next(checked_runs):
    seen = totals(checked_runs)
    assert seen.balance_source > 5
    assert seen.balance_target_posts_next > 5


def test_R_TOURN_3_breaking_deals_no_one_between_small_blind_and_button(
    checked_runs,
):
    seen = totals(checked_runs)
    assert seen.break_moves > 50
    assert seen.moved_dealt_next > 20


def test_R_TOURN_4_two_out_in_one_hand_placed_by_starting_stack(checked_runs):
    assert totals(checked_runs).multi_bust_hands > 0


def test_R_TOURN_4_hand_for_hand_rounds_deal_each_table_once(checked_runs):
    assert totals(checked_runs).h4h_rounds_checked > 0


def test_R_TOURN_1_to_5_a_run_places_every_entry_and_pays_the_pool(checked_runs):
    for _, run in checked_runs:
        tournament = run.tournament
        places = sorted(
            place
            for p in tournament.placings
            for place in range(p.first_place, p.last_place + 1)
        )
        assert places == list(range(1, len(tournament.entries) + 1))
        placed = [e for p in tournament.placings for e in p.entries]
        assert sorted(placed) == sorted(tournament.entries)
        assert sum(tournament.prizes().values()) == tournament.prize_pool


def test_R_TOURN_4_same_table_busts_placed_by_starting_stack():
    busts = [Bust("A", 1, 300, 0), Bust("B", 1, 900, 2), Bust("C", 1, 500, 1)]
    placed = place_busts(busts, 10)
    assert [(p.entries, p.first_place, p.last_place) for p in placed] == [
        (("B",), 11, 11),
        (("C",), 12, 12),
        (("A",), 13, 13),
    ]


def test_R_TOURN_4_equal_stacks_at_one_table_tie():
    placed = place_busts([Bust("A", 1, 400, 3), Bust("B", 1, 400, 1)], 4)
    assert [(p.entries, p.first_place, p.last_place) for p in placed] == [
        (("B", "A"), 5, 6)  # seat order from the button's left
    ]


def test_R_TOURN_4_hand_for_hand_busts_at_different_tables_tie():
    busts = [Bust("A", 1, 5000, 0), Bust("B", 2, 100, 0), Bust("C", 3, 900, 4)]
    (tie,) = place_busts(busts, 20)
    assert (tie.entries, tie.first_place, tie.last_place) == (("A", "B", "C"), 21, 23)


def test_R_TOURN_5_a_tie_shares_the_prizes_of_its_places_odd_chip_to_first():
    # 9 entries pay 50/30/20: places 2 and 3 of a 1,010 pool are 303 + 202
    prizes = placing_prizes([Placing(("W",), 1, 1), Placing(("X", "Y"), 2, 3)], 1010, 9)
    assert prizes == {"W": 505, "X": 253, "Y": 252}
    assert split_prize(10, ["a", "b", "c"]) == {"a": 4, "b": 3, "c": 3}


@pytest.mark.parametrize("entries", [2, 3, 5, 6, 9, 10, 27, 100, 187, 1000, 4999])
def test_R_TOURN_5_prizes_add_up_to_the_pool(entries):
    for pool in (0, 1, 999, entries * 100, entries * 1_100 + 7):
        prizes = place_prizes(pool, entries)
        assert sum(prizes) == pool
        assert list(prizes) == sorted(prizes, reverse=True)


def test_R_TOURN_5_published_structure_adds_up_and_pays_about_15_percent():
    assert prize_shares(6) == (6500, 3500)
    assert prize_shares(10) == (5000, 3000, 2000)
    for bracket in PAYOUTS:
        shares = prize_shares(bracket.max_entries)
        assert sum(shares) == 10_000
        assert list(shares) == sorted(shares, reverse=True)
        if bracket.max_entries >= 100:
            assert len(shares) == round(bracket.max_entries * 0.15)
    assert PAYOUTS[-1].max_entries == MAX_ENTRIES


def test_R_TOURN_1_same_seed_same_places_other_seed_other_places():
    structure = default_mtt(START)

    def places(seed: int) -> list[tuple[tuple[str, ...], int]]:
        run = play_bot_tournament(structure, entries=60, bots=BOTS, seed=seed)
        return [(p.entries, p.first_place) for p in run.standings]

    assert places(11) == places(11)
    assert places(11) != places(12)


def test_R_TABLE_3_sit_and_go_levels_rise_between_hands():
    seen: list[tuple[int, int, int]] = []

    def hook(hand: HandSeen) -> None:
        state = hand.record.state
        seen.append(
            (hand.order.level, hand.order.stakes.big_blind, state.config.big_blind)
        )

    run = play_bot_tournament(
        default_sng(9), entries=9, bots=("tight-aggressive",), seed=5, on_hand=hook
    )
    assert run.tournament.is_over
    assert all(order_bb == dealt_bb for _, order_bb, dealt_bb in seen)
    levels = [level for level, _, _ in seen]
    assert levels == sorted(levels) and levels[-1] > 1
    assert sum(run.tournament.prizes().values()) == 900


def test_simulated_rng_is_the_only_chance():
    # the driver takes no global randomness: reseeding the module changes nothing
    structure = default_sng(6)
    random.seed(1)
    a = play_bot_tournament(structure, entries=6, bots=BOTS, seed=4).standings
    random.seed(2)
    b = play_bot_tournament(structure, entries=6, bots=BOTS, seed=4).standings
    assert a == b
