"""The base of the per-site line readers: errors, money and cards per line.

Each site's ``_Reader`` walks one hand's lines, keeping the index of the line
it is on in ``index``; a mistake in a line becomes a ``HistoryParseError``
naming the file, the hand and that line.
"""

from __future__ import annotations

from holdem.cards import Card
from holdem.errors import CardParseError
from holdem.history.online.text import HandText, cards, chips, hand_error

__all__ = ["LineReader"]


class LineReader:
    """What the per-site readers share: the hand, the line index and the scale.

    Attributes:
        hand: the hand's text.
        index: 0-based index of the line being read in ``hand.lines``.
        scale: 100 to read money as cents, 1 to read tournament chips.
    """

    hand: HandText
    index: int
    scale: int

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

    def chips(self, text: str) -> int:
        """Whole chips of an amount as printed, at the reader's scale.

        Raises:
            HistoryParseError: if the text is not an amount.
        """
        try:
            return chips(text, self.scale)
        except ValueError as error:
            raise self.error(str(error)) from None

    def cards(self, text: str) -> tuple[Card, ...]:
        """Cards as printed.

        Raises:
            HistoryParseError: if the text is not cards.
        """
        try:
            return cards(text)
        except CardParseError as error:
            raise self.error(str(error)) from None
