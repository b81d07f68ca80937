"""A tournament's state as JSON, to store and to take over (R-TOURN-1..5).

``state_json`` writes everything a ``Tournament`` knows between hands
(registration, seats, stacks, positions, placings, moves, the level clock's
start) as a JSON object; ``tournament_from_json`` makes the same tournament
again, in this process or in another one that takes a table over. Hands are
not part of it: a driver stores the state in the transaction of each hand's
settlement, so a hand that was running when the state was read is void and
its table is between hands again (``void_hand``).

This module reads the tournament's private fields on purpose: it is the
state's one serialization, kept beside the class instead of in it.
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from holdem.errors import InvalidInputError, StateError
from holdem.table.seating import Positions
from holdem.tournament.places import Bust
from holdem.tournament.seating import Move, MoveReason
from holdem.tournament.state import Phase, Tournament
from holdem.tournament.structure import TournamentStructure

__all__ = [
    "VERSION",
    "mark_dealing",
    "shift_clock",
    "state_json",
    "tournament_from_json",
    "void_hand",
]

VERSION = 1
"""The version of the JSON written by ``state_json``."""


def state_json(tournament: Tournament) -> dict[str, Any]:
    """Everything ``tournament`` knows between hands, as a JSON object.

    Tables dealing a hand are written as between hands: the hand is not in
    the state (its chips are the stacks at its start).
    """
    t = tournament
    started = t.started_at
    return {
        "version": VERSION,
        "phase": str(t.phase),
        "entries": list(t.entries),
        "out": [[_bust_json(b) for b in busts] for busts in t._out],
        "winner": t._winner,
        "moves": [_move_json(m) for m in t.moves],
        "hands_reported": t.hands_reported,
        "started_at": None if started is None else started.isoformat(),
        "player_entries": {p: list(e) for p, e in t._player_entries.items()},
        "stacks": dict(t._stacks),
        "tables": {
            str(table): {str(seat): entry for seat, entry in seats.items()}
            for table, seats in t._tables.items()
        },
        "positions": {
            str(table): [p.button, p.small_blind, p.big_blind]
            for table, p in t._positions.items()
        },
        "hands": {str(table): n for table, n in t._hands.items()},
        "most_hands": t._most_hands,
        "round": None if t._round is None else sorted(t._round),
        "round_busts": [_bust_json(b) for b in t._round_busts],
        "next_table": t._next_table,
    }


def tournament_from_json(
    structure: TournamentStructure, data: object, *, rng: random.Random
) -> Tournament:
    """The tournament ``state_json`` wrote, every table between hands.

    Args:
        structure: the tournament's structure (stored beside the state).
        data: what ``state_json`` returned (read back from JSON).
        rng: the new tournament's RNG (seat draws from now on).

    Raises:
        InvalidInputError: for data that is not such a state (the message
            says which part), or one whose chips do not add up.
    """
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise InvalidInputError(
            f"a stored tournament is a JSON object of version {VERSION}"
        )
    t = Tournament(structure, rng=rng)
    try:
        t.phase = Phase(data["phase"])
        t.entries = [str(e) for e in data["entries"]]
        t._out = [[_bust(b) for b in busts] for busts in data["out"]]
        t._winner = data["winner"]
        t.moves = [_move(m) for m in data["moves"]]
        t.hands_reported = int(data["hands_reported"])
        started = data["started_at"]
        t.started_at = (
            None if started is None else datetime.datetime.fromisoformat(started)
        )
        t._player_entries = {
            str(p): [str(e) for e in entries]
            for p, entries in data["player_entries"].items()
        }
        t._stacks = {str(e): int(c) for e, c in data["stacks"].items()}
        t._tables = {
            int(table): {
                int(seat): str(e) for seat, e in sorted(seats.items(), key=_key)
            }
            for table, seats in data["tables"].items()
        }
        t._where = {
            entry: (table, seat)
            for table, seats in t._tables.items()
            for seat, entry in seats.items()
        }
        t._positions = {
            int(table): Positions(*(int(x) for x in p))
            for table, p in data["positions"].items()
        }
        t._hands = {int(table): int(n) for table, n in data["hands"].items()}
        t._most_hands = int(data["most_hands"])
        round_ = data["round"]
        t._round = None if round_ is None else {int(x) for x in round_}
        t._round_busts = [_bust(b) for b in data["round_busts"]]
        t._next_table = int(data["next_table"])
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise InvalidInputError(
            f"a stored tournament is malformed: {error!r}"
        ) from None
    if set(t._where) != set(t._stacks):
        raise InvalidInputError(
            "a stored tournament is malformed: the seated entries are not the"
            " entries with chips"
        )
    try:
        t._check_chips()
    except StateError as error:
        raise InvalidInputError(f"a stored tournament is malformed: {error}") from None
    return t


def void_hand(tournament: Tournament, table: int) -> None:
    """The hand ``table`` started is void: the table is between hands again.

    Its stacks are the ones at the hand's start (the tournament changes them
    only when a hand is reported); the hand does not count. Nothing for a
    table that is not dealing.
    """
    if table in tournament._busy:
        tournament._busy.discard(table)
        tournament._hands[table] = max(0, tournament._hands.get(table, 1) - 1)


def mark_dealing(tournament: Tournament, table: int) -> None:
    """``table`` is dealing a hand it started before the state was read back.

    Its report is awaited (``Tournament.report_hand``), as if the hand had
    been started on this tournament.
    """
    if table not in tournament._busy:
        tournament._busy.add(table)
        tournament._hands[table] = tournament._hands.get(table, 0) + 1


def shift_clock(tournament: Tournament, seconds: float) -> None:
    """Move the level clock's start ``seconds`` later: the time it stood still.

    After an outage the levels go on where they stood at the last sign of
    life, neither giving nor taking the time the room was down (R-TABLE-3).
    """
    if tournament.started_at is not None and seconds > 0:
        tournament.started_at += datetime.timedelta(seconds=seconds)


def _key(item: tuple[str, object]) -> int:
    return int(item[0])


def _bust_json(bust: Bust) -> list[Any]:
    return [bust.entry, bust.table, bust.starting_stack, bust.order]


def _bust(data: list[Any]) -> Bust:
    entry, table, stack, order = data
    return Bust(str(entry), int(table), int(stack), int(order))


def _move_json(move: Move) -> list[Any]:
    return [
        move.entry,
        move.from_table,
        move.from_seat,
        move.to_table,
        move.to_seat,
        move.stack,
        str(move.reason),
        move.sequence,
    ]


def _move(data: list[Any]) -> Move:
    entry, from_table, from_seat, to_table, to_seat, stack, reason, sequence = data
    return Move(
        str(entry),
        int(from_table),
        int(from_seat),
        int(to_table),
        int(to_seat),
        int(stack),
        MoveReason(reason),
        int(sequence),
    )
