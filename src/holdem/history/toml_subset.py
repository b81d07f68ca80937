r"""A quick reader for the plain TOML subset PHH files use; ``None`` for the rest.

``tomllib`` spends about half the time of a PHH replay on its
character-by-character scan. Real ``.phh`` files, and the ones holdem
writes, use a small subset of TOML, read here with string splits for the
commonest lines (``key = 'x'``, ``key = [1, 2]``, one space around ``=``)
and a few regular expressions for the rest:

- ``key = value`` lines with a bare key (``[A-Za-z0-9_-]+``), each key once
  per table; ``[key]`` table headers with a bare key (``.phhs`` hands);
- values: basic strings without escapes (``"..."``), literal strings
  (``'...'``), decimal integers (``-12``, no ``+``, ``_`` or leading zero),
  decimal fractions (``10162.5``), ``true``, ``false``, and one-level arrays
  of those, over several lines if need be, with a trailing comma and
  ``# comments`` allowed;
- blank lines and ``# comments``; lines end with ``\n`` (no ``\r``).

``parse_subset(text)`` returns exactly what ``tomllib.loads(text)`` returns
(a ``dict`` of ``str``, ``int``, ``float``, ``bool``, ``list`` and, under a
header, ``dict`` values, in file order) when the whole text is in the
subset, and ``None`` as soon as anything is outside it, valid TOML or not
(escapes, other numbers, dates, nested arrays, inline tables, dotted or
quoted keys, a repeated key, control characters): the caller then parses
with ``tomllib``, which gives the errors with their line and column. So
the subset never changes what a text means or which texts are refused.

>>> parse_subset("a = [1, 'x', 2.5]  # c\n[1]\nb = true\n")
{'a': [1, 'x', 2.5], '1': {'b': True}}
>>> parse_subset('a = "\\t"') is None  # an escape: tomllib reads it
True
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["parse_subset"]

# Characters TOML refuses in comments and strings: ASCII controls but tab.
_TEXT = r"[^\x00-\x08\x0a-\x1f\x7f"
_COMMENT = rf"#{_TEXT}]*"
_BLANK_LINES = re.compile(rf"(?:[ \t]*(?:{_COMMENT})?\n)*")
_LINE_END = re.compile(rf"[ \t]*(?:{_COMMENT})?(?:\n|\Z)")
_LAST_LINE = re.compile(rf"[ \t]*(?:{_COMMENT})?\Z")
_KEY = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*")
_HEADER = re.compile(r"[ \t]*\[[ \t]*([A-Za-z0-9_-]+)[ \t]*\]")
_ARRAY_SPACE = re.compile(rf"(?:[ \t\n]+|{_COMMENT})*")
# One scalar: basic string, literal string, integer with optional fraction,
# boolean. What follows it is checked by the caller (a line end, ``,`` or
# ``]``), so ``1e5``, ``0x1f``, ``1_000`` or a date stop the quick path.
_SCALAR = re.compile(
    rf'"({_TEXT}"\\]*)"'
    rf"|'({_TEXT}']*)'"
    r"|(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?"
    r"|(true|false)"
)
# Whole one-line arrays of integers only or strings only (most PHH fields),
# checked in one match and split at C speed.
_INT = r"-?(?:0|[1-9][0-9]*)"
_INTS = re.compile(rf"\[[ \t]*(?:({_INT}(?:[ \t]*,[ \t]*{_INT})*)[ \t]*,?[ \t]*)?\]")
_STRING = rf'"{_TEXT}"\\]*"|\'{_TEXT}\']*\''
_STRINGS = re.compile(
    rf"\[[ \t]*(?:((?:{_STRING})(?:[ \t]*,[ \t]*(?:{_STRING}))*)[ \t]*,?[ \t]*)?\]"
)
# A whole ``key = value`` line of the commonest forms, read in one match.
_PLAIN_LINE = re.compile(
    r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*"
    rf"(?:({_INTS.pattern})|({_STRINGS.pattern})|{_SCALAR.pattern})"
    rf"[ \t]*(?:{_COMMENT})?(?:\n|\Z)"
)
# Group numbers in _PLAIN_LINE: 1 the key, then the value's kinds.
_INTS_GROUP, _STRINGS_GROUP, _BASIC_GROUP, _WHOLE_GROUP = 2, 4, 6, 8
# For ``_quick_line``: a bare key, a whole ``", "``-separated list of
# integers and one number.
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+").fullmatch
_INT_ITEMS = re.compile(rf"{_INT}(?:, {_INT})*").fullmatch
_NUMBER = re.compile(r"(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?").fullmatch
_LITERAL_ITEM = re.compile(r"'([^']*)'")
_STRING_ITEM = re.compile(rf'"({_TEXT}"\\]*)"|\'({_TEXT}\']*)\'')


def parse_subset(text: str) -> dict[str, Any] | None:
    """``tomllib.loads(text)`` for a text in the subset, else ``None``.

    Args:
        text: a whole TOML text, its byte-order mark already removed.

    Returns:
        The parsed tables, equal to ``tomllib``'s result, or ``None`` when
        any part of the text is outside the subset.

    Raises:
        ValueError: from ``int()`` for an integer of more digits than
            ``sys.get_int_max_str_digits()``, as ``tomllib`` does.
    """
    root: dict[str, Any] = {}
    table = root
    pos = 0
    plain_line = _PLAIN_LINE.match
    size = len(text)
    while True:
        if pos < size:
            stop = text.find("\n", pos)
            stop = size if stop < 0 else stop
            pair = _quick_line(text[pos:stop])
            if pair is not None:
                name, value = pair
                if name in table:
                    return None
                table[name] = value
                pos = stop + 1 if stop < size else size
                continue
        line = plain_line(text, pos)
        if line is not None:
            name = line[1]
            if name in table:
                return None
            table[name] = _plain_value(line)
            pos = line.end()
            continue
        pos = _BLANK_LINES.match(text, pos).end()  # type: ignore[union-attr]
        if _LAST_LINE.match(text, pos):
            return root
        header = _HEADER.match(text, pos)
        if header is not None:
            name = header[1]
            if name in root:
                return None
            table = root[name] = {}
            pos = header.end()
        else:
            key = _KEY.match(text, pos)
            if key is None:
                return None
            name, pos = key[1], key.end()
            if name in table:
                return None
            if text.startswith("[", pos):
                value, pos = _flat_array(text, pos)
            else:
                value, pos = _scalar(text, pos)
            if pos < 0:
                return None
            table[name] = value
        end = _LINE_END.match(text, pos)
        if end is None:
            return None
        pos = end.end()


def _quick_line(line: str) -> tuple[str, Any] | None:
    """``(key, value)`` of the commonest ``key = value`` lines, read with splits.

    Only lines of one written form are read: one space each side of ``=``, no
    space at either end, no comment, strings without escapes and one-line
    arrays whose entries are separated by ``", "``. ``None`` for any other
    line, which the regular expressions then read (or step aside for), and
    for a line with any character ``str.isprintable`` refuses: every control
    character TOML refuses is one (tabs and some spaces go there too).
    """
    name, equals, value = line.partition(" = ")
    if not equals or not line.isprintable() or _BARE_KEY(name) is None:
        return None
    first, last = value[:1], value[-1:]
    if first == "[":
        if last != "]":
            return None
        inner = value[1:-1]
        if not inner:
            return name, []
        quote = inner[0]
        if quote == "'" or quote == '"':
            if inner[-1] != quote or (quote == '"' and "\\" in inner):
                return None
            items = inner[1:-1].split(f"{quote}, {quote}")
            # Each entry is free of quotes exactly when the count matches.
            if inner.count(quote) != 2 * len(items):
                return None
            return name, items
        if _INT_ITEMS(inner) is None:
            return None
        return name, list(map(int, inner.split(", ")))
    if first == "'" or first == '"':
        if last != first or value.count(first) != 2 or len(value) < 2:
            return None
        if first == '"' and "\\" in value:
            return None
        return name, value[1:-1]
    number = _NUMBER(value)
    if number is not None:
        whole, fraction = number.groups()
        return name, float(value) if fraction else int(whole)
    if value == "true" or value == "false":
        return name, value == "true"
    return None


def _plain_value(line: re.Match[str]) -> Any:
    """The value of a line ``_PLAIN_LINE`` matched.

    The value's outermost group closes last, so ``lastindex`` names its kind.
    """
    kind = line.lastindex or 0  # never 0: the key is group 1
    if kind == _INTS_GROUP:
        items = line[_INTS_GROUP + 1]
        return list(map(int, items.split(","))) if items else []
    if kind == _STRINGS_GROUP:
        items = line[_STRINGS_GROUP + 1]
        if not items:
            return []
        if '"' not in items:  # literal strings only, the usual case
            return _LITERAL_ITEM.findall(items)
        return [a or b for a, b in _STRING_ITEM.findall(items)]
    if kind == _BASIC_GROUP or kind == _BASIC_GROUP + 1:  # basic, literal
        return line[kind]
    if kind == _WHOLE_GROUP:
        return int(line[kind])
    if kind == _WHOLE_GROUP + 1:  # a fraction
        return float(line[_WHOLE_GROUP] + line[kind])
    return line[kind] == "true"


def _scalar(text: str, pos: int) -> tuple[Any, int]:
    """The scalar at ``pos`` and the position after it; position -1 if none."""
    found = _SCALAR.match(text, pos)
    if found is None:
        return None, -1
    basic, literal, whole, fraction, boolean = found.groups()
    if basic is not None:
        return basic, found.end()
    if literal is not None:
        return literal, found.end()
    if whole is not None:
        value = float(whole + fraction) if fraction else int(whole)
        return value, found.end()
    return boolean == "true", found.end()


def _flat_array(text: str, pos: int) -> tuple[list[Any] | None, int]:
    """The array starting at ``pos`` (its ``[``); position -1 if not in the subset."""
    found = _INTS.match(text, pos)
    if found is not None:
        items = found[1]
        return ([int(x) for x in items.split(",")] if items else []), found.end()
    found = _STRINGS.match(text, pos)
    if found is not None:
        items = found[1]
        strings = [a or b for a, b in _STRING_ITEM.findall(items)] if items else []
        return strings, found.end()
    return _array(text, pos + 1)


def _array(text: str, pos: int) -> tuple[list[Any] | None, int]:
    """The array whose ``[`` ends before ``pos``; position -1 if not in the subset."""
    items: list[Any] = []
    space = _ARRAY_SPACE.match
    pos = space(text, pos).end()  # type: ignore[union-attr]
    if text.startswith("]", pos):
        return items, pos + 1
    while True:
        value, pos = _scalar(text, pos)
        if pos < 0:
            return None, -1
        items.append(value)
        pos = space(text, pos).end()  # type: ignore[union-attr]
        mark = text[pos : pos + 1]
        if mark == "]":
            return items, pos + 1
        if mark != ",":
            return None, -1
        pos = space(text, pos + 1).end()  # type: ignore[union-attr]
        if text.startswith("]", pos):
            return items, pos + 1
