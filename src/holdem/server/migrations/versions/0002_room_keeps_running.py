"""The room keeps running: button, hand numbers, name keys, table makers.

The button and hand numbers survive a restart, names are unique whatever
their case and Unicode form, tables know who made them (per-account limits).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def _name_key(name: str) -> str:
    """NFKC then casefold: the form two names must not share."""
    return unicodedata.normalize("NFKC", name).casefold()


def upgrade() -> None:
    """Add hands.button, room_tables.created_by and accounts.name_key."""
    with op.batch_alter_table("hands") as batch:
        batch.add_column(sa.Column("button", sa.Integer, nullable=True))
    with op.batch_alter_table("room_tables") as batch:
        batch.add_column(sa.Column("created_by", sa.Integer, nullable=True))
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("name_key", sa.String(80), nullable=True))
    connection = op.get_bind()
    accounts = sa.table(
        "accounts",
        sa.column("id", sa.Integer),
        sa.column("name", sa.String),
        sa.column("name_key", sa.String),
    )
    seen: set[str] = set()
    rows = connection.execute(
        sa.select(accounts.c.id, accounts.c.name).order_by(accounts.c.id)
    ).all()
    for row in rows:
        key = _name_key(row.name)
        if key in seen:  # an older duplicate keeps its name; the key stays unique
            key = f"{key}#{row.id}"
        seen.add(key)
        connection.execute(
            accounts.update().where(accounts.c.id == row.id).values(name_key=key)
        )
    with op.batch_alter_table("accounts") as batch:
        batch.alter_column("name_key", existing_type=sa.String(80), nullable=False)
        batch.create_unique_constraint("uq_accounts_name_key", ["name_key"])


def downgrade() -> None:
    """Drop the three columns."""
    with op.batch_alter_table("accounts") as batch:
        batch.drop_constraint("uq_accounts_name_key", type_="unique")
        batch.drop_column("name_key")
    with op.batch_alter_table("room_tables") as batch:
        batch.drop_column("created_by")
    with op.batch_alter_table("hands") as batch:
        batch.drop_column("button")
