"""The bases the per-site text parsers and their line readers share.

A text format whose hands each start at a header line derives its parser
from ``HeaderParser`` (``matches`` and ``split`` by its ``start`` pattern).
Each site's ``_Reader`` derives from ``LineReader``: it walks one hand's lines,
keeping the index of the line it is on in ``index``, and a mistake in a line
becomes a ``HistoryParseError`` naming the file, the hand and that line.
Most derive from ``HandReader``, a ``LineReader`` that also holds what every
site records (seats, posts, actions, cards) and reads the lines many share.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable
from typing import Protocol, TypedDict

from holdem.cards import Card
from holdem.errors import CardParseError
from holdem.history.online.model import (
    ActionKind,
    Collected,
    OnlineAction,
    OnlineHand,
    OnlineSeat,
    Post,
)
from holdem.history.online.text import (
    FEW_CARDS,
    MONEY,
    FractionalChipsError,
    HandText,
    bracketed,
    cards,
    chips,
    first_start,
    hand_error,
    split_hands,
)

__all__ = [
    "STREET_HEADERS",
    "VERBS",
    "HandReader",
    "HeaderParser",
    "LineReader",
    "Record",
    "read_in_unit",
]

VERBS = {
    "folds": ActionKind.FOLD,
    "checks": ActionKind.CHECK,
    "calls": ActionKind.CALL,
    "bets": ActionKind.BET,
    "raises": ActionKind.RAISE,
}
"""The action each lower-case verb names (``NAME folds``, ``NAME raises ...``)."""

STREET_HEADERS = {"*** FLOP ***": 1, "*** TURN ***": 2, "*** RIVER ***": 3}
"""The street each starred header starts (``*** FLOP *** [Ah Kd 2c]``)."""

# Amounts as printed and their chips, one table per scale: a file's stakes
# repeat from line to line. Bounded: a table is cleared when full.
_CHIPS: dict[int, dict[str, int]] = {}
_CHIPS_MAX = 4096
# The plain amounts among them (text.is_plain_amount), one table per scale
_PLAIN_CHIPS: dict[int, dict[str, int]] = {}
# Every one- and two-card text as most sites print it ("Ah", "Ah Kd").
_FEW_CARDS = FEW_CARDS


class Record(TypedDict):
    """The ``OnlineHand`` fields a ``HandReader`` gathers, as read."""

    seats: tuple[OnlineSeat, ...]
    posts: tuple[Post, ...]
    hole_cards: tuple[tuple[str, tuple[Card, ...]], ...]
    board: tuple[Card, ...]
    actions: tuple[OnlineAction, ...]
    collected: tuple[Collected, ...]


class _Reads(Protocol):
    """A per-hand reader: made from the hand's text, read once."""

    unit: int

    def read(self) -> OnlineHand: ...


_MAX_UNIT = 10**6
"""The finest chip unit tried: millionths of the printed amounts."""


class _FinerUnit(Exception):
    """An amount needs a finer chip unit; ``error`` says which line."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


def read_in_unit(reader: Callable[[HandText], _Reads], hand: HandText) -> OnlineHand:
    """One hand read by ``reader``, in the finest chip unit its amounts need.

    A hand printing amounts finer than its scale (tournament chips with
    decimals, ``7410.50``) is read again in the smallest power of ten (up to
    ``_MAX_UNIT``) that makes every amount whole (``OnlineHand.chip_unit``).

    Raises:
        HistoryParseError: a line that cannot be read, naming the file, the
            hand and the line (an amount finer than a millionth among them).
    """
    unit = 1
    while True:
        made = reader(hand)
        made.unit = unit
        try:
            read = made.read()
        except _FinerUnit as finer:
            if unit >= _MAX_UNIT:
                raise finer.error from None
            unit *= 10
            continue
        return read if unit == 1 else dataclasses.replace(read, chip_unit=unit)


class HeaderParser:
    """A text format whose hands each start at a line ``start`` matches.

    Attributes:
        name: the format's name for summaries.
        start: a multi-line pattern matching the start of each hand.
        needle: text every match of ``start`` holds (a run of plain
            characters the pattern always matches, as written), or ``""``:
            ``matches`` looks for it first, a cheap refusal of other formats.
        reader: the site's reader, made from one hand's text (``read()``
            gives the ``OnlineHand``).
    """

    name: str
    start: re.Pattern[str]
    needle: str = ""
    reader: Callable[[HandText], _Reads]

    def parse(self, hand: HandText) -> OnlineHand:
        """One hand's text as an ``OnlineHand``, read by the site's ``reader``.

        A hand printing amounts finer than its scale (tournament chips with
        decimals, ``7410.50``) is read again in the smallest power of ten
        that makes every amount whole (``OnlineHand.chip_unit``).

        Raises:
            HistoryParseError: a line that cannot be read, naming the file,
                the hand and the line.
        """
        return read_in_unit(self.reader, hand)

    def matches(self, text: str) -> bool:
        """Whether ``text`` holds a hand's start (``text.first_start``)."""
        return self.needle in text and first_start(self.start, text) >= 0

    def split(self, text: str, source: str) -> list[HandText]:
        """The hands of a file: each starts where ``start`` matches.

        Args:
            text: the file's text.
            source: the file's path as given (``""`` for text given directly).
        """
        return split_hands(self.start, text, source)


class LineReader:
    """What the per-site readers share: the hand, the line index and the scale.

    Attributes:
        hand: the hand's text.
        index: 0-based index of the line being read in ``hand.lines``.
        scale: 100 to read money as cents, 1 to read tournament chips.
        unit: chips per scaled amount (10 reads ``7410.5`` as 74105); set
            by ``HeaderParser.parse`` for hands that print decimals.
        money: the pattern ``amount`` looks for (``MONEY`` unless a site
            prints amounts its own way).
    """

    hand: HandText
    index: int
    scale: int
    unit: int = 1
    money: re.Pattern[str] = re.compile(MONEY)

    def __init__(self, hand: HandText) -> None:
        """A reader at the first line of ``hand``, reading money as cents."""
        self.hand = hand
        self.index = 0
        self.scale = 100

    def error(self, message: str) -> Exception:
        """A ``HistoryParseError`` for the line being read.

        Args:
            message: what is wrong.
        """
        return hand_error(self.hand, self.index, message)

    def seat_number(self, text: str) -> int:
        """The seat number printed as ``text`` (digits, ``"6"``).

        Raises:
            HistoryParseError: if it has more than 9 digits (no table has
                so many seats, and ``int`` refuses over 4,300 digits).
        """
        if len(text) > 9:
            raise self.error(f"seat number {text[:9]}... has more than 9 digits")
        return int(text)

    def chips(self, text: str) -> int:
        """Whole chips of an amount as printed, at the reader's scale.

        Raises:
            HistoryParseError: if the text is not an amount.
        """
        scale = self.scale * self.unit
        table = _CHIPS.get(scale)
        if table is None:
            table = _CHIPS[scale] = {}
        known = table.get(text)
        if known is not None:
            return known
        try:
            value = chips(text, scale)
        except FractionalChipsError as error:
            raise _FinerUnit(self.error(str(error))) from None
        except ValueError as error:
            raise self.error(str(error)) from None
        if len(table) >= _CHIPS_MAX:
            table.clear()
        table[text] = value
        return value

    def chips_known(self) -> dict[str, int]:
        """The amounts already read at the reader's scale, by their text.

        Each maps to what ``chips`` gives for it. A reader looks an amount
        up here first and calls ``chips`` for one not found (which adds it);
        the table may be cleared when full, so a miss says nothing.
        """
        scale = self.scale * self.unit
        table = _CHIPS.get(scale)
        if table is None:
            table = _CHIPS[scale] = {}
        return table

    def plain_known(self) -> dict[str, int]:
        """The plain amounts ``chips_plain`` read at the reader's scale.

        Each text is an amount in its plainest form (``is_plain_amount``:
        ``MONEY`` matches it whole, so a search for amounts finds it alone)
        and maps to what ``chips`` gives for it. Cleared when full.
        """
        scale = self.scale * self.unit
        table = _PLAIN_CHIPS.get(scale)
        if table is None:
            table = _PLAIN_CHIPS[scale] = {}
        return table

    def chips_plain(self, text: str) -> int:
        """``chips`` of a plain amount (``is_plain_amount``), kept in ``plain_known``.

        Raises:
            HistoryParseError: if the text is not an amount.
        """
        value = self.chips(text)
        scale = self.scale * self.unit
        table = _PLAIN_CHIPS.get(scale)  # plain_known(), without its call
        if table is None:
            table = _PLAIN_CHIPS[scale] = {}
        if len(table) >= _CHIPS_MAX:
            table.clear()
        table[text] = value
        return value

    def cards(self, text: str) -> tuple[Card, ...]:
        """Cards as printed.

        Raises:
            HistoryParseError: if the text is not cards.
        """
        known = _FEW_CARDS.get(text)
        if known is not None:
            return known
        try:
            return cards(text)
        except CardParseError as error:
            raise self.error(str(error)) from None

    def amount(self, text: str) -> int:
        """Whole chips of the first amount in ``text``.

        Raises:
            HistoryParseError: if ``text`` holds no amount or a bad one.
        """
        found = self.money.search(text)
        if found is None:
            raise self.error("an amount is missing")
        return self.chips(found[0])


class HandReader(LineReader):
    """A ``LineReader`` gathering what every site's hand records.

    Attributes:
        seats: the seats in the order read.
        posts: the blinds and antes posted.
        actions: the actions in the order taken.
        hole_cards: each player's hole cards, where shown or dealt.
        board: the community cards dealt so far.
        collected: what each player collected from the pots.
        street: 0 preflop, then 1, 2 and 3 for the flop, turn and river.
    """

    def __init__(self, hand: HandText) -> None:
        """An empty record of ``hand``, to be read from its first line."""
        super().__init__(hand)
        self.seats: list[OnlineSeat] = []
        self.posts: list[Post] = []
        self.actions: list[OnlineAction] = []
        self.hole_cards: dict[str, tuple[Card, ...]] = {}
        self.board: list[Card] = []
        self.collected: list[Collected] = []
        self.street = 0

    def record(self) -> Record:
        """What the reader gathered, as ``OnlineHand`` keyword arguments."""
        return Record(
            seats=tuple(self.seats),
            posts=tuple(self.posts),
            hole_cards=tuple(self.hole_cards.items()),
            board=tuple(self.board),
            actions=tuple(self.actions),
            collected=tuple(self.collected),
        )

    def known_cards(self, player: str, text: str) -> None:
        """Records the first bracketed cards in ``text`` as ``player``'s, if two."""
        shown = bracketed(text)
        if shown:
            known = self.cards(shown[0])
            if len(known) == 2:
                self.hole_cards[player] = known

    def dealt_line(self, line: str, names: list[str]) -> None:
        """Reads ``Dealt to NAME [cards]`` by ``known_cards``.

        Args:
            line: the line, starting ``Dealt to``.
            names: the seated players, tried in the order given (the first
                whose name and `` [`` start the rest of the line takes it).

        Raises:
            HistoryParseError: if no seated player's name and ``[`` follow.
        """
        rest = line[len("Dealt to ") :]
        for name in names:
            if rest.startswith(f"{name} ["):
                self.known_cards(name, rest[len(name) :])
                return
        raise self.error("cards dealt to a player not seated")

    def new_street(self) -> None:
        """What to reset when a new street's board is dealt (nothing here)."""

    def street_line(self, line: str) -> bool:
        """Whether ``line`` is a ``STREET_HEADERS`` line, read if so.

        A later street than the reader's adds the last bracketed cards to the
        board, moves ``street`` on and calls ``new_street``; an earlier or
        the same street's header is passed over.

        Raises:
            HistoryParseError: a street header without its board cards.
        """
        for header, street in STREET_HEADERS.items():
            if line.startswith(header):
                shown = bracketed(line)
                if not shown:
                    raise self.error("a street without its board cards")
                if street > self.street:
                    self.board.extend(self.cards(shown[-1]))
                    self.street = street
                    self.new_street()
                return True
        return False
