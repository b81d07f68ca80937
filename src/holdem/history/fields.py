"""Type and range checks of the fields of one parsed PHH hand.

Every value from ``tomllib`` is checked here before it reaches a
``HandHistory``: chip amounts are whole (an integral float such as ``100.0``
is read as ``100``), finite and at most ``MAX_CHIPS``; arrays have one entry
per player; the standard's optional fields have their TOML types. Each
refusal is a ``HistoryParseError`` naming the field (``field antes[1]: ...``).
"""

from __future__ import annotations

import datetime
import math
from collections.abc import Mapping
from typing import Any

from holdem.errors import HistoryParseError
from holdem.history.limits import MAX_CHIPS
from holdem.history.model import FieldValue

__all__ = [
    "KNOWN",
    "LIMITS",
    "REQUIRED",
    "array",
    "chips_array",
    "field_error",
    "limits",
    "metadata",
    "number_array",
    "typed_array",
    "whole",
]

REQUIRED = ("variant", "antes", "blinds_or_straddles", "starting_stacks", "actions")
LIMITS = ("min_bet", "small_bet", "big_bet")
KNOWN = frozenset(
    {
        *REQUIRED,
        *LIMITS,
        "finishing_stacks",
        "players",
        "hand",
        "ante_trimming_status",
    }
)
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


def field_error(name: str, message: str) -> HistoryParseError:
    """``HistoryParseError("field NAME: MESSAGE")``."""
    return HistoryParseError(f"field {name}: {message}")


def whole(name: str, value: object, *, positive: bool = False) -> int:
    """A whole number of chips, 0 (or 1 if ``positive``) to ``MAX_CHIPS``.

    Raises:
        HistoryParseError: for a non-number, ``inf``/``nan``, a fraction
            (chips are whole: an odd chip is never split, R-POT-3), or an
            amount out of range.
    """
    if type(value) is float:
        if math.isinf(value):
            raise field_error(
                name, "unknown amounts (inf) are not supported: give the chips"
            )
        if math.isnan(value):
            raise field_error(name, "must be a number of chips, got nan")
        if not value.is_integer():
            raise field_error(
                name,
                f"chips are whole numbers, got {value!r} (a chip is never split"
                " into parts: R-POT-3)",
            )
        value = int(value)
    if type(value) is not int:
        raise field_error(name, f"must be a number of chips, got {value!r}")
    if value < 0 or (positive and value == 0):
        raise field_error(
            name, f"must be {'positive' if positive else 'non-negative'}, got {value}"
        )
    if value > MAX_CHIPS:
        raise field_error(
            name, f"{_big(value)} chips is more than holdem reads ({MAX_CHIPS})"
        )
    return value


def _big(value: int | float) -> str:
    """The amount, or its number of digits when it is too long to show."""
    if type(value) is float or value < 10**18:
        return repr(value)
    return f"a {len(str(value))}-digit number of"


def array(fields: Mapping[str, Any], name: str, n: int | None) -> list[Any]:
    """The array field ``name``, of ``n`` entries unless ``n`` is ``None``."""
    value = fields[name]
    if not isinstance(value, list):
        raise field_error(name, f"must be an array, got {_short(value)}")
    if n is not None and len(value) != n:
        raise field_error(name, f"needs one entry per player ({n}), got {len(value)}")
    return value


def chips_array(
    fields: Mapping[str, Any], name: str, n: int | None, *, positive: bool = False
) -> tuple[int, ...]:
    """One whole chip amount per entry (see ``whole``)."""
    values = array(fields, name, n)
    low = 1 if positive else 0
    if _all_int(values) and low <= min(values) and max(values) <= MAX_CHIPS:
        return tuple(values)  # the usual case; ``whole`` explains a refusal
    return tuple(
        whole(f"{name}[{i}]", v, positive=positive)
        for i, v in enumerate(array(fields, name, n))
    )


def _all_int(values: list[Any]) -> bool:
    """At least one value, and every one an ``int`` (not a ``bool``)."""
    return set(map(type, values)) == _INT


_INT = {int}


def _chips_or_half(name: str, value: Any) -> int | float:
    """A recorded result: non-negative, finite, at most ``MAX_CHIPS``.

    Half chips (``10162.5``) are kept: some records split an odd chip.
    """
    if type(value) not in (int, float) or not value >= 0:  # refuses nan too
        raise field_error(name, f"must be a non-negative number, got {_short(value)}")
    if type(value) is float and math.isinf(value):
        raise field_error(name, "unknown amounts (inf) are not supported")
    if value > MAX_CHIPS:
        raise field_error(
            name, f"{_big(value)} chips is more than holdem reads ({MAX_CHIPS})"
        )
    return int(value) if type(value) is float and value.is_integer() else value


def number_array(
    fields: Mapping[str, Any], name: str, n: int
) -> tuple[int | float, ...]:
    """One recorded result per player (see ``_chips_or_half``)."""
    values = array(fields, name, n)
    if _all_int(values) and min(values) >= 0 and max(values) <= MAX_CHIPS:
        return tuple(values)  # the usual case; ``_chips_or_half`` explains a refusal
    return tuple(_chips_or_half(f"{name}[{i}]", v) for i, v in enumerate(values))


def typed_array(
    fields: Mapping[str, Any], name: str, kind: type, what: str, n: int | None
) -> list[Any]:
    """The array field ``name``, each entry of exactly type ``kind``."""
    values = array(fields, name, n)
    if set(map(type, values)) <= {kind}:
        return values  # the usual case
    for i, value in enumerate(values):
        if type(value) is not kind:
            raise field_error(f"{name}[{i}]", f"must be {what}, got {_short(value)}")
    return values


def limits(fields: Mapping[str, Any], variant: str) -> dict[str, int]:
    """``min_bet`` (NT, PT) or ``small_bet`` and ``big_bet`` (FT), in chips."""
    if "bring_in" in fields:
        raise field_error("bring_in", "is a stud field; hold'em uses blinds")
    needed = ("small_bet", "big_bet") if variant == "FT" else ("min_bet",)
    out: dict[str, int] = {}
    for name in LIMITS:
        if name in needed:
            if name not in fields:
                raise field_error(name, f"is required for variant {variant}")
            out[name] = whole(name, fields[name], positive=True)
        elif name in fields:
            raise field_error(name, f"is not a field of variant {variant}")
    return out


def metadata(fields: Mapping[str, Any], n: int) -> tuple[tuple[str, FieldValue], ...]:
    """Every field but the known ones, in file order; optional ones type-checked.

    Unknown fields holding a table or a nested array are left out, as the
    standard allows.
    """
    out: list[tuple[str, FieldValue]] = []
    for name, value in fields.items():
        if name in KNOWN:
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
        values = array({name: value}, name, n)
        return tuple(
            _check_scalar(f"{name}[{i}]", item, v) for i, v in enumerate(values)
        )
    return _check_scalar(name, kind, value)  # type: ignore[no-any-return]


def _check_scalar(name: str, kind: str, value: Any) -> Any:
    if kind == "chips":
        return _chips_or_half(name, value)
    ok = {
        "str": type(value) is str,
        "int": type(value) is int,
        "num": type(value) in (int, float),
        "str|int": type(value) in (str, int),
        "time": isinstance(value, datetime.time | datetime.date),
    }[kind]
    if not ok:
        wanted = {"num": "a number", "str|int": "a string or an integer"}.get(
            kind, f"of type {kind}"
        )
        raise field_error(name, f"must be {wanted}, got {_short(value)}")
    return value


def _short(value: Any) -> str:
    """``repr`` cut to 60 characters, so a message stays one short line."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_scalar(value: Any) -> bool:
    scalars = (str, int, float, bool, datetime.time, datetime.date)
    return isinstance(value, scalars)


def _plain(value: Any) -> FieldValue | None:
    if _is_scalar(value):
        return value  # type: ignore[no-any-return]
    if isinstance(value, list) and all(_is_scalar(v) for v in value):
        return tuple(value)
    return None
