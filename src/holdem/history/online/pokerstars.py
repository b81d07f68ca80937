"""The PokerStars text format and the rooms that write it.

Read by this module: PokerStars (cash, tournaments, Zoom, Home Games, and the
all-capitals variant), and the rooms and tools that copy its wording: GGPoker
(``Poker Hand #TM...``), BetOnline, Run It Once Poker, PokerMaster, PokerBros, Full Tilt
Rush hands converted to it, and exports from PokerTracker or Hold'em Manager.
A hand starts at a header line ``<Room> Hand #ID:`` (or ``Game #ID:``); then
the table line with the button, the seat lines with starting stacks, the
posts, ``*** HOLE CARDS ***``, the streets, ``*** SHOW DOWN ***`` and
``*** SUMMARY ***``.

Amounts: ``raises $0.20 to $0.30`` is a raise to a street total of 30 cents;
``calls`` and ``bets`` give the chips added. Lines that only inform (chat,
players joining, leaving, timing out, bounties, tournament places) are skipped;
any other line that names a seated player and cannot be read is a
``HistoryParseError``.

The posts are read by ``pokerstars_posts``, the summary section (with
shown cards and the boards of a hand run twice) by ``pokerstars_summary``,
and the header's game by ``pokerstars_game``.
"""

from __future__ import annotations

import re

from holdem.history.online.model import (
    ActionKind,
    Collected,
    OnlineAction,
    OnlineHand,
    OnlineSeat,
    PostKind,
)
from holdem.history.online.pokerstars_game import game_of
from holdem.history.online.pokerstars_posts import PostReader
from holdem.history.online.pokerstars_summary import (
    RUNS,
    SummaryReader,
    summary_read,
)
from holdem.history.online.printed_level import printed_level
from holdem.history.online.reader import VERBS, HeaderParser
from holdem.history.online.text import MONEY, HandText, bracketed, is_plain_amount
from holdem.rules.config import Structure

__all__ = ["PARSER", "PokerStarsParser"]

_ROOMS = (
    r"PokerStars(?: Zoom| Home Game)?|POKERSTARS|Run It Once Poker|PokerMaster"
    r"|PokerBros|Full Tilt(?: Rush)?|BetOnline Poker|PayNoRake|Poker"
)
_HEADER = re.compile(
    rf"^(?P<room>{_ROOMS}) (?:Game|Hand|GAME|HAND) #(?P<id>[A-Z]*\d+):\s*(?P<rest>.*)$"
)
_START = re.compile(
    rf"^\ufeff?[ \t]*(?:{_ROOMS}) (?:Game|Hand|GAME|HAND) #[A-Z]*\d+:", re.M
)
_STAKES = re.compile(
    rf"[(,] ?(?P<small>{MONEY})/(?P<big>{MONEY})(?: [A-Z]{{3}})?\)", re.IGNORECASE
)
_TOURNAMENT = re.compile(r"Tournament #(\d+)")
"""A tournament's number in the header: ``Tournament #734695129,``."""
_TABLE = re.compile(r"^Table (?:ID )?'(?P<table>.*)'(?P<rest>.*?)Seat #(?P<button>\d+)")
# starts only where a run of digits starts: tried at every digit of a long
# run it took time quadratic in the run's length (16 Ki digits: 2.7 s)
_MAX = re.compile(r"(?<!\d)(\d+)-[Mm]ax")
_PLAY = "(Play Money)"
_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<player>.*?) \((?P<stack>{MONEY}) in chips"
    r"(?P<rest>.*)$"
)
_STACK = re.compile(rf"(?:{MONEY})\Z")
# A seat line as _seat splits it, its stack a plain amount (is_plain_amount)
_SEAT_PLAIN = re.compile(
    r"Seat ([0-9]+): ((?:[^ ]| (?!\())*) \((\$?[0-9](?:[0-9,.]*[0-9])?) in chips(.*)"
).fullmatch
_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
_QUIET = (
    "doesn't show",
    "mucks hand",
    "is sitting out",
    "sits out",
    "Table deposit",
    "is away",
)
# Enum members as module constants: in Python 3.11 each ``Kind.X`` is a
# class attribute lookup through the enum metaclass, on the hot lines
_RAISE_KIND = ActionKind.RAISE
_SMALL_BLIND = PostKind.SMALL_BLIND
_BIG_BLIND = PostKind.BIG_BLIND
# The verbs read in _lines, and the summary lines _summary reads from
_FOLD = ActionKind.FOLD
_CHECK = ActionKind.CHECK
_FAST_VERBS = {
    verb: kind for verb, kind in VERBS.items() if kind is not ActionKind.RAISE
}


_RAISE = re.compile(rf"^raises (?:(?P<by>{MONEY}) )?to (?P<to>{MONEY})")
_COLLECTED = re.compile(
    rf"^(?P<player>.+?) collected (?P<chips>{MONEY}) from (?P<pot>(?:main |side )?pot"
    r"(?:-\d+)?)"
)
_UNCALLED = re.compile(
    rf"^Uncalled bet \((?P<chips>{MONEY})\) returned to (?P<player>.+)$"
)
_INFO = re.compile(
    r" said, \"| said \"| joins the table| leaves the table| is connected"
    r"| is disconnected"
    r"| has timed out| has returned| is sitting out| sits out| sat out"
    r"| finished the tournament"  # wins .. bounty, wins .. for eliminating: _is_info
    r"| re-buys| rebuys| takes the add-on| will be allowed to play"
    r"| was removed from the table|^Betting is capped|^STP added| cashed out the hand"
    r"| Table deposit| is feeling| stands up| sits down| seconds left to act"
    r"|^Hand was run |^\*\*\* .* \*\*\*$| doesn't show hand| mucks hand"
    r"| shows \[.*\] for | shows \[| has been disqualified| is away"
    r"|^Total pot "  # BetOnline: a running total before the showdown
    r"| has left the table| has joined the table| shows \w\w \w\w$"
    r"|^Board \[|^(?:FIRST|SECOND) Board|^Seat \d+: "
)


def _is_info(line: str) -> bool:
    """Whether ``line`` is a message the hand passes over (``_INFO``).

    `` wins the .*bounty`` and `` wins .* for eliminating`` are looked for
    with ``str.find`` (the first " wins", the last end word): as patterns
    searched, each " wins" scanned the rest of the line, so a line of many
    took time growing as its square.
    """
    if _INFO.search(line):
        return True
    wins = line.find(" wins ")
    if wins == -1:
        return False
    the = line.find(" wins the ", wins)
    return (the != -1 and line.rfind("bounty") >= the + 10) or line.rfind(
        " for eliminating"
    ) >= wins + 6


class _Reader(PostReader, SummaryReader):
    """Reads one hand, line by line (a small state machine over sections)."""

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.uncalled: list[tuple[str, int]] = []
        self.unsupported: list[str] = []
        self.run = 1  # the run of the board a collected line pays
        self.hero: str | None = None  # "Dealt to NAME [cards]"
        self.is_holdem = True  # the header's game: hold'em deals two cards

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not a PokerStars hand header")
        rest = header["rest"]
        tournament = _TOURNAMENT.search(rest)
        is_tournament = "Tournament #" in rest
        # play money (PokerStars: "(Play Money)" on the table line) is whole chips
        plain = not is_tournament and len(lines) > 1 and _PLAY in lines[1]
        self.scale = 1 if is_tournament or plain else 100
        game, is_holdem, structure = game_of(rest)
        self.is_holdem = is_holdem
        stakes = _STAKES.search(rest)
        small_blind = big_blind = 0
        if stakes is not None:
            small_blind = self.chips(stakes["small"])
            big_blind = self.chips(stakes["big"])
        if len(lines) < 2:
            raise self.error("the hand ends after its header")
        self.index = 1
        table = _TABLE.match(lines[1])
        if table is None:
            raise self.error(
                "expected the table line (Table '...' Seat #N is the button)"
            )
        found = _MAX.search(table["rest"])
        max_seats = int(found[1]) if found else 0
        big_bet = 0
        if structure is Structure.FIXED_LIMIT:
            # fixed-limit stakes are printed as small bet / big bet
            big_bet = big_blind
            big_blind = small_blind
            small_blind = big_blind // 2
        self._lines(lines)
        if stakes is None:  # BetOnline tournaments: the blinds as posted
            for post in self.posts:
                if post.kind is _SMALL_BLIND and not post.is_all_in:
                    small_blind = small_blind or post.chips
                elif post.kind is _BIG_BLIND and not post.is_all_in:
                    big_blind = big_blind or post.chips
            if is_holdem and not big_blind:
                self.index = 0
                raise self.error("no stakes (small/big) in the header or the posts")
            small_blind = small_blind or big_blind // 2
        if not self.collected:
            self.collected = self.summary_collected  # BetOnline: summary only
        if big_blind:
            self._dead_posts(small_blind, big_blind)
        return OnlineHand(
            site="GGPoker" if header["room"] == "Poker" else header["room"],
            hand_id=header["id"],
            table=table["table"],
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=game,
            is_holdem=is_holdem,
            structure=structure,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=big_bet,
            max_seats=max_seats,
            button=int(table["button"]),
            **self.record(),
            uncalled=tuple(self.uncalled),
            total_pot=self.total_pot,
            rake=self.rake,
            added=self.added,
            unsupported=tuple(self.unsupported),
            runs=self._runs(),
            preflop_structure=Structure.POT_LIMIT
            if "PRE-FLOP" in game.upper()
            else None,
            mucked=tuple(self.mucked),
            hero=self.hero,
            tournament_id=None if tournament is None else tournament[1],
            plain_chips=plain,
            level=printed_level((rest,)) if is_tournament else None,
        )

    # ----------------------------------------------------------------- lines

    def _lines(self, lines: tuple[str, ...]) -> None:
        """Reads the lines after the table line, as ``_line`` reads each.

        The commonest lines are read here as ``_line`` would read them: the
        seat lines first, then a seated player's fold, check, call or bet
        (``fast`` holds the names no section title can start), and in the
        summary only the lines ``_summary`` reads something from.
        """
        count = len(lines)
        index = 2
        names = self.names
        known = self.chips_known()
        seats = self.seats
        while index < count:  # the seat lines
            line = lines[index]
            found = _SEAT_PLAIN(line)
            if found is None or line.partition(": ")[0] in names:
                break
            number, player, stack, rest = found.groups()
            chips = known.get(stack)
            if chips is None:
                self.index = index
                chips = self.chips(stack)
            sitting_out = "sitting out" in rest or "out of hand" in rest
            seats.append(OnlineSeat(int(number), player, chips, sitting_out))
            names[player] = len(seats) - 1
            index += 1
        fast = {name: 0 for name in names if not name.startswith("*")}
        act = self.actions.append
        base = self.hand.line
        verbs = _FAST_VERBS
        while index < count:
            line = lines[index]
            name, sep, what = line.partition(": ")
            if sep and name in fast and self.street >= 0:
                verb, _, rest = what.partition(" ")
                kind = verbs.get(verb)
                if kind is not None:
                    if kind is _FOLD or kind is _CHECK:
                        if not rest:
                            line_no = base + index
                            act(
                                OnlineAction(self.street, name, kind, 0, False, line_no)
                            )
                            index += 1
                            continue
                    else:  # a call or a bet: the chips added, then maybe all-in
                        printed = rest.split(" ", 1)[0]
                        chips = known.get(printed)
                        if chips is not None:
                            all_in = rest.endswith("and is all-in")
                            line_no = base + index
                            act(
                                OnlineAction(
                                    self.street, name, kind, chips, all_in, line_no
                                )
                            )
                            index += 1
                            continue
                elif verb == "posts":
                    self.index = index
                    if self._post(name, what, rest, known):
                        index += 1
                        continue
            elif self.street < 0 and line and line[0] != "*" and not summary_read(line):
                index += 1
                continue  # a summary line _summary reads nothing from
            self.index = index
            self._line(line)
            index += 1

    def _line(self, line: str) -> None:
        if not line:
            return
        if line[0] == "*" and line.startswith("***"):
            self._section(line)
            return
        if self.street < 0:
            self._summary(line)
            return
        name, sep, what = line.partition(": ")
        if sep and name in self.names:
            self._player_line(name, what)
            return
        if (
            line.startswith("Seat ")
            and not self.actions
            and self.street == 0
            and self._seat(line)
        ):
            return
        named = self._split_name(line) if ": " in line else None
        if named is not None:
            self._player_line(named[0], named[2])
            return
        if line.startswith("Dealt to "):
            self._dealt(line[9:])
            return
        if line.startswith("Uncalled bet"):
            found = _UNCALLED.match(line)
            if found is None or found["player"] not in self.names:
                raise self.error("cannot read the uncalled bet")
            self.uncalled.append((found["player"], self.chips(found["chips"])))
            return
        found = _COLLECTED.match(line)
        if found is not None and found["player"] in self.names:
            chips = self.chips(found["chips"])
            self.collected.append(
                Collected(found["player"], chips, found["pot"], self.run)
            )
            return
        if line.endswith(" has left the table") and self.street >= 0:
            player = line[: -len(" has left the table")]
            if any(p.player == player for p in self.posts) or any(
                a.player == player for a in self.actions
            ):
                # BetOnline folds a player in the hand who leaves when his
                # turn comes, and prints no fold
                line_no = self.hand.line + self.index
                self.actions.append(
                    OnlineAction(
                        self.street,
                        player,
                        ActionKind.FOLD,
                        line=line_no,
                        is_implied=True,
                    )
                )
                return
        if line.startswith("Joined table during game"):
            # BetOnline: "History will only be recorded from the next hand"
            raise self.error("the site did not record this hand (joined during it)")
        if _is_info(line):
            return
        raise self.error("unknown line")

    def _split_name(self, line: str) -> tuple[str, str, str] | None:
        """``(name, ": ", rest)`` if the line starts with a seated name, else ``None``.

        The name may itself hold ``": "``.
        """
        cut = line.find(": ")
        while cut > 0:
            name = line[:cut]
            if name in self.names:
                return name, ": ", line[cut + 2 :]
            cut = line.find(": ", cut + 2)
        return None

    def _section(self, line: str) -> None:
        title = line.strip("* ").upper()
        if title == "HOLE CARDS" or title == "POCKET CARDS":
            self.street = 0
        elif title == "SUMMARY":
            self.street = -1
        elif title in ("SHOW DOWN", "SHOWDOWN"):
            pass
        else:
            word = title.split(" ", 1)[0]
            run = RUNS.get(word)
            if run is not None:
                # run it twice: the first run's streets are the board; each
                # run's whole board is read from the summary
                if title.endswith("SHOW DOWN"):
                    self.run = run
                if run != 1:
                    return
                word = title.split(" ")[1]
            street = _STREETS.get(word)
            if street is None:
                if title.endswith("SHOW DOWN"):
                    return
                raise self.error("unknown section")
            boards = bracketed(line)
            if not boards:
                raise self.error("a street without its board cards")
            new = self.cards(boards[-1])
            expected = 3 if street == 1 else 1
            if len(new) != expected or len(self.board) + expected != street + 2:
                raise self.error("wrong number of board cards")
            self.board.extend(new)
            self.street = street

    def _seat(self, line: str) -> bool:
        """Reads ``Seat N: NAME (STACK in chips)...``; whether it was one."""
        # split as _SEAT would (the first " (" a stack follows), else _SEAT
        number, sep, rest = line[5:].partition(": ")
        player, paren, rest = rest.partition(" (")
        stack, in_chips, rest = rest.partition(" in chips")
        if (
            sep
            and paren
            and in_chips
            and number.isdecimal()
            and (is_plain_amount(stack) or _STACK.match(stack))
        ):
            seat = int(number)
        else:
            found = _SEAT.match(line)
            if found is None:
                return False
            seat, player = int(found["seat"]), found["player"]
            stack, rest = found["stack"], found["rest"]
        sitting_out = "sitting out" in rest or "out of hand" in rest
        self.seats.append(OnlineSeat(seat, player, self.chips(stack), sitting_out))
        self.names[player] = len(self.seats) - 1
        return True

    def _dealt(self, rest: str) -> None:
        if rest in self.names:
            return  # GGPoker: "Dealt to Player1", cards not shown
        for name in self.names:
            if rest.startswith(name + " ["):
                shown = bracketed(rest[len(name) :])
                if shown:
                    if self.hero is None:
                        self.hero = name  # the first dealt cards: R-HISTORY-1
                    dealt = self.cards(shown[-1])
                    if len(dealt) == 2:
                        self.hole_cards[name] = dealt
                    elif dealt and self.is_holdem:  # BetOnline: "[]", none shown
                        raise self.error(
                            f"{len(dealt)} hole card(s) dealt to {name}: hold'em"
                            " deals two (R-DEAL-1)"
                        )
                return
        raise self.error("cards dealt to a player not seated")

    def _player_line(self, player: str, what: str) -> None:
        verb, _, rest = what.partition(" ")
        kind = VERBS.get(verb)
        line = self.hand.line + self.index
        if kind is not None:
            if kind is _FOLD or kind is _CHECK:
                if rest and kind is _CHECK:
                    raise self.error("unknown action")
                self.actions.append(
                    OnlineAction(self.street, player, kind, 0, False, line)
                )
                if rest.startswith("["):  # "folds [Ah Kd]": shown on folding
                    self._known(player, rest[1:].split("]", 1)[0])
                return
            all_in = rest.endswith("and is all-in")
            if kind is _RAISE_KIND:
                found = _RAISE.match(what)
                if found is None:
                    raise self.error("cannot read the raise")
                amount = self.chips(found["to"])
            else:
                amount = self.chips(rest.split(" ", 1)[0])
            self.actions.append(
                OnlineAction(self.street, player, kind, amount, all_in, line)
            )
            return
        if verb == "posts":
            if self._post(player, what, rest, self.chips_known()):
                return
            raise self.error("unknown post")
        if verb == "shows" or (verb == "mucks" and rest.startswith("[")):
            shown = bracketed(rest)
            if shown:
                self._known(player, shown[0])
            return
        if what.startswith(_QUIET):
            return
        if self._betonline_post(player, what, rest):
            return
        raise self.error("unknown action")

    def _unsupported(self, what: str) -> None:
        if what not in self.unsupported:
            self.unsupported.append(what)


class PokerStarsParser(HeaderParser):
    """Reads PokerStars-style text (see the module docstring)."""

    name = "PokerStars"
    start = _START
    reader = _Reader


PARSER = PokerStarsParser()
"""The registry's instance."""
