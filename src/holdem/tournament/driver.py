"""A bot tournament played to one winner in this process (``holdem simulate``).

``play_bot_tournament`` keeps a ``Table`` per tournament table and steps a
``Tournament``: it deals every table that may deal, one hand each, in table
order (a sweep), reports each hand, carries out the moves at once (both
tables are between hands) and moves a simulated clock on by ``hand_seconds``
after each sweep (the tables play side by side in a room). After every hand
it checks that the chips at the tables are the entries times the starting
stack. The same seed gives the same hands, moves and places.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from holdem.errors import StateError
from holdem.sim.bots import make_bot
from holdem.table import Bot, HandRecord, Table, TableConfig
from holdem.tournament.places import Placing
from holdem.tournament.seating import MoveReason, Seating
from holdem.tournament.state import HandOrder, HandOutcome, Tournament
from holdem.tournament.structure import Kind, TournamentStructure

__all__ = ["HandSeen", "TournamentRun", "play_bot_tournament"]

_EPOCH = datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC)
_MAX_IDLE_STEPS = 10_000  # clock steps with no table dealing: stuck


@dataclass(frozen=True, slots=True)
class HandSeen:
    """A hand just reported, before its moves are carried out.

    Attributes:
        tournament: the tournament.
        tables: the tables by number (as they stand: read them only).
        table: the table that dealt the hand.
        order: what the tournament told it to deal at.
        record: the hand.
        outcome: what the report set off.
    """

    tournament: Tournament
    tables: Mapping[int, Table]
    table: int
    order: HandOrder
    record: HandRecord
    outcome: HandOutcome


@dataclass(frozen=True, slots=True)
class TournamentRun:
    """A finished bot tournament.

    Attributes:
        tournament: the tournament, complete.
        hands: table hands dealt.
        hand_for_hand_hands: of them, hands dealt hand for hand.
        balance_moves: players moved to balance tables (R-TOURN-2).
        break_moves: players moved from broken tables (R-TOURN-3).
        tables_at_start: tables at the start.
        minutes: simulated minutes from the start to the end.
    """

    tournament: Tournament
    hands: int
    hand_for_hand_hands: int
    balance_moves: int
    break_moves: int
    tables_at_start: int
    minutes: float

    @property
    def standings(self) -> tuple[Placing, ...]:
        """Every placing, best first."""
        return self.tournament.standings


def play_bot_tournament(
    structure: TournamentStructure,
    *,
    entries: int,
    bots: Sequence[str],
    seed: int,
    hand_seconds: int = 60,
    on_hand: Callable[[HandSeen], None] | None = None,
) -> TournamentRun:
    """Play a tournament of ``entries`` bots to one winner.

    Args:
        structure: the tournament (a sit-and-go fills with ``entries``).
        entries: bots entered, named ``p1``, ``p2``...
        bots: bot kinds (``holdem.sim.bots``) given to the entries in turn.
        seed: seeds the seat draw, every table's shuffle and every bot.
        hand_seconds: simulated seconds a sweep of hands takes.
        on_hand: called after each hand is reported, before its moves
            are carried out (tests check the tables as they stand).

    Returns:
        The finished run.

    Raises:
        StateError: chips created or lost, or no table able to deal.
        InvalidInputError: a bad structure, bot kind or entry count.
    """
    seeds = random.Random(seed)
    tournament = Tournament(structure, rng=random.Random(seeds.getrandbits(64)))
    now = structure.start_time or _EPOCH
    bot_of: dict[str, Bot] = {}
    seatings: tuple[Seating, ...] = ()
    for number in range(1, entries + 1):
        entry = f"p{number}"
        bot_of[entry] = make_bot(
            bots[(number - 1) % len(bots)], random.Random(seeds.getrandbits(64))
        )
        seatings = tournament.register(entry, now)
    if structure.kind is Kind.MULTI_TABLE:
        seatings = tournament.start(now)
    config = TableConfig(
        structure.game, seat_count=structure.seats_per_table, tournament=True
    )
    tables: dict[int, Table] = {}
    seat_bots: dict[int, dict[int, Bot]] = {}
    for seating in seatings:
        if seating.table not in tables:
            tables[seating.table] = Table(
                config, rng=random.Random(seeds.getrandbits(64))
            )
            seat_bots[seating.table] = {}
        tables[seating.table].seat_moved(seating.seat, seating.entry, seating.stack)
        seat_bots[seating.table][seating.seat] = bot_of[seating.entry]
    total = len(tournament.entries) * structure.starting_stack
    started = now
    hands = h4h = balance = breaks = idle = 0
    while not tournament.is_over:
        ready = tournament.tables_to_deal(now)
        if not ready:
            idle += 1
            if idle > _MAX_IDLE_STEPS:
                raise StateError(f"no table can deal: {tournament.tables}")
            now += datetime.timedelta(seconds=hand_seconds)
            continue
        idle = 0
        for table_id in ready:
            if not tournament.may_deal(table_id, now):
                continue  # a move since the sweep began holds it
            order = tournament.start_hand(table_id, now)
            table = tables[table_id]
            if table.level != order.level:
                table.set_stakes(order.stakes.game(structure.game), level=order.level)
            record = table.play_hand(seat_bots[table_id])
            outcome = tournament.report_hand(table_id, record, table.positions)
            hands += 1
            h4h += order.hand_for_hand
            if on_hand is not None:
                on_hand(HandSeen(tournament, tables, table_id, order, record, outcome))
            if 0 in record.finishing_stacks:  # the players out left their seats
                here = seat_bots[table_id]
                for seat in [s for s in here if table.seat(s) is None]:
                    del here[seat]
            for move in outcome.moves:
                source, target = tables[move.from_table], tables[move.to_table]
                source.leave(move.from_seat)
                target.seat_moved(move.to_seat, move.entry, move.stack)
                seat_bots[move.to_table][move.to_seat] = seat_bots[move.from_table].pop(
                    move.from_seat
                )
                if move.reason is MoveReason.BALANCE:
                    balance += 1
                else:
                    breaks += 1
            for closed in outcome.broken:
                if tables[closed].players:
                    raise StateError(f"table {closed} closed with players seated")
                del tables[closed], seat_bots[closed]
            chips = sum(t.chips for t in tables.values())
            if chips != total:
                raise StateError(
                    f"chips not conserved after table {table_id} hand"
                    f" {record.number}: {chips} at the tables, {total} expected"
                )
            if tournament.is_over:
                break
        now += datetime.timedelta(seconds=hand_seconds)
    return TournamentRun(
        tournament,
        hands,
        h4h,
        balance,
        breaks,
        -(-entries // structure.seats_per_table),
        (now - started) / datetime.timedelta(minutes=1),
    )
