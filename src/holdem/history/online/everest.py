"""Everest Poker hands as PokerTracker exports them (``EverestPoker Game #``).

A hand starts at ``EverestPoker Game #ID: Table NAME - $0.50/$1 - No Limit
Hold'em - 22:33:12 - 2011/01/02`` (tournaments: ``Tourney ID: N, Table N-0 -
100/200 - Limit Hold'em - ...``; in fixed-limit the stakes are the small and
big bets), then the seats ``Seat 1: NAME ($94.15)``, the posts (``NAME posts
the small blind of $0.50``, ``the big blind of``, ``the ante of``, ``the dead
blind of`` for a big blind posted out of position, which is live, or with
``posts $1.00`` after it for a dead small blind and a live big blind), ``The
button is in seat #7``, ``*** HOLE CARDS ***``, ``Dealt to NAME [5d 3c]`` and
the actions: ``folds``, ``checks``, ``calls $4.50`` (chips added), ``bets
$7.00``, ``raises to $5.50`` (the street total), each perhaps followed by
``and is all-in``. Streets print the new cards only (``*** TURN *** [4c]``).
``Uncalled bet of $7.00 returned to NAME``, ``NAME shows [..]``, ``NAME mucked
[..]`` and, after the summary header, ``NAME collects $12.85`` (after the
rake, which is not printed, nor is the total pot).

Money is in cents; tournament chips, printed as dollars with cents
(``$1,170.00``), are counted in hundredths too, so every figure keeps its
printed ratio.
"""

from __future__ import annotations

import re

from holdem.history.online.dealt import dealt_to
from holdem.history.online.dispatch import player_line
from holdem.history.online.model import (
    ActionKind,
    Collected,
    OnlineAction,
    OnlineHand,
    OnlineSeat,
    Post,
    PostKind,
)
from holdem.history.online.reader import VERBS, HandReader, HeaderParser
from holdem.history.online.text import MONEY, HandText
from holdem.rules.config import Structure

__all__ = ["PARSER", "EverestParser"]

_START = re.compile(r"^\ufeff?EverestPoker Game #\d+", re.M)
_HEADER = re.compile(
    rf"^EverestPoker Game #(?P<id>\d+): (?P<table>.*?) - (?P<small>{MONEY})"
    rf"/(?P<big>{MONEY}) - (?P<game>.+?) - \d"
)
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>{MONEY})\)$")
_BUTTON = re.compile(r"^The button is in seat #(\d+)")
_UNCALLED = re.compile(rf"^Uncalled bet of (?P<chips>{MONEY}) returned to (?P<p>.+)$")
_POSTS = (
    ("posts the small blind of", PostKind.SMALL_BLIND),
    ("posts the big blind of", PostKind.BIG_BLIND),
    ("posts the dead blind of", PostKind.DEAD_SMALL_BLIND),
    ("posts the ante of", PostKind.ANTE),
    ("posts ", PostKind.BIG_BLIND),
)
_NOTES = ("finished in place", "is sitting out")
"""Lines that inform and change no chips."""
_DISCONNECTED = "has been disconnected, and is allin"
"""Everest's disconnect protection: the player stays in for the pot so far
with chips behind, which no rule of ours allows (the hand is not supported)."""


class _Reader(HandReader):
    hero: str | None = None  # whose history it is: ``Dealt to NAME [..]``

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.names: list[str] = []
        self.button = 0
        self.uncalled: list[tuple[str, int]] = []
        self.mucked: list[str] = []  # "NAME mucked [..]" (R-SHOW-2)
        self.big_blind = 0
        self.unsupported: list[str] = []
        # whether a seated name holds a space: if none does, a line is a
        # player's when its first word is a seated name
        self.spaced = False

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not an EverestPoker header (stakes and game)")
        game = header["game"]
        upper = game.upper()
        is_holdem = "HOLD'EM" in upper or "HOLDEM" in upper
        if upper.startswith("NO LIMIT"):
            structure: Structure | None = Structure.NO_LIMIT
        elif upper.startswith("POT LIMIT"):
            structure = Structure.POT_LIMIT
        elif upper.startswith("LIMIT"):
            structure = Structure.FIXED_LIMIT
        else:
            structure = None
        small, big = self.chips(header["small"]), self.chips(header["big"])
        big_bet = 0
        if structure is Structure.FIXED_LIMIT:
            # the stakes are the small and big bets; the blinds are half each
            small, big, big_bet = small // 2, small, big
        table = header["table"]
        self.big_blind = big
        for self.index in range(1, len(lines)):
            self._line(lines[self.index])
        return OnlineHand(
            site="Everest",
            hand_id=header["id"],
            table=table,
            source=self.hand.source,
            line=self.hand.line,
            is_tournament="Tourney ID" in table,
            game=game,
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
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
            unsupported=tuple(self.unsupported),
            mucked=tuple(self.mucked),
        )

    def _line(self, line: str) -> None:
        if not line or line in ("*** HOLE CARDS ***", "*** SUMMARY ***"):
            return
        first = line[0]  # one test leads to the few patterns each letter starts
        found = _BUTTON.match(line) if first == "T" else None
        if found is not None:
            self.button = self.seat_number(found[1])
            return
        if (
            first == "S"
            and line.startswith("Seat ")
            and not self.posts
            and not self.actions
        ):
            found = _SEAT.match(line)
            if found is None:
                raise self.error("a seat line without a stack")
            player = found["player"]
            self.seats.append(
                OnlineSeat(int(found["seat"]), player, self.chips(found["stack"]))
            )
            self.names.append(player)
            self.names.sort(key=len, reverse=True)
            self.spaced = self.spaced or " " in player
            return
        if first == "*" and self.street_line(line):
            return
        found = _UNCALLED.match(line) if first == "U" else None
        if found is not None:
            self.uncalled.append((found["p"], self.chips(found["chips"])))
            return
        if first == "D" and line.startswith("Dealt to "):
            self.dealt_line(line, self.names)
            self.hero = dealt_to(line, self.names)
            return
        if not self.spaced:  # player_line's common case, without the call
            name, space, rest = line.partition(" ")
            if space and name in self.names:
                self._player_line(name, rest)
                return
        else:
            named = player_line(line, self.names, True)
            if named is not None:
                self._player_line(*named)
                return
        raise self.error("unknown line")

    def _player_line(self, player: str, what: str) -> None:
        line = self.hand.line + self.index
        verb = what.split(" ", 1)[0]
        kind = VERBS.get(verb)
        if kind is not None:
            chips = 0
            if kind is not ActionKind.FOLD and kind is not ActionKind.CHECK:
                chips = self.amount(what)
            all_in = "all-in" in what
            self.actions.append(
                OnlineAction(self.street, player, kind, chips, all_in, line)
            )
            return
        for prefix, post in _POSTS:
            if what.startswith(prefix):
                chips = self.amount(what)
                if post is PostKind.DEAD_SMALL_BLIND and chips >= self.big_blind:
                    post = PostKind.BIG_BLIND  # a big blind out of position, live
                self.posts.append(Post(player, post, chips, "all-in" in what, line))
                return
        if what.startswith(_NOTES):
            return
        if what.startswith(_DISCONNECTED):
            if "disconnect protection" not in self.unsupported:
                self.unsupported.append("disconnect protection")
            return
        if verb == "collects":
            self.collected.append(Collected(player, self.amount(what)))
            return
        if verb in ("shows", "mucked", "mucks"):
            self.known_cards(player, what)
            if verb != "shows" and player not in self.mucked:
                self.mucked.append(player)  # does not contend: R-SHOW-2
            return
        raise self.error("unknown action")


class EverestParser(HeaderParser):
    """Reads PokerTracker's Everest Poker text (see the module docstring)."""

    name = "Everest"
    start = _START
    needle = "EverestPoker Game #"
    reader = _Reader


PARSER = EverestParser()
"""The registry's instance."""
