"""The Winning Poker Network's text (``Game started at:``).

A hand starts at ``Game started at: 2016/8/8 16:26:41``, then ``Game ID: ID
0.01/0.02 TABLE (Hold'em)`` (the blinds; tournaments print chips),
``Seat 3 is the button``, the seats ``Seat 1: NAME (2.02).`` and lines that
begin ``Player NAME``: ``has small blind (0.01)``, ``has big blind (0.02)``,
``ante (20)`` or ``posts ante (20)``, ``received card: [Ad]`` (the hero's
cards, one a line), ``folds``, ``checks``, ``calls (0.02)`` (chips added),
``bets (0.06)``, ``raises (0.13)`` (chips added too: a small blind of 0.01
raising to 0.14), ``allin (1445)`` (the chips added, whichever action that
makes). ``Uncalled bet (0.06) returned to
NAME``; streets ``*** TURN ***: [Ks 2d 7c] [8h]`` (the last bracket holds the
new cards). The summary prints ``Pot: 0.09. Rake 0`` (the total pot and the
rake; tournaments print no rake) and per player ``*Player NAME shows: One
pair of 7s [Jd 2s]. Bets: 0.02. Collects: 0.02. Wins: 0.`` (the hole cards in
the brackets; ``Collects`` is what the player took from the pots, after the
rake and without any uncalled bet).

Money is in cents; tournament chips in hundredths, so every figure keeps its
printed ratio.
"""

from __future__ import annotations

import os
import re

from holdem.cards import Card
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
from holdem.history.online.reader import VERBS, HandReader, read_in_unit
from holdem.history.online.text import HandText, bracketed, first_start, hand_starts
from holdem.rules.config import Structure

__all__ = ["PARSER", "WinningParser"]

_START = re.compile(r"^\ufeff?Game started at: ", re.M)
_FILE_TOURNAMENT = re.compile(r"\bT(\d+)-G\d+")
"""A tournament's number in the file's name, the only place this text prints
it: ``HH20190118 T9360380-G0-201901.txt``."""
# bounded (no room prints longer amounts): a search for it tries every
# character of a line, and an unbounded run made each try scan the line
_NUMBER = r"\d[\d,]{0,32}(?:\.\d{1,16})?"
_GAME = re.compile(
    rf"^Game ID: (?P<id>\d+) (?P<small>{_NUMBER})/(?P<big>{_NUMBER}) (?P<table>.*)"
    r" \((?P<game>[^()]*)\)$"
)
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>{_NUMBER})\)\.?$")
_BUTTON = re.compile(r"^Seat (\d+) is the button")
_UNCALLED = re.compile(
    rf"^Uncalled bet \((?P<chips>{_NUMBER})\) returned to (?P<p>.+)$"
)
_POT = re.compile(rf"^Pot: (?P<total>{_NUMBER})\.?(?: Rake (?P<rake>{_NUMBER}))?")
_SUMMARY_HEAD = re.compile(r"^\*?Player ")
_SUMMARY_WHAT = re.compile(r" (?:shows|mucks|does not|doesn't)")
_SUMMARY_TAIL = re.compile(
    rf"\.? ?Bets: (?P<bets>{_NUMBER})\. Collects: (?P<collects>{_NUMBER})\."
)
_AMOUNT = re.compile(rf"\((?P<chips>{_NUMBER})\)")
_POSTS = {
    "has small blind": PostKind.SMALL_BLIND,
    "has big blind": PostKind.BIG_BLIND,
    "ante": PostKind.ANTE,
    "posts ante": PostKind.ANTE,
}
_POST_FIRST = frozenset(prefix[0] for prefix in _POSTS)
"""The first letters of the posts' prefixes: no other line is tried on them."""
_NOTES = ("received a card", "mucks cards", "is timed out", "shows cards")


class WinningParser:
    """Reads the Winning Poker Network's text (see the module docstring)."""

    name = "Winning"

    def matches(self, text: str) -> bool:
        """Whether ``text`` holds ``Game started at:`` hands with a game line."""
        return (
            "\nGame ID: " in text
            and "Game started at: " in text
            and first_start(_START, text) >= 0
        )

    def split(self, text: str, source: str) -> list[HandText]:
        """The hands of a file: each starts at ``Game started at:``."""
        starts = hand_starts(_START, text)
        hands: list[HandText] = []
        line = 1 + text.count("\n", 0, starts[0]) if starts else 1
        for first, end in zip(starts, [*starts[1:], len(text)], strict=True):
            lines = [row.strip() for row in text[first:end].splitlines()]
            lines[0] = lines[0].lstrip("\ufeff")
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


PARSER = WinningParser()
"""The registry's instance."""


class _Reader(HandReader):
    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.names: list[str] = []
        # whether a seated name holds a space: if none does, a player's line
        # ("Player NAME ...") is found by the word after "Player "
        self.spaced = False
        self.button = 0
        self.dealt: dict[str, list[Card]] = {}
        self.uncalled: list[tuple[str, int]] = []
        self.total: int | None = None
        self.rake: int | None = None
        self.committed: dict[str, int] = {}
        self.left: dict[str, int] = {}
        self.current_bet = 0
        self.in_summary = False

    def new_street(self) -> None:
        self.committed = dict.fromkeys(self.committed, 0)
        self.current_bet = 0

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        game = None
        for self.index in range(1, min(len(lines), 4)):
            game = _GAME.match(lines[self.index])
            if game is not None:
                break
        if game is None:
            raise self.error("no game line (Game ID: ID small/big table (game))")
        start = self.index + 1
        name = game["game"]
        is_holdem = name.upper().replace("'", "") == "HOLDEM"
        small, big = self.chips(game["small"]), self.chips(game["big"])
        for index in range(start, len(lines)):
            line = lines[index]
            if line:  # every other line is empty (CRLF read twice)
                self.index = index
                self._line(line)
        for player, dealt in self.dealt.items():
            if len(dealt) == 2 and player not in self.hole_cards:
                self.hole_cards[player] = tuple(dealt)
        posted = [p.chips for p in self.posts if p.kind is PostKind.BIG_BLIND]
        is_limit = bool(posted) and max(posted) * 2 <= big
        if is_limit:  # fixed-limit prints the small and big bets
            small, big = small // 2, small
        return OnlineHand(
            site="Winning",
            hand_id=game["id"],
            table=game["table"],
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=self.rake is None,
            tournament_id=_file_tournament(self.hand.source)
            if self.rake is None
            else None,
            game=name,
            is_holdem=is_holdem,
            structure=(Structure.FIXED_LIMIT if is_limit else Structure.NO_LIMIT)
            if is_holdem
            else None,
            small_blind=small,
            big_blind=big,
            big_bet=2 * big if is_limit else 0,
            max_seats=0,
            button=self.button,
            seats=tuple(self.seats),
            posts=tuple(self.posts),
            hole_cards=tuple(self.hole_cards.items()),
            board=tuple(self.board),
            actions=tuple(self.actions),
            uncalled=tuple(self.uncalled),
            collected=tuple(c for c in self.collected if c.chips),
            total_pot=self.total,
            rake=self.rake,
            # the cards received face up are the hero's own (``received
            # card: [2c]``), the others' face down (``received a card``)
            hero=next((p for p, dealt in self.dealt.items() if len(dealt) == 2), None),
        )

    def _line(self, line: str) -> None:
        if not line.strip("\ufffd\x00") or line.startswith(("Game ended", "Board:")):
            return  # a stray byte at the file's end decodes as U+FFFD
        if line.startswith("------ Summary"):
            self.in_summary = True
            return
        if self.in_summary:
            self._summary(line)
            return
        is_seat = line.startswith("Seat ")
        found = _BUTTON.match(line) if is_seat else None
        if found is not None:
            self.button = int(found[1])
            return
        if is_seat:
            found = _SEAT.match(line)
            if found is None:
                raise self.error("a seat line without a stack")
            player = found["player"]
            stack = self.chips(found["stack"])
            self.seats.append(OnlineSeat(int(found["seat"]), player, stack))
            self.names.append(player)
            self.names.sort(key=len, reverse=True)
            self.spaced = self.spaced or " " in player
            self.committed[player] = 0
            self.left[player] = stack
            return
        if line.startswith("Player "):
            rest = line[len("Player ") :]
            if not self.spaced:  # player_line's common case, without the call
                name, space, what = rest.partition(" ")
                if space and name in self.names:
                    self._player_line(name, what)
                    return
            else:
                named = player_line(rest, self.names, True)
                if named is not None:
                    self._player_line(*named)
                    return
            raise self.error("unknown line")
        if line.startswith("***") and self.street_line(line):
            return
        found = _UNCALLED.match(line) if line.startswith("U") else None
        if found is not None:
            self.uncalled.append((found["p"], self.chips(found["chips"])))
            return
        raise self.error("unknown line")

    def _summary(self, line: str) -> None:
        found = _POT.match(line)
        if found is not None:
            self.total = self.chips(found["total"])
            self.rake = self.chips(found["rake"]) if found["rake"] else None
            return
        read = _summary_seat(line)
        if read is None:
            raise self.error("unknown summary line")
        player, cards, collects = read
        if cards:
            known = self.cards(cards)
            if len(known) == 2:
                self.hole_cards[player] = known
        self.collected.append(Collected(player, self.chips(collects)))

    def _player_line(self, player: str, what: str) -> None:
        line = self.hand.line + self.index
        if what.startswith("received card:"):
            shown = bracketed(what)
            if shown:
                self.dealt.setdefault(player, []).extend(self.cards(shown[0]))
            return
        if what.startswith(_NOTES):
            return
        amount = _AMOUNT.search(what)
        chips = self.chips(amount["chips"]) if amount else 0
        for prefix, post in _POSTS.items() if what[:1] in _POST_FIRST else ():
            if what.startswith(prefix):
                self.posts.append(Post(player, post, chips, line=line))
                self.left[player] -= chips
                if post is not PostKind.ANTE:
                    self.committed[player] += chips
                    self.current_bet = max(self.current_bet, self.committed[player])
                return
        verb = what.split(" ", 1)[0]
        kind = VERBS.get(verb)
        all_in = verb == "allin"
        if kind is ActionKind.RAISE:
            kind, all_in = None, True  # the chips added, like an all-in's
        if all_in:
            # the chips added: a call up to the bet, else a bet or a raise
            to = self.committed[player] + chips
            if to <= self.current_bet:
                kind = ActionKind.CALL
            elif self.current_bet:
                kind, chips = ActionKind.RAISE, to
            else:
                kind = ActionKind.BET
        if kind is None:
            raise self.error("unknown action")
        if kind is ActionKind.CALL or kind is ActionKind.BET:
            self.committed[player] += chips
            self.left[player] -= chips
        elif kind is ActionKind.RAISE:
            self.left[player] -= chips - self.committed[player]
            self.committed[player] = chips
        self.current_bet = max(self.current_bet, self.committed[player])
        all_in = self.left[player] <= 0
        self.actions.append(
            OnlineAction(self.street, player, kind, chips, all_in, line)
        )


def _file_tournament(source: str) -> str | None:
    """The tournament's number in the file's name (``T9360380-G0``)."""
    found = _FILE_TOURNAMENT.search(os.path.basename(source))
    return found[1] if found is not None else None


def _summary_seat(line: str) -> tuple[str, str | None, str] | None:
    r"""``(player, cards, collects)`` of a summary line, or ``None``.

    ``*Player NAME shows: .. [Ah Kd]. Bets: 1. Collects: 2.``: the cards
    inside the brackets (``None`` without), the collected amount as printed.
    Reads as this pattern would, in one pass::

        ^\*?Player (?P<player>.+?) (?P<what>shows|mucks|does not|doesn't).*?
        (?:\[(?P<cards>[^\]]*)\])?\.? ?Bets: (?P<bets>N)\. Collects: (?P<collects>N)\.

    That pattern scanned the rest of the line for ``]`` from every ``[``
    after the verb, so a long line took time growing as its square. Only
    the first verb can start a match (a later one lies after it), the
    nearest ``Bets:`` tail is found by one search, and a ``[`` before it
    counts when the first ``]`` after it is followed by a tail.
    """
    head = _SUMMARY_HEAD.match(line)
    if head is None:
        return None
    what = _SUMMARY_WHAT.search(line, head.end() + 1)
    if what is None:
        return None
    player = line[head.end() : what.start()]
    tail = _SUMMARY_TAIL.search(line, what.end())
    until = len(line) if tail is None else tail.start()
    bracket = line.find("[", what.end(), until)
    while bracket != -1:
        close = line.find("]", bracket + 1)
        if close == -1:
            break
        found = _SUMMARY_TAIL.match(line, close + 1)
        if found is not None:
            return player, line[bracket + 1 : close], found["collects"]
        bracket = line.find("[", close + 1, until)
    if tail is None:
        return None
    return player, None, tail["collects"]
