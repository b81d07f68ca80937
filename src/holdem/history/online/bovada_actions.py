"""What a Bovada player's line does: posts, actions and the chips they move.

``ActionReader`` holds a Bovada hand's chip bookkeeping (each player's stack
behind and chips committed this street, the street's highest total) and reads
the part of a line after ``NAME : `` (``_player_line``): posts, folds,
checks, calls, bets, raises and all-ins, uncalled bets returned, chips
collected, cards shown and the button's seat. ``bovada`` walks the hand's
lines and derives its reader from it; see its docstring for the format.
"""

from __future__ import annotations

import re

from holdem.history.online.model import (
    ActionKind,
    Collected,
    OnlineAction,
    Post,
    PostKind,
)
from holdem.history.online.reader import HandReader
from holdem.history.online.text import MONEY, HandText, bracketed, is_plain_amount

__all__ = ["PLAIN", "POSTS", "ActionReader"]

_MONEY = re.compile(MONEY)
# Enum members as module constants: in Python 3.11 each ``Kind.X`` is a
# class attribute lookup through the enum metaclass, on the hot lines
_FOLD = ActionKind.FOLD
_CALL = ActionKind.CALL
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_ANTE = PostKind.ANTE
_DEAD_SMALL_BLIND = PostKind.DEAD_SMALL_BLIND
POSTS = {
    "Small Blind": PostKind.SMALL_BLIND,
    "Small blind": PostKind.SMALL_BLIND,
    "Ante/Small Blind": PostKind.SMALL_BLIND,
    "Ante/Small blind": PostKind.SMALL_BLIND,
    "Big blind": PostKind.BIG_BLIND,
    "Big Blind": PostKind.BIG_BLIND,
    "Big blind/Bring in": PostKind.BIG_BLIND,
    "Posts chip": PostKind.BIG_BLIND,
    "Posts dead chip": PostKind.DEAD_SMALL_BLIND,
    "Ante chip": PostKind.ANTE,
}
"""The post each line's words name (``Big blind $2``), before the amount."""

PLAIN = {
    "Folds": ActionKind.FOLD,
    "Fold": ActionKind.FOLD,
    "Checks": ActionKind.CHECK,
}
"""Verbs that say all (folds and checks), read before anything else."""

_BLIND_SEATS = {"Small Blind": PostKind.SMALL_BLIND, "Big Blind": PostKind.BIG_BLIND}
_ACTION_VERBS = frozenset(
    ("Folds", "Fold", "Checks", "Calls", "Call", "Bets", "Raises", "All-in", "Return")
)
# The posts by their first word ("Big": "Big blind ", "Big Blind "...), in
# POSTS order: a line tries only those its first word may start
_POSTS_BY_WORD: dict[str, list[tuple[str, PostKind]]] = {}
for _prefix, _kind in POSTS.items():
    _word = _prefix.split(" ", 1)[0].split("(", 1)[0]
    if _word not in _ACTION_VERBS:
        _POSTS_BY_WORD.setdefault(_word, []).append((f"{_prefix} ", _kind))

_AMOUNT_VERBS = frozenset(
    (
        "Calls",
        "Call",
        "Bets",
        "Raises",
        "All-in",
        "Return",
        "Hand",
        "Showdown",
        "Does",
        "Mucks",
    )
)
"""Verbs of the lines read after the posts and the folds and checks (the
last three show cards and no amount)."""


class ActionReader(HandReader):
    """A ``HandReader`` that reads a Bovada player's line and moves the chips.

    Attributes:
        names: the seated players (as seated: ``[ME]`` dropped).
        stacks: each player's chips behind, as read so far.
        committed: each player's chips in front this street.
        current: the street's highest total (0 before anyone bets).
        button: the button's seat (``Set dealer [N]``), 0 if not read.
        uncalled: ``(player, chips)`` of each uncalled bet returned.
        dealt: whether ``*** HOLE CARDS ***`` was read.
        level: the small and big blind of the header's level, else 0s.
        mucked: players whose ``Mucks [..]`` line says they do not contend
            (R-SHOW-2).
    """

    def __init__(self, hand: HandText) -> None:
        """An empty record of ``hand``, to be read from its first line."""
        super().__init__(hand)
        self.names: set[str] = set()
        self.stacks: dict[str, int] = {}
        self.committed: dict[str, int] = {}
        self.current = 0
        self.button = 0
        self.uncalled: list[tuple[str, int]] = []
        self.dealt = False  # past "*** HOLE CARDS ***"
        self.level = (0, 0)  # the small and big blind of the header's level
        self.mucked: list[str] = []  # "X : Mucks [..]" (R-SHOW-2)

    def amounts(self, text: str) -> list[int]:
        """Whole chips of each amount in ``text``, in order."""
        return [self.chips(found) for found in _MONEY.findall(text)]

    def _dealt(self, player: str, what: str) -> None:
        """``Card dealt to a spot [Ah Kd]``: the first bracketed cards."""
        start = what.find("[")
        end = what.find("]", start + 1) if start >= 0 else -1
        if end >= 0:
            dealt = self.cards(what[start + 1 : end])
            if len(dealt) == 2:
                self.hole_cards[player] = dealt

    def _dealer(self, what: str) -> None:
        shown = bracketed(what)
        if shown and shown[0].strip().isdigit():
            self.button = int(shown[0])

    def _player_line(self, player: str, what: str) -> None:
        space = what.find(" ")
        verb = what if space < 0 else what[:space]
        if "(" in verb:
            verb = verb[: verb.find("(")]
        plain = PLAIN.get(verb)
        if plain is not None:  # a fold or a check: nothing more to read
            self._act(player, plain, 0, self.hand.line + self.index)
            return
        if verb == "Card":
            if what.startswith("Card dealt to a spot"):
                self._dealt(player, what)
            return
        if verb == "Set":
            if what.startswith("Set dealer"):
                self._dealer(what)
            return
        posts = _POSTS_BY_WORD.get(verb)
        if posts is not None:
            for prefix, kind in posts:
                if what.startswith(prefix):
                    printed = what[len(prefix) :].split(" ", 1)[0]
                    if is_plain_amount(printed) or _MONEY.match(what, len(prefix)):
                        self._post(player, kind, self.chips(printed))
                        return
        line = self.hand.line + self.index
        if verb in ("Folds", "Fold"):
            self._act(player, ActionKind.FOLD, 0, line)
            return
        if verb == "Checks":
            self._act(player, ActionKind.CHECK, 0, line)
            return
        if verb not in _AMOUNT_VERBS:
            return  # the others inform: "Ranking 7", "Prize Cash [$11.16]"
        if verb in ("Showdown", "Does", "Mucks"):  # cards, no amount
            shown = bracketed(what)
            if shown:
                known = self.cards(shown[0])
                if len(known) == 2:
                    self.hole_cards[player] = known
            if verb == "Mucks":
                self.mucked.append(player)  # does not contend: R-SHOW-2
            return
        amounts = self.amounts(what[space + 1 :] if space >= 0 else "")
        if verb in ("Calls", "Call"):
            self._need(amounts, 1)
            self._act(player, ActionKind.CALL, amounts[0], line)
        elif verb == "Bets":
            self._need(amounts, 1)
            self._act(player, ActionKind.BET, amounts[-1], line)
        elif verb == "Raises":
            self._need(amounts, 1)
            self._act(player, ActionKind.RAISE, amounts[-1], line)
        elif verb == "All-in":
            self._need(amounts, 1)
            if " to " in what:
                self._act(player, ActionKind.RAISE, amounts[-1], line)
            elif not self.dealt and amounts[0] < self._blind(player):
                # "Big Blind : All-in 19": a blind posted short (R-ALLIN-BLIND)
                self._post(player, _BLIND_SEATS[player], amounts[0])
            elif not self.dealt and amounts[0] >= self.stacks[player]:
                # "UTG : All-in 12" among the "Ante chip" lines: the whole
                # stack is less than the ante, posted all-in (R-ANTE-1)
                self._post(player, PostKind.ANTE, amounts[0])
            else:
                added, behind = amounts[0], self.stacks[player]
                if added != behind and added == self.committed[player] + behind:
                    # "All-in(raise) $18" after a blind of 4 with 18 in all:
                    # the street total (an all-in puts every chip in)
                    added = behind
                self._all_in(player, added, line)
        elif verb == "Return":
            self._need(amounts, 1)
            self.uncalled.append((player, amounts[-1]))
        elif verb == "Hand" and what[5:11].lower() == "result":
            self._need(amounts, 1)
            pot = "side pot" if "side pot" in what.lower() else "pot"
            self.collected.append(Collected(player, amounts[-1], pot))

    def _need(self, amounts: list[int], count: int) -> None:
        if len(amounts) < count:
            raise self.error("an action without its amount")

    def _post(self, player: str, kind: PostKind, amount: int) -> None:
        all_in = amount >= self.stacks[player]
        self.posts.append(
            Post(player, kind, amount, all_in, self.hand.line + self.index)
        )
        self.stacks[player] -= amount
        if kind is not _ANTE and kind is not _DEAD_SMALL_BLIND:
            self.committed[player] += amount
            self.current = max(self.current, self.committed[player])

    def _blind(self, player: str) -> int:
        """The level's blind of a blind's seat (``Big Blind``), else 0."""
        kind = _BLIND_SEATS.get(player)
        if kind is None:
            return 0
        return self.level[0] if kind is PostKind.SMALL_BLIND else self.level[1]

    def _all_in(self, player: str, added: int, line: int) -> None:
        to = self.committed[player] + added
        if to <= self.current:
            self._act(player, ActionKind.CALL, added, line)
        elif self.current:
            self._act(player, ActionKind.RAISE, to, line)
        else:
            self._act(player, ActionKind.BET, added, line)

    def _act(self, player: str, kind: ActionKind, amount: int, line: int) -> None:
        before = self.committed[player]
        if kind is _CALL or kind is _BET:
            to = before + amount
        elif kind is _RAISE:
            to = amount
        else:
            to = before
        self.stacks[player] -= to - before
        self.committed[player] = to
        self.current = max(self.current, to)
        all_in = kind is not _FOLD and self.stacks[player] <= 0
        self.actions.append(
            OnlineAction(self.street, player, kind, amount, all_in, line)
        )
