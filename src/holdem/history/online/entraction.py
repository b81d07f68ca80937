"""The Entraction text format (``Game # ID - Texas Hold'em No Limit ...``).

A hand starts at ``Game # ID - Texas Hold'em No Limit EUR 0.10/0.20 - Table
"NAME"`` (``Fixed Limit EUR 10/20``: the small and big bets; tournaments print
no currency and perhaps ``and 20 ante``), then ``Players(max 6):``, the seats
``NAME    (EUR 27.88 in seat 1)``, ``Dealer:    NAME``, ``Small Blind:
NAME    (0.10)``, ``Big Blind:    NAME    (0.20)``, ``NAME was dealt:    4c -
5c`` (the history owner's cards, the hero's; the name's case may differ from
the seat's) and lines of a name, a word
and an amount in brackets: ``Ante (20.00)``, ``Fold``, ``Check``, ``Call
(10.00)``, ``Bet (10.00)``, ``Raise (15.00)`` and ``All-In (4.32)`` (all the
chips added), ``Payback (4.12)`` (an uncalled bet returned). Boards are
``Flop    2c - Ad - 4h`` (``Turn``, ``River``); ``NAME shows: Ah - Kd``,
``NAME wins:    EUR 0.50`` (collected, after the rake) and ``Rake:    EUR
0.75``; ``Game ended DATE`` ends it. The total pot is not printed.

Money is in cents; tournament chips as chips.
"""

from __future__ import annotations

import re

from holdem.history.online.model import ActionKind, Collected, OnlineHand, PostKind
from holdem.history.online.named import INFO, NamedReader
from holdem.history.online.reader import HeaderParser
from holdem.history.online.text import MONEY, HandText
from holdem.rules.config import Structure

__all__ = ["PARSER", "EntractionParser"]

_START = re.compile(r"^\ufeff?Game # \d+ - ", re.M)
_HEADER = re.compile(
    r"^Game # (?P<id>\d+) - (?P<game>.*?) (?:(?P<currency>[A-Z]{3}) )?"
    rf"(?P<small>{MONEY})/(?P<big>{MONEY})(?P<rest>.*?)(?: - Table \"(?P<table>.*)\")?$"
)
# In both, a name ending inside a run of blanks is not tried ((?<!\s): the
# shorter name before the run matches first; lines are stripped, so a name
# is not one blank) and blanks are not given back before "(": trying each
# end inside a long run of blanks scanned the rest of the run each time.
_SEAT = re.compile(
    r"^(?P<player>.+?)(?<!\s)\s++\((?:[A-Z]{3} )?"
    rf"(?P<stack>{MONEY}) in seat (?P<seat>\d+)\)$"
)
_BLIND = re.compile(
    r"^(?P<which>Small|Big) Blind:\s++(?P<rest>.+?)(?<!\s)\s++"
    rf"\((?P<chips>{MONEY})\)$"
)
# ... but a line with only blanks before its "(" was read with one blank as
# the rest (the last but one): read so still
_BLIND_BLANK = re.compile(
    rf"^(?P<which>Small|Big) Blind:\s+(?P<rest>\s)\s\((?P<chips>{MONEY})\)$"
)
_DEALT = re.compile(r"^(?P<player>.+?) was dealt:\s+(?P<cards>.+)$", re.IGNORECASE)
_CARD = re.compile(r"\b(?:10|[2-9TJQKA])[cdhs]\b")
_STREETS = {"Flop": 1, "Turn": 2, "River": 3}
_VERBS = ("Fold", "Check", "Call", "Bet", "Raise", "All-In", "Payback", "Ante")
_QUIET = ("didn't show", "doesn't show", "mucks", "is sitting out", "sits out")


class _Reader(NamedReader):
    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.button = ""
        self.rake: int | None = None
        self.hero: str | None = None  # the player "NAME was dealt:" names

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not an Entraction 'Game # ID - game S/B' header")
        is_tournament = header["currency"] is None
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
        big_bet = 0
        if structure is Structure.FIXED_LIMIT:
            big_bet, big_blind = big_blind, small_blind
            small_blind = big_blind // 2
        for self.index in range(1, len(lines)):
            self._line(lines[self.index])
        self.close_street()
        button = next((s.seat for s in self.seats if s.player == self.button), 0)
        if not button:
            self.index = 0
            raise self.error("no 'Dealer:' line names a seated player")
        return OnlineHand(
            site="Entraction",
            hand_id=header["id"],
            table=header["table"] or "",
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=game,
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=big_bet,
            max_seats=0,
            button=button,
            **self.record(),
            uncalled=tuple(self.uncalled),
            total_pot=None,
            rake=self.rake,
            hero=self.hero,
        )

    def _line(self, line: str) -> None:
        if not line or line.startswith(("Players(", "Game ended")):
            return
        if not self.posts and not self.actions and line.endswith(")"):
            found = _SEAT.match(line)
            if found is not None:
                stack = self.chips(found["stack"])
                self.seat(int(found["seat"]), found["player"], stack)
                return
        if line.startswith("Dealer:"):
            self.button = line[len("Dealer:") :].strip()
            return
        found = _BLIND.match(line) or _BLIND_BLANK.match(line)
        if found is not None:
            self._blind(found)
            return
        if line.startswith("Rake:"):
            self.rake = self.amount(line[5:])
            return
        word = line.split(" ", 1)[0]
        if word in _STREETS:
            self._street(_STREETS[word], line[len(word) :])
            return
        found = _DEALT.match(line)
        if found is not None:
            self._dealt(found["player"], found["cards"])
            return
        named = self.named(line)
        if named is None:
            return  # other lines inform
        self._player_line(*named)

    def _blind(self, found: re.Match[str]) -> None:
        rest = found["rest"]
        player = next((n for n in self.names if rest == n), None)
        if player is None:
            raise self.error("a blind posted by a player not seated")
        kind = PostKind.SMALL_BLIND if found["which"] == "Small" else PostKind.BIG_BLIND
        self.post(player, kind, self.chips(found["chips"]))

    def _street(self, street: int, text: str) -> None:
        cards = self.cards(text.replace("-", " "))
        if len(self.board) + len(cards) == street + 2:
            self.board.extend(cards)
        elif len(cards) == street + 2 and tuple(cards[: len(self.board)]) == tuple(
            self.board
        ):
            self.board[:] = cards
        else:
            raise self.error("wrong number of board cards")
        self.street_to(street)

    def _dealt(self, name: str, text: str) -> None:
        lower = name.lower()
        player = next((n for n in self.names if n.lower() == lower), None)
        if player is None:
            raise self.error("cards dealt to a player not seated")
        cards = self.cards(text.replace("-", " "))
        self.hero = player  # "NAME was dealt:": whose history it is
        if len(cards) == 2:
            self.hole_cards[player] = cards

    def _player_line(self, player: str, what: str) -> None:
        word = what.split(" ", 1)[0].rstrip(":")
        if word in _VERBS:
            chips = self.amount(what) if word not in ("Fold", "Check") else 0
            match word:
                case "Fold":
                    self.fold(player)
                case "Check":
                    self.check(player)
                case "Call":
                    self.added(player, ActionKind.CALL, chips)
                case "Bet" | "Raise":
                    self._raise(player, chips)
                case "All-In":
                    self.all_in(player, chips)
                case "Payback":
                    self.uncalled.append((player, chips))
                case _:
                    self.post(player, PostKind.ANTE, chips)
        elif word == "wins":
            self.collected.append(Collected(player, self.amount(what)))
        elif word in ("shows", "showed"):
            cards = self.cards(" ".join(_CARD.findall(what)))
            if len(cards) == 2:
                self.hole_cards[player] = cards
        elif not what.startswith(_QUIET) and not INFO.match(what):
            raise self.error("unknown action")

    def _raise(self, player: str, chips: int) -> None:
        if self.current:
            self.raise_to(player, self.committed[player] + chips, kind=ActionKind.RAISE)
        else:
            self.added(player, ActionKind.BET, chips)


class EntractionParser(HeaderParser):
    """Reads Entraction text (see the module docstring)."""

    name = "Entraction"
    start = _START
    reader = _Reader


PARSER = EntractionParser()
"""The registry's instance."""
