"""A hand running at a table: the players' decisions before the deal, then play.

``TableHand`` asks every decision through one protocol: ``decision`` names
the seat and what it is asked, ``apply`` takes the answer. First the players'
own choices before the deal (post or wait, R-TABLE-5, R-TABLE-6; straddle,
R-STRADDLE-1), then the engine's betting and showdown decisions. Seats are
the table's throughout; the hand maps them onto the engine's hand seats.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from holdem.cards import Deck
from holdem.engine import (
    HandState,
    LegalActions,
    Phase,
    SeatView,
    run_dealer,
)
from holdem.engine.view import SeatViews
from holdem.errors import (
    HoldemError,
    IllegalActionError,
    InvalidInputError,
    NotYourTurnError,
    StateError,
    TableError,
)
from holdem.rules.actions import (
    DEALER,
    Bet,
    Call,
    Check,
    ExposeCard,
    Fold,
    Muck,
    Raise,
    RunIt,
    Show,
)
from holdem.rules.config import ForcedBets, GameConfig
from holdem.table.autoplay import MUCKS, play_dealt, speak_cards
from holdem.table.config import StraddlePolicy, TableConfig
from holdem.table.decisions import (
    ChooseRuns,
    Decision,
    DecisionKind,
    DeclineStraddle,
    PostToPlay,
    Straddle,
    TableAction,
    TableView,
    WaitForBigBlind,
    reads_hand,
    showdown_decision,
    with_seat,
)
from holdem.table.hand_fields import HandStage
from holdem.table.memo import HandMemo
from holdem.table.record import HandRecord, hand_record
from holdem.table.seating import (
    BlindPlan,
    Entry,
)
from holdem.table.setup import deal, next_straddle_seat, settle_seats, straddle_size

if TYPE_CHECKING:
    from holdem.table.bots import Bot

__all__ = ["HandStage", "TableHand"]

_PLAYER_ACTIONS = (Fold, Check, Call, Bet, Raise, Show, Muck)
_BETTING, _COMPLETE = Phase.BETTING, Phase.COMPLETE
_NO_STRADDLE = StraddlePolicy.NONE
_BET, _SHOWDOWN = DecisionKind.BET, DecisionKind.SHOWDOWN
_new_legal = tuple.__new__
_BURNS_AND_BOARD = 8  # a burn before each street and five board cards
_SEAT_NUMBER = re.compile(r"\b(?:engine )?(seat |seat=)(\d+)\b")


# enum members bound once: reading one off its class takes a lookup
# through the enum's metaclass, and the hot paths compare against these
_PRE_DEAL, _PLAYING, _HAND_COMPLETE = tuple(HandStage)


class TableHand:
    """One hand at a table, from the players' choices before the deal to the award.

    Made by ``Table.start_hand``; not built directly.

    Attributes:
        number: the table's count of hands, 1 for the first.
        stage: pre-deal, playing or complete.
        button: the button's table seat (R-TABLE-4: possibly a dead button).
        big_blind: the big blind's table seat.
        small_blind: the small blind's table seat, or ``None`` when dead.
        seats: table seat of each hand seat, once dealt (``()`` before).
        state: the engine's hand (hand seats) once dealt; the table's owner
            may read it, players see only ``view(seat)``.
        record: the finished hand, once complete.
    """

    def __init__(
        self,
        *,
        number: int,
        config: TableConfig,
        game: GameConfig,
        plan: BlindPlan,
        players: Mapping[int, tuple[str, int]],
        eligible: Mapping[int, Entry],
        rng: random.Random,
        level: int | None,
        on_deal: Callable[[TableHand, BlindPlan], None],
        on_complete: Callable[[TableHand], None],
        memo: HandMemo | None = None,
        asks_to_muck: frozenset[int] = frozenset(),
    ) -> None:
        self.number = number
        self._config = config
        self._game = game
        self._plan = plan
        self._first_plan = plan  # the table's plan, before the seats settle
        # the table makes both afresh for each hand: no copy needed
        self._players = players if type(players) is dict else dict(players)
        self._eligible = eligible if type(eligible) is dict else dict(eligible)
        self._rng = rng
        self._level = level
        self._on_deal = on_deal
        self._on_complete = on_complete
        self.stage = _PRE_DEAL
        self.button = plan.positions.button
        self.big_blind = plan.positions.big_blind
        self.small_blind = plan.small_blind
        self.seats: tuple[int, ...] = ()
        self.state: HandState | None = None
        self.record: HandRecord | None = None
        self._asks = list(plan.ask)
        # seat -> (live, dead) chips it posts to be dealt in
        self._posted: dict[int, tuple[int, int]] = {}
        self._straddles: list[int] = []
        self._straddle_offer: int | None = None
        self._deck: Deck | None = None
        self._deck_size = 0  # cards drawn into the deck (Deck.top, extend)
        self._hand_seat: dict[int, int] = {}
        self._decision: Decision | None = None
        self._decision_at = -1  # len(state.events) when _decision was found
        self._views: SeatViews | None = None  # the seats' views, once asked
        self._memo = memo if memo is not None else HandMemo()
        # seats whose players turned "muck losing hands" off: asked to show
        # or muck a beaten hand; the others' beaten hands are mucked (R-SHOW-2)
        self._asks_to_muck = asks_to_muck
        # R-RIT-1: table seats still to say how many runs, and their answers
        self._run_asks: list[int] | None = None
        self._run_answers: list[int] = []
        if not plan.ask and config.straddle is _NO_STRADDLE:
            # nothing to ask before the deal: a plan seen before (the same
            # value, hand after hand) is dealt as it was set up then
            setup = self._memo.setups.get(id(plan))
            if setup is not None and setup[0] is plan and setup[1] is game:
                (
                    _,
                    _,
                    self._plan,
                    self.button,
                    self.small_blind,
                    self.seats,
                    self._hand_seat,
                    forced,
                ) = setup
                self._deal_with(forced)
                return
        self._advance()

    # ---------------------------------------------------------------- queries

    @property
    def is_complete(self) -> bool:
        """The pots have been awarded and the table updated."""
        return self.stage is _HAND_COMPLETE

    @property
    def posted(self) -> tuple[int, ...]:
        """Seats that chose to post to be dealt in (R-TABLE-5, R-TABLE-6)."""
        return tuple(self._posted)

    @property
    def straddles(self) -> tuple[int, ...]:
        """Seats that straddled, in order (R-STRADDLE-1)."""
        return tuple(self._straddles)

    @property
    def decision(self) -> Decision | None:
        """The decision the hand waits for, or ``None`` when complete."""
        if self.stage is _PRE_DEAL:
            if self._asks:
                seat, kind = self._asks[0]
                live, dead = self._game.big_blind, 0
                if kind is DecisionKind.POST_ALL_OR_WAIT:
                    # R-TABLE-6: the missed small blind dead, with the
                    # missed big blind live unless only the small was missed
                    dead = self._game.small_blind
                    if self._eligible.get(seat) is Entry.MISSED_SMALL:
                        live = 0
                return Decision(seat, kind, live=live, dead=dead)
            assert self._straddle_offer is not None  # invariant of PRE_DEAL
            return Decision(
                self._straddle_offer, DecisionKind.STRADDLE, live=self._straddle_size()
            )
        state = self.state
        if state is None:
            return None
        # Every change of the engine's hand appends to its log: the decision
        # is worked out once per event, not on each ask (play, view, apply).
        at = len(state.events)
        if at == self._decision_at:
            return self._decision
        decision = self._current_decision(state)
        self._decision, self._decision_at = decision, at
        return decision

    def _current_decision(self, state: HandState) -> Decision | None:
        to_act = state.to_act
        if to_act is None or to_act < 0:
            asks = self._run_asks
            if asks and to_act == DEALER:
                # R-RIT-1: each player left says how many runs
                return Decision(asks[0], DecisionKind.RUNS, runs=self._game.max_runs)
            return None
        seat = self.seats[to_act]
        if state.phase is _BETTING:
            legal = state.legal_actions()
            if legal.seat != seat:
                legal = _new_legal(LegalActions, (seat, *legal[1:]))
            return Decision(seat, _BET, legal)
        # R-SHOW-2: the engine says whether this seat may decline to show
        return showdown_decision(seat, state.is_legal(MUCKS[to_act]))

    @property
    def to_act(self) -> int | None:
        """The table seat asked now, or ``None`` when complete."""
        decision = self.decision
        return None if decision is None else decision.seat

    def view(self, seat: int) -> TableView:
        """What table seat ``seat`` may know now: never others' hole cards.

        Raises:
            TableError: if nobody is seated at ``seat`` in this hand.
        """
        if seat not in self._players:
            raise TableError(
                f"seat {seat!r} has no player in hand {self.number}; players:"
                f" {sorted(self._players)}"
            )
        return self._view(seat, self.decision)

    # --------------------------------------------------------------- commands

    def apply(self, action: TableAction) -> None:
        """Carry out the answer of the seat asked now.

        Pre-deal answers are ``PostToPlay``/``WaitForBigBlind`` and
        ``Straddle``/``DeclineStraddle``; then the engine's actions with the
        table seat.

        Raises:
            NotYourTurnError: an answer from another seat, or of another kind
                than asked.
            IllegalActionError, StateError, InvalidInputError: the engine's
                refusals, naming the table seat; nothing changes.
        """
        self._apply(self.decision, action)

    def _apply(self, decision: Decision | None, action: TableAction) -> None:
        """``apply`` with the decision open now (``self.decision``)."""
        if decision is None:
            raise StateError(f"hand {self.number} is complete: no decision is open")
        seat = getattr(action, "seat", None)
        if seat != decision.seat:
            raise NotYourTurnError(
                f"{action} is out of turn: seat {decision.seat} is asked"
                f" ({decision.kind})",
                legal=decision,
            )
        if self.stage is _PRE_DEAL:
            self._apply_pre_deal(decision, action)
            return
        if decision.kind is DecisionKind.RUNS:
            self._apply_runs(decision, action)
            return
        state = self.state
        assert state is not None and self._deck is not None
        hand_seat = self._hand_seat[decision.seat]
        if not isinstance(action, _PLAYER_ACTIONS):
            raise NotYourTurnError(
                f"{action!r} answers nothing now: seat {decision.seat} is asked to"
                f" {'bet' if decision.kind is DecisionKind.BET else 'show or muck'}"
                f" ({decision.legal or 'show or muck'})",
                legal=decision.legal,
            )
        try:
            state.apply(with_seat(action, hand_seat))
        except IllegalActionError as error:
            legal = error.legal
            if hasattr(legal, "_replace"):
                legal = legal._replace(seat=decision.seat)
            raise type(error)(
                self._table_seats_in(str(error)), legal=legal, rule=error.rule
            ) from None
        except HoldemError as error:
            raise type(error)(
                self._table_seats_in(str(error)), rule=error.rule
            ) from None
        self._continue()

    def _apply_runs(self, decision: Decision, action: TableAction) -> None:
        """Take a player's number of runs; run the board once all have said."""
        runs = getattr(action, "runs", None)
        if type(action) is not ChooseRuns or type(runs) is not int:
            raise NotYourTurnError(
                f"{action!r} does not answer how many times to run the board:"
                f" answer ChooseRuns({decision.seat}, 1..{decision.runs}) [R-RIT-1]",
                legal=decision,
                rule="R-RIT-1",
            )
        if not 1 <= runs <= decision.runs:
            raise IllegalActionError(
                f"seat {decision.seat} cannot run the board {runs} times: the"
                f" house runs it 1 to {decision.runs} times [R-RIT-1]",
                legal=decision,
                rule="R-RIT-1",
            )
        assert self._run_asks is not None  # a RUNS decision is open
        self._run_asks.pop(0)
        self._run_answers.append(runs)
        self._decision_at = -1  # no event yet: the next seat is asked
        self._continue()

    def _runs_pending(self, state: HandState) -> bool:
        """Whether the players left still choose the runs (R-RIT-1).

        When no betting can follow and the house allows more runs, every
        player left in the hand is asked in turn from the button's left;
        once all have answered the board is run as many times as all chose,
        or once if they differ.
        """
        if not state.runs_open:
            return False
        asks = self._run_asks
        if asks is None:
            seats = self.seats
            asks = self._run_asks = [seats[s] for s in state.in_hand()]
        if asks:
            return True
        answers = self._run_answers
        agreed = answers[0] if len(set(answers)) == 1 else 1
        state.apply(RunIt(agreed))
        return False

    def _table_seats_in(self, message: str) -> str:
        """An engine message with its hand seats ("seat 1") as table seats."""
        seats = self.seats

        def table_seat(match: re.Match[str]) -> str:
            number = int(match.group(2))
            if number < len(seats):
                return f"{match.group(1)}{seats[number]}"
            return match.group(0)

        return _SEAT_NUMBER.sub(table_seat, message)

    def report_exposed(self, *indexes: int) -> None:
        """The live dealer reports cards of the deal exposed (1-based indexes).

        Report together the cards exposed during one deal. The first or
        second card, or two exposed cards, make a misdeal: the table gathers
        the cards, reshuffles with its RNG and deals again with the same
        button and forced bets (R-MISDEAL-1, R-MISDEAL-3); one other card is
        replaced after the deal (R-MISDEAL-2).

        Raises:
            StateError: before the deal or after a player has acted.
            InvalidInputError: for a card not dealt, or no index.
        """
        state = self.state
        if state is None or self._deck is None:
            raise StateError(
                f"hand {self.number} has not been dealt yet: no card to expose"
                " [R-MISDEAL-1]",
                rule="R-MISDEAL-1",
            )
        if not indexes:
            raise InvalidInputError("name the exposed cards: report_exposed(3, 7)")
        misdeals = state.misdeals
        for index in indexes:
            state.apply(ExposeCard(index))
            if state.misdeals > misdeals:
                self._deck = self._new_deck()
                break
        else:
            # R-MISDEAL-2: the exposed card is replaced by the next card of
            # the deck, one more than the deal drew for: the next card of the
            # same shuffle, drawn now
            jokers = self._game.jokers
            if self._deck_size < 52 + jokers:
                self._deck.extend(self._rng, 1, jokers=jokers)
                self._deck_size += 1
        self._continue()

    def play(self, bots: Mapping[int, Bot]) -> HandRecord:
        """Let ``bots`` (by table seat) make every decision left; the record.

        Raises:
            TableError: a decision for a seat with no bot.
            IllegalActionError: a bot's illegal answer (the hand stays open).
        """
        while True:
            if self.stage is _PLAYING:
                # the engine's decisions, asked in one loop (no Decision
                # needed to start it: the loop finds whose turn it is)
                play_dealt(self, bots)
                if self.stage is not _PLAYING:
                    continue
                # the dealer waits for the runs (R-RIT-1): asked below
            decision = self.decision
            if decision is None:
                break
            bot = bots.get(decision.seat)
            if bot is None:
                raise TableError(f"no bot plays seat {decision.seat}")
            view = self._view(decision.seat, decision, with_hand=reads_hand(bot))
            self._apply(decision, bot.decide(view))
        assert self.record is not None
        return self.record

    # ---------------------------------------------------------------- private

    def _view(
        self, seat: int, decision: Decision | None, *, with_hand: bool = True
    ) -> TableView:
        """``view`` of a seated ``seat`` with the decision open now.

        Without ``with_hand``, the engine's view is left out (``hand`` is
        ``None``): for bots that decide from the decision alone.
        """
        hand_seat = self._hand_seat.get(seat)
        state = self.state
        hand: SeatView | None = None
        if state is not None and hand_seat is not None:
            stack = state.stacks[hand_seat]
            if with_hand:
                legal = (
                    state.legal_actions()
                    if state.to_act == hand_seat and state.phase is _BETTING
                    else None
                )
                hand = self._seat_views(state).view(hand_seat, legal)
        else:
            stack = self._players[seat][1]
        return TableView(
            seat,
            self.number,
            self.button,
            self.big_blind,
            stack,
            decision if decision is not None and decision.seat == seat else None,
            self.seats,
            hand_seat,
            hand,
        )

    def _seat_views(self, state: HandState) -> SeatViews:
        """The seats' views of the dealt hand, made when first asked for."""
        views = self._views
        if views is None:
            views = self._views = SeatViews(state, lambda: state.pots)
        return views

    def _apply_pre_deal(self, decision: Decision, action: TableAction) -> None:
        kind = decision.kind
        if kind is DecisionKind.STRADDLE:
            if type(action) is Straddle:
                self._straddles.append(decision.seat)
            elif type(action) is not DeclineStraddle:
                raise NotYourTurnError(
                    f"{action!r} does not answer a straddle offer: answer"
                    f" Straddle({decision.seat}) or DeclineStraddle({decision.seat})"
                    " [R-STRADDLE-1]",
                    legal=decision,
                    rule="R-STRADDLE-1",
                )
            else:
                self._straddle_offer = None
                self._deal()
                return
        else:
            if type(action) is PostToPlay:
                self._posted[decision.seat] = (decision.live, decision.dead)
            elif type(action) is not WaitForBigBlind:
                rule = "R-TABLE-5" if kind is DecisionKind.POST_OR_WAIT else "R-TABLE-6"
                raise NotYourTurnError(
                    f"{action!r} does not answer '{kind}': answer"
                    f" PostToPlay({decision.seat}) or WaitForBigBlind({decision.seat})"
                    f" [{rule}]",
                    legal=decision,
                    rule=rule,
                )
            self._asks.pop(0)
        self._advance()

    def _advance(self) -> None:
        """Ask the next pre-deal decision, or deal."""
        if self._asks:
            return
        if not self.seats:
            self._settle_seats()
        offer = self._next_straddle_seat()
        if offer is None:
            self._deal()
        else:
            self._straddle_offer = offer

    # set-up before the deal (setup.py): who is dealt in, straddle offers,
    # the forced bets
    _settle_seats = settle_seats
    _straddle_size = straddle_size
    _next_straddle_seat = next_straddle_seat
    _deal = deal

    def _deal_with(self, forced: ForcedBets) -> None:
        """Deal the hand, seats settled, with ``forced`` bets (hand seats)."""
        players = self._players
        stacks = [players[seat][1] for seat in self.seats]
        self._deck = self._new_deck()
        self.state = HandState(self._game, stacks, forced)
        self.stage = _PLAYING
        self._on_deal(self, self._plan)
        self._continue()

    def _new_deck(self) -> Deck:
        # R-DEAL-4: the table's RNG orders every deck, a redeal's too; only
        # the cards the hand can use are drawn: two per seat, three burns and
        # five board cards (R-DEAL-1..3; report_exposed draws the cards that
        # replace exposed ones, R-MISDEAL-2)
        jokers = self._game.jokers
        count = self._deck_size = min(
            52 + jokers, 2 * len(self.seats) + _BURNS_AND_BOARD
        )
        return Deck.top(self._rng, count, jokers=jokers)

    def _continue(self) -> None:
        state = self.state
        assert state is not None and self._deck is not None
        if state.to_act == DEALER:
            if self._runs_pending(state):
                return  # the players left choose the runs first (R-RIT-1)
            if state.runs > 1:
                self._draw_for_runs(state.runs)
            run_dealer(state, self._deck)
        speak_cards(state, self.seats, self._asks_to_muck)  # R-SHOW-4
        if state.is_complete:
            self._finish(state)

    def _draw_for_runs(self, runs: int) -> None:
        """Draw the cards the later runs need from the same shuffle (R-RIT-1)."""
        assert self._deck is not None
        jokers = self._game.jokers
        need = min(52 + jokers, 2 * len(self.seats) + runs * _BURNS_AND_BOARD)
        more = need - self._deck_size
        if more > 0:
            self._deck.extend(self._rng, more, jokers=jokers)
            self._deck_size += more

    def _finish(self, state: HandState) -> None:
        self.record = hand_record(self, state)
        self.stage = _HAND_COMPLETE
        self._on_complete(self)
