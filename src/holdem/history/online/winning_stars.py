"""The Winning Poker Network's later text, worded like PokerStars' (``Hand #``).

A hand starts at ``Hand #ID - Holdem(No Limit) - $0.02/$0.05 - DATE UTC``
(tournaments: ``Game Hand #ID - NAME Tournament #N - Holdem(No Limit) - Level
10 (3000.00/6000.00)- DATE``), then ``NAME 9-max Seat #5 is the button`` (or
``Table '99' 8-max ...``), the seats ``Seat 1: NAME ($5.07)`` (`` is sitting
out`` after some) and lines that begin with a player's name, without a colon:
``posts the small blind $0.02``, ``posts the big blind $0.05``, ``posts ante
900.00``, ``posts dead $0.07`` (a player posting to come in: both blinds when
more than the big blind, the small blind alone, dead, when less, else a live
big blind), ``folds``, ``checks``, ``calls $0.03`` (chips added), ``bets
$0.11``, ``raises $0.05 to $0.05`` (the street total), ``caps $0.55`` (a raise
to the table's cap: a capped player bets no more, which our engine does not
deal), each perhaps ending ``and is all-in``; ``Uncalled bet ($0.20) returned
to NAME``, ``NAME collected $0.17 from main pot``. Streets are ``*** TURN ***
[5s 3s 3c] [8d]`` (the last bracket holds the new cards). The summary prints
``Total pot $1.19 | Rake $0.04 | JP Fee $0.02`` (after the rake and the
jackpot fee, both taken from the pot, so both count as rake) and per seat
``... won $0.07``, which stands for the collected lines when a hand has none
(a walk).

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

__all__ = ["PARSER", "WinningStarsParser"]

_START = re.compile(
    r"^\ufeff?(?:Game )?Hand #\d+ - .*?\w\((?:No |Pot |Fixed )?Limit\)", re.M
)
_HEADER = re.compile(
    r"^(?:Game )?Hand #(?P<id>\d+) - (?P<rest>.*?)(?P<game>\w+)\((?P<limit>[\w ]+)\)"
    r"(?P<after>.*)$"
)
_STAKES = re.compile(rf"(?P<small>{MONEY})/(?P<big>{MONEY})")
_TABLE = re.compile(
    r"^(?:Table '(?P<quoted>.*)'|(?P<table>.*?))(?: (?P<max>\d+)-max)?"
    r" Seat #(?P<button>\d+) is the button"
)
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>{MONEY})\)")
_UNCALLED = re.compile(
    rf"^Uncalled bet \((?P<chips>{MONEY})\) returned to (?P<who>.+)$"
)
_COLLECTED = re.compile(rf"^collected (?P<chips>{MONEY}) from (?P<pot>.+)$")
_RAISE = re.compile(rf"^raises (?:(?:{MONEY}) )?to (?P<to>{MONEY})")
_TOTAL = re.compile(rf"^Total pot (?P<total>{MONEY})")
_FEES = re.compile(rf"\| (?:Rake|JP Fee|Jackpot Fee|Fee) (?P<fee>{MONEY})")
# The name ends at the first space: if no "won" follows it, none follows a
# later one either, so the group is atomic (retrying each later space
# scanned the rest of the line each time)
_WON = re.compile(rf"^Seat \d+: (?>(?P<player>.+?) ).*\bwon (?P<chips>{MONEY})")
_POSTS = {
    "posts the small blind": PostKind.SMALL_BLIND,
    "posts small blind": PostKind.SMALL_BLIND,
    "posts the big blind": PostKind.BIG_BLIND,
    "posts big blind": PostKind.BIG_BLIND,
    "posts ante": PostKind.ANTE,
    "posts the ante": PostKind.ANTE,
    "posts straddle": PostKind.STRADDLE,
    "posts dead": PostKind.DEAD_SMALL_BLIND,
}
_QUIET = ("does not show", "mucks", "is sitting out", "sits out", "has returned")


class _Reader(NamedReader):
    hero: str | None = None  # whose history it is: ``Dealt to NAME [..]``

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.summary = False
        self.won: list[Collected] = []
        self.unsupported: list[str] = []
        self.big_blind = 0

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not a Winning 'Hand #ID - game(limit)' header")
        is_tournament = "Tournament #" in header["rest"]
        self.scale = 1 if is_tournament else 100
        game = header["game"]
        is_holdem = game.upper() in ("HOLDEM", "HOLD'EM")
        limit = header["limit"].upper()
        structure = {
            "NO LIMIT": Structure.NO_LIMIT,
            "POT LIMIT": Structure.POT_LIMIT,
            "LIMIT": Structure.FIXED_LIMIT,
            "FIXED LIMIT": Structure.FIXED_LIMIT,
        }.get(limit)
        stakes = _STAKES.search(header["after"])
        if stakes is None:
            raise self.error("no stakes (small/big) in the header")
        small_blind = self.chips(stakes["small"])
        big_blind = self.big_blind = self.chips(stakes["big"])
        big_bet = 0
        if structure is Structure.FIXED_LIMIT:
            big_bet, big_blind = big_blind, small_blind
            small_blind = big_blind // 2
            self.big_blind = big_blind
        self.index = 1
        table = _TABLE.match(lines[1]) if len(lines) > 1 else None
        if table is None:
            raise self.error(
                "expected the table line (NAME 9-max Seat #N is the button)"
            )
        for self.index in range(2, len(lines)):
            self._line(lines[self.index])
        if not self.collected:
            self.collected = self.won  # a walk prints only the summary's "won"
        return OnlineHand(
            site="Winning",
            hand_id=header["id"],
            table=table["quoted"] or table["table"] or "",
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=f"{game}({header['limit']})",
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=big_bet,
            max_seats=int(table["max"] or 0),
            button=int(table["button"]),
            **self.record(),
            hero=self.hero,
            uncalled=tuple(self.uncalled),
            total_pot=self.total_pot,
            rake=self.rake,
            unsupported=tuple(self.unsupported),
        )

    def _line(self, line: str) -> None:
        if not line:
            return
        if line.startswith("***"):
            self._section(line)
            return
        if self.summary:
            self._summary(line)
            return
        if line.startswith("Seat ") and not self.posts and not self.actions:
            self.seat_match(_SEAT.match(line), line.endswith("is sitting out"))
            return
        if line.startswith("Dealt to "):
            self.dealt_line(line, self.names)
            self.hero = dealt_to(line, self.names)
            return
        if line.startswith("Uncalled bet"):
            self.uncalled_match(_UNCALLED.match(line))
            return
        if line.startswith(("Main pot", "Side pot")):
            return  # running totals between streets
        named = self.named(line)
        if named is None:
            return  # other lines inform (chat, players joining or leaving)
        self._player_line(*named)

    def _section(self, line: str) -> None:
        title = section_title(line)
        if title == "SUMMARY":
            self.summary = True
            return
        if title in ("FIRST", "SECOND", "THIRD"):
            if "run it twice" not in self.unsupported:
                self.unsupported.append("run it twice")
            return  # the engine deals one board; the first is not read either
        street = STREETS.get(title)
        if street is None:
            return  # HOLE CARDS, SHOW DOWN
        self.deal_street(line, street)

    def _player_line(self, player: str, what: str) -> None:
        all_in = what.endswith("and is all-in")
        verb = what.split(" ", 1)[0]
        if verb == "posts":
            for prefix, post in _POSTS.items():
                if what.startswith(prefix + " "):
                    chips = self.amount(what[len(prefix) :])
                    self._post(player, post, chips, all_in)
                    return
            raise self.error("unknown post")
        if verb == "folds":
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
        elif verb == "caps":
            self.raise_to(player, self.amount(what), all_in)
            if "capped betting" not in self.unsupported:
                self.unsupported.append("capped betting")
        elif verb == "collected":
            found = _COLLECTED.match(what)
            if found is None:
                raise self.error("cannot read the collected amount")
            self.collected.append(
                Collected(player, self.chips(found["chips"]), found["pot"])
            )
        elif verb == "shows":
            self.known_cards(player, what)
        elif not what.startswith(_QUIET) and not INFO.match(what):
            raise self.error("unknown action")

    def _post(self, player: str, kind: PostKind, chips: int, all_in: bool) -> None:
        live = None
        if kind is PostKind.DEAD_SMALL_BLIND and chips > self.big_blind:
            kind, live = PostKind.SMALL_AND_BIG_BLINDS, self.big_blind
        elif kind is PostKind.DEAD_SMALL_BLIND and chips == self.big_blind:
            kind = PostKind.BIG_BLIND
        self.post(player, kind, chips, all_in, live)

    def _summary(self, line: str) -> None:
        found = _TOTAL.match(line)
        if found is not None:
            self.total_pot = self.chips(found["total"])
            fees = [self.chips(fee) for fee in _FEES.findall(line)]
            self.rake = sum(fees) if fees else None
            return
        found = _WON.match(line)
        if found is not None and found["player"] in self.committed:
            chips = self.chips(found["chips"])
            if chips:
                self.won.append(Collected(found["player"], chips))
        if line.startswith("Seat ") and "showed [" in line:
            name = line.split(": ", 1)[1] if ": " in line else ""
            for player in self.names:
                if name.startswith(player + " "):
                    self.known_cards(player, line)
                    break


class WinningStarsParser(HeaderParser):
    """Reads the Winning Poker Network's ``Hand #`` text (see the module docstring)."""

    name = "Winning"
    start = _START
    needle = "Hand #"
    reader = _Reader


PARSER = WinningStarsParser()
"""The registry's instance."""
