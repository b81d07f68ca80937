"""Whose turn it is: the seat to act, the end of a street, the showdown, the award.

``Turns`` holds the steps that pass the turn on after an action has been
carried out: the next seat to act (R-BET-4, R-BET-5), the end of a street
with its uncalled bet (R-BET-7) and all-in run-out (R-SHOW-3), the order of
the showdown (R-SHOW-2) and the award of the pots (R-POT-2, R-POT-3). They
change the hand but check nothing: ``HandState`` (state.py) checks each
action first, and ``Steps`` (steps.py) carries it out, then calls these.
The engine's modules import one way: hand, turns, steps, state.
"""

from __future__ import annotations

from holdem.betting.pots import uncalled_bet
from holdem.engine import showdown
from holdem.engine.events import Phase, ReturnUncalled, ShowAllIn, Street
from holdem.engine.hand import Hand
from holdem.rules.actions import DEALER

__all__ = ["Turns"]

_new_object = object.__new__
_set_show_seat = vars(ShowAllIn)["seat"].__set__  # a slot, set straight
_set_show_cards = vars(ShowAllIn)["cards"].__set__
_set_back_seat = vars(ReturnUncalled)["seat"].__set__
_set_back_chips = vars(ReturnUncalled)["chips"].__set__
# enum members bound once: the hot paths compare against these
_DEALING, _BETTING_PH, _SHOWDOWN, _COMPLETE = tuple(Phase)
_RIVER = Street.RIVER


class Turns(Hand):
    """A hand's turn-passing steps (no checks; see ``HandState``)."""

    __slots__ = ()

    def _start_preflop(self) -> None:
        # R-BET-2, R-STRADDLE-1: the player left of the last blind or straddle
        # acts first; with no blinds, the button's left.
        self._next_to_act(self._first)

    def _next_to_act(self, start: int) -> None:
        """Give the turn to the first seat from ``start`` that must act (R-BET-4)."""
        folded, all_in, committed = self.folded, self.all_in, self.committed
        acted_at, current, able = self._acted_at, self.current_bet, self._able
        if (
            self._fixed
            and able <= 2
            and not self._uncapped
            and self.config.heads_up_uncapped
            and (
                self.config.raise_cap is None
                or self._raise_count < self.config.raise_cap
            )
        ):
            self._uncapped = True  # R-FL-2: heads-up before the cap
        for seat in self._order[start]:
            if folded[seat] or all_in[seat]:
                continue
            if able == 1 and committed[seat] < current:
                # R-BET-5: against all-in players only, a seat that has matched
                # every chip they could put in has nothing left to decide.
                top = max(committed[:seat] + committed[seat + 1 :])
                if committed[seat] >= top:
                    continue
            if committed[seat] < current or (acted_at[seat] < 0 and able > 1):
                self.to_act = seat
                self.phase = _BETTING_PH
                return
        self._end_street()

    def _end_street(self) -> None:
        """Return the uncalled bet, then deal on, show down or award (R-BET-7)."""
        seat, chips = uncalled_bet(self.committed)
        if chips:
            self.stacks[seat] += chips
            self.committed[seat] -= chips
            self.contributed[seat] -= chips
            if self.all_in[seat]:
                self.all_in[seat] = False
                self._able += 1
            back = _new_object(ReturnUncalled)  # the fields are ints from here
            _set_back_seat(back, seat)
            _set_back_chips(back, chips)
            self.events.append(back)
        self.committed = [0] * self.seats
        folded = self.folded
        if folded.count(False) == 1:
            self._award()  # R-SHOW-1: the last player wins unseen
            return
        if self._able <= 1 and not self.runout:
            self.runout = True  # R-BET-5, R-SHOW-3: no more betting; face up
            hole_cards, shown, events = self.hole_cards, self.shown, self.events
            for s in range(self.seats):
                cards = hole_cards[s]
                if not folded[s] and cards is not None and not shown[s]:
                    shown[s] = True
                    show = _new_object(ShowAllIn)  # the fields are known good
                    _set_show_seat(show, s)
                    _set_show_cards(show, cards)
                    events.append(show)
        if self.street == _RIVER:
            self._start_showdown()
            return
        self.phase = _DEALING
        self.to_act = DEALER

    def _start_showdown(self) -> None:
        """Enter the showdown after the river (or after an all-in run-out)."""
        self.phase = _SHOWDOWN
        self._next_to_show()

    def _next_to_show(self) -> None:
        seat = showdown.next_to_show(self)
        if seat is None:
            self._award()  # all have shown, or all others mucked (R-SHOW-2)
        else:
            self.to_act = seat

    def _award(self) -> None:
        """Move the chips of every pot to its winners (R-POT-2, R-POT-3)."""
        stacks, events = self.stacks, self.events
        for award in showdown.award(self):
            for seat, chips in award.shares:
                stacks[seat] += chips
            events.append(award)
        self.phase = _COMPLETE
        self.to_act = None
