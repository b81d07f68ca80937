r"""Size limits on PHH input, checked on the text before any TOML parsing.

The standard library's TOML parser takes time quadratic in the number of
parts of a dotted key (``a.b.c...``: 100 KB of one key took two minutes) and
recurses once per level of nested arrays and inline tables. So before a text
reaches ``tomllib`` it is refused, with ``HistoryParseError`` naming the line,
if it is longer than ``MAX_TEXT_CHARS``, has a line longer than
``MAX_LINE_CHARS``, a dotted key of more than ``MAX_KEY_PARTS`` parts, or
arrays and inline tables nested more than ``MAX_NESTING`` deep. Chip amounts
read from the fields are at most ``MAX_CHIPS``.

The check is cheap: a text with no line of ``MAX_KEY_PARTS`` dots and fewer
than ``MAX_NESTING`` opening brackets (every real ``.phh`` file) is passed
after two scans at C speed. Otherwise strings and comments are blanked out
to one letter each (keeping line breaks, so lines still count) and the rest is
searched for a deep key and deep nesting (about a tenth of the parse time).

>>> check_text("a.b.c = 1\n")
>>> try:
...     check_text("x = 1\n" + "a" + ".a" * 40 + " = 1\n")
... except HistoryParseError as error:
...     print(error.line, error)
2 line 2: a dotted key has 41 parts; holdem reads keys of at most 8 parts
"""

from __future__ import annotations

import re

from holdem.errors import HistoryParseError
from holdem.rules.config import MAX_CHIPS

__all__ = [
    "MAX_CHIPS",
    "MAX_KEY_PARTS",
    "MAX_LINE_CHARS",
    "MAX_NESTING",
    "MAX_TEXT_CHARS",
    "check_text",
    "line_of_long_number",
]

MAX_TEXT_CHARS = 16 * 1024 * 1024
"""Characters in one ``.phh`` or ``.phhs`` text (16 Mi: thousands of hands)."""
MAX_LINE_CHARS = 16 * 1024
"""Characters in one line (the longest real line is under 400)."""
MAX_KEY_PARTS = 8
"""Parts of one dotted key (PHH's own keys have one)."""
MAX_NESTING = 32
"""Depth of nested arrays and inline tables (PHH's own fields use one)."""
# The largest chip amount read from a stack, blind, ante, limit, bet or
# result: the rules' own bound (holdem.rules.config.MAX_CHIPS, 10**15).

_BARE = "[A-Za-z0-9_-]"
# A line with at least MAX_KEY_PARTS dots; anchored at line starts so each
# character is scanned once.
_MANY_DOTS = re.compile(rf"^(?:[^\n.]*\.){{{MAX_KEY_PARTS}}}", re.MULTILINE)
# Strings and comments, longest forms first (TOML 1.0): multi-line basic and
# literal strings (up to two extra closing quotes), basic and literal strings.
_STRING_OR_COMMENT = re.compile(
    r'"""(?:[^"\\]|\\[\s\S]|"(?!""))*+"""(?:"{0,2})'
    r"|'''[\s\S]*?'''(?:'{0,2})"
    r'|"(?:[^"\\\n]|\\.)*+"'
    r"|'[^'\n]*+'"
    r"|#[^\n]*+"
)
# A dotted key of more than MAX_KEY_PARTS parts, strings already blanked to a
# bare letter; starts only at a word's first character, so it stays linear.
_DEEP_KEY = re.compile(
    rf"(?<!{_BARE})(?:{_BARE}++[ \t]*+\.[ \t]*+){{{MAX_KEY_PARTS},}}{_BARE}"
)
_BRACKET = re.compile(r"[\[\]{}]")
_LONG_NUMBER = re.compile(r"[0-9_]{20,}")


def check_text(text: str) -> None:
    """Refuse a PHH text too large or too deep to parse quickly.

    Args:
        text: the whole text of a ``.phh`` or ``.phhs`` file.

    Raises:
        HistoryParseError: with ``.line`` (where known) if the text is longer
            than ``MAX_TEXT_CHARS``, a line longer than ``MAX_LINE_CHARS``, a
            dotted key has more than ``MAX_KEY_PARTS`` parts, or arrays and
            inline tables nest deeper than ``MAX_NESTING``.
    """
    if len(text) > MAX_TEXT_CHARS:
        raise HistoryParseError(
            f"the text has {len(text)} characters; holdem reads at most"
            f" {MAX_TEXT_CHARS} per file (split it into several files)"
        )
    if len(text) > MAX_LINE_CHARS:
        for number, line in enumerate(text.split("\n"), 1):
            if len(line) > MAX_LINE_CHARS:
                raise _error(
                    number,
                    f"the line has {len(line)} characters; holdem reads lines of"
                    f" at most {MAX_LINE_CHARS}",
                )
    openers = text.count("[") + text.count("{")
    if openers <= MAX_NESTING and (
        text.count(".") < MAX_KEY_PARTS or not _MANY_DOTS.search(text)
    ):
        return
    if '"""' in text or "'''" in text:  # strings may span lines: keep the breaks
        code = _STRING_OR_COMMENT.sub(_blank, text)
    else:
        code = _STRING_OR_COMMENT.sub("s", text)
    deep = _DEEP_KEY.search(code)
    if deep is not None:
        parts = deep[0].count(".") + 1
        raise _error(
            _line_at(code, deep.start()),
            f"a dotted key has {parts} parts; holdem reads keys of at most"
            f" {MAX_KEY_PARTS} parts",
        )
    if openers > MAX_NESTING:
        _check_nesting(code)


def line_of_long_number(text: str, digits: int) -> int | None:
    """The 1-based line of the first run of more than ``digits`` digits, if any."""
    for found in _LONG_NUMBER.finditer(text):
        if len(found[0].replace("_", "")) > digits:
            return _line_at(text, found.start())
    return None


def _blank(match: re.Match[str]) -> str:
    """A string or comment becomes one bare letter; its line breaks stay."""
    return "s" + "\n" * match[0].count("\n")


def _check_nesting(code: str) -> None:
    depth = 0
    for bracket in _BRACKET.finditer(code):
        if bracket[0] in "[{":
            depth += 1
            if depth > MAX_NESTING:
                raise _error(
                    _line_at(code, bracket.start()),
                    f"arrays or tables nested more than {MAX_NESTING} deep",
                )
        else:
            depth = max(depth - 1, 0)


def _line_at(text: str, index: int) -> int:
    return text.count("\n", 0, index) + 1


def _error(line: int, message: str) -> HistoryParseError:
    return HistoryParseError(f"line {line}: {message}", line=line)
