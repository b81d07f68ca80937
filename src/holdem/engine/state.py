"""One hand of Texas Hold'em as an explicit state machine.

``HandState`` changes only through ``apply(action)``, which checks the action
first (``check_action``) and appends it, with whatever the dealer does on its
own, to the hand's event log. Seats are numbered clockwise from the button's
left: seat 0 is first after the button and the last seat is the button
(heads-up the button posts the small blind and seat 0 is the big blind).

>>> from holdem.rules import GameConfig, Fold, Raise
>>> state = HandState(GameConfig(small_blind=5, big_blind=10), [1000] * 6)
>>> state.phase, state.to_act
(<Phase.DEALING: 'dealing'>, -1)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from operator import attrgetter

from holdem.betting.pots import Pot, uncalled_bet
from holdem.cards import Card
from holdem.engine import forced_bets, refusals, showdown
from holdem.engine.events import (
    AwardPot,
    LegalActions,
    Misdeal,
    Phase,
    PostAnte,
    PostBlind,
    PostDead,
    ReturnUncalled,
    ShowAllIn,
    Street,
)
from holdem.engine.hand import Event, Hand, hand_pots
from holdem.engine.legal import compute_legal
from holdem.engine.seating import MAX_SEATS, ROTATIONS, seat_name, seat_range
from holdem.engine.view import SeatView, view_of
from holdem.errors import (
    HoldemError,
    InvalidInputError,
    StateError,
)
from holdem.rules.actions import (
    DEALER,
    Action,
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
    Show,
    short_repr,
)
from holdem.rules.config import (
    MAX_CHIPS,
    ForcedBets,
    GameConfig,
    Structure,
    check_chips,
)

__all__ = ["MAX_SEATS", "HandState"]

_STREETS = tuple(Street)
_code = attrgetter("code")
_new_object = object.__new__
_set_show_seat = vars(ShowAllIn)["seat"].__set__  # a slot, set straight
_set_show_cards = vars(ShowAllIn)["cards"].__set__
_set_back_seat = vars(ReturnUncalled)["seat"].__set__
_set_back_chips = vars(ReturnUncalled)["chips"].__set__
_set_deal_seat = vars(DealHole)["seat"].__set__
_set_deal_cards = vars(DealHole)["cards"].__set__
# enum members bound once: the hot paths compare against these
_DEALING, _BETTING_PH, _SHOWDOWN, _COMPLETE = tuple(Phase)
_PREFLOP, _RIVER = Street.PREFLOP, Street.RIVER


class HandState(Hand):
    """The state of one hand, from the forced bets to the award of the pots.

    Args:
        config: the game's rules (structure, limits, deck).
        stacks: chips each seat brings to the hand, seat 0 first (the
            button's left); every seat needs at least 1 chip (R-TABLE-7).
        forced: per-seat blinds, straddles, antes and dead blinds; by default
            ``config.forced_bets(len(stacks))``.

    Raises:
        InvalidInputError: on fewer than 2 or more than 22 seats, non-int or
            non-positive stacks, or forced bets of the wrong length.

    After a misdeal ``needs_new_deck`` is True until the new deal starts: the
    cards must be gathered and reshuffled (R-MISDEAL-1, R-MISDEAL-3).

    Forced bets are posted as the hand is made (events ``PostAnte``,
    ``PostBlind``, ``PostDead``); a seat short of its blind or ante posts what
    it has and is all-in (R-ALLIN-BLIND). Then ``to_act`` is ``DEALER``.
    """

    __slots__ = ()

    def __init__(
        self,
        config: GameConfig,
        stacks: Sequence[int],
        forced: ForcedBets | None = None,
    ) -> None:
        if type(config) is not GameConfig:
            raise InvalidInputError(
                f"config must be a GameConfig, got {short_repr(config)}"
            )
        if type(stacks) is not list and not isinstance(stacks, (list, tuple)):
            raise InvalidInputError(
                "stacks are a list or tuple of chips per seat, got"
                f" {short_repr(stacks)}"
            )
        if forced is not None and type(forced) is not ForcedBets:
            raise InvalidInputError(
                f"forced must be ForcedBets or None, got {short_repr(forced)}"
            )
        n = len(stacks)
        if not 2 <= n <= MAX_SEATS:
            raise InvalidInputError(
                f"a hand needs 2 to {MAX_SEATS} seats (two hole cards each, five"
                f" board cards and three burns from 52), got {n}"
            )
        if not (
            set(map(type, stacks)) == {int}
            and min(stacks) > 0
            and max(stacks) <= MAX_CHIPS
        ):
            for seat, chips in enumerate(stacks):
                check_chips(f"the stack of {seat_name(seat, n)}", chips, positive=True)
        if forced is None:
            # the config's forced bets and first seat to act, kept for the
            # next hand of the same config and size (both are values)
            memo = _FORCED.get(n)
            if memo is None or memo[0] is not config:
                forced = config.forced_bets(n)
                blinds = forced.blinds_or_straddles
                posts = forced_bets.blind_posts(forced)
                memo = _FORCED[n] = (
                    config,
                    forced,
                    forced_bets.last_blind(blinds) + 1,
                    posts,
                    max(blinds),
                    forced_bets.ante_plan(forced) if posts is None else None,
                )
            _, forced, first, posts, top, plan = memo
        elif len(forced.blinds_or_straddles) != n:
            raise InvalidInputError(
                f"forced bets name {len(forced.blinds_or_straddles)} seats,"
                f" the hand has {n}"
            )
        else:
            # a table passes the same ForcedBets value hand after hand
            given = _GIVEN.get(id(forced))
            if given is None or given[0] is not forced:
                blinds = forced.blinds_or_straddles
                if len(_GIVEN) >= _GIVEN_SIZE:
                    _GIVEN.clear()
                posts = forced_bets.blind_posts(forced)
                given = _GIVEN[id(forced)] = (
                    forced,
                    forced_bets.last_blind(blinds, forced.big_blind) + 1,
                    posts,
                    max(blinds),
                    forced_bets.ante_plan(forced) if posts is None else None,
                )
            _, first, posts, top, plan = given
        self._first = first
        self.config = config
        self.forced = forced
        self.seats = n
        self.starting_stacks: tuple[int, ...] = tuple(stacks)
        self.stacks = list(stacks)
        self.committed = [0] * n
        self.contributed = [0] * n
        self.dead = 0
        self.folded = [False] * n
        self.all_in = [False] * n
        self.shown = [False] * n
        self.mucked = [False] * n
        self.hole_cards: list[tuple[Card, ...] | None] = [None] * n
        self.board: list[Card] = []
        self.burns: list[Card] = []
        self.events: list[Event] = []
        self.street = _PREFLOP
        self.phase = _DEALING
        self.to_act: int | None = DEALER
        self.last_aggressor: int | None = None
        self.runout = False
        self.misdeals = 0
        self.needs_new_deck = False
        self._dealt = 0
        self._exposed: list[int] = []
        self._acted_at = [-1] * n
        self._order = ROTATIONS[n]  # seats in turn from each seat (R-BET-4)
        self._legal: LegalActions | None = None
        self._seen: set[int] = set()
        self._fixed = config.structure is Structure.FIXED_LIMIT
        self._pot_limit = config.structure is Structure.POT_LIMIT
        self._fold_free = config.fold_when_check  # R-BET-1
        if posts is not None:
            forced_bets.post_blinds(self, posts, top)
        elif plan is None or not forced_bets.post_planned(self, plan):
            forced_bets.post_forced_bets(self)  # a seat short (R-ALLIN-BLIND)
        # seats that can still bet: in the hand and not all-in
        self._able = self.all_in.count(False)

    # ------------------------------------------------------------------ setup

    # ---------------------------------------------------------------- queries

    @property
    def is_complete(self) -> bool:
        """The pots have been awarded."""
        return self.phase is _COMPLETE

    @property
    def pots(self) -> tuple[Pot, ...]:
        """Chips gathered from earlier streets: main pot first (R-POT-1).

        Bets of the current street are in ``committed`` until it ends; once
        the hand is complete every pot has been awarded and none is left.
        """
        if self.phase is _COMPLETE:
            return ()
        gathered = [
            c - s for c, s in zip(self.contributed, self.committed, strict=True)
        ]
        return self.hand_pots(gathered, self.folded)

    def hand_pots(self, live: Sequence[int], out: Sequence[bool]) -> tuple[Pot, ...]:
        """Pots from dead money and ``live`` chips; ``out`` seats cannot win.

        Layers, bottom first: dead blinds (every seat still in may win them),
        the antes (R-ANTE-1, a short ante wins only what it matched), then the
        blinds and bets (R-POT-1).
        """
        return hand_pots(self, live, out)

    @property
    def total_pot(self) -> int:
        """All chips in the middle: dead money, pots and this street's bets.

        0 once the hand is complete (every chip has been awarded).
        """
        if self.phase is _COMPLETE:
            return 0
        return self.dead + sum(self.contributed)

    @property
    def payoffs(self) -> tuple[int, ...]:
        """Net chips won (+) or lost (-) per seat so far; final once complete."""
        return tuple(
            s - s0 for s, s0 in zip(self.stacks, self.starting_stacks, strict=True)
        )

    def in_hand(self) -> tuple[int, ...]:
        """Seats that have not folded (or mucked), lowest first."""
        return tuple(
            s for s in range(self.seats) if not self.folded[s] and not self.mucked[s]
        )

    def legal_actions(self) -> LegalActions:
        """What the seat to act may do now.

        Raises:
            StateError: if no seat is to act (the dealer's turn, or complete).
        """
        legal = self._legal
        if legal is not None:
            return legal
        if self.phase is not _BETTING_PH:
            rule = refusals.phase_rule(self)
            raise StateError(
                f"no betting decision now: the hand is in the {self.phase} phase"
                f" ({refusals.expected(self)}) [{rule}]",
                rule=rule,
            )
        legal = self._legal = compute_legal(self)
        return legal

    def is_legal(self, action: Action) -> bool:
        """Whether ``apply(action)`` would succeed now (never raises)."""
        if (
            type(action) is Muck
            and self.phase is _SHOWDOWN
            and type(action.seat) is int
            and action.seat == self.to_act
        ):
            # the seat in turn at showdown (a table asks this of every seat):
            # the muck check's own verdict, without raising (R-SHOW-2)
            return not showdown.must_show(self, action.seat)
        try:
            self.check_action(action)
        except HoldemError:
            return False
        return True

    # ----------------------------------------------------------------- checks

    def check_action(self, action: Action) -> None:
        """Raise if ``action`` is not allowed now; change nothing.

        Raises:
            NotYourTurnError: a seat acts out of turn, or a player acts while
                the dealer is to act (or the other way round).
            BetSizeError: a bet or raise outside the legal sizes (R-NL-1,
                R-NL-2, R-PL-1, R-FL-1).
            IllegalActionError: fold, check, call, bet or raise that the
                rules forbid now (R-BET-1, R-NL-3, R-FL-2), a card already
                seen (R-DECK-1), a muck that would leave a pot unclaimed.
            StateError: the hand is complete, or a step of another phase.
            InvalidInputError: a malformed action (wrong types or card count).
        """
        kind = type(action)
        if kind in _SEATED:
            seat = action.seat  # type: ignore[union-attr]
            if type(seat) is not int or not 0 <= seat < self.seats:
                raise InvalidInputError(
                    f"{kind.__name__}: no seat {short_repr(seat)} at this"
                    f" hand: {seat_range(self.seats)}"
                )
        if (
            kind is Fold
            or kind is Check
            or kind is Call
            or kind is Bet
            or kind is Raise
        ):
            refusals.check_betting(self, action)  # type: ignore[arg-type]
        elif kind is Show or kind is Muck:
            showdown.check_show_or_muck(self, action)  # type: ignore[arg-type]
        elif kind is DealHole or kind is DealBoard or kind is ReplaceExposed:
            refusals.check_deal(self, action)
        elif kind is ExposeCard:
            refusals.check_expose(self, action)  # type: ignore[arg-type]
        else:
            raise InvalidInputError(
                f"not an action: {short_repr(action)} (a {type(action).__name__})"
            )

    def apply(self, action: Action) -> None:
        """Check ``action`` and carry it out, appending it to ``events``.

        Raises:
            The errors of ``check_action``; the state is then exactly as
            before.
        """
        kind = type(action)
        if kind is Call or kind is Check:
            # The commonest steps, checked against the legal actions and
            # carried out inline; a refused one goes on to the full check.
            # Without them at hand, compute_legal's own test: the seat in
            # turn may check with nothing to call, else call (R-BET-1).
            legal = self._legal
            seat = action.seat  # type: ignore[union-attr]
            if legal is not None:
                ok = (
                    type(seat) is int
                    and seat == legal.seat
                    and (kind is Check) == legal.can_check
                )
            else:
                ok = (
                    self.phase is _BETTING_PH
                    and type(seat) is int
                    and seat == self.to_act
                    and (kind is Check) == (self.committed[seat] >= self.current_bet)
                )
            if ok:
                self._legal = None
                self.events.append(action)
                current = self.current_bet
                if kind is Call:
                    stacks, committed = self.stacks, self.committed
                    chips = current - committed[seat]
                    if chips >= stacks[seat]:
                        chips = stacks[seat]
                        self.all_in[seat] = True
                        self._able -= 1
                    stacks[seat] -= chips
                    committed[seat] += chips
                    self.contributed[seat] += chips
                self._acted_at[seat] = current
                self._next_to_act(seat + 1)
                return
        if kind is Fold:
            # A fold needs only the seat in turn and, where this table
            # refuses a fold that could check, a bet to face (R-BET-1): the
            # legal actions' can_fold, without computing the rest of them.
            seat = action.seat  # type: ignore[union-attr]
            legal = self._legal
            if legal is not None:
                ok = type(seat) is int and seat == legal.seat and legal.can_fold
            else:
                ok = (
                    self.phase is _BETTING_PH
                    and type(seat) is int
                    and seat == self.to_act
                    and (self._fold_free or self.committed[seat] < self.current_bet)
                )
            if not ok:
                self.check_action(action)
                raise StateError(f"{action} is not allowed now")  # not reached
            self._legal = None
            self.events.append(action)
            folded = self.folded
            folded[seat] = True
            self._able -= 1
            self._acted_at[seat] = self.current_bet
            if folded.count(False) == 1:
                self._end_street()
            else:
                self._next_to_act(seat + 1)
            return
        if kind in _BETTING_KINDS:
            # Bets, raises and folds are checked inline against the cached
            # legal actions too; anything doubtful goes through the full
            # check, which raises with the reason (the two agree by
            # construction).
            legal = self._legal
            if legal is None and self.phase is _BETTING_PH:
                legal = self._legal = compute_legal(self)
            seat = action.seat  # type: ignore[union-attr]
            if legal is None or type(seat) is not int or seat != legal.seat:
                ok = False
            elif kind is Fold:
                ok = legal.can_fold
            elif kind is Check:
                ok = legal.can_check
            elif kind is Call:
                ok = not legal.can_check
            else:
                to = action.to  # type: ignore[union-attr]
                low, high = legal.min_raise_to, legal.max_raise_to
                ok = (
                    type(to) is int
                    and low is not None
                    and high is not None
                    and low <= to <= high
                    and (kind is Bet) == legal.is_bet
                )
            if not ok:
                self.check_action(action)
                raise StateError(f"{action} is not allowed now")  # not reached
            self._legal = None
            self.events.append(action)
            self._do_betting(action)  # type: ignore[arg-type]
            return
        if kind is DealHole:
            seat, cards = action.seat, action.cards  # type: ignore[union-attr]
            seen = self._seen
            if (
                self.to_act == DEALER
                and type(seat) is int
                and seat == self._dealt < self.seats
            ):
                if cards is None:
                    # a replayed record's unknown hand: nothing to check
                    fast = True
                elif (
                    type(cards) is tuple
                    and len(cards) == 2
                    and type(cards[0]) is Card
                    and type(cards[1]) is Card
                    and (a := cards[0].code) not in seen
                    and (b := cards[1].code) not in seen
                    and a != b
                    and a < 52
                    and b < 52
                ):
                    fast = True
                    seen.add(a)
                    seen.add(b)
                else:
                    fast = False
                if fast:  # the common deal, checked inline
                    self.events.append(action)
                    self.hole_cards[seat] = cards
                    self.needs_new_deck = False
                    self._dealt = seat + 1
                    if seat + 1 == self.seats and not self._exposed:
                        self._start_preflop()
                    return
            self.check_action(action)
            self.events.append(action)
            self._do_deal_hole(action)  # type: ignore[arg-type]
            return
        if kind is DealBoard and self._deal_board_fast(action):  # type: ignore[arg-type]
            return
        if (
            kind is Show
            and self.phase is _SHOWDOWN
            and type(action.seat) is int  # type: ignore[union-attr]
            and action.seat == self.to_act  # type: ignore[union-attr]
            and action.cards is None  # type: ignore[union-attr]
            and self.hole_cards[action.seat] is not None  # type: ignore[union-attr]
        ):
            # the common showdown step: the seat in turn shows what it holds
            self.events.append(action)
            self.shown[action.seat] = True  # type: ignore[union-attr]
            self._next_to_show()
            return
        self.check_action(action)
        self._legal = None
        self.events.append(action)
        if kind is DealHole:
            self._do_deal_hole(action)  # type: ignore[arg-type]
        elif kind is DealBoard:
            self._do_deal_board(action)  # type: ignore[arg-type]
        elif kind is Show or kind is Muck:
            self._do_show_or_muck(action)  # type: ignore[arg-type]
        elif kind is ExposeCard:
            self._do_expose(action)  # type: ignore[arg-type]
        elif kind is ReplaceExposed:
            self._do_replace(action)  # type: ignore[arg-type]
        else:
            self._do_betting(action)  # type: ignore[arg-type]

    def _deal_holes(self, cards: tuple[Card, ...]) -> bool:
        """Deal every seat's hole cards at once if plainly legal (run_dealer).

        ``cards`` are the next ``2 x seats`` cards of a ``Deck`` (all Cards,
        none twice), in the order of the deal: seat 0 gets the first and the
        ``n+1``-th (R-DEAL-1). Appends one ``DealHole`` per seat. Returns
        False, changing nothing, when anything is unusual (a deal under way,
        a card seen, a joker): the caller then applies the steps one by one,
        through the full check (R-DEAL-1, R-DECK-1).
        """
        n = self.seats
        if self.to_act != DEALER or self._dealt or self._seen or len(cards) != 2 * n:
            return False
        codes = set(map(_code, cards))
        if len(codes) != 2 * n or max(codes) >= 52:
            return False
        events, hole_cards = self.events, self.hole_cards
        for seat in range(n):
            pair = (cards[seat], cards[seat + n])
            step = _new_object(DealHole)  # the fields are checked above
            _set_deal_seat(step, seat)
            _set_deal_cards(step, pair)
            events.append(step)
            hole_cards[seat] = pair
        self._seen = codes
        self._dealt = n
        self.needs_new_deck = False
        self._start_preflop()
        return True

    def _deal_board_fast(self, action: DealBoard) -> bool:
        """Deal the usual street (a burn, if given, and new cards) if plainly legal.

        Returns False, changing nothing, to leave anything else to the full
        check (R-DEAL-2, R-DEAL-3, R-DECK-1, R-MISDEAL-2).
        """
        cards, burn = action.cards, action.burn
        if (
            self.to_act != DEALER
            or self._dealt != self.seats
            or len(cards) != (1 if self.board else 3)
        ):
            return False
        codes = {card.code for card in cards}
        if burn is not None:
            codes.add(burn.code)
        if len(codes) != len(cards) + (burn is not None):
            return False
        return self._deal_street(action)

    def _deal_street(self, action: DealBoard) -> bool:
        """Deal ``action``'s street if no card in it was seen (run_dealer).

        The caller vouches for the shape: the dealer is to act with every
        hole card dealt, and ``action`` holds the street's number of cards
        and its burn, if any (a replayed record may not know it), all
        different. Returns False, changing nothing, for a card seen or a
        joker, an exposed card, a void deal or a burn before a flop whose
        burn was the exposed hole card: the full check then says what is
        wrong (R-DEAL-2, R-DECK-1, R-MISDEAL-2).
        """
        board = self.board
        if self._exposed or self.needs_new_deck or len(board) >= 5:
            return False
        seen = self._seen
        burn = action.burn
        if burn is not None:
            if not board and self.burns:
                return False  # R-MISDEAL-2: the burn before the flop is dealt
            b = burn.code
            if b >= 52 or b in seen:
                return False
        for card in action.cards:
            if card.code >= 52 or card.code in seen:
                return False
        self._legal = None
        self.events.append(action)
        self._do_deal_board(action)
        return True

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
        committed = self.committed
        # nothing is uncalled when two seats match the street's bet (no seat
        # has more in); otherwise find the bet that nobody matched
        seat, chips = (
            (0, 0) if committed.count(self.current_bet) > 1 else uncalled_bet(committed)
        )
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

    def _award(self) -> None:
        """Move the chips of every pot to its winners (R-POT-2, R-POT-3)."""
        stacks, events = self.stacks, self.events
        for award in showdown.award(self):
            for seat, chips in award.shares:
                stacks[seat] += chips
            events.append(award)
        self.phase = _COMPLETE
        self.to_act = None

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

    def _start_preflop(self) -> None:
        # R-BET-2, R-STRADDLE-1: the player left of the last blind or straddle
        # acts first; with no blinds, the button's left.
        self._next_to_act(self._first)

    def _do_deal_board(self, action: DealBoard) -> None:
        seen = self._seen
        if action.burn is not None:
            self.burns.append(action.burn)
            seen.add(action.burn.code)
        self.board.extend(action.cards)
        seen.update(map(_code, action.cards))
        self.street = _STREETS[self.street + 1]
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
                self._start_showdown()
            return
        self._next_to_act(0)  # R-BET-3: first active seat left of the button

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

    # ------------------------------------------------------------ utilities

    def copy(self) -> HandState:
        """An independent copy (for search, undo and what-ifs)."""
        other = HandState.__new__(HandState)
        for name in _SHARED_SLOTS:
            setattr(other, name, getattr(self, name))
        for name in _LIST_SLOTS:
            setattr(other, name, getattr(self, name).copy())
        return other

    @classmethod
    def replay(
        cls,
        config: GameConfig,
        stacks: Sequence[int],
        actions: Iterable[Event],
        forced: ForcedBets | None = None,
    ) -> HandState:
        """Rebuild a hand by applying the actions of an event log in order.

        The dealer's own events in ``actions`` (posts, returns, awards) are
        skipped: the engine makes them again, so ``replay(..., h.events)``
        gives a hand whose ``events`` equal ``h.events``.

        Raises:
            The errors of ``apply`` for the first action that is not legal.
        """
        state = cls(config, stacks, forced)
        apply = state.apply
        for action in actions:
            kind = type(action)
            if kind in _AUTO_KINDS or (
                kind not in _ACTION_KINDS and isinstance(action, _AUTO_EVENTS)
            ):
                continue
            apply(action)  # type: ignore[arg-type]  # not a dealer's event
        return state

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may see: others' hole cards hidden until shown.

        Pass ``None`` for a spectator (R-HISTORY-1).

        Raises:
            InvalidInputError: for a seat that is not at this hand.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.seats):
            raise InvalidInputError(
                f"no seat {short_repr(seat)} at this hand: {seat_range(self.seats)}"
            )
        return view_of(self, seat, self._legal_of(seat), self.pots)

    def hand_history(self, seat: int) -> SeatView:
        """The finished hand's history as ``seat``, a player dealt in, may see it.

        Shows every hand that reached the showdown, mucked ones included;
        hands folded before the showdown and the burn cards stay hidden
        (R-HISTORY-1). During the hand use ``view``, which shows only the
        seat's own cards and hands turned face up.

        Raises:
            InvalidInputError: for a seat that is not at this hand (or None).
            StateError: while the hand is not complete.
        """
        if type(seat) is not int or not 0 <= seat < self.seats:
            raise InvalidInputError(
                f"the hand history is for a player dealt in: {seat_range(self.seats)},"
                f" got {short_repr(seat)} [R-HISTORY-1]"
            )
        if self.phase is not _COMPLETE:
            raise StateError(
                "the hand history is given after the hand; until then a player"
                " sees only its own hole cards (use view) [R-HISTORY-1]",
                rule="R-HISTORY-1",
            )
        return view_of(self, seat, None, self.pots, with_mucked=True)

    def _legal_of(self, seat: int | None) -> LegalActions | None:
        if self.phase is _BETTING_PH and seat is not None and self.to_act == seat:
            return self.legal_actions()
        return None

    def __repr__(self) -> str:
        return (
            f"<HandState {self.phase} street={self.street.name} to_act={self.to_act}"
            f" stacks={self.stacks} pot={self.total_pot}>"
        )


# slots holding lists or sets are copied; the others are immutable values
_LIST_SLOTS = (
    "_acted_at", "_ante_reach", "_antes", "_exposed", "_seen", "all_in", "board",
    "burns", "committed", "contributed", "events", "folded", "hole_cards",
    "mucked", "shown", "stacks",
)  # fmt: skip
_SHARED_SLOTS = tuple(n for n in Hand.__slots__ if n not in _LIST_SLOTS)
_Posts = tuple[tuple[int, int], ...] | None
_FORCED: dict[
    int,
    tuple[GameConfig, ForcedBets, int, _Posts, int, forced_bets.AntePlan | None],
] = {}
"""Per number of seats, the last config's forced bets, first seat to act
pre-flop (R-BET-2), blinds to post (``blind_posts``), largest blind and,
with antes or dead blinds, their ``ante_plan``; one entry per size, so it
stays small."""
_GIVEN: dict[int, tuple[ForcedBets, int, _Posts, int, forced_bets.AntePlan | None]] = {}
"""The same for forced bets given to ``HandState``, by the value's id (each
entry holds its value, so no other object can take that id meanwhile)."""
_GIVEN_SIZE = 64
_BETTING_KINDS = frozenset((Fold, Check, Call, Bet, Raise))
_SEATED = frozenset((Fold, Check, Call, Bet, Raise, Show, Muck, DealHole))


_AUTO_EVENTS = (
    PostAnte, PostBlind, PostDead, ReturnUncalled, ShowAllIn, Misdeal, AwardPot
)  # fmt: skip
_AUTO_KINDS = frozenset(_AUTO_EVENTS)
_ACTION_KINDS = _BETTING_KINDS | {Show, Muck, DealHole, DealBoard, ExposeCard}
_ACTION_KINDS |= {ReplaceExposed}
