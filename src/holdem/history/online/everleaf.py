"""The Everleaf Gaming text format.

A hand starts at ``Everleaf Gaming Game #ID`` (or a skin's ``Everleaf Gaming -
Concord Gaming - Game #ID``, ``- - Grand Poker - Game #ID``), then ``***** Hand
history for game #ID *****``, ``Blinds 500/1000 NL Hold'em - date`` (or
``$0.05/$0.10``), the table, ``Seat N is the button`` and the seats ``Seat 1:
NAME ( 16476 Chips )`` or ``( $ 10 USD )``. Lines name the player, with or
without a colon: ``NAME: posts small blind [$ 0.05 USD]``, ``posts ante [ 100
Chips]``, ``folds``, ``checks``, ``calls [ 1,000 Chips]``, ``bets [...]`` and
``raises [...]`` (bracketed amounts are the chips added); boards are ``**
Dealing Flop ** [ Ks, 8s, 6c ]``; ``NAME wins 5500 chips from main pot`` (``$
0.25 USD``, ``from side pot 1``) the chips collected, after any rake, then the
hand's name and its best five cards (``[ 9d, 8s, 7d, 6c, 5s ]``): the two of
them not on the board are the winner's hole cards. Uncalled bets and the rake
are not printed. Money is in cents, tournament chips as chips.
"""

from __future__ import annotations

import contextlib
import os
import re

from holdem.cards import Card
from holdem.errors import CardParseError
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
from holdem.history.online.text import MONEY, HandText, bracketed, cards, split_hands
from holdem.rules.config import Structure

__all__ = ["PARSER", "EverleafParser"]

_START = re.compile(
    r"^\ufeff?(?:Everleaf Gaming |.* - )Game #\d+[ \t]*\r?\n"
    r"(?=\*{5} Hand history for game #)",
    re.M,
)
_STAKES = re.compile(
    rf"^(?:Blinds )?(?P<small>{MONEY})/(?P<big>{MONEY}) (?P<game>.*?) - \d"
)
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<player>.+?) \(\s*(?P<stack>{MONEY})")
_BUTTON = re.compile(r"^Seat (\d+) is the button")
_CARD = {str(card): card for card in map(Card.from_code, range(52))}
"""Each card as printed (``Qd``), by its text."""
_FILE_TOURNAMENT = re.compile(r"TID_(\d+)")
"""A tournament's number in the file's name, the only place Everleaf prints
it: ``TID_1337923-1.txt``."""
_STREETS = {"flop": 1, "turn": 2, "river": 3}
_POSTS = (
    ("posts small blind", PostKind.SMALL_BLIND),
    ("posts big blind", PostKind.BIG_BLIND),
    ("posts ante", PostKind.ANTE),
)


class _Reader(HandReader):
    hero: str | None = None  # whose history it is: ``Dealt to NAME [..]``

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.names: list[str] = []
        # whether a seated name holds a space or a colon: if none does, a
        # line is a player's when the text before its first one is a name
        self.spaced = False
        self.button = 0
        self.committed: dict[str, int] = {}
        self.best_five: dict[str, tuple[Card, ...]] = {}

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        if "#" not in lines[0]:
            raise self.error("expected the hand's number after '#' on its first line")
        hand_id = lines[0].rsplit("#", 1)[1].strip()
        stakes = None
        for self.index in range(1, min(len(lines), 5)):
            stakes = _STAKES.match(lines[self.index])
            if stakes is not None:
                break
        if stakes is None:
            raise self.error("no stakes line (Blinds S/B game)")
        # the table's line follows the stakes: ``Table Cortland XIV``
        after = lines[self.index + 1] if self.index + 1 < len(lines) else ""
        table = after.strip() if after.startswith("Table ") else ""
        text = "\n".join(lines[:12])
        is_tournament = "Chips" in text
        self.scale = 1 if is_tournament else 100
        game = stakes["game"]
        upper = game.upper()
        is_holdem = "HOLD'EM" in upper or "HOLDEM" in upper
        if "NL" in upper.split() or "NO LIMIT" in upper:
            structure: Structure | None = Structure.NO_LIMIT
        elif "PL" in upper.split() or "POT LIMIT" in upper:
            structure = Structure.POT_LIMIT
        elif "FL" in upper.split() or "LIMIT" in upper:
            structure = Structure.FIXED_LIMIT
        else:
            structure = Structure.NO_LIMIT
        small_blind = self.chips(stakes["small"])
        big_blind = self.chips(stakes["big"])
        for self.index in range(1, len(lines)):
            self._line(lines[self.index])
        for player, five in self.best_five.items():
            # a winner's best five less the board are his hole cards when two
            # remain (both play); the site prints no other showing of them
            held = [card for card in five if card not in self.board]
            if player not in self.hole_cards and len(held) == 2:
                self.hole_cards[player] = tuple(held)
        return OnlineHand(
            site="Everleaf",
            tournament_id=_file_tournament(self.hand.source) if is_tournament else None,
            hand_id=hand_id,
            table=table,
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
            button=self.button,
            **self.record(),
            hero=self.hero,
            uncalled=(),
            total_pot=None,
            rake=None,
        )

    def cards(self, text: str) -> tuple[Card, ...]:
        """Cards as printed, ``[ Qd, 7c ]`` looked up by their text."""
        words = text.replace(",", " ").split()
        if all(word in _CARD for word in words):  # the common case
            return tuple([_CARD[word] for word in words])
        return super().cards(text)

    def _line(self, line: str) -> None:
        if not line or line.startswith("*****"):
            return
        is_seat = line.startswith("Seat ")
        found = _BUTTON.match(line) if is_seat else None
        if found is not None:
            self.button = int(found[1])
            return
        if is_seat and not self.posts and not self.actions:
            found = _SEAT.match(line)
            if found is not None:
                player = found["player"]
                stack = self.chips(found["stack"])
                self.seats.append(OnlineSeat(int(found["seat"]), player, stack))
                self.names.append(player)
                self.names.sort(key=len, reverse=True)
                self.spaced = self.spaced or " " in player or ":" in player
                self.committed[player] = 0
            return
        if line.startswith("** Dealing "):
            word = line[len("** Dealing ") :].split(" ", 1)[0].lower()
            street = _STREETS.get(word)
            if street is not None and street > self.street:
                shown = bracketed(line)
                if not shown:
                    raise self.error("a street without its board cards")
                self.board.extend(self.cards(shown[-1]))
                self.street = street
                self.committed = dict.fromkeys(self.committed, 0)
            return
        if line.startswith("Dealt to "):
            for name in self.names:
                if line.startswith(f"Dealt to {name} ["):
                    self.hero = name
                    shown = bracketed(line)
                    if not shown:
                        raise self.error("a deal without its cards in brackets")
                    dealt = self.cards(shown[0])
                    if len(dealt) == 2:
                        self.hole_cards[name] = dealt
                    return
            return
        if not self.spaced:
            space, colon = line.find(" "), line.find(":")
            end = colon if space < 0 or 0 <= colon < space else space
            if end >= 0 and line[:end] in self.names:
                self._player_line(line[:end], line[end + 1 :].strip())
                return
        else:
            for name in self.names:
                if line.startswith(name) and line[len(name) : len(name) + 1] in (
                    " ",
                    ":",
                ):
                    what = line[len(name) + 1 :].strip()
                    self._player_line(name, what)
                    return
        # other lines inform: table, player count, game and stakes

    def _player_line(self, player: str, what: str) -> None:
        line = self.hand.line + self.index
        verb = what.split(" ", 1)[0]
        kind = VERBS.get(verb)
        if kind is not None:
            chips = 0
            if kind is not ActionKind.FOLD and kind is not ActionKind.CHECK:
                added = self.amount(what)
                chips = added
                if kind is ActionKind.RAISE:
                    chips = self.committed[player] + added  # printed: chips added
                self.committed[player] += added
            all_in = "all-in" in what.lower() or "all in" in what.lower()
            self.actions.append(
                OnlineAction(self.street, player, kind, chips, all_in, line)
            )
            return
        for prefix, post in _POSTS:
            if what.startswith(prefix):
                amount = self.amount(what)
                self.posts.append(Post(player, post, amount, line=line))
                if post is not PostKind.ANTE:
                    self.committed[player] += amount
                return
        if verb == "wins":
            pot = "side pot" if "side pot" in what else "pot"
            self.collected.append(Collected(player, self.amount(what), pot))
            shown = bracketed(what)
            # some print ranks only (``[ A ]``): then nothing is learnt
            with contextlib.suppress(CardParseError):
                self.best_five[player] = cards(shown[0]) if shown else ()
            return
        if verb in ("shows", "mucks", "does"):
            shown = bracketed(what)
            if shown:
                known = self.cards(shown[0])
                if len(known) == 2:
                    self.hole_cards[player] = known


class EverleafParser(HeaderParser):
    """Reads Everleaf Gaming text (see the module docstring)."""

    name = "Everleaf"
    start = _START
    needle = "Game #"
    reader = _Reader

    def split(self, text: str, source: str) -> list[HandText]:
        """The hands of a file: each starts at its header line."""
        # cp1252 turns a euro sign saved as 0x88 into a caret; one character
        # for another, so the hands start and the lines count just the same
        return split_hands(_START, text.replace("\u02c6", "€"), source)


PARSER = EverleafParser()
"""The registry's instance."""


def _file_tournament(source: str) -> str | None:
    """The tournament's number in the file's name (``TID_1337923-1.txt``)."""
    found = _FILE_TOURNAMENT.match(os.path.basename(source))
    return found[1] if found is not None else None
