"""The per-site parsers and how a file's site is recognised.

A site module defines one object following ``SiteParser`` and adds it to
``PARSERS`` below; ``detect`` asks each in order whether the text is theirs.
To add a site: write ``online/<site>.py`` with a ``PARSER`` and add a line.
"""

from __future__ import annotations

from typing import Protocol

from holdem.history.online import (
    absolute,
    boss,
    bovada,
    cake,
    enet,
    entraction,
    everest,
    everest_xml,
    everleaf,
    fulltilt,
    ipoker,
    kingsclub,
    merge,
    microgaming,
    microgaming_text,
    ongame,
    pacific,
    partypoker,
    pkr,
    pokerstars,
    pokertracker,
    sealswithclubs,
    thebiggame,
    unibet,
    winamax,
    winning,
    winning_stars,
)
from holdem.history.online.model import OnlineHand
from holdem.history.online.text import HandText

__all__ = ["PARSERS", "SiteParser", "detect"]


class SiteParser(Protocol):
    """What a per-site module provides."""

    @property
    def name(self) -> str:
        """The format's name for summaries (``"PokerStars"``)."""
        ...

    def matches(self, text: str) -> bool:
        """Whether ``text`` (the start of a file) is in this format."""
        ...

    def split(self, text: str, source: str) -> list[HandText]:
        """The hands of a file's text, each with its first line number."""
        ...

    def parse(self, hand: HandText) -> OnlineHand:
        """One hand as an ``OnlineHand``.

        Raises:
            HistoryParseError: on a malformed hand, naming the file, the
                hand and the line.
        """
        ...


PARSERS: tuple[SiteParser, ...] = (
    fulltilt.PARSER,
    pokerstars.PARSER,
    thebiggame.PARSER,
    bovada.PARSER,
    partypoker.PARSER,
    pacific.PARSER,
    ipoker.PARSER,
    pkr.PARSER,
    ongame.PARSER,
    everleaf.PARSER,
    absolute.PARSER,
    winamax.PARSER,
    everest.PARSER,
    pokertracker.PARSER,
    winning.PARSER,
    cake.PARSER,
    merge.PARSER,
    winning_stars.PARSER,
    kingsclub.PARSER,
    sealswithclubs.PARSER,
    microgaming.PARSER,
    microgaming_text.PARSER,
    boss.PARSER,
    everest_xml.PARSER,
    entraction.PARSER,
    unibet.PARSER,
    enet.PARSER,
)
"""Every known format, asked in this order."""


def detect(text: str) -> SiteParser | None:
    """The parser for ``text`` (a whole file or its start), or ``None``."""
    head = text[:4000]
    for parser in PARSERS:
        if parser.matches(head):
            return parser
    return None
