"""Everest Poker's own XML records (``<SESSION ...>`` then ``<HAND ...>``).

A file holds ``<SESSION tableName="NAME" type="ring" money="$"
game="hold-em" gametype="no-limit"/>`` (``tournament``; ``fixed-limit``,
``pot-limit``) and its hands, one element a line: ``<HAND id="ID"
blinds="$0.50/$1" stakes="$0.50/$1">`` (fixed-limit stakes are the small and
big bets), ``<SEAT position="0" name="NAME" balance="11410"/>`` (positions
from 0: seat ``position + 1``), ``<DEALER position="1"/>``, ``<ANTE
position="0" amount="35000"/>``, ``<BLIND position="2" amount="50"/>`` (the
small blind first, then the big; ``<XBLIND/>`` a seat that does not post and
sits out), ``<HOLE position="3">3d</HOLE>`` (a card a line, ``--`` unknown: only the
history owner's, the hero's, are known; the session's ``screenName`` may
name no seat),
``<FOLD position="5"/>``, ``<BET position="9" amount="250"/>`` (the chips
added: 0 a check, then a call, bet or raise by what it reaches; ``allin="1"``),
``<SWEEP rake="0" tax="0">650</SWEEP>`` (the pot at the end of a street),
``<COMMUNITY>10c, 2d, 2s</COMMUNITY>`` (the new cards), ``<PUSH position="0"
amount="500"/>`` (an uncalled bet returned), ``<SHOW position="2">Jh,
Jd</SHOW>`` and ``<WIN position="3" amount="35000" pot="0"/>`` (collected,
after the rake). The last sweep is the total pot; its rake and tax are the
rake (cumulative, so the last one counts).

Amounts are whole units already: cents for cash games, hundredths of a chip
for tournaments (the header's blinds are read at the same scale). Each hand
is read with its session's line first, numbered as the line before the
hand's.
"""

from __future__ import annotations

import html
import re
from dataclasses import replace

from holdem.history.online.model import ActionKind, Collected, OnlineHand, PostKind
from holdem.history.online.named import NamedReader
from holdem.history.online.reader import HeaderParser
from holdem.history.online.text import MONEY, HandText, first_start
from holdem.rules.config import Structure

__all__ = ["PARSER", "EverestXmlParser"]

_START = re.compile(r'^\ufeff?[ \t]*<HAND time="\d+" id="', re.M)
_SESSION = re.compile(r"^\ufeff?[ \t]*<SESSION ", re.M)
_END = re.compile(r"^[ \t]*</HAND>", re.M)
# (?<!\w): a name is matched from its start only (it is, as the first
# match); trying from inside a long word scanned the rest of it each time
_ATTRIBUTE = re.compile(r'(?<!\w)(\w+)="([^"]*)"')
_ELEMENT = re.compile(r"^<(\w+)(?P<attributes>[^>]*)>(?P<text>[^<]*)")
_STAKES = re.compile(rf"(?P<small>{MONEY})\s*[$€£]?\s*/\s*(?P<big>{MONEY})")
_LIMITS = {
    "no-limit": Structure.NO_LIMIT,
    "pot-limit": Structure.POT_LIMIT,
    "fixed-limit": Structure.FIXED_LIMIT,
}


class _Reader(NamedReader):
    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.by_position: dict[int, str] = {}
        self.button = 0
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.dealt: dict[str, list[str]] = {}
        self.blinds = 0

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        if len(lines) < 2 or not lines[0].startswith("<SESSION"):
            raise self.error("no <SESSION> element before the hand")
        session = self._attributes(lines[0])
        self.index = 1
        head = self._attributes(lines[1])
        if "id" not in head:
            raise self.error('not an Everest <HAND id="..."> element')
        is_tournament = session.get("type") == "tournament"
        game = session.get("game", "")
        is_holdem = game == "hold-em"
        structure = _LIMITS.get(session.get("gametype", ""))
        stakes = _STAKES.search(head.get("stakes", ""))
        blinds = _STAKES.search(head.get("blinds", ""))
        if stakes is None or blinds is None:
            raise self.error("no blinds or stakes (small/big) in the hand")
        small_blind = self.chips(blinds["small"])
        big_blind = self.chips(blinds["big"])
        big_bet = 0
        if structure is Structure.FIXED_LIMIT:
            big_blind, big_bet = self.chips(stakes["small"]), self.chips(stakes["big"])
            small_blind = big_blind // 2
        for self.index in range(2, len(lines)):
            self._line(lines[self.index])
        self.close_street()
        if self.blinds == 1 and self.posts and self.posts[-1].chips >= big_blind:
            # a lone blind of the big blind's size: the small blind's seat is
            # empty (the posts before it are antes)
            lone = next(p for p in self.posts if p.kind is PostKind.SMALL_BLIND)
            at = self.posts.index(lone)
            self.posts[at] = replace(lone, kind=PostKind.BIG_BLIND)
        shown = []  # the room deals face up only to the history's owner
        for player, dealt in self.dealt.items():
            if "--" not in dealt and len(dealt) == 2:
                self.hole_cards.setdefault(player, self.cards(" ".join(dealt)))
                shown.append(player)
        return OnlineHand(
            site="Everest",
            hand_id=head["id"],
            table=session.get("tableName", ""),
            source=self.hand.source,
            line=self.hand.line + 1,
            is_tournament=is_tournament,
            game=f"{game} {session.get('gametype', '')}",
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=big_bet,
            max_seats=0,
            button=self.button,
            **self.record(),
            uncalled=tuple(self.uncalled),
            total_pot=self.total_pot,
            rake=self.rake,
            hero=shown[0] if len(shown) == 1 else None,
        )

    def _attributes(self, line: str) -> dict[str, str]:
        return {key: html.unescape(value) for key, value in _ATTRIBUTE.findall(line)}

    def _player(self, attributes: dict[str, str]) -> str:
        position = attributes.get("position", "")
        if not position.isdigit() or int(position) not in self.by_position:
            raise self.error(f"nobody sits at position {position or '?'}")
        return self.by_position[int(position)]

    def _amount(self, attributes: dict[str, str]) -> int:
        amount = attributes.get("amount", "")
        if not amount.isdigit():
            raise self.error(f"not a whole amount: {amount!r}")
        return int(amount)

    def _line(self, line: str) -> None:
        element = _ELEMENT.match(line)
        if element is None:
            return  # closing tags
        tag = element[1]
        attributes = self._attributes(element["attributes"])
        text = html.unescape(element["text"]).strip()
        if tag == "SEAT":
            position = attributes.get("position", "")
            if not position.isdigit() or "name" not in attributes:
                raise self.error("a seat without its position or name")
            player = attributes["name"]
            self.seat(int(position) + 1, player, self._balance(attributes))
            self.by_position[int(position)] = player
        elif tag == "DEALER":
            self._player(attributes)
            self.button = int(attributes["position"]) + 1
        elif tag in ("ANTE", "BLIND"):
            self._forced(tag, attributes)
        elif tag == "HOLE":
            self.dealt.setdefault(self._player(attributes), []).append(text)
        elif tag == "FOLD":
            self.fold(self._player(attributes))
        elif tag == "BET":
            self._bet(self._player(attributes), attributes)
        elif tag == "SWEEP":
            self._sweep(attributes, text)
        elif tag == "COMMUNITY":
            self.board.extend(self.cards(text))
            if not 3 <= len(self.board) <= 5:
                raise self.error("wrong number of board cards")
            self.street_to(len(self.board) - 2)
        elif tag == "PUSH":
            self.uncalled.append((self._player(attributes), self._amount(attributes)))
        elif tag == "SHOW":
            shown = self.cards(text)
            if len(shown) == 2:
                self.hole_cards[self._player(attributes)] = shown
        elif tag == "WIN":
            chips = self._amount(attributes)
            pot = attributes.get("pot", "0")
            name = "main pot" if pot == "0" else f"side pot-{pot}"
            if chips:
                self.collected.append(Collected(self._player(attributes), chips, name))
        elif tag in ("XBLIND", "XSHOW", "CHAT", "HAND", "SESSION", "PRIZE"):
            pass  # no blind posted (sitting out), no cards shown, talk
        else:
            raise self.error(f"unknown element <{tag}>")

    def _balance(self, attributes: dict[str, str]) -> int:
        balance = attributes.get("balance", "")
        if not balance.isdigit():
            raise self.error(f"not a whole balance: {balance!r}")
        return int(balance)

    def _forced(self, tag: str, attributes: dict[str, str]) -> None:
        player, chips = self._player(attributes), self._amount(attributes)
        if tag == "ANTE":
            self.post(player, PostKind.ANTE, chips)
            return
        self.blinds += 1
        kind = PostKind.SMALL_BLIND if self.blinds == 1 else PostKind.BIG_BLIND
        self.post(player, kind, chips)

    def _bet(self, player: str, attributes: dict[str, str]) -> None:
        chips = self._amount(attributes)
        all_in = attributes.get("allin") == "1"
        to = self.committed[player] + chips
        if chips == 0:
            self.check(player)
        elif all_in:
            self.all_in(player, chips)
        elif to <= self.current:
            self.added(player, ActionKind.CALL, chips)
        elif self.current:
            self.raise_to(player, to, kind=ActionKind.RAISE)
        else:
            self.added(player, ActionKind.BET, chips)

    def _sweep(self, attributes: dict[str, str], text: str) -> None:
        if not text.isdigit():
            raise self.error(f"not a whole pot: {text!r}")
        self.total_pot = int(text)
        fees = [attributes.get("rake", "0"), attributes.get("tax", "0")]
        if not all(fee.isdigit() for fee in fees):
            raise self.error("not a whole rake or tax")
        self.rake = sum(map(int, fees))


class EverestXmlParser(HeaderParser):
    """Reads Everest Poker's XML records (see the module docstring)."""

    name = "Everest"
    start = _START
    needle = '<HAND time="'
    reader = _Reader

    def matches(self, text: str) -> bool:
        """Whether ``text`` holds a session and a hand."""
        return (
            "<SESSION " in text
            and self.needle in text
            and first_start(_SESSION, text) >= 0
            and first_start(_START, text) >= 0
        )

    def split(self, text: str, source: str) -> list[HandText]:
        """The hands of a file, each with its session's line first.

        Each hand runs from its ``<HAND`` line to its ``</HAND>`` (or the next
        hand); its first line is numbered as the line before the hand's so
        that the hand's own lines keep their numbers.
        """
        hands: list[HandText] = []
        starts = [found.start() for found in _START.finditer(text)]
        # each hand's session is the last one opened before it: the sessions
        # are found once and walked along with the hands (looking back from
        # each hand took time growing with the square of the hands)
        sessions = iter([found.start() for found in _SESSION.finditer(text)])
        following = next(sessions, len(text))
        session = ""
        line = 1
        counted = 0
        for first, end in zip(starts, [*starts[1:], len(text)], strict=True):
            while following < first:
                session = text[following : text.find("\n", following)].strip()
                following = next(sessions, len(text))
            closed = _END.search(text, first, end)
            stop = closed.end() if closed is not None else end
            lines = [row.strip() for row in text[first:stop].splitlines()]
            line += text.count("\n", counted, first)
            counted = first
            hands.append(HandText(source, line - 1, (session.lstrip("\ufeff"), *lines)))
        return hands


PARSER = EverestXmlParser()
"""The registry's instance."""
