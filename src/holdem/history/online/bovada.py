"""The Bovada text format (also Ignition and Bodog).

A hand starts at ``Bovada Hand #ID ...`` (or ``Ignition``/``Bodog``); players
are named by their position (``Small Blind``, ``UTG+1``, the hero marked
``[ME]``, which is not part of the name). Every line after the seats is ``NAME
: what``: ``Set dealer [N]`` names the button's seat; posts are ``Small
Blind``/``Ante/Small Blind``, ``Big blind``/``Big blind/Bring in``, ``Ante
chip``, ``Posts chip`` (a live blind) and ``Posts dead chip`` (dead, or
over the big blind both blinds, the big one live); the actions are
``Folds``, ``Checks``, ``Calls X``/``Call X`` (chips added), ``Bets X``,
``Raises X to Y`` or ``Raises Y`` (Y the street total), ``All-in(raise) X to
Y`` and ``All-in X`` (X the chips added: a bet, a call or a raise as the
betting stands; before the hole cards, a blind posted short or, among the
antes, an ante of the whole stack), each possibly with ``(timeout)`` and the
like. ``Card dealt to a spot`` gives hole cards, ``Card dealt to table`` or
``*** FLOP ***`` the board, ``Return uncalled portion of bet X`` an uncalled
bet, ``Hand result X`` (``Hand Result-Side Pot X``) chips collected, and the
summary's ``Total Pot(X) | Rake (Y)`` the pot. Cash stakes come from the posts
(the header does not print them); tournament stakes from ``Level N
(small/big)``. Money is in cents, tournament chips as chips.

This module walks a hand's lines; ``bovada_actions`` reads what a player's
line does (posts, actions, the chips they move) and ``bovada_seats`` gives
the table seats of players named by position.
"""

from __future__ import annotations

import dataclasses
import re
from typing import cast

from holdem.cards import Card
from holdem.history.online.bovada_actions import PLAIN, POSTS, ActionReader
from holdem.history.online.bovada_seats import position, table_seats
from holdem.history.online.model import (
    ActionKind,
    Collected,
    OnlineAction,
    OnlineHand,
    OnlineSeat,
    PostKind,
)
from holdem.history.online.reader import HeaderParser
from holdem.history.online.text import (
    FEW_CARDS,
    MONEY,
    HandText,
    bracketed,
    is_plain_amount,
)
from holdem.rules.config import Structure

__all__ = ["PARSER", "BovadaParser"]

_ROOMS = r"Bovada|Ignition|Bodog(?:\.eu|\.com| UK)?"
_START = re.compile(rf"^\ufeff?[ \t]*(?:{_ROOMS}) Hand #\d+", re.M)
_HEADER = re.compile(rf"^(?P<room>{_ROOMS}) Hand #(?P<id>\d+):?\s*(?P<rest>.*)$")
_SEAT = re.compile(
    rf"^Seat (?P<seat>\d+): (?P<player>.+?)(?: \[ME\])? \((?P<stack>{MONEY}) in chips\)"
)
_LEVEL = re.compile(rf"\((?P<small>{MONEY})/(?P<big>{MONEY})\)")
_TOTAL = re.compile(
    rf"^Total Pot\((?P<total>{MONEY})\)(?: \| Rake \((?P<rake>{MONEY})\))?"
)
_STACK = re.compile(rf"(?:{MONEY})\Z")
_TABLE = re.compile(r"TBL#(\d+)|ID#(\d+)")
# each blank run tried once, from its start: "\s+\[ME\]" tried every start
# inside a run and scanned the run to its end from each (a name padded with
# 16 Ki blanks took 0.3 s); the same runs are removed
_ME = re.compile(r"(?<!\s)\s++\[ME\]")
# Enum members as module constants: in Python 3.11 each ``Kind.X`` is a
# class attribute lookup through the enum metaclass, on the hot lines
_FOLD = ActionKind.FOLD
_RAISE = ActionKind.RAISE
_SMALL_BLIND = PostKind.SMALL_BLIND
_BIG_BLIND = PostKind.BIG_BLIND
_DEAD_SMALL_BLIND = PostKind.DEAD_SMALL_BLIND
# A seat line as _seat splits it, its stack a plain amount (is_plain_amount)
_SEAT_PLAIN = re.compile(
    r"Seat ([0-9]+): ((?:[^ ]| (?!\())+) \((\$?[0-9](?:[0-9,.]*[0-9])?) in chips\).*"
).fullmatch
# What a call, bet or raise by a plain amount is read as in _lines
_AMOUNT_KINDS = {
    "Calls": ActionKind.CALL,
    "Call": ActionKind.CALL,
    "Bets": ActionKind.BET,
    "Raises": ActionKind.RAISE,
}
# Lines read before "NAME : what" is tried: headers, seats, the table's cards
_OWN_LINES = ("***", "Seat ", "Card dealt to table")
# Lines without " : " are table messages, passed over; one that starts a
# hand of the PokerStars family (a file holding two sites' hands) is not
_FOREIGN_START = re.compile(r"\S.{0,60}? (?:Hand|Game|HAND|GAME) #[A-Z]*\d+:")
_FOREIGN = (
    "a hand of another format starts here inside a Bovada hand (holdem reads"
    " one site's format per file: split the file by site)"
)
_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
# How a hole-cards line's "what" starts, its cards then up to the last "]"
_DEALT_TO_SPOT = "Card dealt to a spot ["
_FEW_CARDS = FEW_CARDS
# Whole "what"s of a seated player's line that _player_line reads nothing from
_SILENT = frozenset(
    (
        "Leave(Auto)",
        "Enter(Auto)",
        "Sit out",
        "Re-join",
        "Stand",
        "Seat sit out",
        "Table enter user",
    )
)

# The words before a line's plain amount that _lines reads: a post, a
# pot collected or an uncalled bet returned
_RESULT = "Hand result"
_RETURN = "Return uncalled portion of bet"
_TAILS: dict[str, PostKind | str] = {
    **POSTS,
    _RESULT: _RESULT,
    _RETURN: _RETURN,
}


class _Reader(ActionReader):
    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.players: dict[str, str] = {}  # a seated player by name as printed
        self.hero: str | None = None  # the seat marked [ME]
        self.total_pot: int | None = None
        self.rake: int | None = None
        self.summary = False
        self.previous_player = self.previous_what = ""

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        header = _HEADER.match(lines[0])
        if header is None:
            raise self.error("not a Bovada hand header")
        rest = header["rest"]
        is_tournament = "Tournament #" in rest
        self.scale = 1 if is_tournament else 100
        upper = rest.upper()
        is_holdem = "HOLDEM" in upper and "OMAHA" not in upper
        structure: Structure | None = None
        if "NO LIMIT" in upper:
            structure = Structure.NO_LIMIT
        elif "POT LIMIT" in upper:
            structure = Structure.POT_LIMIT
        elif "LIMIT" in upper:
            structure = Structure.FIXED_LIMIT
        elif is_holdem:
            structure = Structure.NO_LIMIT  # tournament headers omit it
        game = ("Hold'em " if is_holdem else "") + (structure or rest[:30])
        level = _LEVEL.search(rest)
        if level is not None:
            self.level = (self.chips(level["small"]), self.chips(level["big"]))
        self._lines(lines)
        small_blind = big_blind = 0
        if level is not None:
            small_blind, big_blind = self.level
        else:
            for post in self.posts:
                if post.kind is _SMALL_BLIND and not post.is_all_in:
                    small_blind = small_blind or post.chips
                elif post.kind is _BIG_BLIND and not post.is_all_in:
                    big_blind = big_blind or post.chips
        big_blind = big_blind or 2 * small_blind
        small_blind = small_blind or big_blind // 2
        # "Posts dead chip" of more than the big blind posts both missed
        # blinds: the big blind live and the small blind dead (R-TABLE-6)
        self.posts = [
            dataclasses.replace(post, kind=PostKind.SMALL_AND_BIG_BLINDS)
            if post.kind is _DEAD_SMALL_BLIND and post.chips > big_blind > 0
            else post
            for post in self.posts
        ]
        table = _TABLE.search(rest)
        ranks = [position(seat.player) for seat in self.seats]
        if ranks and None not in ranks:
            # players are named by position, clockwise from the small blind;
            # some files print scrambled seat numbers, so the names decide
            rank = {
                seat.player: position or 0
                for seat, position in zip(self.seats, ranks, strict=True)
            }
            self.seats, self.button = table_seats(self.seats, rank, self._in_hand())
        elif not self.button:
            # no "Set dealer" line: the seat named Dealer, else the seat just
            # before the small blind's
            seat_of = {seat.player: seat.seat for seat in self.seats}
            small = [p.player for p in self.posts if p.kind is PostKind.SMALL_BLIND]
            if "Dealer" in seat_of:
                self.button = seat_of["Dealer"]
            elif small:
                self.button = seat_of[small[0]] - 1
        return OnlineHand(
            site=header["room"],
            hand_id=header["id"],
            table=(table[1] or table[2]) if table else "",
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            game=game,
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=2 * big_blind if structure is Structure.FIXED_LIMIT else 0,
            max_seats=0,
            button=self.button,
            **self.record(),
            uncalled=tuple(self.uncalled),
            total_pot=self.total_pot,
            rake=self.rake,
            mucked=tuple(self.mucked),
            hero=self.hero,
        )

    def _in_hand(self) -> set[str]:
        """Players the replay deals in: those who post, act or collect."""
        players = {post.player for post in self.posts}
        players.update(action.player for action in self.actions)
        players.update(item.player for item in self.collected)
        players.update(player for player, _ in self.uncalled)
        return players

    def _lines(self, lines: tuple[str, ...]) -> None:
        """Reads the lines after the header, as ``_line`` reads each.

        The seat lines first, then the commonest lines as ``_line`` reads
        them: a line ``NAME : what`` of a player whose printed name was read
        before (``fast``: names no line of ``_OWN_LINES`` starts with) that
        folds, checks, is dealt cards, calls, bets or raises by a plain
        amount (``chips_known``); in the summary, the lines that
        ``_other_line`` passes over. Anything else goes to ``_line``.
        """
        count = len(lines)
        index = 1
        known = self.plain_known()
        while index < count:  # the seat lines
            found = _SEAT_PLAIN(lines[index])
            if found is None:
                break
            self.index = index
            self._seat_found(lines[index], found, known)
            index += 1
        fast: dict[str, str] = {}
        for printed in self.names:  # each as _line resolves a name printed so
            seated = (
                _ME.sub("", printed).strip() if "[ME]" in printed else printed.strip()
            )
            if seated in self.names and not f"{printed} : ".startswith(_OWN_LINES):
                fast[printed] = seated
        act = self.actions.append
        hole_cards = self.hole_cards
        stacks = self.stacks
        committed = self.committed
        few_cards = _FEW_CARDS
        base = self.hand.line
        while index < count:
            line = lines[index]
            name, sep, what = line.partition(" : ")
            if not sep:
                # read by _other_line if at all (_line passes over the rest;
                # in the summary, _other_line reads only these two)
                if (
                    line.startswith(_OWN_LINES)
                    if not self.summary
                    else (line[:3] == "***" or line[:10] == "Total Pot(")
                ):
                    self.index = index
                    self._other_line(line)
                elif " #" in line and _FOREIGN_START.match(line):
                    self.index = index
                    raise self.error(_FOREIGN)
                index += 1
                continue
            player = fast.get(name)
            if player is None or self.summary:
                if self.summary and line[:3] != "***" and line[:10] != "Total Pot(":
                    index += 1
                    continue  # _other_line reads nothing from it
                self.index = index
                self._line(line)
                if sep and name not in fast:
                    player = self.players.get(name)
                    if player is not None and not line.startswith(_OWN_LINES):
                        fast[name] = player
                index += 1
                continue
            index += 1
            if what == self.previous_what and player == self.previous_player:
                continue  # Bovada repeats some lines: nobody acts twice in a row
            self.previous_player = player
            self.previous_what = what
            plain = PLAIN.get(what)
            if plain is _FOLD:  # "Folds": a fold adds no chips (_act)
                act(
                    OnlineAction(self.street, player, plain, 0, False, base + index - 1)
                )
                continue
            if what[:22] == _DEALT_TO_SPOT and what[-1] == "]":
                # "Card dealt to a spot [Ah Kd]" as _dealt reads it
                dealt = few_cards.get(what[22:-1])
                if dealt is not None:
                    if len(dealt) == 2:
                        hole_cards[player] = dealt
                    continue
            elif what in _SILENT:
                continue  # _player_line reads nothing from it
            self.index = index - 1
            if plain is not None:  # "Checks", as _act reads it
                before = committed[player]
                if before > self.current:
                    self.current = before
                act(
                    OnlineAction(
                        self.street,
                        player,
                        plain,
                        0,
                        stacks[player] <= 0,
                        base + index - 1,
                    )
                )
            elif what.startswith("Card dealt to a spot"):
                self._dealt(player, what)
            else:
                verb, _, rest = what.partition(" ")
                kind = _AMOUNT_KINDS.get(verb)
                if kind is None:
                    # "Big blind $2", "Hand result $4", "Return uncalled portion
                    # of bet $2": a plain amount after words without digits
                    # (none starts with a verb of _AMOUNT_KINDS)
                    head, _, last = what.rpartition(" ")
                    tail = _TAILS.get(head)
                    if tail is not None:
                        chips = known.get(last)
                        if chips is None and is_plain_amount(last):
                            chips = self.chips_plain(last)
                        if chips is not None:
                            if tail is _RESULT:
                                self.collected.append(Collected(player, chips, "pot"))
                            elif tail is _RETURN:
                                self.uncalled.append((player, chips))
                            else:
                                self._post(player, cast(PostKind, tail), chips)
                            continue
                else:
                    # "Calls $2", "Bets $2", "Raises $4" or "Raises $2 to $4",
                    # each amount plain: those _player_line finds, the last taken
                    first, to, last = rest.partition(" to ")
                    if not to:
                        last = first
                    elif kind is not _RAISE:
                        last = ""
                    elif first not in known:
                        if is_plain_amount(first):
                            self.chips_plain(first)
                        else:
                            last = ""
                    chips = known.get(last)
                    if chips is None and last and is_plain_amount(last):
                        chips = self.chips_plain(last)
                    if chips is not None:  # as _act reads it
                        before = committed[player]
                        total = chips if kind is _RAISE else before + chips
                        behind = stacks[player] - (total - before)
                        stacks[player] = behind
                        committed[player] = total
                        if total > self.current:
                            self.current = total
                        line_no = base + index - 1
                        act(
                            OnlineAction(
                                self.street, player, kind, chips, behind <= 0, line_no
                            )
                        )
                        continue
                self._player_line(player, what)

    def _line(self, line: str) -> None:
        if not line:
            return
        if (self.summary or line.startswith(_OWN_LINES)) and self._other_line(line):
            return
        # "NAME : what", the most lines by far
        name, sep, what = line.partition(" : ")
        if not sep:
            if " #" in line and _FOREIGN_START.match(line):
                raise self.error(_FOREIGN)
            return  # table messages (Enter(Auto), Table leave user, ...)
        player = self.players.get(name)
        if player is None:
            player = _ME.sub("", name).strip() if "[ME]" in name else name.strip()
            if player in self.names:
                self.players[name] = player
        if what == self.previous_what and player == self.previous_player:
            return  # Bovada repeats some lines: nobody acts twice in a row
        self.previous_player = player
        self.previous_what = what
        if player not in self.names:
            if what.startswith("Set dealer"):
                self._dealer(what)
                return
            raise self.error("a line for a player not seated")
        # the commonest lines first, read as _player_line would
        plain = PLAIN.get(what)
        if plain is _FOLD:  # "Folds": a fold adds no chips (_act)
            self.actions.append(
                OnlineAction(
                    self.street, player, plain, 0, False, self.hand.line + self.index
                )
            )
        elif plain is not None:  # "Checks"
            self._act(player, plain, 0, self.hand.line + self.index)
        elif what.startswith("Card dealt to a spot"):
            self._dealt(player, what)
        else:
            self._player_line(player, what)

    def _other_line(self, line: str) -> bool:
        """Reads a section header, a summary line, a seat or the table's cards.

        Returns whether it did; if not, the line is read as ``NAME : what``.
        """
        if line.startswith("***"):
            self.previous_player = self.previous_what = ""
            title = line.strip("* ").split(" ", 1)[0].upper()
            if title == "SUMMARY":
                self.summary = True
            elif title == "HOLE":
                self.dealt = True
            elif title in _STREETS and not self.summary:
                boards = bracketed(line)
                if boards and _STREETS[title] > self.street:
                    self._deal(self.cards(boards[-1]))
            return True
        if self.summary:
            if line.startswith("Total Pot("):
                found = _TOTAL.match(line)
                if found is None:
                    raise self.error("cannot read the total pot")
                self.total_pot = self.chips(found["total"])
                self.rake = self.chips(found["rake"]) if found["rake"] else None
            return True
        if line.startswith("Seat ") and not self.actions and not self.hole_cards:
            return self._seat(line)
        if line.startswith("Card dealt to table"):
            shown = bracketed(line)
            if not shown:
                raise self.error("no cards dealt to the table")
            self._deal(self.cards(shown[-1]))
            return True
        return False

    def _seat_found(
        self, line: str, found: re.Match[str], known: dict[str, int]
    ) -> None:
        """Reads a seat line ``_SEAT_PLAIN`` matched, as ``_seat`` would."""
        number, player, stack = found.groups()
        player = _ME.sub("", player).strip() if "[ME]" in player else player.strip()
        if self.hero is None and "[ME]" in line:
            self.hero = player  # whose history this is
        chips = known.get(stack)
        if chips is None:
            chips = self.chips_plain(stack)
        self.seats.append(OnlineSeat(int(number), player, chips))
        self.names.add(player)
        self.stacks[player] = chips
        self.committed[player] = 0

    def _seat(self, line: str) -> bool:
        """Reads ``Seat N: NAME [ME] (STACK in chips)``; whether it was one."""
        # "Seat 1: Dealer ($985 in chips)" split as _SEAT would, else _SEAT
        number, sep, rest = line[5:].partition(": ")
        player, paren, rest = rest.partition(" (")
        stack, in_chips, _ = rest.partition(" in chips)")
        if (
            sep
            and paren
            and in_chips
            and number.isdecimal()
            and player
            and (is_plain_amount(stack) or _STACK.match(stack))
        ):
            seat = int(number)
        else:
            found = _SEAT.match(line)
            if found is None:
                return False
            seat, player, stack = int(found["seat"]), found["player"], found["stack"]
        player = _ME.sub("", player).strip() if "[ME]" in player else player.strip()
        if self.hero is None and "[ME]" in line:
            self.hero = player  # whose history this is
        chips = self.chips(stack)
        self.seats.append(OnlineSeat(seat, player, chips))
        self.names.add(player)
        self.stacks[player] = chips
        self.committed[player] = 0
        return True

    def _deal(self, new: tuple[Card, ...]) -> None:
        self.previous_player = self.previous_what = ""
        self.board.extend(new)
        if len(self.board) > 5:
            raise self.error("more than five board cards")
        self.street = {3: 1, 4: 2, 5: 3}.get(len(self.board), self.street)
        committed = self.committed  # zeroed in place: _lines holds it
        for player in committed:
            committed[player] = 0
        self.current = 0


class BovadaParser(HeaderParser):
    """Reads Bovada-style text (see the module docstring)."""

    name = "Bovada"
    start = _START
    reader = _Reader


PARSER = BovadaParser()
"""The registry's instance."""
