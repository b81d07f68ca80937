"""PokerStars' "The Big Game" hand replayer data: one ``LoadHand({...})`` per hand.

Each hand is a line ``LoadHand({Hand:{...},Plays:[...]})`` (a JavaScript
object literal with bare keys), after a ``URL: ...`` line naming the hand's
file. ``Hand`` gives the blinds, the ``Ante`` (a button ante: the dealer pays
it before the blinds, out of the stack printed, unless every chip won and
returned is a bet or a blind and, for an all-in dealer, the bet taken back
is not the one its ante leaves), the ``Dealer`` seat (the button) and the
players with their seats, stacks and hole cards.
``Plays`` lists, in order: ``Straddles`` (a blind of ``value`` chips),
``Folds``, ``Checks``, ``Calls``, ``Bets``/``Raises To`` (``value`` is the
street total), ``All-In`` (the whole stack: a call if it cannot raise),
``Deal`` (board cards; cards dealt once the pot is won, and second runs of
the board, are shown for interest), ``Takes Back`` (an uncalled bet) and
``Wins`` (chips won, an uncalled bet included when none was taken back).

The small and big blinds are posted by the first and second players left of
the dealer (heads-up, the dealer posts the small blind), passing over a
player with no play at all and more than the big blind, who sits out; when
the first seat left of the dealer acts after the big blind, it is the big
blind and there is no small blind. Amounts are chips.
"""

from __future__ import annotations

import json
import re
from typing import Any

from holdem.cards import Card
from holdem.errors import CardParseError
from holdem.history.online.model import (
    ActionKind,
    Collected,
    OnlineAction,
    OnlineHand,
    OnlineSeat,
    Post,
    PostKind,
)
from holdem.history.online.text import HandText, cards, hand_error
from holdem.rules.config import Structure

__all__ = ["PARSER", "TheBigGameParser"]

_KEY = re.compile(r"([{,]\s*)([A-Za-z_]\w*)\s*:")
_START = "LoadHand({"


class TheBigGameParser:
    """Reads The Big Game's ``LoadHand`` lines (see the module docstring)."""

    name = "TheBigGame"

    def matches(self, text: str) -> bool:
        """Whether ``text`` holds ``LoadHand({Hand:`` lines."""
        return "LoadHand({Hand:" in text

    def split(self, text: str, source: str) -> list[HandText]:
        """One hand per ``LoadHand`` line (with the ``URL:`` line before it)."""
        hands = []
        previous = ""
        for number, line in enumerate(text.splitlines(), 1):
            if line.startswith(_START):
                lines = (line, previous) if previous.startswith("URL:") else (line,)
                hands.append(HandText(source, number, lines))
            previous = line
        return hands

    def parse(self, hand: HandText) -> OnlineHand:
        """One ``LoadHand`` line as an ``OnlineHand``.

        Raises:
            HistoryParseError: if the line is not a well-formed hand.
        """
        line = hand.lines[0]
        try:
            body = line[len("LoadHand(") : line.rindex(")")]
            scanned = _scan(body)
            if scanned is not None:
                table, plays = scanned
                return _Reader(hand, table, plays, plays).read()
            # another shape: as JSON, whose numbers are whole chips and seats
            data = json.loads(
                _quote_keys(body), parse_float=_fraction, parse_constant=_fraction
            )
            return _Reader(hand, data["Hand"], data["Plays"]).read()
        except (ValueError, KeyError, TypeError, IndexError, CardParseError) as error:
            if isinstance(error, HandError):
                raise error.error from None
            raise hand_error(hand, 0, f"not a well-formed hand ({error!r})") from None


PARSER = TheBigGameParser()
"""The registry's instance."""


class HandError(ValueError):
    """Carries a ``HistoryParseError`` out of the reader."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


class _Reader:
    def __init__(
        self,
        hand: HandText,
        table: dict[str, Any],
        plays: list[Any],
        read: list[Play] | None = None,
    ) -> None:
        # table and plays as json.loads gives them; read: the plays as
        # _plays reads them, when the caller has them (_scan)
        self.hand = hand
        self.table = table
        self.plays = plays
        self.read_plays = read
        self.balances = False  # whether the last reading's chips balance

    def fail(self, message: str) -> HandError:
        return HandError(hand_error(self.hand, 0, message))

    def read(self) -> OnlineHand:
        # The header's Ante is the dealer's, a button ante taken before the
        # blinds: the next hands' stacks show it paid (an all-in dealer's
        # too), but in a few hands (d7h21, d7h116) every chip won and
        # returned is a bet or a blind and the next stacks show it unpaid.
        paid = self._read(pay_ante=True)
        if not any(post.kind is PostKind.ANTE for post in paid.posts):
            return paid  # no ante to pay: both readings are the same
        if self.balances and not _all_in(paid, _dealer_name(self.table)):
            # the dealer's bets are the same either way: unpaid, the chips
            # put in fall short of the chips won by the ante
            return paid
        hand = self._read(pay_ante=False)
        if not self.balances:
            return paid
        # an all-in dealer's ante moves chips from its bets, not the total:
        # then the bet taken back shows which (d7h126 paid, d7h21 not)
        back = set(hand.uncalled)
        if back and _last_return(paid) in back and _last_return(hand) not in back:
            return paid
        return hand

    def _read(self, *, pay_ante: bool) -> OnlineHand:
        table = self.table
        players = sorted(table["Players"], key=lambda p: int(p["Seat"]))
        by_seat: dict[int, str] = {}
        by_seat_stack: dict[int, int] = {}
        seat_list = []
        hole_list = []
        stacks: dict[str, int] = {}
        for p in players:
            seat, name, held = int(p["Seat"]), p["Name"], p["Cards"]
            by_seat[seat] = name
            stack = by_seat_stack[seat] = int(p["Stack"])
            stacks[name] = stack
            seat_list.append(OnlineSeat(seat, name, stack))
            if len(held) == 2:
                try:  # the common case, without the call
                    hole: tuple[Card, ...] = (_BY_CODE[held[0]], _BY_CODE[held[1]])
                except (KeyError, TypeError):
                    hole = _cards(held)
                hole_list.append((name, hole))
        seats = tuple(seat_list)
        hole_cards = tuple(hole_list)
        small, big = int(table["SmallBlind"]), int(table["BigBlind"])
        dealer = int(table["Dealer"])
        # a player with chips above the big blind and no play at all sits
        # out: everyone dealt in acts pre-flop, or wins a walk (R-TABLE-4)
        plays = self.read_plays
        if plays is None:  # every play's seat read here, first to last
            plays = self.read_plays = _plays(self.plays)
        playing = {play[0] for play in plays}
        live = [
            s
            for s, stack in by_seat_stack.items()
            if stack > 0 and (s in playing or stack <= big)
        ]
        order = [s for s in live if s > dealer] + [s for s in live if s <= dealer]
        if len(order) < 2:
            raise self.fail("fewer than two players")
        if len(order) == 2:
            order.reverse()  # heads-up the dealer posts the small blind
        start = sum(stacks.values())
        committed = dict.fromkeys(stacks, 0)
        posts = []
        ante = int(table.get("Ante", 0)) if pay_ante else 0
        dealer_name = by_seat.get(dealer)
        ante_posts = []
        if ante and dealer_name is not None and stacks[dealer_name] > 0:
            chips = min(ante, stacks[dealer_name])
            is_all_in = chips == stacks[dealer_name]
            ante_posts.append(Post(dealer_name, PostKind.ANTE, chips, is_all_in))
            stacks[dealer_name] -= chips
        blinds = [
            (by_seat[order[0]], small, PostKind.SMALL_BLIND),
            (by_seat[order[1]], big, PostKind.BIG_BLIND),
        ]
        if len(order) > 2 and _first_to_act(plays) == order[1]:
            # the first seat left of the dealer acts after the big blind: it
            # is the big blind, and no one posts a small blind (R-TABLE-4)
            blinds = [(by_seat[order[0]], big, PostKind.BIG_BLIND)]
        for name, blind, post_kind in blinds:
            chips = min(blind, stacks[name])
            posts.append(Post(name, post_kind, chips, chips == stacks[name]))
            committed[name] = chips
            stacks[name] -= chips
        posts.extend(ante_posts)
        current = max(committed.values())
        street = 0
        board: list[Card] = []
        actions: list[OnlineAction] = []
        uncalled: list[tuple[str, int]] = []
        collected: list[Collected] = []
        unsupported: list[str] = []
        extra: list[tuple[Card, ...]] = []  # the later runs' own cards
        line = self.hand.line
        for seat, what, value in plays:
            if what is _MISSING:
                raise KeyError("Action")  # as the record's own lookup says
            if what == "Deal":
                if collected:
                    continue  # cards shown once the pot is won
                dealt = _cards(_given(value))
                if len(dealt) == 2 or len(board) + len(dealt) > 5:
                    # the board run again: these cards replace its last ones
                    extra.append(dealt)
                    continue
                if not dealt:
                    continue  # a deal of no card (d1h102, d5h93): no street
                if street == 3:
                    raise self.fail(f"a deal of {len(dealt)} card(s) after the river")
                board.extend(dealt)
                street += 1
                committed = dict.fromkeys(committed, 0)
                current = 0
                continue
            name = by_seat.get(seat)
            if name is None:
                raise self.fail(f"a play by seat {seat}, which nobody holds")
            kind = _PLAIN.get(what) if type(what) is str else None
            if kind is _FOLD or kind is _CHECK:  # most plays: no chips
                is_all_in = kind is _CHECK and not stacks[name]
                actions.append(OnlineAction(street, name, kind, 0, is_all_in, line))
                continue
            if what == "Wins":
                # run 0: the site does not say which run of the board paid
                chips = value if type(value) is int else int(_given(value))
                collected.append(Collected(name, chips, run=0 if extra else 1))
                continue
            if what == "Takes Back":
                chips = value if type(value) is int else int(_given(value))
                uncalled.append((name, chips))
                continue
            if what == "Straddles":
                chips = value if type(value) is int else int(_given(value))
                posts.append(
                    Post(name, PostKind.STRADDLE, chips, chips >= stacks[name])
                )
                committed[name] += chips
                stacks[name] -= chips
                current = max(current, committed[name])
                continue
            before = committed[name]
            reach = stacks[name] + before
            if kind is None:
                kind, to = self._action(what, value, reach, current)
            elif kind is _CALL:
                to = current
            else:
                to = value if type(value) is int else int(_given(value))
            if kind is _CALL:
                to = min(current, reach)
            chips = to - before if kind is _CALL or kind is _BET else to
            if kind is _CALL or kind is _BET or kind is _RAISE:
                stacks[name] -= to - before
                committed[name] = to
                current = max(current, to)
            is_all_in = kind is not _FOLD and not stacks[name]
            # a hand is one line of the file: its actions are on that line
            actions.append(OnlineAction(street, name, kind, chips, is_all_in, line))
        # whether the chips won and taken back are the chips put in: what
        # left the stacks (each post and action takes its chips from them)
        won = sum(c.chips for c in collected) + sum(c for _, c in uncalled)
        self.balances = start - sum(stacks.values()) == won
        return OnlineHand(
            site="TheBigGame",
            hand_id=str(table.get("Title", "")),
            table="The Big Game",
            source=self.hand.source,
            line=self.hand.line,
            is_tournament=False,
            game="Hold'em No Limit",
            is_holdem=True,
            structure=Structure.NO_LIMIT,
            small_blind=small,
            big_blind=big,
            big_bet=0,
            max_seats=int(table.get("NumberOfSeats", 0)),
            button=dealer,
            seats=seats,
            posts=tuple(posts),
            hole_cards=hole_cards,
            board=tuple(board),
            actions=tuple(actions),
            uncalled=tuple(uncalled),
            collected=tuple(collected),
            total_pot=None,
            rake=0,
            added=0,
            unsupported=tuple(unsupported),
            returns_in_collected=True,
            runs=_runs(board, extra),
        )

    def _action(
        self, what: str, value: Any, reach: int, current: int
    ) -> tuple[ActionKind, int]:
        """``(kind, street total)`` of one play; for a fold or check, 0."""
        if what == "Folds":
            return ActionKind.FOLD, 0
        if what == "Checks":
            return ActionKind.CHECK, 0
        if what == "Calls":
            return ActionKind.CALL, current
        if what == "Bets":
            return ActionKind.BET, int(_given(value))
        if what == "Raises To":
            return ActionKind.RAISE, int(_given(value))
        if what == "All-In":
            if reach <= current:
                return ActionKind.CALL, reach
            return (ActionKind.RAISE if current else ActionKind.BET), reach
        raise self.fail(f"unknown play {what!r}")


Play = tuple[int, Any, Any]
"""A play as the reader reads it: ``(seat, action, value)``, ``_MISSING``
for a key the record leaves out."""
_MISSING: Any = object()


def _plays(plays: list[Any]) -> list[Play]:
    """``(seat, action, value)`` of each play ``json.loads`` gave.

    Each seat is read as a whole number here, first to last (a play without
    one raises as its lookup does); a missing action or value is
    ``_MISSING``, refused where the reader reads it (``_given``).
    """
    read = []
    for play in plays:
        seat = int(play["Seat"])
        read.append((seat, play.get("Action", _MISSING), play.get("value", _MISSING)))
    return read


def _fraction(text: str) -> Any:
    """Refuse a JSON number that is not whole (``0.5``, ``1e400``, ``NaN``)."""
    raise ValueError(f"{text} is not a whole number")


def _given(value: Any) -> Any:
    """A play's value; refused, as its lookup would be, when it has none."""
    if value is _MISSING:
        raise KeyError("value")
    return value


def _first_to_act(plays: list[Play]) -> int | None:
    """The seat of the first pre-flop play (a straddle or an action)."""
    for seat, what, _ in plays:
        if what is _MISSING:
            raise KeyError("Action")
        if what not in ("Deal", "Wins", "Takes Back"):
            return seat
    return None


# Each card as the site writes it, suit first in lower case ("da", "st").
_BY_CODE = {
    f"{card}"[1] + f"{card}"[0].lower(): card for card in map(Card.from_code, range(52))
}


_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_BET, _RAISE = ActionKind.BET, ActionKind.RAISE
# The plays whose kind the name alone says (``_Reader._action`` reads all)
_PLAIN = {
    "Folds": _FOLD,
    "Checks": _CHECK,
    "Calls": _CALL,
    "Bets": _BET,
    "Raises To": _RAISE,
}


def _cards(codes: list[str]) -> tuple[Card, ...]:
    """Cards written suit first, lower case: ``"da"`` is the ace of diamonds."""
    try:
        return tuple([_BY_CODE[code] for code in codes])  # the common case
    except (KeyError, TypeError):
        pass
    return cards(" ".join(code[1:].upper() + code[0] for code in codes))


def _last_return(hand: OnlineHand) -> tuple[str, int] | None:
    """The bet no one matched on the last street bet on, as ``(player, chips)``."""
    totals: dict[str, int] = {}
    for post in hand.posts:
        if post.kind is not PostKind.ANTE:
            totals[post.player] = totals.get(post.player, 0) + post.chips
    street = 0
    for action in hand.actions:
        if action.street != street:
            street, totals = action.street, {}
        if action.kind is ActionKind.RAISE:
            totals[action.player] = action.chips
        elif action.kind in (ActionKind.CALL, ActionKind.BET):
            totals[action.player] = totals.get(action.player, 0) + action.chips
    ranked = [*sorted(totals.values(), reverse=True), 0, 0]
    if ranked[0] == ranked[1]:
        return None
    top = max(totals, key=lambda player: totals[player])
    return top, ranked[0] - ranked[1]


def _dealer_name(table: dict[str, Any]) -> str | None:
    """The name of the player in the ``Dealer`` seat, if anyone sits there."""
    dealer = int(table["Dealer"])
    for player in table["Players"]:
        if int(player["Seat"]) == dealer:
            return str(player["Name"])
    return None


def _all_in(hand: OnlineHand, player: str | None) -> bool:
    """Whether a post or an action of ``player`` put him all-in."""
    return any(p.is_all_in and p.player == player for p in hand.posts) or any(
        a.is_all_in and a.player == player for a in hand.actions
    )


# The record as the site writes nearly every one: these keys in this order,
# no spaces, strings without escapes; ``_scan`` reads it without JSON
_STRING = r'"([^"\\\x00-\x1f]*)"'  # a JSON string with nothing to decode
_NUMBER = r"(0|[1-9][0-9]*)"  # a JSON whole number
_CODES = r'(\[(?:"[0-9A-Za-z]+"(?:,"[0-9A-Za-z]+")*)?\])'  # card codes
_PLAYER = (
    rf"\{{Name:{_STRING},Seat:{_NUMBER},Stack:{_NUMBER},Cards:{_CODES},"
    rf"CurrentBet:{_NUMBER}\}}"
)
_PLAY = rf"\{{Seat:{_NUMBER},Action:{_STRING}(?:,value:(?:{_NUMBER}|{_CODES}))?\}}"
_PLAYER_ONE = re.compile(_PLAYER)
_PLAY_ONE = re.compile(_PLAY)
_PLAIN_RECORD = re.compile(
    rf"\{{Hand:\{{Title:{_STRING},NumberOfSeats:{_NUMBER},PotSize:{_NUMBER},"
    rf"BigBlind:{_NUMBER},SmallBlind: ?{_NUMBER},Ante:{_NUMBER},"
    rf"CurrentBet:{_NUMBER},Dealer:{_NUMBER},CardsOut:\[\],Players: ?\["
    rf"(?P<players>(?:{_PLAYER}(?:,{_PLAYER})*)?)\]\}},Plays:\["
    rf"(?P<plays>(?:{_PLAY}(?:,{_PLAY})*)?)\]\}}"
)


def _codes(text: str) -> list[str]:
    """The card codes of a list matched by ``_CODES`` (``["da","s4"]``)."""
    return text[2:-2].split('","') if len(text) > 2 else []


def _scan(body: str) -> tuple[dict[str, Any], list[Play]] | None:
    """``(Hand, plays)`` of a record in the site's plain shape, else None.

    The values ``json.loads`` gives for that shape (``_PLAIN_RECORD``,
    matched whole, strings with no escape to decode), by patterns: cheaper
    than quoting the keys and decoding JSON; only the keys the reader reads.
    The plays are as ``_plays`` reads them. Any other shape is None, for
    the caller to read as JSON.
    """
    found = _PLAIN_RECORD.fullmatch(body)
    if found is None:
        return None
    title, seats, _, big, small, ante, _, dealer = found.groups()[:8]
    players = [
        {"Name": name, "Seat": int(seat), "Stack": int(stack), "Cards": _codes(held)}
        for name, seat, stack, held, _ in _PLAYER_ONE.findall(found["players"])
    ]
    table = {
        "Title": title,
        "NumberOfSeats": int(seats),
        "BigBlind": int(big),
        "SmallBlind": int(small),
        "Ante": int(ante),
        "Dealer": int(dealer),
        "Players": players,
    }
    plays = [
        (
            int(seat),
            action,
            int(number) if number else _codes(codes) if codes else _MISSING,
        )
        for seat, action, number, codes in _PLAY_ONE.findall(found["plays"])
    ]
    return table, plays


def _quote_keys(body: str) -> str:
    """The object literal as JSON: its bare keys quoted.

    One split on the keys' pattern (mark, key, mark, key...), each key then
    quoted: the same text as quoting each match, without a call per key.
    """
    parts = _KEY.split(body)  # [text, mark, key, text, mark, key, ..., text]
    parts[2::3] = [f'"{key}":' for key in parts[2::3]]
    return "".join(parts)


def _runs(
    board: list[Card], extra: list[tuple[Card, ...]]
) -> tuple[tuple[Card, ...], ...]:
    """Each run's whole board when the board was run again (``extra``)."""
    if not extra:
        return ()
    later = [tuple(board[: 5 - len(cards)]) + cards for cards in extra]
    return (tuple(board), *later)
