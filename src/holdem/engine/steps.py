"""Carrying out an action that has been checked: the changes each step makes.

``Steps`` holds one method per kind of step (betting, showing or mucking,
dealing hole cards or a street, an exposed card and its replacement, the
runs of the board). ``HandState.apply`` (state.py) checks an action, then
calls the step's method: each step has this one path. They pass the turn on
with ``Turns`` (turns.py). The engine's modules import one way: hand,
turns, steps, state.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter

from holdem.cards import Card
from holdem.engine.events import BoardRun, Misdeal, Phase, Street
from holdem.engine.turns import Turns
from holdem.rules.actions import (
    DEALER,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    ExposeCard,
    Fold,
    Muck,
    Raise,
    ReplaceExposed,
    RunIt,
    Show,
)

__all__ = ["Steps"]

_STREETS = tuple(Street)
_code = attrgetter("code")
_DEALING, _SHOWDOWN = Phase.DEALING, Phase.SHOWDOWN
_RIVER = Street.RIVER


class Steps(Turns):
    """A hand's steps for checked actions (no checks; see ``HandState``)."""

    __slots__ = ()

    def _do_betting(self, action: Fold | Check | Call | Bet | Raise) -> None:
        seat = action.seat
        kind = type(action)
        current = self.current_bet
        if kind is Fold:
            self.folded[seat] = True
            self._able -= 1
            self._acted_at[seat] = current
            if self.folded.count(False) == 1:
                self._end_street()
                return
        elif kind is Check:
            self._acted_at[seat] = current
        elif kind is Call:
            stacks = self.stacks
            chips = current - self.committed[seat]
            if chips >= stacks[seat]:
                chips = stacks[seat]
                self.all_in[seat] = True
                self._able -= 1
            stacks[seat] -= chips
            self.committed[seat] += chips
            self.contributed[seat] += chips
            self._acted_at[seat] = current
        else:
            to: int = action.to  # type: ignore[union-attr]
            chips = to - self.committed[seat]
            self.stacks[seat] -= chips
            self.committed[seat] = to
            self.contributed[seat] += chips
            if not self.stacks[seat]:
                self.all_in[seat] = True
                self._able -= 1
            increment = to - current
            if self._fixed:
                unit = self.config.bet_unit(self.street)
                # R-FL-3: an all-in of half a bet or more counts as a raise.
                if to >= self._fl_base + unit or 2 * increment >= unit:
                    self._fl_base = to
                    self._raise_count += 1
            elif increment >= self._last_raise_size:
                self._last_raise_size = increment  # R-NL-2; short all-in: R-NL-4
            self.current_bet = to
            self.last_aggressor = seat
            self._acted_at[seat] = to
        self._next_to_act(seat + 1)

    def _do_show_or_muck(self, action: Show | Muck) -> None:
        seat = action.seat
        if type(action) is Show:
            cards = action.cards
            if self.hole_cards[seat] is None and cards is not None:
                self.hole_cards[seat] = cards
                for card in cards:  # no card may show up twice (R-DECK-1)
                    self._seen.add(card.code)
            self.shown[seat] = True
        else:
            self.mucked[seat] = True
        if self.phase is _SHOWDOWN:
            self._next_to_show()

    def _do_deal_hole(self, action: DealHole) -> None:
        cards = action.cards
        self.needs_new_deck = False
        self.hole_cards[action.seat] = cards
        if cards is not None:
            for card in cards:
                self._seen.add(card.code)
        self._dealt += 1
        if self._dealt == self.seats and not self._exposed:
            self._start_preflop()

    def _do_deal_board(self, action: DealBoard) -> None:
        seen = self._seen
        if action.burn is not None:
            self.burns.append(action.burn)
            seen.add(action.burn.code)
        run_boards = self.run_boards
        if run_boards:
            # a later run of the board (R-RIT-1): its own cards after the
            # cards every run shares
            later = run_boards[-1] + action.cards
            run_boards[-1] = later
            board: Sequence[Card] = later
        else:
            board = self.board
            board.extend(action.cards)
        seen.update(map(_code, action.cards))
        # the street by the cards on this run's board: 3 flop, 4 turn, 5 river
        self.street = _STREETS[len(board) - 2]
        self.committed = [0] * self.seats
        self.current_bet = 0
        self._last_raise_size = self.config.min_bet
        self._fl_base = 0
        self._raise_count = 0
        self._uncapped = False
        self._acted_at = [-1] * self.seats
        self.last_aggressor = None
        if self.runout:
            if self.street == _RIVER:
                self._end_run(board)
            return
        self._next_to_act(0)  # R-BET-3: first active seat left of the button

    def _do_run_it(self, action: RunIt) -> None:
        """Run the rest of the board ``action.times`` times (R-RIT-1)."""
        self.runs = action.times
        self._shared = len(self.board)

    def _end_run(self, board: Sequence[Card]) -> None:
        """A run's board is complete: deal the next run, or show down (R-RIT-1).

        Each run after the first starts from the cards all runs share and
        takes its own cards from the same deck after the last run's.
        """
        runs = self.runs
        if runs > 1:
            run = len(self.run_boards) + 1
            self.events.append(BoardRun(run, tuple(board)))
            if run < runs:
                self.run_boards.append(tuple(self.board[: self._shared]))
                return
        self._start_showdown()

    def _do_expose(self, action: ExposeCard) -> None:
        index = action.index
        self._exposed.append(index)
        self.phase = _DEALING
        self.to_act = DEALER
        if index <= 2 or len(self._exposed) >= 2:
            rule = "R-MISDEAL-1" if index <= 2 else "R-MISDEAL-3"
            self.events.append(Misdeal(rule))
            self.misdeals += 1
            # R-MISDEAL-1: the cards are gathered and reshuffled; the table
            # deals again from a new deck (run_dealer refuses the old one).
            self.needs_new_deck = True
            self.hole_cards = [None] * self.seats
            self.burns = []
            self._seen = set()
            self._dealt = 0
            self._exposed = []

    def _do_replace(self, action: ReplaceExposed) -> None:
        index = self._exposed.pop()
        seat, which = (index - 1) % self.seats, (index - 1) // self.seats
        cards = self.hole_cards[seat]
        assert cards is not None  # checked by _check_expose
        self.burns.insert(0, cards[which])  # R-MISDEAL-2: it is the first burn
        new = list(cards)
        new[which] = action.card
        self._seen.add(action.card.code)
        self.hole_cards[seat] = tuple(new)
        self._start_preflop()
