"""The Absolute Poker and UltimateBet (Cereus) text format.

A hand starts at ``Stage #ID ... Holdem ... No Limit ...``; ``Table: NAME ...
Seat #N is the dealer`` names the button; seats are ``Seat N - NAME (X in
chips)``; lines are ``NAME - Verb``: ``Posts small blind X``, ``Posts big
blind X``, ``Posts ante X``, ``Folds``, ``Checks``, ``Calls X`` and ``Bets
X`` (chips added), ``Raises X to Y`` (Y the street total), ``All-In X`` (the
chips added), ``returned (X) : not called``; ``NAME Collects X from main pot``
and the summary's ``Total Pot(X)`` (``| Rake (Y)``) give the results. The
stakes are read from the blinds posted. Money is in cents, tournament chips
as chips.
"""

from __future__ import annotations

import re

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
from holdem.history.online.reader import HandReader, HeaderParser
from holdem.history.online.text import MONEY, HandText, bracketed
from holdem.rules.config import Structure

__all__ = ["PARSER", "AbsoluteParser"]

_START = re.compile(r"^\ufeff?Stage #\w+", re.M)
_HEADER = re.compile(r"^Stage #(?P<id>\w+):?\s*(?P<rest>.*)$")
_TABLE = re.compile(r"^Table: (?P<table>.*?) Seat #(?P<button>\d+) is the dealer")
_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+) - (?P<player>.+?) \((?P<stack>{MONEY}) in chips\)"
)
_COLLECTS = re.compile(
    rf"^(?P<player>.+?) Collects (?P<chips>{MONEY}) from (?P<pot>.+)$"
)
_TOTAL = re.compile(
    rf"^Total Pot\((?P<total>{MONEY})\)(?:.*Rake \((?P<rake>{MONEY})\))?"
)
_RETURNED = re.compile(rf"^returned \((?P<chips>{MONEY})\)")
_MONEY = re.compile(MONEY)
_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
_VERBS = {
    "Folds": ActionKind.FOLD,
    "Checks": ActionKind.CHECK,
    "Calls": ActionKind.CALL,
    "Bets": ActionKind.BET,
    "Raises": ActionKind.RAISE,
}
_POSTS = (
    ("Posts small blind", PostKind.SMALL_BLIND),
    ("Posts big blind", PostKind.BIG_BLIND),
    ("Posts ante", PostKind.ANTE),
    ("Posts dead blind", PostKind.DEAD_SMALL_BLIND),
)


class _Reader(HandReader):
    hero: str | None = None  # whose history it is: ``Dealt to NAME [..]``

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.names: list[str] = []
        # whether a seated name holds a space: if none does, a line is a
        # player's when the text before its first " - " is a seated name
        self.spaced = False
        self.button = 0
        self.table = ""
        self.uncalled: list[tuple[str, int]] = []
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.summary = False
        self.committed: dict[str, int] = {}
        self.current = 0

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not a Stage # header")
        rest = header["rest"]
        is_tournament = "Tourney" in rest or "Tournament" in rest
        self.scale = 1 if is_tournament else 100
        upper = rest.upper()
        is_holdem = "HOLDEM" in upper or "HOLD'EM" in upper
        if "NO LIMIT" in upper:
            structure: Structure | None = Structure.NO_LIMIT
        elif "POT LIMIT" in upper:
            structure = Structure.POT_LIMIT
        elif "LIMIT" in upper:
            structure = Structure.FIXED_LIMIT
        else:
            structure = Structure.NO_LIMIT
        for self.index in range(1, len(lines)):
            self._line(lines[self.index])
        small_blind = next(
            (p.chips for p in self.posts if p.kind is PostKind.SMALL_BLIND), 0
        )
        big_blind = next(
            (p.chips for p in self.posts if p.kind is PostKind.BIG_BLIND), 0
        )
        big_blind = big_blind or 2 * small_blind
        return OnlineHand(
            site="Absolute",
            hand_id=header["id"],
            table=self.table,
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=rest.split(" - ", 1)[0],
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind or big_blind // 2,
            big_blind=big_blind,
            big_bet=2 * big_blind if structure is Structure.FIXED_LIMIT else 0,
            max_seats=0,
            button=self.button,
            **self.record(),
            hero=self.hero,
            uncalled=tuple(self.uncalled),
            total_pot=self.total_pot,
            rake=self.rake,
        )

    def _line(self, line: str) -> None:
        if not line:
            return
        if line.startswith("***"):
            title = line.strip("* ").split(" ", 1)[0].upper()
            if title == "SUMMARY":
                self.summary = True
            elif title in _STREETS and not self.summary:
                boards = bracketed(line)
                if not boards:
                    raise self.error("a street without its board cards")
                self.board.extend(self.cards(boards[-1]))
                self.street = _STREETS[title]
                self.committed = dict.fromkeys(self.committed, 0)
                self.current = 0
            return
        if self.summary:
            found = _TOTAL.match(line)
            if found is not None:
                self.total_pot = self.chips(found["total"])
                self.rake = self.chips(found["rake"]) if found["rake"] else None
            return
        first = line[0]  # one test leads to the few patterns each letter starts
        found = _TABLE.match(line) if first == "T" else None
        if found is not None:
            self.table, self.button = found["table"], int(found["button"])
            return
        if first == "S" and line.startswith("Seat ") and not self.posts:
            found = _SEAT.match(line)
            if found is not None:
                player = found["player"]
                self.seats.append(
                    OnlineSeat(int(found["seat"]), player, self.chips(found["stack"]))
                )
                self.names.append(player)
                self.names.sort(key=len, reverse=True)
                self.spaced = self.spaced or " " in player
                self.committed[player] = 0
            return
        if first == "D" and line.startswith("Dealt to "):
            shown = bracketed(line)
            for name in self.names:
                if line.startswith(f"Dealt to {name} [") and shown:
                    self.hero = name
                    dealt = self.cards(shown[0])
                    if len(dealt) == 2:
                        self.hole_cards[name] = dealt
            return
        found = _COLLECTS.match(line) if " Collects " in line else None
        if found is not None and found["player"] in self.committed:
            pot = "side pot" if "side" in found["pot"] else "pot"
            self.collected.append(
                Collected(found["player"], self.chips(found["chips"]), pot)
            )
            return
        named = player_line(line, self.names, self.spaced, " - ")
        if named is not None:
            self._player_line(*named)
            return
        # other lines inform (statistics blocks, chat)

    def _player_line(self, player: str, what: str) -> None:
        line = self.hand.line + self.index
        for prefix, post in _POSTS:
            if what.startswith(prefix):
                amount = _MONEY.search(what[len(prefix) :])
                if amount is None:
                    raise self.error("a post without its amount")
                chips = self.chips(amount[0])
                self.posts.append(Post(player, post, chips, line=line))
                if post is not PostKind.ANTE and post is not PostKind.DEAD_SMALL_BLIND:
                    self.committed[player] += chips
                    self.current = max(self.current, self.committed[player])
                return
        found = _RETURNED.match(what)
        if found is not None:
            self.uncalled.append((player, self.chips(found["chips"])))
            return
        verb = what.split(" ", 1)[0]
        kind = _VERBS.get(verb)
        if kind is ActionKind.FOLD or kind is ActionKind.CHECK:
            # "Folds", "Checks": no amount to read
            all_in = "all-in" in what.lower()
            self.actions.append(
                OnlineAction(self.street, player, kind, 0, all_in, line)
            )
            return
        amounts = [self.chips(m) for m in _MONEY.findall(what)]
        if verb.startswith("All-In") and " to " in what and amounts:
            kind = ActionKind.RAISE if self.current else ActionKind.BET
            if kind is ActionKind.BET:
                amounts = [amounts[-1] - self.committed[player]]
        elif verb.startswith("All-In") and amounts:
            to = self.committed[player] + amounts[-1]
            if to <= self.current:
                kind = ActionKind.CALL
            else:
                kind = ActionKind.RAISE if self.current else ActionKind.BET
                amounts = [to] if self.current else amounts
        if kind is None:
            if verb in ("Shows", "Mucks"):
                shown = bracketed(what)
                if shown and len(self.cards(shown[0])) == 2:
                    self.hole_cards[player] = self.cards(shown[0])
            return
        chips = 0
        if kind is not ActionKind.FOLD and kind is not ActionKind.CHECK:
            if not amounts:
                raise self.error("an action without its amount")
            chips = amounts[-1]
            to = chips if kind is ActionKind.RAISE else self.committed[player] + chips
            self.committed[player] = to
            self.current = max(self.current, to)
        all_in = verb.startswith("All-In") or "all-in" in what.lower()
        self.actions.append(
            OnlineAction(self.street, player, kind, chips, all_in, line)
        )


class AbsoluteParser(HeaderParser):
    """Reads Absolute Poker and UltimateBet text (see the module docstring)."""

    name = "Absolute"
    start = _START
    needle = "Stage #"
    reader = _Reader


PARSER = AbsoluteParser()
"""The registry's instance."""
