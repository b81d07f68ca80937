"""The OnGame text format (also bwin's and others on that network).

A hand runs from ``***** History for hand ID *****`` to ``***** End of hand
ID *****``: ``Table: NAME [..] (NO_LIMIT TEXAS_HOLDEM $S/$B, ...)``, ``Button:
seat N``, the seats ``Seat N: NAME ($STACK)``, posts ``NAME posts small blind
($S)``, ``posts big blind ($B)``, ``posts ante X``; ``Dealing to NAME: [Th,
3d]``; ``calls X`` and ``bets X`` (chips added), ``raises X to Y`` (Y the
street total), with ``[all-in]`` where so; boards ``--- Dealing flop [6c, Jc,
8c]``. The summary gives each pot, ``Main pot: $0.50 won by NAME ($0.48)``
(``Side pot 1: ... won by A ($x), B ($y)``), ``Rake taken: $0.02`` and the
seats with shown cards. Uncalled bets are not printed; the pots exclude them.
Money is in cents, tournament chips as chips.
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
from holdem.history.online.text import MONEY, HandText, bracketed, is_plain_amount
from holdem.rules.config import Structure

__all__ = ["PARSER", "OnGameParser"]

_START = re.compile(r"^\ufeff?\*\*\*\*\* History for hand \S+", re.M)
_ID = re.compile(r"History for hand (\S+)")
_TOURNAMENT_ID = re.compile(r'\(TOURNAMENT: "[^"]*", (?P<id>[^,()\s]+), buy-in')
"""A tournament's number in the header: ``(TOURNAMENT: "Name", R-274-110,
buy-in: €0)``."""
_TABLE = re.compile(
    rf"^Table: (?P<table>.*?) \((?P<kind>[A-Z_]+) (?P<game>[A-Z_']+)"
    rf" (?P<small>{MONEY})/(?P<big>{MONEY})"
)
_SEAT = re.compile(rf"^Seat (?P<seat>\d+): (?P<player>.+?) \((?P<stack>{MONEY})\)$")
_BUTTON = re.compile(r"^Button: seat (\d+)")
_POT = re.compile(
    rf"^(?:Main|Side) pot(?: \d+)?: (?P<chips>{MONEY}) won by (?P<won>.*)$"
)
_WINNER = re.compile(rf"(?P<player>[^,(]+?) \((?P<chips>{MONEY})\)")
_RAKE = re.compile(rf"^Rake taken: (?P<chips>{MONEY})")
# The name ends at the first " (": if no bracket follows it, none follows a
# later one either, so the group is atomic (retrying each later " (" scanned
# the rest of the line each time); matched up to the line's last "]"
_SUMMARY_SEAT = re.compile(r"^Seat \d+: (?>(?P<player>.+?) \().*\[(?P<cards>[^\]]*)\]")
_MONEY = re.compile(MONEY)
_STREETS = {"flop": 1, "turn": 2, "river": 3}
_CARD = {str(card): card for card in map(Card.from_code, range(52))}
"""Each card as printed (``Kd``), by its text."""
_FOLD, _CHECK, _RAISE = ActionKind.FOLD, ActionKind.CHECK, ActionKind.RAISE
_STRUCTURES = {
    "NO_LIMIT": Structure.NO_LIMIT,
    "POT_LIMIT": Structure.POT_LIMIT,
    "LIMIT": Structure.FIXED_LIMIT,
}


class _Reader(HandReader):
    hero: str | None = None  # whose history it is: ``Dealing to NAME: [..]``

    def cards(self, text: str) -> tuple[Card, ...]:
        """Cards as printed, ``[Kd, Ks]`` looked up by their text."""
        words = text.replace(",", " ").split()
        if all(word in _CARD for word in words):  # the common case
            return tuple([_CARD[word] for word in words])
        return super().cards(text)

    def __init__(self, hand: HandText) -> None:
        super().__init__(hand)
        self.names: list[str] = []
        # whether a seated name holds a space: if none does, a line is a
        # player's when its first word is a seated name
        self.spaced = False
        self.button = 0
        self.total_pot = 0
        self.rake: int | None = None
        self.summary = False
        self.known: dict[str, int] = {}  # chips_known(), once the scale is set

    def read(self) -> OnlineHand:
        lines = self.hand.lines
        found = _ID.search(lines[0])
        hand_id = found[1] if found else ""
        table = None
        for self.index, line in enumerate(lines[:5]):
            table = _TABLE.match(line)
            if table is not None:
                break
        if table is None:
            raise self.error("no table line with the game and stakes")
        is_tournament = "TOURNAMENT" in lines[0] or ", TC)" in line
        self.scale = 1 if is_tournament else 100
        self.known = self.chips_known()
        is_holdem = table["game"] == "TEXAS_HOLDEM"
        structure = _STRUCTURES.get(table["kind"])
        small_blind = self.chips(table["small"])
        big_blind = self.chips(table["big"])
        big_bet = 0
        if structure is Structure.FIXED_LIMIT:
            big_bet, big_blind = big_blind, small_blind
            small_blind = big_blind // 2
        for self.index in range(1, len(lines)):
            self._line(lines[self.index])
        return OnlineHand(
            site="OnGame",
            hand_id=hand_id,
            table=table["table"],
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=is_tournament,
            tournament_id=_tournament_id(lines[0]) if is_tournament else None,
            game=f"{table['kind']} {table['game']}",
            is_holdem=is_holdem,
            structure=structure if is_holdem else None,
            small_blind=small_blind,
            big_blind=big_blind,
            big_bet=big_bet,
            max_seats=0,
            button=self.button,
            **self.record(),
            hero=self.hero,
            uncalled=(),
            total_pot=self.total_pot if self.collected else None,
            rake=self.rake,
        )

    def _line(self, line: str) -> None:
        if not line or line.startswith("*****"):
            return
        if line == "Summary:":
            self.summary = True
            return
        if self.summary:
            self._summary(line)
            return
        if line.startswith("Seat ") and not self.posts and not self.actions:
            seat = _seat(line)
            if seat is not None:
                number, player, printed = seat
                stack = self.chips(printed)
                self.seats.append(OnlineSeat(int(number), player, stack))
                self.names.append(player)
                self.names.sort(key=len, reverse=True)
                self.spaced = self.spaced or " " in player
            return
        found = _BUTTON.match(line) if line[0] == "B" else None
        if found is not None:
            self.button = self.seat_number(found[1])
            return
        if line.startswith("--- Dealing "):
            word = line.split(" ", 3)[2]
            street = _STREETS.get(word)
            if street is not None and street > self.street:  # some repeat it
                shown = bracketed(line)
                if not shown:
                    raise self.error("a street without its board cards")
                self.board.extend(self.cards(shown[-1]))
                self.street = street
            return
        if line.startswith("Dealing to "):
            name, _, rest = line[len("Dealing to ") :].partition(": ")
            shown = bracketed(rest)
            if shown:
                dealt = self.cards(shown[0])
                if len(dealt) == 2:
                    self.hole_cards[name] = dealt
                    self.hero = name
            return
        if not self.spaced:  # player_line's common case, without the call
            name, space, rest = line.partition(" ")
            if space and name in self.names:
                self._player_line(name, rest)
        else:
            named = player_line(line, self.names, True)
            if named is not None:
                self._player_line(*named)
        # other lines inform: start time, user, players in round, "---"

    def _player_line(self, player: str, what: str) -> None:
        line = self.hand.line + self.index
        verb, _, rest = what.partition(" ")
        kind = VERBS.get(verb)
        if kind is not None and self._plain_action(player, kind, rest, line):
            return
        all_in = "all-in" in what.lower() or what.endswith("[all in]")
        if kind is ActionKind.FOLD or kind is ActionKind.CHECK:
            # "folds", "checks": no amount to read
            self.actions.append(
                OnlineAction(self.street, player, kind, 0, all_in, line)
            )
            return
        printed = _MONEY.findall(what.split("[")[0])
        if len(printed) == 1:  # most lines: one amount
            amounts = [self.chips(printed[0])]
        else:
            amounts = [self.chips(found) for found in printed]
        if kind is not None:
            if not amounts:
                raise self.error("an action without its amount")
            chips = amounts[-1]
            self.actions.append(
                OnlineAction(self.street, player, kind, chips, all_in, line)
            )
            return
        if verb == "posts":
            if not amounts:
                raise self.error("a post without its amount")
            small = PostKind.SMALL_BLIND
            if "small blind" in what and "dead" not in what:
                post = small
                if all_in and any(p.kind is small for p in self.posts):
                    # a second small blind, all-in: the big blind posted
                    # short ("posts small blind (150) [all in]" at 125/250)
                    post = PostKind.BIG_BLIND
            elif "big blind" in what:
                post = PostKind.BIG_BLIND
            elif "ante" in what:
                post = PostKind.ANTE
            else:
                post = PostKind.DEAD_SMALL_BLIND
            self.posts.append(Post(player, post, amounts[-1], all_in, line))

    def _plain_action(
        self, player: str, kind: ActionKind, rest: str, line: int
    ) -> bool:
        """Reads the commonest actions as ``_player_line`` would; whether it did.

        ``folds``, ``checks``, and ``calls X``, ``bets X`` or ``raises X to
        Y`` whose amounts are plain (``is_plain_amount``): then ``_MONEY``
        finds only those, each led by the space before it unless it starts
        with ``$``, and the line says no all-in. Others are left to it.

        Raises:
            HistoryParseError: as ``chips`` does for a bad amount.
        """
        if kind is _FOLD or kind is _CHECK:
            if rest:
                return False
            chips = 0
        else:
            if kind is _RAISE:
                by, to, printed = rest.partition(" to ")
                if not to or not is_plain_amount(by):
                    return False
            else:
                by, printed = "", rest
            if not is_plain_amount(printed):
                return False
            known = self.known
            if by:
                by = by if by[0] == "$" else f" {by}"
                if by not in known:
                    self.chips(by)  # its error, as _player_line reads it
            printed = printed if printed[0] == "$" else f" {printed}"
            found = known.get(printed)
            chips = self.chips(printed) if found is None else found
        self.actions.append(OnlineAction(self.street, player, kind, chips, False, line))
        return True

    def _summary(self, line: str) -> None:
        if line.startswith("Seat "):  # only _SUMMARY_SEAT can match, with cards
            found = (
                _SUMMARY_SEAT.match(line, 0, line.rfind("]") + 1)
                if "[" in line
                else None
            )
            if found is not None and found["player"] in self.names:
                known = self.cards(found["cards"])
                if len(known) == 2:
                    self.hole_cards[found["player"]] = known
            return
        found = _POT.match(line)
        if found is not None:
            self.total_pot += self.chips(found["chips"])
            for winner in _winners(found["won"]):
                player = winner["player"].strip()
                self.collected.append(Collected(player, self.chips(winner["chips"])))
            return
        found = _RAKE.match(line)
        if found is not None:
            self.rake = self.chips(found["chips"])


def _seat(line: str) -> tuple[str, str, str] | None:
    """``(seat, player, stack)`` of a seat line as ``_SEAT`` reads it, or ``None``.

    A stack that is a plain amount (``is_plain_amount``: no ``(`` in it)
    can only follow the last `` (``; that split is tried first.
    """
    number, sep, rest = line[5:].partition(": ")
    player, paren, stack = rest.rpartition(" (")
    if (
        sep
        and paren
        and player
        and stack[-1:] == ")"
        and number.isdecimal()
        and is_plain_amount(stack[:-1])
    ):
        return number, player, stack[:-1]
    found = _SEAT.match(line)
    if found is None:
        return None
    return found["seat"], found["player"], found["stack"]


def _winners(won: str) -> list[re.Match[str]]:
    """``_WINNER``'s matches in ``won``, as ``finditer`` finds them.

    A winner's name runs to the first ``(`` or ``,``: a try from anywhere
    before it meets the same `` (`` and amount, so when the try from the
    text after the last match (or ``,``/``(``) fails, the next one starts
    after that ``(`` or ``,`` (trying every character scanned on to it
    each time).
    """
    found = []
    at = 0
    while at < len(won):
        winner = _WINNER.match(won, at)
        if winner is not None:
            found.append(winner)
            at = winner.end()
            continue
        comma, parenthesis = won.find(",", at), won.find("(", at)
        stops = [stop for stop in (comma, parenthesis) if stop >= 0]
        if not stops:
            break
        at = min(stops) + 1
    return found


class OnGameParser(HeaderParser):
    """Reads OnGame text (see the module docstring)."""

    name = "OnGame"
    start = _START
    needle = "***** History for hand "
    reader = _Reader


PARSER = OnGameParser()
"""The registry's instance."""


def _tournament_id(header: str) -> str | None:
    """The tournament's number as the header prints it (``R-274-110``)."""
    found = _TOURNAMENT_ID.search(header)
    return found["id"] if found is not None else None
