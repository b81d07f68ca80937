"""The Winamax text format, read as PokerStars text after a line-by-line rewrite.

Winamax writes PokerStars' wording with a few differences, which are undone
line for line (so line numbers stay those of the file) before the
``pokerstars`` reader reads the hand: the header ``Winamax Poker - CashGame -
HandId: #A-B-C - Holdem no limit (0.02€/0.05€) - date`` (or ``Tournament
"NAME" buyIn: ... level: N``), ``Table: 'NAME' ...``, seats without ``in
chips``, players named without a colon before their action, and the sections
``*** ANTE/BLINDS ***`` and ``*** PRE-FLOP ***``. Amounts carry the currency
after them (``0.05€``); the table keeps its name as printed, currency signs and
all. ``Dealt to NAME [..]`` names the history's owner (R-HISTORY-1); hands that
print none are an observer's.
"""

from __future__ import annotations

import dataclasses
import re

from holdem.errors import HistoryParseError
from holdem.history.online.model import OnlineHand
from holdem.history.online.pokerstars import PARSER as POKERSTARS
from holdem.history.online.reader import HeaderParser
from holdem.history.online.text import HandText, hand_error

__all__ = ["PARSER", "WinamaxParser"]

_START = re.compile(r"^\ufeff?Winamax Poker - ", re.M)
_HEADER = re.compile(
    r"^Winamax Poker - (?P<kind>.*?)HandId: #(?P<id>[\d-]+)"
    r" - Holdem (?P<limit>[a-z -]+) \((?P<stakes>[^)]*)\)(?P<rest>.*)$"
)
_SEAT = re.compile(r"^(Seat \d+: .+) \(([^()]*?)\)(.*)$")
_VERBS = (
    "posts ",
    "folds",
    "checks",
    "calls ",
    "bets ",
    "raises ",
    "shows ",
    "mucks ",
    "doesn't show",
)
_BUTTON = re.compile(r"Seat (\d+) is the button")
_TABLE = re.compile(r"^Table: '(?P<name>.*)'(?: |$)")
"""The table's name as printed, currency signs kept (``'SHORT TRACK 20 € 06'``)."""
_ROUNDED_POT = re.compile(r"^Total pot [\d.]+k\b")
_LIMITS = {"no limit": "No Limit", "pot limit": "Pot Limit", "fixed limit": "Limit"}


class WinamaxParser(HeaderParser):
    """Reads Winamax text (see the module docstring)."""

    name = "Winamax"
    start = _START
    needle = "Winamax Poker - "

    def parse(self, hand: HandText) -> OnlineHand:
        """One hand's text as an ``OnlineHand``.

        Raises:
            HistoryParseError: a line that cannot be read, naming the file,
                the hand and the line.
        """
        header = _HEADER.match(hand.lines[0])
        if header is None:
            raise hand_error(hand, 0, "not a Winamax hand header")
        is_tournament = header["kind"].startswith("Tournament")
        limit = _LIMITS.get(header["limit"].strip(), header["limit"])
        stakes = header["stakes"].replace("€", "").replace("$", "").split("/")
        small, big = (stakes[-2], stakes[-1]) if len(stakes) >= 2 else ("0", "0")
        tournament = "Tournament #0, " if is_tournament else ""
        first = (
            f"PokerStars Hand #{header['id'].replace('-', '')}: {tournament}"
            f"Hold'em {limit} ({small}/{big}){header['rest']}"
        )
        names: list[str] = []
        lines = [first]
        for line in hand.lines[1:]:
            lines.append(_rewrite(line.replace("€", ""), names))
        try:
            parsed = POKERSTARS.parse(dataclasses.replace(hand, lines=tuple(lines)))
        except HistoryParseError as error:
            # name the hand by its own header, not the rewritten one
            message = str(error).replace(first[:60], hand.lines[0][:60])
            raise HistoryParseError(message, line=error.line) from None
        # the rewrite drops the currency signs: the table's name as printed
        table = next(
            (
                found["name"]
                for line in hand.lines[1:3]
                if (found := _TABLE.match(line)) is not None
            ),
            parsed.table,
        )
        return dataclasses.replace(
            parsed, site="Winamax", hand_id=header["id"], table=table
        )


PARSER = WinamaxParser()
"""The registry's instance."""


def _rewrite(line: str, names: list[str]) -> str:
    """One Winamax line in PokerStars' words (``names`` grows with the seats).

    Seat lines are rewritten only before the first section line (``names``
    then holds ``""``).
    """
    if line.startswith("Table: '"):
        line = "Table '" + line[len("Table: '") :]
        return _BUTTON.sub(r"Seat #\1 is the button", line)
    if line == "*** ANTE/BLINDS ***" or _ROUNDED_POT.match(line):
        return ""  # a pot printed in rounded thousands ("6.02k") says too little
    if line == "*** PRE-FLOP ***":
        return "*** HOLE CARDS ***"
    if line.startswith("***"):
        names.append("")  # a section: the seats are over
    if line.startswith("Seat ") and "" not in names:
        found = _SEAT.match(line)
        if found is not None:
            player = found[1].split(": ", 1)[1]
            names.append(player)
            names.sort(key=len, reverse=True)
            # "(18694, 9 bounty)": the stack, then the player's bounty
            stack = found[2].replace("$", "").split(", ", 1)[0].strip()
            return f"{found[1]} ({stack} in chips){found[3]}"
    for name in names:
        if name and line.startswith(name + " "):
            rest = line[len(name) + 1 :]
            if rest.startswith("denies big blind"):
                return ""  # declines to post: not dealt in
            if rest.startswith("posts ante "):
                rest = "posts the ante " + rest[len("posts ante ") :]
            if rest.startswith(_VERBS):
                return f"{name}: {rest}"
    return line
