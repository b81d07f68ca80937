"""Microgaming's XML hand records (``<Game id=... stakes="0.05|0.10">``).

One element a line: a hand is ``<Game id="ID" date=... tablename="NAME"
stakes="0.05|0.10" betlimit="NL" gametype="Hold'em" istournament="0" ...>``,
then ``<Seat num="1" alias="NAME" balance="10.00" endbalance="9.85"/>``
(``dealer="true"`` on the button, ``sittingout="true"``), and ``<Action
seq="N" type="T" seat="S" value="V"/>`` with ``<Card value="Q" suit="h"/>``
children: ``SmallBlind``, ``BigBlind``, ``PostedToPlay`` (a big blind posted
to come in: live), ``DealCards`` (the hero's), ``Fold``, ``Check``, ``Call``
(value: the street total after it), ``Bet`` (the chips bet), ``Raise`` (the
street total), ``AllIn`` (the chips added, whichever action that makes),
``DealFlop``/``DealTurn``/``DealRiver``, ``ShowCards``/``MuckCards`` (with the
cards when shown), and ``Win`` with ``<Seat num="S" amount="X" pot="0"/>`` per
pot won (after the rake). Uncalled bets are not printed, and the wins count a
winner's own in some records and not in others; so where every seat prints
its ``endbalance``, what each player took back (pots and returns together) is
read from it: end balance less starting balance plus the chips the player
put in, and a player who posted to play, won nothing and ends below that
posted the rest of his blinds dead (the record prints only the live big
blind). The ``rake`` attribute does not add up with the amounts and is not
read. Text
outside the ``Game`` elements (``----PRIMA.DAT----``, ``ExtendedTableName:``)
is skipped.

Money is in cents; tournament chips as chips.
"""

from __future__ import annotations

import html
import re

from holdem.cards import Card
from holdem.history.online.model import ActionKind, Collected, OnlineHand, PostKind
from holdem.history.online.named import NamedReader
from holdem.history.online.reader import HeaderParser
from holdem.history.online.text import HandText
from holdem.rules.config import Structure

__all__ = ["PARSER", "MicrogamingParser"]

_START = re.compile(r'^\ufeff?[ \t]*<Game id="\d+"', re.M)
# (?<!\w): a name is matched from its start only (it is, as the first
# match); trying from inside a long word scanned the rest of it each time
_ATTRIBUTE = re.compile(r'(?<!\w)(\w+)="([^"]*)"')
_ELEMENT = re.compile(r"^<(/?\w+)")
_STREETS = {"DealFlop": 1, "DealTurn": 2, "DealRiver": 3}
_BOARD_CARDS = {"DealFlop": 3, "DealTurn": 1, "DealRiver": 1}
_LIMITS = {
    "NL": Structure.NO_LIMIT,
    "PL": Structure.POT_LIMIT,
    "FL": Structure.FIXED_LIMIT,
    "L": Structure.FIXED_LIMIT,
}
_POSTS = {
    "SmallBlind": PostKind.SMALL_BLIND,
    "BigBlind": PostKind.BIG_BLIND,
    "PostedToPlay": PostKind.BIG_BLIND,
    "Ante": PostKind.ANTE,
}


class _Reader(NamedReader):
    hero: str | None = None  # whose history it is: the ``DealCards`` shown

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.by_seat: dict[int, str] = {}
        self.button = 0
        self.dealing = ""  # the Action whose Card children are being read
        self.dealt_to = ""
        self.cards_read: list[Card] = []
        self.in_win = False
        self.end_balance: dict[str, int] = {}
        self.posted_to_play: dict[str, int] = {}  # player: index of the post

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        game = self._attributes(lines[0])
        if "id" not in game or "stakes" not in game:
            raise self.error('not a Microgaming <Game id="..." stakes="..."> header')
        is_tournament = game.get("istournament", "0") == "1"
        self.scale = 1 if is_tournament else 100
        small, _, big = game["stakes"].partition("|")
        small_blind, big_blind = self.chips(small), self.chips(big or small)
        name = game.get("gametype", "")
        is_holdem = "HOLD'EM" in name.upper() or "HOLDEM" in name.upper()
        structure = _LIMITS.get(game.get("betlimit", "").upper())
        big_bet = 2 * big_blind if structure is Structure.FIXED_LIMIT else 0
        for self.index in range(1, len(lines)):
            line = lines[self.index]
            if line.startswith("</Game"):
                break
            self._line(line)
        balanced = len(self.end_balance) == len(self.seats)
        if balanced:
            self._from_end_balances()
        return OnlineHand(
            site="Microgaming",
            hand_id=game["id"],
            table=game.get("tablename", ""),
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=name,
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=big_bet,
            max_seats=0,
            button=self.button,
            **self.record(),
            hero=self.hero,
            uncalled=(),
            total_pot=None,
            rake=None,
            returns_in_collected=balanced,
        )

    def _from_end_balances(self) -> None:
        """What each player took back, pots and returns, from the end balances.

        A player who posted to play and won nothing but whose end balance is
        below what the record has him put in posted the rest dead (the
        record prints only the live big blind).
        """
        winners = {c.player for c in self.collected}
        back: list[Collected] = []
        for seat in self.seats:
            player = seat.player
            chips = self.end_balance[player] - seat.stack + self.put_in[player]
            if chips < 0 and player in self.posted_to_play and player not in winners:
                self.index = self.posted_to_play[player]  # the post's own line
                self.post(player, PostKind.DEAD_SMALL_BLIND, -chips)
                chips = 0
            if chips > 0:
                back.append(Collected(player, chips))
        self.collected = back

    def _attributes(self, line: str) -> dict[str, str]:
        return {key: html.unescape(value) for key, value in _ATTRIBUTE.findall(line)}

    def _player(self, attributes: dict[str, str], key: str) -> str:
        seat = attributes.get(key, "")
        if not seat.isdigit() or int(seat) not in self.by_seat:
            raise self.error(f"no player in seat {seat or '?'}")
        return self.by_seat[int(seat)]

    def _line(self, line: str) -> None:
        element = _ELEMENT.match(line)
        if element is None:
            return  # text between elements
        tag = element[1]
        if tag == "Card":
            self._card(self._attributes(line))
        elif tag == "/Action":
            self._end_action()
        elif tag == "Seat":
            self._seat(self._attributes(line))
        elif tag == "Action":
            self._action(self._attributes(line), line.endswith("/>"))

    def _seat(self, attributes: dict[str, str]) -> None:
        if self.in_win:
            player = self._player(attributes, "num")
            pot = attributes.get("pot", "0")
            chips = self.chips(attributes.get("amount", "0"))
            name = "main pot" if pot in ("", "0") else f"side pot-{pot}"
            if chips:
                self.collected.append(Collected(player, chips, name))
            return
        seat = attributes.get("num", "")
        if not seat.isdigit() or "alias" not in attributes:
            raise self.error("a seat without its number or player")
        player = attributes["alias"]
        stack = self.chips(attributes.get("balance", "0"))
        sitting_out = attributes.get("sittingout") == "true"
        self.seat(int(seat), player, stack, sitting_out)
        if "endbalance" in attributes:
            self.end_balance[player] = self.chips(attributes["endbalance"])
        self.by_seat[int(seat)] = player
        if attributes.get("dealer") == "true":
            self.button = int(seat)

    def _action(self, attributes: dict[str, str], closed: bool) -> None:
        kind = attributes.get("type", "")
        if kind == "Win":
            self.in_win = True
            return
        if kind in _STREETS or kind in ("DealCards", "ShowCards", "MuckCards"):
            self.dealing = kind
            self.dealt_to = "" if kind in _STREETS else self._player(attributes, "seat")
            self.cards_read = []
            if kind in _STREETS:
                self.street_to(_STREETS[kind])
            if closed:
                self._end_action()
            return
        if kind in ("Fold", "Check", "Call", "Bet", "Raise", "AllIn") or kind in _POSTS:
            player = self._player(attributes, "seat")
            chips = self.chips(attributes.get("value", "0"))
            if kind in _POSTS:
                self.post(player, _POSTS[kind], chips)
                if kind == "PostedToPlay":
                    self.posted_to_play[player] = self.index
            elif kind == "Fold":
                self.fold(player)
            elif kind == "Check":
                self.check(player)
            elif kind == "Call":
                self.call_to(player, chips)
            elif kind == "Bet":
                self.added(player, ActionKind.BET, chips)
            elif kind == "Raise":
                self.raise_to(player, chips, kind=ActionKind.RAISE)
            else:
                self.all_in(player, chips)
            return
        raise self.error(f"unknown action type {kind!r}")

    def _card(self, attributes: dict[str, str]) -> None:
        if not self.dealing:
            raise self.error("a card outside a dealing action")
        value = attributes.get("value", "")
        self.cards_read.extend(self.cards(value + attributes.get("suit", "")))

    def _end_action(self) -> None:
        if self.in_win:
            self.in_win = False
            return
        kind, self.dealing = self.dealing, ""
        if kind in _STREETS:
            if len(self.cards_read) != _BOARD_CARDS[kind]:
                raise self.error("wrong number of board cards")
            self.board.extend(self.cards_read)
        elif kind and len(self.cards_read) == 2:
            self.hole_cards[self.dealt_to] = tuple(self.cards_read)
            if kind == "DealCards":
                self.hero = self.dealt_to


class MicrogamingParser(HeaderParser):
    """Reads Microgaming's XML hand records (see the module docstring)."""

    name = "Microgaming"
    start = _START
    needle = '<Game id="'
    reader = _Reader


PARSER = MicrogamingParser()
"""The registry's instance."""
