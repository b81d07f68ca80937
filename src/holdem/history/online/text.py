"""Text helpers shared by the per-site parsers: encodings, money and cards.

Files come as UTF-16LE (with its byte-order mark), UTF-8 with or without a
BOM, or cp1252: ``decode`` tries them in that order. Money becomes whole chips:
``chips("$0.05", 100) == 5`` (cents) and ``chips("1,500", 1) == 1500``.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from holdem.cards import Card, parse_cards
from holdem.errors import HistoryParseError
from holdem.history.limits import MAX_LINE_CHARS, MAX_TEXT_CHARS

__all__ = [
    "FEW_CARDS",
    "HandText",
    "MONEY",
    "cards",
    "check_lines",
    "chips",
    "decode",
    "first_start",
    "hand_error",
    "hand_starts",
    "is_plain_amount",
    "bracketed",
    "read_history",
    "split_hands",
]

MONEY = r"[$€£¥₹]?\s?-?\d[\d,.\s]{0,64}\d(?:[.,]\d{1,16})?|[$€£¥₹]?\s?\d"
"""A regular expression for one amount as printed (``$1,234.50``, ``€0,02``).

At most 67 characters before a decimal part of at most 17 (no room prints
more): unbounded runs made each try scan a whole line of digits, and a
search tries at every character, so a 16 KiB line took seconds.
"""

_PLAIN_MAX = 66
"""The longest plain amount ``MONEY`` surely matches whole (its bound)."""

_CURRENCY = str.maketrans("", "", "$€£¥₹ \u00a0\u202f")


@dataclass(frozen=True, slots=True)
class HandText:
    """The lines of one hand in a file.

    Attributes:
        source: the file's path as given (``""`` for text given directly).
        line: 1-based line of the hand's first line in the file.
        lines: the hand's lines, without line ends.
    """

    source: str
    line: int
    lines: tuple[str, ...]


def decode(data: bytes) -> str:
    """Text of a history file in whichever encoding it uses.

    A UTF-16 (LE or BE) or UTF-8 byte-order mark decides; otherwise UTF-8,
    else UTF-16LE if every other byte is zero, else cp1252 (which maps any byte
    except five to a character; those five become U+FFFD). A file whose lines
    end with a carriage return alone (old Mac OS) gets newlines: hands start
    at the start of a line.
    """
    text = _decoded(data)
    if "\r" in text and "\n" not in text:
        return text.replace("\r", "\n")
    return text


def _decoded(data: bytes) -> str:
    if data.startswith(b"\xff\xfe") or data.startswith(b"\xfe\xff"):
        return data.decode("utf-16", errors="replace")
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if len(data) > 1 and data[1:200:2].count(0) * 2 >= len(data[1:200:2]):
        return data.decode("utf-16-le", errors="replace")
    return data.decode("cp1252", errors="replace")


def read_history(path: Path) -> str:
    """The text of an online-room history file (``decode``), refused if too big.

    The bound is PHH's (``holdem.history.limits.MAX_TEXT_CHARS``, 16 MiB).

    Raises:
        HistoryParseError: if the file has more than ``MAX_TEXT_CHARS`` bytes
            (it is not read).
        OSError: if it cannot be read.
    """
    with open(path, "rb") as file:
        size = os.fstat(file.fileno()).st_size
        data = b"" if size > MAX_TEXT_CHARS else file.read(MAX_TEXT_CHARS + 1)
    if size > MAX_TEXT_CHARS or len(data) > MAX_TEXT_CHARS:
        raise HistoryParseError(
            f"{path}: the file has more than {MAX_TEXT_CHARS} bytes; holdem reads"
            f" at most {MAX_TEXT_CHARS} per file (split it into several files)"
        )
    return decode(data)


def check_lines(hand: HandText) -> None:
    """Refuse a hand with a line too long or a number too long to read.

    A line may have at most ``MAX_LINE_CHARS`` (16 Ki, as PHH) characters, a
    number at most as many digits as ``int`` reads (4,300 by default): the
    readers read seat numbers, ids and amounts with ``int``, which raises
    ``ValueError`` past ``sys.get_int_max_str_digits()`` digits. Only lines
    longer than that can hold such a number, so only those are searched.

    Raises:
        HistoryParseError: naming the file, the hand and the line.
    """
    lines = hand.lines
    longest = max(map(len, lines)) if lines else 0
    if longest > MAX_LINE_CHARS:
        index = next(i for i, line in enumerate(lines) if len(line) > MAX_LINE_CHARS)
        raise hand_error(
            hand,
            index,
            f"the line has {len(lines[index])} characters; holdem reads lines of"
            f" at most {MAX_LINE_CHARS}",
        )
    digits = sys.get_int_max_str_digits()
    if digits and longest > digits:
        # from the start of each run of digits only: linear in the line
        number = re.compile(rf"(?<!\d)\d{{{digits + 1}}}")
        for index, line in enumerate(lines):
            if len(line) > digits and number.search(line):
                raise hand_error(
                    hand,
                    index,
                    f"a number has more than {digits} digits; holdem reads numbers"
                    f" of at most {digits}",
                )


class FractionalChipsError(ValueError):
    """An amount that is not a whole number of chips at the scale asked."""


def is_plain_amount(text: str) -> bool:
    """Whether ``text`` is an amount in its plainest form, ``$1,234.50`` or ``1500``.

    That is: an optional ``$``, then ASCII digits with commas and points
    between them, at most ``_PLAIN_MAX`` characters (``MONEY`` is bounded).
    ``MONEY`` matches each such text whole; a ``False`` says
    nothing (``€0,02`` is an amount too): check it with ``MONEY`` then.
    """
    body = text[1:] if text[:1] == "$" else text
    return (
        len(body) <= _PLAIN_MAX
        and body[-1:].isdigit()
        and body[0].isdigit()
        and body.isascii()
        and body.replace(",", "").replace(".", "").isdigit()
    )


def chips(text: str, scale: int) -> int:
    """Whole chips of an amount as printed; ``scale`` 100 turns money into cents.

    A comma followed by exactly three digits (and no point after it) groups
    thousands; any other single comma is a decimal comma (``$0,02``).

    Raises:
        ValueError: if the text is not an amount; ``FractionalChipsError``
            if it is not a whole number of chips after scaling (a half cent).
    """
    if text.isdigit():
        return int(text) * scale
    raw = text[1:] if text[:1] == "$" else text
    if raw.isascii():
        # the commonest forms read at once, as the general steps below would:
        # "1,234.50" (commas only before the point group thousands) and
        # "1,500" (a comma before exactly three digits at the end)
        whole, point, frac = raw.partition(".")
        digits = whole.replace(",", "") if "," in whole else whole
        if digits.isdigit():
            if point:
                if frac.isdigit():
                    if scale == 100 and len(frac) == 2:  # cents
                        return int(digits + frac)
                    unit = int(10 ** len(frac))
                    total = (int(digits) * unit + int(frac)) * scale
                    if total % unit:
                        raise FractionalChipsError(
                            f"{text!r} is not a whole number of chips"
                        )
                    return total // unit
            elif digits is whole or len(whole.rpartition(",")[2]) == 3:
                return int(digits) * scale
    if not raw.isascii() or " " in raw or "$" in raw:
        raw = text.translate(_CURRENCY)  # symbols, spaces: all dropped
    elif raw.isdigit():  # "$985"
        return int(raw) * scale
    if "," in raw:
        if "." in raw:
            if raw.rfind(",") > raw.rfind("."):  # "1.234,50"
                raw = raw.replace(".", "").replace(",", ".")
            else:
                raw = raw.replace(",", "")
        else:
            head, _, tail = raw.rpartition(",")
            if len(tail) == 3:
                raw = raw.replace(",", "")
            else:
                raw = head.replace(",", "") + "." + tail
    whole, point, frac = raw.partition(".")
    if not whole.isdigit() and not (point and whole == ""):
        raise ValueError(f"not an amount: {text!r}")
    if not point:
        return int(whole) * scale
    if not frac.isdigit():
        raise ValueError(f"not an amount: {text!r}")
    unit = int(10 ** len(frac))
    total = (int(whole or "0") * unit + int(frac)) * scale
    if total % unit:
        raise FractionalChipsError(f"{text!r} is not a whole number of chips")
    return total // unit


_CARDS = {str(card): card for card in map(Card.from_code, range(52))}
"""Each card by its text (``"Ah"``), built once at import."""

_PAIRS: dict[tuple[Card, ...], tuple[Card, ...]] = {
    pair: pair
    for pair in (
        (first, second)
        for first in _CARDS.values()
        for second in _CARDS.values()
        if first != second
    )
}
"""Every two cards, one tuple each: the hole cards of all hands share them."""

FEW_CARDS: dict[str, tuple[Card, ...]] = {
    text: (card,) for text, card in _CARDS.items()
} | {f"{pair[0]} {pair[1]}": pair for pair in _PAIRS}
"""Every one- and two-card text as most sites print it (``"Ah Kd"``)."""


def cards(text: str) -> tuple[Card, ...]:
    """Cards as printed (``"Ah Kd"``, ``"10h"``); raises ``CardParseError``.

    Two cards are a shared tuple (hands keep many: fewer objects to keep).
    """
    known = FEW_CARDS.get(text)
    if known is not None:
        return known
    found = _CARDS
    try:  # the common case, looked up
        read = tuple([found[word] for word in text.split()])
    except KeyError:
        read = parse_cards(text.replace("10", "T").replace(",", " "))
    return _PAIRS.get(read, read) if len(read) == 2 else read


def bracketed(text: str) -> list[str]:
    r"""The text inside each ``[...]`` of ``text``, in order (``"[Ah Kd]"``).

    As ``re.findall(r"\[([^\]]*)\]", text)`` gives them: from each ``[`` to
    the first ``]`` after it, then on after that ``]``. Found with
    ``str.find``, so a line of ``[`` without ``]`` costs one scan, not one
    per ``[``.
    """
    found = []
    opened = text.find("[")
    while opened >= 0:
        closed = text.find("]", opened + 1)
        if closed < 0:
            break
        found.append(text[opened + 1 : closed])
        opened = text.find("[", closed + 1)
    return found


def hand_error(hand: HandText, index: int, message: str) -> HistoryParseError:
    """A ``HistoryParseError`` naming the file, the hand and the line.

    Args:
        hand: the hand's text.
        index: 0-based index of the line in ``hand.lines``.
        message: what is wrong.
    """
    line = hand.line + index
    first = hand.lines[0][:60] if hand.lines else ""
    where = f"{hand.source}: " if hand.source else ""
    text = hand.lines[index] if 0 <= index < len(hand.lines) else ""
    return HistoryParseError(
        f'{where}hand "{first}" line {line}: {message}: "{text[:80]}"', line=line
    )


def split_hands(
    start: re.Pattern[str],
    text: str,
    source: str,
    tail: re.Pattern[str] | None = None,
) -> list[HandText]:
    """The hands of a file, each starting where ``start`` matches.

    Each hand runs to the next match (or the end of the text); its lines are
    stripped, a byte-order mark leading its first line is dropped, and so are
    its trailing blank lines (all but the first line), and trailing lines
    ``tail`` matches.

    Args:
        start: a multi-line pattern matching the start of each hand.
        text: the file's text.
        source: the file's path as given (``""`` for text given directly).
        tail: a pattern for trailing lines to drop as if blank, if any.

    Returns:
        The hands in file order, each with its first line's 1-based number.
    """
    starts = hand_starts(start, text)
    hands: list[HandText] = []
    line = 1 + text.count("\n", 0, starts[0]) if starts else 1
    for first, end in zip(starts, [*starts[1:], len(text)], strict=True):
        lines = list(map(str.strip, text[first:end].splitlines()))
        lines[0] = lines[0].lstrip("\ufeff")
        while len(lines) > 1 and (
            not lines[-1] or (tail is not None and tail.match(lines[-1]))
        ):
            lines.pop()
        hands.append(HandText(source, line, tuple(lines)))
        line += text.count("\n", first, end)
    return hands


# Each line-start pattern ("^..." with re.M) led by the newline before it
_LED: dict[re.Pattern[str], re.Pattern[str] | None] = {}


def _led(start: re.Pattern[str]) -> re.Pattern[str] | None:
    """``start`` as a search for the newline before it, if ``^X`` multi-line.

    A pattern of the form ``^X`` (multi-line) matches at the text's start
    and just after a newline; searching for a newline followed by ``X``
    instead lets the regular-expression engine skip from newline to newline
    rather than try every character. ``None`` for any other pattern.
    ``X`` must have no ``|`` outside a group (``^A|B`` finds ``B``
    anywhere); a test checks every format's start pattern.
    """
    if start not in _LED:
        led = None
        if start.pattern.startswith("^") and start.flags & re.MULTILINE:
            led = re.compile(f"\n(?:{start.pattern[1:]})", start.flags)
        _LED[start] = led
    return _LED[start]


def first_start(start: re.Pattern[str], text: str) -> int:
    """Where ``start`` first matches in ``text`` (as ``start.search``), or -1.

    A ``^X`` multi-line pattern is looked for from newline to newline
    (``_led``): a format's ``matches`` asks this of every file's start.
    """
    led = _led(start)
    if led is None:
        found = start.search(text)
        return -1 if found is None else found.start()
    if start.match(text) is not None:
        return 0
    found = led.search(text)
    return -1 if found is None else found.start() + 1


def hand_starts(start: re.Pattern[str], text: str) -> list[int]:
    """Where ``start`` matches in ``text``, as ``start.finditer`` finds them.

    A ``^X`` multi-line pattern is looked for from newline to newline
    (``_led``). After each match the search goes on from its last
    character, so a match ending with a newline may lead the next one, as
    ``finditer`` would find it there.
    """
    led = _led(start)
    if led is None:
        return [found.start() for found in start.finditer(text)]
    starts = []
    end = 0
    first = start.match(text)
    if first is not None:
        starts.append(0)
        end = first.end()
    search = led.search
    found = search(text, end - 1 if end else 0)
    while found is not None:
        starts.append(found.start() + 1)
        found = search(text, found.end() - 1)
    return starts
