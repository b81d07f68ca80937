"""The Cake Poker Network's text (``Hand#ID - TABLE -- $0.05/$0.10 NL Hold'em``).

A hand starts at ``Hand#2701011985001689 - Paris (6-max) 11985 -- $0.05/$0.10
NL Hold'em -- 2011/08/28 - 00:53:30`` (fixed-limit ``FL Hold'em``, with the
small and big bets; tournaments ``Hand#ID - NAME -- CASH -- $15 + $1 -- ... --
NL Hold'em -- ...`` without stakes: the blinds come from the posts), then the
seats ``Seat 3: NAME ($10 in chips) DEALER`` (or ``Dealer: Seat 3``) and lines
``NAME: posts small blind $0.05``, ``posts big blind``, ``posts ante of 10``,
``folds``, ``checks``, ``calls $0.20`` (chips added), ``bets $0.30``, ``raises
to $0.30`` (the street total), ``is all in $2.50`` (the player's street total
when all in), ``returns uncalled bet $0.30``, ``shows [7c,Th]``, ``mucks
[..]``; streets print the new cards only (``*** TURN *** [8d]``); ``NAME wins
$0.56`` (or ``NAME: wins``; the chips collected, after any rake, which is
not printed).

Money is in cents; tournament chips in hundredths (every figure keeps its
printed ratio).
"""

from __future__ import annotations

import re

from holdem.cards import Card
from holdem.errors import CardParseError
from holdem.history.online.dealt import dealt_to
from holdem.history.online.model import (
    ActionKind,
    Collected,
    OnlineAction,
    OnlineHand,
    OnlineSeat,
    Post,
    PostKind,
)
from holdem.history.online.reader import VERBS, HandReader, read_in_unit
from holdem.history.online.text import (
    HandText,
    cards,
    chips,
    first_start,
)
from holdem.rules.config import Structure

__all__ = ["CakeParser", "PARSER"]

_START = re.compile(r"^[\ufeff\s]*(?:ï»¿)?Hand#\w+ - ", re.M)
# A hand's header, looked for by its plain "Hand#" (the run of blanks before
# it is walked back from there, once: see _hand_starts)
_HAND = re.compile(r"Hand#\w+ - ")
_BOM_TEXT = "ï»¿"  # a UTF-8 byte-order mark read as cp1252
# bounded (no room prints longer amounts): a search for it tries every
# character of a line, and an unbounded run made each try scan the line
_AMOUNT = r"[$€£]?\d{1,24}(?:[ ,.\u00a0\u202f]\d{1,24}){0,8}"
_STAKES = re.compile(rf"-- (?P<small>{_AMOUNT})/(?P<big>{_AMOUNT}) (?P<game>[^-]+?) --")
_GAME = re.compile(r"-- (?P<game>[^-]*Hold'em) --")
_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>{_AMOUNT}) in chips\)"
    r"(?P<dealer> DEALER)?"
)
_DEALER = re.compile(r"^Dealer: Seat (\d+)")
_WINS = re.compile(rf"^(?P<player>.+?):? wins (?P<chips>{_AMOUNT})")
_MONEY = re.compile(_AMOUNT)
_POSTS = {
    "posts small blind": PostKind.SMALL_BLIND,
    "posts big blind": PostKind.BIG_BLIND,
    "posts ante of": PostKind.ANTE,
    "posts dead blind": PostKind.DEAD_SMALL_BLIND,
}
_NOTES = ("finished", "mucks", "sits out", "left the table", "is sitting out")


def _hand_starts(text: str) -> list[int]:
    """Where ``_START`` matches in ``text``, as ``text.hand_starts`` finds them.

    ``_START`` matches at the first line start (after the last match) from
    which blanks run to ``Hand#``. Each ``Hand#`` is found by its plain
    text, the run of blanks before it is walked back once, and the start is
    that run's first newline (or the text's start): many blank lines cost
    one pass, where the pattern tried the whole run from each of them.
    """
    starts: list[int] = []
    lowest = 0  # where the newline before the next start may be
    for found in _HAND.finditer(text):
        hand = found.start()
        if hand >= len(_BOM_TEXT) and text.startswith(_BOM_TEXT, hand - 3):
            hand -= len(_BOM_TEXT)
        run = hand
        while run and (text[run - 1].isspace() or text[run - 1] == "\ufeff"):
            run -= 1
        if run == 0 and not starts:
            starts.append(0)
            lowest = found.end() - 1
            continue
        newline = text.find("\n", max(run, lowest), hand)
        if newline >= 0:
            starts.append(newline + 1)
            lowest = found.end() - 1
    return starts


class CakeParser:
    """Reads the Cake Poker Network's text (see the module docstring)."""

    name = "Cake"

    def matches(self, text: str) -> bool:
        """Whether ``text`` holds ``Hand#ID - ... -- ... Hold'em --`` hands."""
        at = first_start(_START, text) if "Hand#" in text else -1
        found = _START.match(text, at) if at >= 0 else None
        return (
            found is not None and "Hold'em --" in text[found.end() : found.end() + 300]
        )

    def split(self, text: str, source: str) -> list[HandText]:
        """The hands of a file: each starts at its ``Hand#`` line."""
        starts = _hand_starts(text)
        hands: list[HandText] = []
        line = 1 + text.count("\n", 0, starts[0]) if starts else 1
        for first, end in zip(starts, [*starts[1:], len(text)], strict=True):
            lines = [row.strip() for row in text[first:end].splitlines()]
            while lines and not lines[0].strip("\ufeffï»¿"):
                lines.pop(0)
                line += 1
            lines[0] = lines[0].lstrip("\ufeffï»¿ ")
            while len(lines) > 1 and not lines[-1]:
                lines.pop()
            hands.append(HandText(source, line, tuple(lines)))
            line += text.count("\n", first, end)
        return hands

    def parse(self, hand: HandText) -> OnlineHand:
        """One hand's text as an ``OnlineHand``.

        Raises:
            HistoryParseError: a line that cannot be read, naming the file,
                the hand and the line.
        """
        return read_in_unit(_Reader, hand)


PARSER = CakeParser()
"""The registry's instance."""


class _Reader(HandReader):
    hero: str | None = None  # whose history it is: ``Dealt to NAME [..]``

    money = _MONEY

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.names: list[str] = []
        # whether a seated name holds a space: if none does, a player's line
        # is found by the text before its first ": "
        self.spaced = False
        self.button = 0
        self.uncalled: list[tuple[str, int]] = []
        self.mucked: list[str] = []  # "NAME: mucks [..]" (R-SHOW-2)
        self.committed: dict[str, int] = {}
        self.behind: dict[str, int] = {}  # each player's chips not yet put in
        self.current_bet = 0

    def new_street(self) -> None:
        self.committed = dict.fromkeys(self.committed, 0)
        self.current_bet = 0

    def chips(self, text: str) -> int:
        try:
            # "2 477" groups thousands with a space, "126,50" has a decimal comma
            return chips(text.replace(" ", ","), 100)
        except ValueError as error:
            raise self.error(str(error)) from None

    def cards(self, text: str) -> tuple[Card, ...]:
        try:
            return cards(text.replace(",", " "))
        except CardParseError as error:
            raise self.error(str(error)) from None

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = lines[0]
        hand_id = header[len("Hand#") :].split(" ", 1)[0]
        stakes = _STAKES.search(header)
        game_found = stakes or _GAME.search(header)
        if game_found is None:
            raise self.error("no game (-- NL Hold'em --) in the header")
        game = game_found["game"].strip()
        words = game.upper().split()
        if "FL" in words:
            structure: Structure | None = Structure.FIXED_LIMIT
        elif "PL" in words:
            structure = Structure.POT_LIMIT
        else:
            structure = Structure.NO_LIMIT
        for self.index in range(1, len(lines)):
            self._line(lines[self.index])
        small = self.chips(stakes["small"]) if stakes else 0
        big = self.chips(stakes["big"]) if stakes else 0
        big_bet = 0
        if structure is Structure.FIXED_LIMIT and stakes:
            small, big, big_bet = small // 2, small, big
        if not big:
            posted = {p.kind: p.chips for p in self.posts if not p.is_all_in}
            big = posted.get(PostKind.BIG_BLIND, 0)
            small = posted.get(PostKind.SMALL_BLIND, big // 2)
        return OnlineHand(
            site="Cake",
            hand_id=hand_id,
            table=header.split(" - ", 1)[1].split(" -- ", 1)[0]
            if " - " in header
            else "",
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=stakes is None,
            game=game,
            is_holdem="HOLD'EM" in game.upper(),
            structure=structure,
            small_blind=small,
            big_blind=big,
            big_bet=big_bet,
            max_seats=0,
            button=self.button,
            **self.record(),
            hero=self.hero,
            uncalled=tuple(self.uncalled),
            total_pot=None,
            rake=None,
            mucked=tuple(self.mucked),
        )

    def _line(self, line: str) -> None:
        if not line or line.startswith("***SHOW DOWN***"):
            return
        found = _DEALER.match(line)
        if found is not None:
            self.button = self.seat_number(found[1])
            return
        if line.startswith("Seat ") and not self.posts and not self.actions:
            found = _SEAT.match(line)
            if found is None:
                raise self.error("a seat line without a stack")
            player, seat = found["player"], int(found["seat"])
            self.seats.append(OnlineSeat(seat, player, self.chips(found["stack"])))
            self.names.append(player)
            self.names.sort(key=len, reverse=True)
            self.spaced = self.spaced or " " in player
            self.committed[player] = 0
            self.behind[player] = self.seats[-1].stack
            if found["dealer"]:
                self.button = seat
            return
        if line.startswith("***") and self.street_line(line):
            return
        if line.startswith("Dealt to "):
            self.dealt_line(line, self.names)
            self.hero = dealt_to(line, self.names)
            return
        found = _WINS.match(line) if " wins " in line else None
        if found is not None and found["player"] in self.committed:
            self.collected.append(
                Collected(found["player"], self.chips(found["chips"]))
            )
            return
        if not self.spaced:
            name, colon, what = line.partition(": ")
            if colon and name in self.names:
                self._player_line(name, what)
                return
        else:
            for name in self.names:
                # some lines write a name's spaces as underscores
                if line.startswith((f"{name}: ", f"{name.replace(' ', '_')}: ")):
                    self._player_line(name, line[len(name) + 2 :])
                    return
        if line.startswith(("Player left", "Tournament: ")) or " finished " in line:
            return
        if " rebuys " in line or " adds on " in line:
            return  # chips for the next hand
        raise self.error("unknown line")

    def _player_line(self, player: str, what: str) -> None:
        line = self.hand.line + self.index
        for prefix, post in _POSTS.items():
            if what.startswith(prefix):
                chips = self.amount(what[len(prefix) :])
                self.posts.append(Post(player, post, chips, line=line))
                self.behind[player] = self.behind.get(player, 0) - chips
                if post is not PostKind.ANTE:
                    self.committed[player] += chips
                    self.current_bet = max(self.current_bet, self.committed[player])
                return
        if what.startswith("returns uncalled bet"):
            self.uncalled.append((player, self.amount(what)))
            return
        if what.startswith(("shows", "mucks [")):
            self.known_cards(player, what)
            if what.startswith("mucks") and player not in self.mucked:
                self.mucked.append(player)  # does not contend: R-SHOW-2
            return
        if what.startswith(_NOTES):
            return
        all_in = what.startswith("is all in")
        kind = VERBS.get(what.split(" ", 1)[0])
        chips = 0
        before = self.committed.get(player, 0)
        if all_in:
            to = self.amount(what)  # the street total
            if before and to == self.behind.get(player):
                # or the chips added: "is all in 197" after a blind of 1 by a
                # player with 198 puts all 198 in
                to += before
            if to <= self.current_bet:
                kind, chips = ActionKind.CALL, to - self.committed[player]
            elif self.current_bet:
                kind, chips = ActionKind.RAISE, to
            else:
                kind, chips = ActionKind.BET, to - self.committed[player]
        elif kind is None:
            raise self.error("unknown action")
        elif kind is not ActionKind.FOLD and kind is not ActionKind.CHECK:
            chips = self.amount(what)
        if kind is ActionKind.CALL or kind is ActionKind.BET:
            self.committed[player] += chips
        elif kind is ActionKind.RAISE:
            self.committed[player] = chips
        if player in self.behind:
            self.behind[player] -= self.committed[player] - before
        self.current_bet = max(self.current_bet, self.committed[player])
        self.actions.append(
            OnlineAction(self.street, player, kind, chips, all_in, line)
        )
