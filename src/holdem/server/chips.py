"""Where every chip is: wallets, table seats and the house's rake.

Chips enter the room only as grants to wallets (ledger rows ``grant``) and as
the house's stakes for bots' buy-ins and rebuys (ledger rows ``stake``, in the
transaction of the buy-in); every other move goes wallet <-> seat or seat ->
house inside one transaction, so wallets + tables + rake always equal the
chips granted plus the chips staked.
"""

from __future__ import annotations

from dataclasses import dataclass

import sqlalchemy as sa

from holdem.server.schema import accounts, ledger, seats

__all__ = ["ChipReport", "count_chips"]


@dataclass(frozen=True, slots=True)
class ChipReport:
    """Where every chip is.

    Attributes:
        granted: chips ever granted to wallets.
        staked: chips the house ever staked for bots' buy-ins and rebuys.
        wallets: chips in the wallets of people and bots.
        tables: chips on the tables' seats.
        rake: chips in the house's wallet.
        problems: each inconsistency found, in words; empty when all is well.
    """

    granted: int
    staked: int
    wallets: int
    tables: int
    rake: int
    problems: tuple[str, ...]

    @property
    def ok(self) -> bool:
        """Wallets plus table chips plus rake equal the chips granted and staked."""
        return not self.problems

    def line(self) -> str:
        """One line for the command line."""
        state = "ok" if self.ok else "MISMATCH"
        return (
            f"chips {state}: wallets {self.wallets} + tables {self.tables} + rake"
            f" {self.rake} = {self.wallets + self.tables + self.rake}; granted"
            f" {self.granted} + staked {self.staked}"
        )


def count_chips(engine: sa.Engine) -> ChipReport:
    """Count every chip: wallets + tables + rake against the chips put in play."""
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
    total = wallets + int(tables) + rake
    if total != int(granted) + int(staked):
        problems.append(
            f"wallets {wallets} + tables {tables} + rake {rake} = {total}, but"
            f" {granted} chips were granted and {staked} staked"
        )
    return ChipReport(
        int(granted), int(staked), wallets, int(tables), rake, tuple(problems)
    )
