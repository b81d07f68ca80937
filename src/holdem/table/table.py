"""A table: seats and players, hand after hand under one game configuration.

The table seats players (seat numbers ``1..seat_count`` as they see them,
fixed for the session), takes buy-ins, lets players sit out and come back,
rebuy and top up between hands (R-TABLE-7), moves the button and the blinds
(R-TABLE-1, -2, -4..6), and owns the shuffle: ``random.SystemRandom()`` by
default, a seeded ``random.Random`` for tests and simulation (R-DEAL-4).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from holdem.errors import TableError
from holdem.rules.config import GameConfig, check_chips
from holdem.table.config import TableConfig
from holdem.table.hand import TableHand
from holdem.table.memo import MEMO_SIZE, HandMemo
from holdem.table.record import HandRecord
from holdem.table.seating import (
    BlindPlan,
    Entry,
    Positions,
    fresh_plan,
    plan_blinds,
)

if TYPE_CHECKING:
    from holdem.table.bots import Bot

__all__ = ["SeatInfo", "Table"]


@dataclass(slots=True)
class _Seat:
    player: str
    stack: int
    sitting_out: bool = False
    entry: Entry = Entry.NEW
    # the seat's SeatInfo once asked for; None again whenever a field above
    # changes (every command that changes one clears it)
    info: SeatInfo | None = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seated player as the table sees them between hands.

    Attributes:
        seat: table seat, 1..seat_count.
        player: the player's name.
        stack: chips on the table.
        sitting_out: not dealt in until they come back.
        waiting: a new player who has not yet posted or taken the big blind
            (R-TABLE-5).
        missed_big_blind: marked "ML": the big blind passed while they sat
            out (R-TABLE-6).
        missed_small_blind: marked as having missed the small blind only:
            it reached their seat while they were away (R-TABLE-6).
    """

    seat: int
    player: str
    stack: int
    sitting_out: bool
    waiting: bool
    missed_big_blind: bool
    missed_small_blind: bool = False


class Table:
    """A poker table running hands one after another.

    Args:
        config: the table's rules and house options.
        rng: the shuffler; ``random.SystemRandom()`` when omitted (R-DEAL-4).

    >>> from holdem.rules import GameConfig
    >>> table = Table(TableConfig(GameConfig(), seat_count=6), rng=random.Random(1))
    >>> table.join(1, "Ann", 200); table.join(4, "Bob", 200)
    >>> hand = table.start_hand(button=1)
    >>> hand.seats, hand.big_blind   # heads-up: the button posts the small blind
    ((4, 1), 4)
    """

    def __init__(
        self, config: TableConfig, *, rng: random.Random | None = None
    ) -> None:
        if not isinstance(config, TableConfig):
            raise TableError(f"config must be a TableConfig, got {config!r}")
        self.config = config
        self.rng: random.Random = rng if rng is not None else random.SystemRandom()
        self.game: GameConfig = config.game
        self.level: int | None = None
        self.hand_number = 0
        self.hand: TableHand | None = None
        self.positions: Positions | None = None
        self.rake_collected = 0
        self.last_record: HandRecord | None = None
        self.on_hand_complete: Callable[[HandRecord], None] | None = None
        """Called with each finished hand's record, after the table is updated."""
        self._seats: dict[int, _Seat] = {}  # kept in seat order
        self._memo = HandMemo()  # blind plans, forced bets and seat orders
        self._restored_button: int | None = None  # see restore()
        self.asks_to_muck: set[int] = set()
        """Seats whose players turned "muck losing hands" off (on by default):
        they are asked to show or muck a beaten hand (R-SHOW-2, R-SHOW-4)."""

    # ---------------------------------------------------------------- queries

    def seat(self, seat: int) -> SeatInfo | None:
        """The player at ``seat``, or ``None`` if it is empty.

        Raises:
            TableError: for a seat number outside 1..seat_count.
        """
        self._check_seat_number(seat)
        found = self._seats.get(seat)
        if found is None:
            return None
        info = found.info
        if info is None:
            info = found.info = self._info(seat, found)
        return info

    @property
    def players(self) -> tuple[SeatInfo, ...]:
        """Every seated player, by seat number."""
        # each seat's SeatInfo is made once and kept until the seat changes
        # (asked for between hands, it is on a simulation's path)
        out = []
        for s, found in self._seats.items():
            info = found.info
            if info is None:
                # _info, inline: SeatInfo through its slots' own setters
                s_seat, s_player, s_stack, s_out, s_waiting, s_missed, s_small = (
                    _SET_INFO
                )
                info = found.info = _new_object(SeatInfo)
                s_seat(info, s)
                s_player(info, found.player)
                s_stack(info, found.stack)
                s_out(info, found.sitting_out)
                entry = found.entry
                s_waiting(info, entry is _NEW)
                s_missed(info, entry is _MISSED)
                s_small(info, entry is _MISSED_SMALL)
            out.append(info)
        return tuple(out)

    @property
    def button(self) -> int | None:
        """The last hand's button seat, or ``None`` before the first hand."""
        return None if self.positions is None else self.positions.button

    @property
    def chips(self) -> int:
        """Chips on the table (stacks; a running hand's chips count at its start)."""
        return sum(s.stack for s in self._seats.values())

    # ------------------------------------------------------ seating commands

    def join(self, seat: int, player: str, buy_in: int) -> None:
        """Seat ``player`` at an empty ``seat`` with ``buy_in`` chips.

        The new player waits for the big blind or posts one to be dealt in
        (R-TABLE-5); the table asks before each hand. At a tournament, players
        join before the first hand only, with their starting stack.

        Raises:
            TableError: for a taken seat, a player already seated, a buy-in
                outside min_buy_in..max_buy_in, or a tournament under way.
        """
        self._check_seat_number(seat)
        if seat in self._seats:
            raise TableError(f"seat {seat} is taken by {self._seats[seat].player}")
        if type(player) is not str or not player:
            raise TableError(f"a player needs a name, got {player!r}")
        if any(s.player == player for s in self._seats.values()):
            raise TableError(f"{player} is already seated at this table")
        if self.config.tournament:
            if self.hand_number:
                raise TableError("a tournament takes no new players once under way")
            check_chips("starting stack", buy_in, positive=True)
            self._seat(seat, _Seat(player, buy_in, entry=Entry.IN))
            return
        self._check_buy_in(buy_in, 0, "buy in")
        self._seat(seat, _Seat(player, buy_in))

    def seat_moved(self, seat: int, player: str, stack: int) -> None:
        """Seat a tournament player between hands: one moved from another table.

        A multi-table tournament moves players to balance its tables and
        breaks tables (R-TOURN-2, R-TOURN-3); a late entry is seated the same
        way (R-TOURN-1). The player is in the rotation at once: dealt in from
        the next hand at any seat except one between the small blind and the
        button, where they are dealt in once the button has passed.

        Raises:
            TableError: at a table that is not a tournament table, while a
                hand is running, for a taken seat, a player already seated,
                or a stack that is not a positive whole number of chips.
        """
        self._check_seat_number(seat)
        if not self.config.tournament:
            raise TableError("only a tournament table seats moved players: join")
        if self.hand is not None:
            raise TableError(
                f"seat players between hands only: hand {self.hand.number} is"
                " running [R-TOURN-2]",
                rule="R-TOURN-2",
            )
        if seat in self._seats:
            raise TableError(f"seat {seat} is taken by {self._seats[seat].player}")
        if type(player) is not str or not player:
            raise TableError(f"a player needs a name, got {player!r}")
        if any(s.player == player for s in self._seats.values()):
            raise TableError(f"{player} is already seated at this table")
        check_chips("stack", stack, positive=True)
        self._seat(seat, _Seat(player, stack, entry=Entry.IN))

    def _seat(self, seat: int, found: _Seat) -> None:
        """Seat ``found`` at ``seat``, keeping the seats in seat order."""
        self._seats[seat] = found
        self._seats = dict(sorted(self._seats.items()))

    def leave(self, seat: int) -> int:
        """Take the player at ``seat`` away with their chips; returns the chips.

        Raises:
            TableError: for an empty seat, or a player dealt into the hand
                running now, or any player while its pre-deal decisions are
                open (they leave when it is over).
        """
        found = self._occupied(seat)
        hand = self.hand
        if hand is not None and (seat in hand.seats or not hand.seats):
            raise TableError(
                f"seat {seat} ({found.player}) may be dealt into hand"
                f" {hand.number}: leave after it is over"
            )
        del self._seats[seat]
        return found.stack

    def sit_out(self, seat: int) -> None:
        """Sit the player at ``seat`` out from the next hand on.

        The big blind passes them by and marks them "ML" (R-TABLE-6).

        Raises:
            TableError: for an empty seat, or at a tournament (every player
                is dealt in).
        """
        found = self._occupied(seat)
        if self.config.tournament:
            raise TableError("a tournament deals every player in: no sitting out")
        found.sitting_out = True
        found.info = None

    def come_back(self, seat: int) -> None:
        """Bring a sitting-out player back for the next hand.

        A player marked "ML" is then asked to post all or wait for the big
        blind (R-TABLE-6).

        Raises:
            TableError: for an empty seat or a player who is not sitting out.
        """
        found = self._occupied(seat)
        if not found.sitting_out:
            raise TableError(f"seat {seat} ({found.player}) is not sitting out")
        found.sitting_out = False
        found.info = None

    def rebuy(self, seat: int, chips: int) -> None:
        """Buy in again after going broke, between hands (R-TABLE-7).

        Raises:
            TableError: during a hand, at a tournament, for a player who still
                has chips (top up instead), or chips outside the buy-in range.
        """
        found = self._between_hands(seat, "rebuy")
        if found.stack:
            raise TableError(
                f"seat {seat} ({found.player}) still has {found.stack} chips: top"
                " up instead of a rebuy"
            )
        self._check_buy_in(chips, 0, "rebuy")
        found.stack = chips
        found.info = None

    def top_up(self, seat: int, chips: int) -> None:
        """Add ``chips`` to a stack, up to the maximum buy-in, between hands.

        Raises:
            TableError: during a hand, at a tournament, for a broke player
                (rebuy instead), or a stack that would pass max_buy_in.
        """
        found = self._between_hands(seat, "top up")
        if not found.stack:
            raise TableError(f"seat {seat} ({found.player}) has no chips: rebuy")
        check_chips("top-up", chips, positive=True)
        if found.stack + chips > self.config.max_buy_in:
            raise TableError(
                f"seat {seat} has {found.stack} chips: a top-up of {chips} passes"
                f" the maximum buy-in {self.config.max_buy_in}; at most"
                f" {max(self.config.max_buy_in - found.stack, 0)} [R-TABLE-7]",
                rule="R-TABLE-7",
            )
        found.stack += chips
        found.info = None

    def set_stakes(self, game: GameConfig, *, level: int | None = None) -> None:
        """Deal the next hands under ``game`` (a tournament's next level; R-TABLE-3).

        Raises:
            TableError: during a hand, or with straddles in ``game``.
        """
        if self.hand is not None:
            raise TableError("the stakes change between hands only [R-TABLE-3]")
        if game.straddles:
            raise TableError("straddles are the players' choice [R-STRADDLE-1]")
        self.game = game
        self.level = level

    # ------------------------------------------------------------------ hands

    def restore(self, hand_number: int, button: int | None) -> None:
        """Go on from a table's earlier hands (a room's restart).

        The next hand is numbered ``hand_number + 1``; its button is the
        first seat clockwise after ``button`` (the last hand's) whose player
        can play (R-TABLE-1), instead of a new draw. ``None`` leaves the
        first button to the draw. Call it before the first hand here.

        Raises:
            TableError: once a hand was dealt here, for a negative hand
                number, or a button outside 1..seat_count.
        """
        if self.positions is not None or self.hand is not None:
            raise TableError("restore a table before its first hand only")
        if type(hand_number) is not int or hand_number < 0:
            raise TableError(f"a hand number is 0 or more, got {hand_number!r}")
        if button is not None:
            self._check_seat_number(button)
        self.hand_number = hand_number
        self._restored_button = button

    def start_hand(self, *, button: int | None = None) -> TableHand:
        """Start the next hand and return it, asking its first decision.

        Args:
            button: the first hand's button seat (a player who can play);
                drawn with the table's RNG when omitted. After the first hand
                the button moves by the rules (R-TABLE-1, R-TABLE-4).

        Raises:
            TableError: while a hand is running, with fewer than two players
                who can play, or a button given after the first hand.
        """
        if self.hand is not None:
            raise TableError(f"hand {self.hand.number} is still running")
        eligible = {  # in seat order, as the seats are kept
            s: seat.entry
            for s, seat in self._seats.items()
            if seat.stack and not seat.sitting_out
        }
        if self.positions is None:
            restored = self._restored_button
            if button is None and restored is not None and len(eligible) >= 2:
                after = [s for s in eligible if s > restored]  # R-TABLE-1
                button = after[0] if after else next(iter(eligible))
            elif button is None and len(eligible) >= 2:
                button = self.rng.choice(sorted(eligible))
            plan = fresh_plan(self.config.seat_count, eligible, button=button)
        elif button is not None:
            raise TableError(
                "the button moves by the rules after the first hand"
                " [R-TABLE-1, R-TABLE-4]",
                rule="R-TABLE-1",
            )
        else:
            # plan_blinds is a function of these alone: a table in a steady
            # state asks the same few questions round after round
            # (the seats are kept in seat order: their tuple names the set;
            # the positions by their fields, hashed without a Python call)
            last = self.positions
            key = (
                tuple(self._seats),
                tuple(eligible.items()),
                (last.button, last.small_blind, last.big_blind),
            )
            plans = self._memo.plans
            known = plans.get(key)
            if known is None:
                known = plan_blinds(
                    self.config.seat_count, frozenset(self._seats), eligible, last
                )
                if len(plans) >= MEMO_SIZE:
                    plans.clear()
                plans[key] = known
            plan = known
        self.hand_number += 1
        hand = TableHand(
            number=self.hand_number,
            config=self.config,
            game=self.game,
            plan=plan,
            players={s: (seat.player, seat.stack) for s, seat in self._seats.items()},
            eligible=eligible,
            rng=self.rng,
            level=self.level,
            on_deal=self._on_deal,
            on_complete=self._on_complete,
            memo=self._memo,
            asks_to_muck=frozenset(self.asks_to_muck),
        )
        if not hand.is_complete:
            self.hand = hand
        return hand

    def play_hand(
        self, bots: Mapping[int, Bot], *, button: int | None = None
    ) -> HandRecord:
        """Start a hand and let ``bots`` (by table seat) make every decision.

        Raises:
            TableError: as ``start_hand``, or a decision for a seat with no bot.
            IllegalActionError: a bot's illegal answer (the hand stays open).
        """
        return self.start_hand(button=button).play(bots)

    # ---------------------------------------------------------------- private

    def _on_deal(self, hand: TableHand, plan: BlindPlan) -> None:
        self.positions = plan.positions
        seats = self._seats
        for seat in plan.skipped:
            if seat in seats and not self.config.tournament:
                found = seats[seat]
                found.entry = _MISSED  # "ML" (R-TABLE-6)
                found.info = None
        for seat in plan.missed_small:
            if seat in seats and seats[seat].entry is _IN:
                found = seats[seat]
                found.entry = _MISSED_SMALL  # the small blind only (R-TABLE-6)
                found.info = None
        for seat in hand.seats:
            found = seats[seat]
            if found.entry is not _IN:
                found.entry = _IN
                found.info = None

    def _on_complete(self, hand: TableHand) -> None:
        record = hand.record
        assert record is not None
        seats = self._seats
        # the finishing stacks: the engine's, less the rake paid, if any
        stacks = record.finishing_stacks if record.rake else record.state.stacks
        for seat, stack in zip(record.seats, stacks, strict=True):
            found = seats.get(seat)
            if found is not None and found.stack != stack:
                found.stack = stack
                found.info = None
        self.rake_collected += record.rake
        self.last_record = record
        self.hand = None
        if self.config.tournament:
            for seat in record.seats:
                if not self._seats[seat].stack:
                    del self._seats[seat]  # eliminated (R-TABLE-3)
        if self.on_hand_complete is not None:
            self.on_hand_complete(record)

    def _check_seat_number(self, seat: int) -> None:
        if type(seat) is not int or not 1 <= seat <= self.config.seat_count:
            raise TableError(f"no seat {seat!r}: seats are 1..{self.config.seat_count}")

    def _occupied(self, seat: int) -> _Seat:
        self._check_seat_number(seat)
        found = self._seats.get(seat)
        if found is None:
            raise TableError(f"seat {seat} is empty")
        return found

    def _between_hands(self, seat: int, what: str) -> _Seat:
        found = self._occupied(seat)
        if self.config.tournament:
            raise TableError(f"a tournament has no {what} [R-TABLE-3]")
        if self.hand is not None:
            raise TableError(
                f"{what} between hands only: hand {self.hand.number} is running"
                " [R-TABLE-7]",
                rule="R-TABLE-7",
            )
        return found

    def _check_buy_in(self, chips: int, stack: int, what: str) -> None:
        low, high = self.config.min_buy_in, self.config.max_buy_in
        if type(chips) is not int or not low <= stack + chips <= high:
            raise TableError(
                f"cannot {what} with {chips!r} chips: the buy-in is {low}..{high} chips"
            )

    @staticmethod
    def _info(seat: int, found: _Seat) -> SeatInfo:
        # SeatInfo(seat, player, ...) built through its slots' own setters
        # (asked for every seat between hands, it is on a simulation's path)
        s_seat, s_player, s_stack, s_out, s_waiting, s_missed, s_small = _SET_INFO
        info = _new_object(SeatInfo)
        s_seat(info, seat)
        s_player(info, found.player)
        s_stack(info, found.stack)
        s_out(info, found.sitting_out)
        entry = found.entry
        s_waiting(info, entry is _NEW)
        s_missed(info, entry is _MISSED)
        s_small(info, entry is _MISSED_SMALL)
        return info


_new_object = object.__new__
# enum members bound once (reading one off its class is a slow lookup)
_IN, _NEW, _MISSED = Entry.IN, Entry.NEW, Entry.MISSED
_MISSED_SMALL = Entry.MISSED_SMALL
_SET_INFO = tuple(
    getattr(SeatInfo, name).__set__
    for name in (
        "seat",
        "player",
        "stack",
        "sitting_out",
        "waiting",
        "missed_big_blind",
        "missed_small_blind",
    )
)
