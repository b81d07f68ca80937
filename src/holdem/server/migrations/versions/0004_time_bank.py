"""Each seat's time bank survives a restart (R-TIME-1).

``seats.time_bank``: seconds left in the seat's bank; NULL means the table's
starting bank (a seat taken before this migration, or never charged).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add seats.time_bank (nullable)."""
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("time_bank", sa.Float, nullable=True))


def downgrade() -> None:
    """Drop seats.time_bank."""
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("time_bank")
