"""A line reader for formats whose lines start with a seated player's name.

Several rooms print each decision as ``NAME verb amount`` (with or without a
colon after the name) and say only the chips added, or only "all-in", where the
model wants a call's chips added, a bet's chips and a raise's street total
(``OnlineAction``). ``NamedReader`` keeps what each player has committed on the
street and the street's current bet, so each site's reader records an action
from whatever its room prints: ``added`` (chips put in by this action),
``call_to`` and ``raise_to`` (the street total) or ``all_in`` (the chips
added, whichever action that makes). Rooms that print no uncalled bets get
them worked out from the printed actions (``returns``), and ``INFO`` names
the player lines that only inform.
"""

from __future__ import annotations

import re

from holdem.history.online.model import (
    ActionKind,
    OnlineAction,
    OnlineSeat,
    Post,
    PostKind,
)
from holdem.history.online.reader import HandReader
from holdem.history.online.text import HandText, bracketed

__all__ = ["INFO", "STREETS", "NamedReader", "section_title"]

INFO = re.compile(
    r"^(?:said|says|joins|joined|leaves|left|has (?:joined|left|returned|timed out)"
    r"|is (?:connected|disconnected|sitting out|away|back|feeling)"
    r"|sits (?:out|down|in)|sat out|stands up|will be allowed|was removed"
    r"|finished|re-?buys|rebought|takes the add-on|adds|added|cashed out)\b"
)
"""What a player's line says that informs and changes no chips in the hand
(chat, joining or leaving, sitting out, re-buying between hands)."""

_LIVE = (PostKind.SMALL_BLIND, PostKind.BIG_BLIND, PostKind.STRADDLE)

STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
"""Street number of a section title: 1 flop, 2 turn, 3 river."""


def section_title(line: str) -> str:
    """The first word of a ``*** TITLE *** [cards]`` line, upper case."""
    return line.strip("* ").split(" ", 1)[0].upper()


class NamedReader(HandReader):
    """A ``HandReader`` that tracks the chips committed on each street.

    Attributes:
        names: the seated players' names, longest first (so that a name that
            starts another is tried after it).
        committed: chips each player has put in on this street (live blinds
            count on the first street; antes and dead blinds do not).
        current: the street's highest commitment (the bet to call).
        put_in: chips each player has put in this hand, as printed (antes and
            dead blinds too; returns not taken off).
        uncalled: the uncalled bets the site printed, ``(player, chips)``.
        returns: the uncalled bets of the streets closed so far, ``(player,
            chips)``: what the street's top commitment exceeds the next by
            (R-BET-7), as the printed actions make it.
    """

    def __init__(self, hand: HandText) -> None:
        """An empty record of ``hand``, to be read from its first line."""
        super().__init__(hand)
        self.names: list[str] = []
        self.uncalled: list[tuple[str, int]] = []
        self.committed: dict[str, int] = {}
        self.current = 0
        self.put_in: dict[str, int] = {}
        self.returns: list[tuple[str, int]] = []

    # ------------------------------------------------------------- seats

    def seat(
        self, seat: int, player: str, stack: int, sitting_out: bool = False
    ) -> None:
        """Records a seat line; a name seated twice keeps its first seat."""
        if player in self.committed:
            return
        self.seats.append(OnlineSeat(seat, player, stack, sitting_out))
        self.names.append(player)
        self.names.sort(key=len, reverse=True)
        self.committed[player] = 0
        self.put_in[player] = 0

    def seat_match(
        self, found: re.Match[str] | None, sitting_out: bool = False
    ) -> None:
        """Records a seat line matched by a site's pattern.

        The pattern names its groups ``seat``, ``player`` and ``stack`` (the
        stack as printed; see ``chips``).

        Raises:
            HistoryParseError: when the line did not match.
        """
        if found is None:
            raise self.error("cannot read the seat")
        stack = self.chips(found["stack"])
        self.seat(int(found["seat"]), found["player"], stack, sitting_out)

    def uncalled_match(self, found: re.Match[str] | None) -> None:
        """Records an uncalled bet returned (R-BET-7), matched by a site's pattern.

        The pattern names its groups ``who`` and ``chips``.

        Raises:
            HistoryParseError: when the line did not match or names a player
                not seated.
        """
        if found is None or found["who"] not in self.committed:
            raise self.error("cannot read the uncalled bet")
        self.uncalled.append((found["who"], self.chips(found["chips"])))

    def named(self, line: str) -> tuple[str, str] | None:
        """``(player, rest)`` if ``line`` starts with a seated name, else ``None``.

        The name is followed by a space or a colon; ``rest`` is stripped.
        """
        for name in self.names:
            if line.startswith(name) and line[len(name) : len(name) + 1] in (" ", ":"):
                return name, line[len(name) + 1 :].strip()
        return None

    # ------------------------------------------------------------ betting

    def new_street(self) -> None:
        """Closes the street (its uncalled bet to ``returns``); nothing committed."""
        self.close_street()
        self.committed = dict.fromkeys(self.committed, 0)
        self.current = 0

    def street_to(self, street: int) -> None:
        """Moves on to ``street`` (1 flop, 2 turn, 3 river) if it is later."""
        if street > self.street:
            self.street = street
            self.new_street()

    def deal_street(self, line: str, street: int, *, restated: bool = False) -> None:
        """Reads the board of a street's section line and moves on to it.

        The last ``[...]`` of the line holds the street's new cards (or, with
        ``restated``, may hold the whole board so far).

        Raises:
            HistoryParseError: when the line has no cards in brackets or the
                wrong number of them for ``street`` (R-DEAL-2).
        """
        boards = bracketed(line)
        if not boards:
            raise self.error("a street without its board cards")
        new = self.cards(boards[-1])
        if len(self.board) + len(new) != street + 2:
            if not restated or len(new) != street + 2:
                raise self.error("wrong number of board cards")
            self.board[:] = []
        self.board.extend(new)
        self.street_to(street)

    def post(
        self,
        player: str,
        kind: PostKind,
        chips: int,
        all_in: bool = False,
        live: int | None = None,
    ) -> None:
        """Records a forced bet; its live part counts as committed.

        Args:
            player: who posts.
            kind: what the post is.
            chips: chips posted (both blinds together for
                ``SMALL_AND_BIG_BLINDS``).
            all_in: the post put the player all-in.
            live: the live part if not the whole of a blind or straddle and
                none of an ante or dead blind (the big blind of
                ``SMALL_AND_BIG_BLINDS``).
        """
        line = self.hand.line + self.index
        self.posts.append(Post(player, kind, chips, all_in, line))
        self.put_in[player] += chips
        if live is None:
            live = chips if kind in _LIVE else 0
        self.committed[player] += live
        self.current = max(self.current, self.committed[player])

    def close_street(self) -> None:
        """Adds the street's uncalled bet, if any, to ``returns``."""
        ranked = sorted(self.committed.items(), key=lambda item: item[1], reverse=True)
        if len(ranked) > 1 and ranked[0][1] > ranked[1][1]:
            self.returns.append((ranked[0][0], ranked[0][1] - ranked[1][1]))

    def fold(self, player: str) -> None:
        """Records a fold."""
        self._record(player, ActionKind.FOLD, 0, False)

    def check(self, player: str) -> None:
        """Records a check."""
        self._record(player, ActionKind.CHECK, 0, False)

    def added(
        self, player: str, kind: ActionKind, chips: int, all_in: bool = False
    ) -> None:
        """Records a call, bet or raise printed as the chips it adds.

        Args:
            player: who acts.
            kind: call, bet or raise.
            chips: chips put in by this action.
            all_in: the site says the action put the player all-in.
        """
        to = self.committed[player] + chips
        if kind is ActionKind.RAISE:
            self._record(player, kind, to, all_in)
        else:
            self._record(player, kind, chips, all_in)
        self._commit(player, to)

    def call_to(self, player: str, to: int, all_in: bool = False) -> None:
        """Records a call printed as the player's street total ``to``."""
        self.added(player, ActionKind.CALL, to - self.committed[player], all_in)

    def raise_to(
        self, player: str, to: int, all_in: bool = False, kind: ActionKind | None = None
    ) -> None:
        """Records a bet or raise printed as the street total ``to``.

        Args:
            player: who acts.
            to: the player's street total after it.
            all_in: the site says the action put the player all-in.
            kind: bet or raise as printed; by default a raise if there is a
                bet to raise (or blinds), else a bet.
        """
        if kind is None:
            kind = ActionKind.RAISE if self.current else ActionKind.BET
        if kind is ActionKind.BET:
            self._record(player, kind, to - self.committed[player], all_in)
        else:
            self._record(player, kind, to, all_in)
        self._commit(player, to)

    def all_in(self, player: str, chips: int) -> None:
        """Records an all-in printed as the chips it adds, as what it makes.

        A call when the chips reach no further than the current bet, else a
        raise to the new total (a bet on an unopened street).
        """
        to = self.committed[player] + chips
        if to <= self.current:
            self.added(player, ActionKind.CALL, chips, True)
        elif self.current:
            self.raise_to(player, to, True, ActionKind.RAISE)
        else:
            self.added(player, ActionKind.BET, chips, True)

    def _commit(self, player: str, to: int) -> None:
        self.put_in[player] += to - self.committed[player]
        self.committed[player] = to
        self.current = max(self.current, to)

    def _record(self, player: str, kind: ActionKind, chips: int, all_in: bool) -> None:
        line = self.hand.line + self.index
        self.actions.append(
            OnlineAction(self.street, player, kind, chips, all_in, line)
        )
