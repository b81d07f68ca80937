"""Where every chip is: wallets, table seats and the house's rake.

Chips enter the room only as grants to wallets (ledger rows ``grant``) and as
the house's stakes for bots' buy-ins and rebuys (ledger rows ``stake``, in the
transaction of the buy-in); every other move goes wallet <-> seat or seat ->
house inside one transaction, so wallets + tables + rake always equal the
chips granted plus the chips staked.

A tournament's buy-ins are held by the house from the registration until its
prizes are paid (ledger ``tournament-entry`` out of a wallet, ``entry-refund``
and ``tournament-prize`` back into one); its fees are the house's (like the
rake). Tournament chips are never wallet chips and are not counted here.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

from holdem.server.schema import accounts, ledger, seats, tournament_entries

__all__ = ["HELD_REASONS", "ChipReport", "count_chips"]

HELD_REASONS = ("tournament-entry", "entry-refund", "tournament-prize")
"""Ledger reasons that move buy-ins into and out of the tournaments' pools."""


@dataclass(frozen=True, slots=True)
class ChipReport:
    """Where every chip is.

    Attributes:
        granted: chips ever granted to wallets.
        staked: chips the house ever staked for bots' buy-ins and rebuys.
        wallets: chips in the wallets of people and bots.
        tables: chips on the tables' seats.
        rake: chips in the house's wallet.
        held: tournaments' buy-ins the house holds until the prizes are paid.
        problems: each inconsistency found, in words; empty when all is well.
    """

    granted: int
    staked: int
    wallets: int
    tables: int
    rake: int
    problems: tuple[str, ...]
    held: int = 0

    @property
    def ok(self) -> bool:
        """Wallets + tables + held buy-ins + rake equal the chips granted and staked."""
        return not self.problems

    def line(self) -> str:
        """One line for the command line."""
        state = "ok" if self.ok else "MISMATCH"
        return (
            f"chips {state}: wallets {self.wallets} + tables {self.tables} +"
            f" tournaments {self.held} + rake {self.rake} ="
            f" {self.wallets + self.tables + self.held + self.rake}; granted"
            f" {self.granted} + staked {self.staked}"
        )


def count_chips(engine: sa.Engine) -> ChipReport:
    """Count every chip: wallets + tables + held buy-ins + rake vs chips in play.

    The buy-ins the tournaments hold, counted by their entries and by the
    ledger, must agree.
    """
    with engine.connect() as db:
        granted, staked = (
            db.execute(
                sa.select(sa.func.coalesce(sa.func.sum(ledger.c.delta), 0)).where(
                    ledger.c.reason == reason
                )
            ).scalar_one()
            for reason in ("grant", "stake")
        )
        rows = db.execute(
            sa.select(
                accounts.c.name,
                accounts.c.kind,
                accounts.c.balance,
                sa.select(sa.func.coalesce(sa.func.sum(ledger.c.delta), 0))
                .where(ledger.c.account_id == accounts.c.id)
                .scalar_subquery()
                .label("ledger_sum"),
            )
        ).all()
        tables = db.execute(
            sa.select(sa.func.coalesce(sa.func.sum(seats.c.stack), 0))
        ).scalar_one()
        ledger_held = -int(
            db.execute(
                sa.select(sa.func.coalesce(sa.func.sum(ledger.c.delta), 0)).where(
                    ledger.c.reason.in_(HELD_REASONS)
                )
            ).scalar_one()
        )
        entries = tournament_entries.c
        held = int(
            db.execute(
                sa.select(
                    sa.func.coalesce(
                        sa.func.sum(
                            sa.case(
                                (entries.status == "refunded", 0), else_=entries.buy_in
                            )
                            - sa.func.coalesce(entries.prize, 0)
                        ),
                        0,
                    )
                )
            ).scalar_one()
        )
    problems = [
        f"{r.name}: wallet {r.balance} but its ledger adds to {r.ledger_sum}"
        for r in rows
        if int(r.balance) != int(r.ledger_sum)
    ]
    problems += [
        f"{r.name}: negative wallet {r.balance}" for r in rows if r.balance < 0
    ]
    wallets = sum(int(r.balance) for r in rows if r.kind != "house")
    rake = sum(int(r.balance) for r in rows if r.kind == "house")
    if held != ledger_held or held < 0:
        problems.append(
            f"the tournaments hold {held} chips by their entries but {ledger_held}"
            " by the ledger"
        )
    total = wallets + int(tables) + held + rake
    if total != int(granted) + int(staked):
        problems.append(
            f"wallets {wallets} + tables {tables} + tournaments {held} + rake"
            f" {rake} = {total}, but {granted} chips were granted and {staked}"
            " staked"
        )
    return ChipReport(
        int(granted), int(staked), wallets, int(tables), rake, tuple(problems), held
    )
