"""The PKR text format.

A hand runs from ``Starting Hand #ID`` to ``End of Hand #ID``, after the line
``Table #45406961 - Pink Paisley`` that names its table: ``Game Type:``,
``Limit Type:``, ``Money Type:`` (``TOURNAMENT CHIPS`` for tournaments),
``Blinds are now $S / $B``, ``Button is at seat N`` (then ``Moving Button to
seat N``: the button of this hand), the seats ``Seat N: NAME - $STACK``,
``NAME posts small blind ($S)``, ``posts ante of X``, ``posts X`` (a blind
posted out of turn: live; ``posts $0`` posts nothing live), ``posts X dead``
(a dead blind: R-TABLE-6). Betting amounts are street totals: ``calls $X``,
``bets $X`` and ``raises to $X``, ``(all-in)`` when so. ``Dealing [K d][A d]
to NAME`` and ``NAME shows [K d][A d]`` give hole cards, ``Dealing Flop [J
d][9 d][Q d]`` the board; ``Returning X to NAME uncalled`` is an uncalled
bet, ``Taking Rake of X from pot N`` the rake and ``NAME wins X`` (``from side
pot #N``, ``with: ...``) the chips collected. Money is in cents, tournament
chips as chips.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from holdem.cards import Card
from holdem.errors import CardParseError
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
from holdem.history.online.text import (
    MONEY,
    HandText,
    cards,
    first_start,
    split_hands,
)
from holdem.rules.config import Structure

__all__ = ["PARSER", "PkrParser"]

_START = re.compile(r"^\ufeff?Starting Hand #\d+", re.M)
_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<player>.+?)(?: \(bounty[^)]*\))? - (?P<stack>{MONEY})"
)
_BLINDS = re.compile(rf"^Blinds are now (?P<small>{MONEY}) / (?P<big>{MONEY})")
_BUTTON = re.compile(r"^(?:Button is at|Moving Button to) seat (\d+)")
_CARD = re.compile(r"\[(\w+) (\w)\]")
_MONEY = re.compile(MONEY)
_RETURN = re.compile(rf"^Returning (?P<chips>{MONEY}) to (?P<player>.+) uncalled")
_RAKE = re.compile(rf"^Taking Rake of (?P<chips>{MONEY})")
_STREETS = {"Flop": 1, "Turn": 2, "River": 3}


@dataclass(frozen=True, slots=True)
class _TabledHand(HandText):
    """A hand's text with the ``Table #ID - NAME`` line printed before it."""

    table: str = ""


class _Reader(HandReader):
    hero: str | None = None  # whose history it is: ``Dealing [..] to NAME``

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.names: list[str] = []
        self.button = 0
        self.small_blind = self.big_blind = 0
        self.uncalled: list[tuple[str, int]] = []
        self.rake = 0
        self.committed: dict[str, int] = {}
        self.dealt = False
        # whether a seated name holds a space: if none does, a line is a
        # player's when its first word is a seated name
        self.spaced = False

    def cards(self, text: str) -> tuple[Card, ...]:
        try:
            return cards(" ".join(rank + suit for rank, suit in _CARD.findall(text)))
        except CardParseError as error:
            raise self.error(str(error)) from None

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        if "#" not in lines[0]:
            raise self.error("expected the hand's number after '#' on its first line")
        hand_id = lines[0].split("#", 1)[1].strip()
        text = "\n".join(lines[:12])
        is_tournament = "TOURNAMENT" in text
        self.scale = 1 if is_tournament else 100
        is_holdem = "Game Type: HOLD'EM" in text
        structure: Structure | None = None
        if "Limit Type: NO LIMIT" in text:
            structure = Structure.NO_LIMIT
        elif "Limit Type: POT LIMIT" in text:
            structure = Structure.POT_LIMIT
        elif "Limit Type: LIMIT" in text or "Limit Type: FIXED" in text:
            structure = Structure.FIXED_LIMIT
        for self.index in range(1, len(lines)):
            self._line(lines[self.index])
        return OnlineHand(
            site="PKR",
            hand_id=hand_id,
            table=self.hand.table if isinstance(self.hand, _TabledHand) else "",
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=f"Hold'em {structure}" if is_holdem else "not hold'em",
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=self.small_blind,
            big_blind=self.big_blind,
            big_bet=2 * self.big_blind if structure is Structure.FIXED_LIMIT else 0,
            max_seats=0,
            button=self.button,
            **self.record(),
            hero=self.hero,
            uncalled=tuple(self.uncalled),
            total_pot=None,
            rake=self.rake,
        )

    def _line(self, line: str) -> None:
        if not line or line.startswith("End of Hand"):
            return
        if line.startswith("Seat ") and not self.dealt:
            found = _SEAT.match(line)
            if found is not None:
                player = found["player"]
                stack = self.chips(found["stack"])
                out = "away from table" in line
                self.seats.append(OnlineSeat(int(found["seat"]), player, stack, out))
                self.names.append(player)
                self.names.sort(key=len, reverse=True)
                self.spaced = self.spaced or " " in player
                self.committed[player] = 0
            return
        if line.startswith("Seat "):
            return  # the stacks after the hand
        first = line[0]  # one test leads to the few patterns each letter starts
        found = _BLINDS.match(line) if first == "B" else None
        if found is not None:
            self.small_blind = self.chips(found["small"])
            self.big_blind = self.chips(found["big"])
            return
        found = _BUTTON.match(line) if first in "BM" else None
        if found is not None:
            self.button = self.seat_number(found[1])
            return
        if line.startswith("Dealing "):
            self._dealing(line)
            return
        found = _RETURN.match(line) if first == "R" else None
        if found is not None:
            self.uncalled.append((found["player"], self.chips(found["chips"])))
            return
        found = _RAKE.match(line) if first == "T" else None
        if found is not None:
            self.rake += self.chips(found["chips"])
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
        # other lines inform: table, times, game type, pot sizes, chat

    def _dealing(self, line: str) -> None:
        self.dealt = True
        word = line.split(" ", 2)[1]
        street = _STREETS.get(word)
        if street is not None:
            self.board.extend(self.cards(line))
            self.street = street
            self.committed = dict.fromkeys(self.committed, 0)
            return
        if line.endswith("]") or " to " not in line:
            return  # "Dealing Cards"
        player = line.rsplit(" to ", 1)[1]
        dealt = self.cards(line)
        if player in self.committed:
            # the owner's history: named even where its cards are printed
            # in a shape not read (``Dealing [qs][2s] to Hero``)
            self.hero = player
            if len(dealt) == 2:
                self.hole_cards[player] = dealt

    def _player_line(self, player: str, what: str) -> None:
        line = self.hand.line + self.index
        verb = what.split(" ", 1)[0]
        all_in = "(all-in)" in what
        kind = VERBS.get(verb)
        if kind is ActionKind.FOLD or kind is ActionKind.CHECK:
            # "folds", "folds and shows [..]", "checks": no amount to read
            self.actions.append(OnlineAction(self.street, player, kind, line=line))
            return
        if kind is None and verb != "posts" and verb != "wins":
            if verb == "shows":
                known = self.cards(what)
                if len(known) == 2:
                    self.hole_cards[player] = known
            if not verb.startswith("ties"):
                return  # other player lines inform: mucks, has, rebuys, chat
        amounts = [self.chips(found) for found in _MONEY.findall(what)]
        if kind is not None:
            if not amounts:
                raise self.error("an action without its amount")
            to = amounts[-1]  # PKR prints street totals
            before = self.committed[player]
            chips = to if kind is ActionKind.RAISE else to - before
            self.committed[player] = to
            self.actions.append(
                OnlineAction(self.street, player, kind, chips, all_in, line)
            )
            return
        if verb == "posts":
            if not amounts:
                raise self.error("a post without its amount")
            amount = amounts[-1]
            if what.startswith("posts small blind"):
                post = PostKind.SMALL_BLIND
            elif what.startswith("posts ante"):
                post = PostKind.ANTE
            elif what.endswith(" dead"):
                post = PostKind.DEAD_SMALL_BLIND  # "posts $1 dead" (R-TABLE-6)
            elif amount == 0:
                return  # "posts $0": nothing live, its dead part follows
            else:
                post = PostKind.BIG_BLIND
            self.posts.append(Post(player, post, amount, all_in, line))
            if post is not PostKind.ANTE and post is not PostKind.DEAD_SMALL_BLIND:
                self.committed[player] += amount
            return
        if verb == "wins" or (verb.startswith("ties") and " wins " in what):
            if not amounts:
                raise self.error("a win without its amount")
            pot = "side pot" if "side pot" in what else "pot"
            won = _MONEY.search(what.split(" wins ", 1)[-1] if verb != "wins" else what)
            self.collected.append(
                Collected(player, self.chips(won[0]) if won else amounts[0], pot)
            )
            return


class PkrParser(HeaderParser):
    """Reads PKR text (see the module docstring)."""

    name = "PKR"
    start = _START
    needle = "Starting Hand #"
    reader = _Reader

    def split(self, text: str, source: str) -> list[HandText]:
        """The hands of a file, each with the table line printed before it.

        The site prints ``Table #45406961 - Pink Paisley`` on the line before
        each ``Starting Hand #``: the previous hand's last line, or the last
        before the first hand; a hand without one has no table (``""``).
        """
        hands = split_hands(_START, text, source)
        if not hands:
            return hands
        found = _START.search(text)
        before = text[: found.start()].rstrip() if found is not None else ""
        tabled: list[HandText] = []
        for hand in hands:
            last = before.rpartition("\n")[2].strip()
            table = last if last.startswith("Table #") else ""
            tabled.append(_TabledHand(hand.source, hand.line, hand.lines, table))
            before = hand.lines[-1]
        return tabled

    def matches(self, text: str) -> bool:
        """Whether ``text`` holds ``Starting Hand #`` hands."""
        return (
            self.needle in text
            and "Game Type:" in text
            and first_start(_START, text) >= 0
        )


PARSER = PkrParser()
"""The registry's instance."""
