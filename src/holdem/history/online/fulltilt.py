"""The Full Tilt Poker text format.

A hand starts at ``Full Tilt Poker Game #ID: <table or tournament> - S/B -
<game> - <time>``; seats are ``Seat N: NAME (STACK)``; lines name the player
first, with no colon: ``NAME posts the small blind of X``, ``NAME antes X``,
``NAME folds``, ``checks``, ``calls X`` and ``bets X`` (chips added), ``raises
to X`` (the street total), ``... and is all in``. ``The button is in seat
#N`` names the button; ``Uncalled bet of X returned to NAME`` and ``NAME wins
the pot (X)`` (``the side pot #1``, ``the main pot``) are the results, and
the summary's ``Total pot X | Rake Y`` the pot. ``(6 max)`` (``(heads up)``)
after the table's name gives the table's seats. Money is in cents, tournament
chips as chips.
"""

from __future__ import annotations

import re

from holdem.cards import Card
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

__all__ = ["PARSER", "FullTiltParser"]

_START = re.compile(r"^\ufeff?[ \t]*Full ?Tilt ?Poker Game #\d+:", re.M)
_HEADER = re.compile(r"^Full ?Tilt ?Poker Game #(?P<id>\d+):\s*(?P<rest>.*)$")
_STAKES = re.compile(
    rf" - (?P<small>{MONEY})(?P<small_unit>[KMB]?)/(?P<big>{MONEY})(?P<big_unit>[KMB]?)"
    rf"(?: -)?(?: Ante (?:{MONEY})[KMB]?)? - "
)
_MAX = re.compile(r"\((?:(?P<max>\d+) max|(?P<heads_up>heads up))\)", re.I)
_SEAT_HEAD = re.compile(r"^Seat \d+: ")
_FOLDED_TAIL = re.compile(
    r"folded (?P<street>before the Flop|on the Flop|on the Turn|on the River)"
)
_FOLD_STREETS = {
    "before the Flop": 0,
    "on the Flop": 1,
    "on the Turn": 2,
    "on the River": 3,
}
_UNITS = {"": 1, "K": 1_000, "M": 1_000_000, "B": 1_000_000_000}
_RUN = re.compile(r"^(?:TURN|RIVER|FLOP) (?P<run>\d+)$")
_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>{MONEY})\)(?P<rest>.*)$"
)
_BUTTON = re.compile(r"^The button is in seat #(\d+)")
_UNCALLED = re.compile(
    rf"^Uncalled bet of (?P<chips>{MONEY}) returned to (?P<player>.+)$"
)
_WINS = re.compile(
    rf"^wins (?P<pot>the (?:main |side )?pot(?: #\d+)?|pot (?P<run>\d+))"
    rf" \((?P<chips>{MONEY})\)"
)
_TOTAL = re.compile(rf"^Total pot (?P<total>{MONEY})(?:.*\| Rake (?P<rake>{MONEY}))?")
_MONEY = re.compile(MONEY)
_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
_POSTS = (
    ("posts the small blind of ", PostKind.SMALL_BLIND),
    ("posts the big blind of ", PostKind.BIG_BLIND),
    ("posts a dead small blind of ", PostKind.DEAD_SMALL_BLIND),
    ("antes ", PostKind.ANTE),
    ("posts ", PostKind.BIG_BLIND),
)


class _Reader(HandReader):
    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.hero: str | None = None  # "Dealt to NAME [cards]"
        self.names: list[str] = []
        self.button = 0
        self.uncalled: list[tuple[str, int]] = []
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.summary = False
        self.from_summary = False
        self.runs: dict[int, list[Card]] = {}  # boards of runs 2, 3 ...
        self.mucked: list[str] = []  # "Seat N: X mucked [..]" (R-SHOW-2)

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not a Full Tilt hand header")
        rest = header["rest"]
        # cash: "Table NAME - ..."; tournaments: "$26 Turbo (ID), Table 86 - ..."
        is_tournament = not rest.startswith("Table ")
        self.scale = 1 if is_tournament else 100
        upper = rest.upper()
        is_holdem = "HOLD'EM" in upper and "OMAHA" not in upper
        structure: Structure | None = None
        if "POT LIMIT" in upper:
            structure = Structure.POT_LIMIT
        elif "NO LIMIT" in upper or "NL HOLD'EM" in upper:
            structure = Structure.NO_LIMIT
        elif "LIMIT" in upper:
            structure = Structure.FIXED_LIMIT
        stakes = _STAKES.search(rest)
        if stakes is None:
            raise self.error("no stakes (small/big) in the header")
        # play-money stakes in thousands ("500K/1000K"); amounts in full
        small_blind = self.chips(stakes["small"]) * _UNITS[stakes["small_unit"]]
        big_blind = self.chips(stakes["big"]) * _UNITS[stakes["big_unit"]]
        big_bet = 0
        if structure is Structure.FIXED_LIMIT:
            # fixed-limit stakes are printed as small bet / big bet
            big_bet, big_blind = big_blind, small_blind
            small_blind = big_blind // 2
        for self.index in range(1, len(lines)):
            self._line(lines[self.index])
        if not self.seats:
            self.index = 0
            if self.posts or self.actions or self.uncalled:
                raise self._no_stacks()
            raise self.error("the hand has no seat lines, posts or actions")
        runs: tuple[tuple[Card, ...], ...] = ()
        if self.runs:
            later = [tuple(self.runs[run]) for run in sorted(self.runs)]
            runs = (tuple(self.board), *later)
        return OnlineHand(
            site="Full Tilt Poker",
            hand_id=header["id"],
            table=rest.split(" - ", 1)[0],
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=("Hold'em " + structure) if is_holdem and structure else rest[:40],
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=big_bet,
            max_seats=_max_seats(rest),
            button=self.button,
            **self.record(),
            uncalled=tuple(self.uncalled),
            total_pot=self.total_pot,
            rake=self.rake,
            runs=runs,
            mucked=tuple(self.mucked),
            hero=self.hero,
        )

    def _line(self, line: str) -> None:
        if not line:
            return
        if line.startswith("*** "):
            run = _RUN.match(line[4:].split("***", 1)[0].strip().upper())
            if run is not None and not self.summary:
                self._run_street(int(run["run"]), line)
                return
            title = line.strip("* ").split(" ", 1)[0].upper()
            if title == "SUMMARY":
                self.summary = True
                self.from_summary = not self.collected
            elif title in _STREETS and not self.summary:
                boards = bracketed(line)
                if not boards:
                    raise self.error("a street without its board cards")
                self.board.extend(self.cards(boards[-1]))
                self.street = _STREETS[title]
            return
        if self.summary:
            self._summary(line)
            return
        if line.startswith("Seat ") and not self.posts and not self.actions:
            found = _SEAT.match(line)
            if found is not None:
                player = found["player"]
                out = "sitting out" in found["rest"]
                stack = self.chips(found["stack"])
                self.seats.append(OnlineSeat(int(found["seat"]), player, stack, out))
                self.names.append(player)
                self.names.sort(key=len, reverse=True)
                return
        found = _BUTTON.match(line)
        if found is not None:
            self.button = self.seat_number(found[1])
            return
        if line.startswith("Dealt to "):
            shown = bracketed(line)
            for name in self.names:
                if line.startswith(f"Dealt to {name} [") and shown:
                    if self.hero is None:
                        self.hero = name  # whose history this is: R-HISTORY-1
                    dealt = self.cards(shown[-1])
                    if len(dealt) == 2:
                        self.hole_cards[name] = dealt
                    return
            raise self.error("cards dealt to a player not seated")
        if line.startswith("Uncalled bet of "):
            if not self.seats:
                raise self._no_stacks()
            found = _UNCALLED.match(line)
            if found is None or found["player"] not in self.names:
                raise self.error("cannot read the uncalled bet")
            self.uncalled.append((found["player"], self.chips(found["chips"])))
            return
        for name in self.names:
            if line.startswith(name) and line[len(name) : len(name) + 1] in (" ", ":"):
                if line[len(name)] == ":":
                    return  # chat
                self._player_line(name, line[len(name) + 1 :])
                return
        # table messages: time warnings, seating, the dealer's chat

    def _no_stacks(self) -> Exception:
        return self.error(
            "no seat lines: the players' stacks are not printed (a hand written"
            " for an observer), so it cannot be dealt again"
        )

    def _run_street(self, run: int, line: str) -> None:
        """A street of a board run twice: ``*** TURN 2 *** [8d 6c 7d] [9s]``.

        Run 1 is the board; each later run starts from the cards printed
        before its first street's new cards.
        """
        boards = bracketed(line)
        if not boards:
            raise self.error("a street without its board cards")
        new = self.cards(boards[-1])
        if run == 1:
            self.board.extend(new)
            return
        if run not in self.runs:
            self.runs[run] = list(self.cards(boards[0])) if len(boards) > 1 else []
        self.runs[run].extend(new)

    def _player_line(self, player: str, what: str) -> None:
        line = self.hand.line + self.index
        all_in = what.endswith("all in")
        for prefix, kind in _POSTS:
            if what.startswith(prefix):
                amount = _MONEY.match(what[len(prefix) :])
                if amount is None:
                    raise self.error("a post without its amount")
                self.posts.append(
                    Post(player, kind, self.chips(amount[0]), all_in, line)
                )
                return
        verb, _, rest = what.partition(" ")
        action = VERBS.get(verb.rstrip(","))
        if action is not None:
            chips = 0
            if action is not ActionKind.FOLD and action is not ActionKind.CHECK:
                amount = _MONEY.search(rest)
                if amount is None:
                    raise self.error("an action without its amount")
                chips = self.chips(amount[0].rstrip(","))
            self.actions.append(
                OnlineAction(self.street, player, action, chips, all_in, line)
            )
            return
        if verb == "wins" or verb == "ties":
            found = _WINS.match("wins" + what[len(verb) :])
            if found is None:
                raise self.error("cannot read the pot won")
            pot = found["pot"].removeprefix("the ")
            run = int(found["run"]) if found["run"] else 1
            chips = self.chips(found["chips"])
            self.collected.append(
                Collected(player, chips, "pot" if found["run"] else pot, run)
            )
            return
        if verb == "shows" or verb == "mucks":
            shown = bracketed(rest)
            if shown:
                known = self.cards(shown[0])
                if len(known) == 2:
                    self.hole_cards[player] = known
        # other player messages (seconds left, reconnected, sits out) inform

    def _summary(self, line: str) -> None:
        folded = _folded_seat(line)
        if folded is not None and folded[0] in self.names:
            player = folded[0]
            if not any(
                a.player == player and a.kind is ActionKind.FOLD for a in self.actions
            ):
                # a hand cut short prints the fold only here; applied in turn
                street = _FOLD_STREETS[folded[1]]
                at = self.hand.line + self.index
                self.actions.append(
                    OnlineAction(
                        street, player, ActionKind.FOLD, line=at, is_implied=True
                    )
                )
            return
        if line.startswith("Total pot "):
            found = _TOTAL.match(line)
            if found is None:
                raise self.error("cannot read the total pot")
            self.total_pot = self.chips(found["total"])
            self.rake = self.chips(found["rake"]) if found["rake"] else None
            return
        if line.startswith("Board: [") and not self.runs:
            board = self.cards(line[8:].split("]", 1)[0])
            if tuple(self.board) == board[: len(self.board)]:
                # a hand cut short after an all-in prints its last streets
                # only here
                self.board[:] = board
            return
        won = " collected (" if " collected (" in line else " and won ("
        if line.startswith("Seat ") and won in line and self.from_summary:
            # a walk (or a hand cut short) prints its winner only here
            for name in self.names:
                if line.split(": ", 1)[-1].startswith(name + " "):
                    amount = line.split(won, 1)[1].split(")", 1)[0]
                    self.collected.append(Collected(name, self.chips(amount)))
        if line.startswith("Seat ") and ("showed [" in line or "mucked [" in line):
            for name in self.names:
                if line.split(": ", 1)[-1].startswith(name + " "):
                    shown = bracketed(line)
                    known = self.cards(shown[0]) if shown else ()
                    if len(known) == 2:
                        self.hole_cards[name] = known
                    if "mucked [" in line:
                        self.mucked.append(name)  # does not contend: R-SHOW-2
                    return


def _folded_seat(line: str) -> tuple[str, str] | None:
    r"""``(player, street)`` of a summary line ``Seat N: NAME (..) folded ..``.

    Reads as ``^Seat \d+: (?P<player>.+?) (?:\([^)]*\) )?folded STREET``
    would (the shortest name that is followed so, the parenthesis tried
    first) in one pass: that pattern scanned the rest of the line for a
    ``)`` from every space, so a long line took time growing as its square.
    ``None`` when the line is not so.
    """
    head = _SEAT_HEAD.match(line)
    if head is None:
        return None
    start = head.end()
    close = -2  # the first ")" at or after the last "(" tried; -1: none left
    space = line.find(" ", start + 1)
    while space != -1:
        after = space + 1
        if line.startswith("(", after) and close != -1:
            if close <= after:
                close = line.find(")", after + 1)
            if close != -1 and line.startswith(" ", close + 1):
                found = _FOLDED_TAIL.match(line, close + 2)
                if found is not None:
                    return line[start:space], found["street"]
        found = _FOLDED_TAIL.match(line, after)
        if found is not None:
            return line[start:space], found["street"]
        space = line.find(" ", after)
    return None


def _max_seats(rest: str) -> int:
    """Seats at the table as the header prints them (``(6 max)``), or 0."""
    found = _MAX.search(rest.split(" - ", 1)[0])
    if found is None:
        return 0
    return 2 if found["heads_up"] else int(found["max"])


class FullTiltParser(HeaderParser):
    """Reads Full Tilt Poker text (see the module docstring)."""

    name = "Full Tilt Poker"
    start = _START
    needle = "Poker Game #"
    reader = _Reader


PARSER = FullTiltParser()
"""The registry's instance."""
