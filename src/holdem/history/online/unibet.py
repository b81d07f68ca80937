"""The Unibet text format (``Game #ID: Table NAME - 0.05/0.10 - No Limit Hold'Em``).

A hand starts at ``Game #ID: Table €1 NL - 0.05/0.10 - No Limit Hold'Em
Banzai - 13:22:50 2021/04/04``, then sections: ``*** Seated players ***``
with ``Seat 1: NAME (€5.15)``, ``*** Blinds and button ***`` with ``NAME has
the button``, ``NAME posts small blind €0.05`` (``big blind``, ``ante``),
``*** Hole cards ***`` with ``Dealt in NAME`` and ``Dealt to NAME [Ac 7c]``,
the streets ``*** Preflop ***``, ``*** Flop *** [..]`` and the lines ``NAME
folds``, ``checks``, ``calls €0.10`` and ``bets €0.20`` (chips added),
``raises €0.95 to €0.95`` (the street total), each perhaps ending ``, and is
all-in``; ``NAME shows [..]``, ``NAME wins €1.10`` (which counts the winner's
own uncalled bet: returns are not printed). The summary prints ``Total pot
€1.10 Rake €0`` (the returned bet included) and per seat ``Seat 1: NAME: bet
€0.05 and won €0, net result: €-0.05``.

Money is in cents; tournament chips as chips.
"""

from __future__ import annotations

import re

from holdem.history.online.dealt import dealt_to
from holdem.history.online.model import ActionKind, Collected, OnlineHand, PostKind
from holdem.history.online.named import INFO, STREETS, NamedReader, section_title
from holdem.history.online.reader import HeaderParser
from holdem.history.online.text import MONEY, HandText
from holdem.rules.config import Structure

__all__ = ["PARSER", "UnibetParser"]

_START = re.compile(r"^\ufeff?Game #\d+: [^\n]*\n\s*\*\*\* Seated players \*\*\*", re.M)
_HEADER = re.compile(
    rf"^Game #(?P<id>\d+): (?:Table )?(?P<table>.*?)"
    rf" - (?P<small>{MONEY})/(?P<big>{MONEY})"
    r" - (?P<game>.*?)(?: - (?P<date>[^-]*))?$"
)
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>{MONEY})\)")
_RAISE = re.compile(rf"^raises (?:(?:{MONEY}) )?to (?P<to>{MONEY})")
_TOTAL = re.compile(rf"^Total pot (?P<total>{MONEY})(?:.*Rake (?P<rake>{MONEY}))?")
_POSTS = {
    "posts small blind": PostKind.SMALL_BLIND,
    "posts big blind": PostKind.BIG_BLIND,
    "posts ante": PostKind.ANTE,
    "posts straddle": PostKind.STRADDLE,
    "posts dead small blind": PostKind.DEAD_SMALL_BLIND,
}
_QUIET = ("mucks", "does not show", "doesn't show", "is sitting out", "sits out")


class _Reader(NamedReader):
    hero: str | None = None  # whose history it is: ``Dealt to NAME [..]``

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.button_player = ""
        self.summary = False
        self.total_pot: int | None = None
        self.rake: int | None = None

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not a Unibet 'Game #ID: Table NAME - S/B - game' header")
        is_tournament = "TOURNAMENT" in lines[0].upper()
        self.scale = 1 if is_tournament else 100
        game = header["game"]
        upper = game.upper()
        is_holdem = "HOLD'EM" in upper or "HOLDEM" in upper
        if "NO LIMIT" in upper:
            structure: Structure | None = Structure.NO_LIMIT
        elif "POT LIMIT" in upper:
            structure = Structure.POT_LIMIT
        elif "LIMIT" in upper:
            structure = Structure.FIXED_LIMIT
        else:
            structure = None
        small_blind, big_blind = self.chips(header["small"]), self.chips(header["big"])
        for self.index in range(1, len(lines)):
            self._line(lines[self.index])
        self.close_street()
        button = next((s.seat for s in self.seats if s.player == self.button_player), 0)
        if not button:
            self.index = 0
            raise self.error("no 'NAME has the button' line names a seated player")
        winners = {c.player for c in self.collected}
        return OnlineHand(
            site="Unibet",
            hand_id=header["id"],
            table=header["table"],
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=game,
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=2 * big_blind if structure is Structure.FIXED_LIMIT else 0,
            max_seats=0,
            button=button,
            **self.record(),
            hero=self.hero,
            uncalled=(),
            total_pot=self.total_pot,
            rake=self.rake,
            returns_in_collected=bool(self.returns)
            and all(player in winners for player, _ in self.returns),
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
        if line.startswith("Dealt in "):
            return
        if line.startswith("Dealt to "):
            self.dealt_line(line, self.names)
            self.hero = dealt_to(line, self.names)
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
            return  # seats, blinds, hole cards, preflop, showdown
        self.deal_street(line, street, restated=True)

    def _player_line(self, player: str, what: str) -> None:
        all_in = what.endswith("all-in")
        verb = what.split(" ", 1)[0]
        amount = what.split(", and", 1)[0]
        if verb == "has" and what == "has the button":
            self.button_player = player
        elif verb == "posts":
            for prefix, post in _POSTS.items():
                if what.startswith(prefix + " "):
                    self.post(player, post, self.amount(what[len(prefix) :]), all_in)
                    return
            raise self.error("unknown post")
        elif verb == "folds":
            self.fold(player)
        elif verb == "checks":
            self.check(player)
        elif verb in ("calls", "bets"):
            kind = ActionKind.CALL if verb == "calls" else ActionKind.BET
            self.added(player, kind, self.amount(amount), all_in)
        elif verb == "raises":
            found = _RAISE.match(amount)
            if found is None:
                raise self.error("cannot read the raise")
            self.raise_to(player, self.chips(found["to"]), all_in, ActionKind.RAISE)
        elif verb == "wins":
            self.collected.append(Collected(player, self.amount(what)))
        elif verb == "shows":
            self.known_cards(player, what)
        elif not what.startswith(_QUIET) and not INFO.match(what):
            raise self.error("unknown action")


class UnibetParser(HeaderParser):
    """Reads Unibet text (see the module docstring)."""

    name = "Unibet"
    start = _START
    reader = _Reader


PARSER = UnibetParser()
"""The registry's instance."""
