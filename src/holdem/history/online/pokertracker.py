"""PokerTracker's generic text export (Merge and iPoker hands).

A hand starts at one of ``MERGE_GAME #ID: Texas Hold'em NL $0.50/$1 DATE``,
``Merge Game #ID | Holdem NL ($0.02/$0.04) | DATE | Version:2``, ``GAME #ID:
Texas Hold'em NL $0.50/$1 DATE`` or ``GAME #ID Version:V Uncalled:Y Texas
Hold'em NL €0.05/€0.10 DATE`` (tournaments print ``NL Tournament`` and no
stakes: the blinds come from the posts); then the table, the seats ``Seat 1:
NAME ($127.26 in chips)`` (``DEALER`` after the button's), and lines ``NAME:
Post SB $0.50``, ``Post BB``, ``Post BB Allin``, ``Post Ante``, ``Post DB`` (a
blind out of position: the small blind alone is a live small blind the player
completes, the big blind alone a live big blind, both together a dead small and
a live big blind), ``Fold``, ``Check``, ``Call $1.00`` (chips added), ``Bet
$1.50``, ``Raise $4.00`` or ``Raise (NF) $4.00`` (the street total), ``Allin
$36.49`` (all-in, whichever action that makes; the amount printed is not always
that, so the replay takes all the chips the player has left), ``Shows [..]``,
``Mucks [..]``, ``wins $18.90`` (collected, after the rake) and ``wins $0.04
(uncalled)`` (a returned bet). Streets print the new cards only (``*** TURN ***
[6d]``); some hands print ``Total pot $X Rake $Y``. Where no return is printed
the collected amounts count it.

Money is in cents; tournament chips, printed as money, in hundredths.
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
from holdem.history.online.reader import HandReader, HeaderParser
from holdem.history.online.text import MONEY, HandText, bracketed, cards
from holdem.rules.config import Structure

__all__ = ["PARSER", "PokerTrackerParser"]

_START = re.compile(r"^\ufeff?(?:MERGE_GAME #|Merge Game #|GAME #)\S+", re.M)
_ID = re.compile(r"#([\w-]+)")
# bounded (no room prints longer amounts): a search for it tries every
# character of a line, and an unbounded run made each try scan the line
_AMOUNT = r"[$€£]?\d[\d,]{0,32}(?:\.\d{1,16})?"
_STAKES = re.compile(rf"(?P<small>{_AMOUNT})/(?P<big>{_AMOUNT})")
_SUIT_FIRST = re.compile(r"\b([CDHScdhs])(10|[2-9TJQKAtjqka])\b")
_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<player>.+) \((?P<stack>{MONEY}) in chips\)"
    r"(?P<dealer> DEALER)?"
)
_TOTAL = re.compile(rf"^Total pot (?P<total>{MONEY}) Rake (?P<rake>{MONEY})")
_VERBS = {
    "Fold": ActionKind.FOLD,
    "Check": ActionKind.CHECK,
    "Call": ActionKind.CALL,
    "Bet": ActionKind.BET,
    "Raise": ActionKind.RAISE,
}
_POSTS = {
    "Post SB": PostKind.SMALL_BLIND,
    "Post BB": PostKind.BIG_BLIND,
    "Post Ante": PostKind.ANTE,
    "Post DB": PostKind.DEAD_SMALL_BLIND,
}


class _Reader(HandReader):
    hero: str | None = None  # whose history it is: ``Dealt to NAME [..]``

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.button = 0
        self.uncalled: list[tuple[str, int]] = []
        self.mucked: list[str] = []  # "NAME: Mucks [..]" (R-SHOW-2)
        self.total: int | None = None
        self.rake: int | None = None
        self.big_blind = 0
        self.committed: dict[str, int] = {}
        self.left: dict[str, int] = {}
        self.current_bet = 0
        self.is_stack_after_posts = False
        self.posted: dict[str, int] = {}

    def new_street(self) -> None:
        self.committed = dict.fromkeys(self.committed, 0)
        self.current_bet = 0

    def cards(self, text: str) -> tuple[Card, ...]:
        # iPoker exports print the suit first (``D7``, ``sJ``)
        text = _SUIT_FIRST.sub(lambda m: m[2].upper() + m[1].lower(), text)
        try:
            return cards(text)
        except CardParseError as error:
            raise self.error(str(error)) from None

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = lines[0]
        hand_id = _ID.search(header)
        if hand_id is None:
            raise self.error("no hand number in the header")
        site = "Merge" if header.upper().startswith("MERGE") else "iPoker"
        upper = header.upper()
        is_holdem = "HOLD'EM" in upper or "HOLDEM" in upper
        words = upper.replace("(", " ").split()
        if "NL" in words:
            structure: Structure | None = Structure.NO_LIMIT
        elif "PL" in words:
            structure = Structure.POT_LIMIT
        elif "FL" in words or "LIMIT" in words:
            structure = Structure.FIXED_LIMIT
        else:
            structure = None
        is_tournament = "TOURNAMENT" in words
        stakes = None if is_tournament else _STAKES.search(header)
        small = self.chips(stakes["small"]) if stakes else 0
        big = self.chips(stakes["big"]) if stakes else 0
        # Merge tournaments print each stack after the hand's posts
        self.is_stack_after_posts = site == "Merge" and is_tournament
        if is_tournament:
            self.scale = 1  # whole chips, so an odd chip is one (R-POT-3)
        for self.index in range(1, len(lines)):
            self._line(lines[self.index])
        if not big:
            big = max(
                (p.chips for p in self.posts if p.kind is PostKind.BIG_BLIND),
                default=0,
            )
            small = max(
                (p.chips for p in self.posts if p.kind is PostKind.SMALL_BLIND),
                default=big // 2,
            )
        table = lines[1][len("Table ") :] if len(lines) > 1 else ""
        posted = self.posted  # the seat's stack is printed after its posts
        seats = [
            OnlineSeat(s.seat, s.player, s.stack + posted[s.player], s.is_sitting_out)
            if s.player in posted
            else s
            for s in self.seats
        ]
        return OnlineHand(
            site=site,
            hand_id=hand_id[1],
            table=table,
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=header,
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small,
            big_blind=big,
            big_bet=2 * big if structure is Structure.FIXED_LIMIT else 0,
            max_seats=0,
            button=self.button,
            seats=tuple(seats),
            posts=tuple(self._posts(big)),
            hole_cards=tuple(self.hole_cards.items()),
            board=tuple(self.board),
            actions=tuple(self.actions),
            uncalled=tuple(self.uncalled),
            collected=tuple(self.collected),
            mucked=tuple(self.mucked),
            hero=self.hero,
            total_pot=self.total,
            rake=self.rake,
            returns_in_collected=not self.uncalled,
        )

    def _posts(self, big: int) -> list[Post]:
        """The posts with each dead blind named by its size against the big."""
        posts = []
        for post in self.posts:
            if post.kind is PostKind.DEAD_SMALL_BLIND and big:
                if post.chips < big:
                    post = Post(post.player, PostKind.SMALL_BLIND, post.chips)
                elif post.chips == big:
                    post = Post(post.player, PostKind.BIG_BLIND, post.chips)
                elif post.chips > big:
                    post = Post(post.player, PostKind.SMALL_AND_BIG_BLINDS, post.chips)
            posts.append(post)
        return posts

    def _line(self, line: str) -> None:
        if not line or line in ("*** HOLE CARDS ***", "*** SUMMARY ***"):
            return
        if line.startswith("Table ") and self.index == 1:
            return
        if line.startswith("Seat ") and not self.posts and not self.actions:
            found = _SEAT.match(line)
            if found is None:
                raise self.error("a seat line without a stack")
            player = found["player"]
            seat = int(found["seat"])
            self.seats.append(OnlineSeat(seat, player, self.chips(found["stack"])))
            self.committed[player] = 0
            self.left[player] = self.seats[-1].stack
            if found["dealer"]:
                self.button = seat
            return
        if line.startswith("***") and self.street_line(line):
            return
        found = _TOTAL.match(line) if line.startswith("Total pot ") else None
        if found is not None:
            self.total = self.chips(found["total"])
            self.rake = self.chips(found["rake"])
            return
        if line.startswith("Dealt to "):
            names = [seated.player for seated in self.seats]
            self.dealt_line(line, names)
            self.hero = dealt_to(line, names)
            return
        player, colon, what = line.partition(": ")
        if not colon or player not in self.committed:
            raise self.error("unknown line")
        self._player_line(player, what)

    def known_cards(self, player: str, text: str) -> None:
        shown = bracketed(text)
        if shown and "X" not in shown[0].upper().split():  # ``[9d X]``: one shown
            known = self.cards(shown[0])
            if len(known) == 2:
                self.hole_cards[player] = known

    def _player_line(self, player: str, what: str) -> None:
        line = self.hand.line + self.index
        for prefix, post in _POSTS.items():
            if what.startswith(prefix):
                chips = self.amount(what)
                all_in = "Allin" in what
                self.posts.append(Post(player, post, chips, all_in, line))
                if self.is_stack_after_posts:
                    self.posted[player] = self.posted.get(player, 0) + chips
                else:
                    self.left[player] -= chips
                if post is not PostKind.ANTE:
                    self.committed[player] += chips
                    self.current_bet = max(self.current_bet, chips)
                return
        verb = what.split(" ", 1)[0]
        kind = _VERBS.get(verb)
        all_in = False
        if verb == "Allin":
            # all the chips left (the amount printed is not reliably the chips
            # added): a call up to the bet, else a bet or raise
            added = self.left[player]
            to = self.committed[player] + added
            all_in = True
            if to <= self.current_bet:
                kind, chips = ActionKind.CALL, added
            elif self.current_bet:
                kind, chips = ActionKind.RAISE, to
            else:
                kind, chips = ActionKind.BET, added
        elif kind is None:
            self._other(player, what)
            return
        elif kind is ActionKind.FOLD or kind is ActionKind.CHECK:
            chips = 0
        else:
            chips = self.amount(what)
        if kind is ActionKind.CALL or kind is ActionKind.BET:
            self.committed[player] += chips
            self.left[player] -= chips
        elif kind is ActionKind.RAISE:
            self.left[player] -= chips - self.committed[player]
            self.committed[player] = chips
        self.current_bet = max(self.current_bet, self.committed[player])
        self.actions.append(
            OnlineAction(self.street, player, kind, chips, all_in, line)
        )

    def _other(self, player: str, what: str) -> None:
        if what.startswith("wins"):
            chips = self.amount(what)
            if "(uncalled)" in what:
                self.uncalled.append((player, chips))
            else:
                self.collected.append(Collected(player, chips))
            return
        if what.startswith(("Shows", "Mucks")):
            self.known_cards(player, what)
            if what.startswith("Mucks"):
                self.mucked.append(player)  # does not contend: R-SHOW-2
            return
        raise self.error("unknown action")


class PokerTrackerParser(HeaderParser):
    """Reads PokerTracker's generic export (see the module docstring)."""

    name = "PokerTracker"
    start = _START
    reader = _Reader


PARSER = PokerTrackerParser()
"""The registry's instance."""
