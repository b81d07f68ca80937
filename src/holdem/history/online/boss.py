"""Boss Media's XML hand records (``<HISTORY ID=... GAME="GAME_THM">``).

One element a line: a hand is ``<HISTORY ID="ID" TABLE="NAME"
GAME="GAME_THM" GAMEKIND="GAMEKIND_CASH" LIMIT="NL" STAKES="2.00/4.00" ...>``
(``GAMEKIND_TOURNAMENT`` for tournaments; ``GAME_THM`` is Texas hold'em),
then ``<PLAYER NAME="N" SEAT="1" AMOUNT="1351.12" STATE="STATE_PLAYING"
DEALER="Y">`` (``STATE_EMPTY`` seats are empty; older records print no state
and no dealer: the button is then the seat before the small blind's among
those dealt in), and ``<ACTION TYPE="T" PLAYER="N" VALUE="V">`` with ``<CARD
LINK="37">`` children: ``HAND_BLINDS`` (``KIND`` ``HAND_SB``, ``HAND_BB``,
``HAND_AB`` both blinds at once, a dead small and a live big blind,
``HAND_ANTE``; a second ``HAND_SB`` is a dead small blind), ``HAND_DEAL``,
``ACTION_FOLD``, ``ACTION_CHECK``, ``ACTION_CALL``, ``ACTION_BET``,
``ACTION_RAISE``, ``ACTION_ALLIN`` and ``HAND_BOARD`` (the whole board so far).
``<SHOWDOWN POT="74.11" RAKE="1.89">`` holds a ``<RESULT PLAYER="N"
WIN="74.11">`` per player (with the cards shown): the pot is printed after the
rake, and the wins leave out the uncalled bets, which are not printed.

The records differ in what a call's or raise's ``VALUE`` is: some print the
street total, some the chips added (a small blind of 2 "calls 7" a raise to
9). A call is read as whichever reaches the bet called; a raise as the chips
added when the value is no more than the bet, else as whatever this hand's
calls have shown (the street total if none has); an all-in puts in the
player's whole stack, whatever its value.

Cards are numbers: ``LINK % 13`` is the rank (0 an ace, 1 a deuce, ... 12 a
king), ``LINK // 13`` the suit (diamonds, clubs, hearts, spades); ``b`` a card
not shown. The room shows at ``HAND_DEAL`` only its history owner's cards,
the hero's (R-HISTORY-1). Money is in cents; tournament chips as chips.
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

__all__ = ["PARSER", "BossParser"]

_START = re.compile(r'^\ufeff?<HISTORY ID="', re.M)
# (?<!\w): a name is matched from its start only (it is, as the first
# match); trying from inside a long word scanned the rest of it each time
_ATTRIBUTE = re.compile(r'(?<!\w)(\w+)="([^"]*)"')
_ELEMENT = re.compile(r"^<(/?\w+)")
_RANKS = "A23456789TJQK"
_SUITS = "dchs"
_STREETS = {"BOARD_FLOP": 1, "BOARD_TURN": 2, "BOARD_RIVER": 3}
_LIMITS = {
    "NL": Structure.NO_LIMIT,
    "PL": Structure.POT_LIMIT,
    "FL": Structure.FIXED_LIMIT,
}


class _Reader(NamedReader):
    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.stacks: dict[str, int] = {}
        self.button = 0
        self.dealt: list[str] = []
        self.element = ""  # the open ACTION or RESULT whose cards are read
        self.owner = ""
        self.street_name = ""
        self.cards_read: list[Card] = []
        self.calls_to: bool | None = None
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.small_blind_posted = False
        self.unsupported: list[str] = []
        self.hero: str | None = None  # dealt face up: the history's owner

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        history = self._attributes(lines[0])
        if "ID" not in history or "STAKES" not in history:
            raise self.error('not a Boss <HISTORY ID="..." STAKES="..."> header')
        is_tournament = history.get("GAMEKIND", "") == "GAMEKIND_TOURNAMENT"
        self.scale = 1 if is_tournament else 100
        small, _, big = history["STAKES"].partition("/")
        small_blind, big_blind = self.chips(small), self.chips(big or small)
        game = history.get("GAME", "")
        is_holdem = game == "GAME_THM"
        structure = _LIMITS.get(history.get("LIMIT", ""))
        big_bet = 0
        if structure is Structure.FIXED_LIMIT:
            # fixed-limit stakes are the small and big bets
            big_bet, big_blind = big_blind, small_blind
            small_blind = big_blind // 2
        for self.index in range(1, len(lines)):
            line = lines[self.index]
            if line.startswith("</HISTORY"):
                break
            self._line(line)
        self.index = 0
        return OnlineHand(
            site="Boss",
            hand_id=history["ID"],
            table=history.get("TABLE", ""),
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
            button=self.button or self._button(),
            **self.record(),
            uncalled=(),
            total_pot=self.total_pot,
            rake=self.rake,
            unsupported=tuple(self.unsupported),
            hero=self.hero,
        )

    def _button(self) -> int:
        """The seat before the small blind's among those dealt in."""
        seat_of = {s.player: s.seat for s in self.seats}
        dealt = sorted(seat_of[name] for name in self.dealt)
        small = [p.player for p in self.posts if p.kind is PostKind.SMALL_BLIND]
        if not small or len(dealt) < 2 or seat_of[small[0]] not in dealt:
            raise self.error("no dealer seat and no small blind to find the button by")
        at = dealt.index(seat_of[small[0]])
        return dealt[at] if len(dealt) == 2 else dealt[at - 1]

    def _attributes(self, line: str) -> dict[str, str]:
        return {key: html.unescape(value) for key, value in _ATTRIBUTE.findall(line)}

    def _player(self, attributes: dict[str, str]) -> str:
        player = attributes.get("PLAYER", "")
        if player not in self.stacks:
            raise self.error(f"no player {player!r} is seated")
        return player

    def _line(self, line: str) -> None:
        element = _ELEMENT.match(line)
        if element is None:
            return  # text between elements
        tag = element[1]
        if tag == "CARD":
            self._card(self._attributes(line))
        elif tag == "PLAYER":
            self._seat(self._attributes(line))
        elif tag == "ACTION":
            self._action(self._attributes(line))
        elif tag == "SHOWDOWN":
            attributes = self._attributes(line)
            self.total_pot = self.chips(attributes.get("POT", "0"))
            self.rake = self.chips(attributes.get("RAKE", "0"))
        elif tag == "RESULT":
            self._result(self._attributes(line))
        if "</ACTION>" in line or "</RESULT>" in line:
            self._end_element()

    def _seat(self, attributes: dict[str, str]) -> None:
        if attributes.get("STATE") == "STATE_EMPTY":
            return
        seat, player = attributes.get("SEAT", ""), attributes.get("NAME", "")
        if not seat.isdigit() or not player:
            raise self.error("a player without a seat number or name")
        stack = self.chips(attributes.get("AMOUNT", "0"))
        sitting_out = attributes.get("STATE") == "STATE_SITOUT"
        self.seat(int(seat), player, stack, sitting_out)
        self.stacks[player] = stack
        if attributes.get("DEALER") == "Y":
            self.button = int(seat)

    def _action(self, attributes: dict[str, str]) -> None:
        kind = attributes.get("TYPE", "")
        if kind == "HAND_BOARD":
            street = _STREETS.get(attributes.get("VALUE", ""))
            if street is None:
                raise self.error("unknown board")
            self.element, self.street_name, self.cards_read = kind, "", []
            self.street_to(street)
            return
        player = self._player(attributes)
        value = self.chips(attributes.get("VALUE", "0") or "0")
        if kind == "HAND_DEAL":
            self.element, self.owner, self.cards_read = kind, player, []
            self.dealt.append(player)
        elif kind == "HAND_BLINDS":
            self._blind(player, attributes.get("KIND", ""), value)
        elif kind == "ACTION_FOLD":
            self.fold(player)
        elif kind == "ACTION_CHECK":
            self.check(player)
        elif kind == "ACTION_CALL":
            self._call(player, value)
        elif kind == "ACTION_BET":
            self.added(player, ActionKind.BET, value)
        elif kind == "ACTION_RAISE":
            self._raise(player, value)
        elif kind == "ACTION_ALLIN":
            self.all_in(player, self.stacks[player] - self.put_in[player])
        else:
            raise self.error(f"unknown action type {kind!r}")

    def _blind(self, player: str, kind: str, chips: int) -> None:
        if kind == "HAND_SB" and not self.small_blind_posted:
            self.small_blind_posted = True
            self.post(player, PostKind.SMALL_BLIND, chips)
        elif kind == "HAND_SB":
            self.post(player, PostKind.DEAD_SMALL_BLIND, chips)
        elif kind == "HAND_BB":
            self.post(player, PostKind.BIG_BLIND, chips)
        elif kind == "HAND_AB":
            big_blind = max(
                (p.chips for p in self.posts if p.kind is PostKind.BIG_BLIND),
                default=2 * chips // 3,
            )
            live = min(chips, big_blind)
            self.post(player, PostKind.SMALL_AND_BIG_BLINDS, chips, live=live)
        elif kind == "HAND_ANTE":
            self.post(player, PostKind.ANTE, chips)
        else:
            raise self.error(f"unknown blind kind {kind!r}")

    def _call(self, player: str, value: int) -> None:
        committed = self.committed[player]
        if committed and committed + value == self.current:
            self.calls_to = False
        elif committed and value == self.current:
            self.calls_to = True
            value -= committed
        self.added(player, ActionKind.CALL, value)

    def _raise(self, player: str, value: int) -> None:
        if value <= self.current or self.calls_to is False:
            value += self.committed[player]
        self.raise_to(player, value, kind=ActionKind.RAISE)

    def _result(self, attributes: dict[str, str]) -> None:
        player = self._player(attributes)
        self.element, self.owner, self.cards_read = "RESULT", player, []
        chips = self.chips(attributes.get("WIN", "0") or "0")
        if chips:
            self.collected.append(Collected(player, chips))

    def _card(self, attributes: dict[str, str]) -> None:
        if not self.element:
            raise self.error("a card outside a deal, board or result")
        link = attributes.get("LINK", "")
        if link == "b":
            return
        if not link.isdigit() or int(link) > 51:
            raise self.error(f"not a card number (0..51): {link!r}")
        code = int(link)
        self.cards_read.extend(self.cards(_RANKS[code % 13] + _SUITS[code // 13]))

    def _end_element(self) -> None:
        element, self.element = self.element, ""
        cards = self.cards_read
        if element == "HAND_BOARD":
            if len(cards) != self.street + 2 or cards[: len(self.board)] != self.board:
                raise self.error("the board does not follow the one dealt")
            self.board[:] = cards
        elif element in ("HAND_DEAL", "RESULT") and len(cards) == 2:
            self.hole_cards[self.owner] = tuple(cards)
            if element == "HAND_DEAL":
                # the room deals the others face down (``b``): the cards it
                # shows at the deal are the history owner's own
                self.hero = self.owner


class BossParser(HeaderParser):
    """Reads Boss Media's XML hand records (see the module docstring)."""

    name = "Boss"
    start = _START
    needle = '<HISTORY ID="'
    reader = _Reader


PARSER = BossParser()
"""The registry's instance."""
