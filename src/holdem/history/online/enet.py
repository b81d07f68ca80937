"""The Enet (iPoker-era Italian skins) text format, worded like PokerStars'.

A hand starts at ``Game #ID: Hold'em (€0,05/€0,10) - 12:16:31 3.10.2012 -
%6``, then ``Table 'NAME - No Limit' 6-max Seat #2 is the button`` (the
betting structure is in the table's name), the seats ``Seat 1: NAME (€14,90
in chips)`` and lines ``NAME: verb``: ``posts small blind €0,05``, ``posts
big blind €0,10`` (a post without an amount is of the stakes' blind: a second
small blind is dead, a second big blind live), ``folds``, ``checks``, ``calls
€0,10`` and ``bets €0,20`` (chips added), ``raises €0,30`` or ``raises €0,20
to €0,30`` (the street total), ``shows [..]``, ``mucked``; ``Uncalled bet
(€0,20) returned to NAME``, ``NAME collected (€0,20) from pot``. Streets are
``*** FLOP *** [..]``; the summary prints ``Total pot €0,30 | Rake €0``.

Money is in cents (decimal commas); tournament chips as chips.
"""

from __future__ import annotations

import re

from holdem.history.online.model import ActionKind, Collected, OnlineHand, PostKind
from holdem.history.online.named import INFO, STREETS, NamedReader, section_title
from holdem.history.online.reader import HeaderParser
from holdem.history.online.text import MONEY, HandText
from holdem.rules.config import Structure

__all__ = ["PARSER", "EnetParser"]

_START = re.compile(
    r"^\ufeff?Game #\d+: [^\n]*\n\s*Table '[^\n]*' \d+-max Seat #", re.M
)
_HEADER = re.compile(
    rf"^Game #(?P<id>\d+): (?P<game>.*?) \((?P<small>{MONEY})/(?P<big>{MONEY})\)"
)
_TABLE = re.compile(r"^Table '(?P<table>.*)' (?P<max>\d+)-max Seat #(?P<button>\d+)")
_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>{MONEY}) in chips"
)
_RAISE = re.compile(rf"^raises (?:(?P<by>{MONEY}) to )?(?P<to>{MONEY})")
_UNCALLED = re.compile(
    rf"^Uncalled bet \((?P<chips>{MONEY})\) returned to (?P<who>.+)$"
)
_COLLECTED = re.compile(
    rf"^(?P<who>.+?) collected \((?P<chips>{MONEY})\) from (?P<pot>.+)$"
)
_TOTAL = re.compile(rf"^Total pot (?P<total>{MONEY})(?: \| Rake (?P<rake>{MONEY}))?")
_QUIET = ("mucked", "mucks", "does not show", "doesn't show", "is sitting out")


class _Reader(NamedReader):
    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.summary = False
        self.stakes = (0, 0)

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not an Enet 'Game #ID: game (S/B)' header")
        self.index = 1
        table = _TABLE.match(lines[1]) if len(lines) > 1 else None
        if table is None:
            raise self.error("expected the table line (Table 'NAME' N-max Seat #N)")
        is_tournament = "TOURNAMENT" in lines[0].upper()
        self.scale = 1 if is_tournament else 100
        small_blind, big_blind = self.chips(header["small"]), self.chips(header["big"])
        self.stakes = (small_blind, big_blind)
        game = header["game"]
        where = (table["table"] + " " + game).upper()
        is_holdem = "HOLD'EM" in game.upper() or "HOLDEM" in game.upper()
        if "NO LIMIT" in where:
            structure: Structure | None = Structure.NO_LIMIT
        elif "POT LIMIT" in where:
            structure = Structure.POT_LIMIT
        elif "LIMIT" in where:
            structure = Structure.FIXED_LIMIT
        else:
            structure = Structure.NO_LIMIT
        for self.index in range(2, len(lines)):
            self._line(lines[self.index])
        return OnlineHand(
            site="Enet",
            hand_id=header["id"],
            table=table["table"],
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=game,
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=2 * big_blind if structure is Structure.FIXED_LIMIT else 0,
            max_seats=int(table["max"]),
            button=int(table["button"]),
            **self.record(),
            uncalled=tuple(self.uncalled),
            total_pot=self.total_pot,
            rake=self.rake,
        )

    def _line(self, line: str) -> None:
        if not line:
            return
        if line.startswith("***"):
            self._section(line)
            return
        if self.summary:
            found = _TOTAL.match(line)
            if found is not None:
                self.total_pot = self.chips(found["total"])
                self.rake = self.chips(found["rake"]) if found["rake"] else None
            return
        if line.startswith("Seat ") and not self.posts:
            self.seat_match(_SEAT.match(line))
            return
        if line.startswith("Dealt to "):
            self.dealt_line(line, self.names)
            return
        if line.startswith("Uncalled bet"):
            self.uncalled_match(_UNCALLED.match(line))
            return
        found = _COLLECTED.match(line)
        if found is not None and found["who"] in self.committed:
            self.collected.append(
                Collected(found["who"], self.chips(found["chips"]), found["pot"])
            )
            return
        named = self.named(line)
        if named is None:
            return  # other lines inform
        self._player_line(*named)

    def _section(self, line: str) -> None:
        title = section_title(line)
        if title == "SUMMARY":
            self.summary = True
            return
        street = STREETS.get(title)
        if street is None:
            return
        self.deal_street(line, street)

    def _player_line(self, player: str, what: str) -> None:
        all_in = what.endswith("all-in")
        verb = what.split(" ", 1)[0]
        if verb == "posts":
            self._post(player, what, all_in)
        elif verb == "folds":
            self.fold(player)
        elif verb == "checks":
            self.check(player)
        elif verb in ("calls", "bets"):
            kind = ActionKind.CALL if verb == "calls" else ActionKind.BET
            self.added(player, kind, self.amount(what), all_in)
        elif verb == "raises":
            found = _RAISE.match(what)
            if found is None:
                raise self.error("cannot read the raise")
            self.raise_to(player, self.chips(found["to"]), all_in, ActionKind.RAISE)
        elif verb == "shows":
            self.known_cards(player, what)
        elif not what.startswith(_QUIET) and not INFO.match(what):
            raise self.error("unknown action")

    def _post(self, player: str, what: str, all_in: bool) -> None:
        small_blind, big_blind = self.stakes
        printed = self.money.search(what)
        if what.startswith("posts small blind"):
            chips = self.chips(printed[0]) if printed else small_blind
            first = not any(p.kind is PostKind.SMALL_BLIND for p in self.posts)
            kind = PostKind.SMALL_BLIND if first else PostKind.DEAD_SMALL_BLIND
        elif what.startswith("posts big blind"):
            chips = self.chips(printed[0]) if printed else big_blind
            kind = PostKind.BIG_BLIND
        elif what.startswith(("posts ante", "posts the ante")):
            if printed is None:
                raise self.error("an ante without its amount")
            chips, kind = self.chips(printed[0]), PostKind.ANTE
        else:
            raise self.error("unknown post")
        self.post(player, kind, chips, all_in)


class EnetParser(HeaderParser):
    """Reads Enet text (see the module docstring)."""

    name = "Enet"
    start = _START
    reader = _Reader


PARSER = EnetParser()
"""The registry's instance."""
