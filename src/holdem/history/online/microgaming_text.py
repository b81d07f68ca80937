"""Microgaming hands as PokerTracker exports them (``** Game ID N starting``).

A hand starts at ``** Game ID 4152594215 starting - 2011-11-02 23:08:51``
(later ``** Game ID N Version:4 starting - ...``), then ``** TABLE [Hold'em]
(0.05|0.10 NL - € Cash Game) Real Money`` (tournaments: ``(10|20 NL - MTT
seats:2 )``), the seats ``- NAME sitting in seat 1 with €10.00`` (``at end
€9.95``, ``[Dealer]``, ``[Sitting out]`` after some) and lines that begin
with the player's name: ``posted the small blind - €0.05``, ``posted the big
blind - €0.10``, ``posted to play - €0.05`` (to come in: less than the big
blind is a dead small blind, the big blind a live one, more both),
``folded``, ``checked``, ``called - €0.20``, ``bet - €0.30``, ``raised -
€1.60``, ``went all-in - €14.47`` (the chips added, whichever action that
makes), ``shows: 2 of d, 2 of h``, ``mucks: K of d, A of c`` (or nothing),
``wins €20.50 from the main pot`` (``from side pot 1``). Boards are ``**
Dealing the flop: A of s, 10 of s, 2 of c``, ``the turn: K of c``; the hero's
cards, those of the history's owner, ``** Dealing card to NAME: A of c, 6 of
d``. ``End of game N`` ends it.

The amounts changed with the exporter's versions: with a ``Version:`` in the
header, calls, bets and raises print the chips added; without, raises print
the street total and calls either (whichever reaches the bet called, as the
stacks show). No uncalled bet is printed and the rake is not: where every
seat prints ``at end``, what each player took back (pots and returns
together) is read from it (end less start plus the chips put in); otherwise
the wins are taken to count a winner's own returned bet.

Money is in cents; tournament chips as chips.
"""

from __future__ import annotations

import re

from holdem.history.online.model import ActionKind, Collected, OnlineHand, PostKind
from holdem.history.online.named import INFO, NamedReader
from holdem.history.online.reader import HeaderParser
from holdem.history.online.text import MONEY, HandText
from holdem.rules.config import Structure

__all__ = ["PARSER", "MicrogamingTextParser"]

_START = re.compile(r"^\ufeff?\*\* Game ID \d+ (?:Version:\d+ )?starting - ", re.M)
_HEADER = re.compile(
    r"^\*\* Game ID (?P<id>\d+) (?:Version:(?P<version>\d+) )?starting"
)
_TABLE = re.compile(
    rf"^\*\* (?P<table>.*) \[(?P<game>[^\]]*)\] \((?P<small>{MONEY})\|(?P<big>{MONEY})"
    r" (?P<limit>\w+) - (?P<kind>[^)]*)\)"
)
_SEAT = re.compile(
    rf"^- (?P<player>.+?) sitting in seat (?P<seat>\d+) with \D*(?P<stack>{MONEY})"
    r"(?P<rest>.*)$"
)
_END = re.compile(rf"^ at end \D*(?P<end>{MONEY})")
_CARD = re.compile(r"^(10|[2-9TJQKA]) of ([cdhs])$")
_WINS = re.compile(rf"^wins \D*(?P<chips>{MONEY}) from (?:the )?(?P<pot>.+)$")
_STREETS = {"flop": 1, "turn": 2, "river": 3}
_LIMITS = {
    "NL": Structure.NO_LIMIT,
    "PL": Structure.POT_LIMIT,
    "FL": Structure.FIXED_LIMIT,
    "L": Structure.FIXED_LIMIT,
}
_QUIET = ("mucks", "is sitting out", "sits out", "has joined", "has left")


class _Reader(NamedReader):
    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.big_blind = 0
        self.mucked: list[str] = []  # "NAME mucks: .." (R-SHOW-2)
        self.versioned = False
        self.end_balance: dict[str, int] = {}
        self.hero: str | None = None  # ``** Dealing card to NAME: ..``

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not a '** Game ID N starting' header")
        self.versioned = header["version"] is not None
        self.index = 1
        table = _TABLE.match(lines[1]) if len(lines) > 1 else None
        if table is None:
            raise self.error("expected the table line (** TABLE [game] (S|B NL - ...))")
        kind = table["kind"]
        is_tournament = "Cash" not in kind
        self.scale = 1 if is_tournament else 100
        small_blind = self.chips(table["small"])
        big_blind = self.big_blind = self.chips(table["big"])
        game = table["game"]
        is_holdem = "HOLD'EM" in game.upper() or "HOLDEM" in game.upper()
        structure = _LIMITS.get(table["limit"].upper())
        button = 0
        for self.index in range(2, len(lines)):
            line = lines[self.index]
            if line.startswith("- ") and not self.posts:
                button = self._seat(line) or button
            else:
                self._line(line)
        self.close_street()
        winners = {c.player for c in self.collected}
        balanced = len(self.end_balance) == len(self.seats)
        if balanced:
            self.collected = [
                Collected(s.player, back)
                for s in self.seats
                if (
                    back := self.end_balance[s.player] - s.stack + self.put_in[s.player]
                )
                > 0
            ]
        return OnlineHand(
            site="Microgaming",
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
            max_seats=0,
            button=button,
            **self.record(),
            uncalled=(),
            total_pot=None,
            rake=None,
            returns_in_collected=balanced
            or (
                bool(self.returns)
                and all(player in winners for player, _ in self.returns)
            ),
            mucked=tuple(self.mucked),
            hero=self.hero,
        )

    def _seat(self, line: str) -> int:
        found = _SEAT.match(line)
        if found is None:
            raise self.error("cannot read the seat")
        rest = found["rest"]
        seat = int(found["seat"])
        stack = self.chips(found["stack"])
        self.seat(seat, found["player"], stack, "[Sitting out]" in rest)
        end = _END.match(rest)
        if end is not None:
            self.end_balance[found["player"]] = self.chips(end["end"])
        return seat if "[Dealer]" in rest else 0

    def _line(self, line: str) -> None:
        if not line or line.startswith("End of game"):
            return
        if line.startswith("** Dealing "):
            self._dealing(line[len("** Dealing ") :])
            return
        named = self.named(line)
        if named is None:
            return  # other lines inform
        self._player_line(*named)

    def _cards_of(self, text: str) -> list[str]:
        codes = []
        for part in text.split(","):
            found = _CARD.match(part.strip())
            if found is None:
                raise self.error("cannot read the cards (like 'A of c, 10 of h')")
            codes.append(found[1] + found[2])
        return codes

    def _dealing(self, what: str) -> None:
        if what.startswith("card to "):
            named = self.named(what[len("card to ") :].replace(": ", " ", 1))
            if named is None:
                raise self.error("cards dealt to a player not seated")
            self.hole_cards[named[0]] = self.cards(" ".join(self._cards_of(named[1])))
            self.hero = named[0]  # the cards dealt privately: the owner's
            return
        word, _, cards = what.partition(": ")
        street = _STREETS.get(word.removeprefix("the "))
        if street is None:
            raise self.error("unknown deal")
        new = self.cards(" ".join(self._cards_of(cards)))
        if len(self.board) + len(new) != street + 2:
            raise self.error("wrong number of board cards")
        self.board.extend(new)
        self.street_to(street)

    def _player_line(self, player: str, what: str) -> None:
        if what.startswith("posted "):
            self._post(player, what)
        elif what == "folded":
            self.fold(player)
        elif what == "checked":
            self.check(player)
        elif what.startswith("called - "):
            chips = self.amount(what[9:])
            if self.versioned or self.committed[player] + chips == self.current:
                self.added(player, ActionKind.CALL, chips)
            else:
                self.call_to(player, chips)
        elif what.startswith("bet - "):
            chips = self.amount(what[6:])
            if self.current:
                to = self.committed[player] + chips
                self.raise_to(player, to, kind=ActionKind.RAISE)
            else:
                self.added(player, ActionKind.BET, chips)
        elif what.startswith("raised - "):
            chips = self.amount(what[9:])
            if self.versioned or chips <= self.current:
                chips += self.committed[player]
            self.raise_to(player, chips, kind=ActionKind.RAISE)
        elif what.startswith("went all-in - "):
            self.all_in(player, self.amount(what[14:]))
        elif what.startswith(("shows: ", "mucks: ")):
            cards = what.split(": ", 1)[1]
            if cards:
                self.hole_cards[player] = self.cards(" ".join(self._cards_of(cards)))
            if what.startswith("mucks") and player not in self.mucked:
                self.mucked.append(player)  # does not contend: R-SHOW-2
        elif what.startswith("wins "):
            found = _WINS.match(what)
            if found is None:
                raise self.error("cannot read the win")
            self.collected.append(
                Collected(player, self.chips(found["chips"]), found["pot"])
            )
        elif not what.startswith(_QUIET) and not INFO.match(what):
            raise self.error("unknown action")

    def _post(self, player: str, what: str) -> None:
        chips = self.amount(what)
        if what.startswith("posted the small blind"):
            self.post(player, PostKind.SMALL_BLIND, chips)
        elif what.startswith("posted the big blind"):
            self.post(player, PostKind.BIG_BLIND, chips)
        elif what.startswith("posted the ante"):
            self.post(player, PostKind.ANTE, chips)
        elif what.startswith("posted to play"):
            if chips < self.big_blind:
                self.post(player, PostKind.DEAD_SMALL_BLIND, chips)
            elif chips == self.big_blind:
                self.post(player, PostKind.BIG_BLIND, chips)
            else:
                both = PostKind.SMALL_AND_BIG_BLINDS
                self.post(player, both, chips, live=self.big_blind)
        else:
            raise self.error("unknown post")


class MicrogamingTextParser(HeaderParser):
    """Reads PokerTracker's Microgaming export (see the module docstring)."""

    name = "Microgaming"
    start = _START
    needle = "** Game ID "
    reader = _Reader


PARSER = MicrogamingTextParser()
"""The registry's instance."""
