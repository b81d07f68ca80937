"""The Merge Gaming Network's XML (``<description type="Holdem" stakes=..>``).

A file starts with ``<description type="Holdem" stakes="No Limit ($1/$2)"/>``
(``Limit $0.02/$0.04`` for fixed-limit, with the small and big bets;
tournaments ``type="Holdem Tournament" stakes="No Limit"``), then one
``<game id=..>`` per hand: ``<players dealer="1">`` with ``<player seat="0"
nickname=.. balance="$0.56" dealtin="true"/>``, and ``<round id="BLINDS">``,
``PREFLOP``, ``POSTFLOP``, ``POSTTURN``, ``POSTRIVER``, ``SHOWDOWN`` and
``END_OF_GAME`` holding ``<event type=.. player="SEAT" amount=..>`` (types
``SMALL_BLIND``, ``BIG_BLIND``, ``ANTE``, ``FOLD``, ``CHECK``, ``CALL``, ``BET``,
``RAISE``, whose amount is the street total (older files print the chips
added: a call past the bet shows it), and ``ALL_IN``, read as all
the chips the player has left since its amount may count the ante; the
others' amounts are the chips added), ``<cards
type="COMMUNITY" cards="2h,Ah,5d"/>`` (the whole board so far, printed after
the round's events), ``<cards type="HOLE|SHOWN|MUCKED" cards=.. player=..>``
(``HOLE`` the cards dealt to the history's owner, the hero; a file without
it is an observer's)
and ``<winner amount="0.59" uncalled="false" player="SEAT"/>`` (collected
after the rake, which is not printed; ``uncalled="true"`` is a returned bet;
a file that prints no such line counts a bet folded to in the winner's
amount, and the reader takes it out). Tournament files without a
``version`` print each balance after the hand's forced bets: the reader
adds them back for the starting stack.

The ``<game>``'s ``data="DATE|TABLE|TOURNAMENT|GAME|.."`` (older files
separate by colons) names the table as printed (``Niagara Falls (15245216)``).

Each hand's text starts at the file's description line (so each knows its
stakes), then the game's own lines; line numbers are the file's. Money is in
cents; tournament chips in hundredths (every figure keeps its printed ratio).
"""

from __future__ import annotations

import re
from dataclasses import replace

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
from holdem.history.online.reader import LineReader
from holdem.history.online.text import HandText, cards, chips, first_start
from holdem.rules.config import Structure

__all__ = ["PARSER", "MergeParser"]

_DESCRIPTION = re.compile(r"^\ufeff?\s*<description type=\"Holdem", re.M)
_GAME = re.compile(r"^\s*<game id=", re.M)
_TAG = re.compile(r"<(?P<tag>\w+)\b(?P<attrs>[^>]*)>")
# (?<!\w): a name is matched from its start only (it is, as the first
# match); trying from inside a long word scanned the rest of it each time
_ATTR = re.compile(r'(?<!\w)(\w+)="([^"]*)"')
# bounded (no room prints longer amounts): a search for it tries every
# character of a line, and an unbounded run made each try scan the line
_STAKES = re.compile(r"\$?(?P<small>\d[\d,.]{0,32})/\$?(?P<big>\d[\d,.]{0,32})")
_STREETS = {"PREFLOP": 0, "POSTFLOP": 1, "POSTTURN": 2, "POSTRIVER": 3}
_VERBS = {
    "FOLD": ActionKind.FOLD,
    "CHECK": ActionKind.CHECK,
    "CALL": ActionKind.CALL,
    "BET": ActionKind.BET,
    "RAISE": ActionKind.RAISE,
}
_POSTS = {
    "SMALL_BLIND": PostKind.SMALL_BLIND,
    "BIG_BLIND": PostKind.BIG_BLIND,
    "ANTE": PostKind.ANTE,
}


class MergeParser:
    """Reads the Merge Gaming Network's XML (see the module docstring)."""

    name = "Merge"

    def matches(self, text: str) -> bool:
        """Whether ``text`` starts with a Merge ``<description>`` and games."""
        return (
            "<game id=" in text
            and '<description type="Holdem' in text
            and first_start(_DESCRIPTION, text) >= 0
        )

    def split(self, text: str, source: str) -> list[HandText]:
        """The games of a file, each led by the file's description line."""
        found = _DESCRIPTION.search(text)
        if found is None:
            return []
        rows = text.splitlines()
        head_index = text.count("\n", 0, found.start())
        head = rows[head_index].strip().lstrip("\ufeff")
        starts = [i for i, row in enumerate(rows) if _GAME.match(row)]
        hands: list[HandText] = []
        for first, end in zip(starts, [*starts[1:], len(rows)], strict=True):
            lines = [head, *(row.strip() for row in rows[first:end])]
            while len(lines) > 2 and not lines[-1]:
                lines.pop()
            # lines[0] is the description; lines[1] is the file's line first + 1
            hands.append(HandText(source, first, tuple(lines)))
        return hands

    def parse(self, hand: HandText) -> OnlineHand:
        """One game as an ``OnlineHand``.

        Raises:
            HistoryParseError: a line that cannot be read, naming the file,
                the hand and the line.
        """
        reader = _Reader(hand)
        read = reader.read()
        if reader.is_overcalled:
            # older files print a raise's chips added, not its total: a call
            # that goes past the bet says so (R-BET-2)
            added = _Reader(hand, is_raise_added=True)
            read_added = added.read()
            if not added.is_overcalled:
                return read_added
        return read


PARSER = MergeParser()
"""The registry's instance."""


# Cents of each amount as printed, by its text: stakes, bets and stacks
# repeat from hand to hand. Bounded: cleared when full.
_AMOUNTS: dict[str, int] = {}
_AMOUNTS_MAX = 4096


class _Reader(LineReader):
    def __init__(self, hand: HandText, *, is_raise_added: bool = False) -> None:
        super().__init__(hand)
        self.is_raise_added = is_raise_added
        self.is_overcalled = False
        self.index = 1
        self.seats: list[OnlineSeat] = []
        self.by_seat: dict[str, str] = {}
        self.button = 0
        self.posts: list[Post] = []
        self.actions: list[OnlineAction] = []
        self.hole_cards: dict[str, tuple[Card, ...]] = {}
        self.board: tuple[Card, ...] = ()
        self.uncalled: list[tuple[str, int]] = []
        self.collected: list[Collected] = []
        self.mucked: list[str] = []  # MUCK events, MUCKED cards (R-SHOW-2)
        self.street = 0
        self.committed: dict[str, int] = {}
        self.current_bet = 0
        self.left: dict[str, int] = {}
        self.hand_id = ""
        self.tournament_id: str | None = None
        self.table = ""
        self.hero: str | None = None  # the seat of the HOLE cards
        self.is_balance_after_posts = False
        self.posted: dict[str, int] = {}
        self.round_id = ""
        self.is_folded_game = False

    def chips(self, text: str) -> int:
        known = _AMOUNTS.get(text)
        if known is not None:
            return known
        try:
            value = chips(text.replace("$", "").replace("€", ""), 100)
        except ValueError as error:
            raise self.error(str(error)) from None
        if len(_AMOUNTS) >= _AMOUNTS_MAX:
            _AMOUNTS.clear()
        _AMOUNTS[text] = value
        return value

    def cards(self, text: str) -> tuple[Card, ...]:
        try:
            return cards(text.replace(",", " "))
        except CardParseError as error:
            raise self.error(str(error)) from None

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        head = dict(_ATTR.findall(lines[0]))
        kind, stakes_text = head.get("type", ""), head.get("stakes", "")
        upper = stakes_text.upper()
        self.is_balance_after_posts = "Tournament" in kind and "version" not in head
        if upper.startswith("NO LIMIT"):
            structure: Structure | None = Structure.NO_LIMIT
        elif upper.startswith("POT LIMIT"):
            structure = Structure.POT_LIMIT
        elif upper.startswith("LIMIT"):
            structure = Structure.FIXED_LIMIT
        else:
            structure = None
        for self.index in range(1, len(lines)):
            line = lines[self.index]
            # a tag ends at a ">": none is looked for after the last one
            # (each "<" of a line without ">" scanned the rest of it)
            for found in _TAG.finditer(line, 0, line.rfind(">") + 1):
                self._tag(found["tag"], dict(_ATTR.findall(found["attrs"])))
        stakes = _STAKES.search(stakes_text)
        small = self.chips(stakes["small"]) if stakes else 0
        big = self.chips(stakes["big"]) if stakes else 0
        big_bet = 0
        if structure is Structure.FIXED_LIMIT and stakes:
            small, big, big_bet = small // 2, small, big
        if not big:
            posted = {p.kind: p.chips for p in self.posts}
            big = posted.get(PostKind.BIG_BLIND, 0)
            small = posted.get(PostKind.SMALL_BLIND, big // 2)
        is_holdem = kind.startswith("Holdem")
        if self.is_folded_game and not self.uncalled:
            self._split_uncalled()
        if self.is_balance_after_posts:
            self.seats = [
                replace(s, stack=s.stack + self.posted.get(s.player, 0))
                for s in self.seats
            ]
        return OnlineHand(
            site="Merge",
            hand_id=self.hand_id,
            table=self.table,
            source=self.hand.source,
            line=self.hand.line + 1,
            is_tournament="Tournament" in kind,
            game=f"{kind} {stakes_text}",
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small,
            big_blind=big,
            big_bet=big_bet,
            max_seats=0,
            button=self.button,
            seats=tuple(self.seats),
            posts=tuple(self.posts),
            hole_cards=tuple(self.hole_cards.items()),
            board=self.board,
            actions=tuple(self.actions),
            uncalled=tuple(self.uncalled),
            collected=tuple(self.collected),
            total_pot=None,
            rake=None,
            mucked=tuple(self.mucked),
            hero=self.hero,
            tournament_id=self.tournament_id if "Tournament" in kind else None,
        )

    def _split_uncalled(self) -> None:
        # some files print no uncalled="true" winner: the last bet no one
        # called is then in the winner's amount; take it out (R-BET-5)
        ranked = sorted(self.committed.items(), key=lambda item: -item[1])
        if len(ranked) < 2 or ranked[0][1] <= ranked[1][1]:
            return
        player, uncalled = ranked[0][0], ranked[0][1] - ranked[1][1]
        found = [c for c in self.collected if c.player == player]
        if len(found) != 1 or found[0].chips <= uncalled:
            return
        self.uncalled.append((player, uncalled))
        self.collected = [
            replace(c, chips=c.chips - uncalled) if c is found[0] else c
            for c in self.collected
        ]

    def _player(self, attrs: dict[str, str]) -> str:
        name = self.by_seat.get(attrs.get("player", ""))
        if name is None:
            raise self.error("an event of a seat with no player")
        return name

    def _seat(self, text: str) -> int:
        """A 0-based seat number as printed (``seat``, ``dealer``)."""
        if not (text.isascii() and text.isdigit()):
            raise self.error(f"seat {text!r} is not a seat number")
        return int(text)

    def _tag(self, tag: str, attrs: dict[str, str]) -> None:
        match tag:
            case "game":
                self.hand_id = attrs.get("id", "")
                # data="DATE|NAME|TOURNAMENT|GAME|..": a tournament's number
                data = attrs.get("data", "").split("|")
                self.tournament_id = data[2] if len(data) > 3 and data[2] else None
                if len(data) == 1:  # older files: DATE:NAME:TOURNAMENT:GAME:..
                    data = data[0].split(":")
                # the table's name as printed (``Niagara Falls (15245216)``)
                self.table = data[1].strip() if len(data) > 3 else ""
            case "players":
                self.button = self._seat(attrs.get("dealer", "0") or "0") + 1
            case "player":
                if attrs.get("dealtin") == "false":
                    return
                seat = attrs.get("seat", "")
                name = attrs.get("nickname", "")
                stack = self.chips(attrs.get("balance", "0"))
                self.seats.append(OnlineSeat(self._seat(seat) + 1, name, stack))
                self.by_seat[seat] = name
                self.committed[name] = 0
                self.left[name] = stack
            case "round":
                self.round_id = attrs.get("id", "")
                if self.round_id == "END_OF_FOLDED_GAME":
                    self.is_folded_game = True
                street = _STREETS.get(attrs.get("id", ""))
                if street is not None and street != self.street:
                    self.street = street
                    self.committed = dict.fromkeys(self.committed, 0)
                    self.current_bet = 0
            case "event":
                self._event(attrs)
            case "cards":
                self._cards(attrs)
            case "winner":
                player = self._player(attrs)
                amount = self.chips(attrs.get("amount", ""))
                if attrs.get("uncalled") == "true":
                    self.uncalled.append((player, amount))
                elif amount:
                    self.collected.append(Collected(player, amount))

    def _cards(self, attrs: dict[str, str]) -> None:
        shown = attrs.get("cards", "")
        if attrs.get("type") == "COMMUNITY":
            board = self.cards(shown)
            if len(board) > len(self.board):
                self.board = board
            return
        if "player" in attrs and shown:
            if attrs.get("type") == "HOLE":  # dealt to the history's owner
                self.hero = self._player(attrs)
            known = self.cards(shown)
            if len(known) == 2:
                self.hole_cards[self._player(attrs)] = known
        if attrs.get("type") == "MUCKED" and "player" in attrs:
            self._muck(self._player(attrs))

    def _muck(self, player: str) -> None:
        # a hand mucked at the showdown does not contend (R-SHOW-2); the lone
        # winner of a folded game mucks too, but no showdown follows there
        if player not in self.mucked and not self.is_folded_game:
            self.mucked.append(player)

    def _event(self, attrs: dict[str, str]) -> None:
        kind_text = attrs.get("type", "")
        line = self.hand.line + self.index
        if kind_text in _POSTS:
            player, amount = self._player(attrs), self.chips(attrs.get("amount", "0"))
            post = _POSTS[kind_text]
            self.posts.append(Post(player, post, amount, line=line))
            if self.is_balance_after_posts:
                self.posted[player] = self.posted.get(player, 0) + amount
            else:
                self.left[player] -= amount
            if post is not PostKind.ANTE:
                self.committed[player] += amount
                self.current_bet = max(self.current_bet, self.committed[player])
            return
        kind = _VERBS.get(kind_text)
        if kind_text == "MUCK":
            self._muck(self._player(attrs))
        if kind is None and kind_text != "ALL_IN":
            return  # SHOW, MUCK, CHAT, LEAVE ...: no chips move
        player = self._player(attrs)
        added = self.chips(attrs.get("amount", "0") or "0")
        all_in = kind_text == "ALL_IN"
        if all_in and self.is_balance_after_posts and self.round_id == "BLINDS":
            # a blind posted all-in: read as before (the balance as the
            # whole stack), since the balance and the amount printed then
            # do not show the chips posted
            self.left[player] -= self.posted.pop(player, 0)
        if kind is ActionKind.RAISE and self.is_raise_added:
            chips = self.committed[player] + added
        elif kind is ActionKind.RAISE:
            chips = added  # a raise's amount is the street total
        elif kind is None:
            # all the chips left (the amount printed may count the ante): a
            # call up to the bet, else a bet or a raise
            added = self.left[player]
            to = self.committed[player] + added
            if to <= self.current_bet:
                kind, chips = ActionKind.CALL, added
            elif self.current_bet:
                kind, chips = ActionKind.RAISE, to
            else:
                kind, chips = ActionKind.BET, added
        else:
            chips = added
        if kind is ActionKind.RAISE:
            self.left[player] -= chips - self.committed[player]
            self.committed[player] = chips
        elif kind is ActionKind.CALL or kind is ActionKind.BET:
            self.left[player] -= chips
            self.committed[player] += chips
            if kind is ActionKind.CALL and self.committed[player] > self.current_bet:
                self.is_overcalled = True
        self.current_bet = max(self.current_bet, self.committed[player])
        self.actions.append(
            OnlineAction(self.street, player, kind, chips, all_in, line)
        )
