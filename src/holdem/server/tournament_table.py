"""A tournament's table in the room: tournament chips, levels, no wallet.

``TournamentTableRunner`` is the room's ``TableRunner`` with a tournament
table under it (``TableConfig(tournament=True)``): its seats and stacks come
from the tournament's state, never from a wallet; it deals only when the
tournament says the table may (``Tournament.may_deal``: hand for hand,
balancing and breaking hold tables), at the level the tournament gives
(R-TABLE-3); each finished hand is reported to the tournament and settled
with the tournament's new state, places and prizes in one transaction
(``LiveTournament.report``). People cannot sit, leave or add chips; a
player who times out too often is answered for (check, else fold) until
they act again: a tournament deals every player in.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from holdem.errors import HoldemError, TableError
from holdem.history import dumps, history_from_record
from holdem.server.config import ServerConfig, TableSpec
from holdem.server.runner import Occupant, TableRunner, _timeout_answer
from holdem.server.store import Account, Store
from holdem.table import Bot, Decision, HandRecord, Table, TableConfig
from holdem.tournament import HandOutcome

if TYPE_CHECKING:
    from holdem.server.tournaments import LiveTournament

__all__ = ["TournamentTableRunner"]


class TournamentTableRunner(TableRunner):
    """One table of a tournament.

    Args:
        table_id: the room table's id.
        spec: its name and seat count (the blinds are the level's).
        store: the database.
        config: the room's settings.
        make_bot: a new bot for a bot's entry.
        live: the tournament.
        number: the table's number in the tournament.
    """

    def __init__(
        self,
        table_id: int,
        spec: TableSpec,
        store: Store,
        config: ServerConfig,
        make_bot: Callable[[], Bot],
        live: LiveTournament,
        number: int,
    ) -> None:
        super().__init__(table_id, spec, store, config, make_bot)
        self.live = live
        self.number = number
        structure = live.structure
        self.rules = TableConfig(
            structure.game, seat_count=structure.seats_per_table, tournament=True
        )
        self.table = Table(self.rules, rng=config.rng())
        self.table.on_hand_complete = self._finished.append
        self.outcome: HandOutcome | None = None
        self._deals_left = 0
        self.hand_started: datetime.datetime | None = None

    # ---------------------------------------------------------------- loading

    def reloaded(self) -> TournamentTableRunner:
        """A new runner of this table; the tournament's state is read again."""
        self.live.reload_state(void=self.number)
        return TournamentTableRunner(
            self.table_id,
            self.spec,
            self.store,
            self.config,
            self.make_bot,
            self.live,
            self.number,
        )

    def load(self) -> None:
        """Seat the tournament's entries at this table, as its state has them.

        Hand numbers and the button go on from the table's stored hands.
        """
        number, button = self.store.last_position(self.table_id)
        self.table.restore(number, button)
        tournament = self.live.tournament
        for seat, entry in tournament.tables.get(self.number, {}).items():
            self.seat_entry(seat, entry, tournament.stack(entry))

    def seat_entry(self, seat: int, entry: str, stack: int) -> None:
        """Seat ``entry`` with ``stack`` tournament chips (a start or a move)."""
        account = self.live.accounts[entry]
        self.table.seat_moved(seat, entry, stack)
        bot = self.make_bot() if account.kind == "bot" else None
        self.occupants[seat] = Occupant(account, bot, self.config.time_bank_seconds)

    def unseat(self, seat: int) -> Account:
        """Take the player at ``seat`` away (moved elsewhere); their account."""
        self.table.leave(seat)
        return self.occupants.pop(seat).account

    # ---------------------------------------------------------------- queries

    def tournament_json(self) -> dict[str, Any]:
        """The tournament, its level and clock as this table shows them."""
        return self.live.table_json(self.number)

    def status(self) -> tuple[str, str]:
        """As ``TableRunner.status``; a table whose tournament ended is ``finished``."""
        if self.paused is not None or self.stale or self.table.hand is not None:
            return super().status()
        if self.live.tournament.is_over:
            return "finished", "the tournament is over"
        return "waiting", "waiting for the tournament"

    def busted(self, seat: int, balance: int) -> dict[str, Any] | None:
        """No rebuy in a tournament: a player out has their place."""
        return None

    # --------------------------------------------------------------- commands

    def sit(
        self, account: Account, seat: int, buy_in: int, bot: Bot | None = None
    ) -> None:
        """Refused: a tournament seats its entries (register in the lobby)."""
        raise TableError(
            "a tournament seats its own entries: register for it in the lobby"
            " [R-TOURN-1]",
            rule="R-TOURN-1",
        )

    def add_bot(self, account: Account, seat: int | None) -> None:
        """Refused: bots enter a tournament by registering."""
        self.sit(account, 0, 0)

    def leave(self, account_id: int) -> None:
        """Refused: a tournament player's chips stay in play to the end."""
        self._own_seat(account_id)
        raise TableError(
            "a tournament player cannot leave: sit out and every hand is folded"
            " for you (check when free) [R-TOURN-1]",
            rule="R-TOURN-1",
        )

    def add_chips(self, account_id: int, chips: int) -> None:
        """Refused: tournament chips come only from the starting stack."""
        self._own_seat(account_id)
        raise TableError(
            "a tournament takes no chips from the wallet [R-TABLE-7]",
            rule="R-TABLE-7",
        )

    def sit_out(self, account_id: int) -> None:
        """Be answered for: check when free, else fold, until coming back."""
        seat = self._own_seat(account_id)
        self.occupants[seat].absent = True
        self.step()

    def come_back(self, account_id: int) -> None:
        """Answer for oneself again."""
        seat = self._own_seat(account_id)
        occupant = self.occupants[seat]
        occupant.absent = occupant.restored = False
        occupant.timeouts = 0
        self.step()

    def step(self) -> None:
        """As ``TableRunner.step``, starting one new hand at most.

        A table of bots alone deals hand after hand with nobody to wait
        for: one hand per step (per tick) lets the room's loop breathe.
        """
        self._deals_left = 1
        super().step()

    # ---------------------------------------------------------------- private

    def _time_out(self, decision: Decision, occupant: Occupant) -> None:
        occupant.time_bank = 0.0
        occupant.timeouts += 1
        self._apply(_timeout_answer(decision))
        self.telemetry.action("timeout")
        if occupant.timeouts >= self.config.max_timeouts:
            occupant.absent = True  # dealt in still: answered for (R-TIME-1)

    def _can_deal(self) -> bool:
        return self._deals_left > 0 and self.live.may_deal(self.number)

    def _before_deal(self) -> None:
        self._deals_left -= 1
        order = self.live.tournament.start_hand(self.number, self.live.clock())
        if self.table.level != order.level:
            game = order.stakes.game(self.live.structure.game)
            self.table.set_stakes(game, level=order.level)
        self.hand_started = self.config.now()

    def _hand_summary(self, hand_id: int, record: HandRecord) -> dict[str, Any]:
        summary = super()._hand_summary(hand_id, record)
        live = self.live
        try:
            history = history_from_record(
                record, table=f"{live.id} {self.number}", time=self.hand_started
            )
            extra = (
                ("event", live.spec.name),
                ("_tournament_id", live.id),
                ("_buy_in", live.buy_in_text()),
            )
            history = dataclasses.replace(history, metadata=(*history.metadata, *extra))
            summary["phh"] = dumps(history)
        except HoldemError:  # what PHH cannot hold
            summary["phh"] = None
        summary["tournament"] = {
            "id": live.id,
            "name": live.spec.name,
            "table": self.number,
            "level": record.level,
            "buy_in": live.spec.buy_in,
            "fee": live.spec.fee,
        }
        return summary

    def _settling(
        self, hand_id: int, record: HandRecord
    ) -> Callable[[Any], None] | None:
        write, self.outcome = self.live.report(self, hand_id, record)
        return write

    def _after_hand(self) -> None:
        for seat in [s for s in self.occupants if self.table.seat(s) is None]:
            del self.occupants[seat]  # out: the table let them go
        outcome, self.outcome = self.outcome, None
        if outcome is not None:
            self.live.carry_out(self, outcome)
