"""Tournaments in the room: their state, entries, tables and ledger rows.

A tournament's whole state is a row (``tournaments.state``) written in the
transaction of each hand's settlement; its entries hold the buy-ins the house
keeps until the prizes are paid; its tables are room tables that name it; a
ledger row may name the tournament and the place it paid.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add tournaments, tournament_entries and the columns that name them."""
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("spec", sa.JSON, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("state", sa.JSON, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("created_by", sa.Integer, nullable=True),
        sa.Column("clock_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "tournament_entries",
        sa.Column(
            "tournament_id",
            sa.Integer,
            sa.ForeignKey("tournaments.id"),
            primary_key=True,
        ),
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True
        ),
        sa.Column("entry", sa.String(60), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("buy_in", sa.BigInteger, nullable=False),
        sa.Column("fee", sa.BigInteger, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("last_place", sa.Integer, nullable=True),
        sa.Column("prize", sa.BigInteger, nullable=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("room_tables") as batch:
        batch.add_column(sa.Column("tournament_id", sa.Integer, nullable=True))
        batch.add_column(sa.Column("tournament_table", sa.Integer, nullable=True))
    with op.batch_alter_table("ledger") as batch:
        batch.add_column(sa.Column("tournament_id", sa.Integer, nullable=True))
        batch.add_column(sa.Column("place", sa.Integer, nullable=True))


def downgrade() -> None:
    """Drop them again."""
    with op.batch_alter_table("ledger") as batch:
        batch.drop_column("place")
        batch.drop_column("tournament_id")
    with op.batch_alter_table("room_tables") as batch:
        batch.drop_column("tournament_table")
        batch.drop_column("tournament_id")
    op.drop_table("tournament_entries")
    op.drop_table("tournaments")
