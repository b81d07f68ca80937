r"""Read and write Poker Hand History (PHH) files: ``.phh`` (one hand) and ``.phhs``.

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
  the field. Stacks must be positive (``inf``, an unknown stack, is refused).
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

import datetime
import math
import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from holdem.cards import Card
from holdem.errors import HistoryParseError, InvalidInputError
from holdem.history.model import (
    STRUCTURES,
    FieldValue,
    HandHistory,
    Scalar,
    check_blind_order,
)
from holdem.history.notation import PhhDealHole, format_action, parse_action

__all__ = [
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "history_from_fields",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "parse_toml",
]

_TOML_POSITION = re.compile(r"\(at line (\d+), column (\d+)\)")
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_REQUIRED = ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions")
_LIMITS = ("min_bet", "small_bet", "big_bet")
# The standard's optional fields and their TOML types; "[]" = one per player.
_OPTIONAL: dict[str, str] = {
    "author": "str",
    "event": "str",
    "url": "str",
    "venue": "str",
    "address": "str",
    "city": "str",
    "region": "str",
    "postal_code": "str",
    "country": "str",
    "time": "time",
    "time_zone": "str",
    "time_zone_abbreviation": "str",
    "day": "int",
    "month": "int",
    "year": "int",
    "level": "int",
    "seats": "int[]",
    "seat_count": "int",
    "table": "str|int",
    "winnings": "chips[]",
    "currency": "str",
    "currency_symbol": "str",
    "time_limit": "num",
    "time_banks": "num[]",
}


# ----------------------------------------------------------------- reading


def parse_toml(text: str) -> dict[str, Any]:
    """Parse TOML text, turning a syntax error into ``HistoryParseError``.

    Raises:
        HistoryParseError: with ``.line`` and ``.column`` of the syntax error.
    """
    text = text.removeprefix("\ufeff")  # a UTF-8 byte-order mark is not TOML
    try:
        return tomllib.loads(text)
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


def history_from_fields(fields: Mapping[str, Any]) -> HandHistory:
    """Build a ``HandHistory`` from the fields of one parsed PHH hand.

    Args:
        fields: the TOML table of one hand (as ``tomllib`` returns it).

    Returns:
        The validated history.

    Raises:
        HistoryParseError: naming the field (``field starting_stacks[2]: ...``)
            on a missing or mistyped field, an unknown variant, a negative,
            zero or fractional chip amount, arrays of the wrong length, a
            small blind larger than the big blind (R-BLIND-2), negative
            ``winnings``, or an unreadable action.
    """
    for name in _REQUIRED:
        if name not in fields:
            raise _field_error(name, "is required")
    variant = fields["variant"]
    if variant not in STRUCTURES:
        raise _field_error(
            "variant",
            f"unknown variant {variant!r}: holdem reads NT (no-limit), FT"
            " (fixed-limit) and PT (pot-limit, holdem's extension)",
        )
    stacks = _chips_array(fields, "starting_stacks", None, positive=True)
    n = len(stacks)
    if n < 2:
        raise _field_error("starting_stacks", f"a hand needs 2 players, got {n}")
    antes = _chips_array(fields, "antes", n)
    blinds = _chips_array(fields, "blinds_or_straddles", n)
    try:
        check_blind_order(blinds)
    except InvalidInputError as error:
        raise _field_error("blinds_or_straddles", str(error)) from None
    limits = _limits(fields, variant)
    actions = _actions(fields, n)
    finishing = None
    if "finishing_stacks" in fields:
        finishing = _number_array(fields, "finishing_stacks", n)
    players = None
    if "players" in fields:
        players = tuple(_typed_array(fields, "players", str, "a string", n))
    hand = fields.get("hand")
    if hand is not None and (type(hand) not in (int, str)):
        raise _field_error("hand", f"must be a string or an integer, got {hand!r}")
    trimming = fields.get("ante_trimming_status")
    if trimming is not None and type(trimming) is not bool:
        raise _field_error(
            "ante_trimming_status", f"must be true or false, got {trimming!r}"
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
        metadata=_metadata(fields, n),
    )


def _field_error(name: str, message: str) -> HistoryParseError:
    return HistoryParseError(f"field {name}: {message}")


def _whole(name: str, value: object, *, positive: bool = False) -> int:
    """A whole, non-negative (or positive) number of chips from int or float."""
    if type(value) is float:
        if math.isinf(value):
            raise _field_error(name, "unknown amounts (inf) are not supported")
        if not value.is_integer():
            raise _field_error(
                name, f"chips are whole numbers, got {value!r} (R-POT-4: chips are int)"
            )
        value = int(value)
    if type(value) is not int:
        raise _field_error(name, f"must be a number of chips, got {value!r}")
    if value < 0 or (positive and value == 0):
        raise _field_error(
            name, f"must be {'positive' if positive else 'non-negative'}, got {value}"
        )
    return value


def _array(fields: Mapping[str, Any], name: str, n: int | None) -> list[Any]:
    value = fields[name]
    if not isinstance(value, list):
        raise _field_error(name, f"must be an array, got {value!r}")
    if n is not None and len(value) != n:
        raise _field_error(name, f"needs one entry per player ({n}), got {len(value)}")
    return value


def _chips_array(
    fields: Mapping[str, Any], name: str, n: int | None, *, positive: bool = False
) -> tuple[int, ...]:
    return tuple(
        _whole(f"{name}[{i}]", v, positive=positive)
        for i, v in enumerate(_array(fields, name, n))
    )


def _number_array(
    fields: Mapping[str, Any], name: str, n: int
) -> tuple[int | float, ...]:
    out: list[int | float] = []
    for i, value in enumerate(_array(fields, name, n)):
        if type(value) not in (int, float) or value < 0 or math.isnan(value):
            raise _field_error(
                f"{name}[{i}]", f"must be a non-negative number, got {value!r}"
            )
        out.append(int(value) if type(value) is float and value.is_integer() else value)
    return tuple(out)


def _typed_array(
    fields: Mapping[str, Any], name: str, kind: type, what: str, n: int | None
) -> list[Any]:
    values = _array(fields, name, n)
    for i, value in enumerate(values):
        if type(value) is not kind:
            raise _field_error(f"{name}[{i}]", f"must be {what}, got {value!r}")
    return values


def _limits(fields: Mapping[str, Any], variant: str) -> dict[str, int]:
    if "bring_in" in fields:
        raise _field_error("bring_in", "is a stud field; hold'em uses blinds")
    needed = ("small_bet", "big_bet") if variant == "FT" else ("min_bet",)
    limits: dict[str, int] = {}
    for name in _LIMITS:
        if name in needed:
            if name not in fields:
                raise _field_error(name, f"is required for variant {variant}")
            limits[name] = _whole(name, fields[name], positive=True)
        elif name in fields:
            raise _field_error(name, f"is not a field of variant {variant}")
    return limits


def _actions(fields: Mapping[str, Any], n: int) -> tuple[Any, ...]:
    texts = _array(fields, "actions", None)
    dealt: list[tuple[Card | None, ...] | None] = [None] * n
    out = []
    for i, text in enumerate(texts):
        if type(text) is not str:
            raise _field_error(f"actions[{i}]", f"must be a string, got {text!r}")
        try:
            action = parse_action(text, players=n, dealt=dealt)
        except HistoryParseError as error:
            raise _field_error(f"actions[{i}]", str(error)) from None
        if isinstance(action, PhhDealHole):
            dealt[action.seat] = action.cards
        out.append(action)
    return tuple(out)


def _metadata(fields: Mapping[str, Any], n: int) -> tuple[tuple[str, FieldValue], ...]:
    known = {*_REQUIRED, *_LIMITS, "finishing_stacks", "players", "hand"}
    known.add("ante_trimming_status")
    out: list[tuple[str, FieldValue]] = []
    for name, value in fields.items():
        if name in known:
            continue
        kind = _OPTIONAL.get(name)
        if kind is None:
            converted = _plain(value)
            if converted is not None:  # tables and nested arrays are ignored
                out.append((name, converted))
            continue
        out.append((name, _check_optional(name, kind, value, n)))
    return tuple(out)


def _check_optional(name: str, kind: str, value: Any, n: int) -> FieldValue:
    if kind.endswith("[]"):
        item = kind[:-2]
        values = _array({name: value}, name, n)
        for i, v in enumerate(values):
            _check_scalar(f"{name}[{i}]", item, v)
        return tuple(values)
    _check_scalar(name, kind, value)
    return value  # type: ignore[no-any-return]


def _check_scalar(name: str, kind: str, value: Any) -> None:
    ok = {
        "str": type(value) is str,
        "int": type(value) is int,
        "num": type(value) in (int, float),
        "chips": type(value) in (int, float) and value >= 0,
        "str|int": type(value) in (str, int),
        "time": isinstance(value, datetime.time | datetime.date),
    }[kind]
    if not ok:
        wanted = {
            "num": "a number",
            "chips": "a non-negative number",
            "str|int": "a string or an integer",
        }.get(kind, f"of type {kind}")
        raise _field_error(name, f"must be {wanted}, got {value!r}")


def _is_scalar(value: Any) -> bool:
    scalars = (str, int, float, bool, datetime.time, datetime.date)
    return isinstance(value, scalars)


def _plain(value: Any) -> FieldValue | None:
    if _is_scalar(value):
        return value  # type: ignore[no-any-return]
    if isinstance(value, list) and all(_is_scalar(v) for v in value):
        return tuple(value)
    return None


def loads(text: str) -> HandHistory:
    """Read one hand from the text of a ``.phh`` file.

    Raises:
        HistoryParseError: on malformed TOML (with ``.line``/``.column``) or
            a bad field (the message names it).
    """
    return history_from_fields(parse_toml(text))


def loads_all(text: str) -> tuple[HandHistory, ...]:
    """Read every hand from the text of a ``.phhs`` file (tables ``[1]``, ...).

    Raises:
        HistoryParseError: on malformed TOML, a top-level value that is not a
            table, or a bad hand (the message names the table and field).
    """
    hands = []
    for key, table in parse_toml(text).items():
        if not isinstance(table, dict):
            raise HistoryParseError(f"hand [{key}]: a .phhs file holds only tables")
        try:
            hands.append(history_from_fields(table))
        except HistoryParseError as error:
            raise HistoryParseError(f"hand [{key}]: {error}") from None
    return tuple(hands)


def load(path: str | Path) -> HandHistory:
    """Read one hand from a ``.phh`` file (UTF-8).

    Raises:
        HistoryParseError: as ``loads``, or if the file is not UTF-8.
        OSError: if the file cannot be read.
    """
    return loads(_read_text(Path(path)))


def load_all(path: str | Path) -> tuple[HandHistory, ...]:
    """Read every hand of a ``.phhs`` file, or the one hand of a ``.phh`` file.

    Raises:
        HistoryParseError: as ``loads_all``.
        OSError: if the file cannot be read.
    """
    path = Path(path)
    text = _read_text(path)
    return loads_all(text) if path.suffix == ".phhs" else (loads(text),)


def _read_text(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as error:
        raise HistoryParseError(f"not UTF-8 text: {error}") from None


# ----------------------------------------------------------------- writing


def dumps(history: HandHistory) -> str:
    """Write one hand as PHH text, required fields first (the PHH style guide).

    Actions are written one per line, with their commentary after ``#``;
    ``loads(dumps(history)) == history``.

    Raises:
        HistoryParseError: if a metadata value is not a TOML scalar or an
            array of scalars (never for a history read by ``loads``).
    """
    lines = [f"variant = {_value(history.variant)}"]
    if history.ante_trimming_status is not None:
        lines.append(f"ante_trimming_status = {_value(history.ante_trimming_status)}")
    lines.append(f"antes = {_value(history.antes)}")
    lines.append(f"blinds_or_straddles = {_value(history.blinds_or_straddles)}")
    for name in _LIMITS:
        amount = getattr(history, name)
        if amount is not None:
            lines.append(f"{name} = {amount}")
    lines.append(f"starting_stacks = {_value(history.starting_stacks)}")
    lines.append("actions = [")
    lines.extend(f"  {_string(format_action(a))}," for a in history.actions)
    lines.append("]")
    if history.hand is not None:
        lines.append(f"hand = {_value(history.hand)}")
    if history.players is not None:
        lines.append(f"players = {_value(history.players)}")
    if history.finishing_stacks is not None:
        lines.append(f"finishing_stacks = {_value(history.finishing_stacks)}")
    for name, value in history.metadata:
        lines.append(f"{_key(name)} = {_value(value)}")
    return "\n".join(lines) + "\n"


def dumps_all(histories: Iterable[HandHistory]) -> str:
    """Write many hands as ``.phhs`` text: tables ``[1]``, ``[2]``, ..."""
    return "\n".join(f"[{i}]\n{dumps(h)}" for i, h in enumerate(histories, 1))


def dump(history: HandHistory, path: str | Path) -> None:
    """Write one hand to a ``.phh`` file (UTF-8)."""
    Path(path).write_text(dumps(history), encoding="utf-8")


def dump_all(histories: Iterable[HandHistory], path: str | Path) -> None:
    """Write many hands to a ``.phhs`` file (UTF-8)."""
    Path(path).write_text(dumps_all(histories), encoding="utf-8")


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _string(name)


def _string(text: str) -> str:
    out = ['"']
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif char == "\n":
            out.append("\\n")
        elif char == "\t":
            out.append("\\t")
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04x}")
        else:
            out.append(char)
    out.append('"')
    return "".join(out)


def _value(value: FieldValue | tuple[int | float, ...]) -> str:
    if isinstance(value, tuple):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    return _scalar(value)


def _scalar(value: Scalar) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, datetime.time | datetime.date):
        return value.isoformat()
    raise HistoryParseError(f"cannot write {value!r} as a PHH value")
