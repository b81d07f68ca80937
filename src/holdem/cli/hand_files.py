"""The hands of a ``holdem play`` session, saved as PHH files in a folder.

Each finished hand is written as ``STAMP-NNNN.phh`` (``STAMP`` the session's
start, ``NNNN`` the table's hand number), with the table's fields
(``seats``, ``seat_count``, ``_button``, ``winnings``, the rake), the
table's name (``holdem STAMP``, one per session) and the hand's start time,
as ``history_from_record`` writes them. A file is never overwritten: when
another session took the name (two started in the same second), the session
moves to the next free stamp. It is the
player's copy: their own cards and every hand that reached the showdown,
hands folded unseen written ``????`` (R-HISTORY-1), and ``_hero`` naming the
player, so ``holdem convert --to pokerstars`` writes it as they saw it.
"""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path

from holdem.history import PhhAction, PhhDealHole, dumps, history_from_record
from holdem.table import HandRecord

__all__ = ["private_actions", "save_hand", "session_stamp"]


def save_hand(
    record: HandRecord,
    seat: int,
    hands_dir: Path,
    stamp: str,
    time: datetime.datetime | None = None,
) -> Path:
    """Write ``record`` as seat ``seat``'s copy in ``hands_dir``; the file's path.

    ``time`` is when the hand started (PHH's ``time``, ``day``, ``month``,
    ``year`` and ``time_zone``; see ``time_fields``), or ``None`` to leave
    it out.

    Raises:
        InvalidInputError: for what PHH cannot record (dead blinds, jokers).
        OSError: when the folder or file cannot be written.
    """
    history = history_from_record(record, table=f"holdem {stamp}", time=time)
    hand_seat = record.hand_seat(seat)
    # the player's name as ``_hero`` (convert's viewer), when dealt in
    hero = () if hand_seat is None else (("_hero", record.players[hand_seat]),)
    history = dataclasses.replace(
        history,
        actions=private_actions(history.actions, record, seat),
        metadata=(*history.metadata, *hero),
    )
    hands_dir.mkdir(parents=True, exist_ok=True)
    path = hands_dir / f"{stamp}-{record.number:04d}.phh"
    # "x": created here or not at all, never over another session's hand
    with path.open("x", encoding="utf-8") as file:
        file.write(dumps(history))
    return path


def session_stamp(hands_dir: Path, after: str | None = None) -> str:
    """A file-name prefix for this session's hands, unused in ``hands_dir``.

    The time the session starts (``20261201-025227``), with ``-2``, ``-3``
    ... added when hands of that stamp are in the folder already. ``after``
    is a stamp found taken when saving (another session started in the same
    second): the next one is chosen.
    """
    base = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    k = 1
    if after is not None:
        base, _, number = after.rpartition("-")
        if not (number.isdigit() and len(number) < 6 and base):
            base, number = after, "1"  # no ``-K`` suffix yet
        k = int(number) + 1
    stamp = base if k == 1 else f"{base}-{k}"
    while hands_dir.is_dir() and any(hands_dir.glob(f"{stamp}-*.phh")):
        k += 1
        stamp = f"{base}-{k}"
    return stamp


def private_actions(
    actions: tuple[PhhAction, ...], record: HandRecord, seat: int
) -> tuple[PhhAction, ...]:
    """The actions with the hole cards of hands folded unseen written ``????``.

    The player's copy of the hand shows their own cards and every hand that
    reached the showdown, mucked ones included; hands folded before it stay
    private (R-HISTORY-1).
    """
    state, me = record.state, record.hand_seat(seat)
    hidden = {
        s
        for s in range(state.seats)
        if s != me and state.folded[s] and not state.shown[s]
    }
    return tuple(
        dataclasses.replace(a, cards=(None, None))
        if type(a) is PhhDealHole and a.seat in hidden
        else a
        for a in actions
    )
