"""The room's first schema: accounts, sessions, ledger, tables, seats, hands.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create every table of the room."""
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(40), nullable=False, unique=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("balance", sa.BigInteger, nullable=False),
        sa.Column("created_at", _TZ, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False
        ),
        sa.Column("created_at", _TZ, nullable=False),
        sa.Column("expires_at", _TZ, nullable=False),
    )
    op.create_table(
        "ledger",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False
        ),
        sa.Column("delta", sa.BigInteger, nullable=False),
        sa.Column("balance", sa.BigInteger, nullable=False),
        sa.Column("reason", sa.String(20), nullable=False),
        sa.Column("table_id", sa.Integer, nullable=True),
        sa.Column("hand_id", sa.Integer, nullable=True),
        sa.Column("at", _TZ, nullable=False),
    )
    op.create_index("ix_ledger_account", "ledger", ["account_id", "id"])
    op.create_table(
        "room_tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("spec", sa.JSON, nullable=False),
        sa.Column("created_at", _TZ, nullable=False),
        sa.Column("closed", sa.Boolean, nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column(
            "table_id", sa.Integer, sa.ForeignKey("room_tables.id"), primary_key=True
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False
        ),
        sa.Column("stack", sa.BigInteger, nullable=False),
        sa.UniqueConstraint("table_id", "account_id", name="uq_seats_table_account"),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column(
            "table_id", sa.Integer, sa.ForeignKey("room_tables.id"), nullable=False
        ),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("started_at", _TZ, nullable=False),
        sa.Column("ended_at", _TZ, nullable=True),
        sa.Column("starting", sa.JSON, nullable=False),
        sa.Column("pot", sa.BigInteger, nullable=False),
        sa.Column("rake", sa.BigInteger, nullable=False),
        sa.Column("summary", sa.JSON, nullable=True),
    )
    op.create_index("ix_hands_table", "hands", ["table_id", "id"])
    op.create_table(
        "hand_events",
        sa.Column("hand_id", sa.Integer, sa.ForeignKey("hands.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("event", sa.JSON, nullable=False),
    )
    op.create_table(
        "hand_players",
        sa.Column("hand_id", sa.Integer, sa.ForeignKey("hands.id"), primary_key=True),
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey("accounts.id"), primary_key=True
        ),
        sa.Column("seat", sa.Integer, nullable=False),
    )
    op.create_index(
        "ix_hand_players_account", "hand_players", ["account_id", "hand_id"]
    )


def downgrade() -> None:
    """Drop every table of the room."""
    for name in (
        "hand_players",
        "hand_events",
        "hands",
        "seats",
        "room_tables",
        "ledger",
        "sessions",
        "accounts",
    ):
        op.drop_table(name)
