"""The Seals With Clubs text format (``Hand #ID-N - DATE``).

A hand starts at ``Hand #5557960-70 - 2013-04-16 23:29:08``, then ``Game: NL
Hold'em (20 - 100) - Blinds 0.50/1`` (the buy-in range, then the blinds;
fixed-limit prints ``Limit Hold'em (...) - Stakes 2/4``, the small and big
bets), ``Site: Seals With Clubs``, ``Table: NAME``, the seats ``Seat 1: NAME
(107.43)`` (``- sitting out`` or ``- waiting for big blind`` after some),
``NAME has the dealer button`` and lines that begin with the player's name:
``posts small blind 0.50``, ``posts big blind 1``, ``posts small & big blind
1.50`` (a dead small blind and a live big blind), ``folds``, ``checks``,
``calls 2`` and ``bets 2`` (chips added), ``raises to 4`` (the street total),
``refunded 4`` (an uncalled bet returned), ``shows [5s Ts]``, ``wins Pot
(6.83)`` (collected, after the rake; a side pot names itself), ``adds 3
chips`` (between hands). Streets are ``** Flop ** [3s Tc Qh]``, ``** Turn **
[2h]`` (the new cards), ``** Pot Show Down ** [board]``; ``Rake (0.17)``
ends the hand. The total pot is not printed.

Money (milli-bitcoins for cash games) is in hundredths, so ``107.43`` is 10743.
"""

from __future__ import annotations

import re

from holdem.history.online.dealt import dealt_to
from holdem.history.online.model import ActionKind, Collected, OnlineHand, PostKind
from holdem.history.online.named import INFO, STREETS, NamedReader, section_title
from holdem.history.online.reader import HeaderParser
from holdem.history.online.text import MONEY, HandText
from holdem.rules.config import Structure

__all__ = ["PARSER", "SealsWithClubsParser"]

_START = re.compile(r"^\ufeff?Hand #\d+-\d+ - [^\n]*\n\s*Game: ", re.M)
_HEADER = re.compile(r"^Hand #(?P<id>\d+-\d+) - ")
_GAME_TAIL = re.compile(
    rf"- (?P<what>Blinds|Stakes) (?P<small>{MONEY})/(?P<big>{MONEY})"
)
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>{MONEY})\)")
_BUTTON = re.compile(r"^(?P<player>.+) has the dealer button$")
_WINS = re.compile(rf"^wins (?P<pot>.*?) ?\((?P<chips>{MONEY})\)")
_RAKE = re.compile(rf"^Rake \((?P<rake>{MONEY})\)")
_POSTS = {
    "posts small & big blind": PostKind.SMALL_AND_BIG_BLINDS,
    "posts small & big blinds": PostKind.SMALL_AND_BIG_BLINDS,
    "posts small blind": PostKind.SMALL_BLIND,
    "posts big blind": PostKind.BIG_BLIND,
    "posts ante": PostKind.ANTE,
    "posts dead small blind": PostKind.DEAD_SMALL_BLIND,
    "posts straddle": PostKind.STRADDLE,
}
_QUIET = ("adds ", "mucks", "does not show", "doesn't show", "is sitting out")


class _Reader(NamedReader):
    hero: str | None = None  # whose history it is: ``Dealt to NAME [..]``

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.rake: int | None = None
        self.button_player = ""
        self.big_blind = 0

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not a Seals With Clubs 'Hand #ID-N' header")
        self.index = 1
        read = _game_line(lines[1]) if len(lines) > 1 else None
        if read is None:
            raise self.error("expected the game line (Game: ... - Blinds S/B)")
        name, game = read
        upper = name.upper()
        is_holdem = "HOLD'EM" in upper or "HOLDEM" in upper
        if upper.startswith(("NL ", "NO LIMIT")):
            structure: Structure | None = Structure.NO_LIMIT
        elif upper.startswith(("PL ", "POT LIMIT")):
            structure = Structure.POT_LIMIT
        elif upper.startswith(("LIMIT", "FL ")):
            structure = Structure.FIXED_LIMIT
        else:
            structure = None
        small_blind = self.chips(game["small"])
        big_blind = self.chips(game["big"])
        big_bet = 0
        if structure is Structure.FIXED_LIMIT and game["what"] == "Stakes":
            big_bet, big_blind = big_blind, small_blind
            small_blind = big_blind // 2
        self.big_blind = big_blind
        table = ""
        for self.index in range(2, len(lines)):
            line = lines[self.index]
            if line.startswith("Table: ") and not self.seats:
                table = line[len("Table: ") :]
            else:
                self._line(line)
        button = next((s.seat for s in self.seats if s.player == self.button_player), 0)
        if not button:
            self.index = 0
            raise self.error("no line names the dealer button's player")
        return OnlineHand(
            site="Seals With Clubs",
            hand_id=header["id"],
            table=table,
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=False,
            game=name,
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=big_bet,
            max_seats=0,
            button=button,
            **self.record(),
            hero=self.hero,
            uncalled=tuple(self.uncalled),
            total_pot=None,
            rake=self.rake,
        )

    def _line(self, line: str) -> None:
        if not line or line.startswith("Site: "):
            return
        if line.startswith("** "):
            self._section(line)
            return
        if line.startswith("Seat ") and not self.posts and not self.actions:
            self.seat_match(_SEAT.match(line), line.endswith("sitting out"))
            return
        found = _BUTTON.match(line)
        if found is not None and found["player"] in self.committed:
            self.button_player = found["player"]
            return
        if line.startswith("Dealt to "):
            self.dealt_line(line, self.names)
            self.hero = dealt_to(line, self.names)
            return
        found = _RAKE.match(line)
        if found is not None:
            self.rake = self.chips(found["rake"])
            return
        named = self.named(line)
        if named is None:
            return  # other lines inform (chat, players joining or leaving)
        self._player_line(*named)

    def _section(self, line: str) -> None:
        title = section_title(line)
        street = STREETS.get(title)
        if street is None:
            return  # Hole Cards, Pot Show Down
        self.deal_street(line, street)

    def _player_line(self, player: str, what: str) -> None:
        all_in = what.endswith(("all-in", "all in", "all-in)", "All-In"))
        verb = what.split(" ", 1)[0]
        if verb == "posts":
            for prefix, post in _POSTS.items():
                if what.startswith(prefix + " "):
                    chips = self.amount(what[len(prefix) :])
                    both = post is PostKind.SMALL_AND_BIG_BLINDS
                    self.post(
                        player, post, chips, all_in, self.big_blind if both else None
                    )
                    return
            raise self.error("unknown post")
        if verb == "folds":
            self.fold(player)
        elif verb == "checks":
            self.check(player)
        elif verb in ("calls", "bets"):
            kind = ActionKind.CALL if verb == "calls" else ActionKind.BET
            self.added(player, kind, self.amount(what), all_in)
        elif verb == "raises":
            if not what.startswith("raises to "):
                raise self.error("cannot read the raise")
            self.raise_to(player, self.amount(what[10:]), all_in, ActionKind.RAISE)
        elif verb == "refunded":
            self.uncalled.append((player, self.amount(what)))
        elif verb == "wins":
            found = _WINS.match(what)
            if found is None:
                raise self.error("cannot read the win")
            pot = found["pot"].lower() or "pot"
            self.collected.append(Collected(player, self.chips(found["chips"]), pot))
        elif verb == "shows":
            self.known_cards(player, what)
        elif not what.startswith((*_QUIET, "- ")) and not INFO.match(what):
            raise self.error("unknown action")


class SealsWithClubsParser(HeaderParser):
    """Reads Seals With Clubs text (see the module docstring)."""

    name = "Seals With Clubs"
    start = _START
    reader = _Reader


PARSER = SealsWithClubsParser()
"""The registry's instance."""


def _game_line(line: str) -> tuple[str, re.Match[str]] | None:
    r"""The game's name and the match of the stakes after it, or ``None``.

    Reads ``Game: NAME (..) - Blinds S/B`` as
    ``^Game: (?P<game>.*?) (?:\(.*?\) )?- (?P<what>Blinds|Stakes) S/B``
    would (the shortest name, then the nearest ``) `` followed by the
    stakes) in one pass: that pattern scanned the rest of the line for
    ``) `` from every space, so a long line took time growing as its square.
    The match holds ``what``, ``small`` and ``big``.
    """
    if not line.startswith("Game: "):
        return None
    good = -2  # the nearest ") " followed by the stakes, from ``after``; -1: none
    found = None
    space = line.find(" ", 6)
    while space != -1:
        after = space + 1
        if line.startswith("(", after) and good != -1:
            if good <= after:
                good = line.find(") ", after + 1)
                while good != -1:
                    found = _GAME_TAIL.match(line, good + 2)
                    if found is not None:
                        break
                    good = line.find(") ", good + 1)
            if good != -1 and found is not None:
                return line[6:space], found
        tail = _GAME_TAIL.match(line, after)
        if tail is not None:
            return line[6:space], tail
        space = line.find(" ", after)
    return None
