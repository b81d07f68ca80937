"""Deal an online room's hand through the engine and compare with what it printed.

The hand's players (those who posted, acted or collected) become the engine's
seats clockwise from the button's left, the button last; heads-up the small
blind's poster is the button (R-TABLE-2). Posts become forced bets
(``holdem.history.online.forced``); a tournament hand that prints no ante
but whose pots prove one equal ante of every player dealt in is dealt with
those antes (``holdem.history.online.antes``, R-ANTE-1), and so is one the
engine cannot deal as printed whose pots fit such an ante and that agrees
once dealt with it; its result says so (the message of a hand that agrees,
too). Every known hand (the hero's,
shown, mucked face up) is dealt with its cards, the others unknown; boards are
dealt as the text reaches each street; at the showdown every known hand is
shown and every unknown one mucked (cards speak, R-SHOW-4), except an unknown
hand the engine makes show first (R-SHOW-2) that the site pays nothing: it
turns up the weakest cards nobody holds.

A fold printed out of turn (PokerStars records a player who folds before his
turn) is applied when the player's turn comes.

A board run more than once after an all-in (``OnlineHand.runs``) is dealt by
the engine (R-RIT-1): the cards the runs share, then ``RunIt`` with the
number of runs and each run's own cards in turn; the engine splits each pot
between the runs and awards each share on its own run.

Then the engine's results are checked against the text:

- every "uncalled bet returned" line against the engine's returns (R-BET-7),
  same player and chips;
- each call's chips against the engine's call amount;
- the pot: what the engine awards in all equals the printed total pot (less
  any chips the site added, such as PokerStars' STP);
- the rake: the site takes it from the pot before paying, and does not say
  from which pot, so the check is per winner ``collected <= awarded`` and in
  all ``awarded + added - collected == rake``; with no rake and nothing
  added, each player's collected chips must equal the engine's award exactly.

Outcomes: ``agrees``, ``differs`` (with the reason: our rules refuse or
decide otherwise; the site's printed result is inconsistent with itself; the
record is malformed; or the hand needs a feature the engine does not deal,
such as pot-limit pre-flop and no-limit after), ``unreadable`` (cannot be
parsed) and
``not hold'em`` (another game, counted and skipped).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from holdem.cards import Card
from holdem.engine.events import AwardPot, Phase, ReturnUncalled
from holdem.engine.hand import live_board
from holdem.engine.state import MAX_SEATS, HandState
from holdem.errors import IllegalActionError, InvalidInputError, StateError
from holdem.history.online.antes import fitting_ante, proven_ante, with_antes
from holdem.history.online.compare import (
    record_defect,
    site_inconsistency,
)
from holdem.history.online.forced import NotDealt, build_hand
from holdem.history.online.forfeits import (
    against_forfeits,
    forfeits_of,
    unknown_must_show,
)
from holdem.history.online.model import (
    ActionKind,
    OnlineAction,
    OnlineHand,
    OnlineSeat,
    PostKind,
    players_in,
)
from holdem.history.online.outcome import (
    Differs,
    OnlineReplay,
    Outcome,
    Reason,
    chips_text,
)
from holdem.history.online.refusal_text import (
    STREETS,
    closed_before,
    describe,
    line,
    named,
)
from holdem.history.online.result_check import (
    check_results,
    own_pots_back,
    runs_results,
    with_unprinted_calls,
)
from holdem.history.online.runs import final_stacks, shared_cards
from holdem.rules.actions import (
    Action,
    Bet,
    Call,
    Check,
    DealBoard,
    DealHole,
    Fold,
    Muck,
    Raise,
    RunIt,
    Show,
)
from holdem.rules.config import MAX_RUNS

__all__ = [
    "ANTES_INFERRED",
    "OnlineReplay",
    "Outcome",
    "Reason",
    "replay_online_hand",
    "replay_online_state",
]


ANTES_INFERRED = "antes inferred"
"""How a result's message begins when the replay dealt antes the file never
prints, which the pot proves (R-ANTE-1); a hand that agrees so has it as its
message, one that differs after it in brackets."""


def replay_online_hand(hand: OnlineHand) -> OnlineReplay:
    """Deal ``hand`` through the engine and compare with the printed results.

    Args:
        hand: a hand read by a site parser.

    Returns:
        The outcome, with the reason and a one-line message when it differs;
        a hand dealt with antes the pot proves (R-ANTE-1) says so in its
        message (``ANTES_INFERRED: ...``) also when it agrees.
    """
    return replay_online_state(hand)[0]


def replay_online_state(
    hand: OnlineHand,
) -> tuple[OnlineReplay, HandState | None, tuple[str, ...]]:
    """``replay_online_hand``, with the engine's finished hand when it agrees.

    Returns:
        ``(replay, state, names)``: ``state`` is the engine's hand after the
        showdown (``None`` unless the replay agrees) and ``names`` the players
        by engine seat (clockwise from the button's left; empty when ``state``
        is ``None``).
    """
    if not hand.is_holdem:
        return _result(hand, Outcome.NOT_HOLDEM, None, hand.game), None, ()
    if hand.structure is None:
        message = f"{hand.game}: our engine deals no-limit, pot-limit or fixed-limit"
        return _result(hand, Outcome.DIFFERS, Reason.NOT_SUPPORTED, message), None, ()
    if hand.unsupported:
        message = ", ".join(hand.unsupported)
        return _result(hand, Outcome.DIFFERS, Reason.NOT_SUPPORTED, message), None, ()
    # antes the file never prints, where the pot proves them (R-ANTE-1)
    ante = proven_ante(hand)
    replay = _replay(with_antes(hand, ante) if ante else hand)
    if replay[0].outcome is not _AGREES and not ante:
        # an ante the pot fits, where the hand as printed adds up too: taken
        # when the engine cannot deal the hand as printed and agrees with it
        ante = fitting_ante(hand)
        if ante and (fitted := _replay(with_antes(hand, ante)))[0].outcome is _AGREES:
            return fitted
    return replay


def _replay(
    hand: OnlineHand,
) -> tuple[OnlineReplay, HandState | None, tuple[str, ...]]:
    """``replay_online_state``'s deal of a hold'em hand, as given."""
    replayer: _Replayer | None = None
    try:
        replayer = _Replayer(hand)
        replayer.run()
    except Differs as differ:
        reason, message = differ.reason, str(differ)
        inconsistent = site_inconsistency(hand) if reason is Reason.OUR_RULES else ""
        if inconsistent:
            reason, message = Reason.SITE_RESULT, f"{message} ({inconsistent})"
        defect = record_defect(hand) if reason is Reason.OUR_RULES else ""
        if defect:
            reason, message = Reason.MALFORMED, f"{message} ({defect})"
        if hand.inferred_ante:
            message = f"{message} ({_inferred(hand)})"
        final: tuple[tuple[str, int], ...] = ()
        if replayer is not None and replayer.final_stacks:
            final = tuple(zip(replayer.names, replayer.final_stacks, strict=True))
        differs = OnlineReplay(
            hand.site,
            hand.source,
            hand.hand_id,
            hand.line,
            Outcome.DIFFERS,
            reason,
            message,
            hand,
            final,
        )
        return differs, None, ()
    note = _inferred(hand) if hand.inferred_ante else ""
    agrees = OnlineReplay(
        hand.site, hand.source, hand.hand_id, hand.line, _AGREES, None, note, hand
    )
    return agrees, replayer.state, replayer.names


def _inferred(hand: OnlineHand) -> str:
    """What the replay added to a hand whose antes the pot proves (R-ANTE-1)."""
    antes = [p for p in hand.posts if p.kind is PostKind.ANTE]
    short = ", ".join(
        f"{p.player} all-in for {chips_text(hand, p.chips)}"
        for p in antes
        if p.chips < hand.inferred_ante
    )
    return (
        f"{ANTES_INFERRED}: the file prints none, its pots hold an ante of"
        f" {chips_text(hand, hand.inferred_ante)} from each of the {len(antes)}"
        " players dealt in" + (f" ({short})" if short else "") + " [R-ANTE-1]"
    )


def _result(
    hand: OnlineHand, outcome: Outcome, reason: Reason | None, message: str
) -> OnlineReplay:
    return OnlineReplay(
        hand.site, hand.source, hand.hand_id, hand.line, outcome, reason, message, hand
    )


class _Replayer:
    __slots__ = (
        "after_preflop",
        "board",
        "final_stacks",
        "hand",
        "hidden",
        "implied",
        "index",
        "names",
        "stacks",
        "state",
        "virtual",
    )

    def __init__(self, hand: OnlineHand) -> None:
        self.hand = hand
        seats = _clockwise(hand, players_in(hand))
        if len(seats) < 2:
            raise Differs(Reason.MALFORMED, f"{len(seats)} player(s) in the hand")
        if len(seats) == 2:
            small = [p.player for p in hand.posts if p.kind is PostKind.SMALL_BLIND]
            if small and small[0] == seats[0].player:
                seats.reverse()  # heads-up the button posts the small blind
        self.names = names = tuple([s.player for s in seats])
        self.index = dict(zip(names, range(len(names)), strict=True))
        self.stacks = tuple([s.stack for s in seats])
        self.board = hand.board  # the board being dealt (one run's)
        self.final_stacks: tuple[int, ...] = ()
        self.implied: set[int] = set()  # seats whose pending fold is implied
        try:
            self.state, self.after_preflop = build_hand(hand, self.index, self.stacks)
        except NotDealt as error:
            raise Differs(error.reason, str(error)) from None
        # engine returns the site shows as a shorter call instead (not printed)
        self.hidden: Counter[tuple[str, int]] | None = None  # made when needed
        # returns the site prints for raises our engine takes as calls (R-BET-5)
        self.virtual: Counter[tuple[str, int]] | None = None

    # ------------------------------------------------------------ dealing

    def run(self) -> None:
        hand = self.hand
        known = dict(hand.hole_cards)
        forfeits = forfeits_of(hand)
        # a forfeiting hand is dealt face down: it never shows (R-SHOW-3)
        holes = [None if name in forfeits else known.get(name) for name in self.names]
        if not self.state._deal_each_seat(holes):  # unusual: one by one
            apply = self.state.apply
            for seat, cards in enumerate(holes):
                step = _FACE_DOWN[seat] if cards is None else DealHole(seat, cards)
                try:
                    apply(step)
                except _REFUSED:  # refused and unchanged: again, to say why
                    self._apply(step, "dealing the hole cards", Reason.MALFORMED)
        pending: list[int] = []
        state, index = self.state, self.index
        for action in hand.actions:
            if action.street != state.street:
                self._deal_to(action.street, action)
                state = self.state  # a new state when the structure changes
            if pending:
                self._fold_pending(pending)
            seat = index[action.player]
            kind = action.kind
            if state.to_act == seat and state.phase is _BETTING:
                # the common case, the seat in turn: a fold or a check that
                # is legal, or a call of what the engine owes, goes straight
                # to the engine (the seat in turn is neither folded nor all-in)
                # (the legal actions' can_check and call_amount, worked out
                # here: the engine's apply checks a check or call without them)
                if kind is _FOLD:
                    act: Action = _FOLDS[seat]
                elif kind is _CHECK:
                    if state.committed[seat] < state.current_bet:
                        self._act(seat, action)  # says why
                        continue
                    act = _CHECKS[seat]
                elif (
                    kind is _CALL
                    and (owed := state.current_bet - state.committed[seat]) > 0
                    and action.chips == min(owed, state.stacks[seat])
                ):
                    act = _CALLS[seat]
                else:
                    self._act(seat, action)
                    if pending:
                        self._fold_pending(pending)
                    continue
                try:
                    state.apply(act)
                except _REFUSED:  # refused and unchanged: again, to say why
                    self._apply(act, action)
                if pending:
                    self._fold_pending(pending)
                continue
            if kind is _FOLD:
                if state.all_in[seat] or state.folded[seat]:
                    # an all-in player cannot fold: he mucks at showdown; a
                    # second fold of a folded player changes nothing
                    continue
                if state.phase is _BETTING:  # not his turn (see above)
                    pending.append(seat)  # a fold out of turn waits its turn
                    if action.is_implied:
                        self.implied.add(seat)
                    continue
                if action.is_implied:
                    continue  # left with the betting over: nothing to fold
                if state.phase is _DEALING and not state.all_in[seat]:
                    raise Differs(
                        Reason.MALFORMED,
                        f"{line(action.line)}{action.player} folds after the"
                        " betting round closed: the record is impossible (R-BET-4)",
                    )
            elif kind is _CHECK and state.all_in[seat]:
                # Full Tilt prints checks of players all-in on their antes:
                # they have nothing to decide (R-BET-5), the check is no act
                continue
            self._act(seat, action)
            if pending:
                self._fold_pending(pending)
        pending = [seat for seat in pending if seat not in self.implied]
        if pending:
            names = ", ".join(self.names[s] for s in pending)
            message = f"the fold of {names} never came to act"
            waits = state.to_act
            if state.phase is _BETTING and waits is not None and waits >= 0:
                name = self.names[waits]
                if not any(
                    a.player == name and a.street == state.street for a in hand.actions
                ):
                    # the record skips the seat in turn before the fold
                    raise Differs(
                        Reason.MALFORMED,
                        f"{message}: the record prints no play of {name} on the"
                        f" {STREETS[state.street]}, whose turn comes first: a"
                        " line is missing (R-BET-2)",
                    )
            raise Differs(Reason.OUR_RULES, message)
        if hand.runs:
            self._run_each_board(hand.runs)
        self._finish(hand.runs[-1] if hand.runs else hand.board, forfeits)
        self._compare(self.state)

    def _run_each_board(self, runs: tuple[tuple[Card, ...], ...]) -> None:
        """Deal the board once per run after the all-in (R-RIT-1).

        The cards the runs share are dealt once; then the engine runs the rest
        of the board ``len(runs)`` times, each run's own cards in turn, and
        splits the pots between the runs at the showdown.
        """
        shared = shared_cards(runs)
        self.board = runs[0][:shared]
        while (state := self.state).phase is _DEALING and len(state.board) < shared:
            self._deal_next()
        count = len(runs)
        if state.phase is not _DEALING or not state.runout or count > MAX_RUNS:
            waits = (
                f"runs it at most {MAX_RUNS} times"
                if count > MAX_RUNS
                else f"waits for {self._to_act()}"
            )
            raise Differs(
                Reason.OUR_RULES,
                f"the site runs the board {count} times, but our engine {waits}",
            )
        if state.config.max_runs < count:
            # the site's house allows it: the same hand, under its option
            config = replace(state.config, max_runs=count)
            state = self.state = HandState.replay(
                config, state.starting_stacks, state.events, state.forced
            )
        self._apply(RunIt(count), f"running the board {count} times", Reason.OUR_RULES)
        for board in runs[:-1]:
            self.board = board
            run = len(state.run_boards)
            while (state := self.state).phase is _DEALING and len(
                state.run_boards
            ) == run:
                self._deal_next()

    def _finish(self, board: tuple[Card, ...], forfeits: frozenset[str]) -> None:
        """Deal the rest of ``board``, then the showdown, to the hand's end."""
        self.board = board
        while (state := self.state).phase is _DEALING and len(live_board(state)) < len(
            board
        ):
            self._deal_next()
        if (
            state.phase is _DEALING
            and sum(self.names[s] not in forfeits for s in state.in_hand()) == 1
        ):
            # the others folded while all-in: the site ends the hand there; we
            # run the board out with cards nobody holds and they muck
            self._deal_filler()
        while state.phase is _SHOWDOWN:
            shows = state.to_act
            assert shows is not None  # a seat is to show in this phase
            is_known = state.hole_cards[shows] is not None
            step: Action = _SHOWS[shows] if is_known else _MUCKS[shows]
            if is_known and self.names[shows] in self.hand.mucked:
                # a hand mucked at the showdown does not contend (R-SHOW-2),
                # unless it is the first to show and may not muck
                muck = Muck(shows)
                step = muck if state.is_legal(muck) else step
            if not is_known and forfeits:
                step = against_forfeits(state, self.names, shows, forfeits, step)
            elif not is_known and not state.is_legal(step):
                step = unknown_must_show(state, self.names[shows], self.hand, step)
            try:
                state.apply(step)
            except _REFUSED:  # refused and unchanged: again, to say why
                name = self.names[shows]
                self._apply(step, f"showdown of {name}", Reason.SITE_RESULT)
        if not state.is_complete:
            raise Differs(
                Reason.MALFORMED,
                f"the record ends before the hand is complete ({state.phase} phase)",
            )

    def _fold_pending(self, pending: list[int]) -> None:
        state = self.state
        while pending and state.phase is _BETTING and state.to_act in pending:
            seat = state.to_act
            pending.remove(seat)
            self._apply(_FOLDS[seat], f"{self.names[seat]} folds (out of turn)")

    def _deal_to(self, street: int, action: OnlineAction) -> None:
        while (state := self.state).street < street:
            if state.phase is not _DEALING:
                raise Differs(
                    Reason.OUR_RULES,
                    f"{line(action.line)}the site deals the {STREETS[street]}"
                    f" while our engine waits for {self._to_act()}",
                )
            self._deal_next()

    def _deal_filler(self) -> None:
        state = self.state
        seen = {card.code for card in state.board}
        for cards in state.hole_cards:
            seen.update(card.code for card in cards or ())
        spare = [Card.from_code(code) for code in range(52) if code not in seen]
        while state.phase is _DEALING:
            count = 3 if not state.board else 1
            cards, spare = tuple(spare[:count]), spare[count:]
            self._apply(DealBoard(cards), "running out the board", Reason.MALFORMED)

    def _deal_next(self) -> None:
        state = self.state
        have = len(live_board(state))  # a later run's cards once run again
        if not state.board and self.after_preflop is not None:
            # "Pot Limit Pre-Flop, No Limit Post-Flop": the same hand, its
            # log replayed under the structure after the flop (R-PL-1, R-NL-1)
            config, forced = self.after_preflop
            state = self.state = HandState.replay(
                config, self.stacks, state.events, forced
            )
        want = 3 if have == 0 else have + 1
        if len(self.board) < want:
            raise Differs(Reason.MALFORMED, "the board is missing cards")
        cards: tuple[Card, ...] = self.board[have:want]
        step = DealBoard(cards)
        try:
            state.apply(step)
        except _REFUSED:  # refused and unchanged: again, to say why
            self._apply(step, "dealing the board", Reason.MALFORMED)

    def _to_act(self) -> str:
        seat = self.state.to_act
        if seat is None:
            return "nobody (the hand is complete)"
        if seat < 0:
            return "the dealer"
        return self.names[seat]

    def _act(self, seat: int, action: OnlineAction) -> None:
        state = self.state
        step: Action
        kind = action.kind
        if kind is _FOLD:
            step = _FOLDS[seat]
        elif kind is _CHECK:
            step = _CHECKS[seat]
        elif kind is _CALL:
            step = _CALLS[seat]
            if state.phase is _BETTING and state.to_act == seat:
                owed = state.legal_actions().call_amount
                if owed != action.chips:
                    self._short_call(seat, action, owed)
        else:  # a bet or a raise
            to = action.chips
            if action.kind is ActionKind.BET:
                to += state.committed[seat]
            step = Raise(seat, to) if state.current_bet else Bet(seat, to)
            if (
                state.phase is _BETTING
                and state.to_act == seat
                and state.current_bet
                and to > state.current_bet
            ):
                legal = state.legal_actions()
                owed = state.current_bet - state.committed[seat]
                if legal.min_raise_to is None and legal.call_amount == owed:
                    # R-BET-5: nobody could call a raise; the site takes it
                    # and returns all above the current bet at once
                    if self.virtual is None:
                        self.virtual = Counter()
                    self.virtual[action.player, to - state.current_bet] += 1
                    step = _CALLS[seat]
        if (
            type(step) is Check
            and state.street == 0
            and state.phase is _BETTING
            and state.to_act == seat
            and not state.committed[seat]
            and not state.legal_actions().can_check
            and all(p.player != action.player for p in self.hand.posts)
        ):
            raise Differs(
                Reason.SITE_RESULT,
                f"{describe(self.hand, action)}: the site prints no post for"
                f" {action.player}, who checks the big blind pre-flop: a post"
                " it left out (R-BET-1: a check needs nothing to call)",
            )
        try:
            state.apply(step)
        except _REFUSED:  # refused and unchanged: again, to say why
            self._apply(step, action)

    def _short_call(self, seat: int, action: OnlineAction, owed: int) -> None:
        """Take a call printed short of ours if it matches all the others can.

        The rest of our call then comes back as an uncalled bet the site does
        not print (a short all-in big blind, say; R-ALLIN-BLIND).
        """
        state = self.state
        reach = max(
            (
                state.committed[s] + state.stacks[s]
                for s in range(state.seats)
                if s != seat and not state.folded[s]
            ),
            default=0,
        )
        if action.chips < owed and state.committed[seat] + action.chips == reach:
            if self.hidden is None:
                self.hidden = Counter()
            self.hidden[action.player, owed - action.chips] += 1
            return
        what = describe(self.hand, action)
        owed_text = chips_text(self.hand, owed)
        raise Differs(Reason.OUR_RULES, f"{what}: our engine's call is {owed_text}")

    def _apply(
        self, step: Action, what: str | OnlineAction, reason: Reason = Reason.OUR_RULES
    ) -> None:
        state, hand = self.state, self.hand
        try:
            state.apply(step)
        except InvalidInputError as error:
            message = f"{describe(hand, what)}: {named(hand, self.names, error, step)}"
            raise Differs(Reason.MALFORMED, message) from None
        except (IllegalActionError, StateError) as error:
            message = f"{describe(hand, what)}: {named(hand, self.names, error, step)}"
            if (
                state.phase is _DEALING
                and not isinstance(what, str)
                and what.kind is not _FOLD
            ):
                closed = closed_before(hand, state, self.names, what)
                if closed:
                    raise Differs(Reason.MALFORMED, f"{message} ({closed})") from None
            raise Differs(reason, message) from None

    def _compare(self, state: HandState) -> None:
        """Check the engine's returns and awards against the printed ones.

        ``state``: the finished hand; its awards say the run of the board
        each is for when it was run more than once (R-RIT-1).
        """
        names, hand = self.names, self.hand
        # plain dicts (chips or times by key); Counters only where needed
        returned: dict[tuple[str, int], int] = {}
        awarded: dict[str, int] = {}
        single: list[AwardPot] = []  # pots paid whole to one player
        if state.runs == 1:
            # one run: its awards are the hand's (``run_awards`` of one
            # run), read in the same pass over the log as the returns
            # from the end of the log back to its last betting step: no
            # return or award comes before it (a return leaves at most one
            # seat able to bet, so the betting is over; R-BET-7)
            for event in reversed(state.events):
                if type(event) is AwardPot:
                    shares = event.shares
                    for seat, chips in shares:
                        name = names[seat]
                        awarded[name] = awarded.get(name, 0) + chips
                    if len(shares) == 1 and shares[0][1] == event.amount:
                        single.append(event)
                elif type(event) is ReturnUncalled:
                    key = (names[event.seat], event.chips)
                    returned[key] = returned.get(key, 0) + 1
                elif type(event) in _BETTING_STEPS:
                    break
            per_run: list[Counter[str]] = []  # compared per run when more
        else:
            per_run = runs_results(state, names, returned, awarded)
        if (
            not hand.collected
            and hand.total_pot is None
            and any(chips > 0 for chips in awarded.values())
        ):
            raise Differs(
                Reason.MALFORMED,
                "the record ends before the pot is won: nobody collects and no"
                " total pot is printed",
            )
        if len(self.index) == len(names):
            # each seat is paid its own shares back: the engine's stacks
            self.final_stacks = tuple(state.stacks)
        else:
            self.final_stacks = final_stacks(state, awarded, names)
        if single and state.runs == 1:
            single.reverse()  # in the log's order
            own_pots_back(hand, names, state, single, returned, awarded)
        if self.hidden or self.virtual:
            returned = with_unprinted_calls(returned, self.hidden, self.virtual)
        check_results(hand, names, state, returned, awarded, per_run)


_REFUSED = (InvalidInputError, IllegalActionError, StateError)
"""What ``HandState.apply`` raises for a step it refuses (changing nothing)."""
_FOLD, _CHECK, _CALL = ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL
_BETTING, _DEALING, _SHOWDOWN = Phase.BETTING, Phase.DEALING, Phase.SHOWDOWN
_AGREES = Outcome.AGREES
_BETTING_STEPS = (Fold, Check, Call, Bet, Raise)
# each seat's steps, shared by every hand: the engine deals at most
# MAX_SEATS seats (``HandState`` refuses more), so a seat indexes these
_FOLDS = tuple(map(Fold, range(MAX_SEATS)))
_FACE_DOWN = tuple(DealHole(seat, None) for seat in range(MAX_SEATS))
_CHECKS = tuple(map(Check, range(MAX_SEATS)))
_CALLS = tuple(map(Call, range(MAX_SEATS)))
_SHOWS = tuple(map(Show, range(MAX_SEATS)))
_MUCKS = tuple(map(Muck, range(MAX_SEATS)))


def _clockwise(hand: OnlineHand, players: set[str]) -> list[OnlineSeat]:
    """The seats of ``players``, clockwise from the button's left, the button last.

    Seat numbers are taken round the table from the button (``% 1000``); the
    seat lines are mostly printed in seat order already, and then are only
    split at the button (the same order, without a sort).
    """
    button = hand.button
    after: list[OnlineSeat] = []  # seats past the button, then up to it
    upto: list[OnlineSeat] = []
    last = 0
    for seat in hand.seats:
        number = seat.seat
        if number < last:
            break  # not in seat order (or below 0): sorted below
        last = number
        if seat.player in players:
            (after if number > button else upto).append(seat)
    else:
        if last < 1000 and -1 <= button < 1000:
            after += upto
            return after
    return sorted(
        (s for s in hand.seats if s.player in players),
        key=lambda s: (s.seat - button - 1) % 1000,
    )
