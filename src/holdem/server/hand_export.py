"""A player's hands as files for trackers: PokerStars text or PHH (R-HISTORY-1).

``GET /api/me/hands/export`` picks the hands (one hand, a session at a
table, or a date range), writes each from the player's point of view and
answers one file, or a zip of one file per table when there are several.

- What is written: the stored hand's PHH (every card in it) with the table's
  fields added (``seats``, ``_button``, ``table``, the start time), then for
  PokerStars text ``stars_text`` for the player's seat, for PHH
  ``viewer_phh``: the same cut as ``GET /api/hands/{id}``, the player's own
  hole cards and those of every hand that reached the showdown, never a
  hand folded before it (R-HISTORY-1).
- A session: the player's hands at one table with no gap of more than
  ``SESSION_GAP`` (30 minutes) between one hand's end and the next one's
  start; ``session=ID`` is the session holding hand ``ID``, the last session
  by default.
- A date range: hands started in ``[from, to)``; times without a zone are
  UTC.
- At most ``MAX_EXPORT_HANDS`` hands a request: more is refused (400), with
  how to narrow it.
- The PokerStars ``Hand #`` is the room's hand id (unique across tables, as
  trackers want), the table is named ``holdem-T`` (T the table's id), chips
  are written as plain chips (play money).
"""

from __future__ import annotations

import dataclasses
import datetime
import io
import zipfile
from collections.abc import Mapping, Sequence
from typing import Any

from holdem.errors import InvalidInputError
from holdem.history import StarsHand, dumps, loads, stars_text
from holdem.history.table_phh import time_fields
from holdem.server.errors import NotFoundError
from holdem.server.hands import viewer_phh
from holdem.server.store import Store

__all__ = [
    "FORMATS",
    "MAX_EXPORT_HANDS",
    "SESSION_GAP",
    "ExportFile",
    "export_file",
    "select_hands",
]

MAX_EXPORT_HANDS = 500
SESSION_GAP = datetime.timedelta(minutes=30)
FORMATS = ("pokerstars", "phh")


@dataclasses.dataclass(frozen=True, slots=True)
class ExportFile:
    """A file to send: its safe name, media type and bytes."""

    name: str
    media_type: str
    body: bytes


def select_hands(
    store: Store,
    account_id: int,
    *,
    hand: int | None = None,
    table: int | None = None,
    session: int | None = None,
    since: str | None = None,
    until: str | None = None,
) -> list[tuple[dict[str, Any], int]]:
    """``(row, seat)`` of the hands to export, oldest first (R-HISTORY-1).

    Exactly one of ``hand``, ``table`` (with ``session``, a hand id in it)
    or a date range (``since``/``until``, ISO 8601) is given.

    Raises:
        InvalidInputError: for no selection or more than one, a bad date,
            or more than ``MAX_EXPORT_HANDS`` hands.
        NotFoundError: for a hand or session the player was not dealt into.
    """
    ranged = since is not None or until is not None
    chosen = [hand is not None, table is not None, ranged]
    if sum(chosen) != 1 or (session is not None and table is None):
        raise InvalidInputError(
            "choose the hands with exactly one of: hand=ID, table=ID (and"
            " session=HAND_ID, the last session by default), or from=/to="
            " (ISO 8601 times)"
        )
    over = MAX_EXPORT_HANDS + 1
    if hand is not None:
        found = store.exported_hands(account_id, limit=1, hand_ids=[hand])
        if not found:
            raise NotFoundError(
                f"no finished hand {hand} you were dealt into [R-HISTORY-1]"
            )
        return found
    if table is not None:
        ids = _session(store.hand_times(account_id, table), session)
        if not ids:
            raise NotFoundError(
                f"no finished hands of yours at table {table}"
                + ("" if session is None else f" in the session of hand {session}")
            )
        if len(ids) > MAX_EXPORT_HANDS:
            raise _too_many()
        return store.exported_hands(account_id, limit=over, hand_ids=ids)
    start, end = _time(since, "from"), _time(until, "to")
    if start is not None and end is not None and end <= start:
        raise InvalidInputError(f"'to' ({until}) must be after 'from' ({since})")
    found = store.exported_hands(account_id, limit=over, since=start, until=end)
    if len(found) > MAX_EXPORT_HANDS:
        raise _too_many()
    return found


def export_file(
    hands: Sequence[tuple[Mapping[str, Any], int]], form: str, *, name: str
) -> ExportFile:
    """The hands written in ``form`` for the viewer: one file, or a zip.

    Args:
        hands: ``(row, seat)`` pairs from ``select_hands``, oldest first.
        form: ``"pokerstars"`` or ``"phh"``.
        name: the file's stem (ASCII letters, digits and ``-`` only).

    Raises:
        InvalidInputError: for an unknown format, or no hands.
    """
    if form not in FORMATS:
        raise InvalidInputError(
            f"unknown format {form!r}: expected one of {', '.join(FORMATS)}"
        )
    if not hands:
        raise InvalidInputError("no hands to export in that selection")
    suffix = ".txt" if form == "pokerstars" else ".phh"
    texts = [(row["table_id"], _write(row, seat, form)) for row, seat in hands]
    if len(texts) == 1:
        media = "text/plain; charset=utf-8"
        return ExportFile(f"{name}{suffix}", media, texts[0][1].encode())
    by_table: dict[int, list[str]] = {}
    for table_id, text in texts:
        by_table.setdefault(table_id, []).append(text)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for table_id, parts in sorted(by_table.items()):
            if form == "pokerstars":  # hands apart by blank lines, as rooms write
                body = "\n\n\n".join(p.rstrip("\n") for p in parts) + "\n"
                archive.writestr(f"holdem-table-{table_id}.txt", body)
            else:  # a .phhs file: one [k] table per hand
                body = "\n".join(f"[{k}]\n{p}" for k, p in enumerate(parts, 1))
                archive.writestr(f"holdem-table-{table_id}.phhs", body)
    return ExportFile(f"{name}.zip", "application/zip", buffer.getvalue())


def _write(row: Mapping[str, Any], seat: int, form: str) -> str:
    """One stored hand as ``seat`` may see it, in ``form`` (R-HISTORY-1)."""
    summary = row["summary"]
    if summary.get("phh") is None:
        raise InvalidInputError(
            f"hand {row['id']} cannot be written as a hand history (dead blinds"
            " or jokers: PHH cannot hold them)"
        )
    history = loads(summary["phh"])
    started = datetime.datetime.fromisoformat(row["started_at"])
    table = f"holdem-{row['table_id']}"
    fields = (
        ("table", table),
        ("seats", tuple(summary["seats"])),
        ("_button", summary["button"]),
        *time_fields(started),
        ("_hand_id", row["id"]),
    )
    history = dataclasses.replace(history, metadata=(*history.metadata, *fields))
    full = dumps(history)
    if form == "phh":
        text = viewer_phh({**summary, "phh": full}, seat)
        assert text is not None  # the stored hand has a PHH
        return text
    hand = dataclasses.replace(StarsHand.from_history(history), number=row["id"])
    return stars_text(hand, seat, table=table, time=started)


def _session(
    times: Sequence[tuple[int, datetime.datetime, datetime.datetime]],
    around: int | None,
) -> list[int]:
    """Hand ids of the session holding hand ``around`` (the last by default)."""
    sessions: list[list[int]] = []
    last_end: datetime.datetime | None = None
    for hand_id, started, ended in times:
        if last_end is None or started - last_end > SESSION_GAP:
            sessions.append([])
        sessions[-1].append(hand_id)
        last_end = ended
    if around is None:
        return sessions[-1] if sessions else []
    return next((s for s in sessions if around in s), [])


def _time(text: str | None, what: str) -> datetime.datetime | None:
    if text is None:
        return None
    try:
        when = datetime.datetime.fromisoformat(text)
    except ValueError:
        raise InvalidInputError(
            f"'{what}' must be an ISO 8601 date or time (2024-05-01 or"
            f" 2024-05-01T20:15:00+02:00), got {text[:40]!r}"
        ) from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    return when.astimezone(datetime.UTC)


def _too_many() -> InvalidInputError:
    return InvalidInputError(
        f"more than {MAX_EXPORT_HANDS} hands in that selection: at most"
        f" {MAX_EXPORT_HANDS} a download; narrow the dates"
    )
