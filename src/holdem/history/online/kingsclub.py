"""The KingsClub text format (``#ID: No Limit Holdem - 5/10``).

A hand starts at ``#ID: No Limit Holdem - 125/250`` (``Limit Holdem - 40/80``
gives the small and big bets; ``Pot Limit``), then the date, ``Table 'NAME'
Seat 1 is the button``, the seats ``Seat 1: NAME (10,000)``, the posts with a
colon after the name (``NAME: posts ante 50``, ``posts the small blind 125``,
``posts the big blind 250``), ``*** HOLE CARDS ***``, ``Dealt to NAME: [Qc
Ks]`` (``[X X]`` for the others) and the actions without one: ``folds``,
``checks``, ``calls 275`` (chips added), ``bets 1,200``, ``raises to 625``
(the street total), each perhaps ending ``, and is all in``; ``NAME shows [Kd
6d]``; streets ``*** TURN *** [8d 4d 3c] [5c]``. Uncalled bets are not
printed. The summary prints each seat's final stack and net result
(``Seat 3: NAME (12,925) +2,925``), ``Rake 1`` and ``NAME wins pot (1,350)``;
the wins lines leave out side pots, so what each player took back (pots and
returns together) is read from the nets: final stack less starting stack plus
the chips the player put in (the wins lines stand in where no nets are
printed).

Money is in cents (``16.17`` is 1617).
"""

from __future__ import annotations

import re

from holdem.history.online.model import ActionKind, Collected, OnlineHand, PostKind
from holdem.history.online.named import INFO, STREETS, NamedReader, section_title
from holdem.history.online.reader import HeaderParser
from holdem.history.online.text import MONEY, HandText
from holdem.rules.config import Structure

__all__ = ["PARSER", "KingsClubParser"]

_START = re.compile(
    r"^\ufeff?#\d+: [^\n]*? - [\d,.]+/[\d,.]+[ \t]*\r?\n\d{4}-\d\d-\d\d ", re.M
)
_HEADER = re.compile(
    rf"^#(?P<id>\d+): (?P<game>.*?) - (?P<small>{MONEY})/(?P<big>{MONEY})\s*$"
)
_TABLE = re.compile(r"^Table '(?P<table>.*)' Seat (?P<button>\d+) is the button")
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>{MONEY})\)")
_NET = re.compile(
    rf"^Seat \d+: (?P<player>.+?) \((?P<final>{MONEY})\)"
    rf" (?P<sign>[-+]?)(?P<net>{MONEY})$"
)
_RAKE = re.compile(rf"^Rake (?P<rake>{MONEY})$")
_WON_CHIPS = re.compile(rf"\((?P<chips>{MONEY})\)")
_POSTS = {
    "posts the small blind": PostKind.SMALL_BLIND,
    "posts the big blind": PostKind.BIG_BLIND,
    "posts ante": PostKind.ANTE,
    "posts the ante": PostKind.ANTE,
    "posts straddle": PostKind.STRADDLE,
    "posts dead small blind": PostKind.DEAD_SMALL_BLIND,
    "posts small & big blinds": PostKind.SMALL_AND_BIG_BLINDS,
}
_QUIET = ("mucks", "does not show", "doesn't show", "wins ", "is sitting out")


class _Reader(NamedReader):
    hero: str | None = None  # whose history it is: ``Dealt to NAME: [..]``

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.summary = False
        self.rake: int | None = None
        self.final: dict[str, int] = {}
        self.wins: list[Collected] = []
        self.unsupported: list[str] = []
        self.big_blind = 0

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not a KingsClub '#ID: game - small/big' header")
        game = header["game"]
        upper = game.upper()
        is_holdem = "HOLDEM" in upper or "HOLD'EM" in upper
        if "NO LIMIT" in upper:
            structure: Structure | None = Structure.NO_LIMIT
        elif "POT LIMIT" in upper:
            structure = Structure.POT_LIMIT
        elif "LIMIT" in upper:
            structure = Structure.FIXED_LIMIT
        else:
            structure = None
        small_blind = self.chips(header["small"])
        big_blind = self.big_blind = self.chips(header["big"])
        big_bet = 0
        if structure is Structure.FIXED_LIMIT:
            big_bet, big_blind = big_blind, small_blind
            small_blind = big_blind // 2
        table = None
        for self.index in range(1, min(len(lines), 4)):
            table = _TABLE.match(lines[self.index])
            if table is not None:
                break
        if table is None:
            raise self.error("no table line (Table 'NAME' Seat N is the button)")
        first = self.index + 1
        for self.index in range(first, len(lines)):
            self._line(lines[self.index])
        stacks = {seat.player: seat.stack for seat in self.seats}
        for player, final in self.final.items():
            back = final - stacks[player] + self.put_in[player]
            if back > 0:
                self.collected.append(Collected(player, back))
        if not self.final:
            self.collected = self.wins  # no nets printed: the wins lines alone
        return OnlineHand(
            site="KingsClub",
            hand_id=header["id"],
            table=table["table"],
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=False,
            game=game,
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=big_bet,
            max_seats=0,
            button=int(table["button"]),
            **self.record(),
            hero=self.hero,
            uncalled=(),
            total_pot=None,
            rake=self.rake,
            returns_in_collected=bool(self.final),
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
            self.seat_match(_SEAT.match(line))
            return
        if line.startswith("Dealt to "):
            named = self.named(line[len("Dealt to ") :])
            if named is None:
                raise self.error("cards dealt to a player not seated")
            if "X" not in named[1]:
                self.known_cards(named[0], named[1])
                self.hero = named[0]
            return
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
        all_in = what.endswith("all in") or what.endswith("all-in")
        verb = what.split(" ", 1)[0]
        if verb == "posts":
            for prefix, post in _POSTS.items():
                if what.startswith(prefix + " "):
                    chips = self.amount(what[len(prefix) :])
                    live = (
                        self.big_blind
                        if post is PostKind.SMALL_AND_BIG_BLINDS
                        else None
                    )
                    self.post(player, post, chips, all_in, live)
                    return
            raise self.error("unknown post")
        if verb == "folds":
            self.fold(player)
        elif verb == "checks":
            self.check(player)
        elif verb == "calls":
            self.call_to(player, self.amount(what.split(", and", 1)[0]), all_in)
        elif verb == "bets":
            to = self.amount(what.split(", and", 1)[0])
            self.raise_to(player, to, all_in, ActionKind.BET)
        elif verb == "raises":
            if not what.startswith("raises to "):
                raise self.error("cannot read the raise")
            to = self.amount(what[len("raises to ") :].split(", and", 1)[0])
            self.raise_to(player, to, all_in, ActionKind.RAISE)
        elif verb == "shows":
            if "X" not in what:
                self.known_cards(player, what)
        elif not what.startswith(_QUIET) and not INFO.match(what):
            raise self.error("unknown action")

    def _summary(self, line: str) -> None:
        found = _NET.match(line)
        if found is not None:
            if found["player"] not in self.committed:
                raise self.error("a result for a player not seated")
            self.final[found["player"]] = self.chips(found["final"])
            return
        found = _RAKE.match(line)
        if found is not None:
            self.rake = self.chips(found["rake"])
            return
        won = _wins(line)
        if won is not None and won[0] in self.committed:
            self.wins.append(Collected(won[0], self.chips(won[2]), won[1]))


def _wins(line: str) -> tuple[str, str, str] | None:
    r"""``(player, pot, chips)`` of ``NAME wins POT (CHIPS)``, or ``None``.

    Reads as ``^(?P<player>.+?) wins (?P<pot>.*?) \((?P<chips>MONEY)\)$``
    would, without its retries: the amount holds no ``(``, so its ``(`` is
    the line's last, and the name ends at the first " wins ". The pattern
    scanned the rest of the line from every " wins " (a line of many took
    time growing as its square).
    """
    bracket = line.rfind("(")
    if bracket < 1 or line[bracket - 1] != " ":
        return None
    found = _WON_CHIPS.fullmatch(line, bracket)
    if found is None:
        return None
    wins = line.find(" wins ", 1)
    if wins == -1 or wins + 6 > bracket - 1:
        return None
    return line[:wins], line[wins + 6 : bracket - 1], found["chips"]


class KingsClubParser(HeaderParser):
    """Reads KingsClub text (see the module docstring)."""

    name = "KingsClub"
    start = _START
    reader = _Reader


PARSER = KingsClubParser()
"""The registry's instance."""
