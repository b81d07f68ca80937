"""The 888poker (Pacific Poker, Cassava) text format.

A hand starts at ``#Game No : ID``, then ``***** Cassava Hand History for
Game ID *****`` (or ``888poker``), the stakes line ``$10/$20 Blinds No Limit
Holdem - *** date``, the table line (``Tournament #N ...`` for tournaments;
``6 Max`` in it gives the table's seats),
``Seat N is the button``, and the seats ``Seat 1: NAME ( $750 )``. Amounts
are in brackets: ``posts small blind [$10]``, ``posts ante [$5]``, ``posts
dead blind [$5 + $10]`` (a dead small blind and a live big blind), ``calls
[$20]``, ``bets [$40]`` and ``raises [$90]`` give the chips added. Boards are
``** Dealing flop ** [ Qs, 3c, 5h ]``; ``** Summary **`` is followed by
``NAME collected [ $210 ]``. The site prints neither uncalled bets nor the
rake: the collected amounts exclude returned bets and include no rake line,
so the rake is what the engine awards beyond them. Money is in cents,
tournament chips as chips.
"""

from __future__ import annotations

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
from holdem.history.online.reader import VERBS, HandReader, HeaderParser
from holdem.history.online.text import MONEY, HandText, bracketed
from holdem.rules.config import Structure

__all__ = ["PARSER", "PacificParser"]

_MAX = re.compile(r"\b(\d+) Max\b")
"""The table's seats in its line (``Table Leeds 10 Max (Real Money)``)."""
_START = re.compile(r"^\ufeff?#Game No : \d+", re.M)
_GAME = re.compile(r"^#Game No : (\d+)")
_STAKES = re.compile(
    rf"^(?P<small>{MONEY}) ?[$€£]?/(?P<big>{MONEY}) ?[$€£]?"
    r" Blinds (?P<game>.*?) - \*\*\*"
)
_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<player>.*?) \( ?(?P<stack>{MONEY}) ?[$€£]? ?\)"
)
_BUTTON = re.compile(r"^Seat (\d+) is the button")
_MONEY = re.compile(MONEY)
_POSTS = {
    "posts small blind": PostKind.SMALL_BLIND,
    "posts big blind": PostKind.BIG_BLIND,
    "posts ante": PostKind.ANTE,
    "posts dead blind": PostKind.SMALL_AND_BIG_BLINDS,
}
_STREETS = {"flop": 1, "turn": 2, "river": 3}
_FOLD, _CHECK = ActionKind.FOLD, ActionKind.CHECK
_CARD = {str(card): card for card in map(Card.from_code, range(52))}
"""Each card as most hands print it (``Td``), by its text."""


_POINT_THOUSANDS = re.compile(r"^\s*\d{1,3}(?:\.\d{3})+\s*(?:[$€£]\s*)?$")
# an amount with its currency after it, in a seat's stack or a post:
# "( 7,17$ )", "[2.000 €]"
_CURRENCY_AFTER = re.compile(r"\d ?[$€£] ?[\])]")
# French clients print suits pique, coeur, carreau, trefle ("[ 7p, 8t ]"):
# a hand printing p, t or k suits inside a line's brackets (found by one
# search of the whole hand) reads its c as coeur (hearts)
_FRENCH_CARD = re.compile(r"\[[^\[\]\n]*?(?:10|[2-9TJQKA])[ptk]\b")
_FRENCH_SUITS = str.maketrans({"p": "s", "c": "h", "k": "d", "t": "c"})
# Russian clients print valet, dama, korol, tuz ranks in Cyrillic (VE, DE,
# KA, TE; in cp1251 bytes read as cp1252 the letters A with circumflex,
# A with diaeresis, E with circumflex, O with grave)
_RUSSIAN_RANKS = str.maketrans(
    {"\u0412": "J", "\u0414": "Q", "\u041a": "K", "\u0422": "A"}
    | {"\u00c2": "J", "\u00c4": "Q", "\u00ca": "K", "\u00d2": "A"}
)


def _is_french(text: str) -> bool:
    """Whether a card with a p, t or k suit is inside one of ``text``'s brackets.

    A bracket runs from a ``[`` to the first ``]`` or line end after it.
    Such a card after a ``[`` is looked for with no ``[`` between them (the
    last ``[`` before the card then opens the same bracket); when the line
    ends before a ``]``, no later card on that line is in a bracket either,
    so the search goes on from the next line (a pattern trying every ``[``
    of a line without ``]`` scanned the rest of it each time).
    """
    at = 0
    found = _FRENCH_CARD.search(text)
    while found is not None:
        newline = text.find("\n", found.end())
        end = len(text) if newline < 0 else newline
        if text.find("]", found.end(), end) >= 0:
            return True
        if newline < 0:
            return False
        at = newline + 1
        found = _FRENCH_CARD.search(text, at)
    return False


class _Reader(HandReader):
    hero: str | None = None  # whose history it is: ``Dealt to NAME [..]``

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.names: set[str] = set()
        self.committed: dict[str, int] = {}
        self.mucked: list[str] = []  # "X mucks [ .. ]" (R-SHOW-2)
        # 888.ro groups thousands with points: "432.999 $" is 432999 chips,
        # "1.183.764" 1183764 (its blinds "3.000 $/6.000 $", antes "750 $");
        # so does every 888 hand written the European way, the currency after
        # the amount ("0,02$", "2.000 €"): a point there is never a decimal
        lines = hand.lines
        self.point_thousands = (len(lines) > 1 and "888.ro " in lines[1]) or any(
            _CURRENCY_AFTER.search(line) for line in lines[2:16]
        )
        self.french = _is_french("\n".join(lines))
        # whether a seated name holds a space: if none does, a line is a
        # player's when its first word is a seated name
        self.spaced = False

    def cards(self, text: str) -> tuple[Card, ...]:
        """Cards as printed, French suits and Russian ranks read as English."""
        text = text.translate(_RUSSIAN_RANKS)
        if not self.french:
            words = text.replace(",", " ").split()
            if all(word in _CARD for word in words):  # the common case
                return tuple([_CARD[word] for word in words])
        else:
            text = " ".join(
                word[:-1] + word[-1].translate(_FRENCH_SUITS)
                for word in text.replace(",", " ").split()
            )
        return super().cards(text)

    def chips(self, text: str) -> int:
        """Whole chips of an amount (888.ro's thousands points removed)."""
        if self.point_thousands and _POINT_THOUSANDS.match(text):
            text = text.replace(".", "")
        return super().chips(text)

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        game_no = _GAME.match(lines[0])
        if game_no is None:
            raise self.error("not an 888poker hand")
        stakes = None
        table = ""
        button = 0
        is_tournament = False
        for self.index in range(1, min(len(lines), 6)):
            line = lines[self.index]
            if stakes is None:
                stakes = _STAKES.match(line)
                if stakes is not None:
                    continue
            if line.startswith("Tournament #"):
                is_tournament = True
                table = line
            elif line.startswith("Table "):
                table = line
        if stakes is None:
            raise self.error("no stakes line (small/big Blinds game)")
        self.scale = 1 if is_tournament else 100
        game = stakes["game"]
        upper = game.upper()
        is_holdem = "HOLDEM" in upper or "HOLD'EM" in upper
        if "NO LIMIT" in upper:
            structure: Structure | None = Structure.NO_LIMIT
        elif "POT LIMIT" in upper:
            structure = Structure.POT_LIMIT
        elif "LIMIT" in upper:
            structure = Structure.FIXED_LIMIT
        else:
            structure = None
        small_blind = self.chips(stakes["small"])
        big_blind = self.chips(stakes["big"])
        for self.index in range(1, len(lines)):
            line = lines[self.index]
            found = _BUTTON.match(line) if line.startswith("Seat ") else None
            if found is not None:
                button = int(found[1])
                continue
            self._line(line)
        table_size = _MAX.search(table)
        winners = {item.player for item in self.collected}
        return OnlineHand(
            site="888poker",
            hand_id=game_no[1],
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
            max_seats=int(table_size[1]) if table_size else 0,
            button=button,
            **self.record(),
            hero=self.hero,
            uncalled=(),
            total_pot=None,
            rake=None,
            # a player who mucks yet collects a pot (888 prints one for
            # a side pot it paid him) did not give his hand up
            mucked=tuple(p for p in self.mucked if p not in winners),
        )

    def _line(self, line: str) -> None:
        if not line:
            return
        first = line[0]  # one test leads to the few lines each letter starts
        if first == "*" and line.startswith("*****"):
            return
        if first == "*" and line.startswith("** "):
            title = line[3:].split(" **", 1)[0].lower()
            word = title.removeprefix("dealing ")
            if word in _STREETS:
                shown = bracketed(line)
                if not shown:
                    raise self.error("a street without its board cards")
                self.board.extend(self.cards(shown[0]))
                self.street = _STREETS[word]
                self.committed = dict.fromkeys(self.committed, 0)
            return
        if (
            first == "S"
            and line.startswith("Seat ")
            and not self.actions
            and not self.posts
        ):
            found = _SEAT.match(line)
            if found is not None:
                player = found["player"]
                self.seats.append(
                    OnlineSeat(int(found["seat"]), player, self.chips(found["stack"]))
                )
                self.names.add(player)
                self.spaced = self.spaced or " " in player
                self.committed[player] = 0
                return
        if first == "D" and line.startswith("Dealt to "):
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
            raise self.error("cards dealt to a player not seated")
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
        if line.startswith(("Total number of players", "Table ", "Tournament #")):
            return
        if _STAKES.match(line) or line.startswith("#Game No"):
            return
        raise self.error("unknown line")

    def _player_line(self, player: str, what: str) -> None:
        line = self.hand.line + self.index
        verb = what.partition(" ")[0]
        kind = VERBS.get(verb)
        if kind is _FOLD or kind is _CHECK:
            # "folds", "checks": no amount to read
            self.actions.append(OnlineAction(self.street, player, kind, line=line))
            return
        printed = _MONEY.findall(what.split("[", 1)[-1])
        if len(printed) == 1:  # most lines: one amount
            amounts = [self.chips(printed[0])]
        else:
            amounts = [self.chips(found) for found in printed]
        if kind is not None:
            if not amounts:
                raise self.error("an action without its amount")
            added = amounts[0]
            chips = added
            if kind is ActionKind.RAISE:
                chips = self.committed[player] + added  # printed: the chips added
            self.committed[player] += added
            self.actions.append(
                OnlineAction(self.street, player, kind, chips, line=line)
            )
            return
        for prefix, post in _POSTS.items():
            if what.startswith(prefix):
                if not amounts:
                    raise self.error("a post without its amount")
                total = sum(amounts)
                self.posts.append(Post(player, post, total, line=line))
                if post is PostKind.SMALL_AND_BIG_BLINDS:
                    self.committed[player] += amounts[-1]
                elif post is not PostKind.ANTE:
                    self.committed[player] += total
                return
        if verb == "collected":
            if not amounts:
                raise self.error("a collected line without its amount")
            self.collected.append(Collected(player, amounts[0]))
            return
        if verb in ("shows", "mucks"):
            shown = bracketed(what)
            if shown:
                known = self.cards(shown[0])
                if len(known) == 2:
                    self.hole_cards[player] = known
            if verb == "mucks":
                self.mucked.append(player)  # does not contend: R-SHOW-2
            return
        if what.startswith(("did not show", "has left", "has joined", "is sitting")):
            return
        raise self.error("unknown action")


class PacificParser(HeaderParser):
    """Reads 888poker text (see the module docstring)."""

    name = "888poker"
    start = _START
    needle = "#Game No : "
    reader = _Reader


PARSER = PacificParser()
"""The registry's instance."""
