"""One table of the room: seats and their owners, the running hand, the clocks.

``TableRunner`` drives a table layer ``Table`` for the room: it seats people
(wallet -> table through the store) and bots, deals hand after hand, answers
for bots, for the in-turn options and for timed-out seats, and settles each
finished hand in one transaction. It never sleeps and never reads the wall
clock: the room calls ``tick`` and passes the clock in.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from holdem.errors import (
    IllegalActionError,
    InvalidInputError,
    NotYourTurnError,
    StateError,
    TableError,
)
from holdem.rules.actions import Bet, Call, Check, Fold, Muck, Raise, Show, short_repr
from holdem.rules.config import MAX_CHIPS
from holdem.server.config import ServerConfig, TableSpec
from holdem.server.errors import ForbiddenError
from holdem.server.hands import hand_summary, public_summary, settle_args
from holdem.server.store import Account, Store
from holdem.server.telemetry import Telemetry
from holdem.table import (
    Bot,
    ChooseRuns,
    Decision,
    DecisionKind,
    DeclineStraddle,
    HandRecord,
    PostToPlay,
    Straddle,
    Table,
    TableAction,
    TableConfig,
    WaitForBigBlind,
)
from holdem.table.verifiable import VerifiableShuffler

__all__ = ["ONLY_BOTS", "Occupant", "Pause", "TableRunner"]

OPTIONS = ("auto_post", "check_fold", "wait_for_big_blind")
_LOOSE_MAX = MAX_CHIPS
ONLY_BOTS = "waiting: only bots have chips"
"""The status of a table where only bots have chips: it deals no hand."""


@dataclass(frozen=True, slots=True)
class Pause:
    """Why a table deals no hand after a fault, and until when.

    Attributes:
        reason: the error, in words (its kind and message).
        until: when the room tries the table again (aware UTC).
        faults: faults in a row at this table (the back-off doubles with each).
    """

    reason: str
    until: datetime.datetime
    faults: int


@dataclass(slots=True)
class Occupant:
    """Who holds a seat, and the room's per-seat settings and clocks."""

    account: Account
    bot: Bot | None
    time_bank: float
    options: dict[str, bool] = field(
        default_factory=lambda: dict.fromkeys(OPTIONS, False)
    )
    timeouts: int = 0
    hands_dealt: int = 0
    """Hands dealt to the seat since it sat (or the room started): the
    bank grows every ``Clock.time_bank_growth_hands`` of them (R-TIME-1)."""
    absent: bool = False
    leaving: bool = False
    restored: bool = False


class TableRunner:
    """A table of the room.

    Args:
        table_id: the stored table's id.
        spec: the table as the lobby made it.
        store: the database.
        config: the room's settings (clock, shuffler, timings).
        make_bot: a new bot for a bot seat.
    """

    def __init__(
        self,
        table_id: int,
        spec: TableSpec,
        store: Store,
        config: ServerConfig,
        make_bot: Callable[[], Bot],
    ) -> None:
        self.table_id = table_id
        self.spec = spec
        self.store = store
        self.config = config
        self.make_bot = make_bot
        self.rules: TableConfig = spec.table_config()
        self.clock = spec.clock(config)  # R-TIME-1: the table's own or the room's
        # The table layer holds any stack a seat brings back after a restart;
        # the room itself keeps buy-ins within the spec's range (R-TABLE-7).
        loose = dataclasses.replace(self.rules, min_buy_in=1, max_buy_in=_LOOSE_MAX)
        self.table = Table(loose, rng=config.rng())
        # R-FAIR-1 (house option): the table's RNG commits to each hand's seed
        rng = self.table.rng
        self.shuffler = rng if isinstance(rng, VerifiableShuffler) else None
        self._finished: list[HandRecord] = []
        self.table.on_hand_complete = self._finished.append
        self.occupants: dict[int, Occupant] = {}
        self.hand_id: int | None = None
        self.hand_starting: dict[int, int] = {}
        self.last_hand: dict[str, Any] | None = None
        self.outbox: list[dict[str, Any]] = []
        self.connected: dict[int, int] = {}  # account id -> open sockets
        self._asked: tuple[int, int] | None = None
        self._asked_at = config.now()
        self._applied = 0
        self._next_hand_at: datetime.datetime | None = None
        self.paused: Pause | None = None  # set by the room after a fault
        self.stale = False  # the database failed under it: reload it
        self.faults = 0  # faults in a row (none since the last settled hand)
        self.hands_played, self.average_pot = store.pot_stats(table_id)
        self.telemetry = Telemetry(process=False)  # the room gives its own

    # ---------------------------------------------------------------- loading

    def load(self) -> None:
        """Seat the stored players again (after a start or a restart).

        A seat left with no chips is cashed out (0 chips) and freed. People
        sit out until their page connects again (``resume``). Hand numbers go
        on from the table's stored hands, and the button moves on from the
        last complete hand's (R-TABLE-1), not drawn again.
        """
        number, button = self.store.last_position(self.table_id)
        self.table.restore(number, button)
        for row in self.store.seats(self.table_id):
            if row.stack <= 0:
                self.store.cash_out(self.table_id, row.seat, row.account.id)
                continue
            self.table.join(row.seat, row.account.name, row.stack)
            bot = self.make_bot() if row.account.kind == "bot" else None
            bank = (
                self.clock.time_bank_seconds if row.time_bank is None else row.time_bank
            )
            occupant = Occupant(
                row.account, bot, min(bank, self.clock.time_bank_cap_seconds)
            )
            self.occupants[row.seat] = occupant
            if bot is None:
                self.table.sit_out(row.seat)
                occupant.restored = True

    # ---------------------------------------------------------------- queries

    def seat_of(self, account_id: int) -> int | None:
        """The seat of ``account_id`` here, or ``None``."""
        for seat, occupant in self.occupants.items():
            if occupant.account.id == account_id:
                return seat
        return None

    def progress(self) -> tuple[int, int, int, bool]:
        """Changes whenever something a client sees may have changed."""
        return (
            self.table.hand_number,
            self._applied,
            len(self.occupants),
            self.table.hand is None,
        )

    def status(self) -> tuple[str, str]:
        """``(code, words)``: why the table deals or waits, for the lobby.

        Codes: ``paused`` (after a fault), ``database`` (waiting for it),
        ``playing``, ``only-bots`` (no person has chips: no hand is dealt),
        ``waiting`` (for players).
        """
        if self.paused is not None:
            return "paused", f"paused after an error: {self.paused.reason}"
        if self.stale:
            return "database", "waiting for the database"
        if self.table.hand is not None:
            return "playing", "playing"
        ready = [p for p in self.table.players if p.stack > 0]
        people = [p for p in ready if self.occupants[p.seat].bot is None]
        if ready and not people:
            return "only-bots", ONLY_BOTS
        return "waiting", "waiting for players"

    def busted(self, seat: int, balance: int) -> dict[str, Any] | None:
        """A person's choices once their stack is 0, else ``None``.

        ``{"balance", "add_chips": {"min", "max"} or None, "leave": True}``:
        add chips from the wallet (``balance``) within the table's buy-in
        range, or leave (R-TABLE-7). ``add_chips`` is ``None`` when the
        wallet holds less than the minimum buy-in.
        """
        info = self.table.seat(seat)
        occupant = self.occupants.get(seat)
        if info is None or occupant is None or occupant.bot is not None:
            return None
        hand = self.table.hand
        if info.stack or (hand is not None and seat in hand.seats):
            return None
        low, high = self.rules.min_buy_in, self.rules.max_buy_in
        add = {"min": low, "max": min(high, balance)} if balance >= low else None
        return {"balance": balance, "add_chips": add, "leave": True}

    def tournament_json(self) -> dict[str, Any] | None:
        """The tournament this table belongs to, for the snapshot; ``None`` here."""
        return None

    def reloaded(self) -> TableRunner:
        """A new runner of this table, to load again from the database."""
        return TableRunner(
            self.table_id, self.spec, self.store, self.config, self.make_bot
        )

    def deadline(self) -> datetime.datetime | None:
        """When the seat asked now runs out of its action time (not the bank)."""
        if self._asked is None:
            return None
        return self._asked_at + datetime.timedelta(seconds=self.clock.action_seconds)

    # --------------------------------------------------------------- commands

    def sit(
        self, account: Account, seat: int, buy_in: int, bot: Bot | None = None
    ) -> None:
        """Seat ``account`` with ``buy_in`` chips from its wallet.

        Raises:
            InvalidInputError: for a non-int seat or buy-in.
            TableError: a seat taken or outside the table, a buy-in outside
                the table's range, a player already seated.
            WalletError: not enough chips in the wallet.
        """
        if type(seat) is not int or type(buy_in) is not int:
            raise InvalidInputError(
                f"seat and buy_in are integers, got {short_repr(seat)} and"
                f" {short_repr(buy_in)}"
            )
        if buy_in < 0:
            raise InvalidInputError(f"buy_in is a chip count, not negative: {buy_in}")
        low, high = self.rules.min_buy_in, self.rules.max_buy_in
        if not low <= buy_in <= high:
            raise TableError(f"the buy-in here is {low}..{high} chips, not {buy_in}")
        if self.seat_of(account.id) is not None:
            raise TableError(f"{account.name} is already seated at this table")
        self.table.join(seat, account.name, buy_in)  # checks the seat first
        try:
            # a bot's chips are staked by the house: no wallet a person can
            # drain pays for them (a bot never fails the room)
            staked = bot is not None
            self.store.buy_in(self.table_id, seat, account.id, buy_in, staked=staked)
        except Exception:
            self.table.leave(seat)
            raise
        self.occupants[seat] = Occupant(account, bot, self.clock.time_bank_seconds)
        self.step()

    def leave(self, account_id: int) -> None:
        """Cash the seat out now, or when the running hand ends if dealt in.

        Raises:
            ForbiddenError: if ``account_id`` is not seated here.
        """
        seat = self._own_seat(account_id)
        try:
            self.table.leave(seat)
        except TableError:
            self.occupants[seat].leaving = True
            self.step()  # the room answers for a leaving seat
            return
        del self.occupants[seat]
        self.store.cash_out(self.table_id, seat, account_id)
        self.step()

    def sit_out(self, account_id: int) -> None:
        """Sit out from the next hand on (R-TABLE-6 marks a missed big blind)."""
        self.table.sit_out(self._own_seat(account_id))

    def come_back(self, account_id: int) -> None:
        """Come back after sitting out.

        Raises:
            TableError: if the seat is not sitting out.
        """
        seat = self._own_seat(account_id)
        self.table.come_back(seat)
        occupant = self.occupants[seat]
        occupant.absent = occupant.restored = False
        occupant.timeouts = 0
        self.step()

    def resume(self, account_id: int) -> None:
        """A person's page connected: bring back a seat restored after a restart."""
        seat = self.seat_of(account_id)
        if seat is not None and self.occupants[seat].restored:
            self.come_back(account_id)

    def add_chips(self, account_id: int, chips: int) -> None:
        """Rebuy (a stack of 0) or top up, between hands (R-TABLE-7).

        Raises:
            InvalidInputError: for non-int chips.
            TableError: during a hand the seat is dealt into, or a stack that
                would leave the table's buy-in range.
            WalletError: not enough chips in the wallet.
        """
        seat = self._own_seat(account_id)
        if type(chips) is not int or chips <= 0:
            raise InvalidInputError(
                f"chips must be a positive integer, got {short_repr(chips)}"
            )
        info = self.table.seat(seat)
        assert info is not None
        hand = self.table.hand
        if hand is not None and (seat in hand.seats or not hand.seats):
            raise TableError("add chips between hands [R-TABLE-7]", rule="R-TABLE-7")
        low, high = self.rules.min_buy_in, self.rules.max_buy_in
        if info.stack + chips > high or (info.stack == 0 and chips < low):
            raise TableError(
                f"the stack would be {info.stack + chips}: the table takes"
                f" {low}..{high} chips [R-TABLE-7]",
                rule="R-TABLE-7",
            )
        self._add(seat, chips)
        self.step()

    def set_options(self, account_id: int, options: dict[str, Any]) -> None:
        """Set in-turn options (``auto_post``, ``check_fold``, ``wait_for_big_blind``).

        Raises:
            InvalidInputError: for an unknown option or a non-boolean value.
        """
        seat = self._own_seat(account_id)
        for key, value in options.items():
            if key not in OPTIONS or type(value) is not bool:
                raise InvalidInputError(
                    f"options are {', '.join(OPTIONS)}, each true or false; got"
                    f" {short_repr(key)}: {short_repr(value)}"
                )
        self.occupants[seat].options.update(options)
        self.step()

    def act(self, account_id: int, action: object, amount: object = None) -> None:
        """A person's answer to the open decision (docs/protocol.md ``act``).

        Raises:
            ForbiddenError: if ``account_id`` has no seat here.
            StateError: no hand is running.
            NotYourTurnError: another seat is asked.
            InvalidInputError: an unknown action or a missing amount.
            IllegalActionError: the rules refuse it (with ``legal``).
        """
        seat = self._own_seat(account_id)
        hand = self.table.hand
        decision = None if hand is None else hand.decision
        if decision is None:
            raise StateError("no hand is running: nothing to answer")
        if decision.seat != seat:
            raise NotYourTurnError(
                f"seat {decision.seat} is asked ({decision.kind}), not seat {seat}"
            )
        answer = _answer(decision, action, amount)
        now = self.config.now()
        occupant = self.occupants[seat]
        self._apply(answer)
        self.telemetry.action("person")
        over = (now - self._asked_at).total_seconds() - self.clock.action_seconds
        if over > 0:  # R-TIME-1: the bank paid for the time over
            occupant.time_bank = max(0.0, occupant.time_bank - over)
            if seat in self.occupants:  # not cashed out by the hand's end
                self.store.set_time_banks(self.table_id, {seat: occupant.time_bank})
        occupant.timeouts = 0
        occupant.absent = False
        self.step()

    def add_bot(self, account: Account, seat: int | None) -> None:
        """Seat a server-side bot with the table's largest buy-in.

        Raises:
            TableError: no empty seat, or the seat is taken.
        """
        if seat is None:
            free = [
                s
                for s in range(1, self.rules.seat_count + 1)
                if self.table.seat(s) is None
            ]
            if not free:
                raise TableError("the table is full")
            seat = free[0]
        self.sit(account, seat, self.rules.max_buy_in, bot=self.make_bot())

    def add_entropy(self, account_id: int, text: object) -> None:
        """Mix a seated player's ``text`` into the next hand's shuffle (R-FAIR-1).

        Entropy sent while a hand is dealt goes into the hand after it.

        Raises:
            StateError: the table does not deal with the verifiable shuffle.
            ForbiddenError: no seat here.
            InvalidInputError: text that is not 1 to 64 printable characters.
        """
        seat = self._own_seat(account_id)
        if self.shuffler is None:
            raise StateError(
                "this room deals without the verifiable shuffle (holdem serve"
                " --verifiable-shuffle) [R-FAIR-1]",
                rule="R-FAIR-1",
            )
        self.shuffler.add_entropy(seat, text)

    def tick(self) -> None:
        """Act on the clock: timeouts, bots' pauses, the next hand."""
        hand = self.table.hand
        decision = None if hand is None else hand.decision
        if decision is not None and self._asked is not None:
            occupant = self.occupants.get(decision.seat)
            if occupant is not None and occupant.bot is None:
                spent = (self.config.now() - self._asked_at).total_seconds()
                if spent >= self.clock.action_seconds + occupant.time_bank:
                    self._time_out(decision, occupant)
        self.step()

    def step(self) -> None:
        """Go on as far as nobody needs to be waited for; one new hand at most.

        At a table where every seat answers by itself (bots and a person on
        "check or fold", with no pause between hands) the next hand waits
        for the next call (the room's tick), so one request or tick never
        plays a run of hands while the room waits.
        """
        started = False
        while True:
            hand = self.table.hand
            if hand is None:
                if started or not self._start_hand():
                    return
                started = True
                continue
            decision = hand.decision
            if decision is None:  # pragma: no cover - a table hand always asks
                return
            key = (hand.number, self._applied)
            if key != self._asked:
                self._asked = key
                self._asked_at = self.config.now()
            answer = self._auto_answer(decision)
            if answer is None:
                return
            source = "auto" if self.occupants[decision.seat].bot is None else "bot"
            self._apply(answer)
            self.telemetry.action(source)

    # ---------------------------------------------------------------- private

    def _own_seat(self, account_id: int) -> int:
        seat = self.seat_of(account_id)
        if seat is None:
            raise ForbiddenError("you have no seat at this table")
        return seat

    def _add(self, seat: int, chips: int) -> None:
        info = self.table.seat(seat)
        assert info is not None
        occupant = self.occupants[seat]
        self.store.add_chips(
            self.table_id,
            seat,
            occupant.account.id,
            chips,
            staked=occupant.bot is not None,
        )
        if info.stack:
            self.table.top_up(seat, chips)
        else:
            self.table.rebuy(seat, chips)

    def _auto_answer(self, decision: Decision) -> TableAction | None:
        occupant = self.occupants[decision.seat]
        seat, kind = decision.seat, decision.kind
        if occupant.bot is not None:
            waited = (self.config.now() - self._asked_at).total_seconds()
            if waited < self.config.bot_seconds:
                return None
            hand = self.table.hand
            assert hand is not None
            return occupant.bot.decide(hand.view(seat))
        if occupant.absent or occupant.leaving:
            return _timeout_answer(decision)
        options = occupant.options
        if kind in (DecisionKind.POST_OR_WAIT, DecisionKind.POST_ALL_OR_WAIT):
            if options["auto_post"]:
                return PostToPlay(seat)
            if options["wait_for_big_blind"]:
                return WaitForBigBlind(seat)
        if kind is DecisionKind.BET and options["check_fold"]:
            return _timeout_answer(decision)
        return None

    def _time_out(self, decision: Decision, occupant: Occupant) -> None:
        occupant.time_bank = 0.0  # R-TIME-1: both clocks are spent
        self.store.set_time_banks(self.table_id, {decision.seat: 0.0})
        occupant.timeouts += 1
        self._apply(_timeout_answer(decision))
        self.telemetry.action("timeout")
        if occupant.timeouts >= self.config.max_timeouts:
            occupant.absent = True
            info = self.table.seat(decision.seat)
            if info is not None and not info.sitting_out:
                self.table.sit_out(decision.seat)

    def _apply(self, answer: TableAction) -> None:
        hand = self.table.hand
        assert hand is not None
        hand.apply(answer)
        self._applied += 1
        self._settle_finished()

    def _can_deal(self) -> bool:
        ready = [p for p in self.table.players if p.stack > 0 and not p.sitting_out]
        people = [p for p in ready if self.occupants[p.seat].bot is None]
        return len(ready) >= 2 and bool(people)

    def _start_hand(self) -> bool:
        now = self.config.now()
        if self.paused is not None or self.stale:
            return False
        if self._next_hand_at is not None and now < self._next_hand_at:
            return False
        if not self._can_deal():
            return False
        if self.shuffler is not None and self.shuffler.is_sealed:
            # a void hand's seed: dropped; the next one is shown a tick first
            self.shuffler.reveal()
            self._commit_next()
            return False
        self._before_deal()
        starting = {
            p.seat: (self.occupants[p.seat].account.id, p.stack)
            for p in self.table.players
        }
        # the table first: the stored row keeps the hand's button (restart)
        hand = self.table.start_hand()
        self.hand_id = self.store.start_hand(
            self.table_id, hand.number, starting, button=hand.button
        )
        self.hand_starting = {s: stack for s, (_, stack) in starting.items()}
        self.telemetry.hand_dealt()
        self._settle_finished()
        return True

    def _grow_time_banks(self, dealt: Iterable[int]) -> None:
        """Grow the banks of the seats dealt a finished hand, every so many (R-TIME-1).

        A person's bank grows by ``time_bank_growth_seconds`` each
        ``time_bank_growth_hands``-th hand dealt to the seat, up to the cap;
        the banks that changed are stored in one transaction.
        """
        clock = self.clock
        changed: dict[int, float] = {}
        for seat in dealt:
            occupant = self.occupants.get(seat)
            if occupant is None or occupant.bot is not None:
                continue
            occupant.hands_dealt += 1
            if occupant.hands_dealt % clock.time_bank_growth_hands == 0:
                grown = clock.grown(occupant.time_bank)
                if grown != occupant.time_bank:
                    occupant.time_bank = changed[seat] = grown
        self.store.set_time_banks(self.table_id, changed)

    def _settle_finished(self) -> None:
        while self._finished:
            record = self._finished.pop(0)
            hand_id = self.hand_id
            assert hand_id is not None
            players = {s: self.occupants[s].account.id for s in record.seats}
            summary = self._hand_summary(hand_id, record)
            self.store.settle_hand(
                hand_id,
                self.table_id,
                **settle_args(record, players, summary),
                also=self._settling(hand_id, record),
            )
            self._grow_time_banks(record.seats)
            self.hand_id = None
            pot = summary["pot"]
            self.average_pot = (
                self.average_pot * min(self.hands_played, 99) + pot
            ) // (min(self.hands_played, 99) + 1)
            self.hands_played += 1
            self.faults = 0
            self.last_hand = public_summary(summary)
            self.outbox.append({"type": "hand-complete", "hand": self.last_hand})
            self._commit_next()
            self._asked = None
            pause = self.config.hand_pause_seconds
            self._next_hand_at = self.config.now() + datetime.timedelta(seconds=pause)
            self._after_hand()

    def _commit_next(self) -> None:
        """Publish the next hand's commitment, before its deal (R-FAIR-1)."""
        if self.shuffler is not None:
            message = {"type": "shuffle-commitment", "hand": self.table.hand_number + 1}
            self.outbox.append(message | {"commitment": self.shuffler.commitment})

    def _before_deal(self) -> None:
        """Called when a hand is about to be dealt (a tournament's level)."""

    def _hand_summary(self, hand_id: int, record: HandRecord) -> dict[str, Any]:
        """The stored summary of a finished hand (``hand_summary``).

        The shuffle's seed is revealed here, once the hand is over (R-FAIR-1).
        """
        shuffle = None if self.shuffler is None else self.shuffler.reveal()
        return hand_summary(hand_id, record, shuffle=shuffle)

    def _settling(
        self, hand_id: int, record: HandRecord
    ) -> Callable[[Any], None] | None:
        """What else to write in the hand's settlement transaction; none here."""
        return None

    def _after_hand(self) -> None:
        for seat, occupant in list(self.occupants.items()):
            info = self.table.seat(seat)
            assert info is not None
            if occupant.leaving:
                self.table.leave(seat)
                del self.occupants[seat]
                self.store.cash_out(self.table_id, seat, occupant.account.id)
            elif occupant.bot is not None and info.stack == 0:
                self._add(seat, self.rules.max_buy_in)
            elif info.stack == 0:
                self._tell_busted(seat, occupant)

    def _tell_busted(self, seat: int, occupant: Occupant) -> None:
        """Tell a person who lost their stack what they may do (``busted``)."""
        balance = self.store.account(occupant.account.id).balance
        options = self.busted(seat, balance)
        if options is not None:
            message = {"type": "busted", "to": occupant.account.id, "seat": seat}
            self.outbox.append(message | options)


def _timeout_answer(decision: Decision) -> TableAction:
    """What the room answers for a seat that did not: check, else fold."""
    seat = decision.seat
    match decision.kind:
        case DecisionKind.POST_OR_WAIT | DecisionKind.POST_ALL_OR_WAIT:
            return WaitForBigBlind(seat)
        case DecisionKind.STRADDLE:
            return DeclineStraddle(seat)
        case DecisionKind.SHOWDOWN:
            return Show(seat)
        case DecisionKind.RUNS:
            return ChooseRuns(seat, 1)  # R-RIT-1: no answer is no agreement
    assert decision.legal is not None
    return Check(seat) if decision.legal.can_check else Fold(seat)


def _answer(decision: Decision, action: object, amount: object) -> TableAction:
    """The table action a protocol ``act`` message names.

    Raises:
        InvalidInputError: an unknown action, or ``bet``/``raise`` without an
            integer ``amount``.
    """
    seat = decision.seat
    simple: dict[str, TableAction] = {
        "fold": Fold(seat),
        "check": Check(seat),
        "call": Call(seat),
        "show": Show(seat),
        "muck": Muck(seat),
        "post": PostToPlay(seat),
        "wait": WaitForBigBlind(seat),
        "straddle": Straddle(seat),
        "no-straddle": DeclineStraddle(seat),
    }
    if action == "runs":
        if type(amount) is not int:
            raise InvalidInputError(
                f"runs needs an integer amount (how many runs, R-RIT-1), got"
                f" {short_repr(amount)}"
            )
        return ChooseRuns(seat, amount)
    if action in ("bet", "raise"):
        if type(amount) is not int:
            raise InvalidInputError(
                f"{action} needs an integer amount (the street total), got"
                f" {short_repr(amount)}"
            )
        legal = decision.legal
        if legal is not None:
            open_ = "bet" if legal.is_bet else "raise"
            if action != open_:
                raise IllegalActionError(
                    f"seat {seat} cannot {action}: "
                    + (
                        "nobody has bet on this street, so it is a bet"
                        if legal.is_bet
                        else "there is a bet to face, so it is a raise"
                    )
                    + f" (send {open_!r}) [R-BET-1]",
                    legal=legal,
                    rule="R-BET-1",
                )
            return Bet(seat, amount) if legal.is_bet else Raise(seat, amount)
        return Raise(seat, amount) if action == "raise" else Bet(seat, amount)
    if not isinstance(action, str) or action not in simple:
        valid = ", ".join([*simple, "bet", "raise", "runs"])
        raise InvalidInputError(f"unknown action {short_repr(action)}: one of {valid}")
    return simple[action]
