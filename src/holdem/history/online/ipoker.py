"""The iPoker XML format: a ``<session>`` of ``<game>`` elements.

The session's ``<general>`` gives the ``<gametype>`` (``Holdem NL $0.01/$0.02``,
``Holdem L $0.10/$0.20``; tournaments print no stakes) and the
``<tournamentname>`` of a tournament. Each ``<game gamecode=ID>`` lists its
``<player seat name chips dealer win bet/>`` (``dealer="1"`` is the button,
``win`` the chips collected) and ``<round no=N>`` elements, 0 for the forced
bets and 1 to 4 for the streets, holding ``<cards type="Pocket|Flop|Turn|
River">`` (suit first: ``HQ DQ``; ``X X`` unknown) and ``<action no player
type sum/>``. Actions are applied in the order of ``no``. Types: 0 fold, 1
small blind (a second one in a hand is a dead small blind), 2 big blind, 3
call, 4 check, 5 bet, 7 all-in, 15 ante, 23 raise; ``sum`` is the chips the
action adds, except for a raise: its total on the street. Other types
(sitting out) are skipped. No uncalled bet, pot or rake is printed: the rake
is what the engine awards beyond ``win``. Money is in cents, tournament chips as chips.

Each hand's text is the session's ``<general>`` element on one line followed
by the game's lines, numbered from the line before the game.
"""

from __future__ import annotations

import bisect
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import replace
from operator import itemgetter

from holdem.cards import Card
from holdem.errors import CardParseError
from holdem.history.online.ipoker_game import Item, Player, from_tree, scan
from holdem.history.online.model import (
    ActionKind,
    Collected,
    OnlineAction,
    OnlineHand,
    OnlineSeat,
    Post,
    PostKind,
)
from holdem.history.online.text import MONEY, HandText, cards, chips, hand_error
from holdem.rules.config import Structure

__all__ = ["PARSER", "IPokerParser"]

_SESSION = re.compile(r"<session\b[^>]*>\s*(<general>.*?</general>)", re.S)
_GAME = re.compile(r"<game\b.*?</game>", re.S)
_STAKES = re.compile(rf"(?P<small>{MONEY})/(?P<big>{MONEY})")
_VERBS = {
    "0": ActionKind.FOLD,
    "3": ActionKind.CALL,
    "4": ActionKind.CHECK,
    "5": ActionKind.BET,
    "23": ActionKind.RAISE,
}
_POSTS = {"1": PostKind.SMALL_BLIND, "2": PostKind.BIG_BLIND, "15": PostKind.ANTE}
_FOLD, _CALL, _BET, _RAISE = (
    ActionKind.FOLD,
    ActionKind.CALL,
    ActionKind.BET,
    ActionKind.RAISE,
)
_SMALL, _DEAD_SMALL = PostKind.SMALL_BLIND, PostKind.DEAD_SMALL_BLIND
_ANTE = PostKind.ANTE
_FIRST = itemgetter(0)


class IPokerParser:
    """Reads iPoker XML sessions (see the module docstring)."""

    name = "iPoker"

    def matches(self, text: str) -> bool:
        """Whether ``text`` is an iPoker XML session."""
        return "<session" in text and "<game gamecode=" in text

    def split(self, text: str, source: str) -> list[HandText]:
        """One hand per ``<game>``, each after its session's ``<general>``.

        A file of several ``<session>`` elements (the room appends a new
        session to the file) reads each game with its own session's stakes.

        A ``<game>`` the file ends inside (truncated: no ``</game>``) is a
        hand too, up to the end of the file, so it is counted and ``parse``
        says why it cannot be read; it is never silently left out.
        """
        # a file may hold several sessions (stakes, tables): each game is
        # read with the <general> of the session it is in, the last before it
        sessions = [
            (found.start(), " ".join(found[1].split()))
            for found in _SESSION.finditer(text)
        ]
        starts = [start for start, _ in sessions]
        hands = []
        line, counted = 1, 0  # line of ``counted``: count each break once
        for start, end in _games(text):
            line += text.count("\n", counted, start)
            counted = start
            index = bisect.bisect_right(starts, start) - 1
            general = sessions[max(index, 0)][1] if sessions else "<general/>"
            hands.append(
                HandText(source, line - 1, (general, *text[start:end].splitlines()))
            )
        return hands

    def parse(self, hand: HandText) -> OnlineHand:
        """One ``<game>`` as an ``OnlineHand``.

        Raises:
            HistoryParseError: if the game is not well-formed XML (the file
                ends inside it: truncated) or holds an amount or card that
                cannot be read.
        """
        last = len(hand.lines) - 1
        while last > 1 and not hand.lines[last].strip():
            last -= 1
        if not hand.lines[last].rstrip().endswith("</game>"):
            raise hand_error(
                hand,
                last,
                "malformed file, truncated XML: it ends inside this <game>"
                " (no </game> closes it), so the hand may be incomplete and"
                " is not read",
            )
        try:
            general = _general(hand.lines[0])
            text = "\n".join(hand.lines[1:])
            game = scan(text)
            if game is None:  # another shape: by the XML parser
                game = from_tree(ElementTree.fromstring(text))
        except ElementTree.ParseError as error:
            line = error.position[0] if error.position else 1
            raise hand_error(hand, line, f"not well-formed XML ({error})") from None
        return _Reader(hand, general, *game).read()


PARSER = IPokerParser()
"""The registry's instance."""


def _games(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each ``<game ...>...</game>``, as ``_GAME`` finds them.

    Found with ``str.find``: each ``<game`` not followed by a word character,
    to the first ``</game>`` after it (the pattern's lazy ``.*?`` tries
    every character in between); a last ``<game`` never closed runs to the
    end of the text (a truncated file).
    """
    spans = []
    start = text.find("<game")
    while start >= 0:
        after = start + 5
        if after < len(text) and (text[after].isalnum() or text[after] == "_"):
            start = text.find("<game", after)  # "<gamecode": not a word end
            continue
        close = text.find("</game>", after)
        if close < 0:
            spans.append((start, len(text)))
            break
        spans.append((start, close + 7))
        start = text.find("<game", close + 7)
    return spans


# The session's <general> element by its text: every hand of a session
# carries the same one, and the reader only reads it. Bounded.
_GENERALS: dict[str, ElementTree.Element] = {}
_GENERALS_MAX = 64


def _general(text: str) -> ElementTree.Element:
    """The ``<general>`` element of ``text``, parsed once per session.

    Raises:
        ElementTree.ParseError: if ``text`` is not well-formed XML.
    """
    element = _GENERALS.get(text)
    if element is None:
        element = ElementTree.fromstring(text)
        if len(_GENERALS) >= _GENERALS_MAX:
            _GENERALS.clear()
        _GENERALS[text] = element
    return element


_POINT_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")
# Chips of each amount as printed, by (text, tournament): the stakes, the
# zeros and many stacks repeat from hand to hand. Bounded: cleared when full.
_AMOUNTS: dict[tuple[str | None, bool], int] = {}
_AMOUNTS_MAX = 4096


class _Reader:
    def __init__(
        self,
        hand: HandText,
        general: ElementTree.Element,
        gamecode: str,
        players: list[Player],
        items: list[Item],
    ) -> None:
        self.hand = hand
        self.general = general
        self.gamecode = gamecode
        self.players = players
        self.items = items
        self.scale = 100
        self.is_tournament = False

    def error(self, message: str) -> Exception:
        return hand_error(self.hand, 1, message)

    def chips(self, text: str | None) -> int:
        key = (text, self.is_tournament)
        known = _AMOUNTS.get(key)
        if known is None:
            known = self._chips(text)
            if len(_AMOUNTS) >= _AMOUNTS_MAX:
                _AMOUNTS.clear()
            _AMOUNTS[key] = known
        return known

    def _chips(self, text: str | None) -> int:
        text = (text or "0").strip()
        if self.is_tournament and _POINT_THOUSANDS.fullmatch(text):
            # Italian rooms group thousands with points: "1.500" is 1500
            # chips (tournament amounts carry two decimals, never three)
            text = text.replace(".", "")
        try:
            return chips(text, self.scale)
        except ValueError as error:
            raise self.error(str(error)) from None

    def whole_number(self, text: str, what: str) -> int:
        """An attribute read as ``int`` reads it; refused, naming ``what``."""
        try:
            return int(text)
        except ValueError:
            raise self.error(f"the {what} {text[:20]!r} is not a number") from None

    def cards(self, text: str) -> tuple[Card, ...]:
        codes = text.split()
        if all(code in _BY_CODE for code in codes):  # the common case
            return tuple(_BY_CODE[code] for code in codes)
        try:
            return cards(" ".join(_card(code) for code in text.split()))
        except CardParseError as error:
            raise self.error(str(error)) from None

    def read(self) -> OnlineHand:
        general, players = self.general, self.players
        gametype = (general.findtext("gametype") or "").strip()
        is_tournament = general.find("tournamentname") is not None
        self.is_tournament = is_tournament
        # tournament chips are printed with cents too ("1,517.50"): hundredths
        self.scale = 100
        upper = gametype.upper()
        is_holdem = upper.startswith("HOLDEM") or upper.startswith("HOLD'EM")
        kind = upper.split(" ")[1] if " " in upper else ""
        structure = {
            "NL": Structure.NO_LIMIT,
            "SL": Structure.NO_LIMIT,  # Spanish "sin limite"
            "\u0411\u041b": Structure.NO_LIMIT,  # Russian "bez limita" (BE, EL)
            "PL": Structure.POT_LIMIT,
            "L": Structure.FIXED_LIMIT,
        }.get(kind)
        seats = tuple(
            OnlineSeat(self.whole_number(seat, "seat"), name, self.chips(stack))
            for seat, name, stack, _, _ in players
        )
        button = next(
            (int(seat) for seat, _, _, dealer, _ in players if dealer == "1"), 0
        )
        # the session's <nickname> is whose history it is, when seated here
        nickname = (general.findtext("nickname") or "").strip()
        hero = nickname if any(s.player == nickname for s in seats) else None
        posts: list[Post] = []
        actions: list[OnlineAction] = []
        hole_cards: dict[str, tuple[Card, ...]] = {}
        board: list[Card] = []
        steps: list[tuple[int, int, str, str, str | None]] = []
        street = 0
        for (
            is_round,
            round_no,
            is_cards,
            shown_as,
            owner,
            printed,
            number,
            player,
            code,
            sum_,
        ) in self.items:
            if is_round:
                street = max(self.whole_number(round_no, "round number") - 1, 0)
            elif is_cards:
                shown = printed.strip()
                if shown_as == "Pocket":
                    if shown and "X" not in shown.split():
                        dealt = self.cards(shown)
                        if len(dealt) == 2:
                            hole_cards[owner] = dealt
                elif shown:
                    board.extend(self.cards(shown))
            else:
                order = self.whole_number(number, "action number")
                steps.append((order, street, player, code, sum_))
        steps.sort(key=_FIRST)
        stacks = {seat.player: seat.stack for seat in seats}
        committed = dict.fromkeys(stacks, 0)
        current = 0
        street_now = 0
        chips = self.chips
        known = _AMOUNTS.get
        small_posted = False
        for _, street, player, code, sum_ in steps:
            if player not in stacks:
                raise self.error(f"an action by {player!r}, who is not seated")
            if street != street_now:
                street_now, current = street, 0
                committed = dict.fromkeys(committed, 0)
            added = known((sum_, is_tournament))  # the cache ``chips`` fills
            if added is None:
                added = chips(sum_)
            action = _VERBS.get(code)
            if action is None:
                post_kind = _POSTS.get(code)
                if post_kind is not None:
                    if post_kind is _SMALL:
                        if small_posted:
                            # a second small blind is a missed one paid back,
                            # dead (R-TABLE-6), as PokerStars prints it
                            post_kind = _DEAD_SMALL
                        small_posted = True
                    posts.append(
                        Post(player, post_kind, added, added >= stacks[player])
                    )
                    stacks[player] -= added
                    if post_kind is not _ANTE and post_kind is not _DEAD_SMALL:
                        committed[player] += added
                        current = max(current, committed[player])
                    continue
                if code != "7":
                    continue  # sitting out and other table events
                # all-in: a call, bet or raise as the betting stands
                if committed[player] + added <= current:
                    action = _CALL
                else:
                    action = _RAISE if current else _BET
            amount = added
            if action is _RAISE:
                if code == "23":
                    added = amount - committed[player]  # a raise prints its total
                else:
                    amount = committed[player] + added
            stacks[player] -= added
            total = committed[player] + added
            committed[player] = total
            if total > current:
                current = total
            is_all_in = action is not _FOLD and stacks[player] <= 0
            actions.append(OnlineAction(street, player, action, amount, is_all_in))
        won = [(name, self.chips(win)) for _, name, _, _, win in players]
        collected = tuple(Collected(name, chips) for name, chips in won if chips)
        stakes = _STAKES.search(gametype)
        small_blind = big_blind = 0
        if stakes is not None:
            small_blind, big_blind = (
                self.chips(stakes["small"]),
                self.chips(stakes["big"]),
            )
        big_bet = 0
        if structure is Structure.FIXED_LIMIT and big_blind:
            # fixed-limit stakes are printed as small bet / big bet
            big_bet, big_blind, small_blind = big_blind, small_blind, small_blind // 2
        for post in posts:
            if post.kind is PostKind.BIG_BLIND and not big_blind:
                big_blind = post.chips
            elif post.kind is PostKind.SMALL_BLIND and not small_blind:
                small_blind = post.chips
        # a big blind post over the big blind is both blinds (a returning
        # player's): the big blind live, the rest dead (R-TABLE-6)
        posts = [
            replace(p, kind=PostKind.SMALL_AND_BIG_BLINDS)
            if p.kind is PostKind.BIG_BLIND and big_blind and p.chips > big_blind
            else p
            for p in posts
        ]
        return OnlineHand(
            site="iPoker",
            hand_id=self.gamecode,
            table=(general.findtext("tablename") or "").strip(),
            source=self.hand.source,
            line=self.hand.line + 1,
            is_tournament=is_tournament,
            game=gametype,
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind or 2 * small_blind,
            big_bet=big_bet,
            max_seats=0,
            button=button,
            seats=seats,
            posts=tuple(posts),
            hole_cards=tuple(hole_cards.items()),
            board=tuple(board),
            actions=tuple(actions),
            uncalled=(),
            collected=collected,
            total_pot=None,
            rake=None,
            returns_in_collected=True,
            hero=hero,
            # the session's <buyin>$10+$1</buyin>, as printed
            buy_in=(general.findtext("buyin") or "").strip() or None
            if is_tournament
            else None,
        )


# Each card as the site writes it, suit first ("HQ", "S10")
_BY_CODE = {
    f"{card}"[1].upper() + rank: card
    for card in map(Card.from_code, range(52))
    for rank in ((f"{card}"[0], "10") if f"{card}"[0] == "T" else (f"{card}"[0],))
}


def _card(code: str) -> str:
    """``"HQ"`` (suit first) as ``"Qh"``; ``"S10"`` as ``"Ts"``."""
    rank = code[1:].replace("10", "T")
    return rank + code[0].lower()
