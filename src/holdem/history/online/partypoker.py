"""PartyPoker text (``#Game No : ID`` and ``***** Hand History for Game ID``).

PartyPoker writes what 888poker later took over, without the room's name in
the second line: ``#Game No : ID`` (sometimes left out), ``***** Hand History
for Game ID *****``, the stakes (``$0.10/$0.25 USD NL Texas Hold'em - date``;
``$25 USD NL Texas Hold'em`` names the buy-in only, and older hands print
``0.01/0.02 Texas Hold'em Game Table (NL)``; tournaments ``NL Texas Hold'em
Trny: N Level: N Blinds(10/20)``, fixed-limit ``Stakes(N/N)``), the table,
``Seat 3 is the button`` (or ``-- Seat 1 is the button`` after the table),
the seats ``Seat 1: NAME ( $25.35 USD )`` (``( 1,500 )`` in tournaments) and
lines that begin with the player: ``posts small blind [$0.10 USD].``, ``posts
big blind``, ``posts big blind + dead [$0.35 USD]`` (a dead small and a live
big blind), ``folds``, ``checks``, ``calls [$0.40 USD]``, ``bets [..]``,
``raises [$0.50 USD]`` (bracketed amounts are the chips added; older hands
print ``calls (0.02)`` and ``raises 0.06 to 0.08``), ``is all-In [$2.50
USD]`` (the chips added, whichever action that makes; without an amount,
all the chips left), ``shows [ 8s, 6c ]``,
``doesn't show [ .. ]`` and ``wins $4.86 USD`` (``from the main pot``, ``from
the side pot 1``), the chips collected after the rake. Older hands print no
``wins`` line but a summary ``NAME balance $0.96, bet $0.21, collected $0.31,
net +$0.1``.

Money is in cents; tournament chips in hundredths (every figure keeps its
printed ratio).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence

from holdem.history.online.everleaf import _Reader as _EverleafReader
from holdem.history.online.model import (
    ActionKind,
    Collected,
    OnlineAction,
    OnlineHand,
    OnlineSeat,
    Post,
    PostKind,
)
from holdem.history.online.reader import HeaderParser, read_in_unit
from holdem.history.online.text import HandText, split_hands
from holdem.rules.config import Structure

__all__ = ["PARSER", "PartyPokerParser"]

_START = re.compile(
    r"^\ufeff?(?:#Game No : \S+[ \t]*\r?\n)?\*{5} Hand History [Ff]or Game ", re.M
)
# bounded (no room prints longer amounts): a search for it tries every
# character of a line, and an unbounded run made each try scan the line
_NUMBER = r"[$€£]?\d{1,24}(?:,\d{3}){0,8}(?:\.\d{1,16})?"
_UNSEATED = re.compile(
    r"^\S+ (?:posts|folds|checks|calls|bets|raises|is all-In)\b(?! to the table)"
)
_STAKES = re.compile(rf"(?P<small>{_NUMBER})/(?P<big>{_NUMBER})")
# what a player's line says after the name (a line run on into the one
# before it starts with a name and one of these)
_VERBS = (
    r"(?:posts |folds|checks|calls |bets |raises |is (?:all-In|sitting out)"
    r"|wins |shows |doesn't show|does not show|mucks|balance )"
)
_VERB_AT = re.compile(_VERBS)
_VERB_IN = re.compile(" " + _VERBS)
_BLINDS = re.compile(rf"(?:Blinds|Stakes)\((?P<small>{_NUMBER})/(?P<big>{_NUMBER})\)")
_SEAT = re.compile(r"^[Ss]eat (?P<seat>\d+): (?P<player>.+?) \(\s*(?P<stack>[^)]*)\)")
_BUTTON = re.compile(r"Seat (\d+) is the button")
_COLLECTED = re.compile(rf"collected (?P<chips>{_NUMBER})")
_GAME_STARTS = re.compile(r"^Game #\d+ starts\.$")


class PartyPokerParser(HeaderParser):
    """Reads PartyPoker text (see the module docstring)."""

    name = "PartyPoker"
    start = _START
    needle = " Hand History "

    def split(self, text: str, source: str) -> list[HandText]:
        """The hands of a file: each starts at ``#Game No`` or its history line."""
        return split_hands(_START, text, source, tail=_GAME_STARTS)

    def parse(self, hand: HandText) -> OnlineHand:
        """One hand's text as an ``OnlineHand``.

        Raises:
            HistoryParseError: a line that cannot be read, naming the file,
                the hand and the line.
        """
        return read_in_unit(_Reader, hand)


PARSER = PartyPokerParser()
"""The registry's instance."""


class _Reader(_EverleafReader):
    """Everleaf's reader, which PartyPoker's lines mostly match, plus its own."""

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.current_bet = 0
        self.left: dict[str, int] = {}
        self.silent_blinds: tuple[str, str] | None = None
        self._run_on: re.Pattern[str] | None = None  # see _run_apart
        self._run_names = 0

    def read(self) -> OnlineHand:
        """The hand, in the reader's ``unit`` (``read_in_unit`` calls this)."""
        return self.read_party()

    def read_party(self) -> OnlineHand:
        lines = self.hand.lines
        first = next(i for i, row in enumerate(lines) if row.startswith("*****"))
        if first + 1 == len(lines):
            self.index = first
            raise self.error("the hand stops at its first line: no game, no seats")
        if "Game" not in lines[first]:
            self.index = first
            raise self.error("expected 'Game' and the hand's number on its first line")
        hand_id = lines[first].split("Game", 1)[1].strip(" *")
        head = " ".join(lines[first + 1 : first + 4])
        upper = head.upper()
        is_tournament = "TRNY" in upper or "TOURNEY" in upper
        blinds = _BLINDS.search(head)
        stakes = blinds or _STAKES.search(lines[first + 1])
        words = upper.replace("(", " ").replace(")", " ").split()
        # a cash game's "$15/$30 USD Texas Hold'em" names no structure: the
        # room marks no-limit "NL" and pot-limit "PL", so it is fixed-limit
        unmarked = not is_tournament and "NL" not in words and "PL" not in words
        if (
            "FL" in words
            or ("LIMIT" in words and "NO" not in words)
            or (unmarked and stakes is not None and "HOLD'EM" in words)
        ):
            structure: Structure | None = Structure.FIXED_LIMIT
        elif "PL" in words:
            structure = Structure.POT_LIMIT
        else:
            structure = Structure.NO_LIMIT
        # Double Hold'em deals two boards; "Quitte ou Double" is a table name
        game = lines[first + 1].upper()
        is_holdem = "TEXAS HOLD" in game and "DOUBLE HOLD" not in game
        if is_tournament and stakes is not None:
            self.silent_blinds = (stakes["small"], stakes["big"])
            if structure is Structure.FIXED_LIMIT:
                # "Stakes(200/400)": the bets; the blinds are 100 and 200
                self.silent_blinds = _limit_blinds(stakes["small"])
        # the table as printed: ``Table Snow (Real Money)``, before any
        # ``-- Seat 1 is the button`` on the same line
        table = next(
            (
                row.split(" -- ", 1)[0].strip()
                for row in lines[first + 2 : first + 5]
                if row.startswith("Table ")
            ),
            "",
        )
        shortened = _shortened_names(lines[first + 1 :])
        for self.index in range(first + 1, len(lines)):
            line = lines[self.index]
            for full, seated in shortened:
                line = line.replace(full + " ", seated + " ")
            for part in self._run_apart(line):
                self._party_line(part.rstrip("."))
        for player, five in self.best_five.items():
            held = [card for card in five if card not in self.board]
            if player not in self.hole_cards and len(held) == 2:
                self.hole_cards[player] = tuple(held)
        posted = {p.kind: p.chips for p in self.posts if not p.is_all_in}
        small = self.chips(stakes["small"]) if stakes else 0
        big = self.chips(stakes["big"]) if stakes else 0
        if structure is Structure.FIXED_LIMIT and stakes:
            # stakes are the small and big bets; the big blind is the small
            # bet, and the small blind as posted ($10 at $15/$30) or half
            small, big = posted.get(PostKind.SMALL_BLIND, small // 2), small
        elif not big or (PostKind.BIG_BLIND in posted and not blinds):
            big = posted.get(PostKind.BIG_BLIND, big) or self._called_blind()
            small = posted.get(PostKind.SMALL_BLIND, big // 2)
        return OnlineHand(
            site="PartyPoker",
            hand_id=hand_id,
            table=table,
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=lines[first + 1],
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small,
            big_blind=big,
            big_bet=2 * big if structure is Structure.FIXED_LIMIT else 0,
            max_seats=0,
            button=self.button,
            **self.record(),
            hero=self.hero,
            uncalled=(),
            total_pot=None,
            rake=None,
            returns_in_collected=True,
        )

    def _party_line(self, line: str) -> None:
        found = _BUTTON.search(line)
        if found is not None:
            self.button = int(found[1])
            return
        found = _SEAT.match(line)
        if found is not None and not self.posts and not self.actions:
            player = found["player"]
            stack = self.chips(found["stack"].replace("USD", "").replace("EUR", ""))
            self._seat(int(found["seat"]), player, stack)
            return
        if line.startswith("Seat ") and not self.posts and not self.actions:
            # the Everleaf reader below would seat it with no stack left
            raise self.error("a seat line without its stack in parentheses")
        level = _BLINDS.fullmatch(line.strip())
        if level is not None and self.silent_blinds:
            # the level changed since the header: "Blinds(100/200)"
            self.silent_blinds = (level["small"], level["big"])
            if line.strip().startswith("Stakes"):
                self.silent_blinds = _limit_blinds(level["small"])
        if line.startswith("** Dealing down cards") and self.silent_blinds:
            self._post_silent_blinds(*self.silent_blinds)
        if line.startswith("** Dealing "):
            street = self.street
            self._line(line.replace(" ** :", " **"))
            if self.street != street:
                self.current_bet = 0
            return
        for name in self.names:
            if line.startswith(f"{name} "):
                self._party_player(name, line[len(name) + 1 :].strip())
                return
        if _UNSEATED.match(line):
            raise self.error(
                "a player without a seat line posts or acts (joined during the"
                " hand): the stack is not printed"
            )
        self._line(line)

    def _run_apart(self, line: str) -> list[str]:
        """``line`` cut where another player's line runs on without a break.

        The Mac client loses some line breaks: ``Player3 is sitting
        outPlayer4 posts big blind [..]``, ``.. with a pair.Player0 wins
        $1 USD ..``. A seated name followed by a verb, right after a
        character that is not a space, begins a line; the line's own
        leading name (``SuperHero folds`` holds ``Hero folds``) is skipped.
        """
        if not self.names or len(line) < 8:
            return [line]
        if self._run_on is None or self._run_names != len(self.names):
            names = "|".join(map(re.escape, self.names))  # longest first
            self._run_on = re.compile(rf"(?<=\S)(?=(?:{names}) {_VERBS})")
            self._run_names = len(self.names)
        parts = []
        while True:
            lead = next((n for n in self.names if line.startswith(n + " ")), "")
            found = self._run_on.search(line, len(lead) + 1)
            if found is None:
                break
            parts.append(line[: found.start()])
            line = line[found.start() :]
        return [*parts, line]

    def _post_silent_blinds(self, small: str, big: str) -> None:
        """Post the blinds a tournament hand leaves out (R-BLIND-1, R-BLIND-2).

        Some tournament hands print the antes and no blinds, though the
        amounts show them paid: the small blind is the first seat dealt in
        (a player with lines in the hand) left of the button (heads-up the
        button), the big blind the next.
        """
        blinds = (PostKind.SMALL_BLIND, PostKind.BIG_BLIND)
        if any(p.kind in blinds for p in self.posts):
            return
        rest = self.hand.lines[self.index :]
        acting = {
            seat.player
            for seat in self.seats
            if any(line.startswith(seat.player + " ") for line in rest)
        }
        button = self.button
        order = sorted(
            (s for s in self.seats if s.player in acting and not s.is_sitting_out),
            key=lambda s: (s.seat - button - 1) % 1000,
        )
        if len(order) < 2:
            return
        if len(order) == 2:
            order.reverse()  # heads-up the button posts the small blind
        self._party_player(order[0].player, f"posts small blind [{small}]")
        self._party_player(order[1].player, f"posts big blind [{big}]")

    def _called_blind(self) -> int:
        """The big blind when only a short one was posted, or 0.

        The header names the buy-in only and the big blind posted all-in
        for less; the others still call the full blind (R-ALLIN-BLIND): the
        first pre-flop call before any bet or raise, by a player who posted
        nothing and is not all-in, is it.
        """
        short = PostKind.BIG_BLIND
        if not any(p.kind is short and p.is_all_in for p in self.posts):
            return 0
        posted = {p.player for p in self.posts}
        for action in self.actions:
            if action.street or action.kind in (ActionKind.BET, ActionKind.RAISE):
                return 0
            if (
                action.kind is ActionKind.CALL
                and not action.is_all_in
                and action.player not in posted
            ):
                return action.chips
        return 0

    def _seat(self, seat: int, player: str, stack: int) -> None:
        self.seats.append(OnlineSeat(seat, player, stack))
        self.names.append(player)
        self.names.sort(key=len, reverse=True)
        self.spaced = self.spaced or " " in player or ":" in player
        self.committed[player] = 0
        self.left[player] = stack

    def _party_player(self, player: str, what: str) -> None:
        line = self.hand.line + self.index
        street = self.street
        if what.startswith("posts big blind + dead"):
            chips = self.amount(what)
            self.posts.append(
                Post(player, PostKind.SMALL_AND_BIG_BLINDS, chips, line=line)
            )
            self.left[player] -= chips
            # the big blind part is live: later bracketed raises add to it
            big = [p.chips for p in self.posts if p.kind is PostKind.BIG_BLIND]
            live = min(chips, max(big)) if big else chips
            self.committed[player] += live
            self.current_bet = max(self.current_bet, self.committed[player])
            return
        if what.startswith("is all-In"):
            # the chips added, or with no amount all the chips left; after the
            # player's own action that put all in, only a remark
            added = self.amount(what) if "[" in what else self.left[player]
            if added <= 0:
                return
            to = self.committed[player] + added
            if to <= self.current_bet:
                kind, chips = ActionKind.CALL, added
            elif self.current_bet:
                kind, chips = ActionKind.RAISE, to
            else:
                kind, chips = ActionKind.BET, added
            self.committed[player] = to
            self.left[player] -= added
            self.current_bet = max(self.current_bet, to)
            self.actions.append(OnlineAction(street, player, kind, chips, True, line))
            return
        if what.startswith("balance") and "collected" in what:
            found = _COLLECTED.search(what)
            if found is not None:
                self.collected.append(Collected(player, self.chips(found["chips"])))
            return
        if what.startswith("raises") and " to " in what:
            words = what.split(" to ", 1)[0].split(" ", 1)
            if len(words) < 2:
                raise self.error("a raise without the chips it adds")
            what = "raises " + words[1]
        before = self.committed[player]
        count, posts = len(self.actions), len(self.posts)
        self._player_line(player, what)
        self.left[player] -= self.committed[player] - before
        if len(self.posts) > posts and self.left[player] <= 0:
            # a blind of the player's whole stack is posted all-in, maybe short
            self.posts[-1] = dataclasses.replace(self.posts[-1], is_all_in=True)
        self.current_bet = max(self.current_bet, self.committed[player])
        if len(self.actions) > count and self.left[player] <= 0:
            last = self.actions[-1]
            self.actions[-1] = OnlineAction(
                last.street, last.player, last.kind, last.chips, True, last.line
            )


def _shortened_names(lines: Sequence[str]) -> list[tuple[str, str]]:
    """``(full name, seated name)`` of players the seat list shortens.

    Some hands seat ``Hero`` and print his plays as ``Hero Name raises
    [..]``: a line that begins with a seated name, then more words, then a
    player's verb (and no seated name is that whole) is the seated player's.
    Longest full names first.

    >>> _shortened_names(["Seat 2: Hero ( $4 USD )", "Hero Name raises [$1 USD]"])
    [('Hero Name', 'Hero')]
    """
    seated = sorted(
        {found["player"] for line in lines if (found := _SEAT.match(line))},
        key=len,
        reverse=True,
    )
    shortened: dict[str, str] = {}
    for line in lines:
        name = next((n for n in seated if line.startswith(n + " ")), None)
        if name is None:
            continue
        rest = line[len(name) + 1 :]
        if _VERB_AT.match(rest):
            continue
        found = _VERB_IN.search(rest)
        more = rest[: found.start()] if found else ""
        full = f"{name} {more}"
        if more and not any(c in more for c in "[]()") and full not in seated:
            shortened.setdefault(full, name)
    return sorted(shortened.items(), key=lambda item: len(item[0]), reverse=True)


def _limit_blinds(small_bet: str) -> tuple[str, str] | None:
    """The blinds of fixed-limit stakes ``small_bet/big_bet``: half and whole.

    ``None`` when the small bet is not a whole even number as printed.
    """
    digits = small_bet.replace(",", "")
    if not digits.isdigit() or int(digits) % 2:
        return None
    return str(int(digits) // 2), digits
