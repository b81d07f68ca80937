"""Table ownership by lease: the room on many processes (one PostgreSQL).

``processes``: each live ``holdem serve`` process, its advertised address and
its last heartbeat. ``leases``: who deals each table (and runs each
tournament), until when, and the lease's generation, which every settlement
write checks (fencing). Every open table gets a free lease here: the first
process to start takes it.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add processes and leases; a free lease for every open table."""
    op.create_table(
        "processes",
        sa.Column("id", sa.String(80), primary_key=True),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("heartbeat_at", sa.DateTime(timezone=True), nullable=False),
    )
    leases = op.create_table(
        "leases",
        sa.Column("kind", sa.String(12), primary_key=True),
        sa.Column("ref_id", sa.Integer, primary_key=True),
        sa.Column("owner", sa.String(80), nullable=True),
        sa.Column("generation", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("summary", sa.JSON, nullable=True),
        sa.Index("ix_leases_owner", "owner"),
    )
    tables = sa.table(
        "room_tables",
        sa.column("id", sa.Integer),
        sa.column("closed", sa.Boolean),
        sa.column("tournament_id", sa.Integer),
    )
    tournaments = sa.table(
        "tournaments", sa.column("id", sa.Integer), sa.column("status", sa.String)
    )
    bind = op.get_bind()
    open_tables = bind.execute(
        sa.select(tables.c.id).where(
            tables.c.closed.is_(False), tables.c.tournament_id.is_(None)
        )
    ).scalars()
    rows = [{"kind": "table", "ref_id": i, "generation": 0} for i in open_tables]
    running = bind.execute(
        sa.select(tournaments.c.id).where(
            tournaments.c.status.in_(("registering", "running"))
        )
    ).scalars()
    rows += [{"kind": "tournament", "ref_id": i, "generation": 0} for i in running]
    if rows:
        op.bulk_insert(leases, rows)


def downgrade() -> None:
    """Drop leases and processes."""
    op.drop_table("leases")
    op.drop_table("processes")
