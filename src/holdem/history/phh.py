r"""Read Poker Hand History (PHH) files: ``.phh`` (one hand) and ``.phhs``.

PHH is TOML (spec: github.com/uoftcprg/phh-std, version 0.0.2; the text is in
``../shared/data/phh/SPEC-source.md``). holdem reads the Texas hold'em subset:

- ``variant``: ``"NT"`` (no-limit, needs ``min_bet``), ``"FT"`` (fixed-limit,
  needs ``small_bet`` and ``big_bet``) and, as holdem's extension,
  ``"PT"``: pot-limit Texas hold'em (R-PL-1) with ``min_bet``, named after the
  standard's letter pattern (``N``/``F``/``P`` + game; ``PO`` is pot-limit
  Omaha). Any other variant is an error.
- ``antes``, ``blinds_or_straddles``, ``starting_stacks``: one entry per
  player, in PHH order (``p1`` small blind, last player the button; heads-up
  the forced bets are reversed by rule). Chips are whole numbers: an integral
  float such as ``100.0`` is read as ``100``; anything else is an error naming
  the field and its line. Stacks must be positive (``inf``, an unknown stack,
  is refused); every chip amount is at most ``MAX_CHIPS`` (10**15).
- ``actions``: see ``holdem.history.notation``.
- ``blinds_or_straddles``: the first two entries are the small and the big
  blind (heads-up too, before the reversal); a small blind larger than the
  big blind is refused (R-BLIND-2), a zero small blind is fine.
- Optional fields: ``finishing_stacks`` and ``winnings`` (non-negative; may
  hold half chips, ``10162.5``, where a record split an odd chip; the replay
  compares both), ``players``, ``hand``,
  ``ante_trimming_status`` and the rest of the standard's optional fields
  (type-checked), and user-defined ``_fields``; all are kept and written back.
  Unknown fields holding a table or nested array are ignored, as the standard
  allows.

Before parsing, the text is checked against the limits of
``holdem.history.limits`` (file size, line length, dotted-key parts, nesting),
so no input makes the TOML parser slow; every malformed input is a
``HistoryParseError``, never another exception.

A ``.phhs`` file holds many hands as TOML tables ``[1]``, ``[2]``, ... (the
layout PokerKit writes); each table is one hand's fields.

``loads(dumps(h)) == h`` for every history ``h``.

>>> h = loads('variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
...           'min_bet = 2\nstarting_stacks = [200, 200]\nactions = ["p2 f"]')
>>> h.forced_bets().blinds_or_straddles  # heads-up: reversed
(2, 1)
>>> loads(dumps(h)) == h
True
"""

from __future__ import annotations

import errno
import os
import re
import stat
import sys
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from holdem.cards import Card
from holdem.errors import HistoryParseError, InvalidInputError
from holdem.history import fields as fields_
from holdem.history.limits import (
    MAX_CHIPS,
    MAX_TEXT_CHARS,
    check_text,
    line_of_long_number,
)
from holdem.history.model import (
    STRUCTURES,
    HandHistory,
    check_blind_order,
)
from holdem.history.notation import PhhDealHole, parse_action, player_actions
from holdem.history.phh_quick import quick_hand
from holdem.history.toml_subset import parse_subset
from holdem.history.writer import dump, dump_all, dumps, dumps_all  # re-exported

__all__ = [
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "history_from_fields",
    "load",
    "load_all",
    "load_each",
    "loads",
    "loads_all",
    "parse_toml",
    "hand_label",
    "hand_tables",
    "read_hand",
    "read_text",
]

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")
_HEADER = re.compile(r"^[ \t]*\[", re.M)
_FIELD = re.compile(r"field ([A-Za-z0-9_]+)(?:\[(\d+)\])?: ")


# ----------------------------------------------------------------- reading


def parse_toml(text: str) -> dict[str, Any]:
    """Parse TOML text, turning every failure into ``HistoryParseError``.

    The text is first checked against the limits of ``holdem.history.limits``
    (size, line length, dotted-key parts, nesting), so parsing is quick.
    Texts in the plain subset of ``holdem.history.toml_subset`` (every real
    file) are read by it, to the same result; the rest by ``tomllib``.

    Raises:
        HistoryParseError: with ``.line`` (and ``.column`` for a syntax
            error) on a syntax error, a text over the limits, or an integer
            longer than Python reads (``sys.get_int_max_str_digits()``).
    """
    text = text.removeprefix("\ufeff")  # a UTF-8 byte-order mark is not TOML
    check_text(text)
    try:
        fields = parse_subset(text)  # the plain TOML of real files, quickly
        return tomllib.loads(text) if fields is None else fields
    except RecursionError:
        raise HistoryParseError(
            "malformed TOML: arrays or tables nested too deeply"
        ) from None
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        found = _TOML_POSITION.search(message)
        line, column = (int(found[1]), int(found[2])) if found else (None, None)
        raise HistoryParseError(
            f"malformed TOML: {message}", line=line, column=column
        ) from None
    except ValueError:  # int(): more digits than Python converts
        digits = sys.get_int_max_str_digits()
        line = line_of_long_number(text, digits)
        where = f"line {line}: " if line else ""
        raise HistoryParseError(
            f"{where}a number has more than {digits} digits; chip amounts are at"
            f" most {MAX_CHIPS}",
            line=line,
        ) from None


def history_from_fields(fields: Mapping[str, Any]) -> HandHistory:
    """Build a ``HandHistory`` from the fields of one parsed PHH hand.

    Args:
        fields: the TOML table of one hand (as ``tomllib`` returns it).

    Returns:
        The validated history.

    Raises:
        HistoryParseError: naming the field (``field starting_stacks[2]: ...``)
            on a missing or mistyped field, an unknown variant, a negative,
            zero, fractional or too large chip amount (over ``MAX_CHIPS``),
            arrays of the wrong length, a small blind larger than the big
            blind (R-BLIND-2), negative ``winnings``, or an unreadable action.
    """
    for name in fields_.REQUIRED:
        if name not in fields:
            raise fields_.field_error(name, "is required")
    variant = fields["variant"]
    if type(variant) is not str:
        raise fields_.field_error(
            "variant", f"must be a string (NT, FT or PT), got {variant!r:.60}"
        )
    if variant not in STRUCTURES:
        raise fields_.field_error(
            "variant",
            f"unknown variant {variant!r:.60}: holdem reads NT (no-limit), FT"
            " (fixed-limit) and PT (pot-limit, holdem's extension)",
        )
    stacks = fields_.chips_array(fields, "starting_stacks", None, positive=True)
    n = len(stacks)
    if n < 2:
        raise fields_.field_error("starting_stacks", f"a hand needs 2 players, got {n}")
    antes = fields_.chips_array(fields, "antes", n)
    blinds = fields_.chips_array(fields, "blinds_or_straddles", n)
    try:
        check_blind_order(blinds)
    except InvalidInputError as error:
        raise fields_.field_error("blinds_or_straddles", str(error)) from None
    limits = fields_.limits(fields, variant)
    actions = _actions(fields, n)
    finishing = None
    if "finishing_stacks" in fields:
        finishing = fields_.number_array(fields, "finishing_stacks", n)
    players = None
    if "players" in fields:
        players = tuple(fields_.typed_array(fields, "players", str, "a string", n))
    hand = fields.get("hand")
    if hand is not None and (type(hand) not in (int, str)):
        raise fields_.field_error(
            "hand", f"must be a string or an integer, got {hand!r:.60}"
        )
    trimming = fields.get("ante_trimming_status")
    if trimming is not None and type(trimming) is not bool:
        raise fields_.field_error(
            "ante_trimming_status", f"must be true or false, got {trimming!r:.60}"
        )
    return HandHistory(
        variant=variant,
        antes=antes,
        blinds_or_straddles=blinds,
        starting_stacks=stacks,
        actions=actions,
        min_bet=limits.get("min_bet"),
        small_bet=limits.get("small_bet"),
        big_bet=limits.get("big_bet"),
        ante_trimming_status=trimming,
        finishing_stacks=finishing,
        players=players,
        hand=hand,
        metadata=fields_.metadata(fields, n),
    )


def read_hand(
    fields: Mapping[str, Any], text: str, table: str | None = None
) -> HandHistory:
    """``history_from_fields``, with the line of a bad field in its error.

    Args:
        fields: the hand's TOML table.
        text: the whole text the table was parsed from.
        table: the hand's table key in a ``.phhs`` text, ``None`` for a
            ``.phh`` text.

    Raises:
        HistoryParseError: as ``history_from_fields``, the message starting
            ``line N: `` and ``.line`` set where the field's line is found.
    """
    try:
        return history_from_fields(fields)
    except HistoryParseError as error:
        line = _field_line(str(error), fields, text, table)
        if line is None:
            raise
        raise HistoryParseError(f"line {line}: {error}", line=line) from None


def _field_line(
    message: str, fields: Mapping[str, Any], text: str, table: str | None
) -> int | None:
    """The line of the field (or action) a message names, if it can be found."""
    found = _FIELD.match(message)
    if found is None:
        return None
    name, index = found[1], found[2]
    start, end = 0, len(text)
    if table is not None:
        header = re.search(
            rf"^[ \t]*\[[ \t]*[\"']?{re.escape(table)}[\"']?[ \t]*\]", text, re.M
        )
        if header is None:
            return None
        start = header.end()
        following = _HEADER.search(text, start)  # the next hand's table
        end = following.start() if following else end
    key = re.compile(rf"^[ \t]*[\"']?{name}[\"']?[ \t]*=", re.M).search(
        text, start, end
    )
    if key is None:
        return None
    position = key.start()
    values = fields.get(name)
    if name == "actions" and index is not None and isinstance(values, list):
        # Follow the entries in order; keep the key's line if an entry is not
        # written literally (escapes).
        at = key.end()
        for entry in values[: int(index) + 1]:
            if entry == "":
                continue
            where = text.find(entry, at, end) if type(entry) is str else -1
            if where < 0:
                position = key.start()
                break
            position, at = where, where + len(entry)
    return text.count("\n", 0, position) + 1


def _actions(fields: Mapping[str, Any], n: int) -> tuple[Any, ...]:
    texts = fields_.array(fields, "actions", None)
    dealt: list[tuple[Card | None, ...] | None] = [None] * n
    out = []
    known = player_actions(n).get  # bets, calls, folds read before
    for i, text in enumerate(texts):
        if type(text) is not str:
            raise fields_.field_error(
                f"actions[{i}]", f"must be a string, got {text!r:.60}"
            )
        action = known(text)
        if action is None:
            try:
                action = parse_action(text, players=n, dealt=dealt)
            except HistoryParseError as error:
                raise fields_.field_error(f"actions[{i}]", str(error)) from None
            if type(action) is PhhDealHole:
                dealt[action.seat] = action.cards
        out.append(action)
    return tuple(out)


def loads(text: str) -> HandHistory:
    """Read one hand from the text of a ``.phh`` file.

    Raises:
        HistoryParseError: on malformed TOML (with ``.line``/``.column``), a
            text over the limits, a bad field (the message names it and its
            line), or a ``.phhs`` text of many hands (use ``loads_all``).
    """
    plain = text.removeprefix("\ufeff")
    check_text(plain)
    history = quick_hand(plain)  # the plainest texts, read straight
    if history is not None:
        return history
    return _one_hand(parse_toml(text), text)


def _one_hand(fields: dict[str, Any], text: str) -> HandHistory:
    tables = fields and all(isinstance(v, dict) for v in fields.values())
    if tables and "variant" not in fields:
        raise HistoryParseError(
            f"the text holds only tables ([{next(iter(fields))}], ...), as a .phhs"
            " file of many hands does: read it with loads_all (load_all for a"
            " file)"
        )
    return read_hand(fields, text)


def hand_tables(fields: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """The ``(key, table)`` hands of a parsed ``.phhs`` text.

    Raises:
        HistoryParseError: if a top-level value is not a table.
    """
    for key, table in fields.items():
        if not isinstance(table, dict):
            raise HistoryParseError(
                f"top-level key {key!r:.40} is not a table: a .phhs file holds only"
                " tables [1], [2], ... (one per hand)"
            )
    return list(fields.items())


def loads_all(text: str) -> tuple[HandHistory, ...]:
    """Read every hand from the text of a ``.phhs`` file (tables ``[1]``, ...).

    Raises:
        HistoryParseError: on malformed TOML, a text over the limits, a
            top-level value that is not a table, or a bad hand (the message
            names the table, the line and the field).
    """
    hands = []
    for key, table in hand_tables(parse_toml(text)):
        try:
            hands.append(read_hand(table, text, key))
        except HistoryParseError as error:
            raise HistoryParseError(
                f"hand [{key}]: {error}", line=error.line, column=error.column
            ) from None
    return tuple(hands)


def load(path: str | Path) -> HandHistory:
    """Read one hand from a ``.phh`` file (UTF-8).

    Raises:
        HistoryParseError: as ``loads``, the message starting ``PATH hand
            N: `` (N is the ``hand`` field, else ``1``; ``?`` when the text
            cannot be parsed), as ``holdem replay`` names hands; also if the
            file is not UTF-8, too large, not a regular file, or a ``.phhs``
            file (use ``load_all``).
        OSError: if the file cannot be read (missing, a folder).
    """
    path = Path(path)
    if path.suffix == ".phhs":
        raise HistoryParseError(
            f"{path}: a .phhs file holds many hands: read it with load_all"
        )
    text, fields = _parse_file(path)
    try:
        return _one_hand(fields, text)
    except HistoryParseError as error:
        raise _in_hand(path, hand_label(fields, "1"), error) from None


def load_all(path: str | Path) -> tuple[HandHistory, ...]:
    """Read every hand of a ``.phhs`` file, or the one hand of a ``.phh`` file.

    Raises:
        HistoryParseError: as ``loads_all`` or ``load``, the message starting
            ``PATH hand KEY: `` (``?`` when the text cannot be parsed).
        OSError: if the file cannot be read.
    """
    hands = []
    for _key, hand in load_each(path):
        if isinstance(hand, HistoryParseError):
            raise hand
        hands.append(hand)
    return tuple(hands)


def load_each(
    path: str | Path,
) -> tuple[tuple[str, HandHistory | HistoryParseError], ...]:
    """Each hand of a ``.phhs`` (or ``.phh``) file, or why it cannot be read.

    Unlike ``load_all``, one malformed hand does not stop the others: it is
    given as its ``HistoryParseError`` (the message starting ``PATH hand
    KEY: ``), in file order with the hands read.

    Returns:
        ``(key, hand or error)`` per hand: the ``.phhs`` table name, or
        ``"1"`` for a ``.phh`` file.

    Raises:
        HistoryParseError: when the file as a whole cannot be parsed (TOML
            syntax, a top-level value that is not a hand table), hand ``?``;
            for a ``.phh`` file, as ``load``.
        OSError: if the file cannot be read.
    """
    path = Path(path)
    if path.suffix != ".phhs":
        return (("1", load(path)),)  # its one hand's error is the file's
    text, fields = _parse_file(path)
    try:
        tables = hand_tables(fields)
    except HistoryParseError as error:
        raise _in_hand(path, "?", error) from None
    hands: list[tuple[str, HandHistory | HistoryParseError]] = []
    for key, table in tables:
        try:
            hands.append((key, read_hand(table, text, key)))
        except HistoryParseError as error:
            hands.append((key, _in_hand(path, key, error)))
    return tuple(hands)


def hand_label(fields: object, default: str) -> str:
    """A hand's name: its ``hand`` field (a string or an integer), or ``default``."""
    hand = fields.get("hand") if isinstance(fields, dict) else None
    return str(hand) if type(hand) in (int, str) else default


def _parse_file(path: Path) -> tuple[str, dict[str, Any]]:
    try:
        text = read_text(path)
        return text, parse_toml(text)
    except HistoryParseError as error:
        raise _in_hand(path, "?", error) from None


def _in_hand(path: Path, hand: str, error: HistoryParseError) -> HistoryParseError:
    return HistoryParseError(
        f"{path} hand {hand}: {error}", line=error.line, column=error.column
    )


def read_text(path: Path) -> str:
    """The text of a PHH file, refused early if it is too large.

    Raises:
        HistoryParseError: if the file is larger than ``MAX_TEXT_CHARS``
            bytes, not UTF-8, or a pipe or a device (never opened: reading
            it could wait forever).
        OSError: if it cannot be read (missing, a folder, a broken link).
    """
    # Non-blocking, so that opening a pipe returns at once; fstat then
    # refuses anything but a regular file before a read could wait.
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, "rb") as file:
        info = os.fstat(fd)
        mode = info.st_mode
        if stat.S_ISDIR(mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not stat.S_ISREG(mode):
            raise HistoryParseError("not a regular file")
        # a regular file's size is known: no 16 MiB read buffer per file
        data = b"" if info.st_size > MAX_TEXT_CHARS else file.read()
    if info.st_size > MAX_TEXT_CHARS or len(data) > MAX_TEXT_CHARS:
        raise HistoryParseError(
            f"the file has more than {MAX_TEXT_CHARS} bytes; holdem reads at most"
            f" {MAX_TEXT_CHARS} per file (split it into several files)"
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise HistoryParseError(f"not UTF-8 text: {error}") from None
