"""Write hand histories as PHH text: ``.phh`` (one hand) and ``.phhs`` (many).

Required fields come first, in the PHH style guide's order, then the
optional and user-defined fields as read; actions are written one per line
with their commentary after ``#``. ``loads(dumps(h)) == h`` for every history
``h`` (``holdem.history.phh`` reads the text back).
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Iterable
from pathlib import Path

from holdem.errors import HistoryParseError
from holdem.history.fields import LIMITS
from holdem.history.model import FieldValue, HandHistory, Scalar
from holdem.history.notation import format_action

__all__ = ["dump", "dump_all", "dumps", "dumps_all"]

_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


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
    for name in LIMITS:
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
